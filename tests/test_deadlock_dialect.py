"""MCMAS's `LTL`/`CTL*` entries on models with reachable deadlocks (docs/semantics.md, "Paths and deadlocks").

In those entries every `E`/`A` ranges over infinite fair paths, CTL-shaped or not
(`E.infinite`/`A.infinite`); plain CTL keeps the fixpoint reading. The symbolic
engine and the explicit-state oracle must agree on random models that have a
reachable deadlock, for random CTLK and CTL*K formulas read as such entries, and
the issue's four-state model must get the verdicts MCMAS 1.3.0 prints for it.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st
from conftest import examples

from ctlstark import check, load_model_text
from ctlstark.mc.label import Checker
from ctlstark.explicit import ExplicitChecker, ExplicitSystem
from ctlstark.ispl.formulas import infinite_reading
from ctlstark.logic import formula as f
from ctlstark.model import Model
from ctlstark.symbolic.system import build_system
from ctlstark.witness import WitnessBuilder, replay
from ctlstark.witness.extract import existential_path

from test_differential import assert_same_verdicts, state_subformulas
from strategies import MAX_STATE_BITS, ctlstar_formulas, formulas, models, path_formulas



def has_reachable_deadlock(model: Model) -> bool:
    return bool(ExplicitSystem(model).deadlocks())


@st.composite
def deadlock_models_and_entries(draw, max_bits: int = 6) -> tuple[Model, f.Formula]:
    """A random model with a reachable deadlock and a random formula read as an MCMAS `LTL`/`CTL*` entry."""
    model = draw(models(max_bits).filter(has_reachable_deadlock))
    kind = draw(st.sampled_from(("ctl", "ctlstar", "ltl")))
    if kind == "ctl":  # CTL shapes, where the two readings differ most
        formula = draw(formulas(model, depth=3))
    elif kind == "ctlstar":
        formula = draw(ctlstar_formulas(model, depth=3))
    else:
        formula = f.A(draw(path_formulas(model, depth=3, operator_first=True)))
    return model, infinite_reading(formula)


@settings(max_examples=examples(500))
@given(deadlock_models_and_entries())
def test_dialect_entries_agree_with_the_oracle_on_models_with_deadlocks(case: tuple[Model, f.Formula]) -> None:
    assert_same_verdicts(*case)


@pytest.mark.slow
@settings(max_examples=5000)
@given(deadlock_models_and_entries(max_bits=MAX_STATE_BITS))
def test_dialect_entries_agree_with_the_oracle_on_models_with_deadlocks_long(case: tuple[Model, f.Formula]) -> None:
    assert_same_verdicts(*case)


@settings(max_examples=examples(100))
@given(deadlock_models_and_entries())
def test_infinite_quantifiers_only_see_states_with_an_infinite_path(case: tuple[Model, f.Formula]) -> None:
    """`E ψ` of a dialect entry never holds where no infinite fair path starts (ψ not a state formula)."""
    model, formula = case
    oracle = ExplicitChecker(ExplicitSystem(model))
    without_infinite_path = oracle.reachable - oracle.exists_fair_path(f.Const(True))
    for sub in state_subformulas(formula):
        if isinstance(sub, f.E) and not f.reads_as_state_formula(sub.path, sub.infinite):
            assert not (oracle.sat(sub) & without_infinite_path), f.to_text(sub)


@st.composite
def deadlock_models_and_paths(draw) -> tuple[Model, f.Formula]:
    """A random model with a reachable deadlock and a path formula, CTL-shaped half the time."""
    model = draw(models(6).filter(has_reachable_deadlock))
    if draw(st.booleans()):
        operator = draw(st.sampled_from((f.X, f.F, f.G)))
        return model, operator(draw(formulas(model, depth=1, temporal=False)))
    return model, draw(path_formulas(model, depth=3, operator_first=True))


@settings(max_examples=examples(100))
@given(deadlock_models_and_paths())
def test_dialect_entries_get_lassos_that_replay(case: tuple[Model, f.Formula]) -> None:
    """`E ψ` TRUE or `A ψ` FALSE as a dialect entry is shown by an infinite path: a lasso that replays."""
    model, path = case
    checker = Checker(build_system(model))
    if checker.fair_initial_states == checker.system.bdd.false:
        return  # every verdict vacuous, no trace
    for quantifier in (f.E, f.A):
        formula = infinite_reading(quantifier(path))
        verdict = checker.holds(formula)
        if existential_path(formula, verdict) is None:
            continue
        trace = WitnessBuilder(checker).top_level(formula, verdict)
        assert trace is not None and trace.loop_start is not None, f.to_text(formula)
        replay(trace, checker)


# ---------------------------------------------------------------- the four-state model of issue 17

STOPPABLE = """
Agent Environment
  Vars:
    x : 0..3;
  end Vars
  Actions = {go, stop};
  Protocol:
    x = 0 : {go};
    x = 1 : {go, stop};
    x = 2 : {go};
  end Protocol
  Evolution:
    x = 1 if x = 0 and Action = go;
    x = 2 if x = 1 and Action = go;
    x = 3 if x = 1 and Action = stop;
    x = 1 if x = 2 and Action = go;
  end Evolution
end Agent
Agent Watcher
  Vars:
    tick : boolean;
  end Vars
  Actions = {wait};
  Protocol:
    Other : {wait};
  end Protocol
  Evolution:
    tick = true if tick = false;
    tick = false if tick = true;
  end Evolution
end Agent
Evaluation
  dead if Environment.x = 3;
  two if Environment.x = 2;
  zero if Environment.x = 0;
end Evaluation
InitStates
  Environment.x = 0 and Watcher.tick = false;
