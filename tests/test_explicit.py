"""Unit tests of the explicit-state oracle on tiny models whose answers are worked out by hand."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from conftest import examples

from ctlstark.errors import ResourceExhausted, UnsupportedFormula
from ctlstark.explicit import ExplicitChecker, ExplicitSystem
from ctlstark.semantics.expressions import UNDEFINED, evaluate, truncating_division
from ctlstark.logic import formula as f
from ctlstark.model import (
    ENVIRONMENT, ActionIs, Agent, Binary, BoolType, Const, EvolutionRule, Expr, Model, ProtocolRule,
    RangeType, Unary, Variable, VarRef,
)

from strategies import formulas, models
from model_builders import conj, eq

TRUE = Const(True)




def agent(
    name: str,
    variables: tuple[Variable, ...],
    actions: tuple[str, ...],
    protocol: tuple[ProtocolRule, ...],
    evolution: tuple[EvolutionRule, ...],
    *,
    observed: tuple[Variable, ...] = (),
    red: Expr | None = None,
) -> Agent:
    return Agent(name, variables, observed, actions, protocol, evolution, red)


def model(
    agents: tuple[Agent, ...],
    initial: Expr,
    propositions: dict[str, Expr] | None = None,
    *,
    semantics: str = "multi",
    groups: dict[str, tuple[str, ...]] | None = None,
    fairness: tuple[f.Formula, ...] = (),
) -> Model:
    return Model(
        name="hand",
        semantics=semantics,  # type: ignore[arg-type]
        agents=agents,
        propositions=propositions or {},
        initial_condition=initial,
        groups=groups or {},
        fairness=fairness,
        formulae=(),
    )


def other(*actions: str) -> ProtocolRule:
    return ProtocolRule(TRUE, actions, is_other=True)


def sat_values(checker: ExplicitChecker, formula: f.Formula) -> set:
    """The satisfying states of a one-variable model, as bare values."""
    return {state[0] for state in checker.sat(formula)}


# ---------------------------------------------------------------- expressions


def test_division_truncates_toward_zero() -> None:
    assert [truncating_division(n, d) for n, d in [(7, 2), (-7, 2), (7, -2), (-7, -2), (1, 3)]] == [3, -3, -3, 3, 0]


def test_division_by_zero_is_undefined_and_comparisons_with_it_are_false() -> None:
    x = Variable("A", "x", RangeType(0, 2))
    quotient = Binary("/", Const(2), VarRef(x))
    assert evaluate(quotient, {x: 0}) is UNDEFINED
    assert evaluate(Binary("+", quotient, Const(1)), {x: 0}) is UNDEFINED
    assert evaluate(Binary("=", quotient, Const(0)), {x: 0}) is False
    assert evaluate(Binary("<>", quotient, Const(0)), {x: 0}) is False
    assert evaluate(Unary("!", Binary("=", quotient, Const(0))), {x: 0}) is True
    assert evaluate(Binary("=", quotient, Const(1)), {x: 2}) is True


# ---------------------------------------------------------------- deadlocks


def counter_model() -> tuple[Model, Variable]:
    """n: 0..3 incremented every step: n = 3 has no successor (the assignment overflows)."""
    n = Variable("A", "n", RangeType(0, 3))
    counter = agent(
        "A", (n,), ("inc",), (other("inc"),),
        (EvolutionRule(((n, Binary("+", VarRef(n), Const(1))),), ActionIs("A", "inc")),),
    )
    return model((counter,), eq(n, 0), {"top": eq(n, 3)}), n


def test_overflowing_assignment_is_a_deadlock_without_self_loop() -> None:
    system = ExplicitSystem(counter_model()[0])
    assert system.initial == {(0,)}
    assert system.states == {(0,), (1,), (2,), (3,)}
    assert system.successors[(2,)] == {(3,)}
    assert system.deadlocks() == {(3,)}


def test_path_quantifiers_at_a_deadlock() -> None:
    checker = ExplicitChecker(ExplicitSystem(counter_model()[0]))
    top = f.Prop("top")
    assert sat_values(checker, f.E(f.X(f.Const(True)))) == {0, 1, 2}
    assert sat_values(checker, f.A(f.X(f.Const(False)))) == {3}
    assert sat_values(checker, f.E(f.G(f.Const(True)))) == set()
    assert checker.holds(f.A(f.F(f.Const(False))))
    assert checker.holds(f.E(f.F(top)))
    assert checker.holds(f.A(f.U(f.Not(top), top)))
    # without Fairness every reachable state is fair, so E of a state formula is the formula
    assert sat_values(checker, f.E(top)) == {3}
    assert sat_values(checker, f.A(f.Not(top))) == {0, 1, 2}


def test_no_enabled_action_without_other_is_a_deadlock() -> None:
    b = Variable("A", "b", BoolType())
    once = agent("A", (b,), ("go",), (ProtocolRule(eq(b, False), ("go",)),),
                 (EvolutionRule(((b, TRUE),), ActionIs("A", "go")),))
    system = ExplicitSystem(model((once,), eq(b, False)))
    assert system.successors == {(False,): {(True,)}, (True,): frozenset()}


def test_other_applies_only_when_no_line_holds() -> None:
    b = Variable("A", "b", BoolType())
    toggler = agent(
        "A", (b,), ("set", "reset"),
        (ProtocolRule(eq(b, False), ("set",)), other("reset")),
        (EvolutionRule(((b, TRUE),), ActionIs("A", "set")), EvolutionRule(((b, Const(False)),), ActionIs("A", "reset"))),
    )
    system = ExplicitSystem(model((toggler,), eq(b, False)))
    assert system.successors == {(False,): {(True,)}, (True,): {(False,)}}
    assert system.enabled_actions(toggler, (False,)) == ("set",)


def test_undefined_assignment_makes_the_alternative_impossible() -> None:
    m = Variable("A", "m", RangeType(0, 2))
    divider = agent("A", (m,), ("go",), (other("go"),),
                    (EvolutionRule(((m, Binary("/", Const(2), VarRef(m))),), TRUE),))
    system = ExplicitSystem(model((divider,), eq(m, 0)))
    assert system.successors == {(0,): frozenset()}


def test_anonymous_actions_match_no_guard() -> None:
    x = Variable(ENVIRONMENT, "x", BoolType())
    environment = agent(ENVIRONMENT, (x,), ("a", "b", "#2", "#3"), (other("a", "b", "#2", "#3"),),
                        (EvolutionRule(((x, TRUE),), ActionIs(ENVIRONMENT, "a")),
                         EvolutionRule(((x, TRUE),), ActionIs(ENVIRONMENT, "b"))))
    system = ExplicitSystem(model((environment,), eq(x, False)))
    assert system.successors[(False,)] == {(False,), (True,)}


# ---------------------------------------------------------------- MultiAssignment vs SingleAssignment


def two_flags(semantics: str) -> ExplicitSystem:
    x = Variable("A", "x", BoolType())
    y = Variable("A", "y", BoolType())
    flags = agent("A", (x, y), ("go",), (other("go"),),
                  (EvolutionRule(((x, TRUE),), eq(x, False)), EvolutionRule(((y, TRUE),), eq(y, False))))
    return ExplicitSystem(model((flags,), conj(eq(x, False), eq(y, False)), semantics=semantics))


def test_multi_assignment_takes_one_line_and_keeps_other_variables() -> None:
    assert two_flags("multi").successors[(False, False)] == {(True, False), (False, True)}


def test_single_assignment_updates_every_variable_independently() -> None:
    assert two_flags("single").successors[(False, False)] == {(True, True)}


def test_single_assignment_choice_per_variable_and_impossible_values_dropped() -> None:
    n = Variable("A", "n", RangeType(0, 2))
    b = Variable("A", "b", BoolType())
    lines = (
        EvolutionRule(((n, Binary("+", VarRef(n), Const(1))),), TRUE),
        EvolutionRule(((n, Const(0)),), TRUE),
        EvolutionRule(((b, TRUE),), eq(n, 2)),
    )
    chooser = agent("A", (n, b), ("go",), (other("go"),), lines)
    system = ExplicitSystem(model((chooser,), conj(eq(n, 1), eq(b, False)), semantics="single"))
    assert system.successors[(1, False)] == {(2, False), (0, False)}
    assert system.successors[(2, False)] == {(0, True)}  # n + 1 = 3 leaves the range


# ---------------------------------------------------------------- fairness


def flipper(fairness: tuple[f.Formula, ...]) -> ExplicitChecker:
    """b may stay or flip each step; p is b = true."""
    b = Variable("A", "b", BoolType())
    flips = (
        EvolutionRule(((b, TRUE),), conj(ActionIs("A", "flip"), eq(b, False))),
        EvolutionRule(((b, Const(False)),), conj(ActionIs("A", "flip"), eq(b, True))),
    )
    flip_agent = agent("A", (b,), ("stay", "flip"), (other("stay", "flip"),), flips)
    return ExplicitChecker(ExplicitSystem(model((flip_agent,), eq(b, False), {"p": eq(b, True)}, fairness=fairness)))


def test_fairness_excludes_paths_that_avoid_a_fairness_set() -> None:
    p = f.Prop("p")
    unfair, fair = flipper(()), flipper((p,))
    assert sat_values(unfair, f.E(f.G(f.Not(p)))) == {False}
    assert sat_values(fair, f.E(f.G(f.Not(p)))) == set()
    assert not unfair.holds(f.A(f.F(p)))
    assert fair.holds(f.A(f.F(p)))
    assert fair.fair_states == fair.reachable


def test_unfair_states_are_ignored_by_ex_and_knowledge() -> None:
    n = Variable("A", "n", RangeType(0, 1))
    leave = agent("A", (n,), ("stay", "leave"), (other("stay", "leave"),),
                  (EvolutionRule(((n, Const(1)),), ActionIs("A", "leave")),))
    fair_at_zero = (f.Prop("zero"),)
    checker = ExplicitChecker(ExplicitSystem(model((leave,), eq(n, 0), {"zero": eq(n, 0)}, fairness=fair_at_zero)))
    zero = f.Prop("zero")
    assert checker.fair_states == {(0,)}
    assert sat_values(checker, f.E(f.X(f.Not(zero)))) == set()  # the successor n = 1 is not fair
    assert sat_values(checker, f.A(f.X(zero))) == {0, 1}
    # n = 1 has no fair look-alike, so it knows everything (vacuously)
    assert sat_values(checker, f.K("A", zero)) == {0, 1}
    assert sat_values(checker, f.K("A", f.Not(zero))) == {1}
    assert sat_values(checker, f.E(zero)) == {0}
    assert sat_values(checker, f.A(f.Not(zero))) == {1}


# ---------------------------------------------------------------- knowledge and deontic


def two_observers() -> tuple[ExplicitChecker, Variable, Variable]:
    """A sees a, B sees b; reachable (initial, frozen) states FF, TF, TT."""
    a = Variable("A", "a", BoolType())
    b = Variable("B", "b", BoolType())
    agent_a = agent("A", (a,), ("idle",), (other("idle"),), (), red=eq(a, True))
    agent_b = agent("B", (b,), ("idle",), (other("idle"),), ())
    initial = Unary("!", conj(eq(a, False), eq(b, True)))
    hand = model((agent_a, agent_b), initial, {"pa": eq(a, True), "pb": eq(b, True)}, groups={"g": ("A", "B")})
    return ExplicitChecker(ExplicitSystem(hand)), a, b


def test_knowledge_by_local_state() -> None:
    checker, _, _ = two_observers()
    pa, pb = f.Prop("pa"), f.Prop("pb")
    assert checker.reachable == {(False, False), (True, False), (True, True)}
    assert checker.sat(f.K("A", pa)) == {(True, False), (True, True)}
    assert checker.sat(f.K("A", pb)) == set()
    assert checker.sat(f.K("B", pa)) == {(True, True)}
    assert checker.sat(f.GK("g", pa)) == {(True, True)}
    assert checker.sat(f.DK("g", pb)) == {(True, True)}


def test_common_knowledge_is_stronger_than_everybody_knows() -> None:
    checker, _, _ = two_observers()
    pa = f.Prop("pa")
    assert checker.sat(f.GK("g", pa)) == {(True, True)}
    assert checker.sat(f.GCK("g", pa)) == set()  # TT ~A TF ~B FF, where pa is false
    assert checker.sat(f.GCK("g", f.Or(pa, f.Not(f.Prop("pb"))))) == checker.reachable


def test_red_green_and_obligation() -> None:
    checker, _, _ = two_observers()
    assert checker.sat(f.AgentStates("A", "red")) == {(True, False), (True, True)}
    assert checker.sat(f.AgentStates("B", "red")) == set()
    assert checker.sat(f.AgentStates("A", "green")) == {(False, False)}
    assert checker.sat(f.O("A", f.Not(f.Prop("pa")))) == checker.reachable
    assert checker.sat(f.O("A", f.Prop("pb"))) == set()


# ---------------------------------------------------------------- path shapes and limits


def test_release_weak_until_and_negated_paths() -> None:
    checker = ExplicitChecker(ExplicitSystem(counter_model()[0]))
    top = f.Prop("top")
    false = f.Const(False)
    assert sat_values(checker, f.E(f.W(f.Not(top), false))) == set()  # every path deadlocks
    assert sat_values(checker, f.A(f.W(f.Not(top), top))) == {0, 1, 2, 3}
    assert sat_values(checker, f.A(f.R(top, f.Const(True)))) == {0, 1, 2, 3}
    assert sat_values(checker, f.E(f.Not(f.X(top)))) == {0, 1}
    assert checker.sat(f.E(f.Not(f.F(top)))) == checker.sat(f.E(f.G(f.Not(top))))
    assert checker.sat(f.A(f.Not(f.Not(f.X(top))))) == checker.sat(f.A(f.X(top)))


def test_unsupported_formulas_raise() -> None:
    checker = ExplicitChecker(ExplicitSystem(counter_model()[0]))
    top = f.Prop("top")
    with pytest.raises(UnsupportedFormula):
        checker.sat(f.F(top))
    with pytest.raises(UnsupportedFormula):
        checker.sat(f.ActionAtom("A", "inc"))  # a path formula: it needs E or A


def test_action_atoms_need_an_infinite_path() -> None:
    """Every path of the counter ends in a deadlock, so no infinite path carries any action."""
    checker = ExplicitChecker(ExplicitSystem(counter_model()[0]))
    top = f.Prop("top")
    assert checker.sat(f.E(f.And(f.X(top), f.F(f.ActionAtom("A", "inc"))))) == set()
    assert checker.sat(f.E(f.X(f.ActionAtom("A", "inc")))) == set()


def test_state_space_limit() -> None:
    with pytest.raises(ResourceExhausted, match="limit"):
        ExplicitSystem(counter_model()[0], max_states=3)


# ---------------------------------------------------------------- the oracle's algorithms against naive fixpoints


def naive_ex(checker: ExplicitChecker, target: frozenset, fair: frozenset) -> frozenset:
    return frozenset(s for s in checker.reachable if checker.system.successors[s] & target & fair)


def naive_eu(checker: ExplicitChecker, stay: frozenset, goal: frozenset, fair: frozenset) -> frozenset:
    """μZ. (goal ∧ fair) ∨ (stay ∧ EX Z)."""
    z: frozenset = frozenset()
    while True:
        new = (goal & fair) | (stay & naive_ex(checker, z, fair))
        if new == z:
            return z
        z = new


def naive_eg(checker: ExplicitChecker, stay: frozenset) -> frozenset:
    """Emerson–Lei νZ. stay ∧ ⋀_F EX E[stay U (Z ∧ F)] with plain EX/EU (νZ. stay ∧ EX Z without fairness)."""
    everything = checker.reachable
    z = everything
    while True:
        new = stay
        for fair_set in checker.fairness_sets or (everything,):
            new = new & naive_ex(checker, naive_eu(checker, stay, z & fair_set, everything), everything)
        if new == z:
            return z
        z = new


def naive_common_knowledge(checker: ExplicitChecker, group: str, truth: frozenset) -> frozenset:
    """νX. GK(g, φ ∧ X), with K_i(T) = states whose fair look-alikes for i all lie in T."""
    system = checker.system

    def knows(agent_name: str, target: frozenset) -> frozenset:
        doubtful = {system.local_state(agent_name, s) for s in checker.fair_states - target}
        return frozenset(s for s in checker.reachable if system.local_state(agent_name, s) not in doubtful)

    x = checker.reachable
    while True:
        new = checker.reachable
        for member in checker.model.groups[group]:
            new = new & knows(member, truth & x)
        if new == x:
            return x
        x = new


@settings(max_examples=examples(50))
@given(st.data())
def test_search_algorithms_agree_with_naive_fixpoints(data: st.DataObject) -> None:
    hand = data.draw(models())
    checker = ExplicitChecker(ExplicitSystem(hand))
    phi = data.draw(formulas(hand, depth=2))
    psi = data.draw(formulas(hand, depth=2))
    stay, goal = checker.sat(phi), checker.sat(psi)
    assert checker.fair_states == (naive_eg(checker, checker.reachable) if hand.fairness else checker.reachable)
    assert checker.sat(f.E(f.G(phi))) == naive_eg(checker, stay)
    assert checker.sat(f.E(f.U(phi, psi))) == naive_eu(checker, stay, goal, checker.fair_states)
    group = sorted(hand.groups)[0]
    assert checker.sat(f.GCK(group, phi)) == naive_common_knowledge(checker, group, stay)
