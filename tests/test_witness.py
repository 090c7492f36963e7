"""Witnesses and counterexamples: every explainable verdict gets a trace that passes replay.

The replay (`witness.replay`) is independent of the extraction: it evaluates the
protocols and evolutions explicitly on the trace's states. These tests also
check that a tampered trace fails replay, and that the prefix of an `AG`
counterexample is as short as the oracle's breadth-first distance.
"""

from __future__ import annotations

import dataclasses
import json
from collections import deque
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from conftest import examples
from typer.testing import CliRunner

from ctlstark.api import check, load_model, load_model_text
from ctlstark.mc.label import Checker
from ctlstark.cli import app
from ctlstark.explicit import ExplicitChecker, ExplicitSystem
from ctlstark.logic import formula as f
from ctlstark.model import Model
from ctlstark.symbolic.system import build_system
from ctlstark.render.traces import trace_text, traces_dot
from ctlstark.witness import (
    NoTrace, Step, Trace, WitnessBuilder, WitnessError, admits_trace, replay,
)

from reference_corpus import REFERENCE, is_slow_game
from strategies import formulas, models, path_formulas

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "ispl_examples").glob("*.ispl"))

LAMP = """\
Agent Environment
  Vars:
    power : boolean;
    dust : boolean;
  end Vars
  Actions = { keep, flip };
  Protocol:
    Other : { keep, flip };
  end Protocol
  Evolution:
    power = true and dust = true if power = false and Action = flip;
    power = false and dust = true if power = true and Action = flip;
  end Evolution
end Agent
Agent Lamp
  Lobsvars = { power };
  Vars:
    level : 0..3;
  end Vars
  Actions = { up, down };
  Protocol:
    level < 3 : { up };
    Other : { down };
  end Protocol
  Evolution:
    level = level + 1 if Action = up and Environment.power = true;
    level = 0 if Action = down;
  end Evolution
end Agent
Evaluation
  bright if Lamp.level = 3;
  on if Environment.power = true;
  dusty if Environment.dust = true;
end Evaluation
InitStates
  Environment.power = false and Environment.dust = false and Lamp.level = 0;
end InitStates
Formulae
  AG !bright;
  EF bright;
  AF bright;
  EG !bright;
  K(Lamp, !dusty);
end Formulae
"""


def _checked(model):
    system = build_system(model)
    checker = Checker(system)
    return system, checker, WitnessBuilder(checker)


def _trace_and_checker(text: str, formula_index: int):
    model = load_model_text(text)
    system, checker, builder = _checked(model)
    formula = model.formulae[formula_index].formula
    return builder.top_level(formula, checker.holds(formula)), checker


# ---------------------------------------------------------------- examples


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_explainable_example_verdict_gets_a_replayed_trace(path: Path) -> None:
    model = load_model(path)
    report = check(model, witness=True)  # check() replays every trace it returns
    for entry, result in zip(model.formulae, report.formulas):
        if result.verdict is None or not admits_trace(entry.formula, result.verdict):
            assert result.trace is None
            continue
        assert result.trace is not None, result.trace_error
        assert result.trace["formula"] and result.trace["steps"]
        assert result.trace["kind"] == ("witness" if result.verdict else "counterexample")
        json.dumps(result.trace)


def test_lamp_traces_have_the_expected_shapes() -> None:
    model = load_model_text(LAMP)
    report = check(model, witness=True)
    verdicts = [r.verdict for r in report.formulas]
    assert verdicts == [False, True, False, True, False]
    ag, ef, af, eg, knows = (r.trace for r in report.formulas)
    # AG !bright: flip, then three ups: 5 states, last one bright
    assert len(ag["steps"]) == 5 and ag["loop_start"] is None
    assert ag["steps"][-1]["state"]["Lamp"]["level"] == 3
    assert ef["steps"] == ag["steps"]
    assert af["loop_start"] is not None and eg["loop_start"] is not None
    assert all(step["state"]["Lamp"]["level"] < 3 for step in af["steps"])
    [link] = knows["children"]
    assert link["relation"] == "indistinguishable" and link["agents"] == ["Lamp"]
    run_end = link["trace"]["steps"][-1]["state"]
    assert run_end["Environment"]["dust"] is True
    assert run_end["Lamp"] == knows["steps"][0]["state"]["Lamp"]


