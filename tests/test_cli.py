"""The command line: output, JSON document, exit statuses, diagnostics."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ctlstark.cli import app

TOGGLE = """\
-- A light that a switch toggles; the switch may also rest.
Agent Environment
  Vars:
    light : boolean;
  end Vars
  Actions = { none };
  Protocol:
    Other : { none };
  end Protocol
  Evolution:
    light = true if light = false and Switch.Action = toggle;
    light = false if light = true and Switch.Action = toggle;
  end Evolution
end Agent
Agent Switch
  Lobsvars = { light };
  Vars:
    presses : 0..3;
  end Vars
  Actions = { toggle, rest };
  Protocol:
    presses < 3 : { toggle, rest };
    Other : { rest };
  end Protocol
  Evolution:
    presses = presses + 1 if Action = toggle;
  end Evolution
end Agent
Evaluation
  on if Environment.light = true;
  worn if Switch.presses = 3;
end Evaluation
InitStates
  Environment.light = false and Switch.presses = 0;
end InitStates
Formulae
  EF on;
  AG (worn -> K(Switch, worn));
  AF on;
end Formulae
"""


@pytest.fixture()
def toggle_file(tmp_path: Path) -> Path:
    path = tmp_path / "toggle.ispl"
    path.write_text(TOGGLE)
    return path


runner = CliRunner()


def test_text_output_lists_each_formula_and_exits_1_when_one_is_false(toggle_file: Path) -> None:
    result = runner.invoke(app, ["check", str(toggle_file)])
    lines = result.stdout.splitlines()
    assert result.exit_code == 1
    assert any(line.split()[:2] == ["1", "TRUE"] for line in lines)
    assert any(line.split()[:2] == ["2", "TRUE"] for line in lines)
    assert any(line.split()[:2] == ["3", "FALSE"] for line in lines)
    assert "reachable states: 4" in result.stdout


def test_json_document_has_the_documented_fields(toggle_file: Path) -> None:
    result = runner.invoke(app, ["check", str(toggle_file), "--json", "--formula", "AG EF on", "--deadlock"])
    document = json.loads(result.stdout)
    assert document["model"] == "toggle"
    assert document["reachable_states"] == 4
    assert document["deadlock_states"] == 0
    assert [f["index"] for f in document["formulas"]] == [1, 2, 3, 4]
    assert [f["verdict"] for f in document["formulas"]] == [True, True, False, True]
    assert document["formulas"][3]["source"] == "--formula"
    assert result.exit_code == 1


def test_only_formula_all_true_exits_0(toggle_file: Path) -> None:
    result = runner.invoke(app, ["check", str(toggle_file), "--only", "-f", "EF worn"])
    assert result.exit_code == 0, result.output


def test_syntax_error_is_reported_with_position_and_exit_2(tmp_path: Path) -> None:
    broken = tmp_path / "broken.ispl"
    broken.write_text(TOGGLE.replace("presses < 3 : { toggle, rest };", "presses != 3 : { toggle, rest };"))
    result = runner.invoke(app, ["check", str(broken)])
    assert result.exit_code == 2
    line_number = TOGGLE.splitlines().index("    presses < 3 : { toggle, rest };") + 1
    assert f"broken.ispl:{line_number}:" in result.stderr
    assert "Traceback" not in result.output


def test_bad_formula_on_command_line_exits_2(toggle_file: Path) -> None:
    result = runner.invoke(app, ["check", str(toggle_file), "-f", "AG nosuchprop"])
    assert result.exit_code == 2
    assert "nosuchprop" in result.stderr


def test_missing_file_exits_2_without_traceback(tmp_path: Path) -> None:
    result = runner.invoke(app, ["check", str(tmp_path / "absent.ispl")])
    assert result.exit_code == 2
    assert "absent.ispl" in result.stderr
    assert "Traceback" not in result.output


def test_python_dash_m_is_the_same_program(toggle_file: Path) -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "ctlstark", "check", str(toggle_file), "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert completed.returncode == 1
    assert json.loads(completed.stdout)["reachable_states"] == 4
    assert "Still" not in completed.stderr  # no CUDD shutdown complaints


def test_long_chains_are_checked_without_hitting_the_recursion_limit(toggle_file: Path) -> None:
    """A conjunction of 3000 knowledge operators nests 3000 deep (Python's default limit is 1000)."""
    chain = " and ".join(["!K(Switch, worn)"] * 1500 + ["AG (worn -> K(Switch, worn))"] * 1500)
    result = runner.invoke(app, ["check", str(toggle_file), "--only", "-f", f"!worn -> ({chain})", "--json"])
    assert result.exit_code == 0, result.output[-500:]
    assert json.loads(result.stdout)["formulas"][0]["verdict"] is True


def test_json_reports_the_peak_node_count(toggle_file: Path) -> None:
    result = runner.invoke(app, ["check", str(toggle_file), "--json"])
    document = json.loads(result.stdout)
    assert document["bdd_peak_nodes"] >= document["bdd_nodes_reachable"] > 0


def test_witness_says_why_a_verdict_has_no_trace(toggle_file: Path) -> None:
    result = runner.invoke(app, ["check", str(toggle_file), "--only", "--witness",
                                 "-f", "on or !on", "-f", "on", "-f", "EF on", "-f", "AG (worn -> K(Switch, worn))"])
    lines = result.stdout.splitlines()

    def below(verdict_line: str) -> str:
        return lines[lines.index(verdict_line) + 1].strip()

    assert below("  1  TRUE   on or !on") == "(no trace: a propositional formula is decided by the initial states alone)"
    assert below("  2  FALSE  on") == "(no trace: a propositional formula is decided by the initial states alone)"
    assert below("  3  TRUE   EF on") == "witness for EF on"
    assert below("  4  TRUE   AG (worn -> K(Switch, worn))").startswith("(no trace: a TRUE A… formula holds on every run")
    assert result.exit_code == 1


def test_no_trace_note_stays_out_of_the_json_document(toggle_file: Path) -> None:
    plain = runner.invoke(app, ["check", str(toggle_file), "--only", "-f", "on", "--json", "--reproducible"])
    explained = runner.invoke(app, ["check", str(toggle_file), "--only", "-f", "on", "--json", "--reproducible",
                                    "--witness"])
    assert json.loads(explained.stdout) == json.loads(plain.stdout)
    assert "no trace" not in explained.stdout


@pytest.mark.parametrize("arguments", [["--help"], ["check", "--help"], ["simulate", "--help"]])
def test_help_shows_flags_and_the_model_argument_as_they_are_typed(arguments: list[str]) -> None:
    result = runner.invoke(app, arguments, terminal_width=200)
    assert result.exit_code == 0
    assert "<bool>" not in result.stdout  # typer's rendering of a flag, which takes no value
    usage = next(line for line in result.stdout.splitlines() if "Usage:" in line)
    assert "{" not in usage
    if arguments[0] != "--help":
        assert f"{arguments[0]} [OPTIONS] MODEL.ispl" in usage


def test_check_help_lists_every_exit_status() -> None:
    import typer.main

    from ctlstark import cli

    help_text = " ".join(typer.main.get_command(app).commands["check"].help.split())
    for status in (cli.EXIT_ALL_TRUE, cli.EXIT_SOME_FALSE, cli.EXIT_INPUT_ERROR, cli.EXIT_NOT_CHECKED,
                   cli.EXIT_TIME_LIMIT, cli.EXIT_NOTHING_CHECKED, cli.EXIT_OUTPUT_NOT_WRITTEN,
                   cli.EXIT_INTERRUPTED, cli.EXIT_INTERNAL_ERROR):
        assert f" {status} " in help_text, status


# ---------------------------------------------------------------- issue 17 item 3: rough edges of the command line

NO_FORMULAE = TOGGLE[:TOGGLE.index("Formulae")] + "Formulae\nend Formulae\n"


@pytest.mark.parametrize("case", ["empty Formulae section", "--only without -f"])
def test_nothing_to_check_is_an_error_with_its_own_exit_status(tmp_path: Path, case: str) -> None:
    from ctlstark import cli

    model = tmp_path / "model.ispl"
    model.write_text(NO_FORMULAE if case == "empty Formulae section" else TOGGLE)
    result = runner.invoke(app, ["check", str(model)] + (["--only"] if case == "--only without -f" else []))
    assert result.exit_code == cli.EXIT_NOTHING_CHECKED
    assert cli.EXIT_NOTHING_CHECKED not in (cli.EXIT_ALL_TRUE, cli.EXIT_SOME_FALSE, cli.EXIT_INPUT_ERROR,
                                            cli.EXIT_NOT_CHECKED, cli.EXIT_TIME_LIMIT)
    errors = [line for line in result.stderr.splitlines() if "error:" in line]
    assert len(errors) == 1 and errors[0].startswith(f"{model}: error: no formula to check"), result.stderr
    assert "reachable states:" in result.stdout  # the report is still printed


def test_nothing_to_check_still_writes_the_json_document(tmp_path: Path) -> None:
    from ctlstark import cli

    model = tmp_path / "model.ispl"
    model.write_text(NO_FORMULAE)
    result = runner.invoke(app, ["check", str(model), "--json"])
    assert result.exit_code == cli.EXIT_NOTHING_CHECKED
    document = json.loads(result.stdout)
    assert document["formulas"] == [] and document["model"] == "model"


def test_a_formula_on_the_command_line_is_something_to_check(tmp_path: Path) -> None:
    model = tmp_path / "model.ispl"
    model.write_text(NO_FORMULAE)
    result = runner.invoke(app, ["check", str(model), "-f", "EF on"])
    assert result.exit_code == 0, result.output
    assert "no formula" not in result.stderr


MODEL_COMMANDS = [["check"], ["check", "--lint"], ["info"], ["simulate", "--random", "1"], ["graph", "--dot", "-"],
                  ["fmt"], ["fmt", "--check"], ["fmt", "--in-place"]]


@pytest.mark.parametrize("command", MODEL_COMMANDS, ids=" ".join)
@pytest.mark.parametrize("unreadable", ["missing", "directory"])
def test_an_unreadable_model_is_a_located_error_for_every_command(tmp_path: Path, command: list[str],
                                                                  unreadable: str) -> None:
    path = tmp_path / "absent.ispl" if unreadable == "missing" else tmp_path
    result = runner.invoke(app, [command[0], str(path), *command[1:]])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{path}:1:1: error: cannot read"), result.stderr
    assert len(result.stderr.splitlines()) == 1  # one line: no usage box, no traceback


LTL_ENTRY = "  LTL !on U worn;\n"


def test_mcmas_grouping_warning_is_located_like_every_diagnostic(tmp_path: Path) -> None:
    model = tmp_path / "ltl.ispl"
    text = TOGGLE.replace("  AF on;\n", "  AF on;\n" + LTL_ENTRY)
    model.write_text(text)
    line = text.splitlines().index(LTL_ENTRY.rstrip("\n")) + 1
    column = LTL_ENTRY.index("LTL") + 1
    result = runner.invoke(app, ["check", str(model)])
    warnings = [entry for entry in result.stderr.splitlines() if "MCMAS reads" in entry]
    assert warnings and warnings[0].startswith(f"{model}:{line}:{column}: warning: "), result.stderr
    document = json.loads(runner.invoke(app, ["check", str(model), "--json"]).stdout)
    entry = next(formula for formula in document["formulas"] if formula["mode"] == "ltl")
    assert entry["warnings"] == warnings  # the JSON carries the same located text


def test_mcmas_grouping_warning_of_a_command_line_formula_names_it(toggle_file: Path) -> None:
    result = runner.invoke(app, ["check", str(toggle_file), "--only", "-f", LTL_ENTRY.strip().rstrip(";")])
    warnings = [entry for entry in result.stderr.splitlines() if "MCMAS reads" in entry]
    assert warnings and warnings[0].startswith("--formula: warning: "), result.stderr


def test_fairness_warning_is_not_located_twice() -> None:
    example = Path(__file__).resolve().parents[1] / "ispl_examples" / "fair_channel.ispl"
    result = runner.invoke(app, ["check", str(example)])
    warnings = [line for line in result.stderr.splitlines() if "fair paths only" in line]
    assert warnings and all(line.startswith(f"{example}:") and line.count(": warning: ") == 1 for line in warnings)


def test_unwritable_dot_file_keeps_the_verdicts_and_says_why(toggle_file: Path, tmp_path: Path) -> None:
    from ctlstark import cli

    target = tmp_path / "no-such-dir" / "x.dot"
    result = runner.invoke(app, ["check", str(toggle_file), "--dot", str(target)])
    assert any(line.split()[:2] == ["3", "FALSE"] for line in result.stdout.splitlines()), result.stdout
    assert result.stderr.strip().splitlines() == [result.stderr.strip()]  # one line
    assert result.stderr.startswith(f"ctlstark: error: cannot write {target}: ")
    assert result.exit_code == cli.EXIT_OUTPUT_NOT_WRITTEN
    assert cli.EXIT_OUTPUT_NOT_WRITTEN not in (cli.EXIT_ALL_TRUE, cli.EXIT_SOME_FALSE, cli.EXIT_INPUT_ERROR,
                                               cli.EXIT_NOT_CHECKED, cli.EXIT_TIME_LIMIT, cli.EXIT_NOTHING_CHECKED)


def test_unwritable_dot_file_keeps_the_json_document(toggle_file: Path, tmp_path: Path) -> None:
    from ctlstark import cli

    result = runner.invoke(app, ["check", str(toggle_file), "--json", "--dot", str(tmp_path)])  # a directory
    assert [formula["verdict"] for formula in json.loads(result.stdout)["formulas"]] == [True, True, False]
    assert result.exit_code == cli.EXIT_OUTPUT_NOT_WRITTEN


@pytest.mark.parametrize(("typed", "meant"), [
    (["{model}"], "check {model}"),
    (["-k", "{model}"], "check --deadlock {model}"),
    (["-c", "3", "{model}"], "check --witness {model}"),
    (["check", "{model}", "-c", "1"], "check {model} --witness"),
    (["-s", "{model}"], "simulate {model}"),
    (["-f", "EF on", "{model}"], "check -f 'EF on' {model}"),
])
def test_mcmas_habits_get_the_ctlstark_spelling(toggle_file: Path, typed: list[str], meant: str) -> None:
    arguments = [word.format(model=toggle_file) for word in typed]
    result = runner.invoke(app, arguments)
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == f"did you mean: ctlstark {meant.format(model=toggle_file)}"


def test_a_mcmas_flag_without_equivalent_is_named(toggle_file: Path) -> None:
    result = runner.invoke(app, ["-v", "3", "-k", str(toggle_file)])
    assert result.exit_code == 2
    hint = result.stderr.splitlines()[-1]
    assert hint.startswith(f"did you mean: ctlstark check --deadlock {toggle_file}") and "-v 3" in hint


@pytest.mark.parametrize("typed", [["--bogus"], ["chek", "{model}"], ["check", "{model}", "--dot"],
                                   ["info", "-k", "{model}"]])
def test_other_misuse_gets_no_hint(toggle_file: Path, typed: list[str]) -> None:
    result = runner.invoke(app, [word.format(model=toggle_file) for word in typed])
    assert result.exit_code == 2
    assert "did you mean: ctlstark" not in result.stderr


# ---------------------------------------------------------------- issue 22 item 4: the model on standard input


def test_check_reads_the_model_from_standard_input() -> None:
    result = runner.invoke(app, ["check", "-"], input=TOGGLE)
    assert result.exit_code == 1, result.output
    assert result.stdout.splitlines()[0].startswith("model <stdin> (<stdin>)")
    assert [line.split()[1] for line in result.stdout.splitlines()[1:4]] == ["TRUE", "TRUE", "FALSE"]
    document = json.loads(runner.invoke(app, ["check", "-", "--json", "-f", "EF worn"], input=TOGGLE).stdout)
    assert (document["model"], document["file"]) == ("<stdin>", "<stdin>")
    assert [f["verdict"] for f in document["formulas"]] == [True, True, False, True]


def test_diagnostics_of_standard_input_are_located_like_a_file_s() -> None:
    broken = TOGGLE.replace("presses < 3 : { toggle, rest };", "presses < 3 : { toggle, jump };")
    result = runner.invoke(app, ["check", "-"], input=broken)
    assert result.exit_code == 2
    line = TOGGLE.splitlines().index("    presses < 3 : { toggle, rest };") + 1
    assert result.stderr.splitlines() == [
        f"<stdin>:{line}:29: error: action `jump` is not declared by `Switch`",
        "        presses < 3 : { toggle, jump };",
        "                                ^"]
    syntax = runner.invoke(app, ["check", "-"], input=TOGGLE.replace("end Evaluation", "end Evaluatio"))
    assert syntax.exit_code == 2 and syntax.stderr.startswith("<stdin>:")


@pytest.mark.parametrize("data, located, message", [
    (b"", "<stdin>:1:1", "standard input is empty"),
    (b" \n\t\n", "<stdin>:1:1", "standard input is empty"),
    (TOGGLE.encode().replace(b"light : boolean", b"l\xe9ight : boolean"), "<stdin>:4:6",
     "standard input is not UTF-8 text: byte 0xe9 cannot be decoded"),
])
@pytest.mark.parametrize("command", [["check"], ["info"], ["graph", "--dot", "-"], ["fmt"], ["simulate", "--random", "1"]])
def test_empty_or_undecodable_standard_input_is_a_clear_error(command: list[str], data: bytes, located: str,
                                                              message: str) -> None:
    result = runner.invoke(app, [*command, "-"], input=data)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"{located}: error: {message}")
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)


