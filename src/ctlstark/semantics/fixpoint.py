"""Fixpoints of a monotone step on explicit sets, for the lasso semantics and the explicit ATL oracle."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

Items = TypeVar("Items", bound=frozenset)


def fixpoint(step: Callable[[Items], Items], start: Items) -> Items:
    """Apply `step` from `start` until nothing changes (the least fixpoint from ∅, the greatest from everything)."""
    current = start
    while True:
        following = step(current)
        if following == current:
            return current
        current = following
