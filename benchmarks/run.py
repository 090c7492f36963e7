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
  controller seeing every position or only the alarms: the file's own five formulas;
* `muddy` — the muddy children with the father's announcement and question rounds
  (`muddy.py`): knowledge, common knowledge and `AF` on N children;
* `shell`, `shell_short`, `cards` — games of imperfect information (`uniform_games.py`): the
  shell game with N cups and N (or N − 1) tries, the card game with N cards; here under
  perfect information, like every family (`uniform_games.py table` times their uniform readings).

    python benchmarks/run.py dc_mcmas --sizes 10 16 50 100 200
    python benchmarks/run.py netbill --sizes 1 3 5 --repeat 3 --json netbill.json --markdown netbill.md
    python benchmarks/run.py dc_mcmas --sizes 12 16 --compare "mcmas {file}"

CPU time (user + sys), wall time and peak RSS are each process's own (`os.wait4`, as in
`corpus.py`). `--compare CMD` runs MCMAS on the same file (`{file}` is replaced by its
path), interleaved with ctlstark's runs; both then check the file's own formulas, the table
adds MCMAS's CPU and RSS and the ratios, and the two tools' verdicts are compared formula by
formula — a file MCMAS rejects, or any differing verdict, is an error row and exit status 1,
never a timing. `netbill` uses commitments, which MCMAS does not read: no `--compare`.
`--repeat R` keeps the least-CPU of R runs per size.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import corpus  # noqa: E402
import dc  # noqa: E402
import dc_ctlstar  # noqa: E402
import dc_mcmas  # noqa: E402
import muddy  # noqa: E402
import netbill  # noqa: E402
import tgc  # noqa: E402
import uniform_games  # noqa: E402


@dataclass(frozen=True)
class Family:
    """A generated family: its size-n model text, the formulas ctlstark checks instead of the
    file's (none: the file's own), and whether MCMAS reads the file (no commitments, MCMAS's dialect)."""

    model_text: Callable[[int], str]
    formulas: Callable[[int], list[str]] = lambda n: []
    mcmas_reads: bool = True


FAMILIES = {
    "dc": Family(dc.dc_model_text),
    "dc_mcmas": Family(dc_mcmas.dc_mcmas_model_text),
    "dc_fair": Family(lambda n: dc_ctlstar.dc_iterated_model_text(n, fairness=True)),
    "netbill": Family(netbill.netbill_model_text,
                      lambda n: [netbill.phi1_prime(n), netbill.phi2(1), netbill.weak_violation(1)], mcmas_reads=False),
    "tgc": Family(lambda n: tgc.tgc_model_text(n, "full")),
    "tgc_partial": Family(lambda n: tgc.tgc_model_text(n, "partial")),
    "muddy": Family(muddy.muddy_model_text),
    "shell": Family(lambda n: uniform_games.shell_model_text(n, n)),
    "shell_short": Family(lambda n: uniform_games.shell_model_text(n, n - 1)),
    "cards": Family(uniform_games.cards_model_text),
}


@dataclass
class Row:
    """One size's measurement (times in seconds, memory in MB); `error` when the run failed.

    With `--compare`, `other` is the other checker's least-CPU run and `agreement` says whether
    both printed the same verdicts (`agree`, `DIFFER`, or `n/a` when one side failed)."""

    n: int
    cpu: float = 0.0
    wall: float = 0.0
    reachable_states: int = 0
    bdd_variables: int = 0
    bdd_peak_nodes: int = 0
    times: dict[str, float] = field(default_factory=dict)
    peak_rss_mb: float = 0.0
    verdicts: str = ""
    other: corpus.Run | None = None
    agreement: str = ""
    error: str | None = None


def ctlstark_command(path: Path, formulas: list[str]) -> list[str]:
    """One whole `ctlstark check --json` process on `path` (only `formulas` when given)."""
    arguments = [sys.executable, "-m", "ctlstark", "check", str(path), "--json", "-q"]
    if formulas:
        arguments.append("--only")
        for text in formulas:
            arguments += ["-f", text]
    return arguments


