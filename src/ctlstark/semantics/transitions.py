"""The transition function of a typed model on one explicit state, without enumerating any others.

Straight from docs/semantics.md: an agent's enabled actions are the union of the
protocol lines that hold (else its `Other` line); under a joint action every agent
picks one of its evolution alternatives (MultiAssignment) or one value per variable
(SingleAssignment). States are tuples of values in `Model.variables` order.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from ..model import Agent, Model, Value, Variable
from .expressions import JointAction, Valuation, evaluate, fits, holds

State = tuple[Value, ...]
Joint = tuple[str, ...]
"""A joint action as a tuple: one action per agent of `Model.agents`, in that order."""


class StateView:
    """One model's states read one at a time: valuations, local states, enabled actions, successors.

    Never explores the state space: the replays and the simulator need only the
    states in front of them; `explicit.ExplicitSystem` adds the enumeration.
    """

    def __init__(self, model: Model) -> None:
        self.model = model
        self.variables: tuple[Variable, ...] = model.variables
        self._index = {variable: i for i, variable in enumerate(self.variables)}

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

    def next_own_values(self, agent: Agent, valuation: dict[Variable, Value],
                        joint: JointAction) -> frozenset[tuple[Value, ...]]:
        """The possible next values of `agent`'s own variables (empty: no next state)."""
        return _next_own_values(self.model, agent, valuation, joint)

    def allows(self, state: State, action: tuple[str, ...], target: State) -> str | None:
        """None when `action` is enabled in `state` and can lead to `target`; otherwise the reason."""
        agents = self.model.agents
        if len(action) != len(agents):
            return f"the joint action {action} does not name one action per agent"
        for agent, chosen in zip(agents, action):
            if chosen not in self.enabled_actions(agent, state):
                return f"{agent.name}'s protocol does not enable {chosen!r}"
        valuation = self.valuation(state)
        joint = dict(zip(self.model.agent_names, action))
        offset = 0
        for agent in agents:
            width = len(agent.own_variables)
            if target[offset:offset + width] not in self.next_own_values(agent, valuation, joint):
                return f"{agent.name}'s evolution cannot produce its next values {target[offset:offset + width]}"
            offset += width
        return None

    def is_initial(self, state: State) -> bool:
        """Whether `state` is a valuation of the declared types that satisfies `InitStates`."""
        valuation = self.valuation(state)
        return all(fits(value, variable) for variable, value in valuation.items()) and holds(
            self.model.initial_condition, valuation)


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
    lines_of = agent.lines_by_variable
    for variable in agent.own_variables:
        lines = [expr for guard, expr in lines_of.get(variable, ()) if holds(guard, valuation, joint)]
        if not lines:
            per_variable.append({valuation[variable]})
            continue
        values = (evaluate(expr, valuation, joint) for expr in lines)
        per_variable.append({value for value in values if fits(value, variable)})  # type: ignore[misc]
    return frozenset(itertools.product(*per_variable))

