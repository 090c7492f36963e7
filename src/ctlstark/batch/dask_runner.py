"""Running batch jobs on Dask: a `LocalCluster` of worker processes, or an existing cluster's scheduler.

Each job is one task (`jobs.run_job`) that receives a job spec and returns a
`JobResult`, both plain data, so BDD managers never leave the worker process.
Results are yielded as jobs finish (`distributed.as_completed`). A task that
fails at the Dask level — its worker died, or the task could not run — is
submitted once more; when that fails too, the job is reported as an error row.
On the local cluster the scheduler gives up on a task at the first worker
death it is involved in (`allowed-failures` 0), so "retried once" means
exactly two attempts; an existing scheduler keeps its own setting (Dask's
default reschedules a task up to three times) before our one retry.
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Iterable, Iterator
from typing import Any

from .jobs import JobLimits, JobResult, failed_job, run_job
from .suite import JobSpec

ATTEMPTS = 2  # the first run and one retry
ANY_FREE_PORT = ":0"  # the scheduler's HTTP endpoints: never Dask's fixed 8787, which another cluster may hold


class ClusterUnavailable(Exception):
    """The Dask scheduler cannot be reached or the local cluster cannot start."""


def machine_workers() -> int:
    """Worker processes for the local cluster: one per CPU this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


@contextlib.contextmanager
def dask_client(workers: int | None = None, scheduler: str | None = None) -> Iterator[Any]:
    """A `distributed.Client` on `scheduler`, or on a fresh local cluster of `workers` single-threaded processes."""
    import dask
    from distributed import Client, LocalCluster

    if scheduler is not None:
        try:  # waits as long as Dask's configuration says (distributed.comm.timeouts.connect, 30 s by default)
            client = Client(scheduler)
        except (OSError, TimeoutError) as error:
            raise ClusterUnavailable(f"cannot reach the Dask scheduler at {scheduler}: {error}") from None
        with client:
            yield client
        return
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}):
        try:
            cluster = LocalCluster(n_workers=workers or machine_workers(), threads_per_worker=1, processes=True,
                                   dashboard_address=ANY_FREE_PORT, memory_limit=0, silence_logs=logging.CRITICAL)
        except (OSError, TimeoutError) as error:
            raise ClusterUnavailable(f"cannot start a local Dask cluster: {error}") from None
        with cluster, Client(cluster) as client:
            yield client


def run_on_dask(client: Any, specs: Iterable[JobSpec], limits: JobLimits) -> Iterator[JobResult]:
    """Every job's result, in the order the jobs finish; each job at most `ATTEMPTS` times, none dropped."""
    from distributed import as_completed

    attempt_of: dict[str, tuple[JobSpec, int]] = {}

    def submit(spec: JobSpec, attempt: int) -> Any:
        future = client.submit(run_job, spec, limits, pure=False, key=f"ctlstark-batch-{spec.name}-{attempt}-"
                               f"{os.urandom(4).hex()}")
        attempt_of[future.key] = (spec, attempt)
        return future

    finished = as_completed([submit(spec, 1) for spec in specs])
    for future in finished:
        spec, attempt = attempt_of.pop(future.key)
        if future.status == "finished":
            result = future.result()
            result.attempts = attempt
            yield result
        elif attempt < ATTEMPTS:
            finished.add(submit(spec, attempt + 1))
        else:
            yield failed_job(spec, f"lost after {attempt} attempts: {_failure(future)}", attempt)
        future.release()


def _failure(future: Any) -> str:
    """Why a task failed, in one line (`KilledWorker` when its worker died)."""
    try:
        error = future.exception()
    except BaseException as cause:  # noqa: BLE001 - a cancelled future raises instead of returning
        error = cause
    reason = f"{type(error).__name__}: {error}"
    if type(error).__name__ == "KilledWorker":
        reason = "the worker running it died (KilledWorker)"
    return reason
