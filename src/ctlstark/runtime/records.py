"""Dataclasses made complete only when first used.

`record` makes the class `dataclass(frozen=True)` would make (`dataclass()` with
`record(frozen=False)`) — the same fields, `__init__` (defaults, factories,
keyword-only fields, `__post_init__`), `__repr__`, `__eq__`, `__hash__`,
`__match_args__`, methods the class body defines itself kept, and
`dataclasses.fields`/`replace`/`inspect.signature` working — but at first use.

Frozen means: never assigned after `__init__`. That is checked (`FrozenInstanceError` on
assignment, as `dataclass` raises it) when the environment sets `CTLSTARK_CHECK_FROZEN`,
as the test suite does (tests/conftest.py). Otherwise a frozen record's class keeps
Python's own `__setattr__`, so that its `__init__` assigns its fields as a plain class's
does: the refusing `__setattr__` made every field of every instance go through
`object.__setattr__`, 0.85 µs an instance of four fields, 6 % of a GDL game's check
(nim1, blocks: thousands of syntax and expression nodes). Some 80 record classes (the syntax tree's, the
model's, the formulas') are made before a check starts, and a small model's check
makes instances of about 25 of them. Python 3.11's `dataclass` finds a class's
fields (0.1 ms a class) and compiles each generated method by its own `exec`
(about 1 ms a class): together a fifth of a small check's start-up.

Here a class gets stand-ins: for its generated methods, its `__dataclass_fields__`,
its `__match_args__` (and an undocumented class's `__doc__`). The first use of any
of them completes the class: its fields are read off its string annotations
(`_give_fields`; `dataclass` itself reads the unusual ones), and `__init__`, `__eq__`
and `__hash__` come from one function whose source depends only on the fields'
names and kinds (the class's `_shape`). ctlstark's own are compiled ahead of time into
`record_methods.py` (`python -m ctlstark.precompile`), filed under their shape, so a check
unmarshals them with the rest of the bytecode and neither writes nor compares their source;
another class's are compiled then, in one `exec`. `__repr__`, never on a
hot path, is a closure.
"""

from __future__ import annotations

import abc
import dataclasses
import os
import types
import weakref
from collections.abc import Callable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeVar, overload

    _Class = TypeVar("_Class", bound=type)

    @overload
    def record(cls: _Class, /) -> _Class: ...

    @overload
    def record(*, eq: bool = True, frozen: bool = True) -> Callable[[_Class], _Class]: ...


_SHAPES: weakref.WeakKeyDictionary[type, tuple[Any, ...]] = weakref.WeakKeyDictionary()  # complete classes' `_shape`
CHECK_FROZEN = os.environ.get("CTLSTARK_CHECK_FROZEN", "") not in ("", "0")
"""Whether frozen records refuse assignment (the test suite sets `CTLSTARK_CHECK_FROZEN=1`); read at import."""


def record(cls: Any = None, /, *, eq: bool = True, frozen: bool = True) -> Any:
    """Decorator: `dataclass(frozen=frozen, eq=eq)`, made complete at first use."""
    def wrap(cls: _Class) -> _Class:
        return _make_record(cls, eq, frozen)
    return wrap if cls is None else wrap(cls)


def _make_record(cls: _Class, eq: bool, frozen: bool) -> _Class:
    """Give `cls` stand-ins for its fields and generated methods; `_complete` makes them real at first use."""
    own = _own_methods(cls)
    documented = bool(cls.__doc__)
    generated = [name for name in ("__init__", "__eq__", "__hash__", "__repr__")
                 if name not in own and (eq or name in ("__init__", "__repr__")) and (frozen or name != "__hash__")]
    if eq and not frozen and "__hash__" not in own:
        cls.__hash__ = None  # type: ignore[assignment]  # mutable and compared: unhashable, as `dataclass` makes it
    declared = _declared_fields(cls)
    complete = _completion(cls, documented, generated, declared, frozen)
    pending = ["__dataclass_fields__", "__match_args__", *([] if documented else ["__doc__"])]
    for name in pending:
        if name not in cls.__dict__ or name == "__doc__":
            setattr(cls, name, _PendingAttribute(name, complete))
    for name in generated:
        setattr(cls, name, _StandIn(cls, name, complete))
    if frozen and CHECK_FROZEN:
        cls.__setattr__, cls.__delattr__ = _frozen(cls)  # type: ignore[assignment]
    return cls


