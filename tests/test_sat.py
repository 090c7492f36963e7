"""The SAT engine (`ctlstark.sat`, docs/sat.md) against the BDD engine and the explicit oracle.

Random models (tests/strategies.py, deadlocks included, Fairness dropped: the SAT
engine refuses it) with random propositional φ: every definitive SAT answer to
`AG φ` / `EF φ` equals `api.check`'s and `ExplicitChecker`'s, and every SAT trace
passes the BDD engine's own replay (`witness.replay`). Hand-made models cover an
overflowing counter, a deadlock, MultiAssignment conflicts and induction depth > 1.
"""

from __future__ import annotations

import dataclasses
import json

import pytest
from conftest import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import formulas, models
from typer.testing import CliRunner

from ctlstark.api import check, load_model_text, parse_formula
from ctlstark.cli import app
from ctlstark.errors import UnsupportedFormula
from ctlstark.explicit import ExplicitChecker, ExplicitSystem
from ctlstark.logic import formula as f
from ctlstark.logic.normalise import is_ctl_path, push_negation
from ctlstark.mc.label import Checker
from ctlstark.model import FormulaEntry
from ctlstark.sat import check_invariant, decide
from ctlstark.sat.check import Unsupported
from ctlstark.sat.existential import existential_shape
from ctlstark.symbolic.system import build_system
from ctlstark.witness.replay import replay


def _entry(formula: f.Formula) -> FormulaEntry:
    return FormulaEntry(text=f.to_text(formula), formula=formula, source="test")


@st.composite
def cases(draw):
    model = dataclasses.replace(draw(models()), fairness=(), compassion=())
    phi = draw(formulas(model, depth=2, temporal=False))
    quantified = draw(st.sampled_from((lambda p: f.A(f.G(p)), lambda p: f.E(f.F(p)),
                                       lambda p: f.A(f.G(p), infinite=True))))(phi)
    return model, quantified


@st.composite
def ltl_paths(draw, model, depth: int = 3) -> f.Formula:
    """A random path formula over the model's atoms: X F G U R W and Boolean connectives."""
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        return draw(formulas(model, depth=1, temporal=False))
    kind = draw(st.sampled_from(("X", "F", "G", "not", "U", "R", "W", "and", "or", "implies")))
    sub = ltl_paths(model, depth - 1)
    if kind in ("X", "F", "G", "not"):
        return {"X": f.X, "F": f.F, "G": f.G, "not": f.Not}[kind](draw(sub))
    return {"U": f.U, "R": f.R, "W": f.W, "and": f.And, "or": f.Or, "implies": f.Implies}[kind](draw(sub), draw(sub))


@st.composite
def lasso_cases(draw):
    """Random models with propositional Fairness (and sometimes a Compassion pair) and the shapes decided by
    lassos: LTL A ψ / E ψ over infinite fair paths, CTL AF φ / EG φ, and AG φ / EF φ under fairness."""
    model = draw(models())
    propositional = formulas(model, depth=1, temporal=False)
    fairness = tuple(draw(st.lists(propositional, max_size=2)))
    compassion = tuple(draw(st.lists(st.tuples(propositional, propositional), max_size=1)))
    model = dataclasses.replace(model, fairness=fairness, compassion=compassion)
    phi = draw(propositional)
    shape = draw(st.sampled_from(("A", "E", "AF", "EG", "AG", "EF")))
    if shape in ("A", "E"):  # an LTL entry, or a CTL* formula (the CTL reading when the path is CTL-shaped)
        path = draw(ltl_paths(model))
        infinite = draw(st.booleans()) or is_ctl_path(push_negation(path))  # the CTL reading is not for lassos
        return model, (f.A if shape == "A" else f.E)(path, infinite=infinite)
    if shape in ("AG", "EF") and not (fairness or compassion):
        model = dataclasses.replace(model, fairness=(phi,))
    return model, {"AF": lambda: f.A(f.F(phi)), "EG": lambda: f.E(f.G(phi)), "AG": lambda: f.A(f.G(phi)),
                   "EF": lambda: f.E(f.F(phi))}[shape]()


