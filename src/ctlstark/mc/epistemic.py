"""Knowledge and the deontic operator, by quantification — no relation BDD.

Two states are indistinguishable for agent i when they agree on i's local
bits (docs/semantics.md); knowledge ranges over the reachable fair states
(`worlds`). With `others(L)` the current bits outside the bit set L:

* `K_i φ    = reachable ∧ ¬∃ others(L_i). (worlds ∧ ¬φ)`
* `GK_g φ   = ⋀_{i ∈ g} K_i φ`
* `DK_g φ   = reachable ∧ ¬∃ others(⋃_{i ∈ g} L_i). (worlds ∧ ¬φ)`
* `GCK_g φ  = νX. GK_g(φ ∧ X)`
* `O_i φ    = reachable` if `worlds ∧ green_i ∧ ¬φ` is empty, else `false`.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..semantics.fixpoint import fixpoint
from ..symbolic import bdd as backend
from ..symbolic.bdd import Function
from ..symbolic.system import SymbolicSystem


def _hidden_bits(system: SymbolicSystem, agents: Iterable[str]) -> frozenset[str]:
    """Current bits outside the union of the agents' local states."""
    visible: frozenset[str] = frozenset()
    for agent in agents:
        visible |= system.local_bits(agent)
    return frozenset(system.current_bits) - visible


def doubted(system: SymbolicSystem, agents: Iterable[str], worlds: Function, holds: Function) -> Function:
    """`∃ others(L). worlds ∧ ¬φ`: the joint local states of `agents` that consider a ¬φ world possible.

    A function of the agents' local bits only; one fused `and_exists` call,
    without building the conjunction first.
    """
    return backend.and_exists(worlds, ~holds, _hidden_bits(system, agents))


def distributed_knowledge(system: SymbolicSystem, agents: Iterable[str], worlds: Function,
                          holds: Function) -> Function:
    """Reachable states where φ holds in every world agreeing on the agents' joint local state."""
    return system.reachable & ~doubted(system, agents, worlds, holds)


def knows(system: SymbolicSystem, agent: str, worlds: Function, holds: Function) -> Function:
    """`K_i φ`: φ holds in every world with the same local state of `agent`."""
    return distributed_knowledge(system, (agent,), worlds, holds)


def everybody_knows(system: SymbolicSystem, agents: Iterable[str], worlds: Function,
                    holds: Function) -> Function:
    """`GK_g φ = ⋀_{i ∈ g} K_i φ`."""
    return system.reachable & everybody_knows_locally(system, agents, worlds, holds)


def everybody_knows_locally(system: SymbolicSystem, agents: Iterable[str], worlds: Function,
                            holds: Function) -> Function:
    """`⋀_{i ∈ g} ¬∃ others(L_i). worlds ∧ ¬φ`, not restricted to the reachable states.

    The ¬φ worlds are built once, the bits no member sees are quantified out
    once, and the rest is projected onto each member's local bits: cheaper
    than one fused `and_exists` per member when the group is large.
    """
    members = tuple(agents)
    hidden = {agent: _hidden_bits(system, (agent,)) for agent in members}
    hidden_from_all = frozenset.intersection(*hidden.values()) if members else frozenset()
    counterexamples = backend.and_exists(worlds, ~holds, hidden_from_all)
    result = system.bdd.true
    for agent in members:
        result &= ~backend.exist(system.bdd, hidden[agent] - hidden_from_all, counterexamples)
    return result


def common_knowledge(system: SymbolicSystem, agents: Iterable[str], worlds: Function,
                     holds: Function) -> Function:
    """`GCK_g φ = νX. GK_g(φ ∧ X)`."""
    members = tuple(agents)
    return fixpoint(lambda current: everybody_knows(system, members, worlds, holds & current), system.reachable)


def obligation(system: SymbolicSystem, green: Function, worlds: Function, holds: Function) -> Function:
    """`O_i φ`: φ holds in every world where agent i is green — all reachable states or none."""
    if worlds & green & ~holds == system.bdd.false:
        return system.reachable
    return system.bdd.false
