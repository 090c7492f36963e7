"""An explicit-state oracle for reachability probabilities in an MDP (small models only).

Written from the definitions (Baier & Katoen 2008, ch. 10.6), independent of Storm: the
states with probability 0 are found by graph fixpoints (Prob0A for the maximum: no
path reaches the target; Prob0E for the minimum: some scheduler avoids it forever),
and the rest by Gauss-Seidel value iteration from below, which converges to the least
fixpoint — the exact minimal or maximal probability.
"""

from __future__ import annotations

from ..prob.mdp import ExplicitMdp


def reach_probabilities(mdp: ExplicitMdp, targets: set[int], minimise: bool, *,
                        tolerance: float = 1e-15, max_sweeps: int = 1_000_000) -> list[float]:
    """Pmin (or Pmax) of eventually reaching `targets`, for every state."""
    zero = prob0_min(mdp, targets) if minimise else prob0_max(mdp, targets)
    choices = [[[(t, float(p)) for t, p in d] for d in ds] for ds in mdp.choices]
    values = [1.0 if s in targets else 0.0 for s in range(mdp.size)]
    pick = min if minimise else max
    unknown = [s for s in range(mdp.size) if s not in targets and s not in zero]
    for _ in range(max_sweeps):
        change = 0.0
        for s in unknown:
            value = pick(sum(p * values[t] for t, p in d) for d in choices[s])
            change = max(change, abs(value - values[s]))
            values[s] = value
        if change <= tolerance:
            break
    return values


def prob0_max(mdp: ExplicitMdp, targets: set[int]) -> set[int]:
    """States from which no path reaches `targets` (Pmax = 0)."""
    reach = set(targets)
    changed = True
    while changed:
        changed = False
        for s in range(mdp.size):
            if s not in reach and any(p > 0 and t in reach for d in mdp.choices[s] for t, p in d):
                reach.add(s)
                changed = True
    return set(range(mdp.size)) - reach


def prob0_min(mdp: ExplicitMdp, targets: set[int]) -> set[int]:
    """States where some scheduler avoids `targets` forever (Pmin = 0): the greatest fixpoint
    of "not a target, and some choice stays inside the set"."""
    avoid = set(range(mdp.size)) - set(targets)
    changed = True
    while changed:
        changed = False
        for s in list(avoid):
            if not any(all(t in avoid for t, p in d if p > 0) for d in mdp.choices[s]):
                avoid.discard(s)
                changed = True
    return avoid
