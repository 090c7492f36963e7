"""A model at a glance (`ctlstark info`) and its reachable state graph (`ctlstark graph`).

`model_info` reads everything off the symbolic system: the declarations of the
typed model, exact state counts, the diameter, the deadlocks with a shortest
run to one (built and replay-validated by the witness machinery), the BDD sizes
and the variable order in use. `state_graph` draws the reachable states
explicitly, but only after counting them symbolically: above the limit it
raises `TooManyStates` without enumerating anything. `graph_to_dot` renders
that graph for Graphviz; `info_text` renders the info for a terminal.
"""

from __future__ import annotations

from collections import deque
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from ..runtime.records import record
from ..version import VERSION
from ..render import state_by_agent, state_lines
from ..render.traces import trace_json, trace_text
from ..errors import CtlstarkError, resource_guarded
from ..ispl import load_model
from ..logic.formula import to_text
from ..model import Agent, BoolType, Model, RangeType, Value, Variable
from ..symbolic import bdd as backend
from ..symbolic.bdd import Function
from ..symbolic.system import SymbolicSystem, build_system
from ..witness.trace import Trace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

INFO_SCHEMA_VERSION = 1
DEFAULT_MAX_STATES = 1000
ORDER_BLOCKS_SHOWN = 8  # blocks of the variable order shown in text
VALUES_SHOWN = 12  # enumeration values shown in text before eliding

State = tuple[Value, ...]
JointAction = tuple[str, ...]


class TooManyStates(CtlstarkError):
    """The reachable state graph is larger than the caller allowed; nothing was enumerated."""

    def __init__(self, states: int, limit: int):
        self.states = states
        self.limit = limit
        super().__init__(f"the model has {states:,} reachable states, more than the limit of {limit}")


# ---------------------------------------------------------------- info


@dataclass
class VariableInfo:
    """One state variable: its type, its values (or range) and how many BDD bits encode it."""

    name: str
    type: str
    """`boolean`, `range` or `enumeration`."""
    values: list[Value] | None
    """Every value for booleans and enumerations; None for a range (see `low`, `high`)."""
    low: int | None
    high: int | None
    bits: int
    """Current-state bits (each has a next-state twin)."""


@dataclass
class AgentInfo:
    """One agent's declarations as the checker sees them."""

    name: str
    implicit: bool
    """The environment MCMAS supplies when a model declares none."""
    variables: list[VariableInfo]
    observes: list[str]
    """The environment variables in the agent's local state: its Obsvars, then its Lobsvars."""
    actions: list[str]
    """Action codes in encoding order; `#k` are the anonymous codes of an environment with an empty protocol."""
    action_bits: int


@dataclass
class PropositionInfo:
    """An Evaluation proposition and the number of reachable states where it holds."""

    name: str
    reachable_states: int


@dataclass
class BddInfo:
    """Sizes of the symbolic encoding after reachability."""

    variables: int
    state_bits: int
    action_bits: int
    relation_clusters: int
    relation_cluster_nodes: list[int]
    relation_nodes: int
    reachable_nodes: int
    peak_nodes: int
    reordering: bool


@dataclass
class ModelInfo:
    """Everything `ctlstark info` shows about a model (docs/insight.md)."""

    model: str
    file: str | None
    semantics: str
    agents: list[AgentInfo]
    propositions: list[PropositionInfo]
    groups: dict[str, list[str]]
    fairness: list[str]
    compassion: list[str]
    """The `Compassion` pairs, each as `p -> q` (strong fairness, a ctlstark extension)."""
    initial_states: int
    reachable_states: int
    diameter: int | None
    """The greatest distance (in transitions) from the initial states to a reachable state; None without initial states."""
    deadlock_states: int
    deadlock_trace: Trace | None
    """A shortest run from an initial state to a deadlock state, replay-validated (JSON: docs/witnesses.md), or None."""
    bdd: BddInfo
    variable_order: list[str]
    """The blocks of the BDD variable order, top first: `Agent.variable` or `Agent.Action`."""
    warnings: list[str] = field(default_factory=list)
    source: Model | None = field(default=None, repr=False, compare=False)
    """The model described (not serialised): it names the variables of `deadlock_trace`."""

    def to_json(self) -> dict[str, Any]:
        """The JSON document of `ctlstark info --json` (docs/json.md)."""
        document = asdict(replace(self, deadlock_trace=None, source=None))
        del document["source"]
        if self.deadlock_trace is not None and self.source is not None:
            document["deadlock_trace"] = trace_json(self.deadlock_trace, self.source)
        return {"schema": INFO_SCHEMA_VERSION, "ctlstark_version": VERSION, **document}


