"""Differential test: the symbolic checker against the explicit oracle on commitments and action atoms.

Random models where agents share variables (`strategies.shared_variable_models`)
and random formulas nesting `C`, `Fu`, `SC` (conditional or not), knowledge,
CTL shapes and path formulas with action atoms (`models_and_commitment_formulas`).
Both sides must agree on the fair states and on the satisfying states of every
state subformula. `UnsupportedFormula` is not caught: a formula the symbolic side
cannot check fails. A failure message carries the model as ISPL and the
subformula, ready to paste into a regression test below.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from conftest import examples

from ctlstark.api import load_model_text, parse_formula
from ctlstark.logic import formula as f
from ctlstark.model import Model

from strategies import models_and_commitment_formulas
from test_commitments_oracle import CLOCK, OBSERVED_CHANNEL, SHOP
from test_differential import assert_same_verdicts


@settings(max_examples=examples(150))
@given(models_and_commitment_formulas())
def test_commitment_formula_states_agree(case: tuple[Model, f.Formula]) -> None:
    assert_same_verdicts(*case)


@pytest.mark.slow
@settings(max_examples=3000)
@given(models_and_commitment_formulas(depth=4))
def test_commitment_formula_states_agree_long(case: tuple[Model, f.Formula]) -> None:
    assert_same_verdicts(*case)


# ---------------------------------------------------------------- the hand-made models of test_commitments_oracle

SHOP_FORMULAS = (
    "C(Cust, Merc, merc_paid)", "Fu(C(Cust, Merc, merc_paid))", "C(Merc, Cust, merc_paid)",
    "Fu(C(Merc, Cust, !delivered))", "C(Cust, Cust, merc_paid)", "SC(Cust, Merc, F delivered)",
    "SC(Cust, Merc, merc_paid, F (Merc.Action = deliver))", "E X (Merc.Action = deliver)",
    "E (Cust.Action = set and X (Merc.Action = copy))", "A G ((Cust.Action = set) -> F (Merc.Action = deliver))",
    "E (!(Merc.Action = copy) U delivered)", "AG !E(!C(Cust, Merc, merc_paid) U "
    "(!C(Cust, Merc, merc_paid) and Fu(C(Cust, Merc, merc_paid))))",
)
CLOCK_FORMULAS = (
    "C(P, Q, qc)", "Fu(C(P, Q, qc))", "C(Q, P, !pc)", "C(P, P, qc)", "SC(P, Q, Environment.Action = tick)",
    "SC(P, Q, late, X pc)", "A (Environment.Action = stop)", "E X (Environment.Action = tick)",
    "E G (P.Action = keep)", "A F (P.Action = flip)", "E (Q.Action = on U late)",
    "E (P.Action = flip and X !pc)", "E (Environment.Action = tick and P.Action = flip and X pc)",
)
OBSERVED_CHANNEL_FORMULAS = (
    "C(Ag, Environment, ev)", "Fu(C(Ag, Environment, ev))", "C(Environment, Ag, av)", "Fu(C(Environment, Ag, av))",
    "A (Environment.Action = none)", "E (Ag.Action = push and X !ev)",
)
FAIRNESS = "Fairness\n  pc;\nend Fairness"


def assert_text_agrees(model_text: str, formula_text: str) -> None:
    """Both checkers give the same states for an ISPL model and a formula in ctlstark syntax."""
    model = load_model_text(model_text)
    assert_same_verdicts(model, parse_formula(formula_text, model).formula)


@pytest.mark.parametrize("text", SHOP_FORMULAS)
def test_shop_agrees(text: str) -> None:
    assert_text_agrees(SHOP, text)


@pytest.mark.parametrize("fairness", ["", FAIRNESS])
@pytest.mark.parametrize("text", CLOCK_FORMULAS)
def test_clock_agrees(text: str, fairness: str) -> None:
    assert_text_agrees(CLOCK.replace("{fairness}", fairness), text)


@pytest.mark.parametrize("text", OBSERVED_CHANNEL_FORMULAS)
def test_observed_channel_agrees(text: str) -> None:
    assert_text_agrees(OBSERVED_CHANNEL, text)


# ---------------------------------------------------------------- regressions (shrunk counterexamples)

# None so far: no random case has shown a disagreement.
