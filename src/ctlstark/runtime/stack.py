"""Deep input on a deep stack: formulas and expressions nested tens of thousands of levels.

The front end, the labelling and the witness builder recurse over formula and
expression trees. On the main thread's C stack (8 MB by default) Python's
recursion limit must stay low, or deep input overflows the C stack and the
process dies with a segmentation fault. So the public entry points run their
work on a worker thread with a large stack and a recursion limit scaled to it;
the calling thread waits, and forwards Ctrl-C (and any other stop raised in it)
into the worker, which ends the way it would have on the main thread.

A forwarded stop is an asynchronous exception, raised at the worker's next
bytecode; if that bytecode runs in a finalizer or a weakref callback (importlib's
module locks have one), Python reports the exception as unraisable and drops it.
So the stop is sent again every `_WAIT_SECONDS` until the worker acknowledges it
(`acknowledge_forwarded_stop`, which `limits.acknowledge_stop` calls for every
handler that takes a stop in hand) or ends, and the lost copies are silenced
(`silence_lost_stops`). Once in 15–35 Ctrl-Cs under load, the single copy sent
before was lost this way and the run went on.

Measured need: an `EX` chain 100,000 deep takes about 2.5 KB of C stack per
level, about 320 bytes per Python frame; the limit allows 4 KB per frame.

The worker is a bare `_thread` thread: `threading` (its module and its Thread, Event and
Condition objects) was 2 % of a small model's check, and nothing here needs more than a
lock to wait on and the thread's identity to raise a stop in.
"""

from __future__ import annotations

import _thread
import functools
import sys
from collections.abc import Callable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeVar

    _Result = TypeVar("_Result")

STACK_SIZES = (1 << 30, 1 << 28, 1 << 26)  # tried in turn: 1 GB of address space, then 256 MB, then 64 MB
BYTES_PER_FRAME = 4096
MAIN_THREAD_RECURSION_LIMIT = 20_000  # what an 8 MB stack carries safely
_WAIT_SECONDS = 0.05

_on_deep_stack = _thread._local()  # .bytes: the worker's stack size; .forwarding: its `_Forwarding`
_limit_lock = _thread.allocate_lock()
_hook_lock = _thread.allocate_lock()
_silenced: dict[type[BaseException], int] = {}  # stop type -> how many callers silence its lost copies
_hook_before = sys.unraisablehook
_deep_workers = 0
_limit_before: int | None = None


def recursion_limit() -> int:
    """The recursion limit that is safe on the current thread's stack."""
    size = getattr(_on_deep_stack, "bytes", None)
    return MAIN_THREAD_RECURSION_LIMIT if size is None else size // BYTES_PER_FRAME


def deep_stack(function: Callable[..., _Result]) -> Callable[..., _Result]:
    """Decorator: run `function` on a deep-stack worker thread (directly when already on one)."""
    @functools.wraps(function)
    def on_a_deep_stack(*args: Any, **kwargs: Any) -> _Result:
        return run_on_deep_stack(function, *args, **kwargs)
    return on_a_deep_stack


def run_on_deep_stack(function: Callable[..., _Result], *args: Any, **kwargs: Any) -> _Result:
    """`function(*args, **kwargs)`, computed on a thread with a large stack; its exception is re-raised here."""
    if getattr(_on_deep_stack, "bytes", None) is not None:
        return function(*args, **kwargs)
    outcome: dict[str, Any] = {}
    finished = _thread.allocate_lock()  # held until the worker has its outcome
    finished.acquire()
    forwarding = _Forwarding()

    def work(stack_bytes: int) -> None:
        _on_deep_stack.bytes = stack_bytes
        _on_deep_stack.forwarding = forwarding
        try:
            try:
                outcome["value"] = function(*args, **kwargs)
            except BaseException as error:  # noqa: BLE001 - handed to the waiting thread as it is
                outcome["error"] = error
            finally:
                finished.release()
        except BaseException:  # noqa: BLE001, S110
            # A forwarded stop that arrived after the outcome was set: the waiting thread has gone on with it.
            # Left to propagate, it would end this thread with an "Exception ignored" report.
            pass

    with _deep_recursion_limit():
        worker = _start(work)
        if worker is not None:
            _wait_forwarding_stops(worker, finished, forwarding)
    if worker is None:  # no thread could get a large stack: run here, with this thread's limits
        return function(*args, **kwargs)
    if "error" in outcome:
        error = outcome.pop("error")
        try:
            raise error
        finally:
            del error
    return outcome["value"]


