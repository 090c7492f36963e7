"""Simulation: walk through an ISPL model one state at a time, by hand or at random.

`Simulator` computes, for ONE state, the joint actions the protocols enable and the
successors each one leads to, with the explicit engine's transition function
(`explicit.system.protocol_actions`, `successors_under`), so the state space is never
enumerated (models can have 10^60 states). Initial states are enumerated when the
valuations are few, and read off the BDD of `InitStates` otherwise (`symbolic.encode`;
no transition relation and no reachability are computed).

Above it, in one direction: `Walk` (the path taken so far, with undo, following a
`LoadedTrace` when it has one), `random_runs` (seeded batch runs) with their text and
JSON renderings, and `Session`, the interactive loop, which reads commands and writes
text through callables so that it never touches a terminal itself. Where a session
starts other than at an initial state (`--trace`, `--state`) is read by
`simulate_start`; `eval` is answered by `simulate_eval`, with the symbolic checker.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from ..render import actions_text, joint_action, state_by_agent
from ..render import state_text as grouped_state_text
from ..runtime.records import record
from ..semantics.expressions import holds, true_propositions
from ..semantics.transitions import protocol_actions, successors_under
from ..model import Model, Value

if TYPE_CHECKING:
    from .simulate_eval import StateEvaluator

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


@record
class Transition:
    """One step: the joint action taken and the state it leads to."""

    action: Joint
    target: State


@record
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


@record
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
        self._declared = frozenset(model.evaluation_propositions)  # not the comparison atoms formulas add
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
        return tuple(name for name in true_propositions(self.model, state) if name in self._declared)

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


@record
class LoadedTrace:
    """A trace to follow: `states[i]` --`actions[i]`--> `states[i + 1]`; a lasso's last action leads to `loop_start`.

    `label` names it as `--trace-path` does (`3`, `3.1`); `description` says what it
    shows (`counterexample for AG p`); `sub_traces` are the (step, label) of the traces
    linked to its steps. Built from a trace file by `simulate_start.load_trace`.
    """

    label: str
    description: str
    states: tuple[State, ...]
    actions: tuple[Joint, ...]
    loop_start: int | None = None
    sub_traces: tuple[tuple[int, str], ...] = ()

    @property
    def last(self) -> int:
        """The index of the last step."""
        return len(self.states) - 1

    def successor(self, index: int) -> int | None:
        """The step after `index` (the loop start after the last step of a lasso; None at the end of a finite trace)."""
        if index < self.last:
            return index + 1
        return self.loop_start

    def transition(self, index: int) -> Transition | None:
        """The transition the trace takes from step `index` (None at the end of a finite trace)."""
        following = self.successor(index)
        return None if following is None else Transition(self.actions[index], self.states[following])


@record
class Start:
    """Where a session begins instead of at a chosen initial state: a state, perhaps on a trace to follow.

    `notes` are shown before the first step (how the state was read, whether it is reachable).
    """

    state: State
    trace: LoadedTrace | None = None
    notes: tuple[str, ...] = ()


class Walk:
    """The path taken so far from its first state; `back` undoes the last step.

    With a `trace` (whose first state is the walk's), `positions` says where each
    state of the walk is on the trace — None once a step left it — so the walk can
    follow it (`follow`), branch off it and come back (`back`, `goto`).
    """

    def __init__(self, simulator: Simulator, initial: State, trace: LoadedTrace | None = None) -> None:
        if trace is not None and trace.states[0] != initial:
            raise ValueError("a walk on a trace starts at the trace's first state")
        self.simulator = simulator
        self.trace = trace
        self.states: list[State] = [initial]
        self.actions: list[Joint] = []
        self.positions: list[int | None] = [0 if trace is not None else None]
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
        """Undo the last step; False at the first state."""
        if not self.actions:
            return False
        self.states.pop()
        self.actions.pop()
        self.positions.pop()
        self._choices.pop()
        return True

    @property
    def trace_position(self) -> int | None:
        """The current state's step on the trace; None without a trace or off it."""
        return self.positions[-1]

    @property
    def left_trace_at(self) -> int | None:
        """Off the trace: the trace step the walk branched off from (None when on it or without a trace)."""
        if self.trace is None or self.trace_position is not None:
            return None
        return next(position for position in reversed(self.positions) if position is not None)

    def trace_transition(self) -> Transition | None:
        """The transition the trace takes from the current state (None off the trace or at its end)."""
        position = self.trace_position
        return None if position is None or self.trace is None else self.trace.transition(position)

    def follow(self) -> Transition | None:
        """Take the trace's next transition; None off the trace or at the end of a finite trace."""
        transition = self.trace_transition()
        if transition is not None:
            self._advance(transition)
        return transition

    def goto(self, step: int) -> bool:
        """Jump to step `step` of the trace (the walk becomes the trace up to it); without a trace, back to step `step`.

        False when there is no such step (beyond the trace, or ahead of the walk).
        """
        if self.trace is None:
            if not 0 <= step <= self.step:
                return False
            while self.step > step:
                self.back()
            return True
        if not 0 <= step <= self.trace.last:
            return False
        while self.actions:
            self.back()
        for index in range(step):
            self._advance(Transition(self.trace.actions[index], self.trace.states[index + 1]))
        return True

    def _advance(self, transition: Transition) -> None:
        self.positions.append(self._position_after(transition))
        self.states.append(transition.target)
        self.actions.append(transition.action)
        self._choices.append(self.simulator.choices(transition.target))

    def _position_after(self, transition: Transition) -> int | None:
        """The trace step `transition` leads to from the current state: None unless it is the trace's own."""
        position = self.trace_position
        if position is None or self.trace is None or self.trace.transition(position) != transition:
            return None
        return self.trace.successor(position)


# ---------------------------------------------------------------- batch runs


@record
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


def runs_text(model: Model, runs: list[Run], *, full_states: bool = False) -> str:
    """The runs as text tables, as `ctlstark check --witness` shows traces (changes only unless `full_states`)."""
    from ..render.traces import step_lines  # text output only: not at start-up

    if not runs:
        return "no run: the model has no initial state"
    lines = []
    for number, run in enumerate(runs, start=1):
        ending = ", ends in a deadlock" if run.deadlocked else ""
        lines.append(f"run {number}: {len(run.actions)} steps{ending}")
        lines += step_lines(model, run.states, run.actions, full_states=full_states)
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
  N          take transition number N
  r          take a random transition
  b          step back (undo the last step)
  n          next: take the trace's transition (with --trace)
  goto N     jump to step N of the trace (without a trace: back to step N of this walk)
  eval F     evaluate the state formula F here (as written for check -f), with its trace if it has one
  props      the Evaluation propositions true and false here
  a          list all transitions (only the first {PAGE_SIZE} are listed otherwise)
  h, ?       this help
  q          quit (so do Ctrl-D and Ctrl-C)"""

Reader = Callable[[str], "str | None"]
Writer = Callable[[str], None]


class _Quit(Exception):
    """The user asked to stop (q, end of input)."""


class Session:
    """The interactive simulator: pick an initial state (or begin at `start`), then take steps on command.

    `read(prompt)` returns the next command line, or None at the end of input;
    `write(text)` shows a block of text. Nothing else is read or written.
    `evaluator` answers `eval` (a `simulate_eval.StateEvaluator`; one is made on the first `eval` if None).
    """

    def __init__(self, simulator: Simulator, rng: random.Random, read: Reader, write: Writer, *,
                 start: Start | None = None, evaluator: StateEvaluator | None = None) -> None:
        self.simulator = simulator
        self.model = simulator.model
        self.rng = rng
        self._read = read
        self._write = write
        self._start = start
        self._evaluator = evaluator

    def run(self) -> None:
        """Run until the user quits, input ends or Ctrl-C (KeyboardInterrupt) arrives."""
        self._write(f"model {self.model.name}, {self.model.semantics} semantics (h for help)")
        try:
            if self._start is not None:
                for note in self._start.notes:
                    self._write(note)
                self._walk(Walk(self.simulator, self._start.state, self._start.trace))
                return
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
            command = self._command("initial> ").lower()
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
        word, *rest = command.split(None, 1)
        word, argument = word.lower(), rest[0].strip() if rest else ""
        if word in ("h", "?"):
            self._write(HELP)
        elif word == "a":
            self._write(step_screen(walk, show_all=True))
        elif word == "b":
            self._write(step_screen(walk) if walk.back() else "already at the first state (step 0)")
        elif word == "r":
            self._take_random(walk)
        elif word == "n":
            self._follow(walk)
        elif word == "goto":
            self._goto(walk, argument)
        elif word == "eval":
            self._eval(walk, argument)
        elif word == "props":
            self._write(propositions_text(self.simulator, walk.state))
        elif word.isdigit() and not argument:
            self._take(walk, int(word))
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
        self._note_branching(walk)
        self._write(step_screen(walk))

    def _take_random(self, walk: Walk) -> None:
        listed = walk.choices.transitions
        transition = walk.take_random(self.rng)
        if transition is None:
            self._write("deadlock: no successor to take")
            return
        number = listed.index(transition) + 1 if transition in listed else None
        self._write(taken_text(self.model, transition, number, at_random=True))
        self._note_branching(walk)
        self._write(step_screen(walk))

    def _note_branching(self, walk: Walk) -> None:
        """After a step: say so when it left the trace (the step before was on it)."""
        if walk.trace is None or walk.trace_position is not None or walk.positions[-2] is None:
            return
        position = walk.positions[-2]
        assert position is not None
        if walk.trace.transition(position) is None:
            self._write(f"left the trace: went on past its last step {position} (goto N returns to it)")
            return
        self._write(f"left the trace at its step {position}: it takes another transition there "
                    f"(goto {position} returns to it, b steps back)")

    def _follow(self, walk: Walk) -> None:
        if walk.trace is None:
            self._write("no trace to follow: n takes the trace's next transition in a session started with --trace")
            return
        listed = walk.choices.transitions
        transition = walk.follow()
        if transition is None:
            self._write(f"at the end of the trace (its step {walk.trace.last}): a number or r goes on, b goes back"
                        if walk.trace_position is not None else
                        f"off the trace (left at its step {walk.left_trace_at}): goto N returns to it, b steps back")
            return
        number = listed.index(transition) + 1 if transition in listed else None
        which = f"transition {number}" if number is not None else "transition"
        self._write(f"took the trace's {which}: {action_text(self.model, transition.action)}")
        self._write(step_screen(walk))

    def _goto(self, walk: Walk, argument: str) -> None:
        last = walk.trace.last if walk.trace is not None else walk.step
        where = "the trace" if walk.trace is not None else "this walk"
        if not argument.isdigit():
            self._write(f"goto N: N is a step of {where}, 0-{last}")
        elif not walk.goto(int(argument)):
            self._write(f"no step {argument} in {where}: its steps are 0-{last}"
                        + ("" if walk.trace is not None else " (goto goes back along the walk)"))
        else:
            self._write(step_screen(walk))

    def _eval(self, walk: Walk, text: str) -> None:
        from ..api import parse_formula
        from ..errors import CtlstarkError, IsplError
        from .simulate_eval import StateEvaluator, evaluation_text

        if not text:
            self._write("eval FORMULA: a state formula, written as for check -f (e.g. eval EF p)")
            return
        try:
            entry = parse_formula(text, self.model, source="eval")
            if self._evaluator is None:
                self._evaluator = StateEvaluator(self.model)
            evaluation = self._evaluator.evaluate(entry.formula, walk.state)
        except IsplError as error:
            self._write(str(error))
            return
        except CtlstarkError as error:  # a path formula, a refused operator, out of memory
            self._write(f"cannot evaluate: {error}")
            return
        self._write(evaluation_text(self.model, entry.text, walk.step, evaluation))

    def _command(self, prompt: str) -> str:
        line = self._read(prompt)
        if line is None:
            raise _Quit
        command = line.strip()
        if command.lower() == "q":
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
    if walk.trace is not None:
        lines.append(trace_status(walk))
    lines += list(_transition_lines(walk, show_all))
    return "\n".join(lines)


def trace_status(walk: Walk) -> str:
    """Where the walk is on its trace: the step, what `n` takes, or where the walk left the trace."""
    trace = walk.trace
    assert trace is not None
    position = walk.trace_position
    if position is None:
        return f"  off trace {trace.label}: left it at its step {walk.left_trace_at} (goto N returns to it)"
    loop = f", loops back to {trace.loop_start}" if trace.loop_start is not None else ""
    transition = trace.transition(position)
    if transition is None:
        line = f"  on trace {trace.label}: step {position} of 0-{trace.last}, its last"
    else:
        listed = walk.choices.transitions
        number = f" {listed.index(transition) + 1}" if transition in listed else ""
        line = f"  on trace {trace.label}: step {position} of 0-{trace.last}{loop}; n takes its transition{number}"
    linked = [label for step, label in trace.sub_traces if step == position]
    if linked:
        which = f"sub-trace {linked[0]} explains" if len(linked) == 1 else f"sub-traces {', '.join(linked)} explain"
        line += f"\n  {which} this step (--trace-path {linked[0]})"
    return line


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
    on_trace = walk.trace_transition()
    for number, transition in enumerate(shown, start=1):
        action = action_text(model, transition.action)
        shown_action = " " * len(action) if transition.action == previous_action else action
        previous_action = transition.action
        mark = "   (the trace's)" if transition == on_trace else ""
        yield f"  {number:>{width}}  {shown_action} -> {change_text(model, walk.state, transition.target)}{mark}"
    if len(shown) < len(transitions):
        yield f"  {len(transitions) - len(shown)} more not listed (a lists all)"
    if not choices.complete:
        yield (f"  only the first {choices.evaluated} of the {choices.candidates} joint actions the protocols "
               "enable were evaluated; r draws from all of them")
    follow = ", n next on the trace" if on_trace is not None else ""
    yield f"pick 1-{len(transitions)}{follow}, r random, b back, h help, q quit" if transitions else \
        "no successor among the joint actions evaluated: r draws from all of them, b back, q quit"


def propositions_text(simulator: Simulator, state: State) -> str:
    """The `Evaluation` propositions true in `state` and those false there, one line each (`props`)."""
    true = simulator.true_propositions(state)
    false = [name for name in simulator.model.evaluation_propositions if name not in true]
    if not true and not false:
        return "the model has no Evaluation propositions"
    return (f"propositions true: {', '.join(true) if true else 'none'}\n"
            f"propositions false: {', '.join(false) if false else 'none'}")


def _count_text(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"
