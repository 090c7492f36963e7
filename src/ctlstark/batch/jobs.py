"""Running one batch job: generate the model if needed, check it, return plain data.

`run_job` is what a Dask worker executes (and what `--local` calls in-process).
Everything it gets and returns is plain, picklable data: the BDD manager lives
and dies inside the call, in the process that runs it. It never raises for a
problem with the job itself (a malformed model, a failing generator, a limit
reached): such a job comes back with `error` set.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import BddMemoryExhausted, CtlstarkError, IsplError, TimeLimitReached
from ..runtime.records import record
from .suite import Generator, JobSpec

_CLEAR_REFS = Path("/proc/self/clear_refs")
_STATUS = Path("/proc/self/status")
DIAGNOSTICS_KEPT = 5  # of a malformed model's diagnostics, the first few are enough for a report


@record
class JobLimits:
    """Per-job limits and extras, applied in the process that runs the job (`--timeout`, `--max-memory`, `--html`,
    `--engine`)."""

    timeout: float | None = None
    """Seconds of wall time for the generator command, and again for the check."""
    max_memory: int | None = None
    """Bytes the BDD library may use."""
    html_page: bool = False
    """Also compute the witnesses and build the job's HTML report page (`batch --html`)."""
    engine: str = "bdd"
    """The engine that checks each job: "bdd", "sat" or "auto" (`api.CheckOptions.engine`)."""


@dataclass
class FormulaOutcome:
    """One formula's verdict (None with `error` when it could not be checked)."""

    index: int
    text: str
    verdict: bool | None
    seconds: float = 0.0
    error: str | None = None


@dataclass
class JobResult:
    """What one job found out; `error` when the job could not produce verdicts at all."""

    name: str
    source: str
    model: str | None = None
    reachable_states: int | None = None
    formulas: list[FormulaOutcome] = field(default_factory=list)
    seconds: float = 0.0
    peak_memory: int | None = None
    """Peak resident memory (bytes) of the process while it ran the job; None where it cannot be measured."""
    bdd_peak_nodes: int | None = None
    error: str | None = None
    stopped: str | None = None
    """Why checking ended early (`time limit`, `memory limit`), as in `CheckReport.stopped`."""
    attempts: int = 1
    """2 when the first attempt was lost (its worker died) and the job ran again."""
    html_page: str | None = None
    """With `JobLimits.html_page`: the check report as an HTML page (`check --html`), built in the worker."""


class GeneratorFailed(Exception):
    """The generator command did not produce a model."""


def run_job(spec: JobSpec, limits: JobLimits = JobLimits()) -> JobResult:
    """Check one job's model and formulas under `limits`; problems become `error`, never exceptions."""
    from ..api import CheckOptions, check_with, load_model_text

    started = time.perf_counter()
    _reset_peak_memory()
    result = JobResult(name=spec.name, source=spec.source)
    try:
        text = spec.model_text if spec.generator is None else generate(spec.generator, limits.timeout)
        model = load_model_text(text, filename=spec.file_label)
        result.model = model.name
        options = CheckOptions(file_formulae=spec.file_formulae, timeout=limits.timeout, max_memory=limits.max_memory,
                               strategies=spec.strategies, witness=limits.html_page, engine=limits.engine)
        report = check_with(model, spec.formulas, options)
        if limits.html_page:
            from ..tools.report_page import html_report

            report.file = spec.source
            result.html_page = html_report(report, model)
    except GeneratorFailed as failure:
        result.error = f"generator: {failure}"
    except IsplError as error:
        result.error = "\n".join(diagnostic.format().splitlines()[0]
                                 for diagnostic in error.diagnostics[:DIAGNOSTICS_KEPT])
    except TimeLimitReached:
        result.error = f"the time limit of {limits.timeout:g} s was reached before any verdict"
    except BddMemoryExhausted:
        result.error = "the BDD library reached its memory limit before any verdict"
    except CtlstarkError as error:
        result.error = str(error)
    except Exception as error:  # noqa: BLE001 - a bug in ctlstark: reported on the job's row, not lost
        result.error = f"internal error: {type(error).__name__}: {error}"
    else:
        result.reachable_states = report.reachable_states
        result.bdd_peak_nodes = report.bdd_peak_nodes
        result.stopped = report.stopped
        result.formulas = [FormulaOutcome(formula.index, formula.text, formula.verdict, formula.seconds,
                                          formula.error) for formula in report.formulas]
    result.seconds = time.perf_counter() - started
    result.peak_memory = _peak_memory()
    return result


def failed_job(spec: JobSpec, message: str, attempts: int) -> JobResult:
    """The row of a job that never came back (its worker died on every attempt)."""
    return JobResult(name=spec.name, source=spec.source, error=message, attempts=attempts)


def run_locally(specs: Iterable[JobSpec], limits: JobLimits) -> Iterator[JobResult]:
    """Run the jobs one after another in this process (`--local`): no Dask, for debugging."""
    for spec in specs:
        yield run_job(spec, limits)


def generate(generator: Generator, timeout: float | None) -> str:
    """Run the generator command; the ISPL it printed, or the file it wrote (`output`)."""
    try:
        finished = subprocess.run(list(generator.argv), cwd=generator.cwd, capture_output=True, text=True,
                                  timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        raise GeneratorFailed(f"{generator.command_line}: the time limit of {timeout:g} s was reached") from None
    except OSError as error:
        raise GeneratorFailed(f"{generator.command_line}: {error.strerror or error}") from None
    if finished.returncode != 0:
        last_line = (finished.stderr.strip().splitlines() or ["no message"])[-1]
        raise GeneratorFailed(f"{generator.command_line} exited with status {finished.returncode}: {last_line}")
    if generator.output is None:
        if not finished.stdout.strip():
            raise GeneratorFailed(f"{generator.command_line} printed no model")
        return finished.stdout
    try:
        return Path(generator.output).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise GeneratorFailed(f"cannot read {generator.output}: {getattr(error, 'strerror', None) or error}") \
            from None


def _reset_peak_memory() -> None:
    """Start a new peak of resident memory for this process (Linux: `5` to clear_refs resets VmHWM)."""
    try:
        _CLEAR_REFS.write_text("5")
    except OSError:
        pass


def _peak_memory() -> int | None:
    """The peak resident memory of this process since the last reset, in bytes."""
    try:
        for line in _STATUS.read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # since the process started
    return peak if sys.platform == "darwin" else peak * 1024
