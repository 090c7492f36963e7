"""How a trace reads: changed variables only after the first step, the propositions true at each step.

Text (`render.traces.trace_text`, `check --witness`), JSON (`"props"`, `"changed"`),
DOT (changes in bold red, the full state on a trace's first node) and `--full-states`,
which restores every variable at every step (docs/witnesses.md).
"""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ctlstark.api import check, load_model_text
from ctlstark.cli import app
from ctlstark.render.traces import TEXT_WIDTH, trace_json, trace_text, traces_dot
from ctlstark.semantics import true_propositions
from ctlstark.tools.simulate import Run, runs_text

from test_witness import LAMP

runner = CliRunner()

# AG !bright fails after flip (power and dust on), up, up, flip (power off) with up: level 3.
# The counterexample's states: (power, dust, level) =
#   0 (false, false, 0), 1 (true, true, 0), 2 (true, true, 1), 3 (true, true, 2), 4 (false, true, 3).

CYCLE = """\
Agent Environment
  Vars:
    phase : 0..3;
    colour : { red, green };
  end Vars
  Actions = { step };
  Protocol:
    Other : { step };
  end Protocol
  Evolution:
    phase = phase + 1 if phase < 3;
    phase = 1 if phase = 3;
  end Evolution
end Agent
Agent Watcher
  Vars:
    seen : boolean;
  end Vars
  Actions = { look };
  Protocol:
    Other : { look };
  end Protocol
  Evolution:
    seen = false if seen = true;
  end Evolution
end Agent
Evaluation
  started if Environment.phase > 0;
  last if Environment.phase = 3;
end Evaluation
InitStates
  Environment.phase = 0 and Environment.colour = red and Watcher.seen = false;
end InitStates
Formulae
  EG true;
end Formulae
"""


def _wide_model(agents: int = 4, variables: int = 5) -> str:
    """`agents` counters of `variables` long-named variables each; every step increments one variable per agent."""
    parts = []
    for a in range(agents):
        names = [f"counter_variable_{a}_{i}" for i in range(variables)]
        ticks = ", ".join(f"tick{i}" for i in range(variables))
        parts.append(f"Agent Unit{a}\n  Vars:\n" + "".join(f"    {n} : 0..3;\n" for n in names)
                     + f"  end Vars\n  Actions = {{ {ticks} }};\n  Protocol:\n    Other : {{ {ticks} }};\n"
                     + "  end Protocol\n  Evolution:\n"
                     + "".join(f"    {n} = {n} + 1 if Action = tick{i} and {n} < 3;\n" for i, n in enumerate(names))
                     + "  end Evolution\nend Agent\n")
    init = " and ".join(f"Unit{a}.counter_variable_{a}_{i} = 0" for a in range(agents) for i in range(variables))
    goal = " and ".join(f"Unit{a}.counter_variable_{a}_{variables - 1} = 3" for a in range(agents))
    return ("Agent Environment\n  Vars:\n    clock : 0..9;\n  end Vars\n  Actions = { go };\n"
            "  Protocol:\n    Other : { go };\n  end Protocol\n  Evolution:\n    clock = clock + 1 if clock < 9;\n"
            "  end Evolution\nend Agent\n" + "".join(parts)
            + f"Evaluation\n  goal if {goal};\n  early if Environment.clock < 2;\nend Evaluation\n"
            + f"InitStates\n  Environment.clock = 0 and {init};\nend InitStates\nFormulae\n  AG !goal;\nend Formulae\n")


def _rows(text: str) -> dict[int, dict[str, str]]:
    """The rows of a top-level trace's text, per step: {index: {"state" or "change", "props", "action": content}}.

    Continuation lines are joined to their row with a space; sub-traces are left out.
    """
    steps: dict[int, dict[str, str]] = {}
    label = None
    for line in text.splitlines()[1:]:
        if line.startswith("  step") or not line.startswith(" "):
            break
        if line[:8].strip().lstrip(">").strip().isdigit():
            index = int(line[:8].strip().lstrip(">"))
            steps[index] = {}
        if line.strip().startswith("(back to step"):
            label = "back"
            steps[index][label] = line.strip()
        elif line[8:15].strip():
            label = line[8:15].strip()
            steps[index][label] = line[15:].strip()
        else:
            steps[index][label] += " " + line.strip()
    return steps


