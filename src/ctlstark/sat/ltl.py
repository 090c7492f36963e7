"""Path formulas over infinite fair paths by SAT: lassos for counterexamples and witnesses, and the
arguments that prove no lasso exists (docs/sat.md).

`find_lasso(model, goal, K)` looks for an infinite fair path from an initial state on which
the path formula `goal` holds — built from propositional state formulas with `X F G U R W`
and Boolean connectives. In a finite model such a path exists iff a *lasso* does: frames
s0 … sk of the unrolling with sk equal to some earlier sl, read as s0 … s(l-1) (sl … s(k-1))^ω.
The search is incremental over k = 1, 2, …, K and the first lasso found is a shortest one.

The encoding is the linear one of Latvala, Biere, Heljanko and Junttila ("Simple bounded
LTL model checking", FMCAD 2004) restricted to lassos: loop selectors l_j (sk = sj, exactly
one), each subformula's value at positions 0 … k-1 as a literal defined by an equivalence,
`X` at k-1 reading the selected position, and `U`/`R` at the loop closed by an auxiliary
chain evaluated once around the loop (an until not fulfilled within one pass never is).
Every literal is *equivalent* to its meaning on the lasso, so negation needs no normal form.
Justice (`Fairness`) and compassion constraints hold on the loop positions.

No lasso exists (`found=False`) when:

* no run from an initial state has k steps (every run ends in a deadlock);
* the goal implies `G θ` for a propositional θ and every step inside θ makes monotone
  progress (`monotone_progress`: a ranking function, so no path stays in θ forever);
* the goal implies `G θ` and no path of k steps from an initial state stays in θ (every
  run leaves θ or ends within k steps);
* the goal *is* `G θ`, θ implies the fairness constraints (or there are none), and no *simple*
  path of k steps stays in θ: every infinite θ-path then is fair and has a lasso of at most k
  steps, and the search found none.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..errors import UnsupportedFormula
from ..logic import formula as f
from ..model import Model, Value, Variable
from ..runtime.limits import checkpoint
from .cnf import FALSE, TRUE, Circuit
from .bmc import State, check_property, simple_path_exists
from .encode import Unrolling



@dataclass
class Lasso:
    """The search's answer: `found` True (the lasso in `states`/`actions`), False (proved: none) or None."""

    found: bool | None
    route: str
    depth: int
    states: list[State] = field(default_factory=list)
    """Frames 0 … k-1; the path continues from the last one to `loop_start`."""
    actions: list[tuple[str, ...]] = field(default_factory=list)
    """One joint action per state: the last one leads back to `loop_start`."""
    loop_start: int = 0


is_path_formula = f.memoised_conjunction(
    lambda node: None if isinstance(node, f.BOOLEAN_CONNECTIVES + (f.X, f.F, f.G, f.U, f.R, f.W))
    else isinstance(node, (f.Prop, f.AgentStates, f.Const)))
"""Propositional state formulas under temporal operators and Boolean connectives only (what a lasso decides)."""


def invariants_of(goal: f.Formula) -> tuple[f.Formula | None, bool]:
    """(θ, exact): the conjunction θ of the propositional `G θi` conjuncts of `goal` (read through negations:
    `¬F p` is `G ¬p`, `¬(a → b)` is `a ∧ ¬b`), so that `goal` ⇒ `G θ`, and whether `goal` is exactly `G θ`.
    θ is None when there is no such conjunct."""
    found: list[f.Formula] = []
    exact = _collect_invariants(goal, True, found)
    if not found:
        return None, False
    invariant = found[0]
    for other in found[1:]:
        invariant = f.And(invariant, other)
    return invariant, exact


