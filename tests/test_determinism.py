"""The same input gives byte-identical JSON (`--json --reproducible`), whatever the variable order,
the clustering or dynamic reordering did — traces included."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "ispl_examples").glob("*.ispl"))
SETTINGS = [[], ["--reorder"], ["--no-reorder", "--order", "declaration"], ["--cluster-size", "1"]]


def document(path: Path, settings: list[str]) -> str:
    finished = subprocess.run(
        [sys.executable, "-m", "ctlstark", "check", str(path), "--json", "--reproducible", "--witness",
         "--deadlock", *settings],
        capture_output=True, text=True, check=False, timeout=300)
    assert finished.returncode in (0, 1), finished.stderr
    return finished.stdout


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.stem)
def test_json_is_byte_identical_across_runs_orders_and_reordering(path: Path) -> None:
    first = document(path, [])
    assert '"times"' not in first and '"seconds"' not in first and '"trace"' in first
    for settings in SETTINGS:
        assert document(path, settings) == first, f"{path.name} differs under {settings}"


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.stem)
def test_the_pure_python_backend_gives_the_same_document(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """dd.autoref (the fallback without CUDD) gives the same verdicts, counts and traces as dd.cudd."""
    expected = document(path, [])
    monkeypatch.setenv("CTLSTARK_BDD", "autoref")
    assert document(path, ["--no-reorder"]) == expected
