"""The ISPL front end on well-formed input: sections, expressions and the typed-model products."""

from __future__ import annotations

import pytest

from ctlstark.ispl import parse_model
from ctlstark.logic import formula as f
from ctlstark.model import (
    ActionIs, Binary, BoolType, Const, EnumType, ProtocolRule, RangeType, Unary, VarRef, Variable,
)

MODEL = """\
Semantics = SingleAssignment;
Agent Environment
  Obsvars:
    o : 0..3;
  end Obsvars
  Vars:
    v : {a, b, c};
    w : boolean;
  end Vars
  Actions = {e1, e2, e3};
  Protocol:
  end Protocol
  Evolution:
    o = o + 1 if Action = e1 and P.Action = go;
  end Evolution
end Agent
Agent P
  Lobsvars = {v};
  Vars:
    y : -2..2;
    s : {a, b};
  end Vars
  RedStates:
    y = -2;
  end RedStates
  Actions = {go, stay};
  Protocol:
    Environment.v = a : {go};
    Other : {stay};
  end Protocol
  Evolution:
    y = y - 1 if Environment.o > 1 and Action = go;
    s = b if s = a;
  end Evolution
end Agent
Agent Q
  Vars:
    n : 0..7;
    t : boolean;
  end Vars
  Actions = {tick};
  Protocol:
    n < 7 : {tick};
  end Protocol
  Evolution:
    n = (n + 2) * 3 / 2 - 1 if n <= 2 and (Environment.Action = e2 or P.Action = stay);
    t = ~(t & true) ^ t | false if !(n = 0);
  end Evolution
end Agent
Evaluation
  p if P.y = 0 and Environment.w = true;
  R if P.s = b; -- `R` is an operator only inside formulas
  big if Q.n >= 4 and Q.n <> P.y;
end Evaluation
InitStates
  P.y = 0 and P.s = a and Environment.o = 0 and (Q.n = 0 or Q.n = 1);
end InitStates
Groups
  g = {P, Environment};
end Groups
Fairness
  R;
  AG EF p;
end Fairness
Formulae
  AG (p -> EF R);
  <g>F R;
  LTL !p U R;
  CTL* A (F p and G R);
end Formulae
"""

MINIMAL = """\
Agent Ag
  Vars:
    x : boolean;
  end Vars
  Actions = {go};
  Protocol:
    Other : {go};
  end Protocol
  Evolution:
    x = true if x = false;
  end Evolution
end Agent
Evaluation
  p if Ag.x = true;
  q if Ag.x = false;
  r if Ag.x = true;
end Evaluation
InitStates
  Ag.x = false;
end InitStates
Groups
  g = {Ag};
end Groups
Formulae
  EF p;
end Formulae
"""


@pytest.fixture(scope="module")
def model():
    return parse_model(MODEL, "dir/sample.ispl")


def var(model, agent: str, name: str) -> Variable:
    return next(v for v in model.agent(agent).own_variables if v.name == name)


def test_name_semantics_and_agent_order(model):
    assert model.name == "sample"
    assert model.semantics == "single"
    assert model.agent_names == ("Environment", "P", "Q")
    assert [v.qualified_name for v in model.variables] == [
        "Environment.o", "Environment.v", "Environment.w", "P.y", "P.s", "Q.n", "Q.t"]


def test_variable_types(model):
    assert var(model, "Environment", "o").type == RangeType(0, 3)
    assert var(model, "Environment", "v").type == EnumType(("a", "b", "c"))
    assert var(model, "Environment", "w").type == BoolType()
    assert var(model, "P", "y").type == RangeType(-2, 2)


def test_observed_variables_are_obsvars_then_lobsvars(model):
    assert [v.name for v in model.agent("P").observed_variables] == ["o", "v"]
    assert [v.name for v in model.agent("Q").observed_variables] == ["o"]
    assert model.agent("Environment").observed_variables == ()
    assert [v.name for v in model.agent("P").local_variables] == ["o", "v", "y", "s"]


def test_empty_environment_protocol_enables_every_action_code(model):
    env = model.agent("Environment")
    assert env.actions == ("e1", "e2", "e3", "#3")
    assert env.protocol == (ProtocolRule(Const(True), ("e1", "e2", "e3", "#3"), is_other=True),)


