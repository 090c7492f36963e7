"""Paper 002's Algorithm 1: the probabilistic automaton (an MDP) of a protocol from one agent's view.

A main state assigns every proposition, every commitment's state and `util`. From a
main state each belief whose precondition holds is one nondeterministic choice; its
distribution goes, with probability mu(e), to an intermediate state (a copy of the main
state, one per belief and event, kept distinct), whose single Dirac step applies
`Up`: the event's effects, its operation, and `util += v(e)`. A main state where no
belief applies is terminal. Construction is breadth-first and explicit.

`util` is kept exact as an integer multiple of 1/`scale` (`scale` is the least common
denominator of the utilities), so states compare exactly and `util_of` gives a Fraction.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field
from fractions import Fraction

from ..errors import CtlstarkError
from ..runtime.records import record
from .mdp import ExplicitMdp
from .protocol import STATES, Protocol

MainState = tuple[int, tuple[int, ...], int]
"""(bit mask of the true propositions, commitment state indices, util × scale)."""

DEFAULT_MAX_STATES = 2_000_000


class TooManyStates(CtlstarkError):
    """The automaton has more main states than the limit allows."""


@record
class Outcome:
    """One branch of a choice: the event, its probability, and the main state `Up` leads to."""

    event: int
    probability: Fraction
    target: int


@record
class Choice:
    """The choice of one applicable belief in a main state: one outcome (intermediate state) per event."""

    belief: int
    outcomes: tuple[Outcome, ...]


@dataclass
class Automaton:
    """The explicit MDP of Algorithm 1: main states, their choices, and the terminal states."""

    protocol: Protocol
    scale: int
    states: list[MainState] = field(default_factory=list)
    choices: list[tuple[Choice, ...]] = field(default_factory=list)

    @property
    def main_states(self) -> int:
        return len(self.states)

    @property
    def intermediate_states(self) -> int:
        return sum(len(c.outcomes) for choices in self.choices for c in choices)

    def is_terminal(self, state: int) -> bool:
        return not self.choices[state]

    def util_of(self, state: int) -> Fraction:
        return Fraction(self.states[state][2], self.scale)

    def commitment_state(self, state: int, commitment: str) -> str:
        return STATES[self.states[state][1][list(self.protocol.commitments).index(commitment)]]

    def targets(self) -> dict[str, list[bool]]:
        """Per property, which main states are in its target set (all terminal)."""
        p = self.protocol
        own = [list(p.commitments).index(c) for c in p.own_commitments]
        good = {STATES.index("Ful"), STATES.index("Exp")}
        goals = sum(1 << p.propositions.index(g) for g in set(p.agent.goals))
        result: dict[str, list[bool]] = {"conformance": [], "achievement": [], "benefit": []}
        for index, (mask, commitments, util) in enumerate(self.states):
            terminal = self.is_terminal(index)
            result["conformance"].append(terminal and all(commitments[i] in good for i in own))
            result["achievement"].append(terminal and mask & goals == goals)
            result["benefit"].append(terminal and util > 0)
        return result


def utility_scale(protocol: Protocol) -> int:
    """The least common denominator of the agent's utilities (1 when all are whole)."""
    return math.lcm(1, *(v.denominator for v in protocol.agent.utilities.values()))


@record
class _CompiledBelief:
    required: int
    forbidden: int
    tests: tuple[tuple[int, int], ...]
    outcomes: tuple[tuple[int, Fraction], ...]


@record
class _CompiledEvent:
    effects: int
    commitment: int  # -1: the event has no operation
    source: int  # the commitment state index the operation applies in (the others are left unchanged)
    target: int
    util: int


