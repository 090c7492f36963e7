"""From the typed model to BDDs: bits, expressions, protocols and evolution.

* Variables → bits. A boolean takes one bit; an enumeration or integer with
  n values ⌈log2 n⌉ bits (integers offset from `low`, the most significant bit
  first). Codes ≥ n are excluded by a per-variable domain constraint, so every
  satisfying valuation of a state BDD is a real state. Each current bit is
  followed by its next-state twin (`name'`); a variable's bits stay together.
  Each agent's action takes ⌈log2 |actions|⌉ bits (none for a single action).
* The order of these blocks follows the model's dependency graph
  (`block_order`): environment hubs first, then agent by agent the
  environment variables it works with, its own variables and its action bits.
* Expressions → BDDs. An expression becomes a map value → BDD of the states
  (and joint actions) where it takes that value; undefined values (division
  by zero) are simply absent. Maps are cached per subexpression, so a sum
  compared with many constants is built once. Conditions are single BDDs; a
  comparison with an undefined side is false.
* Protocol and evolution → per-agent transition parts over current bits,
  action bits and the agent's next bits (docs/semantics.md).
"""

from __future__ import annotations

import bisect
import math
from collections import defaultdict, deque
from collections.abc import Iterable, Mapping, Sequence

from ..model import (
    COMPARISON_OPERATORS,
    ActionIs,
    Agent,
    Binary,
    BoolType,
    Const,
    EnumType,
    Expr,
    Model,
    RangeType,
    Unary,
    Value,
    Variable,
    VarRef,
    expression_nodes,
)
from ..errors import ResourceExhausted
from . import bdd as backend
from ..runtime.records import record
from .bdd import Function, Manager

ValueMap = dict[Value, Function]





def bits_needed(count: int) -> int:
    """⌈log2 count⌉ bits encode `count` codes (0 bits for a single value)."""
    return max(0, math.ceil(math.log2(count))) if count > 1 else 0


@record
class VariableBits:
    """The bits of one state variable; code k (binary, MSB first) is `values[k]`."""

    variable: Variable
    current: tuple[str, ...]
    next: tuple[str, ...]
    values: Sequence[Value]  # a `range` for integer types: never listed

    def code_of(self, value: Value) -> int | None:
        """The code of `value`, or None when the type does not contain it."""
        kind = self.variable.type
        if isinstance(kind, BoolType):
            return int(value) if isinstance(value, bool) else None
        if isinstance(kind, RangeType):
            if isinstance(value, bool) or not isinstance(value, int):
                return None
            return value - kind.low if kind.low <= value <= kind.high else None
        if isinstance(kind, EnumType) and isinstance(value, str) and value in kind.symbols:
            return kind.symbols.index(value)
        return None


@record
class ActionBits:
    """The bits of one agent's action; code k is `actions[k]`."""

    agent: str
    bits: tuple[str, ...]
    actions: tuple[str, ...]


def _code_assignment(bits: tuple[str, ...], code: int) -> dict[str, bool]:
    width = len(bits)
    return {bit: bool((code >> (width - 1 - index)) & 1) for index, bit in enumerate(bits)}


# ---------------------------------------------------------------- variable order


Block = tuple[str, str]  # ("var", qualified name) or ("act", agent name)


def _variable_block(variable: Variable) -> Block:
    return ("var", variable.qualified_name)


def _action_block(agent: str) -> Block:
    return ("act", agent)


Reads = tuple[frozenset[Block], frozenset[tuple[str, str]]]
"""What an expression reads: its variable and action blocks, and the (agent, action) values it tests."""


def expression_reads(expr: Expr, known: dict[int, Reads]) -> Reads:
    """The blocks `expr` reads and the action values it tests, from one walk per expression.

    `known` keeps the walks already made, by node identity, for one model: the same
    guard is read for the dependency graph and for the action footprints, once per
    variable it assigns, and `!g` reads what `g` reads (a GDL translation guards
    `x = false` with the negation of `x = true`'s guard). The walk is iterative, and
    each shared subexpression (the resolver shares identical ones) is visited once.
    """
    while isinstance(expr, Unary):
        expr = expr.operand
    found = known.get(id(expr))
    if found is None:
        blocks: set[Block] = set()
        actions: set[tuple[str, str]] = set()
        for node in expression_nodes(expr):
            kind = type(node)
            if kind is VarRef:
                blocks.add(_variable_block(node.variable))
            elif kind is ActionIs:
                blocks.add(_action_block(node.agent))
                actions.add((node.agent, node.action))
        found = known[id(expr)] = (frozenset(blocks), frozenset(actions))
    return found