def _collect_invariants(goal: f.Formula, positive: bool, found: list[f.Formula]) -> bool:
    """Append to `found` the θs of the `G θ` conjuncts of `goal` (or of ¬goal); whether those are all of it."""
    match goal, positive:
        case f.Not(operand=operand), _:
            return _collect_invariants(operand, not positive, found)
        case f.And(left=left, right=right), True:
            return _collect_invariants(left, True, found) & _collect_invariants(right, True, found)
        case f.Or(left=left, right=right), False:
            return _collect_invariants(left, False, found) & _collect_invariants(right, False, found)
        case f.Implies(left=left, right=right), False:
            return _collect_invariants(left, True, found) & _collect_invariants(right, False, found)
        case f.G(operand=operand), True if f.is_propositional(operand):
            found.append(operand)
            return True
        case f.F(operand=operand), False if f.is_propositional(operand):
            found.append(f.Not(operand))
            return True
    return False


def persistent_of(goal: f.Formula) -> list[f.Formula]:
    """The propositional θs with `goal` ⇒ `F G θ` read off its conjuncts (through negations, `X`, `F`, the
    right of `U`): a lasso satisfying `goal` stays in θ from some point on. `G F p` under `A` has the
    negation `F G ¬p`; `G (req -> F ack)` has `F (req ∧ G ¬ack)`."""
    found: list[f.Formula] = []
    _collect_persistent(goal, True, found)
    return found


def _collect_persistent(goal: f.Formula, positive: bool, found: list[f.Formula]) -> None:
    match goal, positive:
        case f.Not(operand=operand), _:
            _collect_persistent(operand, not positive, found)
        case (f.And(left=left, right=right), True) | (f.Or(left=left, right=right), False):
            _collect_persistent(left, positive, found)
            _collect_persistent(right, positive, found)
        case f.Implies(left=left, right=right), False:
            _collect_persistent(left, True, found)
            _collect_persistent(right, False, found)
        case (f.F(operand=later), True) | (f.X(operand=later), True) | (f.U(right=later), True):
            _collect_eventually(later, found)
        case (f.G(operand=operand), False) | (f.X(operand=operand), False):  # ¬G ψ = F ¬ψ, ¬X ψ = X ¬ψ
            _collect_eventually(f.Not(operand), found)
        case f.G(operand=operand), True:  # G ψ ⇒ ψ
            _collect_persistent(operand, True, found)
        case f.F(operand=operand), False:  # ¬F ψ = G ¬ψ ⇒ ¬ψ
            _collect_persistent(operand, False, found)


def _collect_eventually(later: f.Formula, found: list[f.Formula]) -> None:
    """`found` gains the θs of `F later`: those of `later`'s `G θ` conjuncts, and its own `F G θ` ones."""
    invariant, _ = invariants_of(later)
    if invariant is not None:
        found.append(invariant)
    _collect_persistent(later, True, found)


