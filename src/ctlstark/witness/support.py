"""Which state subformulas, at which steps, a path's satisfaction of a path formula rests on.

(Action atoms — `i.Action = a` and its negation — are leaves too: `truth` judges
them on the joint action of the step; they never need an explanation.)

A witness of `E ψ` is a path on which ψ holds. Each step where ψ needs a state
subformula σ (the `p` states before the goal of `E(p U q)`, every state of an
`EG φ` lasso, a fresh proposition of the tableau at the position where the
path formula consults it) can be explained in turn by a sub-trace of σ there.
`support` computes those (position, σ) pairs by walking the path the way the
semantics reads it: the first goal of an until and the hold states before it,
one true disjunct of an `or`, both sides of an `and`, and every position of a
lasso for a release that never fires. The formula is first put in negation
normal form (`path_nnf`), so every σ is a state formula that must be TRUE at
its position (a negated one is a state formula too).

Positions are those of a finite trace (no successor after the last) or of a
lasso (the last step continues at `loop_start`). The module only chooses which
children a trace gets; the replay validates the trace and the children
independently.
"""

from __future__ import annotations

from collections.abc import Callable

from ..logic import formula as f
from ..logic.normalise import path_nnf

Truth = Callable[[f.Formula, int], bool]


class PathSupport:
    """Evaluates a negation-normal path formula on the positions of one trace and lists what it rests on."""

    def __init__(self, length: int, loop_start: int | None, truth: Truth):
        """`truth(σ, i)`: whether the state formula σ holds at position i."""
        self.length = length
        self.loop_start = loop_start
        self.truth = truth
        self._positions: dict[f.Formula, frozenset[int]] = {}

    def next_position(self, position: int) -> int | None:
        if position + 1 < self.length:
            return position + 1
        return self.loop_start

    def holds(self, formula: f.Formula, position: int) -> bool:
        return position in self.positions(formula)

    def positions(self, formula: f.Formula) -> frozenset[int]:
        """The positions where `formula` (negation normal form over X, U, R) holds."""
        cached = self._positions.get(formula)
        if cached is None:
            cached = self._positions[formula] = self._evaluate(formula)
        return cached

    def _evaluate(self, formula: f.Formula) -> frozenset[int]:
        everywhere = frozenset(range(self.length))
        constant = _constant(formula)
        if constant is not None:
            return everywhere if constant else frozenset()
        if f.is_state_formula(formula) or isinstance(formula, f.ActionAtom):
            return frozenset(i for i in everywhere if self.truth(formula, i))
        match formula:
            case f.Not(operand=f.ActionAtom() as atom):
                return everywhere - self.positions(atom)
            case f.And(left=left, right=right):
                return self.positions(left) & self.positions(right)
            case f.Or(left=left, right=right):
                return self.positions(left) | self.positions(right)
            case f.X(operand=operand):
                return self._predecessors(self.positions(operand))
            case f.U(left=left, right=right):
                hold, goal = self.positions(left), self.positions(right)
                return self._fixpoint(lambda z: goal | (hold & self._predecessors(z)), frozenset())
            case f.R(left=left, right=right):
                release, hold = self.positions(left), self.positions(right)
                return self._fixpoint(lambda z: hold & (release | self._predecessors(z)), everywhere)
        raise TypeError(f"not a negation-normal path formula: {f.to_text(formula)}")

    def _predecessors(self, targets: frozenset[int]) -> frozenset[int]:
        return frozenset(i for i in range(self.length) if self.next_position(i) in targets)

    @staticmethod
    def _fixpoint(step: Callable[[frozenset[int]], frozenset[int]], start: frozenset[int]) -> frozenset[int]:
        current = start
        while (following := step(current)) != current:
            current = following
        return current

    def support(self, formula: f.Formula, position: int) -> list[tuple[int, f.Formula]]:
        """The (position, state formula) pairs that make `formula` hold at `position` (it must hold there)."""
        if not self.holds(formula, position):
            raise ValueError(f"{f.to_text(formula)} does not hold at position {position}")
        if f.is_state_formula(formula) or isinstance(formula, f.ActionAtom | f.Not):
            return [(position, formula)]
        match formula:
            case f.And(left=left, right=right):
                return self.support(left, position) + self.support(right, position)
            case f.Or(left=left, right=right):
                return self.support(left if self.holds(left, position) else right, position)
            case f.X(operand=operand):
                return self.support(operand, self._next(position))
            case f.U(left=left, right=right):
                return self._until_support(left, right, position)
            case f.R(left=left, right=right):
                return self._release_support(left, right, position)
        raise TypeError(f"not a negation-normal path formula: {f.to_text(formula)}")

    def _next(self, position: int) -> int:
        following = self.next_position(position)
        if following is None:
            raise ValueError("the path formula looks past the end of a finite trace")
        return following

    def _until_support(self, hold: f.Formula, goal: f.Formula, position: int) -> list[tuple[int, f.Formula]]:
        """`hold U goal`: the hold states up to the first goal, and the goal."""
        found: list[tuple[int, f.Formula]] = []
        while not self.holds(goal, position):
            found += self.support(hold, position)
            position = self._next(position)
        return found + self.support(goal, position)

    def _release_support(self, release: f.Formula, hold: f.Formula, position: int) -> list[tuple[int, f.Formula]]:
        """`release R hold`: hold at every position until (and at) the first release, or forever round the loop."""
        found: list[tuple[int, f.Formula]] = []
        visited: set[int] = set()
        current: int | None = position
        while current is not None and current not in visited:
            visited.add(current)
            found += self.support(hold, current)
            if self.holds(release, current):
                return found + self.support(release, current)
            current = self.next_position(current)
        return found


def _constant(formula: f.Formula) -> bool | None:
    """The value of `true`, `false` and their negations (the NNF of `F`/`G` introduces them); None otherwise."""
    if isinstance(formula, f.Const):
        return formula.value
    if isinstance(formula, f.Not) and isinstance(formula.operand, f.Const):
        return not formula.operand.value
    return None


def path_support(path: f.Formula, length: int, loop_start: int | None, truth: Truth) -> list[tuple[int, f.Formula]]:
    """The distinct (position, state formula) pairs, by position, that make `path` hold at position 0.

    Constants are left out: they need no explanation.
    """
    support = PathSupport(length, loop_start, truth).support(path_nnf(path), 0)
    distinct = dict.fromkeys((i, formula) for i, formula in support if _constant(formula) is None)
    return sorted(distinct, key=lambda pair: pair[0])
