"""The explicit oracle on CTL*K: hand-worked answers on tiny graphs, lasso evaluation, and self-consistency.

The models are Kripke structures written as graphs: one agent whose variable `n`
numbers the states; an edge i → j is an evolution line `n = i -> n = j`; a
state without edges enables no action, so it is a deadlock (docs/semantics.md).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from conftest import examples

from ctlstark.api import load_model
from ctlstark.errors import ResourceExhausted
from ctlstark.explicit import ExplicitChecker, ExplicitSystem, Lasso, is_ctl_shaped
from ctlstark.explicit.ltl import expand, to_nnf
from ctlstark.logic import formula as f
from ctlstark.model import (
    ENVIRONMENT, Agent, Binary, BoolType, Const, EvolutionRule, Expr, Model, ProtocolRule, RangeType, Variable,
    VarRef,
)

from strategies import models, path_formulas
from reference_corpus import REFERENCE


TRUE, FALSE = f.Const(True), f.Const(False)


def p(name: str) -> f.Prop:
    return f.Prop(name)


def any_of(variable: Variable, values: Sequence[int]) -> Expr:
    """`n = v1 or n = v2 or …` (false for no values)."""
    result: Expr = Const(False)
    for value in values:
        test = Binary("=", VarRef(variable), Const(value))
        result = test if result == Const(False) else Binary("or", result, test)
    return result


def graph_model(
    edges: Mapping[int, Sequence[int]],
    labels: Mapping[str, Sequence[int]],
    *,
    size: int | None = None,
    initial: Sequence[int] | None = None,
    fairness: tuple[f.Formula, ...] = (),
) -> Model:
    """A one-agent model whose states 0..size-1 are the graph's nodes (initial: `initial`, default all)."""
    size = size if size is not None else 1 + max([*edges, *(t for ts in edges.values() for t in ts)])
    n = Variable("A", "n", RangeType(0, size - 1))
    live = [state for state in range(size) if edges.get(state)]
    evolution = tuple(
        EvolutionRule(((n, Const(target)),), Binary("=", VarRef(n), Const(source)))
        for source, targets in sorted(edges.items())
        for target in targets
    )
    agent = Agent("A", (n,), (), ("go",), (ProtocolRule(any_of(n, live), ("go",)),), evolution)
    return Model(
        name="graph", semantics="multi", agents=(agent,),
        propositions={name: any_of(n, states) for name, states in labels.items()},
        initial_condition=any_of(n, range(size) if initial is None else initial),
        groups={"g": ("A",)}, fairness=fairness, formulae=(),
    )


def oracle(model: Model) -> ExplicitChecker:
    return ExplicitChecker(ExplicitSystem(model))


def sat(checker: ExplicitChecker, formula: f.Formula) -> set[int]:
    """The satisfying states of a graph model, as node numbers."""
    return {state[0] for state in checker.sat(formula)}


# ---------------------------------------------------------------- hand-worked models

# 0 -> 1 -> 2 -> 3, and 3 deadlocks
CHAIN = {0: [1], 1: [2], 2: [3]}
# 0 -> {0, 1}, 1 -> 2, 2 -> 0: may idle in 0 forever or cycle through 1 and 2
LOOPS = {0: [0, 1], 1: [2], 2: [0]}
# 0 -> {1, 2}, 1 -> 1, 2 deadlocks
FORK = {0: [1, 2], 1: [1]}


def test_general_path_formulas_see_only_infinite_paths() -> None:
    checker = oracle(graph_model(CHAIN, {"top": [3]}))
    top = p("top")
    # CTL-shaped: deadlocks count (CTL fixpoints)
    assert sat(checker, f.E(f.F(top))) == {0, 1, 2, 3}
    assert sat(checker, f.E(f.X(top))) == {2}
    assert sat(checker, f.A(f.X(FALSE))) == {3}
    # general: no infinite path anywhere, so every E fails and every A holds
    assert sat(checker, f.E(f.And(f.F(top), f.X(TRUE)))) == set()
    assert sat(checker, f.E(f.Or(f.F(top), f.G(top)))) == set()
    assert sat(checker, f.A(f.And(f.X(FALSE), f.G(FALSE)))) == {0, 1, 2, 3}
    # E over a state formula keeps φ ∧ fair (every reachable state is fair without a Fairness section)
    assert sat(checker, f.E(top)) == {3}


