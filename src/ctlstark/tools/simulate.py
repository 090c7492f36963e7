"""Simulation: walk through an ISPL model one state at a time, by hand or at random.

`Simulator` computes, for ONE state, the joint actions the protocols enable and the
successors each one leads to, with the explicit engine's transition function
(`explicit.system.protocol_actions`, `successors_under`), so the state space is never
enumerated (models can have 10^60 states). Initial states are enumerated when the
valuations are few, and read off the BDD of `InitStates` otherwise (`symbolic.encode`;
no transition relation and no reachability are computed).

Above it, in one direction: `Walk` (the path taken so far, with undo), `random_runs`
(seeded batch runs) with their text and JSON renderings, and `Session`, the
interactive loop, which reads commands and writes text through callables so that it
never touches a terminal itself.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..render import actions_text, joint_action, state_by_agent
from ..render import state_text as grouped_state_text
from ..semantics.expressions import holds
from ..semantics.transitions import protocol_actions, successors_under
from ..model import Model, Value

State = tuple[Value, ...]
Joint = tuple[str, ...]
"""A joint action: one action per agent of `Model.agents`, in that order."""

PAGE_SIZE = 50
"""Transitions (and initial states) listed at most, unless all are asked for."""
EVALUATION_LIMIT = 10_000
"""Joint actions evaluated at most in one state; beyond it the list is a prefix."""
EXPLICIT_INITIAL_LIMIT = 100_000
"""Valuations enumerated at most to find the initial states; beyond it the BDD is used."""
UNIFORM_SAMPLING_LIMIT = 10_000
"""Initial states (from the BDD) drawn uniformly at most; beyond it each bit is drawn in turn."""
SAMPLING_ATTEMPTS = 1_000
"""Random joint actions tried for a successor when a state's list is only a prefix."""


# ---------------------------------------------------------------- one state


@dataclass(frozen=True)
class Transition:
    """One step: the joint action taken and the state it leads to."""

    action: Joint
    target: State


@dataclass(frozen=True)
class Choices:
    """The transitions out of one state, grouped by joint action in protocol order.

    `enabled`: each agent's protocol-enabled actions; `candidates`: the number of
    joint actions they make (their product); `evaluated`: how many of those, in
    product order, `transitions` comes from (all of them unless there are more than
    the simulator's evaluation limit). Joint actions the evolution blocks (no
    successor) are not among `transitions`.
    """

    enabled: tuple[tuple[str, ...], ...]
    candidates: int
    evaluated: int
    transitions: tuple[Transition, ...]

    @property
    def complete(self) -> bool:
        """Whether every protocol-enabled joint action was evaluated."""
        return self.evaluated == self.candidates

    @property
    def is_deadlock(self) -> bool:
        """No successor at all (known only when every joint action was evaluated)."""
        return self.complete and not self.transitions


@dataclass(frozen=True)
class InitialStates:
    """How many initial states there are, and some of them (sorted by value order)."""

    count: int
    listed: tuple[State, ...]


