"""Strategic operators (ATL) as MCMAS checks them by default: perfect information, over the protocols.

The controllable pre-image of a set Z for a coalition g is the set of reachable
states where the agents of g have a joint action, enabled by their protocols,
such that whatever enabled actions the other agents choose, every successor
lies in Z:

    pre_g(Z) = ∃a_g. [ ∃a_-g. enabled(s, a)  ∧  ¬∃a_-g. ∃s'. T(s, a, s') ∧ ¬Z(s') ]

(`enabled(s, a) = ∃s'. T(s, a, s')`: the protocols are part of the relation).
The operators are its fixpoints:

* `<g>X φ = pre_g(φ)`
* `<g>G φ = νZ. φ ∧ pre_g(Z)`
* `<g>F φ = μZ. φ ∨ pre_g(Z)`
* `<g>(φ U ψ) = μZ. ψ ∨ (φ ∧ pre_g(Z))`

A state without any enabled joint action (a deadlock) has no controllable
pre-image: `<g>X φ` is false there. Fairness is not applied (MCMAS's default
`-atlk 0`). Reference: R. Alur, T. Henzinger, O. Kupferman, "Alternating-time
temporal logic", JACM 49 (2002).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..runtime.limits import checkpoint
from ..semantics.fixpoint import fixpoint
from ..symbolic import bdd as backend
from ..symbolic.bdd import Function
from ..symbolic.system import SymbolicSystem


RESTRICTED_NODE_LIMIT = 100_000
"""A pre-image restricted to a frontier's candidates gives up past this many intermediate nodes
(the whole one then runs). On sum15 the restricted intermediates stayed under 19,000 nodes
where the whole pre-images' reached 710,000; a restricted one can also be the larger (up to
4.7 times on chomp), and this bounds what such a round wastes."""


def _frontiers_pay(system: SymbolicSystem) -> bool:
    """Whether to run the fixpoints by frontiers: only while CUDD's sifting is off.

    With sifting on, the extra nodes of the restricted pre-images set off reorderings:
    chomp (sifting since its reachability) spent 11.0 s in restricted pre-images against
    3.8 s in whole ones; without sifting, frontiers took sum15's three `<g>F` formulas from
    20 s to 4 s.
    """
    return not backend.reordering_enabled(system.bdd)


class ControllablePreimage:
    """`pre_g` for one coalition over one system (the enabled joint actions computed once)."""

    def __init__(self, system: SymbolicSystem, coalition: Iterable[str]):
        members = set(coalition)
        self.system = system
        self.coalition_bits = frozenset(bit for agent, bits in system.action_bits.items() if agent in members
                                        for bit in bits)
        self.opponent_bits = frozenset(bit for agent, bits in system.action_bits.items() if agent not in members
                                       for bit in bits)
        enabled = system.preimage_with_actions(system.bdd.true) & system.reachable
        self.coalition_enabled = backend.exist(system.bdd, self.opponent_bits, enabled)
        """(state, coalition action) pairs that some response of the others completes into an enabled joint action."""

    def __call__(self, target: Function, within: Function | None = None) -> Function:
        """States where the coalition can force the next state into `target`.

        With `within`, the answer is only needed for the states in it (the frontier
        fixpoints below), which is tried first with the pre-image restricted to them.
        """
        return self.system.reachable & backend.exist(self.system.bdd, self.coalition_bits, self.safe(target, within))

    def safe(self, target: Function, within: Function | None = None) -> Function:
        """(state, coalition action) pairs: the action is available and no response leads outside `target`.

        The relation behind `pre_g`, kept for strategies (`witness.strategy`); with
        `within`, exact for the states in `within` (others may be missing).
        """
        system = self.system
        escaping_states = system.reachable & ~target
        escaping, enabled = None, self.coalition_enabled
        if within is not None:
            escaping = system.preimage_with_actions_within(escaping_states, within, RESTRICTED_NODE_LIMIT)
            if escaping is not None:
                enabled = enabled & within
        if escaping is None:
            escaping = system.preimage_with_actions(escaping_states)
        # ∃ a_-g fused with the conjunction: quantifying the escaping relation alone also
        # describes unreachable and disabled (state, action) pairs — 3.4 M nodes against
        # 90 k on chomp (GDL), 8.4 s against 0.18 s per pre-image.
        return enabled & ~backend.and_exists(escaping, enabled, self.opponent_bits)

    def responses(self, target: Function) -> Function:
        """(state, coalition action, opponents' action) triples: the coalition action is available and
        the others' answer has a successor in `target` (the relation behind `dual`)."""
        return self.dual_with_responses(target)[1]

    def dual(self, target: Function) -> Function:
        """`reachable ∧ ¬pre_g(¬target)`: states where the others can answer every available coalition
        action with a step into `target` (every deadlock: the coalition has no move there)."""
        return self.dual_with_responses(target)[0]

    def dual_with_responses(self, target: Function) -> tuple[Function, Function]:
        """`dual(target)` and `responses(target)` from one pre-image (counter-strategies need both)."""
        system = self.system
        answering = system.preimage_with_actions(system.reachable & target)
        answered = backend.and_exists(answering, self.coalition_enabled, self.opponent_bits)  # as in `safe`
        unanswered = self.coalition_enabled & ~answered
        dual = system.reachable & ~backend.exist(system.bdd, self.coalition_bits, unanswered)
        return dual, self.coalition_enabled & answering


def can_force_next(pre: ControllablePreimage, holds: Function) -> Function:
    """`<g>X φ`."""
    return pre(holds)


def can_force_always(pre: ControllablePreimage, holds: Function) -> Function:
    """`<g>G φ = νZ. φ ∧ pre_g(Z)`, by frontiers.

    A state can leave Z only after one of its successors left: each round recomputes
    `pre_g` for the states with a transition into those that just left, not for all of Z.
    """
    system, false = pre.system, pre.system.bdd.false
    if not _frontiers_pay(system):
        return fixpoint(lambda current: holds & pre(current), holds & system.reachable)
    current = holds & system.reachable
    candidates = current
    while candidates != false:
        checkpoint()
        leaving = candidates & ~pre(current, within=candidates)
        if leaving == false:
            break
        current &= ~leaving
        candidates = current & system.preimage(leaving, within=system.reachable)
    return current


def can_force_until(pre: ControllablePreimage, hold: Function, goal: Function) -> Function:
    """`<g>(φ U ψ) = μZ. ψ ∨ (φ ∧ pre_g(Z))`; `<g>F ψ` with φ = true. By frontiers.

    A state outside Z_k joins Z_{k+1} only if it has a transition into Z_k ∖ Z_{k-1}
    (otherwise its forcing action already led into Z_{k-1}), so each round computes
    `pre_g` for those candidates alone.
    """
    system, false = pre.system, pre.system.bdd.false
    if not _frontiers_pay(system):
        return fixpoint(lambda reached: reached | (hold & pre(reached)), goal & system.reachable)
    reached = goal & system.reachable
    frontier = reached
    while frontier != false:
        checkpoint()
        # the candidates are intersected afterwards: conjoined into the pre-image, an irregular set
        # blew an intermediate up to 894,231 nodes on chomp (and started sifting)
        candidates = hold & ~reached & system.preimage(frontier, within=system.reachable)
        frontier = candidates & pre(reached, within=candidates)
        reached |= frontier
    return reached
