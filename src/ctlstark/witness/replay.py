"""Independent replay of a trace on the explicit semantics of the typed model.

The replay never enumerates the state space: it evaluates the protocols and
evolutions (`ctlstark.explicit`) on the trace's own states only. It checks
that the first state of a top-level trace (and of every run) is initial, that
every step's joint action is enabled by every agent's protocol and that the
next state is one of the evolution's results under it, that a lasso closes
and its loop visits every fairness set (and, for every compassion pair (p, q),
meets q if it meets p), that the path formula holds on the
trace by direct evaluation (`explicit.ltl.holds_on_lasso`: state subformulas
are judged by the symbolic checker's state sets, action atoms by the steps'
joint actions), that knowledge links join states the agents cannot tell
apart, deontic links states where the agent is green, and commitment links
states related by ~i→j (checked on values). A Boolean combination's one-state
trace must give the combination its claimed value and link only children
explaining its leaves (replayed in turn). Any failure raises `WitnessError`
naming the trace and the step.
"""

from __future__ import annotations

from ..mc.label import Checker
from ..logic import formula as f
from ..semantics.expressions import holds
from ..semantics.lasso import Lasso, holds_on_lasso
from ..semantics.transitions import State, StateView
from ..symbolic.bdd import Function
from .extract import BOOLEAN_CONNECTIVES, WitnessError, boolean_leaves, existential_path
from .trace import Link, Trace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import NoReturn


