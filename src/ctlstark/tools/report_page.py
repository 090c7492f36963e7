"""`check --html` and `batch --html`: one check report as a self-contained HTML page (docs/report.md).

The page is drawn by `render.html_page` from the report's JSON document; this
module adds what the document does not hold: why a verdict has no trace, and, for
a model of at most `GRAPH_STATE_LIMIT` reachable states, its state graph
(`insight.state_graph`) — a table of states always, and a picture when
Graphviz's `dot` is installed to lay it out.
"""

from __future__ import annotations

import dataclasses
import re
import shutil
import subprocess

from ..errors import CtlstarkError
from ..render.html_page import GraphSection, report_page

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..api import CheckReport
    from ..model import Model
    from .insight import StateGraph

GRAPH_STATE_LIMIT = 200
"""The state graph is shown for models with at most this many reachable states."""
DOT_SECONDS = 60
"""How long Graphviz may take to lay the graph out before the page goes without the picture."""
_ACTIVE_MARKUP = re.compile(r"<\s*(script|foreignObject|iframe|object|embed)\b|<[^>]*\s(on\w+|href|xlink:href)\s*=",
                            re.IGNORECASE)


def html_report(report: CheckReport, model: Model, *, measurements: bool = True) -> str:
    """The HTML page of `report` on `model`: verdicts, routes, times, traces, strategies, the graph of a small model.

    Without `measurements`, times and BDD node counts are left out, as in
    `report.to_json(measurements=False)`.
    """
    document = report.to_json(measurements=measurements)
    notes = {}
    if report.stopped is None:
        notes = {result.index: reason for result in report.formulas
                 if (reason := result.no_trace_reason()) is not None}
    return report_page(document, notes=notes, graph=graph_section(model, report.reachable_states))


def graph_section(model: Model, reachable_states: int, limit: int = GRAPH_STATE_LIMIT) -> GraphSection:
    """The state graph for the page: every state and its successors, and a picture when `dot` is installed."""
    if reachable_states > limit:
        return GraphSection(note=f"The model has {reachable_states:,} reachable states: the state graph is shown "
                                 f"for models of at most {limit}.")
    from .insight import TooManyStates, state_graph

    try:
        graph = state_graph(model, max_states=limit)
    except TooManyStates as error:
        return GraphSection(note=f"The state graph is shown for models of at most {limit} states ({error}).")
    except CtlstarkError as error:
        return GraphSection(note=f"The state graph could not be built: {error}")
    states = _state_rows(graph)
    initial = sum(node.initial for node in graph.nodes)
    deadlocks = sum(node.deadlock for node in graph.nodes)
    summary = (f"{len(graph.nodes)} reachable state{'s' if len(graph.nodes) != 1 else ''}, {initial} initial, "
               f"{len(graph.edges)} transition{'s' if len(graph.edges) != 1 else ''} between states, "
               f"{deadlocks} deadlock{'s' if deadlocks != 1 else ''}.")
    svg, why_not = graph_svg(graph)
    if svg is None:
        return GraphSection(note=f"{summary} No picture: {why_not}", states=states)
    return GraphSection(note=f"{summary} Initial states have a bold double border, deadlocks are red; "
                             f"s0, s1, … number the states as in the table below and in the traces.",
                        svg=svg, states=states)


def graph_svg(graph: StateGraph) -> tuple[str | None, str]:
    """The graph laid out by Graphviz as inline SVG, or None and why not (no `dot`, or it failed)."""
    from .insight import graph_to_dot

    dot = shutil.which("dot")
    if dot is None:
        return None, "drawing it needs Graphviz's dot, which is not installed here (the table lists every state)."
    # the title would carry the model's name, which comes from a file name: the picture needs none
    source = graph_to_dot(dataclasses.replace(graph, model="state graph"))
    try:
        finished = subprocess.run([dot, "-Tsvg"], input=source, capture_output=True, text=True,
                                  timeout=DOT_SECONDS, check=False)
    except subprocess.TimeoutExpired:
        return None, f"Graphviz's dot took more than {DOT_SECONDS} s to lay it out."
    except OSError as error:
        return None, f"Graphviz's dot could not run: {error.strerror or error}."
    start = finished.stdout.find("<svg")
    if finished.returncode != 0 or start < 0:
        last = (finished.stderr.strip().splitlines() or ["no picture"])[-1]
        return None, f"Graphviz's dot failed: {last}"
    svg = finished.stdout[start:]
    if _ACTIVE_MARKUP.search(svg):  # never expected from dot's output of identifiers; never embedded either
        return None, "Graphviz's picture contained active markup, so it is left out."
    return svg, ""


def _state_rows(graph: StateGraph) -> list[dict]:
    successors: dict[int, list[dict]] = {node.index: [] for node in graph.nodes}
    for edge in graph.edges:
        actions = [", ".join(f"{agent}.{name}" for agent, name in zip(graph.agents, action)
                             if agent not in graph.fixed_agents) for action in edge.actions]
        successors[edge.source].append({"target": edge.target, "actions": actions})
    return [{"index": node.index, "state": node.values, "props": list(node.propositions),
             "initial": node.initial, "deadlock": node.deadlock, "successors": successors[node.index]}
            for node in graph.nodes]
