"""The encoding: bits and their order, domain constraints, expressions, transitions, counting."""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from ctlstark.errors import ResourceExhausted
from ctlstark.model import (
    ENVIRONMENT, ActionIs, Agent, Binary, BoolType, Const, EnumType, EvolutionRule, Model, ProtocolRule,
    RangeType, Unary, Variable, VarRef,
)
from ctlstark.symbolic import bdd as backend
from ctlstark.symbolic.encode import bits_needed, block_order
from ctlstark.symbolic.system import build_system

from test_symbolic_models import (
    TRUE, conj, counter_model, dining_cryptographers, eq, needs_reference, other, single_agent_model,
)


def free_model(*types: object, semantics: str = "multi", evolution: tuple = (), protocol: tuple | None = None,
               actions: tuple[str, ...] = ("idle",)) -> tuple[Model, list[Variable]]:
    """One agent with variables v0, v1, … of the given types, all initially free."""
    variables = [Variable("A", f"v{i}", kind) for i, kind in enumerate(types)]  # type: ignore[arg-type]
    agent = Agent("A", tuple(variables), (), actions, protocol or (other(*actions),), evolution)
    return single_agent_model(agent, TRUE, semantics=semantics), variables


def holding(system, condition) -> set:
    return system.states_of(system.condition(condition) & system.reachable)


# ---------------------------------------------------------------- bits and order


@pytest.mark.parametrize(("count", "bits"), [(1, 0), (2, 1), (3, 2), (4, 2), (5, 3), (8, 3), (9, 4)])
def test_bits_needed(count: int, bits: int) -> None:
    assert bits_needed(count) == bits


def test_unused_codes_are_never_states() -> None:
    model, _ = free_model(EnumType(("a", "b", "c")), RangeType(-1, 1), RangeType(0, 4), BoolType())
    system = build_system(model)
    assert system.count_states(system.initial) == 3 * 3 * 5 * 2
    assert system.count_states(system.reachable) == 90
    assert len(system.states_of(system.reachable)) == 90


def test_single_value_type_takes_no_bit() -> None:
    model, _ = free_model(RangeType(7, 7), BoolType())
    system = build_system(model)
    assert system.stats["state_bits"] == 1
    assert system.states_of(system.reachable) == {(7, False), (7, True)}


def test_exact_count_beyond_float_precision() -> None:
    model, _ = free_model(*([BoolType()] * 60), RangeType(0, 2))
    system = build_system(model)
    assert system.count_states(system.reachable) == 3 * 2**60


def test_next_bit_follows_its_current_bit_and_variables_stay_together() -> None:
    model, _ = free_model(RangeType(0, 5), EnumType(("a", "b", "c")), BoolType())
    system = build_system(model)
    level = system.bdd.level_of_var
    for layout in system.encoding.variables.values():
        levels = [level(bit) for pair in zip(layout.current, layout.next) for bit in pair]
        assert levels == list(range(levels[0], levels[0] + len(levels)))
        assert all(level(n) == level(c) + 1 for c, n in zip(layout.current, layout.next))


def test_count_models_matches_brute_force() -> None:
    manager = backend.new_manager()
    names = [f"x{i}" for i in range(7)]
    manager.declare(*names)
    rng = random.Random(7)
    for _ in range(60):
        u = manager.false
        for _ in range(rng.randint(0, 5)):
            term = manager.true
            for name in rng.sample(names, rng.randint(1, 4)):
                term &= manager.var(name) if rng.random() < 0.5 else ~manager.var(name)
            u = u | term if rng.random() < 0.7 else u & ~term
        brute = sum(manager.let(dict(zip(names, values)), u) == manager.true
                    for values in itertools.product((False, True), repeat=len(names)))
        assert backend.count_models(manager, u, names) == brute


@needs_reference
def test_dining_cryptographers_order_follows_the_ring(tmp_path) -> None:
    """Each cryptographer's coin and announcement sit with that cryptographer; the hub comes first."""
    model = dining_cryptographers(6, tmp_path)
    order = block_order(model)
    position = {block: index for index, block in enumerate(order)}
    assert order[0] == ("var", "Environment.numberofodd")
    def distance(shared: str, agent: int) -> int:
        return abs(position[("var", shared)] - position[("var", f"DinCrypt{agent}.payer")])

    for i in range(1, 7):
        assert distance(f"Environment.say{i}", i) <= 5
        # coin i is read by cryptographers i and i + 1 (the ring closes at 6 → 1)
        assert min(distance(f"Environment.coin{i}", i), distance(f"Environment.coin{i}", i % 6 + 1)) <= 5


