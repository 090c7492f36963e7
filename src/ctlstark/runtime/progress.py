"""Progress of long runs, shown on a terminal: the phase, reachability depth and BDD sizes, the formula.

The engine reports through the `Progress` interface and never prints; the
command line passes a `TerminalProgress` (rich, on stderr) only when stderr is
a terminal and `--quiet` is not given, so pipes and files see nothing.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Protocol
else:
    Protocol = object  # a structural type for type checkers; at run time a plain base class


class Progress(Protocol):
    """What the pipeline reports while it runs."""

    def phase(self, name: str) -> None:
        """A phase starts: `parse`, `encode`, `reach`, `check`, `witness`."""

    def reach_step(self, depth: int, frontier_nodes: int, reached_nodes: int) -> None:
        """One reachability image done: `depth` images so far, BDD sizes of the new frontier and the reached set."""

    def formula(self, index: int, total: int, text: str) -> None:
        """Formula `index` of `total` is being checked."""

    def formula_done(self, result) -> None:
        """A formula's result (an `api.FormulaResult`, before its witness is extracted) is known."""

    def close(self) -> None:
        """The run ended (normally or not): remove the display."""


class TerminalProgress:
    """One live status line on stderr (a rich spinner), rewritten at each report."""

    def __init__(self) -> None:
        from rich.console import Console

        self._console = Console(stderr=True)
        self._status = self._console.status("starting")
        self._status.start()
        self._running = True

    @staticmethod
    def wanted(quiet: bool) -> bool:
        """Show progress only on an interactive stderr, and not with --quiet."""
        return not quiet and sys.stderr.isatty()

    def phase(self, name: str) -> None:
        self._status.update(f"{name}…")

    def reach_step(self, depth: int, frontier_nodes: int, reached_nodes: int) -> None:
        self._status.update(f"reachability: depth {depth}, frontier {frontier_nodes:,} BDD nodes, "
                            f"reached {reached_nodes:,} BDD nodes")

    def formula(self, index: int, total: int, text: str) -> None:
        one_line = " ".join(text.split())
        if len(one_line) > 60:
            one_line = one_line[:57] + "..."
        self._status.update(f"checking formula {index}/{total}: {one_line}")

    def formula_done(self, result) -> None:
        pass

    def close(self) -> None:
        if self._running:
            self._status.stop()
            self._running = False
