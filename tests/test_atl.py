"""ATL (`<g>X/F/G/U`): hand-made games with known answers, and the symbolic engine against the explicit oracle.

The oracle (`explicit/strategic.py`) enumerates each state's coalition choices,
the others' responses and the successors of every joint action; the symbolic
engine (`mc/atl.py`) computes the controllable pre-image with BDDs. Both
follow docs/semantics.md, "Strategic operators (ATL)".
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from conftest import examples

from ctlstark.mc import atl
from ctlstark.mc.label import Checker
from ctlstark.errors import UnsupportedFormula
from ctlstark.explicit import ExplicitChecker, ExplicitSystem
from ctlstark.ispl import parse_model
from ctlstark.logic import formula as f
from ctlstark.model import Model
from ctlstark.symbolic.system import build_system

from ispl_writer import write_model
from strategies import models, models_and_atl_formulas, turn_based_games


# Matching pennies, repeated while the matcher wins; a lost game is a deadlock
# (the matcher's protocol has no line for it).
PENNIES = """
Agent Environment
  Obsvars: state : {play, win, lose}; end Obsvars
  Actions = {tick};
  Protocol: Other : {tick}; end Protocol
  Evolution:
    state = win if state = play and ((Ann.Action = h and Bob.Action = h) or (Ann.Action = t and Bob.Action = t));
    state = lose if state = play and ((Ann.Action = h and Bob.Action = t) or (Ann.Action = t and Bob.Action = h));
    state = play if state = win and Ann.Action = again;
  end Evolution
end Agent
Agent Ann
  Vars: coin : {h, t}; end Vars
  Actions = {h, t, again};
  Protocol: Environment.state = play : {h, t}; Environment.state = win : {again}; end Protocol
  Evolution: coin = h if Action = h; coin = t if Action = t; end Evolution
end Agent
Agent Bob
  Vars: coin : {h, t}; end Vars
  Actions = {h, t, wait};
  Protocol: Environment.state = play : {h, t}; Other : {wait}; end Protocol
  Evolution: coin = h if Action = h; coin = t if Action = t; end Evolution
end Agent
Evaluation
  play if Environment.state = play;
  win if Environment.state = win;
  lose if Environment.state = lose;
end Evaluation
InitStates Environment.state = play and Ann.coin = h and Bob.coin = h; end InitStates
Groups a = {Ann}; b = {Bob}; ab = {Ann, Bob}; end Groups
Formulae play; end Formulae
"""

# A walker that may step or jump along 0..3 (a jump past 3 has no successor), and
# a pusher whose push past 1 has no successor: blocked choices and responses.
BLOCKED = """
Agent Walker
  Vars: pos : 0..3; end Vars
  Actions = {step, jump, stay};
  Protocol: pos < 3 : {step, jump}; Other : {stay}; end Protocol
  Evolution: pos = pos + 1 if Action = step; pos = pos + 2 if Action = jump; end Evolution
end Agent
Agent Pusher
  Vars: z : 0..1; end Vars
  Actions = {rest, push};
  Protocol: Other : {rest, push}; end Protocol
  Evolution: z = z + 1 if Action = push; end Evolution
end Agent
Evaluation
  at0 if Walker.pos = 0; at1 if Walker.pos = 1; at2 if Walker.pos = 2; at3 if Walker.pos = 3;
  pushed if Pusher.z = 1;
end Evaluation
InitStates Walker.pos = 0 and Pusher.z = 0; end InitStates
Groups walker = {Walker}; pusher = {Pusher}; end Groups
Formulae at0; end Formulae
"""

play, win, lose = f.Prop("play"), f.Prop("win"), f.Prop("lose")
at0, at1, at2, at3, pushed = (f.Prop(n) for n in ("at0", "at1", "at2", "at3", "pushed"))
TRUE, FALSE = f.Const(True), f.Const(False)


def Not(x: f.Formula) -> f.Formula: return f.Not(x)  # noqa: E302,E704
def Or(x: f.Formula, y: f.Formula) -> f.Formula: return f.Or(x, y)  # noqa: E302,E704


def both_states(model: Model, formula: f.Formula) -> frozenset:
    """The formula's states by the oracle, after checking that the symbolic engine gives the same ones."""
    system = build_system(model)
    symbolic = frozenset(system.states_of(Checker(system).states(formula)))
    explicit = ExplicitChecker(ExplicitSystem(model)).sat(formula)
    assert symbolic == explicit, f"{f.to_text(formula)}: symbolic {sorted(symbolic)} oracle {sorted(explicit)}"
    return explicit


