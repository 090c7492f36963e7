"""Syntax tree → typed `Model`: names, types, visibility and MCMAS's semantic checks.

Every problem is collected as a Diagnostic (file:line:col); the caller raises
one IsplError with all of them. The visibility rules per context are those of
GRAMMAR.md §4.1: inside an agent a bare name is one of its own variables (or
an enumeration value) and `Environment.x` an environment variable it can see;
in Evaluation and InitStates every variable carries its agent prefix, and so in
a formula's comparison atoms (`Environment.x = 3`), which become propositions
named by their text (`define_comparisons`).

A name declared again is accepted with a located warning, with the meaning MCMAS
1.3.0 gives it (docs/differences.md#acceptance): a repeated variable, action,
Lobsvars entry or enumeration value is ignored (the first declaration counts), a
repeated proposition or group replaces the earlier definition (the last one counts,
and the earlier one is not checked). A name in both the environment's Obsvars and
Vars is an error, as in MCMAS; an agent declared twice is an error too, although
MCMAS only warns there, because MCMAS then checks that agent's actions wrongly.
"""

from __future__ import annotations

import gc
import os
from dataclasses import field

from ..errors import Diagnostic
from ..logic import formula as fm
from ..logic.formula import Formula
from ..model import (
    ENVIRONMENT, Agent, ActionIs, Binary, BoolType, Const, EnumType, EvolutionRule, Expr, FormulaEntry,
    Model, ProtocolRule, RangeType, SourcePositions, Unary, Variable, VarRef, VarType, interaction_proposition,
    shared_variables,
)
from . import syntax as sx
from ..runtime.records import record
from .formulas import diagnostic

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Iterable

RESERVED_WORDS = frozenset(
    "Semantics MultiAssignment SingleAssignment MA SA Agent Environment Obsvars Vars Lobsvars "
    "RedStates GreenStates Actions Action Protocol Other Evolution Evaluation InitStates Groups "
    "Fairness Formulae end if and or boolean true false LTL CTL AG EG AX EX AF EF A E X F G U K "
    "GK GCK DK O".split()
)

COMPARISONS = frozenset({"=", "<>", "<", "<=", ">", ">="})
ORDERINGS = frozenset({"<", "<=", ">", ">="})
ARITHMETIC = frozenset({"+", "-", "*", "/"})
BIT_OPERATORS = frozenset({"&", "|", "^"})
TRUE = Const(True)


# ---------------------------------------------------------------- expression types


@record
class _Type:
    """The type of a resolved expression; `symbol` is a bare enumeration value."""

    kind: str  # "bool", "int", "enum", "symbol", "action"
    symbols: frozenset[str] = frozenset()
    variable: Variable | None = None  # set when the expression is exactly this variable


_BOOL = _Type("bool")
_INT = _Type("int")


@record(frozen=False)
class _Scope:
    """What names mean in one context (GRAMMAR.md §4.1)."""

    description: str
    bare: dict[str, Variable] = field(default_factory=dict)
    qualified: Callable[[sx.Qualified], Variable | str] | None = None
    actions: Callable[[sx.ActionTest], ActionIs | str] | None = None
    bare_hint: str = ""


# ---------------------------------------------------------------- the resolver


def resolve_model(syntax: sx.ModelSyntax, text: str, filename: str,
                  diagnostics: list[Diagnostic]) -> Model | None:
    """The typed model, or None when `diagnostics` (appended to) holds errors.

    The cyclic garbage collector is paused meanwhile (as in fastparse.py): resolution
    makes hundreds of thousands of small acyclic objects next to a large live syntax
    tree, and the collections they would trigger cost more than the resolution itself.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        model = _Resolver(text, filename, diagnostics).model(syntax)
    finally:
        if collecting:
            gc.enable()
    if any(d.severity == "error" for d in diagnostics):
        return None
    return model


def _located(warnings: tuple[str, ...], source: str) -> tuple[str, ...]:
    """A formula's warnings as `file:line:col: warning: …` (`--formula: warning: …`), like every diagnostic."""
    return tuple(f"{source}: warning: {warning}" for warning in warnings)


def resolve_formula(entry: sx.FormulaSyntax, model: Model, text: str, source: str,
                    diagnostics: list[Diagnostic]) -> FormulaEntry:
    """A formula given on its own, checked against `model`'s names.

    Its comparison atoms (`Environment.x = 3`) are defined in `model.propositions`, under
    their text, so that every engine evaluates them like the model's own propositions;
    such a name never clashes with a declared one, and always means the same condition.
    """
    resolver = _Resolver(text, source, diagnostics)
    resolver.use_model_names(model)
    resolver.define_comparisons(entry.comparisons)
    resolver.check_formula(entry.formula, entry.pos)
    for name, condition in resolver.comparisons.items():
        model.propositions.setdefault(name, condition)
    return FormulaEntry(entry.text.strip(), entry.formula, entry.mode, source, _located(entry.warnings, source))


