"""A trace as JSON data, as a text table and as Graphviz DOT — all three read the same `Trace` object.

States are grouped per agent (`{"Agent": {"var": value}}`), a joint action is
`{"Agent": "action"}` (docs/witnesses.md, docs/json.md).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..semantics.expressions import true_propositions
from .values import (actions_text, changed_names, changes_by_agent, joint_action, state_by_agent, state_lines,
                     value_text, wrap_pieces, wrapped_state)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ..model import Model, Value
    from ..witness.trace import Link, Step, Trace

    State = tuple[Value, ...]
    Joint = tuple[str, ...]

TRACE_SCHEMA_VERSION = 1


def trace_json(trace: Trace, model: Model) -> dict[str, Any]:
    """The trace tree as plain JSON data (docs/witnesses.md)."""
    return {
        "trace_schema": TRACE_SCHEMA_VERSION,
        "formula": trace.formula_text,
        "kind": trace.kind,
        "loop_start": trace.loop_start,
        "steps": [{"index": index, "state": state_by_agent(model, step.state),
                   "action": joint_action(model, step.action),
                   "props": list(true_propositions(model, step.state)),
                   "changed": changed_names(model, step.state, trace.steps[index - 1].state if index else None)}
                  for index, step in enumerate(trace.steps)],
        "children": [{"step": link.step, "relation": link.relation, "agents": list(link.agents),
                      "trace": trace_json(link.trace, model)}
                     for link in trace.children],
    }


# ---------------------------------------------------------------- text

TEXT_WIDTH = 100
"""Lines of a trace table are wrapped to this many characters (never to fewer than `MIN_CONTENT_WIDTH` of content)."""
MIN_CONTENT_WIDTH = 40
_LABEL_COLUMN = 8  # `  >  3  `: the loop marker and step number before a row's label
_LABEL_WIDTH = 7  # `change `: a row's label, padded, and the space after it


def trace_text(trace: Trace, model: Model, indent: str = "", *, full_states: bool = False) -> str:
    """A table per trace: step, changed variables (full state at its start), true propositions, joint action.

    With `full_states`, every step shows every variable, `*` marking a changed value.
    """
    lasso = f" (lasso: loops back to step {trace.loop_start})" if trace.is_lasso else ""
    lines = [f"{indent}{trace.kind} for {trace.formula_text}{lasso}"]
    lines += step_lines(model, trace.states, [step.action for step in trace.steps], indent=indent,
                        loop_start=trace.loop_start, full_states=full_states, whole=_whole_steps(trace))
    if trace.loop_start is not None:
        lines += _back_lines(model, trace.states[-1], trace.states[trace.loop_start], trace.loop_start, indent,
                             full_states)
    for link in trace.children:
        lines.append(f"{indent}  {_link_heading(link)}:")
        lines.append(trace_text(link.trace, model, indent + "    ", full_states=full_states))
    return "\n".join(lines)


def step_lines(model: Model, states: Sequence[State], actions: Sequence[Joint | None], *, indent: str = "",
               loop_start: int | None = None, full_states: bool = False,
               whole: Collection[int] = ()) -> list[str]:
    """The rows of a run: per step its state, the propositions true there and the joint action taken from it.

    The first step, a lasso's loop start (marked `>`) and the steps in `whole` show the
    full state, `*` marking changes; every other step only the variables that changed
    (`change` rows, ending with how many are unchanged); `full_states` shows the full
    state at every step. A step without an action (the end of a finite run) has no
    action row.
    """
    width = _content_width(indent)
    shows_propositions = bool(model.evaluation_propositions)
    lines: list[str] = []
    previous: State | None = None
    for index, state in enumerate(states):
        marker = ">" if index == loop_start else " "
        head = f"{indent}  {marker}{index:>3}  "
        if previous is None or full_states or index == loop_start or index in whole or not model.variables:
            label, content = "state", _state_lines(model, state, previous, width)
        else:
            label, content = "change", _change_lines(model, state, previous, width)
        lines += _rows(head, label, content, indent)
        if shows_propositions:
            lines += _rows(None, "props", _propositions_lines(model, state, width), indent)
        action = actions[index] if index < len(actions) else None
        if action is not None:
            words = actions_text(joint_action(model, action) or {}).split(" ")
            lines += _rows(None, "action", wrap_pieces(words, width), indent)
        previous = state
    return lines


def _whole_steps(trace: Trace) -> tuple[int, ...]:
    """Steps shown whole besides the first and the loop start: the end of a plain run, the state a link is about."""
    return (len(trace.steps) - 1,) if trace.kind == "path" else ()


def _content_width(indent: str) -> int:
    """How many characters of a row's content fit on one line after `indent`, the step column and the label."""
    return max(TEXT_WIDTH - len(indent) - _LABEL_COLUMN - _LABEL_WIDTH, MIN_CONTENT_WIDTH)


