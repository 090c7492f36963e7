"""Symbolic extraction of witnesses and counterexamples for CTL-shaped formulas and knowledge.

A TRUE `E ψ` gets a witness and a FALSE `A ψ` a counterexample, which is a
witness of `E ψ'` with ψ' the negation of ψ pushed inside (`¬AG φ = EF ¬φ`,
…); `existential_path` gives that ψ'. Paths are found by breadth-first onion
rings over BDDs (so finite prefixes are shortest) and walked back one concrete
state at a time; lassos for `EG` under fairness follow Clarke, Grumberg,
McMillan and Zhao ("Efficient generation of counterexamples and witnesses in
symbolic model checking", DAC 1995): from a state of `Z = EG_fair φ`, visit
every fairness set inside Z, then close the cycle; when it cannot be closed,
restart from a later state (which lies in a lower strongly connected
component, so this terminates). Compassion pairs (p, q) are handled by the
decomposition of `ctl.eg_fair`: a prefix into the branch that holds, then a
loop inside that branch's hold visiting its sets (`fair_lasso`). Fairness follows docs/semantics.md: the end
state of a finite witness is fair (it has a fair continuation).

A FALSE `K(i, φ)` shows the state where it fails, linked to a run from an
initial state to a fair state that i cannot distinguish from it and where φ
fails; `GK` picks a member who does not know, `DK` uses the members' joint
local state, `GCK` a chain of such links. A FALSE `O(i, φ)` links to a run to a
fair state where i is green and φ fails. A path formula that is not CTL-shaped
(general CTL*, the tableau's route) gets a fair lasso of its tableau product,
projected onto model states (`witness.product`).

Every step where the path formula rests on a nested state subformula (the hold
states and the goal of an until, every state of an `EG` lasso, the positions
where a CTL* path consults a fresh proposition of LABEL/TRANS) links to that
subformula's own explanation there, whenever it has one (`witness.support`
finds the steps): the result is a tree of traces. A Boolean state subformula
is explained by its parts (`WitnessBuilder.explanations`): a FALSE `φ or ψ` by
both disjuncts, a TRUE `φ and ψ` by both conjuncts, `φ -> ψ` as `!φ or ψ`, so
every spelling of one condition gets the same children.

A FALSE top-level Boolean combination (`φ -> ψ`, `!φ`, …) gets a one-state
counterexample at an initial state where it fails, whose children explain the
leaves that make it fail there (`WitnessBuilder.reasons`). A TRUE one gets none:
it holds in every initial state, which no single trace shows.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..mc import ctl
from ..mc.label import Checker
from ..logic.normalise import existential_path
from ..mc.tableau import ExistPath
from ..errors import CtlstarkError
from ..logic import formula as f
from ..model import Model, Value
from ..symbolic import bdd as backend
from ..symbolic.bdd import Function
from .product import ProductLasso, ProductLassoError
from .support import path_support
from .trace import Link, Step, Trace

State = tuple[Value, ...]


class WitnessError(CtlstarkError):
    """Internal error: a trace could not be built or failed its replay (a bug, never a user error)."""


class NoTrace(CtlstarkError):
    """The formula admits an explanation, but this version cannot build it (says why)."""


def action_atom_holds(model: Model, atom: f.ActionAtom, action: tuple[str, ...] | None) -> bool:
    """Whether the joint action `action` (None: no transition) has `atom.agent` doing `atom.action`."""
    return action is not None and action[model.agent_names.index(atom.agent)] == atom.action


BOOLEAN_CONNECTIVES = (f.Not, f.And, f.Or, f.Implies, f.Iff)


def boolean_leaves(formula: f.Formula) -> list[f.Formula]:
    """The maximal subformulas of `formula` that are not Boolean connectives (`formula` itself if it is none)."""
    if isinstance(formula, BOOLEAN_CONNECTIVES):
        return [leaf for child in f.children(formula) for leaf in boolean_leaves(child)]
    return [formula]


def _may_have_trace(formula: f.Formula) -> bool:
    """Whether `formula` has a trace for at least one of its truth values."""
    return any(admits_trace(formula, value) for value in (True, False))


def admits_trace(formula: f.Formula, verdict: bool) -> bool:
    """Whether a top-level verdict has a trace.

    FALSE `A…`/K/GK/DK/GCK, TRUE `E…` (not over a state formula), and a FALSE Boolean
    combination with a leaf (`A…`, `E…`, knowledge) that may explain its failure.
    """
    if isinstance(formula, BOOLEAN_CONNECTIVES):
        return not verdict and any(_may_have_trace(leaf) for leaf in boolean_leaves(formula))
    if isinstance(formula, (f.K, f.GK, f.DK, f.GCK, f.O, f.C)):
        return not verdict
    if isinstance(formula, f.Fu):
        return verdict
    if isinstance(formula, f.SC):
        return verdict and formula.condition is None
    return existential_path(formula, verdict) is not None


class WitnessBuilder:
    """Builds traces from one checker's state sets (they must come from the same `Checker`)."""

    def __init__(self, checker: Checker):
        self.checker = checker
        self.system = checker.system
        self.bdd = checker.system.bdd
        self._state_bdds: dict[State, Function] = {}
        self._explanations: dict[tuple[f.Formula, State, bool], Trace | None] = {}

    # ------------------------------------------------------------ entry points

    def top_level(self, formula: f.Formula, verdict: bool) -> Trace | None:
        """The trace of a top-level verdict from an initial state, or None when the verdict admits none."""
        if not admits_trace(formula, verdict):
            return None
        if self.system.initial == self.bdd.false:
            raise NoTrace("the model has no initial state: every formula holds vacuously")
        if self.checker.fair_initial_states == self.bdd.false:
            raise NoTrace("no initial state is fair: every formula holds vacuously")
        satisfied = self.checker.states(formula)
        initial = self.checker.fair_initial_states & (satisfied if verdict else ~satisfied)
        if initial == self.bdd.false:
            raise WitnessError(f"no initial state {'satisfies' if verdict else 'violates'} {f.to_text(formula)}")
        with backend.memory_guard():
            if isinstance(formula, (f.E, f.A)):
                trace = self._temporal(formula, initial, verdict)
            elif isinstance(formula, BOOLEAN_CONNECTIVES):
                trace = self.boolean(formula, self.pick(initial), verdict)
            else:
                trace = self.explain(formula, self.pick(initial), verdict)
        if trace is None:
            raise WitnessError(f"no trace was built for {f.to_text(formula)}")
        return trace

    def explain(self, formula: f.Formula, state: State, value: bool) -> Trace | None:
        """A trace from `state` showing that `formula` has truth value `value` there, or None if it has no linear explanation.

        A Boolean combination gets its one-state trace (`boolean`). A link inside a
        trace uses `explanations` instead, which explains its parts directly.
        """
        match formula:
            case f.Not(operand=operand):
                return self.explain(operand, state, not value)
            case f.And() | f.Or() | f.Implies() | f.Iff():
                trace = self.boolean(formula, state, value)
                return trace if trace.children else None
            case f.E() | f.A():
                return self._temporal(formula, self.state_bdd(state), value)
            case f.K() | f.GK() | f.DK() | f.GCK() if not value:
                return self._knowledge(formula, state)
            case f.O() if not value:
                return self._obligation(formula, state)
            case f.C() if not value:
                return self._broken_commitment(formula, state)
            case f.Fu() if value:
                return self._fulfilment(formula, state)
            case f.SC(condition=None) if value:
                return self._social_commitment(formula, state)
            case f.SC(condition=condition, path=path) if value and self._holds(condition, state):
                return self._social_commitment(f.SC(formula.debtor, formula.creditor, path), state)
        return None

    # ------------------------------------------------------------ Boolean combinations

    def boolean(self, formula: f.Formula, state: State, value: bool) -> Trace:
        """A one-state trace at `state` whose children explain the leaves that give `formula` its truth value `value` there.

        The leaves are found by `reasons`; each is explained by `explain` (a leaf
        without a linear explanation, e.g. a proposition, gets no child).
        """
        kind = "witness" if value else "counterexample"
        trace = self.make_trace(f.to_text(formula), kind, [state], None, formula)
        for child in self.explanations(formula, state, value):
            trace.children.append(Link(0, "justifies", child))
        return trace

    def explanations(self, formula: f.Formula, state: State, value: bool) -> list[Trace]:
        """The traces from `state` that together explain why the state formula `formula` has truth value `value` there.

        A Boolean combination is explained by its parts, whatever its spelling: the
        leaves `reasons` picks (a FALSE `φ or ψ` both disjuncts, a TRUE `φ and ψ`
        both conjuncts, `φ -> ψ` as `!φ or ψ`, negations flip the value), each with
        its own trace; any other formula by its own trace. A leaf whose value has no
        linear explanation (a proposition, a TRUE `A…`) contributes none, so
        `AG(p or AX q)` and `AG(!p -> AX q)` get the same children. Each (leaf, state,
        value) is built once (a lasso may revisit a state).
        """
        if isinstance(formula, f.ActionAtom) or isinstance(formula, f.Not) and isinstance(formula.operand, f.ActionAtom):
            return []  # judged on the step's joint action: nothing to explain
        if isinstance(formula, BOOLEAN_CONNECTIVES):
            leaves = list(dict.fromkeys(self.reasons(formula, state, value)))
        else:
            leaves = [(formula, value)]
        found: list[Trace] = []
        for leaf, leaf_value in leaves:
            key = (leaf, state, leaf_value)
            if key not in self._explanations:
                self._explanations[key] = self.explain(leaf, state, leaf_value)
            if (trace := self._explanations[key]) is not None:
                found.append(trace)
        return found

    def reasons(self, formula: f.Formula, state: State, value: bool) -> list[tuple[f.Formula, bool]]:
        """Leaves of a Boolean combination and their truth values at `state` that suffice for `formula` to have `value`.

        `!φ`: φ with the opposite value; `φ and ψ` false: one failing conjunct (true: both);
        `φ or ψ` false: both disjuncts (true: one true disjunct); `φ -> ψ` false: φ true and
        ψ false (true: φ false or ψ true); `φ <-> ψ`: both sides with their values.
        """
        match formula:
            case f.Not(operand=operand):
                return self.reasons(operand, state, not value)
            case f.And(left=left, right=right) if value:
                return self.reasons(left, state, True) + self.reasons(right, state, True)
            case f.And(left=left, right=right):
                return self._either(state, [(side, False) for side in (left, right)])
            case f.Or(left=left, right=right) if value:
                return self._either(state, [(side, True) for side in (left, right)])
            case f.Or(left=left, right=right):
                return self.reasons(left, state, False) + self.reasons(right, state, False)
            case f.Implies(left=left, right=right) if value:
                return self._either(state, [(left, False), (right, True)])
            case f.Implies(left=left, right=right):
                return self.reasons(left, state, True) + self.reasons(right, state, False)
            case f.Iff(left=left, right=right):
                return (self.reasons(left, state, self._holds(left, state))
                        + self.reasons(right, state, self._holds(right, state)))
        return [(formula, value)]

    def _either(self, state: State, options: list[tuple[f.Formula, bool]]) -> list[tuple[f.Formula, bool]]:
        """The reasons of the first option that has its value at `state`, preferring one with a leaf that admits a trace."""
        candidates = [self.reasons(side, state, value) for side, value in options if self._holds(side, state) == value]
        if not candidates:
            raise WitnessError("a Boolean combination does not have the truth value the checker gave it")
        explained = (c for c in candidates if any(admits_trace(leaf, value) for leaf, value in c))
        return next(explained, candidates[0])

    # ------------------------------------------------------------ temporal

    def _temporal(self, formula: f.E | f.A, sources: Function, value: bool) -> Trace | None:
        """A trace of `E ψ'` (see `existential_path`) from one of `sources`, all of which satisfy it; shortest prefix over all of them.

        Every step where ψ' rests on a nested state subformula links to that subformula's explanation there.
        """
        shape = existential_path(formula, value)
        if shape is None:
            return None
        path, ctl_shaped = shape
        kind = "witness" if value else "counterexample"
        actions = None
        if ctl_shaped:
            states, loop_start = self._path_states(path, sources)
        else:
            states, loop_start, actions = self.product_lasso(path, sources)
        trace = self.make_trace(f.to_text(formula), kind, states, loop_start, formula, actions)
        self._justify_steps(trace, path)
        return trace

    def _justify_steps(self, trace: Trace, path: f.Formula) -> None:
        """Link each (step, state subformula) the path formula rests on (`support.path_support`) to its explanation."""
        states = trace.states
        support = path_support(path, len(states), trace.loop_start,
                               lambda subformula, position: self._truth_at(trace, subformula, position))
        linked: set[tuple[int, int]] = set()
        for position, subformula in support:
            for child in self.explanations(subformula, states[position], True):
                if (position, id(child)) not in linked:  # two subformulas at one step may share a leaf
                    linked.add((position, id(child)))
                    trace.children.append(Link(position, "justifies", child))

    def _truth_at(self, trace: Trace, formula: f.Formula, position: int) -> bool:
        """A state formula at a step's state, or an action atom of the step's joint action."""
        if isinstance(formula, f.ActionAtom):
            return action_atom_holds(self.system.model, formula, trace.steps[position].action)
        return self._holds(formula, trace.steps[position].state)

    def _path_states(self, path: f.Formula, source: Function) -> tuple[list[State], int | None]:
        """States of a witness of the CTL-shaped `E path` from one of `source`, and the loop start (None: finite)."""
        label, fair = self.checker.states, self.checker.fair_states
        match path:
            case f.X(operand=operand):
                found = self.shortest(source, self.system.reachable, label(operand) & fair, min_steps=1, max_steps=1)
                return self._require(found, path), None
            case f.F(operand=goal):
                found = self.shortest(source, self.system.reachable, label(goal) & fair)
                return self._require(found, path), None
            case f.U(left=hold, right=goal) | f.W(left=hold, right=goal):
                found = self.shortest(source, label(hold), label(goal) & fair)
                if found is not None or isinstance(path, f.U):
                    return self._require(found, path), None
                return self.fair_lasso(self.pick(source), label(hold))
            case f.G(operand=hold):
                return self.fair_lasso(self.pick(source), label(hold))
            case f.R(left=release, right=hold):
                found = self.shortest(source, label(hold), label(hold) & label(release) & fair)
                if found is not None:
                    return found, None
                return self.fair_lasso(self.pick(source), label(hold))
        raise NoTrace(f"no trace yet for {f.to_text(path)}")

    def _require(self, found: list[State] | None, path: f.Formula) -> list[State]:
        if found is None:
            raise WitnessError(f"no path found for E {f.to_text(path)} from a state where the checker says it holds")
        return found

    def fair_lasso(self, state: State, hold: Function) -> tuple[list[State], int]:
        """A lasso from `state` inside `Z = EG_fair hold` whose loop visits every fairness set (CGMZ).

        With compassion pairs the prefix first follows the branch of `ctl.eg_fair`'s recursion
        that holds at each state (`ctl.compassion_branch`): into `EG_fair(hold ∧ ¬p)`, dropping
        the pair (p, q), until the state lies in Emerson–Lei's answer for the fairness sets and
        the q of every pair left; the loop is built there, inside the narrowed hold.
        """
        zone = ctl.eg_fair(self.system, hold, self.constraints, self.compassion)
        if self.state_bdd(state) & zone == self.bdd.false:
            raise WitnessError("the lasso's first state is not in EG of the path's invariant")
        path, constraints = [state], list(self.constraints)
        if self.compassion:
            hold, pairs = hold & self.system.reachable, list(self.compassion)
            while True:
                branch = ctl.compassion_branch(self.system, hold, self.constraints, pairs, self.state_bdd(path[-1]))
                if branch is None:
                    break
                index, target = branch
                p, _ = pairs.pop(index)
                segment = self.shortest(self.state_bdd(path[-1]), hold, target)
                path += self._require(segment, f.G(f.Const(True)))[1:]
                hold &= ~p
            constraints += [q for _, q in ctl.relevant_pairs(self.system, hold, pairs)]
            zone = ctl.emerson_lei(self.system, hold, constraints)
        cycle_start = len(path) - 1
        while True:
            for constraint in constraints:
                if any(self.state_bdd(s) & constraint != self.bdd.false for s in path[cycle_start:]):
                    continue
                segment = self.shortest(self.state_bdd(path[-1]), zone, zone & constraint, min_steps=1)
                path += self._require(segment, f.G(f.Const(True)))[1:]
            closing = self.shortest(self.state_bdd(path[-1]), zone, self.state_bdd(path[cycle_start]), min_steps=1)
            if closing is not None:
                return path + closing[1:-1], cycle_start
            step = self.shortest(self.state_bdd(path[-1]), zone, zone, min_steps=1)
            path += self._require(step, f.G(f.Const(True)))[1:]
            cycle_start = len(path) - 1

    def product_lasso(self, path: f.Formula, sources: Function) -> tuple[list[State], int, list[tuple[str, ...]] | None]:
        """A fair lasso satisfying the general path formula `path` from one of `sources`, via its tableau product.

        Also the joint actions of its steps when `path` has action atoms (else None).
        """
        product = ExistPath(self.system, self.constraints, self.compassion).product(path, self.checker.states)
        try:
            return ProductLasso(self.system, product).lasso(sources)
        except ProductLassoError as error:
            raise WitnessError(f"no lasso for E {f.to_text(path)}: {error}") from None

    # ------------------------------------------------------------ knowledge

    def _knowledge(self, formula: f.K | f.GK | f.DK | f.GCK, state: State) -> Trace:
        worlds = self.checker.fair_states
        violated = worlds & ~self.checker.states(formula.operand)
        match formula:
            case f.K(agent=agent):
                chain = [((agent,), self._nearest_run(self._alike(state, (agent,)) & violated))]
            case f.GK(group=group):
                members = self.system.model.groups[group]
                agent = next((m for m in members if self._alike(state, (m,)) & violated != self.bdd.false), None)
                if agent is None:
                    raise WitnessError(f"every member of {group} knows the operand of {f.to_text(formula)}")
                chain = [((agent,), self._nearest_run(self._alike(state, (agent,)) & violated))]
            case f.DK(group=group):
                members = tuple(self.system.model.groups[group])
                chain = [(members, self._nearest_run(self._alike(state, members) & violated))]
            case _:
                chain = self._common_knowledge_chain(formula, state, worlds, violated)
        trace = self.make_trace(f.to_text(formula), "counterexample", [state], None, formula)
        parent = trace
        for agents, run in chain:
            child = self.make_trace(f"a run to a state {', '.join(agents)} cannot tell apart", "path", run, None)
            parent.children.append(Link(len(parent.steps) - 1, "indistinguishable", child, agents))
            parent = child
        for justification in self.explanations(formula.operand, parent.steps[-1].state, False):
            parent.children.append(Link(len(parent.steps) - 1, "justifies", justification))
        return trace

    def _obligation(self, formula: f.O, state: State) -> Trace:
        """A FALSE `O(i, φ)`: a run to a fair state where i is green (correct) and φ fails, linked from `state`.

        `O(i, φ)` has the same value in every state (docs/semantics.md), so the linked state need not resemble `state`.
        """
        agent = formula.agent
        violations = self.checker.fair_states & ~self.checker.red_states(agent) & ~self.checker.states(formula.operand)
        trace = self.make_trace(f.to_text(formula), "counterexample", [state], None, formula)
        run = self.make_trace(f"a run to a state where {agent} is correct", "path", self._nearest_run(violations), None)
        trace.children.append(Link(0, "correct", run, (agent,)))
        for justification in self.explanations(formula.operand, run.steps[-1].state, False):
            run.children.append(Link(len(run.steps) - 1, "justifies", justification))
        return trace

    # ------------------------------------------------------------ commitments

    def _broken_commitment(self, formula: f.C, state: State) -> Trace:
        """A FALSE `C(i, j, φ)`: a run to a ~i→j-successor of `state` where φ fails, linked from `state`."""
        channel = self.checker.channel(formula.debtor, formula.creditor)
        targets = channel.successors_of(self.state_bdd(state)) & self.checker.fair_states
        targets &= ~self.checker.states(formula.operand)
        return self._accessible_run(formula, state, "counterexample", "commitment", targets,
                                    f"a run to a {formula.debtor}→{formula.creditor} successor where the content fails",
                                    formula.operand)

    def _fulfilment(self, formula: f.Fu, state: State) -> Trace:
        """A TRUE `Fu(C(i, j, φ))`: a run to the committing state s' (s' ~i→j `state`, C holds there), linked from `state`."""
        channel = self.checker.channel(formula.debtor, formula.creditor)
        committed = self.checker.states(f.C(formula.debtor, formula.creditor, formula.operand))
        targets = channel.predecessors_of(self.state_bdd(state)) & self.system.reachable & committed
        return self._accessible_run(formula, state, "witness", "fulfilment", targets,
                                    "a run to the committing state", None)

    def _accessible_run(self, formula: f.C | f.Fu, state: State, kind: str, relation: str, targets: Function,
                        description: str, violated: f.Formula | None) -> Trace:
        if targets == self.bdd.false:
            raise WitnessError(f"no state of the commitment relation explains {f.to_text(formula)}")
        trace = self.make_trace(f.to_text(formula), kind, [state], None, formula)
        run = self.make_trace(description, "path", self._nearest_run(targets), None)
        trace.children.append(Link(0, relation, run, (formula.debtor, formula.creditor)))  # type: ignore[arg-type]
        if violated is not None:
            for justification in self.explanations(violated, run.steps[-1].state, False):
                run.children.append(Link(len(run.steps) - 1, "justifies", justification))
        return trace

    def _social_commitment(self, formula: f.SC, state: State) -> Trace | None:
        """A TRUE `SC(i, j, ψ)`: the witness of `E ψ` from `state` (the agents interact there), claimed for the SC."""
        trace = self._temporal(f.E(formula.path), self.state_bdd(state), True)
        if trace is not None:
            trace.formula, trace.formula_text = formula, f.to_text(formula)
        return trace

    def _common_knowledge_chain(self, formula: f.GCK, state: State, worlds: Function,
                                violated: Function) -> list[tuple[tuple[str, ...], list[State]]]:
        """A shortest chain state ~i1 s1 ~i2 … sk of fair worlds with the operand false at sk."""
        members = tuple(self.system.model.groups[formula.group])
        rings = [self.state_bdd(state)]
        seen = self.bdd.false
        while len(rings) == 1 or rings[-1] & violated == self.bdd.false:
            frontier = self.bdd.false
            for member in members:
                frontier |= backend.exist(self.bdd, self._hidden(members=(member,)), rings[-1])
            frontier &= worlds & ~seen
            if frontier == self.bdd.false:
                raise WitnessError(f"no chain of indistinguishable states violates {f.to_text(formula)}")
            seen |= frontier
            rings.append(frontier)
        chain = [self.pick(rings[-1] & violated)]
        agents: list[tuple[str, ...]] = []
        for index in range(len(rings) - 2, -1, -1):
            later = chain[0]
            member = next(m for m in members if rings[index] & self._alike(later, (m,)) != self.bdd.false)
            agents.insert(0, (member,))
            chain.insert(0, state if index == 0 else self.pick(rings[index] & self._alike(later, (member,))))
        return [(who, self._nearest_run(self.state_bdd(target))) for who, target in zip(agents, chain[1:])]

    def _nearest_run(self, targets: Function) -> list[State]:
        """A shortest run from an initial state to one of `targets`."""
        found = self.shortest(self.system.initial, self.system.reachable, targets)
        if found is None:
            raise WitnessError("no run reaches a state the checker says is reachable")
        return found

    def _alike(self, state: State, agents: Sequence[str]) -> Function:
        """Every valuation agreeing with `state` on the agents' joint local state."""
        return backend.exist(self.bdd, self._hidden(members=agents), self.state_bdd(state))

    def _hidden(self, *, members: Sequence[str]) -> frozenset[str]:
        visible: frozenset[str] = frozenset()
        for member in members:
            visible |= self.system.local_bits(member)
        return frozenset(self.system.current_bits) - visible

    # ------------------------------------------------------------ paths and states

    @property
    def constraints(self) -> list[Function]:
        """The fairness sets, as the checker computed them (each fairness formula evaluated without fairness)."""
        return self.checker.fairness_sets

    @property
    def compassion(self) -> list[tuple[Function, Function]]:
        """The compassion pairs (p, q) as state sets, as the checker computed them."""
        return self.checker.compassion_sets

    def shortest(self, sources: Function, hold: Function, goal: Function, *,
                 min_steps: int = 0, max_steps: int | None = None) -> list[State] | None:
        """A shortest path s0 … sk with s0 in `sources`, s0 … s(k-1) in `hold`, sk in `goal`, `min_steps` (≤ 1) ≤ k ≤ `max_steps`.

        Forward breadth-first rings from the sources, walked back from a goal state. None when there is none.
        """
        rings = [sources]
        if min_steps == 0 and sources & goal != self.bdd.false:
            return [self.pick(sources & goal)]
        visited = sources
        while True:
            image = self.system.image(rings[-1] & hold)
            if image & goal != self.bdd.false:
                break
            if max_steps is not None and len(rings) >= max_steps:
                return None
            frontier = image & ~visited
            if frontier == self.bdd.false:
                return None
            visited |= frontier
            rings.append(frontier)
        path = [self.pick(image & goal)]
        for ring in reversed(rings):
            predecessors = self.system.preimage(self.state_bdd(path[0]), within=ring & hold)
            path.insert(0, self.pick(predecessors))
        return path

    def make_trace(self, text: str, kind: str, states: list[State], loop_start: int | None,
                   formula: f.Formula | None = None, actions: list[tuple[str, ...]] | None = None) -> Trace:
        """A trace over `states`, each step labelled with a joint action leading to the next state.

        `actions`, when given, are those joint actions (a path formula with action atoms fixes them);
        otherwise the least joint action between each pair of states is taken.
        """
        steps = []
        for index, state in enumerate(states):
            if index + 1 < len(states):
                target: State | None = states[index + 1]
            else:
                target = states[loop_start] if loop_start is not None else None
            if target is None:
                action = None
            elif actions is not None:
                action = actions[index]
            else:
                action = self.action_between(state, target)
            steps.append(Step(state, action))
        return Trace(text, kind, steps, loop_start, [], formula)  # type: ignore[arg-type]

    def action_between(self, source: State, target: State) -> tuple[str, ...]:
        """A joint action leading from `source` to `target` (the least one in sorted order)."""
        pairs = self.system.successors_with_actions(self.state_bdd(source)) & self.state_bdd(target)
        actions = self.system.joint_actions_of(pairs)
        if not actions:
            raise WitnessError(f"no joint action leads from {source} to {target}")
        return min(actions)

    def pick(self, states: Function) -> State:
        """The canonical (least) state of a non-empty BDD over current bits: the same whatever the variable order."""
        state = self.system.first_state(states)
        if state is None:
            raise WitnessError("picked a state from an empty set")
        return state

    def state_bdd(self, state: State) -> Function:
        cached = self._state_bdds.get(state)
        if cached is None:
            cached = self._state_bdds[state] = self.system.state_bdd(state)
        return cached

    def _holds(self, formula: f.Formula, state: State) -> bool:
        return self.state_bdd(state) & self.checker.states(formula) != self.bdd.false

    def release(self) -> None:
        """Drop cached BDDs."""
        self._state_bdds.clear()
        self._explanations.clear()
