"""Where a simulation starts: a trace of `ctlstark check --json --witness`, or a state written out.

`load_trace` reads a check report (docs/json.md), picks one trace of its trees
(`--formula N`, `--trace-path N.S…`, by default the first FALSE formula's) and
decodes its steps into the model's states and joint actions, checking that every
value is one of its variable's and every step one of the model's transitions
(`semantics.StateView.allows`), so a trace of another model is refused with the
step and the variable at fault. `state_start` reads `Agent.var=value, …`, fills
the variables not given from the initial states, and says whether the state is
reachable. Problems are `StartError` (the trace file) or `IsplError` located in
the `--state` text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import CtlstarkError, Diagnostic, IsplError
from ..model import BoolType, EnumType, Model, RangeType, Value, Variable, VarType
from ..render import value_text
from ..semantics.transitions import StateView
from .simulate import Joint, LoadedTrace, Simulator, Start, State
from .simulate_eval import StateEvaluator

STATE_SOURCE = "--state"
"""How diagnostics name the `--state` text."""
FILL_LIMIT = 10_000
"""Initial states read at most to fill in the variables a `--state` leaves out."""
PROBLEMS_SHOWN = 5
"""Problems of one trace step listed at most."""

_TRACE_PATH = re.compile(r"^(\d+)((?:\.\d+[a-z]?)*)$")
_CHILD = re.compile(r"\.(\d+)([a-z]?)")


class StartError(CtlstarkError):
    """A trace file that cannot be read, or a trace that does not fit the model (the message says where)."""


# ---------------------------------------------------------------- a trace from a file


def load_trace(model: Model, path: str | Path, *, formula: int | None = None,
               trace_path: str | None = None) -> Start:
    """The start of a session on one trace of the report in `path`, decoded and validated against `model`.

    `formula` N picks formula N's trace; `trace_path` `N.S.S…` a nested one: from formula
    N's trace, each `.S` enters the sub-trace linked at step S (`.Sb`, `.Sc` … the second,
    third one linked at that step). By default: the first FALSE formula with a trace,
    else the first trace of the file.
    """
    if formula is not None and trace_path is not None:
        raise StartError("--trace-path: error: --formula and --trace-path exclude each other "
                         "(--trace-path N.… names the formula too)")
    document = _read_json(path)
    formulas = document.get("formulas") if isinstance(document, dict) else None
    if not isinstance(formulas, list):
        raise StartError(f"{path}: error: not a report of `ctlstark check --json --witness` (no \"formulas\" list)")
    if trace_path is not None:
        matched = _TRACE_PATH.match(trace_path.strip())
        if matched is None:
            raise StartError(f"--trace-path: error: {trace_path!r} is not a trace path: write N (formula N's "
                             "trace), then .S for the sub-trace linked at step S (.Sb for the second one there), "
                             "e.g. 3.1 or 3.0.2")
        label = str(int(matched.group(1)))
        trace = _formula_trace(path, formulas, int(label))
        for step_text, letter in _CHILD.findall(matched.group(2)):
            label, trace = _child(path, label, trace, int(step_text), letter)
        how = None
    elif formula is not None:
        label, trace, how = str(formula), _formula_trace(path, formulas, formula), None
    else:
        label, trace, how = _default_trace(path, formulas)
    loaded = decode_trace(model, trace, label, str(path))
    notes = [f"trace {label} of {path}: {loaded.description}, steps 0-{loaded.last}"
             + (f", then back to step {loaded.loop_start} (a lasso)" if loaded.loop_start is not None else "")]
    if how is not None:
        notes.append(f"({how} trace; --formula N or --trace-path N.S picks another)")
    written_for = document.get("model")
    if isinstance(written_for, str) and written_for != model.name:
        notes.append(f"note: {path} was written for model {written_for!r}; its states fit this model, {model.name!r}")
    if "." not in label and not StateView(model).is_initial(loaded.states[0]):
        notes.append("note: the trace's first state is not an initial state")
    return Start(loaded.states[0], loaded, tuple(notes))


def _read_json(path: str | Path) -> Any:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise StartError(f"{path}: error: cannot read the trace file: {getattr(error, 'strerror', None) or error}") \
            from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise StartError(f"{path}:{error.lineno}:{error.colno}: error: not a JSON document: {error.msg}") from None


def _formula_trace(path: str | Path, formulas: list[Any], number: int) -> dict[str, Any]:
    """Formula `number`'s trace object (by its `index`), or why there is none."""
    entry = next((item for item in formulas if isinstance(item, dict) and item.get("index") == number), None)
    if entry is None:
        indices = [item.get("index") for item in formulas if isinstance(item, dict)]
        known = f"formulas {indices[0]}-{indices[-1]}" if indices else "no formula"
        raise StartError(f"{path}: error: there is no formula {number} (the file has {known})")
    trace = entry.get("trace")
    if not isinstance(trace, dict):
        verdict = {True: "TRUE", False: "FALSE"}.get(entry.get("verdict"), "ERROR")
        why = entry.get("trace_error") or (
            "was the file written with --witness?" if "trace" not in entry or all(
                isinstance(item, dict) and item.get("trace") is None for item in formulas)
            else "its verdict has none (docs/witnesses.md lists those that do)")
        raise StartError(f"{path}: error: formula {number} ({verdict}) has no trace: {why}")
    return trace


