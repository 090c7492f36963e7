"""`runtime.records.record` behaves as `dataclass(frozen=True)` does, method by method."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
from dataclasses import dataclass, field
from typing import ClassVar

import pytest

from ctlstark.runtime.records import record


def _declare(decorator, name):
    class Node:
        """A node with every kind of field the front end's records use."""

        name: str
        width: int = 1
        children: tuple = ()
        notes: list = field(default_factory=list, compare=False, hash=False)
        cached: dict = field(default_factory=dict, init=False, repr=False, compare=False)
        pos: tuple | None = field(default=None, compare=False, repr=False, kw_only=True)

        def __post_init__(self) -> None:
            object.__setattr__(self, "seen", True)

    Node.__name__ = Node.__qualname__ = name  # module-level names, for pickle
    return decorator(Node)


Standard = _declare(dataclass(frozen=True), "Standard")
Compiled = _declare(record, "Compiled")

CALLS = [
    (("a",), {}),
    (("a", 2), {}),
    (("a", 2, ("x",)), {"pos": (1, 2)}),
    ((), {"name": "b", "notes": ["n"], "pos": (3, 4)}),
]


@pytest.mark.parametrize(("args", "kwargs"), CALLS)
def test_instances_hold_what_the_dataclass_holds(args, kwargs):
    standard, compiled = Standard(*args, **kwargs), Compiled(*args, **kwargs)
    assert vars(compiled) == vars(standard)
    assert repr(compiled) == repr(standard).replace("Standard(", "Compiled(")


@pytest.mark.parametrize(("first", "second"), [(("a",), ("a",)), (("a", 1), ("a", 2)), (("a",), ("b",))])
def test_equality_and_hash_follow_the_compared_fields(first, second):
    same = Standard(*first) == Standard(*second)
    assert (Compiled(*first) == Compiled(*second)) is same
    assert (Compiled(*first, pos=(1, 1)) == Compiled(*second, pos=(9, 9))) is same
    if same:
        assert hash(Compiled(*first, notes=[1])) == hash(Compiled(*second, notes=[2]))
    assert Compiled(*first) != Standard(*first)


def test_assignment_and_deletion_are_refused():
    node = Compiled("a")
    with pytest.raises(dataclasses.FrozenInstanceError):
        node.name = "b"
    with pytest.raises(dataclasses.FrozenInstanceError):
        node.other = 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        del node.name


def test_signature_errors_are_the_dataclass_ones():
    with pytest.raises(TypeError):
        Compiled()
    with pytest.raises(TypeError):
        Compiled("a", 1, (), [], (1, 2))  # pos is keyword-only
    with pytest.raises(TypeError):
        Compiled("a", cached={})  # not an init field


def test_factories_give_each_instance_its_own_value():
    first, second = Compiled("a"), Compiled("a")
    assert first.notes == [] and first.notes is not second.notes
    assert first.cached is not second.cached


def test_dataclass_tools_and_pickling_work():
    node = Compiled("a", 2, pos=(1, 1))
    assert [item.name for item in dataclasses.fields(node)] == [item.name for item in dataclasses.fields(Standard)]
    changed = dataclasses.replace(node, width=3)
    assert (changed.width, changed.pos, changed.seen) == (3, (1, 1), True)
    assert Compiled.__match_args__ == Standard.__match_args__
    assert pickle.loads(pickle.dumps(node)) == node
    match node:
        case Compiled("a", width):
            assert width == 2
        case _:
            pytest.fail("positional match on __match_args__")


def test_without_equality_identity_is_kept():
    @record(eq=False)
    class Leaf:
        value: int

    assert Leaf(1) != Leaf(1)
    assert Leaf.__hash__ is object.__hash__ and Leaf.__eq__ is object.__eq__


def test_methods_the_class_defines_itself_are_kept():
    @record
    class Named:
        name: str
        size: int = 0

        def __repr__(self) -> str:
            return f"<{self.name}>"

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Named) and other.name == self.name

    assert repr(Named("a", 1)) == "<a>"
    assert Named("a", 1) == Named("a", 2)
    assert hash(Named("a", 1)) != hash(Named("a", 2))  # generated over both fields, as dataclass does


def test_docstrings_are_kept_or_named_without_inspecting():
    """A class body's docstring stays; a class without one is documented by its name and fields, as `dataclass`
    documents it, but without `inspect.signature` (whose first use on an undocumented class costs 15 ms)."""
    @record
    class Bare:
        name: str
        size: int = 0
        hidden: int = field(default=0, init=False)

    assert Compiled.__doc__ == Standard.__doc__
    assert Bare.__doc__ == "Bare(name, size)"


def test_the_signature_is_the_dataclass_one_before_any_instance():
    fresh = _declare(record, "Fresh")
    assert str(inspect.signature(fresh)) == str(inspect.signature(Standard))


def test_methods_are_compiled_on_first_use_and_then_are_plain():
    """The generated methods stand in until one of them is called; then all of them are the compiled ones."""
    fresh = _declare(record, "Fresh")
    stand_ins = {name: fresh.__dict__[name] for name in ("__init__", "__eq__", "__hash__")}
    instance = fresh("a", 2)
    assert all(fresh.__dict__[name] is not stand_ins[name] for name in stand_ins)
    assert (instance.name, instance.width, instance.seen) == ("a", 2, True)
    assert instance == fresh("a", 2) and hash(instance) == hash(fresh("a", 2, notes=[1]))


def test_a_subclass_reaches_the_compiled_init_through_super():
    fresh = _declare(record, "Fresh")

    class Child(fresh):
        def __init__(self, name: str) -> None:
            super().__init__(name, 5)

    child = Child("c")
    assert (child.name, child.width, child.seen) == ("c", 5, True)