class LassoEncoding:
    """The literal "frames 0 … k form a fair lasso on which `goal` holds at 0", for each k, on one unrolling."""

    def __init__(self, unrolling: Unrolling, goal: f.Formula) -> None:
        model = unrolling.model
        for constraint in list(model.fairness) + [side for pair in model.compassion for side in pair]:
            if not f.is_propositional(constraint):
                raise UnsupportedFormula("not supported by the SAT engine: a Fairness or Compassion formula "
                                         f"that is not propositional ({f.to_text(constraint)})")
        self.unrolling = unrolling
        self.circuit: Circuit = unrolling.circuit
        self.goal = goal
        self.selectors: list[int] = []

    def query(self, k: int) -> int:
        """Frames 0 … k (k ≥ 1, already unrolled): one loop selector, the fairness on the loop, the goal at 0."""
        circuit, unrolling = self.circuit, self.unrolling
        self.selectors = [circuit.fresh() for _ in range(k)]
        for j, selector in enumerate(self.selectors):
            circuit.clause((-selector, unrolling.equal(j, k)))
        in_loop: list[int] = []
        conditions = []
        for selector in self.selectors:
            if in_loop:
                conditions.append(-circuit.and_((in_loop[-1], selector)))  # at most one selector
            in_loop.append(circuit.or_((in_loop[-1], selector)) if in_loop else selector)
        conditions.append(in_loop[-1])

        def somewhere_in_loop(formula: f.Formula) -> int:
            return circuit.or_(circuit.and_((in_loop[i], unrolling.proposition(formula, i))) for i in range(k))

        conditions += [somewhere_in_loop(justice) for justice in unrolling.model.fairness]
        conditions += [circuit.or_((-somewhere_in_loop(p), somewhere_in_loop(q)))
                       for p, q in unrolling.model.compassion]
        vectors: dict[f.Formula, list[int]] = {}
        conditions.append(self._vector(self.goal, k, vectors)[0])
        return circuit.and_(conditions)

    def loop_start(self) -> int:
        """The selected loop position in the last model."""
        true = self.circuit.true_literals()
        return next(j for j, selector in enumerate(self.selectors) if selector in true)

    def _at_loop(self, values: Sequence[int]) -> int:
        """The value at position k, which is the selected loop position."""
        circuit = self.circuit
        return circuit.or_(circuit.and_((selector, value)) for selector, value in zip(self.selectors, values))

    def _vector(self, formula: f.Formula, k: int, vectors: dict[f.Formula, list[int]]) -> list[int]:
        """The formula's literal at positions 0 … k-1 of the lasso."""
        cached = vectors.get(formula)
        if cached is not None:
            return cached
        circuit = self.circuit
        if f.is_propositional(formula):
            result = [self.unrolling.proposition(formula, i) for i in range(k)]
        else:
            match formula:
                case f.Not(operand=operand):
                    result = [-literal for literal in self._vector(operand, k, vectors)]
                case f.And(left=left, right=right):
                    result = [circuit.and_(pair) for pair in self._pairs(left, right, k, vectors)]
                case f.Or(left=left, right=right):
                    result = [circuit.or_(pair) for pair in self._pairs(left, right, k, vectors)]
                case f.Implies(left=left, right=right):
                    result = [circuit.or_((-a, b)) for a, b in self._pairs(left, right, k, vectors)]
                case f.Iff(left=left, right=right):
                    result = [circuit.iff(a, b) for a, b in self._pairs(left, right, k, vectors)]
                case f.X(operand=operand):
                    values = self._vector(operand, k, vectors)
                    result = values[1:] + [self._at_loop(values)]
                case f.F(operand=operand):
                    result = self._until([TRUE] * k, self._vector(operand, k, vectors), release=False)
                case f.G(operand=operand):
                    result = self._until([FALSE] * k, self._vector(operand, k, vectors), release=True)
                case f.U(left=left, right=right):
                    result = self._until(self._vector(left, k, vectors), self._vector(right, k, vectors),
                                         release=False)
                case f.R(left=left, right=right):
                    result = self._until(self._vector(left, k, vectors), self._vector(right, k, vectors),
                                         release=True)
                case f.W(left=left, right=right):  # φ W ψ = ψ R (φ ∨ ψ)
                    right_values = self._vector(right, k, vectors)
                    either = [circuit.or_(pair) for pair in zip(self._vector(left, k, vectors), right_values)]
                    result = self._until(right_values, either, release=True)
                case _:
                    raise UnsupportedFormula(f"not supported by the SAT engine: {f.to_text(formula)} inside a "
                                             "path formula (only propositional state formulas)")
        vectors[formula] = result
        return result

    def _pairs(self, left: f.Formula, right: f.Formula, k: int, vectors) -> list[tuple[int, int]]:
        return list(zip(self._vector(left, k, vectors), self._vector(right, k, vectors)))

    def _until(self, left: list[int], right: list[int], *, release: bool) -> list[int]:
        """`left U right` (or `left R right`) at each position: the expansion law backwards from k-1, where
        position k is the loop start read through a chain that goes around the loop once."""
        circuit = self.circuit
        k = len(left)

        def step(here_left: int, here_right: int, later: int) -> int:
            if release:
                return circuit.and_((here_right, circuit.or_((here_left, later))))
            return circuit.or_((here_right, circuit.and_((here_left, later))))

        once_around = [TRUE if release else FALSE] * (k + 1)
        for i in range(k - 1, -1, -1):
            once_around[i] = step(left[i], right[i], once_around[i + 1])
        result = [FALSE] * k
        later = self._at_loop(once_around[:k])
        for i in range(k - 1, -1, -1):
            result[i] = later = step(left[i], right[i], later)
        return result


