"""EXIST-PATH: the symbolic LTL tableau of Clarke, Grumberg and Hamaguchi.

`ExistPath(system, label, constraints).states(ψ)` returns the reachable
states where some infinite fair path satisfies the path formula ψ, whose
maximal state subformulas (TRANS's fresh propositions) are given by `label`.

The construction, for ψ in negation normal form over `X U R` (`path_nnf`):

* **Elementary formulas**: `X χ` for every `X χ` in ψ, `X(χ1 U χ2)` for every
  until and `X(χ1 R χ2)` for every release. Each gets one BDD variable `v` (the
  tableau state) and a next-state twin `v'`, declared once per manager and
  reused by every formula that contains the same elementary formula.
  State leaves get no variable: they are substituted by their model BDDs.
* `sat(χ)`, a BDD over model bits and tableau variables: a leaf is its LABEL
  BDD; `and`/`or` are conjunction and disjunction; `sat(X χ) = v_Xχ`;
  `sat(χ1 U χ2) = sat(χ2) ∨ (sat(χ1) ∧ v_X(χ1Uχ2))`;
  `sat(χ1 R χ2) = sat(χ2) ∧ (sat(χ1) ∨ v_X(χ1Rχ2))`.
* **Product transition**: the model's relation ∧ `⋀ v_Xχ ↔ sat'(χ)` (sat over
  the successor). The pre-image of a product set Z(s, v) is computed as
  `system.preimage(∃v'. Z[v := v'] ∧ ⋀ (v_Xχ ↔ sat(χ)[v := v']))`: only the
  tableau variables are renamed here; the model's own partitioned pre-image
  (early quantification, one cluster at a time) renames the model bits and
  leaves the predecessor's tableau variables `v` untouched. No monolithic
  product relation is built.
* **Fairness**: one set per until, `¬sat(χ1 U χ2) ∨ sat(χ2)`: a path that
  promises `χ1 U χ2` forever without ever fulfilling χ2 is rejected. A release
  needs none: `χ1 R χ2` is a greatest fixpoint, so a path that keeps promising
  it forever satisfies it (χ2 holds at every step and nothing is left
  pending). The model's `Fairness` sets are added as they are.
* `fairEG = EG true` under these sets by Emerson–Lei on the product, restricted
  to reachable model states, with the model's `Compassion` pairs (state sets)
  by the recursion of `ctl.eg_fair`; the answer is `∃v. sat(ψ) ∧ fairEG`.

Deadlocked model states have no product successor, so only infinite paths
count (docs/semantics.md, "Paths and deadlocks").

**Action atoms** (`i.Action = a`, true at a position whose outgoing transition
has i doing a): when ψ contains one, a product state also carries the joint
action taken from it — the model's action bits stay free in product sets, an
action atom's sat is its action cube, and the pre-image keeps the transition's
action (`SymbolicSystem.preimage_with_actions`) while the successor's action
is renamed to twin bits (`SymbolicSystem.action_twins`) and quantified with
the tableau's next variables. Formulas without action atoms never touch the
action bits, so their product is as small as before.

Reference: E. Clarke, O. Grumberg, K. Hamaguchi, "Another look at LTL model
checking", Formal Methods in System Design 10 (1997).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence

from ..errors import UnsupportedFormula
from ..logic import formula as f
from ..logic.normalise import path_nnf, subformulas
from ..runtime.records import record
from ..symbolic import bdd as backend
from ..symbolic.bdd import Function, Manager
from ..symbolic.system import SymbolicSystem
from . import ctl

TABLEAU_PREFIX = "#tableau"


class TableauVariables:
    """The tableau variables of one system: one (current, next) pair per elementary formula.

    Pairs are declared at the bottom of the variable order the first time an
    elementary formula is met, and returned again for the same formula later.
    """

    def __init__(self, manager: Manager):
        self._manager = manager
        self._pairs: dict[f.Formula, tuple[str, str]] = {}

    def pair(self, elementary: f.Formula) -> tuple[str, str]:
        """The (current, next) variable names of an elementary formula `X χ`."""
        found = self._pairs.get(elementary)
        if found is None:
            index = len(self._pairs)
            found = (f"{TABLEAU_PREFIX}.{index}", f"{TABLEAU_PREFIX}.{index}'")
            backend.declare_block(self._manager, list(found))
            self._pairs[elementary] = found
        return found

    def __len__(self) -> int:
        return len(self._pairs)


_registries: weakref.WeakKeyDictionary[SymbolicSystem, TableauVariables] = weakref.WeakKeyDictionary()


def tableau_variables(system: SymbolicSystem) -> TableauVariables:
    """The registry of tableau variables of `system` (created on first use)."""
    registry = _registries.get(system)
    if registry is None:
        registry = _registries[system] = TableauVariables(system.bdd)
    return registry


@record
class TableauRun:
    """What one EXIST-PATH call computed, and how big its tableau was."""

    states: Function
    variables: int
    fairness_sets: int
    compassion_pairs: int = 0

    @property
    def route(self) -> str:
        pairs = f", {self.compassion_pairs} compassion pairs" if self.compassion_pairs else ""
        return f"tableau({self.variables} vars, {self.fairness_sets} fairness sets{pairs})"


@record
class TableauProduct:
    """One tableau's product, exposed for witnesses (`witness.product`): product states range over model bits and `variables`.

    `satisfied` is sat(ψ), `fair` the product states with an infinite path
    visiting every set of `fairness` (until sets, then the model's) and meeting
    every model compassion pair of `compassion` (`ctl.eg_fair`), and
    `obligations` maps each current tableau variable `v_Xχ` to sat(χ).
    """

    system: SymbolicSystem
    satisfied: Function
    fair: Function
    fairness: list[Function]
    obligations: dict[str, Function]
    preimage: Callable[..., Function]
    action_bits: tuple[str, ...] = ()
    """The model's action bits when the formula has action atoms (the action taken from a product state), else ()."""
    compassion: tuple[tuple[Function, Function], ...] = ()
    """The model's compassion pairs (p, q), state sets over model bits."""

    @property
    def variables(self) -> list[str]:
        """The product's bits beyond the model state: tableau variables, then the action bits if any."""
        return list(self.obligations) + list(self.action_bits)

    def successors(self, state: Function, valuation: dict[str, bool]) -> Function:
        """Product successors of the product state (`state` over model bits, `valuation` of `variables`)."""
        taken = backend.cube(self.system.bdd, {bit: valuation[bit] for bit in self.action_bits})
        successors = self.system.image(state & taken)
        for variable, operand in self.obligations.items():
            successors &= operand if valuation[variable] else ~operand
        return successors


class _Product:
    """The product of the model with one tableau, shaped like a system for `mc.ctl`.

    `reachable` is the model's reachable set (any tableau valuation), and
    `preimage` the product pre-image described in the module docstring.
    """

    def __init__(self, system: SymbolicSystem, parts: list[tuple[Function, frozenset[str]]],
                 to_next: dict[str, str], with_actions: bool):
        self.system = system
        self.bdd = system.bdd
        self.reachable = system.reachable
        self._parts = parts
        self._to_next = to_next
        self._with_actions = with_actions
        self._twins = frozenset(system.action_twins.values()) if with_actions else frozenset()

    def preimage(self, target: Function, within: Function | None = None) -> Function:
        """Product pre-image; `within` is applied after the model's relational product.

        Conjoining the reachable set first (as the model's own pre-image does)
        multiplies it with the tableau valuations inside the product and blew the
        intermediate BDDs up 200x on the dining cryptographers (φ2, N = 5).
        """
        successor = backend.rename_disjoint(self.bdd, target, self._to_next)
        for part, quantified in self._parts:
            successor = backend.and_exists(successor, part, quantified)
        if self._with_actions:
            successor = backend.exist(self.bdd, self._twins, successor)
            result = self.system.preimage_with_actions(successor)
        else:
            result = self.system.preimage(successor)
        return result if within is None else result & within


class ExistPath:
    """EXIST-PATH over one system under the model's fairness sets (state sets over model bits)."""

    def __init__(self, system: SymbolicSystem, constraints: Sequence[Function],
                 compassion: Sequence[tuple[Function, Function]] = ()):
        self.system = system
        self.constraints = list(constraints)
        self.compassion = tuple(compassion)
        self.variables = tableau_variables(system)

    def states(self, path: f.Formula, label: Callable[[f.Formula], Function]) -> TableauRun:
        """Reachable states with an infinite fair path satisfying `path` (any path formula).

        `label` gives the reachable states of each maximal state subformula
        (LABEL); it is not kept, so the checker that passes it is not referenced.
        """
        with backend.memory_guard():
            return _Tableau(self, label, path_nnf(path)).run()

    def product(self, path: f.Formula, label: Callable[[f.Formula], Function]) -> TableauProduct:
        """The tableau product of `path` (any path formula), for building witnesses; `label` as in `states`."""
        with backend.memory_guard():
            return _Tableau(self, label, path_nnf(path)).product()


class _Tableau:
    """One tableau: elementary formulas, `sat`, relation parts and fairness sets of one ψ."""

    def __init__(self, owner: ExistPath, label: Callable[[f.Formula], Function], path: f.Formula):
        self.owner = owner
        self.label = label
        self.system = owner.system
        self.bdd = owner.system.bdd
        self.path = path
        self._sat: dict[f.Formula, Function] = {}
        self._elementary: dict[f.Formula, tuple[str, str]] = {}
        self._untils: list[f.U] = []
        self.with_actions = any(isinstance(sub, f.ActionAtom) for sub in subformulas(path))
        self.action_bits: tuple[str, ...] = self.system.encoding.action_bits if self.with_actions else ()

    def run(self) -> TableauRun:
        product = self.product()
        current = product.variables
        states = self.system.reachable & backend.exist(self.bdd, current, product.satisfied & product.fair)
        return TableauRun(states, len(self._elementary), len(product.fairness), len(product.compassion))

    def product(self) -> TableauProduct:
        satisfied = self.sat(self.path)
        parts = self._relation_parts()
        fairness = [self._until_fairness(until) for until in self._untils] + self.owner.constraints
        product = _Product(self.system, parts, self._renaming(), self.with_actions)
        fair = ctl.eg_fair(product, self.system.reachable, fairness, self.owner.compassion)
        obligations = {pair[0]: self.sat(elementary.operand) for elementary, pair in self._elementary.items()}
        return TableauProduct(self.system, satisfied, fair, fairness, obligations, product.preimage,
                              self.action_bits, self.owner.compassion)

    # ------------------------------------------------------------ sat

    def sat(self, formula: f.Formula) -> Function:
        """The product states (model bits, tableau variables) where `formula` holds."""
        found = self._sat.get(formula)
        if found is None:
            found = self._sat[formula] = self._compute(formula)
        return found

    def _compute(self, formula: f.Formula) -> Function:
        if f.is_state_formula(formula):
            return self.label(formula)
        match formula:
            case f.And(left=left, right=right):
                return self.sat(left) & self.sat(right)
            case f.Or(left=left, right=right):
                return self.sat(left) | self.sat(right)
            case f.X():
                return self._variable(formula)
            case f.U(left=left, right=right):
                return self.sat(right) | (self.sat(left) & self._variable(f.X(formula)))
            case f.R(left=left, right=right):
                return self.sat(right) & (self.sat(left) | self._variable(f.X(formula)))
            case f.ActionAtom(agent=agent, action=action):
                return self.system.encoding.action_cube(agent, action)
            case f.Not(operand=f.ActionAtom() as atom):
                return ~self.sat(atom)
        raise UnsupportedFormula(f"the tableau cannot handle {f.to_text(formula)}")

    def _variable(self, elementary: f.X) -> Function:
        pair = self._elementary.get(elementary)
        if pair is None:
            pair = self._elementary[elementary] = self.owner.variables.pair(elementary)
            if isinstance(elementary.operand, f.U):
                self._untils.append(elementary.operand)
        return self.bdd.var(pair[0])

    def _until_fairness(self, until: f.U) -> Function:
        """`¬sat(χ1 U χ2) ∨ sat(χ2)`: the until is not pending, or fulfilled now."""
        return ~self.sat(until) | self.sat(until.right)

    # ------------------------------------------------------------ relation

    def _renaming(self) -> dict[str, str]:
        """Current → next names of the tableau variables, and of the action bits when the formula has action atoms."""
        renaming = dict(self._elementary.values())
        if self.with_actions:
            renaming.update(self.system.action_twins)
        return renaming

    def _relation_parts(self) -> list[tuple[Function, frozenset[str]]]:
        """`v_Xχ ↔ sat(χ)[v := v']` per elementary formula, each with the `v'` it can quantify.

        The sat of every operand is computed first (it may add elementary
        formulas); a next variable is quantified right after the last part that
        mentions it, or at the first part when only the target mentions it.
        """
        index = 0
        while index < len(self._elementary):
            self.sat(list(self._elementary)[index].operand)
            index += 1
        renaming = self._renaming()
        parts = []
        for elementary, (current, _) in self._elementary.items():
            operand = backend.rename_disjoint(self.bdd, self.sat(elementary.operand), renaming)
            parts.append(backend.xnor(self.bdd.var(current), operand))
        return _schedule(self.bdd, parts, frozenset(renaming.values()))


def _schedule(manager: Manager, parts: list[Function],
              quantifiable: frozenset[str]) -> list[tuple[Function, frozenset[str]]]:
    """Each part with the variables to quantify right after conjoining it (early quantification)."""
    last_use = {name: 0 for name in quantifiable}
    for index, part in enumerate(parts):
        for name in backend.support(manager, part) & quantifiable:
            last_use[name] = index
    quantified: list[set[str]] = [set() for _ in parts]
    if not parts:
        return []
    for name, index in last_use.items():
        quantified[index].add(name)
    return [(part, frozenset(names)) for part, names in zip(parts, quantified)]
