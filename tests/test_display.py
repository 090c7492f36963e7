"""Results in scripts and notebooks: text repr, HTML, trace rows and tables, ISPL text input."""

from __future__ import annotations

from pathlib import Path

import pytest

import ctlstark
from ctlstark.render import html_table, text_table, trace_rows
from ctlstark.witness.evidence import no_trace_reason

BIT_TRANSMISSION = Path(__file__).resolve().parents[1] / "ispl_examples" / "bit_transmission.ispl"


def report() -> ctlstark.CheckReport:
    return ctlstark.check(BIT_TRANSMISSION, ["AG !recack", "EF recack"], file_formulae=False, witness=True)


def test_check_accepts_a_path_a_string_path_and_a_model_from_a_file_or_text() -> None:
    text = BIT_TRANSMISSION.read_text()
    verdicts = [[result.verdict for result in ctlstark.check(source).formulas]
                for source in (BIT_TRANSMISSION, str(BIT_TRANSMISSION), ctlstark.load_model_text(text),
                               ctlstark.load_model(BIT_TRANSMISSION))]
    assert verdicts[0] and all(verdict == verdicts[0] for verdict in verdicts)


def test_a_string_is_a_path_even_with_a_line_break_in_it() -> None:
    """No guessing: ISPL text goes through `load_model_text`; a string given to `check` names a file."""
    with pytest.raises(ctlstark.IsplError, match="cannot read the model"):
        ctlstark.check(BIT_TRANSMISSION.read_text())


def test_report_repr_lists_each_verdict() -> None:
    text = repr(report())
    assert text.splitlines()[0] == "<CheckReport bit_transmission: 6 reachable states>"
    assert "1  FALSE  AG !recack" in text and "2  TRUE   EF recack" in text


def test_report_html_is_an_escaped_table() -> None:
    page = report()._repr_html_()
    assert page.startswith("<table>") and page.count("<tr>") == 3
    assert "AG !recack" in page
    assert "<b>" not in html_table([{"x": "<b>"}]) and "&lt;b&gt;" in html_table([{"x": "<b>"}])


def test_trace_rows_follow_the_counterexample_steps() -> None:
    result = report().formulas[0]
    rows = result.trace_rows()
    assert rows == trace_rows(result.evidence.trace, result.evidence.model)
    assert [row["step"] for row in rows] == list(range(len(result.trace["steps"])))
    assert rows[-1]["Sender.ack"] is True and rows[0]["Sender.ack"] is False  # AG !recack fails once ack is received
    assert rows[-1]["action"] is None and all(row["action"] for row in rows[:-1])
    assert "Receiver.state" in rows[0]


def test_text_table_aligns_columns_and_shows_booleans_in_ispl_words() -> None:
    table = text_table([{"a": True, "bb": 1}, {"a": None, "bb": 22}]).splitlines()
    assert table[0] == "a     bb"
    assert table[2] == "true  1"
    assert table[3] == "      22"


def test_formula_without_trace_has_no_rows() -> None:
    result = ctlstark.check(BIT_TRANSMISSION, ["EF recack"], file_formulae=False).formulas[0]
    assert result.trace_rows() == [] and result.trace_table() == ""
    assert repr(result) == "<FormulaResult 1: TRUE EF recack>"


def test_no_trace_reason_names_the_reason_by_the_formula_s_shape() -> None:
    model = ctlstark.load_model(BIT_TRANSMISSION)

    def note(text: str, verdict: bool) -> str:
        return no_trace_reason(ctlstark.parse_formula(text, model).formula, verdict)

    propositional = "a propositional formula is decided by the initial states alone"
    assert note("bit0 or bit1", True) == note("!bit0", False) == note("true", True) == propositional
    assert "TRUE Boolean combination holds in every initial state" in note("EF recack or bit0", True)
    assert "TRUE A… formula holds on every run" in note("AG (bit0 or bit1)", True)
    assert "FALSE E… formula holds on no run" in note("E(!recbit U recack)", False)
    assert note("K(Receiver, bit0 or bit1)", True) not in (propositional, note("AG (bit0 or bit1)", True))


def test_no_trace_reason_handles_deeply_nested_propositional_formulas() -> None:
    model = ctlstark.load_model(BIT_TRANSMISSION)
    deep = ctlstark.parse_formula("!" * 5000 + "bit0", model).formula
    assert "propositional" in no_trace_reason(deep, True)
