"""The commitment case studies (docs/case-studies.md): headline verdicts and why they hold.

* NetBill (netbill.ispl, CTLC+): the states where each commitment holds and is
  fulfilled are the ones the file's header lists; φ1 and φ2 are TRUE; φ1 needs
  the protocol's restart (with absorbing failure states it is FALSE) while the
  strengthened φ1 does not.
* Contract Net (contract_net.ispl): φ3 and φ4 are TRUE; the manager's weak
  violation is TRUE although it always replies at once.
* NetBill with a bank (netbill_bank.ispl, ACTL*sc): the liveness properties hold
  with the Fairness section and fail without it.
* Negotiation (negotiation.ispl): the chapter's Formula 1 and its neighbours.
* The generator of benchmarks/netbill.py: for 1 and 2 customers φ1' and φ2 are
  TRUE, the commitments are never vacuous, and the state count is
  (n + 10)·10^(n-1) (11, then 120).

Every verdict is checked with the symbolic engine and the explicit-state oracle
where the oracle can enumerate the model.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path

import pytest

import ctlstark
from benchmark_modules import load_benchmark
from ctlstark.mc.label import Checker
from ctlstark.explicit import ExplicitChecker, ExplicitSystem
from ctlstark.logic import formula as f
from ctlstark.model import Model
from ctlstark.symbolic.system import build_system

EXAMPLES = Path(__file__).resolve().parents[1] / "ispl_examples"


@cache
def model_text(name: str) -> str:
    return (EXAMPLES / name).read_text(encoding="utf-8")


@cache
def load(name: str, variant: str = "") -> Model:
    """An example file; `variant` "unfair" drops its Fairness section, "one-shot" its restart lines."""
    text = model_text(name)
    if variant == "one-shot":
        kept = [line for line in text.splitlines() if not line.strip().endswith("Action = restart;")]
        assert len(kept) == len(text.splitlines()) - 2
        text = "\n".join(kept)
    model = ctlstark.load_model_text(text, filename=name)
    if variant == "unfair":
        assert model.fairness
        model = dataclasses.replace(model, fairness=())
    return model


@cache
def oracle(name: str, variant: str = "") -> ExplicitChecker:
    return ExplicitChecker(ExplicitSystem(load(name, variant)))


@cache
def symbolic(name: str, variant: str = "") -> Checker:
    return Checker(build_system(load(name, variant)))


def verdicts(name: str, texts: list[str], variant: str = "") -> list[bool]:
    """Each formula's verdict; the engine and the oracle must agree."""
    model = load(name, variant)
    result = []
    for text in texts:
        formula = ctlstark.parse_formula(text, model).formula
        mine, theirs = symbolic(name, variant).holds(formula), oracle(name, variant).holds(formula)
        assert mine == theirs, f"{name} {variant}: {text}: engine {mine}, oracle {theirs}"
        result.append(mine)
    return result


# ---------------------------------------------------------------- NetBill (CTLC+)

NB = "netbill.ispl"
PHI1 = "AG !(Fu(C(Cust, Merc, pay)) and AG !C(Merc, Cust, deliver))"
PHI2 = "EF Fu(C(Merc, Cust, deliver))"
PHI1_STRONG = "AG ((Fu(C(Cust, Merc, pay)) and !violated) -> AF C(Merc, Cust, deliver))"


def nb_state_names() -> dict[tuple, str]:
    """The 11 reachable states by the names of the file's header (s0 … s10)."""
    system = oracle(NB).system
    names = {
        ("idle", "idle"): "s0", ("requested", "requested"): "s1", ("offered", "offered"): "s2",
        ("accepted", "offered"): "s3", ("failed", "failed"): "s4", ("accepted", "accepted"): "s5",
        ("accepted", "promised"): "s6", ("promised", "promised"): "s7", ("violated", "violated"): "s8",
        ("acknowledged", "acknowledged"): "s9", ("refunded", "refunded"): "s10",
    }
    model = load(NB)
    cust, merc = (model.agent(name).own_variables[0] for name in ("Cust", "Merc"))
    table = {state: names[(system.value(state, cust), system.value(state, merc))] for state in system.states}
    assert sorted(table.values()) == sorted(names.values())
    return table


def nb_where(text: str) -> set[str]:
    names = nb_state_names()
    formula = ctlstark.parse_formula(text, load(NB)).formula
    return {names[state] for state in oracle(NB).sat(formula)}