def find_lasso(model: Model, goal: f.Formula, bound: int, initial: Sequence[Value] | None = None,
               ranking: Ranking | None = None) -> Lasso:
    """A shortest fair lasso from an initial state (from `initial` when given) on which the path formula
    `goal` holds, searched up to `bound` steps; or a proof that none exists; or unknown. `ranking` shares
    one `Ranking` between the searches for the same goal from several initial states (its proofs do not
    depend on the start)."""
    if ranking is None:
        with Ranking(model) as own:
            return find_lasso(model, goal, bound, initial, own)
    invariant, exact = invariants_of(goal)
    persistent = persistent_of(goal)
    for theta in ([invariant] if invariant is not None else []) + persistent:
        proof = ranking.route(theta)
        if proof is not None:
            return Lasso(False, proof if theta is invariant else f"{proof}, and ψ ⇒ F G θ", 1)
    base = Unrolling(model)
    stay: _StaySearch | None = None
    try:
        base.add_frame()
        start = base.condition(model.initial_condition, 0) if initial is None else base.state_equals(0, initial)
        base.circuit.clause([start])
        if not base.circuit.solve():
            return Lasso(False, "sat:bmc k=0 (no initial state)", 0)
        encoding = LassoEncoding(base, goal)
        if invariant is not None:
            stay = _StaySearch(model, invariant, initial,
                               simple_paths=exact and _fairness_implied(model, invariant))
        for k in range(1, bound + 1):
            checkpoint()
            base.add_step()
            if not base.circuit.solve():
                return Lasso(False, f"sat:bmc k={k - 1} (complete: no run has {k} steps)", k - 1)
            if base.circuit.solve([encoding.query(k)]):
                states, actions = base.decode(k + 1)
                return Lasso(True, f"sat:bmc k={k} (lasso)", k, states[:k], actions, encoding.loop_start())
            proof = stay.ends_within(k) if stay is not None else None
            if proof is None and persistent:
                proof = ranking.settles(persistent[0], k)
            if proof is not None:
                return Lasso(False, proof, k)
        return Lasso(None, f"sat:unknown up to {bound}", bound)
    finally:
        base.circuit.delete()
        if stay is not None:
            stay.delete()


