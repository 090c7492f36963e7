"""The Python API: load a model, check formulas, get a report.

This is what the command line uses, and what scripts should use: it runs the
pipeline (parse → resolve → encode → reach → check) and returns plain data.
Nothing here prints.
"""

from __future__ import annotations

import os
import time
from dataclasses import field

from .runtime.records import record
from .version import VERSION
from .errors import (
    BddMemoryExhausted, CtlstarkError, IsplError, ResourceExhausted, TimeLimitReached,
    UnsupportedFormula, resource_guarded,
)
from .runtime.limits import acknowledge_stop, checkpoint, time_limit
from .logic.formula import A, Formula, U, is_state_formula, to_text
from .logic.normalise import subformulas
from .model import FormulaEntry, FormulaMode, Model
from .runtime.progress import Progress
from .semantics.strategies import check_strategy_semantics

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Iterable

    from .mc.label import Checker
    from .tools.lint import LintWarning
    from .witness.evidence import Evidence

JSON_SCHEMA_VERSION = 1
ENGINES = ("bdd", "sat", "auto")
"""The values of `CheckOptions.engine` (`check --engine`)."""
_MEASUREMENTS = ("times", "bdd_nodes_reachable", "bdd_peak_nodes")  # left out by to_json(measurements=False)
DEADLOCK_EXAMPLES = 3  # deadlock states shown with --deadlock


@record(frozen=False)
class FormulaResult:
    """The verdict on one formula. `verdict` is None when it could not be checked (`error` says why)."""

    index: int
    text: str
    verdict: bool | None
    mode: FormulaMode = "default"
    source: str = ""
    seconds: float = 0.0
    error: str | None = None
    warnings: list[str] = field(default_factory=list)
    routes: list[dict[str, str]] = field(default_factory=list)
    """How each path-quantified subformula was computed: `{"formula": text, "route": route}`
    in computation order (`fast:EU`, `fast:EF[inf]`, `tableau(k vars, m fairness sets)`, …);
    the first ROUTES_LISTED of them, each text cut to ROUTE_TEXT_NODES operators and atoms."""
    routes_omitted: int = 0
    """How many routes beyond the first ROUTES_LISTED are not listed (a formula nested
    10,000 deep has 10,000 path-quantified subformulas)."""
    engine: str | None = None
    """The engine that decided the verdict: "bdd" or "sat" (with `engine="auto"`, the first to decide it);
    None when there is no verdict."""
    evidence: Evidence | None = field(default=None, repr=False, compare=False)
    """With `check(..., witness=True)`: what explains the verdict — a replay-validated `Trace`, an ATL
    (counter-)strategy, or why there is neither (`ctlstark.witness.Evidence`); None without witnesses."""
    formula: Formula | None = field(default=None, repr=False, compare=False)
    """The checked formula's tree."""

    @property
    def trace(self) -> dict[str, Any] | None:
        """The witness or counterexample tree as JSON data (docs/witnesses.md), or None."""
        if self.evidence is None or self.evidence.trace is None:
            return None
        from .render.traces import trace_json

        return trace_json(self.evidence.trace, self.evidence.model)

    @property
    def trace_error(self) -> str | None:
        """Why a verdict that admits a trace got none (e.g. a tableau-routed formula), else None."""
        return self.evidence.missing if self.evidence is not None and self.evidence.failed else None

    @property
    def strategy(self) -> dict[str, Any] | None:
        """A top-level ATL verdict's strategy (TRUE) or counter-strategy (FALSE) as JSON data
        (docs/witnesses.md, "Strategies (ATL)"), or None."""
        if self.evidence is None or self.evidence.strategy is None:
            return None
        from .render.strategies import strategy_json

        return strategy_json(self.evidence.strategy, self.evidence.model)

    def to_json(self) -> dict[str, Any]:
        """This result's part of `CheckReport.to_json()` (docs/json.md): the evidence rendered, the tree left out."""
        # the evidence views are built afresh on each access; only the stored fields need copying
        return {name: getattr(self, name) if name in _EVIDENCE_VIEWS else _copied(getattr(self, name))
                for name in _RESULT_JSON_KEYS}

    def no_trace_reason(self) -> str | None:
        """Why a verdict shows neither trace nor strategy, as one line (None when it has one, or no evidence)."""
        return None if self.evidence is None else self.evidence.missing_text

    def __repr__(self) -> str:
        from .render.tables import verdict_word  # the tables are imported when one is shown

        return f"<FormulaResult {self.index}: {verdict_word(self.verdict)} {' '.join(self.text.split())}>"

    def trace_rows(self) -> list[dict[str, object]]:
        """The trace's main path as one flat dict per step (`render.trace_rows`); [] without a trace."""
        if self.evidence is None or self.evidence.trace is None:
            return []
        from .render.tables import trace_rows

        return trace_rows(self.evidence.trace, self.evidence.model)

    def trace_table(self) -> str:
        """The trace's main path as a plain-text table; '' without a trace."""
        from .render.tables import text_table

        rows = self.trace_rows()
        return text_table(rows) if rows else ""


