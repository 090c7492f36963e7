"""The Büchi route for `E ψ` (tests/buchi_automaton.py) against the explicit oracle and the symbolic tableau.

Three independent computations of `E ψ` over infinite fair paths must agree
state by state: the GPVW automaton encoded symbolically (`exists_path_buchi`),
the Clarke–Grumberg–Hamaguchi tableau (`ExistPath`) and the explicit oracle's own
GPVW product with SCCs (`ExplicitChecker.exists_fair_path`). All three read ψ's
maximal state subformulas (`E F p` inside ψ, say) as the checker does, so on a
model with deadlocks a nested `E F p` counts the finite paths into them too. Hand cases have
their expected sets worked out from the model's comment as well.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from conftest import examples

from buchi_automaton import BUCHI_PREFIX, build_automaton, exists_path_buchi
from ctlstark.mc.label import Checker
from ctlstark.mc.tableau import ExistPath
from ctlstark.errors import UnsupportedFormula
from ctlstark.explicit import ExplicitChecker, ExplicitSystem
from ctlstark.ispl import parse_formula, parse_model
from ctlstark.logic import formula as f
from ctlstark.logic.normalise import subformulas
from ctlstark.model import Model
from ctlstark.symbolic.bdd import Function
from ctlstark.symbolic.system import SymbolicSystem, build_system

from ispl_writer import write_model
from strategies import models, path_formulas

EXAMPLES = Path(__file__).resolve().parents[1] / "ispl_examples"

# One counter c in 0..4. 0 may stay (a) or go to 1 (b); 1 goes to 2 (a) or 3 (b);
# 2 goes back to 0; 3 may stay (a) or die into 4 (b); 4 is a deadlock (no protocol line).
# Infinite paths: 0^ω, the cycle 0 1 2, and 3^ω (reached through 1 → 3).
# p holds at 1 and 2, q at 3, z at 0, d at 4.
COUNTER = """
Agent M
  Vars:
    c : 0..4;
  end Vars
  Actions = {a, b};
  Protocol:
    c = 0 : {a, b};
    c = 1 : {a, b};
    c = 2 : {a};
    c = 3 : {a, b};
  end Protocol
  Evolution:
    c = 1 if c = 0 and Action = b;
    c = 2 if c = 1 and Action = a;
    c = 3 if c = 1 and Action = b;
    c = 0 if c = 2;
    c = 4 if c = 3 and Action = b;
  end Evolution
end Agent
Evaluation
  p if M.c = 1 or M.c = 2;
  q if M.c = 3;
  z if M.c = 0;
  d if M.c = 4;
end Evaluation
InitStates
  M.c = 0;
end InitStates
{fairness}
Formulae
  z;
end Formulae
"""


def counter(fairness: str | None = None) -> Model:
    section = f"Fairness\n  {fairness};\nend Fairness" if fairness else ""
    return parse_model(COUNTER.replace("{fairness}", section), "counter.ispl")


def at(*values: int) -> set[tuple[int]]:
    return {(value,) for value in values}


def fairness_sets(system: SymbolicSystem) -> list[Function]:
    """The model's Fairness formulas as state sets (evaluated without fairness, as the checker does)."""
    unfair = Checker(system, fairness=())
    return [unfair.states(constraint) for constraint in system.model.fairness]


def buchi_states(system: SymbolicSystem, path: f.Formula) -> set:
    """`E path` by the Büchi route, state leaves labelled by an ordinary checker."""
    return system.states_of(exists_path_buchi(system, path, Checker(system).states, fairness_sets(system)))


def three_routes(model: Model, path: f.Formula) -> dict[str, set]:
    """`E path` over infinite fair paths by the Büchi route, the tableau (not for state formulas) and the oracle."""
    system = build_system(model)
    routes = {
        "buchi": buchi_states(system, path),
        "oracle": set(ExplicitChecker(ExplicitSystem(model)).exists_fair_path(path)),
    }
    if not f.is_state_formula(path):
        tableau = ExistPath(system, fairness_sets(system)).states(path, Checker(system).states)
        routes["tableau"] = system.states_of(tableau.states)
    return routes


