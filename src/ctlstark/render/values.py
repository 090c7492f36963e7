"""The spelling of one value, one state and one joint action, shared by every output."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..model import Model, Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeAlias

GroupedState: TypeAlias = "dict[str, dict[str, Any]]"
"""A state as {agent: {variable: value}}: the form every JSON document and text line uses."""


def value_text(value: Any) -> str:
    """A value as ISPL spells it: `true`/`false` for Booleans, the symbol or number otherwise."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def state_by_agent(model: Model, state: Sequence[Value]) -> GroupedState:
    """A state tuple as {agent: {variable: value}}, agents and variables in model order (agents without variables left out)."""
    grouped: GroupedState = {}
    for variable, value in zip(model.variables, state):
        grouped.setdefault(variable.agent, {})[variable.name] = value
    return grouped


def joint_action(model: Model, action: Sequence[str] | None) -> dict[str, str] | None:
    """A joint action tuple as {agent: action} in model order (None stays None: the end of a finite trace)."""
    return None if action is None else dict(zip(model.agent_names, action))


def assignments_text(values: Mapping[str, Any], previous: Mapping[str, Any] | None = None) -> str:
    """`x=1 y=true`; with `previous`, a `*` marks each value that differs from it."""
    return " ".join(_assignments(values, previous))


def _assignments(values: Mapping[str, Any], previous: Mapping[str, Any] | None) -> list[str]:
    return [f"{name}={value_text(value)}{'*' if previous is not None and previous.get(name) != value else ''}"
            for name, value in values.items()]


def state_text(state: Mapping[str, Mapping[str, Any]], previous: Mapping[str, Mapping[str, Any]] | None = None) -> str:
    """`Agent[x=1 y=true] …`; with `previous`, a `*` marks each value that changed since that state."""
    return " ".join(f"{agent}[{assignments_text(values, None if previous is None else previous.get(agent, {}))}]"
                    for agent, values in state.items())


def changes_by_agent(model: Model, state: Sequence[Value], previous: Sequence[Value]) -> GroupedState:
    """The variables whose value in `state` differs from `previous`, as {agent: {variable: new value}}."""
    changed: GroupedState = {}
    for variable, before, after in zip(model.variables, previous, state):
        if before != after:
            changed.setdefault(variable.agent, {})[variable.name] = after
    return changed


def changed_names(model: Model, state: Sequence[Value], previous: Sequence[Value] | None) -> list[str]:
    """`Agent.variable` for each variable whose value differs from `previous` (none without one), in model order."""
    if previous is None:
        return []
    return [f"{variable.agent}.{variable.name}" for variable, before, after in zip(model.variables, previous, state)
            if before != after]


def wrapped_state(state: Mapping[str, Mapping[str, Any]], width: int,
                  previous: Mapping[str, Mapping[str, Any]] | None = None) -> list[str]:
    """`state_text` in lines of at most `width` characters, broken between agents.

    Agents share a line while they fit; an agent too long for one line starts a line
    of its own and continues under its first value.
    """
    lines: list[str] = []
    shareable = False  # whether the last line may take another agent
    for agent, values in state.items():
        items = _assignments(values, None if previous is None else previous.get(agent, {}))
        whole = f"{agent}[{' '.join(items)}]"
        if len(whole) <= width:
            if shareable and len(lines[-1]) + 1 + len(whole) <= width:
                lines[-1] += " " + whole
            else:
                lines.append(whole)
            shareable = True
            continue
        line, hanging = f"{agent}[{items[0]}", " " * (len(agent) + 1)
        for item in items[1:-1] + [f"{items[-1]}]"] if len(items) > 1 else []:
            if len(line) + 1 + len(item) <= width:
                line += " " + item
            else:
                lines.append(line)
                line = hanging + item
        lines.append(line if len(items) > 1 else whole)
        shareable = False
    return lines


def wrap_pieces(pieces: Sequence[str], width: int) -> list[str]:
    """The pieces joined by single spaces into lines of at most `width` characters (a longer piece: a line alone)."""
    lines: list[str] = []
    for piece in pieces:
        if lines and len(lines[-1]) + 1 + len(piece) <= width:
            lines[-1] += " " + piece
        else:
            lines.append(piece)
    return lines or [""]


def state_lines(state: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """`Agent: x=1 y=true`, one line per agent (graph node labels)."""
    return [f"{agent}: {assignments_text(values)}" for agent, values in state.items()]


def actions_text(actions: Mapping[str, str]) -> str:
    """`Agent.action, …` for a joint action given per agent."""
    return ", ".join(f"{agent}.{action}" for agent, action in actions.items())
