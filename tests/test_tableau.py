"""EXIST-PATH (the symbolic tableau) and the LABEL/TRANS dispatch, on small hand-made models.

Every expected state set below is worked out by hand from the model's comment
and docs/semantics.md ("Paths and deadlocks"): general path formulas range over
infinite fair paths only; CTL-shaped ones keep the CTL fixpoint semantics.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ctlstark.mc.label import Checker
from ctlstark.mc.tableau import tableau_variables
from ctlstark.ispl import parse_formula, parse_model
from ctlstark.logic import formula as f
from ctlstark.model import Model
from ctlstark.symbolic.system import SymbolicSystem, build_system

EXAMPLES = Path(__file__).resolve().parents[1] / "ispl_examples"

# One machine, s in 0..3. From 0 it may wait (stay at 0), go to 1 or die (to 3);
# 1 and 2 alternate for ever; 3 is a deadlock (no protocol line, no Other).
# Infinite paths: 0^ω and 0^k (1 2)^ω from 0, (1 2)^ω and (2 1)^ω from 1 and 2;
# none from 3. z, p, q, d hold at 0, 1, 2, 3.
LOOP_WITH_DEADLOCK = """
Agent M
  Vars:
    s : 0..3;
  end Vars
  Actions = {wait, go, die};
  Protocol:
    s = 0 : {wait, go, die};
    s = 1 : {go};
    s = 2 : {go};
  end Protocol
  Evolution:
    s = 1 if s = 0 and Action = go;
    s = 3 if s = 0 and Action = die;
    s = 2 if s = 1;
    s = 1 if s = 2;
  end Evolution
end Agent
Evaluation
  z if M.s = 0;
  p if M.s = 1;
  q if M.s = 2;
  d if M.s = 3;
end Evaluation
InitStates
  M.s = 0;
end InitStates
{fairness}
Formulae
  z;
end Formulae
"""

Z, P, Q, D = {(0,)}, {(1,)}, {(2,)}, {(3,)}
ALL = Z | P | Q | D


def loop_model(fairness: str | None = None, *, deadlock: bool = True) -> Model:
    section = f"Fairness\n  {fairness};\nend Fairness" if fairness else ""
    text = LOOP_WITH_DEADLOCK.replace("{fairness}", section)
    if not deadlock:
        text = text.replace("s = 0 : {wait, go, die}", "s = 0 : {wait, go}")
    return parse_model(text, "loop.ispl")


def example(name: str) -> Model:
    return parse_model((EXAMPLES / name).read_text(), name)


def states(checker: Checker, text: str) -> set:
    formula = parse_formula(text, checker.system.model).formula
    return checker.system.states_of(checker.states(formula))


@pytest.fixture(scope="module")
def loop() -> Checker:
    return Checker(build_system(loop_model()))


# ---------------------------------------------------------------- infinite paths and deadlocks


@pytest.mark.parametrize(("text", "expected"), [
    ("E (G F p)", Z | P | Q),            # the 1-2 cycle; nothing from the deadlock
    ("A (F G z)", D),                    # 0^k(12)^ω breaks it everywhere else; vacuous at 3
    ("A (G F p or F G z)", ALL),         # every infinite path either waits for ever or cycles
    ("E (F G z)", Z),
    ("E (X p and G F q)", Z | Q),        # next state 1, then the cycle
    ("E (X (z W p))", Z | Q),            # successors 0 or 1 satisfy z W p; 2 does not
    ("E (p U (q U z))", Z),              # z at once; from 1 and 2 the path never returns to 0
    ("E (z U (p U q))", Z | P | Q),
    ("A (z U (p and X q))", P | D),      # at 0 the path may wait for ever; at 2 p fails; 3 vacuous
    ("E (F d and F d)", set()),          # d is a deadlock: no infinite path reaches it
    ("A (F d or G true)", ALL),          # vacuous at 3, G true on every infinite path
    ("E ((q R !z) and X p)", Q),         # ¬z for ever on the cycle; next state must be 1
    ("A (!(G F q))", D),
    ("E (G F (EX d))", Z),               # EX d (CTL: the deadlock successor counts) only at 0
])
def test_general_path_formulas_over_infinite_paths(loop: Checker, text: str, expected: set) -> None:
    assert states(loop, text) == expected


def test_ctl_shaped_formulas_keep_ctl_semantics_at_deadlocks(loop: Checker) -> None:
    """EF d counts the deadlock (CTL); the same path inside a general formula does not."""
    assert states(loop, "E (F d)") == Z | D
    assert states(loop, "A (X false)") == D
    assert states(loop, "E (F d or F d)") == set()        # not CTL-shaped: infinite paths only
    assert states(loop, "E (X d or G F q)") == Z | P | Q   # the X d disjunct needs an infinite continuation


def test_deadlocks_satisfy_no_existential_and_every_universal(loop: Checker) -> None:
    for text in ("G F p", "F G z", "X true", "true U p", "X p or X q", "G true and F true"):
        assert (3,) not in states(loop, f"E ({text})")
        assert (3,) in states(loop, f"A ({text} and F d)")


# ---------------------------------------------------------------- fairness


def test_model_fairness_restricts_the_tableau() -> None:
    """With `Fairness q`, waiting at 0 for ever is unfair: only the cycle counts."""
    fair = Checker(build_system(loop_model("q")))
    assert fair.system.states_of(fair.fair_states) == Z | P | Q
    assert states(fair, "E (F G z)") == set()
    assert states(fair, "A (G F p)") == ALL
    assert states(fair, "E (G F p and F G !z)") == Z | P | Q
    unfair = Checker(build_system(loop_model()))
    assert states(unfair, "A (G F p)") == P | Q | D


def test_until_fairness_rejects_postponed_promises() -> None:
    """Waiting at 0 for ever would promise F p for ever: the until's fairness set rejects it."""
    checker = Checker(build_system(loop_model(deadlock=False)))
    assert states(checker, "E (G z and F p)") == set()
    assert states(checker, "E (G (z or p or q) and F p)") == Z | P | Q


