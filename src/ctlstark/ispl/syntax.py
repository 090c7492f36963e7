"""The ISPL syntax tree: what the file says, before any name is resolved.

Every node carries the 1-based (line, column) where it starts, so the
resolver can point at the offending text. Formulas are already built as
`logic.formula` trees (their nodes carry positions too); only their names
are still unchecked.
"""

from __future__ import annotations

from dataclasses import field

from ..runtime.records import record

from ..logic.formula import Formula
from ..model import FormulaMode

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Literal

Pos = tuple[int, int]


@record
class Name:
    """An identifier as written, with its position."""

    text: str
    pos: Pos


# ---------------------------------------------------------------- expressions


@record
class BoolLit:
    value: bool
    pos: Pos


@record
class IntLit:
    value: int
    pos: Pos


@record
class Ident:
    """A bare identifier: a variable of the current agent or an enumeration value."""

    name: str
    pos: Pos


@record
class Qualified:
    """`Agent.name` or `Environment.name`."""

    agent: str
    name: str
    pos: Pos


@record
class ActionTest:
    """`Action = a` (agent None: the current agent) or `Agent.Action = a`."""

    agent: str | None
    action: Name
    pos: Pos


@record
class UnaryExpr:
    """`!` on conditions, `~` on bit expressions."""

    op: Literal["!", "~"]
    operand: Expr
    pos: Pos


@record
class BinaryExpr:
    """Any binary operator of conditions and expressions (see model.BinaryOperator)."""

    op: str
    left: Expr
    right: Expr
    pos: Pos


Expr = BoolLit | IntLit | Ident | Qualified | ActionTest | UnaryExpr | BinaryExpr


# ---------------------------------------------------------------- declarations


@record
class BoolTypeSpec:
    pos: Pos


@record
class RangeTypeSpec:
    low: int
    high: int
    pos: Pos


@record
class EnumTypeSpec:
    symbols: tuple[Name, ...]
    pos: Pos


TypeSpec = BoolTypeSpec | RangeTypeSpec | EnumTypeSpec


@record
class VarDecl:
    name: Name
    type: TypeSpec
    pos: Pos


@record
class ProtocolLine:
    """`condition : {actions};`, or `Other : {actions};` (condition None)."""

    condition: Expr | None
    actions: tuple[Name, ...]
    pos: Pos

    @property
    def is_other(self) -> bool:
        return self.condition is None


@record
class Assignment:
    target: Name
    value: Expr
    pos: Pos


@record
class EvolutionLine:
    assignments: tuple[Assignment, ...]
    guard: Expr
    pos: Pos
    negates_previous_guard: bool = field(default=False, compare=False, repr=False)
    """Known to be `!( G )` where the line before is guarded by the same text `G` (a GDL translation
    guards `x = false` so): the resolver takes `G`'s meaning from there. Only a hint, set by the fast
    parser, so not compared: False says nothing."""


@record
class AgentDecl:
    """An agent or the environment. Sections absent from the file are None."""

    name: Name
    is_environment: bool
    obsvars: tuple[VarDecl, ...] | None
    vars: tuple[VarDecl, ...] | None
    lobsvars: tuple[Name, ...] | None
    red_states: Expr | None
    actions: tuple[Name, ...]
    actions_pos: Pos
    protocol: tuple[ProtocolLine, ...]
    protocol_pos: Pos
    evolution: tuple[EvolutionLine, ...]
    evolution_pos: Pos
    pos: Pos


@record
class PropositionDecl:
    name: Name
    condition: Expr
    pos: Pos


@record
class GroupDecl:
    name: Name
    members: tuple[Name, ...]
    pos: Pos


@record
class ComparisonAtom:
    """A comparison of a variable written in a formula (`Environment.x = 3`), a ctlstark extension.

    The formula holds it as `Prop(name)`; the resolver defines that proposition by
    `condition`, read as an Evaluation condition (ispl/conditions.py).
    """

    name: str
    condition: BinaryExpr
    pos: Pos


@record
class FormulaSyntax:
    """One formula entry: its text, its tree as read in its mode, warnings, and its comparison atoms.

    `comparisons` lists each distinct comparison atom once (at its first occurrence),
    in the order of the text.
    """

    text: str
    formula: Formula
    mode: FormulaMode
    pos: Pos
    warnings: tuple[str, ...] = ()
    comparisons: tuple[ComparisonAtom, ...] = ()


@record
class ModelSyntax:
    """A whole ISPL file. `environment` is None when the file has none."""

    semantics: str | None
    environment: AgentDecl | None
    agents: tuple[AgentDecl, ...]
    evaluation: tuple[PropositionDecl, ...]
    evaluation_pos: Pos
    initial: Expr
    groups: tuple[GroupDecl, ...]
    fairness: tuple[FormulaSyntax, ...]
    formulae: tuple[FormulaSyntax, ...]
    compassion: tuple[FormulaSyntax, ...] = ()
    """The `Compassion` section (a ctlstark extension): each entry's formula is the implication `p -> q`."""
