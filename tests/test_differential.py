"""Differential test: the symbolic engine against the explicit-state oracle on random models.

For random small models and random CTLK and CTL*K formulas both sides must
agree on the initial, reachable and deadlock states, the state count, every
transition, the fair states, and the satisfying states of every state
subformula. The CTL*K cases nest general path formulas (checked by the symbolic
tableau on one side, a Büchi-automaton product on the other) with CTL shapes,
knowledge and path quantifiers, on models with and without Fairness sections.
`UnsupportedFormula` is not caught: a formula the symbolic side cannot check fails.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from conftest import examples

from ctlstark.mc.label import Checker
from ctlstark.explicit import ExplicitChecker, ExplicitSystem
from ctlstark.logic import formula as f
from ctlstark.api import load_model
from ctlstark.model import Model
from ctlstark.symbolic.encode import TransitionEncoder
from ctlstark.symbolic.system import CLUSTER_NODE_LIMIT, _forward_clusters, _product_work, _Schedules, build_system

from ispl_writer import write_model
from strategies import MAX_STATE_BITS, models, models_and_ctlstar_formulas, models_and_formulas



def state_subformulas(formula: f.Formula) -> list[f.Formula]:
    """Every state subformula (operands of path operators included), innermost first, no repeats."""
    found: list[f.Formula] = []
    for child in f.children(formula):
        found += [sub for sub in state_subformulas(child) if sub not in found]
    if f.is_state_formula(formula) and formula not in found:
        found.append(formula)
    return found


def assert_same_system(model: Model) -> None:
    """Initial, reachable and deadlock states, state count and successors agree."""
    explicit = ExplicitSystem(model)
    system = build_system(model)
    assert system.states_of(system.initial) == explicit.initial
    assert system.states_of(system.reachable) == explicit.states
    assert system.count_states(system.reachable) == len(explicit.states)
    assert system.states_of(system.deadlock_states()) == explicit.deadlocks()
    for state, successors in explicit.successors.items():
        assert system.states_of(system.image(system.state_bdd(state))) == successors, f"successors of {state}"
    assert_same_predecessors(system, explicit)


def assert_same_predecessors(system, explicit: ExplicitSystem) -> None:
    """Pre-images asked for a care set hold exactly the reachable predecessors inside it.

    The care sets are every valuation (unreachable ones too) and the initial states: the
    products simplify their clusters with the reachable states, which must not leak.
    """
    for target, predecessors in explicit.predecessors().items():
        target_bdd = system.state_bdd(target)
        for care, allowed in ((system.bdd.true, explicit.states), (system.initial, explicit.initial)):
            assert system.states_of(system.preimage(target_bdd, within=care)) == predecessors & allowed
            pairs = system.preimage_with_actions_within(target_bdd, care)
            states = system.bdd.exist(list(system.encoding.action_bits), pairs)
            assert system.states_of(states) == predecessors & allowed


def assert_same_verdicts(model: Model, formula: f.Formula) -> None:
    """Fair states, the states of every state subformula and the verdict agree; a failure shows the model as ISPL."""
    oracle = ExplicitChecker(ExplicitSystem(model))
    system = build_system(model)
    checker = Checker(system)
    assert system.states_of(checker.fair_states) == oracle.fair_states
    for sub in state_subformulas(formula):
        symbolic, explicit = system.states_of(checker.states(sub)), oracle.sat(sub)
        assert symbolic == explicit, (
            f"{f.to_text(sub)}\nsymbolic only: {sorted(symbolic - explicit, key=repr)}\n"
            f"oracle only: {sorted(explicit - symbolic, key=repr)}\n{write_model(model)}"
        )
    assert checker.holds(formula) == oracle.holds(formula)


@settings(max_examples=examples(100))
@given(models())
def test_transition_systems_agree(model: Model) -> None:
    assert_same_system(model)


@settings(max_examples=examples(100))
@given(models())
def test_images_along_the_clusters_for_images_agree(model: Model) -> None:
    """The clusters an image that blew up may switch to (`_forward_clusters`: the parts that read no
    next-state bit apart, and first) give the reachable states and every state's successors."""
    explicit = ExplicitSystem(model)
    system = build_system(model)
    transitions = TransitionEncoder(system.encoding, system.expressions)
    parts = [part for agent in model.agents for part in transitions.agent_parts(agent, model.semantics)]
    forward = _forward_clusters(system.bdd, parts, CLUSTER_NODE_LIMIT, frozenset(system.next_bits))
    system._use_schedules(_Schedules(system.bdd, system.encoding, system.relation_parts, forward))
    assert system.states_of(system.compute_reachable()) == explicit.states
    for state, successors in explicit.successors.items():
        assert system.states_of(system.image(system.state_bdd(state))) == successors, f"successors of {state}"


@settings(max_examples=examples(300))
@given(models_and_formulas())
def test_formula_states_agree(case: tuple[Model, f.Formula]) -> None:
    assert_same_verdicts(*case)



@settings(max_examples=examples(300))
@given(models_and_ctlstar_formulas())
def test_ctlstar_formula_states_agree(case: tuple[Model, f.Formula]) -> None:
    assert_same_verdicts(*case)


@pytest.mark.slow
@settings(max_examples=4000)
@given(models_and_ctlstar_formulas(max_bits=MAX_STATE_BITS))
def test_ctlstar_formula_states_agree_long(case: tuple[Model, f.Formula]) -> None:
    assert_same_verdicts(*case)


@settings(max_examples=examples(300))
@given(models_and_formulas())
def test_invariants_decided_from_the_reachable_states_agree(case: tuple[Model, f.Formula]) -> None:
    """`AG φ` at the top is decided without its fixpoint (route `reachable:AG`): under fairness, with
    deadlocks and with φ itself temporal, the verdict is the oracle's and the labelled one's."""
    model, body = case
    invariant = f.A(f.G(body))
    checker = Checker(build_system(model))
    verdict = checker.holds(invariant)
    assert checker.routes[invariant] == "reachable:AG"
    assert verdict == ExplicitChecker(ExplicitSystem(model)).holds(invariant), write_model(model)
    labelled = Checker(checker.system)
    labelled.states(invariant)
    assert labelled.holds(invariant) == verdict and labelled.routes[invariant] == "fast:AG"


def test_the_work_of_a_trial_product_stops_past_its_budget() -> None:
    """A candidate relation form's trial product (`_work_in_both_forms`) stops after the step that takes
    CUDD's lookups past its budget: it cannot pay then, and finishing it was NetBill's waste."""
    model = load_model(Path(__file__).resolve().parents[1] / "ispl_examples" / "dining_cryptographers.ispl")

    def work(steps: int | None = None, budget: int | None = None) -> int:  # on a fresh manager: no cache hits
        system = build_system(model, cluster_size=1)
        schedule = system._schedules.image
        assert len(schedule) > 2
        return _product_work(system.bdd, system.reachable, schedule[:steps], budget=budget)

    first_step, whole = work(steps=1), work()
    assert 0 < first_step == work(budget=0) < work(budget=first_step) < whole == work(budget=whole)
