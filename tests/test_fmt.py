"""`ctlstark fmt` (ispl/format.py): the canonical layout, comments kept, meaning unchanged.

Properties, on random models (strategies.py + ispl_writer.py, which parenthesises every
sub-expression), on random MCMAS-dialect entries with and without parentheses, on every
shipped example and on MCMAS's reference models: formatting is idempotent, the
formatted file resolves to an equal `Model` (formula texts and sources aside), and every
comment survives.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from conftest import examples

from ctlstark.errors import IsplError
from ctlstark.ispl import parse_model
from ctlstark.ispl.format import comments_of, format_model
from ctlstark.logic import formula as f
from ctlstark.logic.formula import to_text
from ctlstark.model import FormulaEntry, Model

from ispl_writer import write_model
from strategies import models, models_and_ctlstar_formulas, path_formulas
from reference_corpus import REFERENCE

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "ispl_examples").glob("*.ispl"))
MCMAS_EXAMPLES = REFERENCE / "mcmas-1.3.0"
REFERENCE_MODELS = sorted(MCMAS_EXAMPLES.glob("*.ispl")) if MCMAS_EXAMPLES.is_dir() else []


def comparable(model: Model) -> Model:
    """The model without what formatting may change: formula texts and sources, warnings, the name."""
    entries = tuple(dataclasses.replace(entry, text="", source="", warnings=()) for entry in model.formulae)
    return dataclasses.replace(model, name="", warnings=(), formulae=entries)


def assert_formats_faithfully(text: str) -> str:
    """fmt is idempotent, keeps the meaning and every comment; returns the formatted text."""
    formatted = format_model(text, "model.ispl")
    assert format_model(formatted, "model.ispl") == formatted, formatted
    assert comparable(parse_model(formatted, "model.ispl")) == comparable(parse_model(text, "model.ispl")), formatted
    assert Counter(c.text for c in comments_of(formatted)) == Counter(c.text for c in comments_of(text))
    return formatted


# ---------------------------------------------------------------- the layout

MESSY = """\
-- a robot
Semantics=MA;
Agent Environment Obsvars: tick:boolean; end Obsvars Actions={none}; Protocol: Other:{none}; end Protocol
Evolution: tick=true if tick=false; end Evolution end Agent
Agent Robot Lobsvars={}; Vars: pos:0..3; mode:{idle,busy}; end Vars
RedStates: (pos=3); end RedStates
Actions={move,stay};
Protocol: (pos<2 and (mode=idle or mode=busy)) : {move}; Other : {stay}; end Protocol
Evolution: (pos=(pos+1)) and mode=busy if (Action=move); end Evolution end Agent
Evaluation done if (Robot.pos=2); end Evaluation
InitStates (Robot.pos=0 and Robot.mode=idle) and Environment.tick=false; end InitStates
Groups g={Robot,Environment}; end Groups
Fairness done; end Fairness
Formulae AG((done or !done) -> AF(done)); E(done U (done and done)); end Formulae
"""

CANONICAL = """\
-- a robot
Semantics = MultiAssignment;

Agent Environment
  Obsvars:
    tick : boolean;
  end Obsvars
  Actions = {none};
  Protocol:
    Other : {none};
  end Protocol
  Evolution:
    tick = true if tick = false;
  end Evolution
end Agent

Agent Robot
  Lobsvars = {};
  Vars:
    pos : 0..3;
    mode : {idle, busy};
  end Vars
  RedStates:
    pos = 3;
  end RedStates
  Actions = {move, stay};
  Protocol:
    pos < 2 and (mode = idle or mode = busy) : {move};
    Other : {stay};
  end Protocol
  Evolution:
    pos = pos + 1 and mode = busy if Action = move;
  end Evolution
end Agent

Evaluation
  done if Robot.pos = 2;
end Evaluation

InitStates
  Robot.pos = 0 and Robot.mode = idle and Environment.tick = false;
end InitStates

Groups
  g = {Robot, Environment};
end Groups

Fairness
  done;
end Fairness

Formulae
  AG(done or !done -> AF done);
  E(done U (done and done));
