"""Bad ISPL input becomes IsplError diagnostics with file:line:col, never a traceback."""

from __future__ import annotations

import pytest

from ctlstark.errors import IsplError
from ctlstark.ispl import parse_formula, parse_model

from test_ispl_parser import MINIMAL, MODEL


def errors_of(text: str) -> list:
    with pytest.raises(IsplError) as caught:
        parse_model(text, "bad.ispl")
    return caught.value.diagnostics


def first_error(text: str):
    diagnostics = errors_of(text)
    assert diagnostics and all(d.severity == "error" for d in diagnostics)
    return diagnostics[0]


def line_of(text: str, fragment: str) -> int:
    return text[:text.index(fragment)].count("\n") + 1


# ---------------------------------------------------------------- syntax errors


@pytest.mark.parametrize("old, new, message, at", [
    ("s = b if s = a;", "s = b if s != a;", "inequality is written `<>`", "s != a"),
    ("y = -2;\n", "y = -2\n", "missing `;`", "y = -2"),
    ("    s : {a, b};\n  end Vars", "    s : {a, b};", "missing `end Vars` before `RedStates`", "RedStates:"),
    ("  end Protocol\n  Evolution:\n    y", "  Evolution:\n    y", "missing `end Protocol`", "Evolution:\n    y"),
    ("  end Evolution\nend Agent\nAgent P", "  end Evolution\nAgent P", "missing `end Agent`", "Agent P"),
    ("y = y - 1 if", "y = y @ 1 if", "invalid character `@`", "@"),
])
def test_common_mistakes_are_explained(old, new, message, at):
    text = MODEL.replace(old, new)
    diagnostic = first_error(text)
    assert message in diagnostic.message
    assert diagnostic.file == "bad.ispl"
    assert diagnostic.line == line_of(text, at)
    assert diagnostic.source_line == text.splitlines()[diagnostic.line - 1]


def test_sections_out_of_order_name_the_order():
    text = MINIMAL.replace("Groups\n  g = {Ag};\nend Groups\n", "")
    text = text.replace("Evaluation\n", "Groups\n  g = {Ag};\nend Groups\nEvaluation\n", 1)
    diagnostic = first_error(text)
    assert "`Groups` is not allowed here" in diagnostic.message and "sections come in this order" in diagnostic.message


def test_unexpected_token_names_what_was_expected():
    diagnostic = first_error(MINIMAL.replace("Actions = {go};", "Actions = go;"))
    assert diagnostic.message == "unexpected `go`; expected `{`"


def test_ldl_brackets_are_rejected_with_a_reason():
    diagnostic = first_error(MINIMAL.replace("EF p;", "EF [p] q;"))
    assert "LDL" in diagnostic.message


def test_error_format_has_caret():
    diagnostic = first_error(MINIMAL.replace("x = true if", "x = true iff"))
    formatted = diagnostic.format().splitlines()
    assert formatted[0].startswith(f"bad.ispl:{diagnostic.line}:{diagnostic.column}: error:")
    assert formatted[2].strip() == "^"


# ---------------------------------------------------------------- semantic errors