def test_deadlocking_branch_does_not_witness_a_general_formula() -> None:
    checker = oracle(graph_model(FORK, {"one": [1], "two": [2]}))
    one, two = p("one"), p("two")
    assert sat(checker, f.E(f.F(two))) == {0, 2}
    assert sat(checker, f.E(f.And(f.F(two), f.F(one)))) == set()
    assert sat(checker, f.E(f.And(f.X(one), f.G(f.F(one))))) == {0, 1}
    assert sat(checker, f.E(f.And(f.X(two), f.X(TRUE)))) == set()
    # the only infinite path from 0 goes to 1 and stays
    assert sat(checker, f.A(f.And(f.X(one), f.F(f.G(one))))) == {0, 1, 2}
    assert sat(checker, f.A(f.Or(f.X(two), f.G(one)))) == {1, 2}
    assert sat(checker, f.A(f.Or(f.X(one), f.G(two)))) == {0, 1, 2}
    assert sat(checker, f.A(f.And(f.G(one), TRUE))) == {1, 2}


def test_infinitely_often_and_eventually_always() -> None:
    checker = oracle(graph_model(LOOPS, {"idle": [0], "busy": [1]}))
    idle, busy = p("idle"), p("busy")
    assert sat(checker, f.E(f.G(f.F(busy)))) == {0, 1, 2}
    assert sat(checker, f.A(f.G(f.F(busy)))) == set()
    assert sat(checker, f.E(f.F(f.G(idle)))) == {0, 1, 2}
    assert sat(checker, f.A(f.F(f.G(idle)))) == set()
    assert sat(checker, f.E(f.And(f.G(f.F(busy)), f.F(f.G(idle))))) == set()
    assert sat(checker, f.A(f.Or(f.G(f.F(busy)), f.F(f.G(idle))))) == {0, 1, 2}
    assert sat(checker, f.E(f.And(f.X(idle), f.X(f.X(busy))))) == {0, 2}
    assert sat(checker, f.A(f.Implies(f.X(busy), f.X(f.X(f.Not(idle)))))) == {0, 1, 2}


def test_model_fairness_restricts_general_path_formulas() -> None:
    checker = oracle(graph_model(LOOPS, {"idle": [0], "busy": [1]}, fairness=(p("busy"),)))
    idle, busy = p("idle"), p("busy")
    assert sat(checker, f.A(f.G(f.F(busy)))) == {0, 1, 2}
    assert sat(checker, f.E(f.F(f.G(idle)))) == set()
    assert sat(checker, f.E(f.And(f.G(f.F(idle)), f.G(f.F(busy))))) == {0, 1, 2}
    assert sat(checker, f.A(f.Implies(f.X(idle), f.F(busy)))) == {0, 1, 2}


def test_fairness_with_an_unfair_trap() -> None:
    """From 0 the path may enter the idle loop at 1 forever, which is unfair under `GF zero`."""
    checker = oracle(graph_model({0: [0, 1], 1: [1]}, {"zero": [0]}, fairness=(p("zero"),)))
    zero = p("zero")
    assert checker.fair_states == {(0,)}
    assert sat(checker, f.E(f.And(f.G(zero), f.X(zero)))) == {0}
    assert sat(checker, f.E(f.And(f.F(f.Not(zero)), f.X(TRUE)))) == set()
    assert sat(checker, f.A(f.And(f.G(zero), f.X(zero)))) == {0, 1}  # no fair path from 1: A holds vacuously