def _lamp_trace(formula_index: int = 0):
    model = load_model_text(LAMP)
    report = check(model, witness=True)
    return report.formulas[formula_index].evidence.trace, model


# ---------------------------------------------------------------- text


def test_after_the_first_step_only_changed_variables_are_shown() -> None:
    trace, model = _lamp_trace()
    rows = _rows(trace_text(trace, model))
    assert sorted(rows) == [0, 1, 2, 3, 4]
    assert rows[0]["state"] == "Environment[power=false dust=false] Lamp[level=0]"
    assert rows[1] == {"change": "Environment[power=true dust=true]  (1 unchanged)", "props": "on, dusty",
                       "action": "Environment.keep, Lamp.up"}
    assert rows[2]["change"] == "Lamp[level=1]  (2 unchanged)"
    assert rows[3]["change"] == "Lamp[level=2]  (2 unchanged)"
    assert rows[4]["change"] == "Environment[power=false] Lamp[level=3]  (1 unchanged)"
    assert all("state" not in rows[index] for index in (1, 2, 3, 4))
    assert "*" not in trace_text(trace, model)  # nothing to mark: a change row lists changed values only


def test_every_step_lists_the_propositions_true_there() -> None:
    trace, model = _lamp_trace()
    rows = _rows(trace_text(trace, model))
    assert rows[0]["props"] == "(none)"
    assert rows[2]["props"] == "on, dusty"
    assert rows[4]["props"] == "bright, dusty"  # the power went off: `on` no longer holds
    assert "on" not in rows[4]["props"].split(", ")
    for index, step in enumerate(trace.steps):
        assert rows[index]["props"] == (", ".join(true_propositions(model, step.state)) or "(none)")


def test_full_states_shows_every_variable_with_change_markers() -> None:
    trace, model = _lamp_trace()
    rows = _rows(trace_text(trace, model, full_states=True))
    assert [set(row) for row in rows.values()] == [{"state", "props", "action"}] * 4 + [{"state", "props"}]
    assert rows[0]["state"] == "Environment[power=false dust=false] Lamp[level=0]"
    assert rows[1]["state"] == "Environment[power=true* dust=true*] Lamp[level=0]"
    assert rows[2]["state"] == "Environment[power=true dust=true] Lamp[level=1*]"
    assert rows[4]["state"] == "Environment[power=false* dust=true] Lamp[level=3*]"
    assert rows[4]["props"] == "bright, dusty"


def test_a_nested_run_starts_and_ends_with_its_full_state() -> None:
    trace, model = _lamp_trace(4)  # K(Lamp, !dusty): a run to a state Lamp cannot tell apart
    text = trace_text(trace, model)
    run = text[text.index("path for a run"):].splitlines()
    assert run[1].split() == ["0", "state", "Environment[power=false", "dust=false]", "Lamp[level=0]"]
    assert run[2].split() == ["props", "(none)"]
    assert "1  change Environment[power=true dust=true]  (1 unchanged)" in text
    # its end, the state Lamp cannot tell apart from step 0, is shown whole
    assert run[-2].split() == ["5", "state", "Environment[power=false", "dust=true]", "Lamp[level=0*]"]
    assert run[-1].split() == ["props", "dusty"]


def test_a_lasso_shows_its_loop_start_in_full_and_what_the_way_back_changes() -> None:
    model = load_model_text(CYCLE)
    trace = check(model, witness=True).formulas[0].evidence.trace
    assert trace.loop_start == 1 and len(trace.steps) == 4  # phase 0, then 1 2 3 and back to 1
    rows = _rows(trace_text(trace, model))
    assert rows[1]["state"] == "Environment[phase=1* colour=red] Watcher[seen=false]"
    assert rows[2]["change"] == "Environment[phase=2]  (2 unchanged)"
    assert rows[3]["props"] == "started, last"
    assert rows[3]["back"] == "(back to step 1, changing Environment[phase=1])"
    assert "  >  1  state  Environment[phase=1* colour=red]" in trace_text(trace, model)  # `>`: the loop start
    assert _rows(trace_text(trace, model, full_states=True))[3]["back"] == "(back to step 1)"


