"""Measure every target of the performance issue (issue 19) in one run and say which hold.

One sitting, on this machine, whole processes, CPU time = user + sys of each child from
`os.wait4` (`corpus.run_process`), ratios between two tools measured in the same run:

1. ctlstark ≤ 1.0 × MCMAS on every reference model and every family instance where MCMAS
   needs ≥ 1 s, and the geometric mean of those ratios ≤ 0.3 — the reference corpus
   (`corpus.py`, without the models neither tool finishes) and the families `tgc`,
   `tgc_partial` (N = 2…12) and `muddy` (N = 3…16) through `run.py` with MCMAS beside;
2. a small model (≤ 250 lines, MCMAS < 1 s) checked in ≤ 0.12 s: every such reference
   model, least CPU of `--small-repeat` ctlstark runs, made in passes over all of them after the
   corpus (the machine's slow phases last seconds to minutes); shown beside the bare interpreter's
   start-up here (least of 7 `python -c pass`), the part ctlstark itself costs;
3. peak RSS ≤ 2 × MCMAS's wherever MCMAS's peak RSS is ≥ 50 MB (corpus and families);
4. CTL and LTL without knowledge ≤ 1.0 × NuSMV with the same variable order (`nusmv.py`:
   mutex N = 64, 128, ring N = 64, 256, dc N = 64);
5. dining cryptographers: `run.py dc` N = 100 ≤ 3 s and N = 200 ≤ 15 s, and ≤ 0.2 × MCMAS on
   MCMAS's own DC files of the corpus;
6. the models MCMAS cannot finish: `gdl-to-ispl/blocks2player` (ctlstark alone, 600 s) and
   every corpus model where MCMAS timed out (`mcmas-multi-coalitions/tmp`); hidato, futoshiki,
   connectFour and go_back_n are never run (out of BDD reach: they exhaust memory).

Every verdict both tools gave must agree: a disagreement is its own failed target row, makes
targets 1 and 4 fail and the exit status 1. The Markdown has a header (UTC start and end, load
average at both, CPU, cores, ctlstark's commit, the bare start-up), the targets table
`| target | measured | holds |` and the detail tables; `--json` keeps every figure.

    python3 benchmarks/targets.py --markdown targets.md --json targets.json    # about 12 min
    python3 benchmarks/targets.py --repeat 3 --markdown targets.md               # about 35 min
    python3 benchmarks/targets.py --quick --markdown /tmp/targets.md             # trying it: 30 s

Progress (one line per model, with both CPU times) goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import corpus  # noqa: E402
import nusmv  # noqa: E402
import run  # noqa: E402

# Models no run of this script checks: they exhaust memory in both tools.
OUT_OF_REACH = ["hidato", "futoshiki", "connectFour", "go_back_n"]
OUT_OF_REACH_NOTE = "not run: out of BDD reach, see docs/performance.md 'Models out of reach'"
BLOCKS2PLAYER = "gdl-to-ispl/blocks2player"  # MCMAS cannot finish it; ctlstark alone, below
BLOCKS2PLAYER_TIMEOUT = 600.0
DC_FILE_MARKERS = ("dining-cryptographers", "dc_counter")  # MCMAS's own DC files in the corpus

SLOW_MCMAS_CPU = 1.0  # target 1 counts the rows where MCMAS needs at least this (s)
MAX_RATIO = 1.0
MAX_GEOMEAN = 0.3
SMALL_LINES = 250
SMALL_CPU = 0.12
TARGET_MACHINE_STARTUP = 0.028  # bare `python -c pass` on the machine where 0.12 s was set
STARTUP_RUNS = 7
MAX_RSS_RATIO = 2.0
LARGE_MCMAS_RSS_MB = 50.0
MAX_NUSMV_RATIO = 1.0
MAX_DC_MCMAS_RATIO = 0.2
VERDICTS_TARGET = "every verdict both tools gave agrees (MCMAS, NuSMV)"


@dataclass
class Plan:
    """What one run measures: corpus selection, family and NuSMV sizes, the DC limits (N → s)."""

    only: list[str]
    skip: list[str]
    mcmas_families: dict[str, list[int]]
    nusmv_families: dict[str, list[int]]
    dc_limits: dict[int, float]
    run_blocks2player: bool


FULL_PLAN = Plan(only=[], skip=[],
                 mcmas_families={"tgc": list(range(2, 13)), "tgc_partial": list(range(2, 13)),
                                 "muddy": list(range(3, 17))},
                 nusmv_families={"mutex": [64, 128], "ring": [64, 256], "dc": [64]},
                 dc_limits={100: 3.0, 200: 15.0}, run_blocks2player=True)
QUICK_PLAN = Plan(only=["bit_transmission", "card_games"], skip=[],
                  mcmas_families={"tgc": [2, 3], "muddy": [3, 4]},
                  nusmv_families={"mutex": [8]}, dc_limits={10: 3.0}, run_blocks2player=False)


@dataclass
class TargetResult:
    """One row of the targets table; `holds` is None when this run measured nothing for it
    (or the row is a reading shown beside a target judged elsewhere)."""

    target: str
    measured: str
    holds: bool | None


@dataclass
class SmallModel:
    """A reference model of ≤ 250 lines that MCMAS checks in < 1 s: ctlstark's least-CPU run of several."""

    model: str
    lines: int
    ctlstark: corpus.Run
    mcmas_cpu: float