class _Resolver:
    def __init__(self, text: str, filename: str, diagnostics: list[Diagnostic]):
        self.text = text
        self.filename = filename
        self.diagnostics = diagnostics
        self.agent_actions: dict[str, tuple[str, ...]] = {}
        self.agent_variables: dict[str, dict[str, Variable]] = {}
        self.enum_symbols: set[str] = set()
        self.propositions: dict[str, Expr] = {}
        self.comparisons: dict[str, Expr] = {}  # the comparison atoms of formulas resolved without error
        self.groups: dict[str, tuple[str, ...]] = {}
        self.semantics = "multi"
        self._obsvar_names: list[str] = []
        self._ignored: set[int] = set()  # repeated agents and variables (by id): not resolved further
        # The tables of shared resolved expressions (see `constant` … `binary_node`).
        self._constants: dict[tuple[type, bool | int], tuple[Expr, _Type]] = {}
        self._symbols: dict[str, tuple[Expr, _Type]] = {}
        self._variable_refs: dict[int, tuple[Expr, _Type]] = {}
        self._action_atoms: dict[tuple[str, str], ActionIs] = {}
        self._unaries: dict[tuple[str, int], Expr] = {}
        self._binaries: dict[tuple[str, int, int], Expr] = {}

    # ------------------------------------------------------------ reporting

    def error(self, message: str, pos: sx.Pos | None) -> None:
        self.diagnostics.append(diagnostic(message, self.filename, pos, self.text))

    def warning(self, message: str, pos: sx.Pos | None) -> None:
        self.diagnostics.append(diagnostic(message, self.filename, pos, self.text, "warning"))

    def check_name(self, name: sx.Name, what: str) -> bool:
        if name.text in RESERVED_WORDS:
            self.error(f"`{name.text}` is a reserved word of ISPL and cannot be used as {what} name", name.pos)
            return False
        return True

    # ------------------------------------------------------------ the whole model

    def model(self, syntax: sx.ModelSyntax) -> Model:
        self.semantics = syntax.semantics or "multi"
        environment = syntax.environment or _empty_environment()
        declarations = (environment,) + syntax.agents
        self.declare_agents(declarations)
        agents = tuple(self.agent(decl) for decl in declarations if id(decl) not in self._ignored)
        self.declare_propositions(syntax.evaluation, syntax.evaluation_pos)
        initial = self.initial_condition(syntax.initial)
        self.declare_groups(syntax.groups)
        fairness = []
        for entry in syntax.fairness:
            self.define_comparisons(entry.comparisons)
            self.check_formula(entry.formula, entry.pos)
            fairness.append(entry.formula)
        compassion = []
        for entry in syntax.compassion:
            self.define_comparisons(entry.comparisons)
            self.check_formula(entry.formula, entry.pos)
            if isinstance(entry.formula, fm.Implies):
                compassion.append((entry.formula.left, entry.formula.right))
        formulae = []
        for entry in syntax.formulae:
            self.define_comparisons(entry.comparisons)
            self.check_formula(entry.formula, entry.pos)
            source = f"{self.filename}:{entry.pos[0]}:{entry.pos[1]}"
            formulae.append(FormulaEntry(entry.text.strip(), entry.formula, entry.mode, source,
                                         _located(entry.warnings, source)))
        warnings = tuple(d.format() for d in self.diagnostics if d.severity == "warning")
        return Model(
            name=os.path.splitext(os.path.basename(self.filename))[0],
            semantics="single" if self.semantics == "single" else "multi",
            agents=agents,
            propositions=dict(self.propositions),
            initial_condition=initial,
            groups=dict(self.groups),
            fairness=tuple(fairness),
            formulae=tuple(formulae),
            warnings=warnings,
            positions=declaration_positions(syntax, self.filename),
            compassion=tuple(compassion),
        )

    def use_model_names(self, model: Model) -> None:
        """Take the names a formula may use from an already resolved model."""
        for agent in model.agents:
            self.agent_actions[agent.name] = agent.actions
            self.agent_variables[agent.name] = {v.name: v for v in agent.own_variables}
            for variable in agent.own_variables:
                if isinstance(variable.type, EnumType):
                    self.enum_symbols.update(variable.type.symbols)
        self.propositions = dict(model.propositions)
        self.groups = dict(model.groups)

    # ------------------------------------------------------------ declarations

    def declare_agents(self, declarations: Iterable[sx.AgentDecl]) -> None:
        first: dict[str, sx.AgentDecl] = {}
        for decl in declarations:
            if not decl.is_environment:
                if decl.name.text == ENVIRONMENT:
                    self.error("the environment must be declared first, as `Agent Environment`", decl.name.pos)
                    continue
                # A reserved name is an error, but the agent is still declared so
                # that its uses do not each report "there is no agent" as well.
                self.check_name(decl.name, "an agent")
                earlier = first.get(decl.name.text)
                if earlier is not None:
                    self.error(f"agent `{decl.name.text}` is declared again (first declared at line "
                               f"{earlier.name.pos[0]}); MCMAS only warns here, but its verdicts about the "
                               f"agent's actions are then wrong (even for an identical copy), so ctlstark "
                               f"rejects the file: remove one declaration", decl.name.pos)
                    self._ignored.add(id(decl))  # its body would only add follow-up errors
                    continue
            first[decl.name.text] = decl
            self.agent_variables[decl.name.text] = self.declare_variables(decl)
            self.agent_actions[decl.name.text] = self.declare_actions(decl)
        for decl in declarations:
            if id(decl) in self._ignored:
                continue
            for var in (decl.obsvars or ()) + (decl.vars or ()):
                if id(var) not in self._ignored:
                    self.check_enum_symbols(var)

    def declare_variables(self, decl: sx.AgentDecl) -> dict[str, Variable]:
        variables: dict[str, Variable] = {}
        first: dict[str, sx.VarDecl] = {}
        obsvars = decl.obsvars or ()
        obsvar_names = {v.name.text for v in obsvars}
        if decl.is_environment:
            self._obsvar_names = list(dict.fromkeys(v.name.text for v in obsvars))
        for index, var in enumerate(obsvars + (decl.vars or ())):
            earlier = first.get(var.name.text)
            if earlier is not None:
                if var.name.text in obsvar_names and index >= len(obsvars):
                    self.error(f"`{var.name.text}` is declared both in Obsvars and in Vars", var.name.pos)
                else:
                    self.repeated_variable(decl, var, earlier)
                self._ignored.add(id(var))
                continue
            first[var.name.text] = var
            self.check_name(var.name, "a variable")  # reported; still declared, to avoid follow-up errors
            var_type = self.variable_type(var)
            if var_type is not None:
                variables[var.name.text] = Variable(decl.name.text, var.name.text, var_type)
        if not decl.is_environment and not decl.vars:
            self.error(f"agent `{decl.name.text}` needs at least one variable", decl.pos)
        return variables

    def repeated_variable(self, decl: sx.AgentDecl, var: sx.VarDecl, earlier: sx.VarDecl) -> None:
        """MCMAS warns about a variable declared again in one agent and keeps the first declaration
        (its type and its encoding); of the repeated one only the reserved words are errors
        (they are syntax errors for MCMAS)."""
        if isinstance(var.type, sx.EnumTypeSpec):
            for symbol in var.type.symbols:
                self.check_name(symbol, "an enumeration value")
        name, agent, line = var.name.text, decl.name.text, earlier.name.pos[0]
        first_type, this_type = _type_text(earlier.type), _type_text(var.type)
        if first_type == this_type:
            self.warning(f"variable `{name}` of `{agent}` is declared again (first declared at line {line}); "
                         f"as MCMAS does, the repeated declaration is ignored", var.name.pos)
        else:
            self.warning(f"variable `{name}` of `{agent}` is declared again with another type, `{this_type}` "
                         f"(first declared at line {line} as `{first_type}`); as MCMAS does, the first "
                         f"declaration counts: `{name}` is `{first_type}`", var.name.pos)

    def variable_type(self, var: sx.VarDecl) -> VarType | None:
        spec = var.type
        if isinstance(spec, sx.BoolTypeSpec):
            return BoolType()
        if isinstance(spec, sx.RangeTypeSpec):
            if spec.low > spec.high:
                self.error(f"the lower bound {spec.low} of `{var.name.text}` is greater than "
                           f"the upper bound {spec.high}", spec.pos)
                return None
            return RangeType(spec.low, spec.high)
        symbols: list[str] = []
        for symbol in spec.symbols:
            if not self.check_name(symbol, "an enumeration value"):
                continue
            if symbol.text in symbols:
                self.warning(f"value `{symbol.text}` is listed twice in the type of `{var.name.text}`", symbol.pos)
                continue
            symbols.append(symbol.text)
        self.enum_symbols.update(symbols)
        return EnumType(tuple(symbols)) if symbols else None

    def check_enum_symbols(self, var: sx.VarDecl) -> None:
        if not isinstance(var.type, sx.EnumTypeSpec):
            return
        variable_names = {name for variables in self.agent_variables.values() for name in variables}
        for symbol in var.type.symbols:
            if symbol.text in variable_names:
                self.error(f"enumeration value `{symbol.text}` has the name of a variable", symbol.pos)

    def declare_actions(self, decl: sx.AgentDecl) -> tuple[str, ...]:
        actions: list[str] = []
        first: dict[str, sx.Pos] = {}
        for action in decl.actions:
            if action.text in first:
                self.warning(f"action `{action.text}` is listed again in the Actions of `{decl.name.text}` "
                             f"(first {_at(first[action.text], action.pos)}); the repeat is ignored, as by MCMAS",
                             action.pos)
                continue
            first[action.text] = action.pos
            if not self.check_name(action, "an action"):
                continue
            actions.append(action.text)
        if not decl.is_environment and not actions:
            self.error(f"agent `{decl.name.text}` needs at least one action", decl.actions_pos)
        return tuple(actions)

    # ------------------------------------------------------------ one agent

    def agent(self, decl: sx.AgentDecl) -> Agent:
        name = decl.name.text
        own = self.agent_variables.get(name, {})
        observed = self.observed_variables(decl)
        actions = self.agent_actions.get(name, ())
        local = _Scope(f"agent `{name}`", bare=dict(own), qualified=self.environment_reader(decl, observed),
                       bare_hint=" (an environment variable is written `Environment.x`)" if not decl.is_environment else "")
        red_states = self.condition(decl.red_states, local) if decl.red_states is not None else None
        protocol = self.protocol(decl, local, actions)
        if decl.is_environment and not decl.protocol:
            actions = _all_action_codes(actions)
            protocol = (ProtocolRule(TRUE, actions, is_other=True),)
        evolution = self.evolution(decl, own, observed)
        return Agent(name, tuple(own.values()), tuple(observed), actions, protocol, evolution, red_states)

    def observed_variables(self, decl: sx.AgentDecl) -> list[Variable]:
        if decl.is_environment:
            if decl.lobsvars is not None:
                self.error("the environment has no Lobsvars", decl.pos)
            return []
        environment = self.environment_syntax_variables()
        observed = [environment[v] for v in self.obsvar_names if v in environment]
        first: dict[str, sx.Pos] = {}
        for name in decl.lobsvars or ():
            if name.text in first:
                self.warning(f"`{name.text}` is listed again in the Lobsvars of `{decl.name.text}` "
                             f"(first {_at(first[name.text], name.pos)}); the repeat is ignored, as by MCMAS", name.pos)
                continue
            first[name.text] = name.pos
            if name.text in self.obsvar_names:
                self.error(f"Lobsvars may only list environment Vars; `{name.text}` is an Obsvar, "
                           f"visible to every agent already", name.pos)
            elif name.text not in environment:
                self.error(f"Lobsvars of `{decl.name.text}` lists `{name.text}`, which is not a variable "
                           f"of the environment's Vars", name.pos)
            elif environment[name.text] not in observed:
                observed.append(environment[name.text])
        return observed

    def environment_syntax_variables(self) -> dict[str, Variable]:
        return self.agent_variables.get(ENVIRONMENT, {})

    @property
    def obsvar_names(self) -> list[str]:
        return self._obsvar_names

    def environment_reader(self, decl: sx.AgentDecl,
                           observed: list[Variable]) -> Callable[[sx.Qualified], Variable | str]:
        visible = {v.name: v for v in observed}
        environment = self.environment_syntax_variables()

        def read(ref: sx.Qualified) -> Variable | str:
            if decl.is_environment:
                return f"inside the environment its variables are written without prefix: `{ref.name}`"
            if ref.agent != ENVIRONMENT:
                return (f"agent `{decl.name.text}` can only read its own variables and the environment's "
                        f"visible ones, not `{ref.agent}.{ref.name}`")
            if ref.name in visible:
                return visible[ref.name]
            if ref.name in environment:
                return (f"`Environment.{ref.name}` is not visible to agent `{decl.name.text}` "
                        f"(add it to its Lobsvars)")
            return f"the environment has no variable `{ref.name}`"
        return read

    def protocol(self, decl: sx.AgentDecl, scope: _Scope, actions: tuple[str, ...]) -> tuple[ProtocolRule, ...]:
        if not decl.is_environment and not decl.protocol:
            self.error(f"the protocol of `{decl.name.text}` needs at least one line", decl.protocol_pos)
        rules = []
        for index, line in enumerate(decl.protocol):
            listed: dict[str, sx.Pos] = {}
            for action in line.actions:
                if action.text in listed:
                    self.warning(f"action `{action.text}` is listed twice in this protocol line "
                                 f"(first {_at(listed[action.text], action.pos)}); the repeat changes nothing",
                                 action.pos)
                    continue
                listed[action.text] = action.pos
                if action.text not in actions:
                    self.error(f"action `{action.text}` is not declared by `{decl.name.text}`", action.pos)
            if line.is_other:
                if index != len(decl.protocol) - 1:
                    self.error("the `Other` line must be the last line of the protocol", line.pos)
                condition: Expr | None = TRUE
            else:
                condition = self.condition(line.condition, scope)
            names = tuple(dict.fromkeys(a.text for a in line.actions))
            rules.append(ProtocolRule(condition or TRUE, names, line.is_other))
        return tuple(rules)

    def evolution(self, decl: sx.AgentDecl, own: dict[str, Variable],
                  observed: list[Variable]) -> tuple[EvolutionRule, ...]:
        name = decl.name.text
        if not decl.is_environment and not decl.evolution:
            self.error(f"the evolution of `{name}` needs at least one line", decl.evolution_pos)
        guard_scope = _Scope(f"the evolution of `{name}`", bare=dict(own),
                             qualified=self.environment_reader(decl, observed),
                             actions=self.action_reader(name),
                             bare_hint=" (an environment variable is written `Environment.x`)"
                             if not decl.is_environment else "")
        rhs_reader = self.environment_reader(decl, observed)

        def rhs_qualified(ref: sx.Qualified) -> Variable | str:
            """MCMAS lets an assignment read the environment's Obsvars, not its Vars (even in Lobsvars)."""
            found = rhs_reader(ref)
            if isinstance(found, Variable) and found.name not in self.obsvar_names:
                return (f"the right-hand side of an assignment of agent `{name}` may read the environment's "
                        f"Obsvars only, not its Vars (`Environment.{ref.name}`, although in Lobsvars); "
                        f"MCMAS rejects it")
            return found
        value_scope = _Scope(guard_scope.description, bare=dict(own), qualified=rhs_qualified,
                             bare_hint=guard_scope.bare_hint)
        rules = []
        previous_guard: Expr | None = None  # the line before's guard, if it was resolved without a diagnostic
        for line in decl.evolution:
            assignments = self.assignments(line, name, own, value_scope)
            if line.negates_previous_guard and previous_guard is not None:
                guard: Expr | None = self.unary_node("!", previous_guard)  # what resolving `!( G )` gives
                previous_guard = guard
            else:
                reported = len(self.diagnostics)
                guard = self.condition(line.guard, guard_scope)
                previous_guard = guard if len(self.diagnostics) == reported else None
            if assignments is not None and guard is not None:
                rules.append(EvolutionRule(assignments, guard))
        return tuple(rules)

    def assignments(self, line: sx.EvolutionLine, agent: str, own: dict[str, Variable],
                    scope: _Scope) -> tuple[tuple[Variable, Expr], ...] | None:
        if self.semantics == "single" and len(line.assignments) != 1:
            self.error("under SingleAssignment every evolution line assigns exactly one variable", line.pos)
        seen: set[str] = set()
        result = []
        for assignment in line.assignments:
            target = assignment.target.text
            if target in seen:
                self.error(f"`{target}` is assigned twice in one evolution line", assignment.target.pos)
                continue
            seen.add(target)
            variable = own.get(target)
            if variable is None:
                owner = next((a for a, vs in self.agent_variables.items() if target in vs and a != agent), None)
                if owner is not None:
                    self.error(f"`{agent}` can only assign its own variables; `{target}` belongs to `{owner}`",
                               assignment.target.pos)
                else:
                    self.error(f"`{target}` is not a variable of `{agent}`", assignment.target.pos)
                continue
            value = self.assigned_value(assignment, variable, scope)
            if value is not None:
                result.append((variable, value))
        return tuple(result) if len(result) == len(line.assignments) else None

    def assigned_value(self, assignment: sx.Assignment, variable: Variable, scope: _Scope) -> Expr | None:
        resolved = self.expression(assignment.value, scope)
        if resolved is None:
            return None
        value, value_type = resolved
        target_type = self.variable_ref(variable)[1]
        if not self.compatible(target_type, value_type, assignment.value, assignment.pos, "assign"):
            return None
        return value

    # ------------------------------------------------------------ global sections

    def declare_propositions(self, propositions: tuple[sx.PropositionDecl, ...], pos: sx.Pos) -> None:
        if not propositions:
            self.error("the Evaluation section must define at least one proposition", pos)
        scope = _Scope("the Evaluation section", qualified=self.any_variable,
                       bare_hint=" (in Evaluation every variable is written with its agent, e.g. `Agent.x`)")
        for proposition in self.last_definitions(propositions, "proposition"):
            condition = self.condition(proposition.condition, scope)
            if not self.check_name(proposition.name, "a proposition"):
                continue
            # A condition with errors has been reported; the name stays defined
            # (as false) so formulas using it do not each report it as unknown.
            self.propositions[proposition.name.text] = condition if condition is not None else Const(False)

    def last_definitions(self, definitions: tuple[Any, ...], what: str) -> list[Any]:
        """The definitions that count: MCMAS keeps the last definition of a proposition or
        group name and never checks the earlier ones; each repetition gets a warning."""
        first: dict[str, sx.Pos] = {}
        last: dict[str, Any] = {}
        for definition in definitions:
            name = definition.name
            if name.text in first:
                self.warning(f"{what} `{name.text}` is defined again (first defined at line {first[name.text][0]}); "
                             f"as MCMAS does, this definition replaces the earlier one, which is not used",
                             name.pos)
            else:
                first[name.text] = name.pos
            last[name.text] = definition
        return [definition for definition in definitions if last[definition.name.text] is definition]

    def any_variable(self, ref: sx.Qualified) -> Variable | str:
        variables = self.agent_variables.get(ref.agent)
        if variables is None:
            return f"there is no agent `{ref.agent}`"
        if ref.name not in variables:
            return f"agent `{ref.agent}` has no variable `{ref.name}`"
        return variables[ref.name]

    def initial_condition(self, condition: sx.Expr) -> Expr:
        for atom in _condition_atoms(condition):
            if not _is_init_equality(atom):
                self.error("InitStates may only combine equalities `Agent.x = value` or `Agent.x = Agent.y` "
                           "with and, or and !", atom.pos)
                return TRUE
        scope = _Scope("the InitStates section", qualified=self.any_variable,
                       bare_hint=" (in InitStates every variable is written with its agent, e.g. `Agent.x`)")
        return self.condition(condition, scope) or TRUE

    def declare_groups(self, groups: tuple[sx.GroupDecl, ...]) -> None:
        for group in self.last_definitions(groups, "group"):
            if not self.check_name(group.name, "a group"):
                continue
            members: list[str] = []
            for member in group.members:
                if member.text not in self.agent_variables:
                    self.error(f"group member `{member.text}` is not an agent", member.pos)
                elif member.text in members:
                    self.warning(f"agent `{member.text}` is listed twice in group `{group.name.text}`", member.pos)
                else:
                    members.append(member.text)
            self.groups[group.name.text] = tuple(members)

    # ------------------------------------------------------------ formulas

    def define_comparisons(self, atoms: tuple[sx.ComparisonAtom, ...]) -> None:
        """Define each comparison atom of a formula as the proposition named by its text.

        Its condition is read as an Evaluation condition (every variable with its agent,
        the same typing); one with errors is reported and defined as false, so that the
        formula does not also report it as an unknown proposition.
        """
        scope = _Scope("the formula", qualified=self.any_variable,
                       bare_hint=" (in a formula every variable is written with its agent, e.g. `Agent.x`)")
        for atom in atoms:
            if atom.name in self.propositions:
                continue  # the same text elsewhere: the same condition, resolved (and reported) once
            condition = None
            left = atom.condition.left
            if isinstance(left, sx.Ident):
                self.error(self.bare_comparison_problem(left.name, atom.name), left.pos)
            else:
                condition = self.condition(atom.condition, scope)
            if condition is not None:
                self.comparisons[atom.name] = condition
            self.propositions[atom.name] = condition if condition is not None else Const(False)

    def bare_comparison_problem(self, name: str, atom: str) -> str:
        """Why `x = 3` cannot be read in a formula, with the comparison written as it should be."""
        owners = self.owners_of(name)
        if not owners:
            what = "a proposition, not a variable" if name in self.propositions else "not a variable"
            return (f"`{name}` is {what}: a comparison in a formula starts with a variable, "
                    f"written with its agent (`Agent.x = value`)")
        spelled = " or ".join(f"`{owner}.{atom}`" for owner in owners)
        return f"in a formula a variable is written with its agent: {spelled}"

    def owners_of(self, name: str) -> list[str]:
        """The agents (environment first) that have a variable called `name`."""
        return [agent for agent, variables in self.agent_variables.items() if name in variables]

    def unknown_proposition(self, name: str) -> str:
        """Why `name` is not a proposition; for a variable (`x`, `Agent.x`) how to compare it instead."""
        agent, dot, member = name.partition(".")
        if dot:
            variables = self.agent_variables.get(agent)
            if variables is None:
                return f"there is no agent `{agent}`"
            if member not in variables:
                return (f"agent `{agent}` has no variable `{member}` (after an agent, a formula reads "
                        f"`RedStates`, `GreenStates`, `Action = a` or a comparison of a variable)")
            variable = variables[member]
            what = f"`{name}` is a variable"
        else:
            owners = self.owners_of(name)
            if not owners:
                return f"`{name}` is not a proposition of the Evaluation section"
            variable = self.agent_variables[owners[0]][name]
            what = f"`{name}` is a variable of {', '.join(f'`{owner}`' for owner in owners)}"
        example = f"{variable.qualified_name} = {_example_value(variable)}"
        return f"{what}, not a proposition: compare it, e.g. `{example}`, or declare a proposition in Evaluation"

    def check_formula(self, formula: Formula, entry_pos: sx.Pos) -> None:
        """Every name a formula uses must be declared."""
        for node in _walk(formula):
            pos = node.pos or entry_pos
            match node:
                case fm.Prop(name=name) if name not in self.propositions:
                    self.error(self.unknown_proposition(name), pos)
                case fm.AgentStates(agent=agent) | fm.K(agent=agent) | fm.O(agent=agent) \
                        if agent not in self.agent_actions:
                    self.error(f"there is no agent `{agent}`", pos)
                case fm.ActionAtom(agent=agent, action=action):
                    if agent not in self.agent_actions:
                        self.error(f"there is no agent `{agent}`", pos)
                    elif action not in self.agent_actions[agent]:
                        self.error(f"action `{action}` is not declared by `{agent}`", pos)
                case fm.GK(group=group) | fm.DK(group=group) | fm.GCK(group=group) | fm.ATL(group=group) \
                        if group not in self.groups:
                    self.error(f"`{group}` is not a group of the Groups section", pos)
                case fm.C() | fm.Fu() | fm.SC():
                    self.check_commitment(node, pos)

    def check_commitment(self, node: fm.C | fm.Fu | fm.SC, pos: sx.Pos) -> None:
        """Both agents exist; `C`/`Fu` need a shared variable, `SC` the interaction proposition."""
        debtor, creditor = node.debtor, node.creditor
        missing = [agent for agent in (debtor, creditor) if agent not in self.agent_actions]
        for agent in dict.fromkeys(missing):
            self.error(f"there is no agent `{agent}`", pos)
        if missing:
            return
        if isinstance(node, fm.SC):
            proposition = interaction_proposition(debtor, creditor)
            if proposition not in self.propositions:
                self.error(f"`{fm.to_text(node)}` needs the proposition `{proposition}` in the Evaluation section: "
                           f"it says where {debtor} and {creditor} interact (docs/commitments.md)", pos)
            return
        mine = tuple(self.agent_variables.get(debtor, {}).values())
        theirs = tuple(self.agent_variables.get(creditor, {}).values())
        if not shared_variables(mine, theirs):
            same_name = sorted({v.name for v in mine} & {v.name for v in theirs})
            detail = (f"; `{'`, `'.join(same_name)}` differ in type" if same_name else "")
            self.error(f"agents `{debtor}` and `{creditor}` share no variable, so `{fm.to_text(node)}` has no "
                       f"communication channel (a shared variable is declared by both agents under the same "
                       f"name with the same type{detail})", pos)

    # ------------------------------------------------------------ conditions and expressions
    # Every handler returns (resolved expression, its type), or None after reporting a
    # problem. Resolved expressions are shared (see "shared resolved expressions" below).

    def condition(self, expr: sx.Expr, scope: _Scope) -> Expr | None:
        """A Boolean condition; None after reporting a problem."""
        resolved = self.expression(expr, scope)
        if resolved is None:
            return None
        value, value_type = resolved
        if value_type.kind != "bool":
            self.error("a condition must be Boolean", expr.pos)
            return None
        return value

    def expression(self, expr: sx.Expr, scope: _Scope) -> tuple[Expr, _Type] | None:
        """Resolve any expression node, by its class (a dict lookup, not a `match`)."""
        handler = _HANDLERS.get(type(expr))
        if handler is None:
            raise TypeError(f"not an expression: {expr!r}")
        return handler(self, expr, scope)

    def bool_literal(self, expr: sx.BoolLit, scope: _Scope) -> tuple[Expr, _Type]:
        """`true` / `false`: the shared Boolean constant."""
        return self.constant(expr.value, _BOOL)

    def int_literal(self, expr: sx.IntLit, scope: _Scope) -> tuple[Expr, _Type]:
        """An integer literal: the shared integer constant."""
        return self.constant(expr.value, _INT)

    def bare_name(self, expr: sx.Ident, scope: _Scope) -> tuple[Expr, _Type] | None:
        variable = scope.bare.get(expr.name)
        if variable is not None:
            return self.variable_ref(variable)
        if expr.name in self.enum_symbols:
            return self.symbol(expr.name)
        self.error(f"`{expr.name}` is neither a variable of {scope.description} nor an enumeration value"
                   f"{scope.bare_hint}", expr.pos)
        return None

    def qualified_name(self, expr: sx.Qualified, scope: _Scope) -> tuple[Expr, _Type] | None:
        if scope.qualified is None:
            self.error(f"`{expr.agent}.{expr.name}` cannot be used in {scope.description}", expr.pos)
            return None
        found = scope.qualified(expr)
        if isinstance(found, str):
            self.error(found, expr.pos)
            return None
        return self.variable_ref(found)

    def action_test(self, expr: sx.ActionTest, scope: _Scope) -> tuple[Expr, _Type] | None:
        if scope.actions is None:
            self.error(f"actions cannot be tested in {scope.description}", expr.pos)
            return None
        found = scope.actions(expr)
        if isinstance(found, str):
            self.error(found, expr.action.pos if "not declared" in found else expr.pos)
            return None
        return found, _BOOL

    def action_reader(self, agent: str) -> Callable[[sx.ActionTest], ActionIs | str]:
        """What `Action = a` / `Agent.Action = a` means in the evolution of `agent`, or why it is wrong.

        The answer depends only on the names written, so it is looked up once per
        (agent written, action) pair: generated guards repeat the same tests thousands of times.
        """
        known: dict[tuple[str | None, str], ActionIs | str] = {}

        def read(test: sx.ActionTest) -> ActionIs | str:
            key = (test.agent, test.action.text)
            found = known.get(key)
            if found is None:
                found = known[key] = self.action_meaning(agent, test.agent, test.action.text)
            return found
        return read

    def action_meaning(self, agent: str, written_agent: str | None, action: str) -> ActionIs | str:
        """The shared `ActionIs` of an action test in `agent`'s evolution, or the error message."""
        who = agent if written_agent is None else written_agent
        if written_agent == ENVIRONMENT and agent == ENVIRONMENT:
            return "inside the environment its own action is written `Action = a`"
        if who not in self.agent_actions:
            return f"there is no agent `{who}`"
        if action not in self.agent_actions[who]:
            return f"action `{action}` is not declared by `{who}`"
        return self.action_atom(who, action)

    def unary(self, expr: sx.UnaryExpr, scope: _Scope) -> tuple[Expr, _Type] | None:
        operand = expr.operand
        resolved = _HANDLERS[type(operand)](self, operand, scope)
        if resolved is None:
            return None
        value, value_type = resolved
        if value_type.kind != "bool":
            word = "`!`" if expr.op == "!" else "the bit operator `~`"
            reason = "bit operators apply to boolean operands" if expr.op == "~" else "it needs a condition"
            self.error(f"{word} cannot be applied here: {reason}", expr.pos)
            return None
        return self.unary_node(expr.op, value), _BOOL

    def binary(self, expr: sx.BinaryExpr, scope: _Scope) -> tuple[Expr, _Type] | None:
        """A binary operation; a chain of one associative operator goes to `chain`.

        The operands are resolved through `_HANDLERS` directly (not `expression`):
        one Python frame per level of a left-deep `+` chain instead of two.
        """
        op = expr.op
        if op in ASSOCIATIVE:
            return self.chain(expr, scope)
        left_expr, right_expr = expr.left, expr.right
        left = _HANDLERS[type(left_expr)](self, left_expr, scope)
        right = _HANDLERS[type(right_expr)](self, right_expr, scope)
        if left is None or right is None:
            return None
        (left_value, left_type), (right_value, right_type) = left, right
        if op in ARITHMETIC:
            if left_type.kind != "int" or right_type.kind != "int":
                self.error(f"arithmetic (`{op}`) needs integer operands", expr.pos)
                return None
            return self.binary_node(op, left_value, right_value), _INT
        if op in ORDERINGS and (left_type.kind != "int" or right_type.kind != "int"):
            self.error(f"`{op}` compares integers only; booleans and enumerations use `=` and `<>`", expr.pos)
            return None
        if not self.comparable(left_type, right_type, expr) or not self.in_range(left, right, expr):
            return None
        return self.binary_node(op, left_value, right_value), _BOOL

    def chain(self, expr: sx.BinaryExpr, scope: _Scope) -> tuple[Expr, _Type] | None:
        """A chain of one associative operator (`and`, `or`, `&`, `|`, `^`) as a balanced tree.

        Generated models have conditions with thousands of `and`/`or` terms; a
        left-deep tree that deep would exhaust Python's recursion limit here and in
        every engine downstream. The chain is flattened iteratively (through
        parentheses too: `a and (b and c)` has three operands), then resolved as the
        balanced tree over its operands, left half first: every node has the position
        of the whole chain, and the diagnostics come in the same order as resolving
        that balanced syntax tree would give them.
        """
        operands = _chain_operands(expr)
        return self.balanced(expr.op, operands, 0, len(operands), expr.pos, scope)

    def balanced(self, op: str, operands: list[sx.Expr], low: int, high: int, pos: sx.Pos,
                 scope: _Scope) -> tuple[Expr, _Type] | None:
        """`operands[low:high]` joined by `op`, split in halves (recursion depth: log2 of the length)."""
        if high - low == 1:
            operand = operands[low]
            return _HANDLERS[type(operand)](self, operand, scope)
        middle = low + (high - low) // 2
        if middle - low == 1:  # a single operand: resolved here, one call less per leaf
            operand = operands[low]
            left = _HANDLERS[type(operand)](self, operand, scope)
        else:
            left = self.balanced(op, operands, low, middle, pos, scope)
        right = self.balanced(op, operands, middle, high, pos, scope)
        if left is None or right is None:
            return None
        if left[1].kind != "bool" or right[1].kind != "bool":
            if op == "and" or op == "or":
                self.error(f"`{op}` combines conditions", pos)
            else:
                self.error(f"bit operators apply to boolean operands (`{op}`)", pos)
            return None
        return self.binary_node(op, left[0], right[0]), _BOOL

    def comparable(self, left: _Type, right: _Type, expr: sx.BinaryExpr) -> bool:
        return self.compatible(left, right, expr.right, expr.pos, "compare")

    def compatible(self, target: _Type, value: _Type, value_expr: sx.Expr, pos: sx.Pos, verb: str) -> bool:
        """Can `value` be compared with (or assigned to) something of type `target`?"""
        kind = target.kind
        if kind == value.kind and (kind == "bool" or kind == "int"):
            return self.in_range_assign(target, value_expr, verb) if verb == "assign" else True
        kinds = {kind, value.kind}
        if kinds <= {"enum", "symbol"}:
            if target.kind == "symbol" and value.kind == "symbol":
                return True
            enum, other = (target, value) if target.kind == "enum" else (value, target)
            if other.kind == "symbol":
                symbol = next(iter(other.symbols))
                if symbol not in enum.symbols:
                    name = enum.variable.name if enum.variable else "the other side"
                    self.error(f"`{symbol}` is not a value of the type of `{name}`", value_expr.pos)
                    return False
                return True
            if enum.symbols <= other.symbols or other.symbols <= enum.symbols:
                return True
            self.error(f"cannot {verb} enumerations with unrelated value sets", pos)
            return False
        self.error(f"type mismatch: cannot {verb} {_describe(target)} and {_describe(value)}", pos)
        return False

    def in_range(self, left: tuple[Expr, _Type], right: tuple[Expr, _Type], expr: sx.BinaryExpr) -> bool:
        """A constant compared with a range variable must lie in its range (left variable first)."""
        for var_type, side in ((left[1], expr.right), (right[1], expr.left)):
            variable = var_type.variable
            if variable is not None and isinstance(side, sx.IntLit) and isinstance(variable.type, RangeType):
                if not variable.type.low <= side.value <= variable.type.high:
                    self.error(f"the constant {side.value} is outside the range "
                               f"{variable.type.low}..{variable.type.high} of `{variable.name}`", side.pos)
                    return False
        return True

    def in_range_assign(self, target: _Type, value_expr: sx.Expr, verb: str) -> bool:
        variable = target.variable
        if variable is not None and isinstance(variable.type, RangeType) and isinstance(value_expr, sx.IntLit):
            if not variable.type.low <= value_expr.value <= variable.type.high:
                self.error(f"the constant {value_expr.value} is outside the range "
                           f"{variable.type.low}..{variable.type.high} of `{variable.name}`", value_expr.pos)
                return False
        return True

    # ------------------------------------------------------------ shared resolved expressions
    # Structurally identical resolved expressions are one object (per resolution): the
    # symbolic encoder caches by identity first, so a subexpression written 100 times
    # (a sum over every agent, say) is encoded once, and the model takes less memory.
    # The keys use `id()` of children that the stored value itself keeps alive, so an id
    # is never reused while the table lives.

    def constant(self, value: bool | int, value_type: _Type) -> tuple[Expr, _Type]:
        """The shared `Const` of a literal; keyed by the value's class too (`0` is not `False`)."""
        key = (type(value), value)
        found = self._constants.get(key)
        if found is None:
            found = self._constants[key] = (Const(value), value_type)
        return found

    def symbol(self, name: str) -> tuple[Expr, _Type]:
        """The shared `Const` of a bare enumeration value, with its one-symbol type."""
        found = self._symbols.get(name)
        if found is None:
            found = self._symbols[name] = (Const(name), _Type("symbol", frozenset({name})))
        return found

    def variable_ref(self, variable: Variable) -> tuple[Expr, _Type]:
        """The shared `VarRef` of a variable and its type (built once per variable)."""
        found = self._variable_refs.get(id(variable))
        if found is None:
            found = self._variable_refs[id(variable)] = (VarRef(variable), _variable_type(variable))
        return found

    def action_atom(self, agent: str, action: str) -> ActionIs:
        """The shared `ActionIs(agent, action)`."""
        key = (agent, action)
        found = self._action_atoms.get(key)
        if found is None:
            found = self._action_atoms[key] = ActionIs(agent, action)
        return found

    def unary_node(self, op: str, operand: Expr) -> Expr:
        """The shared `Unary(op, operand)` (`operand` is shared already)."""
        key = (op, id(operand))
        found = self._unaries.get(key)
        if found is None:
            found = self._unaries[key] = Unary(op, operand)  # type: ignore[arg-type]
        return found

    def binary_node(self, op: str, left: Expr, right: Expr) -> Expr:
        """The shared `Binary(op, left, right)` (`left` and `right` are shared already)."""
        key = (op, id(left), id(right))
        found = self._binaries.get(key)
        if found is None:
            found = self._binaries[key] = Binary(op, left, right)  # type: ignore[arg-type]
        return found


