"""Path formulas on one ultimately periodic path (a lasso), by the textbook fixpoint definitions.

No automaton: each subformula's positions are computed over the lasso's finitely many
positions. The witness replay checks every trace's path formula with it, and the
tests cross-check the oracle's Büchi product against it. Action atoms need a lasso
that carries its joint actions (`Lasso.actions`); on a state-only lasso they raise
`UnsupportedFormula`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..errors import UnsupportedFormula
from ..logic import formula as f
from ..runtime.records import record
from .fixpoint import fixpoint
from .transitions import Joint, State

StateSet = frozenset[State]


@record
class Lasso:
    """An ultimately periodic path: `prefix`, then `loop` repeated forever (`loop` non-empty).

    `actions`, when given, has one joint action per position (`positions[k]`
    takes `actions[k]` to the next position); action atoms need it.
    """

    prefix: tuple[State, ...]
    loop: tuple[State, ...]
    actions: tuple[Joint, ...] | None = None

    def __post_init__(self) -> None:
        if not self.loop:
            raise ValueError("a lasso needs a non-empty loop")
        if self.actions is not None and len(self.actions) != len(self.prefix) + len(self.loop):
            raise ValueError("a lasso needs one joint action per position")

    @property
    def positions(self) -> tuple[State, ...]:
        """The distinct positions: the prefix, then one copy of the loop."""
        return self.prefix + self.loop

    def next_position(self, position: int) -> int:
        """The position after `position` (the last one goes back to the loop's start)."""
        return position + 1 if position + 1 < len(self.positions) else len(self.prefix)


def holds_on_lasso(
    path: f.Formula, lasso: Lasso, state_sat: Callable[[f.Formula], StateSet], agents: Sequence[str] = ()
) -> bool:
    """Whether `path` holds on `lasso` (at its first position); `state_sat` gives a state formula's states.

    `agents` names the components of the lasso's joint actions (`Model.agent_names`);
    only action atoms need it, and they need `lasso.actions` too.
    """
    return 0 in _positions(path, lasso, state_sat, tuple(agents))


def _positions(
    formula: f.Formula, lasso: Lasso, state_sat: Callable[[f.Formula], StateSet], agents: tuple[str, ...]
) -> frozenset[int]:
    """The positions of the lasso where `formula` holds, by the fixpoint definitions."""
    everywhere = frozenset(range(len(lasso.positions)))
    if f.is_state_formula(formula):
        satisfying = state_sat(formula)
        return frozenset(i for i, state in enumerate(lasso.positions) if state in satisfying)

    def sub(x: f.Formula) -> frozenset[int]:
        return _positions(x, lasso, state_sat, agents)

    def pre(target: frozenset[int]) -> frozenset[int]:
        return frozenset(i for i in everywhere if lasso.next_position(i) in target)

    def least(step: Callable[[frozenset[int]], frozenset[int]]) -> frozenset[int]:
        return fixpoint(step, frozenset())

    def greatest(step: Callable[[frozenset[int]], frozenset[int]]) -> frozenset[int]:
        return fixpoint(step, everywhere)

    match formula:
        case f.Not(operand=x):
            return everywhere - sub(x)
        case f.And(left=l, right=r):
            return sub(l) & sub(r)
        case f.Or(left=l, right=r):
            return sub(l) | sub(r)
        case f.Implies(left=l, right=r):
            return (everywhere - sub(l)) | sub(r)
        case f.Iff(left=l, right=r):
            return everywhere - (sub(l) ^ sub(r))
        case f.X(operand=x):
            return pre(sub(x))
        case f.F(operand=x):
            goal = sub(x)
            return least(lambda z: goal | pre(z))
        case f.G(operand=x):
            keep = sub(x)
            return greatest(lambda z: keep & pre(z))
        case f.U(left=l, right=r):
            stay, goal = sub(l), sub(r)
            return least(lambda z: goal | (stay & pre(z)))
        case f.W(left=l, right=r):
            stay, goal = sub(l), sub(r)
            return greatest(lambda z: goal | (stay & pre(z)))
        case f.R(left=l, right=r):
            release, hold = sub(l), sub(r)
            return greatest(lambda z: hold & (release | pre(z)))
        case f.ActionAtom():
            return _action_positions(formula, lasso, agents)
    raise UnsupportedFormula(f"not a path formula: {f.to_text(formula)}")


def _action_positions(atom: f.ActionAtom, lasso: Lasso, agents: tuple[str, ...]) -> frozenset[int]:
    """The positions whose joint action gives `atom.agent` the action `atom.action`."""
    if lasso.actions is None or atom.agent not in agents:
        raise UnsupportedFormula(f"{f.to_text(atom)} needs a lasso with joint actions and the agents' names")
    index = agents.index(atom.agent)
    return frozenset(k for k, joint in enumerate(lasso.actions) if joint[index] == atom.action)