class Simulator:
    """A model's transition function, evaluated one state at a time."""

    def __init__(self, model: Model, *, evaluation_limit: int = EVALUATION_LIMIT,
                 explicit_initial_limit: int = EXPLICIT_INITIAL_LIMIT) -> None:
        self.model = model
        self._evaluation_limit = evaluation_limit
        valuations = math.prod(len(v.type.values()) for v in model.variables)
        self._initial: _ExplicitInitialStates | _SymbolicInitialStates = (
            _ExplicitInitialStates(model) if valuations <= explicit_initial_limit else _SymbolicInitialStates(model))

    def state_order(self, state: State) -> tuple[int, ...]:
        """Sort key of a state: each value's position in its variable's declared domain."""
        return tuple(variable.type.position(value) for variable, value in zip(self.model.variables, state))

    def initial_states(self, limit: int) -> InitialStates:
        """The number of initial states and at most `limit` of them."""
        return InitialStates(self._initial.count, tuple(sorted(self._initial.some(limit), key=self.state_order)))

    def random_initial_state(self, rng: random.Random) -> State | None:
        """An initial state drawn uniformly with `rng` (None: there is none)."""
        return self._initial.sample(rng) if self._initial.count else None

    def choices(self, state: State) -> Choices:
        """The joint actions enabled in `state` and the successors each leads to (sorted)."""
        valuation = dict(zip(self.model.variables, state))
        enabled = tuple(protocol_actions(agent, valuation) for agent in self.model.agents)
        candidates = math.prod(len(actions) for actions in enabled)
        transitions: list[Transition] = []
        for actions in itertools.islice(itertools.product(*enabled), self._evaluation_limit):
            transitions.extend(Transition(actions, target) for target in self._successors(valuation, actions))
        return Choices(enabled, candidates, min(candidates, self._evaluation_limit), tuple(transitions))

    def random_transition(self, state: State, rng: random.Random, choices: Choices | None = None) -> Transition | None:
        """A random step from `state`: a joint action uniformly among those with a successor, then a successor.

        None at a deadlock. When `choices` is only a prefix, joint actions are drawn
        from every agent's enabled actions instead (up to `SAMPLING_ATTEMPTS` times).
        """
        choices = choices or self.choices(state)
        if not choices.complete:
            drawn = self._sampled_transition(state, choices.enabled, rng)
            if drawn is not None:
                return drawn
        by_action: dict[Joint, list[Transition]] = {}
        for transition in choices.transitions:
            by_action.setdefault(transition.action, []).append(transition)
        if not by_action:
            return None
        return rng.choice(by_action[rng.choice(list(by_action))])

    def true_propositions(self, state: State) -> tuple[str, ...]:
        """The `Evaluation` propositions true in `state`, in declaration order."""
        valuation = dict(zip(self.model.variables, state))
        return tuple(name for name, condition in self.model.propositions.items() if holds(condition, valuation))

    def _successors(self, valuation: dict, actions: Joint) -> list[State]:
        joint = dict(zip(self.model.agent_names, actions))
        return sorted(successors_under(self.model, valuation, joint), key=self.state_order)

    def _sampled_transition(self, state: State, enabled: tuple[tuple[str, ...], ...],
                            rng: random.Random) -> Transition | None:
        valuation = dict(zip(self.model.variables, state))
        for _ in range(SAMPLING_ATTEMPTS):
            actions = tuple(rng.choice(options) for options in enabled)
            targets = self._successors(valuation, actions)
            if targets:
                return Transition(actions, rng.choice(targets))
        return None


class _ExplicitInitialStates:
    """Initial states found by trying every valuation (few valuations)."""

    def __init__(self, model: Model) -> None:
        domains = [variable.type.values() for variable in model.variables]
        self.states = [state for state in itertools.product(*domains)
                       if holds(model.initial_condition, dict(zip(model.variables, state)))]
        self.count = len(self.states)

    def some(self, limit: int) -> list[State]:
        return self.states[:limit]

    def sample(self, rng: random.Random) -> State:
        return rng.choice(self.states)


class _SymbolicInitialStates:
    """Initial states as a BDD over the state bits (too many valuations to try).

    Up to `UNIFORM_SAMPLING_LIMIT` initial states are decoded once and drawn
    uniformly. Beyond that a state is drawn by fixing the bits top-down in the BDD
    order, each at random among the values that still leave some initial state:
    every initial state can come up, not all equally often, and a draw costs one
    conjunction per bit, where exact counts per bit took 18 s on the dining
    cryptographers with 200 agents (10^62 initial states).
    """

    def __init__(self, model: Model) -> None:
        from ..symbolic import bdd as backend
        from ..symbolic.encode import Encoding, ExpressionEncoder

        self._backend = backend
        self._manager = backend.new_manager()
        self._encoding = Encoding(model, self._manager)
        initial = ExpressionEncoder(self._encoding).condition(model.initial_condition)
        for variable in model.variables:
            initial &= self._encoding.domain(variable)
        self._initial = initial
        self.count = backend.count_models(self._manager, initial, self._encoding.current_bits)
        self._all = sorted(self.some(self.count)) if self.count <= UNIFORM_SAMPLING_LIMIT else None

    def some(self, limit: int) -> list[State]:
        models = self._backend.iter_models(self._manager, self._initial, self._encoding.current_bits)
        return [self._encoding.decode_state(assignment) for assignment in itertools.islice(models, limit)]

    def sample(self, rng: random.Random) -> State:
        if self._all is not None:
            return rng.choice(self._all)
        remaining, assignment = self._initial, {}
        for bit in sorted(self._encoding.current_bits, key=self._manager.level_of_var):
            literal = self._manager.var(bit)
            feasible = [value for value, branch in ((False, ~literal), (True, literal))
                        if remaining & branch != self._manager.false]
            assignment[bit] = rng.choice(feasible)
            remaining &= literal if assignment[bit] else ~literal
        return self._encoding.decode_state(assignment)


