"""The spelling of one value and the grouping of one state, shared by every output."""

from __future__ import annotations

from typing import Any

from ..model import Model


def value_text(value: Any) -> str:
    """A value as ISPL spells it: `true`/`false` for Booleans, the symbol or number otherwise."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def state_by_agent(model: Model, state: tuple) -> dict[str, dict[str, Any]]:
    """A state tuple as {agent: {variable: value}}, agents and variables in model order (agents without variables left out)."""
    grouped: dict[str, dict[str, Any]] = {}
    for variable, value in zip(model.variables, state):
        grouped.setdefault(variable.agent, {})[variable.name] = value
    return grouped
