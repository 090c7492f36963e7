"""Run a benchmark family over a list of sizes and write a table (Markdown and JSON).

Each size is one whole process — `python -m ctlstark check FILE --json --only -f …`
on a generated file — so the times are what a user waits for (parse, encode, reach,
check) and the peak RSS is that process's own. Families:

* `dc` — dining cryptographers, counter style (`dc.py`), φ0 and the GCK property;
* `dc_mcmas` — the structure of MCMAS's dining-cryptographers test (`dc_mcmas.py`):
  anonymity, common knowledge and the CTL*K paper's φ1;
* `dc_fair` — the iterated model with a lying payer under Fairness and φ2 (`dc_ctlstar.py`);
* `netbill` — 1 merchant + N customers (`netbill.py`): φ1', φ2 for customer 1, a violation;
* `tgc`, `tgc_partial` — train, gate and controller with N trains and faults (`tgc.py`), the
  controller seeing every position or only the alarms: the file's own five formulas.

    python benchmarks/run.py dc_mcmas --sizes 10 16 50 100 200
    python benchmarks/run.py netbill --sizes 1 3 5 --repeat 3 --json netbill.json --markdown netbill.md
    python benchmarks/run.py dc_mcmas --sizes 12 16 --compare "mcmas {file}"

`--compare CMD` runs another checker on the same file (`{file}` is replaced by its
path) and adds its wall time and the ratio ctlstark / other. `--repeat R` keeps the
fastest of R runs per size.
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import dc  # noqa: E402
import dc_ctlstar  # noqa: E402
import dc_mcmas  # noqa: E402
import netbill  # noqa: E402
import tgc  # noqa: E402


def _family_dc(n: int) -> tuple[str, list[str]]:
    return dc.dc_model_text(n), []


def _family_dc_mcmas(n: int) -> tuple[str, list[str]]:
    return dc_mcmas.dc_mcmas_model_text(n), []


def _family_dc_fair(n: int) -> tuple[str, list[str]]:
    return dc_ctlstar.dc_iterated_model_text(n, fairness=True), [dc_ctlstar.phi2(n)]


def _family_netbill(n: int) -> tuple[str, list[str]]:
    return netbill.netbill_model_text(n), [netbill.phi1_prime(n), netbill.phi2(1), netbill.weak_violation(1)]


def _family_tgc(n: int) -> tuple[str, list[str]]:
    return tgc.tgc_model_text(n, "full"), []


def _family_tgc_partial(n: int) -> tuple[str, list[str]]:
    return tgc.tgc_model_text(n, "partial"), []


FAMILIES = {"dc": _family_dc, "dc_mcmas": _family_dc_mcmas, "dc_fair": _family_dc_fair, "netbill": _family_netbill,
            "tgc": _family_tgc, "tgc_partial": _family_tgc_partial}


@dataclass
class Row:
    """One size's measurement (times in seconds, memory in MB); `error` when the run failed."""

    n: int
    wall: float = 0.0
    reachable_states: int = 0
    bdd_variables: int = 0
    bdd_peak_nodes: int = 0
    times: dict[str, float] = field(default_factory=dict)
    peak_rss_mb: float = 0.0
    verdicts: str = ""
    other_wall: float | None = None
    error: str | None = None


# Runs the CLI in this interpreter and reports its own peak RSS on stderr's last line.
_CLI_WITH_RSS = (
    "import resource, sys\n"
    "from ctlstark.cli import main\n"
    "try:\n"
    "    main()\n"
    "finally:\n"
    "    print('peak-rss-kb', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n"
)


def run_ctlstark(path: Path, formulas: list[str], timeout: float) -> Row:
    """One whole `ctlstark check` process on `path` (only `formulas` when given)."""
    arguments = ["check", str(path), "--json"]
    if formulas:
        arguments.append("--only")
        for text in formulas:
            arguments += ["-f", text]
    command = [sys.executable, "-c", _CLI_WITH_RSS, *arguments]
    started = time.perf_counter()
    try:
        finished = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return Row(n=0, error=f"timeout ({timeout:g} s)")
    wall = time.perf_counter() - started
    lines = finished.stderr.strip().splitlines()
    rss_kb = float(lines[-1].split()[-1]) if lines and lines[-1].startswith("peak-rss-kb") else 0.0
    if not finished.stdout.strip().startswith("{"):
        problem = next((line for line in reversed(lines) if not line.startswith("peak-rss-kb")), "no output")
        return Row(n=0, error=f"exit {finished.returncode}: {problem}")
    report = json.loads(finished.stdout)
    verdicts = "".join({True: "T", False: "F", None: "?"}[f["verdict"]] for f in report["formulas"])
    return Row(n=0, wall=wall, reachable_states=report["reachable_states"], bdd_variables=report["bdd_variables"],
               bdd_peak_nodes=report.get("bdd_peak_nodes", 0), times=report["times"],
               peak_rss_mb=rss_kb / 1024, verdicts=verdicts)


