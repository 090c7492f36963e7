"""Explicit ATL under imperfect information with uniform memoryless strategies: the oracle for `mc/uniform.py`.

A coalition that cannot see the whole state may only use strategies that pick
the same action in states its members cannot tell apart. This module decides
`<g>X/F/G/U` for such strategies by brute force: it enumerates every uniform
memoryless strategy σ of the coalition (one action per member and local state),
computes the states W_σ from which σ wins against every response of the others,
and reads the three usual verdicts off those sets:

* ``"uniform-objective"``: some σ wins from the state itself (ATL_iR with the
  objective reading);
* ``"uniform"`` (subjective, Schobbens 2004, "Alternating-time logic with
  imperfect recall", ATL_ir; Jamroga & van der Hoek 2004, "Agents that know how
  to play"): some σ wins from every state that some member cannot tell apart
  from the current one;
* ``"uniform-pooled"``: some σ wins from every state that the members together
  cannot tell apart (their distributed knowledge).

For the empty coalition the three coincide with the objective reading. The
one-step conventions are those of `explicit/strategic.py` (a response without
successor is no transition; a choice no response completes is not available),
and fairness is ignored, as there. Meant for small models: it is the test
oracle, so it favours obvious correctness over speed, and refuses (with
`ResourceExhausted`) to enumerate more than `max_strategies` strategies.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator

from ..errors import ResourceExhausted
from ..model import Agent, Value
from ..semantics.fixpoint import fixpoint
from ..semantics.strategies import STRATEGY_SEMANTICS
from ..semantics.transitions import State, protocol_actions, successors_under
from .system import ExplicitSystem

StateSet = frozenset[State]
LocalState = tuple[Value, ...]
Key = tuple[str, LocalState]
"""(member name, one of its local states)."""
Strategy = dict[Key, "str | None"]
"""A uniform memoryless strategy: (member, local state) -> action, None where no action is enabled everywhere."""
Successors = dict[State, "StateSet | None"]
"""succ_σ: each reachable state's successors under a strategy; None marks a stuck state."""

UNIFORM_VARIANTS = STRATEGY_SEMANTICS[1:]
PATH_KINDS = ("X", "F", "G", "U")
DEFAULT_MAX_STRATEGIES = 200_000


