"""Strategies and counter-strategies for ATL verdicts (`witness/strategy.py`).

Hand games with known strategies (their tables asserted row by row), the
replay rejecting corrupted strategies, the presentation (JSON, CLI), and a
property test: every random top-level ATL verdict gets a (counter-)strategy
that replays on the explicit transition function.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from conftest import examples
from typer.testing import CliRunner

from ctlstark import api
from ctlstark.mc.label import Checker
from ctlstark.cli import app
from ctlstark.render.strategies import strategy_json, strategy_text
from ctlstark.ispl import parse_model
from ctlstark.logic import formula as f
from ctlstark.model import Model
from ctlstark.symbolic.system import build_system
from ctlstark.witness import WitnessError
from ctlstark.witness import strategy as strategies

from ispl_writer import write_model
from strategies import models_and_atl_formulas

PENNIES = Path(__file__).resolve().parent.parent / "ispl_examples" / "pennies.ispl"

# A robot two steps from home; `wait` (action code 0, so the determinisation's
# first preference) keeps it where it is for ever. The environment flips a light
# the robot does not see.
WALK = """
Agent Environment
  Vars: light : boolean; end Vars
  Actions = {on, off};
  Protocol: Other : {on, off}; end Protocol
  Evolution: light = true if Action = on; light = false if Action = off; end Evolution
end Agent
Agent Robot
  Vars: pos : 0..2; end Vars
  Actions = {wait, step};
  Protocol: pos < 2 : {wait, step}; Other : {wait}; end Protocol
  Evolution: pos = pos + 1 if Action = step; end Evolution
end Agent
Evaluation home if Robot.pos = 2; end Evaluation
InitStates Robot.pos = 0 and Environment.light = false; end InitStates
Groups robot = {Robot}; env = {Environment}; end Groups
Formulae home; end Formulae
"""

# The environment may push; a guard who relaxes (action code 0) while pushed crashes.
GUARD = """
Agent Environment
  Vars: crashed : boolean; end Vars
  Actions = {rest, push};
  Protocol: Other : {rest, push}; end Protocol
  Evolution: crashed = true if Action = push and Guard.Action = relax; end Evolution
end Agent
Agent Guard
  Vars: tired : boolean; end Vars
  Actions = {relax, brace};
  Protocol: Other : {relax, brace}; end Protocol
  Evolution: tired = true if Action = brace; tired = false if Action = relax; end Evolution
end Agent
Evaluation crashed if Environment.crashed = true; end Evaluation
InitStates Environment.crashed = false and Guard.tired = false; end InitStates
Groups guard = {Guard}; env = {Environment}; end Groups
Formulae crashed; end Formulae
"""

# The robot crashes if it waits in the light or steps in the dark; it does not see the light
# (the environment's private variable).
DARK = """
Agent Environment
  Vars: light : boolean; crashed : boolean; end Vars
  Actions = {on, off};
  Protocol: Other : {on, off}; end Protocol
  Evolution:
    light = true and crashed = true if Action = on and Robot.Action = wrong;
    light = true if Action = on and Robot.Action = right;
    light = false and crashed = true if Action = off and Robot.Action = wrong;
    light = false if Action = off and Robot.Action = right;
  end Evolution
end Agent
Agent Robot
  Vars: moved : boolean; end Vars
  Actions = {wait, step};
  Protocol: Other : {wait, step}; end Protocol
  Evolution: moved = true if Action = step; moved = false if Action = wait; end Evolution
