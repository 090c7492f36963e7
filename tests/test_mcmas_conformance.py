"""Conformance with MCMAS 1.3.0 on the reference models of `ispl-reference/`.

For every reference model MCMAS checked completely (status `ok`, or `ok
(segfault at exit)`: all results printed, then a crash while freeing memory), we
require MCMAS's verdict on every formula (formula n is the n-th `Formulae` entry
of the file) and MCMAS's reachable-state count where it is comparable: no integer
range whose size is not a power of two (GRAMMAR.md §7.7: MCMAS counts some
values twice there), and only 6 significant digits for counts MCMAS printed in
e-notation.

A formula this version cannot check (`UnsupportedFormula`) is skipped for that
formula only and reported as a warning; a model is skipped only when none of its
formulas could be checked.

Where MCMAS departs from its own semantics (DESIGN.md §5), ctlstark follows the
definition: `MCMAS_DEPARTURES` lists each case with our verdict, every one is
confirmed by the explicit-state oracle, and docs/differences.md explains them.

The reference models are GPL data: they are read from the shared folder next to
the repository, never copied into it; the module is skipped when it is absent.
"""

from __future__ import annotations

import json
import warnings
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from reference_corpus import REFERENCE, is_slow_game

from ctlstark.mc.label import Checker
from ctlstark.errors import IsplError, UnsupportedFormula
from ctlstark.explicit import ExplicitChecker, ExplicitSystem
from ctlstark.ispl import parse_model
from ctlstark.model import Model
from ctlstark.symbolic.system import build_system

if not (REFERENCE / "results" / "summary.json").is_file():
    pytest.skip("the MCMAS reference models (shared/ispl-reference) are not available", allow_module_level=True)

COMPLETE = {"ok", "ok (segfault at exit)"}
REJECTED = {"parse error", "semantic error"}
MCMAS_SLOW_SECONDS = 10.0

# Models MCMAS checks in under 10 s but ctlstark, for now, takes long enough on to
# keep them out of the default run (ctlstark's seconds on a busy 2-core machine).
SLOW_HERE: set[tuple[str, str]] = set()  # (chomp took 190 s until the ATL pre-image fused its quantification: now 17 s)

# (source, model, formula number) -> ctlstark's verdict, where MCMAS 1.3.0 departs
# from its own semantics. Each entry is explained in docs/differences.md.
MCMAS_DEPARTURES: dict[tuple[str, str, int], bool] = {}


class FormulaSkipped(UserWarning):
    """A reference formula this version cannot check yet."""


Entry = dict[str, Any]


def _summary() -> list[Entry]:
    return json.loads((REFERENCE / "results" / "summary.json").read_text(encoding="utf-8"))


def model_path(entry: Entry) -> Path:
    return REFERENCE / entry["source"] / f"{entry['model']}.ispl"


def model_id(entry: Entry) -> str:
    return f"{entry['source']}/{entry['model']}"


def _is_slow(entry: Entry) -> bool:
    return ((entry.get("wall") or 0.0) > MCMAS_SLOW_SECONDS or (entry["source"], entry["model"]) in SLOW_HERE
            or is_slow_game(entry["source"], entry["model"]))


def _params(statuses: set[str], *, always_slow: bool = False) -> list[Any]:
    params = []
    for entry in _summary():
        if entry["status"] in statuses and model_path(entry).is_file():
            marks = [pytest.mark.slow] if always_slow or _is_slow(entry) else []
            params.append(pytest.param(entry, id=model_id(entry), marks=marks))
    return params


@cache
def load(path: Path) -> Model:
    return parse_model(path.read_text(encoding="utf-8", errors="replace"), filename=str(path))


def comparable_count(entry: Entry) -> str | None:
    """MCMAS's reachable-state count when it counts distinct valuations, else None."""
    if entry["non_pow2_int_ranges"] or entry["reachable"] is None:
        return None
    return str(entry["reachable"])


def same_count(ours: int, printed: str) -> bool:
    """Equality, to MCMAS's 6 significant digits when it printed e-notation."""
    if "e" in printed.lower():
        return float(f"{ours:.6g}") == float(printed)
    return ours == int(printed)


def expected_verdict(entry: Entry, number: int, mcmas_result: str) -> bool:
    return MCMAS_DEPARTURES.get((entry["source"], entry["model"], number), mcmas_result == "TRUE")


@pytest.mark.parametrize("entry", _params(COMPLETE))
def test_agrees_with_mcmas(entry: Entry) -> None:
    model = load(model_path(entry))
    assert len(model.formulae) == len(entry["formulas"]), "formula count differs from MCMAS's output"
    system = build_system(model)

    printed = comparable_count(entry)
    if printed is not None:
        ours = system.count_states(system.reachable)
        assert same_count(ours, printed), f"reachable states: ctlstark {ours}, MCMAS {printed}"

    checker = Checker(system)
    disagreements, skipped = [], []
    for mcmas, formula_entry in zip(entry["formulas"], model.formulae):
        number = mcmas["n"]
        try:
            verdict = checker.holds(formula_entry.formula)
        except UnsupportedFormula as reason:
            skipped.append(f"formula {number} ({formula_entry.text}): {reason}")
            continue
        expected = expected_verdict(entry, number, mcmas["result"])
        if verdict != expected:
            disagreements.append(
                f"formula {number} {formula_entry.text!r}: ctlstark {verdict}, expected {expected} "
                f"(MCMAS {mcmas['result']})"
            )
    assert not disagreements, "\n".join(disagreements)
    for message in skipped:
        warnings.warn(f"{model_id(entry)}: {message}", FormulaSkipped, stacklevel=1)
    if skipped and len(skipped) == len(model.formulae):
        pytest.skip(f"no formula could be checked: {skipped[0]}")


@pytest.mark.parametrize("entry", _params(REJECTED))
def test_rejects_what_mcmas_rejects(entry: Entry) -> None:
    with pytest.raises(IsplError):
        load(model_path(entry))


@pytest.mark.parametrize("entry", _params({"TIMEOUT"}, always_slow=True))
def test_models_mcmas_could_not_finish_run(entry: Entry) -> None:
    """No reference verdicts exist; every formula must get a verdict or be reported unsupported."""
    model = load(model_path(entry))
    checker = Checker(build_system(model))
    for formula_entry in model.formulae:
        try:
            assert checker.holds(formula_entry.formula) in (True, False)
        except UnsupportedFormula:
            continue


def _departure_params() -> list[Any]:
    entries = {(entry["source"], entry["model"]): entry for entry in _summary()}
    return [
        pytest.param(entries[(source, name)], number, verdict, id=f"{source}/{name}#{number}")
        for (source, name, number), verdict in sorted(MCMAS_DEPARTURES.items())
    ]


@pytest.mark.parametrize(("entry", "number", "verdict"), _departure_params())
def test_departures_follow_the_definition(entry: Entry, number: int, verdict: bool) -> None:
    """Our verdict differs from MCMAS's and the explicit-state oracle confirms ours."""
    mcmas = next(formula for formula in entry["formulas"] if formula["n"] == number)
    assert (mcmas["result"] == "TRUE") != verdict
    model = load(model_path(entry))
    oracle = ExplicitChecker(ExplicitSystem(model))
    assert oracle.holds(model.formulae[number - 1].formula) is verdict

