"""One formula tree for every logic ctlstark accepts.

State formulas and path formulas share one set of node classes: a path
quantifier `E`/`A` wraps a path formula built from `X F G U R W` and Boolean
connectives, whose leaves are state formulas. The CTL operators are
abbreviations and are built as such by the parser: `AG φ` is `A(G φ)`,
`E(φ U ψ)` is `E(U(φ, ψ))`. Knowledge (`K`, `GK`, `DK`, `GCK`), the deontic
`O`, commitments and ATL are state formulas.

Every node is a frozen dataclass compared by structure only: the optional
`pos` (line, column) is for error messages and ignored by `==` and `hash`,
so identical subformulas are recognised wherever they occur. Each node gets,
when it is built, the token of its structure (shared by every equal node, looked
up from its children's tokens), so `==` and `hash` take constant time: a
formula nested 10,000 deep, rebuilt by normalisation at every level, is still
checked in linear time.
"""

from __future__ import annotations

import dataclasses
import operator
import weakref
from dataclasses import field
from collections.abc import Callable

from ..runtime.records import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeVar

    _Node = TypeVar("_Node")

Position = tuple[int, int]  # (line, column), both 1-based


def _pos() -> Position | None:
    return field(default=None, compare=False, repr=False, kw_only=True)  # type: ignore[return-value]


class _Structure:
    """The identity of one formula structure: equal nodes share it, and it lives as long as one of them."""

    __slots__ = ("__weakref__",)


_STRUCTURES: weakref.WeakValueDictionary[tuple, _Structure] = weakref.WeakValueDictionary()
_NODE_CLASSES: set[type] = set()


