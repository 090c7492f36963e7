"""Frozen dataclasses whose generated methods are compiled at once, and only when first used.

`record` makes the class `dataclass(frozen=True)` would make — the same fields,
`__init__` (defaults, factories, keyword-only fields, `__post_init__`),
`__repr__`, `__eq__`, `__hash__`, `FrozenInstanceError` on assignment,
`__match_args__`, methods the class body defines itself kept, and
`dataclasses.fields`/`replace`/`inspect.signature` working — with less
compiling. Python 3.11's `dataclass` compiles each generated method by its own
`exec`, about 1 ms a class on our machine, and some 80 classes (the syntax tree's,
the model's, the formulas') are made before a check starts. Here `__init__`,
`__eq__` and `__hash__` are one source text and one `exec` (Python 3.13's
dataclasses do the same), made the first time one of them is called: a small
model's check makes instances of 22 of its 76 record classes, and compiling the
others' methods took 15–20 ms of its start-up. The methods never on a hot path
(`__repr__`, `__setattr__`, `__delattr__`) are closures, compiled with this module.
"""

from __future__ import annotations

import dataclasses
import types
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
    generated = [name for name in ("__init__", "__eq__", "__hash__")
                 if name not in own and (eq or name == "__init__")]
    _compiled_on_first_call(cls, fields, generated)
    if "__repr__" not in own:
        cls.__repr__ = _repr(fields)  # type: ignore[assignment]
        cls.__repr__.__qualname__ = f"{cls.__qualname__}.__repr__"
    cls.__setattr__, cls.__delattr__ = _frozen(cls, fields)  # type: ignore[assignment]
    return cls


def _compiled_on_first_call(cls: type, fields: tuple[dataclasses.Field, ...], names: list[str]) -> None:
    """Give `cls` the generated methods `names` as stand-ins that, on the first call of any of them, compile
    all of them in one `exec`, put them in their place and carry on with the real one."""
    def compile_methods() -> None:
        if isinstance(cls.__dict__.get(names[0]), _StandIn):  # not compiled yet
            namespace: dict[str, Any] = {"_set": object.__setattr__, "_MISSING": dataclasses.MISSING}
            sources = {"__init__": lambda: _init_source(cls, fields, namespace), "__eq__": lambda: _eq_source(fields),
                       "__hash__": lambda: _hash_source(fields)}
            methods: dict[str, Any] = {}
            exec("\n".join(sources[name]() for name in names), namespace, methods)  # noqa: S102 - our own source
            for name, method in methods.items():
                method.__qualname__ = f"{cls.__qualname__}.{name}"
                setattr(cls, name, method)

    for name in names:
        setattr(cls, name, _StandIn(cls, name, fields, compile_methods))


class _StandIn:
    """A generated method before it is compiled. Called, it compiles its class's generated methods, which take
    the stand-ins' places, and calls the real one; `inspect.signature` reads the real one's signature off it."""

    def __init__(self, owner: type, name: str, fields: tuple[dataclasses.Field, ...],
                 compile_methods: Callable[[], None]) -> None:
        self.owner, self.name, self.fields, self.compile_methods = owner, name, fields, compile_methods
        self.__qualname__ = f"{owner.__qualname__}.{name}"

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        return self if instance is None else types.MethodType(self, instance)

    def __call__(self, instance: Any, *args: Any, **kwargs: Any) -> Any:
        self.compile_methods()
        return getattr(self.owner, self.name)(instance, *args, **kwargs)

    @property
    def __signature__(self) -> Any:
        import inspect  # only when asked: ctlstark does not import it otherwise (runtime/deferred.py)

        positional = inspect.Parameter.POSITIONAL_OR_KEYWORD
        if self.name == "__eq__":
            return inspect.Signature([inspect.Parameter("self", positional), inspect.Parameter("other", positional)])
        if self.name == "__hash__":
            return inspect.Signature([inspect.Parameter("self", positional)])
        parameters = [inspect.Parameter("self", positional)]
        for field in self.fields:
            if field.init:
                kind = inspect.Parameter.KEYWORD_ONLY if field.kw_only is True else positional
                default = (field.default if field.default is not dataclasses.MISSING
                           else _FACTORY if field.default_factory is not dataclasses.MISSING
                           else inspect.Parameter.empty)
                parameters.append(inspect.Parameter(field.name, kind, default=default, annotation=field.type))
        return inspect.Signature(parameters, return_annotation=None)


class _Factory:
    """How a signature shows the default of a field made by a factory, as `dataclass` shows it."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


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
