"""Invariants by SAT: bounded model checking for counterexamples, k-induction for proofs (docs/sat.md).

`check_invariant(model, φ, K)` decides whether φ holds in every reachable state:

* **BMC** (one incremental solver, initial condition at frame 0): for k = 0, 1, …, K,
  is ¬φ satisfiable at frame k (an assumption)? The first k that answers yes gives a
  shortest counterexample; otherwise φ at frame k becomes a hard clause.
* **k-induction with simple paths** (a second incremental solver, no initial
  condition): at depth d, is there a path s0 … sd of pairwise distinct states
  (each satisfying the domain constraints) with φ at s0 … s(d-1) and ¬φ at sd?
  (The distinctness constraints are added lazily, for the pairs of frames that a
  candidate path repeats.)
  If not, and BMC found no ¬φ state within d-1 steps, φ is an invariant: a shortest
  path to a ¬φ state is simple, so its last d+1 states would be such a path.
* **Runs that end.** In ISPL a state without successor ends the run (deadlock); when
  no run from an initial state is k steps long, the BMC solver itself becomes
  unsatisfiable and every reachable state has been checked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..logic import formula as f
from ..model import Model, Value
from ..runtime.limits import checkpoint
from .encode import Unrolling

State = tuple[Value, ...]


@dataclass
class Outcome:
    """An invariant's answer: `holds` True (proved), False (counterexample in `states`/`actions`) or None (unknown)."""

    holds: bool | None
    route: str
    depth: int
    states: list[State] = field(default_factory=list)
    actions: list[tuple[str, ...]] = field(default_factory=list)


def check_invariant(model: Model, invariant: f.Formula, bound: int, initial: Sequence[Value] | None = None) -> Outcome:
    """Whether the propositional `invariant` holds in every state reachable from the initial states
    (from the one state `initial` when given), by BMC up to depth `bound` and k-induction up to depth `bound`."""
    return check_property(model, lambda unrolling, t: unrolling.proposition(invariant, t), bound, initial=initial)


def check_property(model: Model, holds_at: Callable[[Unrolling, int], int], bound: int, *, span: int = 0,
                   initial: Sequence[Value] | None = None) -> Outcome:
    """Whether a property holds at every reachable position: `holds_at(unrolling, t)` is its literal at
    position t, reading frames t … t+span (span 0: a state property; 1: a property of the step t → t+1,
    which holds where there is no such step). BMC and k-induction with simple paths, as for invariants."""
    base = Unrolling(model)
    step = Unrolling(model)
    try:
        base.add_frame()
        start = base.condition(model.initial_condition, 0) if initial is None else base.state_equals(0, initial)
        base.circuit.clause([start])
        if not base.circuit.solve():
            return Outcome(True, "sat:bmc k=0 (no initial state)", 0)
        step.add_frame()
        for _ in range(span):
            base.add_step()
            step.add_step()
        for k in range(bound + 1):
            checkpoint()
            if k > 0:
                base.add_step()
                if not base.circuit.solve():
                    return Outcome(True, f"sat:bmc k={k - 1} (complete: no run has {k + span} steps)", k - 1)
            bad = -holds_at(base, k)
            if base.circuit.solve([bad]):
                states, actions = base.decode(k + 1 + span)
                return Outcome(False, f"sat:bmc k={k}", k, states, actions)
            base.circuit.clause([-bad])
            if k + 1 > bound:
                break
            checkpoint()
            step.circuit.clause([holds_at(step, k)])
            step.add_step()
            if not _induction_step(step, -holds_at(step, k + 1), distinct_frames=step.depth + 1 - span):
                return Outcome(True, f"sat:k-induction k={k + 1}", k + 1)
        return Outcome(None, f"sat:unknown up to {bound}", bound)
    finally:
        base.circuit.delete()
        step.circuit.delete()


def _induction_step(step: Unrolling, bad: int, distinct_frames: int) -> bool:
    """Whether a path of the step solver's frames, its first `distinct_frames` pairwise distinct, ends in
    `bad` (the other constraints are clauses).

    A shortest path to a bad *state* is simple; to a bad *step* s → s', only up to s: s' may repeat
    any earlier state (a self-loop, say), so the frames of the last step's target are left free.
    """
    return simple_path_exists(step, [bad], distinct_frames)[0]


def simple_path_exists(unrolling: Unrolling, assumptions: list[int], distinct_frames: int) -> tuple[bool, bool]:
    """(exists, constrained): whether the unrolling's constraints and `assumptions` have a solution whose
    first `distinct_frames` frames are pairwise distinct, and whether simple-path constraints were added.

    They are added lazily: solve without them, and where the path found repeats a state, require
    those two frames to differ and solve again (a repeated pair stays required at every later depth,
    where it is still needed).
    """
    constrained = False
    while unrolling.circuit.solve(assumptions):
        states, _ = unrolling.decode(distinct_frames)
        first_seen: dict[State, int] = {}
        repeated = []
        for index, state in enumerate(states):
            earlier = first_seen.setdefault(state, index)
            if earlier != index:
                repeated.append((earlier, index))
        if not repeated:
            return True, constrained
        for earlier, later in repeated:
            unrolling.distinct(earlier, later)
        constrained = True
    return False, constrained


def initial_states(model: Model, limit: int) -> list[State]:
    """Up to `limit` + 1 distinct initial states (so that a caller can tell "more than `limit`")."""
    unrolling = Unrolling(model)
    try:
        unrolling.add_frame()
        unrolling.circuit.clause([unrolling.condition(model.initial_condition, 0)])
        found: list[State] = []
        while len(found) <= limit and unrolling.circuit.solve():
            state = unrolling.decode(1)[0][0]
            found.append(state)
            unrolling.circuit.clause([-unrolling.state_equals(0, state)])
        return found
    finally:
        unrolling.circuit.delete()