# ---------------------------------------------------------------- knowledge and nesting


def test_knowledge_and_nested_quantifiers_inside_path_formulas() -> None:
    """The paper's example (ispl_examples/ctlstark_paper_example.ispl): states are (y, x)."""
    checker = Checker(build_system(example("ctlstark_paper_example.ispl")))
    at = {x: {(1, x), (2, x)} for x in (1, 2, 3)}
    assert states(checker, "E (X X K(One, !p))") == at[1]
    assert states(checker, "E (F K(One, !p) and G p)") == set()
    assert states(checker, "A (G (K(One, !p) -> X G !K(One, !p)))") == at[1] | at[2] | at[3]
    assert states(checker, "E (G (E (F K(One, !p))))") == at[1]
    # p without any future K(One, !p): only (1, 3); y never changes, so only y = 1 gets there
    assert states(checker, "E (F (p and !E (F K(One, !p))) and X p)") == {(1, 1), (1, 2), (1, 3)}


# ---------------------------------------------------------------- fast paths against the tableau

CTL_SHAPED = (
    "E (X p)", "A (X q)", "E (F q)", "A (F p)", "E (G z)", "A (G (p or q))", "E (z U p)", "A (z U p)",
    "E (q R p)", "A (!z R (p or q))", "E (z W p)", "A (z W q)", "E (!(F d))", "A (!(z U q))",
)


@pytest.mark.parametrize("fairness", [None, "q", "p or z"])
def test_fast_paths_agree_with_the_tableau_without_deadlocks(fairness: str | None) -> None:
    system = build_system(loop_model(fairness, deadlock=False))
    fast, tableau = Checker(system), Checker(system, fast_paths=False)
    for text in CTL_SHAPED:
        assert states(fast, text) == states(tableau, text), text
        formula = parse_formula(text, system.model).formula
        assert fast.routes[formula].startswith("fast:")
        assert tableau.routes[formula].startswith("tableau(")


SPLITTABLE = (
    "E (X d or G F q)", "E (z and F G z)", "E (F p or F d)", "A (G F p or F G z)", "E (X (p or q) or (z and X X p))",
    "A (z and X z)", "E (G q or X p or F d)",
)


@pytest.mark.parametrize("fairness", [None, "q"])
def test_splitting_agrees_with_the_whole_tableau_with_deadlocks(fairness: str | None) -> None:
    system = build_system(loop_model(fairness))
    split, whole = Checker(system), Checker(system, fast_paths=False)
    for text in SPLITTABLE:
        assert states(split, text) == states(whole, text), text


def test_routes_name_the_algorithm(loop: Checker) -> None:
    formula = parse_formula("E (G F p) and A (G z) and E (X p or F q)", loop.system.model).formula
    loop.states(formula)
    routes = {f.to_text(sub): route for sub, route in loop.routes_of(formula)}
    assert routes == {
        "E (G F p)": "fair-EG[inf](1 fairness sets)",
        "AG z": "fast:AG",
        "E (X p or F q)": "or(fast:EX[inf], fast:EF[inf])",
    }


