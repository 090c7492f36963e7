"""Fast paths for path formulas with action atoms: one temporal operator over step formulas.

A *step formula* τ is a Boolean combination of state formulas and action atoms:
it holds at a position of a path by that position's state and the joint action
taken from it, so its set is a BDD over current and action bits. For the shapes
`X τ`, `τ1 U τ2` (and `F τ`) and, without `Fairness`, `G τ` and `τ1 R τ2`, `E`
over infinite fair paths (docs/semantics.md) is a fixpoint over (state, action)
pairs, with the pre-image that keeps the action (`preimage_with_actions`):

* `continuing = pre_act(infinite)`: pairs whose transition reaches a state where
  an infinite fair path starts — the pair can be a position of such a path;
* `E τ = ∃act. τ ∧ continuing` (τ alone: the first position);
* `E X τ = EX(∃act. τ ∧ continuing)`;
* `E(τ1 U τ2) = μZ. (∃act. τ2 ∧ continuing) ∨ ∃act. (τ1 ∧ pre_act(Z))`;
* `E G τ = νZ. ∃act. (τ ∧ pre_act(Z))` (infinite paths; no fairness sets);
* `E(τ1 R τ2) = E(τ2 U (τ1 ∧ τ2)) ∨ E G τ2`.

Everything else with action atoms goes to the tableau, which keeps the actions in
its product (`mc.tableau`).
"""

from __future__ import annotations

from collections.abc import Callable

from ..logic import formula as f
from ..semantics.fixpoint import fixpoint
from ..symbolic import bdd as backend
from ..symbolic.bdd import Function
from ..symbolic.system import SymbolicSystem

Label = Callable[[f.Formula], Function]


def _decide_step_formula(node: f.Formula) -> bool | None:
    if f.is_state_formula(node) or isinstance(node, f.ActionAtom):
        return True
    return None if isinstance(node, (f.Not, f.And, f.Or)) else False


is_step_formula = f.memoised_conjunction(_decide_step_formula)
"""State formulas and action atoms under `and`, `or` and `not` (no temporal operator)."""


def fast_shape(path: f.Formula, fair: bool) -> bool:
    """Whether `steps` computes `E path` for this negation-normal path formula.

    `fair`: paths are restricted by fairness (a Fairness or Compassion section).
    """
    if is_step_formula(path):
        return True
    match path:
        case f.X(operand=operand):
            return is_step_formula(operand)
        case f.U(left=left, right=right):
            return is_step_formula(left) and is_step_formula(right)
        case f.R(left=left, right=right):
            return not fair and is_step_formula(left) and is_step_formula(right)
    return False


class StepFixpoints:
    """`E` over one operator and step formulas, for one system and its set of infinite-path states."""

    def __init__(self, system: SymbolicSystem, infinite: Function):
        self.system = system
        self.bdd = system.bdd
        self.action_bits = frozenset(system.encoding.action_bits)
        self.continuing = system.preimage_with_actions(infinite) & system.reachable

    def exists(self, path: f.Formula, label: Label) -> tuple[Function, str]:
        """`E path` and its route name, for a shape `fast_shape` accepts; `label` gives state subformulas' states.

        `label` is not kept, so the checker that passes it is not referenced (no cycle holding BDDs).
        """
        def step(formula: f.Formula) -> Function:
            return self.step(formula, label)

        if is_step_formula(path):
            return self._some_action(step(path) & self.continuing), "fast:E[act]"
        match path:
            case f.X(operand=operand):
                return self._ex(step(operand)), "fast:EX[act]"
            case f.U(left=left, right=right):
                name = "EF" if left == f.Const(True) else "EU"
                return self._eu(step(left), step(right)), f"fast:{name}[act]"
            case f.R(left=left, right=right):
                hold = step(right)
                if left == f.Const(False):
                    return self._eg(hold), "fast:EG[act]"
                return self._eu(hold, hold & step(left)) | self._eg(hold), "fast:ER[act]"
        raise ValueError(f"not a step-formula shape: {f.to_text(path)}")

    def step(self, formula: f.Formula, label: Label) -> Function:
        """The (state, action) pairs where a step formula holds."""
        if isinstance(formula, f.ActionAtom):
            return self.system.encoding.action_cube(formula.agent, formula.action)
        if f.is_state_formula(formula):
            return label(formula)
        match formula:
            case f.Not(operand=operand):
                return ~self.step(operand, label)
            case f.And(left=left, right=right):
                return self.step(left, label) & self.step(right, label)
            case f.Or(left=left, right=right):
                return self.step(left, label) | self.step(right, label)
        raise ValueError(f"not a step formula: {f.to_text(formula)}")

    def _some_action(self, pairs: Function) -> Function:
        return backend.exist(self.bdd, self.action_bits, pairs)

    def _ex(self, operand: Function) -> Function:
        target = self._some_action(operand & self.continuing)
        return self.system.preimage(target, within=self.system.reachable)

    def _eu(self, hold: Function, goal: Function) -> Function:
        reached = self._some_action(goal & self.continuing)
        frontier = reached
        while frontier != self.bdd.false:
            moved = self._some_action(hold & self.system.preimage_with_actions(frontier))
            frontier = moved & self.system.reachable & ~reached
            reached |= frontier
        return reached

    def _eg(self, hold: Function) -> Function:
        system = self.system
        return fixpoint(lambda current: system.reachable & self._some_action(hold & system.preimage_with_actions(current)),
                        system.reachable)