def _default_trace(path: str | Path, formulas: list[Any]) -> tuple[str, dict[str, Any], str]:
    """The first FALSE formula's trace, else the first trace of the file: its label, the trace, how it was chosen."""
    traced = [item for item in formulas if isinstance(item, dict) and isinstance(item.get("trace"), dict)]
    for item in traced:
        if item.get("verdict") is False:
            return str(item.get("index")), item["trace"], "the first FALSE formula's"
    if traced:
        return str(traced[0].get("index")), traced[0]["trace"], "the file's first"
    raise StartError(f"{path}: error: no formula has a trace (write the file with ctlstark check MODEL.ispl --json "
                     "--witness)")


def child_labels(label: str, trace: dict[str, Any]) -> list[tuple[str, int, dict[str, Any]]]:
    """The sub-traces of `trace` as (`--trace-path` label, step, trace): `label.S`, `label.Sb` … at step S."""
    named: list[tuple[str, int, dict[str, Any]]] = []
    seen: dict[int, int] = {}
    for link in trace.get("children") or []:
        if not (isinstance(link, dict) and isinstance(link.get("step"), int) and isinstance(link.get("trace"), dict)):
            continue
        step = link["step"]
        rank = seen[step] = seen.get(step, -1) + 1
        suffix = "" if rank == 0 else chr(ord("a") + rank) if rank < 26 else f"#{rank}"
        named.append((f"{label}.{step}{suffix}", step, link["trace"]))
    return named


def _child(path: str | Path, label: str, trace: dict[str, Any], step: int, letter: str) -> tuple[str, dict[str, Any]]:
    wanted = f"{label}.{step}{'' if letter in ('', 'a') else letter}"
    children = child_labels(label, trace)
    for name, _, child in children:
        if name == wanted:
            return name, child
    available = ", ".join(name for name, _, _ in children)
    raise StartError(f"{path}: error: trace {label} has no sub-trace {wanted}: "
                     + (f"its sub-traces are {available}" if available else "it has no sub-traces"))


