"""Time ctlstark against MCMAS 1.3.0 on MCMAS's reference corpus and check their verdicts agree.

Every `*.ispl` under the reference folders (`/work/shared/ispl-reference/`: `mcmas-1.3.0`,
`mcmas-1.3.0-tests`, `mcmas-sdds`, `gdl-to-ispl`, `mcmas-multi-coalitions`) is checked by
both tools, each as one whole process, so the figures are what a user waits for:

* ctlstark: `python -m ctlstark check FILE --json -q --deadlock` (verdicts from the JSON
  report; exit 0 or 1 means every formula got one);
* MCMAS: `mcmas -k FILE` (verdicts from its `Formula number k: …, is TRUE in the model`
  lines; `-k` checks deadlocks, as `--deadlock` does for ctlstark).

ctlstark's modules are compiled to bytecode first (`compile_ctlstark`), as an installed
package has them. Per process it records the CPU time (user + sys), the wall time and the peak RSS, all
from `os.wait4` on that child, so each figure is the child's own. A process still running
after `--timeout` seconds is killed with its process group and recorded as a timeout.
`--repeat R` runs the pair R times, interleaved (ctlstark, MCMAS, ctlstark, …) so that
load falls on both alike, and keeps each tool's least-CPU run.

The verdicts are compared formula by formula, in file order: `agree`, `DIFFER` (a verdict
or the number of formulas differs), or `n/a` (one side failed or timed out). The exit
status is 1 when any model's verdicts differ.

    python benchmarks/corpus.py --only bit_transmission --only card_game --only muddy
    python benchmarks/corpus.py --skip gdl-to-ispl --repeat 3 --json corpus.json --markdown corpus.md
    python benchmarks/corpus.py --mcmas-command "/work/shared/mcmas/mcmas -k {file}" --timeout 300

`go_back_n` (over 14 minutes in both tools) runs only when an `--only` value names it.

Peak RSS caveat: Linux's `wait4` reports at least the RSS the *parent* had when it
started the child (exec records the old address space's high-water mark), so a child
figure at or below this script's own peak RSS is an upper bound, shown as `≤`.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import resource
import shlex
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

REFERENCE = Path("/work/shared/ispl-reference")
FOLDERS = ["mcmas-1.3.0", "mcmas-1.3.0-tests", "mcmas-sdds", "gdl-to-ispl", "mcmas-multi-coalitions"]
# Models left out unless an --only value names them, and why.
SLOW_MODELS = {"go_back_n": "hangs both tools for over 14 minutes"}
CTLSTARK_COMMAND = f"{shlex.quote(sys.executable)} -m ctlstark check {{file}} --json -q --deadlock"
MCMAS_COMMAND = "/work/shared/mcmas/mcmas -k {file}"
SLOW_MCMAS_CPU = 1.0  # the first geometric mean is over models where MCMAS needed at least this
FORMULA_LINE = re.compile(r"^\s*Formula number (\d+): (.*), is (TRUE|FALSE) in the model\s*$")
MCMAS_DONE_LINE = re.compile(r"^done, (\d+) formulae successfully read and checked")
MCMAS_STATES_LINE = re.compile(r"^number of reachable states = (\S+)")
# MCMAS's progress chatter between "Command line:" and its first diagnostic.
MCMAS_CHATTER = re.compile(r"^(\d+|Done\.?|Global syntax checking\.\.\.|.* has been parsed successfully\.)$")


@dataclass
class Process:
    """One child process as it ended: exit code (None when killed on timeout), its own rusage, its output."""

    exit_code: int | None
    cpu: float
    wall: float
    peak_rss_kb: int
    parent_rss_kb: int
    stdout: str
    stderr: str


@dataclass
class Run:
    """One tool's run on one model: `status` is ok, error or timeout; times in s, memory in MB."""

    status: str
    cpu: float
    wall: float
    peak_rss_mb: float
    parent_rss_mb: float
    exit_code: int | None
    verdicts: list[bool] = field(default_factory=list)
    reachable_states: int | str | None = None
    deadlock: bool | None = None
    error: str | None = None
    details: dict[str, object] = field(default_factory=dict)
    cpu_all_runs: list[float] = field(default_factory=list)


@dataclass
class ModelResult:
    """Both tools' (least-CPU) runs on one model and what their verdicts say together."""

    model: str
    ctlstark: Run
    mcmas: Run
    agreement: str
    note: str


