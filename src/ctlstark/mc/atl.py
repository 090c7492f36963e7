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

When the others have no choice of action (no action bits: the environment of a GDL
translation, the grand coalition) and each enabled joint action has one successor,
`pre_g` is the existential pre-image and the fixpoints are `EX`, `EU`, `EG`
(`ControllablePreimage.existential`).

When each enabled joint action has one successor but the others do choose (a GDL game
for one player), a joint action's successors all lie in Z exactly when it is enabled and
its one successor does, and the pre-image of a set of successors distributes over union
and difference. So the escaping moves (an enabled move whose successor is outside Z) of
the `F`/`U` fixpoints lose, each round, the moves into the round's new states, and those
of `G` gain the moves into its removed states (`safe_into_growing`, `safe_into_shrinking`):
a pre-image of a frontier per round, not of the whole complement of Z.

A state without any enabled joint action (a deadlock) has no controllable
pre-image: `<g>X φ` is false there. Fairness is not applied (MCMAS's default
`-atlk 0`). Reference: R. Alur, T. Henzinger, O. Kupferman, "Alternating-time
temporal logic", JACM 49 (2002).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..semantics.fixpoint import fixpoint
from . import ctl
from ..symbolic import bdd as backend
from ..symbolic.bdd import Function
from ..symbolic.system import SymbolicSystem


class ControllablePreimage:
    """`pre_g` for one coalition (`members`) over one system."""

    def __init__(self, system: SymbolicSystem, coalition: Iterable[str]):
        self.members = members = frozenset(coalition)
        self.system = system
        self.coalition_bits = frozenset(bit for agent, bits in system.action_bits.items() if agent in members
                                        for bit in bits)
        self.opponent_bits = frozenset(bit for agent, bits in system.action_bits.items() if agent not in members
                                       for bit in bits)
        self.coalition_enabled = backend.exist(system.bdd, self.opponent_bits, system.enabled_pairs())
        """(state, coalition action) pairs that some response of the others completes into an enabled joint action."""
        self.existential = not self.opponent_bits and system.one_successor_per_move()
        """Whether `pre_g` is the existential pre-image `EX`: the others have no choice of action and each
        (state, joint action) has one successor, so an available action forces its one successor."""

    def __call__(self, target: Function) -> Function:
        """States where the coalition can force the next state into `target`."""
        if self.existential:
            return ctl.ex(self.system, target)
        return self.forced(self.safe(target))

    def escaping(self, target: Function) -> Function:
        """The enabled (reachable state, joint action) pairs with a successor outside `target`."""
        system = self.system
        # the escaping pairs of reachable states only: for all states, bunk_t's reach 1.5–2.3 M
        # nodes (2.3–5.8 s per pre-image), against 0.7–1.5 s within the reachable ones
        return system.preimage_with_actions_within(system.reachable & ~target, system.reachable)

    def safe(self, target: Function) -> Function:
        """(state, coalition action) pairs: the action is available and no response leads outside `target`.

        The relation behind `pre_g`, kept for strategies (`witness.strategy`).
        """
        return self.safe_avoiding(self.escaping(target))

    def safe_avoiding(self, escaping: Function) -> Function:
        """(state, coalition action) pairs: the action is available and no response completes it into
        one of the `escaping` joint actions."""
        # ∃ a_-g fused with the conjunction: quantifying the escaping relation alone also
        # describes disabled (state, action) pairs — 3.4 M nodes against 90 k on chomp (GDL),
        # 8.4 s against 0.18 s per pre-image.
        return self.coalition_enabled & ~backend.and_exists(escaping, self.coalition_enabled, self.opponent_bits)

    def forced(self, safe: Function) -> Function:
        """The reachable states where some coalition action is in `safe` (`pre_g(Z)` from `safe(Z)`)."""
        system = self.system
        return system.reachable & backend.exist(system.bdd, self.coalition_bits, safe)

    @property
    def by_frontiers(self) -> bool:
        """Whether `safe_into_growing` and `safe_into_shrinking` work by frontiers: each enabled joint
        action has one successor, and `pre_g` is not simply `EX`."""
        return not self.existential and self.system.one_successor_per_move()

    def safe_into_growing(self) -> Callable[[Function], Function]:
        """`safe` for a sequence of targets that only grow (the rounds of `<g>F`, `<g>U` and the layers
        of their strategies), one call per target.

        By frontiers where `by_frontiers`: the escaping moves of a target are those of the one
        before less the moves into the states it adds.
        """
        if not self.by_frontiers:
            return self.safe
        system = self.system
        escaping, covered = system.enabled_pairs(), system.bdd.false

        def safe(target: Function) -> Function:
            nonlocal escaping, covered
            escaping &= ~system.preimage_with_actions_within(target & ~covered, system.reachable)
            covered = target
            return self.safe_avoiding(escaping)
        return safe

    def safe_into_shrinking(self) -> Callable[[Function], Function]:
        """`safe` for a sequence of targets that only shrink (the rounds of `<g>G`), one call per target.

        By frontiers where `by_frontiers`: the escaping moves of a target are those of the one
        before and the moves into the states it drops.
        """
        if not self.by_frontiers:
            return self.safe
        system = self.system
        escaping: Function | None = None
        covered = system.bdd.false

        def safe(target: Function) -> Function:
            nonlocal escaping, covered
            if escaping is None:
                escaping = self.escaping(target)
            else:
                escaping |= system.preimage_with_actions_within(covered & ~target, system.reachable)
            covered = target
            return self.safe_avoiding(escaping)
        return safe

    def dual_with_responses(self, target: Function) -> tuple[Function, Function]:
        """`reachable ∧ ¬pre_g(¬target)` — the states where the others can answer every available
        coalition action with a step into `target` (every deadlock: the coalition has no move there) —
        and the (state, coalition action, opponents' action) triples that answer so, from one
        pre-image (counter-strategies need both)."""
        return self.dual_answering(self.answering(target))

    def answering(self, target: Function) -> Function:
        """The enabled (reachable state, joint action) pairs with a successor in `target`."""
        system = self.system
        return system.preimage_with_actions_within(system.reachable & target, system.reachable)  # as `escaping`

    def dual_answering(self, answering: Function) -> tuple[Function, Function]:
        """`dual_with_responses` of the target whose `answering` pairs these are."""
        system = self.system
        answered = backend.and_exists(answering, self.coalition_enabled, self.opponent_bits)  # as in `safe`
        unanswered = self.coalition_enabled & ~answered
        dual = system.reachable & ~backend.exist(system.bdd, self.coalition_bits, unanswered)
        return dual, self.coalition_enabled & answering

    def answering_into_growing(self) -> Callable[[Function], Function]:
        """`answering` for targets that only grow (the layers of a `G` counter-strategy), one call per
        target; by frontiers where `by_frontiers`: the pairs of the target before and those into the
        states it adds."""
        if not self.by_frontiers:
            return self.answering
        system = self.system
        answering, covered = system.bdd.false, system.bdd.false

        def answering_into(target: Function) -> Function:
            nonlocal answering, covered
            answering |= self.answering(target & ~covered)
            covered = target
            return answering
        return answering_into

    def answering_into_shrinking(self) -> Callable[[Function], Function]:
        """`answering` for targets that only shrink (the rounds of an `F`/`U` counter-strategy), one call
        per target; by frontiers where `by_frontiers`: the pairs of the target before less those into
        the states it drops (exact as each joint action has one successor)."""
        if not self.by_frontiers:
            return self.answering
        answering: Function | None = None
        covered = self.system.bdd.false

        def answering_into(target: Function) -> Function:
            nonlocal answering, covered
            answering = self.answering(target) if answering is None else answering & ~self.answering(covered & ~target)
            covered = target
            return answering
        return answering_into


