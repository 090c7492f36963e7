"""Textbook explicit-state evaluation of CTL*K formulas (the symbolic engine's test oracle).

Everything follows docs/semantics.md on sets of reachable states, but with
algorithms chosen to be independent of the symbolic fixpoints:

* `E(φ U ψ)`: backward breadth-first search from `ψ ∧ fair` through `φ`;
* `EG φ` (fair or not): Tarjan's strongly connected components of the graph
  restricted to `φ`; keep the nontrivial components that meet every fairness
  set, then search backward inside `φ` (Clarke–Emerson–Sistla); with
  compassion pairs (p, q), a component that meets p but not q loses its p
  states and is decomposed again (Streett emptiness, `graph.fair_cycle_nodes`);
* `E ψ` for a path formula ψ that is not CTL-shaped: infinite fair paths only,
  decided by a generalized Büchi automaton (GPVW expansion) and an explicit
  product with SCC analysis (`explicit/ltl.py`);
* `K`, `DK`: group the fair reachable states by the observed variables;
* `GCK`: breadth-first search along the union of the members' relations;
* `C`, `Fu`: the relation ~i→j built pair by pair from its definition
  (`commitment_successors`), then the definitions read off it; `SC(i, j, ψ)`:
  the interaction proposition ∧ `E ψ`;
* action atoms in a path formula: the product runs over (state, joint action)
  positions (`explicit/ltl.py`);
* `<g>X/F/G/U`: the one-step game of the coalition enumerated state by state
  (its choices, the others' responses, the successors of each joint action),
  then the fixpoints of its controllable pre-image, without fairness
  (`explicit/strategic.py`); with `strategies` other than "perfect", uniform
  memoryless strategies enumerated one by one (`explicit/uniform.py`);
* `A ψ` is `¬E ¬ψ`.

Which semantics a path quantifier gets (docs/semantics.md, "Paths and
deadlocks"): over a state formula φ, `E φ = φ ∧ fair`; over a CTL-shaped path
formula — after peeling negations, one of `X F G U R W` applied to state
formulas — the CTL definitions (without fairness a deadlocked successor counts
for `EX` and ends an until); over anything else, and under the `infinite`
quantifiers of MCMAS's `LTL`/`CTL*` entries whatever the shape, infinite fair
paths only.

Supported: propositions, red/green atoms, `true`/`false`, Boolean connectives,
`E`/`A` over any path formula built from `X F G U R W`, Boolean connectives,
action atoms and state formulas, `K GK DK GCK O`, `C Fu SC` (docs/commitments.md,
summarised in each method), ATL `<g>X φ`, `<g>F φ`, `<g>G φ`, `<g>(φ U ψ)`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import TypeVar

from ..errors import UnsupportedFormula
from ..logic.formula import (
    A, ATL, DK, GCK, GK, SC, AgentStates, ActionAtom, And, C, Const, E, F, Formula, Fu, G, Iff, Implies, K, Not, O,
    Or, TEMPORAL, Prop, R, U, W, X, children, is_state_formula, reads_as_state_formula, to_text,
)
from ..model import Expr, Variable
from ..semantics.expressions import holds
from .graph import backward_closure, fair_cycle_nodes
from .ltl import ActionPosition, Lasso, exists_fair_action_path, exists_fair_path, holds_on_lasso, to_nnf
from .strategic import CoalitionGame, force_always, force_next, force_until
from .system import ExplicitSystem, State
from ..semantics.strategies import check_strategy_semantics
from .uniform import UniformGame, uniform_always, uniform_next, uniform_until

StateSet = frozenset[State]
Relation = dict[State, frozenset[State]]


Game = TypeVar("Game", CoalitionGame, UniformGame)


class ExplicitChecker:
    """Computes, for a state formula, the set of reachable states where it holds.

    `fairness` overrides the model's fairness formulas and `compassion` its compassion
    pairs (p, q) (all of them evaluated without fairness). `strategies` picks the strategies
    of ATL coalitions (`STRATEGY_SEMANTICS`): "perfect" information, or uniform
    memoryless ones — "uniform" (subjective), "uniform-objective" or
    "uniform-pooled" (`explicit/uniform.py`); nested ATL gets the same setting.
    """

    def __init__(self, system: ExplicitSystem, *, fairness: tuple[Formula, ...] | None = None,
                 strategies: str = "perfect", compassion: tuple[tuple[Formula, Formula], ...] | None = None) -> None:
        self.system = system
        self.strategies = check_strategy_semantics(strategies)
        self.model = system.model
        self.reachable: StateSet = system.states
        self._successors = system.successors
        self._predecessors = system.predecessors()
        self._cache: dict[Formula, StateSet] = {}
        self._path_cache: dict[Formula, StateSet] = {}
        self._commitment_cache: dict[tuple[str, str], Relation] = {}
        self._games: dict[str, CoalitionGame] = {}
        self._uniform_games: dict[str, UniformGame] = {}
        constraints = self.model.fairness if fairness is None else fairness
        pairs = self.model.compassion if compassion is None else compassion
        self.fairness_sets: tuple[StateSet, ...] = ()
        self.compassion_sets: tuple[tuple[StateSet, StateSet], ...] = ()
        if constraints or pairs:
            unfair = ExplicitChecker(system, fairness=(), compassion=(), strategies=strategies)
            self.fairness_sets = tuple(unfair.sat(f) for f in constraints)
            self.compassion_sets = tuple((unfair.sat(p), unfair.sat(q)) for p, q in pairs)
            self.fair_states: StateSet = self._eg(self.reachable)
        else:
            self.fair_states = self.reachable

    # ------------------------------------------------------------------ public

    def sat(self, formula: Formula) -> StateSet:
        """The reachable states where the state formula holds."""
        if formula not in self._cache:
            self._cache[formula] = frozenset(self._sat(formula))
        return self._cache[formula]

    def holds(self, formula: Formula) -> bool:
        """True when the formula holds in every fair initial state (every initial state without fairness)."""
        return self.system.initial & self.fair_states <= self.sat(formula)

    def exists_fair_path(self, path: Formula) -> StateSet:
        """States where some infinite fair path satisfies `path`, whatever its shape.

        This is `E path` under the infinite-path reading (what a general CTL*
        path formula gets); for CTL-shaped paths `sat(E(path))` may differ on
        deadlocks when the model has no Fairness section.
        """
        if path not in self._path_cache:
            leaves: list[Formula] = []
            automaton_formula = to_nnf(path, leaves)
            if any(isinstance(leaf, ActionAtom) for leaf in leaves):
                self._path_cache[path] = exists_fair_action_path(
                    automaton_formula, [self._position_test(leaf) for leaf in leaves],
                    self.system.labelled_successors(), self.fairness_sets, self.compassion_sets,
                )
            else:
                leaf_states = [self.sat(leaf) for leaf in leaves]
                self._path_cache[path] = exists_fair_path(
                    automaton_formula, leaf_states, self.reachable, self._successors, self.fairness_sets,
                    self.compassion_sets,
                )
        return self._path_cache[path]

    def path_holds(self, path: Formula, lasso: Lasso) -> bool:
        """Whether the path formula holds on the lasso (state leaves judged by `sat`).

        Only evaluates the formula: whether the lasso is a path of the system
        and fair is `is_fair_path`'s business. Action atoms need `lasso.actions`.
        """
        return holds_on_lasso(path, lasso, self.sat, self.model.agent_names)

    def is_fair_path(self, lasso: Lasso) -> bool:
        """Whether the lasso is an infinite path of reachable states whose loop visits every fairness set and,
        for every compassion pair (P, Q), meets Q if it meets P.

        With `lasso.actions`, each step must also be a transition under its joint action.
        """
        positions = lasso.positions
        if not all(state in self.reachable for state in positions):
            return False
        steps = [(positions[i], positions[lasso.next_position(i)]) for i in range(len(positions))]
        if not all(target in self._successors[source] for source, target in steps):
            return False
        if lasso.actions is not None:
            labelled = self.system.labelled_successors()
            taken = zip(steps, lasso.actions)
            if not all(target in labelled[source].get(joint, ()) for (source, target), joint in taken):
                return False
        loop = frozenset(lasso.loop)
        return (all(fair_set & loop for fair_set in self.fairness_sets)
                and all(not p & loop or q & loop for p, q in self.compassion_sets))

    def commitment_successors(self, debtor: str, creditor: str) -> Relation:
        """~debtor→creditor: each reachable s ↦ the worlds s' with s ~ s' (docs/commitments.md, "The relation ~i→j").

        A transparent double loop over reachable × worlds, testing the three
        conditions of the definition on each pair (`_commitment_related`).
        """
        key = (debtor, creditor)
        if key not in self._commitment_cache:
            related = self._commitment_related(debtor, creditor)
            self._commitment_cache[key] = {
                s: frozenset(t for t in self.fair_states if related(s, t)) for s in self.reachable
            }
        return self._commitment_cache[key]

    # ------------------------------------------------------------------ dispatch

    def _sat(self, formula: Formula) -> Iterable[State]:
        match formula:
            case Const(value=value):
                return self.reachable if value else frozenset()
            case Prop(name=name):
                return self._where(self.model.propositions[name])
            case AgentStates(agent=agent, kind=kind):
                red = self._red_states(agent)
                return red if kind == "red" else self.reachable - red
            case Not(operand=x):
                return self.reachable - self.sat(x)
            case And(left=l, right=r):
                return self.sat(l) & self.sat(r)
            case Or(left=l, right=r):
                return self.sat(l) | self.sat(r)
            case Implies(left=l, right=r):
                return (self.reachable - self.sat(l)) | self.sat(r)
            case Iff(left=l, right=r):
                return self.reachable - (self.sat(l) ^ self.sat(r))
            case E(path=path, infinite=infinite):
                return self._exists(path, infinite)
            case A(path=path, infinite=infinite):
                return self.reachable - self._exists(Not(path), infinite)
            case K(agent=agent, operand=x):
                return self._knows(self.model.agent(agent).local_variables, self.sat(x))
            case GK(group=group, operand=x):
                return self._everybody_knows(group, self.sat(x))
            case DK(group=group, operand=x):
                observed = frozenset(v for member in self._members(group) for v in member)
                return self._knows(observed, self.sat(x))
            case GCK(group=group, operand=x):
                return self._common_knowledge(group, self.sat(x))
            case O(agent=agent, operand=x):
                return self._obligation(agent, self.sat(x))
            case C(debtor=debtor, creditor=creditor, operand=x):
                return self._commits(debtor, creditor, self.sat(x))
            case Fu(debtor=debtor, creditor=creditor, operand=x):
                return self._fulfilled(debtor, creditor, self.sat(C(debtor, creditor, x)))
            case SC(debtor=debtor, creditor=creditor, path=path, condition=condition):
                return self._social_commitment(debtor, creditor, path, condition)
            case X() | F() | G() | U() | R() | W() | ActionAtom():
                raise UnsupportedFormula(f"path formula outside E/A: {to_text(formula)}")
            case ATL():
                return self._strategic(formula)
        raise TypeError(f"not a formula: {formula!r}")

    # ------------------------------------------------------------------ atoms

    def _where(self, condition: Expr) -> StateSet:
        return frozenset(s for s in self.reachable if holds(condition, self.system.valuation(s)))

    def _red_states(self, agent: str) -> StateSet:
        condition = self.model.agent(agent).red_states
        return frozenset() if condition is None else self._where(condition)

    # ------------------------------------------------------------------ temporal

    def _exists(self, path: Formula, infinite: bool) -> StateSet:
        """`E path`: a state formula over fair states, CTL shapes by CTL, the rest over infinite fair paths.

        An `infinite` quantifier (MCMAS's `LTL`/`CTL*` entries) takes infinite fair paths for CTL shapes too.
        """
        if reads_as_state_formula(path, infinite):
            return self.sat(path) & self.fair_states
        if not infinite and is_ctl_shaped(path):
            return self._exists_ctl(path)
        return self.exists_fair_path(path)

    def _exists_ctl(self, path: Formula) -> StateSet:
        """States where some fair path satisfies the CTL-shaped `path` (CTL definitions)."""
        match path:
            case Not(operand=inner):
                return self._exists_ctl(_negate_path(inner))
            case X(operand=x):
                return self._ex(self.sat(x))
            case F(operand=x):
                return self._eu(self.reachable, self.sat(x))
            case G(operand=x):
                return self._eg(self.sat(x))
            case U(left=l, right=r):
                return self._eu(self.sat(l), self.sat(r))
            case W(left=l, right=r):
                return self._eu(self.sat(l), self.sat(r)) | self._eg(self.sat(l))
            case R(left=l, right=r):
                return self._eu(self.sat(r), self.sat(l) & self.sat(r)) | self._eg(self.sat(r))
        raise TypeError(f"not a CTL-shaped path formula: {to_text(path)}")

    def _ex(self, target: StateSet) -> StateSet:
        """EX: states with a successor in `target ∧ fair`."""
        goal = target & self.fair_states
        return frozenset(s for s in self.reachable if self._successors[s] & goal)

    def _eu(self, stay: StateSet, goal: StateSet) -> StateSet:
        """E(stay U goal): backward search from `goal ∧ fair`, moving only through `stay`."""
        found = set(goal & self.fair_states)
        frontier = deque(found)
        while frontier:
            state = frontier.popleft()
            for source in self._predecessors[state]:
                if source in stay and source not in found:
                    found.add(source)
                    frontier.append(source)
        return frozenset(found)

    def _eg(self, stay: StateSet) -> StateSet:
        """EG under fairness: reach, inside `stay`, a fair cycle of `stay` (`graph.fair_cycle_nodes`): a nontrivial
        SCC meeting every fairness set and, per compassion pair (P, Q), Q or no P — after removing the P states
        of components that meet P but not Q, recursively."""
        cores = fair_cycle_nodes(stay, self._successors, [fair_set.__contains__ for fair_set in self.fairness_sets],
                                 [(p.__contains__, q.__contains__) for p, q in self.compassion_sets])
        return backward_closure(cores, self._predecessors, stay.__contains__)

    # ------------------------------------------------------------------ strategic

    def _strategic(self, formula: ATL) -> StateSet:
        """`<g>X/F/G/U` over the coalition's explicit one-step game (fairness ignored, as MCMAS by default)."""
        if self.strategies != "perfect":
            return self._uniform_strategic(formula)
        game = self._game(formula.group)
        match formula.path:
            case X(operand=x):
                return force_next(game, self.sat(x))
            case G(operand=x):
                return force_always(game, self.sat(x))
            case F(operand=x):
                return force_until(game, self.reachable, self.sat(x))
            case U(left=l, right=r):
                return force_until(game, self.sat(l), self.sat(r))
        raise UnsupportedFormula(f"ATL takes X, F, G or U: {to_text(formula)}")

    def _uniform_strategic(self, formula: ATL) -> StateSet:
        """`<g>X/F/G/U` under uniform memoryless strategies, in the variant `self.strategies`."""
        game = self._uniform_game(formula.group)
        variant = self.strategies
        match formula.path:
            case X(operand=x):
                return uniform_next(game, self.sat(x), variant)
            case G(operand=x):
                return uniform_always(game, self.sat(x), variant)
            case F(operand=x):
                return uniform_until(game, self.reachable, self.sat(x), variant)
            case U(left=l, right=r):
                return uniform_until(game, self.sat(l), self.sat(r), variant)
        raise UnsupportedFormula(f"ATL takes X, F, G or U: {to_text(formula)}")

    def _uniform_game(self, group: str) -> UniformGame:
        """The uniform-strategy game of `group`, built once per checker."""
        return self._built(self._uniform_games, group, UniformGame)

    def _game(self, group: str) -> CoalitionGame:
        """The coalition game of `group`, built once per checker."""
        return self._built(self._games, group, CoalitionGame)

    def _built(self, games: dict[str, Game], group: str,
               build: Callable[[ExplicitSystem, tuple[str, ...]], Game]) -> Game:
        """`games[group]`, built by `build` on first use."""
        if group not in games:
            if group not in self.model.groups:
                raise UnsupportedFormula(f"unknown group {group!r}")
            games[group] = build(self.system, self.model.groups[group])
        return games[group]

    # ------------------------------------------------------------------ epistemic and deontic

    def _members(self, group: str) -> list[tuple[Variable, ...]]:
        """The local variables of each member of `group`."""
        return [self.model.agent(name).local_variables for name in self.model.groups[group]]

    def _knows(self, observed: tuple[Variable, ...] | frozenset[Variable], truth: StateSet) -> StateSet:
        """States all of whose fair reachable look-alikes (same `observed` values) satisfy `truth`."""
        doubtful = {self.system.project(observed, s) for s in self.fair_states - truth}
        return frozenset(s for s in self.reachable if self.system.project(observed, s) not in doubtful)

    def _everybody_knows(self, group: str, truth: StateSet) -> StateSet:
        result = self.reachable
        for observed in self._members(group):
            result &= self._knows(observed, truth)
        return result

    def _common_knowledge(self, group: str, truth: StateSet) -> StateSet:
        """States from which every state reachable in ≥ 1 step of the members' relations satisfies `truth`."""
        members = self._members(group)
        classes: list[dict[tuple, set[State]]] = []
        for observed in members:
            by_view: dict[tuple, set[State]] = {}
            for state in self.fair_states:
                by_view.setdefault(self.system.project(observed, state), set()).add(state)
            classes.append(by_view)

        def neighbours(state: State) -> set[State]:
            found: set[State] = set()
            for observed, by_view in zip(members, classes):
                found |= by_view.get(self.system.project(observed, state), set())
            return found

        result: set[State] = set()
        for start in self.reachable:
            visited = neighbours(start)
            frontier = deque(visited)
            while frontier:
                for nxt in neighbours(frontier.popleft()) - visited:
                    visited.add(nxt)
                    frontier.append(nxt)
            if visited <= truth:
                result.add(start)
        return frozenset(result)

    def _obligation(self, agent: str, truth: StateSet) -> StateSet:
        """O(i, φ): φ at every fair reachable state where `agent` is green; same value everywhere."""
        green = self.fair_states - self._red_states(agent)
        return self.reachable if green <= truth else frozenset()

    # ------------------------------------------------------------------ commitments

    def _commitment_related(self, debtor: str, creditor: str) -> Callable[[State, State], bool]:
        """The test `s ~debtor→creditor s'` for s reachable and s' a world, condition by condition."""
        value = self.system.value
        local = self.model.agent(debtor).local_variables
        shared = self.model.shared_variables(debtor, creditor)
        copies = {theirs for _, theirs in shared}
        unshared = [y for y in self.model.agent(creditor).own_variables if y not in copies]

        def related(s: State, t: State) -> bool:
            same_local_state = all(value(t, v) == value(s, v) for v in local)  # 1. l_i(s) = l_i(s')
            received = all(value(t, theirs) == value(s, mine) for mine, theirs in shared)  # 2. j.x(s') = i.x(s)
            untouched = all(value(t, y) == value(s, y) for y in unshared)  # 3. j.y(s') = j.y(s)
            return same_local_state and received and untouched

        return related

    def _commits(self, debtor: str, creditor: str, truth: StateSet) -> StateSet:
        """C(i, j, φ): every ~i→j-successor satisfies φ (vacuous without successors)."""
        relation = self.commitment_successors(debtor, creditor)
        return frozenset(s for s in self.reachable if relation[s] <= truth)

    def _fulfilled(self, debtor: str, creditor: str, committed: StateSet) -> StateSet:
        """Fu(C(i, j, φ)): a world that some reachable state satisfying C(i, j, φ) is ~i→j-related to."""
        relation = self.commitment_successors(debtor, creditor)
        return frozenset(s for s in self.fair_states if any(s in relation[t] for t in committed))

    def _social_commitment(self, debtor: str, creditor: str, path: Formula, condition: Formula | None) -> StateSet:
        """SC(i, j, ψ) = interacting_i_j ∧ E ψ; SC(i, j, τ, ψ) = τ -> SC(i, j, ψ)."""
        name = self.model.interaction_proposition(debtor, creditor)
        if name not in self.model.propositions:
            raise UnsupportedFormula(f"SC({debtor}, {creditor}, …) needs the proposition {name} in the model")
        committed = self.sat(Prop(name)) & self.sat(E(path))
        if condition is None:
            return committed
        return (self.reachable - self.sat(condition)) | committed

    def _position_test(self, leaf: Formula) -> Callable[[ActionPosition], bool]:
        """Whether a leaf of a path formula holds at a position (s, a): an action atom reads a, the rest s."""
        if isinstance(leaf, ActionAtom):
            if leaf.agent not in self.model.agent_names:
                raise UnsupportedFormula(f"there is no agent {leaf.agent!r}: {to_text(leaf)}")
            index = self.model.agent_names.index(leaf.agent)
            return lambda position: position[1][index] == leaf.action
        states = self.sat(leaf)
        return lambda position: position[0] in states


def is_ctl_shaped(path: Formula) -> bool:
    """After peeling negations, one of `X F G U R W` applied to state formulas."""
    while isinstance(path, Not):
        path = path.operand
    return isinstance(path, TEMPORAL) and all(is_state_formula(child) for child in children(path))


def _negate_path(path: Formula) -> Formula:
    """A path formula equivalent to `¬path` on infinite paths, one operator deep."""
    match path:
        case Not(operand=x):
            return x
        case X(operand=x):
            return X(Not(x))
        case F(operand=x):
            return G(Not(x))
        case G(operand=x):
            return F(Not(x))
        case U(left=l, right=r):
            return R(Not(l), Not(r))
        case R(left=l, right=r):
            return U(Not(l), Not(r))
        case W(left=l, right=r):
            return U(Not(r), And(Not(l), Not(r)))
    raise UnsupportedFormula(f"general CTL* path formula: {to_text(Not(path))}")
