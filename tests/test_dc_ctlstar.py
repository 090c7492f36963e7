"""The CTL*K dining-cryptographers benchmarks (`benchmarks/dc_ctlstar.py`): models and verdicts.

φ1 (the paper's liveness property) must be TRUE on `dc.py`'s one-round model;
φ2 must be TRUE on the iterated model with its Fairness section and FALSE
without it, for the reason the module docstring gives (ψnone holds everywhere,
ψarbitrary needs fairness). The symbolic engine's sets are compared with the
explicit-state oracle's on N = 3.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

from benchmark_modules import load_benchmark
from ctlstark.mc.label import Checker
from ctlstark.explicit import ExplicitChecker, ExplicitSystem
from ctlstark.ispl import parse_formula, parse_model
from ctlstark.logic.formula import Formula
from ctlstark.model import Model
from ctlstark.symbolic.system import SymbolicSystem, build_system

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "dc_ctlstar.py"
ORACLE_LIMIT = 1_000_000


def bench() -> ModuleType:
    return load_benchmark("dc_ctlstar")


@cache
def one_round_model(n: int) -> Model:
    return parse_model(bench().dc.dc_model_text(n), filename=f"dc{n}.ispl")


@cache
def iterated_model(n: int, fairness: bool) -> Model:
    return parse_model(bench().dc_iterated_model_text(n, fairness), filename=f"dc_iterated{n}.ispl")


@cache
def symbolic(model: Model) -> SymbolicSystem:
    return build_system(model)


@cache
def oracle(model: Model) -> ExplicitSystem:
    return ExplicitSystem(model, max_states=ORACLE_LIMIT)


def formula(text: str, model: Model) -> Formula:
    return parse_formula(text, model).formula


def test_fewer_than_three_cryptographers_is_refused() -> None:
    with pytest.raises(ValueError):
        bench().dc_iterated_model_text(2, fairness=True)


def test_iterated_models_differ_only_in_fairness_and_carry_phi2() -> None:
    """The file carries φ2 in MCMAS's dialect (so MCMAS reads it); it decides as ctlstark's φ2 does."""
    fair, unfair = iterated_model(3, True), iterated_model(3, False)
    assert len(fair.fairness) == 2 and unfair.fairness == ()
    assert replace(fair, fairness=(), formulae=()) == replace(unfair, formulae=())
    phi2_as_mcmas_reads_it = formula(bench().phi2_mcmas(3), fair)
    assert [entry.formula for entry in fair.formulae + unfair.formulae] == [phi2_as_mcmas_reads_it] * 2
    for model, expected in ((fair, True), (unfair, False)):
        checker = Checker(symbolic(model))
        assert checker.holds(model.formulae[0].formula) is checker.holds(formula(bench().phi2(3), model)) is expected


# ------------------------------------------------------------------ φ1 on the one-round model


@pytest.mark.parametrize("n", [3, 4])
def test_phi1_is_true_by_ctl_fixpoints_and_by_the_tableau(n: int) -> None:
    """`A G(p -> F q)` is `¬E F(p ∧ G ¬q)`: decomposed into EF over EG, no tableau — same states as the tableau's."""
    model = one_round_model(n)
    phi1 = formula(bench().phi1(n), model)
    system = symbolic(model)
    checker, tableau_only = Checker(system), Checker(system, fast_paths=False)
    assert checker.holds(phi1) is True
    routes = [route for _, route in checker.routes_of(phi1)]
    assert routes and not any("tableau" in route for route in routes)
    assert checker.states(phi1) == tableau_only.states(phi1)
    assert any(route.startswith("tableau") for _, route in tableau_only.routes_of(phi1))


def test_phi1_agrees_with_the_oracle() -> None:
    model = one_round_model(3)
    system, explicit = symbolic(model), oracle(model)
    assert system.count_states(system.reachable) == len(explicit.states)
    phi1 = formula(bench().phi1(3), model)
    explicit_checker = ExplicitChecker(explicit)
    assert explicit_checker.holds(phi1) is True
    assert system.states_of(Checker(system).states(phi1)) == set(explicit_checker.sat(phi1))


def test_phi1_fails_when_cryptographer_1_cannot_learn_the_result() -> None:
    """The same liveness shape is FALSE for a fact cryptographer 1 never learns: who exactly paid."""
    model = one_round_model(3)
    unlearnable = formula("A G (!c1paid -> F (K(Cryptographer1, c2paid) or K(Cryptographer1, !c2paid)))", model)
    assert Checker(symbolic(model)).holds(unlearnable) is False


