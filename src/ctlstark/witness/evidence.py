"""What explains one verdict, decided once: a replayed trace, a replayed (counter-)strategy, or why neither.

The witness layer decides; the render stage (`ctlstark.render`) shows the
outcome as text, DOT or JSON; the report only carries it.
"""

from __future__ import annotations

from dataclasses import field

from ..errors import UnsupportedFormula
from ..logic import formula as f
from ..mc.label import Checker
from ..model import Model
from ..runtime.limits import checkpoint
from ..runtime.records import record
from .extract import NoTrace, WitnessBuilder, admits_trace
from .replay import replay
from .strategy import StrategyEvidence, explain_strategy
from .uniform import explain_uniform_strategy
from .trace import Trace


@record
class Evidence:
    """The explanation of one verdict in `model`: a `trace`, a `strategy`, or a reason in `missing`.

    `failed` is True when the verdict admits a trace but none could be built
    (`missing` then says why, e.g. a tableau-routed formula); otherwise `missing`
    explains why this kind of verdict has no trace at all.
    """

    model: Model = field(repr=False, compare=False)
    trace: Trace | None = None
    strategy: StrategyEvidence | None = None
    missing: str | None = None
    failed: bool = False

    @property
    def missing_text(self) -> str | None:
        """The reason as the text report prints it, or None when there is a trace or strategy."""
        if self.missing is None:
            return None
        return f"no trace: {self.missing}" if self.failed else f"(no trace: {self.missing})"


def gather_evidence(builder: WitnessBuilder, formula: f.Formula, verdict: bool) -> Evidence:
    """The evidence of a top-level verdict, replay-validated (a failed replay raises `WitnessError`)."""
    checker: Checker = builder.checker
    model = checker.system.model
    checkpoint()
    if isinstance(formula, f.ATL):
        if checker.strategies != "perfect":
            strategy, missing = explain_uniform_strategy(checker, formula, verdict)
            return Evidence(model, strategy=strategy, missing=missing)
        return Evidence(model, strategy=explain_strategy(checker, formula, verdict))
    if not admits_trace(formula, verdict):
        return Evidence(model, missing=no_trace_reason(formula, verdict))
    try:
        trace = builder.top_level(formula, verdict)
    except (NoTrace, UnsupportedFormula) as missing:
        return Evidence(model, missing=str(missing), failed=True)
    assert trace is not None  # top_level returns None only when the verdict admits no trace
    replay(trace, checker)
    return Evidence(model, trace=trace)


def no_trace_reason(formula: f.Formula, verdict: bool, *, from_state: bool = False) -> str:
    """Why a verdict of this shape has no trace, in a few words (docs/witnesses.md, "Which verdicts get a trace").

    So that a missing trace does not look like a failure. `from_state`: the verdict at one state the
    user stands on (the simulator's `eval`), not over the initial states.
    """
    here = " from here" if from_state else ""
    if f.is_propositional(formula):
        return ("a propositional formula is decided by the state's values alone" if from_state
                else "a propositional formula is decided by the initial states alone")
    if from_state and isinstance(formula, f.BOOLEAN_CONNECTIVES):
        return "none of the parts that decide it here has a trace; eval them one by one"
    if from_state and isinstance(formula, f.ATL):
        return "ATL verdicts are explained by strategies, which ctlstark check --witness shows from the initial states"
    if isinstance(formula, f.BOOLEAN_CONNECTIVES) and verdict:
        return "a TRUE Boolean combination holds in every initial state, which no single trace shows"
    if isinstance(formula, f.A) and verdict:
        return f"a TRUE A… formula holds on every run{here}, which no single trace shows"
    if isinstance(formula, f.E) and not verdict:
        return f"a FALSE E… formula holds on no run{here}, so there is none to show"
    if verdict:
        return "this TRUE verdict is a claim about every state it ranges over, which no single trace shows"
    return "no run explains this verdict; docs/witnesses.md lists the verdicts that get one"