def test_comparing_compiles_the_methods_of_instances_made_without_init():
    fresh = _declare(record, "Fresh")
    made = []
    for name in ("a", "a", "b"):
        instance = object.__new__(fresh)  # as unpickling makes it
        for field_ in dataclasses.fields(fresh):
            object.__setattr__(instance, field_.name, name if field_.name == "name" else None)
        made.append(instance)
    assert made[0] == made[1] and made[0] != made[2] and hash(made[0]) == hash(made[1])
    assert fresh.__dict__["__eq__"].__code__.co_filename == "<string>"  # the compiled one, no longer the stand-in


def test_fields_match_args_and_doc_are_complete_when_first_read():
    """Before any instance, `fields`, `__match_args__` and the undocumented class's `__doc__` are what `dataclass`
    gives, read from stand-ins that complete the class."""
    fresh = _declare(record, "Fresh")
    assert "__dataclass_params__" not in fresh.__dict__  # `dataclass` has not run yet
    assert [item.name for item in dataclasses.fields(fresh)] == [item.name for item in dataclasses.fields(Standard)]
    assert fresh.__match_args__ == Standard.__match_args__

    @record
    class Bare:
        name: str

    assert "__doc__" in Bare.__dict__ and dataclasses.is_dataclass(Bare) is True
    assert Bare.__doc__ == "Bare(name)"


def test_a_record_subclass_of_a_record_has_both_classes_fields():
    @record
    class Base:
        """A base record."""

        name: str
        size: int = 0

    @record
    class Derived(Base):
        """A derived record."""

        extra: tuple = ()

    assert [item.name for item in dataclasses.fields(Derived)] == ["name", "size", "extra"]
    assert Derived("a", 1, (2,)) == Derived("a", 1, (2,)) != Derived("a", 1)
    assert Base("a") != Derived("a")
    assert repr(Derived("a")).endswith(".Derived(name='a', size=0, extra=())")


def test_every_ctlstark_record_has_its_methods_compiled_ahead_of_time():
    """`record_methods.py` holds the generated methods of every record class; it is stale after a record's fields
    change until `python -m ctlstark.precompile` writes it again."""
    from ctlstark import precompile
    from ctlstark.runtime import record_methods

    missing = set(precompile.record_shapes()) - set(record_methods.SHAPES)
    assert not missing, f"{len(missing)} record(s) changed: run `python -m ctlstark.precompile`"


def test_a_record_shape_determines_its_methods_source():
    """`record_methods.SHAPES` files one function per shape: every ctlstark record of a shape must need the
    same source (else the shape misses something the source depends on)."""
    from ctlstark import precompile
    from ctlstark.runtime.records import generated_methods

    sources: dict[tuple, set[str]] = {}
    for module in precompile.import_every_module():
        for value in list(vars(module).values()):
            if isinstance(value, type) and value.__module__ == module.__name__:
                generated = generated_methods(value)
                if generated is not None:
                    sources.setdefault(generated[0], set()).add(generated[1])
    assert len(sources) > 50
    assert all(len(found) == 1 for found in sources.values())


_UNCHECKED_SCRIPT = """
from ctlstark.logic.formula import And, Prop
formula = And(Prop("p"), Prop("q"))
formula.left = Prop("r")  # a contract broken, unchecked
print(type(formula).__init__.__code__.co_filename.endswith("record_methods.py"), formula.left.name)
"""


def test_unchecked_a_ctlstark_record_uses_the_precompiled_methods_and_assigns_its_fields():
    """Without `CTLSTARK_CHECK_FROZEN` (a check's own process), a frozen record is a plain class with the
    precompiled `__init__`, and nothing refuses an assignment."""
    import os
    import subprocess
    import sys

    environment = {key: value for key, value in os.environ.items() if key != "CTLSTARK_CHECK_FROZEN"}
    run = subprocess.run([sys.executable, "-c", _UNCHECKED_SCRIPT], capture_output=True, text=True, check=True,
                         env=environment, timeout=120)
    assert run.stdout.split() == ["True", "r"]


def test_checked_a_ctlstark_record_refuses_assignment_and_a_new_record_compiles_its_own():
    from ctlstark.logic.formula import And, Prop
    from ctlstark.runtime import records

    assert records.CHECK_FROZEN  # tests/conftest.py
    formula = And(Prop("p"), Prop("q"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        formula.left = Prop("r")
    assert type(formula).__init__.__code__.co_filename == "<string>"  # set past `__setattr__`: not precompiled
    assert Compiled("a").__class__.__init__.__code__.co_filename == "<string>"


def test_fields_are_the_ones_dataclass_finds():
    keys = ("name", "type", "default", "default_factory", "init", "repr", "hash", "compare", "kw_only", "metadata")
    ours = [{key: getattr(item, key) for key in keys} for item in dataclasses.fields(_declare(record, "Fresh"))]
    assert ours == [{key: getattr(item, key) for key in keys} for item in dataclasses.fields(Standard)]
    fresh = _declare(record, "Fresh")
    assert (fresh.pos, fresh.width, "notes" in fresh.__dict__) == (None, 1, False)  # as `dataclass` leaves them


def test_class_variables_and_mutable_defaults_are_read_as_dataclass_reads_them():
    @record
    class Counted:
        """A record with a class variable."""

        seen: ClassVar[int] = 0
        name: str = "x"

    assert [item.name for item in dataclasses.fields(Counted)] == ["name"] and Counted().name == "x"

    @record
    class Listed:
        """A record with a mutable default."""

        items: list = []  # noqa: RUF012 - the error under test

    with pytest.raises(ValueError, match="mutable default"):
        Listed()