_HANDLERS: dict[type, Callable[[_Resolver, Any, _Scope], tuple[Expr, _Type] | None]] = {
    sx.BoolLit: _Resolver.bool_literal,
    sx.IntLit: _Resolver.int_literal,
    sx.Ident: _Resolver.bare_name,
    sx.Qualified: _Resolver.qualified_name,
    sx.ActionTest: _Resolver.action_test,
    sx.UnaryExpr: _Resolver.unary,
    sx.BinaryExpr: _Resolver.binary,
}


# ---------------------------------------------------------------- helpers

ASSOCIATIVE = frozenset({"and", "or", "&", "|", "^"})


def _chain_operands(expr: sx.BinaryExpr) -> list[sx.Expr]:
    """The operands of the chain of `expr.op` rooted at `expr`, left to right, iteratively.

    Every `BinaryExpr` of the same operator below the root is part of the chain,
    whichever side it stands on (parentheses do not matter for associative operators).
    """
    op = expr.op
    operands: list[sx.Expr] = []
    pending: list[sx.Expr] = [expr]
    while pending:
        node = pending.pop()
        rights: list[sx.Expr] = []
        while type(node) is sx.BinaryExpr and node.op == op:  # down the left spine (the usual shape)
            rights.append(node.right)
            node = node.left
        operands.append(node)
        pending += rights  # the nearest right operand is popped first
    return operands