def test_nested_path_quantifiers() -> None:
    checker = oracle(graph_model(LOOPS, {"idle": [0], "busy": [1]}))
    idle, busy = p("idle"), p("busy")
    can_cycle = f.E(f.G(f.F(busy)))
    must_cycle = f.A(f.G(f.F(busy)))
    assert sat(checker, f.A(f.G(f.And(can_cycle, f.Not(must_cycle))))) == {0, 1, 2}
    # along the idle loop, "can still leave" holds forever: E(G(idle and E(X busy) ) and X idle)
    assert sat(checker, f.E(f.And(f.G(f.And(idle, f.E(f.X(busy)))), f.X(idle)))) == {0}
    # EX inside a general path formula: at 2 the next state 0 satisfies EX busy
    assert sat(checker, f.E(f.And(f.X(f.E(f.X(busy))), f.F(f.G(idle))))) == {0, 2}


def test_ctl_pieces_inside_a_general_formula_keep_their_own_semantics() -> None:
    """`E X two` holds at 0 (the deadlocked successor counts); as a leaf of a general formula it stays a state fact."""
    checker = oracle(graph_model(FORK, {"one": [1], "two": [2]}))
    ex_two = f.E(f.X(p("two")))
    assert sat(checker, ex_two) == {0}
    assert sat(checker, f.E(f.And(ex_two, f.X(p("one"))))) == {0}
    assert sat(checker, f.E(f.And(f.X(p("two")), f.X(p("one"))))) == set()


def knowledge_model() -> Model:
    """The environment hides a bit h and, after one step, reveals it in the observable o (0: unknown, 1: false, 2: true).

    Agent A sees o only. States (h, o, c) with c a constant of A.
    """
    h = Variable(ENVIRONMENT, "h", BoolType())
    o = Variable(ENVIRONMENT, "o", RangeType(0, 2))
    c = Variable("A", "c", BoolType())
    environment = Agent(
        ENVIRONMENT, (h, o), (), ("tick",), (ProtocolRule(Const(True), ("tick",), is_other=True),),
        (
            EvolutionRule(((o, Const(1)),), Binary("=", VarRef(h), Const(False))),
            EvolutionRule(((o, Const(2)),), Binary("=", VarRef(h), Const(True))),
        ),
    )
    agent = Agent("A", (c,), (o,), ("wait",), (ProtocolRule(Const(True), ("wait",), is_other=True),), ())
    return Model(
        name="reveal", semantics="multi", agents=(environment, agent),
        propositions={"h": Binary("=", VarRef(h), Const(True))},
        initial_condition=Binary("and", Binary("=", VarRef(o), Const(0)), Binary("=", VarRef(c), Const(False))),
        groups={"g": ("A",)}, fairness=(), formulae=(),
    )


def test_knowledge_inside_path_formulas() -> None:
    checker = oracle(knowledge_model())
    h = p("h")
    knows_h, knows_not_h = f.K("A", h), f.K("A", f.Not(h))
    states = {(False, 0, False), (True, 0, False), (False, 1, False), (True, 2, False)}
    assert checker.reachable == states
    assert checker.sat(f.E(f.And(f.X(knows_h), f.G(f.Not(knows_not_h))))) == {(True, 0, False), (True, 2, False)}
    assert checker.sat(f.A(f.Or(f.F(knows_h), f.F(knows_not_h)))) == states
    assert checker.sat(f.A(f.And(f.Not(knows_h), f.X(f.Or(knows_h, knows_not_h))))) == {
        (True, 0, False), (False, 0, False), (False, 1, False)
    }
    # K over a general path formula: A cannot tell (True, 0) from (False, 0)
    revealed_true_next = f.E(f.And(f.X(knows_h), f.X(f.G(h))))
    assert checker.sat(f.K("A", revealed_true_next)) == {(True, 2, False)}


def test_action_atoms_in_path_formulas_label_the_transition_taken() -> None:
    checker = oracle(graph_model(LOOPS, {"idle": [0]}))
    assert sat(checker, f.E(f.And(f.F(f.ActionAtom("A", "go")), f.G(p("idle"))))) == {0}


