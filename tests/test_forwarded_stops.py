"""Ctrl-C while a deep-stack worker runs: the waiting thread forwards it, and sends it again until the
worker acknowledges it or ends (runtime/stack.py). A copy can be lost: raised inside a finalizer or a
weakref callback, Python drops it as unraisable. Under load, about one Ctrl-C in 15–35 with
`--engine auto` was lost that way (in importlib's module-lock callback) and the run went on."""

from __future__ import annotations

import _thread
import sys
import threading
import time

import pytest

from ctlstark.runtime.limits import acknowledge_stop
from ctlstark.runtime.stack import run_on_deep_stack

SPIN_SECONDS = 10  # far longer than any copy takes to arrive: a lost Ctrl-C shows as this wait, then a failure


def ctrl_c() -> None:
    """Ctrl-C as the main thread sees it (KeyboardInterrupt there), once it waits for this worker and
    forwards stops (earlier, while it is still starting the worker, the stop would end it there)."""
    deadline = time.monotonic() + SPIN_SECONDS
    while not main_thread_forwards() and time.monotonic() < deadline:
        time.sleep(0.001)
    _thread.interrupt_main()


def main_thread_forwards() -> bool:
    frame = sys._current_frames().get(threading.main_thread().ident)
    while frame is not None and frame.f_code.co_name != "_wait_forwarding_stops":
        frame = frame.f_back
    return frame is not None


def ctrl_c_then_spin() -> None:
    """Ctrl-C, then bytecode until a copy arrives here (a failure if none does within SPIN_SECONDS)."""
    ctrl_c()
    spin()


def spin() -> None:
    deadline = time.monotonic() + SPIN_SECONDS
    while time.monotonic() < deadline:
        pass
    raise AssertionError("no stop arrived")


def test_a_copy_swallowed_by_the_worker_is_sent_again() -> None:
    copies = []

    def worker() -> str:
        try:
            ctrl_c_then_spin()
        except KeyboardInterrupt:
            copies.append("swallowed")  # as a finalizer would: not acknowledged
        try:
            spin()
        except KeyboardInterrupt:
            acknowledge_stop()
            copies.append("in hand")
        return "ended after the second copy"

    assert run_on_deep_stack(worker) == "ended after the second copy"
    assert copies == ["swallowed", "in hand"]


class CtrlCWhileCollected:
    """Presses Ctrl-C in its finalizer and runs there until the forwarded copy arrives, where Python
    can only drop it ("Exception ignored in ...")."""

    def __init__(self, finalizer_ran_out: list[bool]) -> None:
        self.finalizer_ran_out = finalizer_ran_out

    def __del__(self) -> None:
        ctrl_c()
        deadline = time.monotonic() + SPIN_SECONDS
        while time.monotonic() < deadline:
            pass
        self.finalizer_ran_out.append(True)


def test_a_copy_lost_in_a_finalizer_is_silent_and_sent_again(capsys) -> None:
    finalizer_ran_out: list[bool] = []

    def worker() -> str:
        collected = CtrlCWhileCollected(finalizer_ran_out)
        try:
            del collected  # the first copy ends the finalizer and is dropped
            spin()
        except KeyboardInterrupt:
            acknowledge_stop()
            return "a later copy arrived"
        return "unreachable"

    assert run_on_deep_stack(worker) == "a later copy arrived"
    assert not finalizer_ran_out  # the first copy did land in the finalizer
    assert capsys.readouterr().err == ""  # and its loss was not reported


def test_an_acknowledged_stop_is_not_sent_again() -> None:
    def worker() -> str:
        try:
            ctrl_c_then_spin()
        except KeyboardInterrupt:
            acknowledge_stop()
        quiet_until = time.monotonic() + 0.5  # ten of the waiting thread's periods
        while time.monotonic() < quiet_until:
            pass
        return "finished in peace"

    assert run_on_deep_stack(worker) == "finished in peace"


def test_a_worker_that_lets_the_stop_propagate_ends_with_it() -> None:
    with pytest.raises(KeyboardInterrupt):
        run_on_deep_stack(ctrl_c_then_spin)
