"""JSON text exactly as `json.dumps(document, indent=2)` writes it, without importing `json`.

`--json` reports are written on every benchmarked check, and the `json` package costs a
small model's check about 5 % of its instructions: its import (the decoder and scanner
come with it) and its indented encoder, which runs in Python as a chain of generators.
Here strings are quoted by the same C function `json` uses, and everything else is
spelled as `json` spells it. Anything else (another type, a cycle) is handed to `json`,
so its errors stay the same.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

try:
    from _json import encode_basestring_ascii as _quoted
except ImportError:  # pragma: no cover - CPython always has _json
    from json.encoder import encode_basestring_ascii as _quoted

_INDENT = "  "
_CONSTANTS = {None: "null", True: "true", False: "false"}


class _NotPlainJson(Exception):
    """A value this writer does not spell: `json` writes the whole document instead."""


def json_text(document: Any) -> str:
    """`json.dumps(document, indent=2)`."""
    parts: list[str] = []
    try:
        _write(document, parts, "\n", 0)
    except (_NotPlainJson, RecursionError):
        import json

        return json.dumps(document, indent=2)
    return "".join(parts)


def _write(value: Any, parts: list[str], newline: str, depth: int) -> None:
    """Append `value`'s text; `newline` starts a line at the value's own indentation."""
    if isinstance(value, str):
        parts.append(_quoted(value))
    elif value is None or value is True or value is False:
        parts.append(_CONSTANTS[value])
    elif isinstance(value, int):
        parts.append(int.__repr__(value))
    elif isinstance(value, float):
        parts.append(_float_text(value))
    elif depth > 900:  # deeper than json's own encoder goes without a RecursionError
        raise _NotPlainJson
    elif isinstance(value, dict):
        if not value:
            parts.append("{}")
            return
        inner = newline + _INDENT
        opening = "{" + inner
        for key, item in value.items():
            parts.append(opening + _key_text(key) + ": ")
            _write(item, parts, inner, depth + 1)
            opening = "," + inner
        parts.append(newline + "}")
    elif isinstance(value, (list, tuple)):
        if not value:
            parts.append("[]")
            return
        inner = newline + _INDENT
        opening = "[" + inner
        for item in value:
            parts.append(opening)
            _write(item, parts, inner, depth + 1)
            opening = "," + inner
        parts.append(newline + "]")
    else:
        raise _NotPlainJson


def _float_text(value: float) -> str:
    """A float as `json` writes it (`NaN` and `Infinity` included, as it allows by default)."""
    if value != value:
        return "NaN"
    if value == float("inf"):
        return "Infinity"
    if value == -float("inf"):
        return "-Infinity"
    return float.__repr__(value)


def _key_text(key: Any) -> str:
    """A dictionary key as `json` writes it: a string, or a scalar turned into one."""
    if isinstance(key, str):
        return _quoted(key)
    if key is None or key is True or key is False:
        return '"' + _CONSTANTS[key] + '"'
    if isinstance(key, int):
        return '"' + int.__repr__(key) + '"'
    if isinstance(key, float):
        return '"' + _float_text(key) + '"'
    raise _NotPlainJson
