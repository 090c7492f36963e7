"""Names declared twice: accepted where MCMAS 1.3.0 accepts them, with MCMAS's meaning and a
located warning; rejected where MCMAS rejects them (docs/differences.md#acceptance).

What MCMAS does was probed with its binary (the table of docs/differences.md): a repeated
variable, action, Lobsvars entry, enumeration value or group member is ignored (the first
declaration counts, its type too); a repeated proposition or group replaces the earlier
definition (the last one counts and the earlier one is never checked). Each accepted case
below has hand-computed verdicts and state count; where the MCMAS binary is present, it must
give the same verdicts.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from ctlstark import check, load_model_text
from ctlstark.errors import IsplError
from ctlstark.ispl import parse_model

# A door the agent may push (once open it stays open) and a light that turns on once.
# Reachable: (light off, closed), (on, closed), (on, open): 3 states.
DOOR = """\
Agent Environment
  Obsvars:
    light : boolean;
  end Obsvars
  Vars:
    noise : 0..1;
  end Vars
  Actions = {hum};
  Protocol:
    Other : {hum};
  end Protocol
  Evolution:
    light = true if light = false;
  end Evolution
end Agent

Agent Door
  Lobsvars = {noise};
  Vars:
    open : boolean;
  end Vars
  Actions = {push, wait};
  Protocol:
    open = false : {push, wait};
    Other : {wait};
  end Protocol
  Evolution:
    open = true if Action = push;
  end Evolution
end Agent

Evaluation
  opened if Door.open = true;
end Evaluation

InitStates
  Door.open = false and Environment.light = false and Environment.noise = 0;
end InitStates

Groups
  door = {Door};
end Groups

Formulae
  EF opened;
  AF opened;
  opened;
  <door>X opened;
