"""`ctlstark check --lint` (lint.py): one model with exactly one instance of each warning,
clean models with none, and lint never changing a verdict or the exit status."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ctlstark import check, ispl, load_model_text
from ctlstark.cli import app
from ctlstark.ispl import parse_model
from ctlstark.tools.lint import KINDS, lint_model
from ctlstark.symbolic.system import build_system

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "ispl_examples").glob("*.ispl"))
MODEL_KINDS = tuple(kind for kind in KINDS if kind != "ctlstark extension")  # SLOPPY's formulas are MCMAS's

# The robot moves from 0 to 2 and stays; `tick` turns true once. Exactly one of each warning:
SLOPPY = """\
Agent Environment
  Vars:
    tick : boolean;
  end Vars
  Actions = {none};
  Protocol:
    Other : {none};
  end Protocol
  Evolution:
    tick = true if tick = false;
  end Evolution
end Agent

Agent Robot
  Vars:
    pos : 0..3;
    spare : boolean;
  end Vars
  Actions = {move, stay, fly};
  Protocol:
    pos < 2 : {move};
    pos = 2 : {stay};
    pos = 3 : {fly};
  end Protocol
  Evolution:
    pos = pos + 1 if Action = move;
    pos = 0 if Action = fly;
  end Evolution
end Agent

Evaluation
  done if Robot.pos = 2;
  crashed if Robot.pos = 3;
end Evaluation

InitStates
  Robot.pos = 0;
end InitStates

Formulae
  AF done;
  EF crashed;
end Formulae
"""

EXPECTED = [  # (line, column, kind, what the message names)
    (17, 5, "unused", "`spare` of `Robot`"),
    (19, 26, "never enabled", "`fly` of `Robot`"),
    (23, 5, "unreachable protocol line", "protocol line 3 of `Robot`"),
    (27, 5, "dead evolution line", "evolution line 2 of `Robot`"),
    (33, 3, "never true", "`crashed`"),
]


def lint_text(text: str, file: str = "model.ispl") -> list:
    model = parse_model(text, file)
    system = build_system(model)
    try:
        return lint_model(model, system)
    finally:
        system.release()


def test_one_warning_of_each_kind_at_its_declaration() -> None:
    warnings = lint_text(SLOPPY)
    assert [(w.line, w.column, w.kind) for w in warnings] == [(line, column, kind) for line, column, kind, _ in EXPECTED]
    for warning, (_, _, _, named) in zip(warnings, EXPECTED):
        assert named in warning.message
    assert {w.kind for w in warnings} == set(MODEL_KINDS)
    assert warnings[0].format() == f"model.ispl:17:5: warning: {warnings[0].message}"


def test_other_line_that_never_applies() -> None:
    """`Other` applies where no other line holds: never, when `pos < 2` and `pos >= 2` cover everything."""
    text = SLOPPY.replace("    pos = 2 : {stay};\n    pos = 3 : {fly};\n", "    pos >= 2 : {stay};\n    Other : {fly};\n")
    warnings = [w for w in lint_text(text) if w.kind == "unreachable protocol line"]
    assert [(w.line, w.message) for w in warnings] == [
        (23, "the `Other` line of `Robot` applies in no reachable state")]


def test_guard_with_an_action_of_another_agent() -> None:
    """A guard on another agent's action fires only where that action is enabled."""
    text = SLOPPY.replace("tick = true if tick = false;", "tick = true if Robot.Action = fly;")
    dead = [(w.line, w.message) for w in lint_text(text) if w.kind == "dead evolution line"]
    assert [line for line, _ in dead] == [10, 27]
    assert "evolution line 1 of `Environment`" in dead[0][1]


def test_a_value_read_only_to_compute_another_counts_as_read() -> None:
    text = SLOPPY.replace("pos = pos + 1 if Action = move;", "pos = pos + 1 if Action = move;\n    spare = ~spare if pos = 2;")
    assert "unused" in {w.kind for w in lint_text(text)}  # `spare` feeds only itself
    text = SLOPPY.replace("    spare : boolean;\n", "    spare : 0..3;\n").replace(
        "pos = 0 if Action = fly;", "pos = spare if Action = fly;")
    assert "unused" not in {w.kind for w in lint_text(text)}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.name)
