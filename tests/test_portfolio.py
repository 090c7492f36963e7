"""The portfolio `--engine auto`: both engines side by side, the first definitive verdict per formula.

The verdicts are the BDD engine's; a formula only the BDD engine decides is its; where
the SAT engine proves an invariant at once and BDD reachability takes seconds, the SAT
engine answers and the BDD child is killed; witnesses come through from either engine;
Ctrl-C, the time limit and a killed parent leave no engine process behind.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ctlstark
from ctlstark import portfolio
from ctlstark.api import CheckOptions
from ctlstark.cli import EXIT_INTERRUPTED, EXIT_TIME_LIMIT, app
from ctlstark.errors import TimeLimitReached

pytest.importorskip("pysat")
psutil = pytest.importorskip("psutil")

REPOSITORY = Path(__file__).resolve().parents[1]
EXAMPLES = REPOSITORY / "ispl_examples"
ONLY_BDD = "AG (recbit -> K(Sender, recbit)) and EF recbit"  # FALSE; a conjunction of CTL formulas: not for SAT
KNOWLEDGE_ON_COPIES = "AG (copied -> !K(Copier, !copied))"  # neither fast: K in a universal place is not for SAT


def copy_model(bits: int) -> str:
    """The environment holds `bits` booleans, fixed from the start; the Copier copies them into its own.

    The reachable states pair every x with y = x or y = 0, whose BDD doubles with each bit (the
    BDD engine needs 2 s for 14 bits, minutes for 18), while `AG copied` (y0 -> x0) is 1-inductive:
    the SAT engine proves it in milliseconds.
    """
    declared = "\n".join(f"    x{i} : boolean;" for i in range(bits))
    copies = "\n".join(f"    y{i} : boolean;" for i in range(bits))
    assignments = "\n".join(f"    y{i} = Environment.x{i} if Action = copy;" for i in range(bits))
    initial = " and ".join(f"Copier.y{i} = false" for i in range(bits))
    return f"""Agent Environment
  Obsvars:
{declared}
  end Obsvars
  Actions = {{none}};
  Protocol:
    Other : {{none}};
  end Protocol
  Evolution:
    x0 = x0 if Action = none;
  end Evolution
end Agent
Agent Copier
  Vars:
{copies}
  end Vars
  Actions = {{copy, wait}};
  Protocol:
    Other : {{copy, wait}};
  end Protocol
  Evolution:
{assignments}
  end Evolution
end Agent
Evaluation
  copied if Copier.y0 = false or Environment.x0 = true;
end Evaluation
InitStates
  {initial};
end InitStates
Formulae
  AG copied;
