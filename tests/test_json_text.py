"""`render.json_text` writes exactly what `json.dumps(document, indent=2)` writes, errors included."""

from __future__ import annotations

import json
import math

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from ctlstark.render.json_text import json_text

SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text()
KEYS = st.text() | st.integers() | st.floats() | st.booleans() | st.none()
DOCUMENTS = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
                         | st.dictionaries(KEYS, inner, max_size=4), max_leaves=30)


@settings(max_examples=examples(800), deadline=None)
@given(DOCUMENTS)
def test_random_documents_are_written_as_json_writes_them(document: object) -> None:
    assert json_text(document) == json.dumps(document, indent=2)


@pytest.mark.parametrize("document", [
    {}, [], "é\u2028\n\"\\", math.nan, -math.inf, {"a": {"b": []}, "c": [{}]}, 10 ** 40, -0.0, 1e-310,
    {1: "int key", 2.5: "float key", True: "bool key", None: "null key"},
])
def test_edge_values_are_written_as_json_writes_them(document: object) -> None:
    assert json_text(document) == json.dumps(document, indent=2)


def test_what_json_refuses_is_refused_the_same_way() -> None:
    cyclic: list = []
    cyclic.append(cyclic)
    for document, error in [({"set": {1}}, TypeError), ({(1, 2): 3}, TypeError), (cyclic, ValueError)]:
        with pytest.raises(error) as ours:
            json_text(document)
        with pytest.raises(error) as theirs:
            json.dumps(document, indent=2)
        assert str(ours.value) == str(theirs.value)


def test_a_deep_document_is_written_as_json_writes_it() -> None:
    document: object = "leaf"
    for _ in range(200):
        document = {"child": [document]}
    assert json_text(document) == json.dumps(document, indent=2)
