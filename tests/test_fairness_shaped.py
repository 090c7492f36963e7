"""`E ψ` for ψ a conjunction of `G a`, `G F p`, `F G q` and at most two `F b`, by one fair `EG` in which each p is
one more fairness set (`Checker._fairness_shaped`), instead of the tableau: against the explicit-state oracle
and the tableau, on generated models (with deadlocks, Fairness and Compassion) and on a hand-made one."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples
from ctlstark.explicit import ExplicitChecker, ExplicitSystem
from ctlstark.ispl import parse_formula
from ctlstark.logic import formula as f
from ctlstark.mc.label import Checker
from ctlstark.model import Model
from ctlstark.symbolic.system import build_system
from ispl_writer import write_model
from strategies import atoms, models
from test_differential import assert_same_verdicts
from test_tableau import ALL, P, Q, Z, loop_model, states

_SHAPES = ("G", "GF", "FG", "F", "not F", "not FG", "state")


@st.composite
def _state_formulas(draw: st.DrawFn, model: Model) -> f.Formula:
    """An atom, its negation, or two atoms joined."""
    atom = draw(atoms(model))
    match draw(st.integers(0, 3)):
        case 0:
            return f.Not(atom)
        case 1:
            return f.Or(atom, draw(atoms(model)))
        case 2:
            return f.And(f.Not(atom), draw(atoms(model)))
    return atom


@st.composite
def _conjuncts(draw: st.DrawFn, model: Model) -> f.Formula:
    """One conjunct of the shapes the route reads, written as a user would (`!F b` is `G !b`, …)."""
    state = draw(_state_formulas(model))
    return {"G": lambda: f.G(state), "GF": lambda: f.G(f.F(state)), "FG": lambda: f.F(f.G(state)),
            "F": lambda: f.F(state), "not F": lambda: f.Not(f.F(state)), "not FG": lambda: f.Not(f.F(f.G(state))),
            "state": lambda: state}[draw(st.sampled_from(_SHAPES))]()


@st.composite
def _fairness_shaped_formulas(draw: st.DrawFn, model: Model) -> f.Formula:
    """`E` or `A` of a conjunction, a disjunction or an implication of such conjuncts (the `A` of one is the `E`
    of a conjunction of the negations): some read by the route, some (three `F`s, `G F` under `E` of a
    disjunction) left to the tableau."""
    parts = draw(st.lists(_conjuncts(model), min_size=1, max_size=4))
    path = parts[0]
    for part in parts[1:]:
        path = draw(st.sampled_from((f.And, f.Or, f.Implies)))(path, part)
    return draw(st.sampled_from((f.E, f.A)))(path)


@st.composite
def _models_and_formulas(draw: st.DrawFn) -> tuple[Model, f.Formula]:
    model = draw(models(compassion=True))
    return model, draw(_fairness_shaped_formulas(model))


@settings(max_examples=examples(300), deadline=None)
@given(_models_and_formulas())
def test_the_fair_eg_route_agrees_with_the_oracle_and_the_tableau(case: tuple[Model, f.Formula]) -> None:
    model, formula = case
    assert_same_verdicts(model, formula)
    system = build_system(model)
    oracle = ExplicitChecker(ExplicitSystem(model))
    assert system.states_of(Checker(system, fast_paths=False).states(formula)) == oracle.sat(formula), (
        f"{f.to_text(formula)}\n{write_model(model)}")


@pytest.mark.slow
@settings(max_examples=3000, deadline=None)
@given(_models_and_formulas())
def test_the_fair_eg_route_agrees_with_the_oracle_long(case: tuple[Model, f.Formula]) -> None:
    assert_same_verdicts(*case)


# The loop of test_tableau: 0 waits, goes to 1 or dies (3, a deadlock); 1 and 2 alternate for ever. z, p, q, d
# hold at 0, 1, 2, 3.
@pytest.mark.parametrize(("text", "fairness", "expected", "route"), [
    ("E (G F p and G !d)", None, Z | P | Q, "fair-EG[inf](1 fairness sets)"),
    ("E (G F z and G F p)", None, set(), "fair-EG[inf](2 fairness sets)"),   # once gone, never back to 0
    ("A (G F q -> F p)", None, ALL, "fair-EG[inf](1 fairness sets)"),          # ¬: G F q ∧ G ¬p, never
    ("E (F G z)", "p", set(), "EF(fast:EG[inf])"),                              # fairness p: 0^ω is unfair
    ("E (F G (p or q) and G F p)", None, Z | P | Q, "EU(fair-EG[inf](1 fairness sets))"),
    ("E (G !d and F p)", None, Z | P | Q, "EU(fair-EG[inf](0 fairness sets))"),
    ("E (G z and F p)", None, set(), "EU(fair-EG[inf](0 fairness sets))"),
    ("E (G (z or p or q) and F z and G F q)", None, Z, "EU(fair-EG[inf](1 fairness sets))"),
    ("E (G F p and F p and F q)", None, Z | P | Q, "F-orders(2, fair-EG[inf](1 fairness sets))"),
    ("E (G !d and F q and F z)", None, Z, "F-orders(2, fair-EG[inf](0 fairness sets))"),  # z first, only from 0
    ("E (F z and F p and F q)", None, Z, "tableau("),  # three F: the tableau
])
def test_the_route_on_a_loop_with_a_deadlock(text: str, fairness: str | None, expected: set, route: str) -> None:
    system = build_system(loop_model(fairness))
    checker = Checker(system)
    assert states(checker, text) == expected
    formula = parse_formula(text, system.model).formula
    assert any(taken.startswith(route) for _, taken in checker.routes_of(formula))
    assert states(Checker(system, fast_paths=False), text) == expected
