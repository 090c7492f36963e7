"""Modules imported by a library we use, for features ctlstark never touches, loaded only when touched.

While a library is imported inside `deferred(names)`, each module in `names` it imports
is a stand-in; the library keeps the stand-in as its name for the module, and the first
time it reads anything from it the real module is imported and answers from then on.
Afterwards the stand-ins leave `sys.modules`, so any other import gets the real module.
Its uses (docs/performance.md, "Start-up"): `dataclasses` imports `inspect` (with `ast`,
`dis`, `tokenize`: 136 classes made) to sign undocumented classes, which ctlstark's never
are, `copy` for `asdict`, and `re` (with `enum`) to compile one pattern, which the stand-in
takes from ctlstark's precompiled ones (`_RegexFromPrecompiled`); `dd.cudd` imports dd's file dumps, its text parser and its
pure-Python BDDs, and `logging`, whose stand-in gives loggers that load it only when a
record could be shown; dd also imports `typing`, only to write annotations and type
aliases while it is imported, and the stand-in gives it annotation forms then
(`_TypingForAnnotations`), which keeps `typing` out of a check altogether.

The same first-use loading, for ctlstark's own packages: `exported_on_first_use` gives a
package the names of its modules, each module imported when one of its names is read.
"""

from __future__ import annotations

import contextlib
import importlib
import sys
import types
from collections.abc import Callable, Iterator, Sequence

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a check never does)
if TYPE_CHECKING:
    from typing import Any


class _LoadedOnFirstUse(types.ModuleType):
    """Stands in for a module in the names of the library that imported it: the real module is imported when
    one of its names is first read, and answers from then on."""

    def __getattr__(self, name: str) -> Any:
        if sys.modules.get(self.__name__) is self:  # read while the library is still being imported
            del sys.modules[self.__name__]
        return getattr(importlib.import_module(self.__name__), name)


class _LoggingLoadedOnFirstUse(_LoadedOnFirstUse):
    """Stands in for `logging`: `getLogger(name)` at a library's import gives a `_QuietLogger`, so that the
    library's module-level `logger = logging.getLogger(__name__)` does not load logging (threading, string)."""

    def getLogger(self, name: str | None = None) -> Any:  # noqa: N802 - logging's name
        return _QuietLogger(name)


class _QuietLogger:
    """A logger that loads `logging` only when it has something to do. While nothing has imported `logging`,
    nothing has configured it: every logger's level is the root's WARNING, so `debug` and `info` would drop
    their record, and here they do so without the import. Anything else loads `logging` and goes to the real
    logger of that name."""

    def __init__(self, name: str | None) -> None:
        self.name = name

    def __getattr__(self, attribute: str) -> Any:
        if attribute in ("debug", "info") and "logging" not in sys.modules:
            return _dropped
        import logging

        return getattr(logging.getLogger(self.name), attribute)


def _dropped(*args: Any, **kwargs: Any) -> None:
    """A `debug` or `info` record no handler would take (see `_QuietLogger`)."""


class _TypingForAnnotations(_LoadedOnFirstUse):
    """Stands in for `typing` in a library that uses it, while it is imported, only for annotations and type
    aliases (dd: `TypeAlias`, `Literal[…]`, `Final`, `Protocol` classes and `get_args` of its operator
    literals). Then its forms are `_AnnotationForm`s, its decorators give back what they decorate and
    `get_args` reads a form's arguments; any other name, and every name after the import, loads `typing`.
    Importing `typing` itself (47 classes, 160 KB of bytecode) was 7 % of a small model's check."""

    def __getattr__(self, name: str) -> Any:
        if sys.modules.get(self.__name__) is self:
            if name in _ANNOTATION_FORMS:
                return _AnnotationForm(name)
            if name in _IDENTITY_DECORATORS:
                return _identity
            if name == "get_args":
                return _form_arguments
            if name == "TYPE_CHECKING":
                return False
        return super().__getattr__(name)


_ANNOTATION_FORMS = frozenset({"Any", "Callable", "ClassVar", "Final", "Generic", "Literal", "NoReturn",
                               "Optional", "Protocol", "TypeAlias", "TypeVar", "Union"})
