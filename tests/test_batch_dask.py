"""`ctlstark batch` on Dask: local clusters of 1 and 2 workers, an existing scheduler on loopback, killed workers.

One real `distributed` cluster (scheduler and two worker processes on 127.0.0.1) is
shared by the module and reached through `--scheduler`; the `--workers N` tests start
their own local cluster, as a user's run does.
"""

from __future__ import annotations

import json
import logging
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ctlstark.batch import load_suite
from ctlstark.cli import app

distributed = pytest.importorskip("distributed")

REPOSITORY = Path(__file__).resolve().parents[1]
EXAMPLES_SUITE = REPOSITORY / "suites" / "examples.toml"
BIT = REPOSITORY / "ispl_examples" / "bit_transmission.ispl"
KILLER = """\
import os, signal, sys
from pathlib import Path
marker = Path(sys.argv[1])
if sys.argv[1] == "always" or not marker.exists():  # kill the worker process running this job
    if sys.argv[1] != "always":
        marker.write_text("killed once")
    os.kill(os.getppid(), signal.SIGKILL)
    sys.exit(1)
print(Path(sys.argv[2]).read_text())
"""


@pytest.fixture(scope="module")
def scheduler_address() -> str:
    """A scheduler and two worker processes on loopback, configured as `ctlstark batch` configures its own."""
    import dask

    with dask.config.set({"distributed.scheduler.allowed-failures": 0}):
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                           dashboard_address=":0", memory_limit=0, silence_logs=logging.CRITICAL)
    with cluster:
        yield cluster.scheduler_address


def batch(*arguments: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["batch", "--quiet", *arguments])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout


def reproducible_json(tmp_path: Path, *arguments: str) -> dict:
    target = tmp_path / "report.json"
    status, _ = batch(*arguments, "--json", str(target), "--reproducible")
    assert status == 0
    return json.loads(target.read_text())


@pytest.fixture(scope="module")
def in_process_report(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """The examples suite's report computed without Dask: what every cluster run must reproduce."""
    return reproducible_json(tmp_path_factory.mktemp("local"), str(EXAMPLES_SUITE), "--local")


@pytest.mark.parametrize("workers", ["1", "2"])
def test_local_clusters_of_1_and_2_workers_give_the_in_process_report(
        tmp_path: Path, in_process_report: dict, workers: str) -> None:
    report = reproducible_json(tmp_path, str(EXAMPLES_SUITE), "--workers", workers)
    assert report == in_process_report
    expected = sum(len(job.expectations) for job in load_suite(EXAMPLES_SUITE).jobs)
    assert report["ok"] and report["counts"]["pass"] == expected > 0


def test_an_existing_scheduler_gives_the_same_report(tmp_path: Path, in_process_report: dict,
                                                     scheduler_address: str) -> None:
    report = reproducible_json(tmp_path, str(EXAMPLES_SUITE), "--scheduler", scheduler_address)
    assert report == in_process_report


def killer_suite(folder: Path, marker: str) -> Path:
    (folder / "killer.py").write_text(KILLER)
    manifest = folder / "suite.toml"
    manifest.write_text(f"""
[[model]]
path = "{BIT}"
expect = [true, true, false, false, true, false, false, true]

[[generator]]
name = "killer"
command = "{{python}} killer.py {marker} {BIT}"
expect = [true, true, false, false, true, false, false, true]
""")
    return manifest


def test_a_job_whose_worker_died_is_retried_and_reported(tmp_path: Path) -> None:
    suite = killer_suite(tmp_path, str(tmp_path / "marker"))
    status, stdout = batch(str(suite), "--workers", "2", "--json", str(tmp_path / "report.json"))
    assert (tmp_path / "marker").exists()  # the first attempt did kill its worker
    assert status == 0, stdout
    jobs = {job["name"]: job for job in json.loads((tmp_path / "report.json").read_text())["jobs"]}
    assert jobs["killer"]["attempts"] == 2 and jobs["killer"]["status"] == "pass"
    assert jobs["bit_transmission"]["attempts"] == 1
    assert "ok (retried)" in stdout and "1 job retried" in stdout


def test_a_job_that_kills_every_worker_is_an_error_row_not_dropped(tmp_path: Path, scheduler_address: str) -> None:
    suite = killer_suite(tmp_path, "always")
    junit = tmp_path / "report.xml"
    status, stdout = batch(str(suite), "--scheduler", scheduler_address, "--junit", str(junit))
    assert status == 1
    assert "killer: error: lost after 2 attempts: the worker running it died (KilledWorker)" in stdout
    testsuite = ElementTree.parse(junit).getroot().find("testsuite")
    assert testsuite.get("errors") == "1" and testsuite.get("failures") == "0"
    errors = [case for case in testsuite.findall("testcase") if case.find("error") is not None]
    assert [case.get("classname") for case in errors] == ["killer"]
    assert len(testsuite.findall("testcase")) == 8 + 1  # bit_transmission's verdicts are all there


def test_the_time_limit_applies_inside_the_workers(tmp_path: Path, scheduler_address: str) -> None:
    suite = tmp_path / "suite.toml"
    suite.write_text('[[generator]]\nname = "sleeper"\ncommand = "{python} -c \'import time; time.sleep(60)\'"\n')
    status, stdout = batch(str(suite), "--scheduler", scheduler_address, "--timeout", "0.5")
    assert status == 1
    assert "sleeper: error: generator: " in stdout and "the time limit of 0.5 s was reached" in stdout


def test_an_unreachable_scheduler_is_a_message_and_exit_3() -> None:
    import dask

    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        result = CliRunner().invoke(app, ["batch", str(EXAMPLES_SUITE), "--scheduler", "tcp://127.0.0.1:9"])
    assert result.exit_code == 3, result.output
    assert result.stderr.startswith("ctlstark: cannot reach the Dask scheduler at tcp://127.0.0.1:9")
