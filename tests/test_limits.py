"""Resource limits: --timeout (exit 4), --max-memory (exit 3), both keeping the verdicts so far;
unexpected errors end in one line (exit 70), never a traceback."""

from __future__ import annotations

import gc
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ctlstark
from ctlstark import cli
from ctlstark.mc.label import Checker
from ctlstark.cli import EXIT_INTERNAL_ERROR, EXIT_NOT_CHECKED, EXIT_TIME_LIMIT, app
from ctlstark.errors import BddMemoryExhausted, TimeLimitReached
from ctlstark.runtime.limits import checkpoint, parse_size, time_limit

EXAMPLES = Path(__file__).resolve().parents[1] / "ispl_examples"
DEADLOCK = EXAMPLES / "deadlock.ispl"
DINING = EXAMPLES / "dining_cryptographers.ispl"
FORMULAS = ["EF is_broken", "AG !is_broken", "EF is_parked"]


@pytest.mark.parametrize("text, size", [("1048576", 2**20), ("512M", 512 * 2**20), ("2G", 2 * 2**30),
                                        ("1.5GiB", int(1.5 * 2**30)), ("64k", 64 * 2**10), (" 3 MB ", 3 * 2**20)])
def test_memory_sizes(text: str, size: int) -> None:
    assert parse_size(text) == size


@pytest.mark.parametrize("text", ["", "12x", "-5M", "0", "M", "1.2.3G"])
def test_bad_memory_sizes_are_value_errors(text: str) -> None:
    with pytest.raises(ValueError):
        parse_size(text)


def test_time_limit_interrupts_a_busy_loop_and_is_lifted_afterwards() -> None:
    started = time.perf_counter()
    with pytest.raises(TimeLimitReached):
        with time_limit(0.05):
            while True:
                pass
    assert time.perf_counter() - started < 5
    with time_limit(None):
        pass
    with time_limit(10):
        total = sum(range(1000))
    assert total == 499500


class SlowToCollect:
    def __del__(self) -> None:
        deadline = time.monotonic() + 10  # the limit passes here, where an exception cannot propagate
        while time.monotonic() < deadline:
            time.sleep(0.01)


def test_a_stop_lost_in_a_finalizer_is_silent_and_raised_at_the_next_checkpoint(capsys) -> None:
    """CI once saw the limit's exception "ignored" in a finalizer: a traceback, then a full run with exit 0."""
    with pytest.raises(TimeLimitReached):
        with time_limit(0.05):
            collected = SlowToCollect()
            del collected  # the handler raises inside __del__: Python reports it as unraisable
            checkpoint()
            pytest.fail("the checkpoint did not raise the lost stop")
    assert capsys.readouterr().err == ""
    checkpoint()  # outside the block the stop is forgotten


def stop_on_call(monkeypatch: pytest.MonkeyPatch, call: int, stop: BaseException) -> None:
    original, calls = Checker.holds, []

    def holds(self: Checker, formula) -> bool:
        calls.append(formula)
        if len(calls) == call:
            raise stop
        return original(self, formula)

    monkeypatch.setattr(Checker, "holds", holds)


@pytest.mark.parametrize("stop, reason, status", [
    (TimeLimitReached(1.0), "time limit", EXIT_TIME_LIMIT),
    (BddMemoryExhausted("out of memory"), "memory limit", EXIT_NOT_CHECKED),
])
def test_a_limit_keeps_the_verdicts_obtained_so_far(monkeypatch: pytest.MonkeyPatch, stop: BaseException,
                                                    reason: str, status: int) -> None:
    stop_on_call(monkeypatch, 2, stop)
    report = ctlstark.check(DEADLOCK, FORMULAS, file_formulae=False, deadlock=True)
    assert report.stopped == reason and report.to_json()["stopped"] == reason
    assert [result.verdict for result in report.formulas] == [True, None, None]
    assert all(result.error and "not checked" in result.error for result in report.formulas[1:])
    assert report.deadlock_states is None  # nothing more is computed after a stop

    stop_on_call(monkeypatch, 2, stop)  # the counter above is spent: patch again for the command line
    args = ["check", str(DEADLOCK), "--only"] + [part for text in FORMULAS for part in ("-f", text)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == status
    assert "TRUE   EF is_broken" in result.stdout and "ERROR  AG !is_broken" in result.stdout
    assert f"stopped ({reason})" in result.output


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ctlstark", *args], capture_output=True, text=True, check=False,
                          timeout=120)