_IDENTITY_DECORATORS = frozenset({"overload", "final", "runtime_checkable", "no_type_check"})


class _AnnotationForm:
    """A type form as `_TypingForAnnotations` gives it: subscripted (`Literal['a']`), joined (`x | None`),
    called (`TypeVar('T')`) or subclassed (`class P(Protocol)`: see `_AnnotatedBase`), it stays a form that
    remembers its arguments, so that `get_args` of a union of literals finds the literals."""

    __slots__ = ("name", "arguments")

    def __init__(self, name: str, arguments: tuple[Any, ...] = ()) -> None:
        self.name = name
        self.arguments = arguments

    def __getitem__(self, arguments: Any) -> _AnnotationForm:
        return _AnnotationForm(self.name, arguments if isinstance(arguments, tuple) else (arguments,))

    def __or__(self, other: Any) -> _AnnotationForm:
        return _AnnotationForm("Union", (self, other))

    def __ror__(self, other: Any) -> _AnnotationForm:
        return _AnnotationForm("Union", (other, self))

    def __call__(self, *arguments: Any, **keywords: Any) -> _AnnotationForm:
        return _AnnotationForm(self.name, arguments)

    def __mro_entries__(self, bases: tuple[Any, ...]) -> tuple[type]:
        return (_AnnotatedBase,)

    def __repr__(self) -> str:
        return f"{self.name}[{', '.join(map(repr, self.arguments))}]" if self.arguments else self.name


class _AnnotatedBase:
    """The base a class gets for a form (`class P(Protocol[T])`); like a generic class, it can be subscripted
    (`P[int]`, which is `P`), as a later module's `class Q(P[T])` does."""

    __slots__ = ()

    def __class_getitem__(cls, arguments: Any) -> type:
        return cls


def _identity(value: Any) -> Any:
    """`typing.overload` and the other decorators, as `_TypingForAnnotations` gives them."""
    return value


def _form_arguments(form: Any) -> tuple[Any, ...]:
    """`typing.get_args`, as `_TypingForAnnotations` gives it."""
    return form.arguments if isinstance(form, _AnnotationForm) else ()


class _RegexFromPrecompiled(_LoadedOnFirstUse):
    """Stands in for `re` in a library that compiles a pattern while it is imported and uses `re` for nothing
    else a check needs (`dataclasses`: the pattern with which it reads string annotations, which ctlstark's
    records read themselves). Then `compile` is `patterns.compile`, which needs no `re` when the pattern is
    precompiled; any other name, and every name after the import, loads `re`."""

    def __getattr__(self, name: str) -> Any:
        if name == "compile" and sys.modules.get(self.__name__) is self:
            from .patterns import compile as compile_precompiled

            return compile_precompiled
        return super().__getattr__(name)


_STAND_INS = {"logging": _LoggingLoadedOnFirstUse, "typing": _TypingForAnnotations, "re": _RegexFromPrecompiled}


@contextlib.contextmanager
def deferred(names: Sequence[str]) -> Iterator[None]:
    """Inside the block, an import of a module in `names` (one not loaded yet) gives its stand-in."""
    stand_ins = {name: _STAND_INS.get(name, _LoadedOnFirstUse)(name) for name in names if name not in sys.modules}
    sys.modules.update(stand_ins)
    try:
        yield
    finally:
        for name, stand_in in stand_ins.items():
            if sys.modules.get(name) is stand_in:
                del sys.modules[name]


def exported_on_first_use(package: str, exports: dict[str, tuple[str, ...]]) -> tuple[Callable[[str], Any],
                                                                                   Callable[[], list[str]]]:
    """A package's `__getattr__` and `__dir__` for names it re-exports from its modules (`exports`: module →
    names), each module imported when one of its names is first read: importing one module of the package
    (`from ctlstark.semantics.strategies import …`) no longer imports all of them."""
    home = {name: module for module, names in exports.items() for name in names}

    def __getattr__(name: str) -> Any:
        module = home.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *home})
    return __getattr__, __dir__
