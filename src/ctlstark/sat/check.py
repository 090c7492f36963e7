"""`check --engine sat`: the formulas of the shapes the SAT engine decides, a report like the BDD engine's.

Supported (docs/sat.md), with φ propositional (propositions, comparison atoms,
`Agent.RedStates`/`GreenStates`, `true`/`false` under Boolean connectives):

* CTL `AG φ`, `EF φ` on models without fairness: invariants by BMC and k-induction (`bmc`);
* `A ψ`, `E ψ` over infinite fair paths (`ltl`): MCMAS's `LTL`/`CTL*` entries whose path
  formula ψ is built from propositional formulas with `X F G U R W`, CTL `AF φ`/`EG φ`, and
  under a `Fairness`/`Compassion` section (propositional) also CTL `AG φ`/`EF φ`.

Any other formula is reported as not checked (`verdict=None`, an `error` saying why;
exit 3), never handed to the BDD engine silently.

Every counterexample and witness becomes a `Trace` and is validated by replay on the
explicit semantics (`replay`) before it is reported.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from ..errors import BddMemoryExhausted, TimeLimitReached, UnsupportedFormula
from ..logic import formula as f
from ..logic.normalise import is_ctl_path, push_negation
from ..model import FormulaEntry, Model
from ..runtime.limits import acknowledge_stop, checkpoint
from ..runtime.progress import Progress
from ..witness.trace import Step, Trace
from .encode import Unrolling
from .bmc import Outcome, State, check_invariant, initial_states
from .existential import ExistentialSearch, RunLengths, existential_shape, has_knowledge, require_no_fairness
from .ltl import Lasso, Ranking, find_lasso, is_path_formula
from .replay import validate

DEFAULT_BOUND = 50
INITIAL_STATES_LIMIT = 256
"""`EF φ` is decided per initial state (it must hold in each); more than this many are not enumerated."""
_STOPS = (KeyboardInterrupt, TimeLimitReached, BddMemoryExhausted)


class Unsupported(UnsupportedFormula):
    """A formula or model the SAT engine does not decide (yet)."""


def invariant_shape(formula: f.Formula) -> tuple[str, f.Formula] | None:
    """("AG", φ) or ("EF", φ) for the CTL invariants read with deadlocks (φ propositional), else None."""
    match formula:
        case f.A(path=path, infinite=False) | f.E(path=path, infinite=False):
            shaped = push_negation(path)
            if isinstance(formula, f.A) and isinstance(shaped, f.G) and f.is_propositional(shaped.operand):
                return "AG", shaped.operand
            if isinstance(formula, f.E) and isinstance(shaped, f.F) and f.is_propositional(shaped.operand):
                return "EF", shaped.operand
    return None


def path_shape(formula: f.Formula, fair: bool) -> tuple[str, f.Formula] | None:
    """("A", ψ) or ("E", ψ) when the formula quantifies over infinite fair paths a path formula a lasso
    decides: MCMAS's LTL/CTL* entries and CTL* path formulas of other shapes, CTL `AF φ`/`EG φ` (φ
    propositional), and under fairness also CTL `AG φ`/`EF φ` (a fair state that violates φ lies on a
    fair lasso). Else None."""
    match formula:
        case f.A(path=path, infinite=infinite) | f.E(path=path, infinite=infinite) if is_path_formula(path):
            quantifier = "A" if isinstance(formula, f.A) else "E"
            shaped = push_negation(path)
            if infinite or not is_ctl_path(shaped):
                return quantifier, path
            ctl_shapes = (f.F, f.G) if fair else ((f.F,) if quantifier == "A" else (f.G,))
            if isinstance(shaped, ctl_shapes):
                return quantifier, shaped
    return None


def make_trace(entry: FormulaEntry, kind: str, outcome: Outcome) -> Trace:
    """The trace of a BMC outcome: the finite path to the state that decides."""
    steps = [Step(state, outcome.actions[index] if index < len(outcome.actions) else None)
             for index, state in enumerate(outcome.states)]
    return Trace(formula_text=entry.text, kind=kind, steps=steps, formula=entry.formula)  # type: ignore[arg-type]


def lasso_trace(entry: FormulaEntry, kind: str, lasso: Lasso) -> Trace:
    """The trace of a lasso: its states, the last one's action leading back to `loop_start`."""
    steps = [Step(state, lasso.actions[index]) for index, state in enumerate(lasso.states)]
    return Trace(formula_text=entry.text, kind=kind, steps=steps, loop_start=lasso.loop_start,  # type: ignore[arg-type]
                 formula=entry.formula)