def _rows(head: str | None, label: str, content: list[str], indent: str) -> list[str]:
    """`head label content[0]`, then the other content lines under the first (no head: a blank one)."""
    first = head if head is not None else f"{indent}{' ' * _LABEL_COLUMN}"
    blank = f"{indent}{' ' * (_LABEL_COLUMN + _LABEL_WIDTH)}"
    return [f"{first}{label:<{_LABEL_WIDTH - 1}} {content[0]}".rstrip()] + [f"{blank}{line}" for line in content[1:]]


def _state_lines(model: Model, state: State, previous: State | None, width: int) -> list[str]:
    if not model.variables:
        return ["(no variables)"]
    before = None if previous is None else state_by_agent(model, previous)
    return wrapped_state(state_by_agent(model, state), width, before)


def _change_lines(model: Model, state: State, previous: State, width: int) -> list[str]:
    changed = changes_by_agent(model, state, previous)
    unchanged = len(model.variables) - sum(len(values) for values in changed.values())
    lines = wrapped_state(changed, width) if changed else ["none"]
    note = f"({unchanged} unchanged)"
    if len(lines[-1]) + 2 + len(note) <= width:
        lines[-1] += "  " + note
    else:
        lines.append(note)
    return lines


def _propositions_lines(model: Model, state: State, width: int) -> list[str]:
    names = true_propositions(model, state)
    return wrap_pieces([f"{name}," for name in names[:-1]] + list(names[-1:]), width) if names else ["(none)"]


def _back_lines(model: Model, last: State, target: State, loop_start: int, indent: str,
                full_states: bool) -> list[str]:
    """`(back to step k)`; in changes-only mode also what that last transition changes."""
    changed = {} if full_states else changes_by_agent(model, target, last)
    if not changed:
        return [f"{indent}{' ' * _LABEL_COLUMN}(back to step {loop_start})"]
    width = _content_width(indent)
    opening = f"(back to step {loop_start}, changing"
    beside = width - len(opening) - 1  # room for the changes on the opening's line (and under it)
    if beside >= MIN_CONTENT_WIDTH // 2:
        first, *rest = wrapped_state(changed, beside)
        rows = [f"{opening} {first}", *rest]
    else:
        rows = [opening, *wrapped_state(changed, width)]
    rows[-1] += ")"
    return ([f"{indent}{' ' * _LABEL_COLUMN}{rows[0]}"]
            + [f"{indent}{' ' * (_LABEL_COLUMN + _LABEL_WIDTH)}{line}" for line in rows[1:]])


def _link_heading(link: Link) -> str:
    if link.relation == "indistinguishable":
        return f"step {link.step}: {', '.join(link.agents)} cannot tell it apart from the end of"
    if link.relation == "correct":
        return f"step {link.step}: {link.agents[0]} is correct (green) at the end of"
    return f"step {link.step} is justified by"


# ---------------------------------------------------------------- DOT

DOT_LINE_WIDTH = 40
"""Node label lines are wrapped to this many characters, so a node stays narrow however many variables change."""
_CHANGED_COLOUR = "#b3261e"
_PROPOSITION_COLOUR = "#1f4e9a"
_NOTE_COLOUR = "#6b6b6b"
_ACTION_COLOUR = "#3d4b3d"


def traces_dot(traces: list[tuple[int, Trace]], model: Model | None, *, full_states: bool = False) -> str:
    """One Graphviz digraph, top to bottom: a cluster per formula, nested ones for sub-traces; nodes are steps.

    A node shows its step, the full state on a trace's first step, its loop start and
    the end of a plain run (every step with `full_states`) and otherwise only the
    changed variables, in bold red; then the true propositions and the joint action
    taken; its tooltip holds the full state. The traces are numbered by their formula;
    `model` names their variables (None only without traces).
    """
    lines = ["digraph traces {", "  rankdir=TB;", "  ranksep=0.3;",
             "  node [shape=box, fontname=\"monospace\", fontsize=10, margin=\"0.1,0.05\"];",
             "  edge [fontname=\"monospace\", fontsize=9];"]
    for index, trace in traces:
        assert model is not None
        _dot_trace(trace, model, f"f{index}", lines, "  ", full_states)
    lines.append("}")
    return "\n".join(lines) + "\n"