def _conjuncts(expr: Expr) -> list[Expr]:
    if isinstance(expr, Binary) and expr.op == "and":
        return _conjuncts(expr.left) + _conjuncts(expr.right)
    return [expr]


def dependency_edges(model: Model, known: dict[int, Reads]) -> list[set[Block]]:
    """Hyperedges of blocks that the transition relation or InitStates read together (`known`: as in
    `expression_reads`)."""
    def blocks(expr: Expr) -> frozenset[Block]:
        return expression_reads(expr, known)[0]

    edges: list[set[Block]] = []
    for agent in model.agents:
        protocol_reads: set[Block] = {_action_block(agent.name)}
        for rule in agent.protocol:
            if not rule.is_other:
                protocol_reads |= blocks(rule.condition)
        edges.append(protocol_reads)
        if model.semantics == "single":
            per_variable: dict[Block, set[Block]] = defaultdict(set)
            for rule in agent.evolution:
                for variable, value in rule.assignments:
                    block = _variable_block(variable)
                    per_variable[block] |= {block} | blocks(value) | blocks(rule.guard)
            edges.extend(per_variable.values())
        else:
            for rule in agent.evolution:
                edge = set(blocks(rule.guard))
                for variable, value in rule.assignments:
                    edge |= {_variable_block(variable)} | blocks(value)
                edges.append(edge)
    edges.extend(set(blocks(conjunct)) for conjunct in _conjuncts(model.initial_condition))
    return [edge for edge in edges if len(edge) >= 2]


ORDERS = ("structure", "declaration")
MAX_LISTED_VALUES = 1 << 18  # an expression over a variable lists its values, one BDD each
"""The static variable orders: derived from the model's dependency graph, or as declared."""


def declaration_order(model: Model) -> list[Block]:
    """Each agent in file order: its variables as declared, then its action block."""
    return [block for agent in model.agents
            for block in [_variable_block(v) for v in agent.own_variables] + [_action_block(agent.name)]]


def block_order(model: Model) -> list[Block]:
    """A static order of variable and action blocks following the dependency graph.

    A hub is a block coupled with many others (a parity counter over every
    agent, an action read by every cell of a board). Environment hubs go
    first; other hubs stay with their agent. Then each ordinary agent in file
    order contributes the environment blocks attached to it (those sharing
    most dependency edges with the agent's non-hub blocks), its own
    variables and its action block; environment blocks attached to no agent
    come last. Within each run of environment blocks, blocks that are read
    together are placed next to each other (breadth-first over the
    dependency graph without hubs).

    On a ring such as the dining cryptographers this places each agent next to
    the coins it reads, which keeps the reachable set linear in the number of
    agents; on board games it keeps the variables of one cell together. An
    ordinary agent's own blocks stay with it (hoisting them measured ×15 slower
    on the software-development models), except the variables of a
    coordinating agent that each belong to one partner (`_delegated_blocks`):
    a merchant's per-customer conversation moves next to that customer, which
    took NetBill with 3 customers from 31 s to 0.14 s without reordering. An environment
    variable every ordinary agent but one observes — a fact about that agent, like a muddy
    forehead — goes with that agent and counts in no edge (`_facts_about_agents`).
    """
    owner: dict[Block, str] = {}
    declared: list[Block] = []
    for agent in model.agents:
        for block in [_variable_block(v) for v in agent.own_variables] + [_action_block(agent.name)]:
            owner[block] = agent.name
            declared.append(block)
    environment = _environment_name(model)
    ordinary = [agent.name for agent in model.agents if not agent.is_environment]
    about = _facts_about_agents(model, owner, environment, ordinary)
    limit = max(6, int(2 * math.sqrt(len(declared))))
    facts = set(about)
    known: dict[int, Reads] = {}
    edges = [edge - facts for edge in dependency_edges(model, known)]
    edges = [edge for edge in edges if 2 <= len(edge) <= limit]
    hubs = {block for block, near in _neighbours(edges).items() if len(near) > limit}
    edges = [edge - hubs for edge in edges]
    neighbours = _neighbours(edges)
    attached = _attach_environment_blocks(declared, edges, owner, environment, ordinary, hubs, about)
    delegated = _delegated_blocks(declared, neighbours, owner, ordinary, hubs)
    moved = {block for blocks in delegated.values() for block in blocks}
    order = [block for block in declared if block in hubs and owner[block] == environment]
    footprints = _action_footprints(model, known)
    for agent in ordinary + [environment]:
        run = _placed_by_footprints(attached.get(agent, []), footprints)
        order += _breadth_first(run, neighbours, {block: index for index, block in enumerate(run)})
        if agent != environment:
            order += [block for block in declared if owner[block] == agent and block not in moved]
            order += delegated.get(agent, [])
    return order



