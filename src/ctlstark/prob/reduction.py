"""The protocol cut into independent parts, each solved exactly, the answers composed (issue 21).

Two propositions or commitments belong to the same *part* when an event touches both
(its effects and its operation's commitment) or one of the agent's beliefs reads one in
its precondition and triggers an event touching the other. Parts share no state: a belief
reads and its events write one part only, and `util` is only summed. The automaton of the
whole protocol is the interleaving of the parts' automata, so it is never built:

* conformance and achievement ask every part to end (no belief applies) in its own target
  (its commitments of the agent `Ful`/`Exp`, its goals true), so Pmin is the product of the
  parts' Pmin and Pmax the product of their Pmax (docs/probabilistic.md, "Reduction", gives
  the proof: the product of the parts' values is a fixpoint of the whole's Bellman operator,
  and every scheduler of the whole meets it — a bounded submartingale argument);
* benefit asks the *sum* of the parts' utilities to be positive. When every part ends with
  a distribution of its utility that no scheduler can change (checked exactly, state by
  state), the sum's distribution is their convolution, whatever the interleaving and the
  choices: Pmin = Pmax = P(sum > 0). Otherwise the whole automaton is built and Storm
  computes benefit (`ReducedAnswer.benefit_route`).

A part's automaton has no cycle but self-loops (every other step makes a proposition true or
moves a commitment forward in its lifecycle; `Protocol`'s bounded-utility rule), so its
values are computed exactly, in fractions, from the terminal states back: no iteration and
no tolerance. Parts equal up to renaming (the copies of a scaled family) are solved once.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from ..runtime.records import record
from .automaton import Automaton, build_automaton
from .protocol import STATES, Agent, Protocol

EXACT_PROPERTIES = ("conformance", "achievement")
"""The properties whose target is a conjunction over the parts (products of the parts' values)."""

Distribution = dict[Fraction, Fraction]
"""Final utility → probability."""


@record
class Part:
    """One independent part: the names it owns, in the protocol's order, and the beliefs acting on it."""

    propositions: tuple[str, ...]
    commitments: tuple[str, ...]
    events: tuple[str, ...]
    beliefs: tuple[int, ...]


@dataclass
class PartAnswer:
    """One part's exact values: Pmin and Pmax of conformance and achievement, and its final-utility
    distribution when no scheduler can change it (None otherwise)."""

    minimum: dict[str, Fraction]
    maximum: dict[str, Fraction]
    utility: Distribution | None
    main_states: int
    intermediate_states: int
    transitions: int


@dataclass
class ReducedAnswer:
    """The whole protocol's values from its parts."""

    minimum: dict[str, Fraction] = field(default_factory=dict)
    maximum: dict[str, Fraction] = field(default_factory=dict)
    parts: int = 0
    distinct_parts: int = 0
    main_states: int = 0
    intermediate_states: int = 0
    transitions: int = 0
    benefit_route: str = "convolution"
    """`convolution` (exact, from the parts), or `full automaton` (some part's utility depends on the scheduler)."""


def independent_parts(protocol: Protocol) -> list[Part]:
    """The protocol's parts (union–find over propositions and commitments), in order of their first name."""
    names = [("p", p) for p in protocol.propositions] + [("c", c) for c in protocol.commitments]
    parent = {name: name for name in names}

    def find(name: tuple[str, str]) -> tuple[str, str]:
        while parent[name] != name:
            parent[name] = parent[parent[name]]
            name = parent[name]
        return name

    def join(group: list[tuple[str, str]]) -> None:
        for other in group[1:]:
            parent[find(other)] = find(group[0])

    touched = {event: _touched(protocol, event) for event in protocol.events}
    for group in touched.values():
        join(group)
    for belief in protocol.agent.beliefs:
        read = [("c", c.name) if c.state is not None else ("p", c.name) for c in belief.precondition]
        join(read + [name for event, _ in belief.distribution for name in touched[event]])
    members: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
    for name in names:
        members[find(name)].append(name)
    parts = []
    for group in members.values():
        owned = set(group)
        beliefs = tuple(i for i, b in enumerate(protocol.agent.beliefs) if _belief_names(b, touched) & owned)
        triggered = {e for i in beliefs for e, _ in protocol.agent.beliefs[i].distribution}
        events = tuple(e for e in protocol.events if set(touched[e]) & owned or e in triggered)
        parts.append(Part(tuple(n for kind, n in group if kind == "p"), tuple(n for kind, n in group if kind == "c"),
                          events, beliefs))
    # An event that touches nothing (no effects, no operation) only moves util or loops: it goes
    # with each belief that triggers it; a belief that reads nothing and triggers only such
    # events makes a part of its own.
    loose = [i for i, b in enumerate(protocol.agent.beliefs) if not _belief_names(b, touched)]
    if loose:
        events = tuple(dict.fromkeys(e for i in loose for e, _ in protocol.agent.beliefs[i].distribution))
        parts.append(Part((), (), events, tuple(loose)))
    return parts


def _touched(protocol: Protocol, event: str) -> list[tuple[str, str]]:
    """The propositions an event makes true and the commitment its operation acts on."""
    names = [("p", p) for p in protocol.events[event].effects]
    operation = protocol.operations.get(event)
    if operation is not None:
        names.append(("c", operation.commitment))
    return names


def _belief_names(belief, touched: dict[str, list[tuple[str, str]]]) -> set[tuple[str, str]]:
    read = {("c", c.name) if c.state is not None else ("p", c.name) for c in belief.precondition}
    return read | {name for event, _ in belief.distribution for name in touched[event]}


def part_protocol(protocol: Protocol, part: Part) -> Protocol:
    """The protocol restricted to one part (its goals, its commitments, its beliefs and events)."""
    agent = protocol.agent
    events = {name: protocol.events[name] for name in part.events}
    return Protocol(
        protocol.roles, part.propositions, events,
        {name: protocol.commitments[name] for name in part.commitments},
        {name: op for name, op in protocol.operations.items() if name in events},
        Agent(agent.role, tuple(g for g in agent.goals if g in part.propositions),
              tuple(agent.beliefs[i] for i in part.beliefs),
              {name: value for name, value in agent.utilities.items() if name in events}),
        protocol.thresholds, protocol.file)


def signature(protocol: Protocol) -> tuple:
    """The protocol with every name replaced by its position: equal signatures, equal automata up to
    renaming (roles matter only as the agent's own commitments, so they are not kept)."""
    props = {p: i for i, p in enumerate(protocol.propositions)}
    commitments = {c: i for i, c in enumerate(protocol.commitments)}
    events = {e: i for i, e in enumerate(protocol.events)}
    agent = protocol.agent
    return (
        len(props),
        tuple(commitment.debtor == agent.role for commitment in protocol.commitments.values()),
        tuple((tuple(sorted(props[p] for p in event.effects)),
               None if name not in protocol.operations else
               (commitments[protocol.operations[name].commitment], protocol.operations[name].operation),
               agent.utility(name)) for name, event in protocol.events.items()),
        tuple((tuple(sorted((props[c.name], c.positive) if c.state is None else (-1 - commitments[c.name], c.state)
                            for c in belief.precondition)),
               tuple((events[e], p) for e, p in belief.distribution)) for belief in agent.beliefs),
        tuple(sorted(props[g] for g in set(agent.goals))),
    )


def solve_part(automaton: Automaton) -> PartAnswer:
    """Exact values of one part's automaton, from the terminal states back (see the module docstring)."""
    targets = automaton.targets()
    order = _terminal_first(automaton)
    minimum = {kind: [Fraction(0)] * automaton.main_states for kind in EXACT_PROPERTIES}
    maximum = {kind: [Fraction(0)] * automaton.main_states for kind in EXACT_PROPERTIES}
    utility: list[Distribution | None] = [None] * automaton.main_states
    for state in order:
        if automaton.is_terminal(state):
            for kind in EXACT_PROPERTIES:
                minimum[kind][state] = maximum[kind][state] = Fraction(int(targets[kind][state]))
            utility[state] = {automaton.util_of(state): Fraction(1)}
            continue
        leaving = []   # per choice: (probability of leaving, [(successor, probability)]) or None for a pure loop
        for choice in automaton.choices[state]:
            stay = sum((o.probability for o in choice.outcomes if o.target == state), Fraction(0))
            moves = [(o.target, o.probability) for o in choice.outcomes if o.target != state]
            leaving.append(None if stay == 1 else (1 - stay, moves))
        for kind in EXACT_PROPERTIES:
            values = [sum((p * minimum[kind][t] for t, p in moves), Fraction(0)) / out
                      for out, moves in filter(None, leaving)]
            highs = [sum((p * maximum[kind][t] for t, p in moves), Fraction(0)) / out
                     for out, moves in filter(None, leaving)]
            # a choice that only loops can be taken forever: the part never ends, the target is missed
            minimum[kind][state] = Fraction(0) if None in leaving else min(values)
            maximum[kind][state] = max(highs, default=Fraction(0))
        utility[state] = _same_for_every_choice(leaving, utility)
    return PartAnswer({kind: minimum[kind][0] for kind in EXACT_PROPERTIES},
                      {kind: maximum[kind][0] for kind in EXACT_PROPERTIES}, utility[0],
                      automaton.main_states, automaton.intermediate_states,
                      _flat_transitions(automaton))


def _flat_transitions(automaton: Automaton) -> int:
    """Transitions of the automaton as Storm gets it (`automaton.to_mdp`): into and out of each
    intermediate state, and a self-loop per terminal state."""
    terminal = sum(1 for state in range(automaton.main_states) if automaton.is_terminal(state))
    return 2 * automaton.intermediate_states + terminal


def _same_for_every_choice(leaving: list, utility: list[Distribution | None]) -> Distribution | None:
    """The final-utility distribution from a state if every choice gives the same one (then every
    scheduler does); None if one does not, or a choice can loop forever, or a successor's depends."""
    result: Distribution | None = None
    for entry in leaving:
        if entry is None:
            return None
        out, moves = entry
        mixed: Distribution = defaultdict(Fraction)
        for target, probability in moves:
            successor = utility[target]
            if successor is None:
                return None
            for value, weight in successor.items():
                mixed[value] += probability / out * weight
        if result is None:
            result = dict(mixed)
        elif result != dict(mixed):
            return None
    return result


def _terminal_first(automaton: Automaton) -> list[int]:
    """Every main state after all its successors (self-loops aside); `ValueError` on a longer cycle,
    which the bounded-utility rule excludes."""
    successors = [sorted({o.target for c in choices for o in c.outcomes} - {state})
                  for state, choices in enumerate(automaton.choices)]
    order, mark = [], [0] * automaton.main_states   # 0 new, 1 on the path, 2 done
    for root in range(automaton.main_states):
        if mark[root]:
            continue
        stack = [(root, iter(successors[root]))]
        mark[root] = 1
        while stack:
            state, pending = stack[-1]
            following = next(pending, None)
            if following is None:
                stack.pop()
                mark[state] = 2
                order.append(state)
            elif mark[following] == 1:
                raise ValueError("the automaton has a cycle through more than one state")
            elif mark[following] == 0:
                mark[following] = 1
                stack.append((following, iter(successors[following])))
    return order


def convolve(distributions: list[Distribution]) -> Distribution:
    """The distribution of the sum of independent final utilities."""
    total: Distribution = {Fraction(0): Fraction(1)}
    for distribution in distributions:
        combined: Distribution = defaultdict(Fraction)
        for left, p in total.items():
            for right, q in distribution.items():
                combined[left + right] += p * q
        total = dict(combined)
    return total


def analyse_reduced(protocol: Protocol, max_states: int) -> ReducedAnswer:
    """Pmin and Pmax of conformance and achievement, and of benefit when the parts' utilities compose
    (otherwise `benefit_route` says the whole automaton is needed, and benefit is left out)."""
    answer = ReducedAnswer()
    solved: dict[tuple, PartAnswer] = {}
    answers = []
    for part in independent_parts(protocol):
        restricted = part_protocol(protocol, part)
        key = signature(restricted)
        if key not in solved:
            solved[key] = solve_part(build_automaton(restricted, max_states))
            answer.main_states += solved[key].main_states
            answer.intermediate_states += solved[key].intermediate_states
            answer.transitions += solved[key].transitions
        answers.append(solved[key])
    answer.parts, answer.distinct_parts = len(answers), len(solved)
    for kind in EXACT_PROPERTIES:
        answer.minimum[kind] = _product(a.minimum[kind] for a in answers)
        answer.maximum[kind] = _product(a.maximum[kind] for a in answers)
    utilities = [a.utility for a in answers]
    if all(u is not None for u in utilities):
        total = convolve([u for u in utilities if u is not None])
        answer.minimum["benefit"] = answer.maximum["benefit"] = sum((p for v, p in total.items() if v > 0), Fraction(0))
    else:
        answer.benefit_route = "full automaton"
    return answer


def _product(values) -> Fraction:
    result = Fraction(1)
    for value in values:
        result *= value
    return result


__all__ = ["EXACT_PROPERTIES", "Part", "PartAnswer", "ReducedAnswer", "STATES", "analyse_reduced", "convolve",
           "independent_parts", "part_protocol", "signature", "solve_part"]
