"""The simulator from a counterexample or a chosen state: `--trace`, `--state`, and `n`, `goto`, `eval`, `props`."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import ctlstark
from ctlstark.api import load_model_text
from ctlstark.errors import IsplError
from ctlstark.logic import formula as f
from ctlstark.tools.simulate import LoadedTrace, Session, Simulator, Transition, Walk, step_screen
from ctlstark.tools.simulate_eval import EvaluationRefused, StateEvaluator
from ctlstark.tools.simulate_start import StartError, load_trace, parse_state, state_start
from ctlstark.witness import replay

REPOSITORY = Path(__file__).resolve().parent.parent

# A lamp the environment may toggle, and a counter 0 -> 1 -> 2 -> 3 -> 1 -> … that never returns to 0.
# The counter does not see the lamp, so it never knows whether the lamp is lit.
CYCLE = """\
Agent Environment
  Vars:
    lamp : boolean;
  end Vars
  Actions = { toggle, keep };
  Protocol:
    Other : { toggle, keep };
  end Protocol
  Evolution:
    lamp = true if lamp = false and Action = toggle;
    lamp = false if lamp = true and Action = toggle;
  end Evolution
end Agent
Agent Counter
  Vars:
    n : 0..3;
  end Vars
  Actions = { inc };
  Protocol:
    Other : { inc };
  end Protocol
  Evolution:
    n = n + 1 if Action = inc and n < 3;
    n = 1 if Action = inc and n = 3;
  end Evolution
end Agent
Evaluation
  lit if Environment.lamp = true;
  zero if Counter.n = 0;
  top if Counter.n = 3;
end Evaluation
InitStates
  Counter.n = 0 and Environment.lamp = false;
end InitStates
Formulae
  EF top;
  AG (top -> K(Counter, !lit));
  A G F zero;