def _copied(value: Any) -> Any:
    """A copy of plain data (dicts, lists and tuples of scalars), as `copy.deepcopy` makes it, without its
    machinery (and its import) for the few fields of each result."""
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copied(item) for item in value]
    if isinstance(value, tuple):
        return tuple(_copied(item) for item in value)
    return value


_RESULT_JSON_KEYS = ("index", "text", "verdict", "mode", "source", "seconds", "error", "warnings", "routes",
                     "routes_omitted", "engine", "trace", "trace_error", "strategy")
"""The keys of a result in the JSON document, in order (docs/json.md)."""
_EVIDENCE_VIEWS = frozenset({"trace", "trace_error", "strategy"})


@record(frozen=False)
class CheckReport:
    """Everything one `check` run found out about a model."""

    model: str
    file: str | None
    semantics: str
    reachable_states: int
    bdd_variables: int
    bdd_nodes_reachable: int
    times: dict[str, float]
    formulas: list[FormulaResult]
    deadlock_states: int | None = None
    deadlock_examples: list[dict[str, dict[str, object]]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    bdd_peak_nodes: int = 0
    """The most BDD nodes the manager held at once during the run (CUDD's peak)."""
    stopped: str | None = None
    """Why the run ended early, if it did: `interrupted` (Ctrl-C), `time limit` or `memory limit`.
    The formulas not checked then have `verdict=None` and an `error` saying so."""
    strategies: str = "perfect"
    """The reading of the strategic operators the verdicts were computed under (`--strategies`)."""
    lint: list[LintWarning] | None = None
    """With `check(..., lint=True)`: the lint warnings (`ctlstark.lint`) in file order; None when not asked for."""
    engine: str = "bdd"
    """The engine the run was asked for: "bdd", "sat" or "auto" (each result's `engine` says which one decided it)."""

    @property
    def interrupted(self) -> bool:
        """True when Ctrl-C ended the run early."""
        return self.stopped == "interrupted"

    @property
    def all_true(self) -> bool:
        return all(result.verdict is True for result in self.formulas)

    def __repr__(self) -> str:
        """A short text summary: the model, one line per verdict, the state count."""
        from .render.tables import formula_rows

        lines = [f"<CheckReport {self.model}: {self.reachable_states} reachable states>"]
        lines += [f"  {row['#']}  {row['verdict']:<5}  {row['formula']}" for row in formula_rows(self.formulas)]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """Jupyter's rich display: the verdicts as a table."""
        from .render.tables import formula_rows, html_table

        caption = f"{self.model}: {self.reachable_states} reachable states"
        return html_table(formula_rows(self.formulas), caption=caption)

    def to_json(self, *, measurements: bool = True) -> dict:
        """The stable JSON document of `ctlstark check --json` (docs/json.md).

        `measurements=False` leaves out what varies from run to run — times and
        BDD node counts (which follow the variable order, and so dynamic
        reordering) — so that the same input gives byte-identical documents.
        """
        document = self._document()
        if not measurements:
            for key in _MEASUREMENTS:
                document.pop(key)
            for formula in document["formulas"]:
                formula.pop("seconds")
                if formula["strategy"] is not None:
                    formula["strategy"].pop("bdd_nodes")  # follows the variable order, like the other node counts
        return document

    def _document(self) -> dict:
        return {
            "schema": JSON_SCHEMA_VERSION,
            "ctlstark_version": VERSION,
            "model": self.model,
            "file": self.file,
            "semantics": self.semantics,
            "strategies": self.strategies,
            "engine": self.engine,
            "reachable_states": self.reachable_states,
            "bdd_variables": self.bdd_variables,
            "bdd_nodes_reachable": self.bdd_nodes_reachable,
            "bdd_peak_nodes": self.bdd_peak_nodes,
            "deadlock_states": self.deadlock_states,
            "deadlock_examples": list(self.deadlock_examples),
            "times": dict(self.times),
            "warnings": list(self.warnings),
            "lint": None if self.lint is None else [warning.to_json() for warning in self.lint],
            "stopped": self.stopped,
            "interrupted": self.interrupted,
            "formulas": [result.to_json() for result in self.formulas],
        }


def __getattr__(name: str) -> Any:
    """`state_by_agent`, re-exported from `render` (part of the public API), imported on first use."""
    if name == "state_by_agent":
        from .render.values import state_by_agent

        return state_by_agent
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def load_model(path: str | os.PathLike[str]) -> Model:
    """Read and resolve an ISPL file; raises `IsplError` listing every problem found."""
    from .ispl import load_model as load

    return load(path)


def load_model_text(text: str, filename: str = "<string>") -> Model:
    """Resolve ISPL given as a string (the file name only labels diagnostics)."""
    from .ispl import parse_model

    return parse_model(text, filename=filename)


def parse_formula(text: str, model: Model, *, mode: FormulaMode | None = None,
                  source: str = "--formula") -> FormulaEntry:
    """Parse a formula in the model's vocabulary.

    With `mode=None` the text is read like a `Formulae` entry: a leading `LTL` or
    `CTL*` selects MCMAS's dialect, anything else is ctlstark's own syntax.
    `source` names the text in diagnostics (`--formula:1:5: error: …`). Its
    comparison atoms (`Environment.x = 3`) are defined in `model.propositions`.
    """
    from .ispl import parse_formula as parse

    if mode is None:
        mode, text = _split_dialect_prefix(text)
    return parse(text, model, mode=mode, source=source)


def _split_dialect_prefix(text: str) -> tuple[FormulaMode, str]:
    stripped = text.lstrip()
    offset = len(text) - len(stripped)
    if stripped.startswith("CTL*"):
        return "ctlstar", " " * (offset + 4) + stripped[4:]
    if stripped.startswith("LTL") and (len(stripped) == 3 or not (stripped[3].isalnum() or stripped[3] == "_")):
        return "ltl", " " * (offset + 3) + stripped[3:]
    return "default", text


def _as_entry(formula: str | Formula | FormulaEntry, model: Model) -> FormulaEntry:
    if isinstance(formula, FormulaEntry):
        return formula
    if isinstance(formula, str):
        return parse_formula(formula, model)
    return FormulaEntry(text=to_text(formula), formula=formula, source="api")


def check(
    model: Model | str | os.PathLike[str],
    formulas: Iterable[str | Formula | FormulaEntry] = (),
    *,
    file_formulae: bool = True,
    deadlock: bool = False,
    reorder: bool | None = None,
    witness: bool = False,
    order: str = "structure",
    cluster_size: int | None = None,
    progress: Progress | None = None,
    max_memory: int | None = None,
    timeout: float | None = None,
    lint: bool = False,
    strategies: str = "perfect",
    engine: str = "bdd",
    bound: int = 50,
) -> CheckReport:
    """Check the model's own formulae (unless `file_formulae` is False), then `formulas`.

    `model` is a parsed `Model` (`load_model`, or `load_model_text` for ISPL given
    as a string) or the path of an ISPL file.

    A formula is TRUE when it holds in every initial state (every fair one under
    a `Fairness` section). Raises `IsplError`
    for malformed input and `ResourceExhausted` when the BDD library runs out of
    memory or a formula is nested too deeply to process; a formula this version
    cannot check gets `verdict=None` and an `error`. With `witness`, each result
    whose verdict admits one gets a replay-validated `trace` (a failed replay
    raises `WitnessError`, an internal error). `reorder`, `order` and
    `cluster_size` tune the BDD encoding (docs/performance.md); they never
    change a verdict. `progress` hears of each phase, reachability step and
    formula. `max_memory` (bytes) caps CUDD's memory; `timeout` (seconds of
    wall time) limits the whole run. `lint` adds the lint warnings
    (`ctlstark.lint`: unused variables, actions never enabled, ...) as `report.lint`,
    placed where the model's file declares them (a `Model` built in Python has no positions).
    `strategies` is the reading of the strategic operators `<g>`: `"perfect"` (perfect
    information, MCMAS's default), `"uniform"`, `"uniform-objective"` or `"uniform-pooled"`
    (uniform memoryless strategies under imperfect information; docs/semantics.md); any
    other value raises `ValueError`.
    `engine="sat"` decides invariants, path formulas over propositions (LTL, `AF`, `EG`) and knowledge
    counterexamples by SAT — bounded model checking up to `bound` steps, lassos, k-induction, rankings —
    without BDDs, and reports other formulas as not checked
    (docs/sat.md); such a report has no BDD figures (`reachable_states` is -1). `engine="auto"` runs both
    engines side by side in two child processes and takes, per formula, the first definitive verdict
    (docs/portfolio.md); each result's `engine` says which one decided it, and the BDD figures are there
    only when the BDD engine finished (else `reachable_states` is -1).

    Ctrl-C (KeyboardInterrupt), the time limit or the memory limit while
    formulas are checked end the run with the verdicts obtained so far: the
    rest get `verdict=None`, and `report.stopped` says why. Before the first
    verdict they propagate: `KeyboardInterrupt`, `TimeLimitReached`,
    `BddMemoryExhausted`.
    """
    options = CheckOptions(file_formulae=file_formulae, deadlock=deadlock, witness=witness, lint=lint,
                           reorder=reorder, order=order, cluster_size=cluster_size, max_memory=max_memory,
                           timeout=timeout, strategies=strategies, engine=engine, bound=bound)
    return check_with(model, formulas, options, progress)


@record
class CheckOptions:
    """How one check runs: what it computes beyond the verdicts, the BDD tuning, the limits.

    The fields are `check`'s keyword arguments, with the same defaults; the command
    line and `batch` build one and call `check_with`.
    """

    file_formulae: bool = True
    deadlock: bool = False
    witness: bool = False
    lint: bool = False
    reorder: bool | None = None
    order: str = "structure"
    cluster_size: int | None = None
    max_memory: int | None = None
    timeout: float | None = None
    strategies: str = "perfect"
    engine: str = "bdd"
    """"bdd" (the symbolic engine), "sat" (`ctlstark.sat`: BMC and k-induction for AG/EF/LTL G, docs/sat.md)
    or "auto" (both side by side, the first definitive verdict per formula: `ctlstark.portfolio`, docs/portfolio.md)."""
    bound: int = 50
    """With `engine="sat"` or `"auto"`: the deepest BMC step and induction depth tried."""

    def __post_init__(self) -> None:
        check_strategy_semantics(self.strategies)
        if self.engine not in ENGINES:
            raise ValueError(f"unknown engine {self.engine!r}: 'bdd', 'sat' or 'auto'")


@resource_guarded
def check_with(model: Model | str | os.PathLike[str], formulas: Iterable[str | Formula | FormulaEntry],
               options: CheckOptions, progress: Progress | None = None) -> CheckReport:
    """`check` with its options as one object (the same meaning, the same exceptions)."""
    with time_limit(options.timeout):
        if options.engine == "sat":
            return _check_by_sat(model, formulas, options, progress)
        if options.engine == "auto":
            from .portfolio import check_portfolio

            return check_portfolio(model, formulas, options, progress)
        return _check(model, formulas, options, progress)


def _check_by_sat(model: Model | str | os.PathLike[str], formulas: Iterable[str | Formula | FormulaEntry], options: CheckOptions,
                  progress: Progress | None) -> CheckReport:
    """The SAT engine's report (`ctlstark.sat.check_sat`); a clear error when python-sat is missing."""
    try:
        from .sat import check_sat
    except ImportError as missing:
        raise CtlstarkError(f"the SAT engine needs python-sat ({missing}): "
                            "pip install 'ctlstark[sat]'") from None
    return check_sat(model, formulas, options, progress)


def _check(model: Model | str | os.PathLike[str], formulas: Iterable[str | Formula | FormulaEntry], options: CheckOptions,
           progress: Progress | None) -> CheckReport:
    """`check` without the time limit around it."""
    from .mc.label import Checker
    from .symbolic import bdd as backend
    from .symbolic.system import CLUSTER_NODE_LIMIT, build_system

    times: dict[str, float] = {}
    file_name: str | None = None
    started = time.perf_counter()
    if not isinstance(model, Model):
        file_name = str(model)
        model = load_model(model)
    extra = [_as_entry(formula, model) for formula in formulas]
    times["parse"] = time.perf_counter() - started
    checkpoint()

    entries = (list(model.formulae) if options.file_formulae else []) + extra
    if progress is not None:
        progress.phase("encode")
    system = build_system(model, reorder=options.reorder, order=options.order, progress=progress,
                          max_memory=options.max_memory,
                          cluster_size=CLUSTER_NODE_LIMIT if options.cluster_size is None else options.cluster_size)
    times["encode"] = float(system.stats.get("encode_seconds", 0.0))
    times["reach"] = float(system.stats.get("reach_seconds", 0.0))
    checker = Checker(system, strategies=options.strategies)
    checkpoint()

    check_started = time.perf_counter()
    results, stopped = _check_all(checker, entries, progress)
    times["check"] = time.perf_counter() - check_started
    if options.witness and stopped is None:
        if progress is not None:
            progress.phase("witness")
        witness_started = time.perf_counter()
        try:
            _add_evidence(checker, results)
        except _STOPS as stop:
            acknowledge_stop()
            stopped = _stop_reason(stop)
        times["witness"] = time.perf_counter() - witness_started

    lint_warnings = None
    if options.lint and stopped is None:
        from .tools.lint import lint_model

        lint_started = time.perf_counter()
        lint_warnings = lint_model(model, system)
        times["lint"] = time.perf_counter() - lint_started
    deadlock_count = None
    deadlock_examples: list[dict[str, dict[str, object]]] = []
    if options.deadlock and stopped is None:
        from .render.values import state_by_agent

        deadlocked = system.deadlock_states()
        deadlock_count = system.count_states(deadlocked)
        deadlock_examples = [state_by_agent(model, state)
                             for state in system.some_states(deadlocked, DEADLOCK_EXAMPLES)]
    report = CheckReport(
        model=model.name,
        file=file_name,
        semantics=model.semantics,
        strategies=options.strategies,
        reachable_states=system.count_states(system.reachable),
        bdd_variables=int(system.stats.get("bdd_variables", 0)),
        bdd_nodes_reachable=int(system.stats.get("reachable_nodes", 0)),
        times=times,
        formulas=results,
        deadlock_states=deadlock_count,
        deadlock_examples=deadlock_examples,
        warnings=list(model.warnings) + _fairness_warnings(checker, file_name),
        bdd_peak_nodes=backend.peak_nodes(system.bdd),
        stopped=stopped,
        lint=lint_warnings,
    )
    system.release()  # the report is plain data: free the BDDs now, not at some later garbage collection
    return report


def _fairness_warnings(checker: Checker, file_name: str | None) -> list[str]:
    """A warning when no initial state is fair: every formula then holds vacuously (as in MCMAS and NuSMV)."""
    system, model = checker.system, checker.system.model
    if not (model.fairness or model.compassion) or system.initial == system.bdd.false \
            or checker.fair_initial_states != system.bdd.false:
        return []
    line, column = (model.fairness[0] if model.fairness else model.compassion[0][0]).pos or (1, 1)
    where = file_name or (model.positions.file if model.positions is not None else "<model>")
    if not model.compassion:
        return [f"{where}:{line}:{column}: warning: no initial state is fair (none starts a path that "
                "meets every Fairness formula infinitely often), so every formula holds vacuously; MCMAS says "
                "\"The fairness constraint does not hold in any paths\" and does the same"]
    return [f"{where}:{line}:{column}: warning: no initial state is fair (none starts a path that meets every "
            "Fairness formula infinitely often and, for every Compassion pair p -> q, q infinitely often if p "
            "infinitely often), so every formula holds vacuously"]


def _add_evidence(checker: Checker, results: list[FormulaResult]) -> None:
    """Attach to every checked result what explains its verdict (`witness.gather_evidence`)."""
    from .witness import WitnessBuilder, gather_evidence

    builder = WitnessBuilder(checker)
    try:
        for result in results:
            if result.verdict is not None and result.formula is not None:
                result.evidence = gather_evidence(builder, result.formula, result.verdict)
    finally:
        builder.release()


ROUTES_LISTED = 100  # per formula; `FormulaResult.routes_omitted` counts the rest
ROUTE_TEXT_NODES = 1000
"""A listed route shows at most this many operators and atoms of its subformula (the rest as `…`):
the 100 outermost subformulas of a formula nested 10,000 deep took 1.5 s to print in full."""
_STOPS = (KeyboardInterrupt, TimeLimitReached, BddMemoryExhausted)
_NOT_CHECKED = {
    "interrupted": "interrupted",
    "time limit": "not checked: the time limit was reached",
    "memory limit": "not checked: the BDD library reached its memory limit",
}


def _stop_reason(stop: BaseException) -> str:
    if isinstance(stop, KeyboardInterrupt):
        return "interrupted"
    return "time limit" if isinstance(stop, TimeLimitReached) else "memory limit"


def _check_all(checker: Checker, entries: list[FormulaEntry],
               progress: Progress | None) -> tuple[list[FormulaResult], str | None]:
    """Every entry's result in order, and why the run stopped early (None if it did not).

    After Ctrl-C, the time limit or the memory limit, the remaining entries
    get `verdict=None` with an error saying so, and the verdicts obtained so
    far are still reported.
    """
    results: list[FormulaResult] = []
    try:
        for index, entry in enumerate(entries, start=1):
            checkpoint()
            if progress is not None:
                progress.formula(index, len(entries), entry.text)
            results.append(_check_one(checker, index, entry))
            if progress is not None:
                progress.formula_done(results[-1])
    except _STOPS as stop:
        acknowledge_stop()
        reason = _stop_reason(stop)
        results += [FormulaResult(index=index, text=entry.text, verdict=None, mode=entry.mode, source=entry.source,
                                  error=_NOT_CHECKED[reason], formula=entry.formula)
                    for index, entry in enumerate(entries, start=1) if index > len(results)]
        return results, reason
    return results, None


def _check_one(checker, index: int, entry: FormulaEntry) -> FormulaResult:
    started = time.perf_counter()
    verdict: bool | None
    error = None
    try:
        verdict = checker.holds(entry.formula)
    except UnsupportedFormula as unsupported:
        verdict, error = None, str(unsupported)
    except BddMemoryExhausted:
        raise
    except ResourceExhausted as exhausted:  # nested too deeply: this formula only
        verdict, error = None, str(exhausted)
    routes = checker.routes_of(entry.formula)
    return FormulaResult(
        index=index,
        text=entry.text,
        verdict=verdict,
        mode=entry.mode,
        source=entry.source,
        seconds=time.perf_counter() - started,
        error=error,
        warnings=list(entry.warnings) + fairness_until_warnings(entry, checker.system.model)
        + [f"{entry.source or '--formula'}: warning: {text}" for text in checker.warnings_of(entry.formula)],
        routes=[{"formula": to_text(sub, limit=ROUTE_TEXT_NODES), "route": route}
                for sub, route in routes[:ROUTES_LISTED]],
        routes_omitted=max(0, len(routes) - ROUTES_LISTED),
        engine="bdd" if verdict is not None else None,
        formula=entry.formula,
    )


def fairness_until_warnings(entry: FormulaEntry, model: Model) -> list[str]:
    """A warning per `A(φ U ψ)` checked under a Fairness section, where MCMAS 1.3.0 departs.

    ctlstark follows the definition (fair paths only); MCMAS evaluates this one
    operator with unfair fixpoints, so the verdicts can differ (docs/differences.md).
    """
    if not model.fairness:
        return []
    warnings = []
    for sub in subformulas(entry.formula):
        if isinstance(sub, A) and not sub.infinite and isinstance(sub.path, U) and is_state_formula(sub.path.left) \
                and is_state_formula(sub.path.right):
            warnings.append(
                f"{entry.source or '--formula'}: warning: `{to_text(sub)}` is checked over fair paths only "
                "(the definition); MCMAS 1.3.0 uses unfair fixpoints for A(... U ...) under Fairness "
                "and may give another verdict (see docs/differences.md)"
            )
    return warnings


__all__ = [
    "CheckReport",
    "CtlstarkError",
    "FormulaResult",
    "IsplError",
    "ResourceExhausted",
    "UnsupportedFormula",
    "check",
    "load_model",
    "load_model_text",
    "parse_formula",
]