# ---------------------------------------------------------------- random models


def _explainable(formula: f.Formula, verdict: bool) -> bool:
    return admits_trace(formula, verdict)


@st.composite
def _top_level_shapes(draw, model: Model) -> f.Formula:
    """A CTL path quantifier (path possibly negated), a knowledge or a deontic operator over random CTLK operands."""
    operand = formulas(model, depth=2)
    kind = draw(st.sampled_from(("X", "F", "G", "U", "R", "W", "K", "GK", "DK", "GCK", "O")))
    if kind in ("K", "O"):
        return getattr(f, kind)(draw(st.sampled_from(model.agent_names)), draw(operand))
    if kind in ("GK", "DK", "GCK"):
        return getattr(f, kind)(draw(st.sampled_from(sorted(model.groups))), draw(operand))
    path = getattr(f, kind)(draw(operand)) if kind in "XFG" else getattr(f, kind)(draw(operand), draw(operand))
    if draw(st.integers(0, 3)) == 0:
        path = f.Not(path)
    return draw(st.sampled_from((f.E, f.A)))(path)


@st.composite
def _models_and_explainable_shapes(draw) -> tuple[Model, f.Formula]:
    model = draw(models(max_bits=6))
    shapes = _top_level_shapes(model)
    formula = draw(st.one_of(shapes, shapes, shapes, formulas(model)))
    return model, formula


@settings(max_examples=examples(100))
@given(_models_and_explainable_shapes())
def test_random_explainable_verdicts_get_replay_valid_traces(case) -> None:
    model, formula = case
    system, checker, builder = _checked(model)
    verdict = checker.holds(formula)
    if checker.fair_initial_states == system.bdd.false and _explainable(formula, verdict):
        with pytest.raises(NoTrace, match="no initial state"):
            builder.top_level(formula, verdict)
        return
    trace = builder.top_level(formula, verdict)
    if not _explainable(formula, verdict):
        assert trace is None
        return
    assert trace is not None
    replay(trace, checker)
    oracle = ExplicitChecker(ExplicitSystem(model))
    if trace.loop_start is not None and trace.formula is not None:
        assert oracle.is_fair_path(_lasso(trace))


def _lasso(trace: Trace):
    from ctlstark.explicit import Lasso

    states = trace.states
    return Lasso(tuple(states[:trace.loop_start]), tuple(states[trace.loop_start:]))


@settings(max_examples=examples(60))
@given(models(max_bits=6).flatmap(lambda m: formulas(m, depth=2).map(lambda phi: (m, phi))))
def test_ag_counterexample_prefix_is_a_shortest_path(case) -> None:
    model, phi = case
    formula = f.A(f.G(phi))
    system, checker, builder = _checked(model)
    if checker.holds(formula):
        return
    trace = builder.top_level(formula, False)
    replay(trace, checker)
    explicit = ExplicitSystem(model)
    oracle = ExplicitChecker(explicit)
    targets = oracle.fair_states - oracle.sat(phi)
    assert len(trace.steps) - 1 == _distance(explicit, targets)


def _distance(system: ExplicitSystem, targets: frozenset) -> int:
    """Breadth-first distance from the initial states to `targets`."""
    frontier = deque((state, 0) for state in system.initial)
    seen = set(system.initial)
    while frontier:
        state, depth = frontier.popleft()
        if state in targets:
            return depth
        for target in system.successors[state] - seen:
            seen.add(target)
            frontier.append((target, depth + 1))
    raise AssertionError("no target is reachable")


