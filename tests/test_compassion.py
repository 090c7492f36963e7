"""Strong fairness: the `Compassion` section (pairs `p -> q`, a ctlstark extension).

A fair path that visits p infinitely often visits q infinitely often (NuSMV's
COMPASSION), on top of the `Fairness` section's justice. The symbolic engine
(`mc.ctl.eg_fair`'s recursion on the pairs, the tableau's fair `EG true`) is compared
with the explicit oracle (Streett SCC decomposition, `explicit.graph.fair_cycle_nodes`)
on random models with compassion pairs, for CTL, LTL and CTL* formulas; witnesses'
lassos replay (their loops satisfy every pair); a hand-made arbiter shows verdicts
that compassion changes; the front end (both parsers, `fmt`, `--lint`, errors).
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from conftest import examples

from ctlstark import check, load_model_text
from ctlstark.errors import IsplError
from ctlstark.explicit import ExplicitChecker, ExplicitSystem
from ctlstark.explicit.graph import fair_cycle_nodes
from ctlstark.ispl.format import format_model
from ctlstark.logic import formula as f
from ctlstark.mc.label import Checker
from ctlstark.model import Model
from ctlstark.symbolic.system import build_system
from ctlstark.tools.lint import lint_model
from ctlstark.witness import WitnessBuilder, WitnessError, admits_trace, replay

from ispl_writer import write_model
from strategies import MAX_STATE_BITS, atoms, models, models_and_ctlstar_formulas, models_and_formulas, path_formulas
from test_differential import assert_same_verdicts
from test_fastparse import assert_same_as_lark

# ---------------------------------------------------------------- a hand-made model

# A process asks for a resource (idle -> waiting); the arbiter may grant it (waiting -> granted)
# or keep it waiting; a grant is returned at once (granted -> idle). Nothing forces the
# process to ask. Compassion `waiting -> granted`: a run that waits infinitely often is granted
# infinitely often, while a run that idles forever stays fair. Justice `granted` would also
# forbid idling forever.
ARBITER = """\
Agent Environment
  Vars:
    s : {idle, waiting, granted};
  end Vars
  Actions = {none};
  Protocol:
    Other : {none};
  end Protocol
  Evolution:
    s = waiting if s = idle and Proc.Action = ask;
    s = granted if s = waiting and Arbiter.Action = grant;
    s = idle if s = granted;
  end Evolution
end Agent
Agent Arbiter
  Vars:
    busy : boolean;
  end Vars
  Actions = {grant, hold};
  Protocol:
    Other : {grant, hold};
  end Protocol
  Evolution:
    busy = true if Action = grant;
    busy = false if Action = hold;
  end Evolution
end Agent
Agent Proc
  Vars:
    asked : boolean;
  end Vars
  Actions = {ask, rest};
  Protocol:
    Other : {ask, rest};
  end Protocol
  Evolution:
    asked = true if Action = ask;
    asked = false if Action = rest;
  end Evolution
end Agent
Evaluation
  waiting if Environment.s = waiting;
  granted if Environment.s = granted;
  idle if Environment.s = idle;
end Evaluation
InitStates
  Environment.s = idle and Arbiter.busy = false and Proc.asked = false;
end InitStates
Compassion
  waiting -> granted;
end Compassion
Formulae
  AG (waiting -> AF granted);
  EG idle;
  E (G F waiting and F G !granted);
  A (G F waiting -> G F granted);
  AG AF granted;
  EF EG waiting;
  AG EF idle;
  AG K(Proc, EF granted);
