"""`check --engine auto`: the BDD and the SAT engine side by side, each formula answered by the first to decide it.

Each engine runs in a child process on the same formulas with the same limits and
streams every formula's result to the parent as soon as it is known (the
`Progress.formula_done` hook); at the end it sends its whole report, witnesses
included. The parent keeps, per formula, the first definitive verdict (TRUE or
FALSE) from either engine, and ends the race as soon as every formula has one —
then it kills the other child — or when both children are done (docs/portfolio.md).

Results travel as plain, picklable data: a `FormulaResult` without its formula tree
(the parent has it) and an `Evidence` without its model (the parent has that too).
Each child has its own pipe, so killing one can never block the other's messages.
Ctrl-C, the time limit, or any exception in the parent kill both children; a child
whose parent is gone is killed with it (by the kernel on Linux, else by a thread of its own).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
from dataclasses import dataclass, field, replace
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from . import api
from .errors import BddMemoryExhausted, CtlstarkError, TimeLimitReached
from .logic.formula import Formula
from .model import FormulaEntry, Model
from .runtime.limits import acknowledge_stop
from .runtime.progress import Progress

if TYPE_CHECKING:
    from multiprocessing.process import BaseProcess

RACING_ENGINES = ("bdd", "sat")
_TERMINATE_GRACE_SECONDS = 1.0
"""A child asked to stop (SIGTERM) gets this long before it is killed (SIGKILL)."""
_PARENT_POLL_SECONDS = 0.5
"""How often a child checks that its parent is still alive (it exits when it is not)."""
_PR_SET_PDEATHSIG = 1
"""prctl's option (linux/prctl.h): the signal this process gets when its parent dies."""
_WAKE_SECONDS = 0.1
"""The parent wakes this often while it waits, so that Ctrl-C and the time limit (raised in its thread) get in."""
_STOPS = (KeyboardInterrupt, TimeLimitReached)
_EvidencePayload = tuple[Any, Any, "str | None", bool]
"""An `Evidence` without its model: (trace, strategy, missing, failed)."""


def sat_engine_available() -> bool:
    """Whether the SAT engine can run here (python-sat is installed)."""
    import importlib.util

    return importlib.util.find_spec("pysat") is not None


def check_portfolio(model: Model | str | Path, formulas: Iterable[str | Formula | FormulaEntry],
                    options: api.CheckOptions, progress: Progress | None = None) -> api.CheckReport:
    """`api.check_with` for `engine="auto"`: both engines race, each formula taking the first definitive verdict.

    Without python-sat it is the BDD engine alone, with a warning in the report.
    """
    started = time.perf_counter()
    file_name = None
    if not isinstance(model, Model):
        file_name = str(model)
        model = api.load_model(model)
    entries = (list(model.formulae) if options.file_formulae else []) + [api._as_entry(formula, model)
                                                                         for formula in formulas]
    parse_seconds = time.perf_counter() - started
    # The parent's time limit (`api.check_with`) ends the race and kills both children; limits of their own,
    # started a fork later, could end a child first, and the race would settle on that child's stop instead.
    child_options = replace(options, file_formulae=False, timeout=None)
    if not sat_engine_available():
        return _bdd_alone(model, file_name, entries, child_options, progress)
    race = _Race(model, entries, child_options, progress)
    race.run()
    report = race.merged_report(file_name)
    report.times = {"parse": parse_seconds, **report.times}
    return report


def _bdd_alone(model: Model, file_name: str | None, entries: list[FormulaEntry], options: api.CheckOptions,
               progress: Progress | None) -> api.CheckReport:
    """The BDD engine's report, said to come from `auto`, with a warning that the SAT engine is missing."""
    report = api._check(model, entries, replace(options, engine="bdd"), progress)
    report.file, report.engine = file_name, "auto"
    report.warnings.append("warning: --engine auto runs the BDD engine alone: the SAT engine needs python-sat "
                           "(pip install 'ctlstark[sat]')")
    return report


# ---------------------------------------------------------------- the child side


class _StreamingProgress:
    """The Progress of an engine in a child: every report becomes a message to the parent."""

    def __init__(self, connection: Connection) -> None:
        self._connection = connection

    def phase(self, name: str) -> None:
        self._connection.send(("progress", "phase", (name,)))

    def reach_step(self, depth: int, frontier_nodes: int, reached_nodes: int) -> None:
        self._connection.send(("progress", "reach_step", (depth, frontier_nodes, reached_nodes)))

    def formula(self, index: int, total: int, text: str) -> None:
        self._connection.send(("progress", "formula", (index, total, text)))

    def formula_done(self, result: api.FormulaResult) -> None:
        self._connection.send(("result", portable_result(result)))

    def close(self) -> None:
        pass