def _node(cls: type[_Node]) -> type[_Node]:
    """A frozen dataclass whose `==` and `hash` compare structure tokens (see the module docstring)."""
    compared: tuple[str, ...] | None = None  # the fields `==` and `hash` look at, read at the first node

    def __post_init__(self: Any) -> None:
        nonlocal compared
        if compared is None:
            compared = tuple(item.name for item in dataclasses.fields(cls) if item.compare)
        key = (cls, *(value._structure if type(value) in _NODE_CLASSES else value
                      for value in (getattr(self, name) for name in compared)))
        structure = _STRUCTURES.get(key)
        if structure is None:
            structure = _STRUCTURES[key] = _Structure()
        object.__setattr__(self, "_structure", structure)

    def __getstate__(self: Any) -> dict[str, Any]:  # the token is this process's: rebuilt on unpickling
        return {name: value for name, value in self.__dict__.items() if name != "_structure"}

    def __setstate__(self: Any, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        __post_init__(self)

    cls.__post_init__ = __post_init__  # type: ignore[attr-defined]
    node = record(eq=False)(cls)  # `==` and `hash` are set below: not generated
    _NODE_CLASSES.add(node)
    node.__hash__ = _hash  # type: ignore[assignment]
    node.__eq__ = _equal  # type: ignore[assignment]
    node.__getstate__ = __getstate__  # type: ignore[attr-defined]
    node.__setstate__ = __setstate__  # type: ignore[attr-defined]
    return node


def _hash(node: Any) -> int:
    return hash(node._structure)


def _equal(first: Any, second: Any) -> bool:
    if type(second) not in _NODE_CLASSES:
        return NotImplemented
    return first._structure is second._structure


# ---------------------------------------------------------------- atoms


@_node
class Prop:
    """An atomic proposition defined in the model's `Evaluation` section, or a comparison atom.

    A comparison atom of a formula (`Environment.x = 3`, a ctlstark extension) is the
    proposition named by its text (`is_comparison_name`), which the front end defines
    in `Model.propositions` by its condition.
    """

    name: str
    pos: Position | None = _pos()


def is_comparison_name(name: str) -> bool:
    """Whether a proposition name is a comparison atom's text (`Environment.x = 3`) rather than an Evaluation name.

    Such a name has spaces, which an ISPL identifier never has, so it cannot clash.
    """
    return " " in name


@_node
class AgentStates:
    """`Agent.RedStates` or `Agent.GreenStates` (`kind` is "red" or "green")."""

    agent: str
    kind: str
    pos: Position | None = _pos()


@_node
class ActionAtom:
    """`Agent.Action = a`: the first transition of the path carries that action."""

    agent: str
    action: str
    pos: Position | None = _pos()


@_node
class Const:
    """`true` or `false`."""

    value: bool
    pos: Position | None = _pos()


# ---------------------------------------------------------------- Boolean


@_node
class Not:
    operand: Formula
    pos: Position | None = _pos()


@_node
class And:
    left: Formula
    right: Formula
    pos: Position | None = _pos()


@_node
class Or:
    left: Formula
    right: Formula
    pos: Position | None = _pos()


@_node
class Implies:
    left: Formula
    right: Formula
    pos: Position | None = _pos()


@_node
class Iff:
    left: Formula
    right: Formula
    pos: Position | None = _pos()


# ---------------------------------------------------------------- path quantifiers


@_node
class E:
    """Some path from the current state satisfies the path formula.

    Which paths: docs/semantics.md, "Paths and deadlocks". With `infinite`
    (the quantifiers of MCMAS's `LTL`/`CTL*` entries) they are the infinite fair
    paths whatever the path formula's shape; without it a CTL-shaped path
    formula gets the CTL fixpoint reading, under which a deadlocked successor
    counts.
    """

    path: Formula
    infinite: bool = False
    pos: Position | None = _pos()


@_node
class A:
    """Every path from the current state satisfies the path formula (`infinite`: as for `E`)."""

    path: Formula
    infinite: bool = False
    pos: Position | None = _pos()


# ---------------------------------------------------------------- temporal (path) operators


@_node
class X:
    operand: Formula
    pos: Position | None = _pos()


@_node
class F:
    operand: Formula
    pos: Position | None = _pos()


@_node
class G:
    operand: Formula
    pos: Position | None = _pos()


@_node
class U:
    """Strong until."""

    left: Formula
    right: Formula
    pos: Position | None = _pos()


@_node
class R:
    """Release: `φ R ψ` = `!(!φ U !ψ)`."""

    left: Formula
    right: Formula
    pos: Position | None = _pos()


@_node
class W:
    """Weak until: `φ W ψ` = `(φ U ψ) or G φ`."""

    left: Formula
    right: Formula
    pos: Position | None = _pos()


# ---------------------------------------------------------------- epistemic and deontic


@_node
class K:
    """Agent `agent` knows the operand."""

    agent: str
    operand: Formula
    pos: Position | None = _pos()


@_node
class GK:
    """Everybody in group `group` knows the operand."""

    group: str
    operand: Formula
    pos: Position | None = _pos()


@_node
class DK:
    """The operand is distributed knowledge in group `group`."""

    group: str
    operand: Formula
    pos: Position | None = _pos()


@_node
class GCK:
    """The operand is common knowledge in group `group`."""

    group: str
    operand: Formula
    pos: Position | None = _pos()


@_node
class O:
    """Deontic: the operand holds wherever `agent` is in a green (correct) state."""

    agent: str
    operand: Formula
    pos: Position | None = _pos()


# ---------------------------------------------------------------- commitments


@_node
class C:
    """CTLC+ commitment `C(debtor, creditor, φ)`: φ holds in every ~debtor→creditor-successor (docs/semantics.md)."""

    debtor: str
    creditor: str
    operand: Formula
    pos: Position | None = _pos()


@_node
class Fu:
    """Fulfilment `Fu(C(debtor, creditor, φ))`: some state the current one is ~debtor→creditor-accessible from commits to φ."""

    debtor: str
    creditor: str
    operand: Formula
    pos: Position | None = _pos()


@_node
class SC:
    """ACTL*sc social commitment `SC(debtor, creditor, ψ)`: the two interact here and `E ψ` holds.

    With a `condition` τ it is the conditional commitment `SC(debtor, creditor, τ, ψ)`, which
    means `τ -> SC(debtor, creditor, ψ)`.
    """

    debtor: str
    creditor: str
    path: Formula
    condition: Formula | None = None
    pos: Position | None = _pos()


# ---------------------------------------------------------------- strategic (ATL)


@_node
class ATL:
    """`<group> X φ`, `<group> F φ`, `<group> G φ` or `<group> (φ U ψ)`.

    `path` is an `X`, `F`, `G` or `U` node over state formulas.
    """

    group: str
    path: Formula
    pos: Position | None = _pos()


Formula = (
    Prop | AgentStates | ActionAtom | Const
    | Not | And | Or | Implies | Iff
    | E | A | X | F | G | U | R | W
    | K | GK | DK | GCK | O | C | Fu | SC | ATL
)

TEMPORAL = (X, F, G, U, R, W)
BINARY_BOOLEAN = (And, Or, Implies, Iff)
EPISTEMIC = (K, GK, DK, GCK, O)
COMMITMENTS = (C, Fu, SC)


def children(formula: Formula) -> tuple[Formula, ...]:
    """The direct subformulas of a node, left to right."""
    read = _CHILDREN.get(type(formula)) or _children_of_subclass(formula)
    return read(formula)


def _children_of_subclass(formula: Formula) -> Callable[[Any], tuple[Formula, ...]]:
    """The reader of the nearest node class `type(formula)` derives from, kept for that class too."""
    node_class = type(formula)
    base = next((base for base in node_class.__mro__ if base in _CHILDREN), None)
    if base is None:
        raise TypeError(f"not a formula: {formula!r}")
    read = _CHILDREN[node_class] = _CHILDREN[base]
    return read


def _no_children(formula: Formula) -> tuple[Formula, ...]:
    return ()


def _operand(formula: Any) -> tuple[Formula, ...]:
    return (formula.operand,)


def _path(formula: Any) -> tuple[Formula, ...]:
    return (formula.path,)


def _sc_children(formula: Any) -> tuple[Formula, ...]:
    return (formula.path,) if formula.condition is None else (formula.condition, formula.path)


_CHILDREN: dict[type, Callable[[Any], tuple[Formula, ...]]] = {
    **dict.fromkeys((Prop, AgentStates, ActionAtom, Const), _no_children),
    **dict.fromkeys((Not, X, F, G, K, GK, DK, GCK, O, C, Fu), _operand),
    **dict.fromkeys((E, A, ATL), _path),
    **dict.fromkeys((And, Or, Implies, Iff, U, R, W), operator.attrgetter("left", "right")),
    SC: _sc_children,
}
"""`children` by the node's class (subclasses are added on first use): one lookup, where a `match` over the
classes tried up to 25 patterns."""


def _decide_state_formula(node: Formula) -> bool | None:
    if isinstance(node, (X, F, G, U, R, W, ActionAtom)):
        return False
    if isinstance(node, (E, A, ATL, SC)):
        return True
    return None


def memoised_conjunction(decide: Callable[[Formula], bool | None]) -> Callable[[Formula], bool]:
    """A predicate over formulas: `decide(node)`, or when that is None the conjunction over the children.

    Evaluated bottom-up with a loop and remembered per node (weakly): asked at every
    level of a formula nested 10,000 deep, it costs linear time, not quadratic.
    """
    known: weakref.WeakKeyDictionary[Formula, bool] = weakref.WeakKeyDictionary()

    def predicate(formula: Formula) -> bool:
        answer = known.get(formula)
        if answer is not None:
            return answer
        pending: list[tuple[Formula, bool]] = [(formula, False)]
        while pending:
            node, children_known = pending.pop()
            if node in known:
                continue
            if children_known:
                known[node] = all(known[child] for child in children(node))
                continue
            decided = decide(node)
            if decided is not None:
                known[node] = decided
                continue
            pending.append((node, True))
            pending.extend((child, False) for child in children(node) if child not in known)
        return known[formula]

    return predicate


is_state_formula = memoised_conjunction(_decide_state_formula)
"""True when the formula has no temporal operator (or action atom) outside a path quantifier."""

BOOLEAN_CONNECTIVES = (Not, And, Or, Implies, Iff)

is_propositional = memoised_conjunction(
    lambda node: None if isinstance(node, BOOLEAN_CONNECTIVES) else isinstance(node, (Prop, AgentStates, Const)))
"""Atoms (propositions, red/green states, constants) under Boolean connectives only."""

_no_boolean_level_quantifier = memoised_conjunction(
    lambda node: False if isinstance(node, (E, A)) else None if isinstance(node, BOOLEAN_CONNECTIVES) else True)


def reads_as_state_formula(path: Formula, infinite: bool) -> bool:
    """Whether `E path` and `A path` mean `path` itself (fairness aside).

    True for a state formula, except that under an `infinite` quantifier (MCMAS's
    `LTL`/`CTL*` entries) an `E`/`A` reached through Boolean connectives alone makes it
    a path formula over infinite paths, as MCMAS reads it: `E (A φ)` is false where no
    infinite path starts (docs/semantics.md, "MCMAS's `LTL` and `CTL*` entries").
    """
    return is_state_formula(path) and (not infinite or _no_boolean_level_quantifier(path))


# ---------------------------------------------------------------- printing

_BINARY_SYMBOL = {And: "and", Or: "or", Implies: "->", Iff: "<->", U: "U", R: "R", W: "W"}
_UNARY_TEMPORAL = {X: "X", F: "F", G: "G"}
_CTL_NAMES = {(E, X): "EX", (A, X): "AX", (E, F): "EF", (A, F): "AF", (E, G): "EG", (A, G): "AG"}


def to_text(formula: Formula, *, limit: int | None = None) -> str:
    """Fully parenthesised text in ctlstark's own syntax; parsing it gives the formula back.

    With `limit`, at most that many operators and atoms are written and the rest of each
    operand becomes `…` (for listings of huge formulas; such a text does not parse).
    """
    return _Printer(limit).text(formula)


class _Printer:
    """`to_text` with an optional budget of nodes, so a bounded text costs only what it shows."""

    def __init__(self, limit: int | None) -> None:
        self.budget = limit

    def text(self, formula: Formula) -> str:
        if self.budget is not None:
            if self.budget <= 0:
                return "…"
            self.budget -= 1
        to_text = self.text
        match formula:
            case Prop(name=name):
                return f"({name})" if is_comparison_name(name) else name  # parenthesised like an action atom
            case AgentStates(agent=agent, kind=kind):
                return f"{agent}.{'RedStates' if kind == 'red' else 'GreenStates'}"
            case ActionAtom(agent=agent, action=action):
                return f"({agent}.Action = {action})"  # parenthesised: `G F (E.Action = a) -> …` reads unambiguously
            case Const(value=value):
                return "true" if value else "false"
            case Not(operand=x):
                return f"!{to_text(x)}"
            case E(path=path) | A(path=path):
                quantifier = type(formula)
                inner_type = type(path)
                if (quantifier, inner_type) in _CTL_NAMES and is_state_formula(path.operand):  # type: ignore[union-attr]
                    return f"{_CTL_NAMES[(quantifier, inner_type)]} {to_text(path.operand)}"  # type: ignore[union-attr]
                name = "E" if quantifier is E else "A"
                if isinstance(path, U) and is_state_formula(path.left) and is_state_formula(path.right):
                    return f"{name}({to_text(path.left)} U {to_text(path.right)})"
                if isinstance(path, BINARY_BOOLEAN + (U, R, W)):
                    return f"{name} {to_text(path)}"
                return f"{name} ({to_text(path)})"
            case X() | F() | G():
                return f"{_UNARY_TEMPORAL[type(formula)]} {to_text(formula.operand)}"
            case K(agent=who, operand=x) | O(agent=who, operand=x):
                return f"{type(formula).__name__}({who}, {to_text(x)})"
            case GK(group=who, operand=x) | DK(group=who, operand=x) | GCK(group=who, operand=x):
                return f"{type(formula).__name__}({who}, {to_text(x)})"
            case C(debtor=debtor, creditor=creditor, operand=x):
                return f"C({debtor}, {creditor}, {to_text(x)})"
            case Fu(debtor=debtor, creditor=creditor, operand=x):
                return f"Fu(C({debtor}, {creditor}, {to_text(x)}))"
            case SC(debtor=debtor, creditor=creditor, path=path, condition=condition):
                condition_text = "" if condition is None else f"{to_text(condition)}, "
                return f"SC({debtor}, {creditor}, {condition_text}{to_text(path)})"
            case ATL(group=group, path=path):
                if isinstance(path, U):
                    return f"<{group}>({to_text(path.left)} U {to_text(path.right)})"
                return f"<{group}>{_UNARY_TEMPORAL[type(path)]} {to_text(path.operand)}"  # type: ignore[union-attr]
            case And() | Or() | Implies() | Iff() | U() | R() | W():
                return f"({to_text(formula.left)} {_BINARY_SYMBOL[type(formula)]} {to_text(formula.right)})"
        raise TypeError(f"not a formula: {formula!r}")