# ---------------------------------------------------------------- a path with undo


class Walk:
    """The path taken so far from an initial state; `back` undoes the last step."""

    def __init__(self, simulator: Simulator, initial: State) -> None:
        self.simulator = simulator
        self.states: list[State] = [initial]
        self.actions: list[Joint] = []
        self._choices: list[Choices] = [simulator.choices(initial)]

    @property
    def state(self) -> State:
        return self.states[-1]

    @property
    def step(self) -> int:
        """Steps taken so far (0 at the initial state)."""
        return len(self.actions)

    @property
    def choices(self) -> Choices:
        """The transitions out of the current state."""
        return self._choices[-1]

    def take(self, number: int) -> Transition:
        """Take the transition numbered `number` (1-based) in `choices`; IndexError if there is none."""
        if not 1 <= number <= len(self.choices.transitions):
            raise IndexError(number)
        transition = self.choices.transitions[number - 1]
        self._advance(transition)
        return transition

    def take_random(self, rng: random.Random) -> Transition | None:
        """Take a random transition (`Simulator.random_transition`); None at a deadlock."""
        transition = self.simulator.random_transition(self.state, rng, self.choices)
        if transition is not None:
            self._advance(transition)
        return transition

    def back(self) -> bool:
        """Undo the last step; False at the initial state."""
        if not self.actions:
            return False
        self.states.pop()
        self.actions.pop()
        self._choices.pop()
        return True

    def _advance(self, transition: Transition) -> None:
        self.states.append(transition.target)
        self.actions.append(transition.action)
        self._choices.append(self.simulator.choices(transition.target))


# ---------------------------------------------------------------- batch runs


@dataclass(frozen=True)
class Run:
    """A finite path: `states[i]` --`actions[i]`--> `states[i + 1]`; `deadlocked` if it ended at a deadlock."""

    states: tuple[State, ...]
    actions: tuple[Joint, ...]
    deadlocked: bool


def random_runs(simulator: Simulator, count: int, steps: int, seed: int = 0) -> list[Run]:
    """`count` random runs of at most `steps` steps, each from a random initial state; same seed, same runs.

    A run stops early at a deadlock; none at all if the model has no initial state.
    """
    rng = random.Random(seed)
    return [run for run in (_random_run(simulator, steps, rng) for _ in range(count)) if run is not None]


def _random_run(simulator: Simulator, steps: int, rng: random.Random) -> Run | None:
    state = simulator.random_initial_state(rng)
    if state is None:
        return None
    states, actions = [state], []
    for _ in range(steps):
        transition = simulator.random_transition(state, rng)
        if transition is None:
            return Run(tuple(states), tuple(actions), deadlocked=True)
        state = transition.target
        states.append(state)
        actions.append(transition.action)
    return Run(tuple(states), tuple(actions), deadlocked=simulator.choices(state).is_deadlock)


def runs_json(model: Model, runs: list[Run]) -> list[list[dict[str, Any]]]:
    """The runs as JSON data: per run a list of `{"state": {agent: {var: value}}, "action": {agent: action}}`.

    As the steps of a trace (docs/witnesses.md), without their `index` (the position
    in the list): `action` is the joint action taken from that state, null on the last
    state of a run.
    """
    return [
        [{"state": state_by_agent(model, state),
          "action": joint_action(model, run.actions[index]) if index < len(run.actions) else None}
         for index, state in enumerate(run.states)]
        for run in runs
    ]