def assert_routes_agree(model: Model, path: f.Formula) -> None:
    routes = three_routes(model, path)
    if len({frozenset(states) for states in routes.values()}) > 1:
        found = "\n".join(f"  {name}: {sorted(states, key=repr)}" for name, states in routes.items())
        pytest.fail(f"E ({f.to_text(path)}) differs between routes:\n{found}\n{write_model(model)}")


def path_of(model: Model, text: str) -> f.Formula:
    formula = parse_formula(text, model).formula
    assert isinstance(formula, f.E)
    return formula.path


# ---------------------------------------------------------------- hand cases

HAND_CASES = {
    # fairness → {formula: states}
    None: {
        "E (G F p)": at(0, 1, 2),          # the 0 1 2 cycle; 3^ω has no p
        "E (F G z)": at(0, 1, 2),          # 0^ω, reached from 1 through 2
        "E (F G q)": at(0, 1, 2, 3),       # 3^ω, reached from 0 1 2 through 1
        "E (p U q)": at(1, 3),             # q at once, or 1 then 3
        "E (X X p)": at(0, 2),             # 0 0 1, 0 1 2, 2 0 1; from 1 the third state is 0 or 3
        "E (G F p and F G q)": set(),
        "E (F d and G true)": set(),       # no infinite path reaches the deadlock
    },
    "p": {                                 # fair paths end in the 0 1 2 cycle
        "E (G F p)": at(0, 1, 2),
        "E (F G z)": set(),
        "E (F G q)": set(),
        "E (p U q)": set(),                # 3 has no fair continuation
        "E (X X p)": at(0, 2),
        "E (G F p and F G q)": set(),
        "E (F d and G true)": set(),
    },
    "q": {                                 # fair paths end in 3^ω
        "E (G F p)": set(),
        "E (F G z)": set(),
        "E (F G q)": at(0, 1, 2, 3),
        "E (p U q)": at(1, 3),
        "E (X X p)": at(0, 2),             # 0 0 1 3…, 2 0 1 3…
        "E (G F p and F G q)": set(),
        "E (F d and G true)": set(),
    },
}


@pytest.mark.parametrize("fairness", list(HAND_CASES))
def test_hand_cases_agree_with_the_hand_answer_and_every_route(fairness: str | None) -> None:
    model = counter(fairness)
    for text, expected in HAND_CASES[fairness].items():
        routes = three_routes(model, path_of(model, text))
        assert routes == {"buchi": expected, "oracle": expected, "tableau": expected}, text


def test_knowledge_leaves_are_labelled_by_the_checker() -> None:
    """ispl_examples/ctlstark_paper_example.ispl: states (y, x); K(One, !p) holds exactly at x = 2."""
    model = parse_model((EXAMPLES / "ctlstark_paper_example.ispl").read_text(), "ctlstark_paper_example.ispl")
    system = build_system(model)
    everywhere = {(y, x) for y in (1, 2) for x in (1, 2, 3)}
    expected = {
        "E (X X K(One, !p))": {(1, 1), (2, 1)},
        "E (G F K(One, !p))": set(),                       # x = 2 is visited at most once
        "E (F K(One, !p) and X G !K(One, !p))": {(1, 2), (2, 2)},  # from x = 1, K would come later
        "E (G (E (F K(One, !p))))": {(1, 1), (2, 1)},      # stay at x = 1 for ever
        "E (F G p)": everywhere - {(2, 2), (2, 3)},       # stay at x = 1, or end at (1, 3); (2, 3) has no p
    }
    for text, states in expected.items():
        path = path_of(model, text)
        assert buchi_states(system, path) == states, text
        assert_routes_agree(model, path)


# Found by test_routes_agree_on_random_models: v0 = hi loops on a1 and reaches the deadlock
# v0 = lo (where p0 holds) on a0. The tableau route once labelled the nested `EF p0` over
# infinite paths only (where no deadlock is ever reached, so nowhere), the others as the
# checker does (at every v0 = hi state).
DEADLOCK_MODEL = """
Agent A0
  Vars:
    v0 : {lo, hi};
    v2 : 0 .. 1;
  end Vars
  Actions = {a0, a1};
  Protocol:
    v0 <> lo : {a0, a1};
  end Protocol
  Evolution:
    v0 = lo if Action = a0;
  end Evolution
end Agent
Evaluation
  p0 if A0.v0 = lo;
end Evaluation
InitStates
  A0.v0 = hi;
end InitStates
Formulae
  p0;
end Formulae
"""


