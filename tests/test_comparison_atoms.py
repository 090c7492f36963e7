"""Comparison atoms in formulas (`Environment.x = 3`, a ctlstark extension): read, typed and located like
Evaluation conditions, checked like the Evaluation proposition they stand for (symbolic engine, explicit
oracle, witnesses), refused in MCMAS's `LTL`/`CTL*` dialects, and hinted at where a variable is used bare."""

from __future__ import annotations

import dataclasses
import re
import typing

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from ctlstark import check, load_model_text
from ctlstark.errors import IsplError
from ctlstark.explicit import ExplicitChecker, ExplicitSystem
from ctlstark.ispl import parse_formula, parse_model
from ctlstark.ispl.format import format_model
from ctlstark.logic import formula as f
from ctlstark.logic.formula import is_comparison_name, to_text
from ctlstark.mc.label import Checker
from ctlstark.model import Binary, BoolType, Const, EnumType, Model, RangeType, VarRef
from ctlstark.symbolic.system import build_system

from strategies import formulas, models

# A counter x (0..3) and a flag b (at x = 2 one of the two lines fires: x may stay at 2 forever), and a robot
# that starts, then finishes once b is set.
MODEL = """\
Agent Environment
  Vars:
    x : 0..3;
    b : boolean;
  end Vars
  Actions = {tick};
  Protocol:
    Other : {tick};
  end Protocol
  Evolution:
    x = x + 1 if x < 3;
    b = true if x = 2;
  end Evolution
end Agent

Agent Robot
  Lobsvars = {b};
  Vars:
    s : {idle, busy, done};
  end Vars
  Actions = {go, stay};
  Protocol:
    s = idle : {go};
    Other : {stay};
  end Protocol
  Evolution:
    s = busy if Action = go;
    s = done if s = busy and Environment.b = true;
  end Evolution
end Agent

Evaluation
  three if Environment.x = 3;
  two if Environment.x = 2;
  two_or_more if Environment.x >= 2;
  below_three if Environment.x < 3;
  not_b if Environment.b = false;
  b_set if Environment.b = true;
  not_idle if Robot.s <> idle;
  finished if Robot.s = done;
end Evaluation

InitStates
  Environment.x = 0 and Environment.b = false and Robot.s = idle;
end InitStates

Formulae
  AF three;
end Formulae
"""

# (formula with comparison atoms, the same formula over the Evaluation propositions)
EQUIVALENT = [
    ("AF Environment.x = 3", "AF three"),
    ("EF Environment.x = 3", "EF three"),
    ("AG (Environment.x >= 2 -> AF Robot.s != idle)", "AG (two_or_more -> AF not_idle)"),
    ("AG (Environment.x >= 2 -> AF Robot.s <> idle)", "AG (two_or_more -> AF not_idle)"),
    ("EF (Robot.s = done and Environment.x < 3)", "EF (finished and below_three)"),
    ("E (Environment.b = false U Environment.x = 2)", "E (not_b U two)"),
    ("A (Environment.b = false U Environment.x = 2)", "A (not_b U two)"),
    ("AG (K(Robot, Environment.b = true) -> Robot.s != idle)", "AG (K(Robot, b_set) -> not_idle)"),
    ("E (G F Environment.x <= 2)", "E (G F !three)"),
    ("A (F G Robot.s = done)", "A (F G finished)"),
    ("EF !(Environment.x > 1) and AG (Environment.x = 3 -> Environment.b = true)", "EF !two_or_more and AG (three -> b_set)"),
]


@pytest.fixture()
def model() -> Model:
    return parse_model(MODEL, "robot.ispl")


# ---------------------------------------------------------------- reading and meaning


def test_an_atom_is_the_proposition_named_by_its_text(model: Model) -> None:
    entry = parse_formula("AG(Environment.x>=2 -> AF Robot.s!=idle)", model)
    atoms = sorted(sub.name for sub in _subformulas(entry.formula) if isinstance(sub, f.Prop))
    assert atoms == ["Environment.x >= 2", "Robot.s != idle"]
    assert all(is_comparison_name(name) for name in atoms)
    x = model.agent("Environment").own_variables[0]
    assert model.propositions["Environment.x >= 2"] == Binary(">=", VarRef(x), Const(2))
    assert model.propositions["Robot.s != idle"].op == "<>"  # `!=` is ISPL's `<>`
    assert list(model.evaluation_propositions) == [
        "three", "two", "two_or_more", "below_three", "not_b", "b_set", "not_idle", "finished"]
    # shown parenthesised, like an action atom, and read back as the same formula
    assert to_text(entry.formula) == "AG ((Environment.x >= 2) -> AF (Robot.s != idle))"
    assert parse_formula(to_text(entry.formula), model).formula == entry.formula


def test_values_are_typed_as_in_evaluation(model: Model) -> None:
    for text in ("EF Environment.b = true", "EF Environment.b <> false", "EF Environment.x = Environment.x",
                 "EF Environment.x < Environment.x + 1", "EF Robot.s = done", "EF Environment.x = -0 + 3",
                 "EF Environment.x >= (1 + 1) * 1"):
        assert check(model, [text], file_formulae=False).formulas[0].verdict is True, text


