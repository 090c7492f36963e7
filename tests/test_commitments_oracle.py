"""The explicit oracle on commitments (C, Fu, SC) and action atoms: hand-worked answers and the algebra's laws.

Semantics: docs/commitments.md (the relation ~i→j, C, Fu, SC, action atoms
on s0 a0 s1 a1 … paths). The hand-made models below state their reachable
states and relations in comments; every expected set is worked out by hand
from those. The property tests check, on random models where agents share
variables, laws that follow from the definitions (Fu ⇒ C, commitment before
fulfilment, ~i→j transitive / Euclidean / shift-reflexive, C(i, i, φ) ≡ K(i, φ),
Fu ≡ C ∧ sync ∧ worlds) and cross-check the (state, action) product against
the plain state product and against lassos that carry their actions.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from conftest import examples

from ctlstark.api import load_model_text, parse_formula
from ctlstark.errors import UnsupportedFormula
from ctlstark.explicit import ExplicitChecker, ExplicitSystem, Lasso, is_ctl_shaped
from ctlstark.logic import formula as f
from ctlstark.model import Model

from strategies import (
    action_atoms, action_path_formulas, commitment_formulas, commitment_pairs, models, path_formulas,
    shared_variable_models,
)


TRUE = f.Const(True)

# ---------------------------------------------------------------- model 1: a customer pays, a merchant copies and delivers

# Cust owns x (paid); Merc owns its copy x and d (delivered). Merc may copy
# blindly (x := true whatever Cust did) while its x is false, and deliver once
# its x is true. States (Cust.x, Merc.x, Merc.d); reachable: every one with
# d ⇒ Merc.x — FFF TFF FTF TTF FTT TTT. No deadlock, no fairness: worlds = reachable.
# s ~Cust→Merc s' iff s' = (Cust.x(s), Cust.x(s), d(s)) and that is reachable:
#   FFF→FFF, TFF→TTF, FTF→FFF, TTF→TTF, FTT→none (FFT unreachable), TTT→TTT.
SHOP = """
Agent Cust
  Vars:
    x : boolean;
  end Vars
  Actions = {set, skip};
  Protocol:
    Other : {set, skip};
  end Protocol
  Evolution:
    x = true if Action = set;
  end Evolution
end Agent
Agent Merc
  Vars:
    x : boolean;
    d : boolean;
  end Vars
  Actions = {copy, deliver, idle};
  Protocol:
    x = false : {copy, idle};
    x = true and d = false : {deliver, idle};
    Other : {idle};
  end Protocol
  Evolution:
    x = true if Action = copy;
    d = true if Action = deliver;
  end Evolution
end Agent
Evaluation
  merc_paid if Merc.x = true;
  delivered if Merc.d = true;
  interacting_Cust_Merc if Cust.x = true;
end Evaluation
InitStates
  Cust.x = false and Merc.x = false and Merc.d = false;
end InitStates
Formulae
  C(Cust, Merc, merc_paid);