end InitStates
Formulae
  AG !dead;
  LTL G !dead;
  EF dead;
  CTL* E (F dead);
  CTL* A (G F two);
  LTL G F two;
  CTL* E (X two);
  LTL F two;
  CTL* E (F (E (X dead)));
  CTL* E (F (A (X dead)));
  CTL* K(Watcher, !dead);
  LTL zero -> K(Watcher, G !dead);
end Formulae
"""

# What MCMAS 1.3.0 prints for each entry (run side by side on this file).
MCMAS_VERDICTS = [False, True, True, False, True, True, False, True, False, False, False, True]


def test_the_issue_table_comes_out_as_mcmas_prints_it() -> None:
    report = check(load_model_text(STOPPABLE))
    assert [result.verdict for result in report.formulas] == MCMAS_VERDICTS


def test_plain_ctl_keeps_the_fixpoint_reading_and_dialect_entries_do_not() -> None:
    report = check(load_model_text(STOPPABLE), ["A (G !dead)", "E (F dead)"])
    verdicts = {result.text: result.verdict for result in report.formulas}
    assert verdicts["A (G !dead)"] is False and verdicts["LTL G !dead"] is True
    assert verdicts["E (F dead)"] is True and verdicts["CTL* E (F dead)"] is False


def test_dialect_entries_take_the_infinite_routes() -> None:
    report = check(load_model_text(STOPPABLE))
    routes = {result.text: [route["route"] for route in result.routes] for result in report.formulas}
    assert routes["AG !dead"] == ["reachable:AG"]  # an invariant: no fixpoint at all
    assert routes["CTL* E (F dead)"] == ["fast:EF[inf]"]


# ---------------------------------------------------------------- quantifiers over state formulas

# One step into a deadlock: no infinite path anywhere. MCMAS reads `E φ` as φ for a φ
# without path quantifiers at its Boolean level (`K` hides them), and as a path formula
# over infinite paths otherwise, so `E (A !never)` is FALSE while `E !never` is TRUE.
ONE_STEP = """
Agent Runner
  Vars:
    running : boolean;
  end Vars
  Actions = {halt};
  Protocol:
    running = true : {halt};
  end Protocol
  Evolution:
    running = false if running = true;
  end Evolution
end Agent
Evaluation
  never if Runner.running = true and Runner.running = false;
  halted if Runner.running = false;
  running if Runner.running = true;
end Evaluation
InitStates
  Runner.running = true;
end InitStates
Groups
  g = {Runner};
end Groups
Formulae
  CTL* E (!never);
  CTL* A (!never);
  CTL* E (A (!never));
  CTL* A (E (!never));
  CTL* E (E (!never));
  CTL* !(E (!never));
  CTL* E (running);
  CTL* (E (!never)) or running;
  LTL !never;
  LTL never;
  CTL* E (X halted);
  CTL* E (!running);
  CTL* E (K(Runner, !never));
  CTL* A (K(Runner, never));
  CTL* E ((!never) and (A (!never)));
  CTL* E (K(Runner, A (!never)));
  CTL* E (!(A (never)));
  CTL* A (!(E (!never)));
  CTL* E (GK(g, !never));
  CTL* E ((A (!never)) or running);
  CTL* E (running and (E (X halted)));
end Formulae
"""

# MCMAS 1.3.0's verdicts on ONE_STEP's entries, in order (measured side by side).
ONE_STEP_MCMAS = [True, True, False, True, False, False, True, True, True, False, False, False,
                  True, False, False, True, False, True, True, False, False]


def test_quantified_state_formulas_of_dialect_entries_get_mcmas_verdicts() -> None:
    report = check(load_model_text(ONE_STEP))
    assert [result.verdict for result in report.formulas] == ONE_STEP_MCMAS
    model = report_model(ONE_STEP)
    oracle = ExplicitChecker(ExplicitSystem(model))
    assert [oracle.holds(entry.formula) for entry in model.formulae] == ONE_STEP_MCMAS


# ---------------------------------------------------------------- fair initial states

UNFAIR_START = STOPPABLE.replace(
    "Environment.x = 0 and Watcher.tick = false;",
    "(Environment.x = 0 or Environment.x = 3) and Watcher.tick = false;",
).replace("Formulae", "Fairness\n  two;\nend Fairness\nFormulae", 1)


def test_with_fairness_verdicts_are_about_fair_initial_states() -> None:
    """The dead initial state is unfair: MCMAS 1.3.0 and NuSMV 2.5.4 call `!dead` TRUE, and so does ctlstark."""
    report = check(load_model_text(UNFAIR_START), ["!dead", "zero", "dead -> EX dead"], file_formulae=False)
    assert [result.verdict for result in report.formulas] == [True, True, True]
    oracle = ExplicitChecker(ExplicitSystem(report_model(UNFAIR_START)))
    assert oracle.holds(f.Not(f.Prop("dead"))) and not oracle.holds(f.Prop("two"))


def test_no_fair_initial_state_makes_every_formula_vacuous_and_says_so() -> None:
    only_dead = UNFAIR_START.replace("(Environment.x = 0 or Environment.x = 3)", "Environment.x = 3")
    report = check(load_model_text(only_dead), ["zero", "!dead"], file_formulae=False)
    assert [result.verdict for result in report.formulas] == [True, True]
    assert any("no initial state is fair" in warning for warning in report.warnings)


def report_model(text: str) -> Model:
    from ctlstark import load_model_text
    return load_model_text(text)


def test_symbolic_fair_initial_states_match_the_oracle() -> None:
    model = report_model(UNFAIR_START)
    system = build_system(model)
    oracle = ExplicitChecker(ExplicitSystem(model))
    assert system.states_of(Checker(system).fair_initial_states) == oracle.system.initial & oracle.fair_states