class UniformGame:
    """One coalition's uniform memoryless strategies over one explicit system.

    On construction: each member's local states among the reachable states, the
    actions each may choose there (enabled in every reachable state with that
    local state), the number of strategies (checked against `max_strategies`),
    and the indistinguishability classes the subjective variants need. The
    outcomes of a coalition action tuple in a state are computed on first use
    and kept; succ_σ itself is rebuilt per strategy (`successors`).
    """

    def __init__(self, system: ExplicitSystem, coalition: Iterable[str], *,
                 max_strategies: int = DEFAULT_MAX_STRATEGIES) -> None:
        members = set(coalition)
        unknown = members - set(system.model.agent_names)
        if unknown:
            raise ValueError(f"no such agents: {sorted(unknown)}")
        self.system = system
        self.states: StateSet = system.states
        self.coalition: tuple[Agent, ...] = tuple(a for a in system.model.agents if a.name in members)
        self.opponents: tuple[Agent, ...] = tuple(a for a in system.model.agents if a.name not in members)
        self.keys: dict[State, tuple[Key, ...]] = {
            state: tuple((agent.name, system.local_state(agent.name, state)) for agent in self.coalition)
            for state in self.states
        }
        self.choices: dict[Key, tuple[str, ...]] = self._uniform_choices()
        self.count: int = _product(len(options) for options in self.choices.values() if options)
        if self.count > max_strategies:
            raise ResourceExhausted(
                f"the uniform-strategy oracle would enumerate {self.count} strategies of "
                f"{{{', '.join(a.name for a in self.coalition)}}}, more than its limit of {max_strategies}"
            )
        # One member's class of a local state; E(q) is the union of the classes of q's keys, D(q) the
        # states with all of q's keys.
        classes: dict[Key, set[State]] = {}
        pooled: dict[tuple[Key, ...], set[State]] = {}
        for state, keys in self.keys.items():
            for key in keys:
                classes.setdefault(key, set()).add(state)
            pooled.setdefault(keys, set()).add(state)
        self.classes: dict[Key, StateSet] = {key: frozenset(found) for key, found in classes.items()}
        self.pooled_classes: dict[tuple[Key, ...], StateSet] = {
            keys: frozenset(found) for keys, found in pooled.items()
        }
        self._outcomes: dict[tuple[State, tuple[str, ...]], StateSet] = {}

    def _uniform_choices(self) -> dict[Key, tuple[str, ...]]:
        """Per (member, local state): the actions enabled in every reachable state with that local state.

        In the order of the member's declared actions; keys ordered by member
        (model order) and then by local state, so enumeration is deterministic.
        """
        enabled: dict[Key, set[str]] = {}
        for state in self.states:
            valuation = self.system.valuation(state)
            for agent, key in zip(self.coalition, self.keys[state]):
                here = set(protocol_actions(agent, valuation))
                enabled[key] = enabled[key] & here if key in enabled else here
        declared = {agent.name: agent.actions for agent in self.coalition}
        order = {agent.name: position for position, agent in enumerate(self.coalition)}

        def in_order(key: Key) -> tuple[str, ...]:
            actions = declared[key[0]]
            return tuple(sorted(enabled[key], key=lambda a: (actions.index(a) if a in actions else len(actions), a)))

        return {key: in_order(key) for key in sorted(enabled, key=lambda k: (order[k[0]], k[1]))}

    def strategies(self) -> Iterator[Strategy]:
        """Every uniform memoryless strategy, in a fixed order (undefined pairs fixed to None)."""
        keys = list(self.choices)
        options = [self.choices[key] or (None,) for key in keys]
        for picks in itertools.product(*options):
            yield dict(zip(keys, picks))

    def outcomes(self, state: State, own: tuple[str, ...]) -> StateSet:
        """Every successor of `state` when the coalition plays `own` (member order) and the others anything enabled."""
        cached = self._outcomes.get((state, own))
        if cached is None:
            valuation = self.system.valuation(state)
            theirs = [protocol_actions(agent, valuation) for agent in self.opponents]
            found: set[State] = set()
            for response in itertools.product(*theirs):
                joint = dict(zip((a.name for a in self.coalition), own))
                joint.update(zip((a.name for a in self.opponents), response))
                found.update(successors_under(self.system.model, valuation, joint))
            cached = self._outcomes[(state, own)] = frozenset(found)
        return cached

    def successors(self, strategy: Strategy) -> Successors:
        """succ_σ over the reachable states; None where σ is undefined for a member or leads nowhere (stuck)."""
        result: Successors = {}
        for state in self.states:
            picks = [strategy[key] for key in self.keys[state]]
            own = tuple(action for action in picks if action is not None)
            result[state] = (self.outcomes(state, own) or None) if len(own) == len(picks) else None
        return result

    def indistinguishable(self, state: State, variant: str) -> StateSet:
        """The states σ must win from for `state` to count: {q}, E(q) (`uniform`) or D(q) (`uniform-pooled`)."""
        _check_variant(variant)
        if variant == "uniform-objective" or not self.coalition:
            return frozenset({state})
        if variant == "uniform-pooled":
            return self.pooled_classes[self.keys[state]]
        return frozenset().union(*(self.classes[key] for key in self.keys[state]))

    def won_from(self, winning: StateSet, variant: str) -> StateSet:
        """The states q whose required set (`indistinguishable(q, variant)`) lies inside `winning`.

        Class by class rather than state by state: E(q) ⊆ W iff each of q's
        member classes is, and D(q) is the class of q's tuple of local states.
        """
        _check_variant(variant)
        if variant == "uniform-objective" or not self.coalition:
            return winning & self.states
        if variant == "uniform-pooled":
            return frozenset(q for keys, found in self.pooled_classes.items() if found <= winning for q in found)
        good = {key for key, found in self.classes.items() if found <= winning}
        return frozenset(q for q, keys in self.keys.items() if all(key in good for key in keys))