end Formulae
"""


def named(*names: str) -> set[tuple[bool, ...]]:
    """States written as strings of T/F, one letter per variable in state order."""
    return {tuple(letter == "T" for letter in name) for name in names}


SHOP_ALL = named("FFF", "TFF", "FTF", "TTF", "FTT", "TTT")


@pytest.fixture(scope="module")
def shop() -> ExplicitChecker:
    return ExplicitChecker(ExplicitSystem(load_model_text(SHOP)))


def sat(checker: ExplicitChecker, text: str) -> set:
    """The reachable states where a formula (in ctlstark syntax, checked by the resolver) holds."""
    return set(checker.sat(parse_formula(text, checker.model).formula))


def test_shop_reachable_states_and_relation(shop: ExplicitChecker) -> None:
    assert set(shop.reachable) == SHOP_ALL
    relation = {s: set(t) for s, t in shop.commitment_successors("Cust", "Merc").items()}
    expected = {"FFF": ("FFF",), "TFF": ("TTF",), "FTF": ("FFF",), "TTF": ("TTF",), "FTT": (), "TTT": ("TTT",)}
    assert relation == {next(iter(named(s))): named(*ts) for s, ts in expected.items()}


@pytest.mark.parametrize(("text", "expected"), [
    ("C(Cust, Merc, merc_paid)", named("TFF", "TTF", "TTT", "FTT")),  # FTT: no successor, vacuous
    ("Fu(C(Cust, Merc, merc_paid))", named("TTF", "TTT")),            # committed and the copies agree
    ("C(Cust, Merc, delivered)", named("FTT", "TTT")),
    ("Fu(C(Cust, Merc, delivered))", named("TTT")),
    ("C(Cust, Merc, !merc_paid)", named("FFF", "FTF", "FTT")),
    ("Fu(C(Cust, Merc, !merc_paid))", named("FFF")),
    # Merc's view: s' = (Merc.x(s), Merc.x(s), d(s)), always reachable
    ("C(Merc, Cust, merc_paid)", named("FTF", "FTT", "TTF", "TTT")),
    ("Fu(C(Merc, Cust, merc_paid))", named("TTF", "TTT")),
    ("C(Cust, Cust, merc_paid)", set()),  # = K(Cust, merc_paid): Cust never knows Merc copied
    ("SC(Cust, Merc, F delivered)", named("TFF", "TTF", "TTT")),  # interacting ∧ EF delivered (everywhere)
    ("SC(Cust, Merc, F (Merc.Action = deliver))", named("TFF", "TTF")),
    ("SC(Cust, Merc, merc_paid, F (Merc.Action = deliver))", named("FFF", "TFF", "TTF")),  # τ -> SC
    ("SC(Cust, Merc, G (Merc.Action = idle))", named("TFF", "TTF", "TTT")),
])
def test_shop_commitments(shop: ExplicitChecker, text: str, expected: set) -> None:
    assert sat(shop, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("E (Merc.Action = deliver)", named("FTF", "TTF")),
    ("A (Merc.Action = idle)", named("FTT", "TTT")),               # idle is all Merc may do there
    ("E X (Merc.Action = deliver)", named("FFF", "TFF", "FTF", "TTF")),  # the SECOND transition
    ("E (Merc.Action = copy and X merc_paid)", named("FFF", "TFF")),
    ("E (Merc.Action = copy and merc_paid)", set()),               # copy needs Merc.x false now
    ("E (Cust.Action = set and X (Merc.Action = copy))", named("FFF", "TFF")),
    ("E (Cust.Action = set and X !interacting_Cust_Merc)", set()),
    ("A F (Merc.Action = deliver)", set()),                         # Merc may idle for ever
    ("E G (Merc.Action = idle)", SHOP_ALL),
    ("A G ((Cust.Action = set) -> F (Merc.Action = deliver))", set()),
    ("E F (Merc.Action = deliver and Cust.Action = set)", named("FFF", "FTF", "TFF", "TTF")),
    ("A (Merc.Action = deliver -> X delivered)", SHOP_ALL),
    ("E (!(Merc.Action = copy) U delivered)", named("FTF", "TTF", "FTT", "TTT")),  # Merc.x needs a copy
])
def test_shop_action_atoms(shop: ExplicitChecker, text: str, expected: set) -> None:
    assert sat(shop, text) == expected


def test_action_atoms_are_no_state_formulas(shop: ExplicitChecker) -> None:
    with pytest.raises(UnsupportedFormula):
        shop.sat(f.ActionAtom("Merc", "deliver"))


def shop_joint(cust: str, merc: str) -> tuple[str, str, str]:
    """A joint action of the shop: the resolver adds an environment whose only action code is `#0`."""
    return ("#0", cust, merc)


def test_lassos_carry_their_actions(shop: ExplicitChecker) -> None:
    """path_holds reads action atoms off `Lasso.actions`; is_fair_path checks them against the transitions."""
    assert shop.model.agent_names == ("Environment", "Cust", "Merc")
    (fff,), (ttf,), (ttt,), (ftf,) = named("FFF"), named("TTF"), named("TTT"), named("FTF")
    taken = (shop_joint("set", "copy"), shop_joint("skip", "deliver"), shop_joint("skip", "idle"))
    lasso = Lasso((fff, ttf), (ttt,), taken)
    assert shop.is_fair_path(lasso)

    def holds(text: str) -> bool:
        return shop.path_holds(parse_formula(f"E ({text})", shop.model).formula.path, lasso)

    assert holds("Merc.Action = copy")
    assert not holds("Cust.Action = skip")
    assert holds("X (Merc.Action = deliver)")
    assert holds("F G (Merc.Action = idle)")
    assert not holds("G F (Merc.Action = deliver)")
    assert not holds("Cust.Action = set U delivered")  # delivered only at position 2, Cust skips at 1
    assert holds("(Merc.Action = copy) U (Merc.Action = deliver)")
    wrong = Lasso((fff, ttf), (ttt,), (shop_joint("skip", "copy"),) + taken[1:])
    assert not shop.is_fair_path(wrong)  # (skip, copy) leads from FFF to FTF, not TTF
    looping = Lasso((fff,), (ftf,), (shop_joint("skip", "copy"), shop_joint("skip", "idle")))
    assert shop.is_fair_path(looping)
    assert not shop.is_fair_path(Lasso((fff,), (ftf,), (shop_joint("skip", "copy"), shop_joint("skip", "deliver"))))
    with pytest.raises(UnsupportedFormula):
        shop.path_holds(f.ActionAtom("Merc", "copy"), Lasso((fff, ttf), (ttt,)))
    with pytest.raises(ValueError):
        Lasso((fff,), (ttt,), (shop_joint("set", "copy"),))


# ---------------------------------------------------------------- model 2: an environment clock, a deadlock, fairness

# The environment's t (observed by every agent) ticks 0 → 1 → 2 or stops; at
# t = 2 no protocol line holds: a deadlock. P flips or keeps its c; Q sets its
# copy c freely (on/off). States (t, P.c, Q.c), all 12 reachable; those with
# t = 2 are deadlocks. With `Fairness: pc` (P.c true infinitely often) the
# worlds are the 8 states with t < 2.
# s ~P→Q s' iff s' = (t(s), P.c(s), P.c(s)) and s' is a world.
CLOCK = """
Agent Environment
  Obsvars:
    t : 0..2;
  end Obsvars
  Actions = {tick, stop};
  Protocol:
    t < 2 : {tick, stop};
  end Protocol
  Evolution:
    t = t + 1 if Action = tick;
  end Evolution