class Replayer:
    """Replays traces against one checker's model (state formulas judged by that checker)."""

    def __init__(self, checker: Checker):
        self.checker = checker
        self.system = checker.system
        self.model = checker.system.model
        self.states = StateView(self.model)

    def replay(self, trace: Trace, *, initial: bool = True) -> None:
        """Validate a trace (its first state must be initial unless `initial` is False); raises `WitnessError`."""
        self._replay(trace, initial=initial)

    # ------------------------------------------------------------ structure

    def _replay(self, trace: Trace, *, initial: bool) -> None:
        self._check_path(trace, initial=initial)
        for link in trace.children:
            self._check_link(trace, link)
        if trace.kind != "path":
            self._check_claim(trace)

    def _check_path(self, trace: Trace, *, initial: bool) -> None:
        steps = trace.steps
        if not steps:
            self._fail(trace, "has no steps")
        if initial and not self.states.is_initial(steps[0].state):
            self._fail(trace, f"starts in {steps[0].state}, which is not an initial state")
        if trace.loop_start is not None and not 0 <= trace.loop_start < len(steps):
            self._fail(trace, f"loops back to step {trace.loop_start}, outside the trace")
        for index, step in enumerate(steps):
            following = trace.successor_index(index)
            if following is None:
                if step.action is not None:
                    self._fail(trace, f"step {index} is the last of a finite trace but has an action")
                continue
            if step.action is None:
                self._fail(trace, f"step {index} has no joint action")
            reason = self.states.allows(step.state, step.action, steps[following].state)
            if reason is not None:
                self._fail(trace, f"step {index} -> {following} under {step.action}: {reason}")

    def _check_link(self, parent: Trace, link: Link) -> None:
        if not 0 <= link.step < len(parent.steps):
            self._fail(parent, f"links step {link.step}, outside the trace")
        anchor = parent.steps[link.step].state
        child = link.trace
        if link.relation == "justifies":
            if child.steps and child.steps[0].state != anchor:
                self._fail(child, f"should start at step {link.step} of its parent, in {anchor}")
            self._replay(child, initial=False)
            return
        self._replay(child, initial=True)
        target = child.steps[-1].state
        if link.relation == "correct":
            self._check_correct(child, link.agents, target)
            return
        if link.relation in ("commitment", "fulfilment"):
            self._check_accessible(child, link, anchor, target)
            return
        for agent in link.agents:
            if self.states.local_state(agent, anchor) != self.states.local_state(agent, target):
                self._fail(child, f"ends in a state {agent} can tell apart from {anchor}")
        if not self._in(target, self.checker.fair_states):
            self._fail(child, f"ends in {target}, which is not a fair reachable state")

    # ------------------------------------------------------------ the formula

    def _check_claim(self, trace: Trace) -> None:
        formula = trace.formula
        if formula is None:
            self._fail(trace, "does not say which formula it explains")
        value = trace.kind == "witness"
        if isinstance(formula, BOOLEAN_CONNECTIVES):
            self._check_boolean(trace, formula, value)
            return
        if isinstance(formula, (f.K, f.GK, f.DK, f.GCK)) and not value:
            self._check_knowledge(trace, formula)
            return
        if isinstance(formula, f.O) and not value:
            self._check_obligation(trace, formula)
            return
        if isinstance(formula, f.C) and not value or isinstance(formula, f.Fu) and value:
            self._check_commitment(trace, formula)
            return
        if isinstance(formula, f.SC) and value:
            proposition = f.Prop(self.model.interaction_proposition(formula.debtor, formula.creditor))
            if not self._truth(proposition, trace.steps[0].state):
                self._fail(trace, f"starts where {formula.debtor} and {formula.creditor} do not interact")
        shape = existential_path(formula, value)
        if shape is None:
            self._fail(trace, f"explains {f.to_text(formula)}, which has no trace of this kind")
        path, ctl_shaped = shape
        if not ctl_shaped and trace.loop_start is None:
            self._fail(trace, "is finite, but a general path formula ranges over infinite paths")
        if trace.loop_start is None:
            ok = self._holds_finite(path, trace.states)
        else:
            ok = self._holds_on_lasso(path, trace)
        if not ok:
            self._fail(trace, f"does not satisfy the path formula {f.to_text(path)}")

    def _holds_finite(self, path: f.Formula, states: list[State]) -> bool:
        """A finite trace ending in a fair state satisfies the CTL path formula (docs/semantics.md)."""
        last = states[-1]
        if not self._in(last, self.checker.fair_states):
            return False
        truth = self._truth
        match path:
            case f.X(operand=operand):
                return len(states) == 2 and truth(operand, last)
            case f.F(operand=goal):
                return truth(goal, last)
            case f.U(left=hold, right=goal) | f.W(left=hold, right=goal):
                return truth(goal, last) and all(truth(hold, s) for s in states[:-1])
            case f.R(left=release, right=hold):
                return truth(release, last) and all(truth(hold, s) for s in states)
        return False

    def _holds_on_lasso(self, path: f.Formula, trace: Trace) -> bool:
        """The lasso is infinite, its loop visits every fairness set, meets q wherever it meets p for every
        compassion pair (p, q), and the path formula holds on it."""
        states, start = trace.states, trace.loop_start
        actions = tuple(step.action for step in trace.steps)  # every step of a lasso has one
        lasso = Lasso(tuple(states[:start]), tuple(states[start:]), actions)  # type: ignore[arg-type]
        loop = lasso.loop
        for constraint in self.constraints:
            if not any(self._in(state, constraint) for state in loop):
                return False
        for p, q in self.checker.compassion_sets:
            if any(self._in(state, p) for state in loop) and not any(self._in(state, q) for state in loop):
                return False

        def satisfying(formula: f.Formula) -> frozenset[State]:
            return frozenset(s for s in states if self._truth(formula, s))

        return holds_on_lasso(path, lasso, satisfying, self.model.agent_names)

    def _check_boolean(self, trace: Trace, formula: f.Formula, value: bool) -> None:
        """One state where the combination has the claimed value; each child explains one of its leaves, with the leaf's value there.

        The children themselves were replayed (recursively) by `_check_link`.
        """
        if len(trace.steps) != 1:
            self._fail(trace, "a Boolean combination's trace has exactly one step")
        state = trace.steps[0].state
        if self._truth(formula, state) != value:
            self._fail(trace, f"starts in {state}, where {f.to_text(formula)} is {not value}")
        leaves = boolean_leaves(formula)
        for link in trace.children:
            child = link.trace
            if link.relation != "justifies" or link.step != 0 or child.formula not in leaves:
                self._fail(trace, f"has a child that does not explain one of its leaves: {child.formula_text}")
            if child.kind == "path" or self._truth(child.formula, state) != (child.kind == "witness"):
                self._fail(child, f"claims the wrong truth value for {child.formula_text} in {state}")

    def _check_knowledge(self, trace: Trace, formula: f.K | f.GK | f.DK | f.GCK) -> None:
        """The chain of indistinguishability links ends in a fair state where the operand fails."""
        if len(trace.steps) != 1:
            self._fail(trace, "a knowledge counterexample has exactly one step")
        allowed = self._allowed_agents(formula)
        current, hops = trace, 0
        while True:
            links = [link for link in current.children if link.relation == "indistinguishable"]
            if not links:
                break
            link = links[0]
            if link.step != len(current.steps) - 1 or not link.agents or not set(link.agents) <= allowed:
                self._fail(trace, f"links the wrong step or agents {link.agents}")
            if isinstance(formula, f.DK) and set(link.agents) != allowed:
                self._fail(trace, "a DK link must join states no member can tell apart")
            current, hops = link.trace, hops + 1
        if hops == 0 or (hops > 1 and not isinstance(formula, f.GCK)):
            self._fail(trace, f"has {hops} indistinguishability links")
        end = current.steps[-1].state
        if self._truth(formula.operand, end):
            self._fail(trace, f"ends in {end}, where {f.to_text(formula.operand)} holds")

    def _check_correct(self, run: Trace, agents: tuple[str, ...], target: State) -> None:
        """A `correct` link ends in a fair state where its one agent is green (RedStates evaluated explicitly)."""
        if len(agents) != 1:
            self._fail(run, f"links {len(agents)} agents; a deontic link names one")
        red_states = self.model.agent(agents[0]).red_states
        if red_states is not None and holds(red_states, self.states.valuation(target)):
            self._fail(run, f"ends in {target}, where {agents[0]} is red")
        if not self._in(target, self.checker.fair_states):
            self._fail(run, f"ends in {target}, which is not a fair reachable state")

    def _check_obligation(self, trace: Trace, formula: f.O) -> None:
        """One step, linked to a run ending where the agent is green and the operand fails."""
        links = [link for link in trace.children if link.relation == "correct"]
        if len(trace.steps) != 1 or len(links) != 1 or links[0].agents != (formula.agent,):
            self._fail(trace, f"is not one state linked to one run of a state where {formula.agent} is correct")
        end = links[0].trace.steps[-1].state
        if self._truth(formula.operand, end):
            self._fail(trace, f"ends in {end}, where {f.to_text(formula.operand)} holds")

    def _check_accessible(self, run: Trace, link: Link, anchor: State, target: State) -> None:
        """A commitment link's run ends in a state related to the anchor by ~i→j (in the link's direction)."""
        if len(link.agents) != 2:
            self._fail(run, "a commitment link names its debtor and creditor")
        debtor, creditor = link.agents
        source, destination = (anchor, target) if link.relation == "commitment" else (target, anchor)
        if not self._accessible(debtor, creditor, source, destination):
            self._fail(run, f"ends in {target}, which is not related to {anchor} by ~{debtor}→{creditor}")
        if link.relation == "commitment" and not self._in(target, self.checker.fair_states):
            self._fail(run, f"ends in {target}, which is not a fair reachable state")

    def _accessible(self, debtor: str, creditor: str, source: State, destination: State) -> bool:
        """`source ~debtor→creditor destination` by its definition (docs/commitments.md), on values."""
        states = self.states
        if states.local_state(debtor, source) != states.local_state(debtor, destination):
            return False
        before, after = states.valuation(source), states.valuation(destination)
        pairs = self.model.shared_variables(debtor, creditor)
        if any(after[theirs] != before[mine] for mine, theirs in pairs):
            return False
        shared = {theirs for _, theirs in pairs}
        unshared = [v for v in self.model.agent(creditor).own_variables if v not in shared]
        return all(after[variable] == before[variable] for variable in unshared)

    def _check_commitment(self, trace: Trace, formula: f.C | f.Fu) -> None:
        """One step linked to one run: for `C` false its end violates φ; for `Fu` true C holds at its end."""
        relation = "commitment" if isinstance(formula, f.C) else "fulfilment"
        links = [link for link in trace.children if link.relation == relation]
        if len(trace.steps) != 1 or len(links) != 1 or links[0].agents != (formula.debtor, formula.creditor):
            self._fail(trace, f"is not one state linked to one {relation} run of {formula.debtor}→{formula.creditor}")
        end = links[0].trace.steps[-1].state
        if isinstance(formula, f.C) and self._truth(formula.operand, end):
            self._fail(trace, f"ends in {end}, where {f.to_text(formula.operand)} holds")
        if isinstance(formula, f.Fu) and not self._truth(f.C(formula.debtor, formula.creditor, formula.operand), end):
            self._fail(trace, f"ends in {end}, where the commitment does not hold")

    def _allowed_agents(self, formula: f.K | f.GK | f.DK | f.GCK) -> set[str]:
        if isinstance(formula, f.K):
            return {formula.agent}
        return set(self.model.groups[formula.group])

    # ------------------------------------------------------------ helpers

    @property
    def constraints(self) -> list[Function]:
        """The fairness sets, as the checker computed them (each fairness formula evaluated without fairness)."""
        return self.checker.fairness_sets

    def _truth(self, formula: f.Formula, state: State) -> bool:
        return self._in(state, self.checker.states(formula))

    def _in(self, state: State, states: Function) -> bool:
        return self.system.state_bdd(state) & states != self.system.bdd.false

    @staticmethod
    def _fail(trace: Trace, message: str) -> NoReturn:
        raise WitnessError(f"trace replay failed: the {trace.kind} for {trace.formula_text} {message}")


def replay(trace: Trace, checker: Checker, *, initial: bool = True) -> None:
    """Validate `trace` against `checker`'s model; raises `WitnessError`.

    A top-level trace starts at an initial state; `initial=False` accepts any first state
    (the explanation of a formula at a state the checker labelled, as the simulator's `eval` builds).
    """
    Replayer(checker).replay(trace, initial=initial)
