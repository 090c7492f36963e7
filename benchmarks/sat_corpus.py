"""The SAT engine against the BDD engine on a corpus of ISPL files, formula by formula.

    python benchmarks/sat_corpus.py --bound 30 $(find ../shared/ispl-reference -name '*.ispl' | sort)

Each file is checked twice, `--engine bdd` and `--engine sat --bound B`, each in its own process
with a time limit (`--timeout`, default 120 s). Per formula: both definitive and equal (agree),
different (DISAGREE: printed, exit status 1), the SAT engine unknown or not supporting the shape
— counted apart when the BDD engine says FALSE, and listed as MISSED when the SAT engine left such
a formula unknown (a counterexample or a refutation the bounded search did not find). The models
neither engine handles in time are skipped by name (`--skip`, default the six the BDD engine does
not finish).
"""

from __future__ import annotations

import argparse
import collections
import json
import subprocess
import sys

DEFAULT_SKIP = ("go_back_n", "hidato", "futoshiki", "connectFour", "blocks2player", "bunk_t", "doubletictactoe")


def run(path: str, engine: str, bound: int, timeout: float) -> list[dict] | None:
    """The formulas of one `ctlstark check --json` run, or None when it failed or ran out of time."""
    argv = [sys.executable, "-m", "ctlstark", "check", path, "--engine", engine, "--json", "--quiet",
            "--bound", str(bound)]
    try:
        output = subprocess.run(argv, capture_output=True, text=True, timeout=timeout).stdout
        return json.loads(output)["formulas"]
    except (subprocess.TimeoutExpired, json.JSONDecodeError, KeyError):
        return None


def compare(paths: list[str], bound: int, timeout: float, skip: tuple[str, ...]) -> collections.Counter:
    counts: collections.Counter = collections.Counter()
    for path in paths:
        if any(name in path for name in skip):
            continue
        bdd = run(path, "bdd", bound, timeout)
        if bdd is None:
            counts["file: BDD engine failed or timed out"] += 1
            print("BDD FAILED", path, flush=True)
            continue
        sat = run(path, "sat", bound, timeout)
        if sat is None:
            counts["file: SAT engine timed out"] += 1
            print("SAT TIMEOUT", path, flush=True)
            continue
        for expected, found in zip(bdd, sat):
            if found["verdict"] is None:
                kind = "not supported" if "not supported" in (found["error"] or "") else "unknown"
                counts[kind + (" (BDD: FALSE)" if expected["verdict"] is False else "")] += 1
                if kind == "unknown" and expected["verdict"] is False:
                    print("MISSED", path, found["text"], flush=True)
            elif found["verdict"] != expected["verdict"]:
                counts["DISAGREE"] += 1
                print("DISAGREE", path, found["text"], found["verdict"], expected["verdict"], flush=True)
            else:
                counts[f"agree {'TRUE' if found['verdict'] else 'FALSE'}"] += 1
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--bound", type=int, default=30, help="the SAT engine's bound (default 30)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per process (default 120)")
    parser.add_argument("--skip", action="append", default=None, help="skip files whose path contains this")
    arguments = parser.parse_args(argv)
    counts = compare(arguments.files, arguments.bound, arguments.timeout,
                     tuple(arguments.skip) if arguments.skip else DEFAULT_SKIP)
    for key, count in sorted(counts.items()):
        print(f"{count:5d}  {key}")
    return 1 if counts["DISAGREE"] else 0


if __name__ == "__main__":
    sys.exit(main())
