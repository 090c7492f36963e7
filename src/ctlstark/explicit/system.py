"""Explicit states and transitions of a typed model, by brute-force enumeration.

Initial states: every valuation that satisfies `InitStates`. Successors: every
joint action enabled by the protocols, times every evolution alternative of every
agent. Reachable states: breadth-first search. `labelled_successors` keeps the
joint action of every transition (for action atoms in path formulas). Meant for
small models (the test oracle); `max_states` bounds the valuations and joint
actions it will try.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Iterator

from ..errors import ResourceExhausted
from ..model import Agent, Model, Value, Variable
from .evaluate import JointAction, Valuation, evaluate, fits, holds

State = tuple[Value, ...]
Joint = tuple[str, ...]
"""A joint action as a tuple: one action per agent of `Model.agents`, in that order."""

DEFAULT_MAX_STATES = 200_000


class ExplicitSystem:
    """The reachable part of a model's transition system, as Python sets.

    `states`: reachable states; `initial`: initial states; `successors`: each
    reachable state's successor set (empty for a deadlock). States are tuples in
    `Model.variables` order.
    """

    def __init__(self, model: Model, *, max_states: int = DEFAULT_MAX_STATES) -> None:
        self.model = model
        self.variables: tuple[Variable, ...] = model.variables
        self._index = {variable: i for i, variable in enumerate(self.variables)}
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

    def valuation(self, state: State) -> dict[Variable, Value]:
        """The state as a mapping variable -> value."""
        return dict(zip(self.variables, state))

    def local_state(self, agent: str, state: State) -> tuple[Value, ...]:
        """The values of `agent`'s local variables (what it observes) in `state`."""
        return self.project(self.model.agent(agent).local_variables, state)

    def project(self, variables: tuple[Variable, ...] | frozenset[Variable], state: State) -> tuple[Value, ...]:
        """The values of `variables` in `state` (in a fixed order for a frozenset)."""
        ordered = sorted(variables, key=self._index.__getitem__) if isinstance(variables, frozenset) else variables
        return tuple(state[self._index[v]] for v in ordered)

    def value(self, state: State, variable: Variable) -> Value:
        """The value of one variable in `state`."""
        return state[self._index[variable]]

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

    def enabled_actions(self, agent: Agent, state: State) -> tuple[str, ...]:
        """The actions `agent`'s protocol enables in `state` (empty: deadlock)."""
        return protocol_actions(agent, self.valuation(state))

    def transitions(self, state: State) -> Iterator[tuple[JointAction, State]]:
        """Every (joint action, successor) pair leaving `state`."""
        choices = [self.enabled_actions(agent, state) for agent in self.model.agents]
        valuation = self.valuation(state)
        for actions in itertools.product(*choices):
            joint = dict(zip(self.model.agent_names, actions))
            for target in successors_under(self.model, valuation, joint):
                yield joint, target

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

    def _next_own_values(
        self, agent: Agent, valuation: dict[Variable, Value], joint: JointAction
    ) -> frozenset[tuple[Value, ...]]:
        """The possible next values of `agent`'s own variables (empty: no next state)."""
        return _next_own_values(self.model, agent, valuation, joint)


# ---------------------------------------------------------------------- one state
# The transition function on a single state, for callers that must not enumerate
# the state space (the simulator); `ExplicitSystem` is built on these.


def protocol_actions(agent: Agent, valuation: Valuation) -> tuple[str, ...]:
    """The actions `agent`'s protocol enables where the variables have `valuation` (empty: none)."""
    enabled: list[str] = []
    other: tuple[str, ...] = ()
    some_line_holds = False
    for rule in agent.protocol:
        if rule.is_other:
            other = rule.actions
        elif holds(rule.condition, valuation):
            some_line_holds = True
            enabled.extend(a for a in rule.actions if a not in enabled)
    return tuple(enabled) if some_line_holds else other


def successors_under(model: Model, valuation: Valuation, joint: JointAction) -> Iterator[State]:
    """Every successor of the state `valuation` under the joint action `joint` (none: the action is blocked).

    Distinct states, in no particular order; `joint` maps every agent to its action.
    """
    parts = [_next_own_values(model, agent, valuation, joint) for agent in model.agents]
    for combination in itertools.product(*parts):
        yield tuple(value for part in combination for value in part)


def _next_own_values(model: Model, agent: Agent, valuation: Valuation,
                     joint: JointAction) -> frozenset[tuple[Value, ...]]:
    if model.semantics == "single":
        return _single_assignment(agent, valuation, joint)
    return _multi_assignment(agent, valuation, joint)


def _multi_assignment(agent: Agent, valuation: Valuation, joint: JointAction) -> frozenset[tuple[Value, ...]]:
    """MultiAssignment: each line with a true guard is one alternative (impossible ones drop out)."""
    current = tuple(valuation[v] for v in agent.own_variables)
    fired = [rule for rule in agent.evolution if holds(rule.guard, valuation, joint)]
    if not fired:
        return frozenset({current})
    alternatives: set[tuple[Value, ...]] = set()
    for rule in fired:
        updated = dict(zip(agent.own_variables, current))
        possible = True
        for variable, expr in rule.assignments:
            value = evaluate(expr, valuation, joint)
            if not fits(value, variable):
                possible = False
                break
            updated[variable] = value  # type: ignore[assignment]
        if possible:
            alternatives.add(tuple(updated[v] for v in agent.own_variables))
    return frozenset(alternatives)


def _single_assignment(agent: Agent, valuation: Valuation, joint: JointAction) -> frozenset[tuple[Value, ...]]:
    """SingleAssignment: each own variable independently picks among its lines with a true guard."""
    per_variable: list[set[Value]] = []
    for variable in agent.own_variables:
        lines = [
            expr
            for rule in agent.evolution
            for assigned, expr in rule.assignments
            if assigned == variable and holds(rule.guard, valuation, joint)
        ]
        if not lines:
            per_variable.append({valuation[variable]})
            continue
        values = (evaluate(expr, valuation, joint) for expr in lines)
        per_variable.append({value for value in values if fits(value, variable)})  # type: ignore[misc]
    return frozenset(itertools.product(*per_variable))


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