def decode_trace(model: Model, trace: dict[str, Any], label: str, where: str) -> LoadedTrace:
    """A trace object (docs/witnesses.md) as the model's states and joint actions; `StartError` if it does not fit."""
    prefix = f"{where}: error: trace {label}"
    steps = trace.get("steps")
    if not isinstance(steps, list) or not steps or not all(isinstance(step, dict) for step in steps):
        raise StartError(f"{prefix}: no steps (a trace has a non-empty \"steps\" list of objects)")
    loop_start = trace.get("loop_start")
    if loop_start is not None and (not isinstance(loop_start, int) or isinstance(loop_start, bool)
                                   or not 0 <= loop_start < len(steps)):
        raise StartError(f"{prefix}: loop_start {loop_start!r} is not one of its steps 0-{len(steps) - 1}")
    states = tuple(_decode_state(model, step.get("state"), f"{prefix}, step {index}")
                   for index, step in enumerate(steps))
    actions: list[Joint] = []
    for index, step in enumerate(steps):
        last = index == len(steps) - 1
        if last and loop_start is None:
            if step.get("action") is not None:
                raise StartError(f"{prefix}, step {index}: the last step of a finite trace has no action (null)")
            continue
        actions.append(_decode_action(model, step.get("action"), f"{prefix}, step {index}"))
    view = StateView(model)
    for index, action in enumerate(actions):
        following = index + 1 if index + 1 < len(states) else loop_start
        assert following is not None
        reason = view.allows(states[index], action, states[following])
        if reason is not None:
            raise StartError(f"{prefix}, step {index}: the step to step {following} is not a transition of the "
                             f"model: {reason}")
    kind, formula = trace.get("kind"), trace.get("formula")
    description = f"{kind} for {formula}" if isinstance(kind, str) and isinstance(formula, str) else "a run"
    sub_traces = tuple((step, name) for name, step, _ in child_labels(label, trace))
    return LoadedTrace(label, description, states, tuple(actions), loop_start, sub_traces)


def _decode_state(model: Model, grouped: Any, where: str) -> State:
    if not isinstance(grouped, dict):
        raise StartError(f"{where}: the state is not an object {{agent: {{variable: value}}}}")
    problems: list[str] = []
    agents = {agent.name: agent for agent in model.agents}
    for agent_name, values in grouped.items():
        agent = agents.get(agent_name)
        if agent is None:
            problems.append(f"unknown agent {agent_name!r} (the model's agents: {', '.join(agents)})")
        elif not isinstance(values, dict):
            problems.append(f"the values of {agent_name} are not an object {{variable: value}}")
        else:
            own = [variable.name for variable in agent.own_variables]
            problems += [f"{agent_name} has no variable {name!r} ({_listing('its variables', own)})"
                         for name in values if name not in own]
    state: list[Value] = []
    for variable in model.variables:
        values = grouped.get(variable.agent)
        if not isinstance(values, dict) or variable.name not in values:
            problems.append(f"{variable.qualified_name} is missing")
            continue
        value = values[variable.name]
        if not variable.type.contains(value):
            problems.append(f"{variable.qualified_name} = {json.dumps(value)} is not a value of its type "
                            f"{type_text(variable.type)}")
        state.append(value)
    if problems:
        raise StartError(_problems(where, problems))
    return tuple(state)


def _decode_action(model: Model, action: Any, where: str) -> Joint:
    if not isinstance(action, dict):
        raise StartError(f"{where}: no joint action (an object {{agent: action}}; null only on the last step of a "
                         "finite trace)")
    problems = [f"unknown agent {name!r} in the joint action (the model's agents: {', '.join(model.agent_names)})"
                for name in action if name not in model.agent_names]
    chosen: list[str] = []
    for agent in model.agents:
        name = action.get(agent.name)
        if name is None:
            problems.append(f"the joint action has no action of {agent.name}")
        elif name not in agent.actions:
            problems.append(f"{agent.name} has no action {name!r} ({_listing('its actions', agent.actions)})")
        chosen.append(str(name))
    if problems:
        raise StartError(_problems(where, problems))
    return tuple(chosen)


def _problems(where: str, problems: list[str]) -> str:
    shown = "; ".join(problems[:PROBLEMS_SHOWN])
    more = f"; and {len(problems) - PROBLEMS_SHOWN} more" if len(problems) > PROBLEMS_SHOWN else ""
    return f"{where}: {shown}{more}"


