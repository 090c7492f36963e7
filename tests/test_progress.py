"""Progress reports and Ctrl-C: the engine reports phases, reachability steps and formulas;
an interrupt keeps the verdicts obtained so far."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ctlstark
from ctlstark.mc.label import Checker
from ctlstark.cli import EXIT_INTERRUPTED, app
from ctlstark.runtime.progress import TerminalProgress

DEADLOCK = Path(__file__).resolve().parents[1] / "ispl_examples" / "deadlock.ispl"
FORMULAS = ["EF is_broken", "AG !is_broken", "EF is_parked"]


class Recorder:
    """A Progress that records every report."""

    def __init__(self) -> None:
        self.events: list[tuple] = []

    def phase(self, name: str) -> None:
        self.events.append(("phase", name))

    def reach_step(self, depth: int, frontier_nodes: int, reached_nodes: int) -> None:
        self.events.append(("reach", depth, frontier_nodes, reached_nodes))

    def formula(self, index: int, total: int, text: str) -> None:
        self.events.append(("formula", index, total, text))

    def formula_done(self, result) -> None:
        self.events.append(("done", result.index, result.verdict))

    def close(self) -> None:
        self.events.append(("close",))


def test_progress_hears_each_phase_reach_step_and_formula() -> None:
    recorder = Recorder()
    report = ctlstark.check(DEADLOCK, FORMULAS, file_formulae=False, progress=recorder)
    kinds = [event[0] for event in recorder.events]
    assert recorder.events[0] == ("phase", "encode") and ("phase", "reach") in recorder.events
    steps = [event for event in recorder.events if event[0] == "reach"]
    assert [step[1] for step in steps] == list(range(1, len(steps) + 1))  # depth 1, 2, … (the last finds nothing new)
    assert len(steps) == 4  # deadlock.ispl: diameter 3, then one image that finds no new state
    assert all(reached > 0 for _, _, _, reached in steps)
    assert [event[1:3] for event in recorder.events if event[0] == "formula"] == [(1, 3), (2, 3), (3, 3)]
    assert kinds.index("reach") < kinds.index("formula")
    done = [event[1:] for event in recorder.events if event[0] == "done"]
    assert done == [(result.index, result.verdict) for result in report.formulas]
    assert all(kinds.index("formula") < kinds.index("done") for _ in done)
    assert not report.interrupted


def interrupt_on_call(monkeypatch: pytest.MonkeyPatch, call: int) -> None:
    """Make the `call`-th Checker.holds raise KeyboardInterrupt, as Ctrl-C would."""
    original, calls = Checker.holds, []

    def holds(self: Checker, formula) -> bool:
        calls.append(formula)
        if len(calls) == call:
            raise KeyboardInterrupt
        return original(self, formula)

    monkeypatch.setattr(Checker, "holds", holds)


def test_an_interrupt_keeps_the_verdicts_obtained_so_far(monkeypatch: pytest.MonkeyPatch) -> None:
    interrupt_on_call(monkeypatch, 2)
    report = ctlstark.check(DEADLOCK, FORMULAS, file_formulae=False, witness=True)
    assert report.interrupted and report.to_json()["interrupted"] is True
    assert [result.verdict for result in report.formulas] == [True, None, None]
    assert [result.error for result in report.formulas] == [None, "interrupted", "interrupted"]
    assert report.formulas[0].trace is None  # no witnesses after an interrupt


def test_the_command_line_prints_the_verdicts_so_far_and_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    interrupt_on_call(monkeypatch, 3)
    args = ["check", str(DEADLOCK), "--only"] + [part for text in FORMULAS for part in ("-f", text)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == EXIT_INTERRUPTED
    lines = result.stdout.splitlines()
    assert any("TRUE" in line and "EF is_broken" in line for line in lines)
    assert any("FALSE" in line and "AG !is_broken" in line for line in lines)
    assert any("ERROR" in line and "EF is_parked" in line for line in lines)
    assert "Traceback" not in result.output


def test_an_interrupt_while_parsing_exits_130_without_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*_args, **_kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("ctlstark.cli.common.load_model", interrupted)
    result = CliRunner().invoke(app, ["check", str(DEADLOCK)])
    assert result.exit_code == EXIT_INTERRUPTED
    assert "interrupted" in result.output and "Traceback" not in result.output


def test_progress_is_silent_when_stderr_is_not_a_terminal() -> None:
    finished = subprocess.run([sys.executable, "-m", "ctlstark", "check", str(DEADLOCK)],
                              capture_output=True, text=True, check=False)
    assert finished.returncode in (0, 1)
    assert finished.stderr == ""
    assert TerminalProgress.wanted(quiet=True) is False