def test_twenty_variables_wrap_at_agents_within_the_width() -> None:
    model = load_model_text(_wide_model())
    trace = check(model, witness=True).formulas[0].evidence.trace
    text = trace_text(trace, model)
    assert all(len(line) <= TEXT_WIDTH for line in text.splitlines())
    rows = _rows(text)
    first = rows[0]["state"]
    assert all(f"counter_variable_{a}_{i}=0" in first for a in range(4) for i in range(5))
    assert re.fullmatch(r"Environment\[clock=1\]( Unit\d\[counter_variable_\d_4=1\]){4}  \(16 unchanged\)",
                        rows[1]["change"])
    lines = text.splitlines()
    assert lines[1] == "     0  state  Environment[clock=0]"  # the agents after it do not fit beside it
    for agent in range(4):  # each agent too long for a line starts one and continues under its first value
        start = lines.index(next(line for line in lines if line.startswith(" " * 15 + f"Unit{agent}[")))
        assert lines[start + 1].startswith(" " * 21 + f"counter_variable_{agent}_")


def test_a_model_without_propositions_has_no_props_rows() -> None:
    model = load_model_text(CYCLE)
    trace = check(model, witness=True).formulas[0].evidence.trace
    text = trace_text(trace, dataclasses.replace(model, propositions={}))  # a model built in Python may have none
    assert "props" not in text and "change Environment[phase=2]" in text


# ---------------------------------------------------------------- JSON


def test_json_steps_gain_props_and_changed_and_keep_their_fields() -> None:
    trace, model = _lamp_trace()
    steps = trace_json(trace, model)["steps"]
    assert [list(step) for step in steps] == [["index", "state", "action", "props", "changed"]] * 5
    assert [step["props"] for step in steps] == [[], ["on", "dusty"], ["on", "dusty"], ["on", "dusty"],
                                                 ["bright", "dusty"]]
    assert [step["changed"] for step in steps] == [[], ["Environment.power", "Environment.dust"], ["Lamp.level"],
                                                   ["Lamp.level"], ["Environment.power", "Lamp.level"]]
    assert steps[4]["state"] == {"Environment": {"power": False, "dust": True}, "Lamp": {"level": 3}}
    assert steps[4]["action"] is None and steps[0]["action"] == {"Environment": "flip", "Lamp": "up"}


def test_json_children_carry_the_fields_too(tmp_path: Path) -> None:
    model_file = tmp_path / "lamp.ispl"
    model_file.write_text(LAMP)
    result = runner.invoke(app, ["check", str(model_file), "--witness", "--json"])
    knows = json.loads(result.stdout)["formulas"][4]["trace"]
    run = knows["children"][0]["trace"]["steps"]
    assert run[0]["changed"] == [] and run[0]["props"] == []
    assert run[-1]["changed"] == ["Lamp.level"] and run[-1]["props"] == ["dusty"]


# ---------------------------------------------------------------- DOT


def _node_labels(dot: str) -> dict[str, str]:
    return dict(re.findall(r"^\s*(f\d+(?:c\d+)*s\d+) \[label=<(.*?)>, tooltip=", dot, re.MULTILINE))


def test_dot_highlights_changes_and_shows_the_full_state_first() -> None:
    trace, model = _lamp_trace()
    dot = traces_dot([(1, trace)], model)
    labels = _node_labels(dot)
    assert sorted(labels) == [f"f1s{index}" for index in range(5)]
    assert "full state" in labels["f1s0"] and "power=false" in labels["f1s0"] and "level=0" in labels["f1s0"]
    changed = '<B><FONT COLOR="#b3261e">{}</FONT></B>'
    assert "Lamp: " + changed.format("level=1") in labels["f1s2"]
    assert "power" not in labels["f1s2"] and "2 unchanged" in labels["f1s2"]
    assert "Environment: " + changed.format("power=false") in labels["f1s4"]
    assert "<I>props: bright, dusty</I>" in labels["f1s4"] and "<I>props: on, dusty</I>" in labels["f1s2"]
    assert "action: Environment.keep, Lamp.up" in labels["f1s2"] and "action:" not in labels["f1s4"]
    assert 'tooltip="Environment: power=true dust=true\\nLamp: level=1"' in dot  # the full state, on hover
    assert "rankdir=TB" in dot and dot.count("{") == dot.count("}")