end Formulae
"""

# verdicts under: compassion `waiting -> granted`; no fairness; justice `granted` instead
ARBITER_VERDICTS = {
    "compassion": [True, True, False, True, False, False, True, True],
    "none": [False, True, True, False, False, True, True, True],
    "justice": [True, False, False, True, True, False, True, True],
}


def _arbiter(kind: str) -> Model:
    model = load_model_text(ARBITER, "arbiter.ispl")
    if kind == "none":
        return dataclasses.replace(model, compassion=())
    if kind == "justice":
        return dataclasses.replace(model, compassion=(), fairness=(f.Prop("granted"),))
    return model


def test_the_section_is_read_into_pairs() -> None:
    model = load_model_text(ARBITER)
    assert model.compassion == ((f.Prop("waiting"), f.Prop("granted")),)
    assert model.fairness == ()


@pytest.mark.parametrize("kind", sorted(ARBITER_VERDICTS))
def test_compassion_changes_the_arbiter_s_verdicts(kind: str) -> None:
    """A request infinitely often is granted infinitely often; idling forever stays fair (unlike justice)."""
    model = _arbiter(kind)
    checker = Checker(build_system(model))
    oracle = ExplicitChecker(ExplicitSystem(model))
    formulas = [entry.formula for entry in model.formulae]
    assert [checker.holds(formula) for formula in formulas] == ARBITER_VERDICTS[kind]
    assert [oracle.holds(formula) for formula in formulas] == ARBITER_VERDICTS[kind]
    assert [Checker(build_system(model), fast_paths=False).holds(formula)
            for formula in formulas] == ARBITER_VERDICTS[kind]


def test_the_checker_s_override_parameters() -> None:
    """`compassion=` overrides the model's pairs, like `fairness=` (the explicit checker too)."""
    model = _arbiter("none")
    system = build_system(model)
    pairs = ((f.Prop("waiting"), f.Prop("granted")),)
    eg_waiting = f.E(f.F(f.E(f.G(f.Prop("waiting")))))
    assert Checker(system).holds(eg_waiting)
    assert not Checker(system, compassion=pairs).holds(eg_waiting)
    assert not ExplicitChecker(ExplicitSystem(model), compassion=pairs).holds(eg_waiting)
    assert Checker(build_system(_arbiter("compassion")), compassion=()).holds(eg_waiting)


def test_the_arbiter_s_traces_replay_and_loops_satisfy_the_pair() -> None:
    """`check --witness` replays every trace; no counterexample loop waits without a grant."""
    model = _arbiter("compassion")
    report = check(model, witness=True)
    assert [result.verdict for result in report.formulas] == ARBITER_VERDICTS["compassion"]
    checker = Checker(build_system(model))
    builder = WitnessBuilder(checker)
    for entry in model.formulae:
        verdict = checker.holds(entry.formula)
        if not admits_trace(entry.formula, verdict):
            continue
        trace = builder.top_level(entry.formula, verdict)
        replay(trace, checker)
        if trace.loop_start is not None:
            loop = [state[0] for state in trace.states[trace.loop_start:]]
            assert "waiting" not in loop or "granted" in loop, (entry.text, trace.states)


def test_a_lasso_that_breaks_a_compassion_pair_fails_replay() -> None:
    """`E F G waiting` holds without fairness (wait forever); that lasso is no fair path under compassion."""
    unfair = _arbiter("none")
    formula = f.E(f.F(f.G(f.Prop("waiting"))))
    checker = Checker(build_system(unfair))
    trace = WitnessBuilder(checker).top_level(formula, True)
    replay(trace, checker)
    fair_checker = Checker(build_system(_arbiter("compassion")))
    with pytest.raises(WitnessError):
        replay(trace, fair_checker)


def test_the_fair_eg_and_tableau_routes_name_their_compassion_pairs() -> None:
    model = _arbiter("compassion")
    checker = Checker(build_system(model))
    fair_eg = f.E(f.And(f.G(f.F(f.Prop("waiting"))), f.F(f.G(f.Not(f.Prop("granted"))))))
    tableau = f.E(f.And(fair_eg.path, f.X(f.Prop("waiting"))))
    checker.holds(fair_eg)
    checker.holds(tableau)
    assert checker.routes[fair_eg] == "EU(fair-EG[inf](1 fairness sets, 1 compassion pairs))"
    assert checker.routes[tableau].startswith("tableau(") and checker.routes[tableau].endswith("1 compassion pairs)")


