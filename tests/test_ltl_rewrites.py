"""The LTL identities `path_nnf` applies (`F F a = F a`, `F G F a = G F a`, `¬a U a = F a` and their duals):
the rewritten forms, and verdicts against the explicit-state oracle (whose own negation normal form applies
none of them) on generated models with deadlocks, Fairness and Compassion."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples
from ctlstark.logic import formula as f
from ctlstark.logic.normalise import path_nnf
from ctlstark.model import Model
from strategies import atoms, models
from test_differential import assert_same_verdicts

A, B = f.Prop("a"), f.Prop("b")
TRUE, FALSE = f.Const(True), f.Const(False)


def eventually(formula: f.Formula) -> f.Formula:
    return f.U(TRUE, formula)


def always(formula: f.Formula) -> f.Formula:
    return f.R(FALSE, formula)


@pytest.mark.parametrize(("path", "expected"), [
    (f.F(f.F(A)), eventually(A)),
    (f.G(f.G(A)), always(A)),
    (f.F(f.G(f.F(A))), always(eventually(A))),
    (f.G(f.F(f.G(A))), eventually(always(A))),
    (f.F(f.F(f.F(f.G(f.G(f.G(f.F(f.F(f.G(f.G(f.F(f.G(A)))))))))))), eventually(always(A))),
    (f.U(f.Not(A), A), eventually(A)),
    (f.U(A, f.Not(A)), eventually(f.Not(A))),
    (f.R(A, f.Not(A)), always(f.Not(A))),
    (f.Not(f.U(f.Not(A), A)), always(f.Not(A))),                     # ¬(¬a U a) = a R ¬a = G ¬a
    (f.Or(f.U(f.Not(A), A), f.G(f.Not(A))), f.Or(eventually(A), always(f.Not(A)))),
])
def test_the_identities_are_applied(path: f.Formula, expected: f.Formula) -> None:
    assert path_nnf(path) == expected


@pytest.mark.parametrize(("path", "expected"), [
    (f.F(f.X(f.F(A))), eventually(f.X(eventually(A)))),         # an X between: no F F
    (f.G(f.F(A)), always(eventually(A))),
    (f.F(f.G(A)), eventually(always(A))),
    (f.U(f.Not(A), B), f.U(f.Not(A), B)),
    (f.U(A, A), f.U(A, A)),
    (f.R(f.Not(B), A), f.R(f.Not(B), A)),
    (f.F(f.And(f.F(A), B)), eventually(f.And(eventually(A), B))),
])
def test_other_shapes_are_kept(path: f.Formula, expected: f.Formula) -> None:
    assert path_nnf(path) == expected


@st.composite
def _rewritable_paths(draw: st.DrawFn, model: Model) -> f.Formula:
    """A chain of `F` and `G` over an atom, or `¬b U b` / `b R ¬b` (also as `¬(…)`), or two joined."""
    atom = draw(atoms(model))
    match draw(st.integers(0, 3)):
        case 0:
            path: f.Formula = atom
            for operator in draw(st.lists(st.sampled_from((f.F, f.G, f.X)), min_size=1, max_size=6)):
                path = operator(path)
        case 1:
            path = f.U(f.Not(atom), atom)
        case 2:
            path = f.R(atom, f.Not(atom))
        case _:
            path = f.W(f.Not(atom), atom)
    if draw(st.booleans()):
        path = f.Not(path)
    return path


@st.composite
def _models_and_formulas(draw: st.DrawFn) -> tuple[Model, f.Formula]:
    model = draw(models(compassion=True))
    path = draw(_rewritable_paths(model))
    if draw(st.booleans()):
        path = draw(st.sampled_from((f.And, f.Or)))(path, draw(_rewritable_paths(model)))
    return model, draw(st.sampled_from((f.E, f.A)))(path)


@settings(max_examples=examples(200), deadline=None)
@given(_models_and_formulas())
def test_rewritten_formulas_agree_with_the_oracle(case: tuple[Model, f.Formula]) -> None:
    assert_same_verdicts(*case)
