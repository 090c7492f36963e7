"""Disagreements found by the differential test, kept as small explicit cases.

Each test says what was wrong. They compare the symbolic checker with the
explicit oracle and with answers worked out by hand.
"""

from __future__ import annotations

from ctlstark.check.label import Checker
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