end Agent
Agent P
  Vars:
    c : boolean;
  end Vars
  Actions = {flip, keep};
  Protocol:
    Other : {flip, keep};
  end Protocol
  Evolution:
    c = true if Action = flip and c = false;
    c = false if Action = flip and c = true;
  end Evolution
end Agent
Agent Q
  Vars:
    c : boolean;
  end Vars
  Actions = {on, off};
  Protocol:
    Other : {on, off};
  end Protocol
  Evolution:
    c = true if Action = on;
    c = false if Action = off;
  end Evolution
end Agent
Evaluation
  pc if P.c = true;
  qc if Q.c = true;
  late if Environment.t = 2;
  interacting_P_Q if P.c = true;
end Evaluation
InitStates
  Environment.t = 0 and P.c = false and Q.c = false;
end InitStates
{fairness}
Formulae
  C(P, Q, qc);
end Formulae
"""


def clock(fair: bool) -> ExplicitChecker:
    section = "Fairness\n  pc;\nend Fairness" if fair else ""
    return ExplicitChecker(ExplicitSystem(load_model_text(CLOCK.replace("{fairness}", section))))


def where(t: set[int] | None = None, pc: bool | None = None, qc: bool | None = None) -> set[tuple]:
    """The states (t, P.c, Q.c) matching the given components (None: any)."""
    return {
        (tt, p, q) for tt in range(3) for p in (False, True) for q in (False, True)
        if (t is None or tt in t) and (pc is None or p == pc) and (qc is None or q == qc)
    }


EARLY, LATE = {0, 1}, {2}


@pytest.mark.parametrize(("fair", "text", "expected"), [
    (False, "C(P, Q, qc)", where(pc=True)),
    (True, "C(P, Q, qc)", where(pc=True) | where(t=LATE)),        # t = 2: the image is no world, vacuous
    (False, "Fu(C(P, Q, qc))", where(pc=True, qc=True)),
    (True, "Fu(C(P, Q, qc))", where(t=EARLY, pc=True, qc=True)),  # Fu needs a world
    (False, "C(Q, P, !pc)", where(qc=False)),
    (False, "C(P, Q, late)", where(t=LATE)),                       # P observes t
    (True, "C(P, P, qc)", where(t=LATE)),                          # = K(P, qc): Q.c is free
    (False, "SC(P, Q, Environment.Action = tick)", where(t={0}, pc=True)),
    (False, "SC(P, Q, late, X pc)", where(t=EARLY)),               # τ false at t < 2; E X pc false at t = 2
])
def test_clock_commitments(fair: bool, text: str, expected: set) -> None:
    assert sat(clock(fair), text) == expected


@pytest.mark.parametrize(("fair", "text", "expected"), [
    (False, "E (Environment.Action = tick)", where(t={0})),     # from t = 1 a tick ends in the deadlock
    (False, "E (Environment.Action = stop)", where(t=EARLY)),
    (False, "A (Environment.Action = stop)", where(t={1, 2})),  # t = 1: only stop continues; t = 2: vacuous
    (False, "E X (Environment.Action = tick)", where(t={0})),
    (False, "E (Environment.Action = tick and P.Action = flip and X pc)", where(t={0}, pc=False)),
    (False, "E G (P.Action = keep)", where(t=EARLY)),
    (True, "E G (P.Action = keep)", where(t=EARLY, pc=True)),   # keeping c false for ever is unfair
    (True, "A F (P.Action = flip)", where(t=EARLY, pc=False) | where(t=LATE)),
    (False, "A F (P.Action = flip)", where(t=LATE)),
    (True, "E (P.Action = flip and X !pc)", where(t=EARLY, pc=True)),
    (False, "E (Q.Action = on and X !qc)", set()),
    (False, "E (Q.Action = on U late)", set()),                  # late is a deadlock: no infinite path
])
def test_clock_action_atoms(fair: bool, text: str, expected: set) -> None:
    assert sat(clock(fair), text) == expected


def test_labelled_successors_list_only_actions_taken() -> None:
    """At t = 1 the joint actions with tick lead to deadlocks but are taken; at t = 2 none is."""
    system = clock(False).system
    labelled = system.labelled_successors()
    assert labelled[(2, False, False)] == {}
    assert set(labelled[(1, True, False)]) == {(e, p, q) for e in ("tick", "stop") for p in ("flip", "keep")
                                               for q in ("on", "off")}
    assert labelled[(1, True, False)][("tick", "flip", "on")] == {(2, False, True)}
    for state, by_action in labelled.items():
        assert frozenset().union(*by_action.values()) == system.successors[state]


# ---------------------------------------------------------------- model 3: the environment shares a variable its observer owns

# The environment owns v and Ag observes it (Lobsvars) while owning a v of its
# own: the pair (Ag.v, Environment.v) is shared. Ag pushes (Environment.v := true)
# or pulls (Ag.v := true). States (Environment.v, Ag.v), all 4 reachable.
# s ~Ag→Environment s' needs Environment.v(s') = Environment.v(s) (Ag observes it)
# and Environment.v(s') = Ag.v(s) (the channel): s' = s when the copies agree,
# no successor otherwise. s ~Environment→Ag s' iff s' = (Environment.v(s), Environment.v(s)).
OBSERVED_CHANNEL = """
Agent Environment
  Vars:
    v : boolean;
  end Vars
  Actions = {none};
  Protocol:
    Other : {none};
  end Protocol
  Evolution:
    v = true if Ag.Action = push;
  end Evolution