def _compile(protocol: Protocol, scale: int) -> tuple[list[_CompiledBelief], list[_CompiledEvent]]:
    props = {p: i for i, p in enumerate(protocol.propositions)}
    commitments = {c: i for i, c in enumerate(protocol.commitments)}
    events = {e: i for i, e in enumerate(protocol.events)}
    beliefs = []
    for belief in protocol.agent.beliefs:
        required = sum(1 << props[c.name] for c in belief.precondition if c.state is None and c.positive)
        forbidden = sum(1 << props[c.name] for c in belief.precondition if c.state is None and not c.positive)
        tests = tuple((commitments[c.name], STATES.index(c.state)) for c in belief.precondition if c.state)
        outcomes = tuple((events[e], p) for e, p in belief.distribution)
        beliefs.append(_CompiledBelief(required, forbidden, tests, outcomes))
    compiled_events = []
    for name, event in protocol.events.items():
        effects = sum(1 << props[p] for p in event.effects)
        operation = protocol.operations.get(name)
        commitment, source, target = -1, -1, -1
        if operation is not None:
            commitment = commitments[operation.commitment]
            source, target = STATES.index(operation.source), STATES.index(operation.target)
        util = protocol.agent.utility(name) * scale
        assert util.denominator == 1
        compiled_events.append(_CompiledEvent(effects, commitment, source, target, int(util)))
    return beliefs, compiled_events


def initial_state(protocol: Protocol) -> MainState:
    """Every proposition false, every commitment Null, util 0."""
    return (0, (0,) * len(protocol.commitments), 0)


def build_automaton(protocol: Protocol, max_states: int = DEFAULT_MAX_STATES) -> Automaton:
    """The automaton of Algorithm 1, breadth-first from the initial state (state 0).

    Raises `TooManyStates` past `max_states` main states.
    """
    scale = utility_scale(protocol)
    beliefs, events = _compile(protocol, scale)
    automaton = Automaton(protocol, scale)
    index: dict[MainState, int] = {}
    queue: deque[int] = deque()

    def add(state: MainState) -> int:
        found = index.get(state)
        if found is None:
            if len(automaton.states) >= max_states:
                raise TooManyStates(f"the automaton has more than {max_states:,} main states")
            found = index[state] = len(automaton.states)
            automaton.states.append(state)
            automaton.choices.append(())
            queue.append(found)
        return found

    add(initial_state(protocol))
    while queue:
        source = queue.popleft()
        mask, commitments, util = automaton.states[source]
        choices = []
        for number, belief in enumerate(beliefs):
            if mask & belief.required != belief.required or mask & belief.forbidden:
                continue
            if any(commitments[c] != s for c, s in belief.tests):
                continue
            outcomes = tuple(Outcome(e, p, add(_update(events[e], mask, commitments, util)))
                             for e, p in belief.outcomes)
            choices.append(Choice(number, outcomes))
        automaton.choices[source] = tuple(choices)
    return automaton


def _update(event: _CompiledEvent, mask: int, commitments: tuple[int, ...], util: int) -> MainState:
    """`Up(s, e)`: the effects made true, the operation applied (unchanged where undefined), util += v(e)."""
    if event.commitment >= 0 and commitments[event.commitment] == event.source:
        changed = list(commitments)
        changed[event.commitment] = event.target
        commitments = tuple(changed)
    return (mask | event.effects, commitments, util + event.util)


def to_mdp(automaton: Automaton) -> ExplicitMdp:
    """The automaton as a flat MDP: main states first (same numbers), then the intermediate states
    in order of main state, choice and outcome; a terminal state gets a self-loop."""
    main = automaton.main_states
    choices: list[list[tuple[tuple[int, Fraction], ...]]] = []
    steps: list[list[tuple[tuple[int, Fraction], ...]]] = []
    for state, state_choices in enumerate(automaton.choices):
        if not state_choices:
            choices.append([((state, Fraction(1)),)])
            continue
        rows = []
        for choice in state_choices:
            row = []
            for outcome in choice.outcomes:
                row.append((main + len(steps), outcome.probability))
                steps.append([((outcome.target, Fraction(1)),)])
            rows.append(tuple(row))
        choices.append(rows)
    return ExplicitMdp(choices + steps)
