"""Lint: declarations that do nothing and rules that never apply (`ctlstark check --lint`).

Six kinds of warning, each at the position of the declaration, rule or formula concerned:

* `unused`: a variable no protocol condition, evolution guard, right-hand side of an
  assignment to another variable, RedStates, Evaluation proposition, InitStates or
  comparison atom of a formula (`Agent.x = 3`) reads;
* `never enabled`: an action that no reachable state enables
  (`reachable ∧ protocol ∧ action` is empty);
* `never true`: an Evaluation proposition that holds in no reachable state;
* `unreachable protocol line`: a protocol line whose condition holds in no reachable
  state (for `Other`: where some other line always holds);
* `dead evolution line`: an evolution line whose guard holds in no reachable state
  together with a joint action enabled there;
* `ctlstark extension`: a Formulae, Fairness or Compassion entry that compares a
  variable (`Environment.x = 3`), and a `Compassion` section (strong fairness), which
  MCMAS rejects: the file is no longer MCMAS ISPL.

The positions come with the resolved model (`Model.positions`, read from the file
once, when it was parsed); the symbolic questions are answered on the model's
`SymbolicSystem` with its expression encoder. Lint only reports: it changes no
verdict and no exit status.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..logic import formula as fm
from ..model import ActionIs, Agent, Expr, Model, SourcePositions, Variable, VarRef, expression_nodes
from ..runtime.records import record
from ..symbolic import bdd as backend
from ..symbolic.bdd import Function
from ..symbolic.encode import TransitionEncoder
from ..symbolic.system import SymbolicSystem

__all__ = ["KINDS", "LintWarning", "lint_model"]

KINDS = ("unused", "never enabled", "never true", "unreachable protocol line", "dead evolution line",
         "ctlstark extension")


@record
class LintWarning:
    """One lint finding; `line`/`column` are None when the model came without its file."""

    file: str | None
    line: int | None
    column: int | None
    message: str
    kind: str

    def format(self) -> str:
        """`file:line:col: warning: message`, as compilers print warnings."""
        where = self.file or "<model>"
        if self.line is not None:
            where = f"{where}:{self.line}:{self.column}"
        return f"{where}: warning: {self.message}"

    def to_json(self) -> dict[str, object]:
        """The `lint` entry of the JSON report (docs/json.md)."""
        return {"file": self.file, "line": self.line, "column": self.column, "message": self.message,
                "kind": self.kind}


# ---------------------------------------------------------------- the checks


def lint_model(model: Model, system: SymbolicSystem) -> list[LintWarning]:
    """Every lint warning of `model` (its reachable states computed in `system`), in file order.

    For a model without `positions` (built in Python) the warnings carry no position
    and every rule counts as written by the user.
    """
    report = _Report(model.positions)
    _unused_variables(model, report)
    _symbolic_findings(model, system, report)
    _extensions_in_formulas(model, report)
    return sorted(report.warnings, key=lambda w: (w.line or 0, w.column or 0, KINDS.index(w.kind)))


@dataclass
class _Report:
    """Collects warnings, placing each at its declaration (and dropping those of rules the
    resolver added, which have none)."""

    positions: SourcePositions | None
    warnings: list[LintWarning] = field(default_factory=list)

    def add(self, kind: str, message: str, table: str, key: object) -> None:
        if self.positions is None:
            self.warnings.append(LintWarning(None, None, None, message, kind))
            return
        self.add_at(kind, message, getattr(self.positions, table).get(key))

    def add_at(self, kind: str, message: str, pos: tuple[int, int] | None) -> None:
        """A warning at `pos` in the model's file (none when the model came without positions or `pos` is None)."""
        if self.positions is None:
            self.warnings.append(LintWarning(None, None, None, message, kind))
        elif pos is not None:
            self.warnings.append(LintWarning(self.positions.file, pos[0], pos[1], message, kind))


def _unused_variables(model: Model, report: _Report) -> None:
    read = _variables_read(model)
    for variable in model.variables:
        if variable not in read:
            report.add("unused", f"variable `{variable.name}` of `{variable.agent}` is never read (by a protocol, "
                       f"an evolution line, RedStates, Evaluation, InitStates or a formula)",
                       "variables", (variable.agent, variable.name))


def _variables_read(model: Model) -> set[Variable]:
    """The variables some condition of the model reads (the comparison atoms of its formulas
    too); an assignment's right-hand side counts for the variables other than the one it assigns."""
    read: set[Variable] = set()
    for agent in model.agents:
        for rule in agent.protocol:
            if not rule.is_other:
                read |= _variables_in(rule.condition)
        for evolution in agent.evolution:
            read |= _variables_in(evolution.guard)
            for target, value in evolution.assignments:
                read |= _variables_in(value) - {target}
        if agent.red_states is not None:
            read |= _variables_in(agent.red_states)
    for condition in model.propositions.values():
        read |= _variables_in(condition)
    return read | _variables_in(model.initial_condition)


