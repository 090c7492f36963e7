"""The `ctlstark` command line. This package is the only part of ctlstark that prints.

`main` reads an ordinary `check` line itself (`quick.py`) and runs it (`check.py`)
without importing typer; every other command line goes to the typer application
(`commands.py`, imported only then). Exit status of `check`: 0 every formula TRUE, 1
some formula FALSE, 2 input error (or a misused option), 3 a formula could not be
checked or a resource ran out, 4 the time limit was reached, 5 there was no formula to
check, 6 the verdicts were printed but the `--dot` or `--html` file could not be
written, 70 an internal error, 130 interrupted (Ctrl-C).
"""

from __future__ import annotations

import gc
import importlib
import os
import sys

from .common import (EXIT_ALL_TRUE, EXIT_INPUT_ERROR, EXIT_INTERNAL_ERROR, EXIT_INTERRUPTED, EXIT_NOT_CHECKED,
                     EXIT_NOTHING_CHECKED, EXIT_OUTPUT_NOT_WRITTEN, EXIT_SOME_FALSE, EXIT_TIME_LIMIT)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, NoReturn

__all__ = ["EXIT_ALL_TRUE", "EXIT_INPUT_ERROR", "EXIT_INTERNAL_ERROR", "EXIT_INTERRUPTED", "EXIT_NOT_CHECKED",
           "EXIT_NOTHING_CHECKED", "EXIT_OUTPUT_NOT_WRITTEN", "EXIT_SOME_FALSE", "EXIT_TIME_LIMIT", "app", "console",
           "main"]

_quick_check_ran = False  # set by `_run` when it ran an ordinary `check` itself: `console` may end at once


def console() -> NoReturn:
    """The `ctlstark` command (the console script, `python -m ctlstark`): `main`, then the end of the process.

    After an ordinary `check`, whose output is written and flushed, the process ends without the
    interpreter's teardown — freeing every module and object one by one, 4 % of a small model's check
    (instructions, card_games). The `atexit` functions still run. Any other command, or threads still
    running, end the usual way. `main` is for callers that carry on (tests).
    """
    try:
        main()
        status: Any = 0
    except SystemExit as stop:
        status = stop.code
    if not _quick_check_ran or not isinstance(status, int) or _other_threads_running():
        sys.exit(status)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:  # the reader went away after all: as `_run` ends then
        _silence_stdout()
        status = 1
    import atexit

    atexit._run_exitfuncs()  # noqa: SLF001 - what a normal exit runs before the teardown we skip
    os._exit(status)


def _other_threads_running() -> bool:
    """Whether a thread besides the main one is still alive (threading is loaded only if one was started)."""
    threading = sys.modules.get("threading")
    return threading is not None and threading.active_count() > 1


def main() -> None:
    """Entry point of the `ctlstark` console script and of `python -m ctlstark`."""
    gc.disable()  # until the model is read: start-up allocates only what lives to the end (`common.start_up_done`)
    try:
        _run(sys.argv[1:])
    except KeyboardInterrupt:
        sys.stderr.write("ctlstark: interrupted\n")
        sys.exit(EXIT_INTERRUPTED)
    except Exception as error:  # a bug: say so in one line; the traceback only on request
        if os.environ.get("CTLSTARK_TRACEBACK"):
            raise
        sys.stderr.write(f"ctlstark: internal error (please report it): {type(error).__name__}: {error}\n"
                         "ctlstark: set CTLSTARK_TRACEBACK=1 to see where it happened\n")
        sys.exit(EXIT_INTERNAL_ERROR)
    finally:
        gc.enable()  # as it was for a caller that carries on (tests call `main` in their own process)


def _run(arguments: list[str]) -> None:
    """Run the command line: an ordinary `check` directly, anything else through typer."""
    from .quick import read_check_line

    values = read_check_line(arguments)
    if values is None:
        gc.enable()  # the other commands run as they always have
        from .commands import app

        app(standalone_mode=True)
        return
    from .check import run_check

    global _quick_check_ran
    _quick_check_ran = True
    try:
        run_check(**values)
    except BrokenPipeError:  # the reader of the report went away (`| head`): end quietly, as click does
        _silence_stdout()
        sys.exit(1)


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so that flushing it at exit raises nothing more."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def __getattr__(name: str) -> Any:
    """`app` and the rest of the typer application, imported on first use (`from ctlstark.cli import app`)."""
    if name.startswith("__"):
        raise AttributeError(name)
    commands = importlib.import_module(f"{__name__}.commands")
    try:
        return getattr(commands, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
