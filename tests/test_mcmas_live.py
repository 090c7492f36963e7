"""Random models with deadlocks checked by MCMAS 1.3.0 itself, side by side with ctlstark.

Where the MCMAS binary built for this machine image is present (`shared/mcmas/mcmas`
beside the repository), random models with a reachable deadlock get random entries in
MCMAS's own dialects — plain CTLK, `LTL …` and `CTL* …`, written fully parenthesised
(`dialect_text`) — and every verdict MCMAS prints must equal ctlstark's. This checks
the reading of MCMAS's entries (infinite paths in `LTL`/`CTL*`, fixpoints in plain
CTL) against MCMAS, not against our own account of it. Skipped without the binary.
"""

from __future__ import annotations

import dataclasses
import re
import subprocess
from pathlib import Path

import pytest
from hypothesis import assume, given, settings, strategies as st
from conftest import examples

from ctlstark import check, load_model_text
from ctlstark.ispl.formulas import dialect_text, infinite_reading
from ctlstark.logic import formula as f
from ctlstark.model import FormulaEntry, Model

from ispl_writer import write_model
from strategies import models
from test_deadlock_dialect import has_reachable_deadlock

MCMAS = Path(__file__).resolve().parents[2] / "shared" / "mcmas" / "mcmas"  # beside the checkout, never shipped
VERDICT = re.compile(r"Formula number (\d+): .*, is (TRUE|FALSE) in the model")
PROBE = Path(__file__).resolve().parents[1] / "ispl_examples" / "bit_transmission.ispl"


