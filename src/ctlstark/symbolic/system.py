"""The symbolic system: initial and reachable states, partitioned relation, images.

`build_system(model)` encodes the typed model (`symbolic.encode`), clusters the
per-agent transition parts (IWLS'95 style, up to `CLUSTER_NODE_LIMIT` nodes per
cluster), derives early-quantification schedules, and computes the reachable
states by frontier iteration. When a product blows up, two other forms of the
relation are tried once each, and kept when they do that product with a third of
the work: the relation as one BDD when it is small (`_monolithic_pays`), and for
images, clusters with the protocols apart from the evolution (`_forward_pays`);
only then does sifting start.

The relation T(s, a, s') is the conjunction of `relation_parts`, BDDs over the
current-state bits, the action bits and the next-state bits:

* `image(S)    = (∃ s, a. S(s) ∧ T(s, a, s'))[s' := s]`
* `preimage(S) = ∃ a, s'. T(s, a, s') ∧ S[s := s']`
* `successors_with_actions(S) = (∃ s. S(s) ∧ T(s, a, s'))[s' := s]`, a BDD over
  action bits and current bits: the (joint action, successor) pairs, which is
  what a witness generator needs to label each step with its joint action.

Dynamic reordering: `reorder=None` starts with CUDD's sifting off and turns it
on only if the manager grows past `REORDER_NODE_THRESHOLD` nodes or a relational
product blows up (far more work than its operand and result are big);
True and False force it on or off. Both triggers count nodes, never seconds, so
the same command makes the same decisions on a loaded machine and an idle one,
fast or slow.

A system holds CUDD nodes; `release()` drops them (and those of the checkers
registered with it) so the manager shuts down cleanly. Systems still alive at
interpreter exit are released by an `atexit` hook, so normal runs never print
CUDD's "Still N nodes referenced upon shutdown".
"""

from __future__ import annotations

import atexit
import time
import weakref
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence

from ..model import Expr, Model, Value, Variable
from . import bdd as backend
from .bdd import Function, Manager
from ..errors import recursion_headroom
from ..runtime.limits import checkpoint
from ..runtime.progress import Progress
from .encode import Encoding, ExpressionEncoder, TransitionEncoder

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Protocol
else:
    Protocol = object  # a structural type for type checkers; at run time a plain base class

CLUSTER_NODE_LIMIT = 5000
MONOLITHIC_NODE_LIMIT = 100_000
"""The largest one-BDD relation `_monolithic_pays` tries (chomp's: 79,525 nodes)."""
MONOLITHIC_PARTS_NODE_LIMIT = MONOLITHIC_NODE_LIMIT // 8
"""…and it is only built from clusters of at most this many nodes together: conjoined, chomp's
7,765 grow tenfold, and finding out that NetBill's 20,106 (4 customers) do not fit took 0.5 s."""
MONOLITHIC_MARGIN = 3
"""How much less work the monolithic relation must do on the product that blew up."""
REORDER_NODE_THRESHOLD = 10_000_000
WATCHED_OPERAND_NODES = 300
WATCH_EVERY = 4
"""Every WATCH_EVERY-th product is watched for a blow-up if its operand has at least
WATCHED_OPERAND_NODES nodes: measuring the intermediates costs about a tenth of a product,
and a badly ordered relation blows up product after product, so a sample finds it."""
BLOW_UP_NODES = 20_000
"""A product blew up when one of its intermediate conjunctions reached this many nodes, and at
least `BLOW_UP_NODES_PER_VARIABLE` per BDD variable…"""
BLOW_UP_NODES_PER_VARIABLE = 150
"""Sifting moves every variable through the whole order, so its cost grows with the number of
variables: a 40,863-node intermediate is a blow-up worth sifting for NetBill with 5 customers
(140 variables: 45,091 nodes, sifting pays) but not for 128 processes sharing a semaphore
(778 variables: sifting took 9.3 of the run's 9.5 s; 0.3 s without)."""
BLOW_UP_RATIO = 10
"""…and this many times the nodes of its operand and result together."""
NODE_COUNT_EVERY = 64
"""The manager's live nodes are read after every this many watched products (and after any
whose intermediates reached `NODE_COUNT_NODES`), for `REORDER_NODE_THRESHOLD`."""
NODE_COUNT_NODES = 1_000_000


Schedule = list[tuple[Function, frozenset[str]]]


class Releasable(Protocol):
    def release(self) -> None: ...


