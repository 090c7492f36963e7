"""Inputs the front-end fuzzer (test_fuzz_frontend.py) found mishandled, shrunk, one test each.

Each was a traceback (or a process killed for its memory) before its fix; each now
gets a diagnostic with a position, a clean `ResourceExhausted`, or is read correctly.
"""

from __future__ import annotations

import gc
import subprocess
import sys

import pytest

from typer.testing import CliRunner

import ctlstark
import ctlstark.api
from ctlstark.runtime import stack
from ctlstark.cli import app
from ctlstark.errors import IsplError, ResourceExhausted
from ctlstark.ispl import parse_formula, parse_model
from ctlstark.model import RangeType

from test_ispl_parser import MINIMAL

DEEP = 10_000
# A ten-digit bound is valid ISPL that the fast parser leaves to lark: the same input
# then goes through the other parsing path.
THROUGH_LARK = MINIMAL.replace("x : boolean;", "x : boolean;\n    n : 0..1000000000;")


def with_formula(text: str, formula: str) -> str:
    return text.replace("EF p;", f"{formula};")


def errors_of(text: str) -> list:
    with pytest.raises(IsplError) as caught:
        parse_model(text, "bad.ispl")
    return caught.value.diagnostics


# ---------------------------------------------------------------- deep formulas

# x toggles at every step, so `AX` nested n deep holds initially exactly when n is odd.
TOGGLING = MINIMAL.replace("x = true if x = false;", "x = true if x = false;\n    x = false if x = true;")
TOGGLING_THROUGH_LARK = TOGGLING.replace("x : boolean;", "x : boolean;\n    n : 0..1000000000;")
DEEP_FORMULAS = {  # a formula nested DEEP or DEEP + 1 levels, and a shallow one with the same meaning
    "AX even": ("AX " * DEEP + "p", "p"),
    "AX odd": ("AX " * (DEEP + 1) + "p", "p or !p"),
    "EX( odd": ("EX(" * (DEEP + 1) + "p" + ")" * (DEEP + 1), "true"),
    "A G": ("AG(" * DEEP + "p or q" + ")" * DEEP, "true"),
    "K": ("K(Ag, " * DEEP + "q" + ")" * DEEP, "K(Ag, q)"),
    "not": ("!" * DEEP + "p", "p"),
    "and": (" and ".join(["(p or q)"] * DEEP), "true"),
    "LTL X odd": ("LTL " + "X " * (DEEP + 1) + "p", "AX p"),
    "E X chain even": ("E " + "X(" * DEEP + "p" + ")" * DEEP, "false"),
}


@pytest.mark.parametrize("base", [TOGGLING, TOGGLING_THROUGH_LARK], ids=["fast parser", "lark"])
@pytest.mark.parametrize("name", DEEP_FORMULAS)
def test_a_formula_nested_ten_thousand_deep_is_checked(base, name):
    """Such formulas were refused as "nested too deeply"; now parsed, labelled and checked like any other."""
    deep, shallow = DEEP_FORMULAS[name]
    report = ctlstark.check(ctlstark.load_model_text(with_formula(base, deep)), [shallow], file_formulae=True)
    (deep_result, shallow_result) = report.formulas
    assert deep_result.error is None and deep_result.verdict is not None
    assert deep_result.verdict == shallow_result.verdict, name
    assert len(deep_result.routes) <= ctlstark.api.ROUTES_LISTED


def test_a_formula_option_nested_ten_thousand_deep_is_checked():
    model = parse_model(TOGGLING)
    entry = parse_formula("AX " * (DEEP + 1) + "p", model)
    assert ctlstark.check(model, [entry], file_formulae=False).formulas[0].verdict is True


