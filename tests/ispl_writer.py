"""Print a typed Model back as ISPL text (for testing the front end on random models).

The text follows GRAMMAR.md: variables are written as each section's context
requires (bare own names in an agent's sections, `Environment.x` for observed
environment variables, `Agent.x` in Evaluation and InitStates), every compound
sub-expression is parenthesised, formulas use `to_text`. Environment variables
that every agent observes are written as `Obsvars`, the others as `Vars` (with
`Lobsvars` in the agents that see them); that may reorder the environment's
variables, so compare written and parsed models by qualified names.
"""

from __future__ import annotations

from collections.abc import Callable

from ctlstark.logic.formula import Implies, to_text
from ctlstark.model import (
    ActionIs, Agent, Binary, BoolType, Const, EnumType, Expr, Model, RangeType, Unary, Variable,
    VarRef, VarType,
)


def write_model(model: Model) -> str:
    """The whole model as an ISPL file (its formulae, or `p` for the first proposition if none)."""
    environment = next((a for a in model.agents if a.is_environment), None)
    obsvars = _obsvars(model, environment)
    lines: list[str] = []
    if model.semantics == "single":
        lines.append("Semantics = SingleAssignment;")
    for agent in model.agents:
        lines += _agent(model, agent, obsvars)
    lines.append("Evaluation")
    lines += [f"  {name} if {write_expr(expr, _qualified)};" for name, expr in model.propositions.items()]
    lines.append("end Evaluation")
    initial = write_expr(model.initial_condition, _qualified, bare_negatives=True)
    lines += ["InitStates", f"  {initial};", "end InitStates"]
    if model.groups:
        lines.append("Groups")
        lines += [f"  {name} = {{{', '.join(members)}}};" for name, members in model.groups.items()]
        lines.append("end Groups")
    if model.fairness:
        lines += ["Fairness", *(f"  {to_text(formula)};" for formula in model.fairness), "end Fairness"]
    if model.compassion:
        lines += ["Compassion", *(f"  {to_text(Implies(p, q))};" for p, q in model.compassion), "end Compassion"]
    entries = [entry.text for entry in model.formulae] or [next(iter(model.propositions))]
    lines += ["Formulae", *(f"  {text};" for text in entries), "end Formulae"]
    return "\n".join(lines) + "\n"


def _obsvars(model: Model, environment: Agent | None) -> tuple[Variable, ...]:
    if environment is None:
        return ()
    others = [a for a in model.agents if not a.is_environment]
    return tuple(v for v in environment.own_variables if all(v in a.observed_variables for a in others))


def _agent(model: Model, agent: Agent, obsvars: tuple[Variable, ...]) -> list[str]:
    def local(variable: Variable) -> str:
        return variable.name if variable.agent == agent.name else f"{variable.agent}.{variable.name}"

    def action(atom: ActionIs) -> str:
        return "Action" if atom.agent == agent.name else f"{atom.agent}.Action"

    lines = [f"Agent {agent.name}"]
    if agent.is_environment:
        private = [v for v in agent.own_variables if v not in obsvars]
        if obsvars:
            lines += ["  Obsvars:", *_declarations(obsvars), "  end Obsvars"]
        if private:
            lines += ["  Vars:", *_declarations(private), "  end Vars"]
    else:
        lobsvars = [v.name for v in agent.observed_variables if v not in obsvars]
        if lobsvars:
            lines.append(f"  Lobsvars = {{{', '.join(lobsvars)}}};")
        lines += ["  Vars:", *_declarations(agent.own_variables), "  end Vars"]
    if agent.red_states is not None:
        lines += ["  RedStates:", f"    {write_expr(agent.red_states, local)};", "  end RedStates"]
    lines.append(f"  Actions = {{{', '.join(a for a in agent.actions if not a.startswith('#'))}}};")
    lines.append("  Protocol:")
    for rule in () if _is_empty_environment_protocol(agent) else agent.protocol:
        head = "Other" if rule.is_other else write_expr(rule.condition, local)
        lines.append(f"    {head} : {{{', '.join(rule.actions)}}};")
    lines += ["  end Protocol", "  Evolution:"]
    for rule in agent.evolution:
        assignments = " and ".join(f"{v.name} = {write_expr(e, local, action)}" for v, e in rule.assignments)
        lines.append(f"    {assignments} if {write_expr(rule.guard, local, action)};")
    lines += ["  end Evolution", "end Agent"]
    return lines


def _is_empty_environment_protocol(agent: Agent) -> bool:
    """The resolver's form of an empty environment protocol: one `Other` line with anonymous codes."""
    return (
        agent.is_environment
        and len(agent.protocol) == 1
        and agent.protocol[0].is_other
        and any(action.startswith("#") for action in agent.actions)
    )


def _declarations(variables: tuple[Variable, ...] | list[Variable]) -> list[str]:
    return [f"    {v.name} : {_type(v.type)};" for v in variables]


def _type(var_type: VarType) -> str:
    match var_type:
        case BoolType():
            return "boolean"
        case RangeType(low=low, high=high):
            return f"{low} .. {high}"
        case EnumType(symbols=symbols):
            return "{" + ", ".join(symbols) + "}"
    raise TypeError(var_type)


def _qualified(variable: Variable) -> str:
    return variable.qualified_name


def _no_action(atom: ActionIs) -> str:
    raise ValueError(f"action atom {atom} outside an evolution guard")


_UNARY = {"!": "!", "~": "~", "neg": "-"}


def write_expr(
    expr: Expr, name_of: Callable[[Variable], str], action_of: Callable[[ActionIs], str] = _no_action,
    *, bare_negatives: bool = False,
) -> str:
    """An expression in ISPL syntax; `name_of` writes a variable as its context requires.

    Negative constants are parenthesised, except with `bare_negatives` (InitStates
    only allows `var = -1`).
    """

    def write(sub: Expr) -> str:
        return write_expr(sub, name_of, action_of, bare_negatives=bare_negatives)

    match expr:
        case Const(value=bool() as value):
            return "true" if value else "false"
        case Const(value=int() as value):
            return str(value) if value >= 0 or bare_negatives else f"({value})"
        case Const(value=value):
            return str(value)
        case VarRef(variable=variable):
            return name_of(variable)
        case ActionIs(action=name):
            return f"{action_of(expr)} = {name}"
        case Unary(op=op, operand=operand):
            return f"{_UNARY[op]}({write(operand)})"
        case Binary(op=op, left=left, right=right):
            return f"({write(left)} {op} {write(right)})"
    raise TypeError(f"not an expression: {expr!r}")

