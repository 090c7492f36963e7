"""The fixpoint loop every symbolic operator is built from, and the system it iterates over.

`fixpoint(step, start)` applies a monotone `step` until the set is stable: from a
superset it reaches the greatest fixpoint (EG, `<g>G`, common knowledge), from a subset
the least (`<g>(φ U ψ)`); it checks the time limit once per iteration. `Transitions`
is what the CTL fixpoints of `mc.ctl` need of a system — a manager, a reachable set and
a pre-image within a care set — which the model and the tableau product both have, so
the product reuses those fixpoints instead of writing its own (omega's
`symbolic/fixpoint.py` and dd's backend protocol are the models for this split).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ..runtime.limits import checkpoint
from ..symbolic.bdd import Function


class Transitions(Protocol):
    """A transition system over BDDs: its manager, its reachable states, its pre-image."""

    bdd: Any
    reachable: Function

    def preimage(self, target: Function, within: Function | None = None) -> Function:
        """States with a successor in `target` (intersected with `within` when given)."""
        ...


def fixpoint(step: Callable[[Function], Function], start: Function) -> Function:
    """Apply `step` from `start` until nothing changes: νZ.step(Z) from a superset, μZ.step(Z) from a subset."""
    current = start
    while True:
        checkpoint()
        following = step(current)
        if following == current:
            return current
        current = following
