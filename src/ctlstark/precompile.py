"""Writes what a check would otherwise compile at start-up: `record_methods.py`, the generated methods of
every record class, and `pattern_codes.py`, the opcodes of every regular expression (`runtime/patterns.py`).

`python -m ctlstark.precompile` after changing a record's fields or a pattern; `tests/test_records.py` and
`tests/test_patterns.py` fail while a module is stale. A stale or missing entry costs only time: `records`
compiles what it does not find, and `patterns` hands what it does not find to `re`.
"""

from __future__ import annotations

import importlib
import pathlib
import pkgutil

import ctlstark
from ctlstark.runtime import patterns
from ctlstark.runtime.records import generated_methods

_TARGET = pathlib.Path(__file__).with_name("runtime") / "record_methods.py"
_PATTERNS_TARGET = pathlib.Path(__file__).with_name("runtime") / "pattern_codes.py"


def import_every_module() -> list[object]:
    """Every ctlstark module this interpreter can import (not `__main__`), imported."""
    modules = []
    for module_info in pkgutil.walk_packages(ctlstark.__path__, "ctlstark."):
        if module_info.name.endswith("__main__"):
            continue
        try:
            modules.append(importlib.import_module(module_info.name))
        except ImportError:  # an optional dependency that is not installed here
            continue
    return modules


def record_shapes() -> dict[tuple, str]:
    """The shapes of the record classes in every ctlstark module this interpreter can import, each with the
    source of its `_methods`."""
    shapes: dict[tuple, str] = {}
    for module in import_every_module():
        for value in list(vars(module).values()):
            if isinstance(value, type) and value.__module__ == module.__name__:
                generated = generated_methods(value)
                if generated is not None:
                    shape, source = generated
                    shapes[shape] = source
    return shapes


def module_text(shapes: dict[tuple, str]) -> str:
    """`record_methods.py`: each source, then its function filed under its shape in `SHAPES`."""
    parts = ['"""The generated methods of ctlstark\'s records, compiled ahead of time.',
             "",
             "Written by `python -m ctlstark.precompile`; read by `records._precompiled`. Do not edit.",
             '"""',
             "",
             "SHAPES = {}  # a record's shape (`records._shape`) -> the function that returns its generated methods"]
    for shape, source in sorted(shapes.items(), key=lambda item: repr(item[0])):
        parts += ["", "", source.rstrip("\n"), "", "", f"SHAPES[{shape!r}] = _methods  # noqa: F811"]
    return "\n".join(parts) + "\n"


def requested_patterns() -> set[tuple[str, int]]:
    """Every (pattern, flags) that ctlstark's modules (and the libraries imported with `patterns` standing
    in for `re`) compile through `patterns.compile` when they are imported."""
    import_every_module()
    return patterns.REQUESTED | patterns.LIBRARY_PATTERNS


def patterns_module_text(requested: set[tuple[str, int]]) -> str:
    """`pattern_codes.py`: the arguments of `_sre.compile` for each pattern, for this interpreter."""
    parts = ['"""The compiled form of the regular expressions ctlstark uses, for the interpreter named below.',
             "",
             "Written by `python -m ctlstark.precompile`; read by `patterns.compile`. Do not edit.",
             '"""',
             "",
             f"INTERPRETER = {patterns.interpreter()!r}",
             "",
             "# (pattern, flags) -> (flags with the pattern's own, opcodes, groups, group index, index group)",
             "CODES = {"]
    for pattern, flags in sorted(requested):
        parts.append(f"    {(pattern, flags)!r}:\n        {patterns.compile_arguments(pattern, flags)!r},")
    return "\n".join([*parts, "}"]) + "\n"


if __name__ == "__main__":
    _TARGET.write_text(module_text(record_shapes()))
    print(f"wrote {_TARGET}")
    _PATTERNS_TARGET.write_text(patterns_module_text(requested_patterns()))
    print(f"wrote {_PATTERNS_TARGET}")