def _listing(what: str, names: tuple[str, ...] | list[str]) -> str:
    return f"{what}: {', '.join(names)}" if names else f"{what.split()[-1]}: none"


def type_text(variable_type: VarType) -> str:
    """A variable's type as ISPL writes it: `boolean`, `0..3`, `{a, b}`."""
    if isinstance(variable_type, BoolType):
        return "boolean"
    if isinstance(variable_type, RangeType):
        return f"{variable_type.low}..{variable_type.high}"
    assert isinstance(variable_type, EnumType)
    return "{" + ", ".join(variable_type.symbols) + "}"


# ---------------------------------------------------------------- a state written out


def state_start(simulator: Simulator, text: str, evaluator: StateEvaluator) -> Start:
    """The start of a session at the state `text` describes (`parse_state`), with notes on how it was read.

    Says which variables were filled in, and whether the state is initial, reachable or
    neither (the reachable states are computed, as `ctlstark check` computes them).
    """
    state, filled, agreeing = parse_state(simulator, text)
    notes = []
    if filled:
        source = "the initial states that agree with the given values" if agreeing else "the initial states"
        assignments = ", ".join(f"{variable.qualified_name}={value_text(value)}" for variable, value in filled)
        notes.append(f"not given, taken from {source}: {assignments}")
    if StateView(simulator.model).is_initial(state):
        notes.append("starting at the given state, an initial state")
    elif evaluator.is_reachable(state):
        notes.append("starting at the given state, reachable (not initial)")
    else:
        notes.append("starting at the given state, which is NOT reachable from any initial state (eval evaluates "
                     "temporal formulas over the runs from it, not knowledge)")
    return Start(state, None, tuple(notes))


def parse_state(simulator: Simulator, text: str) -> tuple[State, list[tuple[Variable, Value]], bool]:
    """The state `Agent.var=value, …` names, the (variable, value) pairs filled in, and whether from agreeing states.

    A name may leave out its agent when only one agent has a variable of that name. A
    variable not given takes its value from the initial states that agree with the given
    values (from all initial states when none agrees), provided they all give it the same
    value. Raises `IsplError` with a diagnostic per problem, located in `text`.
    """
    model = simulator.model
    line = text.replace("\n", " ")
    diagnostics: list[Diagnostic] = []
    given: dict[Variable, Value] = {}

    def problem(message: str, column: int) -> None:
        diagnostics.append(Diagnostic(message, STATE_SOURCE, 1, column, line))

    start = 0
    for item in line.split(","):
        item_start, start = start, start + len(item) + 1
        column = item_start + 1 + (len(item) - len(item.lstrip()))
        if not item.strip():
            if line.strip():
                problem("an empty assignment (two commas, or one at an end)", column)
            continue
        name_raw, equals, value_raw = item.partition("=")
        if not equals or not name_raw.strip() or not value_raw.strip():
            problem(f"expected `Agent.variable=value`, found `{item.strip()}`", column)
            continue
        variable = _resolve(model, name_raw.strip(), column, problem)
        if variable is None:
            continue
        value = _parse_value(variable, value_raw.strip())
        if value is None:
            value_column = item_start + len(name_raw) + 1 + (len(value_raw) - len(value_raw.lstrip())) + 1
            problem(f"`{value_raw.strip()}` is not a value of {variable.qualified_name} "
                    f"({type_text(variable.type)})", value_column)
        elif variable in given:
            problem(f"{variable.qualified_name} is given twice", column)
        else:
            given[variable] = value
    if not line.strip():
        problem("no assignment: write `Agent.variable=value, …` (e.g. --state 'Environment.x=1, A.b=true')", 1)
    if diagnostics:
        raise IsplError(diagnostics)
    filled, agreeing = _fill(simulator, given, line)
    values = {**given, **dict(filled)}
    return tuple(values[variable] for variable in model.variables), filled, agreeing