def winning_states(game: UniformGame, strategy: Strategy, path_kind: str,
                   hold: StateSet | None = None, goal: StateSet | None = None) -> StateSet:
    """W_σ: the reachable states from which `strategy` enforces the path formula against every response.

    `path_kind` "X" (`X goal`), "G" (`G hold`), "U" (`hold U goal`) or "F" (`F goal`):

    * X: not stuck and succ_σ(q) ⊆ goal;
    * G: νZ. hold ∧ ¬stuck ∧ succ_σ ⊆ Z, from Z = every reachable state;
    * U: μZ. goal ∨ (hold ∧ ¬stuck ∧ succ_σ ⊆ Z), from Z = ∅; F is U with hold = every state.
    """
    if path_kind not in PATH_KINDS:
        raise ValueError(f"path kind must be one of {PATH_KINDS}, not {path_kind!r}")
    if path_kind == "F":
        path_kind, hold = "U", game.states
    needed = {"X": ("goal",), "G": ("hold",), "U": ("hold", "goal")}[path_kind]
    given = {"hold": hold, "goal": goal}
    missing = [name for name in needed if given[name] is None]
    if missing:
        raise ValueError(f"{path_kind} needs {' and '.join(missing)}")
    succ = game.successors(strategy)

    def forced(target: StateSet, among: StateSet) -> StateSet:
        """The states of `among` where σ is not stuck and every successor lies in `target`."""
        return frozenset(q for q in among if (nexts := succ[q]) is not None and nexts <= target)

    states = game.states
    if path_kind == "X":
        assert goal is not None
        return forced(goal, states)
    assert hold is not None
    staying = hold & states
    if path_kind == "G":
        return fixpoint(lambda z: forced(z, staying), states)
    assert goal is not None
    reached = goal & states
    return fixpoint(lambda z: reached | forced(z, staying), frozenset())


def uniform_next(game: UniformGame, holds: StateSet, variant: str) -> StateSet:
    """`<g>X φ` under uniform memoryless strategies (`variant`: uniform, uniform-objective, uniform-pooled)."""
    return _strategic(game, variant, "X", None, holds)


def uniform_always(game: UniformGame, holds: StateSet, variant: str) -> StateSet:
    """`<g>G φ` under uniform memoryless strategies."""
    return _strategic(game, variant, "G", holds, None)


def uniform_until(game: UniformGame, hold: StateSet, goal: StateSet, variant: str) -> StateSet:
    """`<g>(φ U ψ)` under uniform memoryless strategies (`<g>F ψ`: `hold` = every reachable state)."""
    return _strategic(game, variant, "U", hold, goal)


def _strategic(game: UniformGame, variant: str, path_kind: str,
               hold: StateSet | None, goal: StateSet | None) -> StateSet:
    """The states q for which some σ has the required set ({q}, E(q) or D(q)) inside W_σ."""
    _check_variant(variant)
    won: set[State] = set()
    for strategy in game.strategies():
        won |= game.won_from(winning_states(game, strategy, path_kind, hold, goal), variant)
        if len(won) == len(game.states):
            break
    return frozenset(won)


def _check_variant(variant: str) -> None:
    if variant not in UNIFORM_VARIANTS:
        raise ValueError(f"uniform strategy semantics must be one of {UNIFORM_VARIANTS}, not {variant!r}")


def _product(sizes: Iterable[int]) -> int:
    total = 1
    for size in sizes:
        total *= size
    return total