def _differential(model, formula, bound: int = 12) -> None:
    try:
        verdict, route, trace = decide(model, _entry(formula), bound)
    except Unsupported as unsupported:  # EF φ with many initial states
        assert "initial states" in str(unsupported)
        return
    if verdict is None:
        assert route.startswith("sat:unknown")
        return
    oracle = ExplicitChecker(ExplicitSystem(model)).holds(formula)
    assert verdict == oracle, (route, f.to_text(formula))
    assert check(model, [formula], file_formulae=False).formulas[0].verdict == verdict
    if "no initial state" in route or "no fair initial state" in route:
        assert verdict is True and trace is None
    elif isinstance(formula, (f.A, f.E)) and f.is_propositional(formula.path):
        assert trace is None  # a state formula: no path explains it
    else:  # a witness for a TRUE existential formula, a counterexample for a FALSE universal one
        shape = existential_shape(formula)
        universal = isinstance(formula, f.A) or shape is not None and shape[0] == "forall"
        assert (trace is not None) == (verdict is not universal), route
    if trace is not None:
        replay(trace, Checker(build_system(model)))  # the BDD engine's own replay
        if route.startswith("sat:bmc k="):
            length = len(trace.steps) - (0 if trace.loop_start is not None else 1)
            depth = int(route.split("k=")[1].split()[0])
            shortest = "initial states" not in route and "bounded semantics" not in route  # EF: the deepest k
            assert length == depth if shortest else length <= depth


