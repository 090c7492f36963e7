"""The progress display of `ctlstark batch`: a rich progress bar on stderr, counting jobs as they finish."""

from __future__ import annotations

import sys

from .jobs import JobResult


class BatchProgress:
    """A transient bar on stderr: jobs done out of the total, and the last job that finished."""

    def __init__(self, total: int) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self._progress = Progress(TextColumn("batch"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                                  TextColumn("{task.description}"), console=Console(stderr=True), transient=True)
        self._task = self._progress.add_task("", total=total)
        self._progress.start()
        self._running = True

    @staticmethod
    def wanted(quiet: bool) -> bool:
        """Only on an interactive stderr, and not with --quiet."""
        return not quiet and sys.stderr.isatty()

    def job_done(self, result: JobResult) -> None:
        word = "error" if result.error is not None else "done"
        self._progress.update(self._task, advance=1, description=f"{result.name}: {word}")

    def close(self) -> None:
        if self._running:
            self._progress.stop()
            self._running = False
