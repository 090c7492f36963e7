"""The planted-bug dining cryptographers generator (`benchmarks/dc_bug.py`).

Both engines must find the planted bug, the SAT engine's shortest counterexample must be
exactly `bug_depth(B)` steps long, and the second invariant must hold.
"""

from __future__ import annotations

import subprocess
import sys
from types import ModuleType

import pytest

import ctlstark
from benchmark_modules import BENCHMARKS, load_benchmark

pytest.importorskip("pysat")


def dc_bug() -> ModuleType:
    return load_benchmark("dc_bug")


@pytest.mark.parametrize(("n", "rounds", "bug_round"), [(3, 1, 1), (3, 3, 2), (4, 5, 5)])
def test_both_engines_find_the_bug_at_the_predicted_depth(n: int, rounds: int, bug_round: int) -> None:
    model = ctlstark.load_model_text(dc_bug().dc_bug_model_text(n, rounds, bug_round))
    by_bdd = ctlstark.check(model)
    assert [result.verdict for result in by_bdd.formulas] == [False, True]
    by_sat = ctlstark.check(model, engine="sat")
    assert by_sat.formulas[0].verdict is False
    depth = dc_bug().bug_depth(bug_round)
    assert [route["route"] for route in by_sat.formulas[0].routes] == [f"sat:bmc k={depth}"]


def test_the_bug_reaches_depth_twenty() -> None:
    assert dc_bug().bug_depth(6) >= 20


def test_a_bug_round_outside_the_rounds_is_refused() -> None:
    with pytest.raises(ValueError):
        dc_bug().dc_bug_model_text(3, 2, 3)


def test_command_line_prints_the_model() -> None:
    printed = subprocess.run(
        [sys.executable, str(BENCHMARKS / "dc_bug.py"), "--n", "3", "--rounds", "2", "--bug-round", "1"],
        capture_output=True, text=True, check=True, timeout=60,
    ).stdout
    assert printed == dc_bug().dc_bug_model_text(3, 2, 1)