# ---------------------------------------------------------------- tampering


def _tampered(trace: Trace, **changes) -> Trace:
    return dataclasses.replace(trace, **changes)


def test_a_valid_trace_passes_and_tampered_ones_fail_replay() -> None:
    trace, checker = _trace_and_checker(LAMP, 0)  # AG !bright, FALSE
    replay(trace, checker)
    steps = trace.steps
    wrong_action = [Step(steps[0].state, ("keep",) + steps[0].action[1:])] + steps[1:]
    with pytest.raises(WitnessError, match="step 0"):
        replay(_tampered(trace, steps=wrong_action), checker)
    disabled = [Step(steps[0].state, steps[0].action[:1] + ("down",))] + steps[1:]
    with pytest.raises(WitnessError, match="protocol|evolution"):
        replay(_tampered(trace, steps=disabled), checker)
    with pytest.raises(WitnessError, match="not an initial state"):
        replay(_tampered(trace, steps=steps[1:]), checker)
    shortened = steps[:-2] + [Step(steps[-2].state, None)]
    with pytest.raises(WitnessError, match="does not satisfy"):
        replay(_tampered(trace, steps=shortened), checker)
    with pytest.raises(WitnessError, match="loops back"):
        replay(_tampered(trace, loop_start=len(steps) + 1), checker)


def test_a_lasso_that_does_not_close_fails_replay() -> None:
    trace, checker = _trace_and_checker(LAMP, 2)  # AF bright, FALSE: a lasso
    replay(trace, checker)
    assert trace.loop_start is not None
    broken = trace.steps[:-1] + [Step(trace.steps[-1].state, None)]
    with pytest.raises(WitnessError):
        replay(_tampered(trace, steps=broken), checker)


def test_a_knowledge_counterexample_with_a_distinguishable_state_fails_replay() -> None:
    trace, checker = _trace_and_checker(LAMP, 4)  # K(Lamp, !dusty), FALSE
    replay(trace, checker)
    [link] = trace.children
    run = link.trace
    wrong_end = dataclasses.replace(run, steps=run.steps[:1] and [Step(run.steps[0].state, None)])
    with pytest.raises(WitnessError):
        replay(_tampered(trace, children=[dataclasses.replace(link, trace=wrong_end)]), checker)


@pytest.mark.parametrize(("eventually", "route"), [
    (("bright",), "EU(fair-EG"),  # one or two F besides G F: decided by one fair EG (`Checker._fairness_shaped`)
    (("bright", "dusty"), "F-orders(2, fair-EG"),
    (("bright", "dusty", "on"), "tableau"),
])
def test_a_general_path_formula_gets_a_fair_lasso_of_its_tableau_product(eventually: tuple[str, ...],
                                                                         route: str) -> None:
    """Whichever route decided it, the witness of `E(G F on ∧ F bright …)` is a lasso of the tableau product."""
    model = load_model_text(LAMP)
    _, checker, builder = _checked(model)
    path: f.Formula = f.G(f.F(f.Prop("on")))
    for name in eventually:
        path = f.And(path, f.F(f.Prop(name)))
    formula = f.E(path)
    assert checker.holds(formula)
    assert any(taken.startswith(route) for _, taken in checker.routes_of(formula))
    trace = builder.top_level(formula, True)
    replay(trace, checker)
    assert trace.kind == "witness" and trace.loop_start is not None
    assert any(state[2] == 3 for state in trace.states)  # bright: Lamp.level = 3
    assert any(state[0] for state in trace.states[trace.loop_start:])  # on, infinitely often
    report = check(model, [formula], file_formulae=False, witness=True)
    assert report.formulas[0].trace is not None and report.formulas[0].trace_error is None