# ------------------------------------------------------------------ φ2 on the iterated model


@pytest.mark.parametrize("n", [3, 4])
def test_iterated_state_count(n: int) -> None:
    system = symbolic(iterated_model(n, True))
    assert system.count_states(system.reachable) == bench().expected_iterated_reachable_states(n)
    assert system.count_states(system.deadlock_states()) == 0


def test_iterated_expected_count_formula() -> None:
    assert [bench().expected_iterated_reachable_states(n) for n in (3, 4)] == [4 * 7 * 8, 4 * 9 * 16]


@pytest.mark.parametrize("n", [3, 4])
def test_phi2_true_with_fairness_false_without(n: int) -> None:
    verdicts = []
    for fairness in (True, False):
        model = iterated_model(n, fairness)
        verdicts.append(Checker(symbolic(model)).holds(formula(bench().phi2(n), model)))
    assert verdicts == [True, False]


def test_iterated_model_agrees_with_the_oracle() -> None:
    """One explicit system serves both variants: they differ only in the Fairness section."""
    fair_model, unfair_model = iterated_model(3, True), iterated_model(3, False)
    explicit = oracle(fair_model)
    assert set(explicit.states) == symbolic(fair_model).states_of(symbolic(fair_model).reachable)
    assert set(explicit.states) == symbolic(unfair_model).states_of(symbolic(unfair_model).reachable)
    assert len(explicit.states) == bench().expected_iterated_reachable_states(3)
    texts = [bench().phi2(3), f"AG ({bench().psi_none(3)})", "c1paid -> E G obey1", "c1paid -> A G F !obey1"]
    for model, explicit_fairness, expected in ((fair_model, None, [True, True, False, True]),
                                               (unfair_model, (), [False, True, True, False])):
        explicit_checker = ExplicitChecker(explicit, fairness=explicit_fairness)
        system, checker = symbolic(model), Checker(symbolic(model))
        for text, verdict in zip(texts, expected, strict=True):
            checked = formula(text, model)
            assert explicit_checker.holds(checked) is verdict, text
            assert system.states_of(checker.states(checked)) == set(explicit_checker.sat(checked)), text


def test_every_reachable_state_is_fair() -> None:
    """Knowledge ranges over fair states: with the symmetric constraints those are all reachable states."""
    model = iterated_model(3, True)
    system = symbolic(model)
    assert Checker(system).fair_states == system.reachable
    assert ExplicitChecker(oracle(model)).fair_states == oracle(model).states


def test_literal_fairness_would_make_phi2_vacuous() -> None:
    """Fairness `obey1`, `!obey1` leaves only runs where cryptographer 1 paid: ψnone then never holds."""
    model = iterated_model(3, True)
    system = symbolic(model)
    checker = Checker(system, fairness=[formula("obey1", model), formula("!obey1", model)])
    assert checker.fair_states & ~checker.states(formula("c1paid", model)) == system.bdd.false
    assert checker.states(formula(f"!({bench().psi_none(3)})", model)) == system.reachable
    assert checker.holds(formula(bench().phi2(3), model)) is True


def test_phi2_without_fairness_has_a_counterexample_where_the_payer_obeys_forever() -> None:
    """The issue asks for φ2's FALSE verdict with a trace: a lasso whose loop never lies.

    `c1paid -> A ψ` is written `A (c1paid -> ψ)` (c1paid is a state formula), so
    the counterexample comes from the tableau product; `check` replays it before
    returning it.
    """
    import ctlstark

    model = iterated_model(3, fairness=False)
    phi2_text = bench().phi2(3)
    assert phi2_text.startswith("c1paid -> A ")
    universal = "A (c1paid -> " + phi2_text[len("c1paid -> A "):] + ")"
    report = ctlstark.check(model, [universal], file_formulae=False, witness=True)
    result = report.formulas[0]
    assert result.verdict is False and result.trace_error is None
    trace = result.trace
    assert trace["kind"] == "counterexample" and trace["loop_start"] is not None
    loop = trace["steps"][trace["loop_start"]:]
    assert loop and all(step["state"]["Cryptographer1"]["paid"] for step in trace["steps"])
    assert all(step["state"]["Cryptographer1"]["obeyed"] for step in loop)