@dataclass
class FamilyRow:
    """One size of a generated family, measured by `run.measure` (with MCMAS beside it or not)."""

    family: str
    row: run.Row


@dataclass
class Comparison:
    """ctlstark against MCMAS on one model or family instance, whatever table it came from."""

    name: str
    source: str  # "corpus" or "family"
    ctlstark_status: str  # ok, error, timeout
    ctlstark_cpu: float
    ctlstark_rss_mb: float
    mcmas_status: str
    mcmas_cpu: float
    mcmas_rss_mb: float
    mcmas_error: str | None
    agreement: str  # agree, DIFFER, n/a

    @property
    def ratio(self) -> float | None:
        """ctlstark CPU / MCMAS CPU when both finished with measurable CPU."""
        if self.ctlstark_status != "ok" or self.mcmas_status != "ok" or self.ctlstark_cpu <= 0 or self.mcmas_cpu <= 0:
            return None
        return self.ctlstark_cpu / self.mcmas_cpu


@dataclass
class Measurements:
    """Everything one run measured, with the machine and the load around it."""

    started_utc: str = ""
    ended_utc: str = ""
    load_start: list[float] = field(default_factory=list)
    load_end: list[float] = field(default_factory=list)
    cpu_model: str = ""
    cores: int = 0
    commit: str = ""
    startup_cpu: float = 0.0
    startup_all_runs: list[float] = field(default_factory=list)
    repeat: int = 1
    small_repeat: int = 5
    timeout: float = 200.0
    plan: Plan | None = None
    corpus: list[corpus.ModelResult] = field(default_factory=list)
    small: list[SmallModel] = field(default_factory=list)
    families: list[FamilyRow] = field(default_factory=list)
    dc: list[run.Row] = field(default_factory=list)
    blocks2player: corpus.Run | None = None
    nusmv: list[nusmv.Row] = field(default_factory=list)


# ---------------------------------------------------------------- from measured rows to comparisons


def comparison_from_corpus(result: corpus.ModelResult) -> Comparison:
    """A corpus row as a comparison."""
    ours, theirs = result.ctlstark, result.mcmas
    return Comparison(result.model, "corpus", ours.status, ours.cpu, ours.peak_rss_mb, theirs.status, theirs.cpu,
                      theirs.peak_rss_mb, theirs.error, result.agreement)


def comparison_from_family(family_row: FamilyRow) -> Comparison:
    """A family row measured with MCMAS beside it as a comparison (ctlstark ran when it printed verdicts)."""
    row, other = family_row.row, family_row.row.other
    assert other is not None, "a family row without MCMAS's run"
    error = row.error or ""
    ours_status = "ok" if row.verdicts else ("timeout" if error.startswith("timeout") else "error")
    return Comparison(f"{family_row.family} N = {row.n}", "family", ours_status, row.cpu, row.peak_rss_mb,
                      other.status, other.cpu, other.peak_rss_mb, other.error, row.agreement)


def comparisons(results: list[corpus.ModelResult], families: list[FamilyRow]) -> list[Comparison]:
    """Every corpus row and every family row that had MCMAS beside it."""
    return ([comparison_from_corpus(result) for result in results]
            + [comparison_from_family(row) for row in families if row.row.other is not None])


def slow_for_mcmas(comparison: Comparison) -> bool:
    """MCMAS finished and needed at least 1 s: a row target 1 counts."""
    return comparison.mcmas_status == "ok" and comparison.mcmas_cpu >= SLOW_MCMAS_CPU


def seconds(value: float) -> str:
    return f"{value:.2f} s" if value >= 0.1 else f"{value:.3f} s"


def listing(items: list[str], most: int = 6) -> str:
    """A comma-separated list, cut after `most` items."""
    shown = ", ".join(items[:most])
    return shown + (f" and {len(items) - most} more" if len(items) > most else "")


def beyond_text(comparison: Comparison) -> str:
    """`tmp (MCMAS timeout (200 s), ctlstark 0.70 s)`: a row MCMAS did not finish."""
    ours = seconds(comparison.ctlstark_cpu) if comparison.ctlstark_status == "ok" else comparison.ctlstark_status
    return f"{comparison.name} (MCMAS {comparison.mcmas_error}, ctlstark {ours})"


def agreement_note(comparison: Comparison) -> str:
    """Nothing when the verdicts agree, else a loud note."""
    return "" if comparison.agreement == "agree" else f" **verdicts {comparison.agreement}**"


def ratio_text(comparison: Comparison) -> str:
    """`name 0.83 (MCMAS 62.10 s)`, or why there is no ratio."""
    if comparison.ratio is not None:
        return f"{comparison.name} {comparison.ratio:.2f} (MCMAS {seconds(comparison.mcmas_cpu)})"
    return f"{comparison.name}: ctlstark {comparison.ctlstark_status}"


