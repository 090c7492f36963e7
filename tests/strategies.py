"""Hypothesis strategies for small, well-typed random models and random CTLK and CTL*K formulas.

They compose bottom-up: variable types, expressions over variables in scope,
agents, whole models, formulas over a model. Models stay within `MAX_STATE_BITS`
state bits so that both checkers handle a case in milliseconds. Everything
generated respects the resolver's rules (model.py, GRAMMAR.md §3–5): protocols and
red states read the agent's local state, evolution right-hand sides read its own
variables, guards may also read observed variables and any agent's action,
initial conditions are Boolean combinations of equalities, enumeration
comparisons use compatible (equal or nested) symbol sets, an empty environment
protocol is an `Other` line over every action code (`#k` for the unused ones).
Fairness formulas may be temporal (plain CTL shapes): both checkers evaluate
them without fairness.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Callable, Sequence

from hypothesis import strategies as st

from ctlstark.logic import formula as f
from ctlstark.model import (
    ENVIRONMENT, ActionIs, Agent, Binary, BoolType, Const, EnumType, EvolutionRule, Expr, Model, ProtocolRule,
    RangeType, Unary, Variable, VarRef, VarType,
)

MAX_STATE_BITS = 8

RANGE_TYPES = (RangeType(0, 1), RangeType(0, 2), RangeType(-1, 1), RangeType(0, 3), RangeType(-2, 1), RangeType(1, 3))
ENUM_TYPES = (EnumType(("lo", "hi")), EnumType(("lo", "mid", "hi")), EnumType(("mid", "hi")))
RELATIONS = ("=", "<>", "<", "<=", ">", ">=")
ARITHMETIC = ("+", "-", "*", "/")
BIT_OPERATORS = ("&", "|", "^")

Draw = Callable[[st.SearchStrategy], object]


def state_bits(var_type: VarType) -> int:
    """Bits of the binary encoding of a type (booleans 1, others ⌈log2 n⌉)."""
    size = len(var_type.values())
    return max(1, math.ceil(math.log2(size))) if size > 1 else 0


def var_types(max_bits: int = 3) -> st.SearchStrategy[VarType]:
    """Booleans, small integer ranges (negative and non-power-of-two sizes), 2–3 symbol enumerations."""
    candidates: list[VarType] = [BoolType(), *RANGE_TYPES, *ENUM_TYPES]
    return st.sampled_from([t for t in candidates if state_bits(t) <= max_bits])


def _comparable(a: VarType, b: VarType) -> bool:
    if isinstance(a, EnumType) and isinstance(b, EnumType):
        left, right = set(a.symbols), set(b.symbols)
        return left <= right or right <= left
    return type(a) is type(b)


# ---------------------------------------------------------------- expressions


@st.composite
def int_terms(draw: Draw, scope: Sequence[Variable], reference: RangeType, depth: int = 2) -> Expr:
    """An integer expression over the integer variables of `scope`; may overflow or divide by zero."""
    integers = [v for v in scope if isinstance(v.type, RangeType)]
    constants = st.sampled_from(reference.values()).map(Const)
    leaves = st.one_of(constants, st.sampled_from(integers).map(VarRef)) if integers else constants
    if depth == 0 or draw(st.booleans()):
        return draw(leaves)
    op = draw(st.sampled_from(ARITHMETIC))
    left = draw(int_terms(scope, reference, depth - 1))
    right = draw(int_terms(scope, reference, depth - 1))
    return Binary(op, left, right)


@st.composite
def bool_terms(draw: Draw, scope: Sequence[Variable], depth: int = 2) -> Expr:
    """A Boolean value expression: Boolean variables and constants under `~ & | ^`."""
    booleans = [v for v in scope if isinstance(v.type, BoolType)]
    constants = st.booleans().map(Const)
    leaves = st.one_of(constants, st.sampled_from(booleans).map(VarRef)) if booleans else constants
    if depth == 0 or draw(st.integers(0, 2)) > 0:
        return draw(leaves)
    if draw(st.booleans()):
        return Unary("~", draw(bool_terms(scope, depth - 1)))
    op = draw(st.sampled_from(BIT_OPERATORS))
    return Binary(op, draw(bool_terms(scope, depth - 1)), draw(bool_terms(scope, depth - 1)))


@st.composite
def value_of(draw: Draw, target: Variable, scope: Sequence[Variable]) -> Expr:
    """A right-hand side for an assignment to `target` (may leave its type: overflow, /0, other enum)."""
    match target.type:
        case RangeType():
            return draw(int_terms(scope, target.type))
        case BoolType():
            return draw(bool_terms(scope))
        case EnumType(symbols=symbols):
            peers = [v for v in scope if isinstance(v.type, EnumType) and _comparable(v.type, target.type)]
            constant = st.sampled_from(symbols).map(Const)
            return draw(st.one_of(constant, st.sampled_from(peers).map(VarRef)) if peers else constant)
    raise TypeError(target.type)


@st.composite
def comparisons(draw: Draw, scope: Sequence[Variable]) -> Expr:
    """`e1 relop e2` with at least one variable on the left; typed as the resolver requires."""
    if not scope:
        return Binary("=", Const(True), Const(draw(st.booleans())))
    anchor = draw(st.sampled_from(scope))
    match anchor.type:
        case RangeType():
            left = draw(int_terms(scope, anchor.type, depth=1)) if draw(st.booleans()) else VarRef(anchor)
            left = left if _mentions_variable(left) else VarRef(anchor)
            right = draw(int_terms(scope, anchor.type, depth=1))
            if isinstance(left, VarRef) and isinstance(right, Const) and right.value not in left.variable.type.values():
                right = Const(draw(st.sampled_from(left.variable.type.values())))  # the resolver's range check
            return Binary(draw(st.sampled_from(RELATIONS)), left, right)
        case BoolType():
            right = draw(bool_terms(scope, depth=1))
            return Binary(draw(st.sampled_from(("=", "<>"))), VarRef(anchor), right)
        case EnumType():
            right = draw(value_of(anchor, scope))
            return Binary(draw(st.sampled_from(("=", "<>"))), VarRef(anchor), right)
    raise TypeError(anchor.type)


def _mentions_variable(expr: Expr) -> bool:
    match expr:
        case VarRef():
            return True
        case Binary(left=left, right=right):
            return _mentions_variable(left) or _mentions_variable(right)
        case Unary(operand=operand):
            return _mentions_variable(operand)
    return False


@st.composite
def conditions(
    draw: Draw, scope: Sequence[Variable], actions: Sequence[tuple[str, str]] = (), depth: int = 2
) -> Expr:
    """A Boolean condition: comparisons (and action atoms, in guards) under `and`, `or`, `!`."""
    atom = comparisons(scope)
    if actions:
        atom = st.one_of(atom, st.sampled_from(actions).map(lambda pair: ActionIs(*pair)))
    if depth == 0 or draw(st.integers(0, 2)) == 0:
        return draw(atom)
    kind = draw(st.sampled_from(("and", "or", "!")))
    if kind == "!":
        return Unary("!", draw(conditions(scope, actions, depth - 1)))
    return Binary(kind, draw(conditions(scope, actions, depth - 1)), draw(conditions(scope, actions, depth - 1)))


# ---------------------------------------------------------------- agents


@st.composite
def protocols(draw: Draw, local: Sequence[Variable], actions: tuple[str, ...]) -> tuple[ProtocolRule, ...]:
    """1–3 guarded lines and/or an `Other` line; without `Other` some states may enable nothing."""
    action_sets = st.lists(st.sampled_from(actions), min_size=1, max_size=len(actions), unique=True).map(tuple)
    max_lines = 3 if local else 0
    lines = draw(st.lists(st.tuples(conditions(local, depth=1), action_sets), min_size=0, max_size=max_lines))
    rules = [ProtocolRule(condition, chosen) for condition, chosen in lines]
    if not rules or draw(st.booleans()):
        rules.append(ProtocolRule(Const(True), draw(action_sets), is_other=True))
    return tuple(rules)


@st.composite
def evolutions(
    draw: Draw,
    own: Sequence[Variable],
    visible: Sequence[Variable],
    all_actions: Sequence[tuple[str, str]],
    single: bool,
    min_lines: int,
) -> tuple[EvolutionRule, ...]:
    """Evolution lines: guards over visible variables and actions; MA lines assign 1+ variables, SA lines one."""
    rules = []
    for _ in range(draw(st.integers(min_lines, 4 if single else 3))):
        if single:
            targets = [draw(st.sampled_from(own))]
        else:
            targets = draw(st.lists(st.sampled_from(own), min_size=1, max_size=len(own), unique=True))
        assignments = tuple((target, draw(value_of(target, own))) for target in targets)
        rules.append(EvolutionRule(assignments, draw(conditions(visible, all_actions, depth=2))))
    return tuple(rules)


# ---------------------------------------------------------------- models


def empty_environment_protocol(actions: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[ProtocolRule, ...]]:
    """How the resolver types an empty environment protocol: every code enabled, unused ones as `#k`."""
    size = 1
    while size < len(actions):
        size *= 2
    codes = actions + tuple(f"#{k}" for k in range(len(actions), size))
    return codes, (ProtocolRule(Const(True), codes, is_other=True),)


@st.composite
def _declare(draw: Draw, agent: str, count: int, budget: list[int], reserve: int, prefix: str = "v") -> list[Variable]:
    """Up to `count` variables of `agent` within the remaining bit budget (budget[0], mutated)."""
    variables = []
    for index in range(count):
        available = budget[0] - reserve
        if available < 1:
            break
        var_type = draw(var_types(max_bits=min(2, available)))
        budget[0] -= state_bits(var_type)
        variables.append(Variable(agent, f"{prefix}{index}", var_type))
    return variables


@st.composite
def _initial_condition(draw: Draw, variables: Sequence[Variable]) -> Expr:
    """InitStates: a Boolean combination of `var = constant` and `var = var` equalities."""

    def equality(variable: Variable) -> st.SearchStrategy[Expr]:
        constant = st.sampled_from(variable.type.values()).map(lambda value: Binary("=", VarRef(variable), Const(value)))
        peers = [v for v in variables if v.type == variable.type]
        other = st.sampled_from(peers).map(lambda peer: Binary("=", VarRef(variable), VarRef(peer)))
        return st.one_of(constant, constant, other)

    disjuncts = []
    for _ in range(draw(st.integers(1, 2))):
        chosen = draw(st.lists(st.sampled_from(variables), min_size=1, max_size=len(variables), unique=True))
        parts = [draw(equality(v)) for v in chosen]
        if draw(st.integers(0, 4)) == 0:
            parts[0] = Unary("!", parts[0])
        conjunction = parts[0]
        for part in parts[1:]:
            conjunction = Binary("and", conjunction, part)
        disjuncts.append(conjunction)
    result = disjuncts[0]
    for disjunct in disjuncts[1:]:
        result = Binary("or", result, disjunct)
    return result


@st.composite
def _environment(
    draw: Draw, variables: list[Variable], actions: tuple[str, ...], all_actions: list[tuple[str, str]], single: bool
) -> Agent:
    """The environment: its own protocol, or an empty one (every action code enabled, as the resolver types it)."""
    if actions and draw(st.booleans()):
        protocol = draw(protocols(variables, actions))
    else:
        actions, protocol = empty_environment_protocol(actions)
    evolution = draw(evolutions(variables, variables, all_actions, single, 0)) if variables else ()
    red_states = draw(st.none() | conditions(variables, depth=1)) if variables else None
    return Agent(ENVIRONMENT, tuple(variables), (), actions, protocol, evolution, red_states)


@st.composite
def _agent(
    draw: Draw, name: str, own: list[Variable], observed: tuple[Variable, ...], actions: tuple[str, ...],
    all_actions: list[tuple[str, str]], single: bool,
) -> Agent:
    """An ordinary agent; its protocol and red states read its local state, its guards also actions."""
    local = list(observed) + own
    return Agent(
        name, tuple(own), observed, actions,
        draw(protocols(local, actions)),
        draw(evolutions(own, local, all_actions, single, 1)),
        draw(st.none() | conditions(local, depth=1)),
    )


@st.composite
def _agents(draw: Draw, names: Sequence[str], own: dict[str, list[Variable]], obsvars: list[Variable],
            private: list[Variable], has_environment: bool,
            max_environment_actions: int) -> tuple[list[Agent], bool]:
    """The environment (if any) and the agents `names` over their variables; also whether the model is SA."""
    environment_actions = (tuple(f"ea{i}" for i in range(draw(st.integers(0, max_environment_actions))))
                           if has_environment else ())
    actions = {name: tuple(f"a{i}" for i in range(draw(st.integers(1, 3)))) for name in names}
    all_actions = [(name, action) for name in names for action in actions[name]]
    all_actions += [(ENVIRONMENT, action) for action in environment_actions]
    single = draw(st.booleans())
    agents: list[Agent] = []
    if has_environment:
        agents.append(draw(_environment(obsvars + private, environment_actions, all_actions, single)))
    for name in names:
        lobsvars = draw(st.lists(st.sampled_from(private), unique=True)) if private else []
        agents.append(draw(_agent(name, own[name], tuple(obsvars + lobsvars), actions[name], all_actions, single)))
    return agents, single


@st.composite
def models(draw: Draw, max_bits: int = MAX_STATE_BITS, compassion: bool = False) -> Model:
    """A whole random model: optional environment, 1–3 agents, propositions, groups, fairness.

    `compassion`: also 1–3 `Compassion` pairs (p, q) of Fairness-like formulas.
    """
    agent_count = draw(st.integers(1, 3))
    budget = [max_bits]
    has_environment = draw(st.booleans())
    obsvars: list[Variable] = []
    private: list[Variable] = []
    if has_environment:
        obsvars = draw(_declare(ENVIRONMENT, draw(st.integers(0, 1)), budget, agent_count, prefix="o"))
        private = draw(_declare(ENVIRONMENT, draw(st.integers(0, 1)), budget, agent_count, prefix="h"))
    agent_names = [f"A{i}" for i in range(agent_count)]
    own = {
        name: draw(_declare(name, draw(st.integers(1, 3)), budget, agent_count - position - 1))
        for position, name in enumerate(agent_names)
    }
    agents, single = draw(_agents(agent_names, own, obsvars, private, has_environment, max_environment_actions=3))
    variables = [v for agent in agents for v in agent.own_variables]
    names = [agent.name for agent in agents]
    member_sets = st.lists(st.sampled_from(names), min_size=1, max_size=len(names), unique=True).map(tuple)
    model = Model(
        name="random", semantics="single" if single else "multi", agents=tuple(agents),
        propositions={f"p{i}": draw(conditions(variables, depth=2)) for i in range(draw(st.integers(2, 4)))},
        initial_condition=draw(_initial_condition(variables)),
        groups={f"g{i}": draw(member_sets) for i in range(draw(st.integers(1, 2)))},
        fairness=(), formulae=(),
    )
    fairness_formulas = st.one_of(formulas(model, depth=1, temporal=False), formulas(model, depth=2, plain_ctl=True))
    model = dataclasses.replace(model, fairness=tuple(draw(st.lists(fairness_formulas, max_size=2))))
    if compassion:
        pairs = st.lists(st.tuples(fairness_formulas, fairness_formulas), min_size=1, max_size=3)
        model = dataclasses.replace(model, compassion=tuple(draw(pairs)))
    return model


# ---------------------------------------------------------------- formulas


def atoms(model: Model) -> st.SearchStrategy[f.Formula]:
    """Propositions, red/green atoms of every agent, `true`/`false`."""
    props = st.sampled_from(sorted(model.propositions)).map(f.Prop)
    coloured = st.tuples(st.sampled_from(model.agent_names), st.sampled_from(("red", "green")))
    constants = st.booleans().map(f.Const)
    return st.one_of(props, props, props, coloured.map(lambda pair: f.AgentStates(*pair)), constants)


_PATH_SHAPES = ("X", "F", "G", "U", "R", "W", "state")


@st.composite
def _quantified(draw: Draw, model: Model, depth: int, plain_ctl: bool) -> f.Formula:
    """E or A over one CTL path operator (possibly negated) or over a state formula.

    `plain_ctl` keeps to E/A directly over `X F G U R W` (what a Fairness entry allows).
    """
    operand = formulas(model, depth - 1, plain_ctl=plain_ctl)
    shape = draw(st.sampled_from(_PATH_SHAPES[:-1] if plain_ctl else _PATH_SHAPES))
    path: f.Formula
    if shape == "state":
        path = draw(operand)
    elif shape in ("X", "F", "G"):
        path = {"X": f.X, "F": f.F, "G": f.G}[shape](draw(operand))
    else:
        path = {"U": f.U, "R": f.R, "W": f.W}[shape](draw(operand), draw(operand))
    if shape != "state" and not plain_ctl and draw(st.integers(0, 4)) == 0:
        path = f.Not(path)
    return draw(st.sampled_from((f.E, f.A)))(path)


@st.composite
def formulas(
    draw: Draw, model: Model, depth: int = 4, temporal: bool = True, plain_ctl: bool = False
) -> f.Formula:
    """A random CTLK state formula of nesting depth ≤ `depth` over `model`'s atoms and groups.

    `temporal=False`: Boolean combinations of atoms only; `plain_ctl`: see `_quantified`.
    """
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        return draw(atoms(model))
    kinds = ["not", "binary"]
    if temporal:
        kinds += ["path", "path", "K", "GK", "DK", "GCK", "O"]
    kind = draw(st.sampled_from(kinds))
    sub = formulas(model, depth - 1, temporal, plain_ctl)
    if kind == "not":
        return f.Not(draw(sub))
    if kind == "binary":
        connective = draw(st.sampled_from((f.And, f.Or, f.Implies, f.Iff)))
        return connective(draw(sub), draw(sub))
    if kind == "path":
        return draw(_quantified(model, depth, plain_ctl))
    if kind in ("K", "O"):
        who = draw(st.sampled_from(model.agent_names))
        return (f.K if kind == "K" else f.O)(who, draw(sub))
    group = draw(st.sampled_from(sorted(model.groups)))
    return {"GK": f.GK, "DK": f.DK, "GCK": f.GCK}[kind](group, draw(sub))


@st.composite
def models_and_formulas(draw: Draw, max_bits: int = MAX_STATE_BITS,
                        compassion: bool = False) -> tuple[Model, f.Formula]:
    """A random model (with compassion pairs when `compassion`) and a random formula over it."""
    model = draw(models(max_bits, compassion))
    return model, draw(formulas(model))


# ---------------------------------------------------------------- CTL*K formulas

# hypothesis favours the first entries of sampled_from: the order sets the mix
_PATH_CHOICES = ("operator", "quantified", "atom", "operator", "state", "atom", "operator")
_STATE_CHOICES = ("compound", "atom", "compound", "compound")
_PATH_KINDS = ("U", "G", "F", "X", "R", "W", "and", "or", "not", "implies", "iff")


@st.composite
def path_formulas(draw: Draw, model: Model, depth: int = 4, operator_first: bool = False) -> f.Formula:
    """A random CTL*K path formula of nesting depth ≤ `depth`.

    `X F G U R W` and Boolean connectives over state leaves: atoms, or CTL*K state
    formulas one level shallower, so CTL-shaped pieces (`E X p`, `A(p U q)`) and
    general path quantifiers end up nested inside path formulas. `operator_first`
    puts a temporal or Boolean operator at the top (when `depth` ≥ 1).
    """
    if depth == 0:
        choice = "atom"
    else:
        choice = "operator" if operator_first else draw(st.sampled_from(_PATH_CHOICES))
    if choice == "atom":
        return draw(atoms(model))
    if choice == "state":
        return draw(ctlstar_formulas(model, depth - 1))
    if choice == "quantified":
        return draw(st.sampled_from((f.E, f.A)))(draw(path_formulas(model, depth - 1)))
    kind = draw(st.sampled_from(_PATH_KINDS))
    sub = path_formulas(model, depth - 1)
    if kind in ("X", "F", "G"):
        return {"X": f.X, "F": f.F, "G": f.G}[kind](draw(sub))
    if kind == "not":
        return f.Not(draw(sub))
    binary = {"U": f.U, "R": f.R, "W": f.W, "and": f.And, "or": f.Or, "implies": f.Implies, "iff": f.Iff}
    return binary[kind](draw(sub), draw(sub))


@st.composite
def ctlstar_formulas(draw: Draw, model: Model, depth: int = 4) -> f.Formula:
    """A random CTL*K state formula of nesting depth ≤ `depth` (a path quantifier and its path count as one level).

    `E`/`A` over any path formula, knowledge, `O`, Boolean connectives.
    """
    if depth == 0 or draw(st.sampled_from(_STATE_CHOICES)) == "atom":
        return draw(atoms(model))
    kind = draw(st.sampled_from(("path", "binary", "path", "K", "path", "not", "GK", "DK", "GCK", "O")))
    sub = ctlstar_formulas(model, depth - 1)
    if kind == "not":
        return f.Not(draw(sub))
    if kind == "binary":
        connective = draw(st.sampled_from((f.And, f.Or, f.Implies, f.Iff)))
        return connective(draw(sub), draw(sub))
    if kind == "path":
        quantifier = draw(st.sampled_from((f.E, f.A)))
        return quantifier(draw(path_formulas(model, depth)))
    if kind in ("K", "O"):
        who = draw(st.sampled_from(model.agent_names))
        return (f.K if kind == "K" else f.O)(who, draw(sub))
    group = draw(st.sampled_from(sorted(model.groups)))
    return {"GK": f.GK, "DK": f.DK, "GCK": f.GCK}[kind](group, draw(sub))


@st.composite
def models_and_ctlstar_formulas(draw: Draw, max_bits: int = 6, depth: int = 4,
                                compassion: bool = False) -> tuple[Model, f.Formula]:
    """A random model (with compassion pairs when `compassion`) and a random CTL*K formula over it."""
    model = draw(models(max_bits, compassion))
    path = path_formulas(model, depth, operator_first=True)
    quantified = st.tuples(st.sampled_from((f.E, f.A)), path).map(lambda pair: pair[0](pair[1]))
    return model, draw(st.one_of(quantified, ctlstar_formulas(model, depth)))


# ---------------------------------------------------------------- commitments and action atoms

from ctlstark.model import interaction_proposition  # noqa: E402  (appended section)

CHANNEL_TYPES = (BoolType(), RangeType(0, 1), EnumType(("lo", "hi")), RangeType(-1, 1))
COMMITMENT_MAX_STATE_BITS = 6


@st.composite
def shared_variable_models(draw: Draw, max_bits: int = COMMITMENT_MAX_STATE_BITS) -> Model:
    """A random model of 2–3 agents where A0 and A1 (and maybe A2) own a channel variable `v0` of one type.

    Further own variables are named `w0`, `w1`, …, so agents also share them when
    their types happen to agree. The environment's private variable is sometimes the
    channel `v0` as well (agents may observe it through Lobsvars). Propositions `p0`… plus `interacting_<i>_<j>` for
    1–2 ordered pairs of agents (the environment included), as SC requires.
    """
    channel = draw(st.sampled_from([t for t in CHANNEL_TYPES if 2 * state_bits(t) <= max_bits]))
    bits = state_bits(channel)
    budget = [max_bits - 2 * bits]
    agent_count = draw(st.integers(2, 3)) if budget[0] >= 1 else 2  # a third agent needs a bit of its own
    names = [f"A{i}" for i in range(agent_count)]
    sharers = names[:2] + [n for n in names[2:] if budget[0] >= bits and draw(st.booleans())]
    budget[0] -= bits * (len(sharers) - 2)
    needy = len(names) - len(sharers)  # agents still without a variable: one bit each is kept for them
    has_environment = draw(st.booleans())
    obsvars: list[Variable] = []
    private: list[Variable] = []
    if has_environment:
        obsvars = draw(_declare(ENVIRONMENT, draw(st.integers(0, 1)), budget, needy, prefix="o"))
        if budget[0] >= bits + needy and draw(st.booleans()):
            private = [Variable(ENVIRONMENT, "v0", channel)]  # the environment shares the channel too
            budget[0] -= bits
        else:
            private = draw(_declare(ENVIRONMENT, draw(st.integers(0, 1)), budget, needy, prefix="h"))
    own: dict[str, list[Variable]] = {}
    for position, name in enumerate(names):
        later_needy = sum(1 for n in names[position + 1:] if n not in sharers)
        channel_part = [Variable(name, "v0", channel)] if name in sharers else []
        least = 0 if channel_part else 1
        extra = draw(_declare(name, draw(st.integers(least, 2)), budget, later_needy, prefix="w"))
        own[name] = channel_part + extra
    agents, single = draw(_agents(names, own, obsvars, private, has_environment, max_environment_actions=2))
    variables = [v for agent in agents for v in agent.own_variables]
    agent_names = [agent.name for agent in agents]
    propositions = {f"p{i}": draw(conditions(variables, depth=2)) for i in range(draw(st.integers(2, 3)))}
    pairs = [(i, j) for i in agent_names for j in agent_names]
    pairs.sort(key=lambda pair: pair[0] == pair[1])  # distinct agents first
    interacting = draw(st.lists(st.sampled_from(pairs), min_size=1, max_size=2, unique=True))
    for debtor, creditor in interacting:
        propositions[interaction_proposition(debtor, creditor)] = draw(conditions(variables, depth=1))
    member_sets = st.lists(st.sampled_from(agent_names), min_size=1, max_size=len(agent_names), unique=True)
    model = Model(
        name="random_commitments", semantics="single" if single else "multi", agents=tuple(agents),
        propositions=propositions, initial_condition=draw(_initial_condition(variables)),
        groups={"g0": tuple(draw(member_sets))}, fairness=(), formulae=(),
    )
    fairness_formulas = st.one_of(formulas(model, depth=1, temporal=False), formulas(model, depth=2, plain_ctl=True))
    return dataclasses.replace(model, fairness=tuple(draw(st.lists(fairness_formulas, max_size=1))))


def commitment_pairs(model: Model) -> list[tuple[str, str]]:
    """Ordered pairs (debtor, creditor) that may appear in C and Fu: they share a variable (i = i included).

    Pairs of distinct agents come first and twice, so that they are drawn more often.
    """
    names = model.agent_names
    pairs = [(i, j) for i in names for j in names if model.shared_variables(i, j)]
    distinct = [(i, j) for i, j in pairs if i != j]
    return distinct + distinct + [(i, j) for i, j in pairs if i == j]


def interaction_pairs(model: Model) -> list[tuple[str, str]]:
    """Ordered pairs (debtor, creditor) that may appear in SC: the model defines `interacting_<i>_<j>`."""
    names = model.agent_names
    return [(i, j) for i in names for j in names if interaction_proposition(i, j) in model.propositions]


def action_atoms(model: Model) -> list[f.ActionAtom]:
    """Every `i.Action = a` a user may write: declared actions only (no anonymous `#k` codes)."""
    return [f.ActionAtom(agent.name, action) for agent in model.agents for action in agent.actions
            if not action.startswith("#")]


def commitment_atoms(model: Model) -> st.SearchStrategy[f.Formula]:
    """Like `atoms`, with propositions (those of SC included) drawn far more often than red states and constants."""
    props = st.sampled_from(sorted(model.propositions)).map(f.Prop)
    return st.one_of(props, props, props, props, props, atoms(model))


_COMMITMENT_KINDS = ("C", "Fu", "SC", "not", "binary", "ctl", "C", "actions", "K", "Fu", "SC")


@st.composite
def commitment_formulas(draw: Draw, model: Model, depth: int = 3, operator_first: bool = False) -> f.Formula:
    """A random state formula over `model` that may nest C, Fu, SC (conditional or not), K and E/A.

    E/A govern a CTL shape over these formulas, or an action path formula
    (`action_path_formulas`); SC governs an action path formula. `operator_first`
    puts an operator at the top (when `depth` ≥ 1).
    """
    if depth == 0 or (not operator_first and draw(st.integers(0, 3)) == 0):
        return draw(commitment_atoms(model))
    pairs, interacting = commitment_pairs(model), interaction_pairs(model)
    kind = draw(st.sampled_from(_COMMITMENT_KINDS))
    sub = commitment_formulas(model, depth - 1)
    if kind in ("C", "Fu") and pairs:
        debtor, creditor = draw(st.sampled_from(pairs))
        return (f.C if kind == "C" else f.Fu)(debtor, creditor, draw(sub))
    if kind == "SC" and interacting:
        debtor, creditor = draw(st.sampled_from(interacting))
        condition = draw(st.none() | sub)
        return f.SC(debtor, creditor, draw(action_path_formulas(model, depth - 1)), condition)
    if kind == "not":
        return f.Not(draw(sub))
    if kind == "K":
        return f.K(draw(st.sampled_from(model.agent_names)), draw(sub))
    if kind == "ctl":
        shape = draw(st.sampled_from((f.X, f.F, f.G, f.U)))
        path = shape(draw(sub)) if shape is not f.U else f.U(draw(sub), draw(sub))
        return draw(st.sampled_from((f.E, f.A)))(path)
    if kind == "actions":
        return draw(st.sampled_from((f.E, f.A)))(draw(action_path_formulas(model, depth - 1)))
    connective = draw(st.sampled_from((f.And, f.Or, f.Implies, f.Iff)))
    return connective(draw(sub), draw(sub))


_ACTION_PATH_KINDS = ("action", "X", "F", "G", "U", "and", "or", "not", "R", "state", "action", "implies")


@st.composite
def action_path_formulas(draw: Draw, model: Model, depth: int = 2, operator_first: bool = False) -> f.Formula:
    """A random path formula whose leaves are action atoms and state formulas (`commitment_formulas`).

    `operator_first` puts a temporal or Boolean operator at the top (when `depth` ≥ 1).
    """
    atoms_here = action_atoms(model)
    if depth <= 0 or (not operator_first and draw(st.integers(0, 3)) == 0):
        if atoms_here and draw(st.booleans()):
            return draw(st.sampled_from(atoms_here))
        return draw(commitment_atoms(model))
    kind = draw(st.sampled_from(_ACTION_PATH_KINDS[1:] if operator_first else _ACTION_PATH_KINDS))
    sub = action_path_formulas(model, depth - 1)
    if kind == "action" and atoms_here:
        return draw(st.sampled_from(atoms_here))
    if kind == "state":
        return draw(commitment_formulas(model, depth - 1))
    if kind in ("X", "F", "G"):
        return {"X": f.X, "F": f.F, "G": f.G}[kind](draw(sub))
    if kind == "not":
        return f.Not(draw(sub))
    binary = {"U": f.U, "R": f.R, "and": f.And, "or": f.Or, "implies": f.Implies}
    return binary.get(kind, f.And)(draw(sub), draw(sub))


@st.composite
def models_and_commitment_formulas(
    draw: Draw, max_bits: int = COMMITMENT_MAX_STATE_BITS, depth: int = 3
) -> tuple[Model, f.Formula]:
    """A random model with shared variables and a random state formula with commitments and action atoms."""
    model = draw(shared_variable_models(max_bits))
    quantified = st.tuples(st.sampled_from((f.E, f.A)), action_path_formulas(model, depth, operator_first=True)).map(
        lambda pair: pair[0](pair[1]))
    return model, draw(st.one_of(commitment_formulas(model, depth, operator_first=True), quantified))


# ---------------------------------------------------------------- strategic operators (ATL)

_ATL_KINDS = ("ATL", "ATL", "not", "binary", "path", "K", "ATL", "path")
_ATL_PATH_SHAPES = ("X", "F", "G", "U")


@st.composite
def imperfect_information_models(draw: Draw) -> Model:
    """Guessing games where what the players do not see decides: the environment picks a hidden value,
    perhaps shows a hint about it, and over one or two rounds moves a score by a random table of the hidden
    value and the players' moves; players see the round and the hint, not the value.

    `models()` almost never hides anything that changes a coalition's best move (a uniform strategy then
    does as well as a perfect-information one: 0 of ~3,000 random cases differed); here it often does.
    """
    hidden = draw(st.integers(2, 3))
    rounds = draw(st.integers(1, 2))
    players = [f"P{i}" for i in range(draw(st.integers(1, 2)))]
    moves = {player: draw(st.integers(2, 3 if len(players) == 1 and rounds == 1 else 2)) for player in players}
    hint = draw(st.sampled_from(("none", "parity", "exact")))
    sees_hint = {player: draw(st.booleans()) for player in players}
    changes = ("score = score", "score = 1", "score = 2", "score = 2", "score = 0")
    lines = []
    for h in range(hidden):
        for joint in itertools.product(*(range(moves[p]) for p in players)):
            change = draw(st.sampled_from(changes))
            if change == "score = score":
                continue
            acted = " and ".join(f"{p}.Action = m{m}" for p, m in zip(players, joint))
            lines.append(f"    {change} if phase >= 1 and phase <= {rounds} and h = {h} and {acted};")
    hint_value = {"none": lambda h: 0, "parity": lambda h: h % 2, "exact": lambda h: h}[hint]
    text = [
        "Semantics = SingleAssignment;",
        "Agent Environment",
        f"  Obsvars: phase : 0 .. {rounds + 1}; end Obsvars",
        f"  Vars: h : 0 .. {hidden - 1}; hint : 0 .. {hidden - 1}; score : 0 .. 2; end Vars",
        f"  Actions = {{{', '.join(f'pick{h}' for h in range(hidden))}}};",
        "  Protocol: phase = 0 : {" + ", ".join(f"pick{h}" for h in range(hidden)) + "}; Other : {pick0}; end Protocol",
        "  Evolution:",
        *[f"    h = {h} if phase = 0 and Action = pick{h};" for h in range(hidden)],
        *[f"    hint = {hint_value(h)} if phase = 0 and Action = pick{h};" for h in range(hidden)],
        f"    phase = phase + 1 if phase <= {rounds};",
        *lines,
        "  end Evolution",
        "end Agent",
    ]
    for player in players:
        observed = "  Lobsvars = {hint};" if sees_hint[player] else ""
        text += [
            f"Agent {player}",
            *([observed] if observed else []),
            "  Vars: ready : boolean; end Vars",
            f"  Actions = {{{', '.join(f'm{m}' for m in range(moves[player]))}}};",
            "  Protocol: Other : {" + ", ".join(f"m{m}" for m in range(moves[player])) + "}; end Protocol",
            "  Evolution: ready = ready if ready = ready; end Evolution",
            "end Agent",
        ]
    text += [
        "Evaluation",
        "  top if Environment.score = 2;",
        "  some if Environment.score >= 1;",
        f"  over if Environment.phase = {rounds + 1};",
        "end Evaluation",
        "InitStates Environment.phase = 0 and Environment.score = 0 and Environment.h = 0 and "
        "Environment.hint = 0" + "".join(f" and {p}.ready = false" for p in players) + "; end InitStates",
        "Groups " + " ".join(f"g{i} = {{{p}}};" for i, p in enumerate(players))
        + (f" team = {{{', '.join(players)}}};" if len(players) > 1 else "") + " end Groups",
        "Formulae top; end Formulae",
    ]
    from ctlstark.ispl import parse_model
    return parse_model("\n".join(text), "guessing.ispl")


@st.composite
def collecting_games(draw: Draw, smallest: int = 2, largest: int = 3) -> Model:
    """Games whose moves commute: a value is hidden in the initial state, and each round every player takes one of its
    items (`take0`…; once each, unless re-taking is allowed) or passes; an item hits for a random set of hidden
    values, and `hit` stays once any item taken hits. Players see their own items and the round, not the value.

    Taking the same items in another order leads to the same states, so the uniform search meets the same
    subproblem along different branches (the shell game in small): these cases test that cutting repeated
    subproblems (`mc/uniform.py`, `_subproblem`) keeps every verdict. `smallest` … `largest` bound the hidden
    values, the items of a lone player and the rounds.
    """
    hidden = draw(st.integers(smallest, largest))
    rounds = draw(st.integers(smallest - 1, largest))
    players = [f"P{i}" for i in range(draw(st.integers(1, 2)))]
    items = {player: draw(st.integers(smallest, largest) if len(players) == 1 else st.just(2)) for player in players}
    retake = draw(st.booleans())
    text = [
        "Semantics = SingleAssignment;",
        "Agent Environment",
        f"  Obsvars: round : 0 .. {rounds}; end Obsvars",
        f"  Vars: h : 0 .. {hidden - 1}; hit : boolean; end Vars",
        "  Actions = {wait};",
        "  Protocol: Other : {wait}; end Protocol",
        "  Evolution:",
        f"    round = round + 1 if round < {rounds};",
    ]
    for player in players:
        for item in range(items[player]):
            # mostly the shell game's rule (item i finds hidden value i), where the search has most to refute
            hits = draw(st.one_of(st.just({item % hidden}), st.sets(st.integers(0, hidden - 1), max_size=hidden)))
            for h in sorted(hits):
                text.append(f"    hit = true if round < {rounds} and h = {h} and "
                            f"{player}.Action = take{item};")
    text += ["  end Evolution", "end Agent"]
    for player in players:
        names = [f"take{item}" for item in range(items[player])]
        if retake:
            protocol = "  Protocol: Other : {" + ", ".join(names + ["pass"]) + "}; end Protocol"
        else:
            protocol = ("  Protocol:\n" + "".join(f"    t{item} = false : {{take{item}}};\n" for item in range(items[player]))
                        + "    Other : {pass};\n  end Protocol")
        text += [
            f"Agent {player}",
            "  Vars: " + " ".join(f"t{item} : boolean;" for item in range(items[player])) + " end Vars",
            f"  Actions = {{{', '.join(names + ['pass'])}}};",
            protocol,
            "  Evolution:",
            *[f"    t{item} = true if Action = take{item};" for item in range(items[player])],
            "  end Evolution",
            "end Agent",
        ]
    text += [
        "Evaluation",
        "  hit if Environment.hit = true;",
        f"  over if Environment.round = {rounds};",
        "end Evaluation",
        "InitStates Environment.round = 0 and Environment.hit = false"
        + "".join(f" and {p}.t{item} = false" for p in players for item in range(items[p])) + "; end InitStates",
        "Groups " + " ".join(f"g{i} = {{{p}}};" for i, p in enumerate(players))
        + (f" team = {{{', '.join(players)}}};" if len(players) > 1 else "") + " end Groups",
        "Formulae hit; end Formulae",
    ]
    from ctlstark.ispl import parse_model
    return parse_model("\n".join(text), "collecting.ispl")


@st.composite
def turn_based_games(draw: Draw) -> Model:
    """Games where one player moves at a time: the environment's `turn` passes round the players,
    the player on turn picks a move (some only while a board condition holds, else it passes with
    `wait`), the others `wait`. Each move sets board cells (random values, some only under a
    condition on the board), so every joint action has one successor unless `clash` adds a second
    line giving a cell another value under the same move (a nondeterministic evolution).

    In most states one side of a coalition has a single move (the regions a turn-based `pre_g`
    could treat as `EX` / `AX`); with three players and a coalition of two, both sides choose.
    """
    players = [f"P{i}" for i in range(draw(st.integers(2, 3)))]
    cells = [f"c{i}" for i in range(draw(st.integers(1, 3)))]
    top = draw(st.integers(1, 2))
    clash = draw(st.booleans())
    moves = {player: [f"m{j}" for j in range(draw(st.integers(1, 3)))] for player in players}

    def board_condition() -> str:
        cell, value = draw(st.sampled_from(cells)), draw(st.integers(0, top))
        return f"{cell} {draw(st.sampled_from(('=', '<>', '<=')))} {value}"

    evolution = [f"    turn = {(i + 1) % len(players)} if turn = {i};" for i in range(len(players))]
    for player in players:
        for move in moves[player]:
            for cell in draw(st.lists(st.sampled_from(cells), min_size=1, max_size=len(cells), unique=True)):
                guard = f"{player}.Action = {move}"
                if draw(st.booleans()):
                    guard += f" and {board_condition()}"
                evolution.append(f"    {cell} = {draw(st.integers(0, top))} if {guard};")
                if clash and draw(st.booleans()):
                    evolution.append(f"    {cell} = {draw(st.integers(0, top))} if {player}.Action = {move};")
    text = [
        "Semantics = SingleAssignment;",
        "Agent Environment",
        f"  Obsvars: turn : 0 .. {len(players) - 1}; "
        + " ".join(f"{cell} : 0 .. {top};" for cell in cells) + " end Obsvars",
        "  Actions = {tick};",
        "  Protocol: Other : {tick}; end Protocol",
        "  Evolution:", *evolution, "  end Evolution",
        "end Agent",
    ]
    for index, player in enumerate(players):
        condition = f"Environment.turn = {index}"
        if draw(st.booleans()):
            condition += " and Environment." + board_condition()
        chosen = draw(st.lists(st.sampled_from(moves[player]), min_size=1, unique=True))
        text += [
            f"Agent {player}",
            "  Vars: moved : boolean; end Vars",
            f"  Actions = {{{', '.join(moves[player] + ['wait'])}}};",
            f"  Protocol: {condition} : {{{', '.join(chosen)}}}; Other : {{wait}}; end Protocol",
            "  Evolution:",
            *[f"    moved = true if Action = {move};" for move in moves[player]],
            "  end Evolution",
            "end Agent",
        ]
    text += [
        "Evaluation",
        *[f"  {cell}top if Environment.{cell} = {top};" for cell in cells],
        "  first if Environment.turn = 0;",
        f"  moved if {players[0]}.moved = true;",
        "end Evaluation",
        "InitStates Environment.turn = 0" + "".join(f" and Environment.{cell} = 0" for cell in cells)
        + "".join(f" and {player}.moved = false" for player in players) + "; end InitStates",
        "Groups " + " ".join(f"g{i} = {{{player}}};" for i, player in enumerate(players))
        + f" pair = {{{players[0]}, {players[1]}}}; end Groups",
        "Formulae first; end Formulae",
    ]
    from ctlstark.ispl import parse_model
    return parse_model("\n".join(text), "turns.ispl")


@st.composite
def models_and_atl_formulas(draw: Draw, max_bits: int = 6, depth: int = 3,
                            model_strategy: st.SearchStrategy[Model] | None = None) -> tuple[Model, f.Formula]:
    """A random model whose groups include the grand coalition, and a random state formula with ATL at the top
    (`<g>…`, or `E`/`A` over a path formula whose first operand is an ATL formula).

    Below the top, ATL nests with itself, `K`, Boolean connectives and `E`/`A`
    over CTL shapes or over conjunctions/disjunctions of them (general CTL*
    paths), where ATL subformulas are state leaves.
    """
    model = draw(models(max_bits) if model_strategy is None else model_strategy)
    model = dataclasses.replace(model, groups={**model.groups, "everyone": model.agent_names})

    @st.composite
    def state(draw: Draw, level: int, top: bool = False) -> f.Formula:
        """`top`: an ATL formula, or E/A over a path whose first operand is one."""
        if level == 0 or (not top and draw(st.integers(0, 3)) == 0):
            return draw(atoms(model))
        kind = draw(st.sampled_from(("ATL", "ATL", "path"))) if top else draw(st.sampled_from(_ATL_KINDS))
        sub = state(level - 1)
        if kind == "not":
            return f.Not(draw(sub))
        if kind == "binary":
            return draw(st.sampled_from((f.And, f.Or, f.Implies, f.Iff)))(draw(sub), draw(sub))
        if kind == "K":
            return f.K(draw(st.sampled_from(model.agent_names)), draw(sub))
        first = state(level - 1, top=level > 1) if kind == "path" else sub
        shape = draw(st.sampled_from(_ATL_PATH_SHAPES))
        path = f.U(draw(first), draw(sub)) if shape == "U" else {"X": f.X, "F": f.F, "G": f.G}[shape](draw(first))
        if kind == "ATL":
            return f.ATL(draw(st.sampled_from(sorted(model.groups))), path)
        if draw(st.integers(0, 3)) == 0:
            other = f.G(draw(sub)) if shape != "G" else f.F(draw(sub))
            path = draw(st.sampled_from((f.And, f.Or)))(path, other)
        return draw(st.sampled_from((f.E, f.A)))(path)

    return model, draw(state(depth, top=True))