def test_no_fair_initial_state_is_warned_about() -> None:
    """Only a compassion pair makes every run unfair: every formula is vacuously TRUE, with a warning."""
    text = ARBITER.replace("  waiting -> granted;", "  true -> false;")
    report = check(load_model_text(text, "arbiter.ispl"))
    assert all(result.verdict for result in report.formulas)
    assert any("no initial state is fair" in warning and "Compassion" in warning for warning in report.warnings)


# ---------------------------------------------------------------- the explicit Streett decomposition


def test_fair_cycle_nodes_decomposes_components_by_the_definition() -> None:
    """1 ⇄ 2 ⇄ 3: a component that meets p and not q loses its p nodes and is searched again."""
    successors = {1: [2], 2: [1, 3], 3: [2], 4: [4]}
    nodes = {1, 2, 3, 4}

    def inside(*members):
        return lambda node: node in members

    assert fair_cycle_nodes(nodes, successors) == {1, 2, 3, 4}
    assert fair_cycle_nodes(nodes, successors, [inside(1)]) == {1, 2, 3}
    assert fair_cycle_nodes(nodes, successors, [], [(inside(1), inside())]) == {2, 3, 4}
    assert fair_cycle_nodes(nodes, successors, [], [(inside(1), inside(3))]) == {1, 2, 3, 4}
    assert fair_cycle_nodes(nodes, successors, [], [(inside(1, 3), inside())]) == {4}
    assert fair_cycle_nodes(nodes, successors, [inside(1)], [(inside(1), inside())]) == set()
    # {1, 2, 3} meets 1 but not the first pair's q: drop 1; {2, 3} then meets 3 but not the second pair's q
    # (1 is gone): drop 3; {2} has no cycle. {4} misses the justice set 2.
    assert fair_cycle_nodes(nodes, successors, [inside(2)], [(inside(1), inside()), (inside(3), inside(1))]) == set()


# ---------------------------------------------------------------- symbolic against the oracle


@st.composite
def _ltl_formulas(draw, model: Model, depth: int = 3) -> f.Formula:
    """A pure LTL path formula over the model's atoms (no nested path quantifiers)."""
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        return draw(atoms(model))
    kind = draw(st.sampled_from(("X", "F", "G", "U", "R", "not", "and", "or")))
    sub = _ltl_formulas(model, depth - 1)
    if kind in ("X", "F", "G"):
        return {"X": f.X, "F": f.F, "G": f.G}[kind](draw(sub))
    if kind == "not":
        return f.Not(draw(sub))
    return {"U": f.U, "R": f.R, "and": f.And, "or": f.Or}[kind](draw(sub), draw(sub))


@st.composite
def _models_and_ltl(draw, max_bits: int = 6) -> tuple[Model, f.Formula]:
    model = draw(models(max_bits, compassion=True))
    return model, draw(st.sampled_from((f.E, f.A)))(draw(_ltl_formulas(model)))


def _assert_battery(model: Model) -> None:
    """EX, EF, EG, EU, E G F and A F G of every proposition agree: formulas fair paths decide."""
    oracle = ExplicitChecker(ExplicitSystem(model))
    system = build_system(model)
    checker = Checker(system)
    props = [f.Prop(name) for name in sorted(model.propositions)]
    battery: list[f.Formula] = []
    for p in props:
        battery += [f.E(f.X(p)), f.E(f.F(p)), f.E(f.G(p)), f.E(f.G(f.F(p))), f.A(f.F(f.G(p)))]
    battery += [f.E(f.U(p, q)) for p, q in zip(props, props[1:])]
    for formula in battery:
        assert system.states_of(checker.states(formula)) == oracle.sat(formula), (
            f"{f.to_text(formula)}\n{write_model(model)}")


@settings(max_examples=examples(300), deadline=None)
@given(models_and_formulas(compassion=True))
def test_ctl_formulas_agree_under_compassion(case: tuple[Model, f.Formula]) -> None:
    assert_same_verdicts(*case)


