"""LABEL: the reachable states where a state formula holds, by recursion on the tree.

`Checker(system).states(φ)` returns the BDD of reachable states satisfying φ;
`holds(φ)` says whether φ holds in every initial state. Results are cached
per (structurally equal) subformula.

Path-quantified formulas all go through `Checker._path_quantified`. Today it
evaluates the CTL shapes by fixpoints (`check.ctl`) — `E`/`A` over `X φ`,
`F φ`, `G φ`, `φ U ψ`, `φ R ψ`, `φ W ψ` with state operands, a negation
directly over such a shape, or a state formula φ (`E φ = φ ∧ fair`, which is φ
without fairness) — and raises
`UnsupportedFormula` for other path formulas; the LTL tableau (EXIST-PATH)
will plug in there.

Fairness (docs/semantics.md): fair = `EG_fair true`; `EX φ = pre(φ ∧ fair)`,
`E[φ U ψ] = E[φ U (ψ ∧ fair)]`, `EG φ` by Emerson–Lei; `A ψ = ¬E ¬ψ`.
Knowledge and `O` range over the reachable fair states.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import UnsupportedFormula
from ..logic import formula as f
from ..symbolic import bdd as backend
from ..symbolic.bdd import Function
from ..symbolic.encode import recursion_headroom
from ..symbolic.system import SymbolicSystem
from . import ctl, epistemic

_CTL_SHAPES = (f.X, f.F, f.G, f.U, f.R, f.W)


def push_negation(path: f.Formula) -> f.Formula:
    """Move a negation over a path formula of CTL shape inside it (`¬X φ = X ¬φ`, …).

    Other formulas are returned unchanged.
    """
    if not isinstance(path, f.Not):
        return path
    inner = path.operand
    match inner:
        case f.Not(operand=operand):
            return push_negation(operand)
        case f.X(operand=operand):
            return f.X(f.Not(operand))
        case f.F(operand=operand):
            return f.G(f.Not(operand))
        case f.G(operand=operand):
            return f.F(f.Not(operand))
        case f.U(left=left, right=right):
            return f.R(f.Not(left), f.Not(right))
        case f.R(left=left, right=right):
            return f.U(f.Not(left), f.Not(right))
        case f.W(left=left, right=right):
            return f.U(f.Not(right), f.And(f.Not(left), f.Not(right)))
    return path


def is_ctl_path(path: f.Formula) -> bool:
    """A single temporal operator whose operands are state formulas."""
    return isinstance(path, _CTL_SHAPES) and all(f.is_state_formula(child) for child in f.children(path))


def is_propositional(formula: f.Formula) -> bool:
    """Atoms (propositions, red/green states, constants) under Boolean connectives only."""
    match formula:
        case f.Prop() | f.AgentStates() | f.Const():
            return True
        case f.Not() | f.And() | f.Or() | f.Implies() | f.Iff():
            return all(is_propositional(child) for child in f.children(formula))
    return False


class Checker:
    """Labels reachable states with the formulas they satisfy (CTLK with fairness)."""

    def __init__(self, system: SymbolicSystem, *, fairness: Sequence[f.Formula] | None = None):
        """`fairness` defaults to the model's `Fairness` section."""
        self.system = system
        self._cache: dict[f.Formula, Function] = {}
        constraints = system.model.fairness if fairness is None else tuple(fairness)
        with backend.memory_guard():
            if constraints:
                unfair = Checker(system, fairness=())
                self._constraints = [unfair.states(constraint) for constraint in constraints]
                unfair.release()
                self.fair_states: Function = ctl.eg_fair(system, system.reachable, self._constraints)
            else:
                self._constraints = []
                self.fair_states = system.reachable
        system.register_dependent(self)

    # ------------------------------------------------------------ public

    def states(self, formula: f.Formula) -> Function:
        """The reachable states where the state formula holds."""
        with backend.memory_guard(), recursion_headroom():
            if not f.is_state_formula(formula):
                raise UnsupportedFormula(f"{f.to_text(formula)} is a path formula: put E or A in front of it")
            return self._label(formula)

    def holds(self, formula: f.Formula) -> bool:
        """True when the formula holds in every initial state."""
        satisfied = self.states(formula)
        return self.system.initial & ~satisfied == self.system.bdd.false

    def release(self) -> None:
        """Drop cached BDDs (called when the system is released)."""
        self._cache.clear()
        self._constraints = []
        self.fair_states = None  # type: ignore[assignment]

    # ------------------------------------------------------------ recursion

    def _label(self, formula: f.Formula) -> Function:
        cached = self._cache.get(formula)
        if cached is None:
            cached = self._cache[formula] = self._compute(formula)
        return cached

    def _compute(self, formula: f.Formula) -> Function:
        system = self.system
        reachable = system.reachable
        if is_propositional(formula):
            return reachable & self._valuations(formula)
        match formula:
            case f.Not(operand=operand):
                return reachable & ~self._label(operand)
            case f.And(left=left, right=right):
                return self._label(left) & self._label(right)
            case f.Or(left=left, right=right):
                return self._label(left) | self._label(right)
            case f.Implies(left=left, right=right):
                return reachable & (~self._label(left) | self._label(right))
            case f.Iff(left=left, right=right):
                return reachable & backend.xnor(self._label(left), self._label(right))
            case f.E(path=path):
                return self._path_quantified(f.E, path)
            case f.A(path=path):
                return self._path_quantified(f.A, path)
            case f.K() | f.GK() | f.DK() | f.GCK() | f.O():
                return self._epistemic(formula)
            case f.ATL():
                raise UnsupportedFormula(f"ATL is not supported yet: {f.to_text(formula)}")
        raise UnsupportedFormula(f"cannot check {f.to_text(formula)} yet")

    def _valuations(self, formula: f.Formula) -> Function:
        """All valuations (reachable or not) satisfying a propositional formula.

        Connectives on these small BDDs are cheap; the caller intersects with
        the reachable states once, instead of at every connective.
        """
        bdd = self.system.bdd
        match formula:
            case f.Const(value=value):
                return bdd.true if value else bdd.false
            case f.Prop(name=name):
                return self.system.condition(self._proposition(name))
            case f.AgentStates(agent=agent, kind=kind):
                red = self._red_states(agent)
                return red if kind == "red" else ~red
            case f.Not(operand=operand):
                return ~self._valuations(operand)
            case f.And(left=left, right=right):
                return self._valuations(left) & self._valuations(right)
            case f.Or(left=left, right=right):
                return self._valuations(left) | self._valuations(right)
            case f.Implies(left=left, right=right):
                return ~self._valuations(left) | self._valuations(right)
            case f.Iff(left=left, right=right):
                return backend.xnor(self._valuations(left), self._valuations(right))
        raise UnsupportedFormula(f"{f.to_text(formula)} is not propositional")

    def _proposition(self, name: str):
        try:
            return self.system.model.propositions[name]
        except KeyError:
            raise UnsupportedFormula(f"unknown proposition {name!r}") from None

    def _red_states(self, agent: str) -> Function:
        try:
            condition = self.system.model.agent(agent).red_states
        except KeyError:
            raise UnsupportedFormula(f"unknown agent {agent!r}") from None
        return self.system.bdd.false if condition is None else self.system.condition(condition)

    # ------------------------------------------------------------ temporal

    def _path_quantified(self, quantifier: type, path: f.Formula) -> Function:
        """`E ψ` / `A ψ`: the one entry point for every path formula."""
        if f.is_state_formula(path):
            return self._quantified_state(quantifier, self._label(path))
        path = push_negation(path)
        if not is_ctl_path(path):
            raise UnsupportedFormula(
                f"the path formula {f.to_text(path)} is not supported yet: E/A must be followed by "
                "one of X, F, G, U, R, W applied to state formulas"
            )
        if quantifier is f.E:
            return self._exists(path)
        return self.system.reachable & ~self._exists(push_negation(f.Not(path)))

    def _quantified_state(self, quantifier: type, holds: Function) -> Function:
        """`E φ = φ ∧ fair`, `A φ = φ ∨ ¬fair` for a state formula φ (= φ without fairness)."""
        if quantifier is f.E:
            return holds & self.fair_states
        return self.system.reachable & (holds | ~self.fair_states)

    def _exists(self, path: f.Formula) -> Function:
        """`E ψ` for a CTL-shaped ψ, over fair paths."""
        system, fair = self.system, self.fair_states
        match path:
            case f.X(operand=operand):
                return ctl.ex(system, self._label(operand) & fair)
            case f.F(operand=operand):
                return ctl.eu(system, system.reachable, self._label(operand) & fair)
            case f.G(operand=operand):
                return self._eg(self._label(operand))
            case f.U(left=left, right=right):
                return ctl.eu(system, self._label(left), self._label(right) & fair)
            case f.R(left=left, right=right):
                hold, release = self._label(right), self._label(left)
                return ctl.eu(system, hold, hold & release & fair) | self._eg(hold)
            case f.W(left=left, right=right):
                hold = self._label(left)
                return ctl.eu(system, hold, self._label(right) & fair) | self._eg(hold)
        raise UnsupportedFormula(f"cannot check {f.to_text(path)} yet")

    def _eg(self, hold: Function) -> Function:
        return ctl.eg_fair(self.system, hold, self._constraints)

    # ------------------------------------------------------------ epistemic

    def _epistemic(self, formula: f.Formula) -> Function:
        system, worlds = self.system, self.fair_states
        match formula:
            case f.K(agent=agent, operand=operand):
                self._check_agent(agent)
                return epistemic.knows(system, agent, worlds, self._label(operand))
            case f.GK(group=group, operand=operand):
                return epistemic.everybody_knows(system, self._members(group), worlds, self._label(operand))
            case f.DK(group=group, operand=operand):
                return epistemic.distributed_knowledge(system, self._members(group), worlds, self._label(operand))
            case f.GCK(group=group, operand=operand):
                return epistemic.common_knowledge(system, self._members(group), worlds, self._label(operand))
            case f.O(agent=agent, operand=operand):
                green = ~self._red_states(agent)
                return epistemic.obligation(system, green, worlds, self._label(operand))
        raise UnsupportedFormula(f"cannot check {f.to_text(formula)} yet")

    def _members(self, group: str) -> tuple[str, ...]:
        try:
            members = tuple(self.system.model.groups[group])
        except KeyError:
            raise UnsupportedFormula(f"unknown group {group!r}") from None
        for member in members:
            self._check_agent(member)
        return members

    def _check_agent(self, agent: str) -> None:
        if agent not in self.system.model.agent_names:
            raise UnsupportedFormula(f"unknown agent {agent!r}")