def test_is_ctl_shaped() -> None:
    q = p("q")
    assert is_ctl_shaped(f.X(q))
    assert is_ctl_shaped(f.Not(f.Not(f.U(q, f.E(f.F(q))))))
    assert not is_ctl_shaped(q)
    assert not is_ctl_shaped(f.And(f.X(q), q))
    assert not is_ctl_shaped(f.F(f.G(q)))


# ---------------------------------------------------------------- lassos


def test_path_holds_on_lassos() -> None:
    checker = oracle(graph_model(LOOPS, {"idle": [0], "busy": [1]}))
    idle, busy = p("idle"), p("busy")
    cycle = Lasso(prefix=(), loop=((0,), (1,), (2,)))
    idling = Lasso(prefix=((1,), (2,)), loop=((0,),))
    assert checker.path_holds(f.G(f.F(busy)), cycle)
    assert not checker.path_holds(f.F(f.G(idle)), cycle)
    assert checker.path_holds(f.F(f.G(idle)), idling)
    assert checker.path_holds(f.X(f.X(idle)), idling)
    assert checker.path_holds(f.X(f.X(f.X(idle))), idling)
    assert not checker.path_holds(f.X(f.X(f.X(busy))), cycle) and checker.path_holds(f.X(f.X(f.X(idle))), cycle)
    assert checker.path_holds(f.U(f.Not(idle), idle), idling)
    assert not checker.path_holds(f.U(busy, idle), idling)
    assert not checker.path_holds(f.W(f.Not(idle), FALSE), idling)  # idle comes, and `false` never
    assert checker.path_holds(f.W(f.Not(idle), FALSE), Lasso((), ((1,), (2,))))  # forever ¬idle: a weak until
    assert not checker.path_holds(f.U(f.Not(idle), FALSE), Lasso((), ((1,), (2,))))
    assert checker.path_holds(f.R(busy, f.Not(idle)), Lasso(((2,),), ((1,),)))  # ¬idle holds up to busy
    assert not checker.path_holds(f.R(busy, f.Not(idle)), Lasso(((2,),), ((0,),)))
    assert checker.path_holds(f.R(FALSE, f.Not(idle)), Lasso((), ((1,), (2,))))
    assert checker.path_holds(f.E(f.G(f.F(busy))), idling)  # a state formula: judged at the first position


def test_is_fair_path() -> None:
    fair = oracle(graph_model(LOOPS, {"idle": [0], "busy": [1]}, fairness=(p("busy"),)))
    assert fair.is_fair_path(Lasso(((0,),), ((0,), (1,), (2,))))
    assert not fair.is_fair_path(Lasso(((1,), (2,)), ((0,),)))  # never busy in the loop
    assert not fair.is_fair_path(Lasso((), ((0,), (2,))))  # 0 -> 2 is no transition
    assert not fair.is_fair_path(Lasso((), ((7,),)))
    with pytest.raises(ValueError):
        Lasso(((0,),), ())


# ---------------------------------------------------------------- the tableau itself


def test_tableau_nodes_for_until() -> None:
    leaves: list[f.Formula] = []
    until = to_nnf(f.U(p("a"), p("b")), leaves)
    nodes = expand(frozenset({until}))
    assert leaves == [p("a"), p("b")]
    assert len(nodes) == 2
    assert {node.fulfils(until) for node in nodes} == {True, False}
    assert {frozenset(node.later) for node in nodes} == {frozenset(), frozenset({until})}


def test_tableau_drops_contradictions() -> None:
    leaves: list[f.Formula] = []
    contradiction = to_nnf(f.And(f.And(f.X(TRUE), p("a")), f.Not(p("a"))), leaves)
    assert leaves == [p("a")]
    assert expand(frozenset({contradiction})) == frozenset()
    assert expand(frozenset({to_nnf(f.And(f.X(TRUE), FALSE), leaves)})) == frozenset()


# ---------------------------------------------------------------- self-consistency on random models


