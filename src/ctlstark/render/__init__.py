"""How ctlstark shows things: values, states, traces, strategies, tables and the report, in one place.

The tools (check, simulate, insight, strategies) call it instead of spelling a
Boolean or grouping a state themselves, so every output says `true`, never
`True`, and lists a state's variables per agent in the model's order. The
modules read the objects the pipeline produces (`Trace`, `StrategyEvidence`,
`CheckReport`), never each other's output.
"""

from ..runtime.deferred import exported_on_first_use

# Each module is imported when one of its names is first read (a check's report in JSON needs no table).
__getattr__, __dir__ = exported_on_first_use(__name__, {
    "tables": ("formula_rows", "html_table", "text_table", "trace_rows", "verdict_word"),
    "values": ("actions_text", "assignments_text", "joint_action", "state_by_agent", "state_lines", "state_text",
               "value_text"),
})

__all__ = [
    "actions_text", "assignments_text", "formula_rows", "html_table", "joint_action", "state_by_agent",
    "state_lines", "state_text", "text_table", "trace_rows", "value_text", "verdict_word",
]