def test_protocol_rules_and_other(model):
    v = var(model, "Environment", "v")
    assert model.agent("P").protocol == (
        ProtocolRule(Binary("=", VarRef(v), Const("a")), ("go",)),
        ProtocolRule(Const(True), ("stay",), is_other=True),
    )


def test_evolution_rules_with_actions_and_negative_constants(model):
    y, o = var(model, "P", "y"), var(model, "Environment", "o")
    first = model.agent("P").evolution[0]
    assert first.assignments == ((y, Binary("-", VarRef(y), Const(1))),)
    assert first.guard == Binary("and", Binary(">", VarRef(o), Const(1)), ActionIs("P", "go"))
    assert model.agent("P").red_states == Binary("=", VarRef(y), Const(-2))
    env_rule = model.agent("Environment").evolution[0]
    assert env_rule.guard == Binary("and", ActionIs("Environment", "e1"), ActionIs("P", "go"))


def test_arithmetic_and_bit_operator_precedence(model):
    n, t = var(model, "Q", "n"), var(model, "Q", "t")
    arithmetic, bits = model.agent("Q").evolution
    assert arithmetic.assignments[0][1] == Binary(
        "-", Binary("/", Binary("*", Binary("+", VarRef(n), Const(2)), Const(3)), Const(2)), Const(1))
    assert arithmetic.guard.right == Binary("or", ActionIs("Environment", "e2"), ActionIs("P", "stay"))
    # `~` binds tighter than `^`, which binds as loosely as `|` (left-associative)
    assert bits.assignments[0][1] == Binary(
        "|", Binary("^", Unary("~", Binary("&", VarRef(t), Const(True))), VarRef(t)), Const(False))
    assert bits.guard == Unary("!", Binary("=", VarRef(n), Const(0)))


def test_evaluation_initial_states_and_groups(model):
    assert set(model.propositions) == {"p", "R", "big"}
    s = var(model, "P", "s")
    assert model.propositions["R"] == Binary("=", VarRef(s), Const("b"))
    assert model.groups == {"g": ("P", "Environment")}
    assert isinstance(model.initial_condition, Binary)


def test_fairness_and_formulae(model):
    assert model.fairness == (f.Prop("R"), f.A(f.G(f.E(f.F(f.Prop("p"))))))
    modes = [entry.mode for entry in model.formulae]
    assert modes == ["default", "default", "ltl", "ctlstar"]
    assert model.formulae[0].source == "dir/sample.ispl:66:3"
    assert model.formulae[1].formula == f.ATL("g", f.F(f.Prop("R")))
    assert model.formulae[2].formula == f.A(f.Not(f.U(f.Prop("p"), f.Prop("R"))), infinite=True)


def test_formula_nodes_carry_positions(model):
    entry = model.formulae[0]
    assert entry.formula.pos == (66, 3)
    assert entry.formula.path.operand.left.pos == (66, 7)


def test_omitted_environment_and_multi_assignment_default():
    model = parse_model(MINIMAL)
    assert model.semantics == "multi"
    env = model.agents[0]
    assert env.name == "Environment" and env.own_variables == ()
    assert env.actions == ("#0",)
    assert env.protocol == (ProtocolRule(Const(True), ("#0",), is_other=True),)
    assert model.agent("Ag").red_states is None
    assert model.name == "<string>"


@pytest.mark.parametrize("keyword, expected", [("MA", "multi"), ("SA", "single"), ("MultiAssignment", "multi")])
def test_semantics_keywords(keyword, expected):
    assert parse_model(f"Semantics = {keyword};\n" + MINIMAL).semantics == expected


def test_environment_with_empty_sections_and_no_actions():
    text = MINIMAL.replace("Agent Ag", "Agent Environment\n  Actions = {};\n  Protocol:\n  end Protocol\n"
                           "  Evolution:\n  end Evolution\nend Agent\nAgent Ag", 1)
    env = parse_model(text).agents[0]
    assert env.actions == ("#0",) and env.evolution == ()


def test_empty_red_states_is_none_and_comments_anywhere():
    text = MINIMAL.replace("  Actions = {go};", "  RedStates:\n  end RedStates\n  Actions = {go}; -- a comment\n")
    text = text.replace("x = true if x = false;", "x = true if x = false; -- x--1 is x then a comment")
    assert parse_model(text).agent("Ag").red_states is None