def _delegated_blocks(declared: list[Block], neighbours: Mapping[Block, set[Block]], owner: Mapping[Block, str],
                      ordinary: list[str], hubs: set[Block]) -> dict[str, list[Block]]:
    """Variables of a coordinating agent that belong with one partner: partner → those blocks.

    A merchant serving n customers keeps one conversation's variables per customer;
    each is read together with that customer's blocks only. When an ordinary agent's
    variables couple (outside hubs) with two or more other agents, each of its
    variables whose foreign neighbours all belong to a single other ordinary agent
    moves right after that agent's blocks, the way a ring keeps each agent beside the
    coins it reads. Action blocks never move.
    """
    partners: dict[str, set[str]] = defaultdict(set)
    foreign: dict[Block, set[str]] = {}
    for block in declared:
        if block[0] != "var" or block in hubs or owner[block] not in ordinary:
            continue
        others = {owner[near] for near in neighbours.get(block, set())
                  if owner[near] != owner[block] and owner[near] in ordinary}
        foreign[block] = others
        partners[owner[block]] |= others
    delegated: dict[str, list[Block]] = defaultdict(list)
    for block, others in foreign.items():
        if len(others) == 1 and len(partners[owner[block]]) >= 2:
            delegated[next(iter(others))].append(block)
    return delegated


def _action_footprints(model: Model, known: dict[int, Reads]) -> dict[Block, frozenset[tuple[str, str]]]:
    """Each variable block → the (agent, action) values the guards of its evolution compare against."""
    found: dict[Block, set[tuple[str, str]]] = defaultdict(set)
    for agent in model.agents:
        for rule in agent.evolution:
            values = expression_reads(rule.guard, known)[1]
            for variable, _ in rule.assignments if values else ():
                found[_variable_block(variable)] |= values
    return {block: frozenset(values) for block, values in found.items()}


FORCE_ROUNDS = 20
"""Rounds of `_placed_by_footprints`; chomp's span stops falling after about ten."""


def _placed_by_footprints(blocks: list[Block], footprints: Mapping[Block, frozenset[tuple[str, str]]]) -> list[Block]:
    """`blocks` reordered so that blocks one action value acts on lie close together (FORCE).

    On a game board every cell reads every move (the action blocks are hubs), so
    the dependency graph says nothing about which cells belong together; the
    values do: a bite at (a, b) in chomp clears exactly the cells right of and
    above it. Each action value is a hyperedge over the blocks whose evolution
    compares against it; FORCE (Aloul, Markov, Sakallah, "FORCE: a fast and
    easy-to-implement variable-ordering heuristic", GLSVLSI 2003) moves each
    block to the mean centre of its hyperedges, round after round, and keeps the
    order with the least total span. In chomp it finds the anti-diagonal order
    that sifting finds (reachability 0.9 s without sifting, 5.9 s with the
    declared order and sifting); a hyperedge over all blocks or one block says
    nothing and is left out, so a run without shared values keeps its order.
    """
    members: dict[tuple[str, str], list[Block]] = defaultdict(list)
    for block in blocks:
        for value in sorted(footprints.get(block, ())):
            members[value].append(block)
    hyperedges = [edge for edge in members.values() if 2 <= len(edge) < len(blocks)]
    if not hyperedges:
        return blocks
    order, best, best_span = blocks, blocks, _total_span(blocks, hyperedges)
    for _ in range(FORCE_ROUNDS):
        position = {block: index for index, block in enumerate(order)}
        pulls: dict[Block, list[float]] = defaultdict(list)
        for edge in hyperedges:
            centre = sum(position[block] for block in edge) / len(edge)
            for block in edge:
                pulls[block].append(centre)
        moved = sorted(order, key=lambda block: sum(pulls[block]) / len(pulls[block]) if block in pulls
                       else position[block])
        if moved == order:  # a fixed point: every further round gives this order again
            break
        order = moved
        span = _total_span(order, hyperedges)
        if span < best_span:
            best, best_span = order, span
    return best