def _variables_in(expr: Expr) -> set[Variable]:
    return {node.variable for node in expression_nodes(expr) if isinstance(node, VarRef)}


def _agents_acting_in(expr: Expr) -> set[str]:
    return {node.agent for node in expression_nodes(expr) if isinstance(node, ActionIs)}




def _symbolic_findings(model: Model, system: SymbolicSystem, report: _Report) -> None:
    """The four checks that ask which reachable states something holds in."""
    reachable = system.reachable
    false = system.bdd.false
    transitions = TransitionEncoder(system.encoding, system.expressions)
    protocols = {agent.name: transitions.protocol(agent) for agent in model.agents}
    for agent in model.agents:
        _never_enabled_actions(system, agent, protocols[agent.name], report)
        _unreachable_protocol_lines(system, agent, report)
    for name, condition in model.evaluation_propositions.items():
        if reachable & system.condition(condition) == false:
            report.add("never true", f"proposition `{name}` is true in no reachable state", "propositions", name)
    _dead_evolution_lines(model, system, protocols, report)


def _never_enabled_actions(system: SymbolicSystem, agent: Agent, protocol: Function, report: _Report) -> None:
    """Actions `a` with `reachable ∧ protocol ∧ a` empty."""
    enabled = backend.and_exists(system.reachable, protocol, system.current_bits)
    for action in agent.actions:
        if action.startswith("#"):
            continue  # an anonymous action code of an environment without protocol lines
        if enabled & system.encoding.action_cube(agent.name, action) == system.bdd.false:
            report.add("never enabled", f"action `{action}` of `{agent.name}` is never enabled in a reachable state",
                       "actions", (agent.name, action))


def _unreachable_protocol_lines(system: SymbolicSystem, agent: Agent, report: _Report) -> None:
    """Protocol lines whose condition holds in no reachable state (`Other`: where no other line holds)."""
    reachable = system.reachable
    some_condition = system.bdd.false
    for rule in agent.protocol:
        if not rule.is_other:
            some_condition |= system.condition(rule.condition)
    for index, rule in enumerate(agent.protocol):
        applies = ~some_condition if rule.is_other else system.condition(rule.condition)
        if reachable & applies == system.bdd.false:
            what = "the `Other` line" if rule.is_other else f"protocol line {index + 1}"
            report.add("unreachable protocol line",
                       f"{what} of `{agent.name}` applies in no reachable state", "protocol_rules", (agent.name, index))


def _dead_evolution_lines(model: Model, system: SymbolicSystem, protocols: dict[str, Function],
                          report: _Report) -> None:
    """Evolution lines whose guard holds in no reachable state with an enabled joint action.

    `live` is the reachable states where every agent has an enabled action; the guard's
    own action tests are matched against the protocols of the agents they name.
    """
    live = system.reachable
    for agent in model.agents:
        live &= backend.exist(system.bdd, system.action_bits[agent.name], protocols[agent.name])
    for agent in model.agents:
        for index, rule in enumerate(agent.evolution):
            fires = live & system.condition(rule.guard)
            for actor in sorted(_agents_acting_in(rule.guard)):
                fires = backend.and_exists(fires, protocols[actor], system.action_bits[actor])
            if fires == system.bdd.false:
                report.add("dead evolution line", f"evolution line {index + 1} of `{agent.name}` never fires: its "
                           f"guard holds in no reachable state with an enabled joint action",
                           "evolution_rules", (agent.name, index))


def _extensions_in_formulas(model: Model, report: _Report) -> None:
    """A warning per Formulae, Fairness or Compassion entry that compares a variable, and one for a Compassion
    section: MCMAS rejects the file."""
    if model.compassion:
        first = model.compassion[0][0]
        report.add_at("ctlstark extension",
                      "the Compassion section (strong fairness) is a ctlstark extension, so MCMAS rejects the file; "
                      "MCMAS's Fairness section has justice constraints only", first.pos)
    formulas = [entry.formula for entry in model.formulae if entry.mode == "default"] + list(model.fairness)
    formulas += [fm.Implies(p, q, pos=p.pos) for p, q in model.compassion]
    for formula in formulas:
        atoms = _comparison_atoms(formula)
        if not atoms:
            continue
        distinct = list(dict.fromkeys(atoms))
        names = ", ".join(f"`{atom.name}`" for atom in distinct)
        what = "a variable" if len(distinct) == 1 else "variables"
        report.add_at("ctlstark extension",
                      f"this entry compares {what} ({names}): a ctlstark extension, so MCMAS rejects the file; "
                      f"to keep it MCMAS ISPL, declare a proposition for the comparison in Evaluation",
                      atoms[0].pos)


def _comparison_atoms(formula: fm.Formula) -> list[fm.Prop]:
    """The comparison atoms of `formula` (`Agent.x = 3`), left to right."""
    found: list[fm.Prop] = []
    pending = [formula]
    while pending:
        node = pending.pop()
        if isinstance(node, fm.Prop) and fm.is_comparison_name(node.name):
            found.append(node)
        pending.extend(reversed(fm.children(node)))
    return found