def find_models(reference: Path, only: list[str], skip: list[str]) -> list[Path]:
    """The corpus's `.ispl` files, filtered by `--only`/`--skip` substrings of their relative paths."""
    models = sorted(path for folder in FOLDERS for path in (reference / folder).rglob("*.ispl"))
    chosen = []
    for path in models:
        relative = path.relative_to(reference).as_posix()
        if only and not any(value in relative for value in only):
            continue
        if any(value in relative for value in skip):
            continue
        if path.stem in SLOW_MODELS and not any(names_model(value, path.stem) for value in only):
            continue
        chosen.append(path)
    return chosen


def names_model(value: str, stem: str) -> bool:
    """Whether an `--only` value names this model: it holds the whole name, or is 5+ characters of it."""
    return stem in value or (len(value) >= 5 and value in stem)


def run_process(argv: list[str], timeout: float) -> Process:
    """Run `argv` in its own process group; its own CPU, wall and peak RSS via `os.wait4`.

    Output goes to temporary files (no pipe to drain while blocked in wait). A timer kills
    the whole group after `timeout` s; the child is waited for with WNOWAIT first so the
    timer is stopped while the child is still a zombie and its process id cannot be reused.
    """
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        parent_rss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        started = time.perf_counter()
        try:
            child = subprocess.Popen(argv, stdout=out, stderr=err, stdin=subprocess.DEVNULL, start_new_session=True)
        except OSError as error:  # no such program: a failed run like any other
            return Process(exit_code=127, cpu=0.0, wall=0.0, peak_rss_kb=0, parent_rss_kb=parent_rss_kb,
                           stdout="", stderr=f"{argv[0]}: {error.strerror}")
        expired = threading.Event()
        timer = threading.Timer(timeout, lambda: (expired.set(), kill_group(child.pid)))
        timer.start()
        try:
            os.waitid(os.P_PID, child.pid, os.WEXITED | os.WNOWAIT)
        except BaseException:
            kill_group(child.pid)
            raise
        finally:
            timer.cancel()
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - started
        child.returncode = os.waitstatus_to_exitcode(status)
        kill_group(child.pid)  # anything the child left behind in its group
        out.seek(0)
        err.seek(0)
        return Process(exit_code=None if expired.is_set() else child.returncode,
                       cpu=usage.ru_utime + usage.ru_stime, wall=wall, peak_rss_kb=usage.ru_maxrss,
                       parent_rss_kb=parent_rss_kb,
                       stdout=out.read().decode("utf-8", "replace"), stderr=err.read().decode("utf-8", "replace"))


def compile_ctlstark() -> None:
    """Compile ctlstark's modules to bytecode once, as `pip install` does, so that no measured run
    pays for compiling them (this machine image sets PYTHONDONTWRITEBYTECODE, so an editable
    install would otherwise compile every module in every run: about 0.05 s)."""
    import ctlstark

    subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(ctlstark.__file__).parent)],
                   check=True, capture_output=True, timeout=600)