end Formulae
"""


def test_canonical_layout() -> None:
    assert format_model(MESSY) == CANONICAL
    assert_formats_faithfully(MESSY)


def test_formatted_text_is_left_alone() -> None:
    assert format_model(CANONICAL) == CANONICAL


def small_model(protocol_condition: str = "x = 0", init: str = "Bot.x = 0", formula: str = "AG p",
                value: str = "x + 1") -> str:
    return (f"Agent Bot\n  Vars:\n    x : 0..3;\n    b : boolean;\n  end Vars\n  Actions = {{go}};\n"
            f"  Protocol:\n    {protocol_condition} : {{go}};\n  end Protocol\n"
            f"  Evolution:\n    x = {value} if x < 3;\n  end Evolution\nend Agent\n\n"
            f"Evaluation\n  p if Bot.x = 0;\n  q if Bot.b = true;\nend Evaluation\n\n"
            f"InitStates\n  {init};\nend InitStates\n\nFormulae\n  {formula};\nend Formulae\n")


def line_after(text: str, header: str) -> str:
    """The formatted line after the line `header`."""
    lines = [line.strip() for line in format_model(text).splitlines()]
    return lines[lines.index(header) + 1]


@pytest.mark.parametrize(("written", "printed"), [
    ("((x + 1) * 2) = 3", "(x + 1) * 2 = 3"),
    ("(x * 2) + 1 = 3", "x * 2 + 1 = 3"),
    ("x - (1 - x) = 0", "x - (1 - x) = 0"),
    ("(x - 1) - x = 0", "x - 1 - x = 0"),
    ("x - -1 = 0", "x - -1 = 0"),
    ("!(x = 1 and b = true)", "!(x = 1 and b = true)"),
    ("(!(x = 1)) and b = true", "!x = 1 and b = true"),
    ("(x = 1 or x = 2) and b = true", "(x = 1 or x = 2) and b = true"),
    ("x = 1 or (x = 2 and b = true)", "x = 1 or x = 2 and b = true"),
    ("(b & (b | b)) = true", "b & (b | b) = true"),
    ("((b & b) | b) = true", "b & b | b = true"),
    ("~(b | b) = true", "~(b | b) = true"),
    ("(~b) & b = true", "~b & b = true"),
])
def test_expressions_keep_only_needed_parentheses(written: str, printed: str) -> None:
    text = small_model(protocol_condition=written)
    assert line_after(text, "Protocol:") == f"{printed} : {{go}};"
    assert_formats_faithfully(text)


@pytest.mark.parametrize(("written", "printed"), [
    ("AG((p or q) -> AF(p))", "AG(p or q -> AF p)"),
    ("(p -> q) -> p", "(p -> q) -> p"),
    ("p -> (q -> p)", "p -> q -> p"),
    ("(p <-> q) <-> p", "p <-> q <-> p"),
    ("!(E X p)", "!EX p"),
    ("E(p U q) and (A(p U q))", "E(p U q) and A(p U q)"),
    ("E((p U q) U p)", "E((p U q) U p)"),
    ("E(p U (q U p))", "E(p U q U p)"),
    ("A G (F p)", "A G F p"),
    ("E (p and q U p)", "E((p and q) U p)"),  # MCMAS's reading: the until is the loosest operator there
    ("E (p and (q U p))", "E(p and (q U p))"),
    ("E (X p and X q)", "E(X p and X q)"),
    ("K(Bot, p and q) or GK(g, (p))", "K(Bot, p and q) or GK(g, p)"),
    ("<g>X (p)", "<g>X p"),
    ("<g>(p U (q))", "<g>(p U q)"),
    ("A((Bot.Action = go) U p)", "A(Bot.Action = go U p)"),
    ("LTL (!p) U q", "LTL (!p) U q"),
    ("LTL !p U q", "LTL !(p U q)"),  # MCMAS's `!` binds looser than `U`
    ("LTL G (p -> (F q))", "LTL G(p -> F q)"),
    ("LTL (G p) -> F q", "LTL G p -> F q"),
    ("LTL X p U q", "LTL X p U q"),
    ("CTL* A (F p and G q)", "CTL* A F(p and G q)"),  # MCMAS's reading of this one
    ("CTL* E (G p)", "CTL* E G p"),
    ("CTL* (A G p) and (E F q)", "CTL* (A G p) and E F q"),
    ("CTL* E((F p) and G q)", "CTL* E((F p) and G q)"),
])
def test_formulas_keep_only_needed_parentheses(written: str, printed: str) -> None:
    text = small_model(formula=written).replace("end InitStates\n", "end InitStates\n\nGroups\n  g = {Bot};\nend Groups\n")
    assert line_after(text, "Formulae") == f"{printed};"
    formatted = assert_formats_faithfully(text)
    assert parse_model(formatted).formulae[0].warnings == ()  # read the same by MCMAS and conventionally


# ---------------------------------------------------------------- comments

COMMENTED = """\
-- header

Agent Bot -- the only agent
  Vars:
    -- the counter
    x : 0..3; -- up to three

    -- a flag
    b : boolean;
    -- more to come
  end Vars
  Actions = {go};
  Protocol:
    x = 0 -- when it starts
      or x = 1 : {go};
  end Protocol
  Evolution:
    x = x + 1 if x < 3;
  end Evolution