# ---------------------------------------------------------------- the targets, one pure function each


def mcmas_ratio_target(rows: list[Comparison]) -> TargetResult:
    """Target 1: ≤ 1.0 × MCMAS on every row where MCMAS needs ≥ 1 s (verdicts agreeing)."""
    target = (f"ctlstark ≤ {MAX_RATIO:.1f} × MCMAS wherever MCMAS needs ≥ {SLOW_MCMAS_CPU:g} s "
              "(corpus, tgc, tgc_partial, muddy)")
    slow = [row for row in rows if slow_for_mcmas(row)]
    beyond = [row for row in rows if row.mcmas_status == "timeout"]
    no_ratio_note = f"; no ratio: {listing([beyond_text(row) for row in beyond])}" if beyond else ""
    if not slow:
        return TargetResult(target, f"no row where MCMAS needs ≥ {SLOW_MCMAS_CPU:g} s{no_ratio_note}", None)
    failing = [row for row in slow if row.ratio is None or row.ratio > MAX_RATIO or row.agreement != "agree"]
    ranked = sorted(slow, key=lambda row: -(row.ratio if row.ratio is not None else float("inf")))
    ratios = [row.ratio for row in slow if row.ratio is not None]
    corpus_rows = sum(row.source == "corpus" for row in slow)
    measured = f"{len(slow)} rows ({corpus_rows} corpus models, {len(slow) - corpus_rows} family rows)"
    if ratios:
        measured += f", ratios {min(ratios):.2f}–{max(ratios):.2f}; highest: "
        measured += listing([ratio_text(row) for row in ranked], 4)
    if failing:
        measured += "; **fail: " + listing([ratio_text(row) + agreement_note(row) for row in failing]) + "**"
    return TargetResult(target, measured + no_ratio_note, not failing)


def geomean_target(rows: list[Comparison]) -> TargetResult:
    """Target 1, second half: the geometric mean of the ratios over the same rows ≤ 0.3."""
    target = f"geometric mean of those ratios ≤ {MAX_GEOMEAN:g}"
    slow = [row for row in rows if slow_for_mcmas(row)]
    ratios = [row.ratio for row in slow if row.ratio is not None]
    if not ratios:
        return TargetResult(target, "no ratio (no row where MCMAS needs ≥ 1 s)", None)
    mean = corpus.geometric_mean(ratios)
    corpus_only = corpus.geometric_mean([row.ratio for row in slow if row.source == "corpus" and row.ratio is not None])
    missing = len(slow) - len(ratios)
    measured = f"{mean:.3f} over {len(ratios)} rows"
    if corpus_only is not None and corpus_only != mean:
        measured += f" ({corpus_only:.3f} over the corpus models alone)"
    if missing:
        measured += f"; {missing} rows without a ratio (ctlstark failed)"
    return TargetResult(target, measured, mean <= MAX_GEOMEAN and not missing)


def is_small(lines: int, mcmas: corpus.Run) -> bool:
    """A small model: at most 250 lines and MCMAS checks it in under 1 s."""
    return lines <= SMALL_LINES and mcmas.status == "ok" and mcmas.cpu < SLOW_MCMAS_CPU


def small_over(models: list[SmallModel], limit: float, startup: float = 0.0) -> list[SmallModel]:
    """The small models ctlstark did not check within `limit` s (after subtracting `startup`), worst first."""
    over = [m for m in models if m.ctlstark.status != "ok" or m.ctlstark.cpu - startup > limit]
    return sorted(over, key=lambda m: -m.ctlstark.cpu if m.ctlstark.status == "ok" else -float("inf"))


def small_text(model: SmallModel, startup: float = 0.0) -> str:
    """`name 0.128 s (MCMAS 0.012 s)`; with `startup`, ctlstark's time less it."""
    if model.ctlstark.status != "ok":
        return f"{model.model}: ctlstark {model.ctlstark.status}"
    own = model.ctlstark.cpu - startup
    return f"{model.model} {own:.3f} s (MCMAS {model.mcmas_cpu:.3f} s)"


def small_model_target(models: list[SmallModel], startup: float) -> TargetResult:
    """Target 2: every small model in ≤ 0.12 s of CPU, the whole ctlstark process."""
    target = (f"a small model (≤ {SMALL_LINES} lines, MCMAS < {SLOW_MCMAS_CPU:g} s) in ≤ {SMALL_CPU:g} s CPU, "
              "whole process")
    if not models:
        return TargetResult(target, "no small model in this run", None)
    over = small_over(models, SMALL_CPU)
    fastest = min((m.ctlstark.cpu for m in models if m.ctlstark.status == "ok"), default=0.0)
    measured = (f"{len(models) - len(over)} of {len(models)} hold (least CPU of the runs per model; fastest "
                f"{fastest:.3f} s); bare interpreter start-up here {startup:.3f} s, {TARGET_MACHINE_STARTUP:g} s "
                "where the target was set")
    if over:
        measured += "; over: " + listing([small_text(m) for m in over], 5)
    return TargetResult(target, measured, not over)