def oracle_states(model: Model, formula: f.Formula) -> frozenset:
    return ExplicitChecker(ExplicitSystem(model)).sat(formula)


@pytest.fixture(scope="module")
def pennies() -> Model:
    return parse_model(PENNIES, "pennies")


@pytest.fixture(scope="module")
def blocked() -> Model:
    return parse_model(BLOCKED, "blocked")


# ---------------------------------------------------------------- matching pennies


@pytest.mark.parametrize("formula, expected", [
    # simultaneous moves: no player alone can force the outcome, together they can
    (f.ATL("a", f.X(win)), FALSE),
    (f.ATL("b", f.X(lose)), FALSE),
    (f.ATL("ab", f.X(win)), play),
    (f.ATL("ab", f.X(lose)), play),
    (f.ATL("ab", f.X(play)), win),
    # from a win the only joint action is (again, wait): even Ann alone forces play
    (f.ATL("a", f.X(play)), win),
    (f.ATL("b", f.X(play)), win),
    # the deadlock: nobody can enforce anything, not even a next state
    (f.ATL("ab", f.X(TRUE)), Not(lose)),
    (f.ATL("a", f.X(TRUE)), Not(lose)),
    (f.ATL("ab", f.G(TRUE)), Not(lose)),
    (f.ATL("a", f.G(TRUE)), FALSE),  # Bob can always push the game into the deadlock
    (f.ATL("ab", f.G(Not(lose))), Not(lose)),
    (f.ATL("a", f.G(Not(lose))), FALSE),
    (f.ATL("ab", f.G(Not(win))), FALSE),  # avoiding a win means losing, and G fails at the deadlock
    (f.ATL("ab", f.F(lose)), TRUE),
    (f.ATL("b", f.F(lose)), lose),
    (f.ATL("a", f.F(win)), win),
    (f.ATL("ab", f.U(Not(lose), win)), Not(lose)),
    (f.ATL("a", f.U(Not(lose), win)), win),
    (f.ATL("ab", f.U(play, lose)), Or(play, lose)),
    (f.ATL("ab", f.U(FALSE, win)), win),
])
def test_pennies(pennies: Model, formula: f.Formula, expected: f.Formula) -> None:
    assert both_states(pennies, formula) == oracle_states(pennies, expected)


def test_pennies_verdicts_at_the_initial_state(pennies: Model) -> None:
    oracle = ExplicitChecker(ExplicitSystem(pennies))
    assert not oracle.holds(f.ATL("a", f.X(win)))
    assert oracle.holds(f.ATL("ab", f.X(win)))
    assert oracle.holds(f.A(f.G(f.Implies(lose, Not(f.ATL("ab", f.X(TRUE)))))))


def test_fairness_is_ignored_by_atl(pennies: Model) -> None:
    """A fairness constraint no path meets empties E/A's fair states but leaves ATL alone (MCMAS's default)."""
    unfair = dataclasses.replace(pennies, fairness=(FALSE,))
    formula = f.ATL("ab", f.G(Not(lose)))
    assert both_states(unfair, formula) == both_states(pennies, formula) == oracle_states(pennies, Not(lose))


def test_groups_with_the_same_members_share_one_fixpoint(pennies: Model, monkeypatch: pytest.MonkeyPatch) -> None:
    """`<g>` sets are keyed by the coalition's members: a second group of the same agents reuses the first's
    fixpoint (hanoi's `player` and `allAgents`), a group of other agents or another path does not."""
    calls = []
    real = atl.can_force_until
    monkeypatch.setattr(atl, "can_force_until", lambda *args: calls.append(args) or real(*args))
    twin = dataclasses.replace(pennies, groups={**pennies.groups, "twin": ("Bob", "Ann")})
    system = build_system(twin)
    checker = Checker(system)
    assert checker.states(f.ATL("twin", f.F(lose))) == checker.states(f.ATL("ab", f.F(lose)))
    assert len(calls) == 1
    checker.states(f.ATL("a", f.F(lose)))
    checker.states(f.ATL("twin", f.F(win)))
    assert len(calls) == 3
    assert frozenset(system.states_of(checker.states(f.ATL("twin", f.F(lose))))) == oracle_states(pennies, TRUE)