@settings(max_examples=examples(320), deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(cases())
def test_sat_agrees_with_bdd_and_oracle(case) -> None:
    _differential(*case)


@pytest.mark.slow
@settings(max_examples=3000, deadline=None, suppress_health_check=list(HealthCheck))
@given(cases())
def test_sat_agrees_with_bdd_and_oracle_slow(case) -> None:
    _differential(*case)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(lasso_cases())
def test_lassos_agree_with_bdd_and_oracle(case) -> None:
    _differential(*case)


@pytest.mark.slow
@settings(max_examples=3000, deadline=None, suppress_health_check=list(HealthCheck))
@given(lasso_cases())
def test_lassos_agree_with_bdd_and_oracle_slow(case) -> None:
    _differential(*case)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(cases())
def test_bmc_counterexamples_are_shortest(case) -> None:
    """A FALSE AG φ: the counterexample has the length of the shortest path to ¬φ (BFS on the oracle)."""
    model, formula = case
    if not isinstance(formula, f.A):
        return
    if formula.infinite:
        return
    outcome = check_invariant(model, formula.path.operand, 12)
    if outcome.holds is not False:
        return
    system = ExplicitSystem(model)
    good = ExplicitChecker(system).sat(formula.path.operand)
    bad = {s for s in system.states if s not in good}
    layer, seen, depth = set(system.initial), set(system.initial), 0
    while not layer & bad:
        layer = {t for s in layer for t in system.successors[s]} - seen
        seen |= layer
        depth += 1
    assert outcome.depth == depth


# ---------------------------------------------------------------- hand-made models

COUNTER = """
Agent Counter
  Vars: n : 0..5; end Vars
  Actions = {inc, reset};
  Protocol: n < 5 : {inc}; n = 5 : {reset, inc}; end Protocol
  Evolution:
    n = n + 1 if Action = inc;
    n = 0 if Action = reset;
  end Evolution
end Agent
Evaluation top if Counter.n = 5; low if Counter.n < 3; end Evaluation
InitStates Counter.n = 0; end InitStates
Formulae AG (Counter.n <= 5); EF top; AG low; end Formulae
"""


def _decide_text(text: str, formula: str, bound: int = 20):
    model = load_model_text(text)
    return decide(model, parse_formula(formula, model), bound)


def test_counter_that_overflows_its_range() -> None:
    """`inc` at n = 5 would leave 0..5: impossible, so only `reset` moves on; AG n <= 5 by induction."""
    assert _decide_text(COUNTER, "AG (Counter.n <= 5)")[:2] == (True, "sat:k-induction k=1")
    verdict, route, trace = _decide_text(COUNTER, "AG low")
    assert (verdict, route) == (False, "sat:bmc k=3")
    assert [step.state for step in trace.steps] == [(0,), (1,), (2,), (3,)]
    verdict, route, trace = _decide_text(COUNTER, "EF top")
    assert (verdict, route) == (True, "sat:bmc k=5")
    assert _decide_text(COUNTER, "AG !(Counter.n = 5 and Counter.n = 0)")[0] is True


DEADLOCK = """
Agent M
  Vars: fuel : 0..3; mode : {running, parked, broken}; end Vars
  Actions = {work, park, idle};
  Protocol:
    mode = running and fuel > 0 : {work, park};
    mode = running and fuel = 0 : {work};
    mode = parked : {idle};
  end Protocol
  Evolution:
    fuel = fuel - 1 if Action = work;
    mode = broken if Action = work and fuel = 2;
    mode = parked if Action = park;
  end Evolution
end Agent
Evaluation empty if M.fuel = 0; broken if M.mode = broken; end Evaluation
InitStates M.fuel = 3 and M.mode = running; end InitStates
Formulae AG !broken; end Formulae
"""


def test_deadlocks_end_runs() -> None:
    verdict, route, trace = _decide_text(DEADLOCK, "AG !broken")
    assert (verdict, route) == (False, "sat:bmc k=2")  # work at fuel 3, then work at fuel 2 may break
    assert trace.steps[-1].state[1] == "broken"
    assert _decide_text(DEADLOCK, "AG (M.fuel >= 0)")[0] is True
    assert _decide_text(DEADLOCK, "EF (empty and M.mode = running)")[0] is True


ONE_SHOT = """
Agent P
  Vars: x : 0..3; end Vars
  Actions = {go};
  Protocol: x < 2 : {go}; end Protocol
  Evolution: x = x + 1 if Action = go; end Evolution
end Agent
Evaluation big if P.x = 3; end Evaluation
InitStates P.x = 0; end InitStates
Formulae AG !big; end Formulae
"""


def test_every_run_ends() -> None:
    """At x = 2 nothing is enabled: the runs stop, and BMC sees that no run has 3 steps."""
    verdict, route, _ = _decide_text(ONE_SHOT, "AG !big")
    assert verdict is True
    assert route in ("sat:bmc k=2 (complete: no run has 3 steps)", "sat:k-induction k=1")


CONFLICT = """
Semantics = MultiAssignment;
Agent P
  Vars: x : 0..3; y : boolean; end Vars
  Actions = {a};
  Protocol: Other : {a}; end Protocol
  Evolution:
    x = 1 if x = 0 and y = false;
    x = 2 if x = 0 and y = false;
    y = true if x = 0 and y = false;
    x = 3 and y = false if x = 2;
  end Evolution
end Agent
Evaluation one if P.x = 1; three if P.x = 3; y if P.y = true; end Evaluation
InitStates P.x = 0 and P.y = false; end InitStates
Formulae AG !three; end Formulae
"""


def test_multiassignment_conflicts() -> None:
    """Three lines fire at x = 0: three alternatives, each keeping what it does not assign."""
    assert _decide_text(CONFLICT, "EF (one and !y)")[0] is True  # x = 1 keeps y = false
    assert _decide_text(CONFLICT, "EF (one and y)")[0] is False
    verdict, route, trace = _decide_text(CONFLICT, "AG !three")
    assert (verdict, route) == (False, "sat:bmc k=2")
    single = CONFLICT.replace("MultiAssignment", "SingleAssignment").replace("x = 3 and y = false", "x = 3")
    assert _decide_text(single, "EF (one and y)")[0] is True  # per variable: x and y choose independently


RING = """
Agent R
  Vars: a : 0..7; b : 0..7; end Vars
  Actions = {step};
  Protocol: Other : {step}; end Protocol
  Evolution:
    a = b and b = a if a < 7 and b < 7;
  end Evolution
end Agent
Evaluation bad if R.a = 7 or R.b = 7; end Evaluation
InitStates R.a = 0 and R.b = 1; end InitStates
Formulae AG !bad; end Formulae
"""

SHIFT = """
Agent S
  Vars: x : 0..3; y : 0..3; z : 0..3; end Vars
  Actions = {go};
  Protocol: Other : {go}; end Protocol
  Evolution: y = x and z = y if x = 0; end Evolution
end Agent
Evaluation ok if S.z = 0; end Evaluation
InitStates S.x = 0 and S.y = 0 and S.z = 0; end InitStates
Formulae AG ok; end Formulae
"""


def test_invariant_needing_induction_depth_above_one() -> None:
    """z = 0 is not inductive (y = 1, z = 0 steps to z = 1), but with y and z it is: depth 3 (x, y, z)."""
    verdict, route, _ = _decide_text(SHIFT, "AG ok")
    assert verdict is True
    depth = int(route.split("k=")[1])
    assert route.startswith("sat:k-induction") and depth > 1
    assert _decide_text(RING, "AG !bad")[0] is True


def test_unsupported_shapes_and_fairness() -> None:
    model = load_model_text(COUNTER)
    for text in ("AG EF top", "EF AG top", "E(low U AX top)", "K(Counter, EF low)"):  # ∀ under ∃ both ways
        with pytest.raises(Unsupported):
            decide(model, parse_formula(text, model), 5)
    fair = load_model_text(COUNTER.replace("Formulae AG", "Fairness EF top; end Fairness\nFormulae AG"))
    with pytest.raises(UnsupportedFormula, match="Fairness"):
        decide(fair, parse_formula("AF low", fair), 5)


def test_recurrence_is_proved_where_no_path_settles() -> None:
    """`LTL G F top`: its negation `F G !top` needs a path that stays in `!top` for ever, and from any state
    the counter reaches 5 within 5 steps — proved without a lasso (before: unknown, only refutable)."""
    for text in ("LTL G F top", "LTL G (low -> F top)", "A G F (Counter.n = 3)"):
        verdict, route, _ = _decide_text(COUNTER, text)
        assert verdict is True and "no path of" in route and "from any state" in route and "F G θ" in route, route
    verdict, route, _ = _decide_text(COUNTER, "E (F G !top)")
    assert verdict is False and "from any state" in route
    assert _decide_text(COUNTER, "E G F (Counter.n = 3)")[:2] == (True, "sat:bmc k=6 (lasso)")


def test_an_operator_without_a_run_at_k_0_explains_nothing() -> None:
    """Regression (the slow differential, a CaDiCaL abort): at k = 0 `EX` and `EG` have no run; explaining
    the `or` must skip them, not add a run (new clauses discard the solution the trace is decoded from)."""
    for text in ("EX top or low", "EG top or low", "!(AX !top and !low)"):
        verdict, route, trace = _decide_text(COUNTER, text)
        assert (verdict, route) == (True, "sat:bmc k=0 (bounded semantics: runs of at most 0 steps)"), text
        assert len(trace.steps) == 1 and not trace.children
        replay(trace, Checker(build_system(load_model_text(COUNTER))))


def test_lasso_routes() -> None:
    """The counter runs 0..5 and resets (`inc` would leave the range at 5): `AF top` holds (every run leaves
    `!top` within 5 steps), `LTL F low` too (at once); `LTL F G low` does not: the lasso is the whole cycle.
    Under `Fairness low;` `EG !top` is FALSE (no run avoids 5) and `E (G F top)` TRUE, with a fair loop."""
    model = load_model_text(COUNTER)
    assert _decide_text(COUNTER, "AF top")[:2] == (True, "sat:bmc k=5 (complete: every run leaves !top within 5 steps)")
    assert _decide_text(COUNTER, "LTL F low")[:2] == (True, "sat:bmc k=1 (complete: every run leaves !low within 1 steps)")
    verdict, route, trace = _decide_text(COUNTER, "LTL F G low")
    assert (verdict, route) == (False, "sat:bmc k=6 (lasso)")
    assert trace.loop_start == 0 and [step.state for step in trace.steps] == [(n,) for n in range(6)]
    assert trace.steps[5].action[-1] == "reset"
    replay(trace, Checker(build_system(model)))
    fair_text = COUNTER.replace("Formulae AG", "Fairness low; end Fairness\nFormulae AG")
    fair = load_model_text(fair_text)
    for text in ("EG !top", "E (G F top)", "AG low"):
        verdict, route, trace = _decide_text(fair_text, text)
        assert verdict == check(fair, [text], file_formulae=False).formulas[0].verdict, (text, route)
    assert _decide_text(fair_text, "EG !top")[0] is False
    verdict, route, trace = _decide_text(fair_text, "E (G F top)")
    assert verdict is True and trace.loop_start is not None
    replay(trace, Checker(build_system(fair)))


def test_unknown_within_the_bound() -> None:
    verdict, route, _ = _decide_text(COUNTER, "AG !top", bound=3)
    assert (verdict, route) == (None, "sat:unknown up to 3")


# ---------------------------------------------------------------- command line


def test_cli_engine_sat(tmp_path) -> None:
    path = tmp_path / "counter.ispl"
    path.write_text(COUNTER)
    runner = CliRunner()
    result = runner.invoke(app, ["check", str(path), "--engine", "sat", "--stats", "--witness"])
    assert result.exit_code == 1, result.output
    assert "route sat:k-induction k=1" in result.output
    assert "route sat:bmc k=3" in result.output
    result = runner.invoke(app, ["check", str(path), "--engine", "sat", "--json", "-f", "EF AG top", "-f", "EX top"])
    assert result.exit_code == 3
    document = json.loads(result.output)
    assert [r["verdict"] for r in document["formulas"]] == [True, True, False, None, None]
    assert document["formulas"][2]["routes"] == [{"formula": "AG low", "route": "sat:bmc k=3"}]
    assert "not supported by the SAT engine" in document["formulas"][3]["error"]
    assert "undecided: no witness or counterexample with runs of at most 50 steps" in document["formulas"][4]["error"]
    result = runner.invoke(app, ["check", str(path), "--engine", "sat", "--bound", "2", "--only", "-f", "AG !top"])
    assert result.exit_code == 3 and "undecided: no counterexample within 2 steps" in result.output


def test_api_engine_sat_and_wide_ranges() -> None:
    wide = COUNTER.replace("n : 0..5", "n : 0..100000").replace("n < 5", "n < 100000").replace("n = 5", "n = 100000")
    report = check(load_model_text(wide), ["AG (Counter.n >= 0)"], file_formulae=False, engine="sat")
    assert report.formulas[0].verdict is None and "at most" in report.formulas[0].error
    report = check(load_model_text(COUNTER), engine="sat", bound=10, witness=True)
    assert [r.verdict for r in report.formulas] == [True, True, False]
    assert report.reachable_states == -1
    assert report.formulas[2].trace is not None and report.formulas[1].trace is not None
    with pytest.raises(ValueError):
        check(load_model_text(COUNTER), engine="cnf")


INFINITE = """
Agent M
  Vars: x : 0..3; end Vars
  Actions = {stay, stop};
  Protocol: x < 3 : {stay, stop}; end Protocol
  Evolution:
    x = x + 1 if Action = stay and x < 2;
    x = 3 if Action = stop;
  end Evolution
end Agent
Evaluation dead if M.x = 3; two if M.x = 2; end Evaluation
InitStates M.x = 0; end InitStates
Formulae LTL G !dead; LTL G !two; AG !dead; end Formulae
"""


def test_ltl_g_ranges_over_infinite_paths() -> None:
    """x = 3 is a deadlock: `AG !dead` is FALSE, `LTL G !dead` is not refuted (no lasso meets it); x = 2
    loops under `stay` (no line fires there: x keeps its value), so `LTL G !two` is FALSE."""
    model = load_model_text(INFINITE)
    verdicts = {entry.text: decide(model, entry, 10) for entry in model.formulae}
    assert verdicts["AG !dead"][:2] == (False, "sat:bmc k=1")
    assert verdicts["LTL G !dead"][0] is None  # TRUE (BDD), not provable by AG-induction: the deadlock is reachable
    verdict, route, trace = verdicts["LTL G !two"]
    assert (verdict, route) == (False, "sat:bmc k=3 (lasso)")
    assert trace.loop_start == 2 and trace.steps[2].state == (2,)
    replay(trace, Checker(build_system(model)))
    assert [r.verdict for r in check(model).formulas] == [True, False, False]


FILL = """
Semantics = SingleAssignment;
Agent Environment
  Obsvars: c1 : boolean; c2 : boolean; c3 : boolean; red_turn : boolean; black_turn : boolean; end Obsvars
  RedStates: c1 = true and c2 = true and c3 = true; end RedStates
  Actions = {noop}; Protocol: Other : {noop}; end Protocol
  Evolution:
    c1 = true if Red.Action = f1 or Black.Action = f1;
    c2 = true if Red.Action = f2 or Black.Action = f2;
    c3 = true if Red.Action = f3 or Black.Action = f3;
    red_turn = black_turn if red_turn = true or black_turn = true;
    black_turn = red_turn if red_turn = true or black_turn = true;
  end Evolution
end Agent
Agent Red
  Vars: x : boolean; end Vars
  Actions = {f1, f2, f3, wait};
  Protocol:
    Environment.red_turn = true and Environment.c1 = false : {f1};
    Environment.red_turn = true and Environment.c2 = false : {f2};
    Environment.red_turn = true and Environment.c3 = false : {f3};
    Other : {wait};
  end Protocol
  Evolution: x = true if Action = f1; end Evolution
end Agent
Agent Black
  Vars: y : boolean; end Vars
  Actions = {f1, f2, f3, wait};
  Protocol:
    Environment.black_turn = true and Environment.c1 = false : {f1};
    Environment.black_turn = true and Environment.c2 = false : {f2};
    Environment.black_turn = true and Environment.c3 = false : {f3};
    Other : {wait};
  end Protocol
  Evolution: y = true if Action = f1; end Evolution
end Agent
Evaluation filled if Environment.c1 = true; end Evaluation
InitStates Environment.c1 = false and Environment.c2 = false and Environment.c3 = false
  and Environment.red_turn = true and Environment.black_turn = false and Red.x = false and Black.y = false;
end InitStates
Formulae AF Environment.RedStates; LTL F Environment.RedStates; end Formulae
"""


def test_ranking_proves_that_a_game_ends() -> None:
    """Each move fills a cell (the cells and the movers' own flags only ever turn on); the two turn
    bits swap, and where both are off nobody moves — an idle step no run reaches, which k-induction
    shows: the ranking proves `AF RedStates`. Letting both skip while cell 1 is empty makes a run that
    never fills it: FALSE,
    with a lasso, and the ranking must not claim otherwise."""
    model = load_model_text(FILL)
    for entry in model.formulae:
        verdict, route, _ = decide(model, entry, 20)
        assert verdict is True and route.startswith("sat:ranking (every reachable step"), route
        assert "inductive invariant" in route or "k-induction" in route
    passing = FILL.replace("{f1, f2, f3, wait};", "{f1, f2, f3, wait, skip};")
    for player in ("red", "black"):
        passing = passing.replace(f"Environment.{player}_turn = true and Environment.c1 = false : {{f1}};",
                                  f"Environment.{player}_turn = true and Environment.c1 = false : {{f1, skip}};")
    model = load_model_text(passing)
    for entry in model.formulae:
        verdict, route, trace = decide(model, entry, 20)
        assert verdict is False and route.endswith("(lasso)"), route
        replay(trace, Checker(build_system(model)))
    assert [result.verdict for result in check(model).formulas] == [False, False]


def test_a_hard_solver_call_stops_at_the_time_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pigeonhole formula (11 pigeons, 10 holes) takes CaDiCaL minutes: the solver runs in slices of
    conflicts and the time limit ends the call between two slices, long before the proof is done.
    Slices of 500 conflicts (5–10 ms) leave room for several in 0.3 s on any machine; the default
    10,000 took 0.16–1.2 s a slice here, and a loaded machine finished one slice only."""
    from pysat.examples.genhard import PHP

    import ctlstark.sat.cnf

    monkeypatch.setattr(ctlstark.sat.cnf, "CONFLICTS_PER_SLICE", 500)

    from ctlstark.errors import TimeLimitReached
    from ctlstark.runtime.limits import time_limit
    from ctlstark.sat.cnf import Circuit

    circuit = Circuit()
    for clause in PHP(10).clauses:
        circuit.clause([literal + 1 if literal > 0 else literal - 1 for literal in clause])  # variable 1 is TRUE
    slices = []
    solve_limited = circuit.solver.solve_limited

    def counted(**arguments):
        slices.append(1)
        return solve_limited(**arguments)

    circuit.solver.solve_limited = counted
    with pytest.raises(TimeLimitReached):
        with time_limit(0.3):
            circuit.solve()
    assert len(slices) >= 2  # stopped between slices, not after a call that ran to the end
    circuit.delete()


# ---------------------------------------------------------------- knowledge (bounded semantics)


@st.composite
def knowledge_operands(draw, model, depth: int = 2) -> f.Formula:
    """Propositional formulas with K, GK and DK in positive places only (under and, or)."""
    if depth == 0 or draw(st.integers(0, 2)) == 0:
        return draw(formulas(model, depth=1, temporal=False))
    kind = draw(st.sampled_from(("K", "GK", "DK", "and", "or")))
    sub = knowledge_operands(model, depth - 1)
    if kind == "K":
        return f.K(draw(st.sampled_from(model.agent_names)), draw(sub))
    if kind in ("GK", "DK"):
        return (f.GK if kind == "GK" else f.DK)(draw(st.sampled_from(sorted(model.groups))), draw(sub))
    return (f.And if kind == "and" else f.Or)(draw(sub), draw(sub))


@st.composite
def knowledge_cases(draw):
    """`AG (p -> κ)` and `EF (p and !κ)` with κ positive in knowledge: counterexamples and witnesses need
    runs to states the agents cannot tell apart."""
    model = dataclasses.replace(draw(models()), fairness=(), compassion=())
    premise = draw(formulas(model, depth=1, temporal=False))
    knowledge = draw(knowledge_operands(model))
    if draw(st.booleans()):
        return model, f.A(f.G(f.Implies(premise, knowledge)))
    return model, f.E(f.F(f.And(premise, f.Not(knowledge))))


@settings(max_examples=examples(200), deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(knowledge_cases())
def test_knowledge_counterexamples_agree_with_bdd_and_oracle(case) -> None:
    """A counterexample (witness) found in a bounded model is one in the model: every definitive answer
    equals the oracle's and the BDD engine's, and its trace — the run, and a run per knowledge operator to a
    state the agents cannot tell apart — passes the BDD engine's replay."""
    _differential(*case)


@pytest.mark.slow
@settings(max_examples=2000, deadline=None, suppress_health_check=list(HealthCheck))
@given(knowledge_cases())
def test_knowledge_counterexamples_agree_with_bdd_and_oracle_slow(case) -> None:
    _differential(*case)


SETTLES = """
Semantics = SingleAssignment;
Agent Environment
  Vars: e : boolean; end Vars
  Actions = {none}; Protocol: Other : {none}; end Protocol
  Evolution: e = e if e = true; end Evolution
end Agent
Agent A0
  Vars: v0 : boolean; v1 : 0..1; end Vars
  Actions = {a0}; Protocol: Other : {a0}; end Protocol
  Evolution: v1 = 1 if v0 = true; end Evolution
end Agent
Evaluation p if A0.v0 = true; end Evaluation
InitStates A0.v1 = 0 and A0.v0 = true and Environment.e = false; end InitStates
Formulae AF Environment.RedStates; end Formulae
"""


def test_a_reachable_idle_step_defeats_the_ranking() -> None:
    """Regression (shrunk from the slow lasso differential): v1 turns on once, then every step repeats the
    state. The idle step is a *step* property violated by a self-loop, whose target repeats its source: the
    k-induction over steps must not require that target to be a new state (it once did, and the ranking
    proved `AF Environment.RedStates`, which no state satisfies)."""
    model = load_model_text(SETTLES)
    verdict, route, trace = decide(model, model.formulae[0], 12)
    assert (verdict, route) == (False, "sat:bmc k=2 (lasso)")
    assert check(model).formulas[0].verdict is False
    replay(trace, Checker(build_system(model)))


# ---------------------------------------------------------------- existential CTLK (bounded semantics)


@st.composite
def existential_formulas(draw, model, depth: int = 3, top: bool = False) -> f.Formula:
    """Formulas of existential CTLK, spelt in several ways: `E` over `X F G U R W`, `A` under a negation,
    possibilities `!K(i, !φ)` (also `!GK`, `!DK`, `!GCK`), `and`, `or` and propositional leaves (not at the
    `top`)."""
    if depth == 0 or not top and draw(st.integers(0, 3)) == 0:
        return draw(formulas(model, depth=1, temporal=False))
    sub = existential_formulas(model, depth - 1)
    kinds = ("and", "or", "EX", "EF", "EG", "EU", "ER", "EW", "notA", "K", "GK", "DK", "GCK")
    kind = draw(st.sampled_from(kinds[2:] if top else kinds))
    if kind in ("and", "or"):
        return (f.And if kind == "and" else f.Or)(draw(sub), draw(sub))
    if kind in ("EX", "EF", "EG"):
        return f.E({"EX": f.X, "EF": f.F, "EG": f.G}[kind](draw(sub)))
    if kind in ("EU", "ER", "EW"):
        return f.E({"EU": f.U, "ER": f.R, "EW": f.W}[kind](draw(sub), draw(sub)))
    if kind == "notA":  # ¬A ψ with ψ the dual of an existential path: ¬AG ¬φ = EF φ, ¬A(¬ψ W ¬φ∧¬ψ)…
        operand = draw(sub)
        return f.Not(f.A(draw(st.sampled_from((f.X, f.F, f.G)))(f.Not(operand))))
    if kind == "K":
        return f.Not(f.K(draw(st.sampled_from(model.agent_names)), f.Not(draw(sub))))
    group = draw(st.sampled_from(sorted(model.groups)))
    return f.Not({"GK": f.GK, "DK": f.DK, "GCK": f.GCK}[kind](group, f.Not(draw(sub))))


@st.composite
def existential_cases(draw):
    """A random model without fairness and an existential CTLK formula, or its negation (a universal one:
    its counterexamples are witnesses of the existential formula)."""
    model = dataclasses.replace(draw(models()), fairness=(), compassion=())
    formula = draw(existential_formulas(model, top=True))
    return model, (f.Not(formula) if draw(st.booleans()) else formula)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(existential_cases())
def test_existential_ctlk_agrees_with_bdd_and_oracle(case) -> None:
    """Witnesses of existential CTLK formulas — nested EX / EU / EG runs, lassos, runs to states the agents
    cannot tell apart — found in bounded models are witnesses in the model: every definitive answer equals
    the oracle's and the BDD engine's, and every trace passes the BDD engine's replay."""
    _differential(*case, bound=5)


@pytest.mark.slow
@settings(max_examples=2000, deadline=None, suppress_health_check=list(HealthCheck))
@given(existential_cases())
def test_existential_ctlk_agrees_with_bdd_and_oracle_slow(case) -> None:
    _differential(*case, bound=5)