@pytest.mark.parametrize("children", [6, 14])
def test_a_fact_every_agent_but_one_observes_sits_with_that_agent(children: int) -> None:
    """The muddy children: `muddy_i`, seen by every child but i, goes next to child i (not hoisted as a hub
    at N = 6, not left at the bottom once the protocols reading it are too big to count, N = 14), and the
    reachable set stays small (it was 240,998 nodes at N = 12 and 11 M peak nodes at N = 14)."""
    from benchmark_modules import load_benchmark
    from ctlstark.ispl import parse_model

    model = parse_model(load_benchmark("muddy").muddy_model_text(children), filename="muddy.ispl")
    order = block_order(model)
    position = {block: index for index, block in enumerate(order)}
    for i in range(1, children + 1):
        assert abs(position[("var", f"Environment.muddy{i}")] - position[("act", f"Child{i}")]) <= 3
        assert abs(position[("var", f"Environment.knew{i}")] - position[("act", f"Child{i}")]) <= 3
    system = build_system(model)
    assert system.stats["reachable_nodes"] < 100 * children ** 2
    system.release()


def _line_chomp(cells: int, declared: list[int], *, own_moves: bool = False) -> str:
    """Chomp on a line: `take_k` removes every cell from k on (`own_moves`: cell k only); the cells are
    declared in `declared`'s order."""
    takes = [f"take_{k}" for k in range(1, cells + 1)]
    def kept(cell: int) -> str:
        return " or ".join(f"P.Action = take_{k}" for k in range(cell + 1, cells + 1))
    evolution = "\n".join(f"    c{i} = false if c{i} = true and P.Action = take_{i};" if own_moves
                           else f"    c{i} = false if c{i} = true and !({kept(i)});" if i < cells
                           else f"    c{i} = false if c{i} = true;" for i in range(1, cells + 1))
    return f"""Agent Environment
  Obsvars:
{chr(10).join(f"    c{i} : boolean;" for i in declared)}
  end Obsvars
  Actions = {{none}};
  Protocol: Other : {{none}}; end Protocol
  Evolution:
{evolution}
  end Evolution
end Agent
Agent P
  Vars: turn : boolean; end Vars
  Actions = {{{", ".join(takes)}}};
  Protocol: Other : {{{", ".join(takes)}}}; end Protocol
  Evolution: turn = false if turn = true; turn = true if turn = false; end Evolution
end Agent
Evaluation first if Environment.c1 = true; end Evaluation
InitStates {" and ".join(f"Environment.c{i} = true" for i in range(1, cells + 1))} and P.turn = true;
end InitStates
Formulae AF !first; end Formulae
"""


def test_cells_one_move_acts_on_are_placed_together() -> None:
    """Every cell reads every move (the action block is a hub), so only the action values say which
    cells belong together: `take_k` clears the cells from k on, and the order follows the line (up to
    one swap of neighbours) whatever the declaration order (FORCE over the values' hyperedges)."""
    from ctlstark.ispl import parse_model

    declared = [7, 2, 9, 4, 1, 10, 5, 3, 8, 6]
    model = parse_model(_line_chomp(10, declared), filename="line_chomp.ispl")
    cells = [int(name.rsplit(".c", 1)[1]) for kind, name in block_order(model) if name.startswith("Environment.c")]
    def displacement(line: list[int]) -> int:
        """How far `line` is from 1 … 10 or 10 … 1."""
        return min(sum(abs(cell - place) for cell, place in zip(line, places))
                   for places in (range(1, 11), range(10, 0, -1)))

    assert sorted(cells) == list(range(1, 11))
    assert displacement(declared) == 32
    assert displacement(cells) <= 2


