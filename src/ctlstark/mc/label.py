"""LABEL / TRANS: the reachable states where a state formula holds, by recursion on the tree.

`Checker(system).states(φ)` returns the BDD of reachable states satisfying φ;
`holds(φ)` says whether φ holds in every initial state. Results are cached
per (structurally equal) subformula, so identical subformulas are labelled
once per checker.

This is Algorithm 1 (LABEL) of the CTL*K paper. Every path-quantified
formula goes through one dispatch, `Checker._path_quantified`, which records
the route it took in `Checker.routes` (formula → route text):

* `E φ`/`A φ` over a state formula φ: `E φ = φ ∧ fair`, `A φ = φ ∨ ¬fair`
  (route `state`).
* CTL-shaped path formulas — after peeling negations one of `X F G U R W`
  applied to state formulas: the CTL fixpoints of `mc.ctl` with the CTL
  semantics of docs/semantics.md (route `fast:EX`, `fast:AG`, …), unless the
  quantifier is `infinite` (MCMAS's `LTL`/`CTL*` entries).
* Anything else ranges over infinite fair paths ("Paths and deadlocks"). The
  path formula is put in negation normal form (TRANS: its maximal state
  subformulas stay whole and are labelled by this class, once each), then
  split where that is exact on infinite paths — `E(ψ1 ∨ ψ2) = Eψ1 ∨ Eψ2`,
  `E(φ ∧ ψ) = φ ∧ Eψ` for a state formula φ, and the single-operator shapes
  evaluated by fixpoints whose targets are restricted to the states with an
  infinite fair path (route `fast:EF[inf]`, …); single operators over action
  atoms and state formulas by fixpoints over (state, action) pairs
  (`mc.steps`, route `fast:EU[act]`, …). What remains goes to
  EXIST-PATH, the symbolic tableau of `mc.tableau` (route
  `tableau(k vars, m fairness sets)`). `A ψ = ¬E¬ψ` restricted to reachable.

Fairness (docs/semantics.md): fair = `EG_fair true`; `EX φ = pre(φ ∧ fair)`,
`E[φ U ψ] = E[φ U (ψ ∧ fair)]`, `EG φ` by Emerson–Lei (with the recursion of
`ctl.eg_fair` on the `Compassion` pairs, strong fairness); `A ψ = ¬E ¬ψ`.
Knowledge and `O` range over the reachable fair states, and so do the
commitments `C` and `Fu` (`mc.commitments`). `SC(i, j, ψ)` is the model's
interaction proposition `interacting_i_j` conjoined with `E ψ`; its conditional
form `SC(i, j, τ, ψ)` is `τ -> SC(i, j, ψ)`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..errors import UnsupportedFormula
from ..logic import formula as f
from ..logic.normalise import is_ctl_path, path_nnf, push_negation, subformulas
from ..symbolic import bdd as backend
from ..symbolic.bdd import Function
from ..errors import recursion_headroom
from ..symbolic.system import SymbolicSystem
from ..semantics.strategies import check_strategy_semantics
from . import atl, ctl, steps

TYPE_CHECKING = False
if TYPE_CHECKING:  # imported where first used: only knowledge, commitments, LTL/CTL* paths and uniform
    from . import commitments, uniform  # strategies need them
    from .tableau import ExistPath

_BOOLEAN = f.BOOLEAN_CONNECTIVES

is_local_combination = f.memoised_conjunction(
    lambda node: None if isinstance(node, _BOOLEAN) else isinstance(node, (f.Prop, f.AgentStates, f.Const, f.K, f.GK,
                                                                            f.DK)))
"""Atoms and `K`/`GK`/`DK` under Boolean connectives: values computable without the reachable states.

