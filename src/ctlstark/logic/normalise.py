"""Formula rewriting that the checkers share: negation normal form of path formulas,
splitting path quantifiers over Boolean structure, and fragment detection.

All rewrites preserve meaning under the semantics of docs/semantics.md; they only
change which algorithm gets to compute a formula (CTL fixpoints where the shape
allows, the LTL tableau otherwise).
"""

from __future__ import annotations

from typing import Literal

from .formula import (
    ATL, A, ActionAtom, And, Const, E, F, Formula, G, Iff, Implies, Not, Or, R, U, W, X,
    children, is_state_formula,
)

Fragment = Literal["propositional", "ctl", "ltl", "ctlstar"]

TRUE = Const(True)
FALSE = Const(False)


def path_nnf(path: Formula) -> Formula:
    """Negation normal form of a path formula over `X U R` and `and`/`or`.

    `F a` becomes `true U a`, `G a` becomes `false R a`, `a W b` becomes
    `b R (a or b)`; implications and equivalences are expanded; negations are
    pushed down to state-formula leaves (which are kept whole: a negated state
    formula is a state formula). State subformulas are left untouched.
    """
    return _nnf(path, negated=False)


def _nnf(formula: Formula, negated: bool) -> Formula:
    if is_state_formula(formula):
        if negated:
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
                return R(_nnf(l, True), _nnf(r, True))
            return U(_nnf(l, False), _nnf(r, False))
        case R(left=l, right=r):
            if negated:
                return U(_nnf(l, True), _nnf(r, True))
            return R(_nnf(l, False), _nnf(r, False))
        case ActionAtom():
            return Not(formula) if negated else formula
    raise TypeError(f"not a path formula: {formula!r}")


def fragment(formula: Formula) -> Fragment:
    """The smallest logic the formula belongs to (knowledge counts as state structure).

    `ctl`: every path quantifier applies to a single temporal operator over state
    formulas; `ltl`: one outer `A`/`E` over a path formula whose state leaves are
    propositional; otherwise `ctlstar`.
    """
    if not any(isinstance(sub, (E, A, ATL)) for sub in subformulas(formula)):
        return "propositional"
    if all(_is_ctl_quantified(sub) for sub in subformulas(formula) if isinstance(sub, (E, A))):
        return "ctl"
    if isinstance(formula, (E, A)) and not any(
        isinstance(sub, (E, A, ATL)) for sub in subformulas(formula.path)
    ):
        return "ltl"
    return "ctlstar"


def _is_ctl_quantified(formula: E | A) -> bool:
    path = formula.path
    while isinstance(path, Not):
        path = path.operand
    if is_state_formula(path):
        return True
    return isinstance(path, (X, F, G, U, R, W)) and all(is_state_formula(c) for c in children(path))


def subformulas(formula: Formula):
    """Every subformula, the formula itself first (pre-order)."""
    yield formula
    for child in children(formula):
        yield from subformulas(child)


def state_leaves(path: Formula) -> list[Formula]:
    """The maximal state subformulas of a path formula, left to right, without repeats.

    These are what TRANS of the CTL*K paper replaces by fresh propositions: the
    tableau treats each as an atom whose states LABEL computes.
    """
    leaves: list[Formula] = []

    def visit(formula: Formula) -> None:
        if is_state_formula(formula):
            if formula not in leaves:
                leaves.append(formula)
            return
        for child in children(formula):
            visit(child)

    visit(path)
    return leaves


__all__ = ["Fragment", "fragment", "path_nnf", "state_leaves", "subformulas"]