def _mcmas_runs() -> bool:
    """Whether the binary is there and answers a shipped example (it may not run on another machine image)."""
    if not MCMAS.exists():
        return False
    try:
        run = subprocess.run([str(MCMAS), str(PROBE)], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return VERDICT.search(run.stdout) is not None


if not _mcmas_runs():
    pytest.skip("the MCMAS binary (shared/mcmas/mcmas) is not available or does not run here", allow_module_level=True)


def _props(model: Model) -> st.SearchStrategy[f.Formula]:
    return st.sampled_from(sorted(model.propositions)).map(f.Prop)


@st.composite
def mcmas_state(draw, model: Model, depth: int) -> f.Formula:
    """A state formula in the common part of MCMAS's CTL* syntax: no constants, `<->`, `R`, `W`, `O`."""
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        return draw(_props(model))
    kind = draw(st.sampled_from(("path", "path", "not", "binary", "K", "group")))
    sub = mcmas_state(model, depth - 1)
    if kind == "not":
        return f.Not(draw(sub))
    if kind == "binary":
        return draw(st.sampled_from((f.And, f.Or, f.Implies)))(draw(sub), draw(sub))
    if kind == "K":
        return f.K(draw(st.sampled_from(model.agent_names)), draw(sub))
    if kind == "group":
        node = draw(st.sampled_from((f.GK, f.DK, f.GCK)))
        return node(draw(st.sampled_from(sorted(model.groups))), draw(sub))
    return draw(st.sampled_from((f.E, f.A)))(draw(mcmas_path(model, depth - 1, nested=True)))


@st.composite
def mcmas_path(draw, model: Model, depth: int, nested: bool) -> f.Formula:
    """A path formula over `X F G U`, `!`, `and`, `or`, `->`; with `nested`, state leaves may be quantified."""
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        return draw(mcmas_state(model, depth)) if nested else draw(_props(model))
    kind = draw(st.sampled_from(("X", "F", "G", "U", "not", "binary")))
    sub = mcmas_path(model, depth - 1, nested)
    if kind in ("X", "F", "G"):
        return {"X": f.X, "F": f.F, "G": f.G}[kind](draw(sub))
    if kind == "U":
        return f.U(draw(sub), draw(sub))
    if kind == "not":
        return f.Not(draw(sub))
    return draw(st.sampled_from((f.And, f.Or, f.Implies)))(draw(sub), draw(sub))


_CTL = {"EX": (f.E, f.X), "AX": (f.A, f.X), "EF": (f.E, f.F), "AF": (f.A, f.F), "EG": (f.E, f.G), "AG": (f.A, f.G)}


@st.composite
def mcmas_ctl(draw, model: Model, depth: int) -> tuple[str, f.Formula]:
    """A plain CTLK entry as MCMAS writes it (`AG φ`, `E(φ U ψ)`, `K(i, φ)` …): its text and its tree."""
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        prop = draw(_props(model))
        return prop.name, prop
    kind = draw(st.sampled_from(("ctl", "ctl", "until", "not", "binary", "K")))
    sub = mcmas_ctl(model, depth - 1)
    if kind == "ctl":
        name = draw(st.sampled_from(sorted(_CTL)))
        text, operand = draw(sub)
        quantifier, operator = _CTL[name]
        return f"{name} ({text})", quantifier(operator(operand))
    if kind == "until":
        (left_text, left), (right_text, right) = draw(sub), draw(sub)
        quantifier = draw(st.sampled_from((f.E, f.A)))
        return f"{quantifier.__name__}(({left_text}) U ({right_text}))", quantifier(f.U(left, right))
    if kind == "not":
        text, operand = draw(sub)
        return f"!({text})", f.Not(operand)
    if kind == "K":
        agent = draw(st.sampled_from(model.agent_names))
        text, operand = draw(sub)
        return f"K({agent}, {text})", f.K(agent, operand)
    (left_text, left), (right_text, right) = draw(sub), draw(sub)
    node, word = draw(st.sampled_from(((f.And, "and"), (f.Or, "or"), (f.Implies, "->"))))
    return f"({left_text}) {word} ({right_text})", node(left, right)


@st.composite
def mcmas_entries(draw, model: Model) -> FormulaEntry:
    kind = draw(st.sampled_from(("ctl", "ltl", "ctlstar", "ctlstar")))
    if kind == "ctl":
        text, formula = draw(mcmas_ctl(model, 3))
        return FormulaEntry(text, formula)
    if kind == "ltl":
        formula = infinite_reading(f.A(draw(mcmas_path(model, 3, nested=False))))
        return FormulaEntry(dialect_text(formula, "ltl"), formula, "ltl")
    formula = infinite_reading(draw(mcmas_state(model, 3)))
    return FormulaEntry(dialect_text(formula, "ctlstar"), formula, "ctlstar")


@st.composite
def mcmas_fairness(draw, model: Model) -> f.Formula:
    """A fairness condition MCMAS reads: a proposition, its negation, or `EF`/`AG` of one."""
    prop = draw(_props(model))
    return draw(st.sampled_from((prop, f.Not(prop), f.E(f.F(prop)), f.A(f.G(prop)))))


@st.composite
def deadlock_models_with_mcmas_entries(draw) -> Model:
    model = draw(models(6).filter(has_reachable_deadlock))
    entries = draw(st.lists(mcmas_entries(model), min_size=1, max_size=6))
    fairness = draw(st.lists(mcmas_fairness(model), max_size=2))
    return dataclasses.replace(model, formulae=tuple(entries), fairness=tuple(fairness))


def mcmas_verdicts(text: str, folder: Path) -> list[bool] | None:
    """MCMAS's verdicts, or None when it refuses the file or crashes before printing them.

    Refusals are MCMAS's narrower acceptance (comparing variables of different
    enumerations, …; docs/differences.md, "Acceptance"); the crashes are its own defects.
    """
    path = folder / "model.ispl"
    path.write_text(text)
    run = subprocess.run([str(MCMAS), str(path)], capture_output=True, text=True, timeout=60)
    if "has error" in run.stdout or "syntax error" in run.stdout + run.stderr or "number of reachable" not in run.stdout:
        return None
    return [found.group(2) == "TRUE" for found in VERDICT.finditer(run.stdout)]


def _agree_with_mcmas(folder: Path, model: Model) -> None:
    text = write_model(model)
    assume("/" not in text)  # MCMAS 1.3.0 divides negative numbers wrongly (docs/differences.md)
    theirs = mcmas_verdicts(text, folder)
    assume(theirs is not None)
    assert len(theirs) == len(model.formulae), f"MCMAS did not check every formula:\n{text}"
    ours = [result.verdict for result in check(load_model_text(text)).formulas]
    assert ours == theirs, f"ctlstark {ours}\nMCMAS    {theirs}\n{text}"


@settings(max_examples=examples(40))
@given(deadlock_models_with_mcmas_entries())
def test_random_deadlock_models_get_mcmas_verdicts(tmp_path_factory, model: Model) -> None:
    _agree_with_mcmas(tmp_path_factory.mktemp("mcmas"), model)