class SymbolicSystem:
    """A model encoded in BDDs; all state sets are BDDs over the current-state bits.

    Public attributes: `model`, `bdd` (the manager), `encoding`, `initial`,
    `reachable`, `relation_parts` (clusters of the transition relation, over
    current, action and next bits), `action_bits` (agent name → its action
    bits), `current_bits`, `next_bits`, `stats`.
    """

    def __init__(self, model: Model, encoding: Encoding, expressions: ExpressionEncoder,
                 parts: Sequence[Function], initial: Function, reorder: bool | None,
                 cluster_size: int = CLUSTER_NODE_LIMIT):
        self.model = model
        self.bdd: Manager = encoding.manager
        self.encoding = encoding
        self.expressions = expressions
        self.current_bits = encoding.current_bits
        self.next_bits = encoding.next_bits
        self.action_bits = {name: layout.bits for name, layout in encoding.actions.items()}
        self.initial = initial
        self.reachable = self.bdd.false
        self._action_twins: dict[str, str] = {}
        self._use_schedules(_Schedules(self.bdd, encoding, _cluster(parts, cluster_size)))
        self._parts, self._cluster_size = list(parts), cluster_size
        """The relation's parts before clustering, kept for `_forward_pays` until it has tried them or
        reachability is done (the images that count are reachability's)."""
        self._monolithic_tried = False
        self._reorder = reorder
        self._watched_products = 0
        self._products = 0
        self._reachable_known = False
        self._enabled_pairs: Function | None = None
        self._one_successor_per_move: bool | None = None
        self.progress: Progress | None = None
        """Told about each reachability step when set (the command line's display)."""
        self._dependents: weakref.WeakSet[Any] = weakref.WeakSet()
        self.stats: dict[str, Any] = {
            "backend": backend.BACKEND,
            "bdd_variables": len(self.current_bits) + len(self.next_bits) + len(encoding.action_bits),
            "state_bits": len(self.current_bits),
            "action_bits": len(encoding.action_bits),
            "relation_clusters": len(self.relation_parts),
            "relation_nodes": sum(backend.dag_size(part) for part in self.relation_parts),
            "initial_nodes": backend.dag_size(initial),
        }
        _live_systems.add(self)

    def _use_schedules(self, schedules: _Schedules) -> None:
        """Make `schedules` (one form of the transition relation) the one every product runs along."""
        self.relation_parts = schedules.clusters
        self._schedules = schedules

    # ------------------------------------------------------------ images

    @backend.guarded
    def image(self, states: Function) -> Function:
        """Successors of `states` (current bits in, current bits out)."""
        result = self._relational_product(states, self._schedule_for(states, self._schedules.image,
                                                                     self._schedules.state_image))
        return backend.rename_disjoint(self.bdd, result, self.encoding.next_to_current)

    @backend.guarded
    def preimage(self, states: Function, within: Function | None = None) -> Function:
        """States with at least one successor in `states`.

        With `within`, only reachable states inside it are computed: the set is
        conjoined into the relational product (`_relational_product`), so
        intermediate BDDs never range over states outside it (MCMAS restricts its
        relation to the reachable states for the same reason; on large game models
        it is a 10x difference).
        """
        target = self._next_state_target(states)
        schedule = self._schedule_for(target, self._schedules.preimage, self._schedules.state_preimage)
        return self._relational_product(target, schedule, within)

    def _schedule_for(self, operand: Function, full: Schedule, prequantified: Schedule) -> Schedule:
        """The schedule with private action bits quantified out beforehand, unless `operand` reads them.

        Images and pre-images also take sets of (state, action) pairs (action
        atoms, witnesses); those need the relation's action bits intact.
        """
        private = self._schedules.private_actions
        if not private or backend.reads_any(self.bdd, operand, private):
            return full
        return prequantified

    def simplified(self, states: Function) -> Function:
        """`states` simplified with the reachable states as care set (identity before reachability).

        Every successor of a reachable state is reachable, so a pre-image of
        reachable states only looks at `states` inside the reachable set; the
        restricted BDD is often much smaller than `states ∧ reachable`.
        """
        if not self._reachable_known:
            return states
        return backend.restrict(states, self.reachable)

    @backend.guarded
    def successors_with_actions(self, states: Function) -> Function:
        """(joint action, successor) pairs from `states`: a BDD over action and current bits."""
        result = self._relational_product(states, self._schedules.successor)
        return backend.rename_disjoint(self.bdd, result, self.encoding.next_to_current)

    @backend.guarded
    def preimage_with_actions(self, states: Function) -> Function:
        """(state, joint action) pairs whose transition leads into `states`: a BDD over current and action bits.

        For path formulas with action atoms (the tableau product keeps the action
        taken at each position); other formulas use `preimage`, which quantifies
        the actions early.
        """
        return self._relational_product(self._next_state_target(states), self._schedules.action_preimage)

    @backend.guarded
    def preimage_with_actions_within(self, states: Function, within: Function) -> Function:
        """`preimage_with_actions(states)` for the reachable states in `within` only (a care set, as
        `preimage`). Never watched for reordering."""
        return _product(self._next_state_target(states), *self._within(self._schedules.action_preimage, within))

    def _within(self, schedule: Schedule, within: Function | None,
                form: _Schedules | None = None) -> tuple[Schedule, Function | None, int | None]:
        """The schedule, care set and care step (`_care_step`) of a product computed only for the
        states in `within` (None for the step without a care set); `schedule` is one of `form`'s
        (default: the form in use).

        Once the reachable states are known, the care set is `within ∧ reachable` and the
        clusters are simplified with the reachable states as care set (Coudert–Madre
        restrict, once per schedule): they are exact wherever the care set holds, and
        smaller (hanoi's first cluster: 2,569 → 314 nodes).
        """
        if within is None:
            return schedule, None, None
        if not self._reachable_known:
            return schedule, within, 0
        restricted, care_step = (form or self._schedules).restricted(schedule, self.reachable)
        return restricted, within & self.reachable, care_step

    def _next_state_target(self, states: Function) -> Function:
        """`states` over the next-state bits, simplified with the reachable states as care set."""
        return backend.rename_disjoint(self.bdd, self.simplified(states), self.encoding.current_to_next)

    @property
    def action_twins(self) -> dict[str, str]:
        """Action bit → a twin bit for the action taken at the NEXT position (declared on first use, last in the order)."""
        if not self._action_twins:
            twins = {bit: f"{bit}'" for bit in self.encoding.action_bits}
            backend.declare_block(self.bdd, list(twins.values()))
            self._action_twins = twins
        return self._action_twins

    def _relational_product(self, states: Function, schedule: Schedule, within: Function | None = None) -> Function:
        """`∃. states ∧ ⋀ parts` along `schedule`; with `within`, for the reachable states in it only."""
        restricted, care, care_step = self._within(schedule, within)
        operand_nodes = self._watched_operand_nodes(states)
        if operand_nodes is None:
            return _product(states, restricted, care, care_step)
        result, (widest, result_nodes) = _measured_product(states, restricted, care, care_step)
        ratio = self._blow_up_ratio(widest, operand_nodes + result_nodes)
        if (ratio is not None and not self._monolithic_pays(states, schedule, within)
                and not self._forward_pays(states, schedule)):
            backend.set_reordering(self.bdd, True)
            self.stats["reordering_enabled_after_product"] = {"intermediate_nodes": widest,
                                                              "times_operand_and_result": round(ratio, 1)}
        self._check_size(widest)
        return result

    # ------------------------------------------------------------ reachability

    def compute_reachable(self) -> Function:
        """Least fixpoint `R = initial ∪ image(R)`, by frontier iteration.

        The image is taken of any set between the frontier and the states
        reached so far (their images are known already): the frontier
        simplified with the states not reached before as care set, when that
        BDD is smaller than the frontier's.
        """
        reached = self.initial
        frontier = self.initial
        before = self.bdd.false
        iterations = 0
        while frontier != self.bdd.false:
            source = _smaller(frontier, backend.restrict(frontier, ~before))
            frontier = self.image(source) & ~reached
            before = reached
            reached |= frontier
            iterations += 1
            checkpoint()
            if self.progress is not None:
                self.progress.reach_step(iterations, backend.dag_size(frontier), backend.dag_size(reached))
        self.reachable = reached
        self._reachable_known = True
        self._parts = []
        self.stats["reach_iterations"] = iterations
        self.stats["reachable_nodes"] = backend.dag_size(reached)
        return reached

    @backend.guarded
    def deadlock_states(self) -> Function:
        """Reachable states without any successor (MCMAS adds no self-loop)."""
        return self.reachable & ~self.preimage(self.bdd.true, within=self.reachable)

    def enabled_pairs(self) -> Function:
        """(reachable state, joint action) pairs with a successor: the enabled moves (computed once; every
        coalition's controllable pre-image starts from them)."""
        if self._enabled_pairs is None:
            self._enabled_pairs = self.preimage_with_actions(self.bdd.true) & self.reachable
        return self._enabled_pairs

    def one_successor_per_move(self) -> bool:
        """Whether every enabled move has exactly one successor (`one_successor_each` of the enabled
        pairs, decided once)."""
        if self._one_successor_per_move is None:
            self._one_successor_per_move = self.one_successor_each(self.enabled_pairs())
        return self._one_successor_per_move

    def one_successor_each(self, pairs: Function) -> bool:
        """Whether every (state, joint action) pair in `pairs` has at most one successor.

        Decided cluster by cluster, without building the relation: two successors of one pair differ
        in some next-state bit b, and the cluster that writes b then allows both values of b for the
        pair. False also when the answer is not decided so (a next-state bit written by two clusters
        or by none).
        """
        next_bits = frozenset(self.next_bits)
        written_before: set[str] = set()
        for cluster in self.relation_parts:
            cluster = backend.restrict(cluster, pairs)  # exact on the pairs, often much smaller
            written = backend.support(self.bdd, cluster) & next_bits
            if written & written_before:
                return False
            written_before |= written
            for bit in written:
                this_bit = backend.exist(self.bdd, written - {bit}, cluster)  # over current, action bits and `bit`
                either_value = self.bdd.let({bit: True}, this_bit) & self.bdd.let({bit: False}, this_bit)
                if either_value & pairs != self.bdd.false:
                    return False
        return written_before == next_bits or pairs == self.bdd.false

    # ------------------------------------------------------------ states

    def count_states(self, states: Function) -> int:
        """Exact number of states (distinct valuations) in `states`."""
        return backend.count_models(self.bdd, states, self.current_bits)

    def states_of(self, states: Function) -> set[tuple[Value, ...]]:
        """Decoded state tuples (in `Model.variables` order); for tests and traces only."""
        return {self.encoding.decode_state(assignment)
                for assignment in backend.iter_models(self.bdd, states, self.current_bits)}

    def first_state(self, states: Function) -> tuple[Value, ...] | None:
        """The least state of `states` in the static bit order (None if empty).

        Canonical: it does not depend on how dynamic reordering left the BDDs,
        so traces and examples are reproducible.
        """
        assignment = backend.first_model(self.bdd, states, self.encoding.static_current_bits)
        return None if assignment is None else self.encoding.decode_state(assignment)

    def some_states(self, states: Function, limit: int) -> list[tuple[Value, ...]]:
        """The `limit` least states of `states` (fewer if it has fewer), canonically as `first_state`."""
        found: list[tuple[Value, ...]] = []
        rest = states
        while len(found) < limit:
            state = self.first_state(rest)
            if state is None:
                break
            found.append(state)
            rest &= ~self.state_bdd(state)
        return found

    def joint_actions_of(self, pairs: Function) -> set[tuple[str, ...]]:
        """Decoded joint actions of a BDD over action bits (others quantified away)."""
        others = set(self.bdd.support(pairs)) - set(self.encoding.action_bits)
        actions_only = backend.exist(self.bdd, others, pairs)
        return {self.encoding.decode_joint_action(assignment)
                for assignment in backend.iter_models(self.bdd, actions_only, self.encoding.action_bits)}

    def state_bdd(self, state: Sequence[Value]) -> Function:
        """The single state `state` (a tuple in `Model.variables` order)."""
        variables = self.model.variables
        if len(state) != len(variables):
            raise ValueError(f"a state has {len(variables)} values, got {len(state)}")
        result = self.bdd.true
        for variable, value in zip(variables, state):
            cube = self.encoding.value_cube(variable, value)
            if cube == self.bdd.false:
                raise ValueError(f"{value!r} is not a value of {variable.qualified_name}")
            result &= cube
        return result

    def variable_value(self, variable: Variable, value: Value) -> Function:
        """States where `variable` has `value`."""
        return self.encoding.value_cube(variable, value)

    def condition(self, expr: Expr) -> Function:
        """The states (over all valuations) where a model condition holds."""
        return self.expressions.condition(expr)

    def local_bits(self, agent: str) -> frozenset[str]:
        """Current-state bits of an agent's local state (what it observes)."""
        variables = self.model.agent(agent).local_variables
        return frozenset(bit for variable in variables for bit in self.encoding.variables[variable].current)

    # ------------------------------------------------------------ reordering

    def _watched_operand_nodes(self, states: Function) -> int | None:
        """The operand's nodes when this product is watched (`reorder=None`, sifting still off, its turn,
        a big operand), else None."""
        if self._reorder is not None or backend.reordering_enabled(self.bdd):
            return None
        self._products += 1
        if self._products % WATCH_EVERY != 1:
            return None
        nodes = backend.dag_size(states)
        return nodes if nodes >= WATCHED_OPERAND_NODES else None

    def _check_size(self, widest: int) -> None:
        """Turn sifting on once the manager holds over `REORDER_NODE_THRESHOLD` live nodes."""
        self._watched_products += 1
        if widest < NODE_COUNT_NODES and self._watched_products % NODE_COUNT_EVERY:
            return
        live = backend.live_nodes(self.bdd)
        if live > REORDER_NODE_THRESHOLD and not backend.reordering_enabled(self.bdd):
            backend.set_reordering(self.bdd, True)
            self.stats["reordering_enabled_at_nodes"] = live

    def _blow_up_ratio(self, widest: int, ends: int) -> float | None:
        """How many times its ends (`ends`: the nodes of its operand and its result) a product's widest
        intermediate conjunction was, when that makes it a blow-up (else None): then the monolithic
        relation is tried, or sifting starts.

        The static order then separates variables the relation couples (NetBill with
        4 customers: intermediates of 30,000-45,000 nodes, 13-44 times operand plus
        result; 5 customers: 165,000-245,000 nodes, up to 200 times). A product that
        is slow because its BDDs are big keeps its intermediates near their size (the
        dining cryptographers at N = 60, `hanoi`, `sum15`, `software_development`: at
        most 5.4 times), and sifting would only make it slower (DC at N = 200: 16 s without,
        over 200 s with). Nodes, not seconds: the machine's load and speed do not
        move the decision.
        """
        if widest < max(BLOW_UP_NODES, BLOW_UP_NODES_PER_VARIABLE * self.stats["bdd_variables"]):
            return None
        ratio = widest / ends
        return ratio if ratio >= BLOW_UP_RATIO else None

    def _forward_pays(self, states: Function, schedule: Schedule) -> bool:
        """Try once, on an image that blew up (when the monolithic relation did not pay), clusters for
        the forward products (`_forward_clusters`); keep them for every image when they do that
        image with at most 1/`MONOLITHIC_MARGIN` of the work (computed-table lookups, as
        `_monolithic_pays`). Pre-images keep their clusters.

        bunk_t: 2,193,165 lookups against 387,485, and its reachability takes 0.6 s instead of
        95–280 s of sifting; doubletictactoe 1,819,541 against 572,817. NetBill with 4
        customers (1,012,338 against 869,360) keeps its clusters and goes on to sift, which
        its pre-images need (without sifting its formulas take 1.2 s instead of 0.07 s).
        """
        current = self._schedules
        if not self._parts or not current.forward_direction(schedule) or backend.cache_lookups(self.bdd) is None:
            return False
        forward = _forward_clusters(self.bdd, self._parts, self._cluster_size, frozenset(self.next_bits))
        self._parts = []  # tried once
        candidate = _Schedules(self.bdd, self.encoding, current.clusters, forward)
        work = self._work_in_both_forms(candidate, states, schedule, None)
        pays = MONOLITHIC_MARGIN * work[1] <= work[0]
        if pays:
            self._use_schedules(candidate)
        self.stats["forward_clusters"] = {"used": pays, "clusters": len(forward),
                                          "lookups_before": work[0], "lookups_forward": work[1]}
        return pays

    def _work_in_both_forms(self, candidate: _Schedules, states: Function, schedule: Schedule,
                            within: Function | None) -> tuple[int, int]:
        """CUDD's lookups for the product on `states` that the relation's current form runs along
        `schedule` (and `within`), done by the current form and then by `candidate`. The current
        form's product is redone so that both counts cover the same operation (once per trial).
        The candidate's product stops once it has done more than 1/`MONOLITHIC_MARGIN` of the
        current form's work (it cannot pay then): NetBill with 4 customers did all 1,012,338 of its
        lookups against the current form's 869,360."""
        current = self._schedules
        products = (self._within(form.like(current, schedule, states, self.bdd), within, form)  # restricted once
                    for form in (current, candidate))
        before = _product_work(self.bdd, states, *next(products))
        budget = before // MONOLITHIC_MARGIN if MONOLITHIC_MARGIN > 0 else None  # 0: any candidate pays
        return before, _product_work(self.bdd, states, *next(products), budget=budget)

    def _monolithic_pays(self, states: Function, schedule: Schedule, within: Function | None) -> bool:
        """Try once, on the product that blew up, the relation conjoined into one BDD; keep it when it does
        that product with at most 1/`MONOLITHIC_MARGIN` of the partitioned clusters' work.

        Work is CUDD's count of computed-table lookups (one per recursive step), not time. Every
        cluster of a board game reads every move, so the action bits stay in every intermediate
        until the last cluster; one BDD of them all does it in one pass, and its state-to-state
        form (∃ actions, `_prequantified`) serves every state pre-image: chomp 12.3 s → 3.5 s,
        where sifting the partitioned relation took 3 s and left it slower. The partitioned
        product is redone too, so that both counts cover the same operation (once per system).
        """
        if self._monolithic_tried:
            return False
        self._monolithic_tried = True
        fine = self.relation_parts
        if (len(fine) < 2 or backend.cache_lookups(self.bdd) is None
                or sum(backend.dag_size(part) for part in fine) > MONOLITHIC_PARTS_NODE_LIMIT):
            return False
        merged = _cluster(fine, MONOLITHIC_NODE_LIMIT)
        if len(merged) != 1:
            return False
        current = self._schedules
        monolithic = _Schedules(self.bdd, self.encoding, merged)
        work = self._work_in_both_forms(monolithic, states, schedule, within)
        pays = MONOLITHIC_MARGIN * work[1] <= work[0]
        self._use_schedules(monolithic if pays else current)
        self.stats["monolithic_relation"] = {"used": pays, "nodes": backend.dag_size(merged[0]),
                                             "lookups_partitioned": work[0], "lookups_monolithic": work[1]}
        return pays

    # ------------------------------------------------------------ lifetime

    def register_dependent(self, dependent: Releasable) -> None:
        """`dependent.release()` is called when this system is released."""
        self._dependents.add(dependent)

    def release(self) -> None:
        """Drop every BDD this system (and its registered checkers) holds."""
        for dependent in list(self._dependents):
            dependent.release()
        self._dependents = weakref.WeakSet()
        self.initial = self.reachable = self._enabled_pairs = None  # type: ignore[assignment]
        self._one_successor_per_move = None
        self._use_schedules(_Schedules(self.bdd, self.encoding, []))
        self._parts = []
        self.expressions = None  # type: ignore[assignment]
        self.encoding = None  # type: ignore[assignment]
        _live_systems.discard(self)


