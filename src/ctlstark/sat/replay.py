"""The SAT engine's own replay: every trace it reports is checked on the explicit semantics first.

A run starts in an initial state and each joint action is enabled and leads to the next
state (`semantics.transitions.StateView.allows`, what `witness.replay` checks), a lasso's
loop closes by a legal step; a finite trace ends where its goal holds, and on a lasso the
path formula is evaluated explicitly (`semantics/lasso.py`) and every fairness constraint is
met on the loop. A failure is an internal error (`WitnessError`), never a verdict.
"""

from __future__ import annotations

from ..errors import UnsupportedFormula
from ..logic import formula as f
from ..model import Model
from ..semantics.expressions import holds
from ..semantics.lasso import Lasso as PathLasso
from ..semantics.lasso import holds_on_lasso
from ..semantics.transitions import StateView
from ..witness.trace import Trace
from .bmc import State


def truth(model: Model, formula: f.Formula, state: State) -> bool:
    """A propositional formula's value in one explicit state (the replay's own evaluation)."""
    valuation = dict(zip(model.variables, state))
    match formula:
        case f.Const(value=value):
            return value
        case f.Prop(name=name):
            return holds(model.propositions[name], valuation)
        case f.AgentStates(agent=agent, kind=kind):
            condition = model.agent(agent).red_states
            red = condition is not None and holds(condition, valuation)
            return red if kind == "red" else not red
        case f.Not(operand=operand):
            return not truth(model, operand, state)
        case f.And(left=left, right=right):
            return truth(model, left, state) and truth(model, right, state)
        case f.Or(left=left, right=right):
            return truth(model, left, state) or truth(model, right, state)
        case f.Implies(left=left, right=right):
            return not truth(model, left, state) or truth(model, right, state)
        case f.Iff(left=left, right=right):
            return truth(model, left, state) == truth(model, right, state)
    raise UnsupportedFormula(f"{f.to_text(formula)} is not propositional")


def validate(model: Model, trace: Trace, goal: f.Formula) -> None:
    """Replay a SAT trace on the explicit semantics: initial start, legal steps (a lasso's loop closing
    by a legal step); a finite trace ends in a `goal` state, a lasso satisfies the path formula `goal` and
    meets every Fairness formula (and every compassion pair) on its loop.

    Raises `WitnessError` (an internal error) on any failure.
    """
    from ..witness.extract import WitnessError

    check_run(StateView(model), trace)
    steps = trace.steps
    if trace.loop_start is None:
        if steps[-1].action is not None or not truth(model, goal, steps[-1].state):
            raise WitnessError(f"SAT trace for {trace.formula_text}: the last state does not satisfy "
                               f"{f.to_text(goal)}")
        return
    states = [step.state for step in steps]
    path = PathLasso(tuple(states[:trace.loop_start]), tuple(states[trace.loop_start:]))
    loop = path.loop

    def satisfying(formula: f.Formula) -> frozenset[State]:
        return frozenset(state for state in states if truth(model, formula, state))

    if not holds_on_lasso(goal, path, satisfying):
        raise WitnessError(f"SAT trace for {trace.formula_text}: the lasso does not satisfy {f.to_text(goal)}")
    if not all(any(truth(model, justice, state) for state in loop) for justice in model.fairness) or \
            any(any(truth(model, p, state) for state in loop) and not any(truth(model, q, state) for state in loop)
                for p, q in model.compassion):
        raise WitnessError(f"SAT trace for {trace.formula_text}: the lasso's loop is not fair")


def check_run(view: StateView, trace: Trace, *, initial: bool = True) -> None:
    """The trace starts in an initial state (unless not `initial`: a nested run) and each step (the last one
    of a lasso back to its loop) is allowed; raises `WitnessError` otherwise."""
    from ..witness.extract import WitnessError

    steps = trace.steps
    if not steps:
        raise WitnessError(f"SAT trace for {trace.formula_text}: has no steps")
    if initial and not view.is_initial(steps[0].state):
        raise WitnessError(f"SAT trace for {trace.formula_text}: does not start in an initial state")
    for index in range(len(steps)):
        following = trace.successor_index(index)
        if following is None:
            continue
        action = steps[index].action
        reason = "no joint action" if action is None else view.allows(steps[index].state, action,
                                                                        steps[following].state)
        if reason is not None:
            raise WitnessError(f"SAT trace for {trace.formula_text}: step {index} -> {following}: {reason}")
