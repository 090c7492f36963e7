"""Disagreements found by the differential test, kept as small explicit cases.

Each test says what was wrong. They compare the symbolic checker with the
explicit oracle and with answers worked out by hand.
"""

from __future__ import annotations

from ctlstark.mc.label import Checker
from ctlstark.explicit import ExplicitChecker, ExplicitSystem
from ctlstark.logic import formula as f
from ctlstark.model import ActionIs, Agent, Binary, Const, EvolutionRule, Model, ProtocolRule, RangeType, Variable, VarRef
from ctlstark.symbolic.system import build_system


def leaving_model() -> Model:
    """n: 0..1 starts at 0; each step n may stay or become 1 (and then stays 1).

    Fairness `n = 0` makes n = 1 unfair: no fair path starts there.
    """
    n = Variable("A", "n", RangeType(0, 1))
    zero = Binary("=", VarRef(n), Const(0))
    agent = Agent(
        "A", (n,), (), ("stay", "leave"),
        (ProtocolRule(Const(True), ("stay", "leave"), is_other=True),),
        (EvolutionRule(((n, Const(1)),), ActionIs("A", "leave")),),
    )
    return Model(
        name="leaving", semantics="multi", agents=(agent,), propositions={"zero": zero},
        initial_condition=zero, groups={}, fairness=(f.Prop("zero"),), formulae=(),
    )


def test_path_quantifier_over_a_state_formula_ranges_over_fair_paths() -> None:
    """`E φ` for a state formula φ is `φ ∧ fair` and `A φ` is `φ ∨ ¬fair`.

    Was wrong (found by the differential test): an early symbolic checker returned φ itself for both, so at the unfair
    state n = 1 it made `E true` hold while `EF true` (= E(true U true)) failed,
    breaking the validity E φ → EF φ (and A G φ → A φ for A). The semantics page
    defines every path quantifier over fair paths; with no Fairness section every
    reachable state is fair and `E φ` is φ.
    """
    model = leaving_model()
    system = build_system(model)
    checker = Checker(system)
    oracle = ExplicitChecker(ExplicitSystem(model))
    unfair_state = (1,)
    assert oracle.sat(f.E(f.Const(True))) == oracle.sat(f.E(f.F(f.Const(True)))) == {(0,)}
    assert oracle.sat(f.A(f.Prop("zero"))) == {(0,), unfair_state}
    assert system.states_of(checker.states(f.E(f.Const(True)))) == oracle.sat(f.E(f.Const(True)))
    assert system.states_of(checker.states(f.A(f.Prop("zero")))) == oracle.sat(f.A(f.Prop("zero")))


def test_images_of_state_action_pairs_keep_private_action_bits() -> None:
    """An action only its own agent reads is quantified out of the relation for state images;
    an image or pre-image of (state, action) pairs must still see that action.

    Found by the witness tests: the counterexample of an action-atom formula
    showed a step its joint action cannot produce.
    """
    model = leaving_model()
    system = build_system(model)
    assert system._schedules.private_actions  # the case under test: A's action bits are read by A's part only
    bdd = system.bdd
    actions = system.encoding.action_bits
    leave, stay = system.encoding.action_cube("A", "leave"), system.encoding.action_cube("A", "stay")
    zero = system.reachable & system.condition(model.propositions["zero"])
    pairs = system.successors_with_actions(zero)  # the full relation, action bits intact
    for action in (leave, stay):
        expected = bdd.exist(set(actions), pairs & action)
        assert system.image(zero & action) == expected
    one = system.reachable & ~zero
    assert system.image(zero & stay) & one == bdd.false
    # pre-images of (action, successor) pairs: only `leave` takes n = 0 to n = 1
    assert system.preimage(one & stay) & system.reachable == one
    assert system.preimage(one & leave) & system.reachable == zero | one