end Formulae
"""

BASE_VERDICTS = [True, False, False, True]  # the door may stay closed; it is closed at first; Door can open it


def edit(*replacements: tuple[str, str]) -> str:
    text = DOOR
    for old, new in replacements:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def position(text: str, fragment: str, occurrence: int = 2, offset: int = 0) -> tuple[int, int]:
    """(line, column) of the `occurrence`-th `fragment` in `text`, plus `offset` columns."""
    index = -1
    for _ in range(occurrence):
        index = text.index(fragment, index + 1)
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1 + offset


# (id, text, expected verdicts, expected states, where the warning points, what it says)
# "where" is (fragment, occurrence, offset): the occurrence of the fragment the warning is at.
ACCEPTED = [
    ("variable, same type",
     edit(("    open : boolean;\n", "    open : boolean;\n    open : boolean;\n")),
     BASE_VERDICTS, 3, ("open : boolean", 2, 0),
     "variable `open` of `Door` is declared again (first declared at line 20)"),
    ("variable, another type: the first counts",
     edit(("    open : boolean;\n", "    open : boolean;\n    open : 0..3;\n")),
     BASE_VERDICTS, 3, ("open : 0..3", 1, 0),
     "another type, `0..3` (first declared at line 20 as `boolean`); as MCMAS does, the first declaration "
     "counts: `open` is `boolean`"),
    ("variable, another type, the second would add states",
     # with `0..3` a push could go on counting; `boolean` (the first) keeps 3 states
     edit(("    open : boolean;\n", "    open : boolean;\n    open : {a, b, c, d, e};\n")),
     BASE_VERDICTS, 3, ("open : {a", 1, 0), "`{a, b, c, d, e}`"),
    ("Obsvars variable",
     edit(("    light : boolean;\n", "    light : boolean;\n    light : boolean;\n")),
     BASE_VERDICTS, 3, ("light : boolean", 2, 0),
     "variable `light` of `Environment` is declared again (first declared at line 3)"),
    ("environment Vars variable, another type",
     edit(("    noise : 0..1;\n", "    noise : 0..1;\n    noise : 0..7;\n")),
     BASE_VERDICTS, 3, ("noise : 0..7", 1, 0), "`noise` is `0..1`"),
    ("ignored declaration is not checked",
     # MCMAS says "lower bound greater than upper bound" and checks the model all the same
     edit(("    open : boolean;\n", "    open : boolean;\n    open : 3..1;\n")),
     BASE_VERDICTS, 3, ("open : 3..1", 1, 0), "first declared at line 20 as `boolean`"),
    ("action in Actions",
     edit(("Actions = {push, wait};", "Actions = {push, wait, push};")),
     BASE_VERDICTS, 3, ("push", 2, 0),
     "action `push` is listed again in the Actions of `Door` (first at column 14)"),
    ("action in a protocol line",
     edit(("open = false : {push, wait};", "open = false : {push, wait, push};")),
     BASE_VERDICTS, 3, ("push", 3, 0), "action `push` is listed twice in this protocol line (first at column 21)"),
    ("Lobsvars entry",
     edit(("Lobsvars = {noise};", "Lobsvars = {noise, noise};")),
     BASE_VERDICTS, 3, ("noise", 3, 0), "`noise` is listed again in the Lobsvars of `Door` (first at column 15)"),
    ("enumeration value",
     edit(("    open : boolean;\n", "    open : boolean;\n    mood : {calm, calm, cross};\n"),
          ("Door.open = false and", "Door.open = false and Door.mood = calm and")),
     BASE_VERDICTS, 3, ("calm", 2, 0), "value `calm` is listed twice in the type of `mood`"),
    ("group member",
     edit(("  door = {Door};\n", "  door = {Door, Door};\n")),
     BASE_VERDICTS, 3, ("Door}", 1, 0), "agent `Door` is listed twice in group `door`"),
    ("proposition: the last definition counts",
     edit(("  opened if Door.open = true;\n", "  opened if Door.open = true;\n  opened if Door.open = false;\n")),
     [True, True, True, True], 3, ("opened if", 2, 0),
     "proposition `opened` is defined again (first defined at line 33); as MCMAS does, this definition "
     "replaces the earlier one"),
    ("proposition: the last definition counts (other order)",
     edit(("  opened if Door.open = true;\n", "  opened if Door.open = false;\n  opened if Door.open = true;\n")),
     BASE_VERDICTS, 3, ("opened if", 2, 0), "first defined at line 33"),
    ("proposition: the replaced definition is not checked",
     edit(("  opened if Door.open = true;\n", "  opened if Door.ajar = true;\n  opened if Door.open = true;\n")),
     BASE_VERDICTS, 3, ("opened if", 2, 0), "first defined at line 33"),
    ("group: the last definition counts",
     # the environment alone cannot make the door open
     edit(("  door = {Door};\n", "  door = {Door};\n  door = {Environment};\n")),
     [True, False, False, False], 3, ("door = ", 2, 0),
     "group `door` is defined again (first defined at line 41); as MCMAS does, this definition replaces"),
    ("group: the last definition counts (other order)",
     edit(("  door = {Door};\n", "  door = {Nobody};\n  door = {Door};\n")),
     BASE_VERDICTS, 3, ("door = ", 2, 0), "first defined at line 41"),
]


@pytest.mark.parametrize("text, verdicts, states, where, message",
                         [case[1:] for case in ACCEPTED], ids=[case[0] for case in ACCEPTED])
def test_accepted_with_mcmas_meaning_and_a_located_warning(text, verdicts, states, where, message) -> None:
    report = check(load_model_text(text))
    assert [result.verdict for result in report.formulas] == verdicts
    assert report.reachable_states == states
    model = parse_model(text, "dup.ispl")
    assert len(model.warnings) == 1, model.warnings
    line, column = position(text, *where)
    head = model.warnings[0].splitlines()[0]
    assert head.startswith(f"dup.ispl:{line}:{column}: warning: "), (head, line, column)
    assert message in head


def test_the_first_declaration_gives_the_type() -> None:
    text = edit(("    open : boolean;\n", "    open : boolean;\n    open : 0..3;\n"))
    assert str(parse_model(text).agent("Door").own_variables[0].type) == str(parse_model(DOOR).agent("Door")
                                                                                .own_variables[0].type)
    # used as the second type, it is an error, as in MCMAS ("open in open=2 is not a bounded integer")
    bad = text.replace("open = true if Action = push;", "open = 2 if Action = push;")
    with pytest.raises(IsplError) as caught:
        parse_model(bad, "dup.ispl")
    assert "type mismatch" in caught.value.diagnostics[0].message


def test_every_repetition_is_reported_against_the_first() -> None:
    text = edit(("    open : boolean;\n", "    open : boolean;\n    open : boolean;\n    open : 0..3;\n"))
    heads = [warning.splitlines()[0] for warning in parse_model(text, "dup.ispl").warnings]
    assert [head.split(": warning: ")[0] for head in heads] == ["dup.ispl:21:5", "dup.ispl:22:5"]
    assert all("first declared at line 20" in head for head in heads)


# ---------------------------------------------------------------- still rejected, as by MCMAS


def errors_of(text: str) -> list[str]:
    with pytest.raises(IsplError) as caught:
        parse_model(text, "dup.ispl")
    return [f"{d.line}:{d.column}: {d.message}" for d in caught.value.diagnostics]


def test_a_name_in_both_obsvars_and_vars_is_an_error() -> None:
    """MCMAS: "error: variable light has already been defined"."""
    text = edit(("    noise : 0..1;\n", "    noise : 0..1;\n    light : boolean;\n"))
    assert errors_of(text) == ["7:5: `light` is declared both in Obsvars and in Vars"]


def test_an_agent_declared_twice_is_an_error() -> None:
    """MCMAS only warns ("agent Door already exists"), but then gets the agent's actions wrong:
    with an identical second copy of an agent, an action its protocol allows is never taken."""
    door = DOOR[DOOR.index("Agent Door"):DOOR.index("\nEvaluation")]
    text = DOOR.replace("\nEvaluation", "\n" + door + "\nEvaluation")
    errors = errors_of(text)
    assert len(errors) == 1
    assert errors[0].startswith("32:7: agent `Door` is declared again (first declared at line 17)")


def test_a_reserved_word_in_an_ignored_declaration_is_still_an_error() -> None:
    """A syntax error for MCMAS ("unexpected AG")."""
    text = edit(("    open : boolean;\n", "    open : boolean;\n    open : {AG, b};\n"))
    assert errors_of(text) == ["21:13: `AG` is a reserved word of ISPL and cannot be used as an enumeration value name"]


def test_an_error_in_the_definition_that_counts_is_reported() -> None:
    text = edit(("  opened if Door.open = true;\n", "  opened if Door.open = true;\n  opened if Door.ajar = true;\n"))
    assert errors_of(text) == ["34:13: agent `Door` has no variable `ajar`"]


# ---------------------------------------------------------------- side by side with MCMAS

MCMAS = Path(__file__).resolve().parents[2] / "shared" / "mcmas" / "mcmas"
VERDICT = re.compile(r"Formula number (\d+): .*, is (TRUE|FALSE) in the model")


@pytest.mark.skipif(not MCMAS.exists(), reason="the MCMAS binary (shared/mcmas/mcmas) is not available")
@pytest.mark.parametrize("text, verdicts", [(case[1], case[2]) for case in ACCEPTED], ids=[case[0] for case in ACCEPTED])
def test_mcmas_gives_the_same_verdicts(tmp_path: Path, text: str, verdicts: list[bool]) -> None:
    path = tmp_path / "dup.ispl"
    path.write_text(text, encoding="utf-8")
    run = subprocess.run([str(MCMAS), str(path)], capture_output=True, text=True, timeout=60)
    assert [found.group(2) == "TRUE" for found in VERDICT.finditer(run.stdout)] == verdicts, run.stdout
    assert "number of reachable states = 3" in run.stdout
