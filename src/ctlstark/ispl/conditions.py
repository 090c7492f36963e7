"""ISPL conditions and expressions written back as text, and the comparison atoms formulas borrow from them.

`expression_text` prints a condition or expression of the syntax tree with only the
parentheses its parse needs (`fmt` lays out every condition with it). A comparison
atom of a formula (`Environment.x = 3`, a ctlstark extension) is read by both formula
parsers into a `Prop` whose name is the atom's text as `comparison_atom` writes it:
a name with spaces, which no `Evaluation` proposition can have, so the symbolic engine,
the explicit oracle and the witnesses evaluate it like any proposition once the
resolver has defined it (docs/formulas.md, "Comparing variables").
"""

from __future__ import annotations

from ..logic import formula as fm
from . import syntax as sx

__all__ = ["comparison_atom", "expression_text"]


def comparison_atom(left: sx.Ident | sx.Qualified, operator: str, operator_pos: sx.Pos,
                    right: sx.Expr) -> tuple[fm.Prop, sx.ComparisonAtom]:
    """The formula leaf of `left operator right` in a formula, and the syntax the resolver defines it from.

    `operator` is one of ISPL's (`=`, `<>`, `<`, `<=`, `>`, `>=`) or `!=`. The leaf is a
    `Prop` named by the atom's canonical text (single spaces, the operator as written), at
    the atom's start; its condition reads `!=` as ISPL's `<>`.
    """
    name = f"{expression_text(left)} {operator} {expression_text(right, _EXPRESSION)}"
    condition = sx.BinaryExpr("<>" if operator == "!=" else operator, left, right, operator_pos)
    return fm.Prop(name, pos=left.pos), sx.ComparisonAtom(name, condition, left.pos)


# Binding strength (higher binds tighter), as in grammar.lark: conditions `or` < `and`
# < `!` < comparisons and action tests; expressions `|` `^` < `&` < `~` < `+` `-` < `*` `/`.
# Every binary operator is left-associative; comparisons take two expressions.
_LEVEL = {"or": 1, "and": 2, "=": 4, "<>": 4, "<": 4, "<=": 4, ">": 4, ">=": 4,
          "|": 5, "^": 5, "&": 6, "+": 8, "-": 8, "*": 9, "/": 9}
_NOT, _COMPARISON, _EXPRESSION, _BIT_NOT, _ARITH, _ATOM = 3, 4, 5, 7, 8, 10


def expression_text(expr: sx.Expr, min_level: int = 0) -> str:
    """An expression or condition with the parentheses its parse needs (none around it unless
    it binds looser than `min_level`)."""
    level = _expression_level(expr)
    text = _expression_body(expr)
    return f"({text})" if level < min_level else text


def _expression_level(expr: sx.Expr) -> int:
    if isinstance(expr, sx.BinaryExpr):
        return _LEVEL[expr.op]
    if isinstance(expr, sx.UnaryExpr):
        return _NOT if expr.op == "!" else _BIT_NOT
    if isinstance(expr, sx.ActionTest):
        return _COMPARISON
    return _ATOM


def _expression_body(expr: sx.Expr) -> str:
    match expr:
        case sx.BinaryExpr(op=op) if _LEVEL[op] == _COMPARISON:
            return f"{expression_text(expr.left, _EXPRESSION)} {op} {expression_text(expr.right, _EXPRESSION)}"
        case sx.BinaryExpr():
            return _chain_text(expr)
        case sx.UnaryExpr(op="!", operand=operand):
            return "!" + expression_text(operand, _NOT)
        case sx.UnaryExpr(operand=operand):
            return "~" + expression_text(operand, _ARITH)
        case sx.ActionTest(agent=None, action=action):
            return f"Action = {action.text}"
        case sx.ActionTest(agent=agent, action=action):
            return f"{agent}.Action = {action.text}"
        case sx.BoolLit(value=value):
            return "true" if value else "false"
        case sx.IntLit(value=value):
            return str(value)
        case sx.Ident(name=name):
            return name
        case sx.Qualified(agent=agent, name=name):
            return f"{agent}.{name}"
    raise TypeError(f"not an expression: {expr!r}")


def _chain_text(expr: sx.BinaryExpr) -> str:
    """A left-nested chain of operators of one level, without recursing down its length
    (an InitStates line may have thousands of conjuncts)."""
    level = _LEVEL[expr.op]
    rights: list[tuple[str, sx.Expr]] = []
    node: sx.Expr = expr
    while isinstance(node, sx.BinaryExpr) and _LEVEL[node.op] == level:
        rights.append((node.op, node.right))
        node = node.left
    parts = [expression_text(node, level)]
    for op, right in reversed(rights):
        parts.append(f"{op} {expression_text(right, level + 1)}")
    return " ".join(parts)
