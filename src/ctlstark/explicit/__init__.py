"""Explicit-state oracle: enumerates the states of a small model and checks CTL*K by textbook definitions.

Deliberately simple and independent of the symbolic engine, so the two can be
compared on random models (tests/test_differential.py).
"""

from .checker import ExplicitChecker, is_ctl_shaped
from .ltl import Lasso
from .system import ExplicitSystem, State

__all__ = ["ExplicitChecker", "ExplicitSystem", "Lasso", "State", "is_ctl_shaped"]
