"""Boolean state subformulas are explained by their parts, whatever their spelling (issue 17).

A step of a trace that rests on a Boolean state subformula — the violating state
of a FALSE `AG (φ or ψ)`, the goal of a TRUE `EF (φ and ψ)`, the end of a
knowledge run where `φ or ψ` fails — links one sub-trace per part that makes the
combination have its value there (docs/witnesses.md, "Nested formulas"). So
`AG (p or M)`, `AG (!p -> M)` and `AG (!(!p and !M))` get the same sub-traces.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from conftest import examples
from typer.testing import CliRunner

from ctlstark.api import check, load_model, parse_formula
from ctlstark.mc.label import Checker
from ctlstark.cli import app
from ctlstark.explicit import ExplicitChecker, ExplicitSystem
from ctlstark.logic import formula as f
from ctlstark.model import Model
from ctlstark.symbolic.system import build_system
from ctlstark.render.traces import trace_json
from ctlstark.witness import WitnessBuilder, admits_trace, replay

from strategies import atoms, formulas, models

EXAMPLES = Path(__file__).resolve().parents[1] / "ispl_examples"
BIT_TRANSMISSION = EXAMPLES / "bit_transmission.ispl"


def _nested(trace: dict) -> list[tuple]:
    """Every sub-trace of a JSON trace, depth first: (depth, step, relation, kind, formula)."""
    found = []

    def walk(node: dict, depth: int) -> None:
        for link in node["children"]:
            child = link["trace"]
            found.append((depth, link["step"], link["relation"], child["kind"], child["formula"]))
            walk(child, depth + 1)

    walk(trace, 0)
    return found


def _traces(model: Path | Model, *texts: str) -> list[dict]:
    report = check(model, list(texts), file_formulae=False, witness=True)
    for result in report.formulas:
        assert result.trace_error is None, result.trace_error
        assert result.trace is not None, result.formula
    return [result.trace for result in report.formulas]


# ---------------------------------------------------------------- the examples

EXAMPLE_PAIRS = [
    # (Boolean spelling, spelling that already had its sub-trace, the nested trace both must get)
    ("AG (recbit or K(Sender, !recbit))", "AG (!recbit -> K(Sender, !recbit))",
     [(0, 0, "justifies", "counterexample", "K(Sender, !recbit)"),
      (1, 0, "indistinguishable", "path", "a run to a state Sender cannot tell apart")]),
    ("EF (true and EX recack)", "EF (EX recack)",
     [(0, 1, "justifies", "witness", "EX recack")]),
    ("AG (recack or AX recbit)", "AG (!recack -> AX recbit)",
     [(0, 0, "justifies", "counterexample", "AX recbit")]),
]


@pytest.mark.parametrize(("boolean", "reference", "expected"), EXAMPLE_PAIRS, ids=["or-K", "and-EX", "or-AX"])
def test_boolean_spellings_get_the_sub_traces_of_the_reference_spelling(boolean, reference, expected) -> None:
    mine, theirs = _traces(BIT_TRANSMISSION, boolean, reference)
    assert _nested(mine) == _nested(theirs) == expected
    assert mine["steps"] == theirs["steps"] and mine["loop_start"] == theirs["loop_start"]
    assert mine["children"] == theirs["children"]  # the very same sub-traces, states and actions included


def test_the_cli_json_counts_the_same_nested_traces_for_both_spellings() -> None:
    for boolean, reference, expected in EXAMPLE_PAIRS:
        arguments = ["check", str(BIT_TRANSMISSION), "--only", "-f", boolean, "-f", reference, "--witness", "--json"]
        result = CliRunner().invoke(app, arguments)
        assert result.exit_code in (0, 1), result.output
        formulas_json = json.loads(result.stdout)["formulas"]
        counts = [sum(1 for entry in _nested(item["trace"]) if entry[2] == "justifies") for item in formulas_json]
        assert counts == [1, 1], (boolean, counts)


MIXED = [
    # a disjunct that is itself a conjunction with a modality, spelled four ways
    ("AG (recack or (bit0 and AX recbit))", "AG (!recack -> (bit0 and AX recbit))",
     "AG !(!recack and (!bit0 or !AX recbit))", "AG ((!bit0 or !AX recbit) -> recack)"),
    # a knowledge operand that fails: the run's end links the failing disjunct
    ("K(Sender, recbit or AX recack)", "K(Sender, !recbit -> AX recack)", "K(Sender, !(!recbit and !AX recack))"),
    # the goal of an until, a true conjunction with two explainable parts
    ("E(!recack U (EX recack and EF recbit))", "E(!recack U !(EX recack -> !EF recbit))", "E(!recack U (EF recbit and !!EX recack))"),
]


def _unordered(children: list[dict]) -> list[str]:
    """Children as a sorted list: the order of the parts follows the order they are written in."""
    return sorted(json.dumps(link, sort_keys=True) for link in children)


@pytest.mark.parametrize("spellings", MIXED, ids=["or-and", "knowledge-operand", "until-goal"])
def test_mixed_nestings_are_explained_alike_in_every_spelling(spellings) -> None:
    traces = _traces(BIT_TRANSMISSION, *spellings)
    shapes = [sorted(_nested(trace)) for trace in traces]
    assert all(shape == shapes[0] for shape in shapes), shapes
    assert all(_unordered(trace["children"]) == _unordered(traces[0]["children"]) for trace in traces)
    explained = {entry[4] for entry in shapes[0] if entry[2] == "justifies"}
    assert explained & {"AX recbit", "AX recack", "EX recack", "EF recbit"}, shapes[0]


def test_a_true_conjunction_links_every_conjunct_and_a_false_implication_both_sides() -> None:
    until, implication = _traces(BIT_TRANSMISSION, "E(!recack U (EX recack and EF recbit))",
                                 "AG (EX recbit -> AX recbit)")
    goal = len(until["steps"]) - 1
    assert {(step, kind, text) for _, step, relation, kind, text in _nested(until) if relation == "justifies"} >= {
        (goal, "witness", "EX recack"), (goal, "witness", "EF recbit")}
    assert [(kind, text) for depth, _, _, kind, text in _nested(implication) if depth == 0] == [
        ("witness", "EX recbit"), ("counterexample", "AX recbit")]


def test_a_boolean_subformula_through_the_python_api_is_replayed() -> None:
    model = load_model(BIT_TRANSMISSION)
    checker = Checker(build_system(model))
    builder = WitnessBuilder(checker)
    formula = parse_formula("AG (recack or !(bit1 or EX !recbit) or AX recbit)", model).formula
    assert not checker.holds(formula)
    trace = builder.top_level(formula, False)
    replay(trace, checker)
    # the middle disjunct fails because `bit1 or EX !recbit` holds: its explainable true disjunct is linked
    assert [(link.trace.kind, f.to_text(link.trace.formula)) for link in trace.children] == [
        ("witness", "EX !recbit"), ("counterexample", "AX recbit")]


# ---------------------------------------------------------------- random models

Spelling = Callable[[f.Formula, f.Formula], f.Formula]

AG_OR: list[Spelling] = [  # AG (a or M)
    lambda a, m: f.A(f.G(f.Or(a, m))),
    lambda a, m: f.A(f.G(f.Or(m, a))),
    lambda a, m: f.A(f.G(f.Implies(f.Not(a), m))),
    lambda a, m: f.A(f.G(f.Implies(f.Not(m), a))),
    lambda a, m: f.A(f.G(f.Not(f.And(f.Not(a), f.Not(m))))),
    lambda a, m: f.A(f.G(f.Implies(f.And(f.Not(m), f.Not(a)), f.Const(False)))),
]
EF_AND: list[Spelling] = [  # EF (a and M)
    lambda a, m: f.E(f.F(f.And(a, m))),
    lambda a, m: f.E(f.F(f.And(m, a))),
    lambda a, m: f.E(f.F(f.Not(f.Or(f.Not(a), f.Not(m))))),
    lambda a, m: f.E(f.F(f.Not(f.Implies(a, f.Not(m))))),
    lambda a, m: f.E(f.F(f.Not(f.Implies(m, f.Not(a))))),
]
EG_OR: list[Spelling] = [  # EG (a or M): one true disjunct per lasso state
    lambda a, m: f.E(f.G(f.Or(a, m))),
    lambda a, m: f.E(f.G(f.Or(m, a))),
    lambda a, m: f.E(f.G(f.Implies(f.Not(a), m))),
    lambda a, m: f.E(f.G(f.Not(f.And(f.Not(m), f.Not(a))))),
]
K_OR: list[Spelling] = [  # K(i, a or M): the knowledge run ends where both fail
    lambda a, m: f.K("A0", f.Or(a, m)),
    lambda a, m: f.K("A0", f.Implies(f.Not(a), m)),
    lambda a, m: f.K("A0", f.Not(f.And(f.Not(m), f.Not(a)))),
]
FAMILIES = {"AG-or": AG_OR, "EF-and": EF_AND, "EG-or": EG_OR, "K-or": K_OR}


@st.composite
def _modalities(draw, model: Model) -> f.Formula:
    """A formula with a trace for one of its values: E/A over one CTL operator, or knowledge, over small operands."""
    operand = formulas(model, depth=1)
    kind = draw(st.sampled_from(("EX", "AX", "EF", "AG", "AF", "EG", "EU", "AU", "K", "GK")))
    if kind == "K":
        return f.K(draw(st.sampled_from(model.agent_names)), draw(operand))
    if kind == "GK":
        return f.GK(draw(st.sampled_from(sorted(model.groups))), draw(operand))
    quantifier = f.E if kind[0] == "E" else f.A
    if kind[1] == "U":
        return quantifier(f.U(draw(operand), draw(operand)))
    return quantifier(getattr(f, kind[1])(draw(operand)))


def _shape(trace) -> tuple:
    """A trace tree without the root's formula text: steps, loop, and each child in full (JSON form)."""
    return trace["loop_start"], trace["steps"], _unordered(trace["children"])