def _care_step(schedule: Schedule, next_bits: frozenset[str]) -> int:
    """Where a product conjoins its care set (a set of current states): before the cluster after
    the one that brings the quantified next-state bits to three fifths of them (`len(schedule)`:
    at the end).

    The operand is a set of next states; conjoined up front with a set of current states over
    the interleaved order, the two make a product automaton (sum15: a 27,497-node first
    intermediate from 2,149-node sets; bunk_t: 7.5 M nodes). Once most next-state bits are
    quantified the conjunction is cheap, and it still bounds the later intermediates (conjoined
    at the end instead, they reach 135,742 nodes on sum15 and 7.6 M on bunk_t). One pre-image
    (a round of `<g1> F`), CPU s with the care set before cluster 0 / 1 / 2 / 3 / 4: bunk_t
    (next-state bits quantified per cluster [13, 19, 26, 0, 3]) 60 / 4.0 / 2.6 / 0.9 / 24
    (this rule: 3; at half of them, the rule before, 2), sum15 ([31, 0, 0, 1]) 0.05 / 0.02 /
    0.11 / 0.20 (1), ticTacToe ([30, 0, 0, 2]) 0.06 / 0.01 / 0.14 / 0.07 (1), chomp
    ([41, 21, 1]): best at 1 (1); hanoi ([13, 23, 17, 19]) is the one model measured where the
    half rule's step (2) did better: its whole run 0.60 s against 0.81 s.
    """
    quantified = [len(names & next_bits) for _, names in schedule]
    total, done = sum(quantified), 0
    for step, count in enumerate(quantified):
        done += count
        if 5 * done >= 3 * total:
            return step + 1
    return len(schedule)


