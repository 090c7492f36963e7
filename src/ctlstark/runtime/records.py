"""Frozen dataclasses whose generated methods are compiled at once.

`record` makes the class `dataclass(frozen=True)` would make — the same fields,
`__init__` (defaults, factories, keyword-only fields, `__post_init__`),
`__repr__`, `__eq__`, `__hash__`, `FrozenInstanceError` on assignment,
`__match_args__`, methods the class body defines itself kept, and
`dataclasses.fields`/`replace` working — with less
compiling. Python 3.11's `dataclass` compiles each generated method by its own
`exec`, about 1 ms a class on this machine, and some 80 classes (the syntax tree's,
the model's, the formulas') are made before a check starts. Here `__init__`,
`__eq__` and `__hash__` are one source text and one `exec` (Python 3.13's
dataclasses do the same), and the methods never on a hot path (`__repr__`,
`__setattr__`, `__delattr__`) are closures, compiled with this module: the
import of ctlstark's modules for `ctlstark check` went from 103 to 72 ms.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar, overload

_Class = TypeVar("_Class", bound=type)


@overload
def record(cls: _Class, /) -> _Class: ...


@overload
def record(*, eq: bool = True) -> Callable[[_Class], _Class]: ...


def record(cls: Any = None, /, *, eq: bool = True) -> Any:
    """Decorator: `dataclass(frozen=True, eq=eq)`, its methods compiled in one `exec`."""
    def wrap(cls: _Class) -> _Class:
        return _make_record(cls, eq)
    return wrap if cls is None else wrap(cls)


def _make_record(cls: _Class, eq: bool) -> _Class:
    """Give `cls` its fields (by `dataclass`, generating no method), then its methods."""
    own = _own_methods(cls)
    documented = bool(cls.__doc__)
    if not documented:
        cls.__doc__ = cls.__name__  # else `dataclass` signs it by `inspect.signature`: 15 ms the first time
    cls = dataclasses.dataclass(cls, init=False, repr=False, eq=False)  # type: ignore[assignment]
    fields = dataclasses.fields(cls)
    if not documented:
        cls.__doc__ = f"{cls.__name__}({', '.join(field.name for field in fields if field.init)})"
    namespace: dict[str, Any] = {"_set": object.__setattr__, "_MISSING": dataclasses.MISSING}
    sources = [_init_source(cls, fields, namespace)] if "__init__" not in own else []
    if eq:
        sources += [source(fields) for name, source in (("__eq__", _eq_source), ("__hash__", _hash_source))
                    if name not in own]
    methods: dict[str, Any] = {}
    exec("\n".join(sources), namespace, methods)  # noqa: S102 - our own generated source, as dataclasses does
    methods["__repr__"] = _repr(fields)
    for name, method in methods.items():
        if name not in own:
            method.__qualname__ = f"{cls.__qualname__}.{name}"
            setattr(cls, name, method)
    cls.__setattr__, cls.__delattr__ = _frozen(cls, fields)  # type: ignore[assignment]
    return cls


def _own_methods(cls: type) -> frozenset[str]:
    """The generated methods the class body defines itself, which stay, as `dataclass` keeps them (a body
    that defines `__eq__` alone gets `__hash__ = None` from Python: that one is not its own)."""
    names = {"__init__", "__repr__", "__eq__", "__hash__"} & set(cls.__dict__)
    if cls.__dict__.get("__hash__", 0) is None and "__eq__" in cls.__dict__:
        names.discard("__hash__")
    return frozenset(names)


def _init_source(cls: type, fields: tuple[dataclasses.Field, ...], namespace: dict[str, Any]) -> str:
    """`__init__`: positional fields, then keyword-only ones; defaults and factories read from `namespace`."""
    positional: list[str] = []
    keyword_only: list[str] = []
    body: list[str] = []
    for field in fields:
        default = f"_default_{field.name}"
        factory = f"_factory_{field.name}"
        if field.default is not dataclasses.MISSING:
            namespace[default] = field.default
        if field.default_factory is not dataclasses.MISSING:
            namespace[factory] = field.default_factory
        if not field.init:
            if field.default is not dataclasses.MISSING:
                body.append(f"    _set(self, {field.name!r}, {default})")
            elif field.default_factory is not dataclasses.MISSING:
                body.append(f"    _set(self, {field.name!r}, {factory}())")
            continue
        if field.default is not dataclasses.MISSING:
            parameter = f"{field.name}={default}"
            value = field.name
        elif field.default_factory is not dataclasses.MISSING:
            parameter = f"{field.name}=_MISSING"
            value = f"{factory}() if {field.name} is _MISSING else {field.name}"
        else:
            parameter = field.name
            value = field.name
        (keyword_only if field.kw_only is True else positional).append(parameter)
        body.append(f"    _set(self, {field.name!r}, {value})")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    parameters = ["self", *positional, *(["*", *keyword_only] if keyword_only else [])]
    return f"def __init__({', '.join(parameters)}):\n" + ("\n".join(body) or "    pass")


def _repr(fields: tuple[dataclasses.Field, ...]) -> Callable[[Any], str]:
    """`__repr__`: `Name(field=value, …)` over the fields shown in reprs (not compiled: never on a hot path)."""
    shown = tuple(field.name for field in fields if field.repr)

    def __repr__(self: Any) -> str:
        values = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{self.__class__.__qualname__}({values})"
    return __repr__


def _eq_source(fields: tuple[dataclasses.Field, ...]) -> str:
    """`__eq__`: same class and equal compared fields, as `dataclass` compares them."""
    compared = [field.name for field in fields if field.compare]
    mine = "".join(f"self.{name}," for name in compared)
    theirs = "".join(f"other.{name}," for name in compared)
    return (f"def __eq__(self, other):\n    if other.__class__ is self.__class__:\n"
            f"        return ({mine}) == ({theirs})\n    return NotImplemented")


def _hash_source(fields: tuple[dataclasses.Field, ...]) -> str:
    """`__hash__` over the fields `dataclass` hashes (`hash=`, or else the compared ones)."""
    hashed = "".join(f"self.{field.name}," for field in fields
                     if (field.compare if field.hash is None else field.hash))
    return f"def __hash__(self):\n    return hash(({hashed}))"


def _frozen(cls: type, fields: tuple[dataclasses.Field, ...]) -> tuple[Callable[..., None], Callable[..., None]]:
    """`__setattr__` and `__delattr__` that refuse the fields (and every name on the class itself), as a
    frozen dataclass's do."""
    names = frozenset(field.name for field in fields)

    def refused(self: Any, name: str) -> bool:
        return type(self) is cls or name in names

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if refused(self, name):
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if refused(self, name):
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)
    return __setattr__, __delattr__