def test_a_tableau_lasso_that_breaks_the_path_formula_fails_replay() -> None:
    model = load_model_text(LAMP)
    _, checker, builder = _checked(model)
    formula = f.A(f.Or(f.F(f.G(f.Not(f.Prop("on")))), f.F(f.G(f.Prop("bright")))))  # FALSE: power on, level cycles
    assert not checker.holds(formula)
    trace = builder.top_level(formula, False)
    replay(trace, checker)
    assert trace.kind == "counterexample" and trace.loop_start is not None
    stuck = [Step(trace.steps[0].state, ("keep", "up"))]  # level 0, power off forever: FG !on holds
    with pytest.raises(WitnessError, match="does not satisfy"):
        replay(_tampered(trace, steps=stuck, loop_start=0), checker)
    with pytest.raises(WitnessError, match="infinite"):
        replay(_tampered(trace, steps=[Step(trace.steps[0].state, None)], loop_start=None), checker)


@settings(max_examples=examples(50))
@given(models(max_bits=5).flatmap(lambda m: path_formulas(m, depth=3, operator_first=True).map(lambda p: (m, p))))
def test_random_ctlstar_verdicts_get_replay_valid_product_lassos(case) -> None:
    """`E ψ` and `A ψ` both: whenever the initial states have a fair path, one of them admits a trace."""
    model, path = case
    system, checker, builder = _checked(model)
    if checker.fair_initial_states == system.bdd.false:
        return  # every verdict vacuous
    oracle = ExplicitChecker(ExplicitSystem(model))
    for quantifier in (f.E, f.A):
        formula = quantifier(path)
        verdict = checker.holds(formula)
        if not admits_trace(formula, verdict):
            continue
        trace = builder.top_level(formula, verdict)
        assert trace is not None
        replay(trace, checker)  # protocol/evolution steps, loop, fair sets, path formula on the lasso
        if trace.loop_start is not None:
            assert oracle.is_fair_path(_lasso(trace))


# ---------------------------------------------------------------- top-level Boolean combinations

# LAMP with every power/dust combination initial: `on -> …` has initial states on both sides of the premise
LAMP_FREE_START = LAMP.replace(
    "Environment.power = false and Environment.dust = false and Lamp.level = 0;", "Lamp.level = 0;")

ON, BRIGHT, DUSTY = f.Prop("on"), f.Prop("bright"), f.Prop("dusty")


def test_a_false_implication_gets_a_counterexample_at_a_state_satisfying_the_premise() -> None:
    model = load_model_text(LAMP_FREE_START)
    _, checker, builder = _checked(model)
    formula = f.Implies(ON, f.A(f.G(f.Not(BRIGHT))))  # FALSE: power on, three ups
    assert not checker.holds(formula) and admits_trace(formula, False)
    trace = builder.top_level(formula, False)
    replay(trace, checker)
    assert trace.kind == "counterexample" and len(trace.steps) == 1
    root = trace.steps[0].state
    assert root[0] is True  # Environment.power: the premise `on` holds at the root
    [link] = trace.children
    assert link.relation == "justifies" and link.trace.formula == formula.right
    assert link.trace.kind == "counterexample" and link.trace.steps[0].state == root
    assert link.trace.steps[-1].state[2] == 3  # the AG counterexample ends bright
    assert len(link.trace.steps) == 4  # shortest from a powered start: three ups
    report = check(model, [formula], file_formulae=False, witness=True)
    assert report.formulas[0].trace_error is None
    assert report.formulas[0].trace["children"][0]["trace"]["kind"] == "counterexample"


