"""`logic.formula.children`: every node class gives its subformulas, left to right, and nothing else."""

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


_LEAVES = (fm.Prop, fm.AgentStates, fm.ActionAtom, fm.Const)
_BINARY = (fm.And, fm.Or, fm.Implies, fm.Iff, fm.U, fm.R, fm.W)
_PATH_QUANTIFIED = (fm.E, fm.A, fm.ATL)
_EXPECTED = {**dict.fromkeys(_LEAVES, ()), **dict.fromkeys(_BINARY, (_FIRST, _SECOND)),
             **dict.fromkeys(_PATH_QUANTIFIED, (_FIRST,)), fm.SC: (_THIRD, _FIRST)}  # the rest: (operand,)
_NODE_CLASSES = (*_LEAVES, *_BINARY, *_PATH_QUANTIFIED, fm.SC, fm.Not, fm.X, fm.F, fm.G, fm.K, fm.GK, fm.DK, fm.GCK,
                 fm.O, fm.C, fm.Fu)


def test_the_node_classes_are_those_of_the_module():
    assert set(_NODE_CLASSES) == fm._NODE_CLASSES


@pytest.mark.parametrize("node_class", _NODE_CLASSES, ids=lambda cls: cls.__name__)
def test_every_node_class_reads_its_children(node_class):
    node = _instance(node_class)
    expected = _EXPECTED.get(node_class, (_FIRST,))
    assert fm.children(node) == expected
    assert all(child is wanted for child, wanted in zip(fm.children(node), expected))


def test_a_commitment_without_condition_and_a_subclass_read_as_before():
    bare = fm.SC("a", "b", _FIRST)
    assert fm.children(bare) == (_FIRST,)
    assert fm.children(fm.SC("a", "b", _FIRST, _THIRD)) == (_THIRD, _FIRST)

    class Strong(fm.Not):  # not listed: read as the class it derives from
        pass

    assert fm.children(Strong(_SECOND)) == (_SECOND,)
    with pytest.raises(TypeError, match="not a formula"):
        fm.children("p")  # type: ignore[arg-type]
