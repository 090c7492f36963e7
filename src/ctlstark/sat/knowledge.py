"""Knowledge by bounded model checking: counterexamples to `AG φ` and witnesses of `EF ψ` whose state
formulas say what agents consider possible (docs/sat.md).

The existential epistemic fragment (Penczek and Lomuscio's bounded semantics of ECTLK, for
reachability): a state formula built from propositional formulas by `and`, `or` and the
*possibility* duals of knowledge — `!K(i, !χ)` (i considers χ possible), `!GK(g, !χ)`,
`!DK(g, !χ)`. A counterexample to `AG (p -> K(Sender, q))` is a run to a p state s and a
second run, from an initial state, to a state s' that Sender cannot tell apart from s where
q fails: `!(p -> K(Sender, q))` is in the fragment. In the k-th bounded model every run has
at most k steps; each possibility operator gets its own run (an unrolling whose steps may be
idle, so that its last frame is any state reachable within k steps), on the same solver.
What is found in a bounded model holds in the model (the witnesses are real runs), so
counterexamples and witnesses are sound; the bounded semantics proves nothing universal,
so a TRUE `AG φ` (a FALSE `EF ψ`) stays unknown. Models with fairness are not supported
(knowledge ranges over fair states).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import UnsupportedFormula
from ..logic import formula as f
from ..model import Model, Variable
from ..runtime.limits import checkpoint
from ..semantics.transitions import StateView
from ..witness.trace import Link, Step, Trace
from .encode import Unrolling
from .replay import check_run, truth

KNOWLEDGE = (f.K, f.GK, f.DK)


@dataclass(eq=False)
class Possible:
    """`!knows` for the knowledge formula `knows` (K, GK or DK): some state the agents cannot tell apart,
    reachable, satisfies `operand` (the negated operand of `knows`, in this fragment)."""

    knows: f.K | f.GK | f.DK
    operand: Node


@dataclass(eq=False)
class Junction:
    """`and` (`conjunction`) or `or` of parts."""

    conjunction: bool
    parts: list[Node] = field(default_factory=list)


Node = f.Formula | Possible | Junction
"""A formula of the fragment: a propositional f.Formula, a `Possible`, a `Junction`."""


def existential_form(formula: f.Formula, positive: bool = True) -> Node | None:
    """The formula (negated when not `positive`) in the fragment, negations pushed to the atoms; None when a
    knowledge operator occurs with the wrong polarity (a universal one) or another operator occurs."""
    if f.is_propositional(formula):
        return formula if positive else f.Not(formula)
    match formula:
        case f.Not(operand=operand):
            return existential_form(operand, not positive)
        case f.And(left=left, right=right) | f.Or(left=left, right=right):
            return _junction(isinstance(formula, f.And) == positive, existential_form(left, positive),
                             existential_form(right, positive))
        case f.Implies(left=left, right=right):
            return _junction(not positive, existential_form(left, not positive), existential_form(right, positive))
        case f.K() | f.GK() | f.DK() if not positive:
            inner = existential_form(formula.operand, False)
            return None if inner is None else Possible(formula, inner)
    return None


def _junction(conjunction: bool, left: Node | None, right: Node | None) -> Node | None:
    if left is None or right is None:
        return None
    return Junction(conjunction, [left, right])


def has_knowledge(node: Node) -> bool:
    return isinstance(node, Possible) or isinstance(node, Junction) and any(has_knowledge(p) for p in node.parts)


def knowledge_shape(formula: f.Formula, model: Model) -> tuple[str, Node] | None:
    """("AG", ¬φ) or ("EF", ψ) in the fragment, with at least one knowledge operator, else None."""
    match formula:
        case f.A(path=f.G(operand=operand), infinite=False):
            goal = existential_form(operand, False)
            kind = "AG"
        case f.E(path=f.F(operand=operand), infinite=False):
            goal = existential_form(operand, True)
            kind = "EF"
        case _:
            return None
    if goal is None or not has_knowledge(goal):
        return None
    if model.fairness or model.compassion:
        raise UnsupportedFormula("not supported by the SAT engine: knowledge on a model with Fairness or "
                                 "Compassion (it ranges over fair states; docs/sat.md)")
    return kind, goal


def observers(model: Model, knows: f.K | f.GK | f.DK) -> list[tuple[tuple[str, ...], tuple[Variable, ...]]]:
    """The ways two states are alike for `knows`: (agents, the variables they must agree on) — one per
    member for K and GK (some member cannot tell them apart), one for DK (all members together)."""
    if isinstance(knows, f.K):
        members: tuple[str, ...] = (knows.agent,)
    else:
        members = tuple(model.groups[knows.group])
    if isinstance(knows, f.DK):
        variables = {variable: None for member in members for variable in model.agent(member).local_variables}
        return [(members, tuple(variables))]
    return [((member,), model.agent(member).local_variables) for member in members]


class EpistemicSearch:
    """The goal at the last frame of a run of at most k steps (the `main` unrolling, whose steps may be idle,
    from an initial state or from `initial`), for k = 0, 1, …; each possibility operator's run shares its
    solver."""

    def __init__(self, model: Model, goal: Node, initial=None) -> None:
        self.model = model
        self.goal = goal
        self.main = Unrolling(model)
        self.circuit = self.main.circuit
        self.runs: dict[int, Unrolling] = {}
        self.main.add_frame()
        start = self.main.condition(model.initial_condition, 0) if initial is None \
            else self.main.state_equals(0, initial)
        self.circuit.clause([start])

    def search(self, bound: int) -> tuple[bool | None, str, int]:
        """(found, route, k): the shortest k ≤ `bound` with a run of at most k steps to a state where the goal
        holds in the k-th bounded model; found None when there is none up to `bound` (which proves nothing),
        False when there is no initial state or every run ends within k-1 steps (the bounded model is then
        the model)."""
        if not self.circuit.solve():
            return False, "sat:bmc k=0 (no initial state)", 0
        every_run = Unrolling(self.model)
        try:
            every_run.add_frame()
            every_run.circuit.clause([every_run.condition(self.model.initial_condition, 0)])
            for k in range(bound + 1):
                checkpoint()
                if k > 0:
                    self.main.add_idle_or_step()
                    every_run.add_step()
                    if not every_run.circuit.solve():  # the (k-1)-th bounded model is the model
                        return False, f"sat:bmc k={k - 1} (complete: no run has {k} steps)", k - 1
                if self.circuit.solve([self._literal(self.goal, self.main, k, k)]):
                    return True, f"sat:bmc k={k} (knowledge: runs of at most {k} steps)", k
        finally:
            every_run.circuit.delete()
        return None, f"sat:unknown up to {bound} (knowledge: bounded semantics finds counterexamples only)", bound

    def delete(self) -> None:
        self.circuit.delete()

    def _literal(self, node: Node, unrolling: Unrolling, t: int, k: int) -> int:
        circuit = self.circuit
        if isinstance(node, Junction):
            parts = [self._literal(part, unrolling, t, k) for part in node.parts]
            return circuit.and_(parts) if node.conjunction else circuit.or_(parts)
        if isinstance(node, Possible):
            run = self._run(node, k)
            alike = circuit.or_(circuit.and_(circuit.iff(a, b) for variable in variables
                                             for a, b in zip(unrolling.states[t][variable].bits,
                                                             run.states[k][variable].bits))
                                for _, variables in observers(self.model, node.knows))
            return circuit.and_((alike, self._literal(node.operand, run, k, k)))
        return unrolling.proposition(node, t)

    def _run(self, node: Possible, k: int) -> Unrolling:
        """The possibility operator's own run, unrolled to k steps that may be idle, from an initial state."""
        run = self.runs.get(id(node))
        if run is None:
            run = self.runs[id(node)] = Unrolling(self.model, self.circuit)
            run.add_frame()
            self.circuit.clause([run.condition(self.model.initial_condition, 0)])
        while run.depth < k:
            run.add_idle_or_step()
        return run

    def explain(self, k: int, formula_text: str, formula: f.Formula, kind: str) -> Trace:
        """The main run (frames 0..k of the last solution) with, at its last step, a link per possibility
        operator that holds there to a knowledge counterexample: a run to a state its agents cannot tell
        apart. Validated explicitly on the way: legal runs from initial states, alike local states, the
        propositional parts true; raises `WitnessError` otherwise."""
        view = StateView(self.model)
        states, actions = self.main.decode_run(k + 1)
        steps = [Step(state, actions[index] if index < len(actions) else None) for index, state in enumerate(states)]
        trace = Trace(formula_text=formula_text, kind=kind, steps=steps, formula=formula)  # type: ignore[arg-type]
        check_run(view, trace)
        if not self._justify(view, self.goal, trace, k):
            from ..witness.extract import WitnessError

            raise WitnessError(f"SAT trace for {formula_text}: the last state does not satisfy the goal")
        return trace

    def _justify(self, view: StateView, node: Node, parent: Trace, k: int) -> bool:
        """Whether `node` holds at the last state of `parent` by the solution; links its knowledge counterexamples."""
        state = parent.steps[-1].state
        if isinstance(node, Junction):
            values = [self._justify(view, part, parent, k) for part in node.parts]
            return all(values) if node.conjunction else any(values)
        if isinstance(node, Possible):
            run_states, run_actions = self.runs[id(node)].decode_run(k + 1)
            target = run_states[-1]
            agents = next((agents for agents, variables in observers(self.model, node.knows)
                           if view.project(variables, state) == view.project(variables, target)), None)
            if agents is None:
                return False
            run = Trace(formula_text=f"a run to a state {', '.join(agents)} cannot tell apart", kind="path",
                        steps=[Step(s, run_actions[i] if i < len(run_actions) else None)
                               for i, s in enumerate(run_states)])
            check_run(view, run)
            if not self._justify(view, node.operand, run, k):
                return False
            claim = Trace(formula_text=f.to_text(node.knows), kind="counterexample", steps=[Step(state, None)],
                          formula=node.knows)
            claim.children.append(Link(0, "indistinguishable", run, agents))
            parent.children.append(Link(len(parent.steps) - 1, "justifies", claim))
            return True
        return truth(self.model, node, state)