# ---------------------------------------------------------------- blocked choices and responses


@pytest.mark.parametrize("formula, expected", [
    # a choice that no response completes is not available: <g>X false holds nowhere
    (f.ATL("walker", f.X(FALSE)), FALSE),
    (f.ATL("pusher", f.X(FALSE)), FALSE),
    # at 2 the jump is blocked (stepping is the only way on); at 3 the walker stays
    (f.ATL("walker", f.X(at3)), Not(at0)),
    (f.ATL("walker", f.X(at2)), Or(at0, at1)),
    # a push at z = 1 is no transition, so it cannot spoil the walker's target
    (f.ATL("walker", f.X(pushed)), pushed),
    (f.ATL("pusher", f.X(pushed)), TRUE),
    (f.ATL("pusher", f.G(Not(pushed))), Not(pushed)),
    (f.ATL("pusher", f.G(pushed)), pushed),
    (f.ATL("walker", f.F(at3)), TRUE),
    (f.ATL("walker", f.G(Not(at3))), FALSE),
    (f.ATL("walker", f.U(Not(at1), at3)), Or(at3, Or(at2, at0))),
    (f.ATL("walker", f.U(at0, at2)), Or(at0, at2)),
])
def test_blocked_actions(blocked: Model, formula: f.Formula, expected: f.Formula) -> None:
    assert both_states(blocked, formula) == oracle_states(blocked, expected)


def test_unknown_group_is_unsupported(blocked: Model) -> None:
    with pytest.raises(UnsupportedFormula, match="nobody"):
        ExplicitChecker(ExplicitSystem(blocked)).sat(f.ATL("nobody", f.X(TRUE)))


# ---------------------------------------------------------------- differential


def state_subformulas(formula: f.Formula) -> list[f.Formula]:
    """Every state subformula, innermost first, no repeats."""
    found: list[f.Formula] = []
    for child in f.children(formula):
        found += [sub for sub in state_subformulas(child) if sub not in found]
    if f.is_state_formula(formula) and formula not in found:
        found.append(formula)
    return found


def assert_atl_agrees(model: Model, formula: f.Formula) -> None:
    """Every state subformula has the same states on both sides; a failure shows the model as ISPL."""
    oracle = ExplicitChecker(ExplicitSystem(model))
    system = build_system(model)
    checker = Checker(system)
    for sub in state_subformulas(formula):
        symbolic, explicit = system.states_of(checker.states(sub)), oracle.sat(sub)
        assert symbolic == explicit, (
            f"{f.to_text(sub)}\nsymbolic only: {sorted(symbolic - explicit, key=repr)}\n"
            f"oracle only: {sorted(explicit - symbolic, key=repr)}\n{write_model(model)}"
        )


@settings(max_examples=examples(200))
@given(models_and_atl_formulas())
def test_atl_states_agree(case: tuple[Model, f.Formula]) -> None:
    assert_atl_agrees(*case)


@settings(max_examples=examples(150))
@given(models_and_atl_formulas(model_strategy=turn_based_games()))
def test_atl_states_agree_on_turn_based_games(case: tuple[Model, f.Formula]) -> None:
    """Games where one side chooses at a time (most GDL games), with deadlocks and nondeterministic moves."""
    assert_atl_agrees(*case)


# ---------------------------------------------------------------- one successor per joint action

COIN = """
Agent Environment
  Vars: side : {none, heads, tails}; spare : boolean; end Vars
  Actions = {wait, toss, spin};
  Protocol: side = none : {toss, spin}; Other : {wait}; end Protocol
  Evolution:
    side = heads if Action = toss and side = none;
    side = {toss_result} if Action = toss and side = none;
    side = heads if Action = spin and spare = true;
    side = tails if Action = spin and spare = true;
  end Evolution
end Agent
Agent Player
  Vars: called : boolean; end Vars
  Actions = {call};
  Protocol: Other : {call}; end Protocol
  Evolution: called = true if Action = call; end Evolution
end Agent
Evaluation heads if Environment.side = heads; end Evaluation
InitStates Environment.side = none and Environment.spare = false and Player.called = false; end InitStates
Groups p = {Player}; everyone = {Environment, Player}; end Groups
Formulae <everyone> F heads; end Formulae
"""


