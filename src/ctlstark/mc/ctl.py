"""CTL fixpoints over a symbolic system: EX, EU, EG, and EG under fairness.

Each function is one fixpoint over BDDs of states; the equation is in its
docstring. They use the plain pre-image (a successor that is a deadlock
counts) and intersect with the reachable states; fairness is layered on top
by the caller (`label.Checker`): `EX_fair φ = EX(φ ∧ fair)`,
`E_fair[φ U ψ] = E[φ U (ψ ∧ fair)]`, `EG_fair φ` by Emerson–Lei.

Reference: E. A. Emerson and C.-L. Lei, "Modalities for model checking:
branching time logic strikes back", Science of Computer Programming 8 (1987);
E. M. Clarke, O. Grumberg, D. Peled, "Model Checking", §6.
"""

from __future__ import annotations

from collections.abc import Sequence

from typing import Any, Protocol

from ..semantics.fixpoint import fixpoint
from ..symbolic.bdd import Function


class Transitions(Protocol):
    """What these fixpoints need of a system: a manager, the reachable states, a pre-image within a care set.

    The model (`SymbolicSystem`) and the tableau product (`mc.tableau`) both have them,
    so the product runs through the same `eg_fair` as the model.
    """

    bdd: Any
    reachable: Function

    def preimage(self, target: Function, within: Function | None = None) -> Function:
        """States with a successor in `target` (intersected with `within` when given)."""
        ...


def ex(system: Transitions, target: Function) -> Function:
    """`EX f = reachable ∧ pre(f)`: reachable states with a successor in f."""
    return system.preimage(target, within=system.reachable)


def eu(system: Transitions, hold: Function, goal: Function) -> Function:
    """`E[f U g] = μZ. g ∨ (f ∧ EX Z)` (restricted to reachable states)."""
    reached = goal & system.reachable
    frontier = reached
    while frontier != system.bdd.false:
        frontier = hold & ex(system, frontier) & ~reached
        reached |= frontier
    return reached


def eg(system: Transitions, hold: Function) -> Function:
    """`EG f = νZ. f ∧ EX Z`: states with an infinite path inside f."""
    return fixpoint(lambda current: current & ex(system, current), hold & system.reachable)


def eg_fair(system: Transitions, hold: Function, constraints: Sequence[Function]) -> Function:
    """`EG_fair f = νZ. f ∧ ⋀_F EX E[f U (Z ∧ F)]` (Emerson–Lei).

    States with an infinite path inside f visiting every constraint F
    infinitely often; without constraints this is `EG f`.
    """
    if not constraints:
        return eg(system, hold)

    def narrowed(current: Function) -> Function:
        result = current
        for constraint in constraints:
            result &= ex(system, eu(system, hold, current & constraint))
        return result

    return fixpoint(narrowed, hold & system.reachable)
