"""Uniform strategies for ATL verdicts under imperfect information (`--strategies uniform…`), shown and replayed.

For a TRUE `<g>ψ` the strategy that decided the first initial state — the knowledge-based
bound's, or the partial strategy of the search whose every completion wins — is made a
function of each member's local state (one action per local state, the first in the
action-bit order) and played from every state that initial state's reading requires:
itself (`uniform-objective`), or every reachable state some / no member can tell apart
from it (`uniform`, `uniform-pooled`). It is then **replayed** on the explicit transition
function, state by state and independently of the BDDs: each member's action depends on
its local state only, its protocol enables it, and every outcome of every response
satisfies ψ (`X`: every successor; `G`: every state reached; `U`/`F`: the goal is reached
on every path, without a cycle before it). A failed replay raises `WitnessError`.

A FALSE verdict has no strategy to show (ATL_ir is not determined: the others need not
have a counter-strategy either); the evidence names an initial state where it fails and
how the engine decided it.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace

from ..logic import formula as f
from ..mc.label import Checker
from ..mc.uniform import Partial, UniformQuestion
from ..model import Model
from ..render.values import state_by_agent, state_text
from ..runtime.limits import checkpoint
from ..semantics.transitions import protocol_actions, successors_under
from ..symbolic.bdd import Function
from .extract import WitnessError
from .strategy import REPLAY_LIMIT, determinise
from .trace import TABLE_LIMIT, Joint, State, StrategyEvidence

_REQUIRED_FROM = {
    "uniform-objective": "the initial state {state}",
    "uniform": "the {count} reachable state(s) some member of {coalition} cannot tell apart from the initial "
               "state {state}",
    "uniform-pooled": "the {count} reachable state(s) no member of {coalition} can tell apart from the initial "
                      "state {state}",
}


def explain_uniform_strategy(checker: Checker, formula: f.ATL,
                             verdict: bool) -> tuple[StrategyEvidence | None, str | None]:
    """The replayed uniform strategy of a TRUE top-level `<g>ψ`, or why a FALSE one has none (`missing` text)."""
    question = checker.uniform_answers[formula]
    system = checker.system
    initial = checker.fair_initial_states
    if not verdict:
        failing = system.first_state(initial & ~question.answer.states)
        return None, _why_not(question, failing, checker.strategies)
    start = system.first_state(initial)
    if start is None:
        return None, "no initial state: the verdict holds vacuously"
    strategy = _completed(question, system.state_bdd(start))
    required = question.game.required(system.state_bdd(start))
    count = system.count_states(required)
    scope = _REQUIRED_FROM[checker.strategies].format(
        count=count, coalition=", ".join(question.game.members), state=state_text(_by_agent(system.model, start)))
    won = question.game.won(question.game.optimistic_step(strategy.joint(system.bdd)), question.kind,
                            question.hold, question.goal)
    others = system.count_states(initial & ~question.game.good(won))
    if others:
        scope += f"; {others} other initial state{'s' if others != 1 else ''} need{'s' if others == 1 else ''} " \
                 f"another strategy"
    evidence = StrategyEvidence(kind="strategy", formula_text=f.to_text(formula), coalition=question.game.members,
                                opponents=tuple(a for a in system.model.agent_names if a not in question.game.members),
                                states=0, replayed=False, note=None, bdd_nodes=strategy.joint(system.bdd).dag_size,
                                scope=scope)
    if count > REPLAY_LIMIT:
        return replace(evidence, note=f"not replayed: {count} states to win from (more than {REPLAY_LIMIT})"), None
    roots = sorted(system.states_of(required))
    moves = UniformReplay(checker, question, strategy).replay(roots)
    if moves is None:
        return replace(evidence, note=f"not replayed: more than {REPLAY_LIMIT} states reached"), None
    tabled = len(moves) <= TABLE_LIMIT
    return replace(evidence, states=len(moves), replayed=True, tabled=tabled, moves=moves if tabled else {}), None


def _completed(question: UniformQuestion, start: Function) -> Partial:
    """The partial strategy that decided `start`, each member's choices cut to one action per local state."""
    game, answer = question.game, question.answer
    false = game.manager.false
    partial = next((found for gained, found in answer.strategies if gained & start != false), None)
    if partial is None and question.kind == "X" and game.variant == "uniform-objective":
        partial = game.one_step_strategy(question.goal, start)
    elif partial is None:  # decided by the knowledge-based lower bound (one member)
        partial = game.knowledge_strategy(question.kind, question.hold, question.goal)
    bits = game.system.encoding.action_bits
    choices = {member: determinise(game.system, partial.choices[member],
                                   [bit for bit in bits if bit in set(game.system.action_bits[member])])
               for member in game.members}
    return Partial(choices, dict(partial.assigned))


def _why_not(question: UniformQuestion, failing: State | None, reading: str) -> str:
    """Which initial state fails, and what decided it: the search, the exact one-step bound or the upper bound."""
    game, answer = question.game, question.answer
    where = "" if failing is None else f" from the initial state {state_text(_by_agent(game.system.model, failing))}"
    if answer.route == "search":
        how = f"the search refuted all {answer.search_nodes} partial strategies it tried"
    elif question.kind == "X" and (reading == "uniform-objective" or len(game.members) == 1):
        how = "no action per local state wins the next step in every state it must"
    else:
        how = "not even a perfect-information strategy wins from every state it must (the upper bound)"
    return f"no uniform strategy ({reading}) wins{where}: {how}"


