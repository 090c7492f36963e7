"""Ctrl-C while a deep-stack worker runs: the waiting thread forwards it, and sends it again until the
worker acknowledges it or ends (runtime/stack.py). A copy can be lost: raised inside a finalizer or a
weakref callback, Python drops it as unraisable. Under load, about one Ctrl-C in 15–35 with
`--engine auto` was lost that way (in importlib's module-lock callback) and the run went on."""

from __future__ import annotations

import _thread
import threading
import time

from ctlstark.runtime.limits import acknowledge_stop
from ctlstark.runtime.stack import run_on_deep_stack

SPIN_SECONDS = 10  # far longer than any copy takes to arrive: a lost Ctrl-C shows as this wait, then a failure


def ctrl_c_soon(delay: float = 0.1) -> threading.Timer:
    """Ctrl-C as the main thread sees it (KeyboardInterrupt there) after `delay` seconds."""
    timer = threading.Timer(delay, _thread.interrupt_main)
    timer.start()
    return timer


def spin() -> None:
    """Run bytecode until a stop arrives (a failure if none does within SPIN_SECONDS)."""
    deadline = time.monotonic() + SPIN_SECONDS
    while time.monotonic() < deadline:
        pass
    raise AssertionError("no stop arrived")


def test_a_copy_swallowed_by_the_worker_is_sent_again() -> None:
    copies = []

    def worker() -> str:
        try:
            spin()
        except KeyboardInterrupt:
            copies.append("swallowed")  # as a finalizer would: not acknowledged
        try:
            spin()
        except KeyboardInterrupt:
            acknowledge_stop()
            copies.append("in hand")
        return "ended after the second copy"

    ctrl_c_soon()
    assert run_on_deep_stack(worker) == "ended after the second copy"
    assert copies == ["swallowed", "in hand"]


class SlowToCollect:
    def __del__(self) -> None:
        time.sleep(0.3)  # the forwarded copy arrives here, where it cannot propagate


def test_a_copy_lost_in_a_finalizer_is_silent_and_sent_again(capsys) -> None:
    def worker() -> str:
        collected = SlowToCollect()
        try:
            del collected  # the Ctrl-C comes while the finalizer sleeps: Python drops that copy as unraisable
            spin()
        except KeyboardInterrupt:
            acknowledge_stop()
            return "a later copy arrived"
        return "unreachable"

    ctrl_c_soon()
    assert run_on_deep_stack(worker) == "a later copy arrived"
    assert capsys.readouterr().err == ""  # no "Exception ignored in ..." for the lost copy


def test_an_acknowledged_stop_is_not_sent_again() -> None:
    def worker() -> str:
        try:
            spin()
        except KeyboardInterrupt:
            acknowledge_stop()
        quiet_until = time.monotonic() + 0.5  # ten of the waiting thread's periods
        while time.monotonic() < quiet_until:
            pass
        return "finished in peace"

    ctrl_c_soon()
    assert run_on_deep_stack(worker) == "finished in peace"


def test_a_worker_that_lets_the_stop_propagate_ends_with_it() -> None:
    ctrl_c_soon()
    try:
        run_on_deep_stack(spin)
    except KeyboardInterrupt:
        pass
    else:
        raise AssertionError("the stop did not end the worker")
