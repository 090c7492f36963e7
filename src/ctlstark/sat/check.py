"""`check --engine sat`: the formulas of the shapes the SAT engine decides, a report like the BDD engine's.

Supported today (docs/sat.md): `AG φ` and `EF φ` (CTL reading), and MCMAS's `LTL G φ`
(infinite paths only), with φ propositional —
propositions, comparison atoms, `Agent.RedStates`/`GreenStates`, `true`/`false` under
Boolean connectives — on models without `Fairness`/`Compassion` sections. Any other
formula is reported as not checked (`verdict=None`, an `error` saying why; exit 3),
never handed to the BDD engine silently.

Every counterexample (`AG φ` FALSE) and witness (`EF φ` TRUE) becomes a `Trace` and is
validated by replay on the explicit semantics before it is reported: its first state is
initial, each step's joint action is enabled and leads to the next state
(`semantics.transitions.StateView.allows`, what `witness.replay` checks), and the last
state violates (satisfies) φ.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from pathlib import Path

from ..errors import BddMemoryExhausted, TimeLimitReached, UnsupportedFormula
from ..logic import formula as f
from ..model import FormulaEntry, Model
from ..runtime.limits import acknowledge_stop, checkpoint
from ..runtime.progress import Progress
from ..semantics.expressions import holds
from ..semantics.transitions import StateView
from ..witness.trace import Step, Trace
from .bmc import Outcome, State, check_infinite_invariant, check_invariant, initial_states

DEFAULT_BOUND = 50
INITIAL_STATES_LIMIT = 256
"""`EF φ` is decided per initial state (it must hold in each); more than this many are not enumerated."""
_STOPS = (KeyboardInterrupt, TimeLimitReached, BddMemoryExhausted)


class Unsupported(UnsupportedFormula):
    """A formula or model the SAT engine does not decide (yet)."""


def invariant_shape(formula: f.Formula) -> tuple[str, f.Formula] | None:
    """("AG", φ), ("EF", φ) or ("LTL G", φ) for the shapes the SAT engine decides, else None."""
    match formula:
        case f.A(path=f.G(operand=operand), infinite=True) if is_propositional(operand):
            return "LTL G", operand
        case f.A(path=f.G(operand=operand), infinite=False) if is_propositional(operand):
            return "AG", operand
        case f.E(path=f.F(operand=operand), infinite=False) if is_propositional(operand):
            return "EF", operand
    return None


def is_propositional(formula: f.Formula) -> bool:
    match formula:
        case f.Prop() | f.AgentStates() | f.Const():
            return True
        case f.Not(operand=operand):
            return is_propositional(operand)
        case f.And(left=left, right=right) | f.Or(left=left, right=right) | f.Implies(left=left, right=right) \
                | f.Iff(left=left, right=right):
            return is_propositional(left) and is_propositional(right)
    return False


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
    raise Unsupported(f"{f.to_text(formula)} is not propositional")


def make_trace(entry: FormulaEntry, kind: str, outcome: Outcome, *, lasso: bool = False) -> Trace:
    """The trace of a BMC outcome: a finite path, or (`lasso`) the frames before the last, looping
    back to the first frame equal to the last."""
    if lasso:
        states, loop_start = outcome.states[:-1], outcome.states.index(outcome.states[-1])
        steps = [Step(state, outcome.actions[index]) for index, state in enumerate(states)]
        return Trace(formula_text=entry.text, kind=kind, steps=steps, loop_start=loop_start,  # type: ignore[arg-type]
                     formula=entry.formula)
    steps = [Step(state, outcome.actions[index] if index < len(outcome.actions) else None)
             for index, state in enumerate(outcome.states)]
    return Trace(formula_text=entry.text, kind=kind, steps=steps, formula=entry.formula)  # type: ignore[arg-type]


def validate(model: Model, trace: Trace, goal: f.Formula) -> None:
    """Replay a SAT trace on the explicit semantics: initial start, legal steps, `goal` at the last
    state (of a lasso: at some state; the loop closes by a legal step).

    Raises `WitnessError` (an internal error) on any failure.
    """
    from ..witness.extract import WitnessError

    view = StateView(model)
    steps = trace.steps
    if not steps or not view.is_initial(steps[0].state):
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
    if trace.loop_start is not None:
        if not any(truth(model, goal, step.state) for step in steps):
            raise WitnessError(f"SAT trace for {trace.formula_text}: no state satisfies {f.to_text(goal)}")
    elif steps[-1].action is not None or not truth(model, goal, steps[-1].state):
        raise WitnessError(f"SAT trace for {trace.formula_text}: the last state does not satisfy {f.to_text(goal)}")


def decide(model: Model, entry: FormulaEntry, bound: int) -> tuple[bool | None, str, Trace | None]:
    """(verdict, route, trace) of one formula; raises `Unsupported` for what the SAT engine does not decide."""
    if model.fairness or model.compassion:
        raise Unsupported("not supported by the SAT engine: the model has a Fairness or Compassion section "
                          "(docs/sat.md)")
    shape = invariant_shape(entry.formula)
    if shape is None:
        raise Unsupported("not supported by the SAT engine: it decides AG φ, EF φ and LTL G φ with φ "
                          "propositional (docs/sat.md)")
    kind, operand = shape
    if kind == "LTL G":
        outcome = check_infinite_invariant(model, operand, bound)
        if outcome.holds is False:
            trace = make_trace(entry, "counterexample", outcome, lasso=True)
            validate(model, trace, f.Not(operand))
            return False, outcome.route, trace
        return outcome.holds, outcome.route, None
    if kind == "AG":
        outcome = check_invariant(model, operand, bound)
        if outcome.holds is False:
            trace = make_trace(entry, "counterexample", outcome)
            validate(model, trace, f.Not(operand))
            return False, outcome.route, trace
        return outcome.holds, outcome.route, None
    # EF φ holds iff every initial state reaches φ: AG ¬φ from each initial state
    starts = initial_states(model, INITIAL_STATES_LIMIT)
    if not starts:
        return True, "sat:bmc k=0 (no initial state)", None
    if len(starts) > INITIAL_STATES_LIMIT:
        raise Unsupported(f"not supported by the SAT engine: EF φ with more than {INITIAL_STATES_LIMIT} initial "
                          "states (docs/sat.md)")
    first: Outcome | None = None
    deepest = 0
    unknown: Outcome | None = None
    for number, start in enumerate(starts, start=1):
        checkpoint()
        outcome = check_invariant(model, f.Not(operand), bound, initial=start)
        if outcome.holds is True:
            return False, f"{outcome.route} (AG !φ from initial state {number} of {len(starts)})", None
        if outcome.holds is None:
            unknown = unknown or outcome
            continue
        first = first or outcome
        deepest = max(deepest, outcome.depth)
    if unknown is not None:
        return None, unknown.route, None
    assert first is not None
    trace = make_trace(entry, "witness", first)
    validate(model, trace, operand)
    suffix = f" ({len(starts)} initial states)" if len(starts) > 1 else ""
    return True, f"sat:bmc k={deepest}{suffix}", trace


def check_sat(model: Model | str | Path, formulas: Iterable[str | f.Formula | FormulaEntry], options,
              progress: Progress | None = None):
    """`api.check_with` for `engine="sat"`: the same `CheckReport`, without BDD figures (`reachable_states` -1)."""
    from .. import api
    from ..witness.evidence import Evidence, no_trace_reason

    times: dict[str, float] = {}
    file_name: str | None = None
    started = time.perf_counter()
    if not isinstance(model, Model):
        file_name = str(model)
        model = api.load_model(model)
    extra = [api._as_entry(formula, model) for formula in formulas]
    times["parse"] = time.perf_counter() - started
    entries = (list(model.formulae) if options.file_formulae else []) + extra
    warnings = list(model.warnings)
    for flag, wanted in (("--deadlock", options.deadlock), ("--lint", options.lint)):
        if wanted:
            warnings.append(f"warning: {flag} needs the BDD engine; ignored with --engine sat")
    results: list[api.FormulaResult] = []
    stopped: str | None = None
    check_started = time.perf_counter()
    for index, entry in enumerate(entries, start=1):
        if stopped is not None:
            results.append(api.FormulaResult(index=index, text=entry.text, verdict=None, mode=entry.mode,
                                             source=entry.source, error=api._NOT_CHECKED[stopped],
                                             formula=entry.formula))
            continue
        if progress is not None:
            progress.formula(index, len(entries), entry.text)
        formula_started = time.perf_counter()
        verdict: bool | None = None
        error: str | None = None
        route = None
        trace = None
        try:
            verdict, route, trace = decide(model, entry, options.bound)
            if verdict is None:
                error = f"undecided: no counterexample within {options.bound} steps and no induction proof " \
                        f"up to depth {options.bound} (raise --bound, or use --engine bdd)"
        except UnsupportedFormula as unsupported:  # a shape or model the SAT engine does not decide, a huge range
            error = str(unsupported)
        except _STOPS as stop:
            acknowledge_stop()
            stopped = api._stop_reason(stop)
            error = api._NOT_CHECKED[stopped]
        result = api.FormulaResult(
            index=index, text=entry.text, verdict=verdict, mode=entry.mode, source=entry.source,
            seconds=time.perf_counter() - formula_started, error=error, warnings=list(entry.warnings),
            routes=[] if route is None else [{"formula": f.to_text(entry.formula, limit=api.ROUTE_TEXT_NODES),
                                              "route": route}],
            formula=entry.formula)
        if options.witness and verdict is not None:
            if trace is not None:
                result.evidence = Evidence(model, trace=trace)
            else:
                result.evidence = Evidence(model, missing=no_trace_reason(entry.formula, verdict))
        results.append(result)
        if progress is not None:
            progress.formula_done(result)
    times["check"] = time.perf_counter() - check_started
    return api.CheckReport(
        model=model.name, file=file_name, semantics=model.semantics, strategies=options.strategies,
        reachable_states=-1, bdd_variables=0, bdd_nodes_reachable=0, times=times, formulas=results,
        warnings=warnings, stopped=stopped)