def _by_agent(model: Model, state: State) -> dict[str, dict[str, object]]:
    return state_by_agent(model, state)


@dataclass
class UniformReplay:
    """Plays a uniform strategy on the model's explicit transition function and checks that it wins."""

    checker: Checker
    question: UniformQuestion
    strategy: Partial

    def __post_init__(self) -> None:
        system = self.checker.system
        self.system = system
        self.model = system.model
        self.members = self.question.game.members
        self.opponents = [agent for agent in self.model.agents if agent.name not in self.members]
        self._local_indices = {name: [self.model.variables.index(v) for v in self.model.agent(name).local_variables]
                               for name in self.members}
        self._chosen: dict[tuple[str, tuple], str] = {}
        self._truth: dict[State, tuple[bool, bool]] = {}

    def replay(self, roots: list[State]) -> dict[State, Joint] | None:
        """The strategy's moves at every state it is played in from `roots` (None past `REPLAY_LIMIT` states);
        raises `WitnessError` unless it wins ψ from each root."""
        kind = self.question.kind
        moves: dict[State, Joint] = {}
        outcomes: dict[State, frozenset[State]] = {}
        frontier, seen = list(roots), set(roots)
        while frontier:
            checkpoint()
            state = frontier.pop()
            if kind == "U" and self._holds(state)[1]:
                continue  # the goal: nothing more to do
            moves[state] = own = self._move(state)
            outcomes[state] = self._outcomes(state, own)
            if len(moves) > REPLAY_LIMIT:
                return None
            if kind == "X":
                continue
            for target in outcomes[state] - seen:
                seen.add(target)
                frontier.append(target)
        self._check(roots, moves, outcomes)
        return moves

    def _move(self, state: State) -> Joint:
        """Each member's action at `state`, read from the strategy's BDD; the same for the same local state."""
        cube, false = self.system.state_bdd(state), self.system.bdd.false
        valuation = dict(zip(self.model.variables, state))
        own = []
        for member in self.members:
            names = [name for name in self.system.encoding.actions[member].actions
                     if cube & self.strategy.choices[member] & self.system.encoding.action_cube(member, name) != false]
            if len(names) != 1:
                self._fail(state, f"gives {member} {len(names)} actions")
            (action,) = names
            local = tuple(state[index] for index in self._local_indices[member])
            if self._chosen.setdefault((member, local), action) != action:
                self._fail(state, f"gives {member} {action} where the same local state got "
                                  f"{self._chosen[(member, local)]}")
            if action not in protocol_actions(self.model.agent(member), valuation):
                self._fail(state, f"plays {action}, which {member}'s protocol does not enable")
            own.append(action)
        return tuple(own)

    def _outcomes(self, state: State, own: Joint) -> frozenset[State]:
        valuation = dict(zip(self.model.variables, state))
        joint = dict(zip(self.members, own))
        found: set[State] = set()
        for response in itertools.product(*(protocol_actions(agent, valuation) for agent in self.opponents)):
            joint.update(zip((agent.name for agent in self.opponents), response))
            found.update(successors_under(self.model, valuation, joint))
        return frozenset(found)

    def _check(self, roots: list[State], moves: dict[State, Joint], outcomes: dict[State, frozenset[State]]) -> None:
        kind = self.question.kind
        for state, targets in outcomes.items():
            if not targets:
                self._fail(state, "is stuck: the strategy's move has no successor")
        if kind == "X":
            for state in roots:
                bad = [target for target in outcomes[state] if not self._holds(target)[1]]
                if bad:
                    self._fail(state, f"can be answered with a move to {bad[0]}, outside the goal")
            return
        for state in moves:
            if not self._holds(state)[0]:
                self._fail(state, "is reached, and the formula's condition fails there")
        if kind == "G":
            return
        won: set[State] = set()

        def settled(target: State) -> bool:
            return target in won or (target not in moves and self._holds(target)[1])
        changed = True
        while changed:  # the least fixpoint: a state wins once every outcome has won or reached the goal
            changed = False
            for state in moves:
                if state not in won and all(settled(target) for target in outcomes[state]):
                    won.add(state)
                    changed = True
        stuck = [state for state in moves if state not in won]
        if stuck:
            self._fail(stuck[0], "is reached, and some outcome from it never reaches the goal")

    def _holds(self, state: State) -> tuple[bool, bool]:
        """(hold, goal) at `state`, by the checker's labelling."""
        if state not in self._truth:
            cube, false = self.system.state_bdd(state), self.system.bdd.false
            self._truth[state] = (cube & self.question.hold != false, cube & self.question.goal != false)
        return self._truth[state]

    def _fail(self, state: State, message: str) -> None:
        raise WitnessError(f"uniform strategy replay failed for a {self.question.kind} formula: "
                           f"the state {state} {message}")
