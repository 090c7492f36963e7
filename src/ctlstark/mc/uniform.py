"""Strategic operators under imperfect information: uniform memoryless strategies (ATL_ir).

A uniform memoryless strategy gives each member of the coalition one action per local
state it can be in (what it observes), enabled by its protocol wherever it is in that
local state. Where the strategy's choice has no successor the coalition is stuck: `X`
and `G` fail there, `F` and `U` hold only where the goal already does. `W_σ(ψ)` is the set
of states from which every outcome of σ satisfies ψ; `<g>ψ` holds at q when one σ wins

* `uniform-objective`: from q;
* `uniform` (subjective ATL_ir; Schobbens 2004, Jamroga–van der Hoek 2004): from every
  reachable state some member cannot tell apart from q;
* `uniform-pooled`: from every reachable state no member can tell apart from q (the
  members pool what they know; MCMAS's `-atlk 2` on one-agent coalitions).

Deciding this is Δ2^P-complete, so the work goes cheapest first (docs/semantics.md,
"Strategies under imperfect information"):

1. A lower bound: the states every allowed choice wins from, and for a one-member
   coalition the knowledge-based fixpoint (a local state joins when one of its actions is
   safe in every state with that local state; those actions form a uniform strategy).
2. A depth-first search over partial strategies Σ — a set of allowed actions per member
   local state, exactly one once assigned. The optimistic fixpoint (the coalition picks
   per state among Σ's actions) bounds every completion of Σ from above, and the
   pessimistic one (every Σ action must be safe) from below. A branch whose optimistic
   bound wins nothing undecided is cut; what its pessimistic bound wins is decided; else
   one undecided member local state is assigned each of its actions in turn — first one the
   plays reach through the choice just made, so a wrong choice shows soon after it is made.
   The root's optimistic bound is the perfect-information answer over the protocols, so
   states outside it are decided FALSE before any branching.
3. The search goes one batch of look-alike states at a time (they share their required
   set), first extending the last strategy that won; a won batch's strategy, completed as
   the perfect-information strategy cut to uniform, is evaluated exactly for more states.
   A node whose subtree is refuted leaves its subproblem — where the plays reach open local
   states, and the choices left from there — and a node with the same subproblem (the same
   cups lifted in another order) is cut.

Everything is a BDD over states and action bits: no state is enumerated, only the
member local states the search assigns.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ..runtime.limits import checkpoint
from ..runtime.records import record
from ..semantics.fixpoint import fixpoint
from ..semantics.strategies import STRATEGY_SEMANTICS
from ..symbolic import bdd as backend
from ..symbolic.bdd import Function
from ..symbolic.encode import TransitionEncoder
from ..symbolic.system import SymbolicSystem
from . import epistemic
from .atl import ControllablePreimage

SAFE_CACHE_SIZE = 512
"""`safe(Z)` results kept per coalition: sibling branches of the search ask for the same Z often."""


@dataclass
class Partial:
    """A partial uniform strategy: per member, the allowed (local state, action) pairs still open,
    and the local states already assigned one action."""

    choices: dict[str, Function]
    assigned: dict[str, Function]
    recent: Function | None = None
    """The local state assigned last (as a set of states), where the search looks next."""

    def joint(self, manager: backend.Manager) -> Function:
        result = manager.true
        for member_choices in self.choices.values():
            result &= member_choices
        return result

    def assign(self, member: str, local_state: Function, action: Function) -> Partial:
        choices = dict(self.choices)
        choices[member] = (self.choices[member] & ~local_state) | (self.choices[member] & local_state & action)
        assigned = dict(self.assigned)
        assigned[member] = self.assigned[member] | local_state
        return Partial(choices, assigned, local_state)


@dataclass
class UniformAnswer:
    """The states where `<g>ψ` holds, and how they were decided."""

    states: Function
    route: str
    search_nodes: int = 0
    memo_hits: int = 0
    """Search nodes cut because an earlier node with the same subproblem was refuted."""
    strategies: list[tuple[Function, Partial]] = field(default_factory=list)
    """(states decided TRUE, the partial strategy whose every completion wins them), in order found."""


PathKind = str  # "X", "G" or "U"
Subproblem = tuple[Function, tuple[Function, ...]]
"""(the states where play reaches an open local state, the choices left at the local states reachable from them)."""


@record
class _Refuted:
    """Pushed under a search node's children: popped once they are all searched without a win."""

    subproblem: Subproblem


