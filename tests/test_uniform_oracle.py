"""The explicit oracle for ATL under uniform memoryless strategies (`explicit/uniform.py`).

Hand-made games whose answers differ between perfect information, the objective,
the subjective (Schobbens's ATL_ir) and the pooled (distributed knowledge)
readings, and properties every model must satisfy: the inclusions
uniform ⊆ uniform-pooled ⊆ uniform-objective ⊆ perfect, and uniform = pooled
for a single agent.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st
from conftest import examples

from ctlstark.errors import ResourceExhausted
from ctlstark.explicit import ExplicitChecker, ExplicitSystem
from ctlstark.explicit.uniform import (
    UniformGame, uniform_always, uniform_next, uniform_until, winning_states,
)
from ctlstark.ispl import parse_model
from ctlstark.logic import formula as f
from ctlstark.model import Model
from ctlstark.semantics.strategies import STRATEGY_SEMANTICS

from strategies import atoms, models_and_atl_formulas

UNIFORM_VARIANTS = ("uniform", "uniform-objective", "uniform-pooled")
TRUE = f.Const(True)


def sat(model: Model, formula: f.Formula, strategies: str) -> frozenset:
    return ExplicitChecker(ExplicitSystem(model), strategies=strategies).sat(formula)


def verdicts(model: Model, formula: f.Formula, state: tuple) -> dict[str, bool]:
    """Whether `formula` holds at `state` under each strategy semantics."""
    assert state in ExplicitSystem(model).states
    return {kind: state in sat(model, formula, kind) for kind in STRATEGY_SEMANTICS}


def agree(perfect: bool, uniform: bool, objective: bool, pooled: bool) -> dict[str, bool]:
    return {"perfect": perfect, "uniform": uniform, "uniform-objective": objective, "uniform-pooled": pooled}


# ---------------------------------------------------------------- the shell game

# The environment hides the ball under the left or the right cup (two initial
# states) and never moves it; the player, who does not see the ball, lifts one
# cup once. State tuples are (ball, cup).
SHELL = """
Agent Environment
  Vars: ball : {left, right}; end Vars
  Actions = {hide};
  Protocol: Other : {hide}; end Protocol
  Evolution: ball = left if ball = left; end Evolution
end Agent
Agent Player
  Vars: cup : {none, left, right}; end Vars
  Actions = {lift_left, lift_right, idle};
  Protocol: cup = none : {lift_left, lift_right}; Other : {idle}; end Protocol
  Evolution: cup = left if Action = lift_left; cup = right if Action = lift_right; end Evolution
end Agent
Evaluation
  win if (Player.cup = left and Environment.ball = left) or (Player.cup = right and Environment.ball = right);
end Evaluation
InitStates Player.cup = none; end InitStates
Groups player = {Player}; end Groups
Formulae win; end Formulae
"""


@pytest.fixture(scope="module")
def shell() -> Model:
    model = parse_model(SHELL, "shell")
    return dataclasses.replace(model, groups={**model.groups, "nobody": ()})  # ISPL has no empty group


@pytest.mark.parametrize("ball", ["left", "right"])
def test_shell_game_is_won_only_by_seeing_the_ball(shell: Model, ball: str) -> None:
    # perfect and objective: the strategy may pick the cup the ball is under in this state;
    # subjective and pooled: one action must win from both initial states, and none does.
    start = (ball, "none")
    assert verdicts(shell, f.ATL("player", f.X(f.Prop("win"))), start) == agree(True, False, True, False)


def test_shell_game_strategies_and_their_winning_sets(shell: Model) -> None:
    system = ExplicitSystem(shell)
    game = UniformGame(system, ["Player"])
    strategies = list(game.strategies())
    none, left, right = ("Player", ("none",)), ("Player", ("left",)), ("Player", ("right",))
    assert strategies == [
        {left: "idle", none: "lift_left", right: "idle"},
        {left: "idle", none: "lift_right", right: "idle"},
    ]
    win = ExplicitChecker(system).sat(f.Prop("win"))
    assert winning_states(game, strategies[0], "X", None, win) == {
        ("left", "none"), ("left", "left"), ("right", "right")}
    assert winning_states(game, strategies[1], "F", None, win) == {
        ("right", "none"), ("right", "right"), ("left", "left")}
    assert winning_states(game, strategies[1], "G", win, None) == {("right", "right"), ("left", "left")}
    assert game.indistinguishable(("left", "none"), "uniform") == {("left", "none"), ("right", "none")}
    # Subjectively even <player>F win fails where win holds: the player, seeing only its cup,
    # cannot tell ("left", "left") from the lost ("right", "left").
    assert uniform_until(game, system.states, win, "uniform") == frozenset()
    assert uniform_until(game, system.states, win, "uniform-objective") == {
        ("left", "none"), ("right", "none"), ("left", "left"), ("right", "right")}


def test_empty_coalition_reads_every_variant_objectively(shell: Model) -> None:
    # <>F win: every path wins. From ("left", "none") the player may lift the wrong cup.
    formula = f.ATL("nobody", f.F(f.Prop("win")))
    results = {kind: sat(shell, formula, kind) for kind in STRATEGY_SEMANTICS}
    assert results["perfect"] == {("left", "left"), ("right", "right")}
    assert all(result == results["perfect"] for result in results.values())


# ---------------------------------------------------------------- subjective versus pooled

# Ann sees x, Bob sees y (both hidden from the other). In one step each writes a
# guess; the coalition {Ann, Bob} wins if Ann's guess is y and Bob's is x: each
# needs what only the other sees. Pooled, the members together know x and y, so
# in each state the strategy "Ann writes this y, Bob writes this x" is required to
# win only from that state (D(q) = {q}): TRUE. Subjectively it must also win from
# every state Ann alone confuses with q (same x, any y), where Ann writes the same
# guess but y differs: FALSE. State tuples are (x, y, Ann.g, Bob.g).
CROSS = """
Agent Environment
  Vars: x : {zero, one}; y : {zero, one}; end Vars
  Actions = {tick};
  Protocol: Other : {tick}; end Protocol
  Evolution: x = zero if x = zero; end Evolution
