"""How ctlstark shows things: values, states, traces and reports, in one place.

The tools (check, simulate, insight, strategies) call it instead of spelling a
Boolean or grouping a state themselves, so every output says `true`, never
`True`, and lists a state's variables per agent in the model's order.
"""

from .values import state_by_agent, value_text

__all__ = ["state_by_agent", "value_text"]
