"""The SAT engine (docs/sat.md): the typed model unrolled into CNF; BMC and k-induction for invariants,
lassos for path formulas over infinite fair paths, the bounded semantics of knowledge.

Never goes through BDDs: `encode` builds the CNF from the typed model, `bmc` decides
invariants, `ltl` path formulas, `knowledge` epistemic counterexamples, and `check` answers
`check --engine sat`.
"""

from .bmc import Outcome, check_invariant
from .check import DEFAULT_BOUND, check_sat, decide, invariant_shape

__all__ = ["DEFAULT_BOUND", "Outcome", "check_invariant", "check_sat", "decide", "invariant_shape"]