end Agent
Agent Ann
  Lobsvars = {x};
  Vars: g : {unset, zero, one}; end Vars
  Actions = {say0, say1, idle};
  Protocol: g = unset : {say0, say1}; Other : {idle}; end Protocol
  Evolution: g = zero if Action = say0; g = one if Action = say1; end Evolution
end Agent
Agent Bob
  Lobsvars = {y};
  Vars: g : {unset, zero, one}; end Vars
  Actions = {say0, say1, idle};
  Protocol: g = unset : {say0, say1}; Other : {idle}; end Protocol
  Evolution: g = zero if Action = say0; g = one if Action = say1; end Evolution
end Agent
Evaluation
  win if ((Ann.g = zero and Environment.y = zero) or (Ann.g = one and Environment.y = one))
     and ((Bob.g = zero and Environment.x = zero) or (Bob.g = one and Environment.x = one));
end Evaluation
InitStates Ann.g = unset and Bob.g = unset; end InitStates
Groups team = {Ann, Bob}; ann = {Ann}; end Groups
Formulae win; end Formulae
"""


@pytest.mark.parametrize("x", ["zero", "one"])
@pytest.mark.parametrize("y", ["zero", "one"])
def test_pooled_knowledge_wins_where_each_member_alone_cannot(x: str, y: str) -> None:
    model = parse_model(CROSS, "cross")
    start = (x, y, "unset", "unset")
    assert verdicts(model, f.ATL("team", f.X(f.Prop("win"))), start) == agree(True, False, True, True)
    system = ExplicitSystem(model)
    game = UniformGame(system, ["Ann", "Bob"])
    assert game.indistinguishable(start, "uniform-pooled") == {start}
    assert len(game.indistinguishable(start, "uniform")) == 3  # same x or same y


def test_seeing_the_other_variable_makes_subjective_win() -> None:
    # Ann now sees y and Bob sees x: each knows what it must write.
    swapped = CROSS.replace("Lobsvars = {x};", "Lobsvars = {X};").replace(
        "Lobsvars = {y};", "Lobsvars = {x};").replace("Lobsvars = {X};", "Lobsvars = {y};")
    model = parse_model(swapped, "cross-swapped")
    start = ("one", "zero", "unset", "unset")
    assert verdicts(model, f.ATL("team", f.X(f.Prop("win"))), start) == agree(True, True, True, True)


# ---------------------------------------------------------------- stuck states

# The player, blind to h, can only `go` at pos 0; go raises h, and at h = 1 that
# leaves h's range, so the joint action has no successor. State tuples are (h, pos).
STUCK = """
Agent Environment
  Vars: h : 0..1; end Vars
  Actions = {tick};
  Protocol: Other : {tick}; end Protocol
  Evolution: h = h + 1 if Player.Action = go; end Evolution
end Agent
Agent Player
  Vars: pos : 0..1; end Vars
  Actions = {go, wait};
  Protocol: pos = 0 : {go}; Other : {wait}; end Protocol
  Evolution: pos = 1 if Action = go; end Evolution