Knowledge is a function of the knowers' local bits; combining those small BDDs and
intersecting with the reachable states once is far cheaper than intersecting at every
connective (N = 200 cryptographers: 200 `K`s in one conjunction)."""


class Checker:
    """Labels reachable states with the formulas they satisfy (CTLK with fairness)."""

    def __init__(self, system: SymbolicSystem, *, fairness: Sequence[f.Formula] | None = None,
                 fast_paths: bool = True, strategies: str = "perfect",
                 compassion: Sequence[tuple[f.Formula, f.Formula]] | None = None):
        """`fairness` defaults to the model's `Fairness` section and `compassion` to its `Compassion`
        pairs (p, q) (strong fairness); `strategies` is the reading of `<g>`
        (`semantics.strategies.STRATEGY_SEMANTICS`: perfect information, MCMAS's default, or a uniform one).

        `fast_paths=False` (for tests) sends every path formula that is not a
        state formula to the tableau, CTL-shaped ones included — nested ones too, which
        then range over infinite paths only: on a model with deadlocks a nested `E F p`
        can differ from the default reading (compare top-level formulas only).
        """
        self.system = system
        self.routes: dict[f.Formula, str] = {}
        self.warnings: dict[f.Formula, str] = {}
        """Warnings about subformulas (a commitment whose relation is not serial), formula → text."""
        self._channels: dict[tuple[str, str], commitments.Channel] = {}
        self._stranded: dict[tuple[str, str], tuple[int, int] | None] = {}
        self._cache: dict[f.Formula, Function] = {}
        self._knowledge_cache: dict[f.Formula, Function] = {}
        self._controllable: dict[frozenset[str], atl.ControllablePreimage] = {}
        self._strategic_cache: dict[tuple[frozenset[str], f.Formula], Function] = {}
        """Perfect-information `<g>` sets by the coalition's members and the path formula, so that two groups
        with the same members (`player = {player}; allAgents = {player}`) share one fixpoint."""
        self.strategies = check_strategy_semantics(strategies)
        self._uniform: dict[frozenset[str], uniform.UniformGame] = {}
        self.uniform_answers: dict[f.Formula, uniform.UniformQuestion] = {}
        """Each `<g>` checked under uniform strategies: its question and answer (for witnesses)."""
        self._fast_paths = fast_paths
        self._infinite_cache: dict[f.Formula, tuple[Function, str]] = {}
        self._infinite_states: Function | None = None
        self._exist_path: ExistPath | None = None
        self._step_fixpoints: steps.StepFixpoints | None = None
        constraints = system.model.fairness if fairness is None else tuple(fairness)
        pairs = system.model.compassion if compassion is None else tuple(compassion)
        self._constraints: list[Function] = []
        self._compassion: list[tuple[Function, Function]] = []
        with backend.memory_guard():
            if constraints or pairs:
                unfair = Checker(system, fairness=(), compassion=(), strategies=strategies)
                self._constraints = [unfair.states(constraint) for constraint in constraints]
                self._compassion = [(unfair.states(p), unfair.states(q)) for p, q in pairs]
                unfair.release()
                self.fair_states: Function = ctl.eg_fair(system, system.reachable, self._constraints,
                                                         self._compassion)
            else:
                self.fair_states = system.reachable
        system.register_dependent(self)

    # ------------------------------------------------------------ public

    @property
    def fairness_sets(self) -> list[Function]:
        """The fairness sets: each `Fairness` formula's states, evaluated without fairness (computed once, here)."""
        return self._constraints

    @property
    def compassion_sets(self) -> list[tuple[Function, Function]]:
        """The compassion pairs (p, q) as state sets, each formula evaluated without fairness (computed once, here)."""
        return self._compassion

    @property
    def has_fairness(self) -> bool:
        """Whether paths are restricted by fairness: some `Fairness` formula or `Compassion` pair."""
        return bool(self._constraints or self._compassion)

    def states(self, formula: f.Formula) -> Function:
        """The reachable states where the state formula holds."""
        with backend.memory_guard(), recursion_headroom():
            if not f.is_state_formula(formula):
                raise UnsupportedFormula(f"{f.to_text(formula)} is a path formula: put E or A in front of it")
            return self._label(formula)

    @property
    def fair_initial_states(self) -> Function:
        """The initial states a verdict is about: the fair ones (every initial state without fairness).

        With a `Fairness` section, a formula is TRUE when it holds in every fair
        initial state, as in MCMAS and NuSMV (docs/semantics.md).
        """
        return self.system.initial & self.fair_states

    def holds(self, formula: f.Formula) -> bool:
        """True when the formula holds in every fair initial state.

        An invariant `AG φ` (the CTL reading) is decided without its backward fixpoint, as
        NuSMV checks invariants: a reachable fair state is reached from an initial state
        that is fair too (the path continues fairly from it), so `AG φ` holds in every fair
        initial state iff no reachable fair state violates φ (route `reachable:AG`). On
        blocks2player the backward `EF ¬φ` passed 120 s; this is one conjunction.
        """
        invariant = self._invariant(formula)
        if invariant is not None:
            self.routes[formula] = "reachable:AG"
            return self.fair_states & ~self._label(invariant) == self.system.bdd.false
        satisfied = self.states(formula)
        return self.fair_initial_states & ~satisfied == self.system.bdd.false

    def _invariant(self, formula: f.Formula) -> f.Formula | None:
        """φ when `formula` is `AG φ` for a state formula φ, read over all paths (not MCMAS's `LTL`/`CTL*`
        entries) and not labelled yet; else None."""
        if (self._fast_paths and isinstance(formula, f.A) and not formula.infinite and isinstance(formula.path, f.G)
                and f.is_state_formula(formula.path.operand) and formula not in self._cache):
            return formula.path.operand
        return None

    def routes_of(self, formula: f.Formula) -> list[tuple[f.Formula, str]]:
        """The routes taken by the path-quantified subformulas of `formula`, in computation order."""
        inside = set(subformulas(formula))
        return [(sub, route) for sub, route in self.routes.items() if sub in inside]

    def warnings_of(self, formula: f.Formula) -> list[str]:
        """The warnings recorded while labelling the subformulas of `formula`."""
        inside = set(subformulas(formula))
        return [text for sub, text in self.warnings.items() if sub in inside]

    def release(self) -> None:
        """Drop cached BDDs (called when the system is released)."""
        self._cache.clear()
        self._knowledge_cache.clear()
        self._controllable.clear()
        self._strategic_cache.clear()
        self._uniform.clear()
        self.uniform_answers.clear()
        self._channels.clear()
        self._stranded.clear()
        self._infinite_cache.clear()
        self._infinite_states = None
        self._exist_path = None
        self._step_fixpoints = None
        self._constraints = []
        self._compassion = []
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
        if is_local_combination(formula):
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
            case f.E() | f.A():
                return self._path_quantified(formula)
            case f.K() | f.GK() | f.DK() | f.GCK() | f.O():
                return self._epistemic(formula)
            case f.C() | f.Fu() | f.SC():
                return self._commitment(formula)
            case f.ATL():
                return self._strategic(formula)
        raise UnsupportedFormula(f"cannot check {f.to_text(formula)} yet")

    def _valuations(self, formula: f.Formula) -> Function:
        """All valuations (reachable or not) satisfying a local combination (`is_local_combination`).

        Connectives on these small BDDs are cheap; the caller intersects with
        the reachable states once, instead of at every connective.
        """
        bdd = self.system.bdd
        match formula:
            case f.K() | f.GK() | f.DK():
                cached = self._knowledge_cache.get(formula)
                if cached is None:
                    cached = self._knowledge_cache[formula] = self._knowledge(formula)
                return cached
            case f.Const(value=value):
                return bdd.true if value else bdd.false
            case f.Prop(name=name):
                return self.system.condition(self._proposition(name))
            case f.AgentStates(agent=agent, kind=kind):
                red = self.red_states(agent)
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

    def red_states(self, agent: str) -> Function:
        """States where `agent` is in a red (incorrect) local state; none when the agent declares no RedStates."""
        try:
            condition = self.system.model.agent(agent).red_states
        except KeyError:
            raise UnsupportedFormula(f"unknown agent {agent!r}") from None
        return self.system.bdd.false if condition is None else self.system.condition(condition)

    # ------------------------------------------------------------ temporal

    def _path_quantified(self, formula: f.E | f.A) -> Function:
        """`E ψ` / `A ψ`: the one entry point for every path formula; records the route taken."""
        quantifier, path = type(formula), formula.path
        if f.reads_as_state_formula(path, formula.infinite):
            self.routes[formula] = "state"
            return self._quantified_state(quantifier, self._label(path))
        shaped = push_negation(path)
        if self._fast_paths and not formula.infinite and is_ctl_path(shaped):
            self.routes[formula] = f"fast:{quantifier.__name__}{type(shaped).__name__}"
            if quantifier is f.E:
                return self._exists(shaped)
            return self.system.reachable & ~self._exists(push_negation(f.Not(shaped)))
        if quantifier is f.E:
            states, route = self._exists_infinite(path_nnf(path))
        else:
            counter, route = self._exists_infinite(path_nnf(f.Not(path)))
            states = self.system.reachable & ~counter
        self.routes[formula] = route
        return states

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

    # ------------------------------------------------------------ infinite fair paths

    @property
    def infinite_states(self) -> Function:
        """Reachable states where an infinite fair path starts (`fair` itself under fairness)."""
        if self._infinite_states is None:
            self._infinite_states = (self.fair_states if self.has_fairness
                                     else ctl.eg(self.system, self.system.reachable))
        return self._infinite_states

    def _exists_infinite(self, path: f.Formula) -> tuple[Function, str]:
        """`E ψ` over infinite fair paths for ψ in negation normal form, with the route taken."""
        cached = self._infinite_cache.get(path)
        if cached is None:
            cached = self._infinite_cache[path] = self._split_infinite(path)
        return cached

    def _split_infinite(self, path: f.Formula) -> tuple[Function, str]:
        """Split ψ where exact on infinite paths; fixpoints for single operators; else the tableau."""
        if f.is_state_formula(path):
            return self._label(path) & self.infinite_states, "state"
        if not self._fast_paths:
            return self._tableau(path)
        if isinstance(path, f.Or):
            pieces = [self._exists_infinite(disjunct) for disjunct in _flatten(f.Or, path)]
            return _union(self.system.bdd.false, pieces, "or")
        if isinstance(path, f.And):
            conjuncts = _flatten(f.And, path)
            state = [c for c in conjuncts if f.is_state_formula(c)]
            rest = [c for c in conjuncts if not f.is_state_formula(c)]
            if state:
                holds = self.system.reachable
                for conjunct in state:
                    holds &= self._label(conjunct)
                states, route = self._exists_infinite(_conjunction(rest))
                return holds & states, route
        if is_ctl_path(path):
            return self._exists_on_infinite_paths(path)
        if steps.fast_shape(path, fair=self.has_fairness):
            if self._step_fixpoints is None:
                self._step_fixpoints = steps.StepFixpoints(self.system, self.infinite_states)
            return self._step_fixpoints.exists(path, self._label)
        decomposed = self._decompose_infinite(path)
        if decomposed is not None:
            return decomposed
        fairness_shaped = self._fairness_shaped(path)
        if fairness_shaped is not None:
            return fairness_shaped
        return self._tableau(path)

    def _decompose_infinite(self, path: f.Formula) -> tuple[Function, str] | None:
        """A temporal operator over a path formula, by a CTL fixpoint over `E` of that formula.

        Exact on infinite fair paths because fairness does not depend on a finite
        prefix (docs/semantics.md, "Paths and deadlocks"):

        * `E X ψ        = EX E ψ`
        * `E(φ U ψ)     = E[φ U E ψ]`                  for a state formula φ
        * `E(ψ R φ)     = E[φ U (φ ∧ E ψ)] ∨ EG φ`     for a state formula φ

        so `A G(p → F q)`, whose negation is `E F(p ∧ G ¬q)`, costs two CTL
        fixpoints instead of a tableau product. None when no rule applies.
        """
        system = self.system
        match path:
            case f.X(operand=operand):
                inner, route = self._exists_infinite(operand)
                return ctl.ex(system, inner), f"EX({route})"
            case f.U(left=left, right=right) if f.is_state_formula(left):
                inner, route = self._exists_infinite(right)
                name = "EF" if left == f.Const(True) else "EU"
                return ctl.eu(system, self._label(left), inner), f"{name}({route})"
            case f.R(left=left, right=right) if f.is_state_formula(right):
                hold = self._label(right)
                inner, route = self._exists_infinite(left)
                return ctl.eu(system, hold, hold & inner) | self._eg(hold), f"ER({route})"
        return None

    def _fairness_shaped(self, path: f.Formula) -> tuple[Function, str] | None:
        """`E ψ` for ψ a conjunction of `G a`, `G F p`, `F G q` and at most two `F b` (a, p, q, b state formulas),
        by one fair `EG` in which each p is one more fairness set, instead of a tableau product:

        * `E(G a ∧ G F p₁ ∧ … )       = EG_fair a`                  (the model's fairness and p₁, …)
        * `E(G a ∧ F G q ∧ G F p …)   = E[a U EG_fair(a ∧ q)]`
        * `E(G a ∧ F b ∧ …)           = E[a U (b ∧ E ψ')]`          ψ' the rest, `G a` kept
        * `E(G a ∧ F b ∧ F c ∧ …)     = E[a U (b ∧ E(G a ∧ F c ∧ …))] ∨ E[a U (c ∧ E(G a ∧ F b ∧ …))]`

        `G F p` and `F G q` do not depend on a finite prefix, so a path meets them exactly when its suffix
        from some point does; the `F` goals are met in one order or the other; `a` missing is `true`. So
        `A(G F p → F q)`, whose negation is `E(G F p ∧ G ¬q)`, costs one fair `EG`, and `A(G p ∨ G q)` one `EG`
        and four `EU`s. None for any other ψ.
        """
        parts = _fairness_parts(path)
        if parts is None:
            return None
        holds, recurring, persisting, eventual = parts
        system = self.system
        hold = system.reachable
        for conjunct in holds:
            hold &= self._label(conjunct)
        settled = hold
        for conjunct in persisting:
            settled &= self._label(conjunct)
        fairness = [*self._constraints, *(self._label(conjunct) for conjunct in recurring)]
        states = ctl.eg_fair(system, settled, fairness, self._compassion)
        pairs = f", {len(self._compassion)} compassion pairs" if self._compassion else ""
        route = f"fair-EG[inf]({len(fairness)} fairness sets{pairs})"
        if persisting:
            states, route = ctl.eu(system, hold, states), f"EU({route})"
        goals = [self._label(goal) for goal in eventual]
        if len(goals) == 1:
            states, route = ctl.eu(system, hold, goals[0] & states), f"EU({route})"
        elif goals:
            first, second = goals
            states = (ctl.eu(system, hold, first & ctl.eu(system, hold, second & states))
                      | ctl.eu(system, hold, second & ctl.eu(system, hold, first & states)))
            route = f"F-orders(2, {route})"
        return states, route

    def _exists_on_infinite_paths(self, path: f.X | f.U | f.R) -> tuple[Function, str]:
        """`E X φ`, `E(φ U ψ)`, `E(φ R ψ)` over infinite fair paths, by fixpoints."""
        system, infinite = self.system, self.infinite_states
        match path:
            case f.X(operand=operand):
                return ctl.ex(system, self._label(operand) & infinite), "fast:EX[inf]"
            case f.U(left=left, right=right):
                name = "EF" if left == f.Const(True) else "EU"
                return ctl.eu(system, self._label(left), self._label(right) & infinite), f"fast:{name}[inf]"
            case f.R(left=left, right=right):
                hold, release = self._label(right), self._label(left)
                if left == f.Const(False):
                    return self._eg(hold), "fast:EG[inf]"
                return ctl.eu(system, hold, hold & release & infinite) | self._eg(hold), "fast:ER[inf]"
        raise UnsupportedFormula(f"cannot check {f.to_text(path)} yet")

    def _tableau(self, path: f.Formula) -> tuple[Function, str]:
        if self._exist_path is None:
            from .tableau import ExistPath

            self._exist_path = ExistPath(self.system, self._constraints, self._compassion)
        run = self._exist_path.states(path, self._label)
        return run.states, run.route

    def _eg(self, hold: Function) -> Function:
        return ctl.eg_fair(self.system, hold, self._constraints, self._compassion)

    # ------------------------------------------------------------ epistemic

    def _operand(self, operand: f.Formula) -> Function:
        """An epistemic operand's value where it matters: only on `worlds` ⊆ reachable states.

        A local combination is used unrestricted — intersecting it with the
        reachable states first would cost a walk of the reachable BDD per operand.
        """
        if is_local_combination(operand):
            return self._valuations(operand)
        return self._label(operand)

    def _knowledge(self, formula: f.K | f.GK | f.DK) -> Function:
        """`K`, `GK`, `DK` as functions of the knowers' local bits (not restricted to reachable states)."""
        from . import epistemic

        system, worlds = self.system, self.fair_states
        match formula:
            case f.K(agent=agent, operand=operand):
                self._check_agent(agent)
                return ~epistemic.doubted(system, (agent,), worlds, self._operand(operand))
            case f.GK(group=group, operand=operand):
                return epistemic.everybody_knows_locally(system, self._members(group), worlds,
                                                         self._operand(operand))
            case f.DK(group=group, operand=operand):
                return ~epistemic.doubted(system, self._members(group), worlds, self._operand(operand))
        raise UnsupportedFormula(f"cannot check {f.to_text(formula)} yet")

    def _epistemic(self, formula: f.Formula) -> Function:
        from . import epistemic

        system, worlds = self.system, self.fair_states
        match formula:
            case f.GCK(group=group, operand=operand):
                return epistemic.common_knowledge(system, self._members(group), worlds, self._operand(operand))
            case f.O(agent=agent, operand=operand):
                green = ~self.red_states(agent)
                return epistemic.obligation(system, green, worlds, self._label(operand))
        raise UnsupportedFormula(f"cannot check {f.to_text(formula)} yet")

    # ------------------------------------------------------------ strategic

    def _strategic(self, formula: f.ATL) -> Function:
        """`<g>X/G/F/U` by fixpoints of the controllable pre-image (`mc.atl`)."""
        pre = self.controllable(self._members(formula.group))
        if self.strategies != "perfect":
            return self._uniform_strategic(formula, pre)
        self.routes[formula] = _perfect_route(formula, pre)
        key = (pre.members, formula.path)
        cached = self._strategic_cache.get(key)
        if cached is None:
            cached = self._strategic_cache[key] = self._perfect_strategic(formula, pre)
        return cached

    def controllable(self, members: Iterable[str]) -> atl.ControllablePreimage:
        """The controllable pre-image of the coalition of `members` (made once per coalition, shared by its
        formulas and their strategies)."""
        coalition = frozenset(members)
        pre = self._controllable.get(coalition)
        if pre is None:
            pre = self._controllable[coalition] = atl.ControllablePreimage(self.system, coalition)
        return pre

    def _perfect_strategic(self, formula: f.ATL, pre: atl.ControllablePreimage) -> Function:
        """`<g>X/G/F/U` under perfect information."""
        match formula.path:
            case f.X(operand=operand):
                return atl.can_force_next(pre, self._label(operand))
            case f.G(operand=operand):
                return atl.can_force_always(pre, self._label(operand))
            case f.F(operand=operand):
                return atl.can_force_until(pre, self.system.reachable, self._label(operand))
            case f.U(left=left, right=right):
                return atl.can_force_until(pre, self._label(left), self._label(right))
        raise UnsupportedFormula(f"cannot check {f.to_text(formula)}: ATL takes X, F, G or U")

    def _uniform_strategic(self, formula: f.ATL, pre: atl.ControllablePreimage) -> Function:
        """`<g>X/G/F/U` under uniform memoryless strategies (`mc.uniform`); records the route."""
        from . import uniform

        game = self._uniform.get(pre.members)
        if game is None:
            game = self._uniform[pre.members] = uniform.UniformGame(self.system, pre, self._members(formula.group),
                                                                    self.strategies)
        reachable = self.system.reachable
        match formula.path:
            case f.X(operand=operand):
                kind, hold, goal = "X", reachable, self._label(operand)
            case f.G(operand=operand):
                kind, hold, goal = "G", self._label(operand), reachable
            case f.F(operand=operand):
                kind, hold, goal = "U", reachable, self._label(operand)
            case f.U(left=left, right=right):
                kind, hold, goal = "U", self._label(left), self._label(right)
            case _:
                raise UnsupportedFormula(f"cannot check {f.to_text(formula)}: ATL takes X, F, G or U")
        answer = game.solve(kind, hold, goal)
        self.uniform_answers[formula] = uniform.UniformQuestion(game, kind, hold, goal, answer)
        nodes = f", {answer.search_nodes} partial strategies" if answer.route == "search" else ""
        self.routes[formula] = f"{self.strategies}:{answer.route}{nodes}"
        return answer.states

    def _commitment(self, formula: f.C | f.Fu | f.SC) -> Function:
        from . import commitments

        system, worlds = self.system, self.fair_states
        match formula:
            case f.C(debtor=debtor, creditor=creditor, operand=operand):
                channel = self.channel(debtor, creditor)
                self._warn_if_not_serial(formula, channel)
                return commitments.commitment(system, channel, worlds, self._label(operand))
            case f.Fu(debtor=debtor, creditor=creditor, operand=operand):
                committed = self._label(f.C(debtor, creditor, operand))
                return commitments.fulfilment(system, self.channel(debtor, creditor), worlds, committed)
            case f.SC(debtor=debtor, creditor=creditor, path=path, condition=None):
                name = system.model.interaction_proposition(debtor, creditor)
                return self._label(f.Prop(name)) & self._label(f.E(path))
            case f.SC(debtor=debtor, creditor=creditor, path=path, condition=condition):
                return self._label(f.Implies(condition, f.SC(debtor, creditor, path)))
        raise UnsupportedFormula(f"cannot check {f.to_text(formula)} yet")

    def channel(self, debtor: str, creditor: str) -> commitments.Channel:
        """The bit groups of ~debtor→creditor (cached per pair)."""
        from . import commitments

        for agent in (debtor, creditor):
            self._check_agent(agent)
        key = (debtor, creditor)
        if key not in self._channels:
            channel = commitments.Channel(self.system, debtor, creditor)
            if not channel.pairs:
                raise UnsupportedFormula(f"agents {debtor!r} and {creditor!r} share no variable")
            self._channels[key] = channel
        return self._channels[key]

    def _warn_if_not_serial(self, formula: f.C, channel: commitments.Channel) -> None:
        """Record a warning when some reachable states have no ~i→j-successor (C holds vacuously there).

        Seriality belongs to the pair, not the formula: it is computed once per (i, j).
        """
        from . import commitments

        key = (channel.debtor, channel.creditor)
        if key not in self._stranded:
            stranded = commitments.without_successor(self.system, channel, self.fair_states)
            self._stranded[key] = None if stranded == self.system.bdd.false else (
                self.system.count_states(stranded), self.system.count_states(self.system.reachable))
        counts = self._stranded[key]
        if counts is None:
            return
        count, total = counts
        self.warnings[formula] = (
            f"~{channel.debtor}→{channel.creditor} is not serial: {count} of {total} reachable states have no "
            f"successor, so `{f.to_text(formula)}` holds vacuously there (docs/commitments.md)")

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


def _perfect_route(formula: f.ATL, pre: atl.ControllablePreimage) -> str:
    """How `<g>…` is computed under perfect information, as `--stats` names it (docs/cli.md)."""
    if pre.existential:
        return "perfect:EX"
    if not isinstance(formula.path, f.X) and pre.by_frontiers:
        return "perfect:frontiers"
    return "perfect:pre_g"


def _fairness_parts(path: f.Formula) -> tuple[list[f.Formula], ...] | None:
    """The state formulas a, p, q, b of `path` as a conjunction of `G a`, `G F p`, `F G q` and at most two `F b`
    (in negation normal form: `false R a`, `false R (true U p)`, `true U (false R q)`, `true U b`), as four
    lists; None for any other path formula."""
    holds: list[f.Formula] = []
    recurring: list[f.Formula] = []
    persisting: list[f.Formula] = []
    eventual: list[f.Formula] = []
    for conjunct in _flatten(f.And, path):
        match conjunct:
            case f.R(left=f.Const(value=False), right=f.U(left=f.Const(value=True), right=recurs)) \
                    if f.is_state_formula(recurs):
                recurring.append(recurs)
            case f.R(left=f.Const(value=False), right=hold) if f.is_state_formula(hold):
                holds.append(hold)
            case f.U(left=f.Const(value=True), right=f.R(left=f.Const(value=False), right=persists)) \
                    if f.is_state_formula(persists):
                persisting.append(persists)
            case f.U(left=f.Const(value=True), right=goal) if f.is_state_formula(goal):
                eventual.append(goal)
            case _:
                return None
    return None if len(eventual) > 2 else (holds, recurring, persisting, eventual)


def _flatten(kind: type, formula: f.Formula) -> list[f.Formula]:
    """The operands of a nest of `kind` (And or Or), left to right."""
    if isinstance(formula, kind):
        return _flatten(kind, formula.left) + _flatten(kind, formula.right)  # type: ignore[attr-defined]
    return [formula]


def _conjunction(conjuncts: list[f.Formula]) -> f.Formula:
    result = conjuncts[0]
    for conjunct in conjuncts[1:]:
        result = f.And(result, conjunct)
    return result


def _union(false: Function, pieces: list[tuple[Function, str]], joiner: str) -> tuple[Function, str]:
    states = false
    for piece, _ in pieces:
        states |= piece
    return states, f"{joiner}({', '.join(route for _, route in pieces)})"
