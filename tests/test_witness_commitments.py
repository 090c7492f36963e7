"""Traces for commitments and action atoms: the commitment step is shown, actions are the path's own.

A FALSE `C(i, j, φ)` links to a run reaching the ~i→j-successor where φ fails; a
TRUE `Fu(C(i, j, φ))` links to a run reaching the committing state; a TRUE
`SC(i, j, ψ)` is a witness of `E ψ`; a lasso for a path formula with action atoms
carries the joint actions that make the atoms true. Replay checks each of these
independently (the relation on values, the actions against the formula).
"""

from __future__ import annotations

import dataclasses

import pytest

from ctlstark.api import check, load_model_text
from ctlstark.mc.label import Checker
from ctlstark.logic import formula as f
from ctlstark.symbolic.system import build_system
from ctlstark.witness import Step, WitnessBuilder, WitnessError, admits_trace, replay

# A purchase: the customer may pay (its copy of `pay` becomes true, and the merchant's
# copy follows one step later); the merchant then delivers. Both keep copies of pay.
SHOP = """\
Agent Cust
  Vars:
    pay : boolean;
    asked : boolean;
  end Vars
  Actions = { ask, pay, idle };
  Protocol:
    asked = false : { ask, idle };
    asked = true and pay = false : { pay, idle };
    Other : { idle };
  end Protocol
  Evolution:
    asked = true if Action = ask;
    pay = true if Action = pay;
  end Evolution
end Agent
Agent Merc
  Vars:
    pay : boolean;
    sent : boolean;
  end Vars
  Actions = { deliver, idle };
  Protocol:
    pay = true and sent = false : { deliver };
    Other : { idle };
  end Protocol
  Evolution:
    pay = true if Cust.Action = pay;
    sent = true if Action = deliver;
  end Evolution
end Agent
Evaluation
  paid if Merc.pay = true;
  sent if Merc.sent = true;
  interacting_Cust_Merc if Cust.asked = true;
end Evaluation
InitStates
  Cust.pay = false and Cust.asked = false and Merc.pay = false and Merc.sent = false;
end InitStates
Formulae
  C(Cust, Merc, paid);
end Formulae
"""


def _builder():
    model = load_model_text(SHOP)
    checker = Checker(build_system(model))
    return model, checker, WitnessBuilder(checker)


def _parse(model, text: str) -> f.Formula:
    from ctlstark.api import parse_formula

    return parse_formula(text, model).formula


def test_a_broken_commitment_links_the_successor_where_the_content_fails() -> None:
    model, checker, builder = _builder()
    formula = _parse(model, "C(Cust, Merc, paid)")  # at the start the customer has not paid: the merchant's copy is false
    assert not checker.holds(formula) and admits_trace(formula, False)
    trace = builder.top_level(formula, False)
    replay(trace, checker)
    [link] = trace.children
    assert link.relation == "commitment" and link.agents == ("Cust", "Merc")
    end = link.trace.steps[-1].state
    assert end[2] is False  # Merc.pay: the content `paid` fails there


def test_a_fulfilment_links_the_committing_state() -> None:
    model, checker, builder = _builder()
    formula = _parse(model, "EF Fu(C(Cust, Merc, paid))")
    assert checker.holds(formula)
    trace = builder.top_level(formula, True)
    replay(trace, checker)
    [link] = trace.children
    fulfilment = link.trace
    assert fulfilment.formula == f.Fu("Cust", "Merc", f.Prop("paid")) and fulfilment.kind == "witness"
    [committing] = fulfilment.children
    assert committing.relation == "fulfilment"
    assert checker.states(f.C("Cust", "Merc", f.Prop("paid"))) & checker.system.state_bdd(
        committing.trace.steps[-1].state) != checker.system.bdd.false


def test_a_commitment_link_to_an_unrelated_state_fails_replay() -> None:
    model, checker, builder = _builder()
    trace = builder.top_level(_parse(model, "C(Cust, Merc, paid)"), False)
    [link] = trace.children
    paid = builder.shortest(checker.system.initial, checker.system.reachable, checker.states(f.Prop("paid")))
    assert paid is not None
    wrong = builder.make_trace(link.trace.formula_text, "path", paid, None)
    with pytest.raises(WitnessError):
        replay(dataclasses.replace(trace, children=[dataclasses.replace(link, trace=wrong)]), checker)


def test_a_social_commitment_is_witnessed_by_its_path() -> None:
    model, checker, builder = _builder()
    formula = _parse(model, "AX SC(Cust, Merc, F sent)")  # FALSE: idling leaves the agents not interacting
    assert not checker.holds(formula)
    witness = _parse(model, "EF SC(Cust, Merc, F sent)")
    assert checker.holds(witness)
    trace = builder.top_level(witness, True)
    replay(trace, checker)
    [link] = trace.children
    assert link.trace.formula == f.SC("Cust", "Merc", f.F(f.Prop("sent")))
    assert link.trace.steps[-1].state[3] is True  # the merchant has sent


def test_an_action_atom_lasso_carries_the_actions_that_satisfy_it() -> None:
    model, checker, builder = _builder()
    formula = _parse(model, "E F (Merc.Action = deliver)")
    assert checker.holds(formula)
    trace = builder.top_level(formula, True)
    replay(trace, checker)
    assert any(step.action[2] == "deliver" for step in trace.steps)
    # where the merchant's protocol allows only deliver, idling is illegal: the tampered trace fails replay
    tampered = [Step(step.state, step.action[:2] + ("idle",)) for step in trace.steps]
    with pytest.raises(WitnessError):
        replay(dataclasses.replace(trace, steps=tampered), checker)


def test_an_action_atom_counterexample_shows_the_offending_action() -> None:
    model, checker, builder = _builder()
    formula = _parse(model, "A G ((Cust.Action = ask) -> F (Cust.Action = pay))")  # FALSE: the customer may idle
    assert not checker.holds(formula)
    trace = builder.top_level(formula, False)
    replay(trace, checker)
    actions = [step.action[1] for step in trace.steps]
    assert "ask" in actions and "pay" not in actions[actions.index("ask"):]


def test_check_reports_commitment_and_action_traces() -> None:
    model = load_model_text(SHOP)
    report = check(model, ["EF Fu(C(Cust, Merc, paid))", "E F (Merc.Action = deliver)"], witness=True)
    assert [r.verdict for r in report.formulas] == [False, True, True]
    assert all(r.trace is not None for r in report.formulas)
    assert report.formulas[0].trace["children"][0]["relation"] == "commitment"