end Formulae
"""


@pytest.fixture
def hard_copies(tmp_path: Path) -> Path:
    """The copy model with 18 bits: the BDD engine does not finish it within any of these tests."""
    path = tmp_path / "copies.ispl"
    path.write_text(copy_model(18), encoding="utf-8")
    return path


def engine_children() -> set[int]:
    """The pids of this process's living children (and theirs), but multiprocessing's own helper.

    The "spawn" start method starts a resource tracker once, which lives as long as this process.
    """
    children = set()
    for child in psutil.Process().children(recursive=True):
        try:
            if child.status() != psutil.STATUS_ZOMBIE and "resource_tracker" not in " ".join(child.cmdline()):
                children.add(child.pid)
        except psutil.NoSuchProcess:
            pass
    return children


@pytest.fixture
def no_children_left():
    """Fails the test when it leaves a child process of this process running."""
    before = engine_children()
    yield
    assert multiprocessing.active_children() == []
    assert engine_children() - before == set()


# ---------------------------------------------------------------- verdicts and engines


@pytest.mark.parametrize("name", ["bit_transmission", "card_game", "deadlock", "dining_cryptographers",
                                  "muddy_children", "train_gate_controller"])
def test_the_merged_verdicts_are_the_bdd_engines(name: str, no_children_left: None) -> None:
    path = EXAMPLES / f"{name}.ispl"
    alone = ctlstark.check(path)
    merged = ctlstark.check(path, engine="auto")
    assert [r.verdict for r in merged.formulas] == [r.verdict for r in alone.formulas]
    assert all(r.engine in ("bdd", "sat") for r in merged.formulas)
    assert merged.engine == "auto" and merged.stopped is None
    assert merged.reachable_states in (alone.reachable_states, -1)  # -1 only when the BDD engine was killed


def test_a_formula_only_the_bdd_engine_decides_is_answered_by_it(no_children_left: None) -> None:
    # both beyond the SAT engine: with `AX recbit` alone, a SAT child forked from a process that had
    # imported the SAT engine already (xdist ran test_sat.py first) sometimes answered it first
    report = ctlstark.check(EXAMPLES / "bit_transmission.ispl", [ONLY_BDD, "AX recbit and EX recbit"],
                            file_formulae=False, engine="auto", witness=True)
    assert [r.verdict for r in report.formulas] == [False, False]
    assert [r.engine for r in report.formulas] == ["bdd", "bdd"]
    trace = report.formulas[0].trace  # the BDD engine's counterexample, with its knowledge sub-trace
    assert trace is not None and trace["kind"] == "counterexample" and trace["children"]


def test_the_sat_engine_answers_where_bdd_reachability_is_slow(tmp_path: Path, no_children_left: None) -> None:
    model = ctlstark.load_model_text(copy_model(14))
    alone = ctlstark.check(model)
    merged = ctlstark.check(model, ["AG !(Copier.y1 = true)"], engine="auto", witness=True, timeout=30)
    assert [r.verdict for r in merged.formulas] == [r.verdict for r in alone.formulas] + [False]
    assert [r.engine for r in merged.formulas] == ["sat", "sat"]
    assert merged.reachable_states == -1 and "bdd:reach" not in merged.times  # the BDD child was not waited for
    trace = merged.formulas[1].trace  # the SAT engine's counterexample: y1 copied in one step
    assert trace is not None and trace["kind"] == "counterexample" and len(trace["steps"]) == 2


def test_a_formula_neither_decides_gets_both_reasons(hard_copies: Path, no_children_left: None) -> None:
    report = ctlstark.check(hard_copies, [KNOWLEDGE_ON_COPIES], engine="auto", timeout=2)
    first, second = report.formulas
    assert (first.verdict, first.engine) == (True, "sat")
    assert second.verdict is None and second.engine is None and report.stopped == "time limit"
    assert second.error.startswith("bdd: not checked: the time limit was reached; sat: ")
    assert "not supported by the SAT engine" in second.error


def test_the_time_limit_before_any_verdict_propagates_and_kills_both(hard_copies: Path,
                                                                     no_children_left: None) -> None:
    with pytest.raises(TimeLimitReached):
        ctlstark.check(hard_copies, [KNOWLEDGE_ON_COPIES], file_formulae=False, engine="auto", timeout=1)


def test_without_python_sat_auto_is_the_bdd_engine_with_a_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(portfolio, "sat_engine_available", lambda: False)
    report = ctlstark.check(EXAMPLES / "deadlock.ispl", engine="auto")
    assert all(r.engine == "bdd" for r in report.formulas) and report.reachable_states == 8
    assert any("runs the BDD engine alone" in warning for warning in report.warnings)


def test_the_options_know_auto() -> None:
    assert CheckOptions(engine="auto").engine == "auto"
    with pytest.raises(ValueError, match="'auto'"):
        CheckOptions(engine="both")


def test_the_spawn_start_method_gives_the_same_report(monkeypatch: pytest.MonkeyPatch,
                                                      no_children_left: None) -> None:
    """Where there is no fork (macOS, Windows) the children are spawned: everything they get must pickle."""
    monkeypatch.setattr(portfolio, "_context", lambda: multiprocessing.get_context("spawn"))
    path = EXAMPLES / "bit_transmission.ispl"
    spawned = ctlstark.check(path, [ONLY_BDD], engine="auto", witness=True)
    alone = ctlstark.check(path, [ONLY_BDD], witness=True)
    assert [r.verdict for r in spawned.formulas] == [r.verdict for r in alone.formulas]
    assert spawned.formulas[-1].trace == alone.formulas[-1].trace


def test_results_and_evidence_cross_between_processes() -> None:
    report = ctlstark.check(EXAMPLES / "bit_transmission.ispl", [ONLY_BDD], file_formulae=False, witness=True)
    model = ctlstark.load_model(EXAMPLES / "bit_transmission.ispl")
    entry = ctlstark.parse_formula(ONLY_BDD, model)
    crossed = portfolio.restored_result(portfolio.portable_result(report.formulas[0]), model, entry)
    assert crossed.to_json() == report.formulas[0].to_json() and crossed.formula == entry.formula


# ---------------------------------------------------------------- command line and batch


def test_the_json_document_names_each_formulas_engine() -> None:
    result = CliRunner().invoke(app, ["check", str(EXAMPLES / "deadlock.ispl"), "--engine", "auto", "--json"])
    assert result.exit_code == 1, result.output
    document = json.loads(result.stdout)
    assert document["engine"] == "auto"
    assert all(formula["engine"] in ("bdd", "sat") for formula in document["formulas"])
    single = json.loads(CliRunner().invoke(app, ["check", str(EXAMPLES / "deadlock.ispl"), "--json"]).stdout)
    assert single["engine"] == "bdd" and {f["engine"] for f in single["formulas"]} == {"bdd"}


def test_stats_print_the_engine_of_each_verdict(hard_copies: Path) -> None:
    result = CliRunner().invoke(app, ["check", str(hard_copies), "--engine", "auto", "--stats", "--witness",
                                      "-f", "AG !(Copier.y1 = true)"])
    assert result.exit_code == 1, result.output
    assert result.stdout.count("engine: sat\n") == 2 and "route sat:k-induction k=1: AG copied" in result.stdout
    assert "counterexample for AG !(Copier.y1 = true)" in result.stdout
    assert "engine: auto (reachable states not computed: the BDD engine did not finish)" in result.stdout


def test_batch_runs_the_engine_it_is_given(tmp_path: Path) -> None:
    suite = tmp_path / "suite.toml"
    suite.write_text(f'[[model]]\npath = "{EXAMPLES / "bit_transmission.ispl"}"\nonly = true\n'
                     f'formulas = [{{ text = "{ONLY_BDD}", expect = false }}, {{ text = "AG (recack -> recbit)", '
                     'expect = true }]\n', encoding="utf-8")
    verdicts = {}
    for engine in ("sat", "auto"):
        result = CliRunner().invoke(app, ["batch", str(suite), "--local", "--engine", engine, "--json", "-"])
        job = json.loads(result.stdout)["jobs"][0]
        verdicts[engine] = [formula["verdict"] for formula in job["formulas"]]
    assert verdicts == {"sat": [None, True], "auto": [False, True]}


def test_batch_on_dask_workers_runs_the_portfolio(tmp_path: Path) -> None:
    """A Dask worker is a daemonic process, which multiprocessing forbids to start children by default."""
    pytest.importorskip("distributed")
    suite = tmp_path / "suite.toml"
    suite.write_text(f'[[model]]\npath = "{EXAMPLES / "bit_transmission.ispl"}"\nonly = true\n'
                     f'formulas = [{{ text = "{ONLY_BDD}", expect = false }}]\n', encoding="utf-8")
    result = CliRunner().invoke(app, ["batch", str(suite), "--workers", "1", "--engine", "auto", "--json", "-"])
    assert result.exit_code == 0, result.output
    job = json.loads(result.stdout)["jobs"][0]
    assert job["error"] is None and [formula["verdict"] for formula in job["formulas"]] == [False]


def _command(*arguments: str) -> list[str]:
    return [sys.executable, "-m", "ctlstark", "check", *arguments]


def _children_of(process: subprocess.Popen, count: int) -> list[psutil.Process]:
    """The process's children, once it has `count` of them (the engines running)."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        children = psutil.Process(process.pid).children(recursive=True)
        if len(children) >= count:
            return children
        assert process.poll() is None, process.communicate()
        time.sleep(0.02)
    raise AssertionError("the engines did not start")


