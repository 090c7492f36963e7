"""EXIST-PATH by a generalized Büchi automaton: a second symbolic route for `E ψ`, to cross-check the tableau.

`exists_path_buchi(system, ψ, label, constraints)` returns the reachable states
where some infinite fair path satisfies the path formula ψ (docs/semantics.md,
"Paths and deadlocks"), by a construction that shares with
`mc/tableau.py` only the negation normal form (`path_nnf`), the state leaves'
labels and the model's pre-image (not even the Emerson–Lei loop of `mc.ctl`):

1. **Automaton.** ψ in negation normal form over `X U R` (`path_nnf`; its
   leaves are state formulas) is translated into a generalized Büchi automaton
   by the graph construction of Gerth, Peled, Vardi and Wolper: a node is a
   set `old` of subformulas that hold at a position (fully expanded) with the
   set `next` owed at the following one; nodes with equal `old` and `next`
   are merged, and each records the nodes it can be entered from. A node
   reads the state leaves of its `old` (they must hold at the model state);
   each until `μ U η` gives one acceptance set, the nodes where it is not
   promised or η holds.
2. **Symbolic encoding.** A node is a binary-coded index over `#buchi.k`
   bits declared after the model's bits (current and next twins, shared by
   every formula of a system). Three BDDs describe the automaton: the
   *valid* product states `reachable(s) ∧ ⋁_q code(q) ∧ leaves_q(s)`, the
   edges `⋁ code(p) ∧ code'(q)`, the initial nodes; plus one BDD per
   acceptance set.
3. **Product pre-image** of a product set Z(s, q):
   `preimage_model(∃q'. edges(q, q') ∧ Z[q := q']) ∧ valid`; the model's own
   partitioned pre-image renames and quantifies the model bits (and the
   actions) and leaves the automaton bits alone.
4. **Fair cycles.** Emerson–Lei `νZ. ⋀_F EX E[Z U (Z ∧ F)]` inside the valid
   states, for F over the automaton's acceptance sets and the model's
   fairness sets; `E ψ = ∃q. initial(q) ∧ fair(s, q)`. Deadlocked states have
   no product successor, so only infinite paths count.

Action atoms are out of scope (`UnsupportedFormula`): a path formula with one
goes to the tableau only.

Reference: R. Gerth, D. Peled, M. Vardi, P. Wolper, "Simple on-the-fly automatic
verification of linear temporal logic", PSTV 1995; E. A. Emerson, C.-L. Lei,
"Modalities for model checking: branching time logic strikes back", 1987.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from ctlstark.errors import UnsupportedFormula
from ctlstark.logic import formula as f
from ctlstark.logic.normalise import path_nnf
from ctlstark.symbolic import bdd as backend
from ctlstark.symbolic.bdd import Function
from ctlstark.symbolic.system import SymbolicSystem

BUCHI_PREFIX = "#buchi"
INITIAL = -1
"""The pseudo-node `init` of GPVW: a node whose `incoming` holds it is an initial node."""

Label = Callable[[f.Formula], Function]


# ---------------------------------------------------------------- the automaton (GPVW)


@dataclass(frozen=True)
class BuchiAutomaton:
    """A generalized Büchi automaton whose nodes read state formulas.

    `old[q]` is what holds at a position where the run is in node q; its state
    leaves label q. `incoming[q]` lists the nodes with an edge into q
    (`INITIAL` for the initial nodes). `untils` are the until subformulas, one
    acceptance set each.
    """

    old: tuple[frozenset[f.Formula], ...]
    incoming: tuple[frozenset[int], ...]
    untils: tuple[f.U, ...]

    def __len__(self) -> int:
        return len(self.old)

    def initial(self) -> list[int]:
        """The nodes a run may start in."""
        return [node for node, sources in enumerate(self.incoming) if INITIAL in sources]

    def edges(self) -> Iterator[tuple[int, int]]:
        """Every edge (source, target) between nodes."""
        for target, sources in enumerate(self.incoming):
            for source in sorted(sources - {INITIAL}):
                yield source, target

    def leaves(self, node: int) -> list[f.Formula]:
        """The state formulas node `node` requires at the model state (`true` omitted)."""
        return [item for item in self.old[node] if f.is_state_formula(item) and item != f.Const(True)]

    def accepting(self, until: f.U) -> list[int]:
        """The acceptance set of `until`: nodes where it is not promised, or its right side holds."""
        return [node for node, old in enumerate(self.old) if until not in old or until.right in old]


@dataclass
class _Pending:
    """A GPVW node under expansion: `new` are the obligations not yet split."""

    incoming: set[int]
    old: frozenset[f.Formula]
    new: tuple[f.Formula, ...]
    following: frozenset[f.Formula] = field(default_factory=frozenset)

    def with_items(self, old: Sequence[f.Formula] = (), new: Sequence[f.Formula] = (),
                   following: Sequence[f.Formula] = ()) -> _Pending:
        """A copy with more `old`, `new` and `following` items (its own `incoming` set)."""
        return _Pending(set(self.incoming), self.old | set(old), tuple(new) + self.new,
                        self.following | set(following))


def build_automaton(path: f.Formula) -> BuchiAutomaton:
    """The GPVW automaton of a path formula (put in negation normal form first).

    Raises `UnsupportedFormula` when the formula has an action atom.
    """
    nnf = path_nnf(path)
    for item in _skeleton(nnf):
        if isinstance(item, f.ActionAtom):
            raise UnsupportedFormula(f"the Büchi route cannot handle the action atom {f.to_text(item)}")
    olds: list[frozenset[f.Formula]] = []
    incomings: list[set[int]] = []
    known: dict[tuple[frozenset[f.Formula], frozenset[f.Formula]], int] = {}
    pending = [_Pending({INITIAL}, frozenset(), (nnf,))]
    while pending:
        node = pending.pop()
        if node.new:
            pending.extend(_split(node))
            continue
        key = (node.old, node.following)
        if key in known:
            incomings[known[key]] |= node.incoming
            continue
        known[key] = len(olds)
        olds.append(node.old)
        incomings.append(set(node.incoming))
        pending.append(_Pending({known[key]}, frozenset(), tuple(node.following)))
    return BuchiAutomaton(tuple(olds), tuple(frozenset(sources) for sources in incomings), tuple(_untils(nnf)))


def _split(node: _Pending) -> list[_Pending]:
    """One GPVW step: discharge the first obligation of `node.new` (no, one or two nodes result)."""
    head = node.new[0]
    rest = _Pending(node.incoming, node.old, node.new[1:], node.following)
    if head in node.old:
        return [rest]
    if f.is_state_formula(head):
        if head == f.Const(False) or _negation(head) in node.old:
            return []
        return [rest.with_items(old=[head])]
    match head:
        case f.And(left=left, right=right):
            return [rest.with_items(old=[head], new=[left, right])]
        case f.Or(left=left, right=right):
            return [rest.with_items(old=[head], new=[left]), rest.with_items(old=[head], new=[right])]
        case f.X(operand=operand):
            return [rest.with_items(old=[head], following=[operand])]
        case f.U(left=left, right=right):
            return [rest.with_items(old=[head], new=[left], following=[head]), rest.with_items(old=[head], new=[right])]
        case f.R(left=left, right=right):
            return [rest.with_items(old=[head], new=[right], following=[head]),
                    rest.with_items(old=[head], new=[left, right])]
    raise UnsupportedFormula(f"the Büchi route cannot handle {f.to_text(head)}")


def _negation(leaf: f.Formula) -> f.Formula:
    """The negated state leaf as `path_nnf` writes it."""
    return leaf.operand if isinstance(leaf, f.Not) else f.Not(leaf)


def _skeleton(nnf: f.Formula) -> Iterator[f.Formula]:
    """The nodes of the path formula above its state leaves (action atoms included), pre-order."""
    stack = [nnf]
    while stack:
        item = stack.pop()
        if not f.is_state_formula(item):
            yield item
            stack.extend(reversed(f.children(item)))


def _untils(nnf: f.Formula) -> list[f.U]:
    """The until subformulas of the path skeleton (not those inside state leaves), without repeats."""
    found: list[f.U] = []
    for item in _skeleton(nnf):
        if isinstance(item, f.U) and item not in found:
            found.append(item)
    return found


# ---------------------------------------------------------------- the symbolic product


def automaton_bits(system: SymbolicSystem, count: int) -> list[tuple[str, str]]:
    """(current, next) bit names enough to code `count` nodes; declared after the model's bits on first use."""
    width = max(1, (count - 1).bit_length())
    pairs = [(f"{BUCHI_PREFIX}.{k}", f"{BUCHI_PREFIX}.{k}'") for k in range(width)]
    for pair in pairs:
        if pair[0] not in system.bdd.vars:
            backend.declare_block(system.bdd, list(pair))
    return pairs


