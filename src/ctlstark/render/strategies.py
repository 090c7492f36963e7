"""A (counter-)strategy of an ATL verdict as JSON data and as readable lines, from one `StrategyEvidence`.

The table has one of three forms (docs/witnesses.md, "Strategies (ATL)"):
`local` — per coalition member, local state → action, when each member's choice
depends on its local state only; `global` — global state → the coalition's
action; `response` — per state and coalition action, the others' answer (a
counter-strategy).
"""

from __future__ import annotations

from ..model import Model, Value
from ..witness.trace import TABLE_LIMIT, StrategyEvidence
from .values import actions_text, assignments_text, state_by_agent, state_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Literal, TypeAlias

TableForm: TypeAlias = 'Literal["local", "global", "response"]'


def strategy_json(strategy: StrategyEvidence, model: Model) -> dict[str, Any]:
    """The strategy as plain JSON data (docs/json.md, `formulas[].strategy`)."""
    table_form, table = strategy_table(strategy, model) if strategy.tabled else (None, None)
    return {
        "kind": strategy.kind,
        "formula": strategy.formula_text,
        "coalition": list(strategy.coalition),
        "opponents": list(strategy.opponents),
        "states": strategy.states,
        "replayed": strategy.replayed,
        "note": strategy.note,
        "table_form": table_form,
        "table": table,
        "bdd_nodes": strategy.bdd_nodes,
        "scope": strategy.scope,
    }


def strategy_table(strategy: StrategyEvidence, model: Model) -> tuple[TableForm, list[dict[str, Any]]]:
    """Rows per agent `local state → action` when every member's choice is uniform, else per global state."""
    if strategy.kind == "counter-strategy":
        rows: list[dict[str, Any]] = []
        for state, answers in strategy.responses.items():
            rows += [{"state": state_by_agent(model, state), "coalition_action": dict(zip(strategy.coalition, own)),
                      "response": dict(zip(strategy.opponents, answer))} for own, answer in answers.items()]
            if not answers:  # a deadlock: the coalition has no move, so there is nothing to answer
                rows.append({"state": state_by_agent(model, state), "coalition_action": None, "response": None})
        return "response", rows
    local = _uniform_rows(strategy, model)
    if local is not None:
        return "local", local
    return "global", [{"state": state_by_agent(model, state), "action": dict(zip(strategy.coalition, own))}
                      for state, own in strategy.moves.items()]


def _uniform_rows(strategy: StrategyEvidence, model: Model) -> list[dict[str, Any]] | None:
    """`{agent, local, action}` rows when each member's action depends on its local state only, else None."""
    rows: list[dict[str, Any]] = []
    for position, name in enumerate(strategy.coalition):
        agent = model.agent(name)
        indices = [model.variables.index(variable) for variable in agent.local_variables]
        chosen: dict[tuple[Value, ...], str] = {}
        for state, own in strategy.moves.items():
            local = tuple(state[index] for index in indices)
            if chosen.setdefault(local, own[position]) != own[position]:
                return None
        for local, action in sorted(chosen.items(), key=lambda item: tuple(
                variable.type.position(value) for variable, value in zip(agent.local_variables, item[0]))):
            shown = {(variable.name if variable.agent == name else variable.qualified_name): value
                     for variable, value in zip(agent.local_variables, local)}
            rows.append({"agent": name, "local": shown, "action": action})
    return rows


def strategy_text(strategy: StrategyEvidence, model: Model, indent: str = "") -> str:
    """The strategy as readable lines (what `ctlstark check --witness` prints)."""
    coalition = ", ".join(strategy.coalition) or "nobody"
    others = ", ".join(strategy.opponents) or "nobody"
    states = f"{strategy.states} state{'s' if strategy.states != 1 else ''}"
    status = "replayed" if strategy.replayed else strategy.note
    if strategy.kind == "strategy":
        head = f"strategy for {strategy.formula_text}: the moves of {coalition} ({states}, {status})"
    else:
        head = (f"counter-strategy for {strategy.formula_text}: the others ({others}) answer each action of "
                f"{coalition} ({states}, {status})")
    lines = [indent + head]
    if strategy.scope is not None:
        lines.append(f"{indent}  uniform: a function of each member's local state, winning from {strategy.scope}")
    if not strategy.tabled:
        lines.append(f"{indent}  (no table above {TABLE_LIMIT} states: a BDD of {strategy.bdd_nodes} nodes)")
        return "\n".join(lines)
    table_form, table = strategy_table(strategy, model)
    if not table:
        lines.append(f"{indent}  (no move needed: the initial states decide it)")
    lines += [f"{indent}  {line}" for line in _table_lines(table_form, table)]
    return "\n".join(lines)


def _table_lines(table_form: TableForm, table: list[dict[str, Any]]) -> list[str]:
    if table_form == "local":
        return [f"{row['agent']}: [{assignments_text(row['local'])}] -> {row['action']}" for row in table]
    if table_form == "global":
        return [f"{state_text(row['state'])} -> {actions_text(row['action'])}" for row in table]
    lines, previous = [], None
    for row in table:
        if row["state"] != previous:
            lines.append(f"at {state_text(row['state'])}")
            previous = row["state"]
        if row["coalition_action"] is None:
            lines.append("  (no move: a deadlock)")
        else:
            lines.append(f"  {actions_text(row['coalition_action']) or '(no choice)'} -> "
                         f"{actions_text(row['response']) or '(no choice)'}")
    return lines
