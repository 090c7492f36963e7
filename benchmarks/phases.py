"""Where a model that does not finish spends its time: a timestamped log of phases, reachability
steps and formulas, with the BDD sizes, until a time or memory limit ends the run.

For the reference models neither tool finishes (docs/performance.md, "Models out of
reach"): the log says which phase was running, how deep reachability got, and how big
the frontier, the reached set and the manager were when the run stopped.

    python benchmarks/phases.py ../shared/ispl-reference/gdl-to-ispl/hidato.ispl --timeout 600 --max-memory 8G
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path


class LoggedProgress:
    """ctlstark's `Progress` interface, written as one line per event with CPU seconds."""

    def __init__(self) -> None:
        self.started = time.process_time()
        self.manager = None

    def _line(self, text: str) -> None:
        print(f"{time.process_time() - self.started:8.1f} s  {text}", flush=True)

    def phase(self, name: str) -> None:
        self._line(f"phase {name}")

    def reach_step(self, depth: int, frontier_nodes: int, reached_nodes: int) -> None:
        self._line(f"reach depth {depth}: frontier {frontier_nodes:,} nodes, reached {reached_nodes:,} nodes")

    def formula(self, index: int, total: int, text: str) -> None:
        self._line(f"formula {index}/{total}: {' '.join(text.split())[:100]}")

    def formula_done(self, result) -> None:
        verdict = {True: "TRUE", False: "FALSE", None: "unknown"}[result.verdict]
        self._line(f"formula {result.index}: {verdict} in {result.seconds:.1f} s")

    def close(self) -> None:
        self._line("end")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model", type=Path)
    parser.add_argument("--timeout", type=float, default=600.0, help="wall seconds (default 600)")
    parser.add_argument("--no-reorder", action="store_true", help="CUDD sifting off")
    parser.add_argument("--max-memory", default="8G", help="CUDD's memory cap (default 8G)")
    arguments = parser.parse_args(argv)
    from ctlstark.api import check
    from ctlstark.errors import CtlstarkError, TimeLimitReached
    from ctlstark.runtime.limits import parse_size

    progress = LoggedProgress()
    try:
        report = check(arguments.model, progress=progress, timeout=arguments.timeout,
                       max_memory=parse_size(arguments.max_memory), reorder=(False if arguments.no_reorder else None))
    except (CtlstarkError, TimeLimitReached) as error:
        progress._line(f"stopped: {type(error).__name__} {error}")
        return 1
    progress._line(f"finished: {report.reachable_states} states, peak {report.bdd_peak_nodes:,} nodes, "
                   f"stopped: {report.stopped}, verdicts {[f.verdict for f in report.formulas]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
