"""The one fixpoint loop: a monotone step applied until the set is stable.

Explicit sets (the lasso semantics, the explicit ATL oracle) and BDDs (every symbolic
operator in `mc/`) iterate with it alike; it checks the time limit once per iteration,
so a long fixpoint stops when `--timeout` runs out.
"""

from __future__ import annotations

from collections.abc import Callable

from ..runtime.limits import checkpoint

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeVar

    Items = TypeVar("Items")


def fixpoint(step: Callable[[Items], Items], start: Items) -> Items:
    """Apply `step` from `start` until nothing changes: νZ.step(Z) from a superset, μZ.step(Z) from a subset."""
    current = start
    while True:
        checkpoint()
        following = step(current)
        if following == current:
            return current
        current = following