def _total_span(order: list[Block], hyperedges: list[list[Block]]) -> int:
    position = {block: index for index, block in enumerate(order)}
    return sum(max(position[block] for block in edge) - min(position[block] for block in edge) for edge in hyperedges)


def _neighbours(edges: Iterable[set[Block]]) -> dict[Block, set[Block]]:
    result: dict[Block, set[Block]] = defaultdict(set)
    for edge in edges:
        for block in edge:
            result[block] |= edge - {block}
    return result


def _facts_about_agents(model: Model, owner: Mapping[Block, str], environment: str | None,
                        ordinary: list[str]) -> dict[Block, str]:
    """Environment variables every ordinary agent but one observes (Lobsvars) → that one agent.

    A fact about an agent that all the others see and it does not — a muddy forehead, a
    hat's colour, a card held to one's brow — is what epistemic puzzles turn on, and what
    the agent comes to know is correlated with it: it belongs next to that agent's
    blocks. Placed as a hub above everything (or, once the protocols reading it are too
    big to count as edges, below everything), it made the muddy children's reachable set
    remember every forehead: 240,998 nodes at N = 12 against 7,143.
    """
    if environment is None or len(ordinary) < 4:  # with three, "all but one" is a ring's two neighbours
        return {}
    observers: dict[Block, set[str]] = defaultdict(set)
    for agent in model.agents:
        if agent.is_environment:
            continue
        for variable in agent.observed_variables:
            observers[_variable_block(variable)].add(agent.name)
    about: dict[Block, str] = {}
    for block, seen_by in observers.items():
        if owner.get(block) != environment:
            continue
        missing = [name for name in ordinary if name not in seen_by]
        if len(missing) == 1:
            about[block] = missing[0]
    return about


def _attach_environment_blocks(declared: list[Block], edges: list[set[Block]], owner: Mapping[Block, str],
                               environment: str | None, ordinary: list[str], hubs: set[Block],
                               about: Mapping[Block, str]) -> dict[str | None, list[Block]]:
    """Each non-hub environment block → the ordinary agent sharing most edges with it (or the environment);
    a fact about one agent (`_facts_about_agents`) → that agent."""
    position = {name: index for index, name in enumerate(ordinary)}
    scores: dict[Block, list[int]] = {block: [0] * len(ordinary) for block in declared}
    for edge in edges:
        agents = {position[owner[block]] for block in edge if owner[block] in position}
        for block in edge:
            for index in agents:
                scores[block][index] += 1
    attached: dict[str | None, list[Block]] = defaultdict(list)
    for block in declared:
        if owner[block] != environment or block in hubs:
            continue
        if block in about:
            attached[about[block]].append(block)
            continue
        best = max(scores[block], default=0)
        attached[ordinary[scores[block].index(best)] if best > 0 else environment].append(block)
    return attached


def _breadth_first(blocks: list[Block], neighbours: Mapping[Block, set[Block]],
                   rank: Mapping[Block, int]) -> list[Block]:
    """`blocks` reordered so that neighbours follow each other (declaration order breaks ties)."""
    members = set(blocks)
    seen: set[Block] = set()
    order: list[Block] = []
    for start in blocks:
        if start in seen:
            continue
        seen.add(start)
        queue = deque([start])
        while queue:
            block = queue.popleft()
            order.append(block)
            for near in sorted((neighbours.get(block, set()) & members) - seen, key=rank.__getitem__):
                seen.add(near)
                queue.append(near)
    return order


def _environment_name(model: Model) -> str | None:
    return next((agent.name for agent in model.agents if agent.is_environment), None)


# ---------------------------------------------------------------- the encoding