def _declared_fields(cls: type) -> dict[str, dataclasses.Field]:
    """The fields the class body declares with `field(...)`, whose class attributes become their defaults (or
    go), as `dataclass` leaves them."""
    declared = {name: value for name in cls.__dict__.get("__annotations__", ())
                if isinstance(value := cls.__dict__.get(name), dataclasses.Field)}
    for name, field in declared.items():
        if field.default is dataclasses.MISSING:
            delattr(cls, name)
        else:
            setattr(cls, name, field.default)
    return declared


def _completion(cls: type, documented: bool, generated: list[str], declared: dict[str, dataclasses.Field],
                frozen: bool) -> Callable[[], tuple[dataclasses.Field, ...]]:
    """What makes `cls` a dataclass on first use: its fields (`_give_fields`), then its generated methods, made
    by one function (`_maker`), in the stand-ins' places. Returns the fields; a second call only returns them."""
    done: list[tuple[dataclasses.Field, ...]] = []

    def complete() -> tuple[dataclasses.Field, ...]:
        if done:
            return done[0]
        for name in ("__dataclass_fields__", "__match_args__"):
            if isinstance(cls.__dict__.get(name), _PendingAttribute):
                delattr(cls, name)
        if not documented:  # its stand-in is replaced, not deleted: a class's `__doc__` cannot be
            cls.__doc__ = cls.__name__  # else `dataclass` (`_give_fields`' fallback) signs it with `inspect`
        _give_fields(cls, declared)
        fields = dataclasses.fields(cls)
        done.append(fields)
        if not documented:
            cls.__doc__ = f"{cls.__name__}({', '.join(field.name for field in fields if field.init)})"
        compiled = tuple(name for name in generated if name != "__repr__")
        methods: dict[str, Any] = {}
        if compiled:
            arguments = _arguments(fields, compiled)
            shape = _SHAPES[cls] = _shape(cls, fields, compiled)
            checked = frozen and CHECK_FROZEN  # then the fields are set past the refusing `__setattr__`
            maker = None if checked else _precompiled(shape)
            if maker is None:
                maker = _compiled(_methods_source(cls, fields, compiled, arguments, past_setattr=checked))
            methods = maker(**arguments)
        if "__repr__" in generated:
            methods["__repr__"] = _repr(fields)
        for name, method in methods.items():
            method.__qualname__ = f"{cls.__qualname__}.{name}"
            setattr(cls, name, method)
        return fields
    return complete


def _give_fields(cls: type, declared: dict[str, dataclasses.Field]) -> None:
    """Give `cls` its fields as `dataclass(init=False, repr=False, eq=False)` does: `__dataclass_fields__` (the
    bases' fields, then its own in order), defaults left on the class, `__match_args__`. Annotations are strings
    here (`from __future__ import annotations`); a class with other annotations, or with a `ClassVar`, `InitVar`
    or `KW_ONLY` one, goes to `dataclass` itself, which reads them by evaluating them (3 × slower)."""
    annotations = cls.__dict__.get("__annotations__", {})
    if not all(isinstance(annotation, str) and not _SPECIAL_ANNOTATIONS.intersection(annotation.replace("[", " ")
               .replace(".", " ").split()) for annotation in annotations.values()):
        for name, field in declared.items():  # as the class body wrote them
            setattr(cls, name, field)
        dataclasses.dataclass(cls, init=False, repr=False, eq=False)
        return
    fields: dict[str, dataclasses.Field] = {}
    for base in cls.__mro__[-1:0:-1]:
        base_fields = getattr(base, "__dataclass_fields__", None)
        if base_fields is not None:
            fields.update((name, field) for name, field in base_fields.items()
                          if field._field_type is _FIELD)  # noqa: SLF001 - ClassVars are not fields
    for name, annotation in annotations.items():
        field = declared.get(name) or dataclasses.field(default=cls.__dict__.get(name, dataclasses.MISSING))
        field.name, field.type, field._field_type = name, annotation, _FIELD  # noqa: SLF001
        if field.kw_only is dataclasses.MISSING:
            field.kw_only = False
        if field.default.__class__.__hash__ is None:
            raise ValueError(f"mutable default {type(field.default)} for field {name} is not allowed: use "
                             "default_factory")
        fields[name] = field
    cls.__dataclass_params__ = _PARAMETERS  # type: ignore[attr-defined]
    cls.__dataclass_fields__ = fields  # type: ignore[attr-defined]
    if "__match_args__" not in cls.__dict__:
        cls.__match_args__ = tuple(name for name, field in fields.items()  # type: ignore[attr-defined]
                                   if field.init and not field.kw_only)
    if hasattr(cls, "__abstractmethods__"):
        abc.update_abstractmethods(cls)