def _start(work: Callable[[int], None]) -> int | None:
    """The identity of a started worker running `work(stack_bytes)` with the largest stack the system grants,
    or None."""
    for size in STACK_SIZES:
        try:
            previous = _thread.stack_size(size)
        except (ValueError, _thread.error):
            continue
        try:
            return _thread.start_new_thread(work, (size,))
        except (_thread.error, MemoryError):
            continue
        finally:
            _thread.stack_size(previous)
    return None


class _deep_recursion_limit:
    """Keep the interpreter-wide recursion limit as it was before the first deep worker, restored after the last.

    Entered before the worker starts: the worker raises the limit (`errors.recursion_headroom`)
    as soon as it runs.
    """

    def __enter__(self) -> None:
        global _deep_workers, _limit_before
        with _limit_lock:
            if _deep_workers == 0:
                _limit_before = sys.getrecursionlimit()
            _deep_workers += 1

    def __exit__(self, *exc: object) -> None:
        global _deep_workers, _limit_before
        with _limit_lock:
            _deep_workers -= 1
            if _deep_workers == 0 and _limit_before is not None:
                sys.setrecursionlimit(_limit_before)
                _limit_before = None


class _Forwarding:
    """The stop the waiting thread last forwarded to its worker, and whether the worker has it in hand."""

    __slots__ = ("stop", "acknowledged")

    def __init__(self) -> None:
        self.stop: type[BaseException] | None = None
        self.acknowledged = False


def acknowledge_forwarded_stop() -> None:
    """The current worker has a forwarded stop in hand: its waiting thread stops sending it again."""
    forwarding = getattr(_on_deep_stack, "forwarding", None)
    if forwarding is not None:
        forwarding.acknowledged = True


def _wait_forwarding_stops(worker: int, finished: _thread.LockType, forwarding: _Forwarding) -> None:
    """Wait until the worker (its thread identity) releases `finished`; a stop raised in this thread meanwhile
    (Ctrl-C) is raised in the worker instead, again every `_WAIT_SECONDS` until the worker acknowledges it
    or ends. The wait on the lock is interruptible, as `Event.wait` is.
    """
    silenced: list[type[BaseException]] = []
    try:
        while True:
            try:
                while not finished.acquire(timeout=_WAIT_SECONDS):
                    if forwarding.stop is not None and not forwarding.acknowledged:
                        raise_in_thread(worker, forwarding.stop)  # the last copy may have been lost
                break
            except BaseException as stop:  # noqa: BLE001 - forwarded, the worker decides how the run ends
                if type(stop) not in silenced:
                    silenced.append(type(stop))
                    silence_lost_stops(type(stop), True)
                forwarding.stop, forwarding.acknowledged = type(stop), False
                raise_in_thread(worker, forwarding.stop)
    finally:
        for stop_type in silenced:
            silence_lost_stops(stop_type, False)


def silence_lost_stops(stop: type[BaseException], entering: bool) -> None:
    """While entered (counted), a copy of `stop` raised where it cannot propagate (a finalizer, a weakref
    callback: "Exception ignored in ...") is dropped silently; whoever sent it sends it again."""
    global _hook_before
    with _hook_lock:
        if entering:
            if not _silenced:
                _hook_before = sys.unraisablehook
                sys.unraisablehook = _unraisable
            _silenced[stop] = _silenced.get(stop, 0) + 1
            return
        _silenced[stop] -= 1
        if not _silenced[stop]:
            del _silenced[stop]
        if not _silenced:
            sys.unraisablehook = _hook_before


def _unraisable(report: Any) -> None:
    kind = report.exc_type
    if not (isinstance(kind, type) and any(issubclass(kind, stop) for stop in tuple(_silenced))):
        _hook_before(report)


def raise_in_thread(thread: int, exception: type[BaseException] | None) -> None:
    """Raise `exception` in the thread of identity `thread` at its next bytecode (a running BDD operation
    finishes first).

    None withdraws an exception sent earlier that has not been raised yet.
    """
    import ctypes  # only when a limit stops a run: not at start-up

    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread),
                                               None if exception is None else ctypes.py_object(exception))
