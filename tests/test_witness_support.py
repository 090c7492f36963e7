"""Nested explanations: each step a witness rests on links to the sub-trace of the subformula it needs.

`witness.support` picks the (step, state subformula) pairs from the path
formula's semantics; these tests check its walk on hand-made lassos, the trees
it produces on the lamp model (CTL fixpoint route and tableau route), deontic
counterexamples, and — on random models — that every step resting on a
subformula with an explanation gets one, and that the whole tree replays.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from conftest import examples

from ctlstark.api import check, load_model_text
from ctlstark.mc.label import Checker
from ctlstark.logic import formula as f
from ctlstark.logic.normalise import push_negation
from ctlstark.symbolic.system import build_system
from ctlstark.render.traces import trace_text, traces_dot
from ctlstark.witness import Trace, WitnessBuilder, WitnessError, admits_trace, replay
from ctlstark.witness.extract import existential_path
from ctlstark.witness.support import PathSupport, path_support

from strategies import formulas, models
from test_witness import LAMP

P, Q = f.Prop("p"), f.Prop("q")


def _truth(table: dict[f.Formula, set[int]]):
    return lambda formula, position: position in table[formula]


# ---------------------------------------------------------------- the walk on hand-made paths


def test_until_rests_on_the_hold_states_and_the_first_goal() -> None:
    truth = _truth({P: {0, 1, 2}, Q: {2, 3}})
    assert path_support(f.U(P, Q), 4, None, truth) == [(0, P), (1, P), (2, Q)]


def test_globally_on_a_lasso_rests_on_every_position_it_reaches() -> None:
    truth = _truth({P: {0, 1, 2, 3}})
    assert path_support(f.G(P), 4, 1, truth) == [(0, P), (1, P), (2, P), (3, P)]
    assert path_support(f.X(f.G(P)), 4, 3, truth) == [(1, P), (2, P), (3, P)]


def test_eventually_finds_the_goal_round_the_loop() -> None:
    truth = _truth({Q: {1}})
    assert path_support(f.F(Q), 4, 1, truth) == [(1, Q)]
    assert path_support(f.X(f.X(f.F(Q))), 4, 1, truth) == [(1, Q)]  # from position 2: 2, 3, back to 1


def test_release_stops_at_the_first_release() -> None:
    truth = _truth({P: {2}, Q: {0, 1, 2}})
    assert path_support(f.R(P, Q), 3, None, truth) == [(0, Q), (1, Q), (2, Q), (2, P)]


def test_a_disjunction_rests_on_one_true_side_and_negation_on_the_state_formula() -> None:
    truth = _truth({P: {0}, Q: {0}, f.Not(Q): set()})
    assert path_support(f.Or(f.X(P), P), 2, None, truth) == [(0, P)]
    truth = _truth({P: set(), f.Not(P): {0, 1}})
    assert path_support(f.Not(f.F(P)), 2, 0, truth) == [(0, f.Not(P)), (1, f.Not(P))]


def test_support_refuses_a_formula_that_does_not_hold() -> None:
    with pytest.raises(ValueError, match="does not hold"):
        PathSupport(2, None, _truth({P: set()})).support(f.U(f.Const(True), P), 0)


# ---------------------------------------------------------------- trees on the lamp

ON, BRIGHT, DUSTY = f.Prop("on"), f.Prop("bright"), f.Prop("dusty")


def _builder(text: str = LAMP):
    model = load_model_text(text)
    checker = Checker(build_system(model))
    return checker, WitnessBuilder(checker)


def _links(trace: Trace) -> list[tuple[int, str, str]]:
    return [(link.step, link.relation, link.trace.formula_text) for link in trace.children]


def test_every_state_of_an_eg_lasso_links_to_its_ef_witness() -> None:
    checker, builder = _builder()
    nested = f.E(f.F(BRIGHT))
    formula = f.E(f.G(nested))
    assert checker.holds(formula)
    trace = builder.top_level(formula, True)
    replay(trace, checker)
    assert trace.loop_start is not None
    assert [link.step for link in trace.children] == list(range(len(trace.steps)))
    for link in trace.children:
        assert link.trace.formula == nested and link.trace.kind == "witness"
        assert link.trace.steps[0].state == trace.steps[link.step].state


def test_an_until_links_its_hold_steps_and_its_goal() -> None:
    checker, builder = _builder()
    hold, goal = f.E(f.F(BRIGHT)), f.E(f.X(BRIGHT))
    formula = f.E(f.U(hold, goal))
    assert checker.holds(formula)
    trace = builder.top_level(formula, True)
    replay(trace, checker)
    last = len(trace.steps) - 1
    expected = [(i, "justifies", f.to_text(hold)) for i in range(last)] + [(last, "justifies", f.to_text(goal))]
    assert _links(trace) == expected


def test_an_ag_counterexample_explains_the_failing_nested_formula_at_its_last_step() -> None:
    checker, builder = _builder()
    formula = f.A(f.G(f.A(f.X(f.Not(BRIGHT)))))  # FALSE: power on at level 2, the next step is bright
    assert not checker.holds(formula)
    trace = builder.top_level(formula, False)
    replay(trace, checker)
    [link] = trace.children
    assert link.step == len(trace.steps) - 1 and link.trace.kind == "counterexample"
    assert trace.steps[-1].state[2] == 2 and link.trace.steps[-1].state[2] == 3


def test_a_tableau_witness_links_the_positions_where_it_consults_a_nested_formula() -> None:
    checker, builder = _builder()
    nested = f.E(f.X(BRIGHT))
    formula = f.E(f.And(f.G(f.F(ON)), f.F(nested)))
    assert checker.holds(formula)
    assert any(route.startswith("EU(fair-EG") for _, route in checker.routes_of(formula))  # not CTL-shaped:
    trace = builder.top_level(formula, True)  # the witness is a lasso of the tableau product
    replay(trace, checker)
    linked = [link for link in trace.children if link.trace.formula == nested]
    assert len(linked) == 1  # F consults the nested formula at its first position only
    position = linked[0].step
    assert checker.states(nested) & checker.system.state_bdd(trace.steps[position].state) != checker.system.bdd.false


def test_a_corrupted_nested_explanation_fails_replay() -> None:
    checker, builder = _builder()
    formula = f.E(f.G(f.E(f.F(BRIGHT))))
    trace = builder.top_level(formula, True)
    link = trace.children[0]
    wrong_start = dataclasses.replace(link.trace, steps=link.trace.steps[1:] or link.trace.steps)
    broken = dataclasses.replace(trace, children=[dataclasses.replace(link, trace=wrong_start)] + trace.children[1:])
    with pytest.raises(WitnessError):
        replay(broken, checker)


# ---------------------------------------------------------------- deontic counterexamples

LAMP_WITH_RED = LAMP.replace("    level : 0..3;\n  end Vars\n",
                             "    level : 0..3;\n  end Vars\n  RedStates:\n    level = 3;\n  end RedStates\n", 1)


def test_a_false_obligation_links_a_run_to_a_correct_state_where_the_operand_fails() -> None:
    checker, builder = _builder(LAMP_WITH_RED)
    formula = f.O("Lamp", f.Not(ON))  # the lamp is green (level < 3) with the power on
    assert not checker.holds(formula) and admits_trace(formula, False)
    trace = builder.top_level(formula, False)
    replay(trace, checker)
    [link] = trace.children
    assert link.relation == "correct" and link.agents == ("Lamp",)
    end = link.trace.steps[-1].state
    assert end[0] is True and end[2] < 3  # power on, level below 3
    model = checker.system.model
    text, dot = trace_text(trace, model), traces_dot([(0, trace)], model)
    assert "Lamp is correct (green)" in text and "green Lamp" in dot


def test_an_obligation_counterexample_ending_in_a_red_state_fails_replay() -> None:
    checker, builder = _builder(LAMP_WITH_RED)
    trace = builder.top_level(f.O("Lamp", f.Not(ON)), False)
    [link] = trace.children
    red = builder.shortest(checker.system.initial, checker.system.reachable,
                           checker.red_states("Lamp") & checker.states(ON))
    assert red is not None
    run = builder.make_trace(link.trace.formula_text, "path", red, None)
    with pytest.raises(WitnessError, match="red"):
        replay(dataclasses.replace(trace, children=[dataclasses.replace(link, trace=run)]), checker)


def test_obligations_appear_in_the_api_traces() -> None:
    model = load_model_text(LAMP_WITH_RED.replace("  K(Lamp, !dusty);\n", "  K(Lamp, !dusty);\n  O(Lamp, !on);\n"))
    report = check(model, witness=True)
    result = report.formulas[-1]
    assert result.verdict is False and result.trace is not None
    assert result.trace["children"][0]["relation"] == "correct"




# ---------------------------------------------------------------- random models


def _needs_explanation(builder: WitnessBuilder, formula: f.Formula, state) -> bool:
    """Whether the state formula σ, true at `state`, has an explanation there: a Boolean one by one of its parts."""
    return any(admits_trace(leaf, value) for leaf, value in builder.reasons(formula, state, True))


@st.composite
def _nested_temporal(draw):
    """A model and `E`/`A` over one CTL operator whose operands are themselves quantified or epistemic."""
    model = draw(models(max_bits=5))
    operand = formulas(model, depth=2).filter(
        lambda x: isinstance(x, (f.E, f.A, f.K, f.O, f.Not, f.And, f.Or, f.Implies, f.Iff)))
    kind = draw(st.sampled_from(("X", "F", "G", "U", "R", "W")))
    path = getattr(f, kind)(draw(operand)) if kind in "XFG" else getattr(f, kind)(draw(operand), draw(operand))
    if draw(st.booleans()):
        path = f.Not(path)
    return model, draw(st.sampled_from((f.E, f.A)))(path)


@settings(max_examples=examples(80))
@given(_nested_temporal())
def test_random_traces_link_every_step_that_rests_on_an_explainable_subformula(case) -> None:
    model, formula = case
    checker = Checker(build_system(model))
    if checker.fair_initial_states == checker.system.bdd.false:
        return  # no (fair) initial state: every verdict is vacuous, nothing to link
    verdict = checker.holds(formula)
    if not admits_trace(formula, verdict):
        return
    builder = WitnessBuilder(checker)
    trace = builder.top_level(formula, verdict)
    replay(trace, checker)
    path, _ = existential_path(formula, verdict)
    states = trace.states
    support = path_support(push_negation(path), len(states), trace.loop_start,
                           lambda sub, i: checker.states(sub) & checker.system.state_bdd(states[i]) != checker.system.bdd.false)
    linked = {link.step for link in trace.children}
    for position, subformula in support:
        if _needs_explanation(builder, subformula, states[position]):
            assert position in linked, (position, f.to_text(subformula))