def can_force_next(pre: ControllablePreimage, holds: Function) -> Function:
    """`<g>X φ`."""
    return pre(holds)


def can_force_always(pre: ControllablePreimage, holds: Function) -> Function:
    """`<g>G φ = νZ. φ ∧ pre_g(Z)`; `EG φ` where `pre_g` is `EX`; by frontiers where each joint action has
    one successor (`safe_into_shrinking`)."""
    if pre.existential:
        return ctl.eg(pre.system, holds)
    safe_into = pre.safe_into_shrinking()
    return fixpoint(lambda current: holds & pre.forced(safe_into(current)), holds & pre.system.reachable)


def can_force_until(pre: ControllablePreimage, hold: Function, goal: Function) -> Function:
    """`<g>(φ U ψ) = μZ. ψ ∨ (φ ∧ pre_g(Z))`; `<g>F ψ` with φ = true.

    Where `pre_g` is `EX`, `E[φ U ψ]` by frontiers. Where each joint action has one successor,
    the escaping moves by frontiers (`safe_into_growing`: bunk_t's pairs of one-player `<g>F`
    61 → 33 s and 32 → 14 s). Otherwise whole rounds: restricted to the candidates of a
    round (the states with a transition into the last new ones), the escaping pre-image
    conjoins an irregular care set, which blew one product up to 74–118 s on bunk_t; with the
    reachable states as care set the whole rounds were the faster on five of the seven GDL
    games (docs/performance.md).
    """
    if pre.existential:
        return ctl.eu(pre.system, hold, goal)
    safe_into = pre.safe_into_growing()
    return fixpoint(lambda reached: reached | (hold & pre.forced(safe_into(reached))), goal & pre.system.reachable)