def deterministic_lasso(checker: ExplicitChecker, start: tuple) -> Lasso | None:
    """The only path from `start` in a system where every state has at most one successor (None if it ends)."""
    seen: list[tuple] = []
    state = start
    while state not in seen:
        seen.append(state)
        following = checker.system.successors[state]
        if not following:
            return None
        (state,) = following
    loop_start = seen.index(state)
    return Lasso(tuple(seen[:loop_start]), tuple(seen[loop_start:]))


@st.composite
def graphs(draw, max_size: int = 4, deterministic: bool = False) -> Model:
    """A random graph model: ≤ `max_size` nodes, labels p0 and p1, optional fairness on a label."""
    size = draw(st.sampled_from(range(max_size, 0, -1)))
    nodes = st.integers(0, size - 1)
    if deterministic:
        edges = {i: [draw(nodes)] for i in range(size) if draw(st.sampled_from(("edge", "edge", "edge", "none"))) == "edge"}
    else:
        edges = {i: [j for j in range(size) if draw(st.booleans())] for i in range(size)}
    labels = {name: [i for i in range(size) if draw(st.booleans())] for name in ("p0", "p1")}
    fairness = tuple(draw(st.lists(st.sampled_from((p("p0"), p("p1"), f.Not(p("p0")))), max_size=2, unique=True)))
    return graph_model(edges, labels, size=size, fairness=fairness)


@settings(max_examples=examples(60))
@given(st.data())
def test_product_agrees_with_lasso_evaluation_on_deterministic_graphs(data: st.DataObject) -> None:
    """With one path per state, `E ψ` holds exactly where that path is infinite, fair and satisfies ψ."""
    model = data.draw(graphs(deterministic=True))
    checker = oracle(model)
    formula = data.draw(path_formulas(model, depth=4, operator_first=True))
    lassos = {state: deterministic_lasso(checker, state) for state in checker.reachable}
    fair_lassos = {state: lasso for state, lasso in lassos.items() if lasso is not None and checker.is_fair_path(lasso)}
    for path in path_subformulas(formula):
        expected = {state for state, lasso in fair_lassos.items() if checker.path_holds(path, lasso)}
        assert checker.exists_fair_path(path) == expected, f.to_text(path)


def path_subformulas(path: f.Formula) -> list[f.Formula]:
    """The path formula and its subformulas down to (and including) its maximal state subformulas."""
    found = [path]
    if not f.is_state_formula(path):
        for child in f.children(path):
            found += [sub for sub in path_subformulas(child) if sub not in found]
    return found


def lassos_from(checker: ExplicitChecker, start: tuple, max_length: int):
    """Every lasso of ≤ `max_length` positions starting at `start` (prefix then loop, loop closing back)."""
    def walks(path: list[tuple]):
        yield path
        if len(path) < max_length:
            for following in checker.system.successors[path[-1]]:
                yield from walks(path + [following])

    for walk in walks([start]):
        for loop_start in range(len(walk)):
            if walk[loop_start] in checker.system.successors[walk[-1]]:
                yield Lasso(tuple(walk[:loop_start]), tuple(walk[loop_start:]))


@settings(max_examples=examples(50))
@given(st.data())
def test_every_satisfying_fair_lasso_is_found_by_the_product(data: st.DataObject) -> None:
    """Soundness of the other direction: a fair lasso satisfying ψ from s puts s in `E ψ`."""
    model = data.draw(graphs(max_size=3))
    checker = oracle(model)
    formula = data.draw(path_formulas(model, depth=3, operator_first=True))
    fair_lassos = [
        lasso for start in checker.reachable for lasso in lassos_from(checker, start, max_length=5)
        if checker.is_fair_path(lasso)
    ]
    for path in path_subformulas(formula):
        found = checker.exists_fair_path(path)
        for lasso in fair_lassos:
            if checker.path_holds(path, lasso):
                assert lasso.positions[0] in found, (f.to_text(path), lasso)


