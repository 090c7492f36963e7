"""The typed model: an interpreted system with every name resolved.

This is the product of `ispl.resolve` and the input of everything downstream
(`symbolic.encode`, `explicit`). It holds no concrete syntax and imports no BDD
library. Expressions are small frozen trees whose leaves are constants,
variables and action atoms; each has a type that the resolver has checked.

Conventions the whole pipeline relies on:

* A *state* is a tuple of values, one per variable of `Model.variables`
  (environment variables first, then each agent's in file order). Booleans are
  `bool`, bounded integers `int`, enumeration values `str`.
* A *joint action* is a tuple of action names, one per agent of
  `Model.agents` (environment first when present).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field
from functools import cached_property

from .logic.formula import Formula, is_comparison_name
from .runtime.records import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Literal, TypeAlias

ENVIRONMENT = "Environment"


# --------------------------------------------------------------------------
# Types and variables


@record
class BoolType:
    """The type `boolean`."""

    def values(self) -> Sequence[bool]:
        return (False, True)

    def contains(self, value: object) -> bool:
        return isinstance(value, bool)

    def position(self, value: bool) -> int:
        """The index of `value` in `values()`."""
        return int(value)


@record
class RangeType:
    """A bounded integer type `low..high` (inclusive, low <= high).

    `values()` is a `range`: ISPL allows 2^32 values, which must not be listed.
    """

    low: int
    high: int

    def values(self) -> Sequence[int]:
        return range(self.low, self.high + 1)

    def contains(self, value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and self.low <= value <= self.high

    def position(self, value: int) -> int:
        """The index of `value` in `values()`."""
        return value - self.low


@record
class EnumType:
    """An enumeration type `{v1, ..., vn}`; values in declaration order."""

    symbols: tuple[str, ...]

    def values(self) -> Sequence[str]:
        return self.symbols

    def contains(self, value: object) -> bool:
        return isinstance(value, str) and value in self.symbols

    def position(self, value: str) -> int:
        """The index of `value` in `values()`."""
        return self.symbols.index(value)


VarType = BoolType | RangeType | EnumType
Value = bool | int | str


@record
class Variable:
    """A state variable owned by `agent` (`"Environment"` for the environment)."""

    agent: str
    name: str
    type: VarType

    @property
    def qualified_name(self) -> str:
        return f"{self.agent}.{self.name}"


# --------------------------------------------------------------------------
# Expressions (resolved, typed)


@record
class Const:
    """A constant: `True`/`False`, an integer, or an enumeration symbol (`str`)."""

    value: Value


@record
class VarRef:
    """The current value of a state variable."""

    variable: Variable


@record
class ActionIs:
    """True when `agent` performs `action` in the current joint action."""

    agent: str
    action: str


UnaryOperator: TypeAlias = 'Literal["!", "~", "neg"]'
BinaryOperator: TypeAlias = """Literal[
    "and", "or",
    "=", "<>", "<", "<=", ">", ">=",
    "+", "-", "*", "/",
    "&", "|", "^",
]"""
"""Conditions (Boolean `and`, `or`); comparisons; integer arithmetic (exact, `/` truncates toward zero); bit
operators (on booleans: logical and, or, xor)."""


@record
class Unary:
    """`!` Boolean negation, `~` bit negation (booleans), `neg` integer negation."""

    op: UnaryOperator
    operand: Expr


@record
class Binary:
    """A binary operation; see `BinaryOperator` for the operator families."""

    op: BinaryOperator
    left: Expr
    right: Expr


Expr = Const | VarRef | ActionIs | Unary | Binary


def expression_nodes(expr: Expr) -> list[Expr]:
    """Every node of an expression once, without recursion (InitStates chains can be long, and the
    resolver shares identical subexpressions)."""
    seen: set[int] = set()
    found: list[Expr] = []
    stack = [expr]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        found.append(node)
        kind = type(node)  # (exact types: the five node classes have no subclasses; a GDL guard has thousands)
        if kind is Binary:
            stack.append(node.left)
            stack.append(node.right)
        elif kind is Unary:
            stack.append(node.operand)
    return found


ARITHMETIC_OPERATORS = frozenset({"+", "-", "*", "/"})
COMPARISON_OPERATORS = frozenset({"=", "<>", "<", "<=", ">", ">="})
BOOLEAN_OPERATORS = frozenset({"and", "or", "&", "|", "^"})


# --------------------------------------------------------------------------
# Agents


@record
class ProtocolRule:
    """`condition : {actions}`; `is_other` marks the `Other` line (condition unused)."""

    condition: Expr
    actions: tuple[str, ...]
    is_other: bool = False


@record
class EvolutionRule:
    """`v1 = e1 and ... if guard`: assignments to the agent's own variables."""

    assignments: tuple[tuple[Variable, Expr], ...]
    guard: Expr


