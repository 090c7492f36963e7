"""The simulator: stepping logic against hand-computed successors, batch runs, the interactive loop on a terminal."""

from __future__ import annotations

import json
import os
import pty
import random
import select
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from ctlstark.tools import simulate
from ctlstark.api import load_model, load_model_text
from ctlstark.tools.simulate import Session, Simulator, Transition, Walk, random_runs, runs_json, step_screen

REPOSITORY = Path(__file__).resolve().parent.parent
EXAMPLES = REPOSITORY / "ispl_examples"

# A lamp the environment may toggle, and a counter 0..2 that may step up or reset.
# Under MultiAssignment a step up with the lamp on may also jump straight to 2 (two
# evolution lines fire); at 2 with the lamp off a step up has no successor (3 is out of range).
LAMP_COUNTER = """\
Agent Environment
  Vars:
    lamp : boolean;
  end Vars
  Actions = { toggle, keep };
  Protocol:
    Other : { toggle, keep };
  end Protocol
  Evolution:
    lamp = true if lamp = false and Action = toggle;
    lamp = false if lamp = true and Action = toggle;
  end Evolution
end Agent
Agent Counter
  Lobsvars = { lamp };
  Vars:
    n : 0..2;
  end Vars
  Actions = { inc, reset };
  Protocol:
    Other : { inc, reset };
  end Protocol
  Evolution:
    n = n + 1 if Action = inc;
    n = 0 if Action = reset;
    n = 2 if Action = inc and Environment.lamp = true;
  end Evolution
end Agent
Evaluation
  lit if Environment.lamp = true;
  top if Counter.n = 2;
end Evaluation
InitStates
  Counter.n = 0;
end InitStates
Formulae
  EF top;
end Formulae
"""

# Two evolution lines fire at once, one per variable: MultiAssignment takes one line
# or the other, SingleAssignment gives each variable the value of its own line.
TWO_LINES = """\
Semantics = {semantics};
Agent Pair
  Vars:
    x : boolean;
    y : boolean;
  end Vars
  Actions = {{ go }};
  Protocol:
    Other : {{ go }};
  end Protocol
  Evolution:
    x = true if Action = go;
    y = true if Action = go;
  end Evolution
end Agent
Evaluation
  x_set if Pair.x = true;
end Evaluation
InitStates
  Pair.x = false and Pair.y = false;
end InitStates
Formulae
  EF x_set;
end Formulae
"""


@pytest.fixture(scope="module")
def lamp_counter() -> Simulator:
    return Simulator(load_model_text(LAMP_COUNTER, "lamp_counter.ispl"))


# ---------------------------------------------------------------- stepping logic


def test_successors_of_each_joint_action_match_hand_computation(lamp_counter: Simulator) -> None:
    choices = lamp_counter.choices((True, 0))
    assert choices.enabled == (("toggle", "keep"), ("inc", "reset"))
    assert choices.candidates == 4 and choices.complete
    assert choices.transitions == (
        Transition(("toggle", "inc"), (False, 1)),
        Transition(("toggle", "inc"), (False, 2)),
        Transition(("toggle", "reset"), (False, 0)),
        Transition(("keep", "inc"), (True, 1)),
        Transition(("keep", "inc"), (True, 2)),
        Transition(("keep", "reset"), (True, 0)),
    )


def test_blocked_joint_actions_are_left_out(lamp_counter: Simulator) -> None:
    choices = lamp_counter.choices((False, 2))
    assert choices.transitions == (
        Transition(("toggle", "reset"), (True, 0)),
        Transition(("keep", "reset"), (False, 0)),
    )
    assert not choices.is_deadlock


@pytest.mark.parametrize("semantics, expected", [
    ("MultiAssignment", [(False, True), (True, False)]),
    ("SingleAssignment", [(True, True)]),
])
def test_successors_follow_the_model_semantics(semantics: str, expected: list[tuple[bool, ...]]) -> None:
    simulator = Simulator(load_model_text(TWO_LINES.format(semantics=semantics), "two_lines.ispl"))
    targets = [transition.target for transition in simulator.choices((False, False)).transitions]
    assert targets == expected