class Encoding:
    """Bit layout of a model in one BDD manager, and the literal-level BDDs."""

    def __init__(self, model: Model, manager: Manager, order: str = "structure"):
        """`order` is one of `ORDERS`: `structure` (`block_order`) or `declaration`."""
        if order not in ORDERS:
            raise ValueError(f"unknown variable order {order!r} (one of {', '.join(ORDERS)})")
        self.model = model
        self.manager = manager
        self.variables: dict[Variable, VariableBits] = {}
        self.actions: dict[str, ActionBits] = {}
        by_name = {variable.qualified_name: variable for variable in model.variables}
        agents = {agent.name: agent for agent in model.agents}
        blocks = block_order(model) if order == "structure" else declaration_order(model)
        for kind, name in blocks:
            if kind == "var":
                self._declare_variable(by_name[name])
            else:
                self._declare_action(agents[name])
        self.current_bits: tuple[str, ...] = tuple(b for v in model.variables for b in self.variables[v].current)
        self.next_bits: tuple[str, ...] = tuple(b for v in model.variables for b in self.variables[v].next)
        self.action_bits: tuple[str, ...] = tuple(b for a in model.agents for b in self.actions[a.name].bits)
        self.next_to_current = dict(zip(self.next_bits, self.current_bits))
        self.current_to_next = dict(zip(self.current_bits, self.next_bits))
        self.static_current_bits: tuple[str, ...] = tuple(sorted(self.current_bits, key=manager.level_of_var))
        """The current bits in the static order chosen at encoding time (dynamic reordering may move
        them later): the canonical order of `bdd.first_model` picks, cheap while that order holds."""
        self._cubes: dict[tuple[Variable, int, bool], Function] = {}

    def _declare_variable(self, variable: Variable) -> None:
        values = variable.type.values()
        stem = variable.qualified_name
        width = bits_needed(len(values))
        current = tuple(f"{stem}.{k}" for k in range(width))
        following = tuple(f"{bit}'" for bit in current)
        backend.declare_block(self.manager, [name for pair in zip(current, following) for name in pair])
        self.variables[variable] = VariableBits(variable, current, following, values)

    def _declare_action(self, agent: Agent) -> None:
        width = bits_needed(len(agent.actions))
        bits = tuple(f"{agent.name}.Action.{k}" for k in range(width))
        backend.declare_block(self.manager, bits)
        self.actions[agent.name] = ActionBits(agent.name, bits, agent.actions)

    # ------------------------------------------------------------ literals

    def value_cube(self, variable: Variable, value: Value, *, primed: bool = False) -> Function:
        """States (next states if `primed`) where `variable` has `value` (false if ill-typed)."""
        layout = self.variables[variable]
        code = layout.code_of(value)
        if code is None:
            return self.manager.false
        key = (variable, code, primed)
        if key not in self._cubes:
            bits = layout.next if primed else layout.current
            self._cubes[key] = backend.cube(self.manager, _code_assignment(bits, code))
        return self._cubes[key]

    def domain(self, variable: Variable, *, primed: bool = False) -> Function:
        """The valid codes of `variable`: unused codes are never states."""
        layout = self.variables[variable]
        if len(layout.values) == 1 << len(layout.current):
            return self.manager.true
        bits = layout.next if primed else layout.current
        return self._code_at_most(bits, len(layout.values) - 1)

    def _code_at_most(self, bits: tuple[str, ...], bound: int) -> Function:
        """Codes (`bits` MSB first) at most `bound`: one comparison per bit, whatever the number of values."""
        result = self.manager.true
        for position, bit in enumerate(reversed(bits)):
            literal = self.manager.var(bit)
            result = (~literal | result) if bound >> position & 1 else (~literal & result)
        return result

    def keep(self, variable: Variable) -> Function:
        """`variable' = variable`."""
        layout = self.variables[variable]
        result = self.manager.true
        for now, later in zip(reversed(layout.current), reversed(layout.next)):
            result &= backend.xnor(self.manager.var(now), self.manager.var(later))
        return result

    def action_cube(self, agent: str, action: str) -> Function:
        """Joint actions in which `agent` performs `action` (false if it has no such action)."""
        layout = self.actions.get(agent)
        if layout is None or action not in layout.actions:
            return self.manager.false
        return backend.cube(self.manager, _code_assignment(layout.bits, layout.actions.index(action)))

    def action_domain(self, agent: str) -> Function:
        layout = self.actions[agent]
        result = self.manager.false
        for action in layout.actions:
            result |= self.action_cube(agent, action)
        return result

    def decode_state(self, assignment: Mapping[str, bool]) -> tuple[Value, ...]:
        """The state tuple (in `Model.variables` order) of a full assignment to current bits."""
        return tuple(self._decode(layout.current, layout.values, assignment) for layout in self._layouts())

    def decode_joint_action(self, assignment: Mapping[str, bool]) -> tuple[str, ...]:
        return tuple(
            self._decode(layout.bits, layout.actions, assignment)  # type: ignore[misc]
            for layout in (self.actions[agent.name] for agent in self.model.agents)
        )

    def _layouts(self) -> Iterable[VariableBits]:
        return (self.variables[variable] for variable in self.model.variables)

    @staticmethod
    def _decode(bits: tuple[str, ...], values: Sequence[Value], assignment: Mapping[str, bool]) -> Value:
        code = 0
        for bit in bits:
            code = (code << 1) | int(assignment[bit])
        return values[code]


