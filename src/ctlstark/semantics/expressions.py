"""Evaluation of typed model expressions on one explicit state.

Straight from docs/semantics.md: exact integers, `/` truncating toward zero,
division by zero giving `UNDEFINED`, which makes arithmetic undefined and any
comparison with an undefined side false. Booleans are never undefined.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ..model import ActionIs, Binary, Const, Expr, Model, Unary, Value, Variable, VarRef


class _Undefined:
    """The value of an expression that divides by zero."""

    _instance: _Undefined | None = None

    def __new__(cls) -> _Undefined:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNDEFINED"


UNDEFINED = _Undefined()

Result = Value | _Undefined
Valuation = Mapping[Variable, Value]
JointAction = Mapping[str, str]


def truncating_division(numerator: int, denominator: int) -> int:
    """Integer division rounding toward zero (C semantics), denominator nonzero."""
    quotient = abs(numerator) // abs(denominator)
    return quotient if (numerator >= 0) == (denominator >= 0) else -quotient


ARITHMETIC: dict[str, Callable[[int, int], int]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": truncating_division,
}
"""ISPL's integer operators on defined operands (`/` with a nonzero denominator), for engines that tabulate them."""


def _arithmetic(op: str, left: int, right: int) -> Result:
    if op == "+":
        return left + right
    if op == "-":
        return left - right
    if op == "*":
        return left * right
    if right == 0:
        return UNDEFINED
    return truncating_division(left, right)


def _compare(op: str, left: Result, right: Result) -> bool:
    if left is UNDEFINED or right is UNDEFINED:
        return False
    if op == "=":
        return left == right
    if op == "<>":
        return left != right
    if op == "<":
        return left < right  # type: ignore[operator]
    if op == "<=":
        return left <= right  # type: ignore[operator]
    if op == ">":
        return left > right  # type: ignore[operator]
    return left >= right  # type: ignore[operator]


def _boolean(op: str, left: Result, right: Result) -> bool:
    if not isinstance(left, bool) or not isinstance(right, bool):
        raise TypeError(f"operator {op!r} needs Boolean operands, got {left!r} and {right!r}")
    if op in ("and", "&"):
        return left and right
    if op in ("or", "|"):
        return left or right
    return left != right  # "^"


def _unary(op: str, operand: Result) -> Result:
    if op == "neg":
        return UNDEFINED if operand is UNDEFINED else -operand  # type: ignore[operator]
    if not isinstance(operand, bool):
        raise TypeError(f"operator {op!r} needs a Boolean operand, got {operand!r}")
    return not operand


def evaluate(expr: Expr, valuation: Valuation, action: JointAction | None = None) -> Result:
    """The value of `expr` in `valuation` under the joint action `action` (agent -> action).

    `action` is None where no action is in scope (protocols, propositions,
    initial states); an action atom there is a model error and raises.

    Dispatch by type, operators first: a GDL guard is mostly `and`/`or`/`=` nodes, and
    structural `match` tried four patterns before reaching them.
    """
    kind = type(expr)
    if kind is Binary:
        op = expr.op
        left_value = evaluate(expr.left, valuation, action)
        if op == "and" and left_value is False:
            return False
        if op == "or" and left_value is True:
            return True
        right_value = evaluate(expr.right, valuation, action)
        if op in ("=", "<>", "<", "<=", ">", ">="):
            return _compare(op, left_value, right_value)
        if op in ("+", "-", "*", "/"):
            if left_value is UNDEFINED or right_value is UNDEFINED:
                return UNDEFINED
            return _arithmetic(op, left_value, right_value)  # type: ignore[arg-type]
        return _boolean(op, left_value, right_value)
    if kind is VarRef:
        return valuation[expr.variable]
    if kind is Const:
        return expr.value
    if kind is ActionIs:
        if action is None:
            raise ValueError(f"action atom {expr.agent}.Action = {expr.action} outside an evolution guard")
        return action[expr.agent] == expr.action
    if kind is Unary:
        return _unary(expr.op, evaluate(expr.operand, valuation, action))
    raise TypeError(f"not an expression: {expr!r}")


def holds(condition: Expr, valuation: Valuation, action: JointAction | None = None) -> bool:
    """Whether a Boolean condition is true; an undefined or non-Boolean value is an error."""
    value = evaluate(condition, valuation, action)
    if not isinstance(value, bool):
        raise TypeError(f"condition evaluates to non-Boolean {value!r}")
    return value


def fits(value: Result, variable: Variable) -> bool:
    """Whether `value` may be assigned to `variable` (defined and inside its type)."""
    if value is UNDEFINED:
        return False
    return variable.type.contains(value)


def true_propositions(model: Model, state: Sequence[Value]) -> tuple[str, ...]:
    """The `Evaluation` propositions true in `state` (values in `Model.variables` order), in declaration order.

    Only the declared ones: not the comparison atoms (`Environment.x = 3`) formulas add.
    """
    valuation = dict(zip(model.variables, state))
    return tuple(name for name, condition in model.evaluation_propositions.items() if holds(condition, valuation))