@settings(max_examples=examples(80))
@given(models(max_bits=5).flatmap(lambda model: st.tuples(st.just(model), atoms(model), _modalities(model))))
def test_every_spelling_of_one_boolean_condition_gets_the_same_sub_traces(case) -> None:
    model, atom, modality = case
    checker = Checker(build_system(model))
    builder = WitnessBuilder(checker)
    for family in FAMILIES.values():
        _check_spellings_agree(model, checker, builder, [spell(atom, modality) for spell in family])


def _check_spellings_agree(model: Model, checker: Checker, builder: WitnessBuilder,
                           spellings: list[f.Formula]) -> None:
    system = checker.system
    satisfied, verdict = checker.states(spellings[0]), checker.holds(spellings[0])
    if not admits_trace(spellings[0], verdict):
        return
    if system.initial & (satisfied if verdict else ~satisfied) == system.bdd.false:
        return  # no initial state to start from (e.g. none is fair): nothing to compare
    shapes = []
    for formula in spellings:
        assert checker.states(formula) == satisfied and checker.holds(formula) == verdict, f.to_text(formula)
        assert admits_trace(formula, verdict), f.to_text(formula)
        trace = builder.top_level(formula, verdict)
        replay(trace, checker)
        shapes.append(_shape(trace_json(trace, model)))
    assert all(shape == shapes[0] for shape in shapes), [f.to_text(s) for s in spellings]
    _check_children_against_the_oracle(model, trace)


def _check_children_against_the_oracle(model: Model, trace) -> None:
    """Each sub-trace claims a value its formula really has at its first state (explicit checker)."""
    oracle = ExplicitChecker(ExplicitSystem(model))

    def walk(node) -> None:
        for link in node.children:
            child = link.trace
            if child.kind != "path" and child.formula is not None:
                assert (child.steps[0].state in oracle.sat(child.formula)) == (child.kind == "witness")
            walk(child)

    walk(trace)