def kill_group(group: int) -> None:
    """SIGKILL a process group, if any of it is left."""
    try:
        os.killpg(group, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def command_line(template: str, path: Path) -> list[str]:
    """A command template's words with `{file}` replaced by the model's path."""
    return [word.replace("{file}", str(path)) for word in shlex.split(template)]


def base_run(process: Process, status: str, error: str | None = None) -> Run:
    """The measurements every run has, whatever its tool."""
    return Run(status=status, cpu=process.cpu, wall=process.wall, peak_rss_mb=process.peak_rss_kb / 1024,
               parent_rss_mb=process.parent_rss_kb / 1024, exit_code=process.exit_code, error=error)


def read_ctlstark(process: Process, timeout: float) -> Run:
    """ctlstark's run from its JSON report: verdicts, states, deadlocks, peak BDD nodes, phase times."""
    if process.exit_code is None:
        return base_run(process, "timeout", f"timeout ({timeout:g} s)")
    report = None
    if process.stdout.lstrip().startswith("{"):
        try:
            report = json.loads(process.stdout)
        except json.JSONDecodeError:
            report = None
    if report is None:
        return base_run(process, "error", f"exit {process.exit_code}: {ctlstark_error(process)}")
    verdicts = [formula["verdict"] for formula in report["formulas"]]
    run = base_run(process, "ok")
    if process.exit_code not in (0, 1) or None in verdicts:
        failed = next((f for f in report["formulas"] if f["verdict"] is None), None)
        reason = failed["error"] if failed else report.get("stopped")
        run = base_run(process, "error", f"exit {process.exit_code}: {reason or ctlstark_error(process)}")
    run.verdicts = [bool(verdict) for verdict in verdicts if verdict is not None]
    run.reachable_states = report["reachable_states"]
    deadlocks = report.get("deadlock_states")
    run.deadlock = None if deadlocks is None else deadlocks > 0
    run.details = {"bdd_peak_nodes": report.get("bdd_peak_nodes"), "bdd_variables": report.get("bdd_variables"),
                   "times": report.get("times", {}),
                   "deadlock_states": deadlocks, "formulas": len(verdicts)}
    return run


def ctlstark_error(process: Process) -> str:
    """ctlstark's first `error:` line on stderr (warnings skipped), else its last line."""
    lines = [line.strip() for line in process.stderr.splitlines() if line.strip()]
    message = next((line for line in lines if "error" in line.lower()), lines[-1] if lines else "no output")
    return message


def read_mcmas(process: Process, timeout: float) -> Run:
    """MCMAS's run from its text output: one verdict per `Formula number k` line, states, deadlocks.

    MCMAS 1.3.0 may crash while freeing memory after printing every result (models whose
    formulas mention `RedStates`); the run counts as ok when the closing `done, N formulae`
    line is there, and the crash is kept in `details`.
    """
    if process.exit_code is None:
        return base_run(process, "timeout", f"timeout ({timeout:g} s)")
    lines = process.stdout.splitlines()
    done = next((match for line in lines if (match := MCMAS_DONE_LINE.match(line))), None)
    if done is None:
        return base_run(process, "error", mcmas_error(process))
    run = base_run(process, "ok")
    run.verdicts = [match.group(3) == "TRUE" for line in lines if (match := FORMULA_LINE.match(line))]
    states = next((match.group(1) for line in lines if (match := MCMAS_STATES_LINE.match(line))), None)
    run.reachable_states = int(states) if states is not None and states.isdigit() else states
    if any(line.startswith("There is no deadlock state") for line in lines):
        run.deadlock = False
    elif any(line.startswith("Attention: there are deadlock states") for line in lines):
        run.deadlock = True
    run.details = {"formulas_reported": int(done.group(1))}
    if process.exit_code != 0:
        run.details["crashed_at_exit"] = exit_description(process.exit_code)
    return run


def mcmas_error(process: Process) -> str:
    """MCMAS's diagnostic: its first line on stderr (syntax errors), else the first line after its banner
    and chatter on stdout when it says the file has errors (semantic errors), else how it ended."""
    lines = [line.strip() for line in process.stdout.splitlines() if line.strip()]
    reported = any(line.endswith(("has error(s).", "has syntax error(s).")) for line in lines)
    complaints = [line.strip() for line in process.stderr.splitlines() if line.strip()]
    if reported and complaints:
        return complaints[0]
    after_banner = lines[next((i + 1 for i, line in enumerate(lines) if line.startswith("Command line:")), 0):]
    meaningful = [line for line in after_banner if not MCMAS_CHATTER.match(line)]
    if reported and meaningful:
        return meaningful[0]
    last = (meaningful or lines or process.stderr.strip().splitlines() or ["no output"])[-1]
    return f"{exit_description(process.exit_code)} after: {last}"


def exit_description(exit_code: int | None) -> str:
    """`exit 2` or `killed by SIGSEGV` for a child's exit code (negative codes are signals)."""
    if exit_code is not None and exit_code < 0:
        return f"killed by {signal.Signals(-exit_code).name}"
    return f"exit {exit_code}"


def least_cpu(runs: list[Run]) -> Run:
    """The run that used the least CPU (a failed run wins, so a failure is never hidden), with every run's CPU."""
    failed = [run for run in runs if run.status != "ok"]
    best = failed[0] if failed else min(runs, key=lambda run: run.cpu)
    best.cpu_all_runs = [run.cpu for run in runs]
    return best


def measure_model(path: Path, commands: dict[str, str], repeat: int, timeout: float) -> dict[str, Run]:
    """Both tools on one model, `repeat` times interleaved; a tool that fails or times out is not rerun."""
    readers = {"ctlstark": read_ctlstark, "mcmas": read_mcmas}
    runs: dict[str, list[Run]] = {tool: [] for tool in readers}
    for _ in range(repeat):
        for tool, read in readers.items():
            if runs[tool] and runs[tool][-1].status != "ok":
                continue
            runs[tool].append(read(run_process(command_line(commands[tool], path), timeout), timeout))
    return {tool: least_cpu(tool_runs) for tool, tool_runs in runs.items()}


def compare_verdicts(ctlstark: Run, mcmas: Run) -> tuple[str, str]:
    """`agree`, `DIFFER` or `n/a`, and a short note saying which formulas or why."""
    if mcmas.status != "ok" or ctlstark.status != "ok":
        reasons = [f"{tool}: {run.error}" for tool, run in (("MCMAS", mcmas), ("ctlstark", ctlstark))
                   if run.status != "ok"]
        return "n/a", "; ".join(reasons)
    if len(mcmas.verdicts) != len(ctlstark.verdicts):
        return "DIFFER", f"MCMAS has {len(mcmas.verdicts)} formulas, ctlstark {len(ctlstark.verdicts)}"
    differing = [index + 1 for index, (a, b) in enumerate(zip(mcmas.verdicts, ctlstark.verdicts)) if a != b]
    notes = [f"{len(mcmas.verdicts)} formula" + ("" if len(mcmas.verdicts) == 1 else "s")]
    if None not in (mcmas.deadlock, ctlstark.deadlock) and mcmas.deadlock != ctlstark.deadlock:
        notes.append(f"deadlocks differ (MCMAS {mcmas.deadlock}, ctlstark {ctlstark.deadlock})")
    if "crashed_at_exit" in mcmas.details:
        notes.append(f"MCMAS {mcmas.details['crashed_at_exit']} after its results")
    if differing:
        return "DIFFER", "formula " + ", ".join(f"#{index}" for index in differing) + "; " + "; ".join(notes)
    return "agree", "; ".join(notes)


def cpu_ratio(result: ModelResult) -> float | None:
    """ctlstark CPU / MCMAS CPU when both finished and both used measurable CPU, else None."""
    if result.ctlstark.status != "ok" or result.mcmas.status != "ok":
        return None
    if result.ctlstark.cpu <= 0 or result.mcmas.cpu <= 0:
        return None
    return result.ctlstark.cpu / result.mcmas.cpu


def geometric_mean(values: list[float]) -> float | None:
    """exp of the mean log; None for no values."""
    return math.exp(sum(math.log(value) for value in values) / len(values)) if values else None


def states_cell(result: ModelResult) -> str:
    """One count when both tools agree (MCMAS prints %g, 6 digits), else `MCMAS / ctlstark`."""
    mcmas, ours = result.mcmas.reachable_states, result.ctlstark.reachable_states
    if mcmas is None or ours is None:
        return str(ours if mcmas is None else mcmas) if (mcmas, ours) != (None, None) else "–"
    if str(mcmas) == str(ours) or (isinstance(ours, int) and str(mcmas) == f"{ours:g}"):
        return str(ours)
    return f"{mcmas} / {ours}"


def cpu_cell(run: Run, timeout: float) -> str:
    """CPU seconds, `>T` for a timeout, `error` for a failure."""
    if run.status == "timeout":
        return f">{timeout:g}"
    return f"{run.cpu:.3f}" if run.status == "ok" else "error"


def ratio_cell(result: ModelResult, timeout: float) -> str:
    """The CPU ratio, or a bound when exactly one side timed out."""
    ratio = cpu_ratio(result)
    if ratio is not None:
        return f"{ratio:.2f}"
    if result.mcmas.status == "timeout" and result.ctlstark.status == "ok":
        return f"<{result.ctlstark.cpu / timeout:.2f}"
    if result.ctlstark.status == "timeout" and result.mcmas.status == "ok" and result.mcmas.cpu > 0:
        return f">{timeout / result.mcmas.cpu:.2f}"
    return "–"


def memory_cell(run: Run) -> str:
    """Peak RSS in MB; `≤` marks a figure at this script's own RSS when it started the child (wait4's floor)."""
    if run.status == "timeout" or run.peak_rss_mb == 0:
        return "–"
    prefix = "≤" if run.peak_rss_mb <= run.parent_rss_mb else ""
    return f"{prefix}{run.peak_rss_mb:.1f}"


def markdown_cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


HEADER = ["model", "states", "MCMAS CPU s", "ctlstark CPU s", "ratio", "MCMAS MB", "ctlstark MB", "verdicts"]


def table_row(result: ModelResult, timeout: float) -> str:
    """One Markdown row."""
    cells = [result.model, states_cell(result), cpu_cell(result.mcmas, timeout), cpu_cell(result.ctlstark, timeout),
             ratio_cell(result, timeout), memory_cell(result.mcmas), memory_cell(result.ctlstark),
             f"{result.agreement} ({result.note})"]
    return "| " + " | ".join(markdown_cell(cell) for cell in cells) + " |"


def markdown(results: list[ModelResult], timeout: float) -> str:
    """The table: one row per model."""
    lines = ["| " + " | ".join(HEADER) + " |", "|---|" + "---:|" * (len(HEADER) - 2) + "---|"]
    lines += [table_row(result, timeout) for result in results]
    return "\n".join(lines) + "\n"


def summarize(results: list[ModelResult], load_start: tuple[float, ...], load_end: tuple[float, ...]) -> dict:
    """The geometric means of the CPU ratio, the verdict counts and the load averages."""
    slow = [ratio for result in results
            if (ratio := cpu_ratio(result)) is not None and result.mcmas.cpu >= SLOW_MCMAS_CPU]
    every = [ratio for result in results if (ratio := cpu_ratio(result)) is not None]
    counts = {label: sum(result.agreement == label for result in results) for label in ("agree", "DIFFER", "n/a")}
    return {"geomean_ratio_mcmas_slow": geometric_mean(slow), "models_mcmas_slow": len(slow),
            "geomean_ratio_all": geometric_mean(every), "models_all": len(every), "verdicts": counts,
            "load_start": list(load_start), "load_end": list(load_end)}


def summary_text(summary: dict) -> str:
    """The summary under the table, in words."""
    def mean(value: float | None) -> str:
        return "–" if value is None else f"{value:.2f}"

    counts = summary["verdicts"]
    load = " / ".join
    return "\n".join([
        f"ctlstark / MCMAS CPU, geometric mean: {mean(summary['geomean_ratio_mcmas_slow'])} over "
        f"{summary['models_mcmas_slow']} models where MCMAS needed ≥ {SLOW_MCMAS_CPU:g} s; "
        f"{mean(summary['geomean_ratio_all'])} over all {summary['models_all']} models both finished.",
        f"Verdicts: {counts['agree']} agree, {counts['DIFFER']} differ, {counts['n/a']} n/a.",
        f"Load average (1/5/15 min): {load(f'{x:.2f}' for x in summary['load_start'])} at start, "
        f"{load(f'{x:.2f}' for x in summary['load_end'])} at end.",
        "Peak RSS marked ≤ is this script's own RSS when it started the child: wait4 cannot see below it.",
    ]) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", default=[], metavar="SUBSTRING",
                        help="only models whose path (relative to the corpus) contains this (repeatable)")
    parser.add_argument("--skip", action="append", default=[], metavar="SUBSTRING",
                        help="leave out models whose path contains this (repeatable)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs per tool and model; the least CPU counts (default 1)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds allowed per process (default 120)")
    parser.add_argument("--mcmas-command", default=MCMAS_COMMAND, metavar="CMD",
                        help=f"MCMAS's command line, {{file}} is the model (default: {MCMAS_COMMAND!r})")
    parser.add_argument("--ctlstark-command", default=CTLSTARK_COMMAND, metavar="CMD",
                        help="ctlstark's command line, {file} is the model; it must print the JSON report")
    parser.add_argument("--reference", type=Path, default=REFERENCE, help=f"the corpus folder (default {REFERENCE})")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write every figure as JSON")
    parser.add_argument("--markdown", type=Path, metavar="FILE", help="also write the table and summary as Markdown")
    arguments = parser.parse_args(argv)
    if arguments.repeat < 1 or arguments.timeout <= 0:
        parser.error("--repeat must be at least 1 and --timeout positive")
    models = find_models(arguments.reference, arguments.only, arguments.skip)
    if not models:
        parser.error("no model matches")
    commands = {"ctlstark": arguments.ctlstark_command, "mcmas": arguments.mcmas_command}
    compile_ctlstark()
    load_start = os.getloadavg()
    results: list[ModelResult] = []
    for number, path in enumerate(models, 1):
        model = path.relative_to(arguments.reference).with_suffix("").as_posix()
        print(f"[{number}/{len(models)}] {model}", file=sys.stderr, flush=True)
        runs = measure_model(path, commands, arguments.repeat, arguments.timeout)
        agreement, note = compare_verdicts(runs["ctlstark"], runs["mcmas"])
        note = note.replace(str(path), path.name)  # diagnostics name the file; the row already does
        results.append(ModelResult(model, runs["ctlstark"], runs["mcmas"], agreement, note))
    summary = summarize(results, load_start, os.getloadavg())
    text = markdown(results, arguments.timeout) + "\n" + summary_text(summary)
    print(text, end="")
    if arguments.markdown:
        arguments.markdown.write_text(text, encoding="utf-8")
    if arguments.json:
        document = {"commands": commands, "timeout": arguments.timeout, "repeat": arguments.repeat,
                    "cpus": os.cpu_count(), "summary": summary,
                    "models": [asdict(result) for result in results]}
        arguments.json.write_text(json.dumps(document, indent=2), encoding="utf-8")
    return 1 if summary["verdicts"]["DIFFER"] else 0


if __name__ == "__main__":
    sys.exit(main())
