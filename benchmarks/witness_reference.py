"""Traces for every explainable verdict of the MCMAS reference models, replayed.

For each reference model MCMAS checked completely (from `../shared/ispl-reference`,
read in place, never copied), checks every formula with `witness=True` — which
builds a trace for each FALSE universal / TRUE existential verdict and replays it —
renders each trace as text, JSON and DOT, and prints per model: formulas, verdicts
admitting a trace, traces built, nested sub-traces, the longest trace, check seconds
and witness seconds. A failed replay raises (an internal error); a missing trace is
reported and makes the script exit 1.

    python benchmarks/witness_reference.py                  # every completed model
    python benchmarks/witness_reference.py --max-mcmas 1    # models MCMAS checked in < 1 s
    python benchmarks/witness_reference.py --every --skip   # every model MCMAS parsed, chomp included
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import ctlstark
from ctlstark.errors import CtlstarkError
from ctlstark.witness import admits_trace, render_dot, render_text

REFERENCE = Path(__file__).resolve().parents[1].parent / "shared" / "ispl-reference"
COMPLETE = {"ok", "ok (segfault at exit)"}


def reference_models(max_mcmas_seconds: float, every: bool = False) -> list[Path]:
    """Reference models MCMAS checked completely within `max_mcmas_seconds` (`every`: all it parsed)."""
    summary = json.loads((REFERENCE / "results" / "summary.json").read_text(encoding="utf-8"))
    paths = [REFERENCE / e["source"] / f"{e['model']}.ispl" for e in summary
             if (every and e.get("parsed") and not e.get("errors"))
             or (e.get("status") in COMPLETE and e.get("wall", 1e9) <= max_mcmas_seconds)]
    return [path for path in paths if path.is_file()]


def _count_children(trace: dict) -> int:
    return sum(1 + _count_children(link["trace"]) for link in trace["children"])


def measure(path: Path) -> dict:
    """One model's row; raises `WitnessError` on a failed replay."""
    model = ctlstark.load_model(path)
    started = time.perf_counter()
    report = ctlstark.check(model, witness=True)
    wall = time.perf_counter() - started
    row = {"model": f"{path.parent.name}/{path.stem}", "formulas": len(report.formulas), "explainable": 0,
           "traces": 0, "subtraces": 0, "longest": 0, "missing": [], "wall": wall,
           "witness": report.times.get("witness", 0.0)}
    for entry, result in zip(model.formulae, report.formulas):
        if result.verdict is None or not admits_trace(entry.formula, result.verdict):
            continue
        row["explainable"] += 1
        if result.trace is None:
            row["missing"].append(f"{entry.text}: {result.trace_error}")
            continue
        row["traces"] += 1
        row["subtraces"] += _count_children(result.trace)
        row["longest"] = max(row["longest"], len(result.trace["steps"]))
        render_text(result.trace)
        render_dot([(0, result.trace)])
        json.dumps(result.trace)
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-mcmas", type=float, default=10.0,
                        help="only models MCMAS checked within this many seconds (default 10)")
    parser.add_argument("--every", action="store_true",
                        help="also the models MCMAS did not finish (timeouts, crashes) but parsed")
    parser.add_argument("--skip", nargs="*", default=["chomp"], help="model names to leave out (default: chomp)")
    arguments = parser.parse_args(argv)
    if not (REFERENCE / "results" / "summary.json").is_file():
        print(f"no reference models at {REFERENCE}", file=sys.stderr)
        return 2
    print("| model | formulas | explainable | traces | sub-traces | longest | check+witness s | witness s |")
    print("|---|---|---|---|---|---|---|---|")
    totals = {"formulas": 0, "explainable": 0, "traces": 0, "subtraces": 0}
    missing = []
    for path in reference_models(arguments.max_mcmas, arguments.every):
        if path.stem in arguments.skip:
            continue
        try:
            row = measure(path)
        except CtlstarkError as error:
            if type(error).__name__ == "WitnessError":
                raise
            print(f"| {path.parent.name}/{path.stem} | not checked: {str(error).splitlines()[0]} |||||||")
            continue
        for key in totals:
            totals[key] += row[key]
        missing += [f"{row['model']}: {m}" for m in row["missing"]]
        print(f"| {row['model']} | {row['formulas']} | {row['explainable']} | {row['traces']} | {row['subtraces']} "
              f"| {row['longest']} | {row['wall']:.2f} | {row['witness']:.2f} |", flush=True)
    print(f"| **total** | {totals['formulas']} | {totals['explainable']} | {totals['traces']} "
          f"| {totals['subtraces']} | | | |")
    for line in missing:
        print(f"missing trace: {line}")
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