def test_cells_without_shared_action_values_keep_their_declared_order() -> None:
    """A hyperedge over one cell (or every cell) says nothing; such a run keeps its declaration order."""
    from ctlstark.ispl import parse_model

    declared = [3, 1, 4, 2]
    model = parse_model(_line_chomp(4, declared, own_moves=True), filename="line_chomp.ispl")
    cells = [int(name.rsplit(".c", 1)[1]) for kind, name in block_order(model) if name.startswith("Environment.c")]
    assert cells == declared


@needs_reference
def test_dining_cryptographers_reachable_set_grows_linearly(tmp_path) -> None:
    """With the structural order the reachable BDD has O(N) nodes (declaration order: ×2.2 per agent)."""
    small = build_system(dining_cryptographers(8, tmp_path))
    large = build_system(dining_cryptographers(16, tmp_path))
    assert large.count_states(large.reachable) == 4 * 17 * 2**16
    assert large.stats["reachable_nodes"] < 3 * small.stats["reachable_nodes"]


# ---------------------------------------------------------------- expressions


def test_division_truncates_toward_zero_and_zero_divisor_is_undefined() -> None:
    model, (x, y) = free_model(RangeType(-3, 3), RangeType(-1, 1))
    system = build_system(model)
    quotient = Binary("/", VarRef(x), VarRef(y))
    assert holding(system, Binary("=", Binary("/", VarRef(x), Const(2)), Const(-1))) == {
        (-3, v) for v in (-1, 0, 1)} | {(-2, v) for v in (-1, 0, 1)}
    # a comparison with an undefined side is false, and so is its negated relation
    equal = holding(system, Binary("=", quotient, VarRef(x)))
    different = holding(system, Binary("<>", quotient, VarRef(x)))
    assert all(v != 0 for _, v in equal | different)
    assert len(equal | different) == 7 * 2
    assert holding(system, Unary("!", Binary("=", quotient, VarRef(x)))) >= {(x_, 0) for x_ in range(-3, 4)}


def test_orderings_and_arithmetic() -> None:
    model, (x, y) = free_model(RangeType(0, 3), RangeType(-2, 1))
    system = build_system(model)
    everything = list(itertools.product(range(0, 4), range(-2, 2)))
    cases = {
        "<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b,
        ">=": lambda a, b: a >= b, "=": lambda a, b: a == b, "<>": lambda a, b: a != b,
    }
    for op, expected in cases.items():
        total = Binary("*", Binary("-", VarRef(x), VarRef(y)), Const(2))
        condition = Binary(op, total, Binary("+", VarRef(x), Const(1)))  # type: ignore[arg-type]
        assert holding(system, condition) == {(a, b) for a, b in everything if expected((a - b) * 2, a + 1)}, op


def test_boolean_bit_operators() -> None:
    model, (p, q) = free_model(BoolType(), BoolType())
    system = build_system(model)
    both = list(itertools.product((False, True), repeat=2))
    for op, expected in {"&": lambda a, b: a and b, "|": lambda a, b: a or b, "^": lambda a, b: a != b}.items():
        condition = Binary("=", Binary(op, VarRef(p), VarRef(q)), Const(True))  # type: ignore[arg-type]
        assert holding(system, condition) == {(a, b) for a, b in both if expected(a, b)}, op
    assert holding(system, Binary("=", Unary("~", VarRef(p)), Const(True))) == {(False, False), (False, True)}


def test_integer_and_boolean_constants_are_not_confused() -> None:
    """`Const(0) == Const(False)` as dataclasses; the encoder must keep them apart (regression)."""
    model, (n, b) = free_model(RangeType(0, 1), BoolType())
    system = build_system(model)
    encoder = system.expressions
    encoder.values(Const(0))
    assert set(encoder.values(Const(False))) == {False}
    assert isinstance(next(iter(encoder.values(Const(False)))), bool)
    assert holding(system, Binary("=", VarRef(b), Const(False))) == {(0, False), (1, False)}


def test_equal_subexpressions_are_encoded_once() -> None:
    model, (x, y) = free_model(RangeType(0, 3), RangeType(0, 3))
    system = build_system(model)
    first = Binary("+", VarRef(x), VarRef(y))
    second = Binary("+", VarRef(x), VarRef(y))
    assert first is not second
    assert system.expressions.values(first) is system.expressions.values(second)


