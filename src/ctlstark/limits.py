"""Run limits: a wall-clock time limit and parsing of memory sizes (`--timeout`, `--max-memory`).

The time limit raises `TimeLimitReached` in the main thread when it passes;
a BDD operation already running in CUDD finishes first (Python handles the
signal between bytecodes), so a limit ends the run within one operation.
Python may run the signal handler where an exception cannot propagate (in a
`__del__` or a weakref callback during garbage collection): it is then
"unraisable". Such a lost stop is silenced and raised again by the next
`checkpoint()`, which the pipeline calls between phases and formulas.
"""

from __future__ import annotations

import contextlib
import re
import signal
import sys
import threading
import time
from collections.abc import Iterator

from .errors import TimeLimitReached

_RETRY_SECONDS = 0.1
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([KMGT]?)(?:i?B)?\s*$", re.IGNORECASE)
_UNITS = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}
_expired: list[float] = []  # the limit of the innermost active `time_limit` block, once it has passed


def parse_size(text: str) -> int:
    """Bytes from `512M`, `2G`, `1.5GiB`, `1048576` (binary units); ValueError when malformed or zero."""
    match = _SIZE.match(text)
    if match is None:
        raise ValueError(f"not a memory size: {text!r} (examples: 512M, 2G, 1048576)")
    size = int(float(match.group(1)) * _UNITS[match.group(2).upper()])
    if size <= 0:
        raise ValueError(f"the memory size must be positive (got {text!r})")
    return size


@contextlib.contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Raise `TimeLimitReached` inside the block once `seconds` of wall time have passed (None: no limit).

    Uses SIGALRM, so it works only in the main thread on POSIX; elsewhere it
    is a no-op (the limit is not enforced).
    """
    if seconds is None or not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return
    if seconds <= 0:
        raise ValueError(f"the time limit must be positive (got {seconds})")

    raised_at: list[float] = []

    def expire(_signum: int, _frame: object) -> None:
        # Re-armed every _RETRY_SECONDS: CPython can lose an exception raised by a
        # signal handler (seen while `compile()` builds a module being imported).
        # The block's own `except` below disarms the timer as soon as one arrives,
        # so a repeat means the previous exception was lost.
        now = time.monotonic()
        if not _expired:
            _expired.append(seconds)
        if not raised_at or now - raised_at[-1] >= _RETRY_SECONDS:
            raised_at.append(now)
            raise TimeLimitReached(seconds)

    def unraisable(report: sys.UnraisableHookArgs) -> None:
        if report.exc_type is not TimeLimitReached:
            previous_hook(report)  # a lost stop stays silent: `checkpoint()` raises it again

    previous = signal.signal(signal.SIGALRM, expire)
    previous_hook = sys.unraisablehook
    outer_expired = list(_expired)
    _expired.clear()
    sys.unraisablehook = unraisable
    signal.setitimer(signal.ITIMER_REAL, seconds, _RETRY_SECONDS)
    try:
        yield
    except TimeLimitReached:
        signal.setitimer(signal.ITIMER_REAL, 0)
        raise
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        sys.unraisablehook = previous_hook
        _expired[:] = outer_expired


def checkpoint() -> None:
    """Raise `TimeLimitReached` if the active time limit has passed (its exception may have been lost)."""
    if _expired:
        raise TimeLimitReached(_expired[0])
