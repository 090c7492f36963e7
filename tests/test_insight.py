"""`ctlstark info` and `ctlstark graph`: exact figures, JSON shape, the explicit graph, the refusal, DOT syntax."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ctlstark.api import load_model, load_model_text
from ctlstark.cli import app
from ctlstark.explicit import ExplicitSystem
from ctlstark.tools.insight import TooManyStates, graph_to_dot, model_info, state_graph
from ctlstark.symbolic.system import SymbolicSystem

EXAMPLES = Path(__file__).resolve().parent.parent / "ispl_examples"
runner = CliRunner()

# A light that a switch toggles at most twice; the environment hums or buzzes, which changes
# nothing (so every step has two joint actions: parallel edges to merge). After two presses
# the switch has no enabled action: a deadlock.
#
#   s0 (light off, 0 presses) --toggle--> s1 (on, 1) --toggle--> s2 (off, 2, deadlock)
#   s0 and s1 also loop on rest.
TINY = """\
Agent Environment
  Vars:
    light : boolean;
  end Vars
  Actions = { hum, buzz };
  Protocol:
    Other : { hum, buzz };
  end Protocol
  Evolution:
    light = true if light = false and Switch.Action = toggle;
    light = false if light = true and Switch.Action = toggle;
  end Evolution
end Agent
Agent Switch
  Lobsvars = { light };
  Vars:
    presses : 0..2;
  end Vars
  Actions = { toggle, rest };
  Protocol:
    presses < 2 : { toggle, rest };
  end Protocol
  Evolution:
    presses = presses + 1 if Action = toggle;
  end Evolution
end Agent
Evaluation
  on if Environment.light = true;
  worn if Switch.presses = 2;
end Evaluation
InitStates
  Environment.light = false and Switch.presses = 0;
end InitStates
Groups
  everyone = { Environment, Switch };
end Groups
Formulae
  EF worn;
end Formulae
"""


def chain(initial: str) -> str:
    """A counter 0..5 that steps up by one and stays at 5; `initial` is the InitStates condition."""
    return f"""\
Agent Environment
  Vars:
    x : 0..5;
  end Vars
  Actions = {{ tick }};
  Protocol:
    Other : {{ tick }};
  end Protocol
  Evolution:
    x = x + 1 if x < 5;
  end Evolution
end Agent
Agent Watcher
  Lobsvars = {{ x }};
  Vars:
    seen : boolean;
  end Vars
  Actions = {{ look }};
  Protocol:
    Other : {{ look }};
  end Protocol
  Evolution:
    seen = true if Environment.x = 5;
  end Evolution
end Agent
Evaluation
  top if Environment.x = 5;
end Evaluation
InitStates
  {initial};
end InitStates
Formulae
  EF top;
end Formulae
"""


def free_booleans(count: int) -> str:
    """An environment with `count` booleans, any initial valuation, nothing changes: 2**count reachable states."""
    declarations = "\n".join(f"    b{k} : boolean;" for k in range(count))
    return f"""\
Agent Environment
  Vars:
{declarations}
  end Vars
  Actions = {{ none }};
  Protocol:
    Other : {{ none }};
  end Protocol
  Evolution:
    b0 = b0 if Action = none;
  end Evolution
end Agent
Agent Idle
  Vars:
    z : boolean;
  end Vars
  Actions = {{ wait }};
  Protocol:
    Other : {{ wait }};
  end Protocol
  Evolution:
    z = z if Action = wait;
  end Evolution
end Agent
Evaluation
  first if Environment.b0 = true;
end Evaluation
InitStates
  Idle.z = false;
end InitStates
Formulae
  EF first;
