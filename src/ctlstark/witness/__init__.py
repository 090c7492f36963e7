"""Witnesses, counterexamples and strategies: extraction (`extract`, `strategy`), the trace type (`trace`),
replay validation (`replay`), and the outcome per verdict (`evidence`). How they look is `ctlstark.render`."""

from .evidence import Evidence, gather_evidence
from .extract import NoTrace, WitnessBuilder, WitnessError, admits_trace
from .replay import replay
from .trace import Link, Step, Trace

__all__ = [
    "Evidence", "Link", "NoTrace", "Step", "Trace", "WitnessBuilder", "WitnessError", "admits_trace",
    "gather_evidence", "replay",
]
