"""Regular expressions compiled ahead of time, so that a check does not import `re`.

Importing `re` costs a small check about 9 % of its instructions: `re` itself, its Python-level
compiler and parser, and `enum`, for `re.RegexFlag` (Python 3.11); compiling ctlstark's eight
patterns with that compiler costs another 3 %. Yet a compiled pattern is only `_sre.compile`
of a list of opcodes. `python -m ctlstark.precompile` writes those lists for every pattern
ctlstark compiles (`pattern_codes.py`, with the interpreter they are valid for) and `compile`
here builds the pattern from them; for another interpreter, or a pattern not in the table, it
is `re.compile` (`tests/test_patterns.py` checks that both give equal patterns).

The flags are `re`'s values, so that their names need no import either.
"""

from __future__ import annotations

import functools
import sys

import _sre

TYPE_CHECKING = False
if TYPE_CHECKING:
    from re import Pattern
    from typing import Any

IGNORECASE = 2
MULTILINE = 8
DOTALL = 16

REQUESTED: set[tuple[str, int]] = set()
"""Every (pattern, flags) compiled through this module in this process: what the precompiler writes."""
LIBRARY_PATTERNS = frozenset({(r"^(?:\s*(\w+)\s*\.)?\s*(\w+)", 0)})
"""Patterns a library compiles at its import through `patterns` standing in for `re` (runtime/deferred.py):
`dataclasses`' `_MODULE_IDENTIFIER_RE`. Also precompiled: the process that precompiles may have imported `re`
before `dataclasses`, and then `dataclasses` asked `re` itself."""


def interpreter() -> tuple[int, int, int, int]:
    """What the opcode lists depend on: the Python version and `_sre`'s own version and code size."""
    return sys.version_info[0], sys.version_info[1], _sre.MAGIC, _sre.CODESIZE


@functools.cache
def _precompiled() -> dict[tuple[str, int], tuple[Any, ...]]:
    """The table of `pattern_codes.py` when it was made for this interpreter, else an empty one (read once)."""
    from .pattern_codes import CODES, INTERPRETER

    return CODES if INTERPRETER == interpreter() else {}


def compile(pattern: str, flags: int = 0) -> Pattern[str]:  # noqa: A001 - `re.compile`'s name
    """`re.compile(pattern, flags)`, from the precompiled opcodes when this interpreter is the one they were
    made for."""
    REQUESTED.add((pattern, flags))
    arguments = _precompiled().get((pattern, flags))
    if arguments is None:
        import re

        return re.compile(pattern, flags)
    all_flags, code, groups, group_index, index_group = arguments
    return _sre.compile(pattern, all_flags, list(code), groups, dict(group_index), index_group)


def compile_arguments(pattern: str, flags: int) -> tuple[int, tuple[int, ...], int, dict[str, int],
                                                         tuple[str | None, ...]]:
    """What `re` hands `_sre.compile` for `pattern` (after the pattern itself), as Python 3.11's
    `re._compiler.compile` computes it; for the precompiler."""
    import re._compiler
    import re._parser

    parsed = re._parser.parse(pattern, flags)
    code = re._compiler._code(parsed, flags)  # noqa: SLF001 - the opcodes `re._compiler.compile` makes
    group_index = dict(parsed.state.groupdict)
    index_group: list[str | None] = [None] * parsed.state.groups
    for name, index in group_index.items():
        index_group[index] = name
    return (flags | parsed.state.flags, tuple(map(int, code)), parsed.state.groups - 1, group_index,
            tuple(index_group))
