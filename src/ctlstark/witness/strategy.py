"""Strategies for ATL verdicts: a memoryless strategy for a TRUE `<g>…`, a counter-strategy for a FALSE one.

A strategy maps each state where the coalition g must move to one joint action
of g; it is read off the fixpoints of `mc.atl` (the `safe` relation of
`ControllablePreimage` for the target set: the greatest fixpoint for `G`, the
attractor layers for `U`/`F`, so that every move makes progress towards ψ).
A counter-strategy answers, in every state and for every available coalition
action, with one action of the others (all agents not in g): the exact dual of
the ∃a_g∀a_-g of `pre_g`, so the others see the coalition's current action
(docs/semantics.md, "Strategic operators (ATL)").

Both are determinised symbolically (per action bit, 0 where possible) and
restricted to the states reached from the initial states when they are played.
The result is then enumerated, when small enough, and **replayed** on the
explicit transition function (`explicit.system`: the protocols and evolutions
evaluated state by state, independent of the BDDs); a failed replay raises
`WitnessError`. Membership in φ / ψ is read from the checker's labelling of
those subformulas, as `witness.replay` does for state subformulas.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from ..mc import atl
from ..mc.label import Checker
from ..semantics.expressions import holds
from ..semantics.transitions import protocol_actions, successors_under
from ..runtime.limits import checkpoint
from ..logic import formula as f
from ..model import Model
from ..symbolic import bdd as backend
from ..symbolic.bdd import Function
from ..symbolic.system import SymbolicSystem
from .extract import WitnessError
from .trace import TABLE_LIMIT, Joint, Kind, State, StrategyEvidence

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Literal, TypeAlias

Operator: TypeAlias = 'Literal["X", "G", "U"]'
"""`F ψ` is handled as `true U ψ`."""

REPLAY_LIMIT = 10_000
"""Strategies with more states than this are not enumerated, so not replayed (the result says so)."""


# ---------------------------------------------------------------- the symbolic strategy


@dataclass
class Game:
    """What a strategy for one top-level ATL formula is about: the coalition, the operator and its operands."""

    formula: f.ATL
    operator: Operator
    coalition: tuple[str, ...]
    opponents: tuple[str, ...]
    hold: Function
    """φ for `X φ`, `G φ`, `φ U ψ` (true for `F ψ`), as reachable states."""
    goal: Function
    """ψ for `φ U ψ` and `F ψ`; false for X and G."""


@dataclass
class SymbolicStrategy:
    """A determinised (counter-)strategy as BDDs.

    `relation`: over (state, coalition action) bits for a strategy, over (state,
    coalition action, opponents' action) bits for a counter-strategy, one choice
    per key. `movers`: the states where it is consulted (reached when it is played,
    goal states excluded). `roots`: the initial states it starts from.
    """

    kind: Kind
    game: Game
    roots: Function
    movers: Function
    relation: Function


def build_strategy(checker: Checker, formula: f.ATL, verdict: bool) -> SymbolicStrategy:
    """The strategy (verdict TRUE) or counter-strategy (FALSE) of a top-level ATL formula."""
    system = checker.system
    game = _game(checker, formula)
    pre = checker.controllable(game.coalition)
    with backend.memory_guard():
        if verdict:
            return _strategy(system, pre, game, checker.fair_initial_states)
        return _counter_strategy(system, pre, game, checker.fair_initial_states)


def _game(checker: Checker, formula: f.ATL) -> Game:
    model, system = checker.system.model, checker.system
    members = set(model.groups[formula.group])
    coalition = tuple(name for name in model.agent_names if name in members)
    opponents = tuple(name for name in model.agent_names if name not in members)
    match formula.path:
        case f.X(operand=operand):
            return Game(formula, "X", coalition, opponents, checker.states(operand), system.bdd.false)
        case f.G(operand=operand):
            return Game(formula, "G", coalition, opponents, checker.states(operand), system.bdd.false)
        case f.F(operand=operand):
            return Game(formula, "U", coalition, opponents, system.reachable, checker.states(operand))
        case f.U(left=left, right=right):
            return Game(formula, "U", coalition, opponents, checker.states(left), checker.states(right))
    raise WitnessError(f"no strategy for {f.to_text(formula)}: ATL takes X, F, G or U")


def _strategy(system: SymbolicSystem, pre: atl.ControllablePreimage, game: Game,
              initial: Function) -> SymbolicStrategy:
    """Memoryless strategy from the fixpoints: safe moves into φ (X), into Z (G), one layer down (U).

    `initial`: the initial states the verdict is about (the fair ones under a `Fairness` section).
    """
    reachable = system.reachable
    if game.operator == "X":
        relation, winning, movers_all = pre.safe(game.hold) & initial, pre(game.hold), initial
    elif game.operator == "G":
        winning = atl.can_force_always(pre, game.hold)
        relation, movers_all = winning & pre.safe(winning), winning
    else:
        layer = game.goal & reachable
        relation = system.bdd.false
        safe_into = pre.safe_into_growing()
        while True:
            checkpoint()
            safe = safe_into(layer)
            grown = layer | (game.hold & reachable & backend.exist(system.bdd, pre.coalition_bits, safe))
            if grown == layer:
                break
            relation |= (grown & ~layer) & safe
            layer = grown
        winning, movers_all = layer, layer & ~game.goal
    if initial & ~winning != system.bdd.false:
        raise WitnessError(f"no strategy for {f.to_text(game.formula)}: an initial state is not winning")
    return _played(system, "strategy", game, initial, movers_all, relation, pre.coalition_bits, reachable)


def _counter_strategy(system: SymbolicSystem, pre: atl.ControllablePreimage, game: Game,
                      initial: Function) -> SymbolicStrategy:
    """The others' answers from the dual fixpoints (dpre(Y) = reachable ∧ ¬pre_g(¬Y))."""
    reachable, false = system.reachable, system.bdd.false
    failing = reachable & ~game.hold
    if game.operator == "X":
        dual, responses = pre.dual_with_responses(failing)
        winning = dual & initial
        relation, movers_all, within = winning & responses, winning, failing
    elif game.operator == "G":
        layer, relation = failing, false
        answering_into = pre.answering_into_growing()
        while True:
            checkpoint()
            dual, responses = pre.dual_answering(answering_into(layer))  # one pre-image per step, not two
            grown = layer | dual
            if grown == layer:
                break
            relation |= (grown & ~layer) & responses
            layer = grown
        winning, movers_all, within = layer, layer & game.hold, layer
    else:
        winning = reachable & ~game.goal
        answering_into = pre.answering_into_shrinking()
        while True:
            checkpoint()
            dual, responses = pre.dual_answering(answering_into(winning))
            narrowed = reachable & ~game.goal & (~game.hold | dual)
            if narrowed == winning:
                break
            winning = narrowed
        movers_all, within = winning & game.hold, winning
        relation = movers_all & responses  # the answers into the final `winning`, from the last round
    roots = initial & winning
    if roots == false:
        raise WitnessError(f"no counter-strategy for {f.to_text(game.formula)}: no initial state is losing")
    return _played(system, "counter-strategy", game, roots, movers_all, relation, pre.opponent_bits, within)


def _played(system: SymbolicSystem, kind: str, game: Game, roots: Function, movers_all: Function,
            relation: Function, choice_bits: Iterable[str], within: Function) -> SymbolicStrategy:
    """The relation determinised, restricted to the states where it is played from `roots`."""
    relation = determinise(system, relation, _ordered(system, choice_bits))
    movers = roots if game.operator == "X" else _reached(system, roots, movers_all, relation, within)
    return SymbolicStrategy(kind, game, roots, movers, relation & movers)


def determinise(system: SymbolicSystem, relation: Function, choice_bits: Sequence[str]) -> Function:
    """One choice per key of `relation`: per choice bit in turn, 0 wherever some remaining choice has it 0.

    The key is every variable of `relation` outside `choice_bits`; keys with a
    choice keep exactly one. No state is enumerated.
    """
    return backend.one_choice(system.bdd, relation, choice_bits)


def _ordered(system: SymbolicSystem, bits: Iterable[str]) -> list[str]:
    wanted = set(bits)
    return [bit for bit in system.encoding.action_bits if bit in wanted]


def _reached(system: SymbolicSystem, roots: Function, movers_all: Function, relation: Function,
             within: Function) -> Function:
    """The movers reached from `roots` when `relation` is played (others: anything enabled), successors kept in `within`."""
    bdd, actions = system.bdd, system.encoding.action_bits
    seen, frontier = bdd.false, roots
    while True:
        checkpoint()
        fresh = frontier & movers_all & ~seen
        if fresh == bdd.false:
            return seen
        seen |= fresh
        successors = backend.exist(bdd, actions, system.successors_with_actions(relation & fresh))
        frontier = successors & within & ~seen


# ---------------------------------------------------------------- the explicit strategy


@dataclass
class ExplicitStrategy:
    """A (counter-)strategy enumerated state by state, for replay and display.

    `moves` (strategy): mover state → the coalition's joint action.
    `responses` (counter-strategy): mover state → {coalition action → the others' action};
    a state where the coalition has no available action has an empty answer table.
    """

    kind: Kind
    game: Game
    roots: tuple[State, ...]
    moves: dict[State, Joint] = field(default_factory=dict)
    responses: dict[State, dict[Joint, Joint]] = field(default_factory=dict)

    @property
    def movers(self) -> list[State]:
        return list(self.moves if self.kind == "strategy" else self.responses)


def enumerate_strategy(system: SymbolicSystem, strategy: SymbolicStrategy) -> ExplicitStrategy:
    """The strategy's states and choices, decoded (call only below `REPLAY_LIMIT` states)."""
    game, bdd = strategy.game, system.bdd
    order = _state_order(system.model)
    roots = tuple(sorted(system.states_of(strategy.roots), key=order))
    explicit = ExplicitStrategy(strategy.kind, game, roots)
    coalition_bits = _agent_bits(system, game.coalition)
    opponent_bits = _agent_bits(system, game.opponents)
    for state in sorted(system.states_of(strategy.movers), key=order):
        choices = backend.exist(bdd, system.current_bits, strategy.relation & system.state_bdd(state))
        if strategy.kind == "strategy":
            joints = list(backend.iter_models(bdd, choices, coalition_bits)) if choices != bdd.false else []
            if len(joints) != 1:
                raise WitnessError(f"the strategy for {f.to_text(game.formula)} has {len(joints)} actions "
                                   f"at a state, not one")
            explicit.moves[state] = _decode(system, game.coalition, joints[0])
        else:
            answers: dict[Joint, Joint] = {}
            bits = coalition_bits + opponent_bits
            for assignment in (backend.iter_models(bdd, choices, bits) if choices != bdd.false else ()):
                own = _decode(system, game.coalition, assignment)
                if own in answers:
                    raise WitnessError(f"the counter-strategy for {f.to_text(game.formula)} answers {own} twice")
                answers[own] = _decode(system, game.opponents, assignment)
            explicit.responses[state] = dict(sorted(answers.items(), key=lambda item: _joint_order(
                system.model, game.coalition, item[0])))
    return explicit


def _agent_bits(system: SymbolicSystem, agents: Sequence[str]) -> list[str]:
    return [bit for agent in agents for bit in system.encoding.actions[agent].bits]


def _decode(system: SymbolicSystem, agents: Sequence[str], assignment: dict[str, bool]) -> Joint:
    decoded = []
    for agent in agents:
        layout = system.encoding.actions[agent]
        code = 0
        for bit in layout.bits:
            code = (code << 1) | int(assignment[bit])
        if code >= len(layout.actions):
            raise WitnessError(f"a strategy chose the unused action code {code} of {agent}")
        decoded.append(layout.actions[code])
    return tuple(decoded)


def _state_order(model: Model) -> Callable[[State], tuple[int, ...]]:
    """Sort key of a state: each value's position in its variable's declared domain."""
    def key(state: State) -> tuple[int, ...]:
        return tuple(variable.type.position(value) for variable, value in zip(model.variables, state))
    return key


def _joint_order(model: Model, agents: Sequence[str], joint: Joint) -> tuple[int, ...]:
    return tuple(model.agent(agent).actions.index(action) for agent, action in zip(agents, joint))


# ---------------------------------------------------------------- replay


class StrategyReplay:
    """Checks an explicit (counter-)strategy on the model's transition function, state by state.

    Per operator: the states it settles (no move needed) and what a mover must
    satisfy; every successor it relies on must be a mover or settled. Strategies
    rely on every successor of every enabled response of the others; a
    counter-strategy, for each available coalition action, on some successor of
    its answer (nondeterministic evolutions resolve in the others' favour, the
    dual of `pre_g`, which needs every successor). `U` strategies and `G`
    counter-strategies must also make progress: the movers win in a least
    fixpoint from the settled states (no cycle among them).
    """

    def __init__(self, checker: Checker, game: Game) -> None:
        self.system = checker.system
        self.model = checker.system.model
        self.game = game
        self._initial_count = checker.system.count_states(checker.fair_initial_states)
        self._members = {name: self.model.agent(name) for name in self.model.agent_names}
        self._truth: dict[State, tuple[bool, bool]] = {}

    def replay(self, strategy: ExplicitStrategy) -> None:
        """Raise `WitnessError` unless `strategy` enforces (or refutes) the game's formula from its roots."""
        game = self.game
        movers = set(strategy.movers)
        self._check_roots(strategy, movers)
        obligations: dict[State, list[frozenset[State]]] = {}
        for state in strategy.movers:
            self._check_mover(strategy.kind, state)
            if strategy.kind == "strategy":
                outcomes = self._outcomes(state, strategy.moves[state])
                obligations[state] = [frozenset({target}) for target in outcomes]
            else:
                obligations[state] = self._answered(state, strategy.responses[state])
        one_step = game.operator == "X"
        for state, needs in obligations.items():
            for need in needs:
                if not any(self._settled(strategy.kind, target) or (not one_step and target in movers)
                           for target in need):
                    self._fail(strategy, state, "leads to a state where it does not hold and has no move")
        if (strategy.kind, game.operator) in (("strategy", "U"), ("counter-strategy", "G")):
            self._check_progress(strategy, obligations)

    # ------------------------------------------------------------ pieces

    def _check_roots(self, strategy: ExplicitStrategy, movers: set[State]) -> None:
        if not strategy.roots and strategy.kind == "counter-strategy":  # a strategy without initial states is empty
            raise WitnessError(f"the {strategy.kind} for {f.to_text(self.game.formula)} starts nowhere")
        for root in strategy.roots:
            if not holds(self.model.initial_condition, self._valuation(root)):
                self._fail(strategy, root, "starts in a state that is not initial")
            if root not in movers and (self.game.operator == "X" or not self._settled(strategy.kind, root)):
                self._fail(strategy, root, "has no move at an initial state")
        if strategy.kind == "strategy" and len(strategy.roots) != self._initial_count:
            raise WitnessError(f"the strategy for {f.to_text(self.game.formula)} misses initial states")

    def _check_mover(self, kind: Kind, state: State) -> None:
        """What a state where the (counter-)strategy moves must satisfy by itself."""
        game, hold = self.game, self._holds("hold", state)
        goal = self._holds("goal", state)
        operator = game.operator
        needed = {("strategy", "X"): True, ("strategy", "G"): hold, ("strategy", "U"): hold and not goal,
                  ("counter-strategy", "X"): True, ("counter-strategy", "G"): hold,
                  ("counter-strategy", "U"): hold and not goal}[(kind, operator)]
        if not needed:
            raise WitnessError(f"{kind} replay failed for {f.to_text(game.formula)}: it moves at "
                               f"{state}, where the path property is already decided")

    def _settled(self, kind: Kind, state: State) -> bool:
        """Whether the outcome is decided at `state` without a move (for X: the one step succeeded)."""
        hold, goal = self._holds("hold", state), self._holds("goal", state)
        if kind == "strategy":
            return {"X": hold, "G": False, "U": goal}[self.game.operator]
        return {"X": not hold, "G": not hold, "U": not hold and not goal}[self.game.operator]

    def _outcomes(self, state: State, own: Joint) -> set[State]:
        """Every successor of the coalition action `own` against every enabled response (checked available)."""
        valuation = self._valuation(state)
        for agent, action in zip(self.game.coalition, own):
            if action not in protocol_actions(self._members[agent], valuation):
                raise WitnessError(f"strategy replay failed for {f.to_text(self.game.formula)}: {agent}'s "
                                   f"protocol does not enable {action!r} at {state}")
        outcomes: set[State] = set()
        for response in self._options(self.game.opponents, valuation):
            outcomes.update(successors_under(self.model, valuation, self._joint(own, response)))
        if not outcomes:
            raise WitnessError(f"strategy replay failed for {f.to_text(self.game.formula)}: the action {own} "
                               f"at {state} is completed by no response of the others")
        return outcomes

    def _answered(self, state: State, answers: dict[Joint, Joint]) -> list[frozenset[State]]:
        """Per available coalition action at `state`: the successors of the others' answer (checked enabled)."""
        valuation = self._valuation(state)
        responses = self._options(self.game.opponents, valuation)
        available = [own for own in self._options(self.game.coalition, valuation)
                     if any(next(successors_under(self.model, valuation, self._joint(own, r)), None) is not None
                            for r in responses)]
        if set(answers) - set(available):
            raise WitnessError(f"counter-strategy replay failed for {f.to_text(self.game.formula)}: it answers "
                               f"coalition actions that are not available at {state}")
        needs = []
        for own in available:
            answer = answers.get(own)
            if answer is None or answer not in responses:
                raise WitnessError(f"counter-strategy replay failed for {f.to_text(self.game.formula)}: no "
                                   f"enabled answer to {own} at {state}")
            needs.append(frozenset(successors_under(self.model, valuation, self._joint(own, answer))))
        return needs

    def _check_progress(self, strategy: ExplicitStrategy, obligations: dict[State, list[frozenset[State]]]) -> None:
        """Least fixpoint from the settled states: a mover wins once each of its needs meets a won state."""
        waiting: dict[State, list[tuple[State, int]]] = {}
        pending = {state: len(needs) for state, needs in obligations.items()}
        won: list[State] = [state for state, count in pending.items() if count == 0]
        met: set[tuple[State, int]] = set()
        for state, needs in obligations.items():
            for number, need in enumerate(needs):
                if any(target not in obligations and self._settled(strategy.kind, target) for target in need):
                    met.add((state, number))
                    pending[state] -= 1
                    if pending[state] == 0:
                        won.append(state)
                else:
                    for target in need:
                        waiting.setdefault(target, []).append((state, number))
        done = set(won)
        while won:
            target = won.pop()
            for state, number in waiting.get(target, ()):
                if (state, number) in met:
                    continue
                met.add((state, number))
                pending[state] -= 1
                if pending[state] == 0 and state not in done:
                    done.add(state)
                    won.append(state)
        stuck = [state for state in obligations if state not in done]
        if stuck:
            self._fail(strategy, stuck[0], "can go round in circles without reaching its goal")

    # ------------------------------------------------------------ helpers

    def _options(self, agents: Sequence[str], valuation: dict) -> list[Joint]:
        return list(itertools.product(*(protocol_actions(self._members[agent], valuation) for agent in agents)))

    def _joint(self, own: Joint, response: Joint) -> dict[str, str]:
        joint = dict(zip(self.game.coalition, own))
        joint.update(zip(self.game.opponents, response))
        return joint

    def _valuation(self, state: State) -> dict:
        return dict(zip(self.model.variables, state))

    def _holds(self, which: Literal["hold", "goal"], state: State) -> bool:
        """Whether φ (`hold`) or ψ (`goal`) holds at `state`, by the checker's labelling (cached per state)."""
        if state not in self._truth:
            cube, false = self.system.state_bdd(state), self.system.bdd.false
            self._truth[state] = (cube & self.game.hold != false, cube & self.game.goal != false)
        return self._truth[state][0 if which == "hold" else 1]

    def _fail(self, strategy: ExplicitStrategy, state: State, message: str) -> None:
        raise WitnessError(f"{strategy.kind} replay failed for {f.to_text(self.game.formula)}: "
                           f"at {state} it {message}")


def replay_strategy(checker: Checker, strategy: ExplicitStrategy) -> None:
    """Validate an explicit (counter-)strategy against `checker`'s model; raises `WitnessError`."""
    StrategyReplay(checker, strategy.game).replay(strategy)


# ---------------------------------------------------------------- the outcome


def explain_strategy(checker: Checker, formula: f.ATL, verdict: bool) -> StrategyEvidence:
    """The replayed (counter-)strategy of a top-level ATL verdict (docs/witnesses.md, "Strategies (ATL)")."""
    system = checker.system
    strategy = build_strategy(checker, formula, verdict)
    count = system.count_states(strategy.movers)
    evidence = StrategyEvidence(kind=strategy.kind, formula_text=f.to_text(formula),
                                coalition=strategy.game.coalition, opponents=strategy.game.opponents,
                                states=count, replayed=False, note=None,
                                bdd_nodes=backend.dag_size(strategy.relation))
    if count > REPLAY_LIMIT:
        return replace(evidence, note=f"not replayed: {count} states (more than {REPLAY_LIMIT})")
    explicit = enumerate_strategy(system, strategy)
    replay_strategy(checker, explicit)
    if count > TABLE_LIMIT:
        return replace(evidence, replayed=True)
    return replace(evidence, replayed=True, tabled=True, moves=explicit.moves, responses=explicit.responses)