def _dot_trace(trace: Trace, model: Model, prefix: str, lines: list[str], indent: str, full_states: bool) -> None:
    lines.append(f"{indent}subgraph cluster_{prefix} {{")
    lines.append(f"{indent}  label={_quote(_wrapped(trace.kind + ': ' + trace.formula_text, 2 * DOT_LINE_WIDTH))};")
    previous = None
    for index, step in enumerate(trace.steps):
        full = (previous is None or full_states or index == trace.loop_start or index in _whole_steps(trace)
                or not model.variables)
        label = _node_label(model, index, step, previous, full)
        peripheries = ", peripheries=2" if index == trace.loop_start else ""
        tooltip = _quote("\n".join(state_lines(state_by_agent(model, step.state))))
        lines.append(f"{indent}  {prefix}s{index} [label={label}, tooltip={tooltip}{peripheries}];")
        previous = step.state
    for index, step in enumerate(trace.steps):
        if step.action is None:
            continue
        action = actions_text(joint_action(model, step.action) or {})
        lines.append(f"{indent}  {prefix}s{index} -> {prefix}s{trace.successor_index(index)} "
                     f"[tooltip={_quote(action)}];")
    for number, link in enumerate(trace.children):
        child = f"{prefix}c{number}"
        _dot_trace(link.trace, model, child, lines, indent + "  ", full_states)
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


def _node_label(model: Model, index: int, step: Step, previous: State | None, full: bool) -> str:
    """An HTML-like label: step number, full state or changes (bold red), true propositions, action taken.

    The joint action taken from the step is the node's last row rather than its
    edge's label: Graphviz lets long edge labels spill out of their cluster.
    """
    from html import escape  # DOT output only: not at start-up

    state = step.state
    rows = []
    if full:
        grouped = state_by_agent(model, state)
        before = None if previous is None else state_by_agent(model, previous)
        rows.append(f"<B>{index}</B>  " + _font("full state" if grouped else "(no variables)", _NOTE_COLOUR))
        for agent, values in grouped.items():
            changed = set() if before is None else {name for name, value in values.items()
                                                    if before.get(agent, {}).get(name) != value}
            rows += _marked_rows(agent, [(f"{name}={value_text(value)}", name in changed)
                                         for name, value in values.items()])
    else:
        assert previous is not None
        changed_values = changes_by_agent(model, state, previous)
        unchanged = len(model.variables) - sum(len(values) for values in changed_values.values())
        note = f"{'' if changed_values else 'no change, '}{unchanged} unchanged"
        rows.append(f"<B>{index}</B>  " + _font(escape(note), _NOTE_COLOUR))
        for agent, values in changed_values.items():
            rows += _marked_rows(agent, [(f"{name}={value_text(value)}", True) for name, value in values.items()])
    if model.evaluation_propositions:
        names = true_propositions(model, state)
        text = "props: " + (", ".join(names) if names else "(none)")
        rows += [_font(f"<I>{escape(line)}</I>", _PROPOSITION_COLOUR)
                 for line in wrap_pieces(text.split(" "), DOT_LINE_WIDTH)]
    if step.action is not None:
        text = "action: " + actions_text(joint_action(model, step.action) or {})
        rows += [_font(escape(line), _ACTION_COLOUR) for line in wrap_pieces(text.split(" "), DOT_LINE_WIDTH)]
    return _html_rows(rows)


def _html_rows(rows: list[str]) -> str:
    """An HTML-like DOT label: the rows (HTML text) left-aligned, one table row each."""
    cells = "".join(f"<TR><TD ALIGN=\"LEFT\">{row}</TD></TR>" for row in rows)
    return f"<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\">{cells}</TABLE>>"


def _marked_rows(agent: str, assignments: list[tuple[str, bool]]) -> list[str]:
    """`Agent: x=1 y=2` wrapped to `DOT_LINE_WIDTH`, each marked assignment bold red (escaped HTML)."""
    from html import escape

    rows: list[str] = []
    length = 0
    for text, marked in [(f"{agent}:", False)] + assignments:
        shown = f"<B>{_font(escape(text), _CHANGED_COLOUR)}</B>" if marked else escape(text)
        if rows and length + 1 + len(text) <= DOT_LINE_WIDTH:
            rows[-1] += " " + shown
            length += 1 + len(text)
        else:
            rows.append(shown if not rows else "&nbsp;&nbsp;" + shown)
            length = len(text) + (2 if len(rows) > 1 else 0)
    return rows


def _font(html_text: str, colour: str) -> str:
    return f"<FONT COLOR=\"{colour}\">{html_text}</FONT>"


def _wrapped(text: str, width: int) -> str:
    """`text` broken at spaces into lines of at most `width` characters, joined by newlines."""
    return "\n".join(wrap_pieces(text.split(" "), width))


def _quote(text: str) -> str:
    import json  # DOT output only: not at start-up

    return json.dumps(text, ensure_ascii=False)
