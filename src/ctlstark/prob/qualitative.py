"""The qualitative checks of a protocol with ctlstark's own engine (no probabilities, no Storm).

"Surely" (`AF(terminal and T)`: every run ends in a target state, so Pmin = 1 on these
finite-path automata), "possibly" (`EF(terminal and T)`: Pmax > 0) and the safety
reading of conformance (`AG !violated_by_me`), checked on the ISPL skeleton of
`ispl.py`, with a trace for each (a witness or a counterexample).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..api import check
from ..ispl import parse_model
from .ispl import QUALITATIVE_FORMULAS, write_ispl
from .protocol import Protocol


@dataclass
class QualitativeResult:
    """One qualitative check: its name, formula, verdict and trace (one dict per step)."""

    name: str
    formula: str
    verdict: bool | None
    trace: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None


def check_qualitative(protocol: Protocol) -> tuple[int, list[QualitativeResult]]:
    """The skeleton's reachable state count and the result of each of `QUALITATIVE_FORMULAS`."""
    report = check(parse_model(write_ispl(protocol)), witness=True)
    results = []
    for name, result in zip(QUALITATIVE_FORMULAS, report.formulas):
        trace = result.trace_rows() if result.verdict is not None else []
        results.append(QualitativeResult(name, result.text, result.verdict, trace, result.error))
    return int(report.reachable_states), results