@pytest.mark.parametrize("atom_formula, proposition_formula", EQUIVALENT)
def test_atoms_have_the_verdicts_of_evaluation_propositions(model: Model, atom_formula: str,
                                                           proposition_formula: str) -> None:
    report = check(model, [atom_formula, proposition_formula], file_formulae=False, witness=True)
    atom_result, proposition_result = report.formulas
    assert atom_result.error is None and atom_result.verdict == proposition_result.verdict
    assert (atom_result.evidence is None) == (proposition_result.evidence is None)  # witnesses replay-validated
    oracle = ExplicitChecker(ExplicitSystem(model))
    assert oracle.holds(parse_formula(atom_formula, model).formula) == atom_result.verdict


def test_verdicts_of_the_equivalent_pairs_are_the_expected_ones(model: Model) -> None:
    report = check(model, [atom for atom, _ in EQUIVALENT], file_formulae=False)
    assert [result.verdict for result in report.formulas] == [
        False, True, True, True, True, True, True, True, True, False, False]


def test_formulae_entries_and_fairness_may_compare_variables() -> None:
    text = MODEL.replace("  AF three;\n", "  AF Environment.x = 3;\n  EF (Robot.s = done and Environment.x = 2);\n")
    text = text.replace("\nFormulae\n", "\nFairness\n  Robot.s != busy;\nend Fairness\n\nFormulae\n", 1)
    model = load_model_text(text, "robot.ispl")
    assert [entry.text for entry in model.formulae] == ["AF Environment.x = 3",
                                                         "EF (Robot.s = done and Environment.x = 2)"]
    assert model.fairness == (f.Prop("Robot.s != busy"),)
    report = check(model)
    # at x = 2 either line may fire (GRAMMAR.md §7.2): setting b forever keeps x at 2, with the robot done (fair)
    assert [result.verdict for result in report.formulas] == [False, True]
    oracle = ExplicitChecker(ExplicitSystem(model))
    assert [oracle.holds(entry.formula) for entry in model.formulae] == [False, True]


def test_fmt_keeps_the_atoms(model: Model) -> None:
    text = MODEL.replace("  AF three;\n", "  AG(Environment.x>=2->AF Robot.s!=idle);\n")
    formatted = format_model(text)
    assert "  AG(Environment.x >= 2 -> AF Robot.s != idle);\n" in formatted
    assert format_model(formatted) == formatted


# ---------------------------------------------------------------- errors, located


@pytest.mark.parametrize("text, message, column", [
    ("EF Robot.s = foo", "`foo` is neither a variable of the formula nor an enumeration value", 14),
    ("EF Robot.s = three", "`three` is neither a variable of the formula nor an enumeration value", 14),
    ("EF Robot.s = tick", "`tick` is neither a variable", 14),
    ("EF Robot.s < idle", "`<` compares integers only", 12),
    ("EF Environment.x = 7", "the constant 7 is outside the range 0..3 of `x`", 20),
    ("EF Environment.x = idle", "type mismatch: cannot compare an integer and an enumeration value", 18),
    ("EF Environment.b = 1", "type mismatch: cannot compare a boolean and an integer", 18),
    ("EF Environment.x = Robot.s", "type mismatch", 18),
    ("EF Robot.t = 1", "agent `Robot` has no variable `t`", 4),
    ("EF Bob.t = 1", "there is no agent `Bob`", 4),
    ("EF Environment.x = y", "(in a formula every variable is written with its agent, e.g. `Agent.x`)", 20),
    ("EF x = 3", "in a formula a variable is written with its agent: `Environment.x = 3`", 4),
    ("EF s != busy", "in a formula a variable is written with its agent: `Robot.s != busy`", 4),
    ("EF idle = Robot.s", "`idle` is not a variable: a comparison in a formula starts with a variable", 4),
    ("EF three = true", "`three` is a proposition, not a variable", 4),
])
def test_errors_are_located_like_evaluation_errors(model: Model, text: str, message: str, column: int) -> None:
    with pytest.raises(IsplError) as caught:
        parse_formula(text, model)
    diagnostic = caught.value.diagnostics[0]
    assert message in diagnostic.message, diagnostic.message
    assert (diagnostic.file, diagnostic.line, diagnostic.column) == ("--formula", 1, column)


@pytest.mark.parametrize("text, message, column", [
    ("EF x", "`x` is a variable of `Environment`, not a proposition: compare it, e.g. `Environment.x = 3`, "
             "or declare a proposition in Evaluation", 4),
    ("EF Environment.x", "`Environment.x` is a variable, not a proposition: compare it, e.g. `Environment.x = 3`, "
                         "or declare a proposition in Evaluation", 4),
    ("AG (Robot.s -> three)", "`Robot.s` is a variable, not a proposition: compare it, e.g. `Robot.s = idle`", 5),
    ("EF b", "`b` is a variable of `Environment`, not a proposition: compare it, e.g. `Environment.b = true`", 4),
    ("EF Robot.x", "agent `Robot` has no variable `x`", 4),
    ("EF nothing", "`nothing` is not a proposition of the Evaluation section", 4),
])
def test_a_variable_used_as_a_proposition_says_how_to_compare_it(model: Model, text: str, message: str,
                                                                 column: int) -> None:
    with pytest.raises(IsplError) as caught:
        parse_formula(text, model)
    diagnostic = caught.value.diagnostics[0]
    assert message in diagnostic.message, diagnostic.message
    assert diagnostic.column == column


