"""Regular expressions from precompiled opcodes (`runtime/patterns.py`): the same patterns `re` compiles, for
every pattern ctlstark compiles, and `re` itself for anything else."""

from __future__ import annotations

import re

import pytest

from ctlstark.runtime import pattern_codes, patterns

_TABLE_IS_FOR_THIS_PYTHON = pattern_codes.INTERPRETER == patterns.interpreter()
needs_table = pytest.mark.skipif(not _TABLE_IS_FOR_THIS_PYTHON,
                                 reason=f"pattern_codes.py is for {pattern_codes.INTERPRETER}, "
                                        f"this is {patterns.interpreter()}")


@needs_table
@pytest.mark.parametrize("pattern, flags", sorted(pattern_codes.CODES))
def test_a_precompiled_pattern_is_the_one_re_compiles(pattern, flags):
    compiled = patterns.compile(pattern, flags)
    expected = re.compile(pattern, flags)
    assert compiled == expected  # same pattern text, flags and opcodes
    assert (compiled.groups, compiled.groupindex, compiled.flags) == (expected.groups, expected.groupindex,
                                                                        expected.flags)


@needs_table
def test_the_table_holds_every_pattern_ctlstark_compiles_as_this_python_compiles_it():
    """Fails while `pattern_codes.py` is stale: run `python -m ctlstark.precompile`. (Asked in a fresh process:
    this one's `REQUESTED` also holds what earlier tests compiled.)"""
    import ast
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-c", "from ctlstark import precompile; "
                          "print(sorted(precompile.requested_patterns()))"],
                         capture_output=True, text=True, check=True, timeout=300)
    requested = set(ast.literal_eval(run.stdout))
    assert requested == set(pattern_codes.CODES)
    for pattern, flags in requested:
        assert pattern_codes.CODES[pattern, flags] == patterns.compile_arguments(pattern, flags)


def test_the_table_holds_the_pattern_dataclasses_compiles_at_its_import():
    import dataclasses

    identifier = dataclasses._MODULE_IDENTIFIER_RE  # noqa: SLF001 - the pattern the stand-in for `re` serves
    assert (identifier.pattern, identifier.flags & ~re.UNICODE) in patterns.LIBRARY_PATTERNS


def test_a_pattern_not_in_the_table_is_compiled_by_re():
    compiled = patterns.compile(r"(?P<key>\w+)\s*=\s*(\d+)", patterns.IGNORECASE)
    assert compiled == re.compile(r"(?P<key>\w+)\s*=\s*(\d+)", re.IGNORECASE)
    assert compiled.fullmatch("Size = 12").group("key", 2) == ("Size", "12")


def test_the_flags_are_re_s():
    assert (patterns.IGNORECASE, patterns.MULTILINE, patterns.DOTALL) == (re.IGNORECASE, re.MULTILINE, re.DOTALL)


@needs_table
def test_precompiled_patterns_read_text_as_re_s_do():
    from ctlstark.ispl import fastparse, fasttail

    line = "  x=true if (a.Action=go) and !(y<=3) -- a comment ; <> .. é"
    assert fastparse._TOKEN.split(line) == re.compile(fastparse._TOKEN.pattern).split(line)  # noqa: SLF001
    tokens = [match.group(1) for match in fasttail._TOKEN.finditer("A(p U q) <-> --c\n E F r")]  # noqa: SLF001
    assert [token for token in tokens if token] == ["A", "(", "p", "U", "q", ")", "<->", "E", "F", "r"]