def portable_result(result: api.FormulaResult) -> tuple[api.FormulaResult, _EvidencePayload | None]:
    """A result as it crosses to the parent: without its formula tree, its evidence without the model."""
    evidence = result.evidence
    payload = None if evidence is None else (evidence.trace, evidence.strategy, evidence.missing, evidence.failed)
    return replace(result, formula=None, evidence=None), payload


def restored_result(portable: tuple[api.FormulaResult, _EvidencePayload | None], model: Model,
                    entry: FormulaEntry) -> api.FormulaResult:
    """The parent's copy of a result sent by `portable_result`: the formula tree and the model put back."""
    from .witness.evidence import Evidence

    result, payload = portable
    evidence = None if payload is None else Evidence(model, *payload)
    return replace(result, formula=entry.formula, evidence=evidence)


def _run_engine(engine: str, model: Model, entries: list[FormulaEntry], options: api.CheckOptions,
                connection: Connection, parent: int) -> None:
    """A child's work: one engine on every formula, streaming results; then the report, or why there is none."""
    _leave_interrupts_to_the_parent()
    _exit_when_orphaned(parent)
    try:
        report = api.check_with(model, entries, replace(options, engine=engine), _StreamingProgress(connection))
        message: tuple = ("report", replace(report, formulas=[]), [portable_result(r) for r in report.formulas])
    except BaseException as error:  # noqa: BLE001 - every failure is the parent's to report, not this process's
        message = ("failed", _failure_text(error), _stop_of(error))
    try:
        connection.send(message)
        connection.close()
    except OSError:  # the parent has stopped listening: it is ending this process anyway
        pass


def _leave_interrupts_to_the_parent() -> None:
    """Ctrl-C reaches the whole process group; the parent decides, and kills this child."""
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread (an unusual start method): the parent still kills us
        pass


def _exit_when_orphaned(parent: int) -> None:
    """End this process as soon as its parent is gone, so a killed parent leaves no engine running.

    On Linux the kernel kills it at once (PR_SET_PDEATHSIG; the parent's thread that started it
    outlives it, since it waits for it). Elsewhere a thread polls, which needs the interpreter: a
    long BDD operation in C delays it until the operation ends.
    """
    _ask_the_kernel_to_kill_orphans()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(_PARENT_POLL_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="ctlstark-portfolio-parent-watch", daemon=True).start()


def _ask_the_kernel_to_kill_orphans() -> None:
    """prctl(PR_SET_PDEATHSIG, SIGKILL) where it exists (Linux); elsewhere nothing."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):
        pass


def _failure_text(error: BaseException) -> str:
    """Why an engine gave no report, as one line of a formula's error."""
    if isinstance(error, TimeLimitReached):
        return "the time limit was reached before any verdict"
    if isinstance(error, BddMemoryExhausted):
        return "the BDD library reached its memory limit before any verdict"
    if isinstance(error, KeyboardInterrupt):
        return "interrupted"
    if isinstance(error, CtlstarkError):
        return str(error)
    return f"internal error: {type(error).__name__}: {error}"


def _stop_of(error: BaseException) -> str | None:
    """The `CheckReport.stopped` reason an exception stands for, or None when it is no stop."""
    if isinstance(error, (KeyboardInterrupt, TimeLimitReached, BddMemoryExhausted)):
        return api._stop_reason(error)
    return None


# ---------------------------------------------------------------- the parent side


@dataclass
class _Child:
    """One engine's process, seen from the parent: what it has sent so far."""

    engine: str
    process: BaseProcess
    connection: Connection
    streamed: dict[int, api.FormulaResult] = field(default_factory=dict)
    final: dict[int, api.FormulaResult] | None = None
    """Its report's results (witnesses included) once the report arrived."""
    report: api.CheckReport | None = None
    failure: str | None = None
    stop: str | None = None
    done: bool = False
    """Its last message arrived, or it is gone."""