def test_deadlocks_without_enabled_action_and_with_blocked_evolution() -> None:
    simulator = Simulator(load_model(EXAMPLES / "deadlock.ispl"))
    broken = simulator.choices((2, "broken"))
    assert broken.candidates == 0 and broken.is_deadlock
    empty_tank = simulator.choices((0, "running"))
    assert empty_tank.candidates == 1 and empty_tank.is_deadlock
    assert simulator.random_transition((0, "running"), random.Random(0)) is None


def test_true_propositions_in_declaration_order(lamp_counter: Simulator) -> None:
    assert lamp_counter.true_propositions((True, 2)) == ("lit", "top")
    assert lamp_counter.true_propositions((False, 1)) == ()


def test_initial_states_explicit_and_symbolic_agree() -> None:
    model = load_model_text(LAMP_COUNTER, "lamp_counter.ispl")
    explicit = Simulator(model).initial_states(10)
    symbolic = Simulator(model, explicit_initial_limit=0).initial_states(10)
    assert explicit.count == symbolic.count == 2
    assert explicit.listed == symbolic.listed == ((False, 0), (True, 0))
    assert Simulator(model).initial_states(1).listed == ((False, 0),)


def test_random_initial_states_are_initial_and_cover_all() -> None:
    simulator = Simulator(load_model(EXAMPLES / "dining_cryptographers.ispl"), explicit_initial_limit=0)
    every = set(simulator.initial_states(1000).listed)
    drawn = {simulator.random_initial_state(random.Random(seed)) for seed in range(400)}
    assert len(every) == simulator.initial_states(0).count == 32
    assert drawn == every


def test_random_initial_states_past_the_uniform_limit_are_initial_and_cover_all(monkeypatch) -> None:
    monkeypatch.setattr(simulate, "UNIFORM_SAMPLING_LIMIT", 0)
    simulator = Simulator(load_model(EXAMPLES / "dining_cryptographers.ispl"), explicit_initial_limit=0)
    every = set(simulator.initial_states(1000).listed)
    drawn = {simulator.random_initial_state(random.Random(seed)) for seed in range(400)}
    assert drawn == every


def test_random_transition_is_one_of_the_choices_and_seeded(lamp_counter: Simulator) -> None:
    transitions = lamp_counter.choices((True, 0)).transitions
    drawn = [lamp_counter.random_transition((True, 0), random.Random(seed)) for seed in range(60)]
    assert set(drawn) == set(transitions)
    assert drawn == [lamp_counter.random_transition((True, 0), random.Random(seed)) for seed in range(60)]


def test_past_the_evaluation_limit_random_steps_draw_from_every_joint_action() -> None:
    limited = Simulator(load_model_text(LAMP_COUNTER, "lamp_counter.ispl"), evaluation_limit=1)
    choices = limited.choices((True, 0))
    assert not choices.complete and choices.evaluated == 1
    assert {t.action for t in choices.transitions} == {("toggle", "inc")}
    drawn = {limited.random_transition((True, 0), random.Random(seed), choices) for seed in range(60)}
    assert {t.action for t in drawn} == {("toggle", "inc"), ("toggle", "reset"), ("keep", "inc"), ("keep", "reset")}


def test_walk_takes_steps_and_undoes_them(lamp_counter: Simulator) -> None:
    walk = Walk(lamp_counter, (True, 0))
    assert walk.take(2) == Transition(("toggle", "inc"), (False, 2))
    assert walk.step == 1 and walk.state == (False, 2)
    assert [t.target for t in walk.choices.transitions] == [(True, 0), (False, 0)]
    with pytest.raises(IndexError):
        walk.take(3)
    assert walk.back() and walk.state == (True, 0) and walk.step == 0
    assert not walk.back()
    assert walk.take_random(random.Random(0)) in lamp_counter.choices((True, 0)).transitions


