"""Tables for scripts and notebooks: trace rows, verdict rows, plain-text and HTML tables.

No dependency on pandas or Jupyter: a trace becomes a list of flat dicts (one
per step, `Agent.variable` keys), which `pandas.DataFrame(rows)` accepts as it
is, and `text_table` / `html_table` render any such rows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .values import actions_text, joint_action, state_by_agent, value_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ..model import Model
    from ..witness.trace import Trace


def trace_rows(trace: Trace, model: Model) -> list[dict[str, Any]]:
    """One flat dict per step of a trace's main path: `step`, `loop`, `Agent.variable` values, `action`.

    `action` is the joint action taken from that step (`Agent.action, …`), None
    at the last step of a finite trace; `loop` is True at the step a lasso
    returns to. Sub-traces are left out (they are in `trace.children`).
    """
    rows = []
    for index, step in enumerate(trace.steps):
        row: dict[str, Any] = {"step": index, "loop": index == trace.loop_start}
        for agent, values in state_by_agent(model, step.state).items():
            for name, value in values.items():
                row[f"{agent}.{name}"] = value
        action = joint_action(model, step.action)
        row["action"] = None if action is None else actions_text(action)
        rows.append(row)
    return rows


def _columns(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    columns: list[str] = []
    for row in rows:
        columns += [key for key in row if key not in columns]
    return columns


def _cell(value: Any) -> str:
    if value is None:
        return ""
    return value_text(value)


def text_table(rows: Sequence[Mapping[str, Any]]) -> str:
    """Rows as an aligned plain-text table (header, rule, one line per row)."""
    columns = _columns(rows)
    cells = [[_cell(row.get(column)) for column in columns] for row in rows]
    widths = [max([len(column)] + [len(line[index]) for line in cells]) for index, column in enumerate(columns)]
    lines = ["  ".join(column.ljust(width) for column, width in zip(columns, widths)).rstrip(),
             "  ".join("-" * width for width in widths)]
    lines += ["  ".join(cell.ljust(width) for cell, width in zip(line, widths)).rstrip() for line in cells]
    return "\n".join(lines)


def html_table(rows: Sequence[Mapping[str, Any]], caption: str | None = None) -> str:
    """Rows as an HTML table (escaped), for Jupyter's `_repr_html_`."""
    import html  # notebooks only: not at start-up

    columns = _columns(rows)
    head = "".join(f"<th>{html.escape(column)}</th>" for column in columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(_cell(row.get(column)))}</td>" for column in columns) + "</tr>"
        for row in rows)
    title = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return f"<table>{title}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def verdict_word(verdict: bool | None) -> str:
    """TRUE, FALSE, or ERROR for a formula that could not be checked."""
    return {True: "TRUE", False: "FALSE", None: "ERROR"}[verdict]


def formula_rows(results: Iterable[Any]) -> list[dict[str, Any]]:
    """One row per formula result: number, verdict, formula, seconds, error."""
    return [{"#": result.index, "verdict": verdict_word(result.verdict), "formula": " ".join(result.text.split()),
             "seconds": f"{result.seconds:.3f}", "error": result.error} for result in results]