class _Race:
    """Two engines in child processes on the same formulas; the first definitive verdict per formula wins."""

    def __init__(self, model: Model, entries: list[FormulaEntry], options: api.CheckOptions,
                 progress: Progress | None) -> None:
        self.model, self.entries, self.options, self.progress = model, entries, options, progress
        self.children: list[_Child] = []
        self.answers: dict[int, tuple[str, api.FormulaResult]] = {}
        self.disagreements: list[str] = []
        self.stopped: str | None = None
        self.seconds = 0.0

    def run(self) -> None:
        """Start both children and collect their messages until the race is settled; the children are gone after."""
        started = time.perf_counter()
        try:
            self.children = [self._start(engine) for engine in RACING_ENGINES]
            self._collect()
        except _STOPS as stop:
            acknowledge_stop()
            self.stopped = api._stop_reason(stop)
            if not self.answers:
                self._end_children()
                raise
        finally:
            self._end_children()
            self.seconds = time.perf_counter() - started

    def _start(self, engine: str) -> _Child:
        """One child, started; the parent keeps only the reading end of its pipe (so a dead child reads as EOF)."""
        context = _context()
        reader, writer = context.Pipe(duplex=False)
        process = context.Process(target=_run_engine, name=f"ctlstark-{engine}", daemon=True,
                                  args=(engine, self.model, self.entries, self.options, writer, os.getpid()))
        with _children_allowed():
            process.start()
        writer.close()
        return _Child(engine, process, reader)

    def _collect(self) -> None:
        while not self._settled():
            running = [child for child in self.children if not child.done]
            ready = wait([child.connection for child in running] + [child.process.sentinel for child in running],
                         _WAKE_SECONDS)
            for child in running:
                if child.connection in ready or child.process.sentinel in ready:
                    self._read(child)

    def _read(self, child: _Child) -> None:
        """Every message the child has sent so far; a child gone without its report is done."""
        try:
            while child.connection.poll():
                self._receive(child, child.connection.recv())
                if child.done:
                    return
        except (EOFError, OSError):
            pass
        if not child.process.is_alive() and not child.done:
            child.done = True
            child.failure = f"its process ended unexpectedly (exit code {child.process.exitcode})"

    def _receive(self, child: _Child, message: tuple) -> None:
        kind = message[0]
        if kind == "progress":
            if child.engine == "bdd" and self.progress is not None:  # one engine's phases, not a flicker of two
                getattr(self.progress, message[1])(*message[2])
        elif kind == "result":
            self._streamed(child, restored_result(message[1], self.model, self._entry(message[1][0].index)))
        elif kind == "report":
            child.report = message[1]
            child.final = {portable[0].index: restored_result(portable, self.model, self._entry(portable[0].index))
                           for portable in message[2]}
            child.stop, child.done = child.report.stopped, True
            for result in child.final.values():
                self._streamed(child, result)
        else:
            child.failure, child.stop, child.done = message[1], message[2], True

    def _entry(self, index: int) -> FormulaEntry:
        return self.entries[index - 1]

    def _streamed(self, child: _Child, result: api.FormulaResult) -> None:
        """A result from `child`: the formula's answer if it is the first definitive one."""
        child.streamed.setdefault(result.index, result)
        if result.verdict is None:
            return
        if result.index in self.answers:
            engine, answer = self.answers[result.index]
            if engine != child.engine and answer.verdict != result.verdict:
                self.disagreements.append(f"warning: the engines disagree on formula {result.index} "
                                          f"({engine}: {answer.verdict}, {child.engine}: {result.verdict}); "
                                          "please report this bug")
            return
        self.answers[result.index] = (child.engine, result)
        if self.progress is not None:
            self.progress.formula_done(self._answer(result.index))

    def _settled(self) -> bool:
        """Every formula answered (with its witness, when asked for, at hand), or no child left to hear from.

        An engine that has checked every formula is only finishing its report (its figures, the
        witnesses, `--deadlock`, `--lint`): that is waited for; one still checking is not.
        """
        if all(child.done for child in self.children):
            return True
        if len(self.answers) < len(self.entries):
            return False
        if any(not child.done and len(child.streamed) == len(self.entries) for child in self.children):
            return False
        return not self.options.witness or all(self._witness_at_hand(index) for index in self.answers)

    def _witness_at_hand(self, index: int) -> bool:
        """Whether formula `index`'s answer has its witness, or its engine has sent all it ever will."""
        engine, result = self.answers[index]
        return result.evidence is not None or self._child(engine).done

    def _child(self, engine: str) -> _Child:
        return next(child for child in self.children if child.engine == engine)

    def _end_children(self) -> None:
        """Terminate every child still running (then kill it), and close the pipes."""
        for child in self.children:
            _end_process(child.process)
            child.connection.close()

    # ------------------------------------------------------------ the merged report

    def _answer(self, index: int) -> api.FormulaResult:
        """The winning result of formula `index`, from its engine's report when that arrived (it has the witness)."""
        engine, result = self.answers[index]
        final = self._child(engine).final
        chosen = final[index] if final is not None and index in final else result
        if self.options.witness and chosen.evidence is None and result.evidence is not None:
            chosen = result
        return replace(chosen, engine=engine)

    def _undecided(self, index: int) -> api.FormulaResult:
        """A formula neither engine decided: no verdict, each engine's reason."""
        entry = self._entry(index)
        reasons = "; ".join(f"{child.engine}: {self._reason(child, index)}" for child in self.children)
        return api.FormulaResult(index=index, text=entry.text, verdict=None, mode=entry.mode, source=entry.source,
                                 error=reasons, warnings=list(entry.warnings), formula=entry.formula)

    def _reason(self, child: _Child, index: int) -> str:
        if index in child.streamed and child.streamed[index].error:
            return str(child.streamed[index].error)
        if child.failure is not None:
            return child.failure
        if self.stopped is not None:
            return api._NOT_CHECKED[self.stopped]
        return "no verdict"

    def merged_report(self, file_name: str | None) -> api.CheckReport:
        """One report: per formula the winner's result, the BDD figures when the BDD engine finished."""
        results = [self._answer(index) if index in self.answers else self._undecided(index)
                   for index in range(1, len(self.entries) + 1)]
        bdd = self._child("bdd").report
        undecided = any(result.verdict is None for result in results)
        return api.CheckReport(
            model=self.model.name, file=file_name, semantics=self.model.semantics, strategies=self.options.strategies,
            reachable_states=-1 if bdd is None else bdd.reachable_states,
            bdd_variables=0 if bdd is None else bdd.bdd_variables,
            bdd_nodes_reachable=0 if bdd is None else bdd.bdd_nodes_reachable,
            bdd_peak_nodes=0 if bdd is None else bdd.bdd_peak_nodes,
            times=self._times(), formulas=results,
            deadlock_states=None if bdd is None else bdd.deadlock_states,
            deadlock_examples=[] if bdd is None else bdd.deadlock_examples,
            warnings=self._warnings(bdd) + self.disagreements,
            stopped=self.stopped or (self._child_stop() if undecided else None),
            lint=None if bdd is None else bdd.lint,
            engine="auto",
        )

    def _times(self) -> dict[str, float]:
        """Each finished engine's phases, as `bdd:reach`, `sat:check`, …, and the race's wall time as `portfolio`."""
        times = {f"{child.engine}:{phase}": seconds for child in self.children if child.report is not None
                 for phase, seconds in child.report.times.items() if phase != "parse"}
        times["portfolio"] = self.seconds
        return times

    def _warnings(self, bdd: api.CheckReport | None) -> list[str]:
        if bdd is not None:
            return list(bdd.warnings)
        warnings = list(self.model.warnings)
        for flag, wanted in (("--deadlock", self.options.deadlock), ("--lint", self.options.lint)):
            if wanted:
                warnings.append(f"warning: {flag} needs the BDD engine, which did not finish; ignored")
        return warnings

    def _child_stop(self) -> str | None:
        """Why an engine stopped early (the BDD engine's reason first), for a report with undecided formulas."""
        return next((child.stop for child in self.children if child.stop is not None), None)