def test_nested_state_formulas_count_paths_into_deadlocks() -> None:
    model = parse_model(DEADLOCK_MODEL, "deadlock.ispl")
    looping = {("hi", 0), ("hi", 1)}
    for text in ("E (p0 U EF p0)", "E ((((p0 U p0) U (p0 U p0)) U EF p0))", "E (G EF p0)"):
        routes = three_routes(model, path_of(model, text))
        assert routes == {"buchi": looping, "oracle": looping, "tableau": looping}, text


def test_state_formula_paths_need_an_infinite_path() -> None:
    """`E ψ` for a state formula ψ, read over infinite paths: the deadlock 4 has none."""
    model = counter()
    system = build_system(model)
    assert buchi_states(system, f.Not(f.Prop("p"))) == at(0, 3)
    assert buchi_states(system, f.Const(True)) == at(0, 1, 2, 3)
    assert buchi_states(system, f.Const(False)) == set()


def test_until_automaton_has_the_gpvw_nodes() -> None:
    """p U q: nodes {pUq, q} and {pUq, p} (both initial) and the empty node after q; two accept pUq."""
    until = f.U(f.Prop("p"), f.Prop("q"))
    automaton = build_automaton(until)
    olds = set(automaton.old)
    assert olds == {frozenset({until, f.Prop("q")}), frozenset({until, f.Prop("p")}), frozenset()}
    initial = {automaton.old[node] for node in automaton.initial()}
    assert initial == {frozenset({until, f.Prop("q")}), frozenset({until, f.Prop("p")})}
    accepting = {automaton.old[node] for node in automaton.accepting(until)}
    assert accepting == {frozenset({until, f.Prop("q")}), frozenset()}
    promised = automaton.old.index(frozenset({until, f.Prop("p")}))
    assert {target for source, target in automaton.edges() if source == promised} == {
        node for node in automaton.initial()}


def test_contradictory_obligations_are_dropped() -> None:
    """`G false` has no node; `X p and X !p` one node without successor (its next obligations clash)."""
    assert len(build_automaton(f.G(f.Const(False)))) == 0
    clash = build_automaton(f.And(f.X(f.Prop("p")), f.X(f.Not(f.Prop("p")))))
    assert len(clash) == 1 and list(clash.edges()) == []
    assert buchi_states(build_system(counter()), f.And(f.X(f.Prop("p")), f.X(f.Not(f.Prop("p"))))) == set()


def test_automaton_bits_come_after_the_model_and_are_reused() -> None:
    model = counter()
    system = build_system(model)
    deepest_model_level = max(system.bdd.level_of_var(bit) for bit in system.next_bits)
    buchi_states(system, path_of(model, "E (G F p and F G q)"))
    declared = sorted(name for name in system.bdd.vars if name.startswith(BUCHI_PREFIX))
    assert declared and len(declared) % 2 == 0
    assert all(system.bdd.level_of_var(name) > deepest_model_level for name in declared)
    buchi_states(system, path_of(model, "E (X X p)"))
    assert sorted(name for name in system.bdd.vars if name.startswith(BUCHI_PREFIX)) == declared


GO = f.ActionAtom("M", "b")


@pytest.mark.parametrize("path", [f.F(GO), f.And(f.Const(False), f.X(f.Not(GO))), f.U(f.Prop("p"), GO)])
def test_action_atoms_are_refused(path: f.Formula) -> None:
    """Even where the automaton would never read the atom (under `false and …`)."""
    system = build_system(counter())
    with pytest.raises(UnsupportedFormula, match=r"M\.Action = b"):
        exists_path_buchi(system, path, Checker(system).states, [])


# ---------------------------------------------------------------- random models and formulas


@st.composite
def models_and_paths(draw: st.DrawFn) -> tuple[Model, f.Formula]:
    """A random model and a random path formula over it without action atoms."""
    model = draw(models())
    path = draw(path_formulas(model, depth=3, operator_first=True))  # depth 4: a GBA of minutes now and then
    assume(not any(isinstance(sub, f.ActionAtom) for sub in subformulas(path)))
    return model, path


@settings(max_examples=examples(200))
@given(models_and_paths())
def test_routes_agree_on_random_models(case: tuple[Model, f.Formula]) -> None:
    assert_routes_agree(*case)
