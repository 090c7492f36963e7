"""Explicit CTL*K path formulas: a Büchi-automaton product for `E ψ`.

`E ψ` for a general path formula ψ ranges over infinite fair paths (docs/semantics.md,
"Paths and deadlocks"). The oracle decides it with a method independent of the
symbolic tableau:

1. TRANS: every maximal state subformula of ψ, and every action atom, becomes a
   literal whose truth the caller computes (`leaf_states`); ψ is put in negation
   normal form over `X U R` (own translation, `to_nnf`).
2. The classic on-the-fly tableau of Gerth, Peled, Vardi and Wolper turns the NNF
   into a generalized Büchi automaton: a node is a fully expanded set of
   obligations (`Node.now`) plus what must hold next (`Node.later`); one acceptance
   set per until `μ U η`: the nodes where it is not promised or η holds.
3. The explicit product with the reachable state graph; Tarjan's SCCs; a state
   satisfies `E ψ` iff one of its initial product vertices reaches a nontrivial
   SCC meeting every acceptance set and every model fairness set — with the model's
   compassion pairs, a fair SCC of the Streett condition (`graph.fair_cycle_nodes`:
   a component that meets p but not q loses its p vertices and is searched again).

Action atoms (docs/commitments.md, "Action atoms"): a path is s0 a0 s1 a1 …, and
`i.Action = a` holds at position k iff agent i's component of a_k is a. When ψ
contains one, the product runs over *positions* (s, a) — a state with a joint
action taken from it — instead of states: (s, a) → (t, b) for t a successor of
s under a and b any joint action taken from t. A deadlocked t has no action,
hence no position: no infinite path goes through it, as required. State
literals hold at (s, a) iff they hold at s; fairness likewise. `E ψ` holds at
s iff some position (s, a) starts an accepting path (`exists_fair_action_path`).
Formulas without action atoms keep the plain state product.

`semantics.lasso.holds_on_lasso` evaluates a path formula on one ultimately periodic
path without an automaton; the tests cross-check this product against it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import TypeVar, Union

from ..errors import UnsupportedFormula
from ..logic import formula as f
from ..runtime.records import record
from .graph import backward_closure, fair_cycle_nodes
from ..semantics.lasso import Lasso, holds_on_lasso
from ..semantics.transitions import Joint, State

StateSet = frozenset[State]
ActionPosition = tuple[State, Joint]
"""A position of an action-labelled path: a state and the joint action taken from it."""

# ---------------------------------------------------------------- negation normal form over X U R


@record
class Truth:
    """`true` or `false`."""

    value: bool


@record
class Literal:
    """The state leaf number `leaf` holds (`positive`) or does not hold."""

    leaf: int
    positive: bool


@record
class Conj:
    """Both hold."""

    left: Nnf
    right: Nnf


@record
class Disj:
    """One of them holds."""

    left: Nnf
    right: Nnf


@record
class Next:
    """Holds at the next position."""

    operand: Nnf


@record
class Until:
    """Strong until."""

    left: Nnf
    right: Nnf


@record
class Release:
    """`left R right` = `not (not left U not right)`."""

    left: Nnf
    right: Nnf


Nnf = Union[Truth, Literal, Conj, Disj, Next, Until, Release]


def to_nnf(path: f.Formula, leaves: list[f.Formula]) -> Nnf:
    """Negation normal form of `path`; each maximal state subformula becomes a `Literal`.

    `leaves` collects the state subformulas and action atoms (a leaf's number is
    its index there); constants become `Truth`.
    """
    return _nnf(path, False, leaves)


def _leaf(formula: f.Formula, negated: bool, leaves: list[f.Formula]) -> Nnf:
    while isinstance(formula, f.Not):
        formula, negated = formula.operand, not negated
    if isinstance(formula, f.Const):
        return Truth(formula.value != negated)
    if formula not in leaves:
        leaves.append(formula)
    return Literal(leaves.index(formula), not negated)


def _nnf(formula: f.Formula, negated: bool, leaves: list[f.Formula]) -> Nnf:
    if f.is_state_formula(formula):
        return _leaf(formula, negated, leaves)

    def pos(x: f.Formula) -> Nnf:
        return _nnf(x, False, leaves)

    def neg(x: f.Formula) -> Nnf:
        return _nnf(x, True, leaves)

    match formula:
        case f.Not(operand=x):
            return _nnf(x, not negated, leaves)
        case f.And(left=l, right=r):
            return Disj(neg(l), neg(r)) if negated else Conj(pos(l), pos(r))
        case f.Or(left=l, right=r):
            return Conj(neg(l), neg(r)) if negated else Disj(pos(l), pos(r))
        case f.Implies(left=l, right=r):
            return Conj(pos(l), neg(r)) if negated else Disj(neg(l), pos(r))
        case f.Iff(left=l, right=r):
            if negated:
                return Disj(Conj(pos(l), neg(r)), Conj(neg(l), pos(r)))
            return Disj(Conj(pos(l), pos(r)), Conj(neg(l), neg(r)))
        case f.X(operand=x):
            return Next(neg(x) if negated else pos(x))
        case f.F(operand=x):
            return Release(Truth(False), neg(x)) if negated else Until(Truth(True), pos(x))
        case f.G(operand=x):
            return Until(Truth(True), neg(x)) if negated else Release(Truth(False), pos(x))
        case f.U(left=l, right=r):
            return Release(neg(l), neg(r)) if negated else Until(pos(l), pos(r))
        case f.R(left=l, right=r):
            return Until(neg(l), neg(r)) if negated else Release(pos(l), pos(r))
        case f.W(left=l, right=r):
            # l W r = r R (l or r);  not (l W r) = (not r) U (not l and not r)
            if negated:
                return Until(neg(r), Conj(neg(l), neg(r)))
            return Release(pos(r), Disj(pos(l), pos(r)))
        case f.ActionAtom():
            return _leaf(formula, negated, leaves)
    raise UnsupportedFormula(f"not a path formula: {f.to_text(formula)}")


# ---------------------------------------------------------------- the GPVW tableau


@record
class Node:
    """An automaton node: every obligation of the current position, fully expanded, and the next ones."""

    now: frozenset[Nnf]
    later: frozenset[Nnf]

    def literals(self) -> list[Literal]:
        return [item for item in self.now if isinstance(item, Literal)]

    def fulfils(self, until: Until) -> bool:
        """Whether the node is in the acceptance set of `until` (not promised, or kept now)."""
        return until not in self.now or until.right in self.now


def expand(obligations: frozenset[Nnf]) -> frozenset[Node]:
    """The nodes that discharge `obligations` at one position (GPVW expansion, one per choice)."""
    found: set[Node] = set()
    _expand(tuple(obligations), frozenset(), frozenset(), found)
    return frozenset(found)


def _expand(pending: tuple[Nnf, ...], now: frozenset[Nnf], later: frozenset[Nnf], found: set[Node]) -> None:
    if not pending:
        found.add(Node(now, later))
        return
    head, rest = pending[0], pending[1:]
    if head in now:
        _expand(rest, now, later, found)
        return
    now_with_head = now | {head}
    match head:
        case Truth(value=value):
            if value:
                _expand(rest, now_with_head, later, found)
        case Literal(leaf=leaf, positive=positive):
            if Literal(leaf, not positive) not in now:
                _expand(rest, now_with_head, later, found)
        case Conj(left=l, right=r):
            _expand((l, r) + rest, now_with_head, later, found)
        case Disj(left=l, right=r):
            _expand((l,) + rest, now_with_head, later, found)
            _expand((r,) + rest, now_with_head, later, found)
        case Next(operand=x):
            _expand(rest, now_with_head, later | {x}, found)
        case Until(left=l, right=r):
            _expand((r,) + rest, now_with_head, later, found)
            _expand((l,) + rest, now_with_head, later | {head}, found)
        case Release(left=l, right=r):
            _expand((l, r) + rest, now_with_head, later, found)
            _expand((r,) + rest, now_with_head, later | {head}, found)


def untils(formula: Nnf) -> list[Until]:
    """Every until subformula (each gives one acceptance set)."""
    found: list[Until] = []

    def visit(node: Nnf) -> None:
        if isinstance(node, Until) and node not in found:
            found.append(node)
        for child in _nnf_children(node):
            visit(child)

    visit(formula)
    return found


def _nnf_children(node: Nnf) -> tuple[Nnf, ...]:
    match node:
        case Conj(left=l, right=r) | Disj(left=l, right=r) | Until(left=l, right=r) | Release(left=l, right=r):
            return (l, r)
        case Next(operand=x):
            return (x,)
    return ()


# ---------------------------------------------------------------- the product and its fair SCCs

Position = TypeVar("Position", bound=Hashable)


def accepting_positions(
    formula: Nnf,
    positions: Iterable[Position],
    successors: Mapping[Position, Iterable[Position]],
    literal_holds: Callable[[Position, int], bool],
    fairness: Sequence[Callable[[Position], bool]],
    compassion: Sequence[tuple[Callable[[Position], bool], Callable[[Position], bool]]] = (),
) -> frozenset[Position]:
    """The positions where an infinite path, meeting every `fairness` test infinitely often, satisfies `formula`.

    A position is whatever the path graph is made of (a state, or a state with an
    action); `literal_holds(position, leaf)` says whether leaf number `leaf` holds there.
    For each `compassion` pair (p, q) of tests the path, if it meets p infinitely often,
    meets q infinitely often (`graph.fair_cycle_nodes`).
    """

    def admits(position: Position, node: Node) -> bool:
        return all(literal_holds(position, lit.leaf) == lit.positive for lit in node.literals())

    memo: dict[frozenset[Nnf], frozenset[Node]] = {}

    def expanded(obligations: frozenset[Nnf]) -> frozenset[Node]:
        if obligations not in memo:
            memo[obligations] = expand(obligations)
        return memo[obligations]

    initial_nodes = expanded(frozenset({formula}))
    starts = [(p, node) for p in positions for node in initial_nodes if admits(p, node)]
    graph: dict[tuple[Position, Node], list[tuple[Position, Node]]] = {}
    frontier = list(starts)
    while frontier:
        vertex = frontier.pop()
        if vertex in graph:
            continue
        position, node = vertex
        following = expanded(node.later)
        graph[vertex] = [(t, n) for t in successors[position] for n in following if admits(t, n)]
        frontier.extend(v for v in graph[vertex] if v not in graph)

    justice = [_fulfils(until) for until in untils(formula)] + [_at_position(fair) for fair in fairness]
    pairs = [(_at_position(p), _at_position(q)) for p, q in compassion]
    cores = fair_cycle_nodes(graph.keys(), graph, justice, pairs)

    predecessors: dict[tuple[Position, Node], list[tuple[Position, Node]]] = {}
    for source, targets in graph.items():
        for target in targets:
            predecessors.setdefault(target, []).append(source)
    good = backward_closure(cores, predecessors, lambda _: True)
    return frozenset(position for position, node in starts if (position, node) in good)


def exists_fair_path(
    formula: Nnf,
    leaf_states: Sequence[StateSet],
    states: StateSet,
    successors: Mapping[State, frozenset[State]],
    fairness_sets: Sequence[StateSet],
    compassion_sets: Sequence[tuple[StateSet, StateSet]] = (),
) -> StateSet:
    """The states of `states` where an infinite path meeting every fairness set infinitely often, and for every
    compassion pair (P, Q) meeting Q infinitely often if it meets P infinitely often, satisfies `formula`."""
    return accepting_positions(
        formula, states, successors,
        lambda state, leaf: state in leaf_states[leaf],
        [fair.__contains__ for fair in fairness_sets],
        [(p.__contains__, q.__contains__) for p, q in compassion_sets],
    )


def action_positions(
    labelled: Mapping[State, Mapping[Joint, frozenset[State]]],
) -> dict[ActionPosition, list[ActionPosition]]:
    """The position graph of action-labelled paths: (s, a) → (t, b), t a successor of s under a, b taken from t."""
    return {
        (state, action): [(target, following) for target in targets for following in labelled[target]]
        for state, by_action in labelled.items()
        for action, targets in by_action.items()
    }


def exists_fair_action_path(
    formula: Nnf,
    leaf_holds: Sequence[Callable[[ActionPosition], bool]],
    labelled: Mapping[State, Mapping[Joint, frozenset[State]]],
    fairness_sets: Sequence[StateSet],
    compassion_sets: Sequence[tuple[StateSet, StateSet]] = (),
) -> StateSet:
    """The states where an infinite fair path s0 a0 s1 a1 … satisfies `formula`, whose leaves may be action atoms.

    `leaf_holds[k]` decides leaf k at a position (s, a); `labelled` maps each
    reachable state to its joint actions and their successors (`ExplicitSystem.labelled_successors`).
    """
    graph = action_positions(labelled)
    found = accepting_positions(
        formula, graph.keys(), graph,
        lambda position, leaf: leaf_holds[leaf](position),
        [_state_in(fair) for fair in fairness_sets],
        [(_state_in(p), _state_in(q)) for p, q in compassion_sets],
    )
    return frozenset(state for state, _ in found)


def _fulfils(until: Nnf) -> Callable[[tuple[Hashable, Node]], bool]:
    """The test "the product vertex's automaton node fulfils `until`"."""
    return lambda vertex: vertex[1].fulfils(until)


def _at_position(test: Callable[[Position], bool]) -> Callable[[tuple[Position, Node]], bool]:
    """`test` on the position of a product vertex (position, automaton node)."""
    return lambda vertex: test(vertex[0])


def _state_in(states: StateSet) -> Callable[[ActionPosition], bool]:
    """The test "the position's state is in `states`" (a function, so each test keeps its own set)."""
    return lambda position: position[0] in states


__all__ = [
    "ActionPosition", "Lasso", "Node", "accepting_positions", "action_positions", "exists_fair_action_path",
    "exists_fair_path", "expand", "holds_on_lasso", "to_nnf", "untils",
]
