"""Renderings of a trace: a JSON-ready dict tree, a text table per trace, Graphviz DOT.

The dict (`to_json`) is the interchange form: the text and DOT renderers read
it, so what a program reads and what a person reads cannot drift apart.
States are grouped per agent: `{"Agent": {"var": value}}`; a joint action is
`{"Agent": "action"}`.
"""

from __future__ import annotations

import json
from typing import Any

from ..render import state_by_agent, value_text
from ..model import Model
from .trace import Trace

TRACE_SCHEMA_VERSION = 1


def to_json(trace: Trace, model: Model) -> dict[str, Any]:
    """The trace tree as plain JSON data (docs/witnesses.md)."""
    return {
        "trace_schema": TRACE_SCHEMA_VERSION,
        "formula": trace.formula_text,
        "kind": trace.kind,
        "loop_start": trace.loop_start,
        "steps": [
            {"index": index, "state": state_by_agent(model, step.state),
             "action": None if step.action is None else dict(zip(model.agent_names, step.action))}
            for index, step in enumerate(trace.steps)
        ],
        "children": [
            {"step": link.step, "relation": link.relation, "agents": list(link.agents),
             "trace": to_json(link.trace, model)}
            for link in trace.children
        ],
    }


# ---------------------------------------------------------------- text


def render_text(trace: dict[str, Any], indent: str = "") -> str:
    """A table per trace: step, joint action, variables per agent (`*` marks a changed value), loop marked."""
    lines = [f"{indent}{trace['kind']} for {trace['formula']}"
             + (f" (lasso: loops back to step {trace['loop_start']})" if trace["loop_start"] is not None else "")]
    previous: dict[str, dict[str, Any]] | None = None
    for step in trace["steps"]:
        marker = ">" if step["index"] == trace["loop_start"] else " "
        lines.append(f"{indent}  {marker}{step['index']:>3}  state  {_state_text(step['state'], previous)}")
        if step["action"] is not None:
            actions = ", ".join(f"{agent}.{action}" for agent, action in step["action"].items())
            lines.append(f"{indent}        action {actions}")
        previous = step["state"]
    if trace["loop_start"] is not None:
        lines.append(f"{indent}        (back to step {trace['loop_start']})")
    for link in trace["children"]:
        if link["relation"] == "indistinguishable":
            head = f"step {link['step']}: {', '.join(link['agents'])} cannot tell it apart from the end of"
        elif link["relation"] == "correct":
            head = f"step {link['step']}: {link['agents'][0]} is correct (green) at the end of"
        else:
            head = f"step {link['step']} is justified by"
        lines.append(f"{indent}  {head}:")
        lines.append(render_text(link["trace"], indent + "    "))
    return "\n".join(lines)


def _state_text(state: dict[str, dict[str, Any]], previous: dict[str, dict[str, Any]] | None) -> str:
    parts = []
    for agent, values in state.items():
        shown = []
        for name, value in values.items():
            changed = previous is not None and previous.get(agent, {}).get(name) != value
            shown.append(f"{name}={value_text(value)}{'*' if changed else ''}")
        parts.append(f"{agent}[{' '.join(shown)}]")
    return " ".join(parts)



# ---------------------------------------------------------------- DOT


def render_dot(traces: list[tuple[int, dict[str, Any]]]) -> str:
    """One Graphviz digraph: per formula a cluster; nodes are states, edges actions; sub-traces nested clusters."""
    lines = ["digraph traces {", "  node [shape=box, fontname=\"monospace\"];"]
    for index, trace in traces:
        _dot_trace(trace, f"f{index}", lines, "  ")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _dot_trace(trace: dict[str, Any], prefix: str, lines: list[str], indent: str) -> None:
    lines.append(f"{indent}subgraph cluster_{prefix} {{")
    lines.append(f"{indent}  label={_quote(trace['kind'] + ': ' + trace['formula'])};")
    steps = trace["steps"]
    for step in steps:
        label = f"{step['index']}\\n" + "\\n".join(
            f"{agent}: " + " ".join(f"{n}={value_text(v)}" for n, v in values.items())
            for agent, values in step["state"].items())
        peripheries = ", peripheries=2" if step["index"] == trace["loop_start"] else ""
        lines.append(f"{indent}  {prefix}s{step['index']} [label=\"{_escape(label)}\"{peripheries}];")
    for step in steps:
        if step["action"] is None:
            continue
        following = step["index"] + 1 if step["index"] + 1 < len(steps) else trace["loop_start"]
        action = ", ".join(f"{a}.{x}" for a, x in step["action"].items())
        lines.append(f"{indent}  {prefix}s{step['index']} -> {prefix}s{following} [label={_quote(action)}];")
    for number, link in enumerate(trace["children"]):
        child = f"{prefix}c{number}"
        _dot_trace(link["trace"], child, lines, indent + "  ")
        if link["relation"] == "indistinguishable":
            target = f"{child}s{len(link['trace']['steps']) - 1}"
            label = "~" + ",".join(link["agents"])
            lines.append(f"{indent}  {prefix}s{link['step']} -> {target} [style=dashed, dir=none, label={_quote(label)}];")
        elif link["relation"] == "correct":
            target = f"{child}s{len(link['trace']['steps']) - 1}"
            label = "green " + link["agents"][0]
            lines.append(f"{indent}  {prefix}s{link['step']} -> {target} [style=dashed, label={_quote(label)}];")
        else:
            lines.append(f"{indent}  {prefix}s{link['step']} -> {child}s0 [style=dotted, label=\"justifies\"];")
    lines.append(f"{indent}}}")


def _escape(text: str) -> str:
    return text.replace('"', '\\"')


def _quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)