@dataclass
class UniformQuestion:
    """One `<g>ψ` as checked: the game, ψ as (kind, hold, goal), and the answer."""

    game: UniformGame
    kind: PathKind
    hold: Function
    goal: Function
    answer: UniformAnswer


class UniformGame:
    """One coalition's uniform strategies over one system, for one reading of `<g>`."""

    cut_repeats = True
    """Cut a search node whose subproblem an earlier node refuted (off only to test that it changes no answer)."""

    def __init__(self, system: SymbolicSystem, pre: ControllablePreimage, members: Iterable[str], variant: str):
        if variant not in STRATEGY_SEMANTICS[1:]:
            raise ValueError(f"not a uniform strategy semantics: {variant!r}")
        self.system = system
        self.pre = pre
        self.members = tuple(members)
        self.variant = variant
        manager = system.bdd
        self.manager = manager
        self.hidden = {member: frozenset(system.current_bits) - system.local_bits(member) for member in self.members}
        self.local_order = {member: [bit for bit in sorted(system.local_bits(member), key=manager.level_of_var)]
                            for member in self.members}
        transitions = TransitionEncoder(system.encoding, system.expressions)
        agents = {agent.name: agent for agent in system.model.agents}
        self.allowed = {member: self._allowed(transitions.protocol(agents[member])
                                              & system.encoding.action_domain(member), member)
                        for member in self.members}
        self.action_cubes = {member: [(name, system.encoding.action_cube(member, name))
                                      for name in system.encoding.actions[member].actions]
                             for member in self.members}
        self.multiple = {member: self._has_two_actions(member) for member in self.members}
        self._safe_cache: dict[Function, Function] = {}
        self._candidate: Partial | None = None
        """The perfect-information strategy cut to uniform, for the formula being solved (set by `solve`)."""
        self._refuted: set[Subproblem] = set()
        """Subproblems no completion wins, for the formula being solved (cleared by `solve`)."""

    # ------------------------------------------------------------ set-up

    def _allowed(self, protocol: Function, member: str) -> Function:
        """(local state, action) pairs: the local state occurs, and the protocol enables the action in every
        reachable state with it."""
        reachable, hidden = self.system.reachable, self.hidden[member]
        occurring = backend.exist(self.manager, hidden, reachable)
        refused = backend.and_exists(reachable, ~protocol, hidden)
        return occurring & ~refused

    def _has_two_actions(self, member: str) -> Function:
        """Local states of `member` with at least two allowed actions (where the search may branch)."""
        seen, result = self.manager.false, self.manager.false
        for _, action in self.action_cubes[member]:
            offers = backend.exist(self.manager, self.system.action_bits[member], self.allowed[member] & action)
            result |= seen & offers
            seen |= offers
        return result

    # ------------------------------------------------------------ one step

    def safe(self, target: Function) -> Function:
        """(state, coalition action) pairs: available, and no response leads outside `target` (cached)."""
        cached = self._safe_cache.get(target)
        if cached is None:
            if len(self._safe_cache) >= SAFE_CACHE_SIZE:
                self._safe_cache.clear()
            cached = self._safe_cache[target] = self.pre.safe(target)
        return cached

    def optimistic_step(self, strategy: Function) -> Callable[[Function], Function]:
        """`Z ↦ states where some action of `strategy` is safe for Z` (above every completion)."""
        bits, reachable = self.pre.coalition_bits, self.system.reachable
        return lambda target: reachable & backend.and_exists(strategy, self.safe(target), bits)

    def pessimistic_step(self, strategy: Function) -> Callable[[Function], Function]:
        """`Z ↦ states where `strategy` offers an action and every one is safe for Z` (below every completion)."""
        bits = self.pre.coalition_bits
        offered = self.system.reachable & backend.exist(self.manager, bits, strategy)
        return lambda target: offered & ~backend.and_exists(strategy, ~self.safe(target), bits)

    def knowledge_step(self) -> Callable[[Function], Function]:
        """For a one-member coalition: states whose local state has one allowed action safe in all its states."""
        bits, reachable = self.pre.coalition_bits, self.system.reachable
        return lambda target: reachable & backend.exist(self.manager, bits, self._safe_everywhere(target))

    def _safe_everywhere(self, target: Function) -> Function:
        """(local state, action) pairs of the one member: allowed, and safe for `target` in every state with it."""
        (member,) = self.members
        unsafe_somewhere = backend.and_exists(self.system.reachable, ~self.safe(target), self.hidden[member])
        return self.allowed[member] & ~unsafe_somewhere

    def one_step_strategy(self, goal: Function, start: Function) -> Partial:
        """For `X goal` read objectively: at the state `start`, one joint action that wins the step, each member's
        part assigned to its local state there (the bound that decides that reading)."""
        bits = self.pre.coalition_bits
        ordered = [bit for bit in self.system.encoding.action_bits if bit in bits]
        winning = backend.one_choice(self.manager, self.safe(goal) & start, ordered)   # one joint action at start
        choices, assigned = dict(self.allowed), {}
        for member in self.members:
            local_state = backend.exist(self.manager, self.hidden[member], start)
            action = backend.exist(self.manager, frozenset(bits) - set(self.system.action_bits[member]),
                                   backend.exist(self.manager, self.system.current_bits, winning))
            choices[member] = (self.allowed[member] & ~local_state) | (self.allowed[member] & local_state & action)
            assigned[member] = local_state
        return Partial(choices, assigned)

    def knowledge_strategy(self, kind: PathKind, hold: Function, goal: Function) -> Partial:
        """The uniform strategy behind the knowledge-based lower bound (one member): each local state's
        actions safe for the first layer it joined (`U`), for the fixpoint (`G`) or for the goal (`X`)."""
        (member,) = self.members
        bits, false = self.system.action_bits[member], self.manager.false
        if kind == "X":
            chosen = self._safe_everywhere(goal)
        elif kind == "G":
            chosen = self._safe_everywhere(self.won(self.knowledge_step(), "G", hold, goal))
        else:
            chosen, current = false, goal & self.system.reachable
            while True:
                checkpoint()
                pairs = self._safe_everywhere(current)
                chosen |= pairs & ~backend.exist(self.manager, bits, chosen)
                following = current | (hold & self.system.reachable & backend.exist(self.manager, bits, pairs))
                if following == current:
                    break
                current = following
        decided = backend.exist(self.manager, bits, chosen)
        return Partial({member: chosen | (self.allowed[member] & ~decided)}, {member: decided})

    # ------------------------------------------------------------ winning sets

    def won(self, step: Callable[[Function], Function], kind: PathKind, hold: Function, goal: Function) -> Function:
        """The fixpoint of `kind` (`X`: goal; `G`: hold; `U`: hold U goal) over a one-step function."""
        reachable = self.system.reachable
        if kind == "X":
            return step(goal)
        if kind == "G":
            return fixpoint(lambda current: hold & step(current), hold & reachable)
        return fixpoint(lambda current: current | (hold & step(current)), goal & reachable)

    def good(self, won: Function) -> Function:
        """States whose required set (q; the states some / no member tells apart from q) lies in `won`."""
        system, reachable = self.system, self.system.reachable
        if self.variant == "uniform-objective" or not self.members:
            return won & reachable
        if self.variant == "uniform":
            return epistemic.everybody_knows(system, self.members, reachable, won)
        return epistemic.distributed_knowledge(system, self.members, reachable, won)

    def required(self, states: Function) -> Function:
        """The states σ must win from for `states` to count (their required sets: themselves, E or D)."""
        return self._focus(states)

    def _focus(self, states: Function) -> Function:
        """The states in the required sets of `states`."""
        if self.variant == "uniform-objective" or not self.members:
            return states
        reachable, result = self.system.reachable, self.manager.false
        if self.variant == "uniform":
            for member in self.members:
                result |= reachable & backend.exist(self.manager, self.hidden[member], states)
            return result
        shared = frozenset.intersection(*self.hidden.values())
        return reachable & backend.exist(self.manager, shared, states)

    # ------------------------------------------------------------ the answer

    def solve(self, kind: PathKind, hold: Function, goal: Function) -> UniformAnswer:
        """The states where `<g>ψ` holds (ψ = X goal, G hold, hold U goal)."""
        root = Partial(dict(self.allowed), {member: self.manager.false for member in self.members})
        self._refuted = set()
        if kind == "X" and self.variant == "uniform-objective":
            # one step from q alone: each member chooses once, at its local state in q
            return UniformAnswer(self.optimistic_step(root.joint(self.manager))(goal), "bounds")
        lower = self.manager.false
        if len(self.members) == 1:
            lower = self.good(self.won(self.knowledge_step(), kind, hold, goal))
            if kind == "X":   # one step from states the one member cannot tell apart: one action for them all
                return UniformAnswer(lower, "bounds")
        answer = UniformAnswer(lower, "bounds")
        self._candidate = candidate = self._perfect_made_uniform(kind, hold, goal)
        self._gain(candidate, kind, hold, goal, answer)
        self._search(root, kind, hold, goal, answer)
        return answer

    def _gain(self, strategy: Partial, kind: PathKind, hold: Function, goal: Function, answer: UniformAnswer) -> Function:
        """Add the states `strategy` wins to the answer and return them. Exact, not a bound, for a strategy whose
        open local states occur only outside the perfect-information winning region (`_perfect_made_uniform`,
        `_completed`): a play it wins never meets a choice still open."""
        won = self.good(self.won(self.optimistic_step(strategy.joint(self.manager)), kind, hold, goal))
        gained = won & ~answer.states
        if gained != self.manager.false:
            answer.strategies.append((gained, strategy))
            answer.states |= gained
        return gained

    def _completed(self, partial: Partial) -> Partial:
        """`partial` with its unassigned local states played as the perfect-information strategy cut to uniform
        plays them: every local state in the perfect-information winning region gets one action."""
        candidate, choices, assigned = self._candidate, {}, {}
        for member in self.members:
            mine = partial.assigned[member]
            choices[member] = (partial.choices[member] & mine) | (candidate.choices[member] & ~mine)
            assigned[member] = mine | candidate.assigned[member]
        return Partial(choices, assigned)

    def _perfect_made_uniform(self, kind: PathKind, hold: Function, goal: Function) -> Partial:
        """A perfect-information strategy (one joint action per state, progressing by attractor layers for `U`)
        cut to one action per member local state: a uniform strategy, so the states it wins from (evaluated
        exactly) are a lower bound. Where the members see what matters — a game whose board every player
        observes — it wins wherever any strategy does, and nothing is left to search.

        Built over the allowed actions only, so every state some strategy wins from (and is not already at
        its goal) has each member's local state decided: a play any completion wins never meets an open
        choice, which is what makes `_gain` exact on it and on `_completed` strategies."""
        bits, false, reachable = self.pre.coalition_bits, self.manager.false, self.system.reachable
        allowed = Partial(dict(self.allowed), {}).joint(self.manager)   # every action any strategy may use
        if kind == "X":
            pairs = self.safe(goal) & allowed & reachable
        elif kind == "G":
            pairs = self.safe(self.won(self.optimistic_step(allowed), "G", hold, goal)) & allowed & hold
        else:
            pairs, current = false, goal & reachable
            while True:
                checkpoint()
                fresh = self.safe(current) & allowed & hold & ~current & ~backend.exist(self.manager, bits, pairs)
                if fresh == false:
                    break
                pairs |= fresh
                current |= backend.exist(self.manager, bits, fresh)
        ordered = [bit for bit in self.system.encoding.action_bits if bit in bits]
        pairs = backend.one_choice(self.manager, pairs, ordered)
        choices, assigned = {}, {}
        for member in self.members:
            own = self.system.action_bits[member]
            projected = backend.exist(self.manager, self.hidden[member] | (bits - set(own)), pairs)
            own_bits = [bit for bit in ordered if bit in set(own)]
            chosen = backend.one_choice(self.manager, projected & self.allowed[member], own_bits)
            decided = backend.exist(self.manager, own, chosen)
            choices[member] = chosen | (self.allowed[member] & ~decided)
            assigned[member] = decided
        return Partial(choices, assigned)

    def _search(self, root: Partial, kind: PathKind, hold: Function, goal: Function, answer: UniformAnswer) -> None:
        """Decide the states between the bounds, one batch at a time: the states sharing the members' local
        states with one undecided state (they share their required sets, so a batch's plays start from few
        states and its search tree stays small). Each batch first tries to extend the last strategy that won
        (one strategy often wins many batches), then searches from the root. Whatever a batch's search does not
        win is FALSE."""
        false = self.manager.false
        optimistic = self.won(self.optimistic_step(root.joint(self.manager)), kind, hold, goal)
        undecided = self.good(optimistic) & ~answer.states   # the upper bound: outside it, FALSE
        while undecided != false:
            checkpoint()
            batch = self._batch(undecided)
            starts = [root, answer.strategies[-1][1]] if answer.strategies else [root]
            undecided = self._search_batch(starts, batch, undecided, kind, hold, goal, answer) & ~batch

    def _batch(self, undecided: Function) -> Function:
        """The states searched together: one undecided state's required set is theirs too — the states sharing
        every member's local state with it (`uniform`, `uniform-pooled`); the state alone (`uniform-objective`)."""
        if self.variant == "uniform-objective":
            hidden: frozenset[str] = frozenset()
            shown = self.system.current_bits
        else:
            hidden = frozenset.intersection(*self.hidden.values())
            shown = frozenset().union(*(self.system.local_bits(member) for member in self.members))
        model = backend.first_model(self.manager, backend.exist(self.manager, hidden, undecided),
                                    sorted(shown, key=self.manager.level_of_var))
        assert model is not None
        return undecided & backend.cube(self.manager, model)

    def _search_batch(self, starts: list[Partial], batch: Function, undecided: Function, kind: PathKind, hold: Function,
                      goal: Function, answer: UniformAnswer) -> Function:
        """Depth-first over partial strategies from `starts` (the last first; the first is the root, so the search
        is complete) until every state of `batch` is won or refuted; returns what is
        still undecided (every state won on the way, in the batch or not, is added to `answer`).

        The batch shares one required set, so it is won or refuted as a whole: a node whose subtree ends
        without winning it leaves its subproblem (`_subproblem`) in `self._refuted`, and a later node with
        the same subproblem — the same cups lifted in another order — is cut at once."""
        manager, false = self.manager, self.manager.false
        stack: list[Partial | _Refuted] = list(starts)
        while stack:
            checkpoint()
            partial = stack.pop()
            if isinstance(partial, _Refuted):   # its whole subtree is searched and the batch is not won
                self._refuted.add(partial.subproblem)
                continue
            answer.search_nodes += 1
            strategy = partial.joint(manager)
            optimistic = self.won(self.optimistic_step(strategy), kind, hold, goal)
            promising = self.good(optimistic) & batch & undecided
            if promising == false:
                continue
            pessimistic = self.won(self.pessimistic_step(strategy), kind, hold, goal)
            gained = self.good(pessimistic) & undecided
            if gained != false:
                answer.states |= gained
                answer.strategies.append((gained, partial))
                if batch & ~gained == false:   # the batch is won: play the rest as perfect information would
                    gained |= self._gain(self._completed(partial), kind, hold, goal, answer)
                undecided &= ~gained
                promising &= ~gained
                if batch & undecided == false:
                    break
            if promising == false:
                continue
            start = self._focus(promising)
            subproblem = self._subproblem(partial, strategy, start, kind, hold, goal) if self.cut_repeats else None
            if subproblem in self._refuted:
                answer.memo_hits += 1
                continue
            layers = self._play_layers(strategy, start, kind, hold, goal)
            branch = None
            if partial.recent is not None:   # follow the plays through the choice just made first
                in_play = manager.false
                for layer in layers:
                    in_play |= layer
                following = self._play_layers(strategy, in_play & partial.recent, kind, hold, goal)[1:]
                branch = self._branch(partial, optimistic & ~pessimistic, following)
            if branch is None:
                branch = self._branch(partial, optimistic & ~pessimistic, layers)
            if branch is None:  # every local state in play is assigned: the bounds agree there
                continue
            member, local_state, actions = branch
            answer.route = "search"
            if subproblem is not None:
                stack.append(_Refuted(subproblem))
            stack.extend(partial.assign(member, local_state, action) for action in reversed(actions))
        return undecided

    def _open_states(self, partial: Partial) -> Function:
        """States where some member is in a local state `partial` leaves two or more actions."""
        result = self.manager.false
        for member in self.members:
            result |= self.multiple[member] & ~partial.assigned[member]
        return result

    def _subproblem(self, partial: Partial, strategy: Function, start: Function, kind: PathKind, hold: Function,
                    goal: Function) -> Subproblem:
        """What is left of winning from `start` under the completions of `partial`: play the choices already
        made (one action per local state) from `start` up to the states where some member's local state is
        still open; every completion must win from all of those, using only the choices at the local states
        reachable from them. So (those states, those choices) decide the answer: equal keys, equal answers,
        however the search got there."""
        false = self.manager.false
        open_states = self._open_states(partial)
        playing = hold & ~goal if kind == "U" else hold
        frontier, seen, current = false, start, start
        while current != false:
            checkpoint()
            frontier |= current & open_states & playing
            moving = current & playing & ~open_states
            current = self.system.image(moving & strategy) & ~seen if moving != false else false
            seen |= current
        reached, current = frontier, frontier
        while current != false:
            checkpoint()
            moving = current & playing
            current = self.system.image(moving & strategy) & ~reached if moving != false else false
            reached |= current
        choices = tuple(partial.choices[member] & backend.exist(self.manager, self.hidden[member], reached)
                        for member in self.members)
        return frontier, choices

    def _play_layers(self, strategy: Function, start: Function, kind: PathKind, hold: Function,
                     goal: Function) -> list[Function]:
        """The states in play from `start` (the required sets still open), breadth first: reached when the
        coalition plays any of `strategy`'s actions and the others anything, up to where the play is decided
        (the goal of `U`, a state outside `hold`). Only their local states can change what the bounds say
        about `start`, so the search branches on them, the earliest first."""
        false = self.manager.false
        layers, seen, frontier = [start], start, start
        while kind != "X":
            checkpoint()
            moving = frontier & hold & (~goal if kind == "U" else self.manager.true)
            frontier = self.system.image(moving & strategy) & ~seen if moving != false else false
            if frontier == false:
                break
            layers.append(frontier)
            seen |= frontier
        return layers

    def _branch(self, partial: Partial, open_states: Function,
                layers: list[Function]) -> tuple[str, Function, list[Function]] | None:
        """A member local state to assign next: one with two or more actions left, in a state in play where the
        bounds differ, in the earliest layer that has one; with its remaining actions."""
        for layer in layers:
            region = layer & open_states
            for member in self.members:
                unassigned = self.multiple[member] & ~partial.assigned[member]
                candidates = backend.exist(self.manager, self.hidden[member], region) & unassigned
                if candidates == self.manager.false:
                    continue
                model = backend.first_model(self.manager, candidates, self.local_order[member])
                assert model is not None
                local_state = backend.cube(self.manager, model)
                offered = partial.choices[member] & local_state
                actions = [action for _, action in self.action_cubes[member] if offered & action != self.manager.false]
                if len(actions) > 1:
                    return member, local_state, actions
        return None