def test_boolean_decomposition_explains_each_failing_part() -> None:
    model = load_model_text(LAMP)
    _, checker, builder = _checked(model)
    ag_dark, knows_clean = f.A(f.G(f.Not(BRIGHT))), f.K("Lamp", f.Not(DUSTY))
    cases = {
        f.Not(f.E(f.F(BRIGHT))): [("witness", f.E(f.F(BRIGHT)))],
        f.Or(ag_dark, knows_clean): [("counterexample", ag_dark), ("counterexample", knows_clean)],
        f.And(ON, ag_dark): [("counterexample", ag_dark)],  # `on` fails too, but has no trace
        f.Iff(f.E(f.F(BRIGHT)), f.A(f.F(BRIGHT))): [("witness", f.E(f.F(BRIGHT))),
                                                    ("counterexample", f.A(f.F(BRIGHT)))],
    }
    for formula, expected in cases.items():
        assert not checker.holds(formula)
        trace = builder.top_level(formula, False)
        replay(trace, checker)
        assert [(link.trace.kind, link.trace.formula) for link in trace.children] == expected, f.to_text(formula)


def test_true_and_propositional_boolean_combinations_get_no_trace() -> None:
    _, checker, builder = _checked(load_model_text(LAMP))
    true_combination = f.Not(f.A(f.G(f.Not(BRIGHT))))
    assert checker.holds(true_combination) and not admits_trace(true_combination, True)
    assert builder.top_level(true_combination, True) is None
    propositional = f.And(ON, f.Not(DUSTY))
    assert not checker.holds(propositional) and not admits_trace(propositional, False)


@st.composite
def _boolean_combinations(draw, model: Model, depth: int = 2, top: bool = True) -> f.Formula:
    """A random Boolean combination (a connective at the top) whose leaves are the top-level shapes above or atoms."""
    if depth == 0 or (not top and draw(st.integers(0, 3)) == 0):
        return draw(st.one_of(_top_level_shapes(model), _top_level_shapes(model), formulas(model, depth=0)))
    connective = draw(st.sampled_from((f.Not, f.And, f.Or, f.Implies, f.Iff)))
    if connective is f.Not:
        return f.Not(draw(_boolean_combinations(model, depth - 1, top=False)))
    return connective(draw(_boolean_combinations(model, depth - 1, top=False)),
                      draw(_boolean_combinations(model, depth - 1, top=False)))


@settings(max_examples=examples(50))
@given(models(max_bits=5).flatmap(lambda m: _boolean_combinations(m).map(lambda phi: (m, phi))))
def test_random_false_boolean_combinations_get_replay_valid_counterexamples(case) -> None:
    model, formula = case
    system, checker, builder = _checked(model)
    verdict = checker.holds(formula)
    if system.initial == system.bdd.false or not admits_trace(formula, verdict):
        return
    assert not verdict
    trace = builder.top_level(formula, verdict)
    replay(trace, checker)
    oracle = ExplicitChecker(ExplicitSystem(model))
    root = trace.steps[0].state
    assert root in oracle.system.initial and root not in oracle.sat(formula)
    for link in trace.children:
        child = link.trace
        assert child.steps[0].state == root
        assert (root in oracle.sat(child.formula)) == (child.kind == "witness")
        if child.loop_start is not None:
            assert oracle.is_fair_path(_lasso(child))


def test_a_corrupted_child_of_a_boolean_counterexample_fails_replay() -> None:
    model = load_model_text(LAMP)
    _, checker, builder = _checked(model)
    formula = f.Implies(f.Not(ON), f.A(f.G(f.Not(BRIGHT))))
    trace = builder.top_level(formula, False)
    replay(trace, checker)
    [link] = trace.children
    child = link.trace
    steps = child.steps
    wrong_action = [Step(steps[0].state, ("keep",) + steps[0].action[1:])] + steps[1:]
    corrupted = dataclasses.replace(child, steps=wrong_action)
    with pytest.raises(WitnessError, match="step 0"):
        replay(_tampered(trace, children=[dataclasses.replace(link, trace=corrupted)]), checker)
    elsewhere = dataclasses.replace(child, steps=steps[1:])
    with pytest.raises(WitnessError, match="should start at step 0"):
        replay(_tampered(trace, children=[dataclasses.replace(link, trace=elsewhere)]), checker)
    _, other_checker, other_builder = _checked(model)
    foreign = other_builder.top_level(f.E(f.F(BRIGHT)), True)  # valid, but not a leaf of the formula
    with pytest.raises(WitnessError, match="does not explain one of its leaves"):
        replay(_tampered(trace, children=[dataclasses.replace(link, trace=foreign)]), checker)
    moved_root = _tampered(trace, steps=[Step(steps[1].state, None)], children=[])
    with pytest.raises(WitnessError):
        replay(moved_root, checker)