def test_shipped_examples_are_clean(path: Path) -> None:
    assert lint_text(path.read_text(encoding="utf-8"), str(path)) == []


# ---------------------------------------------------------------- through the API and the command line


def test_check_reports_lint_only_when_asked_and_keeps_the_verdicts() -> None:
    plain = check(load_model_text(SLOPPY))
    linted = check(load_model_text(SLOPPY), lint=True)
    assert plain.lint is None and plain.to_json()["lint"] is None
    assert [r.verdict for r in linted.formulas] == [r.verdict for r in plain.formulas] == [True, False]
    assert [(w.file, w.line, w.kind) for w in linted.lint] == [("<string>", line, kind) for line, _, kind, _ in EXPECTED]
    assert linted.to_json()["lint"][0] == {
        "file": "<string>", "line": 17, "column": 5, "message": linted.lint[0].message, "kind": "unused"}


def test_a_parsed_model_keeps_its_positions_and_a_built_one_gives_none() -> None:
    parsed = parse_model(SLOPPY, "model.ispl")
    located = check(parsed, lint=True)
    assert [(w.file, w.line, w.column) for w in located.lint] == [("model.ispl", line, column)
                                                                for line, column, _, _ in EXPECTED]
    report = check(dataclasses.replace(parsed, positions=None), lint=True)
    assert sorted(w.kind for w in report.lint) == sorted(MODEL_KINDS)
    assert all(w.line is None and w.file is None for w in report.lint)
    assert report.lint[0].format().startswith("<model>: warning: ")


