"""The ISPL front end: text → typed `Model` (and formula text → `FormulaEntry`).

`parse_model` reads a whole ISPL file (MCMAS 1.3.0 dialect plus ctlstark's
formula syntax); `parse_formula` reads one extra formula against a model.
Both raise `IsplError` carrying every diagnostic found.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator


from ..errors import Diagnostic, IsplError, ResourceExhausted, deep_recursion, read_source
from ..model import FormulaEntry, FormulaMode, Model
from ..runtime import patterns
from ..runtime.stack import deep_stack
from .parser import parse_formula_syntax, parse_model_syntax
from .resolve import resolve_formula, resolve_model

__all__ = ["load_model", "parse_model", "parse_formula"]

BYTE_ORDER_MARK = "\ufeff"
MAX_FORMULA_CHARACTERS = 2_000_000
"""The longest `Formulae` section (or `--formula`) read: parsing costs about 9 KB of memory
and 0.2 ms per character-dense subformula, so 2 MB of formulas take about 0.5 GB and 10 s.
A generated formula that repeats a subformula a million times (34 MB) took 24 GB."""
_FORMULAE_HEADER = patterns.compile(r"^[ \t]*Formulae\b", patterns.MULTILINE)


def load_model(path: str | os.PathLike[str]) -> Model:
    """Read and resolve an ISPL file; raises `IsplError` listing every problem found (an unreadable file too)."""
    return parse_model(read_source(path), filename=str(path))


@deep_stack
def parse_model(text: str, filename: str = "<string>") -> Model:
    """The typed model of an ISPL file; raises IsplError with every problem found.

    Raises `ResourceExhausted` when an expression or formula is nested too deeply to process.
    A leading byte order mark (some editors write one) is no part of the model.
    """
    text = text.removeprefix(BYTE_ORDER_MARK)
    _refuse_huge_formulas(text, filename)
    with _deep_trees(filename):
        syntax, diagnostics = parse_model_syntax(text, filename)
        model = resolve_model(syntax, text, filename, diagnostics)
    _raise_on_errors(diagnostics)
    assert model is not None  # no errors means resolve_model built it
    return model


@deep_stack
def parse_formula(text: str, model: Model, *, mode: FormulaMode = "default",
                  source: str = "--formula") -> FormulaEntry:
    """One formula read against `model`'s names; its comparison atoms are defined in `model.propositions`.

    `mode` selects the dialect ("default", "ltl" for MCMAS's `LTL φ`, "ctlstar"
    for `CTL* φ`); a text starting with `LTL` or `CTL*` selects it too.
    """
    _refuse_huge_formulas(text, source, whole=True)
    with _deep_trees(source):
        syntax, diagnostics = parse_formula_syntax(text, source, mode)
        entry = resolve_formula(syntax, model, text, source, diagnostics)
    _raise_on_errors(diagnostics)
    return entry


def _refuse_huge_formulas(text: str, source: str, *, whole: bool = False) -> None:
    """`ResourceExhausted` when the formulas (the text from the last `Formulae` header on) exceed the limit."""
    if len(text) <= MAX_FORMULA_CHARACTERS:
        return
    start = 0
    if not whole:
        headers = list(_FORMULAE_HEADER.finditer(text))
        if not headers:
            return
        start = headers[-1].start()
    size = len(text) - start
    if size > MAX_FORMULA_CHARACTERS:
        line = text.count("\n", 0, start) + 1
        where = source if whole else f"{source}:{line}:1"
        raise ResourceExhausted(f"{where}: the formulas are {size:,} characters long; ctlstark reads at most "
                                f"{MAX_FORMULA_CHARACTERS:,} (write a repeated subformula once, or split the file)")


@contextlib.contextmanager
def _deep_trees(source: str) -> Iterator[None]:
    """Recursion headroom for long chains (`a and b and …` nests as deep as it is long); too deep ends cleanly."""
    with deep_recursion(f"{source}: an expression or formula"):
        yield


def _raise_on_errors(diagnostics: list[Diagnostic]) -> None:
    errors = [d for d in diagnostics if d.severity == "error"]
    if errors:
        raise IsplError(errors)
