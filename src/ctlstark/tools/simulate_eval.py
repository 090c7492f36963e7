"""`eval` in the simulator: a state formula's value at one state, by ctlstark's checker, with its trace.

The symbolic system (encoding and reachable states, as `ctlstark check` builds
them) is built on the first question. At a reachable state the value is the
checker's label there, and the trace is `WitnessBuilder.explain` from that state,
replayed (`witness.replay`, first state not required initial) before it is shown.

The checker labels reachable states only. At a state that is not reachable (a
`simulate --state` may name one) a second system is built whose only initial
state is that state: its reachable states are those the state leads to, which is
all a formula about the state's future needs (temporal operators, fairness, ATL
under perfect information). Knowledge, `O` and the commitments `C`/`Fu` range over
the model's reachable states, which the state is not among: they are refused there.
"""

from __future__ import annotations

import dataclasses
from dataclasses import field
from typing import TYPE_CHECKING

from ..errors import CtlstarkError, UnsupportedFormula
from ..logic import formula as f
from ..logic.normalise import subformulas
from ..model import Binary, Const, Expr, Model, Value, VarRef
from ..runtime.records import record
from ..witness.trace import Trace

if TYPE_CHECKING:
    from ..symbolic.bdd import Function

State = tuple[Value, ...]

RANGING_OVER_REACHABLE = (f.K, f.GK, f.DK, f.GCK, f.O, f.C, f.Fu)
"""Operators whose value at a state depends on the model's reachable states, not only on the state's future."""


class EvaluationRefused(CtlstarkError):
    """The formula cannot be evaluated at this state (says why)."""


@record
class Evaluation:
    """A state formula's `value` at one state, its `trace` from there or why it has none (`missing`), and `notes`."""

    value: bool
    trace: Trace | None = None
    missing: str | None = None
    notes: tuple[str, ...] = field(default=())


class _Engine:
    """One symbolic system with its checker and witness builder."""

    def __init__(self, model: Model) -> None:
        from ..mc.label import Checker
        from ..symbolic.system import build_system
        from ..witness import WitnessBuilder

        self.system = build_system(model)
        self.checker = Checker(self.system)
        self.builder = WitnessBuilder(self.checker)

    def contains(self, states: Function, state: State) -> bool:
        """Whether `state` is in the BDD `states`."""
        return self.system.state_bdd(state) & states != self.system.bdd.false

    def release(self) -> None:
        """Free the builder's and the system's BDDs."""
        self.builder.release()
        self.system.release()


class StateEvaluator:
    """Evaluates state formulas at single states of `model` with ctlstark's checker (built on first use)."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self._main: _Engine | None = None
        self._alone: tuple[State, _Engine] | None = None

    def is_reachable(self, state: State) -> bool:
        """Whether an initial state leads to `state` (computes the reachable states on the first call)."""
        engine = self._main_engine()
        return engine.contains(engine.system.reachable, state)

    def evaluate(self, formula: f.Formula, state: State) -> Evaluation:
        """The value of the state formula `formula` at `state`, with its replayed trace when the value has one.

        Raises `UnsupportedFormula` for a path formula (or one this version cannot check),
        `EvaluationRefused` for knowledge, `O`, `C` or `Fu` at an unreachable state, and
        `ResourceExhausted` when the BDD library runs out of memory.
        """
        if not f.is_state_formula(formula):
            raise UnsupportedFormula(f"{f.to_text(formula)} is a path formula: put E or A in front of it")
        notes: list[str] = []
        if self.is_reachable(state):
            engine, from_initial = self._main_engine(), False
        else:
            ranging = next((sub for sub in subformulas(formula) if isinstance(sub, RANGING_OVER_REACHABLE)), None)
            if ranging is not None:
                raise EvaluationRefused(
                    f"{f.to_text(ranging)} ranges over the model's reachable states, and this state is not "
                    "reachable (ctlstark labels reachable states only); temporal formulas are evaluated here")
            engine, from_initial = self._engine_from(state), True
            notes.append("the state is not reachable: evaluated over the runs that start here")
        value = engine.contains(engine.checker.states(formula), state)
        if (self.model.fairness or self.model.compassion) and not engine.contains(engine.checker.fair_states, state):
            sections = "the Fairness and Compassion sections" if self.model.fairness and self.model.compassion else \
                "the Fairness section" if self.model.fairness else "the Compassion section"
            notes.append(f"no fair run starts here ({sections}): every E… is FALSE and every A… TRUE here")
        trace, missing = _explanation(engine, formula, state, value, from_initial)
        return Evaluation(value, trace, missing, tuple(notes))

    def release(self) -> None:
        """Free the BDDs built so far."""
        if self._alone is not None:
            self._alone[1].release()
            self._alone = None
        if self._main is not None:
            self._main.release()
            self._main = None

    def _main_engine(self) -> _Engine:
        if self._main is None:
            self._main = _Engine(self.model)
        return self._main

    def _engine_from(self, state: State) -> _Engine:
        """The system whose only initial state is `state` (kept for the last such state asked about)."""
        if self._alone is not None and self._alone[0] == state:
            return self._alone[1]
        if self._alone is not None:
            self._alone[1].release()
            self._alone = None
        engine = _Engine(dataclasses.replace(self.model, initial_condition=state_condition(self.model, state)))
        self._alone = (state, engine)
        return engine


def state_condition(model: Model, state: State) -> Expr:
    """The condition `Agent.var = value and …` that holds in `state` alone (a balanced conjunction)."""
    parts: list[Expr] = [Binary("=", VarRef(variable), Const(value)) for variable, value in zip(model.variables, state)]
    if not parts:
        return Const(True)
    while len(parts) > 1:
        paired: list[Expr] = [Binary("and", left, right) for left, right in zip(parts[::2], parts[1::2])]
        parts = paired + (parts[-1:] if len(parts) % 2 else [])
    return parts[0]


def _explanation(engine: _Engine, formula: f.Formula, state: State, value: bool,
                 from_initial: bool) -> tuple[Trace | None, str | None]:
    """The replayed trace of `formula` having `value` at `state`, or None and why there is none."""
    from ..symbolic import bdd as backend
    from ..witness import NoTrace, WitnessError, replay
    from ..witness.evidence import no_trace_reason

    try:
        with backend.memory_guard():
            trace = engine.builder.explain(formula, state, value)
        if trace is None:
            return None, no_trace_reason(formula, value, from_state=True)
        replay(trace, engine.checker, initial=from_initial)
    except (NoTrace, UnsupportedFormula) as reason:
        return None, f"no trace: {reason}"
    except WitnessError as error:
        return None, f"no trace: an internal error (a bug in ctlstark, please report it): {error}"
    return trace, None


def evaluation_text(model: Model, formula_text: str, step: int, evaluation: Evaluation) -> str:
    """What `eval` prints: `TRUE at step k: formula`, the notes, then the trace (its step 0 is the current state)."""
    from ..render import verdict_word
    from ..render.traces import trace_text

    lines = [f"{verdict_word(evaluation.value)} at step {step}: {' '.join(formula_text.split())}"]
    lines += [f"  note: {note}" for note in evaluation.notes]
    if evaluation.trace is not None:
        lines.append(trace_text(evaluation.trace, model, "  "))
    elif evaluation.missing is not None:
        lines.append(f"  ({evaluation.missing})")
    return "\n".join(lines)
