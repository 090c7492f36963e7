"""Differential test of the front end: write a random typed model as ISPL, parse it back, compare meanings.

The parsed model must have the same explicit semantics as the generated one:
the same initial states and transitions, propositions, red states, local states,
groups and formula meaning. States are compared by qualified variable names,
because the writer may list environment variables in another order.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from hypothesis import given, settings
from conftest import examples

from ctlstark.explicit import ExplicitChecker, ExplicitSystem
from ctlstark.ispl import parse_model
from ctlstark.logic import formula as f
from ctlstark.logic.formula import to_text
from ctlstark.model import FormulaEntry, Model

from ispl_writer import write_model
from strategies import models_and_formulas

NamedState = frozenset[tuple[str, object]]


def naming(model: Model) -> Callable[[tuple], NamedState]:
    """A function turning a state tuple of `model` into a set of (qualified name, value) pairs."""
    names = [v.qualified_name for v in model.variables]
    return lambda state: frozenset(zip(names, state))


def meaning(model: Model, formulas: list[f.Formula]) -> dict[str, object]:
    """Everything the explicit semantics says about `model`, keyed by names only."""
    system = ExplicitSystem(model)
    checker = ExplicitChecker(system)
    named = naming(model)

    def states(found: frozenset) -> frozenset[NamedState]:
        return frozenset(map(named, found))

    return {
        "initial": states(system.initial),
        "successors": {named(s): states(targets) for s, targets in system.successors.items()},
        "propositions": {p: states(checker.sat(f.Prop(p))) for p in model.propositions},
        "red": {a.name: states(checker.sat(f.AgentStates(a.name, "red"))) for a in model.agents},
        "local": {a.name: {v.qualified_name for v in a.local_variables} for a in model.agents},
        "groups": {g: set(members) for g, members in model.groups.items()},
        "fair": states(checker.fair_states),
        "formulas": [states(checker.sat(formula)) for formula in formulas],
        "semantics": model.semantics,
    }


def without_implicit_environment(parsed: Model, generated: Model) -> Model:
    """Drop the empty environment the resolver adds when the file has none (MCMAS does the same)."""
    if any(agent.is_environment for agent in generated.agents):
        return parsed
    implicit = parsed.agents[0]
    assert implicit.is_environment and not implicit.own_variables
    assert all(action.startswith("#") for action in implicit.actions)
    return dataclasses.replace(parsed, agents=parsed.agents[1:])


@settings(max_examples=examples(100))
@given(models_and_formulas())
def test_parsing_written_model_preserves_its_meaning(case: tuple[Model, f.Formula]) -> None:
    generated, formula = case
    generated = dataclasses.replace(generated, formulae=(FormulaEntry(to_text(formula), formula),))
    text = write_model(generated)
    parsed = without_implicit_environment(parse_model(text, "written.ispl"), generated)
    assert [entry.formula for entry in parsed.formulae] == [formula], text
    assert parsed.fairness == generated.fairness, text
    assert meaning(parsed, [formula]) == meaning(generated, [formula]), text
