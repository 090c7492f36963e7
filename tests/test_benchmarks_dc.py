"""The dining cryptographers generator of the benchmarks (`benchmarks/dc.py`).

The generated model must have exactly 4·(N+1)·2^N reachable states (4 stages, N+1
payer configurations, 2^N coin tosses) and make φ0 (anonymity) and the common-knowledge property TRUE; the symbolic
engine and the explicit-state oracle must agree on both.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

from benchmark_modules import load_benchmark
from ctlstark.mc.label import Checker
from ctlstark.explicit import ExplicitChecker, ExplicitSystem
from ctlstark.ispl import parse_model
from ctlstark.model import Model
from ctlstark.symbolic.system import build_system

DC_SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "dc.py"


def dc() -> ModuleType:
    return load_benchmark("dc")


@cache
def dc_model(n: int) -> Model:
    return parse_model(dc().dc_model_text(n), filename=f"dc{n}.ispl")


def test_expected_count_formula() -> None:
    assert [dc().expected_reachable_states(n) for n in (3, 4, 12)] == [128, 320, 212992]


def test_generated_model_has_phi0_and_phi1() -> None:
    texts = [entry.text for entry in dc_model(4).formulae]
    assert len(texts) == 2
    assert "K(Cryptographer1, c2paid or c3paid or c4paid)" in texts[0]
    assert "!K(Cryptographer1, c4paid)" in texts[0]
    assert "GCK(cryptographers, !(c1paid or c2paid or c3paid or c4paid))" in texts[1]


def test_fewer_than_three_cryptographers_is_refused() -> None:
    with pytest.raises(ValueError):
        dc().dc_model_text(2)


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_symbolic_state_count_and_verdicts(n: int) -> None:
    system = build_system(dc_model(n))
    assert system.count_states(system.reachable) == dc().expected_reachable_states(n)
    assert system.count_states(system.deadlock_states()) == 0
    checker = Checker(system)
    assert [checker.holds(entry.formula) for entry in dc_model(n).formulae] == [True, True]


def _agree_with_oracle(n: int, max_states: int) -> None:
    model = dc_model(n)
    oracle = ExplicitSystem(model, max_states=max_states)
    system = build_system(model)
    assert len(oracle.states) == system.count_states(system.reachable) == dc().expected_reachable_states(n)
    assert system.states_of(system.reachable) == set(oracle.states)
    explicit_checker, checker = ExplicitChecker(oracle), Checker(system)
    for entry in model.formulae:
        assert explicit_checker.holds(entry.formula) is True
        assert system.states_of(checker.states(entry.formula)) == set(explicit_checker.sat(entry.formula))


def test_three_cryptographers_agree_with_the_oracle() -> None:
    _agree_with_oracle(3, max_states=200_000)


@pytest.mark.slow
def test_four_cryptographers_agree_with_the_oracle() -> None:
    _agree_with_oracle(4, max_states=2_000_000)
