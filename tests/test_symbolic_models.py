"""Small typed models for the symbolic engine's tests, built directly in Python.

Each builder returns a `Model` whose behaviour is easy to work out by hand, so
the tests can state expected state sets explicitly. The few tests at the end
check the builders themselves against the engine's basic invariants.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ctlstark.logic import formula as f
from ctlstark.model import (
    ENVIRONMENT, ActionIs, Agent, Binary, BoolType, Const, EnumType, EvolutionRule, Expr, Model,
    ProtocolRule, RangeType, Unary, Variable, VarRef,
)
from ctlstark.symbolic.system import build_system
from model_builders import conj, eq
from reference_corpus import REFERENCE

GEN_DC = REFERENCE / "gen_dc.py"




def disj(*parts: Expr) -> Expr:
    result = parts[0]
    for part in parts[1:]:
        result = Binary("or", result, part)
    return result


TRUE = Binary("=", Const(True), Const(True))


def other(*actions: str) -> ProtocolRule:
    return ProtocolRule(TRUE, actions, is_other=True)


def single_agent_model(agent: Agent, initial: Expr, *, semantics: str = "multi",
                       propositions: dict[str, Expr] | None = None,
                       fairness: tuple[f.Formula, ...] = (), name: str = "test") -> Model:
    return Model(
        name=name, semantics=semantics, agents=(agent,), propositions=propositions or {},  # type: ignore[arg-type]
        initial_condition=initial, groups={"all": (agent.name,)}, fairness=fairness, formulae=(),
    )


def counter_model(high: int, *, wrap: bool = False) -> tuple[Model, Variable]:
    """One agent counting `n` from 0 to `high` with `n = n + 1` every step.

    Without `wrap` the assignment overflows at `high` and the state deadlocks
    (no self-loop); with `wrap` the counter returns to 0.
    """
    n = Variable("C", "n", RangeType(0, high))
    evolution = [EvolutionRule(((n, Binary("+", VarRef(n), Const(1))),), TRUE)]
    if wrap:
        evolution = [
            EvolutionRule(((n, Binary("+", VarRef(n), Const(1))),), Binary("<", VarRef(n), Const(high))),
            EvolutionRule(((n, Const(0)),), eq(n, high)),
        ]
    agent = Agent("C", (n,), (), ("tick",), (other("tick"),), tuple(evolution))
    propositions = {"top": eq(n, high), "zero": eq(n, 0)}
    return single_agent_model(agent, eq(n, 0), propositions=propositions), n


def lasso_model(*, fairness: tuple[f.Formula, ...] = ()) -> tuple[Model, Variable]:
    """s ∈ 0..2: 0 → {0 (`wait`), 1 (`go`)}, 1 → 2, 2 → 2. `p` holds at 1, `end` at 2.

    The path waiting at 0 forever is the only one that never reaches 2: a
    `Fairness: end` section excludes it; `Fairness: p` excludes every path.
    """
    s = Variable("M", "s", RangeType(0, 2))
    go, wait = ActionIs("M", "go"), ActionIs("M", "wait")
    agent = Agent(
        "M", (s,), (), ("go", "wait"),
        (ProtocolRule(eq(s, 0), ("go", "wait")), other("go")),
        (
            EvolutionRule(((s, Const(1)),), conj(eq(s, 0), go)),
            EvolutionRule(((s, Const(2)),), eq(s, 1)),
            EvolutionRule(((s, Const(0)),), conj(eq(s, 0), wait)),
        ),
    )
    return single_agent_model(agent, eq(s, 0), propositions={"p": eq(s, 1), "end": eq(s, 2)},
                              fairness=fairness), s


def ring_model(*, fairness: tuple[f.Formula, ...] = ()) -> tuple[Model, Variable]:
    """s ∈ {a, b, c}: a → {a, b}, b → c, c → a. `p` at b, `q` at c."""
    s = Variable("R", "s", EnumType(("a", "b", "c")))
    go, stay = ActionIs("R", "go"), ActionIs("R", "stay")
    agent = Agent(
        "R", (s,), (), ("go", "stay"),
        (ProtocolRule(eq(s, "a"), ("go", "stay")), other("go")),
        (
            EvolutionRule(((s, Const("b")),), conj(eq(s, "a"), go)),
            EvolutionRule(((s, Const("c")),), eq(s, "b")),
            EvolutionRule(((s, Const("a")),), eq(s, "c")),
        ),
    )
    return single_agent_model(agent, eq(s, "a"), propositions={"p": eq(s, "b"), "q": eq(s, "c"), "a": eq(s, "a")},
                              fairness=fairness), s


def observer_model() -> tuple[Model, dict[str, Variable]]:
    """An environment with a secret bit `h` and a public bit `o`; agent Obs sees `o` only,
    agent Spy also sees `h` (Lobsvars). Initially any `h`, o = false; then o := true.

    Obs never learns `h`; Spy always knows it. Spy is red where h is true.
    """
    h = Variable(ENVIRONMENT, "h", BoolType())
    o = Variable(ENVIRONMENT, "o", BoolType())
    seen = Variable("Obs", "seen", BoolType())
    spied = Variable("Spy", "spied", BoolType())
    environment = Agent(
        ENVIRONMENT, (o, h), (), ("e",), (other("e"),),
        (EvolutionRule(((o, Const(True)),), TRUE),),
    )
    obs = Agent("Obs", (seen,), (o,), ("look",), (other("look"),),
                (EvolutionRule(((seen, VarRef(o)),), TRUE),))
    spy = Agent("Spy", (spied,), (o, h), ("look",), (other("look"),),
                (EvolutionRule(((spied, VarRef(h)),), TRUE),), red_states=eq(h, True))
    model = Model(
        name="observer", semantics="multi", agents=(environment, obs, spy),
        propositions={"h": eq(h, True), "o": eq(o, True), "seen": eq(seen, True)},
        initial_condition=conj(eq(o, False), eq(seen, False), eq(spied, False)),
        groups={"both": ("Obs", "Spy"), "obs": ("Obs",)}, fairness=(), formulae=(),
    )
    return model, {"h": h, "o": o, "seen": seen, "spied": spied}


def dining_cryptographers(count: int, tmp_path: Path) -> Model:
    """The counter-style DC model of `gen_dc.py` (written to `tmp_path`), parsed."""
    from ctlstark.ispl import parse_model

    target = tmp_path / f"dc{count}.ispl"
    result = subprocess.run([sys.executable, str(GEN_DC), str(count), "--style", "counter", "--formulae", "ctl",
                             "-o", str(target)], capture_output=True, text=True, check=False)
    if result.returncode != 0:
        pytest.skip(f"gen_dc.py failed: {result.stderr}")
    return parse_model(target.read_text(), str(target))


needs_reference = pytest.mark.skipif(not GEN_DC.exists(), reason="ispl-reference is not available")


# ---------------------------------------------------------------- the builders themselves


def test_counter_reaches_every_value_once() -> None:
    model, n = counter_model(5)
    system = build_system(model)
    assert system.states_of(system.reachable) == {(value,) for value in range(6)}
    assert system.states_of(system.deadlock_states()) == {(5,)}


def test_wrapping_counter_has_no_deadlock() -> None:
    model, _ = counter_model(2, wrap=True)
    system = build_system(model)
    assert system.count_states(system.reachable) == 3
    assert system.deadlock_states() == system.bdd.false


def test_ring_successors() -> None:
    model, _ = ring_model()
    system = build_system(model)
    successors = {state: system.states_of(system.image(system.state_bdd(state)))
                  for state in system.states_of(system.reachable)}
    assert successors == {("a",): {("a",), ("b",)}, ("b",): {("c",)}, ("c",): {("a",)}}


def test_observer_reachable_states() -> None:
    model, _ = observer_model()
    system = build_system(model)
    # (o, h, seen, spied): the initial states, then o and seen true, spied = h.
    assert system.states_of(system.reachable) == {
        (False, False, False, False), (False, True, False, False),
        (True, False, False, False), (True, True, False, True),
        (True, False, True, False), (True, True, True, True),
    }


def test_unary_helper_negates() -> None:
    model, s = ring_model()
    system = build_system(model)
    not_a = system.condition(Unary("!", eq(s, "a"))) & system.reachable
    assert system.states_of(not_a) == {("b",), ("c",)}