def _resolve(model: Model, name: str, column: int, problem: Callable[[str, int], None]) -> Variable | None:
    """The variable `Agent.var` or `var` names, or None after reporting why there is none."""
    agent_name, dot, variable_name = name.rpartition(".")
    if dot:
        agent_name, variable_name = agent_name.strip(), variable_name.strip()
        if agent_name not in model.agent_names:
            problem(f"no agent `{agent_name}` (the model's agents: {', '.join(model.agent_names)})", column)
            return None
        own = model.agent(agent_name).own_variables
        found = next((variable for variable in own if variable.name == variable_name), None)
        if found is None:
            problem(f"{agent_name} has no variable `{variable_name}` "
                    f"({_listing('its variables', [variable.name for variable in own])})", column)
        return found
    matches = [variable for variable in model.variables if variable.name == name]
    if len(matches) == 1:
        return matches[0]
    if matches:
        problem(f"`{name}` is a variable of {', '.join(variable.agent for variable in matches)}: write "
                f"`{matches[0].agent}.{name}`", column)
    else:
        problem(f"no variable `{name}` "
                f"({_listing('variables', [variable.qualified_name for variable in model.variables])})", column)
    return None


def _parse_value(variable: Variable, text: str) -> Value | None:
    """`text` as a value of `variable`'s type, or None."""
    kind = variable.type
    value: Value
    if isinstance(kind, BoolType):
        if text not in ("true", "false"):
            return None
        value = text == "true"
    elif isinstance(kind, RangeType):
        if re.fullmatch(r"-?\d+", text) is None:
            return None
        value = int(text)
    else:
        value = text
    return value if kind.contains(value) else None


def _fill(simulator: Simulator, given: dict[Variable, Value],
          line: str) -> tuple[list[tuple[Variable, Value]], bool]:
    """Values for the variables not in `given` from the initial states, and whether from those agreeing with `given`."""
    variables = simulator.model.variables
    missing = [index for index, variable in enumerate(variables) if variable not in given]
    if not missing:
        return [], False
    names = ", ".join(variables[index].qualified_name for index in missing)
    end = len(line) + 1

    def refuse(message: str) -> IsplError:
        return IsplError([Diagnostic(message, STATE_SOURCE, 1, end, line)])

    initial = simulator.initial_states(FILL_LIMIT)
    if initial.count == 0:
        raise refuse(f"not given: {names}; the model has no initial state to take them from: give every variable")
    if initial.count > len(initial.listed):
        raise refuse(f"not given: {names}; the model has {initial.count:,} initial states, too many to take them "
                     "from: give every variable")
    positions = {variable: index for index, variable in enumerate(variables)}
    agreeing = [state for state in initial.listed
                if all(state[positions[variable]] == value for variable, value in given.items())]
    pool = agreeing or list(initial.listed)
    differing = [index for index in missing if len({state[index] for state in pool}) > 1]
    if differing:
        which = "the initial states that agree with the given values" if agreeing else "the initial states"
        if len(differing) == 1:
            name = variables[differing[0]].qualified_name
            raise refuse(f"{name} is not given, and {which} differ there "
                         f"({_values_text(variables[differing[0]], pool, differing[0])}): give it")
        spread = "; ".join(f"{variables[index].qualified_name}: {_values_text(variables[index], pool, index)}"
                           for index in differing)
        names = ", ".join(variables[index].qualified_name for index in differing)
        raise refuse(f"{names} are not given, and {which} differ there ({spread}): give them")
    return [(variables[index], pool[0][index]) for index in missing], bool(agreeing)


def _values_text(variable: Variable, states: list[State], index: int) -> str:
    """The values the states give the variable at `index`, in its type's order."""
    values = sorted({state[index] for state in states}, key=variable.type.position)  # type: ignore[arg-type]
    return ", ".join(value_text(value) for value in values)