def slow_to_read(folder: Path) -> Path:
    """A model of 100,000 evolution lines: about 2 s to parse here, so 0.02 s ends inside parsing on any machine.

    CI once failed with the dining cryptographers, which a fast machine parsed within 0.02 s."""
    lines = "".join(f"    x = {step % 2} if x = {1 - step % 2};\n" for step in range(100_000))
    model = folder / "slow_to_read.ispl"
    model.write_text("Agent Switch\n  Vars: x : 0..1; end Vars\n  Actions = {flip}; Protocol: Other: {flip};"
                     f" end Protocol\n  Evolution:\n{lines}  end Evolution\nend Agent\n"
                     "Evaluation on if Switch.x = 1; end Evaluation\nInitStates Switch.x = 0; end InitStates\n"
                     "Formulae AG AF on; end Formulae\n")
    return model


def test_a_time_limit_before_any_verdict_exits_4_with_one_line(tmp_path: Path) -> None:
    finished = run("check", str(slow_to_read(tmp_path)), "--timeout", "0.02")
    assert finished.returncode == EXIT_TIME_LIMIT
    assert finished.stderr.strip() == "ctlstark: the time limit of 0.02 s was reached before any verdict"


def test_a_tiny_memory_limit_exits_3_with_a_clear_message() -> None:
    finished = run("check", str(DINING), "--max-memory", "256K")
    assert finished.returncode == EXIT_NOT_CHECKED
    assert "ran out of memory" in finished.stderr and "--max-memory" in finished.stderr
    assert "Traceback" not in finished.stderr + finished.stdout


def test_a_generous_limit_changes_nothing() -> None:
    finished = run("check", str(DINING), "--max-memory", "2G", "--timeout", "600", "--json")
    assert finished.returncode == 0
    assert '"stopped": null' in finished.stdout


@pytest.mark.parametrize("options", [[], ["--order", "DECLARATION"]], ids=["read quickly", "read by typer"])
def test_an_internal_error_is_one_line_with_exit_70(options, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    def broken(*_args, **_kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("ctlstark.cli.check.check_with", broken)
    monkeypatch.setattr(sys, "argv", ["ctlstark", "check", str(DEADLOCK), *options])
    monkeypatch.delenv("CTLSTARK_TRACEBACK", raising=False)
    with pytest.raises(SystemExit) as exit_info:
        cli.main()
    assert exit_info.value.code == EXIT_INTERNAL_ERROR
    err = capsys.readouterr().err
    assert "internal error (please report it): RuntimeError: boom" in err and "Traceback" not in err


def test_a_memory_limit_hit_in_a_larger_model_exits_3(tmp_path) -> None:
    """DC N = 80 under 8 MB runs out of memory: exit 3, never an internal error.

    Under 16 MB it once ran out inside CUDD's variable swap (image renaming) and exited 70
    ("variable swap failed", now mapped: the test below). Since CUDD's start-up reserve
    shrank from 16 MB to 1 MB (`symbolic.bdd.STARTING_MEMORY_ESTIMATE`) it fits in 9.4 MB and
    no limit found sends it through the swap any more."""
    model = tmp_path / "dc80.ispl"
    generator = Path(__file__).resolve().parents[1] / "benchmarks" / "dc_mcmas.py"
    model.write_text(subprocess.run([sys.executable, str(generator), "--print-model", "80"], capture_output=True,
                                    text=True, check=True, timeout=120).stdout)
    finished = run("check", str(model), "--max-memory", "8M")
    assert finished.returncode == EXIT_NOT_CHECKED, finished.stderr
    assert "ran out of memory" in finished.stderr and "internal error" not in finished.stderr


@pytest.mark.parametrize("message", ["variable swap failed", "compose failed", "cofactor failed",
                                     "Failed to reorder.", "CUDD returned NULL"])
def test_every_way_dd_reports_a_cudd_resource_failure_is_a_memory_error(message: str) -> None:
    from ctlstark.symbolic.bdd import _is_memory_error

    assert _is_memory_error(RuntimeError(message))
    assert not _is_memory_error(RuntimeError("an unrelated bug"))


def test_running_out_of_bdd_memory_in_process_frees_every_node_before_its_manager() -> None:
    """In a long-lived process (a notebook, a batch worker) a memory-limit stop left BDDs in the
    traceback's frames; the cycle collector then freed CUDD's manager first ("Still 20 nodes
    referenced upon shutdown"). Found when the docs' commands began to run in-process."""
    complaints: list[str] = []
    previous = sys.unraisablehook
    sys.unraisablehook = lambda unraisable: complaints.append(f"{unraisable.exc_value}")
    try:
        result = CliRunner().invoke(app, ["check", "-q", str(DINING), "--max-memory", "256K"])
        del result
        gc.collect()
    finally:
        sys.unraisablehook = previous
    assert complaints == []