def test_netbill_structure() -> None:
    report = ctlstark.check(load(NB), [], file_formulae=False, deadlock=True)
    assert (report.reachable_states, report.deadlock_states) == (11, 0)


@pytest.mark.parametrize(("text", "states"), [
    ("C(Cust, Merc, pay)", {"s3", "s5", "s6", "s7", "s8", "s9"}),
    ("Fu(C(Cust, Merc, pay))", {"s5", "s7", "s8", "s9"}),
    ("C(Merc, Cust, deliver)", {"s6", "s7", "s9"}),
    ("Fu(C(Merc, Cust, deliver))", {"s7", "s9"}),
    ("C(Cust, Merc, false) or C(Merc, Cust, false)", set()),
])
def test_netbill_commitment_states(text: str, states: set[str]) -> None:
    assert nb_where(text) == states


def test_netbill_phi1_phi2() -> None:
    assert verdicts(NB, [PHI1, PHI2, PHI1_STRONG]) == [True, True, True]


def test_netbill_violation_patterns() -> None:
    patterns = [f"EF ({c} and {g} !Fu({c}))" for c in ("C(Cust, Merc, pay)", "C(Merc, Cust, deliver)")
                for g in ("EG", "AG")]
    assert verdicts(NB, patterns) == [True, False, True, False]


def test_netbill_phi1_needs_the_restart() -> None:
    """With absorbing failure and refund states φ1 fails at s8 (paid, then violated); the strengthened φ1 holds."""
    assert verdicts(NB, [PHI1, PHI2, PHI1_STRONG], variant="one-shot") == [False, True, True]


def test_netbill_action_atoms() -> None:
    assert verdicts(NB, [
        "A G ((Cust.Action = pay) -> F (Merc.Action = deliver))",
        "A G ((Cust.Action = pay) -> F (Merc.Action = deliver or Merc.Action = refund))",
    ]) == [False, True]


@pytest.mark.parametrize(("name", "debtor", "creditor", "content"), [
    (NB, "Cust", "Merc", "pay"), (NB, "Merc", "Cust", "deliver"),
    ("contract_net.ispl", "Mgr", "Prt1", "reply1"), ("contract_net.ispl", "Prt1", "Mgr", "results1"),
    ("contract_net.ispl", "Mgr", "Prt2", "reply2"),
])
def test_fulfilment_is_commitment_and_synchronised_channel(name: str, debtor: str, creditor: str,
                                                           content: str) -> None:
    """Fu(C(i, j, φ)) = C(i, j, φ) ∧ sync_ij (docs/commitments.md) on the case studies."""
    checker = oracle(name)
    system = checker.system
    pairs = load(name).shared_variables(debtor, creditor)
    assert pairs
    synchronised = {s for s in system.states if all(system.value(s, x) == system.value(s, y) for x, y in pairs)}
    committed = checker.sat(f.C(debtor, creditor, f.Prop(content)))
    assert checker.sat(f.Fu(debtor, creditor, f.Prop(content))) == committed & synchronised


# ---------------------------------------------------------------- Contract Net

CN = "contract_net.ispl"


def test_contract_net_phi3_phi4() -> None:
    assert verdicts(CN, [
        "AG !(Fu(C(Mgr, Prt1, reply1)) and AG !C(Prt1, Mgr, results1))",
        "EF Fu(C(Prt1, Mgr, results1))",
        "AG !(Fu(C(Mgr, Prt2, reply2)) and AG !C(Prt2, Mgr, results2))",
        "EF Fu(C(Prt2, Mgr, results2))",
    ]) == [True, True, True, True]


def test_contract_net_weak_violation_of_a_commitment_that_is_always_kept() -> None:
    """The pattern flags the manager although it delivers every pending reply at the next step.

    Its witness is a state where the award has arrived but the participant's results are in flight:
    the channel is unsynchronised, so Fu is false there, and the participant then fails.
    """
    assert verdicts(CN, [
        "EF (C(Mgr, Prt1, reply1) and EG !Fu(C(Mgr, Prt1, reply1)))",
        "AG ((C(Mgr, Prt1, reply1) and !reply1) -> AX Fu(C(Mgr, Prt1, reply1)))",
        "AG ((C(Mgr, Prt1, reply1) and EG !Fu(C(Mgr, Prt1, reply1))) -> (reply1 and C(Prt1, Mgr, results1)))",
    ]) == [True, True, True]


# ---------------------------------------------------------------- NetBill with a bank (ACTL*sc)