class BuchiProduct:
    """The product of a system with one automaton, as BDDs over model bits and automaton bits.

    `valid`: reachable model states paired with the nodes whose leaves they
    satisfy; `initial`: the initial nodes; `acceptance`: one node set per until.
    """

    def __init__(self, system: SymbolicSystem, automaton: BuchiAutomaton, label: Label):
        self.system = system
        self.bdd = system.bdd
        self._bits = automaton_bits(system, len(automaton))
        self._to_next = dict(self._bits)
        self._next_bits = frozenset(self._to_next.values())
        self.valid = system.reachable & self._labelled_nodes(automaton, label)
        self.initial = self._nodes(automaton.initial())
        self.acceptance = [self._nodes(automaton.accepting(until)) for until in automaton.untils]
        self._edges = self._edge_relation(automaton)

    @property
    def current_bits(self) -> list[str]:
        """The current automaton bits (what `∃q` quantifies)."""
        return [current for current, _ in self._bits]

    def code(self, node: int, *, primed: bool = False) -> Function:
        """The cube of node `node` on the current (or next) automaton bits."""
        assignment = {pair[primed]: bool(node >> k & 1) for k, pair in enumerate(self._bits)}
        return backend.cube(self.bdd, assignment)

    def preimage(self, target: Function) -> Function:
        """Valid product states with a product successor in `target` (a set of valid product states)."""
        successor = backend.rename_disjoint(self.bdd, target, self._to_next)
        successor = backend.and_exists(successor, self._edges, self._next_bits)
        return self.system.preimage(successor) & self.valid

    def _nodes(self, nodes: Sequence[int]) -> Function:
        """The disjunction of the codes of `nodes` (current bits)."""
        result = self.bdd.false
        for node in nodes:
            result |= self.code(node)
        return result

    def _labelled_nodes(self, automaton: BuchiAutomaton, label: Label) -> Function:
        """`⋁_q code(q) ∧ ⋀ leaves(q)` over all valuations of the model bits."""
        result = self.bdd.false
        for node in range(len(automaton)):
            reads = self.bdd.true
            for leaf in automaton.leaves(node):
                reads &= label(leaf)
            result |= self.code(node) & reads
        return result

    def _edge_relation(self, automaton: BuchiAutomaton) -> Function:
        """`⋁ code(p) ∧ code'(q)` over the automaton's edges p → q."""
        result = self.bdd.false
        for source, target in automaton.edges():
            result |= self.code(source) & self.code(target, primed=True)
        return result