def decide(model: Model, entry: FormulaEntry, bound: int) -> tuple[bool | None, str, Trace | None]:
    """(verdict, route, trace) of one formula; raises `Unsupported` for what the SAT engine does not decide."""
    if f.is_propositional(entry.formula) and not (model.fairness or model.compassion):
        return _initially(model, entry.formula)  # with fairness: at the fair initial states only
    existential = existential_shape(entry.formula)
    if existential is not None and has_knowledge(existential[1]):
        return _bounded_semantics(model, entry, *existential, bound)
    fair = bool(model.fairness or model.compassion)
    shape = path_shape(entry.formula, fair)
    if shape is not None:
        quantifier, path = shape
        if not fair and f.is_propositional(path):  # A φ = E φ = φ without fairness (docs/semantics.md)
            return _initially(model, path)
        if quantifier == "A":
            return _universal(model, entry, path, bound)
        return _existential(model, entry, path, bound)
    shape = invariant_shape(entry.formula)
    if shape is None and existential is not None:
        return _bounded_semantics(model, entry, *existential, bound)
    if shape is None:
        raise Unsupported("not supported by the SAT engine: it decides AG φ, EF φ, AF φ, EG φ (φ propositional), "
                          "LTL/CTL* A ψ, E ψ with ψ built from propositional formulas by X F G U R W, and "
                          "finds witnesses of existential CTLK formulas (counterexamples of universal ones) "
                          "(docs/sat.md)")
    kind, operand = shape
    if kind == "AG":
        outcome = check_invariant(model, operand, bound)
        if outcome.holds is False:
            trace = make_trace(entry, "counterexample", outcome)
            validate(model, trace, f.Not(operand))
            return False, outcome.route, trace
        return outcome.holds, outcome.route, None
    return _reachable(model, entry, operand, bound)


def _universal(model: Model, entry: FormulaEntry, path: f.Formula, bound: int) -> tuple[bool | None, str, Trace | None]:
    """`A ψ` over infinite fair paths: FALSE with a fair lasso satisfying ¬ψ; TRUE when none exists, or
    (ψ = `G φ`) when `AG φ` holds at all."""
    if isinstance(path, f.G) and f.is_propositional(path.operand):
        proof = check_invariant(model, path.operand, bound)
        if proof.holds is True:
            return True, proof.route, None
    negated = f.Not(path)
    lasso = find_lasso(model, negated, bound)
    if lasso.found is True:
        trace = lasso_trace(entry, "counterexample", lasso)
        validate(model, trace, negated)
        return False, lasso.route, _explaining(trace, path)
    return (None if lasso.found is None else True), lasso.route, None


@dataclass
class _FromStart:
    """One initial state's answer to an existential formula: `verdict` True (a witness from it, `trace`
    when one was asked for), False (refuted there) or None (unknown); `counts` False for a state that does
    not count (unfair)."""

    verdict: bool | None
    route: str
    depth: int = 0
    trace: Trace | None = None
    counts: bool = True


def _every_initial_state(model: Model, answer: Callable[[State, str, bool], _FromStart], kind: str, *,
                         refutable_after_unknown: bool = True) -> tuple[bool | None, str, Trace | None]:
    """An existential formula holds iff it holds in every initial state that counts: `answer(start, where,
    wanted)` decides one (`wanted`: the first witness, whose trace the result shows). The route of a TRUE
    gives the deepest witness and says `kind` ("lasso", "bounded semantics: …"; "" for none). After an unknown
    answer the other states are still tried for a refutation, unless `refutable_after_unknown` is False."""
    starts = _initial_states(model)
    if not starts:
        return True, "sat:bmc k=0 (no initial state)", None
    first: Trace | None = None
    witnessed = False
    deepest = 0
    unknown: str | None = None
    for number, start in enumerate(starts, start=1):
        checkpoint()
        one = answer(start, f"initial state {number} of {len(starts)}", not witnessed)
        if one.verdict is False:
            return False, one.route, None
        if one.verdict is None:
            unknown = unknown or one.route
            if not refutable_after_unknown:
                break
        elif one.counts:
            first = first if witnessed else one.trace
            witnessed = True
            deepest = max(deepest, one.depth)
    if unknown is not None:
        return None, unknown, None
    if not witnessed:
        return True, f"sat:bmc (no fair initial state among {len(starts)})", None
    details = [kind.format(k=deepest)] if kind else []
    details += [f"{len(starts)} initial states"] if len(starts) > 1 else []
    return True, f"sat:bmc k={deepest}" + "".join(f" ({detail})" for detail in details), first