def _context() -> multiprocessing.context.BaseContext:
    """The "fork" start method where there is one (fast, nothing to pickle on the way in), else "spawn"."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


class _children_allowed:
    """Let a daemonic process (a Dask or multiprocessing worker) start the engines' children.

    multiprocessing refuses because a daemon's children could outlive it; these
    cannot: each exits when its parent is gone (`_exit_when_orphaned`).
    """

    def __enter__(self) -> None:
        self._process = multiprocessing.current_process()
        self._daemon = self._process._config.get("daemon", False)  # type: ignore[attr-defined]
        self._process._config["daemon"] = False  # type: ignore[attr-defined]

    def __exit__(self, *_exception: object) -> None:
        self._process._config["daemon"] = self._daemon  # type: ignore[attr-defined]


def _end_process(process: BaseProcess) -> None:
    """Stop a child for good: SIGTERM, then SIGKILL if it is still there after a grace period; always reaped."""
    if process.exitcode is None and process.pid is not None:
        try:
            process.terminate()
            process.join(_TERMINATE_GRACE_SECONDS)
        except KeyboardInterrupt:
            pass
        if process.is_alive():
            process.kill()
    if process.pid is not None:
        while True:
            try:
                process.join()
                return
            except KeyboardInterrupt:  # a second Ctrl-C: the child is already being killed
                process.kill()