def _type_text(spec: sx.TypeSpec) -> str:
    """A declared type as written in ISPL: `boolean`, `0..3`, `{a, b}`."""
    if isinstance(spec, sx.BoolTypeSpec):
        return "boolean"
    if isinstance(spec, sx.RangeTypeSpec):
        return f"{spec.low}..{spec.high}"
    return "{" + ", ".join(symbol.text for symbol in spec.symbols) + "}"


def _at(first: sx.Pos, here: sx.Pos) -> str:
    """Where the first of two occurrences is, said briefly: its column when on the same line."""
    return f"at column {first[1]}" if first[0] == here[0] else f"at line {first[0]}, column {first[1]}"


def _describe(value_type: _Type) -> str:
    return {"bool": "a boolean", "int": "an integer", "enum": "an enumeration",
            "symbol": "an enumeration value", "action": "an action"}[value_type.kind]


def _variable_type(variable: Variable) -> _Type:
    var_type = variable.type
    if isinstance(var_type, BoolType):
        return _Type("bool", variable=variable)
    if isinstance(var_type, RangeType):
        return _Type("int", variable=variable)
    return _Type("enum", frozenset(var_type.symbols), variable=variable)


def _example_value(variable: Variable) -> str:
    """A value of the variable's type, as ISPL writes it (for a hint)."""
    var_type = variable.type
    if isinstance(var_type, BoolType):
        return "true"
    if isinstance(var_type, RangeType):
        return str(var_type.high)
    return var_type.symbols[0]