def test_enumeration_compared_with_a_subset_type() -> None:
    wide = Variable("A", "w", EnumType(("a", "b", "c")))
    narrow = Variable("A", "n", EnumType(("b", "c")))
    agent = Agent("A", (wide, narrow), (), ("i",), (other("i"),), ())
    system = build_system(single_agent_model(agent, TRUE))
    assert holding(system, Binary("=", VarRef(wide), VarRef(narrow))) == {("b", "b"), ("c", "c")}


# ---------------------------------------------------------------- transitions


def test_overflowing_assignment_has_no_successor() -> None:
    model, _ = counter_model(3)
    system = build_system(model)
    assert system.states_of(system.deadlock_states()) == {(3,)}
    assert system.image(system.state_bdd((3,))) == system.bdd.false


def test_multi_and_single_assignment_differ() -> None:
    """Two true lines: MA picks one line (the other variable keeps); SA applies both."""
    for semantics, expected in (("multi", {(True, False), (False, True)}), ("single", {(True, True)})):
        x = Variable("A", "x", BoolType())
        y = Variable("A", "y", BoolType())
        evolution = (EvolutionRule(((x, Const(True)),), TRUE), EvolutionRule(((y, Const(True)),), TRUE))
        agent = Agent("A", (x, y), (), ("i",), (other("i"),), evolution)
        system = build_system(single_agent_model(agent, conj(eq(x, False), eq(y, False)), semantics=semantics))
        assert system.states_of(system.image(system.initial)) == expected, semantics


def test_single_assignment_without_true_guard_keeps_value() -> None:
    n = Variable("A", "n", RangeType(0, 3))
    evolution = (EvolutionRule(((n, Const(2)),), eq(n, 0)),)
    agent = Agent("A", (n,), (), ("i",), (other("i"),), evolution)
    system = build_system(single_agent_model(agent, eq(n, 0), semantics="single"))
    assert system.states_of(system.reachable) == {(0,), (2,)}
    assert system.states_of(system.image(system.state_bdd((2,)))) == {(2,)}


def test_multi_assignment_with_every_alternative_impossible_blocks() -> None:
    n = Variable("A", "n", RangeType(0, 1))
    evolution = (EvolutionRule(((n, Binary("+", VarRef(n), Const(5))),), TRUE),)
    agent = Agent("A", (n,), (), ("i",), (other("i"),), evolution)
    system = build_system(single_agent_model(agent, eq(n, 0)))
    assert system.states_of(system.deadlock_states()) == {(0,)}


def test_protocol_lines_union_other_and_missing_other() -> None:
    """Lines whose condition holds are unioned; `Other` only where none holds; no line: deadlock."""
    n = Variable("A", "n", RangeType(0, 3))
    act = {name: ActionIs("A", name) for name in ("up", "down", "reset")}
    evolution = (
        EvolutionRule(((n, Binary("+", VarRef(n), Const(1))),), act["up"]),
        EvolutionRule(((n, Binary("-", VarRef(n), Const(1))),), act["down"]),
        EvolutionRule(((n, Const(0)),), act["reset"]),
    )
    protocol_with_other = (
        ProtocolRule(Binary("<", VarRef(n), Const(2)), ("up",)),
        ProtocolRule(conj(Binary(">", VarRef(n), Const(0)), Binary("<", VarRef(n), Const(2))), ("down",)),
        other("reset"),
    )
    agent = Agent("A", (n,), (), ("up", "down", "reset"), protocol_with_other, evolution)
    system = build_system(single_agent_model(agent, eq(n, 0)))
    successors = {s: system.states_of(system.image(system.state_bdd(s))) for s in [(0,), (1,), (2,)]}
    assert successors == {(0,): {(1,)}, (1,): {(0,), (2,)}, (2,): {(0,)}}
    pairs = system.successors_with_actions(system.state_bdd((1,)))
    assert system.joint_actions_of(pairs) == {("up",), ("down",)}

    without_other = protocol_with_other[:2]
    agent = Agent("A", (n,), (), ("up", "down", "reset"), without_other, evolution)
    system = build_system(single_agent_model(agent, eq(n, 0)))
    assert system.states_of(system.deadlock_states()) == {(2,)}


