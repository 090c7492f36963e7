"""Writes `record_methods.py`: the generated methods of every record class, compiled ahead of time.

`python -m ctlstark.precompile` after changing a record's fields; `tests/test_records.py` fails while
the module is stale. A stale or missing entry costs only time: `records` compiles what it does not find.
"""

from __future__ import annotations

import importlib
import pathlib
import pkgutil

import ctlstark
from ctlstark.runtime.records import generated_methods_source

_TARGET = pathlib.Path(__file__).with_name("runtime") / "record_methods.py"


def record_sources() -> set[str]:
    """The `_methods` sources of the record classes in every ctlstark module this interpreter can import."""
    sources: set[str] = set()
    for module_info in pkgutil.walk_packages(ctlstark.__path__, "ctlstark."):
        if module_info.name.endswith("__main__"):
            continue
        try:
            module = importlib.import_module(module_info.name)
        except ImportError:  # an optional dependency that is not installed here
            continue
        for value in list(vars(module).values()):
            if isinstance(value, type) and value.__module__ == module.__name__:
                source = generated_methods_source(value)
                if source is not None:
                    sources.add(source)
    return sources


def module_text(sources: set[str]) -> str:
    """`record_methods.py`: each source, then its function filed under it in `MAKERS`."""
    parts = ['"""The generated methods of ctlstark\'s records, compiled ahead of time.',
             "",
             "Written by `python -m ctlstark.precompile`; read by `records._maker`. Do not edit.",
             '"""',
             "",
             "MAKERS = {}  # source -> its function, which returns the generated methods by name"]
    for source in sorted(sources):
        parts += ["", "", source.rstrip("\n"), "", "", f"MAKERS[{source!r}] = _methods  # noqa: F811"]
    return "\n".join(parts) + "\n"


if __name__ == "__main__":
    _TARGET.write_text(module_text(record_sources()))
    print(f"wrote {_TARGET}")