@resource_guarded
def model_info(model: Model | str | Path) -> ModelInfo:
    """Build the model's symbolic system and gather its declarations, counts and BDD sizes."""
    file_name = None
    if not isinstance(model, Model):
        file_name = str(model)
        model = load_model(model)
    system = build_system(model)
    try:
        deadlocked = system.deadlock_states()
        iterations = int(system.stats["reach_iterations"])
        return ModelInfo(
            model=model.name,
            file=file_name,
            semantics=model.semantics,
            agents=[_agent_info(agent, system) for agent in model.agents],
            propositions=[PropositionInfo(name, system.count_states(system.reachable & system.condition(expr)))
                          for name, expr in model.evaluation_propositions.items()],
            groups={name: list(members) for name, members in model.groups.items()},
            fairness=[to_text(formula) for formula in model.fairness],
            compassion=[f"{to_text(p)} -> {to_text(q)}" for p, q in model.compassion],
            initial_states=system.count_states(system.initial),
            reachable_states=system.count_states(system.reachable),
            diameter=iterations - 1 if iterations > 0 else None,
            deadlock_states=system.count_states(deadlocked),
            deadlock_trace=_deadlock_trace(system, deadlocked),
            bdd=_bdd_info(system),
            variable_order=variable_order(system),
            warnings=list(model.warnings),
            source=model,
        )
    finally:
        system.release()


def _agent_info(agent: Agent, system: SymbolicSystem) -> AgentInfo:
    return AgentInfo(
        name=agent.name,
        implicit=agent.is_environment and all(action.startswith("#") for action in agent.actions),
        variables=[_variable_info(variable, system) for variable in agent.own_variables],
        observes=[variable.name for variable in agent.observed_variables],
        actions=list(agent.actions),
        action_bits=len(system.action_bits[agent.name]),
    )


def _variable_info(variable: Variable, system: SymbolicSystem) -> VariableInfo:
    bits = len(system.encoding.variables[variable].current)
    kind = variable.type
    if isinstance(kind, RangeType):
        return VariableInfo(variable.name, "range", None, kind.low, kind.high, bits)
    type_name = "boolean" if isinstance(kind, BoolType) else "enumeration"
    return VariableInfo(variable.name, type_name, list(kind.values()), None, None, bits)


def _deadlock_trace(system: SymbolicSystem, deadlocked: Function) -> Trace | None:
    """A shortest run from an initial state to a deadlock, replay-validated."""
    if deadlocked == system.bdd.false:
        return None
    from ..mc.label import Checker
    from ..witness import WitnessBuilder, WitnessError, replay

    checker = Checker(system)
    builder = WitnessBuilder(checker)
    try:
        run = builder.shortest(system.initial, system.reachable, deadlocked)
        if run is None:
            raise WitnessError("no run reaches a deadlock state the checker says is reachable")
        trace = builder.make_trace("a run to a deadlock state", "path", run, None)
        replay(trace, checker)
        return trace
    finally:
        builder.release()
        checker.release()


def _bdd_info(system: SymbolicSystem) -> BddInfo:
    stats = system.stats
    cluster_nodes = [backend.dag_size(part) for part in system.relation_parts]
    return BddInfo(
        variables=int(stats["bdd_variables"]),
        state_bits=int(stats["state_bits"]),
        action_bits=int(stats["action_bits"]),
        relation_clusters=len(cluster_nodes),
        relation_cluster_nodes=cluster_nodes,
        relation_nodes=sum(cluster_nodes),
        reachable_nodes=int(stats["reachable_nodes"]),
        peak_nodes=backend.peak_nodes(system.bdd),
        reordering=bool(stats.get("reordering", False)),
    )


def variable_order(system: SymbolicSystem) -> list[str]:
    """The manager's current order as blocks (`Agent.variable`, `Agent.Action`), top first.

    Read from the manager, so it is the order in use, after any dynamic reordering
    (which keeps each block together).
    """
    block_of: dict[str, str] = {}
    for variable, layout in system.encoding.variables.items():
        for bit in layout.current + layout.next:
            block_of[bit] = variable.qualified_name
    for agent, bits in system.action_bits.items():
        for bit in bits:
            block_of[bit] = f"{agent}.Action"
    blocks: list[str] = []
    for bit in sorted(block_of, key=system.bdd.level_of_var):
        if not blocks or blocks[-1] != block_of[bit]:
            blocks.append(block_of[bit])
    return blocks


# ---------------------------------------------------------------- info as text