end Agent
Evaluation moved if Player.pos = 1; end Evaluation
InitStates Player.pos = 0; end InitStates
Groups player = {Player}; end Groups
Formulae moved; end Formulae
"""


def test_a_uniform_choice_blocked_in_a_lookalike_state_loses() -> None:
    model = parse_model(STUCK, "stuck")
    next_true = f.ATL("player", f.X(TRUE))
    # At (0, 0) go leads to (1, 1); at (1, 0) it leads nowhere, and the player cannot tell the two apart.
    assert verdicts(model, next_true, (0, 0)) == agree(True, False, True, False)
    assert verdicts(model, next_true, (1, 0)) == agree(False, False, False, False)
    assert verdicts(model, f.ATL("player", f.G(TRUE)), (1, 1)) == agree(True, True, True, True)


# A protocol with no line for `pos = 1` and no Other line: the player has no
# action there, so its strategy is undefined (None) and those states are stuck.
SILENT = """
Agent Environment
  Vars: e : 0..1; end Vars
  Actions = {tick};
  Protocol: Other : {tick}; end Protocol
  Evolution: e = 1 if e = 0; end Evolution
end Agent
Agent Player
  Vars: pos : 0..1; end Vars
  Actions = {go, back};
  Protocol: pos = 0 : {go, back}; end Protocol
  Evolution: pos = 1 if Action = go; end Evolution
end Agent
Evaluation at1 if Player.pos = 1; end Evaluation
InitStates Player.pos = 0 and Environment.e = 0; end InitStates
Groups player = {Player}; end Groups
Formulae at1; end Formulae
"""


def test_a_local_state_without_actions_has_an_undefined_choice() -> None:
    system = ExplicitSystem(parse_model(SILENT, "silent"))
    game = UniformGame(system, ["Player"])
    assert game.choices == {("Player", (0,)): ("go", "back"), ("Player", (1,)): ()}
    assert [s[("Player", (1,))] for s in game.strategies()] == [None, None]
    at1 = ExplicitChecker(system).sat(f.Prop("at1"))
    for variant in UNIFORM_VARIANTS:
        assert uniform_next(game, at1, variant) == {(0, 0), (1, 0)}  # go; (1, 1) is stuck
        assert uniform_always(game, system.states, variant) == {(0, 0), (1, 0)}  # back, forever


# ---------------------------------------------------------------- memorylessness: G and U

# A combination lock: `a` then `b` opens it, a wrong key leaves it as it is. The
# player sees nothing that changes, so a memoryless uniform strategy presses the
# same key every time and never opens it; a perfect-information strategy reads
# the hidden step. State tuples are (step, dummy).
LOCK = """
Agent Environment
  Vars: step : 0..2; end Vars
  Actions = {tick};
  Protocol: Other : {tick}; end Protocol
  Evolution:
    step = 1 if step = 0 and Player.Action = a;
    step = 2 if step = 1 and Player.Action = b;
  end Evolution
end Agent
Agent Player
  Vars: dummy : {d}; end Vars
  Actions = {a, b};
  Protocol: Other : {a, b}; end Protocol
  Evolution: dummy = d if Action = a; end Evolution
end Agent
Evaluation open if Environment.step = 2; closed if Environment.step < 2; end Evaluation
InitStates Environment.step = 0; end InitStates
Groups player = {Player}; end Groups
Formulae open; end Formulae
"""

# The environment's phase flips every step, hidden from the player; playing `b`
# in phase 0 or `a` in phase 1 breaks the vase for good. State tuples are (phase, broken, dummy).
ALTERNATE = """
Agent Environment
  Vars: phase : 0..1; broken : boolean; end Vars
  Actions = {tick};
  Protocol: Other : {tick}; end Protocol
  Evolution:
    phase = 1 if phase = 0;
    phase = 0 if phase = 1;
    broken = true if (phase = 0 and Player.Action = b) or (phase = 1 and Player.Action = a);
  end Evolution
end Agent
Agent Player
  Vars: dummy : {d}; end Vars
  Actions = {a, b};
  Protocol: Other : {a, b}; end Protocol
  Evolution: dummy = d if Action = a; end Evolution