def runs_text(model: Model, runs: list[Run]) -> str:
    """The runs as text tables, in the style of `ctlstark check --witness` (`*` marks a changed value)."""
    if not runs:
        return "no run: the model has no initial state"
    lines = []
    for number, run in enumerate(runs, start=1):
        ending = ", ends in a deadlock" if run.deadlocked else ""
        lines.append(f"run {number}: {len(run.actions)} steps{ending}")
        for index, state in enumerate(run.states):
            previous = run.states[index - 1] if index else None
            lines.append(f"  {index:>4}  state  {state_text(model, state, previous)}")
            if index < len(run.actions):
                lines.append(f"        action {action_text(model, run.actions[index])}")
        if run.deadlocked:
            lines.append("        (deadlock: no successor)")
    return "\n".join(lines)


# ---------------------------------------------------------------- text


def state_text(model: Model, state: State, previous: State | None = None) -> str:
    """`Agent[var=value ...]` per agent; with `previous`, `*` marks the values that changed."""
    if not model.variables:
        return "(no variables)"
    before = state_by_agent(model, previous) if previous is not None else None
    return grouped_state_text(state_by_agent(model, state), before)


def change_text(model: Model, state: State, target: State) -> str:
    """What a step from `state` to `target` changes, as `Agent[var=value ...]`, or `(no change)`."""
    changed: dict[str, dict[str, Value]] = {}
    for variable, old, new in zip(model.variables, state, target):
        if old != new:
            changed.setdefault(variable.agent, {})[variable.name] = new
    return grouped_state_text(changed) if changed else "(no change)"


def action_text(model: Model, action: Joint) -> str:
    """`Agent.action, …` for every agent, as in witness tables."""
    return actions_text(joint_action(model, action) or {})


# ---------------------------------------------------------------- the interactive loop

HELP = f"""commands:
  N      take transition number N
  r      take a random transition
  b      step back (undo the last step)
  a      list all transitions (only the first {PAGE_SIZE} are listed otherwise)
  h, ?   this help
  q      quit (so do Ctrl-D and Ctrl-C)"""

Reader = Callable[[str], "str | None"]
Writer = Callable[[str], None]


class _Quit(Exception):
    """The user asked to stop (q, end of input)."""


class Session:
    """The interactive simulator: pick an initial state, then take steps on command.

    `read(prompt)` returns the next command line, or None at the end of input;
    `write(text)` shows a block of text. Nothing else is read or written.
    """

    def __init__(self, simulator: Simulator, rng: random.Random, read: Reader, write: Writer) -> None:
        self.simulator = simulator
        self.model = simulator.model
        self.rng = rng
        self._read = read
        self._write = write

    def run(self) -> None:
        """Run until the user quits, input ends or Ctrl-C (KeyboardInterrupt) arrives."""
        self._write(f"model {self.model.name}, {self.model.semantics} semantics (h for help)")
        try:
            initial = self._pick_initial_state()
            if initial is not None:
                self._walk(Walk(self.simulator, initial))
        except (_Quit, KeyboardInterrupt):
            self._write("bye")

    # ---------------------------------------------------------- initial state

    def _pick_initial_state(self) -> State | None:
        initial = self.simulator.initial_states(PAGE_SIZE)
        if initial.count == 0:
            self._write("the model has no initial state (InitStates is never true)")
            return None
        if initial.count == 1:
            self._write("1 initial state")
            return initial.listed[0]
        self._write(_initial_screen(self.model, initial))
        while True:
            command = self._command("initial> ")
            if command == "r":
                return self.simulator.random_initial_state(self.rng)
            if command.isdigit() and 1 <= int(command) <= len(initial.listed):
                return initial.listed[int(command) - 1]
            if command in ("h", "?"):
                self._write(f"pick an initial state: 1-{len(initial.listed)}, r random, q quit")
            elif command:
                self._write(f"no such initial state: {command!r} (pick 1-{len(initial.listed)}, r or q)")

    # ---------------------------------------------------------- steps

    def _walk(self, walk: Walk) -> None:
        self._write(step_screen(walk))
        while True:
            command = self._command(f"step {walk.step}> ")
            if command:
                self._obey(walk, command)

    def _obey(self, walk: Walk, command: str) -> None:
        if command in ("h", "?"):
            self._write(HELP)
        elif command == "a":
            self._write(step_screen(walk, show_all=True))
        elif command == "b":
            self._write(step_screen(walk) if walk.back() else "already at the initial state")
        elif command == "r":
            self._take_random(walk)
        elif command.isdigit():
            self._take(walk, int(command))
        else:
            self._write(f"unknown command {command!r} (h for help)")

    def _take(self, walk: Walk, number: int) -> None:
        try:
            transition = walk.take(number)
        except IndexError:
            count = len(walk.choices.transitions)
            self._write("deadlock: no successor to take" if count == 0
                        else f"no transition {number}: pick 1-{count}")
            return
        self._write(taken_text(self.model, transition, number))
        self._write(step_screen(walk))

    def _take_random(self, walk: Walk) -> None:
        listed = walk.choices.transitions
        transition = walk.take_random(self.rng)
        if transition is None:
            self._write("deadlock: no successor to take")
            return
        number = listed.index(transition) + 1 if transition in listed else None
        self._write(taken_text(self.model, transition, number, at_random=True))
        self._write(step_screen(walk))

    def _command(self, prompt: str) -> str:
        line = self._read(prompt)
        if line is None:
            raise _Quit
        command = line.strip().lower()
        if command == "q":
            raise _Quit
        return command


