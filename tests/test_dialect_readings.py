"""`formulas.readings_may_differ` (through `read_dialect_entry`): where it says the two readings of a dialect entry agree, they do.

An `LTL …`/`CTL* …` entry is read as MCMAS reads it, and a warning says so when the
conventional reading differs (`entries.compared_readings`). Comparing the two costs a
second parse, so entries whose operators cannot be read two ways skip it. Here the
shortcut is checked against the full comparison on random bodies, on token soup and on
every dialect entry of MCMAS's reference models; and the readings GRAMMAR.md lists as
different are still compared, and warned about.
"""

from __future__ import annotations

import re

import pytest
from conftest import examples
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from ctlstark.ispl import formulas
from ctlstark.ispl.entries import compared_readings

from reference_corpus import REFERENCE

MODES = st.sampled_from(["ltl", "ctlstar"])
BLANK = st.sampled_from([" ", "", "  ", "\n"])
ATOMS = st.sampled_from(["p", "q", "r", "true", "Environment.RedStates", "Alice.GreenStates", "Alice.Action = go"])
PREFIX = ["!", "X", "F", "G", "A", "E", "AG", "EF", "AX"]
INFIX = ["and", "or", "->", "U"]


def dialect_reading(body: str, mode: str):
    """MCMAS's reading of `body`, or None where the dialect rejects it."""
    try:
        return formulas.read_dialect(body, mode, 1, 1)
    except formulas.DialectError:
        return None


def may_differ(body: str, mode: str) -> bool:
    """`readings_may_differ` on the body's tokens, as `read_dialect_entry` asks it."""
    return formulas.read_dialect_entry(body, mode, 1, 1)[1]


def assert_shortcut_is_safe(body: str, mode: str) -> None:
    """Where `readings_may_differ` says no, the full comparison finds no difference."""
    reading = dialect_reading(body, mode)
    assume(reading is not None)
    if not may_differ(body, mode):
        prefix = "LTL" if mode == "ltl" else "CTL*"
        assert compared_readings(body, reading, mode, prefix) is None, body


@st.composite
def bodies(draw, depth: int = 4) -> str:
    """A dialect body with operators side by side, parenthesised or not at random."""
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        return draw(ATOMS)
    shape = draw(st.sampled_from(["prefix", "infix", "paren", "knows"]))
    gap = draw(BLANK)
    if shape == "prefix":
        return f"{draw(st.sampled_from(PREFIX))}{gap or ' '}{draw(bodies(depth - 1))}"
    if shape == "infix":
        return f"{draw(bodies(depth - 1))} {draw(st.sampled_from(INFIX))}{gap or ' '}{draw(bodies(depth - 1))}"
    if shape == "knows":
        return f"K({gap}Alice,{gap}{draw(bodies(depth - 1))})"
    return f"({gap}{draw(bodies(depth - 1))}{gap})"


@settings(max_examples=examples(600), deadline=None)
@given(bodies(), MODES)
def test_bodies_the_shortcut_passes_read_alike(body: str, mode: str) -> None:
    assert_shortcut_is_safe(body, mode)


TOKENS = st.sampled_from(["p", "q", "(", ")", ",", "K", "Alice", *PREFIX, *INFIX])


@settings(max_examples=examples(600), deadline=None)
@given(st.lists(TOKENS, min_size=1, max_size=12), MODES)
def test_token_soup_the_shortcut_passes_reads_alike(tokens: list[str], mode: str) -> None:
    assert_shortcut_is_safe(" ".join(tokens), mode)


@pytest.mark.parametrize("body, mode", [
    ("!p U q", "ltl"), ("p U q U r", "ltl"), ("G (!p U q) -> F r", "ltl"),
    ("A (F p and G q)", "ctlstar"), ("A (G p and q)", "ctlstar"), ("A (X p -> q)", "ctlstar"),
    ("A F p and q", "ctlstar"), ("A (!p U q)", "ctlstar"),
    ("K(Alice, A (F p and G q))", "ctlstar"),
])
def test_the_readings_grammar_md_lists_as_different_are_compared_and_warned(body: str, mode: str) -> None:
    reading = dialect_reading(body, mode)
    assert reading is not None
    assert may_differ(body, mode)
    assert compared_readings(body, reading, mode, "LTL" if mode == "ltl" else "CTL*") is not None


@pytest.mark.parametrize("body, mode", [
    ("G F p -> F q", "ltl"), ("(!p) U (!q)", "ltl"), ("F F G (p or q)", "ltl"), ("p U (!q)", "ltl"),
    ("A G (p -> E F q)", "ctlstar"), ("(E F p) and (A G q)", "ctlstar"), ("A (p U q)", "ctlstar"),
])
def test_common_unambiguous_bodies_skip_the_second_reading(body: str, mode: str) -> None:
    assert dialect_reading(body, mode) is not None
    assert not may_differ(body, mode)


def reference_dialect_entries() -> list[tuple[str, str]]:
    """(body, mode) of every `LTL`/`CTL*` entry in MCMAS's reference models."""
    found = []
    for path in sorted(REFERENCE.rglob("*.ispl")):
        text = re.sub(r"--[^\n]*", "", path.read_text(encoding="utf-8", errors="replace"))
        section = re.search(r"\bFormulae\b(.*?)\bend\s+Formulae\b", text, re.DOTALL)
        for entry in section.group(1).split(";") if section else ():
            dialect = re.match(r"\s*(LTL|CTL\*)(.*)", entry, re.DOTALL)
            if dialect:
                found.append((dialect.group(2), "ltl" if dialect.group(1) == "LTL" else "ctlstar"))
    return found


@pytest.mark.skipif(not REFERENCE.exists(), reason="MCMAS's reference models are not beside the checkout")
def test_every_reference_dialect_entry_the_shortcut_passes_reads_alike() -> None:
    entries = reference_dialect_entries()
    assert len(entries) >= 100
    skipped = 0
    for body, mode in entries:
        reading = dialect_reading(body, mode)
        if reading is None or may_differ(body, mode):
            continue
        skipped += 1
        assert compared_readings(body, reading, mode, "LTL" if mode == "ltl" else "CTL*") is None, body
    assert skipped >= len(entries) // 2
