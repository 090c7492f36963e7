"""The CTL*K paper's worked examples (section 2.2), encoded in `ispl_examples/`.

Each file's header comment argues every verdict by hand; the symbolic engine
(default and tableau-only) and the explicit-state oracle must all give them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ctlstark.api import check
from ctlstark.mc.label import Checker
from ctlstark.explicit import ExplicitChecker, ExplicitSystem
from ctlstark.ispl import parse_formula, parse_model
from ctlstark.model import Model
from ctlstark.symbolic.system import build_system

EXAMPLES = Path(__file__).resolve().parents[1] / "ispl_examples"

EXPECTED = {
    "ctlstark_paper_example.ispl": (6, [False, True, True, True]),
    "train_gate_controller.ispl": (28, [True, True, True, False, True, False]),
}


def load(name: str) -> Model:
    return parse_model((EXAMPLES / name).read_text(), name)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_verdicts_worked_out_by_hand(name: str) -> None:
    states, verdicts = EXPECTED[name]
    report = check(EXAMPLES / name)
    assert report.reachable_states == states
    assert report.deadlock_states in (None, 0)
    assert [result.verdict for result in report.formulas] == verdicts


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_tableau_only_gives_the_same_verdicts(name: str) -> None:
    """Both models are deadlock-free, so the CTL fast paths and the tableau must agree."""
    model = load(name)
    system = build_system(model)
    assert system.deadlock_states() == system.bdd.false
    checker = Checker(system, fast_paths=False)
    assert [checker.holds(entry.formula) for entry in model.formulae] == EXPECTED[name][1]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_explicit_oracle_agrees(name: str) -> None:
    model = load(name)
    oracle = ExplicitChecker(ExplicitSystem(model))
    assert [oracle.holds(entry.formula) for entry in model.formulae] == EXPECTED[name][1]


def test_paper_example_distinguishes_ctlstark_from_ctlk() -> None:
    """E(G F K(1, ¬p)) holds nowhere; EG(EF K(1, ¬p)) exactly at x = 1 (states are (y, x))."""
    model = load("ctlstark_paper_example.ispl")
    checker = Checker(build_system(model))

    def states(text: str) -> set:
        return checker.system.states_of(checker.states(parse_formula(text, model).formula))

    assert states("K(One, !p)") == {(1, 2), (2, 2)}
    assert states("E (G F K(One, !p))") == set()
    assert states("EG (EF K(One, !p))") == {(1, 1), (2, 1)}
    assert states("EF K(One, !p)") == {(1, 1), (2, 1), (1, 2), (2, 2)}


def test_train_gate_routes_use_one_fair_eg_for_the_fault_property() -> None:
    """`A F G φ` is `¬E G F ¬φ`: one fair EG with ¬φ as its fairness set, no tableau."""
    report = check(EXAMPLES / "train_gate_controller.ispl")
    fault = report.formulas[1]
    assert [route["route"] for route in fault.routes] == ["fast:EX", "fair-EG[inf](1 fairness sets)"]
    assert [route["route"] for route in report.formulas[0].routes] == ["reachable:AG"]