def test_step_screen_lists_state_propositions_and_changes(lamp_counter: Simulator) -> None:
    walk = Walk(lamp_counter, (True, 0))
    walk.take(2)
    screen = step_screen(walk)
    assert screen.splitlines()[:3] == [
        "step 1  Environment[lamp=false*] Counter[n=2*]",
        "  propositions true: top",
        "  2 transitions (joint action -> what changes):",
    ]
    assert "  1  Environment.toggle, Counter.reset -> Environment[lamp=true] Counter[n=0]" in screen
    assert "  2  Environment.keep, Counter.reset -> Counter[n=0]" in screen


def test_session_pages_long_lists_and_a_shows_all() -> None:
    wide = LAMP_COUNTER.replace("n : 0..2;", "n : 0..60;").replace(
        "n = n + 1 if Action = inc;", "n = n + 1 if Action = inc;\n" + "".join(
            f"    n = {k} if Action = reset;\n" for k in range(1, 30)))
    simulator = Simulator(load_model_text(wide, "wide.ispl"))
    commands = iter(["2", "a", "q"])
    screens: list[str] = []
    Session(simulator, random.Random(0), lambda prompt: next(commands), screens.append).run()
    first_step, all_listed = [screen for screen in screens if screen.startswith("step 0")]
    assert "  64 transitions" in first_step
    assert "  14 more not listed (a lists all)" in first_step and " 51  " not in first_step
    assert " 64  " in all_listed and "more not listed" not in all_listed


def test_session_says_which_transition_a_step_took(lamp_counter: Simulator) -> None:
    """A numbered or random step is followed by its number and joint action; `b` takes none."""
    commands = iter(["2", "1", "b", "r", "q"])  # initial state 2: the lamp on, n = 0
    screens: list[str] = []
    Session(lamp_counter, random.Random(0), lambda prompt: next(commands), screens.append).run()
    taken = [screen for screen in screens if screen.startswith("took")]
    assert len(taken) == 2
    assert taken[0] == "took transition 1: Environment.toggle, Counter.inc"
    number_text, action = taken[1].removeprefix("took transition ").split(" at random: ")
    listed = lamp_counter.choices((True, 0)).transitions
    assert action == simulate.action_text(lamp_counter.model, listed[int(number_text) - 1].action)
    assert screens[screens.index(taken[1]) + 1].startswith("step 1  ")


def test_session_ends_at_end_of_input(lamp_counter: Simulator) -> None:
    screens: list[str] = []
    Session(lamp_counter, random.Random(0), lambda prompt: None, screens.append).run()
    assert screens[-1] == "bye"


# ---------------------------------------------------------------- batch runs


def test_runs_stop_at_deadlocks_and_only_there() -> None:
    simulator = Simulator(load_model(EXAMPLES / "deadlock.ispl"))
    runs = random_runs(simulator, 30, 8, seed=0)
    assert len(runs) == 30
    for run in runs:
        assert len(run.states) == len(run.actions) + 1
        assert run.deadlocked == simulator.choices(run.states[-1]).is_deadlock
        assert run.deadlocked or len(run.actions) == 8
        for state, action, target in zip(run.states, run.actions, run.states[1:]):
            assert Transition(action, target) in simulator.choices(state).transitions
    assert any(run.deadlocked and len(run.actions) < 8 for run in runs)


def test_same_seed_same_runs_other_seed_other_runs() -> None:
    simulator = Simulator(load_model(EXAMPLES / "bit_transmission.ispl"))
    assert random_runs(simulator, 5, 10, seed=3) == random_runs(simulator, 5, 10, seed=3)
    assert random_runs(simulator, 5, 10, seed=3) != random_runs(simulator, 5, 10, seed=4)


def test_runs_json_has_the_trace_step_shape() -> None:
    model = load_model(EXAMPLES / "bit_transmission.ispl")
    runs = runs_json(model, random_runs(Simulator(model), 2, 3, seed=0))
    assert len(runs) == 2 and all(len(run) == 4 for run in runs)
    first = runs[0][0]
    assert set(first) == {"state", "action"}
    assert list(first["state"]) == ["Sender", "Receiver"]
    assert first["state"]["Sender"]["ack"] is False and first["state"]["Receiver"]["state"] == "empty"
    assert list(first["action"]) == ["Environment", "Sender", "Receiver"]
    assert all(step["action"] is not None for step in runs[0][:-1]) and runs[0][-1]["action"] is None


