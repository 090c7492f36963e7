"""The spelling of one value, one state and one joint action, shared by every output."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..model import Model, Value

GroupedState = dict[str, dict[str, Any]]
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
    return " ".join(f"{name}={value_text(value)}{'*' if previous is not None and previous.get(name) != value else ''}"
                    for name, value in values.items())


def state_text(state: Mapping[str, Mapping[str, Any]], previous: Mapping[str, Mapping[str, Any]] | None = None) -> str:
    """`Agent[x=1 y=true] …`; with `previous`, a `*` marks each value that changed since that state."""
    return " ".join(f"{agent}[{assignments_text(values, None if previous is None else previous.get(agent, {}))}]"
                    for agent, values in state.items())


def state_lines(state: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """`Agent: x=1 y=true`, one line per agent (graph node labels)."""
    return [f"{agent}: {assignments_text(values)}" for agent, values in state.items()]


def actions_text(actions: Mapping[str, str]) -> str:
    """`Agent.action, …` for a joint action given per agent."""
    return ", ".join(f"{agent}.{action}" for agent, action in actions.items())