def _running(child: psutil.Process) -> bool:
    """Whether the process still runs (a zombie is dead; reaping an orphan is init's business)."""
    try:
        return child.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def _gone(children: list[psutil.Process], within: float) -> bool:
    """Whether every one of `children` has stopped running within `within` seconds."""
    deadline = time.monotonic() + within
    while any(_running(child) for child in children):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def test_the_command_lines_timeout_leaves_no_engine_running(hard_copies: Path) -> None:
    process = subprocess.Popen(_command(str(hard_copies), "--engine", "auto", "--timeout", "1.5", "-f",
                                        KNOWLEDGE_ON_COPIES), cwd=REPOSITORY, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    children = _children_of(process, 2)
    stdout, stderr = process.communicate(timeout=20)
    assert process.returncode == EXIT_TIME_LIMIT, stderr
    assert "TRUE   AG copied" in stdout and "ERROR  AG (copied -> !K(Copier, !copied))" in stdout
    assert _gone(children, within=0.5)


def _as_a_foreground_command() -> None:
    """Ctrl-C's default action, as a command typed at a terminal has it: a test suite started in the
    background (`pytest &`) passes its ignored SIGINT on, and Python then never raises KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_leaves_no_engine_running(hard_copies: Path) -> None:
    process = subprocess.Popen(_command(str(hard_copies), "--engine", "auto", "--only", "-f",
                                        KNOWLEDGE_ON_COPIES), cwd=REPOSITORY, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True,
                               preexec_fn=_as_a_foreground_command)
    children = _children_of(process, 2)
    time.sleep(0.3)
    os.killpg(process.pid, signal.SIGINT)  # as a terminal's Ctrl-C: to the whole process group
    _, stderr = process.communicate(timeout=20)
    assert process.returncode == EXIT_INTERRUPTED, stderr
    assert "Traceback" not in stderr and _gone(children, within=0.5)


def test_a_killed_parent_leaves_no_engine_running(hard_copies: Path) -> None:
    process = subprocess.Popen(_command(str(hard_copies), "--engine", "auto", "--only", "-f",
                                        KNOWLEDGE_ON_COPIES), cwd=REPOSITORY, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    children = _children_of(process, 2)
    process.kill()
    process.wait()
    assert _gone(children, within=1.0)  # the kernel kills them with their parent (PR_SET_PDEATHSIG)
