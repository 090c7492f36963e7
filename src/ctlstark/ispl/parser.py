"""ISPL text → syntax tree (`syntax.py`): the fast parsers first, lark when they are not sure.

`fastparse.py` reads the model part of a file and `fasttail.py` its Groups, Fairness and
Formulae (and a formula given on its own); both give exactly what lark's path
(`larkparse.py`) gives, or decline. On a decline — a syntax error, or a construct the
fast parsers leave to lark — `larkparse.py` parses the text and reports the error. lark
(about 50 ms to import, load the grammar and build its lexers) is imported only then.
"""

from __future__ import annotations

from ..errors import Diagnostic
from ..logic.formula import Formula
from ..model import FormulaMode
from . import syntax as sx
from .fastparse import parse_model_fast
from .fasttail import parse_formula_fast, parse_tail_fast

__all__ = ["parse_model_syntax", "parse_tail_syntax", "parse_formula_syntax", "conventional_reading"]

Tail = tuple[tuple[sx.GroupDecl, ...], tuple[sx.FormulaSyntax, ...], tuple[sx.FormulaSyntax, ...],
             tuple[sx.FormulaSyntax, ...], list[Diagnostic]]
"""Groups, Fairness, Compassion, Formulae and the diagnostics found while building them."""


def parse_model_syntax(text: str, filename: str) -> tuple[sx.ModelSyntax, list[Diagnostic]]:
    """The syntax tree of an ISPL file and the (non-syntax) diagnostics found while building it.

    Raises IsplError on a syntax error.
    """
    fast = parse_model_fast(text, filename)
    if fast is not None:
        return fast
    from .larkparse import parse_model_text

    return parse_model_text(text, filename)


def parse_tail_syntax(text: str, filename: str, offset: int) -> Tail | None:
    """Groups, Fairness, Compassion and Formulae of a file whose tail starts at `offset`; IsplError on a syntax
    error there (as the whole file's parse reports it)."""
    fast = parse_tail_fast(text, filename, offset)
    if fast is not None:
        return fast
    from .larkparse import parse_tail_text

    return parse_tail_text(text, filename, offset)


def parse_formula_syntax(text: str, source: str, mode: FormulaMode) -> tuple[sx.FormulaSyntax, list[Diagnostic]]:
    """One formula given on its own; a leading `LTL` / `CTL*` selects that mode."""
    prefix = {"ltl": "LTL ", "ctlstar": "CTL* "}.get(mode, "")
    stripped = text.lstrip()
    if prefix and not stripped.startswith(prefix.strip()):
        offset = len(text) - len(stripped)
        text = text[:offset] + prefix + stripped
    fast = parse_formula_fast(text, source)
    if fast is not None:
        return fast
    from .larkparse import parse_formula_text

    return parse_formula_text(text, source)


def conventional_reading(body: str) -> Formula | None:
    """The body of a dialect entry read in ctlstark's own syntax, or None when it does not parse."""
    fast = parse_formula_fast(body, "<reading>")
    if fast is not None:
        entry = fast[0]
        return entry.formula if entry.mode == "default" else None
    from .larkparse import formula_reading

    return formula_reading(body)
