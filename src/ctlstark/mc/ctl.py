"""CTL fixpoints over a symbolic system: EX, EU, EG, and EG under fairness.

Each function is one fixpoint over BDDs of states; the equation is in its
docstring. They use the plain pre-image (a successor that is a deadlock
counts) and intersect with the reachable states; fairness is layered on top
by the caller (`label.Checker`): `EX_fair φ = EX(φ ∧ fair)`,
`E_fair[φ U ψ] = E[φ U (ψ ∧ fair)]`, `EG_fair φ` by Emerson–Lei, with a recursion
on the compassion (strong fairness) pairs when there are any (`eg_fair`).

Reference: E. A. Emerson and C.-L. Lei, "Modalities for model checking:
branching time logic strikes back", Science of Computer Programming 8 (1987);
E. M. Clarke, O. Grumberg, D. Peled, "Model Checking", §6.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..semantics.fixpoint import fixpoint
from ..symbolic.bdd import Function

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Protocol
else:
    Protocol = object  # a structural type for type checkers; at run time a plain base class


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


Pair = tuple[Function, Function]
"""A compassion pair (p, q) as state sets: a fair path that visits p infinitely often visits q infinitely often."""


def emerson_lei(system: Transitions, hold: Function, constraints: Sequence[Function]) -> Function:
    """`νZ. f ∧ ⋀_F EX E[f U (Z ∧ F)]` (Emerson–Lei): an infinite path inside f visiting each F infinitely often.

    Without constraints this is `EG f`.
    """
    if not constraints:
        return eg(system, hold)

    def narrowed(current: Function) -> Function:
        result = current
        for constraint in constraints:
            result &= ex(system, eu(system, hold, current & constraint))
        return result

    return fixpoint(narrowed, hold & system.reachable)


def eg_fair(system: Transitions, hold: Function, constraints: Sequence[Function],
            compassion: Sequence[Pair] = ()) -> Function:
    """`EG_fair f`: states with an infinite path inside f that visits every justice set F of
    `constraints` infinitely often and, for every compassion pair (p, q), visits q infinitely
    often if it visits p infinitely often. Without compassion this is Emerson–Lei.

    With compassion pairs C (a Streett condition), by recursion on the pairs:

        fair(f, J, C) = EL(f, J ∪ {q | (p, q) ∈ C})  ∪  ⋃_(p,q)∈C E[f U fair(f ∧ ¬p, J, C ∖ {(p, q)})]

    EL's paths visit every q infinitely often, so they satisfy every pair; a path that
    stays out of p from some point on satisfies (p, q). Conversely the set S of states a
    fair path visits infinitely often meets q or misses p for each pair: if it meets every
    q the path is in EL's answer, else it misses some p from some point on. Exponential in
    the number of pairs (memoised on the pairs left); a few pairs are the use case.
    """
    if not compassion:
        return emerson_lei(system, hold, constraints)
    return _streett(system, hold & system.reachable, list(constraints), tuple(compassion), {})


def _streett(system: Transitions, hold: Function, justice: list[Function], pairs: tuple[Pair, ...],
             memo: dict[tuple[Pair, ...], Function]) -> Function:
    """`fair(hold, justice, pairs)` of `eg_fair`; `memo` maps the pairs left to the answer (hold follows from them)."""
    found = memo.get(pairs)
    if found is not None:
        return found
    live = relevant_pairs(system, hold, pairs)
    result = emerson_lei(system, hold, justice + [q for _, q in live])
    for index, (p, _) in enumerate(live):
        rest = live[:index] + live[index + 1:]
        inner = _streett(system, hold & ~p, justice, rest, memo)
        if inner != system.bdd.false:
            result |= eu(system, hold, inner)
    memo[pairs] = result
    return result


def relevant_pairs(system: Transitions, hold: Function, pairs: Sequence[Pair]) -> tuple[Pair, ...]:
    """The pairs whose p meets `hold`: a path inside hold satisfies the others whatever it does."""
    return tuple((p, q) for p, q in pairs if p & hold != system.bdd.false)


def compassion_branch(system: Transitions, hold: Function, justice: Sequence[Function],
                      compassion: Sequence[Pair], state: Function) -> tuple[int, Function] | None:
    """Which branch of `eg_fair`'s recursion holds at `state` (a state of `eg_fair(hold, justice, compassion)`).

    None when `state` lies in `EL(hold, justice ∪ {q})` of the pairs whose p meets hold (a
    lasso can loop there, visiting those sets); else `(j, target)`: the index j of a pair
    of `compassion` and `target = eg_fair(hold ∧ ¬p_j, justice, compassion ∖ {j})`, with
    `state` in `E[hold U target]`. For witnesses: move to target, drop pair j, repeat.
    """
    hold = hold & system.reachable
    live = relevant_pairs(system, hold, compassion)
    if state & emerson_lei(system, hold, list(justice) + [q for _, q in live]) != system.bdd.false:
        return None
    for index, (p, q) in enumerate(compassion):
        if (p, q) not in live:
            continue
        rest = tuple(compassion[:index]) + tuple(compassion[index + 1:])
        target = eg_fair(system, hold & ~p, justice, rest)
        if state & eu(system, hold, target) != system.bdd.false:
            return index, target
    raise ValueError("the state is not in EG_fair of the hold under these compassion pairs")