def test_the_command_line_reads_and_parses_the_file_once_with_lint(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    model = tmp_path / "sloppy.ispl"
    model.write_text(SLOPPY, encoding="utf-8")
    parses = []
    real = ispl.parse_model_syntax
    monkeypatch.setattr(ispl, "parse_model_syntax", lambda *args: parses.append(args[1]) or real(*args))
    result = CliRunner().invoke(app, ["check", "-q", "--lint", str(model)])
    assert result.exit_code == 1 and parses == [str(model)]


def run_check(*arguments: str | Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ctlstark", "check", "-q", *map(str, arguments)],
                          capture_output=True, text=True, timeout=120)


def test_command_line_prints_warnings_on_stderr_and_keeps_the_exit_status(tmp_path: Path) -> None:
    model = tmp_path / "sloppy.ispl"
    model.write_text(SLOPPY, encoding="utf-8")
    plain, linted = run_check(model), run_check(model, "--lint")
    assert plain.returncode == linted.returncode == 1  # `EF crashed` is FALSE
    assert plain.stderr == ""
    assert linted.stderr.splitlines() == [
        f"{model}:{line}:{column}: warning: {warning.message}"
        for (line, column, _, _), warning in zip(EXPECTED, lint_text(SLOPPY))]
    assert linted.stdout.splitlines()[:3] == plain.stdout.splitlines()[:3]


def test_command_line_json_has_the_lint_list(tmp_path: Path) -> None:
    model = tmp_path / "sloppy.ispl"
    model.write_text(SLOPPY, encoding="utf-8")
    document = json.loads(run_check(model, "--lint", "--json").stdout)
    assert [(w["file"], w["line"], w["column"], w["kind"]) for w in document["lint"]] == [
        (str(model), line, column, kind) for line, column, kind, _ in EXPECTED]
    assert json.loads(run_check(model, "--json").stdout)["lint"] is None


# ---------------------------------------------------------------- names declared twice


def test_lint_points_at_the_declaration_that_counts() -> None:
    """A repeated variable keeps its first declaration, a repeated proposition its last
    (as in MCMAS; docs/differences.md#acceptance): lint's warnings are placed there."""
    text = SLOPPY.replace("    spare : boolean;\n", "    spare : boolean;\n    spare : 0..3;\n").replace(
        "  crashed if Robot.pos = 3;\n", "  crashed if Robot.pos = 1;\n  crashed if Robot.pos = 3;\n")
    warnings = lint_text(text)
    assert [(w.line, w.column, w.kind) for w in warnings] == [
        (17, 5, "unused"), (20, 26, "never enabled"), (24, 5, "unreachable protocol line"),
        (28, 5, "dead evolution line"), (35, 3, "never true")]
    # the first `crashed` (line 34, `pos = 1`, reachable) is replaced: only the second counts
    assert "`crashed`" in warnings[-1].message


def test_command_line_lint_shows_the_repeated_declaration_too(tmp_path: Path) -> None:
    model = tmp_path / "sloppy.ispl"
    model.write_text(SLOPPY.replace("    spare : boolean;\n", "    spare : boolean;\n    spare : 0..3;\n"),
                     encoding="utf-8")
    linted = run_check(model, "--lint")
    assert linted.returncode == 1  # `EF crashed` is FALSE: the verdicts are those of the file without the repeat
    lines = linted.stderr.splitlines()
    assert lines[0] == (f"{model}:18:5: warning: variable `spare` of `Robot` is declared again with another type, "
                        f"`0..3` (first declared at line 17 as `boolean`); as MCMAS does, the first declaration "
                        f"counts: `spare` is `boolean`")
    assert lines[1:3] == ["        spare : 0..3;", "        ^"]
    assert lines[3].startswith(f"{model}:17:5: warning: variable `spare` of `Robot` is never read")
    document = json.loads(run_check(model, "--lint", "--json").stdout)
    assert document["warnings"][0].startswith(f"{model}:18:5: warning: variable `spare`")
    assert (document["lint"][0]["line"], document["lint"][0]["kind"]) == (17, "unused")


# ---------------------------------------------------------------- formulas that compare variables (a ctlstark extension)


def test_an_entry_comparing_a_variable_is_flagged_as_not_mcmas_ispl() -> None:
    """One warning per Formulae entry, at its first comparison atom, naming each atom once."""
    entry = "  AG (Robot.pos <= 2 and !(Robot.pos = 3) or Robot.pos <= 2);\n"
    text = SLOPPY.replace("  EF crashed;\n", "  EF crashed;\n" + entry)
    line = SLOPPY.splitlines().index("  EF crashed;") + 2
    flagged = [w for w in lint_text(text) if w.kind == "ctlstark extension"]
    assert [(w.line, w.column) for w in flagged] == [(line, 7)]
    assert "(`Robot.pos <= 2`, `Robot.pos = 3`)" in flagged[0].message
    assert "MCMAS rejects the file" in flagged[0].message and "Evaluation" in flagged[0].message
    # a comparison that never holds is the formula's business, not a `never true` proposition
    assert [w.message for w in lint_text(text) if w.kind == "never true"] == [
        "proposition `crashed` is true in no reachable state"]


def test_a_fairness_entry_comparing_a_variable_is_flagged_too() -> None:
    text = SLOPPY.replace("\nFormulae\n", "\nFairness\n  Robot.pos = 2;\nend Fairness\n\nFormulae\n", 1)
    flagged = [w for w in lint_text(text) if w.kind == "ctlstark extension"]
    assert [(w.line, w.column) for w in flagged] == [(SLOPPY.splitlines().index("Formulae") + 2, 3)]


def test_a_variable_compared_in_a_formula_is_read() -> None:
    text = SLOPPY.replace("  EF crashed;\n", "  EF crashed;\n  EF Robot.spare = true;\n")
    kinds = [w.kind for w in lint_text(text)]
    assert "unused" not in kinds and "ctlstark extension" in kinds


def test_command_line_formulas_are_not_flagged() -> None:
    """`-f` formulas are no part of the file: it stays MCMAS ISPL."""
    report = check(load_model_text(SLOPPY), ["EF Robot.pos = 2"], lint=True)
    assert report.formulas[-1].verdict is True
    assert "ctlstark extension" not in {w.kind for w in report.lint}