class Ranking:
    """The proofs about θ that hold from every initial state alike, each made once: `monotone_progress`
    (`route`) and "no path of k steps from any state stays in θ" (`settles`, one incremental search per θ).
    A context manager: leaving it frees the searches' solvers."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self._routes: dict[f.Formula, str | None] = {}
        self._searches: dict[f.Formula, _StaySearch] = {}
        self._settled: dict[tuple[f.Formula, int], str | None] = {}

    def route(self, invariant: f.Formula) -> str | None:
        if invariant not in self._routes:
            self._routes[invariant] = monotone_progress(self.model, invariant)
        return self._routes[invariant]

    def settles(self, invariant: f.Formula, k: int) -> str | None:
        """The route when no path of k steps from any state stays in θ, else None (asked for k = 1, 2, … in
        turn by each search, so the shared unrolling only grows)."""
        key = (invariant, k)
        if key not in self._settled:
            search = self._searches.get(invariant)
            if search is None:
                search = self._searches[invariant] = _StaySearch(self.model, invariant, None, anywhere=True)
            self._settled[key] = search.ends_within(k)
        return self._settled[key]

    def __enter__(self) -> Ranking:
        return self

    def __exit__(self, *_exception: object) -> None:
        for search in self._searches.values():
            search.delete()
        self._searches.clear()


RANKING_INDUCTION_BOUND = 8
"""How deep k-induction looks for a proof that no reachable step in θ goes without progress."""


def monotone_progress(model: Model, invariant: f.Formula) -> str | None:
    """A route when every step between two reachable θ-states makes monotone progress, so that no path
    stays in θ forever; else None.

    A state bit is *monotone down* (up) when no step from a θ-state to a θ-state turns it on (off),
    over every valuation of the declared types — one SAT call per bit and direction on a single
    step. If every such step turns some down bit off or some up bit on, the number of down bits on
    plus up bits off decreases at every step of a θ-path, which therefore ends: a ranking function.
    Where some step makes no progress over all valuations (say, from a state no run reaches, where
    both players wait), k-induction (`check_property` over steps) may still prove that no reachable
    step does. This is what proves that a game ends where each move fills a cell (a pigeonhole
    argument that bounded model checking needs exponential time to refute).
    """
    unrolling = Unrolling(model)
    try:
        unrolling.add_frame()
        unrolling.add_step()
        circuit = unrolling.circuit
        circuit.clause([unrolling.proposition(invariant, 0)])
        circuit.clause([unrolling.proposition(invariant, 1)])
        if not circuit.solve():
            return "sat:bmc k=1 (complete: no step stays in θ)"
        directions = []
        for variable in unrolling.variables:
            for index, (before, after) in enumerate(zip(unrolling.states[0][variable].bits,
                                                        unrolling.states[1][variable].bits)):
                checkpoint()
                if not circuit.solve([-before, after]):  # never turned on: turning it off is progress
                    directions.append((variable, index, False))
                elif not circuit.solve([before, -after]):  # never turned off: turning it on is progress
                    directions.append((variable, index, True))
        if not directions:
            return None
        text = f.to_text(invariant, limit=12)
        idle = -_progress(unrolling, directions, 0)
        if not circuit.solve([idle]):
            return f"sat:ranking (every step in {text} turns one of {len(directions)} monotone state bits)"
        monotone = {(variable, index) for variable, index, _ in directions}
        others = [(variable, index) for variable in unrolling.variables
                  for index in range(len(unrolling.states[0][variable].bits)) if (variable, index) not in monotone]
        if len(others) <= HOUDINI_BITS:
            clauses = inductive_clauses(model, others)
            if clauses and not circuit.solve([idle, _clauses_hold(unrolling, clauses, 0)]):
                return (f"sat:ranking (every reachable step in {text} turns one of {len(directions)} monotone "
                        f"state bits; the steps without lie outside an inductive invariant of {len(clauses)} "
                        f"clauses over the {len(others)} other bits)")
    finally:
        unrolling.circuit.delete()

    def no_idle_step(steps: Unrolling, t: int) -> int:
        stays = steps.circuit.and_((steps.proposition(invariant, t), steps.proposition(invariant, t + 1)))
        return -steps.circuit.and_((stays, -_progress(steps, directions, t)))

    proof = check_property(model, no_idle_step, RANKING_INDUCTION_BOUND, span=1)
    if proof.holds is True:
        return (f"sat:ranking (every reachable step in {text} turns one of {len(directions)} monotone state "
                f"bits; no step without: {proof.route.removeprefix('sat:')})")
    return None


HOUDINI_BITS = 24
"""The most non-monotone bits whose pairs `inductive_clauses` tries as candidate invariants."""

Clause = tuple[tuple[Variable, int, bool], ...]
"""A disjunction of state bits: (variable, bit index, polarity)."""


def inductive_clauses(model: Model, bits: list[tuple[Variable, int]]) -> list[Clause]:
    """The largest set of clauses of one or two of `bits` (either polarity) that holds in every initial state
    and is inductive as a whole — hence holds in every reachable state (Houdini: drop the candidates an
    initial state or a step from the conjunction violates, until none is)."""
    literals = [(variable, index, polarity) for variable, index in bits for polarity in (True, False)]
    candidates: list[Clause] = [(literal,) for literal in literals]
    candidates += [(first, second) for position, first in enumerate(literals) for second in literals[position + 1:]
                   if first[:2] != second[:2]]
    unrolling = Unrolling(model)
    try:
        unrolling.add_frame()
        start = unrolling.condition(model.initial_condition, 0)
        candidates = _survivors(unrolling, candidates, [start], 0)
        unrolling.add_step()
        while candidates:
            before = len(candidates)
            candidates = _survivors(unrolling, candidates, [_clauses_hold(unrolling, candidates, 0)], 1)
            if len(candidates) == before:
                return candidates
        return []
    finally:
        unrolling.circuit.delete()


def _survivors(unrolling: Unrolling, candidates: list[Clause], assumptions: list[int], t: int) -> list[Clause]:
    """The candidates left once every solution with `assumptions` that violates some at frame t has dropped
    those it violates."""
    circuit = unrolling.circuit
    while candidates:
        checkpoint()
        if not circuit.solve(assumptions + [-_clauses_hold(unrolling, candidates, t)]):
            break
        true = circuit.true_literals()
        candidates = [clause for clause in candidates
                      if any((unrolling.states[t][variable].bits[index] in true) == polarity
                             for variable, index, polarity in clause)]
    return candidates


def _clauses_hold(unrolling: Unrolling, clauses: list[Clause], t: int) -> int:
    circuit = unrolling.circuit
    return circuit.and_(circuit.or_(unrolling.states[t][variable].bits[index] if polarity
                                    else -unrolling.states[t][variable].bits[index]
                                    for variable, index, polarity in clause)
                        for clause in clauses)


def _progress(unrolling: Unrolling, directions: list[tuple[Variable, int, bool]], t: int) -> int:
    """The literal: step t → t+1 turns some monotone bit the way it may go (down bits off, up bits on)."""
    circuit = unrolling.circuit
    return circuit.or_(circuit.and_((-before, after) if up else (before, -after))
                       for variable, index, up in directions
                       for before, after in [(unrolling.states[t][variable].bits[index],
                                              unrolling.states[t + 1][variable].bits[index])])


def _fairness_implied(model: Model, invariant: f.Formula) -> bool:
    """Whether every infinite path in `invariant` is fair: θ implies each Fairness formula, and for each
    compassion pair p -> q, θ implies q or ¬p — on every valuation of the declared types (a frame with no
    initial condition), a SAT call each."""
    if not model.fairness and not model.compassion:
        return True
    unrolling = Unrolling(model)
    try:
        unrolling.add_frame()
        theta = unrolling.proposition(invariant, 0)

        def implied(formula: f.Formula) -> bool:
            return not unrolling.circuit.solve([theta, -unrolling.proposition(formula, 0)])

        return all(implied(justice) for justice in model.fairness) and \
            all(implied(q) or implied(f.Not(p)) for p, q in model.compassion)
    finally:
        unrolling.circuit.delete()


class _StaySearch:
    """Paths from an initial state that stay in θ: "none has k steps" ends every run in θ (or, on simple
    paths, bounds every infinite θ-path's lasso by k). With `anywhere`, paths from any state: "none has k
    steps" means no run stays in θ from some point on (for a goal that implies `F G θ`)."""

    def __init__(self, model: Model, invariant: f.Formula, initial: Sequence[Value] | None, *,
                 simple_paths: bool = False, anywhere: bool = False) -> None:
        self.unrolling = Unrolling(model)
        self.invariant = invariant
        self.simple_paths = simple_paths
        self.anywhere = anywhere
        self.made_simple = False
        unrolling = self.unrolling
        unrolling.add_frame()
        if not anywhere:
            start = unrolling.condition(model.initial_condition, 0) if initial is None \
                else unrolling.state_equals(0, initial)
            unrolling.circuit.clause([start])
        unrolling.circuit.clause([unrolling.proposition(invariant, 0)])

    def ends_within(self, k: int) -> str | None:
        """The route that proves no lasso when no (simple) θ-path of k steps exists, else None."""
        unrolling = self.unrolling
        while unrolling.depth < k:
            unrolling.add_step()
            unrolling.circuit.clause([unrolling.proposition(self.invariant, unrolling.depth)])
        text = f.to_text(self.invariant, limit=12)
        exists, constrained = simple_path_exists(unrolling, [], k + 1 if self.simple_paths else 0)
        if exists:
            return None
        self.made_simple = self.made_simple or constrained
        if self.anywhere:
            return f"sat:bmc k={k} (complete: no path of {k} steps from any state stays in {text}, and ψ ⇒ F G θ)"
        if self.made_simple:
            return f"sat:bmc k={k} (complete: no simple path of {k} steps stays in {text})"
        return f"sat:bmc k={k} (complete: every run leaves {text} within {k} steps)"

    def delete(self) -> None:
        self.unrolling.circuit.delete()