def _product(states: Function, schedule: Schedule, care: Function | None = None,
             care_step: int | None = None) -> Function:
    """The relational product `_product_steps` computes: its last intermediate."""
    result = states
    for result in _product_steps(states, schedule, care, care_step):
        pass
    return result


def _product_work(manager: Manager, states: Function, schedule: Schedule, care: Function | None = None,
                  care_step: int | None = None, budget: int | None = None) -> int:
    """CUDD's computed-table lookups for the product `_product_steps` computes (the result is dropped);
    with `budget`, stopped after the first step that takes the count past it (the count so far)."""
    before = backend.cache_lookups(manager)
    for _ in _product_steps(states, schedule, care, care_step):
        if budget is not None and backend.cache_lookups(manager) - before > budget:
            break
    return backend.cache_lookups(manager) - before


def _measured_product(states: Function, schedule: Schedule, care: Function | None = None,
                      care_step: int | None = None) -> tuple[Function, tuple[int, int]]:
    """The relational product (`_product_steps`) with the nodes of its widest intermediate and of
    its result."""
    result, widest, nodes = states, 0, 0
    for result in _product_steps(states, schedule, care, care_step):
        nodes = backend.dag_size(result)
        widest = max(widest, nodes)
    return result, (widest, nodes)


def _product_steps(states: Function, schedule: Schedule, care: Function | None,
                   care_step: int | None) -> Iterator[Function]:
    """The intermediates of `∃. states ∧ ⋀ clusters` along `schedule`, the last one its result
    (none for an empty schedule without a care set). `care` (current states) is conjoined
    before the cluster `care_step`, or at the end when that is `len(schedule)`."""
    result = states
    for step, (part, quantified) in enumerate(schedule):
        if step == care_step:
            result &= care
        result = backend.and_exists(result, part, quantified)
        yield result
    if care_step == len(schedule):
        yield result & care


