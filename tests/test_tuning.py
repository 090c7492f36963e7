"""Encoding options (`order`, `cluster_size`, `reorder`) change speed, never results.

Every shipped example is checked under each option and must give the default
run's verdicts and state counts; the command line rejects bad values with
exit status 2.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ctlstark.api import CheckReport, check
from ctlstark.cli import app

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "ispl_examples").glob("*.ispl"))
TUNINGS = [
    {"order": "declaration"},
    {"cluster_size": 1},
    {"cluster_size": 200_000},
    {"reorder": True},
    {"reorder": False, "order": "declaration", "cluster_size": 1},
]


def summary(report: CheckReport) -> tuple:
    return (report.reachable_states, report.deadlock_states, [result.verdict for result in report.formulas])


@cache
def default_summary(path: Path) -> tuple:
    return summary(check(path, deadlock=True))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.stem)
@pytest.mark.parametrize("tuning", TUNINGS, ids=lambda tuning: ",".join(f"{k}={v}" for k, v in tuning.items()))
def test_tuning_keeps_every_verdict_and_count(path: Path, tuning: dict) -> None:
    assert summary(check(path, deadlock=True, **tuning)) == default_summary(path)


def test_declaration_order_is_a_different_order() -> None:
    """The option reaches the encoder: the dining cryptographers' BDDs differ between the orders."""
    path = next(path for path in EXAMPLES if "dining" in path.stem)
    structure, declaration = check(path), check(path, order="declaration")
    assert structure.bdd_nodes_reachable != declaration.bdd_nodes_reachable


@pytest.mark.parametrize("arguments", [["--order", "alphabetical"], ["--cluster-size", "0"]])
def test_bad_tuning_values_exit_2(arguments: list[str]) -> None:
    result = CliRunner().invoke(app, ["check", str(EXAMPLES[0]), *arguments])
    assert result.exit_code == 2


def test_unknown_order_in_the_api_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="unknown variable order"):
        check(EXAMPLES[0], order="alphabetical")
