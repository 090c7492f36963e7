"""CTLC+ commitments by quantification over variable equalities — no relation BDD.

`s ~i→j s'` (docs/commitments.md) pins three groups of bits of s': i's local
bits `L_i` equal their values in s; j's copy of each shared variable equals i's
copy in s; j's own unshared bits `Y_j` are unchanged. Every other bit of s' is
free. With `worlds` the fair reachable states:

* `∃s'. worlds(s') ∧ ¬φ(s') ∧ s ~i→j s'` is `(∃ free. worlds ∧ ¬φ)` with j's
  shared bits substituted by i's copies (a simultaneous substitution: i's bits
  keep their own pin too). If i observes one of j's shared variables (j is the
  environment), that variable is pinned twice, which adds `j.x = i.x` in s.
  `C(i, j, φ)` is the reachable states where this is empty.
* `Fu(C(i, j, φ))` at s needs a committing s' with s' ~i→j s: s' agrees with s
  on `L_i` and `Y_j`, and i's copy in s' (equal to i's copy in s, being local)
  equals j's copy in s. So it is `worlds ∧ sync_ij ∧ ∃ (others of L_i ∪ Y_j). C`.
"""

from __future__ import annotations

from ..model import Variable
from ..symbolic import bdd as backend
from ..symbolic.bdd import Function
from ..symbolic.system import SymbolicSystem


class Channel:
    """The bit groups of one ordered pair (debtor i, creditor j) that ~i→j pins."""

    def __init__(self, system: SymbolicSystem, debtor: str, creditor: str):
        self.system = system
        self.debtor, self.creditor = debtor, creditor
        self.pairs: tuple[tuple[Variable, Variable], ...] = system.model.shared_variables(debtor, creditor)
        encoding = system.encoding
        self.debtor_local = system.local_bits(debtor)
        shared_creditor = {j_var for _, j_var in self.pairs}
        self.creditor_unshared = frozenset(
            bit for variable in system.model.agent(creditor).own_variables if variable not in shared_creditor
            for bit in encoding.variables[variable].current)
        self.substitution = {j_bit: i_bit for i_var, j_var in self.pairs
                             for i_bit, j_bit in zip(encoding.variables[i_var].current,
                                                     encoding.variables[j_var].current)}
        observed = tuple((i_var, j_var) for i_var, j_var in self.pairs
                         if set(encoding.variables[j_var].current) <= self.debtor_local)
        self._pinned_twice = self._equal_copies(observed)
        """j's shared variables that i observes are pinned twice (kept, and = i's copy): `j.x = i.x` in s."""

    def _equal_copies(self, pairs: tuple[tuple[Variable, Variable], ...]) -> Function:
        """States where i's and j's copies of the given shared variables are equal."""
        bdd, encoding = self.system.bdd, self.system.encoding
        result = bdd.true
        for i_var, j_var in pairs:
            for i_bit, j_bit in zip(encoding.variables[i_var].current, encoding.variables[j_var].current):
                result &= backend.xnor(bdd.var(i_bit), bdd.var(j_bit))
        return result

    @property
    def synchronised(self) -> Function:
        """`sync_ij`: every shared variable has equal copies (s ~i→j s holds exactly there, on worlds)."""
        return self._equal_copies(self.pairs)

    def some_successor_in(self, targets: Function) -> Function:
        """States s (any valuation) with some s' in `targets` such that s ~i→j s'."""
        projected = self._project(targets, self.debtor_local | frozenset(self.substitution) | self.creditor_unshared)
        return backend.substitute(self.system.bdd, projected, self.substitution) & self._pinned_twice

    def successors_of(self, state: Function) -> Function:
        """Valuations s' with `state` ~i→j s' (worlds not applied): for a single state, a cube.

        s' copies `state` on `L_i` and `Y_j`, and j's shared bits of s' copy i's bits of `state`.
        """
        kept = self._project(state, self.debtor_local | self.creditor_unshared)
        copied = backend.rename(self.system.bdd, self._project(state, frozenset(self.substitution.values())),
                                {i_bit: j_bit for j_bit, i_bit in self.substitution.items()})
        return kept & copied

    def predecessors_of(self, state: Function) -> Function:
        """Valuations s' with s' ~i→j `state` (reachability not applied)."""
        kept = self._project(state, self.debtor_local | self.creditor_unshared)
        copied = backend.rename(self.system.bdd, self._project(state, frozenset(self.substitution)),
                                dict(self.substitution))
        return kept & copied

    def _project(self, states: Function, bits: frozenset[str]) -> Function:
        return backend.exist(self.system.bdd, frozenset(self.system.current_bits) - bits, states)

    def some_predecessor_in(self, sources: Function, worlds: Function) -> Function:
        """Worlds s with some s' in `sources` such that s' ~i→j s."""
        return worlds & self.synchronised & self._project(sources, self.debtor_local | self.creditor_unshared)


def commitment(system: SymbolicSystem, channel: Channel, worlds: Function, holds: Function) -> Function:
    """`C(i, j, φ)`: reachable states all of whose ~i→j-successors satisfy φ."""
    return system.reachable & ~channel.some_successor_in(worlds & ~holds)


def fulfilment(system: SymbolicSystem, channel: Channel, worlds: Function, committed: Function) -> Function:
    """`Fu(C(i, j, φ))` from the states satisfying `C(i, j, φ)`."""
    return system.reachable & channel.some_predecessor_in(committed, worlds)


def without_successor(system: SymbolicSystem, channel: Channel, worlds: Function) -> Function:
    """Reachable states with no ~i→j-successor (where `C(i, j, …)` holds vacuously)."""
    return system.reachable & ~channel.some_successor_in(worlds)