end Agent
Agent Ag
  Lobsvars = {v};
  Vars:
    v : boolean;
  end Vars
  Actions = {push, pull};
  Protocol:
    Other : {push, pull};
  end Protocol
  Evolution:
    v = true if Action = pull;
  end Evolution
end Agent
Evaluation
  ev if Environment.v = true;
  av if Ag.v = true;
end Evaluation
InitStates
  Environment.v = false and Ag.v = false;
end InitStates
Formulae
  C(Ag, Environment, ev);
end Formulae
"""


@pytest.mark.parametrize(("text", "expected"), [
    ("C(Ag, Environment, ev)", named("TT", "TF", "FT")),  # TF, FT: no successor
    ("C(Ag, Environment, false)", named("TF", "FT")),
    ("Fu(C(Ag, Environment, ev))", named("TT")),
    ("C(Environment, Ag, av)", named("TF", "TT")),
    ("Fu(C(Environment, Ag, av))", named("TT")),
    ("E (Ag.Action = push and X !ev)", set()),
    ("A (Environment.Action = none)", named("FF", "FT", "TF", "TT")),
])
def test_observed_channel_commitments(text: str, expected: set) -> None:
    assert sat(oracle(load_model_text(OBSERVED_CHANNEL)), text) == expected


# ---------------------------------------------------------------- laws of the algebra on random models


def operands(model: Model) -> st.SearchStrategy[f.Formula]:
    """φ for C(i, j, φ): any random commitment formula of depth ≤ 2."""
    return commitment_formulas(model, depth=2)


@st.composite
def commitment_cases(draw: st.DrawFn) -> tuple[Model, str, str, f.Formula]:
    """A random model with shared variables, a pair sharing a variable, and an operand φ."""
    model = draw(shared_variable_models())
    debtor, creditor = draw(st.sampled_from(commitment_pairs(model)))
    return model, debtor, creditor, draw(operands(model))


def oracle(model: Model) -> ExplicitChecker:
    return ExplicitChecker(ExplicitSystem(model))


@settings(max_examples=examples(60))
@given(commitment_cases())
def test_fulfilment_implies_commitment(case: tuple[Model, str, str, f.Formula]) -> None:
    model, debtor, creditor, phi = case
    checker = oracle(model)
    committed = f.C(debtor, creditor, phi)
    assert checker.sat(f.Implies(f.Fu(debtor, creditor, phi), committed)) == checker.reachable


@settings(max_examples=examples(60))
@given(commitment_cases())
def test_commitment_comes_before_fulfilment(case: tuple[Model, str, str, f.Formula]) -> None:
    """`AG !E(!C U (!C and Fu))` is valid: no path fulfils a commitment not yet made."""
    model, debtor, creditor, phi = case
    checker = oracle(model)
    not_committed = f.Not(f.C(debtor, creditor, phi))
    early = f.E(f.U(not_committed, f.And(not_committed, f.Fu(debtor, creditor, phi))))
    assert checker.sat(f.A(f.G(f.Not(early)))) == checker.reachable


@settings(max_examples=examples(60))
@given(shared_variable_models(), st.data())
def test_relation_is_transitive_euclidean_and_shift_reflexive(model: Model, data: st.DataObject) -> None:
    checker = oracle(model)
    debtor, creditor = data.draw(st.sampled_from([(i, j) for i in model.agent_names for j in model.agent_names]))
    relation = checker.commitment_successors(debtor, creditor)
    assert set(relation) == checker.reachable
    for s, images in relation.items():
        assert images <= checker.fair_states
        for t in images:
            assert t in relation[t], "shift-reflexive"
            assert relation[t] <= images, "transitive"
            for u in images:
                assert u in relation[t], "Euclidean"


@settings(max_examples=examples(60))
@given(shared_variable_models(), st.data())
def test_self_commitment_is_knowledge(model: Model, data: st.DataObject) -> None:
    checker = oracle(model)
    agent = data.draw(st.sampled_from([a.name for a in model.agents if a.own_variables]))
    phi = data.draw(operands(model))
    assert checker.sat(f.C(agent, agent, phi)) == checker.sat(f.K(agent, phi))


@settings(max_examples=examples(60))
@given(commitment_cases())
def test_fulfilment_is_commitment_with_synchronised_copies_in_a_world(case: tuple[Model, str, str, f.Formula]) -> None:
    """Fu(C(i, j, φ)) ≡ C(i, j, φ) ∧ sync_ij ∧ worlds, sync_ij: every shared pair has equal copies."""
    model, debtor, creditor, phi = case
    checker = oracle(model)
    shared = model.shared_variables(debtor, creditor)
    value = checker.system.value
    synchronised = {s for s in checker.reachable if all(value(s, mine) == value(s, theirs) for mine, theirs in shared)}
    expected = checker.sat(f.C(debtor, creditor, phi)) & synchronised & checker.fair_states
    assert checker.sat(f.Fu(debtor, creditor, phi)) == expected


# ---------------------------------------------------------------- the (state, action) product, cross-checked


@settings(max_examples=examples(50))
@given(st.data())
def test_action_product_agrees_with_state_product_on_action_free_formulas(data: st.DataObject) -> None:
    """`ψ and (i.Action = a or !(i.Action = a))` forces the action product; it must agree with `E ψ`."""
    model = data.draw(models(max_bits=5))
    checker = oracle(model)
    path = data.draw(path_formulas(model, depth=3, operator_first=True))
    atom = data.draw(st.sampled_from(action_atoms(model)))
    tautology = f.Or(atom, f.Not(atom))
    assert checker.exists_fair_path(f.And(path, tautology)) == checker.exists_fair_path(path), f.to_text(path)


@settings(max_examples=examples(50))
@given(shared_variable_models(max_bits=5), st.data())
def test_single_action_atoms_by_definition(model: Model, data: st.DataObject) -> None:
    """E(i.Action = a): a joint action with i doing a leads to a state with an infinite fair path; E X likewise."""
    checker = oracle(model)
    atoms_here = action_atoms(model)
    atom = data.draw(st.sampled_from(atoms_here))
    index = model.agent_names.index(atom.agent)
    continuing = checker.exists_fair_path(f.G(TRUE))
    labelled = checker.system.labelled_successors()
    first = {
        s for s, by_action in labelled.items()
        if any(joint[index] == atom.action and targets & continuing for joint, targets in by_action.items())
    }
    assert checker.sat(f.E(atom)) == first
    second = {s for s in checker.reachable if checker.system.successors[s] & first}
    assert checker.sat(f.E(f.X(atom))) == second


def action_lassos(checker: ExplicitChecker, start: tuple, max_length: int) -> Iterator[Lasso]:
    """Every lasso with actions of ≤ `max_length` positions from `start` (the last action closes the loop)."""
    labelled = checker.system.labelled_successors()

    def walks(states: list[tuple], actions: list[tuple]) -> Iterator[tuple[list[tuple], list[tuple]]]:
        for joint, targets in labelled[states[-1]].items():
            yield states, actions + [joint]  # the last action, to close a loop with
            if len(states) < max_length:
                for target in targets:
                    yield from walks(states + [target], actions + [joint])

    for states, actions in walks([start], []):
        closing = labelled[states[-1]][actions[-1]]
        for loop_start in range(len(states)):
            if states[loop_start] in closing:
                yield Lasso(tuple(states[:loop_start]), tuple(states[loop_start:]), tuple(actions))


@settings(max_examples=examples(40))
@given(shared_variable_models(max_bits=4), st.data())
def test_every_satisfying_fair_action_lasso_is_found_by_the_product(model: Model, data: st.DataObject) -> None:
    """Soundness the other way round: a fair lasso with actions satisfying ψ from s puts s in `E ψ`."""
    checker = oracle(model)
    unfair = ExplicitChecker(checker.system, fairness=())
    path = data.draw(action_path_formulas(model, depth=3, operator_first=True))
    found = checker.exists_fair_path(path)
    for start in sorted(checker.reachable, key=repr)[:8]:
        for lasso in action_lassos(checker, start, max_length=3):
            assert unfair.is_fair_path(lasso), lasso  # the enumeration yields paths of the system
            if checker.is_fair_path(lasso) and checker.path_holds(path, lasso):
                assert start in found, (f.to_text(path), lasso)


@settings(max_examples=examples(50))
@given(shared_variable_models(max_bits=5), st.data())
def test_every_infinite_fair_path_satisfies_an_action_formula_or_its_negation(model: Model, data: st.DataObject) -> None:
    checker = oracle(model)
    path = data.draw(action_path_formulas(model, depth=3, operator_first=True))
    either = checker.exists_fair_path(path) | checker.exists_fair_path(f.Not(path))
    assert either == checker.exists_fair_path(f.G(TRUE))
    if not f.is_state_formula(path) and not is_ctl_shaped(path):
        assert checker.sat(f.A(path)) == checker.reachable - checker.exists_fair_path(f.Not(path))
