"""Batch runs (`ctlstark batch`): regression suites and parameter sweeps, in-process or on Dask.

`load_suite` reads a suite (suite.py), `run_suite` runs its jobs (jobs.py in
this process, dask_runner.py on a Dask cluster) and returns the sorted report
(report.py). docs/batch.md describes the manifest and the outputs.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

from .jobs import JobLimits, JobResult, run_locally
from .report import BatchReport, build_report
from .suite import Suite, SuiteError, load_suite


def run_suite(suite: Suite, limits: JobLimits = JobLimits(), *, workers: int | None = None,
              scheduler: str | None = None, on_result: Callable[[JobResult], None] | None = None) -> BatchReport:
    """Run every job of `suite` and return its report.

    `workers=0` runs the jobs one by one in this process, without Dask; otherwise they
    run on `scheduler` (a Dask scheduler's address) or on a local cluster of `workers`
    processes (None: one per CPU). `on_result` hears of each result as it arrives.
    """
    started = time.perf_counter()
    results = []
    for result in _results(suite, limits, workers, scheduler):
        if on_result is not None:
            on_result(result)
        results.append(result)
    return build_report(suite, results, time.perf_counter() - started, _how(workers, scheduler))


def _results(suite: Suite, limits: JobLimits, workers: int | None, scheduler: str | None) -> Iterator[JobResult]:
    if workers == 0 and scheduler is None:
        yield from run_locally(suite.jobs, limits)
        return
    from .dask_runner import dask_client, run_on_dask

    with dask_client(workers, scheduler) as client:
        yield from run_on_dask(client, suite.jobs, limits)


def _how(workers: int | None, scheduler: str | None) -> str:
    if scheduler is not None:
        return f"the Dask scheduler at {scheduler}"
    if workers == 0:
        return "this process"
    from .dask_runner import machine_workers

    count = workers or machine_workers()
    return f"{count} local worker{'s' if count != 1 else ''}"


__all__ = ["BatchReport", "JobLimits", "JobResult", "Suite", "SuiteError", "load_suite", "run_suite"]
