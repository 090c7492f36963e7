"""Time the BDD engine, the SAT engine and the portfolio (`--engine auto`) as whole processes.

For each ISPL file, `ctlstark check FILE --engine E --json --quiet` runs in a fresh process
for E in bdd, sat and auto (and, with `--mcmas`, `mcmas -k FILE`), each with a wall-clock
timeout. Per process the CPU time (user + sys, the process and the children it waited for),
the wall time and the peak RSS come from `os.wait4` (`corpus.run_process`); `--repeat N`
keeps each engine's least-CPU run and its least wall time. The question it answers: does
`auto` answer no later than the faster engine, plus the fixed price of starting the portfolio?

* Verdicts: per formula, each engine's TRUE/FALSE/— and, under auto, which engine answered.
  Two different definitive verdicts for one formula are reported loudly and make the exit
  status 1.
* Time: CPU of bdd, sat, auto, MCMAS and `auto / fastest` (the fastest: the least CPU of
  the single engines that decided every formula) — what the race costs; and the least wall
  time of each, on which the target is judged, since the two engines race on two cores:
  `auto ≤ 1.10 × faster engine + start-up`, start-up being the least wall time of
  `--engine auto` minus that of `--engine bdd` on a trivial model.
* Formulas: `-f F` (for every file) and `--with FILE F` (for one file) replace the file's
  own Formulae (ctlstark gets `-f … --only`, MCMAS a copy of the file with those formulas);
  without them the file's formulas are checked.
* `--sat-only FILE`: only the SAT engine runs on FILE (no BDD engine, hence no auto, no
  MCMAS) — for models whose reachable states do not fit in memory.

    python benchmarks/engines.py ispl_examples/*.ispl --mcmas --markdown engines.md --json engines.json
    python benchmarks/engines.py --sat-only /work/shared/ispl-reference/mcmas-1.3.0/go_back_n.ispl --bound 60
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path

from corpus import FORMULA_LINE, Process, compile_ctlstark, read_mcmas, run_process

ENGINES = ("bdd", "sat", "auto")
MCMAS = "/work/shared/mcmas/mcmas"
TARGET_FACTOR = 1.10
FORMULAE_SECTION = re.compile(r"^\s*Formulae\b.*?^\s*end\s+Formulae\b", re.MULTILINE | re.DOTALL)
TRIVIAL_MODEL = """Agent Environment
  Vars:
    x : boolean;
  end Vars
  Actions = {flip};
  Protocol:
    Other : {flip};
  end Protocol
  Evolution:
    x = true if x = false;
    x = false if x = true;
  end Evolution
end Agent
Agent Watcher
  Vars:
    awake : boolean;
  end Vars
  Actions = {watch};
  Protocol:
    Other : {watch};
  end Protocol
  Evolution:
    awake = true if awake = false;
  end Evolution
end Agent
Evaluation
  on if Environment.x = true;
end Evaluation
InitStates
  Environment.x = false and Watcher.awake = false;
end InitStates
Formulae
  AG (on or !on);