@record
class Agent:
    """One agent (or the environment) of the interpreted system.

    `own_variables` are the variables it owns and assigns; `observed_variables`
    are the environment variables in its local state (all `Obsvars` plus its
    `Lobsvars`; empty for the environment itself). `local_variables` is the
    local state used by knowledge, protocols and red states.

    `actions` lists every action code the agent may take. For an environment
    with an empty protocol MCMAS enables every code of its ⌈log2 n⌉-bit action
    encoding; the resolver then adds the unused codes as anonymous actions named
    `#k` (never writable by a user), so `actions` always matches the encoding.
    """

    name: str
    own_variables: tuple[Variable, ...]
    observed_variables: tuple[Variable, ...]
    actions: tuple[str, ...]
    protocol: tuple[ProtocolRule, ...]
    evolution: tuple[EvolutionRule, ...]
    red_states: Expr | None = None

    @property
    def local_variables(self) -> tuple[Variable, ...]:
        return self.observed_variables + self.own_variables

    @property
    def is_environment(self) -> bool:
        return self.name == ENVIRONMENT

    @cached_property
    def lines_by_variable(self) -> dict[Variable, tuple[tuple[Expr, Expr], ...]]:
        """The evolution as (guard, value) lines per assigned variable, in file order; computed once per agent.

        The BDD and SAT encoders and the explicit semantics read an agent's evolution variable by variable
        under SingleAssignment: scanning every line for every variable is quadratic (an environment with
        hundreds of variables and lines; a strategy replay steps through it at every state).
        """
        lines: dict[Variable, list[tuple[Expr, Expr]]] = {}
        for rule in self.evolution:
            for variable, value in rule.assignments:
                lines.setdefault(variable, []).append((rule.guard, value))
        return {variable: tuple(found) for variable, found in lines.items()}


# --------------------------------------------------------------------------
# Formulae entries and the whole model


FormulaMode: TypeAlias = 'Literal["default", "ltl", "ctlstar"]'


@record
class FormulaEntry:
    """One property to check: its text as written, its tree, and where it came from.

    `mode` records which dialect it was written in (`LTL …`, `CTL* …` or plain);
    `formula` is already the meaning (an `LTL φ` entry is `A φ`).
    `source` is `"file:line:col"` or `"--formula"`.
    """

    text: str
    formula: Formula
    mode: FormulaMode = "default"
    source: str = ""
    warnings: tuple[str, ...] = ()


Semantics: TypeAlias = 'Literal["multi", "single"]'
Position = tuple[int, int]
"""(line, column), both from 1."""


@record
class SourcePositions:
    """Where each variable, action, proposition and rule of a model is declared in its file.

    Keys name what the model names: (agent, variable), (agent, action), proposition,
    (agent, index of the protocol / evolution rule). Where a name repeats, the
    declaration that counts (docs/differences.md#acceptance): the first of a variable
    or action, the last of a proposition. A rule the resolver added (the `Other` of an
    empty environment protocol) has no entry.
    """

    file: str
    variables: dict[tuple[str, str], Position] = field(default_factory=dict)
    actions: dict[tuple[str, str], Position] = field(default_factory=dict)
    propositions: dict[str, Position] = field(default_factory=dict)
    protocol_rules: dict[tuple[str, int], Position] = field(default_factory=dict)
    evolution_rules: dict[tuple[str, int], Position] = field(default_factory=dict)


@record
class Model:
    """A resolved interpreted system, ready to encode or to enumerate.

    `propositions` holds the Evaluation section's propositions and, under their text
    (`Environment.x = 3`, a name with spaces: `logic.formula.is_comparison_name`), the
    comparison atoms of the formulas read against the model: those of its own Formulae
    and Fairness entries, and those of every formula `ispl.parse_formula` reads later,
    which it adds. `evaluation_propositions` are the declared ones alone.
    """

    name: str
    semantics: Semantics
    agents: tuple[Agent, ...]
    propositions: dict[str, Expr] = field(hash=False)
    initial_condition: Expr
    groups: dict[str, tuple[str, ...]] = field(hash=False)
    fairness: tuple[Formula, ...]
    formulae: tuple[FormulaEntry, ...]
    warnings: tuple[str, ...] = ()
    positions: SourcePositions | None = field(default=None, hash=False, compare=False, repr=False)
    """Where the model's declarations are in its file; None for a model built in Python."""
    compassion: tuple[tuple[Formula, Formula], ...] = ()
    """The `Compassion` section (a ctlstark extension): pairs (p, q) of state formulas, evaluated without
    fairness; a fair path that visits p infinitely often visits q infinitely often (docs/semantics.md)."""

    @property
    def evaluation_propositions(self) -> dict[str, Expr]:
        """The propositions the Evaluation section declares, in its order (without formulas' comparison atoms)."""
        return {name: condition for name, condition in self.propositions.items() if not is_comparison_name(name)}

    @property
    def variables(self) -> tuple[Variable, ...]:
        """Every state variable, in state-tuple order."""
        return tuple(v for agent in self.agents for v in agent.own_variables)

    def agent(self, name: str) -> Agent:
        for agent in self.agents:
            if agent.name == name:
                return agent
        raise KeyError(name)

    @property
    def agent_names(self) -> tuple[str, ...]:
        return tuple(agent.name for agent in self.agents)

    def shared_variables(self, debtor: str, creditor: str) -> tuple[tuple[Variable, Variable], ...]:
        """The communication channel of a commitment (docs/semantics.md): see `shared_variables`."""
        return shared_variables(self.agent(debtor).own_variables, self.agent(creditor).own_variables)

    def interaction_proposition(self, debtor: str, creditor: str) -> str:
        """The Evaluation proposition that says where `SC(debtor, creditor, …)` agents interact."""
        return interaction_proposition(debtor, creditor)


def shared_variables(debtor_variables: tuple[Variable, ...],
                     creditor_variables: tuple[Variable, ...]) -> tuple[tuple[Variable, Variable], ...]:
    """Pairs (debtor's x, creditor's x) of variables both agents own under the same name with the same type.

    These are the CTLC+ communication variables: each agent keeps its own copy.
    """
    by_name = {variable.name: variable for variable in creditor_variables}
    return tuple((mine, by_name[mine.name]) for mine in debtor_variables
                 if mine.name in by_name and by_name[mine.name].type == mine.type)


def interaction_proposition(debtor: str, creditor: str) -> str:
    """`interacting_<debtor>_<creditor>`: the proposition a model defines for `SC(debtor, creditor, …)`."""
    return f"interacting_{debtor}_{creditor}"
