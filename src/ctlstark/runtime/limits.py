"""Run limits: a wall-clock time limit and parsing of memory sizes (`--timeout`, `--max-memory`).

The time limit raises `TimeLimitReached` in the thread that entered it, at its
next bytecode once the limit passes: a BDD operation already running in CUDD
finishes first, so a limit ends the run within one operation. A watcher thread
raises it (an asynchronous exception), so the limit works in any thread — on the
deep-stack workers of `ctlstark.stack`, in a notebook, in a batch worker — not
only where SIGALRM could reach. An exception raised where it cannot propagate
(in a `__del__` or a weakref callback during garbage collection) is "unraisable":
such a lost stop is silenced, raised again every 0.1 s, and by the next
`checkpoint()`, which the pipeline calls between phases, reachability steps and
formulas. Code that catches the stop to report partial results calls
`acknowledge_stop()`, and the limit then stays quiet.
"""

from __future__ import annotations

import _thread
import contextlib
from collections.abc import Iterator
from dataclasses import field

from ..errors import TimeLimitReached
from . import patterns
from .records import record
from .stack import acknowledge_forwarded_stop, raise_in_thread, silence_lost_stops

TYPE_CHECKING = False
if TYPE_CHECKING:
    import threading

_RETRY_SECONDS = 0.1
_SIZE = patterns.compile(r"^\s*(\d+(?:\.\d+)?)\s*([KMGT]?)(?:i?B)?\s*$", patterns.IGNORECASE)
_UNITS = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}


def _event() -> threading.Event:
    """A `threading.Event` (threading is imported only when a time limit is set: not at a check's start-up)."""
    import threading

    return threading.Event()


@record(eq=False, frozen=False)
class _Limit:
    """One active `time_limit` block: its thread's identity, and whether it has expired or its stop was handled."""

    seconds: float
    thread: int
    finished: threading.Event = field(default_factory=_event)
    watcher_done: threading.Event = field(default_factory=_event)
    expired: bool = False
    acknowledged: bool = False


_active = _thread._local()  # .limits: the `_Limit`s entered by this thread, innermost last


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
    """Raise `TimeLimitReached` inside the block once `seconds` of wall time have passed (None: no limit)."""
    if seconds is None:
        yield
        return
    if seconds <= 0:
        raise ValueError(f"the time limit must be positive (got {seconds})")
    import threading

    limit = _Limit(seconds, _thread.get_ident())
    limits = _limits_of_this_thread()
    limits.append(limit)
    watcher = threading.Thread(target=_watch, args=(limit,), name="ctlstark-time-limit", daemon=True)
    silence_lost_stops(TimeLimitReached, True)
    watcher.start()
    try:
        yield
    finally:
        _end(limit)
        limits.remove(limit)
        silence_lost_stops(TimeLimitReached, False)


def checkpoint() -> None:
    """Raise `TimeLimitReached` if a time limit of this thread has passed and its stop was not handled yet."""
    for limit in getattr(_active, "limits", ()):
        if limit.expired and not limit.acknowledged:
            raise TimeLimitReached(limit.seconds)


def acknowledge_stop() -> None:
    """The caller has the stop in hand: no more `TimeLimitReached` from this thread's time limits, and no
    more copies of a stop its waiting thread forwarded (Ctrl-C; `stack.acknowledge_forwarded_stop`)."""
    for limit in getattr(_active, "limits", ()):
        if limit.expired:
            limit.acknowledged = True
    acknowledge_forwarded_stop()


def _limits_of_this_thread() -> list[_Limit]:
    if not hasattr(_active, "limits"):
        _active.limits = []
    return _active.limits


def _watch(limit: _Limit) -> None:
    """Wait for the limit; then raise the stop in its thread, again every _RETRY_SECONDS until handled."""
    try:
        if limit.finished.wait(limit.seconds):
            return
        limit.expired = True
        while not limit.acknowledged:
            raise_in_thread(limit.thread, TimeLimitReached)
            if limit.finished.wait(_RETRY_SECONDS):
                return
    finally:
        limit.watcher_done.set()


def _end(limit: _Limit) -> None:
    """Stop the watcher and drop a stop it may have sent that has not arrived yet.

    A stop arriving here, while the block is already over, is dropped too. (An Event,
    not `Thread.join`, which an exception must not interrupt: see `stack`.)
    """
    limit.finished.set()
    while True:
        try:
            limit.watcher_done.wait()
            raise_in_thread(limit.thread, None)  # withdraws a pending asynchronous exception
            return
        except TimeLimitReached:
            continue