def _reach_within(product: BuchiProduct, hold: Function, goal: Function) -> Function:
    """`E[hold U goal]` in the product (least fixpoint, by frontiers)."""
    reached = goal
    frontier = goal
    while frontier != product.bdd.false:
        frontier = hold & product.preimage(frontier) & ~reached
        reached |= frontier
    return reached


def fair_product_states(product: BuchiProduct, constraints: Sequence[Function]) -> Function:
    """Valid product states with an infinite path visiting every constraint infinitely often (Emerson–Lei).

    `νZ. ⋀_F EX E[Z U (Z ∧ F)]` inside the valid states; with no constraint, the
    states with any infinite path.
    """
    sets = list(constraints) or [product.bdd.true]
    current = product.valid
    while True:
        narrowed = current
        for constraint in sets:
            narrowed &= product.preimage(_reach_within(product, current, current & constraint))
        if narrowed == current:
            return current
        current = narrowed


def exists_path_buchi(system: SymbolicSystem, path: f.Formula, label: Label,
                      constraints: Sequence[Function]) -> Function:
    """Reachable states where an infinite path fair for `constraints` satisfies the path formula `path`.

    `label` gives the reachable states of each state leaf (LABEL);
    `constraints` are the model's fairness sets (state sets). An action atom in
    `path` raises `UnsupportedFormula`.
    """
    with backend.memory_guard():
        automaton = build_automaton(path)
        if not len(automaton):
            return system.bdd.false
        product = BuchiProduct(system, automaton, label)
        fair = fair_product_states(product, product.acceptance + list(constraints))
        return backend.exist(system.bdd, product.current_bits, fair & product.initial)
