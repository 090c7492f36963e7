"""The explicit oracle for `ctlstark prob`: Pmin and Pmax by value iteration on the whole automaton
(`explicit/probabilistic.py`, Baier–Katoen), independent of Storm and of the reduction."""

from __future__ import annotations

from ctlstark.explicit.probabilistic import reach_probabilities
from ctlstark.prob.automaton import build_automaton, to_mdp
from ctlstark.prob.protocol import Protocol


def oracle(protocol: Protocol) -> tuple[dict[str, float], dict[str, float]]:
    """Pmin and Pmax per property, from the initial state."""
    automaton = build_automaton(protocol)
    mdp = to_mdp(automaton)
    minimum, maximum = {}, {}
    for kind, members in automaton.targets().items():
        targets = {s for s, member in enumerate(members) if member}
        minimum[kind] = reach_probabilities(mdp, targets, minimise=True)[0]
        maximum[kind] = reach_probabilities(mdp, targets, minimise=False)[0]
    return minimum, maximum