def info_text(info: ModelInfo) -> str:
    """`ctlstark info` for a terminal: one section per topic."""
    lines = [f"model {info.model}" + (f" ({info.file})" if info.file else "") + f", {info.semantics} semantics"]
    lines.append("agents:")
    for agent in info.agents:
        lines += _agent_lines(agent)
    lines.append("evaluation: " + (", ".join(
        f"{p.name} ({p.reachable_states:,} reachable {_plural(p.reachable_states, 'state')})"
        for p in info.propositions) or "none"))
    lines.append("groups: " + ("; ".join(f"{name} = {{{', '.join(members)}}}" for name, members in info.groups.items())
                               or "none"))
    if info.fairness:
        lines.append("fairness: " + "; ".join(info.fairness))
    if info.compassion:
        lines.append("compassion: " + "; ".join(info.compassion))
    lines.append(f"initial states: {info.initial_states:,}")
    lines.append(f"reachable states: {info.reachable_states:,}")
    lines.append("diameter: " + ("none (no initial state)" if info.diameter is None else
                                 f"{info.diameter} (transitions from the initial states to the farthest reachable state)"))
    lines.append(f"deadlock states: {info.deadlock_states:,}")
    if info.deadlock_trace is not None and info.source is not None:
        lines.append("  a shortest run to one:")
        lines.append(trace_text(info.deadlock_trace, info.source, "    "))
    lines += _bdd_lines(info)
    return "\n".join(lines)


def _agent_lines(agent: AgentInfo) -> list[str]:
    lines = [f"  {agent.name}" + (" (implicit: the model declares no environment)" if agent.implicit else "")]
    for variable in agent.variables:
        lines.append(f"    {variable.name} : {_type_text(variable)}  ({variable.bits} {_plural(variable.bits, 'bit')})")
    if agent.observes:
        lines.append(f"    observes: {', '.join(f'Environment.{name}' for name in agent.observes)}")
    lines.append(f"    actions: {', '.join(agent.actions)}  ({agent.action_bits} {_plural(agent.action_bits, 'bit')})")
    return lines


def _type_text(variable: VariableInfo) -> str:
    if variable.type == "range":
        return f"{variable.low}..{variable.high}"
    if variable.type == "boolean":
        return "boolean"
    values = [str(value) for value in variable.values or []]
    if len(values) > VALUES_SHOWN:
        values = values[:VALUES_SHOWN] + [f"… ({len(values)} values)"]
    return "{" + ", ".join(values) + "}"


def _bdd_lines(info: ModelInfo) -> list[str]:
    bdd = info.bdd
    order = info.variable_order
    shown = ", ".join(order[:ORDER_BLOCKS_SHOWN]) + (", …" if len(order) > ORDER_BLOCKS_SHOWN else "")
    return [
        f"BDD variables: {bdd.variables:,} ({bdd.state_bits:,} state bits and their next-state twins, "
        f"{bdd.action_bits:,} action bits)",
        f"transition relation: {bdd.relation_clusters:,} {_plural(bdd.relation_clusters, 'cluster')}, "
        f"{bdd.relation_nodes:,} nodes",
        f"reachable-set nodes: {bdd.reachable_nodes:,}, peak nodes: {bdd.peak_nodes:,}"
        + (", dynamic reordering on" if bdd.reordering else ""),
        f"variable order ({len(order)} {_plural(len(order), 'block')}, top first): {shown or 'none'}",
    ]


def _plural(count: int, word: str) -> str:
    return word if count == 1 else word + "s"


# ---------------------------------------------------------------- state graph


@record
class GraphNode:
    """One reachable state: its values per agent and the Evaluation propositions true there."""

    index: int
    state: State
    values: dict[str, dict[str, Value]]
    propositions: tuple[str, ...]
    initial: bool
    deadlock: bool
    distance: int
    """Transitions on a shortest run from an initial state."""


@record
class GraphEdge:
    """All transitions from one state to another: every joint action that makes that step."""

    source: int
    target: int
    actions: tuple[JointAction, ...]
    """Joint actions (one action per agent of `StateGraph.agents`), sorted."""


@dataclass
class StateGraph:
    """The reachable states and transitions of a model, explicit; nodes are numbered by distance, then value."""

    model: str
    agents: tuple[str, ...]
    fixed_agents: frozenset[str]
    """Agents with a single action: no choice, so edge labels leave them out."""
    nodes: list[GraphNode]
    edges: list[GraphEdge]


@resource_guarded
def state_graph(model: Model | str | Path, max_states: int = DEFAULT_MAX_STATES) -> StateGraph:
    """The explicit reachable state graph; raises `TooManyStates` (before enumerating) above `max_states`."""
    if not isinstance(model, Model):
        model = load_model(model)
    system = build_system(model)
    try:
        count = system.count_states(system.reachable)
        if count > max_states:
            raise TooManyStates(count, max_states)
        return _explicit_graph(system)
    finally:
        system.release()