def small_model_startup_reading(models: list[SmallModel], startup: float) -> TargetResult:
    """Target 2 read against this machine's start-up: ctlstark's CPU less a bare interpreter's (shown, not judged)."""
    budget = SMALL_CPU - TARGET_MACHINE_STARTUP
    target = (f"the same, ctlstark's own part (CPU − bare start-up {startup:.3f} s) ≤ {budget:.3f} s "
              f"({SMALL_CPU:g} s less the {TARGET_MACHINE_STARTUP:g} s start-up where the target was set); "
              "reading only")
    if not models:
        return TargetResult(target, "no small model in this run", None)
    over = small_over(models, budget, startup)
    measured = f"{len(models) - len(over)} of {len(models)} within"
    if over:
        measured += "; over: " + listing([small_text(m, startup) for m in over], 5)
    return TargetResult(target, measured, None)


def rss_target(rows: list[Comparison]) -> TargetResult:
    """Target 3: peak RSS ≤ 2 × MCMAS's wherever MCMAS's is ≥ 50 MB (both finished)."""
    target = f"peak RSS ≤ {MAX_RSS_RATIO:g} × MCMAS's wherever MCMAS's ≥ {LARGE_MCMAS_RSS_MB:g} MB"
    large = [row for row in rows if row.mcmas_status == "ok" and row.ctlstark_status == "ok"
             and row.mcmas_rss_mb >= LARGE_MCMAS_RSS_MB]
    if not large:
        return TargetResult(target, f"no row where MCMAS's peak RSS ≥ {LARGE_MCMAS_RSS_MB:g} MB", None)
    ranked = sorted(large, key=lambda row: -row.ctlstark_rss_mb / row.mcmas_rss_mb)
    worst = ranked[0]
    over = [row for row in ranked if row.ctlstark_rss_mb > MAX_RSS_RATIO * row.mcmas_rss_mb]
    measured = (f"{len(large)} rows; max {worst.ctlstark_rss_mb / worst.mcmas_rss_mb:.2f} × on {worst.name} "
                f"({worst.ctlstark_rss_mb:.0f} MB against {worst.mcmas_rss_mb:.0f} MB)")
    if over:
        measured += "; **over: " + listing([f"{row.name} {row.ctlstark_rss_mb / row.mcmas_rss_mb:.2f} ×"
                                             for row in over]) + "**"
    return TargetResult(target, measured, not over)


def nusmv_ratio(row: nusmv.Row) -> float | None:
    if row.ctlstark.status != "ok" or row.nusmv.status != "ok" or row.nusmv.cpu <= 0:
        return None
    return row.ctlstark.cpu / row.nusmv.cpu


def nusmv_target(rows: list[nusmv.Row]) -> TargetResult:
    """Target 4: ≤ 1.0 × NuSMV (same variable order) on CTL and LTL without knowledge, verdicts agreeing."""
    target = f"CTL and LTL without knowledge ≤ {MAX_NUSMV_RATIO:.1f} × NuSMV (same order)"
    if not rows:
        return TargetResult(target, "not measured in this run", None)
    texts, holds = [], True
    for row in rows:
        ratio = nusmv_ratio(row)
        text = f"{row.family} N = {row.n}: " + ("–" if ratio is None else f"{ratio:.2f}")
        if ratio is not None:
            text += f" ({seconds(row.ctlstark.cpu)} against {seconds(row.nusmv.cpu)})"
        if row.agreement != "agree":
            text += f" **verdicts {row.agreement}: {row.note}**"
        holds = holds and ratio is not None and ratio <= MAX_NUSMV_RATIO and row.agreement == "agree"
        texts.append(text)
    return TargetResult(target, "; ".join(texts), holds)


def dc_family_target(rows: list[run.Row], limits: dict[int, float]) -> TargetResult:
    """Target 5: `run.py dc` at each N within its limit of CPU seconds."""
    sizes = ", ".join(f"N = {n} ≤ {limit:g} s" for n, limit in limits.items())
    target = f"dining cryptographers (`run.py dc`) {sizes}"
    by_size = {row.n: row for row in rows}
    texts, holds = [], True
    for n, limit in limits.items():
        row = by_size.get(n)
        if row is None:
            texts.append(f"N = {n}: not measured")
            holds = False
        elif row.error is not None:
            texts.append(f"N = {n}: **{row.error}**")
            holds = False
        else:
            texts.append(f"N = {n}: {row.cpu:.2f} s ({row.verdicts})")
            holds = holds and row.cpu <= limit
    return TargetResult(target, "; ".join(texts), holds)


def is_dc_file(name: str) -> bool:
    return any(marker in name for marker in DC_FILE_MARKERS)