def test_empty_environment_protocol_enables_every_action_code() -> None:
    """MCMAS: an environment without protocol lines may take any code, anonymous `#k` included."""
    flag = Variable(ENVIRONMENT, "flag", BoolType())
    environment = Agent(ENVIRONMENT, (flag,), (), ("a", "b", "c", "#3"), (),
                        (EvolutionRule(((flag, Const(True)),), ActionIs(ENVIRONMENT, "a")),))
    x = Variable("A", "x", BoolType())
    agent = Agent("A", (x,), (), ("i",), (other("i"),), ())
    model = Model(name="env", semantics="multi", agents=(environment, agent), propositions={},
                  initial_condition=conj(eq(flag, False), eq(x, False)), groups={}, fairness=(), formulae=())
    system = build_system(model)
    pairs = system.successors_with_actions(system.initial)
    assert system.joint_actions_of(pairs) == {(code, "i") for code in ("a", "b", "c", "#3")}
    assert system.states_of(system.reachable) == {(False, False), (True, False)}


def test_guards_read_other_agents_actions() -> None:
    light = Variable("L", "on", BoolType())
    switch = Variable("S", "pressed", BoolType())
    lamp = Agent("L", (light,), (), ("idle",), (other("idle"),),
                 (EvolutionRule(((light, Const(True)),), ActionIs("S", "press")),))
    user = Agent("S", (switch,), (), ("press", "wait"), (other("press", "wait"),), ())
    model = Model(name="lamp", semantics="multi", agents=(lamp, user), propositions={},
                  initial_condition=conj(eq(light, False), eq(switch, False)), groups={}, fairness=(), formulae=())
    system = build_system(model)
    assert system.states_of(system.image(system.initial)) == {(False, False), (True, False)}
    pairs = system.successors_with_actions(system.initial)
    turned_on = pairs & system.state_bdd((True, False))
    assert system.joint_actions_of(turned_on) == {("idle", "press")}


def test_state_bdd_rejects_bad_states() -> None:
    model, _ = counter_model(2)
    system = build_system(model)
    with pytest.raises(ValueError):
        system.state_bdd((7,))
    with pytest.raises(ValueError):
        system.state_bdd((0, 1))


# ---------------------------------------------------------------- reordering, memory, shutdown


def test_reordering_modes_give_the_same_states() -> None:
    model, _ = counter_model(6)
    forced = build_system(model, reorder=True)
    never = build_system(model, reorder=False)
    default = build_system(model)
    assert forced.stats["reordering"] is True
    assert never.stats["reordering"] is False and default.stats["reordering"] is False
    expected = never.states_of(never.reachable)
    assert forced.states_of(forced.reachable) == expected == default.states_of(default.reachable)


def _netbill(customers: int):
    from benchmark_modules import load_benchmark
    from ctlstark.ispl import parse_model

    return parse_model(load_benchmark("netbill").netbill_model_text(customers), f"netbill{customers}.ispl")


def _automatic_reordering_decision(model, monkeypatch: pytest.MonkeyPatch, clock_step: float) -> tuple:
    """Build and check `model` with a fake clock that advances `clock_step` s per reading."""
    from ctlstark.mc.label import Checker
    from ctlstark.symbolic import system as system_module

    readings = itertools.count()
    fake = lambda: next(readings) * clock_step  # noqa: E731
    for name in ("perf_counter", "thread_time", "process_time", "monotonic"):
        monkeypatch.setattr(system_module.time, name, fake)
    system = build_system(model)
    checker = Checker(system)
    verdicts = [checker.holds(entry.formula) for entry in model.formulae]
    decision = (system.stats.get("reordering_enabled_after_product"), system.stats.get("reordering_enabled_at_nodes"),
                backend.reordering_enabled(system.bdd), verdicts)
    checker.release()
    system.release()
    monkeypatch.undo()
    return decision