end Agent
Evaluation p if Bot.x = 0; end Evaluation
InitStates Bot.x = 0; end InitStates
Formulae
  LTL G p -- inside; an entry
    -> F p;
end Formulae
-- the end
"""

COMMENTED_FORMATTED = """\
-- header

-- the only agent
Agent Bot
  Vars:
    -- the counter
    -- up to three
    x : 0..3;

    -- a flag
    b : boolean;
    -- more to come
  end Vars
  Actions = {go};
  Protocol:
    -- when it starts
    x = 0 or x = 1 : {go};
  end Protocol
  Evolution:
    x = x + 1 if x < 3;
  end Evolution
end Agent

Evaluation
  p if Bot.x = 0;
end Evaluation

InitStates
  Bot.x = 0;
end InitStates

Formulae
  -- inside; an entry
  LTL G p -> F p;
end Formulae
-- the end
"""


def test_comments_go_on_their_own_line_before_their_construct() -> None:
    assert format_model(COMMENTED) == COMMENTED_FORMATTED
    assert_formats_faithfully(COMMENTED)


def test_line_ends_tabs_and_a_missing_final_newline_are_normalised() -> None:
    assert format_model(COMMENTED.replace("\n", "\r\n").replace("  ", "\t")) == COMMENTED_FORMATTED
    assert format_model(COMMENTED.rstrip("\n")) == COMMENTED_FORMATTED


def test_comments_are_found_everywhere() -> None:
    found = comments_of("a -- one\n  -- two\nb\n")
    assert [(c.text, c.line, c.trailing) for c in found] == [("-- one", 1, True), ("-- two", 2, False)]


# ---------------------------------------------------------------- bad input


def test_a_syntax_error_is_reported_not_formatted() -> None:
    with pytest.raises(IsplError) as caught:
        format_model(small_model().replace("x < 3;", "x < 3"), "broken.ispl")
    diagnostic = caught.value.diagnostics[0]
    assert (diagnostic.file, diagnostic.line) == ("broken.ispl", 11)


def test_a_dialect_error_is_reported_not_formatted() -> None:
    with pytest.raises(IsplError):
        format_model(small_model(formula="LTL p <-> q"))


def test_names_are_not_resolved() -> None:
    """Like gofmt, fmt lays out a file that parses even when its names are wrong."""
    text = small_model(protocol_condition="y = 0")
    assert "y = 0 : {go};" in format_model(text)


def test_names_declared_twice_are_kept() -> None:
    """A repeated declaration stays where it is written: which one counts (the first variable
    or action, the last proposition or group; docs/differences.md#acceptance) depends on the
    order, so the formatted file means the same and gets the same warnings at the same places."""
    text = small_model().replace("    b : boolean;\n", "    b:boolean;\n    b : 0..1;\n").replace(
        "{go}", "{go,go}", 1).replace("  q if Bot.b = true;\n", "  q if Bot.b = true;\n  q if Bot.b = false;\n")
    formatted = assert_formats_faithfully(text)
    assert "    b : boolean;\n    b : 0..1;\n" in formatted
    assert "  Actions = {go, go};\n" in formatted
    assert "  q if Bot.b = true;\n  q if Bot.b = false;\n" in formatted
    assert [w.split(": warning: ")[1].splitlines()[0] for w in parse_model(formatted, "f.ispl").warnings] == [
        w.split(": warning: ")[1].splitlines()[0] for w in parse_model(text, "f.ispl").warnings]
    assert len(parse_model(formatted).warnings) == 3


# ---------------------------------------------------------------- properties


def with_formula(model: Model, formula: f.Formula) -> str:
    return write_model(dataclasses.replace(model, formulae=(FormulaEntry(to_text(formula), formula),)))


@settings(max_examples=examples(50))
@given(models_and_ctlstar_formulas())
def test_random_models_format_faithfully(case: tuple[Model, f.Formula]) -> None:
    model, formula = case
    assert_formats_faithfully(with_formula(model, formula))


_DIALECT_NODES = (f.Prop, f.Const, f.AgentStates, f.Not, f.And, f.Or, f.Implies, f.X, f.F, f.G, f.U, f.E, f.A, f.K)


def dialect_text(formula: f.Formula, data: st.DataObject, ltl: bool) -> str:
    """A dialect entry body, each operand parenthesised or not as hypothesis chooses (so MCMAS's
    groupings of unparenthesised text come up)."""
    def operand(sub: f.Formula) -> str:
        text = dialect_text(sub, data, ltl)
        return f"({text})" if data.draw(st.booleans()) else text

    match formula:
        case f.Prop() | f.Const() | f.AgentStates():
            return to_text(formula)
        case f.Not(operand=x):
            return "!" + operand(x)
        case f.X() | f.F() | f.G():
            return f"{type(formula).__name__} {operand(formula.operand)}"
        case f.E(path=x) | f.A(path=x):
            return f"{type(formula).__name__} {operand(x)}"
        case f.K(agent=agent, operand=x):
            return f"K({agent}, {dialect_text(x, data, ltl)})"
        case f.And() | f.Or() | f.Implies() | f.U():
            symbol = {f.And: "and", f.Or: "or", f.Implies: "->", f.U: "U"}[type(formula)]
            return f"{operand(formula.left)} {symbol} {operand(formula.right)}"
    raise ValueError(formula)


def dialect_friendly(formula: f.Formula, ltl: bool) -> bool:
    allowed = tuple(node for node in _DIALECT_NODES if not (ltl and node in (f.E, f.A)))
    return isinstance(formula, allowed) and all(dialect_friendly(c, ltl) for c in f.children(formula))


@settings(max_examples=examples(60))
@given(st.data(), models(max_bits=4), st.booleans())
def test_random_dialect_entries_format_faithfully(data: st.DataObject, model: Model, ltl: bool) -> None:
    path = data.draw(path_formulas(model, depth=4, operator_first=True))
    assume(dialect_friendly(path, ltl))
    body = dialect_text(path if ltl else f.E(path), data, ltl)
    text = write_model(model).replace("Formulae\n", f"Formulae\n  {'LTL' if ltl else 'CTL*'} {body};\n", 1)
    try:
        parse_model(text, "model.ispl")
    except IsplError:
        assume(False)
    assert_formats_faithfully(text)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.name)
def test_examples_format_faithfully(path: Path) -> None:
    assert_formats_faithfully(path.read_text(encoding="utf-8"))


@pytest.mark.skipif(not REFERENCE_MODELS, reason="MCMAS's reference models are not available")
@pytest.mark.parametrize("path", REFERENCE_MODELS, ids=lambda path: path.name)
def test_reference_models_format_faithfully(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    try:
        parse_model(text, str(path))
    except IsplError:
        pytest.skip("ctlstark rejects this model (LDL)")
    assert_formats_faithfully(text)


# ---------------------------------------------------------------- the command


def fmt(*arguments: str | Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ctlstark", "fmt", *map(str, arguments)],
                          capture_output=True, text=True, timeout=60)


def test_fmt_prints_the_layout(tmp_path: Path) -> None:
    model = tmp_path / "messy.ispl"
    model.write_text(MESSY, encoding="utf-8")
    done = fmt(model)
    assert (done.returncode, done.stdout, done.stderr) == (0, CANONICAL, "")
    assert model.read_text(encoding="utf-8") == MESSY


def test_fmt_check_names_an_unformatted_file(tmp_path: Path) -> None:
    messy, tidy = tmp_path / "messy.ispl", tmp_path / "tidy.ispl"
    messy.write_text(MESSY, encoding="utf-8")
    tidy.write_text(CANONICAL, encoding="utf-8")
    assert (fmt("--check", messy).returncode, fmt("--check", messy).stdout) == (1, "")
    assert fmt("--check", messy).stderr.strip() == str(messy)
    done = fmt("--check", tidy)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_fmt_in_place_rewrites_only_a_changed_file(tmp_path: Path) -> None:
    messy, tidy = tmp_path / "messy.ispl", tmp_path / "tidy.ispl"
    messy.write_text(MESSY, encoding="utf-8")
    tidy.write_text(CANONICAL, encoding="utf-8")
    tidy.chmod(0o444)  # a write would fail
    assert fmt("--in-place", messy).returncode == 0
    assert messy.read_text(encoding="utf-8") == CANONICAL
    done = fmt("-i", tidy)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_fmt_reports_bad_input_with_its_position(tmp_path: Path) -> None:
    broken = tmp_path / "broken.ispl"
    broken.write_text(small_model().replace("x < 3;", "x < 3"), encoding="utf-8")
    done = fmt(broken)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"{broken}:11:")
    assert "Traceback" not in done.stderr
    assert fmt(tmp_path / "missing.ispl").returncode == 2


def test_fmt_check_and_in_place_exclude_each_other(tmp_path: Path) -> None:
    model = tmp_path / "messy.ispl"
    model.write_text(MESSY, encoding="utf-8")
    assert fmt("--check", "--in-place", model).returncode == 2
    assert model.read_text(encoding="utf-8") == MESSY