end Formulae
"""


@pytest.fixture(scope="module")
def cycle() -> Simulator:
    return Simulator(load_model_text(CYCLE, "cycle.ispl"))


@pytest.fixture(scope="module")
def report_file(tmp_path_factory: pytest.TempPathFactory, cycle: Simulator) -> Path:
    """`check --json --witness` of CYCLE: formula 1 TRUE with a witness, 2 and 3 FALSE with counterexamples."""
    report = ctlstark.check(cycle.model, witness=True).to_json()
    assert [formula["verdict"] for formula in report["formulas"]] == [True, False, False]
    path = tmp_path_factory.mktemp("traces") / "cycle.json"
    path.write_text(json.dumps(report))
    return path


def _session(simulator: Simulator, commands: list[str], **options) -> list[str]:
    """The screens a session writes for `commands` (then end of input)."""
    pending = iter(commands)
    screens: list[str] = []
    Session(simulator, random.Random(0), lambda prompt: next(pending, None), screens.append, **options).run()
    return screens


def _ctlstark(*arguments: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONHASHSEED": "0"}
    return subprocess.run([sys.executable, "-m", "ctlstark", *arguments], input=stdin, capture_output=True,
                          text=True, cwd=REPOSITORY, env=environment, timeout=120)


# ---------------------------------------------------------------- following a trace


def _line_trace() -> LoadedTrace:
    """lamp off, n = 0 -> 1 -> 2 (keep, keep): a finite trace of CYCLE."""
    return LoadedTrace("1", "witness for EF (n = 2)", ((False, 0), (False, 1), (False, 2)),
                       (("keep", "inc"), ("keep", "inc")))


def test_a_walk_follows_its_trace_branches_off_and_comes_back(cycle: Simulator) -> None:
    walk = Walk(cycle, (False, 0), _line_trace())
    assert walk.trace_position == 0
    assert walk.follow() == Transition(("keep", "inc"), (False, 1)) and walk.trace_position == 1
    toggled = next(number for number, transition in enumerate(walk.choices.transitions, 1)
                   if transition.action == ("toggle", "inc"))
    walk.take(toggled)
    assert walk.trace_position is None and walk.left_trace_at == 1
    assert walk.follow() is None  # off the trace: nothing to follow
    assert walk.back() and walk.trace_position == 1  # back on it
    assert walk.follow() is not None and walk.trace_position == 2
    assert walk.follow() is None and walk.trace_position == 2  # the end of a finite trace
    assert walk.goto(0) and walk.states == [(False, 0)] and walk.trace_position == 0
    assert walk.goto(2) and walk.states == [(False, 0), (False, 1), (False, 2)] and walk.positions == [0, 1, 2]
    assert not walk.goto(3)


def test_a_lasso_is_followed_round_its_loop(cycle: Simulator) -> None:
    lasso = LoadedTrace("3", "counterexample for A G F zero", ((False, 0), (False, 1), (False, 2), (False, 3)),
                        (("keep", "inc"),) * 4, loop_start=1)
    walk = Walk(cycle, (False, 0), lasso)
    for _ in range(6):
        assert walk.follow() is not None
    assert walk.positions == [0, 1, 2, 3, 1, 2, 3] and walk.state == (False, 3)
    assert walk.goto(1) and walk.step == 1


def test_goto_without_a_trace_goes_back_along_the_walk(cycle: Simulator) -> None:
    walk = Walk(cycle, (False, 0))
    walk.take(1)
    walk.take(1)
    assert not walk.goto(3) and walk.step == 2
    assert walk.goto(1) and walk.step == 1 and walk.states[0] == (False, 0)


def test_the_screen_marks_the_traces_transition_and_says_when_the_walk_left_it(cycle: Simulator) -> None:
    walk = Walk(cycle, (False, 0), _line_trace())
    screen = step_screen(walk)
    assert "  on trace 1: step 0 of 0-2; n takes its transition 2" in screen
    assert "  2  Environment.keep, Counter.inc -> Counter[n=1]   (the trace's)" in screen
    assert screen.endswith("pick 1-2, n next on the trace, r random, b back, h help, q quit")
    walk.take(1)  # toggle: off the trace
    screen = step_screen(walk)
    assert "  off trace 1: left it at its step 0 (goto N returns to it)" in screen
    assert "(the trace's)" not in screen and "n next" not in screen


def test_session_commands_on_a_trace(cycle: Simulator) -> None:
    from ctlstark.tools.simulate import Start

    screens = _session(cycle, ["n", "1", "n", "goto 2", "n", "goto 9", "b", "B"],
                       start=Start((False, 0), _line_trace(), ("a note first",)))
    assert screens[1] == "a note first"
    assert "took the trace's transition 2: Environment.keep, Counter.inc" in screens
    assert "left the trace at its step 1: it takes another transition there (goto 1 returns to it, b steps back)" \
        in screens
    assert "off the trace (left at its step 1): goto N returns to it, b steps back" in screens
    assert any(screen.startswith("step 2  ") and "on trace 1: step 2 of 0-2, its last" in screen for screen in screens)
    assert "at the end of the trace (its step 2): a number or r goes on, b goes back" in screens
    assert "no step 9 in the trace: its steps are 0-2" in screens
    assert screens[-1] == "bye"
    assert screens[-2].startswith("step 0  ") and screens[-3].startswith("step 1  ")  # `B` is `b` too


# ---------------------------------------------------------------- reading a trace file


def test_the_default_trace_is_the_first_false_formulas(cycle: Simulator, report_file: Path) -> None:
    start = load_trace(cycle.model, report_file)
    assert start.trace is not None and start.trace.label == "2"
    assert start.trace.description.startswith("counterexample for AG")
    assert start.state == start.trace.states[0] == (False, 0)
    assert start.notes[1] == "(the first FALSE formula's trace; --formula N or --trace-path N.S picks another)"


def test_formula_and_trace_path_pick_a_trace(cycle: Simulator, report_file: Path) -> None:
    report = json.loads(report_file.read_text())
    witness = load_trace(cycle.model, report_file, formula=1).trace
    assert witness is not None and witness.description == "witness for EF top" and witness.states[-1][1] == 3
    lasso = load_trace(cycle.model, report_file, formula=3).trace
    assert lasso is not None and lasso.loop_start is not None
    assert len(lasso.actions) == len(lasso.states)  # the last action closes the loop
    step = report["formulas"][1]["trace"]["children"][0]["step"]
    nested = load_trace(cycle.model, report_file, trace_path=f"2.{step}")
    assert nested.trace is not None and nested.trace.label == f"2.{step}"
    assert nested.trace.description == "counterexample for K(Counter, !lit)"
    assert load_trace(cycle.model, report_file, formula=2).trace.sub_traces == ((step, f"2.{step}"),)
    deeper = load_trace(cycle.model, report_file, trace_path=f"2.{step}.0").trace
    assert deeper is not None and deeper.description.startswith("path for a run to a state Counter cannot tell")


@pytest.mark.parametrize("options, message", [
    ({"formula": 4}, "there is no formula 4 (the file has formulas 1-3)"),
    ({"trace_path": "2.0"}, "trace 2 has no sub-trace 2.0: its sub-traces are 2.3"),
    ({"trace_path": "1.0"}, "trace 1 has no sub-trace 1.0: it has no sub-traces"),
    ({"trace_path": "2.x"}, "'2.x' is not a trace path"),
    ({"formula": 1, "trace_path": "1"}, "--formula and --trace-path exclude each other"),
])
def test_a_trace_that_is_not_there_is_named(cycle: Simulator, report_file: Path, options: dict,
                                            message: str) -> None:
    with pytest.raises(StartError, match="error: ") as error:
        load_trace(cycle.model, report_file, **options)
    assert message in str(error.value)


def _edited(report_file: Path, tmp_path: Path, edit) -> Path:
    report = json.loads(report_file.read_text())
    edit(report["formulas"][1]["trace"]["steps"])
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(report))
    return path


@pytest.mark.parametrize("edit, message", [
    (lambda steps: steps[1]["state"]["Counter"].update(m=1), "trace 2, step 1: Counter has no variable 'm' (its "
                                                              "variables: n)"),
    (lambda steps: steps[1]["state"]["Counter"].update(n=7), "trace 2, step 1: Counter.n = 7 is not a value of its "
                                                             "type 0..3"),
    (lambda steps: steps[1]["state"]["Counter"].update(n="1"), "Counter.n = \"1\" is not a value of its type 0..3"),
    (lambda steps: steps[0]["state"].pop("Counter"), "trace 2, step 0: Counter.n is missing"),
    (lambda steps: steps[0]["state"].update(Spy={}), "unknown agent 'Spy'"),
    (lambda steps: steps[0]["action"].update(Counter="dec"), "Counter has no action 'dec' (its actions: inc)"),
    (lambda steps: steps[1]["state"]["Counter"].update(n=3),
     "trace 2, step 0: the step to step 1 is not a transition of the model: Counter's evolution cannot produce"),
    (lambda steps: steps[-1].update(action={"Environment": "keep", "Counter": "inc"}),
     "the last step of a finite trace has no action (null)"),
])
def test_a_trace_that_does_not_fit_the_model_is_refused(cycle: Simulator, report_file: Path, tmp_path: Path,
                                                        edit, message: str) -> None:
    with pytest.raises(StartError) as error:
        load_trace(cycle.model, _edited(report_file, tmp_path, edit), formula=2)
    assert message in str(error.value)


def test_a_file_that_is_not_a_report_is_refused(cycle: Simulator, tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"formulas": [1, }')
    with pytest.raises(StartError, match=r"broken.json:1:18: error: not a JSON document"):
        load_trace(cycle.model, broken)
    other = tmp_path / "other.json"
    other.write_text('{"schema": 1}')
    with pytest.raises(StartError, match="not a report of `ctlstark check --json --witness`"):
        load_trace(cycle.model, other)
    silent = tmp_path / "silent.json"
    silent.write_text(json.dumps(ctlstark.check(cycle.model).to_json()))
    with pytest.raises(StartError, match="no formula has a trace"):
        load_trace(cycle.model, silent)
    with pytest.raises(StartError, match=r"formula 2 \(FALSE\) has no trace: was the file written with --witness"):
        load_trace(cycle.model, silent, formula=2)


# ---------------------------------------------------------------- a state written out


def test_a_state_is_read_and_completed_from_the_initial_states(cycle: Simulator) -> None:
    assert parse_state(cycle, "Environment.lamp=true, Counter.n=2") == ((True, 2), [], False)
    state, filled, agreeing = parse_state(cycle, " n = 3 ")  # a name unique among the agents needs no agent
    assert state == (False, 3) and filled == [(cycle.model.variables[0], False)] and not agreeing


def test_a_state_with_several_initial_states_is_filled_only_where_they_agree() -> None:
    simulator = Simulator(ctlstark.load_model(REPOSITORY / "ispl_examples" / "bit_transmission.ispl"))
    state, _, agreeing = parse_state(simulator, "Sender.bit=b1")
    assert state == ("b1", False, "empty") and agreeing
    with pytest.raises(IsplError) as error:
        parse_state(simulator, "Receiver.state=r0")
    assert [d.format().splitlines()[0] for d in error.value.diagnostics] == [
        "--state:1:18: error: Sender.bit is not given, and the initial states differ there (b0, b1): give it"]


def test_state_errors_are_located_in_the_text(cycle: Simulator) -> None:
    with pytest.raises(IsplError) as error:
        parse_state(cycle, "Counter.n=9, Spy.x=1, lamp, Counter.m=1, Environment.lamp=yes")
    assert [(d.column, d.message) for d in error.value.diagnostics] == [
        (11, "`9` is not a value of Counter.n (0..3)"),
        (14, "no agent `Spy` (the model's agents: Environment, Counter)"),
        (23, "expected `Agent.variable=value`, found `lamp`"),
        (29, "Counter has no variable `m` (its variables: n)"),
        (59, "`yes` is not a value of Environment.lamp (boolean)"),
    ]
    assert error.value.diagnostics[0].format().splitlines()[2] == "              ^"


def test_the_start_says_whether_the_state_is_reachable(cycle: Simulator) -> None:
    evaluator = StateEvaluator(cycle.model)
    assert state_start(cycle, "lamp=false, n=0", evaluator).notes == (
        "starting at the given state, an initial state",)
    assert state_start(cycle, "lamp=true, n=3", evaluator).notes == (
        "starting at the given state, reachable (not initial)",)
    assert state_start(cycle, "lamp=true, n=0", evaluator).notes[0].startswith(
        "starting at the given state, which is NOT reachable from any initial state")


# ---------------------------------------------------------------- eval and props


def _formula(model, text: str) -> f.Formula:
    return ctlstark.parse_formula(text, model).formula


def test_eval_gives_the_checkers_value_and_a_replayed_trace_from_the_state(cycle: Simulator) -> None:
    evaluator = StateEvaluator(cycle.model)
    state = (True, 2)
    found = evaluator.evaluate(_formula(cycle.model, "AX !top"), state)
    assert found.value is False and found.trace is not None and found.notes == ()
    assert found.trace.states == [state, (found.trace.states[1][0], 3)]
    replay(found.trace, evaluator._main_engine().checker, initial=False)
    holds = evaluator.evaluate(_formula(cycle.model, "EF top and !zero"), state)
    assert holds.value is True and holds.trace is not None and holds.trace.children
    assert evaluator.evaluate(_formula(cycle.model, "AG !zero"), state).missing == (
        "a TRUE A… formula holds on every run from here, which no single trace shows")
    assert evaluator.evaluate(_formula(cycle.model, "lit"), state).missing == (
        "a propositional formula is decided by the state's values alone")


def test_eval_at_an_unreachable_state_reads_its_future_and_refuses_knowledge(cycle: Simulator) -> None:
    evaluator = StateEvaluator(cycle.model)
    unreachable = (True, 0)
    assert not evaluator.is_reachable(unreachable)
    found = evaluator.evaluate(_formula(cycle.model, "AG !zero"), unreachable)  # 0 itself: FALSE at once
    assert found.value is False and found.trace is not None and found.trace.states == [unreachable]
    assert found.notes == ("the state is not reachable: evaluated over the runs that start here",)
    assert evaluator.evaluate(_formula(cycle.model, "AX !zero"), unreachable).value is True
    with pytest.raises(EvaluationRefused, match="K\\(Counter, lit\\) ranges over the model's reachable states"):
        evaluator.evaluate(_formula(cycle.model, "EF K(Counter, lit)"), unreachable)


def test_session_eval_and_props(cycle: Simulator) -> None:
    screens = _session(cycle, ["eval EF (top and lit)", "eval G top", "eval EF (", "eval Counter.n = 0", "props",
                               "eval", "2", "eval K(Counter, lit)"])
    first = screens[screens.index("1 initial state") + 2]
    assert first.startswith("TRUE at step 0: EF (top and lit)\n  witness for EF (top and lit)\n")
    assert "eval:1:1: error: `G top` needs a path quantifier" in screens[screens.index(first) + 1]
    assert screens[screens.index(first) + 2].startswith("eval:1:4: error: unexpected end of the input")
    assert "TRUE at step 0: Counter.n = 0\n  (a propositional formula is decided by the state's values alone)" \
        in screens
    assert "propositions true: zero\npropositions false: lit, top" in screens
    assert "eval FORMULA: a state formula, written as for check -f (e.g. eval EF p)" in screens
    assert any(screen.startswith("FALSE at step 1: K(Counter, lit)\n  counterexample for K(Counter, lit)")
               for screen in screens)
    # the comparison atom read by eval is no Evaluation proposition
    assert all("Counter.n = 0" not in screen for screen in screens if screen.startswith("step "))


# ---------------------------------------------------------------- the command line


def test_a_scripted_session_on_a_counterexample(tmp_path: Path) -> None:
    report = tmp_path / "bt.json"
    checked = _ctlstark("check", "ispl_examples/bit_transmission.ispl", "--json", "--witness")
    assert checked.returncode == 1
    report.write_text(checked.stdout)
    result = _ctlstark("simulate", "ispl_examples/bit_transmission.ispl", "--trace", str(report),
                       stdin="n\nb\n2\ngoto 1\neval K(Sender, recbit)\nq\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith(f"model bit_transmission, multi semantics (h for help)\ntrace 3 of {report}: "
                          "counterexample for AG (recbit -> K(Sender, recbit)), steps 0-1\n(the first FALSE formula's")
    assert "step 0> n\ntook the trace's transition 1: Environment.both, Sender.sb0, Receiver.wait\nstep 1  " in out
    assert "  on trace 3: step 1 of 0-1, its last\n  sub-trace 3.1 explains this step (--trace-path 3.1)\n" in out
    assert "step 0> 2\ntook transition 2: Environment.to_receiver, Sender.sb0, Receiver.wait\nleft the trace at its " \
        "step 0" in out
    assert "step 1> goto 1\nstep 1  " in out
    assert "step 1> eval K(Sender, recbit)\nFALSE at step 1: K(Sender, recbit)\n  counterexample for " \
        "K(Sender, recbit)\n" in out
    assert out.rstrip().endswith("bye")


def test_a_scripted_session_from_a_state(tmp_path: Path) -> None:
    result = _ctlstark("simulate", "ispl_examples/bit_transmission.ispl", "--state", "Sender.bit=b1, Receiver.state=r1",
                       stdin="props\neval AG recbit\nq\n")
    assert result.returncode == 0, result.stderr
    assert "not given, taken from the initial states: Sender.ack=false\nstarting at the given state, reachable " \
        "(not initial)\nstep 0  Sender[bit=b1 ack=false] Receiver[state=r1]\n" in result.stdout
    assert "step 0> eval AG recbit\nTRUE at step 0: AG recbit\n" in result.stdout


@pytest.mark.parametrize("arguments, message", [
    (["--state", "Sender.bit=b7"], "--state:1:12: error: `b7` is not a value of Sender.bit ({b0, b1})"),
    (["--trace", "no-such-file.json"], "no-such-file.json: error: cannot read the trace file"),
    (["--formula", "2"], "ctlstark: --formula picks a trace of --trace FILE.json"),
    (["--state", "Sender.bit=b0", "--random", "1"], "do not work with --random"),
    (["--state", "Sender.bit=b0", "--trace", "x.json"], "--trace and --state exclude each other"),
])
def test_a_start_that_does_not_fit_exits_2_with_a_message(arguments: list[str], message: str) -> None:
    result = _ctlstark("simulate", "ispl_examples/bit_transmission.ispl", *arguments)
    assert result.returncode == 2 and result.stdout == ""
    assert message in result.stderr and "Traceback" not in result.stderr