@settings(max_examples=examples(200), deadline=None)
@given(models(compassion=True))
def test_fair_path_formulas_agree_under_compassion(model: Model) -> None:
    _assert_battery(model)


@settings(max_examples=examples(300), deadline=None)
@given(_models_and_ltl())
def test_ltl_formulas_agree_under_compassion(case: tuple[Model, f.Formula]) -> None:
    """Through the tableau (`fast_paths=False`) as well as the default routes."""
    model, formula = case
    assert_same_verdicts(model, formula)
    oracle = ExplicitChecker(ExplicitSystem(model))
    system = build_system(model)
    assert system.states_of(Checker(system, fast_paths=False).states(formula)) == oracle.sat(formula), (
        f"{f.to_text(formula)}\n{write_model(model)}")


@settings(max_examples=examples(300), deadline=None)
@given(models_and_ctlstar_formulas(compassion=True))
def test_ctlstar_formulas_agree_under_compassion(case: tuple[Model, f.Formula]) -> None:
    assert_same_verdicts(*case)


@pytest.mark.slow
@settings(max_examples=3000, deadline=None)
@given(st.one_of(models_and_formulas(MAX_STATE_BITS, compassion=True),
                 models_and_ctlstar_formulas(MAX_STATE_BITS, compassion=True), _models_and_ltl(MAX_STATE_BITS)))
def test_formulas_agree_under_compassion_long(case: tuple[Model, f.Formula]) -> None:
    assert_same_verdicts(*case)
    _assert_battery(case[0])


# ---------------------------------------------------------------- witnesses under compassion


@st.composite
def _models_and_paths(draw) -> tuple[Model, f.Formula]:
    model = draw(models(max_bits=5, compassion=True))
    shape = draw(st.sampled_from(("ctl", "ctlstar")))
    if shape == "ctlstar":
        return model, draw(path_formulas(model, depth=3, operator_first=True))
    operand = st.one_of(atoms(model), atoms(model).map(f.Not))
    kind = draw(st.sampled_from(("G", "F", "U", "R", "W", "X")))
    if kind in "XFG":
        return model, getattr(f, kind)(draw(operand))
    return model, getattr(f, kind)(draw(operand), draw(operand))


@settings(max_examples=examples(200), deadline=None)
@given(_models_and_paths())
def test_every_trace_replays_under_compassion(case: tuple[Model, f.Formula]) -> None:
    """`E ψ` and `A ψ`: each explainable verdict gets a trace that replays; lassos are fair paths for the oracle."""
    from ctlstark.explicit import Lasso

    model, path = case
    system = build_system(model)
    checker = Checker(system)
    if checker.fair_initial_states == system.bdd.false:
        return  # every verdict vacuous
    builder = WitnessBuilder(checker)
    oracle = ExplicitChecker(ExplicitSystem(model))
    for quantifier in (f.E, f.A):
        formula = quantifier(path)
        verdict = checker.holds(formula)
        assert verdict == oracle.holds(formula)
        if not admits_trace(formula, verdict):
            continue
        trace = builder.top_level(formula, verdict)
        assert trace is not None
        replay(trace, checker)
        if trace.loop_start is not None:
            states = trace.states
            lasso = Lasso(tuple(states[:trace.loop_start]), tuple(states[trace.loop_start:]))
            assert oracle.is_fair_path(lasso)


# ---------------------------------------------------------------- front end


@settings(max_examples=examples(100), deadline=None)
@given(models(compassion=True))
def test_the_fast_parsers_read_compassion_as_lark_does(model: Model) -> None:
    assert_same_as_lark(write_model(model), "random.ispl")


@pytest.mark.parametrize("entries", [
    "  waiting -> granted;\n",
    "  (waiting -> granted);\n  idle or waiting -> EF granted;\n",
    "  (idle -> waiting) -> granted -- a comment\n  ;\n  Environment.s = waiting -> Environment.s != waiting;\n",
    "",
])
def test_compassion_tails_read_alike(entries: str) -> None:
    text = ARBITER.replace("  waiting -> granted;\n", entries)
    assert_same_as_lark(text)