def _ctlstark(*arguments: str, stdin: str | None = None, hash_seed: str = "0") -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONHASHSEED": hash_seed}
    return subprocess.run([sys.executable, "-m", "ctlstark", *arguments], input=stdin, capture_output=True,
                          text=True, cwd=REPOSITORY, env=environment, timeout=120)


@pytest.mark.parametrize("output", [[], ["--json"]])
def test_batch_output_is_byte_for_byte_reproducible(output: list[str]) -> None:
    arguments = ["simulate", "ispl_examples/bit_transmission.ispl", "--random", "3", "--steps", "6", "--seed", "7"]
    first = _ctlstark(*arguments, *output, hash_seed="1")
    second = _ctlstark(*arguments, *output, hash_seed="2")
    assert first.returncode == 0 and first.stderr == ""
    assert first.stdout == second.stdout
    if output:
        runs = json.loads(first.stdout)
        assert len(runs) == 3 and all(len(run) == 7 for run in runs)
    else:
        assert first.stdout.startswith("run 1: 6 steps\n     0  state  Sender[")


def test_bad_model_gives_diagnostics_and_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.ispl"
    text = LAMP_COUNTER.replace("n : 0..2;", "n : 0..2")
    bad.write_text(text)
    line = text.splitlines().index("    n : 0..2") + 1
    result = _ctlstark("simulate", str(bad), "--random", "1")
    assert result.returncode == 2
    assert f"{bad}:{line}:13: error: missing `;`" in result.stderr and "Traceback" not in result.stderr


def test_json_without_random_is_a_usage_error() -> None:
    result = _ctlstark("simulate", "ispl_examples/deadlock.ispl", "--json")
    assert result.returncode == 2 and "--random" in result.stderr


@pytest.mark.parametrize("options, named", [(["--steps", "3"], "--steps only works"),
                                            (["--steps", "3", "--json"], "--steps and --json only work")])
def test_batch_options_without_random_are_named_as_the_problem(options: list[str], named: str) -> None:
    result = _ctlstark("simulate", "ispl_examples/deadlock.ispl", *options)
    assert result.returncode == 2
    assert result.stderr.startswith(f"ctlstark: {named} with --random K") and "Invalid value" not in result.stderr


def test_scripted_session_reads_commands_from_a_pipe() -> None:
    result = _ctlstark("simulate", "ispl_examples/deadlock.ispl", stdin="1\n2\nb\nq\n")
    assert result.returncode == 0, result.stderr
    assert "step 1> 2\ntook transition 2: Environment.#0, Machine.work\nstep 2  Machine[fuel=2 mode=broken*]" \
        in result.stdout
    assert "deadlock: no joint action leads to a successor" in result.stdout
    assert result.stdout.rstrip().endswith("bye")


# ---------------------------------------------------------------- on a terminal


