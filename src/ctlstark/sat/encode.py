"""The interpreted system unrolled into CNF, frame by frame (docs/sat.md).

* **Variables → bits.** Every state variable and every agent's action is a
  finite-domain variable: ⌈log2 n⌉ bits, code k (binary, most significant bit
  first) standing for the k-th value of its type (booleans: one bit, `False` = 0),
  as in the BDD encoding. Each value gets a *value literal* (an AND gate over the
  bits) and the domain constraint is the clause "one of the value literals", so
  unused codes are never states.
* **Expressions → value maps.** An expression at frame t becomes a map
  value → literal, the literals pairwise exclusive, none of them true where the
  expression is undefined (division by zero). Arithmetic combines the maps of
  its operands (one AND gate per pair of operand values, one OR gate per result
  value), comparisons are OR gates over the pairs that satisfy them (`<` with
  suffix ORs, linear), Boolean operators are gates. This mirrors
  `symbolic.encode.ExpressionEncoder` value for value, so both engines read an
  expression the same way (a comparison with an undefined side is false, an
  assignment of an undefined or out-of-range value is impossible).
* **Transitions.** Step t relates frame t, the actions of step t and frame t+1:
  every agent's action is enabled by its protocol (the union of the lines whose
  condition holds, else its `Other` lines; an environment without protocol lines
  enables every code), and its next own values are one of its evolution's
  alternatives (MultiAssignment: each firing line is an alternative, no firing
  line keeps every variable; SingleAssignment: per variable). The same semantics
  as `semantics/transitions.py` (docs/semantics.md, "Evolution").
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import UnsupportedFormula
from ..logic import formula as f
from ..model import (
    ActionIs, Agent, Binary, BoolType, Const, EnumType, Expr, Model, RangeType, Unary, Value, Variable, VarRef,
)
from ..semantics.expressions import ARITHMETIC
from .cnf import FALSE, TRUE, Circuit

ValueMap = dict[Value, int]
MAX_VALUES = 1 << 16
"""A variable with more values than this is refused (its value literals and value maps would not fit)."""


def _bits_needed(count: int) -> int:
    return (count - 1).bit_length() if count > 1 else 0


@dataclass
class Domain:
    """One finite-domain variable in one frame: its bits and a literal per value."""

    values: Sequence[Value]
    bits: tuple[int, ...]
    literals: ValueMap

    def decode(self, true: set[int]) -> Value:
        code = 0
        for bit in self.bits:
            code = (code << 1) | int(bit in true)
        return self.values[code]


def _type_values(variable: Variable) -> Sequence[Value]:
    kind = variable.type
    if isinstance(kind, BoolType):
        return (False, True)
    if isinstance(kind, RangeType):
        if kind.high - kind.low + 1 > MAX_VALUES:
            raise UnsupportedFormula(f"the SAT engine handles variables of at most {MAX_VALUES:,} values; "
                                     f"`{variable.qualified_name}` has {kind.high - kind.low + 1:,}")
        return kind.values()
    assert isinstance(kind, EnumType)
    return kind.symbols


class Unrolling:
    """Frames 0..k of one model on one incremental solver: `add_frame`, `add_step`, literals of expressions."""

    def __init__(self, model: Model, circuit: Circuit | None = None) -> None:
        self.model = model
        self.circuit = circuit or Circuit()
        self.variables = model.variables
        self._types = {variable: _type_values(variable) for variable in self.variables}
        self.states: list[dict[Variable, Domain]] = []
        self.actions: list[dict[str, Domain]] = []
        self._maps: dict[tuple[int, int], ValueMap] = {}
        self._keeps: dict[tuple[Variable, int], int] = {}
        self._held: list[Expr] = []  # keeps the ids used as cache keys alive
        self.idle: list[int] = []
        """Per step, the literal saying it is idle (`add_idle_or_step`), FALSE for a transition."""

    # ------------------------------------------------------------ frames

    def _domain(self, values: Sequence[Value]) -> Domain:
        circuit = self.circuit
        width = _bits_needed(len(values))
        bits = tuple(circuit.fresh() for _ in range(width))
        literals: ValueMap = {}
        for code, value in enumerate(values):
            literals[value] = circuit.and_(bit if (code >> (width - 1 - i)) & 1 else -bit
                                           for i, bit in enumerate(bits))
        if len(values) < (1 << width):
            circuit.clause(literals.values())  # the domain constraint: unused codes are no states
        return Domain(values, bits, literals)

    def add_frame(self) -> int:
        """A new state frame (its variables and their domain constraints); its index."""
        self.states.append({variable: self._domain(self._types[variable]) for variable in self.variables})
        return len(self.states) - 1

    def add_step(self) -> int:
        """Actions and transition from the last frame to a new one; the new frame's index."""
        t = len(self.states) - 1
        assert t >= 0 and len(self.actions) == t
        self.actions.append({agent.name: self._domain(agent.actions) for agent in self.model.agents})
        self.add_frame()
        for agent in self.model.agents:
            self._protocol(agent, t)
            self._evolution(agent, t)
        self.idle.append(FALSE)
        return t + 1

    def add_idle_or_step(self) -> int:
        """A step that is either a transition or *idle* (the new frame repeats the last one): frames 0..k of
        such an unrolling are the runs of at most k steps. The new frame's index."""
        idle = self.circuit.fresh()
        with self.circuit.unless(idle):
            t = self.add_step()
        self.idle[-1] = idle
        self.circuit.clause([-idle, self.equal(t - 1, t)])
        return t

    def decode_run(self, frames: int) -> tuple[list[tuple[Value, ...]], list[tuple[str, ...]]]:
        """`decode` without the idle steps: the run's states and the joint actions between them."""
        true = self.circuit.true_literals()
        states, actions = [self.state_at(0, true)], []
        for t, idle in enumerate(self.idle[:frames - 1]):
            if idle == FALSE or idle not in true:  # an idle step's actions mean nothing (not even a valid code)
                actions.append(self.action_at(t, true))
                states.append(self.state_at(t + 1, true))
        return states, actions

    @property
    def depth(self) -> int:
        return len(self.states) - 1

    # ------------------------------------------------------------ decoding

    def decode(self, frames: int) -> tuple[list[tuple[Value, ...]], list[tuple[str, ...]]]:
        """States of frames 0..frames-1 and the joint actions between them, from the last model."""
        true = self.circuit.true_literals()
        return [self.state_at(t, true) for t in range(frames)], [self.action_at(t, true) for t in range(frames - 1)]

    def state_at(self, t: int, true: set[int]) -> tuple[Value, ...]:
        """Frame t's state in the model whose true literals are `true`."""
        return tuple(self.states[t][v].decode(true) for v in self.variables)

    def action_at(self, t: int, true: set[int]) -> tuple[str, ...]:
        """The joint action of step t (from frame t) in the model whose true literals are `true`."""
        return tuple(str(self.actions[t][agent.name].decode(true)) for agent in self.model.agents)

    def state_equals(self, t: int, state: Sequence[Value]) -> int:
        """A literal: frame t is `state`."""
        return self.circuit.and_(self.states[t][v].literals.get(value, FALSE)
                                 for v, value in zip(self.variables, state))

    def distinct(self, i: int, j: int) -> None:
        """Frames i and j are different states (a simple-path constraint)."""
        self.circuit.clause([-self.equal(i, j)])

    def equal(self, i: int, j: int) -> int:
        """A literal: frames i and j are the same state."""
        return self.equal_to(i, self, j)

    def equal_to(self, i: int, other: Unrolling, j: int) -> int:
        """A literal: frame i and frame j of `other` (an unrolling on the same circuit) are the same state."""
        circuit = self.circuit
        return circuit.and_(circuit.iff(a, b) for v in self.variables
                            for a, b in zip(self.states[i][v].bits, other.states[j][v].bits))

    # ------------------------------------------------------------ expressions

    def condition(self, expr: Expr, t: int) -> int:
        """The literal of a Boolean expression at frame t (with step t's actions for action atoms)."""
        return self.values(expr, t).get(True, FALSE)

    def values(self, expr: Expr, t: int) -> ValueMap:
        """value → literal of `expr` at frame t; iterative over the expression's nodes, cached per node."""
        key = (id(expr), t)
        cached = self._maps.get(key)
        if cached is not None:
            return cached
        stack: list[tuple[Expr, bool]] = [(expr, False)]
        while stack:
            node, ready = stack.pop()
            if (id(node), t) in self._maps:
                continue
            children = (node.left, node.right) if isinstance(node, Binary) else \
                (node.operand,) if isinstance(node, Unary) else ()
            if not ready and any((id(child), t) not in self._maps for child in children):
                stack.append((node, True))
                stack.extend((child, False) for child in children)
                continue
            self._held.append(node)
            self._maps[(id(node), t)] = self._compute(node, t)
        return self._maps[key]

    def _boolean(self, literal: int) -> ValueMap:
        return {True: literal, False: -literal}

    def _compute(self, node: Expr, t: int) -> ValueMap:
        circuit = self.circuit
        match node:
            case Const(value=value):
                if isinstance(value, bool):
                    return self._boolean(TRUE if value else FALSE)
                return {value: TRUE}
            case VarRef(variable=variable):
                domain = self.states[t][variable]
                if isinstance(variable.type, BoolType):
                    return self._boolean(domain.literals[True])
                return dict(domain.literals)
            case ActionIs(agent=agent, action=action):
                if t >= len(self.actions):
                    raise UnsupportedFormula(f"action atom {agent}.Action = {action} outside an evolution guard")
                return self._boolean(self.actions[t][agent].literals.get(action, FALSE))
            case Unary(op="neg", operand=operand):
                operand_values = self._maps[(id(operand), t)]
                return {-value: literal for value, literal in operand_values.items()}  # type: ignore[operator]
            case Unary(operand=operand):  # "!" and "~" on booleans
                return self._boolean(-self._maps[(id(operand), t)].get(True, FALSE))
            case Binary(op=op, left=left, right=right):
                lhs, rhs = self._maps[(id(left), t)], self._maps[(id(right), t)]
                if op in ("and", "&"):
                    return self._boolean(circuit.and_((lhs.get(True, FALSE), rhs.get(True, FALSE))))
                if op in ("or", "|"):
                    return self._boolean(circuit.or_((lhs.get(True, FALSE), rhs.get(True, FALSE))))
                if op == "^":
                    return self._boolean(circuit.xor(lhs.get(True, FALSE), rhs.get(True, FALSE)))
                if op in ARITHMETIC:
                    return self._combine(lhs, rhs, op)
                return self._boolean(self._compare(op, lhs, rhs))
        raise TypeError(f"not an expression: {node!r}")

    def _combine(self, lhs: ValueMap, rhs: ValueMap, op: str) -> ValueMap:
        function = ARITHMETIC[op]
        groups: dict[Value, list[int]] = defaultdict(list)
        for a, left in lhs.items():
            for b, right in rhs.items():
                if op == "/" and b == 0:
                    continue  # undefined: no value
                both = self.circuit.and_((left, right))
                if both != FALSE:
                    groups[function(a, b)].append(both)  # type: ignore[arg-type]
        return {value: self.circuit.or_(literals) for value, literals in groups.items()}

    def _compare(self, op: str, lhs: ValueMap, rhs: ValueMap) -> int:
        circuit = self.circuit
        if op in ("=", "<>"):
            equal = circuit.or_(circuit.and_((literal, rhs[value])) for value, literal in lhs.items() if value in rhs)
            if op == "=":
                return equal
            return circuit.and_((circuit.or_(lhs.values()), circuit.or_(rhs.values()), -equal))
        if op in (">", ">="):
            return self._compare("<" if op == ">" else "<=", rhs, lhs)
        keys = sorted(rhs)  # type: ignore[type-var]
        suffix = [FALSE] * (len(keys) + 1)  # suffix[i]: rhs takes one of keys[i:]
        for index in range(len(keys) - 1, -1, -1):
            suffix[index] = circuit.or_((suffix[index + 1], rhs[keys[index]]))
        terms = []
        for value, literal in lhs.items():
            first = bisect.bisect_right(keys, value) if op == "<" else bisect.bisect_left(keys, value)
            terms.append(circuit.and_((literal, suffix[first])))
        return circuit.or_(terms)

    # ------------------------------------------------------------ formulas

    def proposition(self, formula: f.Formula, t: int) -> int:
        """The literal of a propositional formula (propositions, red/green states, connectives) at frame t."""
        circuit = self.circuit
        match formula:
            case f.Const(value=value):
                return TRUE if value else FALSE
            case f.Prop(name=name):
                if name not in self.model.propositions:
                    raise UnsupportedFormula(f"unknown proposition {name!r}")
                return self.condition(self.model.propositions[name], t)
            case f.AgentStates(agent=agent, kind=kind):
                condition = self.model.agent(agent).red_states
                red = FALSE if condition is None else self.condition(condition, t)
                return red if kind == "red" else -red
            case f.Not(operand=operand):
                return -self.proposition(operand, t)
            case f.And(left=left, right=right):
                return circuit.and_((self.proposition(left, t), self.proposition(right, t)))
            case f.Or(left=left, right=right):
                return circuit.or_((self.proposition(left, t), self.proposition(right, t)))
            case f.Implies(left=left, right=right):
                return circuit.or_((-self.proposition(left, t), self.proposition(right, t)))
            case f.Iff(left=left, right=right):
                return circuit.iff(self.proposition(left, t), self.proposition(right, t))
        raise UnsupportedFormula(f"{f.to_text(formula)} is not propositional")

    # ------------------------------------------------------------ transitions

    def _keep(self, variable: Variable, t: int) -> int:
        key = (variable, t)
        literal = self._keeps.get(key)
        if literal is None:
            now, after = self.states[t][variable].bits, self.states[t + 1][variable].bits
            literal = self._keeps[key] = self.circuit.and_(self.circuit.iff(a, b) for a, b in zip(now, after))
        return literal

    def _assign(self, variable: Variable, expr: Expr, t: int) -> int:
        """Frame t+1's `variable` is the value of `expr` at step t (undefined or out of range: FALSE)."""
        target = self.states[t + 1][variable].literals
        return self.circuit.or_(self.circuit.and_((literal, target[value]))
                                for value, literal in self.values(expr, t).items()
                                if variable.type.contains(value))

    def _protocol(self, agent: Agent, t: int) -> None:
        circuit = self.circuit
        chosen = self.actions[t][agent.name].literals
        if agent.is_environment and not agent.protocol:
            return  # every action code is enabled (MCMAS)
        enabling: dict[str, list[int]] = defaultdict(list)
        conditions = []
        for rule in agent.protocol:
            if rule.is_other:
                continue
            condition = self.condition(rule.condition, t)
            conditions.append(condition)
            for action in rule.actions:
                enabling[action].append(condition)
        none_holds = -circuit.or_(conditions)
        for rule in agent.protocol:
            if rule.is_other:
                for action in rule.actions:
                    enabling[action].append(none_holds)
        for action, literal in chosen.items():
            circuit.clause((-literal, circuit.or_(enabling.get(action, ()))))

    def _evolution(self, agent: Agent, t: int) -> None:
        circuit = self.circuit
        if self.model.semantics == "single":
            lines = agent.lines_by_variable
            for variable in agent.own_variables:
                guards, choices = [], []
                for guard_expr, value in lines.get(variable, ()):
                    guard = self.condition(guard_expr, t)
                    guards.append(guard)
                    choices.append(circuit.and_((guard, self._assign(variable, value, t))))
                choices.append(circuit.and_((-circuit.or_(guards), self._keep(variable, t))))
                circuit.clause(choices)
            return
        guards, alternatives = [], []
        for rule in agent.evolution:
            guard = self.condition(rule.guard, t)
            guards.append(guard)
            assigned = {variable for variable, _ in rule.assignments}
            body = [guard] + [self._assign(variable, value, t) for variable, value in rule.assignments]
            body += [self._keep(variable, t) for variable in agent.own_variables if variable not in assigned]
            alternatives.append(circuit.and_(body))
        alternatives.append(circuit.and_([-circuit.or_(guards)] + [self._keep(v, t) for v in agent.own_variables]))
        circuit.clause(alternatives)