@pytest.mark.skipif(backend.BACKEND != "cudd", reason="the triggers read CUDD's node counts")
def test_automatic_reordering_counts_nodes_never_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    """NetBill with 4 customers blows up its images under the static order, so sifting starts;
    a clock that says every product took ten seconds, or no time at all, changes nothing."""
    netbill = _netbill(4)
    slow = _automatic_reordering_decision(netbill, monkeypatch, 10.0)
    fast = _automatic_reordering_decision(netbill, monkeypatch, 0.0)
    assert slow == fast and slow[2] is True and slow[0]["intermediate_nodes"] >= 20_000
    counter, _ = counter_model(6)
    assert _automatic_reordering_decision(counter, monkeypatch, 10.0)[:3] == (None, None, False)


@pytest.mark.skipif(backend.BACKEND != "cudd", reason="the triggers read CUDD's node counts")
def test_a_blow_up_small_for_the_number_of_variables_does_not_start_sifting(monkeypatch: pytest.MonkeyPatch) -> None:
    """128 processes and a semaphore (778 BDD variables): `LTL G F (…)` makes 40,863-node intermediates,
    24 times operand plus result, which sifting across 778 variables cost 9 s to repair (0.3 s without)."""
    from benchmark_modules import load_benchmark
    from ctlstark.ispl import parse_model

    nusmv = load_benchmark("nusmv")
    text, specs = nusmv.mutex_model(128)
    model = parse_model(nusmv.with_formulae(text, specs[-1:]), filename="mutex128.ispl")
    decision = _automatic_reordering_decision(model, monkeypatch, 0.0)
    assert decision == (None, None, False, [False])


def test_cudd_out_of_memory_becomes_resource_exhausted() -> None:
    if backend.BACKEND != "cudd":
        pytest.skip("needs dd.cudd")
    manager = backend.new_manager()
    manager.configure(max_memory=32 * 2**20)
    names = [f"q{i}" for i in range(400)]
    manager.declare(*names)
    with pytest.raises(ResourceExhausted):
        with backend.memory_guard():
            u = manager.false
            for i in range(200):
                u |= manager.var(names[i]) & manager.var(names[399 - i])


def test_other_errors_pass_through_the_memory_guard() -> None:
    with pytest.raises(ValueError, match="unrelated"):
        with backend.memory_guard():
            raise ValueError("unrelated")


def test_no_cudd_shutdown_message() -> None:
    """A run that keeps its system and checker until exit prints nothing about referenced nodes."""
    script = (
        "from ctlstark.mc.label import Checker\n"
        "from ctlstark.logic import formula as f\n"
        "from ctlstark.symbolic.system import build_system\n"
        "from test_symbolic_models import counter_model\n"
        "model, _ = counter_model(4)\n"
        "system = build_system(model)\n"
        "checker = Checker(system)\n"
        "kept = checker.states(f.E(f.F(f.Prop('top'))))\n"
        "print(checker.holds(f.E(f.F(f.Prop('top')))))\n"
    )
    tests_dir = str(Path(__file__).parent)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tests_dir,
                            env={**os.environ, "PYTHONPATH": tests_dir}, check=False)
    assert result.stdout.strip() == "True", result.stderr
    assert "referenced" not in result.stderr and "Still" not in result.stderr, result.stderr



