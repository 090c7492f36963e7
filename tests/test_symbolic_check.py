"""The CTLK checker on hand-made models whose answers follow from docs/semantics.md."""

from __future__ import annotations

import pytest

from ctlstark.mc.label import Checker
from ctlstark.logic.normalise import push_negation
from ctlstark.errors import UnsupportedFormula
from ctlstark.logic import formula as f
from ctlstark.symbolic.system import build_system

from test_symbolic_models import (
    counter_model, dining_cryptographers, lasso_model, needs_reference, observer_model, ring_model,
)

p, q, top, end, a = f.Prop("p"), f.Prop("q"), f.Prop("top"), f.Prop("end"), f.Prop("a")
TRUE, FALSE = f.Const(True), f.Const(False)


def EX(x): return f.E(f.X(x))  # noqa: E302,E704
def AX(x): return f.A(f.X(x))  # noqa: E302,E704
def EF(x): return f.E(f.F(x))  # noqa: E302,E704
def AF(x): return f.A(f.F(x))  # noqa: E302,E704
def EG(x): return f.E(f.G(x))  # noqa: E302,E704
def AG(x): return f.A(f.G(x))  # noqa: E302,E704


def checker_for(model) -> Checker:
    return Checker(build_system(model))


def sat(checker: Checker, formula: f.Formula) -> set:
    return checker.system.states_of(checker.states(formula))


# ---------------------------------------------------------------- deadlocks (MCMAS: no self-loop)


def test_deadlock_semantics_of_ex_eg_ax() -> None:
    """Counter 0..3 overflowing at 3: EX/EG false at the deadlock, AX true; AF false holds everywhere."""
    model, _ = counter_model(3)
    checker = checker_for(model)
    assert sat(checker, EX(TRUE)) == {(0,), (1,), (2,)}
    assert sat(checker, EX(top)) == {(2,)}
    assert sat(checker, AX(FALSE)) == {(3,)}
    assert sat(checker, EG(TRUE)) == set()
    assert checker.holds(AF(f.And(top, f.Not(top))))  # the probe: every path deadlocks
    assert not checker.holds(EG(f.Or(top, f.Not(top))))
    assert checker.holds(EF(top)) and checker.holds(AF(top))


def test_until_release_weak_until_on_the_ring() -> None:
    """Ring a → {a, b}, b → c, c → a (p at b, q at c)."""
    model, _ = ring_model()
    checker = checker_for(model)
    every = {("a",), ("b",), ("c",)}
    assert sat(checker, f.E(f.U(a, p))) == {("a",), ("b",)}
    assert sat(checker, f.A(f.U(a, p))) == {("b",)}  # a may loop forever
    assert sat(checker, f.A(f.W(a, p))) == {("a",), ("b",)}
    assert sat(checker, EG(a)) == {("a",)}
    assert sat(checker, AG(f.Not(q))) == set()
    assert sat(checker, AF(q)) == {("b",), ("c",)}
    # p R ¬q: ¬q holds until (and including) a p-state, or forever
    assert sat(checker, f.E(f.R(p, f.Not(q)))) == {("a",), ("b",)}
    assert sat(checker, f.A(f.R(p, f.Not(q)))) == {("a",), ("b",)}
    assert sat(checker, f.A(f.R(f.Not(a), a))) == set()  # ¬a R a = G a, and a may move to b
    assert sat(checker, EF(p)) == every


@pytest.mark.parametrize("inner", [
    f.X(f.Prop("p")), f.F(f.Prop("p")), f.G(f.Prop("a")), f.U(f.Prop("a"), f.Prop("p")),
    f.R(f.Prop("p"), f.Prop("a")), f.W(f.Prop("a"), f.Prop("q")),
])
def test_negation_under_a_quantifier_is_the_dual(inner: f.Formula) -> None:
    """E ¬ψ = ¬A ψ and A ¬ψ = ¬E ψ on reachable states, and the rewritten shape is CTL again."""
    model, _ = ring_model()
    checker = checker_for(model)
    assert checker.states(f.E(f.Not(inner))) == checker.states(f.Not(f.A(inner)))
    assert checker.states(f.A(f.Not(inner))) == checker.states(f.Not(f.E(inner)))
    assert checker.states(f.E(f.Not(f.Not(inner)))) == checker.states(f.E(inner))
    assert not isinstance(push_negation(f.Not(inner)), f.Not)


def test_quantified_state_formula() -> None:
    model, _ = ring_model()
    checker = checker_for(model)
    assert checker.states(f.E(p)) == checker.states(p) == checker.states(f.A(p))


# ---------------------------------------------------------------- fairness


def test_fairness_excludes_the_waiting_loop() -> None:
    """Lasso 0 ↺, 0 → 1 → 2 ↺: `Fairness: end` forbids waiting at 0 forever."""
    unfair_model, _ = lasso_model()
    fair_model, _ = lasso_model(fairness=(end,))
    unfair, fair = checker_for(unfair_model), checker_for(fair_model)
    zero = f.Not(f.Or(f.Prop("p"), end))
    assert sat(unfair, EG(zero)) == {(0,)}
    assert sat(fair, EG(zero)) == set()
    assert not unfair.holds(AF(end)) and fair.holds(AF(end))
    # the definition A(φ U ψ) = ¬E(¬ψ U (¬φ ∧ ¬ψ)) ∧ ¬EG_fair ¬ψ (differs from MCMAS 1.3.0)
    assert fair.holds(f.A(f.U(f.Not(end), end))) and not unfair.holds(f.A(f.U(f.Not(end), end)))
    assert fair.system.states_of(fair.fair_states) == {(0,), (1,), (2,)}