def run_ctlstark(path: Path, formulas: list[str], timeout: float) -> tuple[Row, corpus.Run]:
    """ctlstark on `path`: the row's figures (CPU, RSS from `wait4`; phases from the report) and the run."""
    run = corpus.read_ctlstark(corpus.run_process(ctlstark_command(path, formulas), timeout), timeout)
    row = Row(n=0, cpu=run.cpu, wall=run.wall, peak_rss_mb=run.peak_rss_mb, error=run.error)
    if run.status == "ok":
        row.reachable_states = int(run.reachable_states or 0)
        row.bdd_variables = int(run.details.get("bdd_variables") or 0)
        row.bdd_peak_nodes = int(run.details.get("bdd_peak_nodes") or 0)
        row.times = dict(run.details.get("times") or {})
        row.verdicts = "".join("T" if verdict else "F" for verdict in run.verdicts)
    return row, run


def measure(family_name: str, n: int, repeat: int, timeout: float, compare: str | None, folder: Path) -> Row:
    """The least-CPU of `repeat` runs on the family's size-n file; with `compare`, the other
    checker's runs interleaved with ctlstark's and the two tools' verdicts compared."""
    family = FAMILIES[family_name]
    path = folder / f"{family_name}{n}.ispl"
    path.write_text(family.model_text(n), encoding="utf-8")
    formulas = [] if compare else family.formulas(n)
    best: tuple[Row, corpus.Run] | None = None
    other_runs: list[corpus.Run] = []
    for _ in range(repeat):
        row, run = run_ctlstark(path, formulas, timeout)
        if best is None or row.error is not None or (best[0].error is None and row.cpu < best[0].cpu):
            best = (row, run)
        if compare and (not other_runs or other_runs[-1].status == "ok"):
            other_runs.append(corpus.read_mcmas(corpus.run_process(corpus.command_line(compare, path), timeout),
                                                timeout))
        if row.error is not None:
            break
    assert best is not None
    row, run = best
    row.n = n
    if compare:
        row.other = corpus.least_cpu(other_runs)
        row.agreement, note = corpus.compare_verdicts(run, row.other)
        if row.agreement != "agree":
            row.error = row.error or f"verdicts {row.agreement}: {note}"
    return row


HEADER = ["N", "states", "BDD vars", "peak nodes", "parse s", "encode s", "reach s", "check s", "CPU s", "wall s",
          "peak RSS MB", "verdicts"]


def markdown(family: str, rows: list[Row], compare: str | None) -> str:
    """The table: one row per size; with `compare`, the other checker's CPU and RSS, the ratios, agreement."""
    header = HEADER + (["other CPU s", "other RSS MB", "CPU ratio", "RSS ratio", "verdicts agree"] if compare else [])
    lines = [f"### {family}", "", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for row in rows:
        if row.error is not None and not row.verdicts:
            lines.append(f"| {row.n} | {row.error} |" + " |" * (len(header) - 2))
            continue
        t = row.times
        cells = [str(row.n), str(row.reachable_states), str(row.bdd_variables), str(row.bdd_peak_nodes),
                 f"{t.get('parse', 0):.3f}", f"{t.get('encode', 0):.3f}", f"{t.get('reach', 0):.3f}",
                 f"{t.get('check', 0):.3f}", f"{row.cpu:.2f}", f"{row.wall:.2f}", f"{row.peak_rss_mb:.0f}",
                 row.verdicts]
        if compare:
            other = row.other
            done = other is not None and other.status == "ok"
            cells += ["–" if not done else f"{other.cpu:.2f}", "–" if not done else f"{other.peak_rss_mb:.0f}",
                      "–" if not done or not other.cpu else f"{row.cpu / other.cpu:.2f}",
                      "–" if not done or not other.peak_rss_mb else f"{row.peak_rss_mb / other.peak_rss_mb:.2f}",
                      row.agreement if row.error is None else f"{row.agreement}: {row.error}"]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("family", choices=sorted(FAMILIES))
    parser.add_argument("--sizes", type=int, nargs="+", required=True, help="the values of N")
    parser.add_argument("--repeat", type=int, default=1, help="runs per size; the least CPU counts (default 1)")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds allowed per run (default 600)")
    parser.add_argument("--compare", metavar="CMD", help="MCMAS's command line ({file} is the model): its CPU, RSS "
                        "and verdicts beside ctlstark's, both on the file's own formulas")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the rows as JSON")
    parser.add_argument("--markdown", type=Path, metavar="FILE", help="also write the table as Markdown")
    parser.add_argument("--keep", type=Path, metavar="DIR", help="keep the generated models in DIR")
    arguments = parser.parse_args(argv)
    if arguments.compare and not FAMILIES[arguments.family].mcmas_reads:
        parser.error(f"MCMAS cannot read the {arguments.family} family's models (ctlstark extensions): no --compare")
    corpus.compile_ctlstark()
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