@needs_reference
@pytest.mark.parametrize("game", ["sum15", "bunk_t"])
def test_the_order_of_cells_does_not_depend_on_string_hashing(game: str) -> None:
    """FORCE averages positions in floating point; summed in set order, which `PYTHONHASHSEED` changes,
    equal centres came out unequal now and then, and sum15's and bunk_t's orders changed between runs."""
    from reference_corpus import REFERENCE

    path = REFERENCE / "gdl-to-ispl" / f"{game}.ispl"
    program = ("import sys; from ctlstark.ispl import load_model; from ctlstark.symbolic.encode import block_order; "
               "print(block_order(load_model(sys.argv[1])))")
    orders = {subprocess.run([sys.executable, "-c", program, str(path)], capture_output=True, text=True, check=True,
                             env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout for seed in range(1, 6)}
    assert len(orders) == 1

def _blowing_up_everywhere(monkeypatch: pytest.MonkeyPatch, margin: float) -> None:
    """Every watched product whose widest intermediate outgrows its operand and result is a blow-up (a
    one-BDD relation has no other intermediate: never), and the monolithic relation pays when it does
    `margin` times less work (0: always)."""
    from ctlstark.symbolic import system as system_module

    for name, value in (("BLOW_UP_NODES", 0), ("BLOW_UP_NODES_PER_VARIABLE", 0), ("BLOW_UP_RATIO", 1),
                        ("WATCH_EVERY", 2), ("WATCHED_OPERAND_NODES", 0), ("MONOLITHIC_MARGIN", margin)):
        monkeypatch.setattr(system_module, name, value)


@pytest.mark.skipif(backend.BACKEND != "cudd", reason="the trial counts CUDD's cache lookups")
def test_a_blow_up_tries_the_monolithic_relation_and_it_computes_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """When the one-BDD relation wins the trial it replaces the clusters (sifting stays off), and every
    product over it — images, pre-images within care sets, pre-images with actions — is the same."""
    from ctlstark.ispl import parse_model
    from ctlstark.mc.label import Checker

    model = parse_model(_line_chomp(6, [4, 1, 6, 2, 5, 3]), filename="line_chomp.ispl")
    reference = build_system(model, reorder=False, cluster_size=1)
    _blowing_up_everywhere(monkeypatch, margin=0)
    system = build_system(model, cluster_size=1)
    assert reference.stats["relation_clusters"] >= 2
    assert system.stats["monolithic_relation"]["used"] is True and len(system.relation_parts) == 1
    assert system.stats["reordering"] is False  # a one-BDD product never blows up
    assert system.states_of(system.reachable) == reference.states_of(reference.reachable)
    for index in range(len(system.current_bits)):
        some = system.reachable & system.bdd.var(system.current_bits[index])
        within = system.reachable & ~system.bdd.var(system.current_bits[-1 - index])
        expected = reference.reachable & reference.bdd.var(reference.current_bits[index])
        expected_within = reference.reachable & ~reference.bdd.var(reference.current_bits[-1 - index])
        assert system.states_of(system.preimage(some, within=within)) == reference.states_of(
            reference.preimage(expected, within=expected_within))
        assert system.states_of(system.image(some)) == reference.states_of(reference.image(expected))
        assert backend.count_models(system.bdd, system.preimage_with_actions(some),
                                    system.current_bits + tuple(system.encoding.action_bits)) == \
            backend.count_models(reference.bdd, reference.preimage_with_actions(expected),
                                 reference.current_bits + tuple(reference.encoding.action_bits))
    verdicts = [Checker(system).holds(entry.formula) for entry in model.formulae]
    assert verdicts == [Checker(reference).holds(entry.formula) for entry in model.formulae]


@pytest.mark.skipif(backend.BACKEND != "cudd", reason="the trial counts CUDD's cache lookups")
def test_a_blow_up_the_monolithic_relation_does_not_repair_starts_sifting(monkeypatch: pytest.MonkeyPatch) -> None:
    from ctlstark.ispl import parse_model

    model = parse_model(_line_chomp(6, [4, 1, 6, 2, 5, 3]), filename="line_chomp.ispl")
    _blowing_up_everywhere(monkeypatch, margin=10**9)
    system = build_system(model, cluster_size=1)
    trial = system.stats["monolithic_relation"]
    assert trial["used"] is False and trial["lookups_partitioned"] > 0 and trial["lookups_monolithic"] > 0
    assert len(system.relation_parts) >= 2 and system.stats["reordering"] is True


def test_dd_modules_a_check_never_uses_are_loaded_only_when_used() -> None:
    """Loading the backend leaves dd's file dumps, text parser and pure-Python BDDs (and ply) unimported;
    each works as usual once used, through `dd.cudd`'s own names or a plain import."""
    probe = """
import sys
from ctlstark.symbolic import bdd
print(sorted(name for name in ("dd._copy", "dd._parser", "dd.bdd", "dd.autoref", "ply") if name in sys.modules))
manager = bdd.Manager()
manager.declare("x", "y")
node = manager.add_expr(r"x /\\ ~ y")
import dd.autoref
other = dd.autoref.BDD()
other.declare("x", "y")
print(manager.to_expr(node), manager.copy(node, other) == other.add_expr(r"x /\\ ~ y"))
"""
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True)
    unloaded, used = done.stdout.splitlines()
    if backend.BACKEND == "cudd":
        assert unloaded == "[]"
    assert used == "(~ ite(x, y, TRUE)) True"