def _default_ctrl_c() -> None:
    """In the child: Ctrl-C as on a user's terminal, even when this test run ignores it.

    A test run started in the background by a non-interactive shell inherits SIGINT
    ignored, its children too, and Python then installs no KeyboardInterrupt handler.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Terminal:
    """`python -m ctlstark ARGS` with a pseudo-terminal as its standard input, output and error."""

    def __init__(self, *arguments: str) -> None:
        self.controller, follower = pty.openpty()
        self.process = subprocess.Popen([sys.executable, "-m", "ctlstark", *arguments], stdin=follower,
                                        stdout=follower, stderr=follower, cwd=REPOSITORY, close_fds=True,
                                        preexec_fn=_default_ctrl_c)
        os.close(follower)
        self.screen = ""
        self._seen = 0

    def read_until(self, marker: str, timeout: float = 60.0) -> str:
        """What was shown since the last call, up to and including `marker` (fails after `timeout` s of silence)."""
        while marker not in self.screen[self._seen:]:
            ready, _, _ = select.select([self.controller], [], [], timeout)
            if not ready:
                raise AssertionError(f"{marker!r} never appeared; the screen shows:\n{self.screen[self._seen:]}")
            try:
                chunk = os.read(self.controller, 4096)
            except OSError:  # the program has exited and closed the terminal
                chunk = b""
            if not chunk:
                raise AssertionError(f"output ended before {marker!r}; the screen shows:\n{self.screen[self._seen:]}")
            self.screen += chunk.decode().replace("\r\n", "\n")
        end = self.screen.index(marker, self._seen) + len(marker)
        shown, self._seen = self.screen[self._seen:end], end
        return shown

    def type(self, text: str) -> None:
        os.write(self.controller, text.encode())

    def exit_status(self) -> int:
        try:
            return self.process.wait(timeout=60)
        finally:
            os.close(self.controller)


@pytest.fixture()
def terminal_factory():
    started: list[Terminal] = []

    def start(*arguments: str) -> Terminal:
        terminal = Terminal(*arguments)
        started.append(terminal)
        return terminal

    yield start
    for terminal in started:
        if terminal.process.poll() is None:
            terminal.process.kill()
            terminal.process.wait()


def test_interactive_session_on_a_terminal(terminal_factory) -> None:
    terminal = terminal_factory("simulate", "ispl_examples/bit_transmission.ispl")
    listing = terminal.read_until("initial> ")
    assert "2 initial states:" in listing
    assert "  1  Sender[bit=b0 ack=false] Receiver[state=empty]" in listing
    terminal.type("1\n")
    first = terminal.read_until("step 0> ")
    assert "step 0  Sender[bit=b0 ack=false] Receiver[state=empty]" in first
    assert "propositions true: bit0" in first
    assert "  1  Environment.both, Sender.sb0, Receiver.wait -> Receiver[state=r0]" in first
    assert "  4  Environment.neither, Sender.sb0, Receiver.wait -> (no change)" in first
    terminal.type("2\n")  # the same successor as transition 1, by another joint action
    second = terminal.read_until("step 1> ")
    assert "took transition 2: Environment.to_receiver, Sender.sb0, Receiver.wait\n" in second
    assert "step 1  Sender[bit=b0 ack=false] Receiver[state=r0*]" in second
    assert "propositions true: bit0, recbit" in second
    terminal.type("b\n")
    assert "step 0  Sender[bit=b0 ack=false] Receiver[state=empty]" in terminal.read_until("step 0> ")
    terminal.type("r\n")
    after_random = terminal.read_until("step 1> ")
    assert "took transition " in after_random and " at random: Environment." in after_random
    assert "step 1  Sender[bit=b0" in after_random
    terminal.type("h\n")
    assert "b          step back" in terminal.read_until("step 1> ")
    terminal.type("q\n")
    assert "bye" in terminal.read_until("bye")
    assert terminal.exit_status() == 0
    assert "Traceback" not in terminal.screen


def test_ctrl_d_on_a_terminal_ends_cleanly(terminal_factory) -> None:
    terminal = terminal_factory("simulate", "ispl_examples/deadlock.ispl")
    terminal.read_until("step 0> ")
    terminal.type("\x04")
    terminal.read_until("bye")
    assert terminal.exit_status() == 0
    assert "Traceback" not in terminal.screen


def test_ctrl_c_on_a_terminal_ends_cleanly(terminal_factory) -> None:
    terminal = terminal_factory("simulate", "ispl_examples/deadlock.ispl")
    terminal.read_until("step 0> ")
    # A SIGINT that lands between the prompt and the blocking read is only handled
    # when the read returns; like a user pressing Ctrl-C again, send another.
    for _ in range(10):
        terminal.process.send_signal(signal.SIGINT)
        try:
            terminal.read_until("bye", timeout=3)
            break
        except AssertionError:
            continue
    else:
        raise AssertionError(f"Ctrl-C never ended the session; the screen shows:\n{terminal.screen}")
    assert terminal.exit_status() == 0
    assert "Traceback" not in terminal.screen