end Formulae
"""


@dataclass
class Job:
    """One file to measure: its formulas (empty: the file's own) and whether only the SAT engine may run."""

    path: Path
    formulas: list[str] = field(default_factory=list)
    sat_only: bool = False


@dataclass
class EngineRun:
    """One engine's (least-CPU) run on one file: status ok, timeout, error or skipped; times in s, memory in MB."""

    status: str
    cpu: float = 0.0
    wall: float = 0.0
    peak_rss_mb: float = 0.0
    verdicts: list[bool | None] = field(default_factory=list)
    deciders: list[str | None] = field(default_factory=list)
    routes: list[str] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    error: str | None = None
    cpu_all_runs: list[float] = field(default_factory=list)
    least_wall: float = 0.0
    """The least wall time over the finished runs (the repeats' noise is in the wall time most of all)."""

    @property
    def decided_all(self) -> bool:
        """Whether the run finished and gave every formula a verdict."""
        return self.status == "ok" and bool(self.verdicts) and all(v is not None for v in self.verdicts)


@dataclass
class FileResult:
    """Every engine's run on one file, the verdict disagreements and the auto ratio."""

    file: str
    runs: dict[str, EngineRun]
    disagreements: list[str]
    fastest: str | None
    auto_ratio: float | None
    within_target: bool | None
    auto_wall_ratio: float | None = None


# ---------------------------------------------------------------------------- running


def ctlstark_argv(path: Path, engine: str, formulas: list[str], bound: int | None) -> list[str]:
    """The `ctlstark check` command line for one engine on one file."""
    argv = [sys.executable, "-m", "ctlstark", "check", str(path), "--engine", engine, "--json", "--quiet"]
    for formula in formulas:
        argv += ["-f", formula]
    if formulas:
        argv.append("--only")
    if bound is not None and engine != "bdd":
        argv += ["--bound", str(bound)]
    return argv


def read_ctlstark_run(process: Process, timeout: float) -> EngineRun:
    """An engine run from ctlstark's JSON report (exit 0, 1 or 3 carry one)."""
    run = EngineRun(status="ok", cpu=process.cpu, wall=process.wall, peak_rss_mb=process.peak_rss_kb / 1024)
    if process.exit_code is None:
        run.status, run.error = "timeout", f"timeout ({timeout:g} s)"
        return run
    try:
        report = json.loads(process.stdout)
    except json.JSONDecodeError:
        run.status, run.error = "error", f"exit {process.exit_code}: {first_error_line(process.stderr)}"
        return run
    formulas = report["formulas"]
    run.verdicts = [entry["verdict"] for entry in formulas]
    run.deciders = [entry.get("engine") for entry in formulas]
    run.texts = [entry["text"] for entry in formulas]
    run.routes = [route_summary(entry) for entry in formulas]
    return run


def first_error_line(stderr: str) -> str:
    """The line of ctlstark's standard error that says what went wrong (its first `error:` line)."""
    lines = stderr.strip().splitlines() or ["no output"]
    return next((line for line in lines if "error" in line), lines[-1])


def route_summary(entry: dict) -> str:
    """The formula's first route (`sat:bmc k=7`, `fast:EF`, …), or the start of its error."""
    if entry.get("routes"):
        return entry["routes"][0]["route"]
    return (entry.get("error") or "").split(":")[0]


def mcmas_copy(path: Path, formulas: list[str], folder: Path) -> Path:
    """`path` itself, or (with formulas) a copy in `folder` whose Formulae section lists just them."""
    if not formulas:
        return path
    text = path.read_text()
    section = "Formulae\n" + "".join(f"  {formula};\n" for formula in formulas) + "end Formulae"
    copy = folder / path.name
    copy.write_text(FORMULAE_SECTION.sub(lambda _: section, text, count=1))
    return copy


def read_mcmas_run(process: Process, timeout: float) -> EngineRun:
    """An MCMAS run from its text output (`corpus.read_mcmas`)."""
    parsed = read_mcmas(process, timeout)
    lines = process.stdout.splitlines()
    texts = [match.group(2) for line in lines if (match := FORMULA_LINE.match(line))]
    return EngineRun(status=parsed.status, cpu=parsed.cpu, wall=parsed.wall, peak_rss_mb=parsed.peak_rss_mb,
                     verdicts=list(parsed.verdicts), texts=texts, error=parsed.error)


def least_cpu(runs: list[EngineRun]) -> EngineRun:
    """The run with the least CPU among the finished ones (else the first), with every run's CPU."""
    finished = [run for run in runs if run.status == "ok"] or runs
    best = min(finished, key=lambda run: run.cpu)
    best.cpu_all_runs = [run.cpu for run in runs]
    best.least_wall = min(run.wall for run in finished)
    return best


def measure_file(job: Job, repeat: int, timeout: float, bound: int | None, with_mcmas: bool,
                 folder: Path) -> dict[str, EngineRun]:
    """Every engine's least-CPU run on one file; the runs are interleaved so load falls on all alike."""
    engines = ["sat"] if job.sat_only else list(ENGINES)
    tools = engines + (["mcmas"] if with_mcmas and not job.sat_only else [])
    runs: dict[str, list[EngineRun]] = {tool: [] for tool in tools}
    for _ in range(repeat):
        for tool in tools:
            if tool == "mcmas":
                argv = [MCMAS, "-k", str(mcmas_copy(job.path, job.formulas, folder))]
                runs[tool].append(read_mcmas_run(run_process(argv, timeout), timeout))
            else:
                argv = ctlstark_argv(job.path, tool, job.formulas, bound)
                runs[tool].append(read_ctlstark_run(run_process(argv, timeout), timeout))
    best = {tool: least_cpu(tool_runs) for tool, tool_runs in runs.items()}
    skipped = [tool for tool in (*ENGINES, "mcmas") if tool not in best and (tool != "mcmas" or with_mcmas)]
    for tool in skipped:
        best[tool] = EngineRun(status="skipped", error="--sat-only")
    return best


def measure_startup(repeat: int, timeout: float) -> dict[str, float]:
    """CPU and wall time of `--engine auto` and `--engine bdd` on a trivial model (least of at least 3 runs) and
    their differences ("startup" in CPU, "startup_wall")."""
    with tempfile.TemporaryDirectory() as folder:
        model = Path(folder) / "trivial.ispl"
        model.write_text(TRIVIAL_MODEL)
        cpu, wall = {}, {}
        for engine in ("bdd", "auto"):
            runs = [run_process(ctlstark_argv(model, engine, [], None), timeout) for _ in range(max(3, repeat))]
            if any(run.exit_code != 0 for run in runs):
                raise RuntimeError(f"ctlstark --engine {engine} failed on the trivial model: {runs[0].stderr}")
            cpu[engine] = min(run.cpu for run in runs)
            wall[engine] = min(run.wall for run in runs)
    return {"bdd": cpu["bdd"], "auto": cpu["auto"], "startup": cpu["auto"] - cpu["bdd"],
            "bdd_wall": wall["bdd"], "auto_wall": wall["auto"], "startup_wall": wall["auto"] - wall["bdd"]}


# ---------------------------------------------------------------------------- judging


def disagreements(runs: dict[str, EngineRun]) -> list[str]:
    """One line per formula where two tools gave different definitive verdicts."""
    reference = next((run for run in runs.values() if run.texts), None)
    count = max((len(run.verdicts) for run in runs.values() if run.status == "ok"), default=0)
    found = []
    for index in range(count):
        definitive = {tool: run.verdicts[index] for tool, run in runs.items()
                      if run.status == "ok" and index < len(run.verdicts) and run.verdicts[index] is not None}
        if len(set(definitive.values())) > 1:
            engines_differ = len({v for tool, v in definitive.items() if tool != "mcmas"}) > 1
            kind = "ctlstark engines disagree" if engines_differ else "ctlstark and MCMAS disagree"
            text = reference.texts[index] if reference and index < len(reference.texts) else f"formula {index + 1}"
            said = ", ".join(f"{tool} {verdict_cell(verdict)}" for tool, verdict in definitive.items())
            found.append(f"{kind}: formula {index + 1} `{text}`: {said}")
    counts = {tool: len(run.verdicts) for tool, run in runs.items() if run.status == "ok"}
    if len(set(counts.values())) > 1:
        found.append(f"different numbers of formulas: {counts}")
    return found


def fastest_engine(runs: dict[str, EngineRun]) -> str | None:
    """The single engine (bdd or sat) with the least CPU among those that decided every formula."""
    complete = [engine for engine in ("bdd", "sat") if runs[engine].decided_all]
    return min(complete, key=lambda engine: runs[engine].cpu) if complete else None


def judge(job: Job, runs: dict[str, EngineRun], startup_wall: float) -> FileResult:
    """Compare verdicts, the auto CPU against the fastest single engine's, and the auto wall time against the
    faster engine's plus start-up (the target)."""
    fastest = fastest_engine(runs)
    ratio = within = wall_ratio = None
    if fastest is not None and runs["auto"].status == "ok" and runs[fastest].cpu > 0:
        ratio = runs["auto"].cpu / runs[fastest].cpu
        fastest_wall = min(runs[engine].least_wall for engine in ("bdd", "sat") if runs[engine].decided_all)
        within = runs["auto"].least_wall <= TARGET_FACTOR * fastest_wall + startup_wall
        wall_ratio = runs["auto"].least_wall / fastest_wall if fastest_wall > 0 else None
    return FileResult(file=str(job.path), runs=runs, disagreements=disagreements(runs), fastest=fastest,
                      auto_ratio=ratio, within_target=within, auto_wall_ratio=wall_ratio)


# ---------------------------------------------------------------------------- reporting


def verdict_cell(verdict: bool | None) -> str:
    return "—" if verdict is None else ("TRUE" if verdict else "FALSE")


def cpu_cell(run: EngineRun) -> str:
    if run.status == "ok":
        return f"{run.cpu:.2f}"
    return run.status if run.status != "error" else f"error: {run.error}"


def short_name(path: str) -> str:
    """A file's parent folder and name: enough to tell the models apart in a table."""
    parts = Path(path).parts
    return "/".join(parts[-2:])


def cell(text: str, width: int = 70) -> str:
    """Markdown-safe table cell text, shortened to `width` characters."""
    text = text.replace("|", "\\|").replace("\n", " ")
    return text if len(text) <= width else text[: width - 1] + "…"


def cpu_table(results: list[FileResult]) -> list[str]:
    lines = ["| model | bdd CPU s | sat CPU s | auto CPU s | MCMAS CPU s | auto / fastest (CPU) "
             "| least wall s bdd / sat / auto | auto / faster (wall) | within target (wall) "
             "| peak RSS MB bdd / sat / auto |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for result in results:
        runs = result.runs
        ratio = "—" if result.auto_ratio is None else f"{result.auto_ratio:.2f} ({result.fastest})"
        within = {None: "—", True: "yes", False: "**no**"}[result.within_target]
        memory = " / ".join(f"{runs[e].peak_rss_mb:.0f}" if runs[e].status == "ok" else "—" for e in ENGINES)
        walls = " / ".join(f"{runs[e].least_wall:.2f}" if runs[e].status == "ok" else "—" for e in ENGINES)
        wall_ratio = "—" if result.auto_wall_ratio is None else f"{result.auto_wall_ratio:.2f}"
        mcmas = cpu_cell(runs["mcmas"]) if "mcmas" in runs else "—"
        lines.append(f"| {short_name(result.file)} | {cpu_cell(runs['bdd'])} | {cpu_cell(runs['sat'])} "
                     f"| {cpu_cell(runs['auto'])} | {cell(mcmas, 30)} | {ratio} | {walls} | {wall_ratio} | {within} "
                     f"| {memory} |")
    return lines


def verdict_table(results: list[FileResult]) -> list[str]:
    lines = ["| model | # | formula | bdd | sat (route) | auto (by) | MCMAS |", "|---|---|---|---|---|---|---|"]
    for result in results:
        runs = result.runs
        reference = next((runs[e] for e in ("bdd", "sat", "auto") if runs[e].texts), None)
        if reference is None:
            lines.append(f"| {short_name(result.file)} | | (no report) | | | | |")
            continue
        for index, text in enumerate(reference.texts):
            lines.append(f"| {short_name(result.file)} | {index + 1} | `{cell(text, 60)}` "
                         f"| {formula_cell(runs['bdd'], index)} | {formula_cell(runs['sat'], index, route=True)} "
                         f"| {formula_cell(runs['auto'], index, decider=True)} "
                         f"| {formula_cell(runs['mcmas'], index) if 'mcmas' in runs else '—'} |")
    return lines


def formula_cell(run: EngineRun, index: int, route: bool = False, decider: bool = False) -> str:
    """One engine's verdict on one formula, with the SAT route or the auto decider when asked."""
    if run.status != "ok" or index >= len(run.verdicts):
        return run.status if run.status != "ok" else "—"
    text = verdict_cell(run.verdicts[index])
    if route and index < len(run.routes) and run.routes[index]:
        text += f" ({cell(run.routes[index], 40)})"
    if decider and index < len(run.deciders) and run.deciders[index]:
        text += f" ({run.deciders[index]})"
    return text


def markdown(results: list[FileResult], startup: dict[str, float], load: dict[str, str], timeout: float) -> str:
    """The whole report: load, start-up, the CPU table, the verdict table and any disagreement."""
    worst = max((r for r in results if r.auto_ratio is not None), key=lambda r: r.auto_ratio, default=None)
    lines = [f"Load at start: `{load['start']}`; at end: `{load['end']}`. Timeout {timeout:g} s per process.",
             "",
             f"Start-up of the portfolio on a trivial model: auto {startup['auto_wall']:.3f} s − bdd "
             f"{startup['bdd_wall']:.3f} s = **{startup['startup_wall']:.3f} s** wall "
             f"({startup['auto']:.3f} − {startup['bdd']:.3f} = {startup['startup']:.3f} s CPU).",
             ""]
    if worst is not None:
        worst_wall = max((r for r in results if r.auto_wall_ratio is not None), key=lambda r: r.auto_wall_ratio)
        lines += [f"Worst auto / fastest: **{worst.auto_ratio:.2f}** (CPU) on {short_name(worst.file)}, "
                  f"**{worst_wall.auto_wall_ratio:.2f}** (wall) on {short_name(worst_wall.file)}.", ""]
    lines += cpu_table(results) + [""] + verdict_table(results)
    problems = [f"* {short_name(r.file)}: {line}" for r in results for line in r.disagreements]
    if problems:
        lines += ["", "**VERDICTS DISAGREE:**", *problems]
    return "\n".join(lines) + "\n"


def uptime() -> str:
    """`uptime`'s line: the machine load when the benchmark starts and ends."""
    return subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()


# ---------------------------------------------------------------------------- main


def build_jobs(args: argparse.Namespace) -> list[Job]:
    """The files to measure, in command-line order, each with its formulas."""
    jobs: dict[Path, Job] = {}
    for name in args.files:
        jobs.setdefault(Path(name), Job(Path(name)))
    for name, formula in args.with_formula:
        jobs.setdefault(Path(name), Job(Path(name))).formulas.append(formula)
    for name in args.sat_only:
        jobs.setdefault(Path(name), Job(Path(name))).sat_only = True
    for job in jobs.values():
        if not job.formulas:
            job.formulas = list(args.formula)
    return list(jobs.values())


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", help="ISPL files to measure")
    parser.add_argument("-f", "--formula", action="append", default=[],
                        help="check this formula (instead of the file's) on every file without --with formulas")
    parser.add_argument("--with", dest="with_formula", nargs=2, action="append", default=[],
                        metavar=("FILE", "FORMULA"), help="check FORMULA (instead of the file's) on FILE")
    parser.add_argument("--sat-only", action="append", default=[], metavar="FILE",
                        help="run only the SAT engine on FILE (no BDD engine, auto or MCMAS)")
    parser.add_argument("--bound", type=int, help="--bound for the SAT engine and auto")
    parser.add_argument("--mcmas", action="store_true", help=f"also run `{MCMAS} -k FILE`")
    parser.add_argument("--repeat", type=int, default=1, help="runs per engine; the least CPU counts (default 1)")
    parser.add_argument("--timeout", type=float, default=300.0, help="wall seconds per process (default 300)")
    parser.add_argument("--markdown", metavar="FILE", help="also write the Markdown report to FILE")
    parser.add_argument("--json", metavar="FILE", help="write every figure as JSON to FILE")
    return parser.parse_intermixed_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Measure every file, print the Markdown report; exit 1 when verdicts disagree."""
    args = parse_arguments(argv)
    jobs = build_jobs(args)
    if not jobs:
        print("no file to measure", file=sys.stderr)
        return 2
    load = {"start": uptime()}
    compile_ctlstark()
    startup = measure_startup(args.repeat, args.timeout)
    results = []
    with tempfile.TemporaryDirectory() as folder:
        for job in jobs:
            runs = measure_file(job, args.repeat, args.timeout, args.bound, args.mcmas, Path(folder))
            results.append(judge(job, runs, startup["startup_wall"]))
            print(f"done: {job.path} ({', '.join(f'{t} {cpu_cell(r)}' for t, r in runs.items())})",
                  file=sys.stderr, flush=True)
    load["end"] = uptime()
    report = markdown(results, startup, load, args.timeout)
    print(report, end="")
    if args.markdown:
        Path(args.markdown).write_text(report)
    if args.json:
        document = {"load": load, "startup": startup, "timeout": args.timeout, "bound": args.bound,
                    "repeat": args.repeat, "results": [asdict(result) for result in results]}
        Path(args.json).write_text(json.dumps(document, indent=2) + "\n")
    failed = [line for result in results for line in result.disagreements]
    if failed:
        print(f"\nVERDICTS DISAGREE on {len(failed)} formula(s):", file=sys.stderr)
        for result in results:
            for line in result.disagreements:
                print(f"  {result.file}: {line}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