_SPECIAL_ANNOTATIONS = frozenset({"ClassVar", "InitVar", "KW_ONLY"})
_FIELD = dataclasses._FIELD  # noqa: SLF001 - what `dataclasses.fields` keeps: set on every field `dataclass` makes
_PARAMETERS = dataclasses.dataclass(init=False, repr=False, eq=False)(
    type("_Parameters", (), {"__doc__": "signed: else `dataclass` imports inspect"})).__dataclass_params__  # type: ignore[attr-defined]


def _shape(cls: type, fields: tuple[dataclasses.Field, ...], names: tuple[str, ...]) -> tuple[Any, ...]:
    """What the source of `cls`'s `_methods` depends on: the methods generated, whether `__init__` calls
    `__post_init__`, and each field's name and kind (the key of `record_methods.SHAPES`)."""
    return (names, hasattr(cls, "__post_init__"),
            tuple((field.name, field.default is not dataclasses.MISSING,
                   field.default_factory is not dataclasses.MISSING, field.init, field.kw_only is True,
                   field.compare, field.hash) for field in fields))


def _arguments(fields: tuple[dataclasses.Field, ...], names: tuple[str, ...]) -> dict[str, Any]:
    """What the generated methods read besides `self`, by the names `_methods` takes them under: the setter,
    the missing-value marker, and (with `__init__`) each field's default and factory."""
    arguments: dict[str, Any] = {"_set": object.__setattr__, "_MISSING": dataclasses.MISSING}
    if "__init__" in names:
        for field in fields:
            if field.default is not dataclasses.MISSING:
                arguments[f"_default_{field.name}"] = field.default
            if field.default_factory is not dataclasses.MISSING:
                arguments[f"_factory_{field.name}"] = field.default_factory
    return arguments


def _methods_source(cls: type, fields: tuple[dataclasses.Field, ...], names: tuple[str, ...],
                    arguments: dict[str, Any], past_setattr: bool) -> str:
    """The source of `_methods(<arguments>)`, which defines the generated methods `names` and returns them by
    name. What the methods read besides `self` are its `arguments` (`_arguments`), so that the source depends on
    the fields' names and kinds only (`_shape`), not on their values."""
    sources = {"__init__": lambda: _init_source(cls, fields, past_setattr), "__eq__": lambda: _eq_source(fields),
               "__hash__": lambda: _hash_source(fields)}
    bodies = "\n".join(sources[name]() for name in names)
    indented = "".join(f"    {line}\n" for line in bodies.splitlines())
    returned = ", ".join(f"{name!r}: {name}" for name in names)
    return f"def _methods({', '.join(sorted(arguments))}):\n{indented}    return {{{returned}}}\n"


def _precompiled(shape: tuple[Any, ...]) -> Callable[..., dict[str, Any]] | None:
    """The `_methods` of records of this shape, compiled ahead of time in `record_methods` (`python -m
    ctlstark.precompile` writes that module; its bytecode is cached as any module's is); None if it has none."""
    from ctlstark.runtime.record_methods import SHAPES

    return SHAPES.get(shape)