def test_info_graph_and_simulate_read_standard_input() -> None:
    info = runner.invoke(app, ["info", "-", "--json"], input=TOGGLE)
    assert info.exit_code == 0 and json.loads(info.stdout)["file"] == "<stdin>"
    graph = runner.invoke(app, ["graph", "-", "--dot", "-"], input=TOGGLE)
    assert graph.exit_code == 0 and graph.stdout.startswith('digraph "<stdin>"')
    runs = runner.invoke(app, ["simulate", "-", "--random", "2", "--steps", "3", "--json"], input=TOGGLE)
    assert runs.exit_code == 0 and len(json.loads(runs.stdout)) == 2


def test_interactive_simulation_cannot_read_its_model_from_standard_input() -> None:
    result = runner.invoke(app, ["simulate", "-"], input=TOGGLE)
    assert result.exit_code == 2
    assert "simulate - reads the model from standard input" in result.stderr and "--random" in result.stderr


def test_fmt_prints_standard_input_formatted_and_refuses_to_rewrite_it(toggle_file: Path) -> None:
    printed = runner.invoke(app, ["fmt", "-"], input=TOGGLE)
    assert printed.exit_code == 0
    assert printed.stdout == runner.invoke(app, ["fmt", str(toggle_file)]).stdout
    for option in ("--in-place", "-i"):
        refused = runner.invoke(app, ["fmt", option, "-"], input=TOGGLE)
        assert refused.exit_code == 2 and refused.stdout == ""
        assert "cannot be rewritten in place: drop --in-place" in refused.stderr
    checked = runner.invoke(app, ["fmt", "--check", "-"], input=TOGGLE)
    assert (checked.exit_code, checked.stderr) == (1, "<stdin>\n")
    assert runner.invoke(app, ["fmt", "--check", "-"], input=printed.stdout).exit_code == 0
    assert runner.invoke(app, ["fmt", "--check", "-"], input=printed.stdout.replace("\n", "\r\n")).exit_code == 1


def test_nothing_to_check_names_standard_input() -> None:
    result = runner.invoke(app, ["check", "-", "--only"], input=TOGGLE)
    assert result.exit_code == 5
    assert "<stdin>: error: no formula to check" in result.stderr


def test_a_real_pipe_into_the_installed_program(toggle_file: Path) -> None:
    completed = subprocess.run([sys.executable, "-m", "ctlstark", "check", "-", "--json"], input=TOGGLE,
                               capture_output=True, text=True, timeout=120)
    assert completed.returncode == 1, completed.stderr
    assert json.loads(completed.stdout)["file"] == "<stdin>"
    closed = subprocess.run([sys.executable, "-m", "ctlstark", "check", "-"], stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=120)
    assert closed.returncode == 2 and closed.stderr.startswith("<stdin>:1:1: error: standard input is empty")


def test_help_says_that_dash_is_standard_input() -> None:
    for command in ("check", "info", "graph", "simulate", "fmt"):
        shown = " ".join(runner.invoke(app, [command, "--help"]).stdout.replace("│", " ").split())
        assert "('-': " in shown and "standard input" in shown, command
