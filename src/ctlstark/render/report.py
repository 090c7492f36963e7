"""The text report of `ctlstark check`: one line per verdict, its trace or strategy, the model's figures."""

from __future__ import annotations

from .tables import verdict_word
from .traces import trace_text
from .values import state_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..api import CheckReport, FormulaResult


def report_text(report: CheckReport, *, stats: bool = False, witness: bool = False, full_states: bool = False) -> str:
    """The whole report; with `witness`, each verdict's trace or strategy (`full_states`: all variables per step)."""
    strategies = "" if report.strategies == "perfect" else f", {report.strategies} strategies"
    lines = [f"model {report.model} ({report.file}), {report.semantics} semantics{strategies}"]
    width = len(str(len(report.formulas)))
    detail = f"  {'':>{width}}         "
    for result in report.formulas:
        one_line_text = " ".join(result.text.split())
        lines.append(f"  {result.index:>{width}}  {verdict_word(result.verdict):<5}  {one_line_text}")
        if result.error:
            lines.append(f"{detail}{result.error}")
        if stats:
            if report.engine == "auto" and result.engine is not None:  # the portfolio: which engine won
                lines.append(f"{detail}engine: {result.engine}")
            lines += [f"{detail}route {route['route']}: {route['formula']}" for route in result.routes]
        if witness:
            lines += evidence_lines(result, detail, explain=report.stopped is None, full_states=full_states)
    if report.reachable_states < 0 and report.engine == "auto":  # the portfolio ended the BDD engine before its report
        lines.append("engine: auto (reachable states not computed: the BDD engine did not finish)")
    elif report.reachable_states < 0:  # the SAT engine (docs/sat.md) never computes the reachable states
        lines.append("engine: sat (reachable states not computed)")
    else:
        lines.append(f"reachable states: {report.reachable_states}")
    if report.deadlock_states is not None:
        lines.append(f"deadlock states: {report.deadlock_states}")
        lines += [f"  e.g. {state_text(example)}" for example in report.deadlock_examples]
    if report.reachable_states >= 0:
        lines.append(f"BDD variables: {report.bdd_variables}, reachable-set nodes: {report.bdd_nodes_reachable}, "
                     f"peak nodes: {report.bdd_peak_nodes}")
    phases = ", ".join(f"{phase} {seconds:.3f} s" for phase, seconds in report.times.items())
    lines.append(f"times: {phases}")
    return "\n".join(lines)


def evidence_lines(result: FormulaResult, indent: str, *, explain: bool = True, full_states: bool = False) -> list[str]:
    """The trace or strategy of one verdict, or why it has none (with `explain`, or when building it failed)."""
    evidence = result.evidence
    if evidence is None:
        return []
    lines = []
    if evidence.trace is not None:
        lines.append(trace_text(evidence.trace, evidence.model, indent, full_states=full_states))
    if evidence.missing is not None and (explain or evidence.failed):
        lines.append(f"{indent}{evidence.missing_text}")
    if evidence.strategy is not None:
        from .strategies import strategy_text  # reads witness.trace, whose package imports the engine

        lines.append(strategy_text(evidence.strategy, evidence.model, indent))
    return lines