def run_other(command: str, path: Path, timeout: float) -> float | None:
    """Wall time of another checker on the same file (`{file}` in `command`); None on timeout or failure."""
    argv = [part.replace("{file}", str(path)) for part in shlex.split(command)]
    started = time.perf_counter()
    try:
        finished = subprocess.run(argv, capture_output=True, timeout=timeout, check=False)
    except (subprocess.TimeoutExpired, OSError):
        return None
    return time.perf_counter() - started if finished.returncode == 0 else None


def measure(family: str, n: int, repeat: int, timeout: float, compare: str | None, folder: Path) -> Row:
    """The fastest of `repeat` runs on the family's size-n file."""
    text, formulas = FAMILIES[family](n)
    path = folder / f"{family}{n}.ispl"
    path.write_text(text, encoding="utf-8")
    best: Row | None = None
    for _ in range(repeat):
        row = run_ctlstark(path, formulas, timeout)
        if row.error is not None:
            best = row
            break
        if best is None or row.wall < best.wall:
            best = row
    assert best is not None
    best.n = n
    if compare and best.error is None:
        best.other_wall = run_other(compare, path, timeout)
    return best


HEADER = ["N", "states", "BDD vars", "peak nodes", "parse s", "encode s", "reach s", "check s", "wall s",
          "peak RSS MB", "verdicts"]


def markdown(family: str, rows: list[Row], compare: str | None) -> str:
    """The table: one row per size; with `compare`, the other checker's wall time and the ratio."""
    header = HEADER + (["other s", "ctlstark / other"] if compare else [])
    lines = [f"### {family}", "", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for row in rows:
        if row.error is not None:
            lines.append(f"| {row.n} | {row.error} |" + " |" * (len(header) - 2))
            continue
        t = row.times
        cells = [str(row.n), str(row.reachable_states), str(row.bdd_variables), str(row.bdd_peak_nodes),
                 f"{t.get('parse', 0):.3f}", f"{t.get('encode', 0):.3f}", f"{t.get('reach', 0):.3f}",
                 f"{t.get('check', 0):.3f}", f"{row.wall:.2f}", f"{row.peak_rss_mb:.0f}", row.verdicts]
        if compare:
            other = row.other_wall
            cells += ["–" if other is None else f"{other:.2f}", "–" if not other else f"{row.wall / other:.2f}"]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("family", choices=sorted(FAMILIES))
    parser.add_argument("--sizes", type=int, nargs="+", required=True, help="the values of N")
    parser.add_argument("--repeat", type=int, default=1, help="runs per size; the fastest counts (default 1)")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds allowed per run (default 600)")
    parser.add_argument("--compare", metavar="CMD", help="another checker's command line; {file} is the model")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the rows as JSON")
    parser.add_argument("--markdown", type=Path, metavar="FILE", help="also write the table as Markdown")
    parser.add_argument("--keep", type=Path, metavar="DIR", help="keep the generated models in DIR")
    arguments = parser.parse_args(argv)
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = arguments.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        for n in arguments.sizes:
            rows.append(measure(arguments.family, n, arguments.repeat, arguments.timeout, arguments.compare, folder))
            print(markdown(arguments.family, rows[-1:], arguments.compare).splitlines()[-1], flush=True)
    table = markdown(arguments.family, rows, arguments.compare)
    print()
    print(table, end="")
    if arguments.markdown:
        arguments.markdown.write_text(table, encoding="utf-8")
    if arguments.json:
        arguments.json.write_text(json.dumps([asdict(row) for row in rows], indent=2), encoding="utf-8")
    return 0 if all(row.error is None for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
