"""Commitments at the edges: input errors with positions, the seriality warning, C(i, i, φ) = K(i, φ).

Verdicts on random models are compared with the explicit oracle in
tests/test_commitments_differential.py; here the user-facing behaviour.
"""

from __future__ import annotations

import pytest

from ctlstark.api import check, load_model_text
from ctlstark.mc.label import Checker
from ctlstark.errors import IsplError
from ctlstark.logic import formula as f
from ctlstark.symbolic.system import build_system

# Two agents sharing `x`; the sender may set its copy, the receiver's copy never changes.
NEVER_RECEIVED = """\
Agent S
  Vars:
    x : boolean;
    y : boolean;
  end Vars
  Actions = { set, stay };
  Protocol:
    Other : { set, stay };
  end Protocol
  Evolution:
    x = true if Action = set;
  end Evolution
end Agent
Agent R
  Vars:
    x : boolean;
    z : 0..1;
  end Vars
  Actions = { stay };
  Protocol:
    Other : { stay };
  end Protocol
  Evolution:
    z = 1 if z = 0;
  end Evolution
end Agent
Evaluation
  sent if S.x = true;
  got if R.x = true;
  interacting_S_R if S.x = true;
end Evaluation
InitStates
  S.x = false and S.y = false and R.x = false and R.z = 0;
end InitStates
Formulae
  AG C(S, R, !got);
end Formulae
"""


def test_a_non_serial_commitment_relation_is_reported_with_a_count() -> None:
    report = check(load_model_text(NEVER_RECEIVED, filename="never.ispl"))
    [result] = report.formulas
    assert result.verdict is True  # vacuous where S.x = true: R's copy is never true
    [warning] = result.warnings
    assert "never.ispl:" in warning and "~S→R is not serial" in warning
    assert "1 of 3 reachable states" in warning  # S.x = true (R.z = 1): R.x never becomes true


def test_commitment_of_an_agent_to_itself_is_knowledge() -> None:
    model = load_model_text(NEVER_RECEIVED)
    checker = Checker(build_system(model))
    for operand in (f.Prop("sent"), f.Not(f.Prop("got")), f.E(f.X(f.Prop("sent")))):
        for agent in ("S", "R"):
            assert checker.states(f.C(agent, agent, operand)) == checker.states(f.K(agent, operand))


def test_fulfilment_is_the_commitment_where_the_copies_agree() -> None:
    model = load_model_text(NEVER_RECEIVED)
    checker = Checker(build_system(model))
    system = checker.system
    committed = checker.states(f.C("S", "R", f.Not(f.Prop("got"))))
    synchronised = system.reachable & (checker.states(f.Iff(f.Prop("sent"), f.Prop("got"))))
    assert checker.states(f.Fu("S", "R", f.Not(f.Prop("got")))) == committed & synchronised


@pytest.mark.parametrize(("formula", "message"), [
    ("C(S, Nobody, got)", "there is no agent `Nobody`"),
    ("Fu(C(S, R, got))", None),
    ("SC(R, S, F got)", "needs the proposition `interacting_R_S`"),
    ("C(S, R, F got)", "needs a path quantifier"),
    ("SC(S, R, F got, got)", "needs a path quantifier"),
])
def test_commitment_input_errors_name_the_problem_and_the_place(formula: str, message: str | None) -> None:
    text = NEVER_RECEIVED.replace("  AG C(S, R, !got);", f"  {formula};")
    if message is None:
        load_model_text(text)  # accepted
        return
    with pytest.raises(IsplError) as raised:
        load_model_text(text, filename="m.ispl")
    shown = str(raised.value)
    assert message in shown and "m.ispl:36:" in shown


def test_agents_without_a_shared_variable_are_an_input_error() -> None:
    text = NEVER_RECEIVED.replace("    x : boolean;\n    z : 0..1;", "    x : 0..1;\n    z : 0..1;")
    text = text.replace("got if R.x = true;", "got if R.x = 1;").replace("R.x = false", "R.x = 0")
    with pytest.raises(IsplError) as raised:
        load_model_text(text, filename="m.ispl")
    shown = str(raised.value)
    assert "agents `S` and `R` share no variable" in shown and "`x` differ in type" in shown
    assert "m.ispl:36:" in shown


def test_names_c_fu_and_sc_remain_usable_as_propositions() -> None:
    text = NEVER_RECEIVED.replace("  sent if S.x = true;", "  sent if S.x = true;\n  C if S.y = true;\n  SC if S.y = false;")
    text = text.replace("  AG C(S, R, !got);", "  AG (C or SC);\n  C(S, R, !C);")
    report = check(load_model_text(text))
    assert [r.verdict for r in report.formulas] == [True, True]  # S keeps its own y = false on ~S→R
