"""Existential CTLK by bounded model checking: witnesses of existential formulas and counterexamples to
universal ones, with knowledge (docs/sat.md).

The fragment is ECTLK, with the bounded semantics of Penczek and Lomuscio ("Verifying epistemic
properties of multi-agent systems via bounded model checking", Fundamenta Informaticae 55, 2003):
state formulas built from propositional formulas by `and`, `or`, the CTL operators `EX`, `E U`, `EG`
(`EF`, `E R`, `E W` through them) and the *possibility* duals of knowledge — `!K(i, !χ)` (i considers
χ possible), `!GK(g, !χ)`, `!DK(g, !χ)` — once negations are pushed to the atoms. `AG (p -> AF q)` is
refuted by a witness of `EF (p and EG !q)`; `AG (p -> K(Sender, q))` by a run to a p state and a
second run, from an initial state, to a state Sender cannot tell apart from it where q fails.

In the k-th bounded model every operator gets its own run on the one solver:

* `E(φ U ψ)`: from the state where it is asked, a run of k steps that may be idle (its last frame is
  any state reachable within k steps), ψ at the last frame, φ at every frame before the run arrives;
* `EX φ`: one step;
* `EG φ`: k steps whose last state is one of the earlier ones — a lasso, an infinite path — with φ
  at every state;
* a possibility: a run from an initial state (idle steps allowed) whose last frame the agents cannot
  tell apart from the state where it is asked; for common knowledge (`!GCK(g, !χ)`) a chain of ⌈√k⌉
  such runs (at least one), each alike for some member to the one before (a hop may stay where it is).

An operator asked at several frames of its parent's run (φ of an until, the operand of `EG`) gets a
run per frame; one asked at the last frame only (ψ of an until, the operand of a possibility) gets
one run, reused as k grows. Runs that must make real steps (`EX`, `EG`) are switched on only where
their literal is used, so a model without such a path leaves the rest satisfiable. What is found in a
bounded model holds in the model (every run is real), so witnesses and counterexamples are sound; the
bounded semantics proves nothing universal — except when every run of the model ends within k − 1
steps, where the bounded model is the model (not with common knowledge: its chains may need more
hops than k). Models with fairness are not supported (paths and knowledge then range over fair states).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal

from ..errors import UnsupportedFormula
from ..logic import formula as f
from ..logic.normalise import existential_path
from ..model import Model, Variable
from ..runtime.limits import checkpoint
from ..semantics.transitions import StateView
from ..witness.trace import Link, Step, Trace
from .cnf import FALSE, TRUE
from .encode import Unrolling
from .replay import check_run, truth


@dataclass(eq=False)
class Possible:
    """`!knows` for the knowledge formula `knows` (K, GK, DK or GCK): some reachable state the agents cannot
    tell apart (for GCK: at the end of a chain of such states) satisfies `operand` (`knows`'s negated operand)."""

    knows: f.K | f.GK | f.DK | f.GCK
    operand: Node

    def hops(self, k: int) -> int:
        """The runs of its chain in the k-th bounded model: one, or ⌈√k⌉ (at least one) for common knowledge.

        Any number is sound (every chain is real). Penczek and Lomuscio allow k; with k runs of k
        steps each, a query without witness grows fast (`AG (even -> GCK(cryptos, …))` on the
        dining cryptographers with 10 payers: 17 s to bound 10, 89 s to 15), with ⌈√k⌉ runs
        7 s and 55 s. A chain of h hops is found from k = (h − 1)² + 1 on."""
        return max(1, math.isqrt(max(k - 1, 0)) + 1) if isinstance(self.knows, f.GCK) else 1


@dataclass(eq=False)
class Junction:
    """`and` (`conjunction`) or `or` of parts."""

    conjunction: bool
    parts: list[Node] = field(default_factory=list)


@dataclass(eq=False)
class Temporal:
    """`EX operand` (kind "X"), `E(hold U operand)` ("U"; `hold` None for `EF`) or `EG operand` ("G"),
    explaining `source` with truth value `value` (`AF q` false is `EG !q`)."""

    kind: Literal["X", "U", "G"]
    operand: Node
    source: f.Formula
    value: bool
    hold: Node | None = None


Node = f.Formula | Possible | Junction | Temporal
"""A formula of the fragment: a propositional f.Formula, a `Possible`, a `Junction`, a `Temporal`."""


def existential_form(formula: f.Formula, positive: bool = True) -> Node | None:
    """The formula (negated when not `positive`) in the fragment, negations pushed to the atoms; None when a
    universal operator remains (K in a positive place, `AG` in a positive one, …) or another operator occurs."""
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
        case f.Iff(left=left, right=right):  # (l ∧ ±r) ∨ (¬l ∧ ∓r)
            return _junction(False, _junction(True, existential_form(left, True), existential_form(right, positive)),
                             _junction(True, existential_form(left, False), existential_form(right, not positive)))
        case f.K() | f.GK() | f.DK() | f.GCK() if not positive:
            inner = existential_form(formula.operand, False)
            return None if inner is None else Possible(formula, inner)
        case f.E() | f.A():
            return _path_form(formula, positive)
    return None


def _path_form(formula: f.E | f.A, value: bool) -> Node | None:
    """`E ψ` true or `A ψ` false, ψ of CTL shape (the reading with deadlocks), as `Temporal` nodes."""
    shape = existential_path(formula, value)
    if shape is None or not shape[1]:
        return None
    path = shape[0]

    def temporal(kind: Literal["X", "U", "G"], operand: f.Formula, hold: f.Formula | None = None) -> Node | None:
        node = existential_form(operand)
        held = None if hold is None else existential_form(hold)
        if node is None or hold is not None and held is None:
            return None
        return Temporal(kind, node, formula, value, held)

    match path:
        case f.X(operand=operand):
            return temporal("X", operand)
        case f.F(operand=operand):
            return temporal("U", operand)
        case f.G(operand=operand):
            return temporal("G", operand)
        case f.U(left=left, right=right):
            return temporal("U", right, left)
        case f.W(left=left, right=right):  # E(φ U ψ) ∨ EG φ
            return _junction(False, temporal("U", right, left), temporal("G", left))
        case f.R(left=left, right=right):  # E(ψ U (φ ∧ ψ)) ∨ EG ψ
            return _junction(False, temporal("U", f.And(left, right), right), temporal("G", right))
    return None


def _junction(conjunction: bool, left: Node | None, right: Node | None) -> Node | None:
    if left is None or right is None:
        return None
    return Junction(conjunction, [left, right])


def has_knowledge(node: Node, common: bool = False) -> bool:
    """Whether a possibility occurs in `node` (only common knowledge's, with `common`)."""
    match node:
        case Possible(knows=knows, operand=operand):
            return not common or isinstance(knows, f.GCK) or has_knowledge(operand, common)
        case Junction(parts=parts):
            return any(has_knowledge(part, common) for part in parts)
        case Temporal(operand=operand, hold=hold):
            return has_knowledge(operand, common) or hold is not None and has_knowledge(hold, common)
    return False


def existential_shape(formula: f.Formula) -> tuple[str, Node] | None:
    """("exists", the formula's node) when the formula is in the fragment, ("forall", its negation's node)
    when its negation is, else None (and None for propositional formulas)."""
    if f.is_propositional(formula):
        return None
    for kind, positive in (("exists", True), ("forall", False)):
        node = existential_form(formula, positive)
        if node is not None:
            return kind, node
    return None


def require_no_fairness(model: Model) -> None:
    """The bounded semantics here ranges over all paths and reachable states: raise on a fair model."""
    if model.fairness or model.compassion:
        raise UnsupportedFormula("not supported by the SAT engine: nested CTL or knowledge on a model with "
                                 "Fairness or Compassion (paths and knowledge range over fair states; docs/sat.md)")


def observers(model: Model, knows: f.K | f.GK | f.DK | f.GCK) -> list[tuple[tuple[str, ...], tuple[Variable, ...]]]:
    """The ways two states are alike for `knows`: (agents, the variables they must agree on) — one per
    member for K, GK and GCK (some member cannot tell them apart), one for DK (all members together)."""
    if isinstance(knows, f.K):
        members: tuple[str, ...] = (knows.agent,)
    else:
        members = tuple(model.groups[knows.group])
    if isinstance(knows, f.DK):
        variables = {variable: None for member in members for variable in model.agent(member).local_variables}
        return [(members, tuple(variables))]
    return [((member,), model.agent(member).local_variables) for member in members]


@dataclass
class _Run:
    """An operator's run: its unrolling, whether its steps may be idle, and the literal that switches on
    its real steps (TRUE for runs that need none)."""

    unrolling: Unrolling
    idle_steps: bool
    active: int = TRUE


class RunLengths:
    """Whether some run from an initial state has k steps, for k = 1, 2, … in turn: one incremental unrolling,
    shared by the searches from every initial state (it does not depend on theirs). A context manager."""

    def __init__(self, model: Model) -> None:
        self.unrolling = Unrolling(model)
        self.unrolling.add_frame()
        self.unrolling.circuit.clause([self.unrolling.condition(model.initial_condition, 0)])
        self._answers: dict[int, bool] = {}

    def some_run_has(self, k: int) -> bool:
        if k not in self._answers:
            while self.unrolling.depth < k:
                self.unrolling.add_step()
            self._answers[k] = self.unrolling.circuit.solve()
        return self._answers[k]

    def __enter__(self) -> RunLengths:
        return self

    def __exit__(self, *_exception: object) -> None:
        self.unrolling.circuit.delete()


class ExistentialSearch:
    """The formula's node at the first frame of `main` (an initial state, or `initial`), in the k-th bounded
    model for k = 0, 1, …; every operator's run shares `main`'s solver. `lengths` says when the bounded
    model is the whole model."""

    def __init__(self, model: Model, goal: Node, lengths: RunLengths, initial=None) -> None:
        self.model = model
        self.goal = goal
        self.lengths = lengths
        self.main = Unrolling(model)
        self.circuit = self.main.circuit
        self.runs: dict[tuple[int, int, int | str, int], _Run] = {}
        self.chains = has_knowledge(goal, common=True)
        self.main.add_frame()
        start = self.main.condition(model.initial_condition, 0) if initial is None \
            else self.main.state_equals(0, initial)
        self.circuit.clause([start])

    def search(self, bound: int) -> tuple[bool | None, str, int]:
        """(found, route, k): the least k ≤ `bound` where the goal holds in the k-th bounded model; found None
        when it holds in none up to `bound` (which proves nothing), False when there is no initial state or
        every run ends within k-1 steps (the bounded model is then the model)."""
        if not self.circuit.solve():
            return False, "sat:bmc k=0 (no initial state)", 0
        for k in range(bound + 1):
            checkpoint()
            if k > 0 and not self.chains and not self.lengths.some_run_has(k):  # the (k-1)-th bounded model is all
                return False, f"sat:bmc k={k - 1} (complete: no run has {k} steps)", k - 1
            if self.circuit.solve([self._literal(self.goal, self.main, 0, k)]):
                return True, f"sat:bmc k={k} (bounded semantics: runs of at most {k} steps)", k
        return None, f"sat:unknown up to {bound} (bounded semantics: it finds witnesses only)", bound

    def delete(self) -> None:
        self.circuit.delete()

    # ------------------------------------------------------------ the encoding

    def _literal(self, node: Node, unrolling: Unrolling, t: int, k: int) -> int:
        """`node` holds at frame t of `unrolling` in the k-th bounded model."""
        circuit = self.circuit
        match node:
            case Junction(conjunction=conjunction, parts=parts):
                literals = [self._literal(part, unrolling, t, k) for part in parts]
                return circuit.and_(literals) if conjunction else circuit.or_(literals)
            case Possible(knows=knows, operand=operand):
                parts, before, at = [], unrolling, t
                for hop in range(node.hops(k)):
                    run = self._run(node, unrolling, t, k, hop).unrolling
                    parts.append(self._alike(knows, before, at, run, k))
                    before, at = run, k
                return circuit.and_(parts + [self._literal(operand, before, k, k)])
            case Temporal(kind="X" | "G") if k == 0:  # a step, or a loop of steps, is no run of 0 steps
                return FALSE
            case Temporal(kind="X", operand=operand):
                run = self._run(node, unrolling, t, k)
                return circuit.and_((run.active, run.unrolling.equal_to(0, unrolling, t),
                                     self._literal(operand, run.unrolling, 1, k)))
            case Temporal(kind="U", operand=operand, hold=hold):
                steps = self._run(node, unrolling, t, k).unrolling
                parts = [steps.equal_to(0, unrolling, t), self._literal(operand, steps, k, k)]
                if hold is not None:
                    arrived = _arrived(steps, k)
                    parts += [circuit.or_((self._literal(hold, steps, i, k), arrived[i])) for i in range(k)]
                return circuit.and_(parts)
            case Temporal(kind="G", operand=operand):
                run = self._run(node, unrolling, t, k)
                lasso = run.unrolling
                closes = circuit.or_(lasso.equal(k, j) for j in range(k))
                return circuit.and_([run.active, lasso.equal_to(0, unrolling, t), closes]
                                    + [self._literal(operand, lasso, i, k) for i in range(k)])
        return unrolling.proposition(node, t)

    def _run(self, node: Possible | Temporal, anchor: Unrolling, t: int, k: int, hop: int = 0) -> _Run:
        """`node`'s run (its `hop`-th, in a chain) for frame t of `anchor`, extended to the depth the k-th
        bounded model needs: a run per anchor frame, except that the anchor's last frame (t = k) has one run
        for every k."""
        key = self._key(node, anchor, t, k, hop)
        run = self.runs.get(key)
        if run is None:
            run = self.runs[key] = self._new_run(node)
        depth = 1 if isinstance(node, Temporal) and node.kind == "X" else k
        while run.unrolling.depth < depth:
            if run.idle_steps:
                run.unrolling.add_idle_or_step()
            else:
                with self.circuit.unless(-run.active):
                    run.unrolling.add_step()
        return run

    @staticmethod
    def _key(node: Possible | Temporal, anchor: Unrolling, t: int, k: int, hop: int = 0) -> tuple:
        return id(node), id(anchor), "last" if t == k else t, hop

    def _encoded_run(self, node: Possible | Temporal, anchor: Unrolling, t: int, k: int, hop: int = 0) -> _Run | None:
        """The run the encoding made for these arguments, or None when it made none (an `EX` at k = 0): the
        explanation only decodes, since a new clause would discard the solution."""
        return self.runs.get(self._key(node, anchor, t, k, hop))

    def _new_run(self, node: Possible | Temporal) -> _Run:
        unrolling = Unrolling(self.model, self.circuit)
        unrolling.add_frame()
        if isinstance(node, Possible):
            self.circuit.clause([unrolling.condition(self.model.initial_condition, 0)])
            return _Run(unrolling, idle_steps=True)
        if node.kind == "U":
            return _Run(unrolling, idle_steps=True)
        return _Run(unrolling, idle_steps=False, active=self.circuit.fresh())

    def _alike(self, knows: f.K | f.GK | f.DK | f.GCK, unrolling: Unrolling, t: int, run: Unrolling, k: int) -> int:
        circuit = self.circuit
        return circuit.or_(circuit.and_(circuit.iff(a, b) for variable in variables
                                        for a, b in zip(unrolling.states[t][variable].bits,
                                                        run.states[k][variable].bits))
                           for _, variables in observers(self.model, knows))

    # ------------------------------------------------------------ the explanation

    def explain(self, k: int, formula_text: str, formula: f.Formula, kind: str) -> Trace:
        """The solution as a trace of `formula` (a witness, or a counterexample: `kind`): the top operator's
        run, or a one-state trace at the initial state when the formula is a Boolean combination, with a
        link per nested operator to its own run (knowledge: a run to a state the agents cannot tell apart).
        Validated explicitly on the way (legal runs, alike local states, propositional parts true); raises
        `WitnessError` otherwise."""
        from ..witness.extract import WitnessError

        view = StateView(self.model)
        start = self.main.decode(1)[0][0]
        links = self._justify(view, self.goal, self.main, 0, k, start, 0)
        if links is None:
            raise WitnessError(f"SAT trace for {formula_text}: the solution does not satisfy the formula")
        if len(links) == 1 and links[0].trace.formula is formula:  # the formula's own operator: its run
            trace = links[0].trace
            trace.formula_text = formula_text
        else:
            trace = Trace(formula_text=formula_text, kind=kind, steps=[Step(start, None)],  # type: ignore[arg-type]
                          formula=formula, children=links)
        check_run(view, trace)
        return trace

    def _justify(self, view: StateView, node: Node, unrolling: Unrolling, t: int, k: int,
                 state: tuple, step: int) -> list[Link] | None:
        """The links that explain `node` at frame t of `unrolling` (the explicit `state`, step `step` of the
        trace being built) by the solution, or None when the solution does not make it hold there."""
        match node:
            case Junction(conjunction=True, parts=parts):
                found: list[Link] = []
                for part in parts:
                    links = self._justify(view, part, unrolling, t, k, state, step)
                    if links is None:
                        return None
                    found += links
                return found
            case Junction(parts=parts):
                return next((links for part in parts
                             if (links := self._justify(view, part, unrolling, t, k, state, step)) is not None), None)
            case Possible():
                return self._justify_possible(view, node, unrolling, t, k, state, step)
            case Temporal():
                return self._justify_temporal(view, node, unrolling, t, k, state, step)
        return [] if truth(self.model, node, state) else None

    def _justify_possible(self, view: StateView, node: Possible, unrolling: Unrolling, t: int, k: int,
                          state: tuple, step: int) -> list[Link] | None:
        """A counterexample of `node.knows` at `state`: a chain of runs, each from an initial state to a state
        some observer cannot tell apart from the previous one, the last where the operand holds."""
        claim = Trace(formula_text=f.to_text(node.knows), kind="counterexample", steps=[Step(state, None)],
                      formula=node.knows)
        parent, before = claim, state
        for hop in range(node.hops(k)):
            encoded = self._encoded_run(node, unrolling, t, k, hop)
            if encoded is None:
                return None
            run = encoded.unrolling
            run_states, run_actions = run.decode_run(k + 1)
            target = run_states[-1]
            agents = next((agents for agents, variables in observers(self.model, node.knows)
                           if view.project(variables, before) == view.project(variables, target)), None)
            if agents is None:
                return None
            witness = Trace(formula_text=f"a run to a state {', '.join(agents)} cannot tell apart", kind="path",
                            steps=[Step(s, run_actions[i] if i < len(run_actions) else None)
                                   for i, s in enumerate(run_states)])
            check_run(view, witness)
            parent.children.append(Link(len(parent.steps) - 1, "indistinguishable", witness, agents))
            parent, before = witness, target
        inner = self._justify(view, node.operand, run, k, k, before, len(parent.steps) - 1)
        if inner is None:
            return None
        parent.children += inner
        return [Link(step, "justifies", claim)]

    def _justify_temporal(self, view: StateView, node: Temporal, unrolling: Unrolling, t: int, k: int,
                          state: tuple, step: int) -> list[Link] | None:
        run = self._encoded_run(node, unrolling, t, k)
        true = self.circuit.true_literals()
        if run is None or run.active != TRUE and run.active not in true:
            return None
        path = run.unrolling
        frames = _frames(path, node, k, true)
        states = {frame: path.state_at(frame, true) for frame in frames}
        if states[0] != state:
            return None
        loop_start = None
        if node.kind == "G":
            back = path.state_at(k, true)
            loop_start = next((j for j in frames if states[j] == back), None)
            if loop_start is None:
                return None
            steps = [Step(states[frame], path.action_at(frame, true)) for frame in frames]
        else:  # the step into the next position is the real step into its frame (idle steps carry no action)
            steps = [Step(states[frame], path.action_at(after - 1, true) if after is not None else None)
                     for frame, after in zip(frames, frames[1:] + [None])]
        trace = Trace(formula_text=f.to_text(node.source), kind="witness" if node.value else "counterexample",
                      steps=steps, loop_start=loop_start, formula=node.source)
        check_run(view, trace, initial=False)
        operand_frames = {"X": [1], "U": [k], "G": list(range(k))}[node.kind]
        for frame in operand_frames:
            index = frames.index(frame) if frame in frames else len(frames) - 1
            links = self._justify(view, node.operand, path, frame, k, path.state_at(frame, true), index)
            if links is None:
                return None
            trace.children += links
        if node.kind == "U" and node.hold is not None:
            for index, frame in enumerate(frames[:-1]):
                links = self._justify(view, node.hold, path, frame, k, states[frame], index)
                if links is None:
                    return None
                trace.children += links
        return [Link(step, "justifies", trace)]


def _arrived(steps: Unrolling, k: int) -> list[int]:
    """Per frame i ≤ k, a literal: every step from frame i to frame k is idle (the run has arrived by frame i)
    — a chain from the end, one gate per frame."""
    arrived = [TRUE] * (k + 1)
    for i in range(k - 1, -1, -1):
        arrived[i] = steps.circuit.and_((steps.idle[i], arrived[i + 1]))
    return arrived


def _frames(path: Unrolling, node: Temporal, k: int, true: set[int]) -> list[int]:
    """The frames that are positions of the operator's path: every frame of an `EX` (0, 1) or `EG` run
    (0..k-1; frame k repeats one of them), and for an until the first frame and each one reached by a
    real step."""
    if node.kind == "X":
        return [0, 1]
    if node.kind == "G":
        return list(range(k))
    return [0] + [t + 1 for t in range(k) if path.idle[t] not in true]