end Agent
Evaluation safe if Environment.broken = false; end Evaluation
InitStates Environment.phase = 0 and Environment.broken = false; end InitStates
Groups player = {Player}; end Groups
Formulae safe; end Formulae
"""


def test_until_needs_memory_or_sight() -> None:
    model = parse_model(LOCK, "lock")
    for formula in (f.ATL("player", f.F(f.Prop("open"))), f.ATL("player", f.U(f.Prop("closed"), f.Prop("open")))):
        assert verdicts(model, formula, (0, "d")) == agree(True, False, False, False)
        # Always b wins from step 1, but subjectively it must also win from steps 0 and 2 (look-alikes).
        assert verdicts(model, formula, (1, "d")) == agree(True, False, True, False)


def test_always_needs_memory_or_sight() -> None:
    model = parse_model(ALTERNATE, "alternate")
    safe_forever = f.ATL("player", f.G(f.Prop("safe")))
    assert verdicts(model, safe_forever, (0, False, "d")) == agree(True, False, False, False)
    # Seeing the phase is enough for some strategy from the state itself (objective), not for
    # knowing how to play (subjective): the player confuses (0, False) with the broken (0, True).
    seeing = parse_model(ALTERNATE.replace("Vars: dummy", "Lobsvars = {phase};\n  Vars: dummy"), "alternate-seen")
    assert verdicts(seeing, safe_forever, (0, False, "d")) == agree(True, False, True, False)
    knowing = parse_model(ALTERNATE.replace("Vars: dummy", "Lobsvars = {phase, broken};\n  Vars: dummy"), "known")
    assert verdicts(knowing, safe_forever, (0, False, "d")) == agree(True, True, True, True)


# ---------------------------------------------------------------- the strategy limit and settings


def test_too_many_strategies_are_refused_with_their_number(shell: Model) -> None:
    system = ExplicitSystem(parse_model(CROSS, "cross"))
    game = UniformGame(system, ["Ann", "Bob"])
    with pytest.raises(ResourceExhausted, match=rf"\b{game.count}\b strategies"):
        UniformGame(system, ["Ann", "Bob"], max_strategies=game.count - 1)
    # Two guesses per member and value of its variable; idle elsewhere.
    assert game.count == 16 == len(list(game.strategies()))
    UniformGame(system, ["Ann", "Bob"], max_strategies=game.count)


def test_checker_rejects_an_unknown_strategy_semantics(shell: Model) -> None:
    with pytest.raises(ValueError, match="unknown strategy semantics"):
        ExplicitChecker(ExplicitSystem(shell), strategies="uniform-subjective")


def test_nested_atl_uses_the_same_semantics(shell: Model) -> None:
    # <player>X <player>X win: inner subjective false everywhere but at the win states whose
    # look-alikes also win... none: so the outer one is false too; perfect: true at the start.
    inner = f.ATL("player", f.X(f.Prop("win")))
    formula = f.ATL("player", f.X(inner))
    assert verdicts(shell, formula, ("left", "none")) == agree(True, False, True, False)


# ---------------------------------------------------------------- properties on random models

_SHAPES = ("X", "F", "G", "U")
MAX_STRATEGIES = 5_000
"""Keeps each example well under a second; larger games are skipped."""


@st.composite
def models_and_top_atl(draw: st.DrawFn) -> tuple[Model, f.ATL]:
    """A random model and `<g>X/F/G/U` over atoms (no nesting: the inclusions hold only at the top)."""
    model, _ = draw(models_and_atl_formulas(max_bits=5, depth=1))
    operand = atoms(model)
    shape = draw(st.sampled_from(_SHAPES))
    path = f.U(draw(operand), draw(operand)) if shape == "U" else {"X": f.X, "F": f.F, "G": f.G}[shape](draw(operand))
    return model, f.ATL(draw(st.sampled_from(sorted(model.groups))), path)


@settings(max_examples=examples(60), deadline=None)
@given(models_and_top_atl())
@example((parse_model(CROSS, "cross"), f.ATL("team", f.X(f.Prop("win")))))  # uniform ⊊ pooled
@example((parse_model(SHELL, "shell"), f.ATL("player", f.F(f.Prop("win")))))  # pooled ⊊ objective
@example((parse_model(LOCK, "lock"), f.ATL("player", f.F(f.Prop("open")))))  # objective ⊊ perfect
def test_uniform_semantics_form_a_chain_below_perfect(case: tuple[Model, f.ATL]) -> None:
    model, formula = case
    system = ExplicitSystem(model)
    try:
        UniformGame(system, model.groups[formula.group], max_strategies=MAX_STRATEGIES)
    except ResourceExhausted:
        assume(False)
    results = {kind: ExplicitChecker(system, strategies=kind).sat(formula) for kind in STRATEGY_SEMANTICS}
    assert results["uniform"] <= results["uniform-pooled"] <= results["uniform-objective"] <= results["perfect"]
    if len(model.groups[formula.group]) == 1:
        assert results["uniform"] == results["uniform-pooled"]
