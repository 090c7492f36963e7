"""The model's meaning on one state, owned by production code.

What the witness replay, the strategy replay, the simulator and the probabilistic
builder need of a model without enumerating it: expression values (`expressions`),
the enabled actions and the successors under a joint action (`transitions`), and path
formulas on one ultimately periodic path (`lasso`). The explicit-state oracle
(`explicit/`) builds its enumeration on the same functions; the symbolic engine
encodes the same rules independently (docs/semantics.md is the contract for both).
"""

from ..runtime.deferred import exported_on_first_use

# Each module is imported when one of its names is first read (a check needs none of them).
__getattr__, __dir__ = exported_on_first_use(__name__, {
    "expressions": ("JointAction", "Valuation", "evaluate", "fits", "holds", "true_propositions"),
    "lasso": ("Lasso", "holds_on_lasso"),
    "transitions": ("Joint", "State", "StateView", "protocol_actions", "successors_under"),
})

__all__ = [
    "Joint", "JointAction", "Lasso", "State", "StateView", "Valuation", "evaluate", "fits", "holds",
    "holds_on_lasso", "protocol_actions", "successors_under", "true_propositions",
]