class _Schedules:
    """One form of the transition relation: its clusters and the product schedules derived from them."""

    NAMES = ("image", "preimage", "state_image", "state_preimage", "successor", "action_preimage")
    TWINS = (("image", "state_image"), ("preimage", "state_preimage"))
    """Each schedule and its twin over the clusters with the private action bits quantified out."""
    FORWARD = ("image", "state_image", "successor")
    """The schedules along `forward_clusters`."""

    def __init__(self, manager: Manager, encoding: Encoding, clusters: list[Function],
                 forward: list[Function] | None = None) -> None:
        self.clusters = clusters
        self.forward_clusters = clusters if forward is None else forward
        supports = [backend.support(manager, part) for part in clusters]
        forward_supports = supports if forward is None else [backend.support(manager, part) for part in forward]
        actions = frozenset(encoding.action_bits)
        current, following = frozenset(encoding.current_bits), frozenset(encoding.next_bits)
        self.private_actions = _private_action_bits(supports, actions)
        quantified, quantified_supports = _prequantified(manager, clusters, supports, self.private_actions)
        forward_quantified = (quantified, quantified_supports) if forward is None else _prequantified(
            manager, forward, forward_supports, self.private_actions & _private_action_bits(forward_supports, actions))
        self.image = _schedule(self.forward_clusters, forward_supports, current | actions)
        self.preimage = _schedule(clusters, supports, following | actions)
        self.state_image = _schedule(*forward_quantified, current | actions)
        self.state_preimage = _schedule(quantified, quantified_supports, following | actions)
        self.successor = _schedule(self.forward_clusters, forward_supports, current)
        self.action_preimage = _schedule(clusters, supports, following)
        self._next_bits = following
        self._restricted: dict[int, tuple[Schedule, int]] = {}
        """This form's schedules (by id: they live as long as this object) with their clusters
        simplified by the reachable states, and their care steps."""

    def restricted(self, schedule: Schedule, reachable: Function) -> tuple[Schedule, int]:
        """`schedule` (one of this form's) with its clusters restricted to the reachable states
        (computed once), and the step where a product along it conjoins its care set."""
        known = self._restricted.get(id(schedule))
        if known is None:
            known = ([(backend.restrict(part, reachable), quantified) for part, quantified in schedule],
                     _care_step(schedule, self._next_bits))
            self._restricted[id(schedule)] = known
        return known

    def forward_direction(self, schedule: Schedule) -> bool:
        """Whether `schedule` (one of this form's) is an image's (it runs along the forward clusters)."""
        return any(schedule is getattr(self, name) for name in self.FORWARD)

    def like(self, other: _Schedules, schedule: Schedule, operand: Function, manager: Manager) -> Schedule:
        """This form's schedule for the product on `operand` that `other` runs along `schedule`: a state
        image or pre-image with this form's private action bits quantified beforehand unless
        `operand` reads them (as `SymbolicSystem._schedule_for` picks them)."""
        name = next(name for name in self.NAMES if getattr(other, name) is schedule)
        full, prequantified = next(((full, prequantified) for full, prequantified in self.TWINS
                                    if name in (full, prequantified)), (name, name))
        if self.private_actions and not backend.reads_any(manager, operand, self.private_actions):
            return getattr(self, prequantified)
        return getattr(self, full)