BANK = "netbill_bank.ispl"
NEEDS_FAIRNESS = [
    "AG AF !delegating",
    "AG (delegating -> AF Pay)",
    "AG (delegating -> !SC(Bank, Mer, G !Pay))",
    "A G ((Cus.Action = delegate) -> F (Bank.Action = pay))",
]
HOLDS_EITHER_WAY = [
    "AG !(Pay and AF (AG !Deliver))",
    "AG ((Withdraw or Not_Deliver) -> AF Refund)",
    "AF (EF Deliver)",
    "AG (accepted -> SC(Cus, Mer, F Pay))",
    "AG SC(Mer, Cus, Pay, F Deliver)",
    "AG (delegating -> SC(Bank, Mer, F Pay))",
]


def test_bank_liveness_holds_with_fairness() -> None:
    assert verdicts(BANK, NEEDS_FAIRNESS + HOLDS_EITHER_WAY) == [True] * 10


def test_bank_liveness_fails_without_fairness() -> None:
    assert verdicts(BANK, NEEDS_FAIRNESS + HOLDS_EITHER_WAY, variant="unfair") == [False] * 4 + [True] * 6


def test_bank_every_state_is_fair() -> None:
    checker = oracle(BANK)
    assert checker.fair_states == checker.reachable and len(checker.reachable) == 15


def test_bank_example_1_of_the_paper_is_false() -> None:
    """At the start nothing is paid, and a run goes on to pay and deliver without Cus withdrawing."""
    assert verdicts(BANK, ["AG (!Pay -> A (G !Deliver or F Withdraw_Cus))"]) == [False]


# ---------------------------------------------------------------- negotiation

def test_negotiation_properties() -> None:
    assert verdicts("negotiation.ispl", [
        "A G ((Ag2.Action = challenge) -> F (Ag1.Action = justify))",
        "A G ((Ag1.Action = create) -> X (Ag2.Action = accept or Ag2.Action = refuse))",
        "A G ((Ag1.Action = justify) -> F (Ag2.Action = accept or Ag2.Action = refuse))",
        "E (G F (Ag2.Action = challenge))",
    ]) == [True, True, False, True]


# ---------------------------------------------------------------- the NetBill generator

@cache
def generated(customers: int) -> Model:
    return ctlstark.load_model_text(load_benchmark("netbill").netbill_model_text(customers),
                                    filename=f"netbill{customers}.ispl")


@pytest.mark.parametrize("customers", [1, 2])
def test_generator_phi1_phi2_true(customers: int) -> None:
    netbill = load_benchmark("netbill")
    formulas = netbill.formulas(customers)
    assert formulas[0] == netbill.phi1_prime(customers) and formulas[1] == netbill.phi2(1)
    report = ctlstark.check(generated(customers), formulas, file_formulae=False, deadlock=True)
    assert [result.verdict for result in report.formulas] == [True] * (customers + 2)
    assert report.reachable_states == (customers + 10) * 10 ** (customers - 1)
    assert report.deadlock_states == 0


def test_generator_state_growth() -> None:
    """11 states for one customer (the file's), 120 for two: one conversation at a time can be at s7."""
    counts = [ctlstark.check(generated(n), [], file_formulae=False).reachable_states for n in (1, 2)]
    assert counts == [11, 120]
    assert 10 ** 2 < counts[1] < counts[0] ** 2


@pytest.mark.parametrize("customers", [1, 2])
def test_generator_commitments_are_never_vacuous(customers: int) -> None:
    vacuous = " or ".join(f"C(Cust{i}, Merc, false) or C(Merc, Cust{i}, false)" for i in range(1, customers + 1))
    report = ctlstark.check(generated(customers), [f"AG !({vacuous})"], file_formulae=False)
    assert report.formulas[0].verdict is True


def test_generator_one_customer_agrees_with_the_file() -> None:
    """The one-customer model has the file's 11 states and as many commitment and fulfilment states."""
    renamed = ExplicitChecker(ExplicitSystem(generated(1)))
    for text, states in (("C(Cust1, Merc, pay1)", 6), ("Fu(C(Cust1, Merc, pay1))", 4),
                         ("C(Merc, Cust1, deliver1)", 3), ("Fu(C(Merc, Cust1, deliver1))", 2)):
        assert len(renamed.sat(ctlstark.parse_formula(text, generated(1)).formula)) == states
    assert len(renamed.system.states) == 11