def dc_mcmas_target(rows: list[Comparison]) -> TargetResult:
    """Target 5, second half: ≤ 0.2 × MCMAS on MCMAS's own DC files of the corpus."""
    target = f"dining cryptographers ≤ {MAX_DC_MCMAS_RATIO:g} × MCMAS on MCMAS's own DC files of the corpus"
    files = [row for row in rows if row.source == "corpus" and is_dc_file(row.name)]
    if not files:
        return TargetResult(target, "no such file in this run", None)
    failing = [row for row in files if row.ratio is None or row.ratio > MAX_DC_MCMAS_RATIO or row.agreement != "agree"]
    measured = "; ".join(ratio_text(row) + agreement_note(row) for row in files)
    return TargetResult(target, measured, not failing)


def beyond_mcmas_target(runs: dict[str, corpus.Run]) -> TargetResult:
    """Target 6: ctlstark decides every formula of the models MCMAS cannot finish (model → ctlstark's run)."""
    target = "the models MCMAS cannot finish: ctlstark decides them"
    texts = []
    for name, ours in runs.items():
        if ours.status == "ok":
            texts.append(f"{name} {ours.cpu:.2f} s, {len(ours.verdicts)} verdicts")
        else:
            texts.append(f"{name}: **{ours.error}**")
    texts.append(", ".join(OUT_OF_REACH) + f" {OUT_OF_REACH_NOTE}")
    holds = all(ours.status == "ok" for ours in runs.values()) if runs else None
    return TargetResult(target, "; ".join(texts), holds)


def verdicts_target(rows: list[Comparison], nusmv_rows: list[nusmv.Row]) -> TargetResult:
    """Every verdict both tools gave agrees (MCMAS on corpus and families, NuSMV): else the whole run fails."""
    target = VERDICTS_TARGET
    labelled = [(row.name, row.agreement) for row in rows] + [(f"NuSMV {row.family} N = {row.n}", row.agreement)
                                                              for row in nusmv_rows]
    if not labelled:
        return TargetResult(target, "nothing compared", None)
    differ = [name for name, agreement in labelled if agreement == "DIFFER"]
    unknown = [name for name, agreement in labelled if agreement not in ("agree", "DIFFER")]
    measured = f"{len(labelled) - len(differ) - len(unknown)} agree, {len(differ)} differ, {len(unknown)} n/a"
    if unknown:
        measured += f" (one tool did not finish or rejected the file: {listing(unknown)})"
    if differ:
        measured += f"; **VERDICTS DIFFER: {listing(differ, 20)}**"
    return TargetResult(target, measured, not differ)


def verdicts_differ(targets: list[TargetResult]) -> bool:
    """Whether the verdicts row says some verdicts differ."""
    return any(target.target == VERDICTS_TARGET and target.holds is False for target in targets)


def beyond_mcmas_runs(measured: Measurements) -> dict[str, corpus.Run]:
    """blocks2player's run and ctlstark's run on every corpus model where MCMAS timed out."""
    runs = {result.model: result.ctlstark for result in measured.corpus if result.mcmas.status == "timeout"}
    if measured.blocks2player is not None:
        runs = {BLOCKS2PLAYER: measured.blocks2player, **runs}
    return runs


def evaluate(measured: Measurements) -> list[TargetResult]:
    """Every target's row, in the issue's order."""
    rows = comparisons(measured.corpus, measured.families)
    assert measured.plan is not None
    return [mcmas_ratio_target(rows), geomean_target(rows),
            small_model_target(measured.small, measured.startup_cpu),
            small_model_startup_reading(measured.small, measured.startup_cpu),
            rss_target(rows), nusmv_target(measured.nusmv),
            dc_family_target(measured.dc, measured.plan.dc_limits), dc_mcmas_target(rows),
            beyond_mcmas_target(beyond_mcmas_runs(measured)), verdicts_target(rows, measured.nusmv)]


# ---------------------------------------------------------------- measuring