# ---------------------------------------------------------------- caching and reuse


def test_identical_subformulas_are_labelled_once(monkeypatch: pytest.MonkeyPatch) -> None:
    computed: list[f.Formula] = []
    original = Checker._compute

    def counting(self: Checker, formula: f.Formula):
        computed.append(formula)
        return original(self, formula)

    monkeypatch.setattr(Checker, "_compute", counting)
    checker = Checker(build_system(example("ctlstark_paper_example.ispl")))
    known = parse_formula("K(One, !p)", checker.system.model).formula
    text = "E (G F K(One, !p)) or (A (F G !K(One, !p)) and E (F K(One, !p) and X K(One, !p)))"
    checker.states(parse_formula(text, checker.system.model).formula)
    checker.states(parse_formula("E (G F K(One, !p))", checker.system.model).formula)
    assert computed.count(known) == 1
    assert len(computed) == len(set(computed))


def test_tableau_variables_are_declared_once_per_elementary_formula() -> None:
    system: SymbolicSystem = build_system(loop_model())
    first = Checker(system, fast_paths=False)
    first.states(parse_formula("E (G F p)", system.model).formula)
    declared, manager_vars = len(tableau_variables(system)), len(system.bdd.vars)
    assert declared == 2  # X(false R (true U p)) and X(true U p)
    second = Checker(system, fast_paths=False)
    second.states(parse_formula("A (G F p)", system.model).formula)   # ¬ is F G ¬p: new elementaries
    second.states(parse_formula("E (G F p and X q)", system.model).formula)
    assert len(tableau_variables(system)) == declared + 3
    third = Checker(system)
    third.states(parse_formula("E (G F p and X q)", system.model).formula)
    assert len(tableau_variables(system)) == declared + 3
    assert len(system.bdd.vars) == manager_vars + 2 * 3


@pytest.mark.parametrize(("text", "expected"), [
    ("E (M.Action = die)", set()),                  # die leads to the deadlock: no infinite path
    ("E (M.Action = wait)", Z),
    ("E (M.Action = go)", Z | P | Q),               # at 1 and 2 go is the only action
    ("A (M.Action = go)", P | Q | D),               # 0 may wait; vacuous at the deadlock
    ("E (X (M.Action = wait))", Z),                 # wait, then wait again
    ("E (G F (M.Action = wait))", Z),
    ("A (G ((M.Action = wait) -> X z))", ALL),      # waiting keeps s = 0
    ("E ((M.Action = go) and X z)", set()),         # go never leads to 0
    ("E (F (M.Action = go) and F G z)", set()),     # once gone, never back
    ("A (G F (M.Action = go) or F G (M.Action = wait))", ALL),
    ("E (z U (M.Action = go and X p))", Z | Q),     # at 2 the go leads to 1; at 0 wait, then go
    ("A (!(M.Action = wait) U q)", P | Q | D),      # from 1 the go to 2; from 0 the path may wait
])
def test_action_atoms_label_the_transition_taken_from_a_position(loop: Checker, text: str, expected: set) -> None:
    assert states(loop, text) == expected


ACTION_SHAPES = ["M.Action = go", "X (M.Action = wait)", "F (M.Action = go and p)", "z U (M.Action = go)",
                 "G !(M.Action = die)", "(M.Action = go) R !q", "F (M.Action = die)", "X !(M.Action = go or q)"]


@pytest.mark.parametrize("fairness", [None, "q"])
@pytest.mark.parametrize("shape", ACTION_SHAPES)
def test_step_fast_paths_agree_with_the_tableau(shape: str, fairness: str | None) -> None:
    """`mc.steps` fixpoints over (state, action) pairs against the tableau's product, with and without Fairness."""
    model = loop_model(fairness)
    fast, tableau_only = Checker(build_system(model)), Checker(build_system(model), fast_paths=False)
    for quantifier in ("E", "A"):
        formula = parse_formula(f"{quantifier} ({shape})", model).formula
        assert fast.system.states_of(fast.states(formula)) == tableau_only.system.states_of(tableau_only.states(formula))
    routes = [route for _, route in fast.routes_of(parse_formula(f"E ({shape})", model).formula)]
    if fairness is None:
        assert all(route.endswith("[act]") for route in routes), routes