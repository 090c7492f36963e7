"""Small helpers for building typed-model expressions by hand in tests."""

from __future__ import annotations

from ctlstark.model import Binary, Const, Expr, VarRef, Variable


def eq(variable: Variable, value: object) -> Expr:
    """`variable = value`."""
    return Binary("=", VarRef(variable), Const(value))  # type: ignore[arg-type]


def conj(*parts: Expr) -> Expr:
    """The conjunction of `parts`, left-nested."""
    result = parts[0]
    for part in parts[1:]:
        result = Binary("and", result, part)
    return result