@pytest.fixture
def shallow_recursion_limit(monkeypatch):
    """The deep-stack workers get a recursion limit of 20,000 frames (the old main-thread limit)."""
    monkeypatch.setattr(stack, "BYTES_PER_FRAME", max(stack.STACK_SIZES) // 20_000)


@pytest.mark.parametrize("formula", ["AX " * DEEP + "p", "K(Ag, " * 3 * DEEP + "p" + ")" * 3 * DEEP,
                                     "LTL " + "X " * DEEP + "(!p U q)", "LTL " + "!" * DEEP + "p U q"],
                         ids=["AX", "K", "LTL X", "LTL !"])
def test_a_formula_deeper_than_the_limit_is_refused_cleanly(shallow_recursion_limit, formula):
    """lark wrapped the RecursionError of the formula checks in a VisitError, which escaped as a traceback.

    The `LTL` entries hold `!` beside `U`, so they are also read the conventional way (for the
    warning when the readings differ), which recurses; MCMAS's reading alone does not."""
    with pytest.raises(ResourceExhausted, match="nested too deeply"):
        parse_model(with_formula(MINIMAL, formula), "deep.ispl")
    with pytest.raises(ResourceExhausted, match="nested too deeply"):
        parse_model(with_formula(THROUGH_LARK, formula), "deep.ispl")


def test_a_formula_option_deeper_than_the_limit_is_refused_cleanly(shallow_recursion_limit):
    model = parse_model(MINIMAL)
    with pytest.raises(ResourceExhausted, match="nested too deeply"):
        parse_formula("AX " * DEEP + "p", model)


def test_beyond_the_real_limit_the_process_ends_cleanly_not_with_a_crash(tmp_path):
    """200,000 nested `EX` need more than the deep stack's recursion limit: exit 3, never a segmentation fault."""
    path = tmp_path / "deeper.ispl"
    path.write_text(with_formula(MINIMAL, "EX(" * 200_000 + "p" + ")" * 200_000), encoding="utf-8")
    finished = subprocess.run([sys.executable, "-m", "ctlstark", "check", str(path)], capture_output=True,
                              text=True, timeout=300, check=False)
    assert finished.returncode == 3, finished.stderr[-2000:]
    assert finished.stderr.startswith("ctlstark: out of resources:") and "nested too deeply" in finished.stderr


def test_a_run_stopped_by_a_deep_formula_leaves_no_bdds_behind(shallow_recursion_limit, tmp_path):
    """The traceback of the RecursionError kept the run's BDDs alive; when a caller kept the
    exception in a reference cycle (click's CliRunner does), the cycle collector freed them later
    in any order, and CUDD printed "Still N nodes referenced" tracebacks on stderr."""
    path = tmp_path / "deep.ispl"
    path.write_text(with_formula(MINIMAL, "AG(" * 5000 + "p" + ")" * 5000), encoding="utf-8")  # parses; too deep to check
    raised: list[str] = []
    previous = sys.unraisablehook
    sys.unraisablehook = lambda failure: raised.append(f"{failure.exc_type.__name__}: {failure.exc_value}")
    try:
        for _ in range(3):
            assert CliRunner().invoke(app, ["check", "--quiet", str(path)]).exit_code == 3
            gc.collect()
    finally:
        sys.unraisablehook = previous
    assert raised == []


# ---------------------------------------------------------------- numbers (ValueError, OverflowError, memory)


@pytest.mark.parametrize("old, new, number", [
    ("x : boolean;", "y : 0..1000000000000000000000000000000;", "100000000000... (31 digits)"),
    ("x : boolean;", "y : -1000000000000000000000000000000..3;", "-100000000000... (31 digits)"),
    ("x : boolean;", f"y : 0..{2**63};", str(2**63)),
    ("x : boolean;", f"y : 0..{2**31};", str(2**31)),
    ("x : boolean;", "y : 0..3;\n    z : 0.." + "9" * 5000 + ";", "999999999999... (5000 digits)"),
    ("x : boolean;", "y : 0..3;", None),  # (control: the same model with a small bound is fine)
])
def test_a_number_outside_32_bits_is_an_input_error(old, new, number):
    """A 5,000-digit number raised ValueError inside lark (a traceback); 10^30 or 2^63 as a bound
    reached the encoder (OverflowError); 2^31 values made it enumerate until the machine ran out."""
    text = MINIMAL.replace(old, old + "\n    " + new)
    if number is None:
        parse_model(text)
        return
    diagnostic = errors_of(text)[0]
    assert diagnostic.message == (f"the number {number} is out of range: "
                                  "ISPL integers lie within -2147483648..2147483647")
    line = text.splitlines()[diagnostic.line - 1]
    assert line[diagnostic.column - 1:].lstrip("-").startswith(number.lstrip("-")[:12])


@pytest.mark.parametrize("old, new", [
    ("x = true if x = false;", "x = true if 1000000000000000000000000000000 > 0;"),
    ("x = true if x = false;", f"x = true if x = false and {2**63} * 2 > 1;"),
    ("Ag.x = false;", f"Ag.x = false and -{2**31 + 1} < 0;"),
])
def test_a_number_outside_32_bits_in_an_expression_is_an_input_error(old, new):
    diagnostic = errors_of(MINIMAL.replace(old, new))[0]
    assert "is out of range: ISPL integers lie within -2147483648..2147483647" in diagnostic.message


def test_the_32_bit_bounds_themselves_are_integers():
    text = MINIMAL.replace("x : boolean;", "x : boolean;\n    hi : 2147483646..2147483647;\n"
                                           "    lo : -2147483648..-2147483647;")
    model = parse_model(text)
    assert [v.type for v in model.agent("Ag").own_variables][1:] == [
        RangeType(2147483646, 2147483647), RangeType(-2147483648, -2147483647)]


def test_a_model_with_a_ten_digit_bound_is_read_by_both_parsers_alike():
    assert parse_model(THROUGH_LARK).agent("Ag").own_variables[1].type.high == 1_000_000_000


# ---------------------------------------------------------------- unicode and line breaks


def test_a_byte_order_mark_is_no_part_of_the_model():
    """Editors on Windows write one; it was rejected as an invalid character at 1:1."""
    assert parse_model("\ufeff" + MINIMAL).formulae == parse_model(MINIMAL).formulae
    diagnostic = errors_of("\ufeffAgnt Ag\n")[0]
    assert (diagnostic.line, diagnostic.column) == (1, 1)


@pytest.mark.parametrize("character, name", [
    ("\u200b", "U+200B ZERO WIDTH SPACE"), ("\u202e", "U+202E RIGHT-TO-LEFT OVERRIDE"),
    ("\x00", "U+0000"), ("\ufeff", "U+FEFF ZERO WIDTH NO-BREAK SPACE"), ("é", "`é` (U+00E9 LATIN SMALL LETTER E"),
])
def test_an_invisible_or_foreign_character_is_named_and_not_echoed(character, name):
    """`invalid character `\u200b`` showed nothing between the backquotes, and the quoted line
    sent a right-to-left override to the terminal."""
    diagnostic = errors_of(MINIMAL.replace("q if", f"q{character} if"))[0]
    assert name in diagnostic.message
    assert diagnostic.line == MINIMAL.splitlines().index("  q if Ag.x = false;") + 1
    quoted = diagnostic.format().splitlines()[1]
    assert character not in quoted or character == "é"
    assert "q? if" in quoted or "qé if" in quoted


@pytest.mark.parametrize("separator", ["\x0b", "\x0c", "\x1c", "\x85", "\u2028", "\u2029"])
def test_the_quoted_line_is_the_line_of_the_error(separator):
    """str.splitlines() also breaks at these characters (in a comment here), so the line
    quoted under a diagnostic was a line too far."""
    text = f"-- a comment{separator}with a line separator in it\n" + MINIMAL.replace("EF p;", "EF p q;")
    diagnostic = errors_of(text)[0]
    assert diagnostic.source_line == text.split("\n")[diagnostic.line - 1]
    assert "EF p q;" in diagnostic.source_line


# ---------------------------------------------------------------- a missing `end`


@pytest.mark.parametrize("cut, section", [("end Formulae\n", "Formulae"), ("  end Vars\n", "Vars")])
def test_a_section_left_open_at_the_end_of_the_file_is_named(cut, section):
    """The message was "unexpected the end of the input; expected … `C\\b(?=\\s*\\()` …"."""
    text = MINIMAL.replace(cut, "") if section == "Formulae" else MINIMAL[:MINIMAL.index(cut)]
    assert errors_of(text)[0].message == f"missing `end {section}` at the end of the file"


def test_expected_commitment_operators_are_shown_as_words():
    with pytest.raises(IsplError) as caught:
        parse_formula("p and", parse_model(MINIMAL))
    message = caught.value.diagnostics[0].message
    assert message.startswith("unexpected end of the input; expected")
    assert "`C(`" in message and "\\b" not in message


@pytest.mark.parametrize("command", [["info"], ["graph", "--dot", "-"]])
def test_info_and_graph_refuse_a_model_nested_too_deeply_cleanly(shallow_recursion_limit, command, tmp_path):
    """Their loader caught IsplError only: ResourceExhausted ended as an internal error (exit 70)."""
    path = tmp_path / "deep.ispl"
    path.write_text(MINIMAL.replace("p if Ag.x = true;", "p if " + "!" * 3 * DEEP + "Ag.x = true;"),
                    encoding="utf-8")
    result = CliRunner().invoke(app, [*command, str(path)])
    assert (result.exit_code, result.stdout) == (3, "")
    assert result.stderr.startswith("ctlstark: out of resources:") and "nested too deeply" in result.stderr


# ---------------------------------------------------------------- many errors on one long line


REPEATED_MISTAKE = MINIMAL.replace("p if Ag.x = true;", "p if " + " and ".join(["(Ag.y = true)"] * DEEP) + ";")


def test_a_long_line_is_quoted_around_the_column():
    """The whole 150,000-character line was quoted under each of its 10,000 errors: gigabytes of output."""
    diagnostics = errors_of(REPEATED_MISTAKE)
    assert len(diagnostics) == DEEP
    last = diagnostics[-1]
    _, quoted, caret = last.format().splitlines()
    assert len(quoted) < 140 and quoted.strip().startswith("...")
    assert quoted[len(caret) - 1:].startswith("Ag.y = true)")  # the caret is under the column's character
    assert last.source_line[last.column - 1:].startswith("Ag.y = true)")


def test_ten_thousand_errors_print_a_hundred_and_a_count(tmp_path):
    path = tmp_path / "repeated.ispl"
    path.write_text(REPEATED_MISTAKE, encoding="utf-8")
    result = CliRunner().invoke(app, ["check", "--quiet", str(path)])
    assert result.exit_code == 2
    heads = [line for line in result.stderr.splitlines() if line.startswith(f"{path}:")]
    assert len(heads) == 100 and all("agent `Ag` has no variable `y`" in head for head in heads)
    assert result.stderr.splitlines()[-1] == "ctlstark: 9,900 more errors not shown"


# ---------------------------------------------------------------- wide ranges (killed for its memory)


def test_a_variable_with_a_billion_values_is_encoded_without_listing_them():
    """`n : 0..1000000000` made a tuple of every value and OR-ed a cube per value: 24 GB, then the kernel's kill."""
    report = ctlstark.check(ctlstark.load_model_text(TOGGLING_THROUGH_LARK), ["AX p", "AX AX p"], file_formulae=False)
    assert report.reachable_states == 2 * 1_000_000_001  # x toggles; n keeps any initial value
    assert [result.verdict for result in report.formulas] == [True, False]


def test_an_expression_over_a_variable_with_too_many_values_ends_cleanly(tmp_path):
    path = tmp_path / "wide.ispl"
    path.write_text(TOGGLING_THROUGH_LARK.replace("x = true if x = false;", "x = true if x = false and n = 5;"),
                    encoding="utf-8")
    result = CliRunner().invoke(app, ["check", "--quiet", str(path)])
    assert (result.exit_code, result.stdout) == (3, "")
    assert result.stderr.startswith("ctlstark: out of resources:") and "`Ag.n` has 1,000,000,001 values" in result.stderr


# ---------------------------------------------------------------- huge formulas (killed for its memory)


def test_formulas_longer_than_the_limit_are_refused_before_parsing(tmp_path):
    """A mutant repeating a formula 1,000,000 times (34 MB) ran past the time bound, then took 24 GB."""
    from ctlstark.ispl import MAX_FORMULA_CHARACTERS

    repeated = " and ".join(["(AX p)"] * (MAX_FORMULA_CHARACTERS // 10))
    path = tmp_path / "huge.ispl"
    path.write_text(with_formula(MINIMAL, repeated), encoding="utf-8")
    result = CliRunner().invoke(app, ["check", "--quiet", str(path)])
    assert (result.exit_code, result.stdout) == (3, "")
    line = MINIMAL[:MINIMAL.index("Formulae")].count("\n") + 1
    assert result.stderr.startswith(f"ctlstark: out of resources: {path}:{line}:1: the formulas are ")
    with pytest.raises(ResourceExhausted, match="the formulas are"):
        parse_formula(repeated, parse_model(MINIMAL))


def test_routes_of_a_deep_formula_show_a_bounded_text() -> None:
    """Printing the 100 outermost routes of a 10,000-deep formula in full took 1.5 s; each now stops at 1,000 nodes."""
    model = parse_model(TOGGLING)
    entry = parse_formula("AX " * (DEEP + 1) + "p", model)
    result = ctlstark.check(model, [entry], file_formulae=False).formulas[0]
    outermost = result.routes[0]["formula"]
    assert outermost.startswith("AX AX ") and outermost.endswith("…")
    assert outermost.count("AX") == ctlstark.api.ROUTE_TEXT_NODES
    assert len(result.routes) == ctlstark.api.ROUTES_LISTED and result.routes_omitted == DEEP + 1 - 100
    small = ctlstark.check(model, ["AX AX p"], file_formulae=False).formulas[0]
    assert [route["formula"] for route in small.routes] == ["AX AX p", "AX p"]