@settings(max_examples=examples(50))
@given(st.data())
def test_every_infinite_fair_path_satisfies_a_formula_or_its_negation(data: st.DataObject) -> None:
    model = data.draw(models(max_bits=5))
    checker = oracle(model)
    path = data.draw(path_formulas(model, depth=3, operator_first=True))
    with_infinite_fair_path = checker.sat(f.E(f.G(TRUE)))
    either = checker.exists_fair_path(path) | checker.exists_fair_path(f.Not(path))
    assert either == with_infinite_fair_path
    if not f.is_state_formula(path) and not is_ctl_shaped(path):
        assert checker.sat(f.A(path)) == checker.reachable - checker.exists_fair_path(f.Not(path))


@settings(max_examples=examples(50))
@given(st.data())
def test_product_agrees_with_ctl_algorithms_where_paths_never_end(data: st.DataObject) -> None:
    """With a Fairness section, or without deadlocks, the CTL definitions are the infinite-path ones."""
    model = data.draw(models(max_bits=5))
    checker = oracle(model)
    shape = data.draw(st.sampled_from((f.X, f.F, f.G, f.U, f.R, f.W)))
    operands = [data.draw(path_formulas(model, depth=0)) for _ in range(1 if shape in (f.X, f.F, f.G) else 2)]
    path = shape(*operands)
    if data.draw(st.booleans()):
        path = f.Not(path)
    infinite, ctl = checker.exists_fair_path(path), checker.sat(f.E(path))
    if model.fairness or not checker.system.deadlocks():
        assert infinite == ctl
    else:
        assert infinite <= ctl  # without fairness CTL also counts paths that end in a deadlock


def test_lasso_enumeration_covers_every_short_lasso() -> None:
    """The brute-force enumeration used above finds every lasso of the complete 2-node graph up to length 3."""
    checker = oracle(graph_model({0: [0, 1], 1: [0, 1]}, {}))
    found = {(lasso.prefix, lasso.loop) for lasso in lassos_from(checker, (0,), max_length=3)}
    expected = set()
    for length in range(1, 4):
        for tail in itertools.product([(0,), (1,)], repeat=length - 1):
            walk = ((0,),) + tail
            for loop_start in range(length):
                expected.add((walk[:loop_start], walk[loop_start:]))
    assert found == expected


# ---------------------------------------------------------------- MCMAS's verdicts on its own LTL and CTL* formulas



def reference_models_with_path_formulas() -> list[tuple[Path, dict[int, str]]]:
    """The reference models MCMAS checked that have `LTL`/`CTL*` entries, with MCMAS's verdict per entry number."""
    summary_file = REFERENCE / "results" / "summary.json"
    if not summary_file.is_file():
        return []
    found = []
    for run in json.loads(summary_file.read_text(encoding="utf-8")):
        paths = list(REFERENCE.glob(f"{run['source']}/**/{run['model']}.ispl"))
        if run.get("status") != "ok" or len(paths) != 1:
            continue
        if any(marker in paths[0].read_text(encoding="utf-8", errors="replace") for marker in ("LTL", "CTL*")):
            found.append((paths[0], {entry["n"]: entry["result"] for entry in run["formulas"]}))
    return found


@pytest.mark.skipif(not REFERENCE.is_dir(), reason="the MCMAS reference models are not available")
def test_oracle_agrees_with_mcmas_on_reference_ltl_and_ctlstar_formulas() -> None:
    """Every `LTL`/`CTL*` entry of a reference model small enough to enumerate gets MCMAS's verdict."""
    checked = 0
    for path, verdicts in reference_models_with_path_formulas():
        model = load_model(path)
        try:
            checker = oracle(model)
        except ResourceExhausted:
            continue
        for number, entry in enumerate(model.formulae, 1):
            if entry.mode == "default" or number not in verdicts:
                continue
            verdict = "TRUE" if checker.holds(entry.formula) else "FALSE"
            assert verdict == verdicts[number], f"{path.name} #{number}: {entry.text}"
            checked += 1
    assert checked >= 100