# ---------------------------------------------------------------- renderings and CLI


def test_renderings_show_actions_changes_and_the_loop() -> None:
    model = load_model_text(LAMP)
    report = check(model, witness=True)
    af = report.formulas[2].evidence.trace
    text = trace_text(af, model)
    assert "lasso" in text and ">" in text and "action" in text
    ag_text = trace_text(report.formulas[0].evidence.trace, model)
    assert "change Lamp[level=1]" in ag_text and "change Environment[power=true dust=true]" in ag_text
    ag_full_text = trace_text(report.formulas[0].evidence.trace, model, full_states=True)
    assert "level=1*" in ag_full_text and "power=true*" in ag_full_text
    dot = traces_dot([(r.index, r.evidence.trace) for r in report.formulas if r.evidence.trace], model)
    assert dot.startswith("digraph") and "cluster_f1" in dot and "peripheries=2" in dot
    assert dot.count("{") == dot.count("}")


def test_cli_witness_json_and_dot(tmp_path: Path) -> None:
    model_file = tmp_path / "lamp.ispl"
    model_file.write_text(LAMP)
    runner = CliRunner()
    text = runner.invoke(app, ["check", str(model_file), "--witness"])
    assert text.exit_code == 1
    assert "counterexample for AG !bright" in text.output and "witness for EF bright" in text.output
    as_json = runner.invoke(app, ["check", str(model_file), "--witness", "--json"])
    document = json.loads(as_json.output)
    assert document["formulas"][0]["trace"]["kind"] == "counterexample"
    assert document["formulas"][1]["trace"]["kind"] == "witness"
    dot_file = tmp_path / "traces.dot"
    runner.invoke(app, ["check", str(model_file), "--dot", str(dot_file)])
    assert dot_file.read_text().startswith("digraph traces")
    plain = runner.invoke(app, ["check", str(model_file), "--json"])
    assert json.loads(plain.output)["formulas"][0]["trace"] is None


# ---------------------------------------------------------------- MCMAS reference models (read in place, never copied)



def _reference_models() -> list[Any]:
    """Reference models MCMAS checked completely in under 10 s; the big GDL games only under `-m slow`."""
    summary_file = REFERENCE / "results" / "summary.json"
    if not summary_file.is_file():
        return []
    summary = json.loads(summary_file.read_text(encoding="utf-8"))
    params = []
    for e in summary:
        path = REFERENCE / e["source"] / f"{e['model']}.ispl"
        if e.get("status") in ("ok", "ok (segfault at exit)") and e.get("wall", 99) < 10 and path.is_file():
            marks = [pytest.mark.slow] if is_slow_game(e["source"], e["model"]) else []
            params.append(pytest.param(path, id=f"{path.parent.name}/{path.stem}", marks=marks))
    return params


@pytest.mark.skipif(not (REFERENCE / "results" / "summary.json").is_file(), reason="reference models absent")
@pytest.mark.parametrize("path", _reference_models())
def test_reference_models_get_replayed_traces(path: Path) -> None:
    """Every explainable verdict gets a trace; check() replays each one (a failure raises WitnessError)."""
    model = load_model(path)
    report = check(model, witness=True)
    for entry, result in zip(model.formulae, report.formulas):
        explainable = result.verdict is not None and admits_trace(entry.formula, result.verdict)
        assert (result.trace is not None) == explainable, (entry.text, result.trace_error)
        if result.trace is not None:
            trace_text(result.evidence.trace, model)
            traces_dot([(0, result.evidence.trace)], model)