def _compiled(source: str) -> Callable[..., dict[str, Any]]:
    """The function `source` defines, compiled now (about 0.2 ms): for a class `record_methods` does not know."""
    scope: dict[str, Any] = {}
    exec(source, scope)  # noqa: S102 - our own source
    return scope["_methods"]


class _PendingAttribute:
    """`__dataclass_fields__`, `__match_args__` or an undocumented class's `__doc__` before the class is
    complete: read, it completes the class (which puts the real attribute in its place) and gives the real one."""

    def __init__(self, name: str, complete: Callable[[], tuple[dataclasses.Field, ...]]) -> None:
        self.name, self.complete = name, complete

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        self.complete()
        return getattr(owner if instance is None else instance, self.name)


class _StandIn:
    """A generated method before its class is complete. Called, it completes the class, whose compiled methods
    take the stand-ins' places, and calls the real one; `inspect.signature` reads the real one's signature off it."""

    def __init__(self, owner: type, name: str, complete: Callable[[], tuple[dataclasses.Field, ...]]) -> None:
        self.owner, self.name, self.complete = owner, name, complete
        self.__qualname__ = f"{owner.__qualname__}.{name}"

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        return self if instance is None else types.MethodType(self, instance)

    def __call__(self, instance: Any, *args: Any, **kwargs: Any) -> Any:
        self.complete()
        return getattr(self.owner, self.name)(instance, *args, **kwargs)

    @property
    def __signature__(self) -> Any:
        import inspect  # only when asked: ctlstark does not import it otherwise (runtime/deferred.py)

        positional = inspect.Parameter.POSITIONAL_OR_KEYWORD
        if self.name == "__eq__":
            return inspect.Signature([inspect.Parameter("self", positional), inspect.Parameter("other", positional)])
        if self.name in ("__hash__", "__repr__"):
            return inspect.Signature([inspect.Parameter("self", positional)])
        parameters = [inspect.Parameter("self", positional)]
        for field in self.complete():
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


def _init_source(cls: type, fields: tuple[dataclasses.Field, ...], past_setattr: bool) -> str:
    """`__init__`: positional fields, then keyword-only ones; defaults and factories read from the arguments of
    `_methods` (`_arguments`). The fields are assigned, or set past the class's `__setattr__` (`past_setattr`: a
    checked frozen record's)."""
    def assigned(name: str, value: str) -> str:
        return f"    _set(self, {name!r}, {value})" if past_setattr else f"    self.{name} = {value}"

    positional: list[str] = []
    keyword_only: list[str] = []
    body: list[str] = []
    for field in fields:
        default = f"_default_{field.name}"
        factory = f"_factory_{field.name}"
        if not field.init:
            if field.default is not dataclasses.MISSING:
                body.append(assigned(field.name, default))
            elif field.default_factory is not dataclasses.MISSING:
                body.append(assigned(field.name, f"{factory}()"))
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
        body.append(assigned(field.name, value))
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


def _frozen(cls: type) -> tuple[Callable[..., None], Callable[..., None]]:
    """`__setattr__` and `__delattr__` that refuse the fields (and every name on the class itself), as a
    frozen dataclass's do."""
    names: set[str] = set()

    def refused(self: Any, name: str) -> bool:
        if type(self) is cls:
            return True
        if not names:
            names.update(field.name for field in dataclasses.fields(cls))
        return name in names

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if refused(self, name):
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if refused(self, name):
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)
    return __setattr__, __delattr__



def generated_methods(cls: type) -> tuple[tuple[Any, ...], str] | None:
    """The shape of `cls` and the source of its `_methods` as `record_methods.py` holds them (fields assigned,
    unchecked), completing `cls`; None when `record` did not make `cls` or generated no compiled method for it."""
    if not (cls in _SHAPES or isinstance(cls.__dict__.get("__dataclass_fields__"), _PendingAttribute)):
        return None
    fields = dataclasses.fields(cls)  # completes it
    shape = _SHAPES.get(cls)
    if shape is None:
        return None
    names = shape[0]
    return shape, _methods_source(cls, fields, names, _arguments(fields, names), past_setattr=False)
