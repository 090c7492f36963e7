"""Modules imported by a library we use, for features ctlstark never touches, loaded only when touched.

While a library is imported inside `deferred(names)`, each module in `names` it imports
is a stand-in; the library keeps the stand-in as its name for the module, and the first
time it reads anything from it the real module is imported and answers from then on.
Afterwards the stand-ins leave `sys.modules`, so any other import gets the real module.
Two uses (docs/performance.md, "Start-up"): `dataclasses` imports `inspect` (with `ast`,
`dis`, `tokenize`: 136 classes made) to sign undocumented classes, which ctlstark's never
are; `dd.cudd` imports dd's file dumps, its text parser and its pure-Python BDDs.
"""

from __future__ import annotations

import contextlib
import importlib
import sys
import types
from collections.abc import Iterator, Sequence
from typing import Any


class _LoadedOnFirstUse(types.ModuleType):
    """Stands in for a module in the names of the library that imported it: the real module is imported when
    one of its names is first read, and answers from then on."""

    def __getattr__(self, name: str) -> Any:
        if sys.modules.get(self.__name__) is self:  # read while the library is still being imported
            del sys.modules[self.__name__]
        return getattr(importlib.import_module(self.__name__), name)


@contextlib.contextmanager
def deferred(names: Sequence[str]) -> Iterator[None]:
    """Inside the block, an import of a module in `names` (one not loaded yet) gives its stand-in."""
    stand_ins = {name: _LoadedOnFirstUse(name) for name in names if name not in sys.modules}
    sys.modules.update(stand_ins)
    try:
        yield
    finally:
        for name, stand_in in stand_ins.items():
            if sys.modules.get(name) is stand_in:
                del sys.modules[name]