@pytest.mark.parametrize("old, new, message", [
    ("p if Ag.x = true;", "p if Ag.z = true;", "has no variable `z`"),
    ("p if Ag.x = true;", "p if x = true;", "every variable is written with its agent"),
    ("p if Ag.x = true;", "p if Bg.x = true;", "there is no agent `Bg`"),
    ("Other : {go};", "Other : {run};", "action `run` is not declared by `Ag`"),
    ("x = true if x = false;", "x = true if Action = run;", "action `run` is not declared by `Ag`"),
    ("x = true if x = false;", "x = true if x < true;", "compares integers only"),
    ("x = true if x = false;", "x = 1 if x = false;", "type mismatch"),
    ("x = true if x = false;", "x = true and x = false if x = false;", "assigned twice"),
    ("x = true if x = false;", "x = x & 1 if x = false;", "bit operators apply to boolean operands"),
    ("x = true if x = false;", "x = x + 1 if x = false;", "arithmetic"),
    ("g = {Ag};", "g = {Ag, Zed};", "group member `Zed` is not an agent"),
    ("EF p;", "EF zz;", "`zz` is not a proposition"),
    ("EF p;", "GK(h, p);", "`h` is not a group"),
    ("EF p;", "K(Zed, p);", "there is no agent `Zed`"),
    ("EF p;", "EX Ag.Action = jump;", "action `jump` is not declared by `Ag`"),
    ("p if Ag.x = true;", "U if Ag.x = true;", "reserved word"),
    ("x : boolean;", "x : boolean;\n    e : {Vars, b};", "reserved word"),
    ("x : boolean;", "x : boolean;\n    e : {x, b};", "has the name of a variable"),
    ("x : boolean;", "x : 3..1;", "greater than the upper bound"),
    ("  Ag.x = false;\nend InitStates", "  Ag.x = false and Ag.x <> true;\nend InitStates",
     "InitStates may only combine equalities"),
    ("Other : {go};", "Other : {go};\n    x = true : {go};", "`Other` line must be the last"),
])
def test_semantic_checks(old, new, message):
    text = MINIMAL.replace(old, new)
    assert text != MINIMAL
    diagnostic = first_error(text)
    assert message in diagnostic.message, diagnostic.message
    assert diagnostic.line >= 1 and diagnostic.column >= 1


@pytest.mark.parametrize("old, new, message", [
    ("s = b if s = a;", "s = Environment.v if s = a;", "may read the environment's Obsvars only"),
    ("Environment.v = a : {go};", "Environment.w = true : {go};", "not visible to agent `P`"),
    ("Environment.v = a : {go};", "Q.n = 1 : {go};", "can only read its own variables"),
    ("Environment.v = a : {go};", "o = 1 : {go};", "an environment variable is written `Environment.x`"),
    ("Lobsvars = {v};", "Lobsvars = {o};", "Lobsvars may only list environment Vars"),
    ("Lobsvars = {v};", "Lobsvars = {zz};", "not a variable of the environment's Vars"),
    ("    w : boolean;\n", "    w : boolean;\n    o : boolean;\n", "both in Obsvars and in Vars"),
    ("s = b if s = a;", "s = b and y = 0 if s = a;", "exactly one variable"),
    ("s = b if s = a;", "n = 1 if s = a;", "`P` can only assign its own variables"),
    ("P.y = 0 and P.s", "P.y = 7 and P.s", "outside the range -2..2"),
    ("y = -2;\n", "y = 3;\n", "outside the range -2..2"),
    ("s = b if s = a;", "s = c if s = a;", "is not a value of the type of `s`"),
    ("s = b if s = a;", "s = b if s = v;", "neither a variable"),
    ("o = o + 1 if Action = e1", "o = o + 1 if Environment.Action = e1", "own action is written `Action = a`"),
    ("R if P.s = b;", "R if P.s = b and Action = go;", "actions cannot be tested"),
])
def test_visibility_and_typing_checks(old, new, message):
    text = MODEL.replace(old, new)
    assert text != MODEL
    messages = [d.message for d in errors_of(text)]
    assert any(message in m for m in messages), messages


def test_enumerations_with_unrelated_value_sets_are_not_comparable():
    text = MINIMAL.replace("x : boolean;", "x : boolean;\n    e : {u, k};\n    h : {k, z};")
    assert "unrelated value sets" in first_error(text.replace("x = true if x = false;", "x = true if e = h;")).message
    parse_model(text.replace("x = true if x = false;", "x = true if e = k;"))


@pytest.mark.parametrize("old, new, where", [
    ("x : boolean;", "x : boolean;\n    x : 0..1;", "x : 0..1"),
    ("q if Ag.x = false;", "p if Ag.x = false;", "p if Ag.x = false"),
    ("Groups\n  g = {Ag};\nend Groups\n", "Groups\n  g = {Ag};\n  g = {Ag};\nend Groups\n", "g = {Ag};\nend"),
])
def test_names_declared_again_are_warnings_as_in_mcmas(old, new, where):
    """MCMAS warns and checks the model (tests/test_duplicates.py has the meanings)."""
    text = MINIMAL.replace(old, new)
    assert text != MINIMAL
    warnings = parse_model(text, "dup.ispl").warnings
    assert len(warnings) == 1
    assert warnings[0].startswith(f"dup.ispl:{line_of(text, where)}:") and ": warning: " in warnings[0]
    assert "again" in warnings[0]


