"""Start-up of `ctlstark check` on small models: whole-process CPU and, with valgrind, instructions.

CPU time of a 0.1 s process varies by 10–30 % between runs on a shared machine, more
than most start-up changes; the instructions one run executes (valgrind's callgrind)
do not depend on the load, so they say whether a change made the start-up cheaper.

    python3 benchmarks/startup.py FILE.ispl... [--runs 11] [--python PY] [--instructions]

`--python` runs ctlstark under another interpreter (a virtual environment without
the sandbox's `site` additions, as a user installs it); that interpreter must import
this checkout's ctlstark (installed, or on its PYTHONPATH).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

CHECK = ["-m", "ctlstark", "check", "{file}", "--json", "-q", "--deadlock"]  # as benchmarks/targets.py runs it


def least_cpu(command: list[str], runs: int) -> float:
    """The least user + system CPU seconds of `runs` runs of `command` (output discarded)."""
    best = float("inf")
    for _ in range(runs):
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, _, usage = os.wait4(process.pid, 0)
        best = min(best, usage.ru_utime + usage.ru_stime)
    return best


def instructions(command: list[str]) -> int | None:
    """Instructions executed by one run of `command` (callgrind's `Collected`), or None without valgrind."""
    if shutil.which("valgrind") is None:
        return None
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
    found = re.search(r"Collected : (\d+)", done.stderr)
    return int(found.group(1)) if found else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--runs", type=int, default=11, help="runs per file; the least CPU counts (default 11)")
    parser.add_argument("--python", default=sys.executable, help="the interpreter (default: this one)")
    parser.add_argument("--instructions", action="store_true", help="also count instructions with callgrind")
    arguments = parser.parse_args()
    bare = [arguments.python, "-c", "pass"]
    print(f"interpreter: {arguments.python}; bare start-up {least_cpu(bare, arguments.runs):.3f} s CPU", end="")
    print(f", {instructions(bare) / 1e6:.1f} M instructions" if arguments.instructions else "")
    print()
    print("| model | lines | CPU s (least of %d) |%s" % (arguments.runs, " M instructions |" if arguments.instructions
                                                       else ""))
    print("|---|---:|---:|%s" % ("---:|" if arguments.instructions else ""))
    for path in arguments.files:
        command = [arguments.python, *(part.format(file=path) for part in CHECK)]
        lines = len(path.read_text(encoding="utf-8", errors="replace").splitlines())
        row = f"| {path.stem} | {lines} | {least_cpu(command, arguments.runs):.3f} |"
        if arguments.instructions:
            counted = instructions(command)
            row += f" {counted / 1e6:.1f} |" if counted is not None else " – |"
        print(row, flush=True)


if __name__ == "__main__":
    main()
