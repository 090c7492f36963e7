"""The planted-bug models of ispl_examples/debugging/ (docs/debugging.md): each file's header states its
verdicts, the fix, and what in the default `--witness` output gives the bug away — checked here."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ctlstark.api import check, load_model_text

FOLDER = Path(__file__).resolve().parents[1] / "ispl_examples" / "debugging"

# file -> (verdicts, (buggy line, fixed line) or None, verdicts once fixed, lines the default witness output shows)
CASES = {
    "peterson.ispl": (
        [False, False],
        ("    turn = two if Action = go2 and P2.Action = yield;   -- BUG: should be turn = one",
         "    turn = one if Action = go2 and P2.Action = yield;"),
        [True, True],
        ["action Environment.go2, P1.leave, P2.yield", "props  crit1, crit2, ran2"],
    ),
    "peterson_unfair.ispl": (
        [True, False],
        ("\nFormulae\n", "\nFairness\n  ran1;\n  ran2;\nend Fairness\n\nFormulae\n"),
        [True, True],
        ["(lasso: loops back to step", "(back to step"],
    ),
    "lossy_channel.ispl": (
        [False, False, False, True],
        ("    state = r0 if state = empty and Sender.Action = sb1   -- BUG: should be state = r1",
         "    state = r1 if state = empty and Sender.Action = sb1"),
        [True, True, True, True],
        ["Receiver cannot tell it apart from the end of:", "action Environment.both, Sender.sb1, Receiver.wait",
         "Receiver[state=r0*]"],
    ),
    "purchase.ispl": (
        [False, True, True],
        ("    stage = accepted : {promise, receipt};   -- BUG: should be {promise}",
         "    stage = accepted : {promise};"),
        [True, True, True],
        ["counterexample for AF C(Merc, Cust, deliver) (lasso", "Merc.receipt"],
    ),
}


def test_every_debugging_model_is_covered() -> None:
    assert {path.name for path in FOLDER.glob("*.ispl")} == set(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_bug_and_its_fix(name: str) -> None:
    verdicts, (buggy, fixed), verdicts_fixed, _ = CASES[name]
    text = (FOLDER / name).read_text(encoding="utf-8")
    assert [result.verdict for result in check(load_model_text(text, name)).formulas] == verdicts
    assert text.count(buggy) == 1
    repaired = load_model_text(text.replace(buggy, fixed), name)
    assert [result.verdict for result in check(repaired).formulas] == verdicts_fixed


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_default_witness_output_shows_the_bug(name: str) -> None:
    shown = CASES[name][3]
    result = subprocess.run([sys.executable, "-m", "ctlstark", "check", str(FOLDER / name), "--witness"],
                            capture_output=True, text=True)
    assert result.returncode == 1, result.stderr
    for line in shown:
        assert line in result.stdout, (line, result.stdout)


def test_the_unfair_loop_never_runs_p1() -> None:
    """peterson_unfair.ispl's counterexample loops with P2 alone scheduled: `ran2` in every props row of
    the loop, `ran1` in none."""
    result = subprocess.run([sys.executable, "-m", "ctlstark", "check", str(FOLDER / "peterson_unfair.ispl"),
                             "--witness"], capture_output=True, text=True)
    loop = result.stdout[result.stdout.index("  >  "):]
    loop = loop[:loop.index("(back to step")]
    rows = [line for line in loop.splitlines() if line.strip().startswith("props")]
    assert rows and all("ran2" in row and "ran1" not in row for row in rows)