def _all_action_codes(actions: tuple[str, ...]) -> tuple[str, ...]:
    """The actions padded with anonymous `#k` codes up to the next power of two (at least one)."""
    size = 1
    while size < len(actions):
        size *= 2
    return actions + tuple(f"#{k}" for k in range(len(actions), size))


def _empty_environment() -> sx.AgentDecl:
    return sx.AgentDecl(sx.Name(ENVIRONMENT, (1, 1)), True, None, None, None, None, (), (1, 1), (), (1, 1),
                        (), (1, 1), (1, 1))


def _condition_atoms(expr: sx.Expr) -> Iterable[sx.Expr]:
    """The operands of a nest of `and`, `or` and `!`, left to right.

    Iterative: an InitStates line of N conjuncts is a chain N deep, and nested
    generators would cost O(N²) there.
    """
    pending = [expr]
    while pending:
        current = pending.pop()
        if isinstance(current, sx.BinaryExpr) and current.op in ("and", "or"):
            pending += (current.right, current.left)
        elif isinstance(current, sx.UnaryExpr) and current.op == "!":
            pending.append(current.operand)
        else:
            yield current


def _is_init_equality(expr: sx.Expr) -> bool:
    if not (isinstance(expr, sx.BinaryExpr) and expr.op == "="):
        return False
    return isinstance(expr.left, sx.Qualified) and isinstance(
        expr.right, (sx.BoolLit, sx.IntLit, sx.Ident, sx.Qualified))


def _walk(formula: Formula) -> Iterable[Formula]:
    """Every node of `formula`, parents before children, left to right.

    Iterative: nested generators would cost O(depth) per node on long chains.
    """
    pending = [formula]
    while pending:
        node = pending.pop()
        yield node
        pending.extend(reversed(fm.children(node)))


def declaration_positions(syntax: sx.ModelSyntax, filename: str) -> SourcePositions:
    """Where the declarations of a parsed file are, keyed by the names the resolved model uses
    (the first declaration of a variable or action counts, the last of a proposition)."""
    found = SourcePositions(filename)
    agents = ((syntax.environment,) if syntax.environment else ()) + syntax.agents
    for agent in agents:
        name = agent.name.text
        for variable in (agent.obsvars or ()) + (agent.vars or ()):
            found.variables.setdefault((name, variable.name.text), variable.name.pos)
        for action in agent.actions:
            found.actions.setdefault((name, action.text), action.pos)
        for index, rule in enumerate(agent.protocol):
            found.protocol_rules[(name, index)] = rule.pos
        for index, evolution in enumerate(agent.evolution):
            found.evolution_rules[(name, index)] = evolution.pos
    for proposition in syntax.evaluation:
        found.propositions[proposition.name.text] = proposition.name.pos
    return found
