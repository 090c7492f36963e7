"""One run of `ctlstark prob`: protocol → automaton → Storm (→ qualitative checks) → a report.

The report holds, per property, Pmin, Pmax, the threshold and the verdict (Pmin >
threshold, strictly, as in paper 002), plus sizes and times; `to_json` is the document
of `ctlstark prob --json` (docs/probabilistic.md), `to_text` the table the CLI prints.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

from .automaton import DEFAULT_MAX_STATES, build_automaton
from .protocol import PROPERTIES, Protocol, format_fraction, load_protocol
from .qualitative import QualitativeResult, check_qualitative
from .reduction import ReducedAnswer, analyse_reduced
from .storm import StormResult, check_sparse, check_symbolic

Engine = Literal["sparse", "symbolic"]


@dataclass
class PropertyResult:
    """One property's probabilities and verdict (None when the file gives no threshold)."""

    name: str
    minimum: float
    maximum: float
    threshold: Fraction | None
    exact: tuple[Fraction, Fraction] | None = None
    """(Pmin, Pmax) as fractions, when the reduction computed them (not Storm)."""

    @property
    def verdict(self) -> bool | None:
        return None if self.threshold is None else self.minimum > self.threshold


@dataclass
class ProbReport:
    """Everything `ctlstark prob` reports about one protocol file."""

    file: str
    agent: str
    engine: str
    properties: list[PropertyResult]
    main_states: int | None
    intermediate_states: int | None
    storm: StormResult
    times: dict[str, float] = field(default_factory=dict)
    qualitative: list[QualitativeResult] | None = None
    qualitative_states: int | None = None
    reduction: ReducedAnswer | None = None
    """The independent parts the protocol was cut into (None: `--no-reduction`, or the symbolic engine)."""
    method: str = ""
    """How the numbers were computed, for the header line (the engine's name when empty)."""

    @property
    def all_hold(self) -> bool:
        return all(p.verdict is not False for p in self.properties)

    def to_json(self) -> dict[str, Any]:
        document: dict[str, Any] = {
            "file": self.file,
            "agent": self.agent,
            "engine": self.engine,
            "method": self.method or f"Storm, {self.engine} engine",
            "states": {"main": self.main_states, "intermediate": self.intermediate_states,
                       "total": self.storm.states},
            "transitions": self.storm.transitions,
            "properties": [{"name": p.name, "pmin": p.minimum, "pmax": p.maximum,
                            "threshold": None if p.threshold is None else format_fraction(p.threshold),
                            "holds": p.verdict,
                            "exact": None if p.exact is None else {"pmin": str(p.exact[0]), "pmax": str(p.exact[1])}}
                           for p in self.properties],
            "reduction": None if self.reduction is None else {
                "parts": self.reduction.parts, "distinct_parts": self.reduction.distinct_parts,
                "benefit": self.reduction.benefit_route},
            "all_hold": self.all_hold,
            "times": {name: round(seconds, 6) for name, seconds in self.times.items()},
        }
        if self.qualitative is not None:
            document["qualitative"] = {
                "states": self.qualitative_states,
                "checks": [{"name": q.name, "formula": q.formula, "holds": q.verdict, "error": q.error,
                            "trace": q.trace} for q in self.qualitative],
            }
        return document

    def to_text(self) -> str:
        rows = [("property", "Pmin", "Pmax", "threshold", "verdict")]
        for p in self.properties:
            threshold = "-" if p.threshold is None else f"> {format_fraction(p.threshold)}"
            verdict = "-" if p.verdict is None else ("holds" if p.verdict else "FAILS")
            rows.append((p.name, f"{p.minimum:.6g}", f"{p.maximum:.6g}", threshold, verdict))
        widths = [max(len(row[i]) for row in rows) for i in range(5)]
        lines = [f"{self.file}: the point of view of {self.agent} ({self.method or f'Storm, {self.engine} engine'})"]
        lines += ["  " + "  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in rows]
        if self.reduction is not None:
            r = self.reduction
            lines.append(f"reduction: {r.parts} independent part{'s' * (r.parts != 1)} ({r.distinct_parts} up to "
                         f"renaming), {r.main_states} main + {r.intermediate_states} intermediate states built; "
                         f"benefit by {r.benefit_route}")
        whole_built = self.reduction is None or self.reduction.benefit_route != "convolution"
        if self.main_states is not None and whole_built:
            lines.append(f"states: {self.main_states} main + {self.intermediate_states} intermediate = "
                         f"{self.storm.states}; {self.storm.transitions} transitions")
        elif whole_built:
            lines.append(f"states: {self.storm.states} (main and intermediate); {self.storm.transitions} transitions")
        lines.append("times: " + ", ".join(f"{name} {seconds:.3f} s" for name, seconds in self.times.items()))
        if self.qualitative is not None:
            lines.append(f"qualitative (ctlstark, {self.qualitative_states} states):")
            for q in self.qualitative:
                verdict = "error: " + (q.error or "") if q.verdict is None else ("TRUE" if q.verdict else "FALSE")
                lines.append(f"  {q.name:<22} {q.formula:<32} {verdict}")
        return "\n".join(lines)


def analyse(path: str | Path, *, engine: Engine = "sparse", qualitative: bool = False,
            max_states: int = DEFAULT_MAX_STATES, reduction: bool = True) -> ProbReport:
    """Read, build and check a protocol file (raises `IsplError`, `StormMissing`, `TooManyStates`)."""
    start = time.perf_counter()
    protocol = load_protocol(path)
    return analyse_protocol(protocol, engine=engine, qualitative=qualitative, max_states=max_states,
                            parse_seconds=time.perf_counter() - start, reduction=reduction)


def analyse_protocol(protocol: Protocol, *, engine: Engine = "sparse", qualitative: bool = False,
                     max_states: int = DEFAULT_MAX_STATES, parse_seconds: float = 0.0,
                     reduction: bool = True) -> ProbReport:
    """`analyse` for a protocol already read.

    With `reduction` (the sparse engine only), the protocol is cut into independent parts
    (`reduction.py`) and its values are composed exactly from theirs; Storm runs only when
    benefit cannot be composed, on the whole automaton."""
    times = {"parse": parse_seconds}
    if engine == "sparse" and reduction:
        return _analyse_by_parts(protocol, qualitative, max_states, times)
    main = intermediate = None
    if engine == "sparse":
        start = time.perf_counter()
        automaton = build_automaton(protocol, max_states)
        times["automaton"] = time.perf_counter() - start
        main, intermediate = automaton.main_states, automaton.intermediate_states
        storm = check_sparse(automaton)
    else:
        storm = check_symbolic(protocol)
    times["storm build"] = storm.build_seconds
    times["storm check"] = storm.check_seconds
    properties = [PropertyResult(kind, storm.minimum[kind], storm.maximum[kind], protocol.thresholds.get(kind))
                  for kind in PROPERTIES]
    report = ProbReport(protocol.file, protocol.agent.role, engine, properties, main, intermediate, storm, times)
    _add_qualitative(report, protocol, qualitative, times)
    return report


def _analyse_by_parts(protocol: Protocol, qualitative: bool, max_states: int, times: dict[str, float]) -> ProbReport:
    """The reduced analysis: exact values from the parts, Storm on the whole automaton for benefit only
    when some part's final utility depends on the scheduler."""
    start = time.perf_counter()
    reduced = analyse_reduced(protocol, max_states)
    times["parts"] = time.perf_counter() - start
    storm = StormResult("exact", states=reduced.main_states + reduced.intermediate_states,
                        transitions=reduced.transitions)
    method = "exact, by independent parts"
    main, intermediate = reduced.main_states, reduced.intermediate_states
    if reduced.benefit_route != "convolution":
        start = time.perf_counter()
        automaton = build_automaton(protocol, max_states)
        times["automaton"] = time.perf_counter() - start
        storm = check_sparse(automaton)
        times["storm build"] = storm.build_seconds
        times["storm check"] = storm.check_seconds
        main, intermediate = automaton.main_states, automaton.intermediate_states
        method = "exact by independent parts; benefit by Storm, sparse engine, on the whole automaton"
    properties = []
    for kind in PROPERTIES:
        if kind in reduced.minimum:
            low, high = reduced.minimum[kind], reduced.maximum[kind]
            properties.append(PropertyResult(kind, float(low), float(high), protocol.thresholds.get(kind), (low, high)))
        else:
            properties.append(PropertyResult(kind, storm.minimum[kind], storm.maximum[kind],
                                             protocol.thresholds.get(kind)))
    report = ProbReport(protocol.file, protocol.agent.role, "sparse", properties, main, intermediate, storm, times,
                        reduction=reduced, method=method)
    _add_qualitative(report, protocol, qualitative, times)
    return report


def _add_qualitative(report: ProbReport, protocol: Protocol, qualitative: bool, times: dict[str, float]) -> None:
    if qualitative:
        start = time.perf_counter()
        report.qualitative_states, report.qualitative = check_qualitative(protocol)
        times["qualitative"] = time.perf_counter() - start