def _existential(model: Model, entry: FormulaEntry, path: f.Formula,
                 bound: int) -> tuple[bool | None, str, Trace | None]:
    """`E ψ` over infinite fair paths, one initial state at a time: TRUE when each fair initial state starts
    a fair lasso satisfying ψ; FALSE at a fair initial state that starts none."""
    fair = bool(model.fairness or model.compassion)

    def from_start(start: State, where: str, wanted: bool) -> _FromStart:
        lasso = find_lasso(model, path, bound, initial=start, ranking=ranking)
        if lasso.found is None:
            return _FromStart(None, lasso.route)
        if lasso.found is True:
            trace = None
            if wanted:
                trace = lasso_trace(entry, "witness", lasso)
                validate(model, trace, path)
            return _FromStart(True, lasso.route, lasso.depth, None if trace is None else _explaining(trace, path))
        if not fair:
            return _FromStart(False, f"{lasso.route} (no lasso from {where})")
        start_is_fair = find_lasso(model, f.Const(True), bound, initial=start)
        if start_is_fair.found is True:
            return _FromStart(False, f"{lasso.route} (no lasso from {where}, which is fair)")
        if start_is_fair.found is None:
            return _FromStart(None, f"{start_is_fair.route} (is {where} fair?)")
        return _FromStart(True, lasso.route, counts=False)

    with Ranking(model) as ranking:
        return _every_initial_state(model, from_start, "lasso")


def _bounded_semantics(model: Model, entry: FormulaEntry, kind: str, goal,
                       bound: int) -> tuple[bool | None, str, Trace | None]:
    """A formula in existential CTLK ("exists") or whose negation is ("forall"): a witness of `goal` in a
    bounded model (`existential.ExistentialSearch`) — from every initial state for "exists" (TRUE), from
    some initial state for "forall" (FALSE, a counterexample)."""
    require_no_fairness(model)
    trace_kind = "witness" if kind == "exists" else "counterexample"

    def from_start(start: State | None, where: str, wanted: bool) -> _FromStart:
        finder = ExistentialSearch(model, goal, lengths, start)
        try:
            found, route, k = finder.search(bound)
            if found is None:
                return _FromStart(None, route)
            if found is False:  # no initial state, or the whole model has no witness
                return _FromStart(False, route)
            trace = finder.explain(k, entry.text, entry.formula, trace_kind) if wanted else None
            return _FromStart(True, route, k, trace)
        finally:
            finder.delete()

    with RunLengths(model) as lengths:
        if kind == "exists":
            # the bounded semantics refutes only when every run ends, which holds for all initial states or none
            return _every_initial_state(model, from_start, "bounded semantics: runs of at most {k} steps",
                                        refutable_after_unknown=False)
        one = from_start(None, "", True)
    if one.verdict is None:
        return None, one.route, None
    if one.verdict is False:
        return True, one.route, None
    return False, f"sat:bmc k={one.depth} (bounded semantics: runs of at most {one.depth} steps)", one.trace


def _initially(model: Model, formula: f.Formula) -> tuple[bool, str, None]:
    """Whether the propositional `formula` holds in every initial state (a SAT call at frame 0)."""
    unrolling = Unrolling(model)
    try:
        unrolling.add_frame()
        unrolling.circuit.clause([unrolling.condition(model.initial_condition, 0)])
        holds = not unrolling.circuit.solve([-unrolling.proposition(formula, 0)])
        return holds, "sat:bmc k=0", None
    finally:
        unrolling.circuit.delete()


def _explaining(trace: Trace, path: f.Formula) -> Trace | None:
    """The lasso as the verdict's trace, or None when ψ is a state formula: `A φ` and `E φ` are then φ at
    the initial state (fairness aside), which no path explains (as in the BDD engine)."""
    return None if f.is_propositional(path) else trace


def _initial_states(model: Model) -> list[State]:
    """The initial states, one at a time for the existential shapes; Unsupported past the limit."""
    starts = initial_states(model, INITIAL_STATES_LIMIT)
    if len(starts) > INITIAL_STATES_LIMIT:
        raise Unsupported(f"not supported by the SAT engine: an existential formula with more than "
                          f"{INITIAL_STATES_LIMIT} initial states (docs/sat.md)")
    return starts


def _reachable(model: Model, entry: FormulaEntry, operand: f.Formula,
               bound: int) -> tuple[bool | None, str, Trace | None]:
    """CTL `EF φ`: every initial state reaches φ — `AG ¬φ` from each initial state."""

    def from_start(start: State, where: str, wanted: bool) -> _FromStart:
        outcome = check_invariant(model, f.Not(operand), bound, initial=start)
        if outcome.holds is None:
            return _FromStart(None, outcome.route)
        if outcome.holds is True:
            return _FromStart(False, f"{outcome.route} (AG !φ from {where})")
        trace = None
        if wanted:
            trace = make_trace(entry, "witness", outcome)
            validate(model, trace, operand)
        return _FromStart(True, outcome.route, outcome.depth, trace)

    return _every_initial_state(model, from_start, "")


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
            if verdict is None and "bounded semantics" in route:
                error = f"undecided: no witness or counterexample with runs of at most {options.bound} steps, and " \
                        "the bounded semantics decides the other way only when every run ends (use --engine bdd " \
                        "or auto)"
            elif verdict is None:
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
            engine="sat" if verdict is not None else None, formula=entry.formula)
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
        warnings=warnings, stopped=stopped, engine="sat")
