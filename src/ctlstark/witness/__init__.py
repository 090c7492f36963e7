"""Witnesses and counterexamples: extraction (`extract`), the trace type (`trace`), replay validation (`replay`), renderings (`render`)."""

from .extract import NoTrace, WitnessBuilder, WitnessError, admits_trace
from .render import render_dot, render_text, to_json
from .replay import replay
from .trace import Link, Step, Trace

__all__ = [
    "Link", "NoTrace", "Step", "Trace", "WitnessBuilder", "WitnessError", "admits_trace",
    "render_dot", "render_text", "replay", "to_json",
]