def test_long_conditions_are_balanced_trees():
    terms = " or ".join(f"Ag.x = {'true' if i % 2 else 'false'}" for i in range(3000))
    model = parse_model(MINIMAL.replace("p if Ag.x = true;", f"p if {terms};"))

    def depth(expr):
        if isinstance(expr, Binary):
            return 1 + max(depth(expr.left), depth(expr.right))
        return 0
    assert depth(model.propositions["p"]) < 20


def _depth(expr) -> int:
    """The height of an expression tree, iteratively (a `+` chain stays left-deep)."""
    height, pending = 0, [(expr, 0)]
    while pending:
        node, level = pending.pop()
        height = max(height, level)
        if isinstance(node, Binary):
            pending += [(node.left, level + 1), (node.right, level + 1)]
        elif isinstance(node, Unary):
            pending.append((node.operand, level + 1))
    return height


def test_chains_are_flattened_through_parentheses_on_either_side():
    """`a and (b and (c and …))` written 2000 deep is one chain of 2000 operands, balanced."""
    count = 2000
    nested = "Ag.x = true"
    for i in range(count - 1):
        nested = f"Ag.x = {'false' if i % 2 else 'true'} and ({nested})"
    model = parse_model(MINIMAL.replace("p if Ag.x = true;", f"p if {nested};"))
    assert _depth(model.propositions["p"]) <= 12  # ⌈log2 2000⌉ + the comparison
    bits = " & ".join(["x"] * 5000)
    model = parse_model(MINIMAL.replace("x = true if x = false;", f"x = true if ({bits}) = true;"))
    assert _depth(model.agent("Ag").evolution[0].guard) <= 14


def test_chain_shape_is_the_balanced_split():
    """Operands left to right, the left half gets ⌊n/2⌋ of them (what the engines and tests expect)."""
    model = parse_model(MINIMAL.replace("p if Ag.x = true;", "p if Ag.x = true or (Ag.x = false or Ag.x = true);"))
    x = VarRef(Variable("Ag", "x", BoolType()))
    true, false = Binary("=", x, Const(True)), Binary("=", x, Const(False))
    assert model.propositions["p"] == Binary("or", true, Binary("or", false, true))


def test_identical_resolved_subexpressions_are_one_object():
    """The symbolic encoder caches by identity: a repeated subexpression must be shared."""
    text = MINIMAL.replace("    x : boolean;", "    x : boolean;\n    n : 0..3;\n    m : 0..3;").replace(
        "x = true if x = false;", "x = true if n + m = 2;\n    x = false if n + m = 3 and x = false;").replace(
        "p if Ag.x = true;", "p if Ag.n + Ag.m = 2 and Ag.x = true;")
    model = parse_model(text)
    first, second = (rule.guard for rule in model.agent("Ag").evolution)
    assert first.left is second.left.left  # `n + m`, written twice
    assert model.propositions["p"].right is model.propositions["r"]  # `Ag.x = true`
    assert model.propositions["q"].left is model.propositions["p"].right.left  # `Ag.x`


def test_shared_constants_keep_their_type():
    """`0` and `false` (or `1` and `true`) are equal in Python but distinct constants."""
    text = MINIMAL.replace("    x : boolean;", "    x : boolean;\n    n : 0..1;").replace(
        "x = true if x = false;", "x = true if x = false and n = 0;\n    n = 1 if x = true and n = 1;")
    rules = parse_model(text).agent("Ag").evolution
    constants = [rules[0].guard.left.right, rules[0].guard.right.right, rules[1].guard.left.right,
                 rules[1].guard.right.right, rules[1].assignments[0][1]]
    assert [type(c.value) for c in constants] == [bool, int, bool, int, int]
    assert constants[4] is constants[3] and constants[0] is not constants[1]


def test_duplicate_enum_value_and_action_are_warnings():
    text = MINIMAL.replace("x : boolean;", "x : boolean;\n    e : {u, u, k};").replace("{go};\n  Protocol", "{go, go};\n  Protocol")
    model = parse_model(text, "w.ispl")
    assert var(model, "Ag", "e").type == EnumType(("u", "k"))
    assert model.agent("Ag").actions == ("go",)
    assert len(model.warnings) == 2 and all("warning" in w for w in model.warnings)
