"""Explicit ATL (`<g>X/F/G/U`) by the game definition: the test oracle for `mc/atl.py`.

Written independently of the symbolic engine. For each reachable state it
enumerates the coalition's protocol-enabled action tuples, the opponents'
protocol-enabled responses and the successors of each joint action (the
per-state transition function of `semantics/transitions.py`), and keeps, per
coalition choice, the set of states the others can steer the system into.
The operators are then the textbook fixpoints over explicit state sets
(perfect information, no fairness — MCMAS's default; docs/semantics.md,
"Strategic operators (ATL)").
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from ..model import Agent
from ..semantics.fixpoint import fixpoint
from ..semantics.transitions import State, protocol_actions, successors_under
from .system import ExplicitSystem

StateSet = frozenset[State]
Outcomes = frozenset[State]
"""Every state the opponents can lead to, against one coalition choice in one state."""


class CoalitionGame:
    """The one-step game of a coalition in every reachable state: its choices and their possible outcomes."""

    def __init__(self, system: ExplicitSystem, coalition: Iterable[str]) -> None:
        members = set(coalition)
        self.system = system
        self.coalition: tuple[Agent, ...] = tuple(a for a in system.model.agents if a.name in members)
        self.opponents: tuple[Agent, ...] = tuple(a for a in system.model.agents if a.name not in members)
        self.choices: dict[State, tuple[Outcomes, ...]] = {state: self._choices_in(state) for state in system.states}

    def _choices_in(self, state: State) -> tuple[Outcomes, ...]:
        """The outcome sets of the coalition's choices in `state` that are really available.

        A coalition choice counts only if at least one response of the others
        (enabled by their protocols) gives a successor: a choice that no response
        can complete is not an action the coalition can take (otherwise `<g>X false`
        would hold vacuously). A response that is enabled by the protocols but has
        no successor under the evolution is no transition, so it cannot lead
        outside the target. Hence a deadlock state, with no joint action that has a
        successor, has no choice at all and `<g>X φ` is false there, as in MCMAS.
        """
        valuation = self.system.valuation(state)
        mine = [protocol_actions(agent, valuation) for agent in self.coalition]
        theirs = [protocol_actions(agent, valuation) for agent in self.opponents]
        choices: list[Outcomes] = []
        for own in itertools.product(*mine):
            outcomes: set[State] = set()
            for response in itertools.product(*theirs):
                joint = dict(zip((a.name for a in self.coalition), own))
                joint.update(zip((a.name for a in self.opponents), response))
                outcomes.update(successors_under(self.system.model, valuation, joint))
            if outcomes:
                choices.append(frozenset(outcomes))
        return tuple(choices)

    def can_force(self, target: StateSet) -> StateSet:
        """pre_g: the states where some available coalition choice keeps every outcome inside `target`."""
        return frozenset(s for s, options in self.choices.items() if any(o <= target for o in options))


def force_next(game: CoalitionGame, holds: StateSet) -> StateSet:
    """`<g>X φ = pre_g(φ)`."""
    return game.can_force(holds)


def force_always(game: CoalitionGame, holds: StateSet) -> StateSet:
    """`<g>G φ = νZ. φ ∧ pre_g(Z)`, from Z = all reachable states downwards."""
    return fixpoint(lambda z: holds & game.can_force(z), game.system.states)


def force_until(game: CoalitionGame, hold: StateSet, goal: StateSet) -> StateSet:
    """`<g>(φ U ψ) = μZ. ψ ∨ (φ ∧ pre_g(Z))`, from Z = ∅ upwards (`<g>F ψ`: φ = every state)."""
    return fixpoint(lambda z: goal | (hold & game.can_force(z)), frozenset())
