"""Formula rewriting that the checker and the witness builder share: negation normal
form of path formulas for the tableau, and the CTL shapes the fixpoints take.

All rewrites preserve meaning under the semantics of docs/semantics.md; they only
change which algorithm gets to compute a formula (CTL fixpoints where the shape
allows, the LTL tableau otherwise).
"""

from __future__ import annotations

from collections.abc import Iterator

from .formula import (
    SC, A, ActionAtom, And, Const, E, F, Formula, G, Iff, Implies, Not, Or, R, U, W, X,
    children, is_state_formula, reads_as_state_formula,
)

TRUE = Const(True)
FALSE = Const(False)


def path_nnf(path: Formula) -> Formula:
    """Negation normal form of a path formula over `X U R` and `and`/`or`.

    `F a` becomes `true U a`, `G a` becomes `false R a`, `a W b` becomes
    `b R (a or b)`; implications and equivalences are expanded; negations are
    pushed down to state-formula leaves (which are kept whole: a negated state
    formula is a state formula; a negated constant is the other one, so `¬F a` is
    `false R ¬a`, which the fixpoint routes read as `G ¬a`). State subformulas are left untouched.
    `F F a`, `F G F a`, `¬a U a` and their duals are simplified (`_until`, `_release`).
    """
    return _nnf(path, negated=False)


def _nnf(formula: Formula, negated: bool) -> Formula:
    if is_state_formula(formula):
        if negated:
            if isinstance(formula, Const):
                return Const(not formula.value, pos=formula.pos)
            return formula.operand if isinstance(formula, Not) else Not(formula)
        return formula
    match formula:
        case Not(operand=inner):
            return _nnf(inner, not negated)
        case And(left=l, right=r):
            parts = (_nnf(l, negated), _nnf(r, negated))
            return Or(*parts) if negated else And(*parts)
        case Or(left=l, right=r):
            parts = (_nnf(l, negated), _nnf(r, negated))
            return And(*parts) if negated else Or(*parts)
        case Implies(left=l, right=r):
            return _nnf(Or(Not(l), r), negated)
        case Iff(left=l, right=r):
            return _nnf(Or(And(l, r), And(Not(l), Not(r))), negated)
        case X(operand=inner):
            return X(_nnf(inner, negated))
        case F(operand=inner):
            return _nnf(U(TRUE, inner), negated)
        case G(operand=inner):
            return _nnf(R(FALSE, inner), negated)
        case W(left=l, right=r):
            return _nnf(R(r, Or(l, r)), negated)
        case U(left=l, right=r):
            if negated:
                return _release(_nnf(l, True), _nnf(r, True))
            return _until(_nnf(l, False), _nnf(r, False))
        case R(left=l, right=r):
            if negated:
                return _until(_nnf(l, True), _nnf(r, True))
            return _release(_nnf(l, False), _nnf(r, False))
        case ActionAtom():
            return Not(formula) if negated else formula
    raise TypeError(f"not a path formula: {formula!r}")


def _until(left: Formula, right: Formula) -> Formula:
    """`left U right`, with three identities of LTL applied (on every path, finite or not): `F F a` is `F a`,
    `F G F a` is `G F a`, and `¬a U a` is `F a` (the first a). A formula written so then needs no tableau
    (`F F F G G G F F G G F G a`, MCMAS's stress test, is `F G a`)."""
    return _simplified(U, R, left, right)


def _release(left: Formula, right: Formula) -> Formula:
    """`left R right`, with the duals of `_until`'s identities: `G G a` is `G a`, `G F G a` is `F G a`, and
    `a R ¬a` is `G ¬a`."""
    return _simplified(R, U, left, right)


def _simplified(kind: type[U] | type[R], dual: type[U] | type[R], left: Formula, right: Formula) -> Formula:
    """`kind(left, right)` for `kind` U (with `dual` R) or R (with `dual` U). Its unit is the constant that
    makes it `F` (`true U`) or `G` (`false R`): `kind`-unit over `kind`-unit is the inner one, `kind`-unit over
    `dual`-unit over `kind`-unit is the inner two, and the negation of the right operand on the left is the
    unit."""
    unit = kind is U
    if _is_constant(left, unit):
        if isinstance(right, kind) and _is_constant(right.left, unit):
            return right
        if isinstance(right, dual) and _is_constant(right.left, not unit) and isinstance(right.right, kind) \
                and _is_constant(right.right.left, unit):
            return right
    elif _negation_of(left, right):
        return kind(TRUE if unit else FALSE, right)
    return kind(left, right)


def _is_constant(formula: Formula, value: bool) -> bool:
    return isinstance(formula, Const) and formula.value is value


def _negation_of(first: Formula, second: Formula) -> bool:
    """Whether one formula is `¬` the other (in negation normal form, only a leaf is negated)."""
    return (isinstance(first, Not) and first.operand == second) or (isinstance(second, Not) and second.operand == first)


def subformulas(formula: Formula) -> Iterator[Formula]:
    """Every subformula, the formula itself first (pre-order; a loop, so any depth is fine)."""
    pending = [formula]
    while pending:
        node = pending.pop()
        yield node
        pending.extend(reversed(children(node)))


_CTL_SHAPES = (X, F, G, U, R, W)


def push_negation(path: Formula) -> Formula:
    """Move a negation over a path formula of CTL shape inside it (`¬X φ = X ¬φ`, …).

    Other formulas are returned unchanged.
    """
    if not isinstance(path, Not):
        return path
    inner = path.operand
    match inner:
        case Not(operand=operand):
            return push_negation(operand)
        case X(operand=operand):
            return X(Not(operand))
        case F(operand=operand):
            return G(Not(operand))
        case G(operand=operand):
            return F(Not(operand))
        case U(left=left, right=right):
            return R(Not(left), Not(right))
        case R(left=left, right=right):
            return U(Not(left), Not(right))
        case W(left=left, right=right):
            return U(Not(right), And(Not(left), Not(right)))
    return path


def is_ctl_path(path: Formula) -> bool:
    """A single temporal operator whose operands are state formulas."""
    return isinstance(path, _CTL_SHAPES) and all(is_state_formula(child) for child in children(path))


def existential_path(formula: Formula, value: bool) -> tuple[Formula, bool] | None:
    """For `E ψ` true, `A ψ` false or `SC(i, j, ψ)` true: the path formula to witness (`ψ` or `¬ψ` pushed in) and whether it is CTL-shaped.

    None when `formula` with truth value `value` has no linear explanation of this kind.
    """
    if isinstance(formula, SC) and formula.condition is None and value:
        return existential_path(E(formula.path), True)
    if isinstance(formula, E) and value:
        path = push_negation(formula.path)
    elif isinstance(formula, A) and not value:
        path = push_negation(Not(formula.path))
    else:
        return None
    if reads_as_state_formula(path, formula.infinite):
        return None
    return path, is_ctl_path(path) and not formula.infinite  # MCMAS's LTL/CTL* entries: infinite paths only


__all__ = ["existential_path", "is_ctl_path", "path_nnf", "push_negation", "subformulas"]