_live_systems: weakref.WeakSet[SymbolicSystem] = weakref.WeakSet()


@atexit.register
def _release_live_systems() -> None:
    for system in list(_live_systems):
        system.release()


# ---------------------------------------------------------------- construction


@backend.guarded
def build_system(model: Model, *, reorder: bool | None = None, order: str = "structure",
                 cluster_size: int = CLUSTER_NODE_LIMIT, progress: Progress | None = None,
                 max_memory: int | None = None) -> SymbolicSystem:
    """Encode `model` and compute its reachable states.

    `reorder`: None = static order, sifting only past a size threshold or on a
    blow-up; True = CUDD's automatic sifting from the start; False = never.
    `order`: the static variable order (`encode.ORDERS`). `cluster_size`: the
    node limit up to which parts of the transition relation are conjoined
    (1 keeps one part per variable and protocol). `progress` hears of each
    reachability step. `max_memory` (bytes) caps CUDD's memory.
    """
    if cluster_size < 1:
        raise ValueError(f"the cluster size must be at least 1 node (got {cluster_size})")
    with recursion_headroom():
        return _build_system(model, reorder, order, cluster_size, progress, max_memory)


def _build_system(model: Model, reorder: bool | None, order: str, cluster_size: int,
                  progress: Progress | None, max_memory: int | None) -> SymbolicSystem:
    started = time.perf_counter()
    manager = backend.new_manager(max_memory)
    encoding = Encoding(model, manager, order)
    expressions = ExpressionEncoder(encoding)
    transitions = TransitionEncoder(encoding, expressions)
    parts = [part for agent in model.agents for part in transitions.agent_parts(agent, model.semantics)]
    parts = _sort_by_position(manager, parts)
    initial = expressions.condition(model.initial_condition)
    for variable in model.variables:
        initial &= encoding.domain(variable)
    if reorder:
        backend.set_reordering(manager, True)
    system = SymbolicSystem(model, encoding, expressions, parts, initial, reorder, cluster_size)
    system.progress = progress
    if progress is not None:
        progress.phase("reach")
    encoded = time.perf_counter()
    system.compute_reachable()
    reached = time.perf_counter()
    system.stats.update(
        encode_seconds=encoded - started,
        reach_seconds=reached - encoded,
        reordering=backend.reordering_enabled(manager),
    )
    return system