def progress(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def cpu_text(tool: corpus.Run, timeout: float) -> str:
    """`0.113 s`, `>200 s` or `error`, for progress lines."""
    return corpus.cpu_cell(tool, timeout) + ("" if tool.status == "error" else " s")


def utc_now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")


def cpu_model() -> str:
    """The `model name` of /proc/cpuinfo."""
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def git_commit() -> str:
    """`git rev-parse --short HEAD`, with `+dirty` when the working tree has changes."""
    def git(*arguments: str) -> str:
        return subprocess.run(["git", *arguments], cwd=HERE.parent, capture_output=True, text=True,
                              timeout=60).stdout.strip()
    commit = git("rev-parse", "--short", "HEAD") or "unknown"
    return commit + ("+dirty" if git("status", "--porcelain") else "")


def bare_startup(runs: int = STARTUP_RUNS) -> list[float]:
    """The CPU of `runs` bare interpreter start-ups (`python -c pass`)."""
    return [corpus.run_process([sys.executable, "-c", "pass"], 60).cpu for _ in range(runs)]


def ctlstark_run(path: Path, timeout: float) -> corpus.Run:
    """One whole ctlstark process on a corpus file, as corpus.py runs it."""
    return corpus.read_ctlstark(corpus.run_process(corpus.command_line(corpus.CTLSTARK_COMMAND, path), timeout),
                                timeout)


def more_small_runs(small: list[SmallModel], paths: dict[str, Path], runs: int, timeout: float) -> None:
    """Bring each small model's ctlstark runs up to `runs`, keeping the least-CPU one.

    The runs go in passes, one run of every small model per pass, not all of one model's runs
    back to back: this machine has slow phases of seconds to minutes (nim1, the same code,
    least of 10 consecutive runs: 0.152 s in one batch, 0.101 s in the next), and five
    consecutive runs fell into one phase together. Spread out, the least of them is the
    model's own cost, which is what the target is about.
    """
    for number in range(2, runs + 1):
        for entry in small:
            if entry.ctlstark.status != "ok" or len(entry.ctlstark.cpu_all_runs) >= runs:
                continue
            extra = ctlstark_run(paths[entry.model], timeout)
            best = corpus.least_cpu([replace(entry.ctlstark), extra])
            best.cpu_all_runs = entry.ctlstark.cpu_all_runs + [extra.cpu]
            entry.ctlstark = best
        progress(f"[small models] pass {number}/{runs}: " + ", ".join(
            f"{entry.model.rsplit('/', 1)[-1]} {cpu_text(entry.ctlstark, timeout)}" for entry in small[:3]) + ", …")


def measure_corpus(measured: Measurements) -> None:
    """Both tools on every chosen reference model; the small ones get ctlstark's extra runs."""
    assert measured.plan is not None
    models = corpus.find_models(corpus.REFERENCE, measured.plan.only, measured.plan.skip)
    commands = {"ctlstark": corpus.CTLSTARK_COMMAND, "mcmas": corpus.MCMAS_COMMAND}
    small_paths: dict[str, Path] = {}
    for number, path in enumerate(models, 1):
        model = path.relative_to(corpus.REFERENCE).with_suffix("").as_posix()
        runs = corpus.measure_model(path, commands, measured.repeat, measured.timeout)
        agreement, note = corpus.compare_verdicts(runs["ctlstark"], runs["mcmas"])
        note = note.replace(str(path), path.name)
        result = corpus.ModelResult(model, runs["ctlstark"], runs["mcmas"], agreement, note)
        measured.corpus.append(result)
        lines = len(path.read_text(encoding="utf-8", errors="replace").splitlines())
        small = ""
        if is_small(lines, result.mcmas):
            measured.small.append(SmallModel(model, lines, replace(result.ctlstark), result.mcmas.cpu))
            small_paths[model] = path
            small = " (small: more runs after the corpus)"
        ours, theirs = (cpu_text(tool, measured.timeout) for tool in (result.ctlstark, result.mcmas))
        progress(f"[corpus {number}/{len(models)}] {model}: ctlstark {ours}, MCMAS {theirs}{small}, {agreement}")
    more_small_runs(measured.small, small_paths, measured.small_repeat, measured.timeout)


def family_progress(label: str, row: run.Row, timeout: float) -> None:
    text = f"[{label}] ctlstark " + (f"{row.cpu:.3f} s" if row.verdicts else f"{row.error}")
    if row.other is not None:
        text += f", MCMAS {cpu_text(row.other, timeout)}, {row.agreement}"
    progress(text)


def measure_families(measured: Measurements, folder: Path) -> None:
    """The families against MCMAS (`run.measure` with MCMAS's command)."""
    assert measured.plan is not None
    for family, sizes in measured.plan.mcmas_families.items():
        for n in sizes:
            row = run.measure(family, n, measured.repeat, measured.timeout, corpus.MCMAS_COMMAND, folder)
            measured.families.append(FamilyRow(family, row))
            family_progress(f"{family} N = {n}", row, measured.timeout)


def measure_dc(measured: Measurements, folder: Path) -> None:
    """`run.py dc` at the sizes of target 5 (ctlstark alone, its two formulas)."""
    assert measured.plan is not None
    for n in measured.plan.dc_limits:
        row = run.measure("dc", n, measured.repeat, measured.timeout, None, folder)
        measured.dc.append(row)
        family_progress(f"dc N = {n}", row, measured.timeout)


def measure_blocks2player(measured: Measurements) -> None:
    """ctlstark alone on blocks2player, once, with 600 s."""
    path = corpus.REFERENCE / f"{BLOCKS2PLAYER}.ispl"
    measured.blocks2player = ctlstark_run(path, BLOCKS2PLAYER_TIMEOUT)
    progress(f"[{BLOCKS2PLAYER}] ctlstark {cpu_text(measured.blocks2player, BLOCKS2PLAYER_TIMEOUT)}, "
             f"{len(measured.blocks2player.verdicts)} verdicts")


def failed_nusmv_row(family: str, n: int, error: Exception) -> nusmv.Row:
    """A NuSMV row for a size whose files could not even be written (translation failed)."""
    def failed() -> corpus.Run:
        return corpus.Run(status="error", cpu=0.0, wall=0.0, peak_rss_mb=0.0, parent_rss_mb=0.0, exit_code=None,
                          error=f"{type(error).__name__}: {error}")
    return nusmv.Row(family, n, failed(), failed(), "n/a", f"{type(error).__name__}: {error}")


def measure_nusmv(measured: Measurements, folder: Path) -> None:
    """The NuSMV families, last: `nusmv.measure` builds ctlstark's order in this process, which raises
    this process's peak RSS, the floor of every later child's wait4 figure."""
    assert measured.plan is not None
    for family, sizes in measured.plan.nusmv_families.items():
        for n in sizes:
            try:
                row = nusmv.measure(family, n, measured.repeat, measured.timeout, folder)
            except (OSError, subprocess.SubprocessError) as error:
                row = failed_nusmv_row(family, n, error)
            measured.nusmv.append(row)
            ratio = nusmv_ratio(row)
            progress(f"[NuSMV {family} N = {n}] ctlstark {cpu_text(row.ctlstark, measured.timeout)}, NuSMV "
                     f"{cpu_text(row.nusmv, measured.timeout)}, ratio "
                     f"{'–' if ratio is None else f'{ratio:.2f}'}, {row.agreement}")


def measure_all(measured: Measurements) -> None:
    """Every part, in an order that keeps this process's RSS low until the NuSMV part."""
    assert measured.plan is not None
    startup = bare_startup()
    measured.startup_cpu, measured.startup_all_runs = min(startup), startup
    progress(f"bare interpreter start-up: {measured.startup_cpu:.3f} s (least of {len(startup)})")
    measure_corpus(measured)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        measure_families(measured, folder)
        measure_dc(measured, folder)
        if measured.plan.run_blocks2player:
            measure_blocks2player(measured)
        if nusmv.NUSMV.exists() and nusmv.ISPL2SMV.exists():
            measure_nusmv(measured, folder)
        else:
            progress(f"NuSMV or ispl2smv.py missing in {nusmv.SHARED}: target 4 not measured")


# ---------------------------------------------------------------- the Markdown


def holds_cell(holds: bool | None) -> str:
    return "–" if holds is None else ("yes" if holds else "**no**")


def targets_table(targets: list[TargetResult]) -> str:
    lines = ["| target | measured | holds |", "|---|---|---|"]
    lines += [f"| {corpus.markdown_cell(t.target)} | {corpus.markdown_cell(t.measured)} | {holds_cell(t.holds)} |"
              for t in targets]
    return "\n".join(lines) + "\n"


def header(measured: Measurements) -> str:
    """Where and when: UTC times, load averages, CPU, cores, commit, bare start-up, settings."""
    def load(values: list[float]) -> str:
        return " / ".join(f"{value:.2f}" for value in values)

    return (f"Run {measured.started_utc} – {measured.ended_utc}; load average (1/5/15 min) "
            f"{load(measured.load_start)} at start, {load(measured.load_end)} at end; CPU {measured.cpu_model}, "
            f"{measured.cores} cores; ctlstark {measured.commit}; bare interpreter start-up "
            f"(least CPU of {len(measured.startup_all_runs)} `python -c pass`) {measured.startup_cpu:.3f} s; "
            f"least CPU of {measured.repeat} run(s) per tool (small models: of {measured.small_repeat} ctlstark runs, "
            "in passes over all of them after the corpus), "
            f"timeout {measured.timeout:g} s per process.\n")


def small_table(models: list[SmallModel], startup: float, timeout: float) -> str:
    """The small models over 0.12 s, with the count."""
    over = small_over(models, SMALL_CPU)
    lines = [f"{len(models) - len(over)} of {len(models)} small models (≤ {SMALL_LINES} lines, MCMAS < "
             f"{SLOW_MCMAS_CPU:g} s) within {SMALL_CPU:g} s; the others:", ""]
    if not over:
        return lines[0].replace("; the others:", ".") + "\n"
    lines += ["| model | lines | ctlstark CPU s (least) | less start-up s | all runs s | MCMAS CPU s |",
              "|---|---:|---:|---:|---|---:|"]
    for model in over:
        cpu = corpus.cpu_cell(model.ctlstark, timeout)
        own = f"{model.ctlstark.cpu - startup:.3f}" if model.ctlstark.status == "ok" else "–"
        runs = ", ".join(f"{cpu:.3f}" for cpu in model.ctlstark.cpu_all_runs)
        lines.append(f"| {model.model} | {model.lines} | {cpu} | {own} | {runs} | {model.mcmas_cpu:.3f} |")
    return "\n".join(lines) + "\n"


def beyond_table(runs: dict[str, corpus.Run], timeout: float) -> str:
    if not runs:
        return "None measured in this run.\n"
    lines = ["| model | ctlstark CPU s | ctlstark MB | verdicts | note |", "|---|---:|---:|---:|---|"]
    for name, ours in runs.items():
        limit = BLOCKS2PLAYER_TIMEOUT if name == BLOCKS2PLAYER else timeout
        note = "ctlstark alone" if name == BLOCKS2PLAYER else "MCMAS timed out"
        lines.append(f"| {name} | {corpus.cpu_cell(ours, limit)} | {corpus.memory_cell(ours)} | {len(ours.verdicts)} "
                     f"| {corpus.markdown_cell(ours.error or note)} |")
    return "\n".join(lines) + "\n"


def report_markdown(measured: Measurements, targets: list[TargetResult]) -> str:
    """Header, the targets table, then the detail tables."""
    timeout = measured.timeout
    slow_corpus = [result for result in measured.corpus
                   if slow_for_mcmas(comparison_from_corpus(result)) or result.mcmas.status == "timeout"]
    dc_corpus = [result for result in measured.corpus if is_dc_file(result.model)]
    sections = ["# Performance targets (issue 19), one run\n", header(measured)]
    if verdicts_differ(targets):
        sections.append("**VERDICTS DIFFER: this run fails whatever the times say (see the last target row).**\n")
    sections += ["## Targets\n", targets_table(targets),
                 f"## Reference models where MCMAS needs ≥ {SLOW_MCMAS_CPU:g} s (or timed out)\n",
                 corpus.markdown(slow_corpus, timeout) if slow_corpus else "None in this run.\n",
                 f"## Family rows where MCMAS needs ≥ {SLOW_MCMAS_CPU:g} s\n"]
    any_slow_family = False
    for family in (measured.plan.mcmas_families if measured.plan else {}):
        rows = [f.row for f in measured.families if f.family == family
                and f.row.other is not None and f.row.other.status == "ok" and f.row.other.cpu >= SLOW_MCMAS_CPU]
        if rows:
            any_slow_family = True
            sections.append(run.markdown(family, rows, corpus.MCMAS_COMMAND))
    if not any_slow_family:
        sections.append("None in this run.\n")
    sections += ["## ctlstark against NuSMV\n", nusmv.markdown(measured.nusmv) if measured.nusmv else "Not measured.\n",
                 "## Small models\n", small_table(measured.small, measured.startup_cpu, timeout),
                 "## Dining cryptographers\n",
                 run.markdown("dc", measured.dc, None) if measured.dc else "Not measured.\n",
                 "MCMAS's own DC files of the corpus:\n",
                 corpus.markdown(dc_corpus, timeout) if dc_corpus else "None in this run.\n",
                 "## Models MCMAS cannot finish\n", beyond_table(beyond_mcmas_runs(measured), timeout),
                 ", ".join(OUT_OF_REACH) + f": {OUT_OF_REACH_NOTE}.\n"]
    return "\n".join(sections)


# ---------------------------------------------------------------- command line


def plan_from(arguments: argparse.Namespace) -> Plan:
    """The full or quick plan with the command line's `--only`/`--skip`; the out-of-reach models and
    blocks2player (measured alone) are always left out of the corpus part."""
    base = QUICK_PLAN if arguments.quick else FULL_PLAN
    return replace(base, only=arguments.only or list(base.only),
                   skip=OUT_OF_REACH + [BLOCKS2PLAYER.split("/")[-1]] + arguments.skip)


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs per tool on the corpus, families, DC and NuSMV; the least CPU counts (default 1)")
    parser.add_argument("--small-repeat", type=int, default=5,
                        help="ctlstark runs per small model; the least CPU counts (default 5)")
    parser.add_argument("--timeout", type=float, default=200.0, help="seconds allowed per process (default 200)")
    parser.add_argument("--quick", action="store_true",
                        help="try the script: a few small corpus models, tgc N = 2, 3, muddy N = 3, 4, mutex N = 8, "
                             "dc N = 10, no blocks2player")
    parser.add_argument("--only", action="append", default=[], metavar="SUBSTRING",
                        help="only corpus models whose path contains this (repeatable)")
    parser.add_argument("--skip", action="append", default=[], metavar="SUBSTRING",
                        help="leave out corpus models whose path contains this (repeatable)")
    parser.add_argument("--markdown", type=Path, metavar="FILE", help="write the header and tables here")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write every figure here")
    arguments = parser.parse_args(argv)
    if arguments.repeat < 1 or arguments.small_repeat < 1 or arguments.timeout <= 0:
        parser.error("--repeat and --small-repeat must be at least 1 and --timeout positive")
    return arguments


def main(argv: list[str] | None = None) -> int:
    arguments = parse_arguments(argv)
    corpus.compile_ctlstark()
    measured = Measurements(started_utc=utc_now(), load_start=list(os.getloadavg()), cpu_model=cpu_model(),
                            cores=os.cpu_count() or 0, commit=git_commit(), repeat=arguments.repeat,
                            small_repeat=arguments.small_repeat, timeout=arguments.timeout, plan=plan_from(arguments))
    measure_all(measured)
    measured.ended_utc, measured.load_end = utc_now(), list(os.getloadavg())
    targets = evaluate(measured)
    text = report_markdown(measured, targets)
    print(text, end="")
    if arguments.markdown:
        arguments.markdown.write_text(text, encoding="utf-8")
    if arguments.json:
        document = {"measurements": asdict(measured), "targets": [asdict(target) for target in targets]}
        arguments.json.write_text(json.dumps(document, indent=2), encoding="utf-8")
    differ = verdicts_differ(targets)
    if differ:
        progress("VERDICTS DIFFER: see the last target row")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