def _explicit_graph(system: SymbolicSystem) -> StateGraph:
    model = system.model
    successors = {state: _labelled_successors(system, state) for state in system.states_of(system.reachable)}
    initial = system.states_of(system.initial)
    distance = _distances(initial, successors)
    ordered = sorted(successors, key=lambda state: (distance[state], state))
    number = {state: index for index, state in enumerate(ordered)}
    nodes = [GraphNode(index=number[state], state=state, values=state_by_agent(model, state),
                       propositions=_propositions_at(system, state), initial=state in initial,
                       deadlock=not successors[state], distance=distance[state])
             for state in ordered]
    edges = [GraphEdge(number[source], number[target], tuple(sorted(actions)))
             for source in ordered
             for target, actions in sorted(successors[source].items(), key=lambda item: number[item[0]])]
    return StateGraph(model.name, model.agent_names,
                      frozenset(agent.name for agent in model.agents if len(agent.actions) == 1), nodes, edges)


def _propositions_at(system: SymbolicSystem, state: State) -> tuple[str, ...]:
    """The Evaluation propositions true in `state`, in declaration order."""
    point = system.state_bdd(state)
    return tuple(name for name, expr in system.model.evaluation_propositions.items()
                 if point & system.condition(expr) != system.bdd.false)


def _labelled_successors(system: SymbolicSystem, state: State) -> dict[State, set[JointAction]]:
    """Each successor of `state` with the joint actions leading to it (one symbolic image, then decoding)."""
    pairs = system.successors_with_actions(system.state_bdd(state))
    encoding = system.encoding
    found: dict[State, set[JointAction]] = {}
    for assignment in backend.iter_models(system.bdd, pairs, encoding.action_bits + system.current_bits):
        target = encoding.decode_state(assignment)
        found.setdefault(target, set()).add(encoding.decode_joint_action(assignment))
    return found


def _distances(initial: set[State], successors: dict[State, dict[State, set[JointAction]]]) -> dict[State, int]:
    """Breadth-first distance of every state from the initial states."""
    distance = {state: 0 for state in initial}
    queue = deque(sorted(initial))
    while queue:
        state = queue.popleft()
        for target in successors[state]:
            if target not in distance:
                distance[target] = distance[state] + 1
                queue.append(target)
    return distance


# ---------------------------------------------------------------- DOT


def graph_to_dot(graph: StateGraph) -> str:
    """Graphviz DOT: a box per state (initial: bold, double border; deadlock: red), an edge per state pair."""
    initial = sum(node.initial for node in graph.nodes)
    deadlocks = sum(node.deadlock for node in graph.nodes)
    title = (f"{graph.model}: {len(graph.nodes)} reachable {_plural(len(graph.nodes), 'state')}, "
             f"{initial} initial (bold, double border), {deadlocks} {_plural(deadlocks, 'deadlock')} (red)")
    lines = [
        f"digraph {_quote(graph.model)} {{",
        f"  label={_quote(title)};",
        "  labelloc=t;",
        '  node [shape=box, fontname="monospace"];',
        '  edge [fontname="monospace", fontsize=10];',
    ]
    lines += [f"  s{node.index} [{_node_attributes(node)}];" for node in graph.nodes]
    for edge in graph.edges:
        label = [_joint_action_text(graph, action) for action in edge.actions]
        attributes = f" [label={_quote_lines(label)}]" if any(label) else ""
        lines.append(f"  s{edge.source} -> s{edge.target}{attributes};")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _node_attributes(node: GraphNode) -> str:
    label = [f"s{node.index}"] + state_lines(node.values)
    if node.propositions:
        label.append("[" + ", ".join(node.propositions) + "]")
    if node.deadlock:
        label.append("deadlock")
    attributes = [f"label={_quote_lines(label)}"]
    if node.initial:
        attributes += ["style=bold", "peripheries=2"]
    if node.deadlock:
        attributes += ["color=red", "fontcolor=red"]
    return ", ".join(attributes)


def _joint_action_text(graph: StateGraph, action: JointAction) -> str:
    return ", ".join(f"{agent}.{name}" for agent, name in zip(graph.agents, action) if agent not in graph.fixed_agents)



def _quote_lines(lines: list[str]) -> str:
    """A DOT string whose lines are centred (`\\n` escapes)."""
    return '"' + "\\n".join(_escape(line) for line in lines) + '"'


def _quote(text: str) -> str:
    return f'"{_escape(text)}"'


def _escape(text: str) -> str:
    """Escape a DOT double-quoted string: backslashes and quotes; newlines become `\\n`."""
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")