def test_unsatisfiable_fairness_empties_existential_paths() -> None:
    model, _ = lasso_model(fairness=(f.Prop("p"),))  # p is visited at most once
    checker = checker_for(model)
    assert checker.fair_states == checker.system.bdd.false
    assert sat(checker, EX(TRUE)) == set()
    assert sat(checker, EF(TRUE)) == set()
    assert sat(checker, f.E(TRUE)) == set()
    assert checker.holds(AX(FALSE)) and checker.holds(AG(FALSE)) and checker.holds(f.A(FALSE))
    assert checker.holds(f.K("M", FALSE))  # no fair world to consider


def test_fair_ex_needs_a_fair_successor() -> None:
    """Ring with `Fairness: q`: every state is fair; EX a at c (c → a), not at b."""
    model, _ = ring_model(fairness=(q,))
    checker = checker_for(model)
    assert sat(checker, EX(a)) == {("a",), ("c",)}
    assert sat(checker, EG(a)) == set()  # staying at a never visits q
    assert sat(checker, f.E(f.W(a, p))) == {("a",), ("b",)}


# ---------------------------------------------------------------- knowledge and obligation


def test_knowledge_of_a_hidden_bit() -> None:
    model, _ = observer_model()
    checker = checker_for(model)
    h, o = f.Prop("h"), f.Prop("o")
    knows_h = f.Or(f.K("Obs", h), f.K("Obs", f.Not(h)))
    assert sat(checker, knows_h) == set()
    spy_knows = f.Or(f.K("Spy", h), f.K("Spy", f.Not(h)))
    assert checker.holds(AG(spy_knows))
    assert checker.holds(AG(f.Implies(o, f.K("Obs", o))))
    assert checker.holds(AG(f.Implies(o, f.GCK("both", o))))
    assert not checker.holds(f.GK("both", h))
    # Spy sees h, Obs sees seen: distributed knowledge of the group knows h
    assert checker.holds(AG(f.Or(f.DK("both", h), f.DK("both", f.Not(h)))))
    assert not checker.holds(f.Or(f.DK("obs", h), f.DK("obs", f.Not(h))))


def test_knowledge_about_the_future() -> None:
    """Obs knows that `seen` will hold: seen is set one step after o."""
    model, _ = observer_model()
    checker = checker_for(model)
    assert checker.holds(f.K("Obs", AF(f.Prop("seen"))))
    assert checker.holds(AG(f.Implies(f.Prop("o"), f.K("Obs", AX(f.Prop("seen"))))))


def test_common_knowledge_is_a_greatest_fixpoint() -> None:
    """h is never common knowledge even where Spy knows it; o is, once true."""
    model, _ = observer_model()
    checker = checker_for(model)
    h, o = f.Prop("h"), f.Prop("o")
    assert sat(checker, f.GCK("both", h)) == set()
    assert sat(checker, f.GCK("both", o)) == sat(checker, o)
    assert checker.states(f.GCK("obs", o)) == checker.states(f.K("Obs", o))


def test_obligation_and_red_states() -> None:
    """Spy is red exactly where h holds: O(Spy, ¬h) is valid, O(Spy, h) is not."""
    model, _ = observer_model()
    checker = checker_for(model)
    h = f.Prop("h")
    assert sat(checker, f.AgentStates("Spy", "red")) == sat(checker, h)
    assert sat(checker, f.AgentStates("Obs", "red")) == set()
    assert checker.states(f.AgentStates("Obs", "green")) == checker.system.reachable
    assert checker.states(f.O("Spy", f.Not(h))) == checker.system.reachable
    assert checker.states(f.O("Spy", h)) == checker.system.bdd.false


# ---------------------------------------------------------------- what is not supported yet


@pytest.mark.parametrize("formula", [
    f.F(f.Prop("p")),
    f.ATL("nogroup", f.F(f.Prop("p"))),
])
def test_unsupported_formulas_raise(formula: f.Formula) -> None:
    model, _ = ring_model()
    checker = checker_for(model)
    with pytest.raises(UnsupportedFormula):
        checker.states(formula)


def test_unknown_names_raise_unsupported_formula() -> None:
    model, _ = ring_model()
    checker = checker_for(model)
    for formula in (f.Prop("nope"), f.K("Nobody", TRUE), f.GK("nogroup", TRUE), f.C("Nobody", "R", TRUE)):
        with pytest.raises(UnsupportedFormula):
            checker.states(formula)


def test_release_drops_cached_states() -> None:
    model, _ = ring_model()
    system = build_system(model)
    checker = Checker(system)
    checker.states(EF(p))
    system.release()
    assert checker.fair_states is None and system.reachable is None


# ---------------------------------------------------------------- the dining cryptographers


@needs_reference
@pytest.mark.parametrize("count", [3, 5])
def test_dining_cryptographers_verdicts(count: int, tmp_path) -> None:
    """The file's two CTLK formulae are TRUE (as MCMAS says); `AG(odd -> c1paid)` is FALSE."""
    model = dining_cryptographers(count, tmp_path)
    system = build_system(model)
    checker = Checker(system)
    assert system.count_states(system.reachable) == 4 * (count + 1) * 2**count
    assert [checker.holds(entry.formula) for entry in model.formulae] == [True, True]
    assert not checker.holds(AG(f.Implies(f.Prop("odd"), f.Prop("c1paid"))))
    assert checker.holds(AG(f.Implies(f.Prop("even"), f.Not(f.Prop("c1paid")))))
    assert not checker.holds(AG(f.K("DinCrypt1", f.Not(f.Prop("c2paid")))))
    assert system.deadlock_states() == system.bdd.false