def test_dot_with_full_states_marks_changes_within_every_state() -> None:
    trace, model = _lamp_trace()
    labels = _node_labels(traces_dot([(1, trace)], model, full_states=True))
    assert all("full state" in label and "level=" in label and "dust=" in label for label in labels.values())
    assert 'dust=true <B><FONT COLOR="#b3261e">level=3' not in labels["f1s4"]  # dust did not change
    assert '<B><FONT COLOR="#b3261e">level=3</FONT></B>' in labels["f1s4"]


def test_dot_nodes_stay_narrow_with_twenty_variables() -> None:
    model = load_model_text(_wide_model())
    trace = check(model, witness=True).formulas[0].evidence.trace
    for label in _node_labels(traces_dot([(1, trace)], model)).values():
        for row in re.findall(r"<TD ALIGN=\"LEFT\">(.*?)</TD>", label):
            assert len(re.sub(r"<[^>]+>", "", row).replace("&nbsp;", " ")) <= 40 + 2


@pytest.mark.skipif(shutil.which("dot") is None, reason="graphviz is not installed")
def test_graphviz_accepts_the_dot_file(tmp_path: Path) -> None:
    model = load_model_text(_wide_model())
    report = check(model, witness=True)
    dot = traces_dot([(r.index, r.evidence.trace) for r in report.formulas if r.evidence.trace], model)
    done = subprocess.run(["dot", "-Tsvg"], input=dot, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "Warning" not in done.stderr and "Error" not in done.stderr, done.stderr
    assert "counter_variable_0_4=1" in done.stdout


# ---------------------------------------------------------------- the command line


def test_check_prints_changes_by_default_and_everything_with_full_states(tmp_path: Path) -> None:
    model_file = tmp_path / "lamp.ispl"
    model_file.write_text(LAMP)
    default = runner.invoke(app, ["check", str(model_file), "--witness"])
    full = runner.invoke(app, ["check", str(model_file), "--witness", "--full-states"])
    assert default.exit_code == full.exit_code == 1
    first = default.stdout[:default.stdout.index("witness for EF bright")]  # AG !bright's counterexample
    assert "2  change Lamp[level=1]  (2 unchanged)" in first and "*" not in first
    assert "2  state  Environment[power=true dust=true] Lamp[level=1*]" in full.stdout
    assert "props  bright, dusty" in default.stdout and "props  bright, dusty" in full.stdout
    dot_file = tmp_path / "traces.dot"
    assert runner.invoke(app, ["check", str(model_file), "--dot", str(dot_file), "--full-states"]).exit_code == 1
    assert all("full state" in label for label in _node_labels(dot_file.read_text()).values())


def test_simulate_runs_read_like_traces() -> None:
    model = load_model_text(LAMP)
    states = ((False, False, 0), (True, True, 0), (True, True, 1))
    run = Run(states, (("flip", "up"), ("keep", "up")), deadlocked=False)
    rows = _rows("run 1\n" + runs_text(model, [run]).split("\n", 1)[1])
    assert rows[0]["state"] == "Environment[power=false dust=false] Lamp[level=0]"
    assert rows[2] == {"change": "Lamp[level=1]  (2 unchanged)", "props": "on, dusty"}
    full = _rows("run 1\n" + runs_text(model, [run], full_states=True).split("\n", 1)[1])
    assert full[2]["state"] == "Environment[power=true dust=true] Lamp[level=1*]"


def test_simulate_full_states_needs_random(tmp_path: Path) -> None:
    model_file = tmp_path / "lamp.ispl"
    model_file.write_text(LAMP)
    refused = runner.invoke(app, ["simulate", str(model_file), "--full-states"])
    assert refused.exit_code == 2 and "--full-states only works with --random" in refused.stderr
    taken = runner.invoke(app, ["simulate", str(model_file), "--random", "1", "--steps", "3", "--full-states"])
    assert taken.exit_code == 0 and "change" not in taken.stdout and "props" in taken.stdout
