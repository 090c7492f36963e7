"""Explicit states and transitions of a typed model, by brute-force enumeration.

Initial states: every valuation that satisfies `InitStates`. Successors: every
joint action enabled by the protocols, times every evolution alternative of every
agent. Reachable states: breadth-first search over `semantics.StateView`'s one-state
transition function. `labelled_successors` keeps the
joint action of every transition (for action atoms in path formulas). Meant for
small models (the test oracle); `max_states` bounds the valuations and joint
actions it will try.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Iterator

from ..errors import ResourceExhausted
from ..model import Model
from ..semantics.expressions import holds
from ..semantics.transitions import Joint, State, StateView

DEFAULT_MAX_STATES = 200_000


class ExplicitSystem(StateView):
    """The reachable part of a model's transition system, as Python sets.

    `states`: reachable states; `initial`: initial states; `successors`: each
    reachable state's successor set (empty for a deadlock). States are tuples in
    `Model.variables` order.
    """

    def __init__(self, model: Model, *, max_states: int = DEFAULT_MAX_STATES) -> None:
        super().__init__(model)
        self._max_states = max_states
        _check_size("valuations", _product(len(v.type.values()) for v in self.variables), max_states)
        _check_size("joint actions", _product(len(a.actions) for a in model.agents), max_states)
        self.initial: frozenset[State] = frozenset(
            state for state in self._all_valuations() if holds(model.initial_condition, self.valuation(state))
        )
        self.successors: dict[State, frozenset[State]] = self._explore()
        self.states: frozenset[State] = frozenset(self.successors)
        self._labelled: dict[State, dict[Joint, frozenset[State]]] | None = None

    # ------------------------------------------------------------------ queries

    def labelled_successors(self) -> dict[State, dict[Joint, frozenset[State]]]:
        """Each reachable state's joint actions that lead somewhere, with the successors under each.

        A joint action is *taken* in a state when every agent's protocol enables its
        component and the evolution gives it at least one successor (docs/commitments.md,
        "Action atoms"); the others do not appear. Computed on first use.
        """
        if self._labelled is None:
            self._labelled = {state: self._labelled_from(state) for state in self.states}
        return self._labelled

    def _labelled_from(self, state: State) -> dict[Joint, frozenset[State]]:
        grouped: dict[Joint, set[State]] = {}
        for joint, target in self.transitions(state):
            grouped.setdefault(tuple(joint[name] for name in self.model.agent_names), set()).add(target)
        return {action: frozenset(targets) for action, targets in grouped.items()}

    def deadlocks(self) -> frozenset[State]:
        """Reachable states without any successor."""
        return frozenset(state for state, nexts in self.successors.items() if not nexts)

    def predecessors(self) -> dict[State, frozenset[State]]:
        """The inverse of `successors`, over the reachable states."""
        inverse: dict[State, set[State]] = {state: set() for state in self.states}
        for state, nexts in self.successors.items():
            for target in nexts:
                inverse[target].add(state)
        return {state: frozenset(sources) for state, sources in inverse.items()}

    # ------------------------------------------------------------------ construction

    def _all_valuations(self) -> Iterator[State]:
        return itertools.product(*(v.type.values() for v in self.variables))

    def _explore(self) -> dict[State, frozenset[State]]:
        successors: dict[State, frozenset[State]] = {}
        frontier = deque(self.initial)
        seen = set(self.initial)
        while frontier:
            state = frontier.popleft()
            nexts = frozenset(target for _, target in self.transitions(state))
            successors[state] = nexts
            for target in nexts - seen:
                seen.add(target)
                frontier.append(target)
        return successors


def _product(sizes: Iterator[int]) -> int:
    total = 1
    for size in sizes:
        total *= size
    return total


def _check_size(what: str, count: int, limit: int) -> None:
    if count > limit:
        raise ResourceExhausted(
            f"the explicit-state checker would enumerate {count} {what}, more than its limit of {limit}"
        )