# ---------------------------------------------------------------- expressions


def _truncating_division(left: int, right: int) -> int:
    quotient = abs(left) // abs(right)
    return quotient if (left >= 0) == (right >= 0) else -quotient


_ARITHMETIC = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": _truncating_division,
}

_BITWISE = {
    "&": lambda a, b: a & b,
    "|": lambda a, b: a | b,
    "^": lambda a, b: a ^ b,
}


class ExpressionEncoder:
    """Expressions over current state bits and action bits → value maps and conditions."""

    def __init__(self, encoding: Encoding):
        self.encoding = encoding
        self.manager = encoding.manager
        self._values: dict[int, ValueMap] = {}
        self._conditions: dict[int, Function] = {}
        self._shapes: dict[tuple, int] = {}
        self._numbers: dict[int, tuple[int, Expr]] = {}

    def values(self, expr: Expr) -> ValueMap:
        """Map each value `expr` can take to the BDD of where it takes it (cached)."""
        key = self._number(expr)
        cached = self._values.get(key)
        if cached is None:
            cached = self._values[key] = self._compute_values(expr)
        return cached

    def condition(self, expr: Expr) -> Function:
        """Where the Boolean `expr` is true (undefined counts as false) (cached)."""
        key = self._number(expr)
        cached = self._conditions.get(key)
        if cached is None:
            cached = self._conditions[key] = self._compute_condition(expr)
        return cached

    def _number(self, expr: Expr) -> int:
        """One number per structurally distinct expression, computed bottom-up in O(1) per node.

        Hashing a frozen dataclass walks its whole subtree, which is quadratic
        on deep conditions; numbering by object identity first avoids it. The
        shape of a constant includes its type: `Const(0) == Const(False)` as
        dataclasses, but an integer and a Boolean encode differently.
        """
        known = self._numbers.get(id(expr))
        if known is not None:
            return known[0]
        kind = type(expr)  # (by exact type, the common kinds first: thousands of nodes in a GDL game's guards)
        if kind is Binary:
            shape: tuple = ("binary", expr.op, self._number(expr.left), self._number(expr.right))
        elif kind is ActionIs:
            shape = ("action", expr.agent, expr.action)
        elif kind is VarRef:
            shape = ("var", expr.variable)
        elif kind is Unary:
            shape = ("unary", expr.op, self._number(expr.operand))
        elif kind is Const:
            shape = ("const", type(expr.value), expr.value)
        else:
            raise TypeError(f"not an expression: {expr!r}")
        number = self._shapes.setdefault(shape, len(self._shapes))
        self._numbers[id(expr)] = (number, expr)  # holding `expr` keeps its id unique
        return number

    def defined(self, expr: Expr) -> Function:
        result = self.manager.false
        for region in self.values(expr).values():
            result |= region
        return result

    def _compute_condition(self, expr: Expr) -> Function:
        kind = type(expr)  # (by exact type, as `_number`)
        if kind is Binary:
            op = expr.op
            if op == "and":
                return self.condition(expr.left) & self.condition(expr.right)
            if op == "or":
                return self.condition(expr.left) | self.condition(expr.right)
            if op in COMPARISON_OPERATORS:
                return self._compare(op, self.values(expr.left), self.values(expr.right))
        elif kind is Unary and expr.op == "!":
            return ~self.condition(expr.operand)
        elif kind is ActionIs:
            return self.encoding.action_cube(expr.agent, expr.action)
        return self.values(expr).get(True, self.manager.false)

    def _compute_values(self, expr: Expr) -> ValueMap:
        match expr:
            case Const(value=value):
                return {value: self.manager.true}
            case VarRef(variable=variable):
                layout = self.encoding.variables[variable]
                if len(layout.values) > MAX_LISTED_VALUES:
                    raise ResourceExhausted(
                        f"`{variable.qualified_name}` has {len(layout.values):,} values; ctlstark evaluates "
                        f"expressions over variables of at most {MAX_LISTED_VALUES:,} values")
                return {value: self.encoding.value_cube(variable, value) for value in layout.values}
            case Unary(op="~", operand=operand):
                return self._map_unary(self.values(operand), _bit_not)
            case Unary(op="neg", operand=operand):
                return self._map_unary(self.values(operand), lambda value: -value)
            case Binary(op="+"):
                return self._sum(expr)
            case Binary(op=op, left=left, right=right) if op in _ARITHMETIC:
                return self._combine(self.values(left), self.values(right), _ARITHMETIC[op], op == "/")
            case Binary(op=op, left=left, right=right) if op in _BITWISE:
                return self._combine(self.values(left), self.values(right), _BITWISE[op], False)
        truth = self.condition(expr)
        return _prune({True: truth, False: ~truth})

    def _map_unary(self, operand: ValueMap, function) -> ValueMap:
        result: ValueMap = {}
        for value, region in operand.items():
            image = function(value)
            result[image] = result[image] | region if image in result else region
        return result

    def _sum(self, expr: Expr) -> ValueMap:
        """The value map of a chain of `+`, adding its terms from the bottom of the order up.

        Integer addition is associative and commutative, so the order of the
        terms is free. Adding a term whose variables all lie above the partial
        sum's costs O(1) per value (a new top node over the old regions);
        adding it below costs a walk of every region — N = 200 announcements
        of the dining cryptographers took 4.3 s in declaration order, this way
        a few milliseconds.
        """
        terms = [self.values(term) for term in _sum_terms(expr)]
        terms.sort(key=self._top_level, reverse=True)
        total = terms[0]
        for term in terms[1:]:
            total = self._combine(total, term, _ARITHMETIC["+"], False)
        return total

    def _top_level(self, values: ValueMap) -> int:
        """The level of the topmost variable any region of `values` reads (-1 for constants)."""
        levels = [backend.top_level(self.manager, region) for region in values.values()]
        return min((level for level in levels if level is not None), default=-1)

    def _combine(self, left: ValueMap, right: ValueMap, function, is_division: bool) -> ValueMap:
        result: ValueMap = {}
        for a, left_region in left.items():
            for b, right_region in right.items():
                if is_division and b == 0:
                    continue
                both = left_region & right_region
                if both == self.manager.false:
                    continue
                value = function(a, b)
                result[value] = result[value] | both if value in result else both
        return result

    def _compare(self, op: str, left: ValueMap, right: ValueMap) -> Function:
        false = self.manager.false
        if op in ("=", "<>"):
            equal = false
            for value, region in left.items():
                if value in right:
                    equal |= region & right[value]
            if op == "=":
                return equal
            return self._union(left) & self._union(right) & ~equal
        if op in (">", ">="):
            return self._compare("<" if op == ">" else "<=", right, left)
        strictly_less = self._less_than(left, right)
        if op == "<":
            return strictly_less
        return strictly_less | self._compare("=", left, right)

    def _less_than(self, left: ValueMap, right: ValueMap) -> Function:
        """OR over a < b of left[a] ∧ right[b], with suffix unions of `right` (linear)."""
        keys = sorted(right)
        suffix = [self.manager.false] * (len(keys) + 1)
        for index in range(len(keys) - 1, -1, -1):
            suffix[index] = suffix[index + 1] | right[keys[index]]
        result = self.manager.false
        for value, region in left.items():
            result |= region & suffix[bisect.bisect_right(keys, value)]
        return result

    def _union(self, values: ValueMap) -> Function:
        result = self.manager.false
        for region in values.values():
            result |= region
        return result