def test_errors_in_a_file_are_located_in_the_file() -> None:
    text = MODEL.replace("  AF three;\n", "  AF three;\n  EF Robot.s = foo;\n  AG x;\n")
    with pytest.raises(IsplError) as caught:
        parse_model(text, "robot.ispl")
    line = MODEL.splitlines().index("  AF three;") + 2
    assert [(d.file, d.line, d.column) for d in caught.value.diagnostics] == [
        ("robot.ispl", line, 16), ("robot.ispl", line + 1, 6)]
    assert caught.value.diagnostics[1].format().splitlines()[1:] == ["      AG x;", "         ^"]


def test_an_atom_with_errors_is_reported_once() -> None:
    text = MODEL.replace("  AF three;\n", "  AF three;\n  EF Robot.s = foo or AG Robot.s = foo;\n")
    with pytest.raises(IsplError) as caught:
        parse_model(text, "robot.ispl")
    assert len(caught.value.diagnostics) == 1


@pytest.mark.parametrize("entry, column", [
    ("LTL G (Environment.x = 3 -> F three)", 10),
    ("LTL F x = 3", 9),
    ("CTL* E F (Robot.s != idle)", 13),
])
def test_mcmas_dialects_refuse_comparisons_as_an_extension(entry: str, column: int) -> None:
    text = MODEL.replace("  AF three;\n", f"  {entry};\n")
    with pytest.raises(IsplError) as caught:
        parse_model(text, "robot.ispl")
    diagnostic = caught.value.diagnostics[0]
    assert "is a ctlstark extension, not part of MCMAS's" in diagnostic.message
    assert "write the entry in ctlstark's own syntax" in diagnostic.message
    assert (diagnostic.line, diagnostic.column) == (MODEL.splitlines().index("  AF three;") + 1, column)


# ---------------------------------------------------------------- random models: atom = Evaluation proposition


@st.composite
def models_with_a_comparison(draw) -> tuple[Model, Model, f.Formula, str]:
    """A random model, the same model with a proposition `compared` defined by a comparison, a random
    formula over the latter that uses `compared`, and the comparison's text."""
    model = draw(models())
    variable = draw(st.sampled_from(model.variables))
    ordered = isinstance(variable.type, RangeType)
    operator = draw(st.sampled_from(("=", "<>", "!=", "<", "<=", ">", ">=") if ordered else ("=", "<>", "!=")))
    value = draw(st.sampled_from(list(variable.type.values())))
    if isinstance(variable.type, BoolType):
        value_text = "true" if value else "false"
    else:
        assert isinstance(variable.type, (RangeType, EnumType))
        value_text = str(value)
    condition = Binary("<>" if operator == "!=" else operator, VarRef(variable), Const(value))  # type: ignore[arg-type]
    with_proposition = dataclasses.replace(model, propositions={**model.propositions, "compared": condition})
    formula = draw(formulas(with_proposition))
    if f.Prop("compared") not in _subformulas(formula):
        formula = f.And(f.E(f.F(f.Prop("compared"))), formula)
    return model, with_proposition, formula, f"{variable.qualified_name} {operator} {value_text}"


@settings(max_examples=examples(60))
@given(models_with_a_comparison())
def test_an_atom_means_what_the_evaluation_proposition_means(case: tuple[Model, Model, f.Formula, str]) -> None:
    model, with_proposition, formula, comparison = case
    text = re.sub(r"\bcompared\b", f"({comparison})", to_text(formula))
    parsed = parse_formula(text, model).formula
    assert parsed == _renamed(formula, "compared", comparison)
    expected = ExplicitChecker(ExplicitSystem(with_proposition)).sat(formula)
    assert ExplicitChecker(ExplicitSystem(model)).sat(parsed) == expected
    system = build_system(model)
    try:
        assert system.states_of(Checker(system).states(parsed)) == expected
    finally:
        system.release()


# ---------------------------------------------------------------- helpers


def _subformulas(formula: f.Formula) -> list[f.Formula]:
    found, pending = [], [formula]
    while pending:
        node = pending.pop()
        found.append(node)
        pending.extend(f.children(node))
    return found


def _renamed(formula: f.Formula, old: str, new: str) -> f.Formula:
    """`formula` with the proposition `old` renamed `new`."""
    if isinstance(formula, f.Prop):
        return f.Prop(new) if formula.name == old else formula
    changes = {field.name: _renamed(value, old, new) for field in dataclasses.fields(formula)
               if isinstance(value := getattr(formula, field.name), _NODES)}
    return dataclasses.replace(formula, **changes)


_NODES = typing.get_args(f.Formula)