end Agent
Evaluation crashed if Environment.crashed = true; end Evaluation
InitStates Environment.crashed = false and Robot.moved = false; end InitStates
Groups robot = {Robot}; end Groups
Formulae crashed; end Formulae
"""
WRONG = "((light = true and Robot.Action = wait) or (light = false and Robot.Action = step))"
DARK = DARK.replace("Robot.Action = wrong", WRONG).replace("Robot.Action = right", f"!{WRONG}")

home, crashed, won = f.Prop("home"), f.Prop("crashed"), f.Prop("won")


def checker_of(model: Model) -> Checker:
    return Checker(build_system(model))


def strategy_of(model: Model, formula: f.ATL) -> tuple[dict, bool]:
    checker = checker_of(model)
    verdict = checker.holds(formula)
    return strategy_json(strategies.explain_strategy(checker, formula, verdict), model), verdict


def explicit_of(model: Model, formula: f.ATL) -> tuple[Checker, strategies.ExplicitStrategy]:
    checker = checker_of(model)
    symbolic = strategies.build_strategy(checker, formula, checker.holds(formula))
    return checker, strategies.enumerate_strategy(checker.system, symbolic)


@pytest.fixture(scope="module")
def pennies() -> Model:
    return api.load_model(PENNIES)


@pytest.fixture(scope="module")
def walk() -> Model:
    return parse_model(WALK, "walk")


@pytest.fixture(scope="module")
def guard() -> Model:
    return parse_model(GUARD, "guard")


# ---------------------------------------------------------------- hand games


def test_matcher_alone_cannot_force_a_match_and_gets_a_counter_strategy(pennies: Model) -> None:
    strategy, verdict = strategy_of(pennies, f.ATL("matcher", f.X(won)))
    assert verdict is False
    assert strategy["kind"] == "counter-strategy" and strategy["replayed"] is True
    assert strategy["coalition"] == ["Player1"] and strategy["opponents"] == ["Environment", "Player2"]
    assert strategy["table_form"] == "response"
    answers = {row["coalition_action"]["Player1"]: row["response"] for row in strategy["table"]}
    assert answers == {"heads": {"Environment": "referee", "Player2": "tails"},
                       "tails": {"Environment": "referee", "Player2": "heads"}}


def test_both_players_force_a_match(pennies: Model) -> None:
    strategy, verdict = strategy_of(pennies, f.ATL("players", f.X(won)))
    assert verdict is True and strategy["kind"] == "strategy" and strategy["states"] == 1
    assert strategy["table_form"] == "local"
    assert {(row["agent"], row["action"]) for row in strategy["table"]} == {("Player1", "heads"),
                                                                           ("Player2", "heads")}


def test_a_deadlock_is_a_state_without_a_move_in_a_counter_strategy(pennies: Model) -> None:
    """<players>G !won fails: avoiding a win means losing, and the lost game (a deadlock) has no move."""
    strategy, verdict = strategy_of(pennies, f.ATL("players", f.G(f.Not(won))))
    assert verdict is False and strategy["replayed"]
    deadlocks = [row["state"] for row in strategy["table"] if row["coalition_action"] is None]
    assert deadlocks and all(state["Environment"]["state"] == "lose" for state in deadlocks)


def test_robot_reaches_home_in_two_steps_with_a_uniform_strategy(walk: Model) -> None:
    strategy, verdict = strategy_of(walk, f.ATL("robot", f.F(home)))
    assert verdict is True and strategy["replayed"]
    assert strategy["table_form"] == "local"
    assert strategy["table"] == [
        {"agent": "Robot", "local": {"pos": 0}, "action": "step"},
        {"agent": "Robot", "local": {"pos": 1}, "action": "step"},
    ]
    assert strategy["states"] == 3  # pos 0 with the light off; pos 1 with the light on or off


def test_until_strategy_progresses_instead_of_waiting_for_ever(walk: Model) -> None:
    """`wait` keeps the robot inside the winning region and is the preferred code: only the layers rule it out."""
    _, explicit = explicit_of(walk, f.ATL("robot", f.U(f.Not(home), home)))
    assert set(explicit.moves.values()) == {("step",)}


def test_safety_strategy_braces_in_every_reached_state(guard: Model) -> None:
    strategy, verdict = strategy_of(guard, f.ATL("guard", f.G(f.Not(crashed))))
    assert verdict is True and strategy["replayed"]
    assert strategy["table"] == [
        {"agent": "Guard", "local": {"tired": False}, "action": "brace"},
        {"agent": "Guard", "local": {"tired": True}, "action": "brace"},
    ]


def test_a_waiting_robot_stays_away_for_ever_under_a_safety_strategy(walk: Model) -> None:
    strategy, verdict = strategy_of(walk, f.ATL("robot", f.G(f.Not(home))))
    assert verdict is True
    assert {row["action"] for row in strategy["table"]} == {"wait"}


def test_environment_cannot_force_a_crash_the_guard_answers_a_push_with_brace(guard: Model) -> None:
    strategy, verdict = strategy_of(guard, f.ATL("env", f.F(crashed)))
    assert verdict is False and strategy["kind"] == "counter-strategy" and strategy["replayed"]
    answers = {(tuple(row["state"]["Guard"].values()), row["coalition_action"]["Environment"]):
               row["response"]["Guard"] for row in strategy["table"]}
    assert answers == {((False,), "rest"): "relax", ((False,), "push"): "brace",
                       ((True,), "push"): "brace", ((True,), "rest"): "relax"}


def test_a_global_table_when_a_choice_depends_on_what_the_agent_cannot_see() -> None:
    """The robot must step in the light and wait in the dark, but does not see the light (perfect
    information lets the strategy use it): the table lists global states."""
    strategy, verdict = strategy_of(parse_model(DARK, "dark"), f.ATL("robot", f.G(f.Not(crashed))))
    assert verdict is True and strategy["replayed"] and strategy["table_form"] == "global"
    by_light = {row["state"]["Environment"]["light"]: row["action"]["Robot"] for row in strategy["table"]}
    assert by_light == {True: "step", False: "wait"}


# ---------------------------------------------------------------- replay rejects corrupted strategies


def test_replay_rejects_a_strategy_that_waits_where_it_must_step(walk: Model) -> None:
    checker, explicit = explicit_of(walk, f.ATL("robot", f.F(home)))
    strategies.replay_strategy(checker, explicit)
    state = next(s for s in explicit.moves if s[1] == 1)  # (light, pos)
    explicit.moves[state] = ("wait",)
    with pytest.raises(WitnessError, match="circles"):
        strategies.replay_strategy(checker, explicit)


def test_replay_rejects_an_action_the_protocol_does_not_enable(pennies: Model) -> None:
    checker, explicit = explicit_of(pennies, f.ATL("players", f.X(won)))
    state = explicit.roots[0]
    explicit.moves[state] = ("again", "heads")
    with pytest.raises(WitnessError, match="protocol does not enable"):
        strategies.replay_strategy(checker, explicit)


def test_replay_rejects_a_mismatching_move_for_a_match(pennies: Model) -> None:
    checker, explicit = explicit_of(pennies, f.ATL("players", f.X(won)))
    explicit.moves[explicit.roots[0]] = ("heads", "tails")
    with pytest.raises(WitnessError, match="does not hold"):
        strategies.replay_strategy(checker, explicit)


def test_replay_rejects_a_counter_strategy_that_lets_the_guard_relax_under_a_push(guard: Model) -> None:
    checker, explicit = explicit_of(guard, f.ATL("env", f.F(crashed)))
    strategies.replay_strategy(checker, explicit)
    root = explicit.roots[0]
    explicit.responses[root][("push",)] = ("relax",)
    with pytest.raises(WitnessError, match="counter-strategy replay failed"):
        strategies.replay_strategy(checker, explicit)


def test_replay_rejects_a_counter_strategy_missing_an_answer(pennies: Model) -> None:
    checker, explicit = explicit_of(pennies, f.ATL("matcher", f.X(won)))
    del explicit.responses[explicit.roots[0]][("tails",)]
    with pytest.raises(WitnessError, match="no enabled answer"):
        strategies.replay_strategy(checker, explicit)


# ---------------------------------------------------------------- presentation


def test_large_strategies_are_summarised_and_unreplayed_ones_say_so(walk: Model,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strategies, "TABLE_LIMIT", 1)
    strategy, _ = strategy_of(walk, f.ATL("robot", f.F(home)))
    assert strategy["replayed"] and strategy["table"] is None and strategy["bdd_nodes"] > 0
    monkeypatch.setattr(strategies, "REPLAY_LIMIT", 2)
    strategy, _ = strategy_of(walk, f.ATL("robot", f.F(home)))
    assert strategy["replayed"] is False and strategy["note"] == "not replayed: 3 states (more than 2)"
    checker = checker_of(walk)
    evidence = strategies.explain_strategy(checker, f.ATL("robot", f.F(home)), True)
    assert "not replayed: 3 states" in strategy_text(evidence, walk)


def test_check_with_witness_attaches_strategies_to_top_level_atl_only(pennies: Model) -> None:
    report = api.check(pennies, witness=True)
    kinds = [None if r.strategy is None else r.strategy["kind"] for r in report.formulas]
    assert kinds == ["counter-strategy", "strategy", "counter-strategy", "strategy", "counter-strategy",
                     "strategy", "counter-strategy", "counter-strategy", "strategy", "counter-strategy", None]
    assert report.to_json()["formulas"][0]["strategy"]["kind"] == "counter-strategy"
    assert "bdd_nodes" not in report.to_json(measurements=False)["formulas"][0]["strategy"]
    assert api.check(pennies).formulas[0].strategy is None


def test_cli_prints_the_strategy_under_the_formula() -> None:
    result = CliRunner().invoke(app, ["check", str(PENNIES), "--witness"])
    assert result.exit_code == 1
    assert "strategy for <players>X won: the moves of Player1, Player2 (1 state, replayed)" in result.output
    assert "Player1.heads -> Environment.referee, Player2.tails" in result.output


# ---------------------------------------------------------------- property


def with_reachability_goals(formula: f.ATL) -> list[f.ATL]:
    """The formula, and `<g>F ψ` for each operand ψ of its path, for its group and the grand coalition.

    The random formulas' own `F`/`U` verdicts are mostly TRUE because ψ already holds
    initially; these goals give strategies that must move (and make progress) more often.
    """
    goals = [formula]
    for operand in f.children(formula.path):
        goals += [f.ATL(formula.group, f.F(operand)), f.ATL("everyone", f.F(operand))]
    return goals


@settings(max_examples=examples(150))
@given(models_and_atl_formulas())
def test_every_atl_verdict_has_a_strategy_that_replays(case: tuple[Model, f.Formula]) -> None:
    """TRUE: a strategy, FALSE: a counter-strategy, each replayed on the explicit transition function."""
    model, formula = case
    assume(isinstance(formula, f.ATL))
    checker = checker_of(model)
    for goal in with_reachability_goals(formula):
        verdict = checker.holds(goal)
        strategy = strategy_json(strategies.explain_strategy(checker, goal, verdict), model)  # raises WitnessError on a failed replay
        assert strategy["kind"] == ("strategy" if verdict else "counter-strategy"), write_model(model)
        assert strategy["replayed"], write_model(model)