@pytest.mark.parametrize("toss_result, one_each, can_force_heads", [
    ("heads", True, TRUE),   # both toss lines agree; the spin lines disagree only where spare = true (unreachable)
    ("tails", False, f.Prop("heads")),  # a toss from side = none: heads or tails
])
def test_one_successor_each(toss_result: str, one_each: bool, can_force_heads: f.Formula) -> None:
    """Two successors of one (state, joint action) count only at reachable states and enabled actions."""
    model = parse_model(COIN.replace("{toss_result}", toss_result), "coin")
    system = build_system(model)
    enabled = system.preimage_with_actions(system.bdd.true) & system.reachable
    assert system.one_successor_each(enabled) is one_each
    assert atl.ControllablePreimage(system, ("Environment", "Player")).existential is one_each
    assert not atl.ControllablePreimage(system, ("Player",)).existential  # the environment chooses
    assert both_states(model, f.ATL("everyone", f.F(f.Prop("heads")))) == oracle_states(model, can_force_heads)
    checker = Checker(system)
    checker.states(f.And(f.ATL("everyone", f.F(f.Prop("heads"))), f.ATL("p", f.F(f.Prop("heads")))))
    assert checker.routes == {f.ATL("everyone", f.F(f.Prop("heads"))): "perfect:EX" if one_each else "perfect:pre_g",
                              f.ATL("p", f.F(f.Prop("heads"))): "perfect:frontiers" if one_each else "perfect:pre_g"}


@settings(max_examples=examples(100))
@given(models())
def test_one_successor_each_agrees_with_the_oracle(model: Model) -> None:
    """The cluster-by-cluster decision (no relation built) against the oracle's successors of each joint action."""
    system = build_system(model)
    enabled = system.preimage_with_actions(system.bdd.true) & system.reachable
    successors = ExplicitSystem(model).labelled_successors().values()
    assert system.one_successor_each(enabled) == all(len(targets) == 1 for joints in successors
                                                     for targets in joints.values())


# ---------------------------------------------------------------- fixpoints by frontiers


def _whole_rounds_until(pre: atl.ControllablePreimage, hold, goal):  # noqa: ANN001, ANN202 - BDDs
    return atl.fixpoint(lambda reached: reached | (hold & pre(reached)), goal & pre.system.reachable)


def _whole_rounds_always(pre: atl.ControllablePreimage, holds):  # noqa: ANN001, ANN202 - BDDs
    return atl.fixpoint(lambda current: holds & pre(current), holds & pre.system.reachable)


@settings(max_examples=examples(120))
@given(turn_based_games(), st.data())
def test_fixpoints_by_frontiers_equal_whole_rounds(model: Model, data: st.DataObject) -> None:
    """Where each joint action has one successor, `<g>F/U/G` by frontiers (the moves into the states a
    round added or removed) give the textbook fixpoints' states, and each target's safe and
    answering moves are `safe`'s and `answering`'s, for every coalition and for goal and hold sets drawn from the model's atoms."""
    system = build_system(model)
    checker = Checker(system)
    sets = [checker.states(f.Prop(name)) for name in sorted(model.propositions)] + [system.bdd.true, system.bdd.false]

    def pick() -> object:  # an index is drawn, not a BDD: hypothesis keeps what it draws past the manager
        return sets[data.draw(st.integers(0, len(sets) - 1))]

    players = [agent.name for agent in model.agents if not agent.is_environment]
    for size in range(1, len(players) + 1):
        pre = atl.ControllablePreimage(system, players[:size])
        if not pre.by_frontiers:
            assert pre.existential or not system.one_successor_per_move()
            continue
        hold, goal = pick() & ~pick(), pick() | pick()
        assert atl.can_force_until(pre, hold, goal) == _whole_rounds_until(pre, hold, goal)
        assert atl.can_force_until(pre, system.reachable, goal) == _whole_rounds_until(pre, system.reachable, goal)
        assert atl.can_force_always(pre, hold) == _whole_rounds_always(pre, hold)
        growing, shrinking = pre.safe_into_growing(), pre.safe_into_shrinking()
        answering_growing, answering_shrinking = pre.answering_into_growing(), pre.answering_into_shrinking()
        target = goal
        for extra in (pick(), pick(), pick()):  # the strategies' layers: each call's safe moves as `safe`'s
            assert growing(target) == pre.safe(target) and shrinking(~target) == pre.safe(~target)
            assert answering_growing(target) == pre.answering(target)
            assert answering_shrinking(~target) == pre.answering(~target)
            target |= extra