def test_a_compassion_section_with_groups_and_fairness() -> None:
    text = ARBITER.replace("Compassion\n", "Groups g = {Proc}; end Groups\nFairness idle or granted; end Fairness\n"
                                          "Compassion\n", 1)
    assert_same_as_lark(text)
    model = load_model_text(text)
    assert model.fairness == (f.Or(f.Prop("idle"), f.Prop("granted")),)
    assert model.compassion == ((f.Prop("waiting"), f.Prop("granted")),)


def _errors(text: str) -> list[tuple[int, int, str]]:
    with pytest.raises(IsplError) as caught:
        load_model_text(text, "bad.ispl")
    return [(d.line, d.column, d.message) for d in caught.value.diagnostics if d.severity == "error"]


def _line_of(text: str, fragment: str) -> int:
    return next(number for number, line in enumerate(text.splitlines(), 1) if fragment in line)


@pytest.mark.parametrize("entry, column, message", [
    ("waiting", 3, "a Compassion entry is a pair `p -> q`"),
    ("waiting <-> granted", 3, "a Compassion entry is a pair `p -> q`"),
    ("waiting -> <g>F granted", 14, "ATL operators are not allowed in the Compassion section"),
    ("waiting -> nowhere", 14, "nowhere"),
    ("E (F waiting and G granted) -> granted", 3, "a Compassion entry must be a CTLK formula"),
])
def test_bad_entries_are_located_errors(entry: str, column: int, message: str) -> None:
    text = ARBITER.replace("  waiting -> granted;", f"  {entry};").replace("end InitStates\n",
                                                                          "end InitStates\nGroups g = {Proc}; end Groups\n")
    errors = _errors(text)
    assert errors and errors[0][:2] == (_line_of(text, f"  {entry};"), column) and message in errors[0][2], errors


def test_the_section_comes_after_fairness_and_before_formulae() -> None:
    text = ARBITER.replace("Compassion\n  waiting -> granted;\nend Compassion\n", "").replace(
        "end Formulae\n", "end Formulae\nCompassion waiting -> granted; end Compassion\n")
    errors = _errors(text)
    assert errors


def test_fmt_prints_the_section_and_reads_back_the_same() -> None:
    text = ARBITER.replace("  waiting -> granted;", "  (waiting) -> (granted or  idle);\n  (idle -> waiting) -> granted;")
    formatted = format_model(text, "arbiter.ispl")
    assert "Compassion\n  waiting -> granted or idle;\n  (idle -> waiting) -> granted;\nend Compassion\n" in formatted
    assert formatted.index("Compassion") < formatted.index("Formulae")
    assert load_model_text(formatted).compassion == load_model_text(text).compassion
    assert format_model(formatted, "arbiter.ispl") == formatted


def test_lint_says_the_section_is_not_mcmas_ispl() -> None:
    model = load_model_text(ARBITER, "arbiter.ispl")
    flagged = [w for w in lint_model(model, build_system(model)) if w.kind == "ctlstark extension"]
    assert [(w.line, w.column) for w in flagged] == [(_line_of(ARBITER, "waiting -> granted"), 3)]
    assert "Compassion" in flagged[0].message and "MCMAS rejects the file" in flagged[0].message
    compared = ARBITER.replace("  waiting -> granted;", "  Environment.s = waiting -> granted;")
    model = load_model_text(compared, "arbiter.ispl")
    messages = [w.message for w in lint_model(model, build_system(model)) if w.kind == "ctlstark extension"]
    assert len(messages) == 2 and any("`Environment.s = waiting`" in message for message in messages)
    plain = load_model_text(ARBITER.replace("Compassion\n  waiting -> granted;\nend Compassion\n", ""))
    assert plain.compassion == ()
    assert not [w for w in lint_model(plain, build_system(plain)) if w.kind == "ctlstark extension"]