def _smaller(first: Function, second: Function) -> Function:
    """The BDD with fewer nodes (the first on a tie)."""
    return second if backend.dag_size(second) < backend.dag_size(first) else first


def _sort_by_position(manager: Manager, parts: Iterable[Function]) -> list[Function]:
    """Order parts by the mean level of their support, so neighbours cluster together."""
    def position(part: Function) -> float:
        levels = [manager.level_of_var(name) for name in manager.support(part)]
        return sum(levels) / len(levels) if levels else -1.0

    return sorted(parts, key=position)


def _cluster(parts: Sequence[Function], limit: int) -> list[Function]:
    """Greedily conjoin consecutive parts while a cluster stays within `limit` nodes.

    The parts come sorted by position in the variable order; they are merged
    from the last (deepest) upwards, so each new part sits above its cluster
    and the conjunction only builds the new top of the BDD. Merging top-down
    rebuilt the whole cluster at every step (DC N = 200: 1,003 parts, 1.3 s).
    """
    clusters: list[Function] = []
    for part in reversed(parts):
        if clusters:
            merged = clusters[-1] & part
            if backend.dag_size(merged) <= limit:
                clusters[-1] = merged
                continue
        clusters.append(part)
    clusters.reverse()
    return clusters


def _forward_clusters(manager: Manager, parts: Sequence[Function], limit: int,
                      next_bits: frozenset[str]) -> list[Function]:
    """Clusters for the forward products (images): the constraints (parts that read no next-state
    bit: protocols, domains) clustered apart from the evolution, and first.

    An image conjoins the protocols before the evolution, so the current bits they read can
    go as soon as the evolution has read them; a cluster that mixes an agent's protocol with
    its evolution reads the whole board and a next-state bit, and no current bit can go
    before it. bunk_t's reachability: 0.6 s; 5.6 s in the position-ordered clusters (protocols
    mixed in and last), where a 951,136-node image started sifting by default (95–280 s).
    Pre-images keep the position-ordered clusters (`_cluster`): there the protocols come
    after the next-state bits are gone, and these clusters, used for pre-images too, took
    sum15 from 0.9 to 12 s."""
    kinds: tuple[list[Function], list[Function]] = ([], [])
    for part in parts:
        kinds[backend.reads_any(manager, part, next_bits)].append(part)
    constraints, evolution = kinds
    return _cluster(constraints, limit) + _cluster(evolution, limit)


