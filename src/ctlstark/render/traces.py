"""A trace as JSON data, as a text table and as Graphviz DOT — all three read the same `Trace` object.

States are grouped per agent (`{"Agent": {"var": value}}`), a joint action is
`{"Agent": "action"}` (docs/witnesses.md, docs/json.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .values import actions_text, joint_action, state_by_agent, state_lines, state_text

if TYPE_CHECKING:
    from ..model import Model
    from ..witness.trace import Link, Trace

TRACE_SCHEMA_VERSION = 1


def trace_json(trace: Trace, model: Model) -> dict[str, Any]:
    """The trace tree as plain JSON data (docs/witnesses.md)."""
    return {
        "trace_schema": TRACE_SCHEMA_VERSION,
        "formula": trace.formula_text,
        "kind": trace.kind,
        "loop_start": trace.loop_start,
        "steps": [{"index": index, "state": state_by_agent(model, step.state),
                   "action": joint_action(model, step.action)}
                  for index, step in enumerate(trace.steps)],
        "children": [{"step": link.step, "relation": link.relation, "agents": list(link.agents),
                      "trace": trace_json(link.trace, model)}
                     for link in trace.children],
    }


# ---------------------------------------------------------------- text


def trace_text(trace: Trace, model: Model, indent: str = "") -> str:
    """A table per trace: step, joint action, variables per agent (`*` marks a changed value), loop marked."""
    lasso = f" (lasso: loops back to step {trace.loop_start})" if trace.is_lasso else ""
    lines = [f"{indent}{trace.kind} for {trace.formula_text}{lasso}"]
    previous = None
    for index, step in enumerate(trace.steps):
        marker = ">" if index == trace.loop_start else " "
        state = state_by_agent(model, step.state)
        lines.append(f"{indent}  {marker}{index:>3}  state  {state_text(state, previous)}")
        if step.action is not None:
            lines.append(f"{indent}        action {actions_text(joint_action(model, step.action) or {})}")
        previous = state
    if trace.is_lasso:
        lines.append(f"{indent}        (back to step {trace.loop_start})")
    for link in trace.children:
        lines.append(f"{indent}  {_link_heading(link)}:")
        lines.append(trace_text(link.trace, model, indent + "    "))
    return "\n".join(lines)


def _link_heading(link: Link) -> str:
    if link.relation == "indistinguishable":
        return f"step {link.step}: {', '.join(link.agents)} cannot tell it apart from the end of"
    if link.relation == "correct":
        return f"step {link.step}: {link.agents[0]} is correct (green) at the end of"
    return f"step {link.step} is justified by"


# ---------------------------------------------------------------- DOT


def traces_dot(traces: list[tuple[int, Trace]], model: Model | None) -> str:
    """One Graphviz digraph: per formula a cluster; nodes are states, edges actions; sub-traces nested clusters.

    The traces are numbered by their formula; `model` names their variables (None only without traces).
    """
    lines = ["digraph traces {", "  node [shape=box, fontname=\"monospace\"];"]
    for index, trace in traces:
        assert model is not None
        _dot_trace(trace, model, f"f{index}", lines, "  ")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _dot_trace(trace: Trace, model: Model, prefix: str, lines: list[str], indent: str) -> None:
    lines.append(f"{indent}subgraph cluster_{prefix} {{")
    lines.append(f"{indent}  label={_quote(trace.kind + ': ' + trace.formula_text)};")
    for index, step in enumerate(trace.steps):
        label = "\\n".join([str(index)] + state_lines(state_by_agent(model, step.state)))
        peripheries = ", peripheries=2" if index == trace.loop_start else ""
        lines.append(f"{indent}  {prefix}s{index} [label=\"{_escape(label)}\"{peripheries}];")
    for index, step in enumerate(trace.steps):
        if step.action is None:
            continue
        action = actions_text(joint_action(model, step.action) or {})
        lines.append(f"{indent}  {prefix}s{index} -> {prefix}s{trace.successor_index(index)} "
                     f"[label={_quote(action)}];")
    for number, link in enumerate(trace.children):
        child = f"{prefix}c{number}"
        _dot_trace(link.trace, model, child, lines, indent + "  ")
        last = f"{child}s{len(link.trace.steps) - 1}"
        if link.relation == "indistinguishable":
            label = "~" + ",".join(link.agents)
            lines.append(f"{indent}  {prefix}s{link.step} -> {last} [style=dashed, dir=none, label={_quote(label)}];")
        elif link.relation == "correct":
            lines.append(f"{indent}  {prefix}s{link.step} -> {last} "
                         f"[style=dashed, label={_quote('green ' + link.agents[0])}];")
        else:
            lines.append(f"{indent}  {prefix}s{link.step} -> {child}s0 [style=dotted, label=\"justifies\"];")
    lines.append(f"{indent}}}")


def _escape(text: str) -> str:
    return text.replace('"', '\\"')


def _quote(text: str) -> str:
    import json  # DOT output only: not at start-up

    return json.dumps(text, ensure_ascii=False)