def taken_text(model: Model, transition: Transition, number: int | None, *, at_random: bool = False) -> str:
    """The line that says which transition a step took: its number in the listing (if it has one) and its joint action.

    Two transitions may lead to the same state; this line tells them apart.
    """
    which = f"transition {number}" if number is not None else "a transition"
    how = " at random" if at_random else ""
    return f"took {which}{how}: {action_text(model, transition.action)}"


def _initial_screen(model: Model, initial: InitialStates) -> str:
    lines = [f"{initial.count} initial states:"]
    width = len(str(len(initial.listed)))
    lines += [f"  {number:>{width}}  {state_text(model, state)}" for number, state in enumerate(initial.listed, 1)]
    if initial.count > len(initial.listed):
        lines.append(f"  {initial.count - len(initial.listed)} more not listed (r picks among all)")
    lines.append(f"pick 1-{len(initial.listed)}, r random, q quit")
    return "\n".join(lines)


def step_screen(walk: Walk, *, show_all: bool = False) -> str:
    """The current state of `walk`, its true propositions and its numbered transitions."""
    model = walk.simulator.model
    previous = walk.states[-2] if walk.step else None
    propositions = walk.simulator.true_propositions(walk.state)
    lines = [f"step {walk.step}  {state_text(model, walk.state, previous)}",
             f"  propositions true: {', '.join(propositions) if propositions else 'none'}"]
    lines += list(_transition_lines(walk, show_all))
    return "\n".join(lines)


def _transition_lines(walk: Walk, show_all: bool) -> Iterator[str]:
    model, choices = walk.simulator.model, walk.choices
    transitions = choices.transitions
    if choices.is_deadlock:
        yield "  deadlock: no joint action leads to a successor (b back, q quit)"
        return
    yield f"  {_count_text(len(transitions), 'transition')} (joint action -> what changes):"
    shown = transitions if show_all else transitions[:PAGE_SIZE]
    width = len(str(len(shown)))
    previous_action = None
    for number, transition in enumerate(shown, start=1):
        action = action_text(model, transition.action)
        shown_action = " " * len(action) if transition.action == previous_action else action
        previous_action = transition.action
        yield f"  {number:>{width}}  {shown_action} -> {change_text(model, walk.state, transition.target)}"
    if len(shown) < len(transitions):
        yield f"  {len(transitions) - len(shown)} more not listed (a lists all)"
    if not choices.complete:
        yield (f"  only the first {choices.evaluated} of the {choices.candidates} joint actions the protocols "
               "enable were evaluated; r draws from all of them")
    yield f"pick 1-{len(transitions)}, r random, b back, h help, q quit" if transitions else \
        "no successor among the joint actions evaluated: r draws from all of them, b back, q quit"


def _count_text(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"