def _private_action_bits(supports: Sequence[frozenset[str]], action_bits: frozenset[str]) -> frozenset[str]:
    """The action bits that exactly one cluster reads (an action no other agent's evolution reads)."""
    readers: dict[str, int] = defaultdict(int)
    for support in supports:
        for bit in support & action_bits:
            readers[bit] += 1
    return frozenset(bit for bit, count in readers.items() if count == 1)


def _prequantified(manager: Manager, parts: Sequence[Function], supports: Sequence[frozenset[str]],
                   private: frozenset[str]) -> tuple[list[Function], list[frozenset[str]]]:
    """The clusters with the private action bits quantified out of them, once.

    Images and pre-images of state sets quantify every action bit; a bit that
    one cluster alone reads can go before any product, which makes that
    cluster smaller for every such image.
    """
    if not private:
        return list(parts), list(supports)
    quantified_parts = [backend.exist(manager, support & private, part) for part, support in zip(parts, supports)]
    return quantified_parts, [support - private for support in supports]


def _schedule(parts: Sequence[Function], supports: Sequence[frozenset[str]],
              quantifiable: frozenset[str]) -> Schedule:
    """The clusters in order, each with the variables to quantify right after conjoining it.

    A variable is quantified at the last cluster that mentions it (early
    quantification); variables no cluster mentions are quantified at the first
    step. The clusters keep their order (by position in the variable order),
    which measured better than a greedy IWLS'95 reordering on the reference models.
    """
    last_use: dict[str, int] = {name: 0 for name in quantifiable}
    for index, support in enumerate(supports):
        for name in support & quantifiable:
            last_use[name] = index
    quantified: list[set[str]] = [set() for _ in parts]
    if quantified:
        for name, index in last_use.items():
            quantified[index].add(name)
    return [(part, frozenset(names)) for part, names in zip(parts, quantified)]