end Formulae
"""


@pytest.fixture()
def tiny_file(tmp_path: Path) -> Path:
    path = tmp_path / "tiny.ispl"
    path.write_text(TINY)
    return path


# ---------------------------------------------------------------- info: figures


def test_deadlock_example_counts_diameter_and_trace_to_a_deadlock() -> None:
    model = load_model(EXAMPLES / "deadlock.ispl")
    info = model_info(model)
    assert (info.initial_states, info.reachable_states, info.deadlock_states) == (1, 8, 2)
    # running 3 -> running 2 -> running 1 -> running 0 (a deadlock) is the farthest: 3 transitions
    assert info.diameter == 3
    steps = info.to_json()["deadlock_trace"]["steps"]
    # the nearer deadlock: working with 2 units left breaks the machine after two steps
    assert [step["state"]["Machine"] for step in steps] == [
        {"fuel": 3, "mode": "running"}, {"fuel": 2, "mode": "running"}, {"fuel": 2, "mode": "broken"}]
    assert [step["action"]["Machine"] for step in steps[:-1]] == ["work", "work"]
    assert steps[-1]["action"] is None
    oracle = ExplicitSystem(model)
    last = (steps[-1]["state"]["Machine"]["fuel"], steps[-1]["state"]["Machine"]["mode"])
    assert last in oracle.deadlocks()


def test_bit_transmission_reachable_states_and_no_deadlock() -> None:
    info = model_info(EXAMPLES / "bit_transmission.ispl")
    assert info.reachable_states == 6
    assert info.initial_states == 2
    assert info.deadlock_states == 0
    assert info.deadlock_trace is None
    assert info.file == str(EXAMPLES / "bit_transmission.ispl")


@pytest.mark.parametrize(("initial", "reachable", "diameter"), [
    ("Environment.x = 0 and Watcher.seen = false", 7, 6),  # x 0..5 unseen, then x = 5 seen
    ("Environment.x = 5 and Watcher.seen = false", 2, 1),
    ("(Environment.x = 0 or Environment.x = 3) and Watcher.seen = false", 7, 3),  # distances from the nearer start
])
def test_diameter_is_the_greatest_distance_from_the_initial_states(initial: str, reachable: int, diameter: int) -> None:
    info = model_info(load_model_text(chain(initial), "chain.ispl"))
    assert info.reachable_states == reachable
    assert info.diameter == diameter


def test_no_initial_state_has_no_diameter() -> None:
    info = model_info(load_model_text(chain("Environment.x = 0 and Environment.x = 1"), "chain.ispl"))
    assert (info.initial_states, info.reachable_states, info.diameter, info.deadlock_states) == (0, 0, None, 0)


def test_declarations_types_bits_observations_and_propositions() -> None:
    info = model_info(load_model_text(TINY, "tiny.ispl"))
    environment, switch = info.agents
    assert (environment.name, environment.implicit, environment.actions, environment.action_bits) == (
        "Environment", False, ["hum", "buzz"], 1)
    light = environment.variables[0]
    assert (light.name, light.type, light.values, light.bits) == ("light", "boolean", [False, True], 1)
    presses = switch.variables[0]
    assert (presses.type, presses.values, presses.low, presses.high, presses.bits) == ("range", None, 0, 2, 2)
    assert (environment.observes, switch.observes) == ([], ["light"])
    assert [(p.name, p.reachable_states) for p in info.propositions] == [("on", 1), ("worn", 1)]
    assert info.groups == {"everyone": ["Environment", "Switch"]}
    assert info.semantics == "multi"


def test_observed_variables_are_obsvars_then_lobsvars() -> None:
    info = model_info(EXAMPLES / "card_game.ispl")
    players = {agent.name: agent for agent in info.agents}
    assert players["Player1"].observes == ["stage", "winner", "p1card"]
    assert players["Player2"].observes == ["stage", "winner", "p2card"]
    card = next(v for v in players["Environment"].variables if v.name == "p1card")
    assert (card.type, card.values, card.bits) == ("enumeration", ["ace", "king", "queen"], 2)


def test_a_model_without_environment_gets_the_implicit_one() -> None:
    info = model_info(EXAMPLES / "deadlock.ispl")
    assert info.agents[0].name == "Environment"
    assert info.agents[0].implicit
    assert not info.agents[1].implicit


def test_bdd_sizes_agree_with_the_encoding() -> None:
    info = model_info(load_model_text(TINY, "tiny.ispl"))
    bdd = info.bdd
    assert bdd.state_bits == 1 + 2
    assert bdd.action_bits == 1 + 1
    assert bdd.variables == 2 * bdd.state_bits + bdd.action_bits
    assert bdd.relation_clusters == len(bdd.relation_cluster_nodes) >= 1
    assert bdd.relation_nodes == sum(bdd.relation_cluster_nodes)
    assert bdd.reachable_nodes >= 1
    assert bdd.peak_nodes >= bdd.relation_nodes


def test_variable_order_lists_every_block_once() -> None:
    info = model_info(EXAMPLES / "deadlock.ispl")
    assert info.variable_order == ["Machine.fuel", "Machine.mode", "Machine.Action"]
    tiny = model_info(load_model_text(TINY, "tiny.ispl"))
    assert sorted(tiny.variable_order) == sorted(
        ["Environment.light", "Environment.Action", "Switch.presses", "Switch.Action"])


# ---------------------------------------------------------------- info: JSON and CLI


INFO_KEYS = {"schema", "ctlstark_version", "model", "file", "semantics", "agents", "propositions", "groups",
             "fairness", "compassion", "initial_states", "reachable_states", "diameter", "deadlock_states", "deadlock_trace",
             "bdd", "variable_order", "warnings"}


def test_info_json_has_the_documented_shape() -> None:
    result = runner.invoke(app, ["info", str(EXAMPLES / "deadlock.ispl"), "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert set(document) == INFO_KEYS
    assert document["schema"] == 1
    assert document["file"] == str(EXAMPLES / "deadlock.ispl")
    assert (document["reachable_states"], document["diameter"], document["deadlock_states"]) == (8, 3, 2)
    assert set(document["agents"][1]) == {"name", "implicit", "variables", "observes", "actions", "action_bits"}
    assert set(document["agents"][1]["variables"][0]) == {"name", "type", "values", "low", "high", "bits"}
    assert set(document["bdd"]) == {"variables", "state_bits", "action_bits", "relation_clusters",
                                    "relation_cluster_nodes", "relation_nodes", "reachable_nodes", "peak_nodes",
                                    "reordering"}
    assert document["deadlock_trace"]["kind"] == "path"
    assert len(document["deadlock_trace"]["steps"]) == 3


def test_info_text_shows_the_figures() -> None:
    result = runner.invoke(app, ["info", str(EXAMPLES / "deadlock.ispl")])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "reachable states: 8" in lines
    assert "deadlock states: 2" in lines
    assert any(line.startswith("diameter: 3 ") for line in lines)
    assert any("fuel : 0..3  (2 bits)" in line for line in lines)
    assert any(line.startswith("variable order (3 blocks, top first): Machine.fuel") for line in lines)


@pytest.mark.parametrize("command", [["info"], ["graph", "--dot", "-"]])
def test_bad_model_gives_a_diagnostic_and_exit_2(tmp_path: Path, command: list[str]) -> None:
    broken = tmp_path / "broken.ispl"
    broken.write_text(TINY.replace("presses < 2 :", "presses != 2 :"))
    result = runner.invoke(app, [command[0], str(broken), *command[1:]])
    assert result.exit_code == 2
    line_number = TINY.splitlines().index("    presses < 2 : { toggle, rest };") + 1
    assert f"broken.ispl:{line_number}:" in result.stderr
    assert "Traceback" not in result.output


# ---------------------------------------------------------------- graph


def test_tiny_graph_matches_the_hand_drawn_one() -> None:
    graph = state_graph(load_model_text(TINY, "tiny.ispl"))
    nodes = [(n.index, n.values, n.propositions, n.initial, n.deadlock, n.distance) for n in graph.nodes]
    assert nodes == [
        (0, {"Environment": {"light": False}, "Switch": {"presses": 0}}, (), True, False, 0),
        (1, {"Environment": {"light": True}, "Switch": {"presses": 1}}, ("on",), False, False, 1),
        (2, {"Environment": {"light": False}, "Switch": {"presses": 2}}, ("worn",), False, True, 2),
    ]
    edges = [(e.source, e.target, e.actions) for e in graph.edges]
    assert edges == [
        (0, 0, (("buzz", "rest"), ("hum", "rest"))),
        (0, 1, (("buzz", "toggle"), ("hum", "toggle"))),
        (1, 1, (("buzz", "rest"), ("hum", "rest"))),
        (1, 2, (("buzz", "toggle"), ("hum", "toggle"))),
    ]


def test_graph_agrees_with_the_explicit_oracle() -> None:
    model = load_model(EXAMPLES / "train_gate_controller.ispl")
    graph = state_graph(model)
    oracle = ExplicitSystem(model)
    by_index = {node.index: node.state for node in graph.nodes}
    assert set(by_index.values()) == set(oracle.states)
    assert {node.state for node in graph.nodes if node.initial} == set(oracle.initial)
    assert {(by_index[e.source], by_index[e.target]) for e in graph.edges} == {
        (state, target) for state, targets in oracle.successors.items() for target in targets}
    labelled = oracle.labelled_successors()
    for edge in graph.edges:
        source, target = by_index[edge.source], by_index[edge.target]
        assert set(edge.actions) == {action for action, targets in labelled[source].items() if target in targets}


def test_dot_marks_initial_and_deadlock_states_and_merges_parallel_edges() -> None:
    dot = graph_to_dot(state_graph(load_model_text(TINY, "tiny.ispl")))
    node_lines = {match.group(1): match.group(2) for match in re.finditer(r"^  (s\d+) \[(.*)\];$", dot, re.M)}
    assert "peripheries=2" in node_lines["s0"] and "style=bold" in node_lines["s0"]
    assert "color=red" in node_lines["s2"] and "deadlock" in node_lines["s2"]
    assert "peripheries" not in node_lines["s1"] and "red" not in node_lines["s1"]
    assert 'Environment: light=true\\nSwitch: presses=1\\n[on]' in node_lines["s1"]
    edge_lines = re.findall(r"^  s\d+ -> s\d+.*$", dot, re.M)
    assert len(edge_lines) == 4
    assert '  s0 -> s1 [label="Environment.buzz, Switch.toggle\\nEnvironment.hum, Switch.toggle"];' in edge_lines


def test_agents_with_a_single_action_are_left_out_of_edge_labels() -> None:
    dot = graph_to_dot(state_graph(EXAMPLES / "deadlock.ispl"))
    assert '  s0 -> s1 [label="Machine.work"];' in dot.splitlines()


_STATEMENT = re.compile(r"""
    \s* (?: digraph\ "(?:[^"\\]|\\.)*"\ \{          # the header
          | \}                                       # the end
          | \w+=(?:"(?:[^"\\]|\\.)*"|\w+);           # a graph attribute
          | (?:node|edge)\ \[[^\]]*\];               # defaults
          | s\d+(?:\ ->\ s\d+)?                      # a node or an edge ...
            (?:\ \[(?:\w+=(?:"(?:[^"\\]|\\.)*"|\w+)(?:,\ )?)+\])?;   # ... with quoted or bare attributes
        ) \s*$""", re.X)


def _check_dot_syntax(dot: str) -> None:
    lines = dot.splitlines()
    assert lines[0].startswith("digraph ") and lines[-1] == "}"
    for line in lines:
        assert _STATEMENT.fullmatch(line), f"not a DOT statement: {line!r}"
    dot_binary = shutil.which("dot")
    if dot_binary is not None:
        rendered = subprocess.run([dot_binary, "-Tcanon"], input=dot, capture_output=True, text=True, check=False)
        assert rendered.returncode == 0, rendered.stderr


def test_dot_is_well_formed_with_awkward_names(tmp_path: Path) -> None:
    awkward = tmp_path / 'we "ird" \\ name.ispl'
    awkward.write_text(TINY)
    graph = state_graph(load_model(awkward))
    assert graph.model == 'we "ird" \\ name'
    dot = graph_to_dot(graph)
    assert dot.startswith('digraph "we \\"ird\\" \\\\ name" {')
    _check_dot_syntax(dot)


@pytest.mark.parametrize("example", ["bit_transmission", "card_game", "deadlock", "muddy_children"])
def test_dot_of_examples_is_well_formed(example: str) -> None:
    _check_dot_syntax(graph_to_dot(state_graph(EXAMPLES / f"{example}.ispl")))


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz is not installed")
def test_graphviz_renders_the_graph(tiny_file: Path, tmp_path: Path) -> None:
    dot_file = tmp_path / "tiny.dot"
    assert runner.invoke(app, ["graph", str(tiny_file), "--dot", str(dot_file)]).exit_code == 0
    svg = subprocess.run(["dot", "-Tsvg", str(dot_file)], capture_output=True, text=True, check=False)
    assert svg.returncode == 0, svg.stderr
    assert "<svg" in svg.stdout


def test_graph_refuses_above_the_limit_before_enumerating(monkeypatch: pytest.MonkeyPatch) -> None:
    def must_not_enumerate(self, states):
        raise AssertionError("enumerated the reachable states")

    monkeypatch.setattr(SymbolicSystem, "states_of", must_not_enumerate)
    with pytest.raises(TooManyStates) as refused:
        state_graph(load_model_text(free_booleans(40), "huge.ispl"), max_states=1000)
    assert (refused.value.states, refused.value.limit) == (2**40, 1000)


def test_graph_refusal_on_the_command_line(tmp_path: Path) -> None:
    huge = tmp_path / "huge.ispl"
    huge.write_text(free_booleans(40))
    result = runner.invoke(app, ["graph", str(huge), "--dot", str(tmp_path / "huge.dot")])
    assert result.exit_code == 3
    assert result.stderr.strip() == ("ctlstark: the model has 1,099,511,627,776 reachable states, more than "
                                     "--max-states 1000; raise the limit or use 'ctlstark info'")
    assert not (tmp_path / "huge.dot").exists()


def test_max_states_is_an_inclusive_limit(tiny_file: Path) -> None:
    assert runner.invoke(app, ["graph", str(tiny_file), "--dot", "-", "--max-states", "3"]).exit_code == 0
    refused = runner.invoke(app, ["graph", str(tiny_file), "--dot", "-", "--max-states", "2"])
    assert refused.exit_code == 3
    assert "the model has 3 reachable states, more than --max-states 2" in refused.stderr


def test_graph_to_stdout_and_to_a_file(tiny_file: Path, tmp_path: Path) -> None:
    to_stdout = runner.invoke(app, ["graph", str(tiny_file), "--dot", "-"])
    assert to_stdout.exit_code == 0
    assert to_stdout.stdout.startswith('digraph "tiny" {')
    dot_file = tmp_path / "out.dot"
    to_file = runner.invoke(app, ["graph", str(tiny_file), "--dot", str(dot_file)])
    assert to_file.exit_code == 0
    assert to_file.stdout.strip() == f"wrote 3 states and 4 edges to {dot_file}"
    assert dot_file.read_text() == to_stdout.stdout


def test_unwritable_dot_file_exits_3(tiny_file: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["graph", str(tiny_file), "--dot", str(tmp_path / "missing" / "out.dot")])
    assert result.exit_code == 3
    assert "cannot write" in result.stderr
    assert "Traceback" not in result.output


def test_info_lists_compassion_pairs(tmp_path: Path) -> None:
    from test_compassion import ARBITER

    path = tmp_path / "arbiter.ispl"
    path.write_text(ARBITER, encoding="utf-8")
    text = runner.invoke(app, ["info", str(path)])
    assert text.exit_code == 0, text.output
    assert "compassion: waiting -> granted" in text.stdout
    document = json.loads(runner.invoke(app, ["info", str(path), "--json"]).stdout)
    assert document["compassion"] == ["waiting -> granted"]
