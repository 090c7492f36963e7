"""Fair lassos in the tableau product, for witnesses of general (CTL*) path formulas.

A TRUE `E ψ` routed to the tableau (and a FALSE `A ψ`, as a witness of
`E ¬ψ`) is explained by a fair lasso of the product of the model with the
tableau of ψ (`mc.tableau.TableauProduct`): a product state is a model
state plus a valuation of the tableau variables. From a product state in
sat(ψ) ∧ fairEG, the cycle construction of Clarke, Grumberg, McMillan and
Zhao visits every product fairness set (one per until, then the model's
`Fairness` sets) inside fairEG and closes the loop, restarting from a later
state (in a lower strongly connected component) when it cannot close. With
`Compassion` pairs the lasso first follows the branch of `ctl.eg_fair`'s
recursion that holds (`_compassion_prefix`) and loops inside that branch. The
lasso is then projected onto model states: every product step is a model
step, so the projection is a path of the model, and by the tableau's
construction it satisfies ψ. Segments are shortest paths found by
backward onion rings over the product pre-image, walked forward one
concrete product state at a time. When ψ has action atoms, a product state
also carries the joint action taken from it, and the lasso keeps those
actions: they are part of what makes ψ hold.
"""

from __future__ import annotations

from ..mc import ctl
from ..mc.tableau import TableauProduct
from ..model import Value
from ..symbolic import bdd as backend
from ..symbolic.bdd import Function
from ..symbolic.system import SymbolicSystem
State = tuple[Value, ...]
ProductState = tuple[State, tuple[bool, ...]]


class _Transitions:
    """A tableau product shaped like a system for `mc.ctl` (manager, reachable model states, product pre-image)."""

    def __init__(self, product: TableauProduct):
        self.bdd = product.system.bdd
        self.reachable = product.system.reachable
        self.preimage = product.preimage


class ProductLassoError(Exception):
    """No lasso in the product where one must exist (the caller turns it into a `WitnessError`)."""


class ProductLasso:
    """Builds fair lassos in one tableau product and projects them onto model states."""

    def __init__(self, system: SymbolicSystem, product: TableauProduct):
        self.system = system
        self.bdd = system.bdd
        self.product = product
        self.variables = product.variables
        self._bits = list(system.encoding.static_current_bits) + self.variables  # canonical pick order

    def lasso(self, sources: Function) -> tuple[list[State], int, list[tuple[str, ...]] | None]:
        """Model states, loop start and (for formulas with action atoms) the joint actions of a fair lasso from one of `sources`.

        The actions are None when the product carries none (any joint action between the states will do).
        """
        start = sources & self.product.satisfied & self.product.fair
        if start == self.bdd.false:
            raise ProductLassoError("no source state starts a fair path of the tableau product that satisfies the formula")
        path, zone, constraints = self._compassion_prefix(self.pick(start))
        cycle_start = len(path) - 1
        while True:
            for constraint in constraints:
                if any(self.bdd_of(p) & constraint != self.bdd.false for p in path[cycle_start:]):
                    continue
                path += self._segment(path[-1], zone, zone & constraint)[1:]
            closing = self.shortest(path[-1], zone, self.bdd_of(path[cycle_start]))
            if closing is not None:
                path += closing[1:-1]
                return [state for state, _ in path], cycle_start, self._actions(path)
            path += self._segment(path[-1], zone, zone)[1:]
            cycle_start = len(path) - 1

    def _compassion_prefix(self, start: ProductState) -> tuple[list[ProductState], Function, list[Function]]:
        """A product path from `start` into a zone where the loop can be built, that zone and the sets its loop visits.

        Without compassion: `[start]`, the product's fair states and its fairness sets. With
        compassion pairs, the branch of `ctl.eg_fair`'s recursion that holds at each state
        (`ctl.compassion_branch`): move into `EG_fair(hold ∧ ¬p)` and drop pair (p, q), until the
        state lies in Emerson–Lei's answer for the fairness sets and the q of every pair left;
        the loop stays inside that hold, so it misses every dropped p and meets every q left.
        """
        product = self.product
        if not product.compassion:
            return [start], product.fair, list(product.fairness)
        transitions = _Transitions(product)
        hold, pairs, path = self.system.reachable, list(product.compassion), [start]
        while True:
            branch = ctl.compassion_branch(transitions, hold, product.fairness, pairs, self.bdd_of(path[-1]))
            if branch is None:
                break
            index, target = branch
            p, _ = pairs.pop(index)
            if self.bdd_of(path[-1]) & target == self.bdd.false:
                path += self._segment(path[-1], hold, target)[1:]
            hold &= ~p
        constraints = list(product.fairness) + [q for _, q in ctl.relevant_pairs(transitions, hold, pairs)]
        return path, ctl.emerson_lei(transitions, hold, constraints), constraints

    def _actions(self, path: list[ProductState]) -> list[tuple[str, ...]] | None:
        """The joint action each product state of `path` takes, when the product carries actions."""
        if not self.product.action_bits:
            return None
        positions = {name: index for index, name in enumerate(self.variables)}
        return [self.system.encoding.decode_joint_action(
                    {bit: valuation[positions[bit]] for bit in self.product.action_bits})
                for _, valuation in path]

    def _segment(self, source: ProductState, hold: Function, goal: Function) -> list[ProductState]:
        found = self.shortest(source, hold, goal)
        if found is None:
            raise ProductLassoError("a state of the product's fair states cannot reach a fairness set inside them")
        return found

    def shortest(self, source: ProductState, hold: Function, goal: Function) -> list[ProductState] | None:
        """A shortest product path of ≥ 1 step from `source` to `goal` with every state but the last in `hold`.

        Backward rings over the product pre-image (`ring[j]`: distance j to the goal), walked forward.
        """
        start = self.bdd_of(source)
        rings = [goal]
        seen = self.bdd.false
        while True:
            ring = self.product.preimage(rings[-1], within=hold) & ~seen
            if ring == self.bdd.false:
                return None
            rings.append(ring)
            seen |= ring
            if start & ring != self.bdd.false:
                break
        path = [source]
        for ring in reversed(rings[:-1]):
            state, valuation = path[-1]
            following = self.product.successors(self.system.state_bdd(state), dict(zip(self.variables, valuation)))
            path.append(self.pick(following & ring))
        return path

    def pick(self, states: Function) -> ProductState:
        """One concrete product state of a non-empty set."""
        assignment = backend.first_model(self.bdd, states, self._bits)
        if assignment is None:
            raise ProductLassoError("picked a product state from an empty set")
        state = self.system.encoding.decode_state(assignment)
        return state, tuple(assignment[name] for name in self.variables)

    def bdd_of(self, state: ProductState) -> Function:
        model_state, valuation = state
        cube = backend.cube(self.bdd, dict(zip(self.variables, valuation)))
        return self.system.state_bdd(model_state) & cube
