"""`logic.formula.children`: the class-indexed reading gives what the pattern reading gives, node by node."""

from __future__ import annotations

import dataclasses

import pytest

from ctlstark.logic import formula as fm

_FIRST, _SECOND, _THIRD = fm.Prop("p"), fm.Prop("q"), fm.Prop("r")
_VALUES = {"operand": _FIRST, "path": _FIRST, "left": _FIRST, "right": _SECOND, "condition": _THIRD,
           "name": "p", "agent": "a", "kind": "red", "action": "go", "value": True, "group": "g",
           "debtor": "a", "creditor": "b", "infinite": True}


def _instance(node_class: type) -> fm.Formula:
    fields = [field.name for field in dataclasses.fields(node_class) if field.init and field.name != "pos"]
    return node_class(**{name: _VALUES[name] for name in fields})


@pytest.mark.parametrize("node_class", sorted(fm._CHILDREN, key=lambda cls: cls.__name__),
                         ids=lambda cls: cls.__name__)
def test_every_node_class_reads_its_children_as_the_patterns_do(node_class):
    node = _instance(node_class)
    assert fm.children(node) == fm._matched_children(node)
    assert all(child is expected for child, expected in zip(fm.children(node), fm._matched_children(node)))


def test_a_commitment_without_condition_and_a_subclass_read_as_before():
    bare = fm.SC("a", "b", _FIRST)
    assert fm.children(bare) == (_FIRST,) == fm._matched_children(bare)
    assert fm.children(fm.SC("a", "b", _FIRST, _THIRD)) == (_THIRD, _FIRST)

    class Strong(fm.Not):  # not listed: read by the patterns
        pass

    assert fm.children(Strong(_SECOND)) == (_SECOND,)
    with pytest.raises(TypeError, match="not a formula"):
        fm.children("p")  # type: ignore[arg-type]