def test_all_diagnostics_are_collected():
    text = MINIMAL.replace("p if Ag.x = true;", "p if Ag.z = true;").replace("EF p;", "EF zz;")
    assert len(errors_of(text)) == 2


def test_agent_needs_variables_actions_protocol_and_evolution():
    text = MINIMAL.replace("    x : boolean;\n", "").replace("{go}", "{}", 1)
    messages = " ".join(d.message for d in errors_of(text))
    assert "at least one variable" in messages and "at least one action" in messages


def test_environment_must_come_first():
    text = MINIMAL.replace("Evaluation", "Agent Environment\n  Vars:\n    z : boolean;\n  end Vars\n"
                           "  Actions = {e};\n  Protocol:\n    Other : {e};\n  end Protocol\n"
                           "  Evolution:\n    z = true if z = false;\n  end Evolution\nend Agent\nEvaluation", 1)
    assert "environment must be declared first" in first_error(text).message


# ---------------------------------------------------------------- formulas


@pytest.fixture(scope="module")
def minimal():
    return parse_model(MINIMAL)


@pytest.mark.parametrize("text, message, column", [
    ("F p", "`F p` needs a path quantifier: write `A F p` or `E F p`", 1),
    ("p and G q", "`G q` needs a path quantifier", 7),
    ("K(Ag, p U q)", "`(p U q)` needs a path quantifier", 9),
    ("Ag.Action = go", "put it under a path quantifier", 1),
    ("<g>(p and q)", "a coalition operator takes", 1),
    ("p and", "unexpected end of the input", 3),
    ("p != q", "`p` is a proposition, not a variable: a comparison in a formula starts with a variable", 1),
    ("(p) != q", "inequality is written `<>`", 5),
    ("LTL p <-> q", "`<->` is not part of MCMAS's LTL syntax", 7),
    ("CTL* A (p U U q)", "unexpected `U` in a CTL* formula", 13),
    ("LTL p # q", "invalid character `#`", 7),
])
def test_formula_errors(minimal, text, message, column):
    with pytest.raises(IsplError) as caught:
        parse_formula(text, minimal)
    diagnostic = caught.value.diagnostics[0]
    assert message in diagnostic.message, diagnostic.message
    assert (diagnostic.file, diagnostic.line, diagnostic.column) == ("--formula", 1, column)


def test_fairness_entries_must_be_ctlk_state_formulas():
    def with_fairness(entry: str) -> str:
        return MINIMAL.replace("Formulae\n", f"Fairness\n  {entry};\nend Fairness\nFormulae\n", 1)
    assert "not allowed in the Fairness section" in first_error(with_fairness("<g>F p")).message
    assert "CTLK" in first_error(with_fairness("E(F G p)")).message
    assert "path quantifier" in first_error(with_fairness("G p")).message
    parse_model(with_fairness("AG EF p"))


@pytest.mark.parametrize("text", ["", "Agent", "\x00\x01", "Formulae\n", "Agent Ag\n" * 3, "{" * 50])
def test_garbage_never_escapes_as_a_traceback(text):
    with pytest.raises(IsplError):
        parse_model(text)


def test_a_bad_declaration_does_not_cascade_into_follow_up_errors():
    """A reserved agent name and a broken proposition are each reported once.

    Regression: the agent used to be dropped, so every use of it reported
    "there is no agent `A`", and the proposition every formula that used it.
    """
    text = """
Agent A
  Vars:
    x : 0..3;
  end Vars
  Actions = {go};
  Protocol:
    x < 3 : {go};
  end Protocol
  Evolution:
    x = x + 1 if Action = go;
  end Evolution
end Agent
Evaluation
  p if A.z = 1;
end Evaluation
InitStates
  A.x = 0;
end InitStates
Formulae
  EF p;
end Formulae
"""
    messages = [error.message for error in errors_of(text)]
    assert len(messages) == 2, messages
    assert "reserved word" in messages[0]
    assert "has no variable `z`" in messages[1]