def _sum_terms(expr: Expr) -> list[Expr]:
    """The terms of a chain of `+` (iteratively: chains can be thousands long)."""
    terms: list[Expr] = []
    pending = [expr]
    while pending:
        node = pending.pop()
        if isinstance(node, Binary) and node.op == "+":
            pending.append(node.right)
            pending.append(node.left)
        else:
            terms.append(node)
    return terms


def _bit_not(value: Value) -> Value:
    return (not value) if isinstance(value, bool) else ~value  # type: ignore[operator]


def _prune(values: ValueMap) -> ValueMap:
    return {value: region for value, region in values.items() if region != region.bdd.false}


# ---------------------------------------------------------------- transition parts


class TransitionEncoder:
    """Protocols and evolution of each agent as BDD parts of the transition relation."""

    def __init__(self, encoding: Encoding, expressions: ExpressionEncoder):
        self.encoding = encoding
        self.expressions = expressions
        self.manager = encoding.manager

    def assignment(self, variable: Variable, expr: Expr) -> Function:
        """`variable' = expr`; values outside the type (or undefined) are impossible."""
        result = self.manager.false
        for value, region in self.expressions.values(expr).items():
            target = self.encoding.value_cube(variable, value, primed=True)
            if target != self.manager.false:
                result |= region & target
        return result

    def keep_all(self, variables: Iterable[Variable]) -> Function:
        result = self.manager.true
        for variable in variables:
            result &= self.encoding.keep(variable)
        return result

    def protocol(self, agent: Agent) -> Function:
        """Enabled (local state, own action) pairs; `Other` where no condition holds.

        An environment without protocol lines enables every action code (MCMAS).
        """
        if agent.is_environment and not agent.protocol:
            return self.encoding.action_domain(agent.name)
        enabled = self.manager.false
        some_condition = self.manager.false
        for rule in agent.protocol:
            if rule.is_other:
                continue
            condition = self.expressions.condition(rule.condition)
            some_condition |= condition
            enabled |= condition & self._action_set(agent.name, rule.actions)
        for rule in agent.protocol:
            if rule.is_other:
                enabled |= ~some_condition & self._action_set(agent.name, rule.actions)
        return enabled

    def _action_set(self, agent: str, actions: Iterable[str]) -> Function:
        result = self.manager.false
        for action in actions:
            result |= self.encoding.action_cube(agent, action)
        return result

    def evolution(self, agent: Agent, semantics: str) -> list[Function]:
        """Conjuncts relating (state, joint action) to the agent's next variables."""
        if semantics == "single":
            lines = agent.lines_by_variable
            return [self._single_assignment(variable, lines.get(variable, ())) for variable in agent.own_variables]
        return [self._multi_assignment(agent)]

    def _multi_assignment(self, agent: Agent) -> Function:
        """Each line with a true guard is an alternative; unassigned variables keep values."""
        alternatives = self.manager.false
        some_guard = self.manager.false
        for rule in agent.evolution:
            guard = self.expressions.condition(rule.guard)
            some_guard |= guard
            assigned = {variable for variable, _ in rule.assignments}
            body = guard
            for variable, value in rule.assignments:
                body &= self.assignment(variable, value)
            body &= self.keep_all(v for v in agent.own_variables if v not in assigned)
            alternatives |= body
        return alternatives | (~some_guard & self.keep_all(agent.own_variables))

    def _single_assignment(self, variable: Variable, lines: Sequence[tuple[Expr, Expr]]) -> Function:
        """Lines (guard, value) assigning `variable` whose guard holds give its choices; else it keeps its value."""
        choices = self.manager.false
        some_guard = self.manager.false
        for guard_expr, value in lines:
            guard = self.expressions.condition(guard_expr)
            some_guard |= guard
            choices |= guard & self.assignment(variable, value)
        return choices | (~some_guard & self.encoding.keep(variable))

    def agent_parts(self, agent: Agent, semantics: str) -> list[Function]:
        """`protocol ∧ valid own codes` followed by the evolution conjuncts of `agent`."""
        own_domain = self.manager.true
        for variable in agent.own_variables:
            own_domain &= self.encoding.domain(variable)
        return [self.protocol(agent) & own_domain] + self.evolution(agent, semantics)
