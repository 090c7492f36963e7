"""Graph algorithms on explicit successor maps: strongly connected components, backward search.

Generic over the node type, so the checker uses them on model states and the
LTL product on (state, automaton node) pairs alike.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence, Set
from typing import Hashable, TypeVar

Node = TypeVar("Node", bound=Hashable)


def strongly_connected_components(
    nodes: Set[Node], successors: Mapping[Node, Iterable[Node]]
) -> list[frozenset[Node]]:
    """Tarjan's algorithm (iterative) on the subgraph induced by `nodes`."""
    index: dict[Node, int] = {}
    lowlink: dict[Node, int] = {}
    on_stack: set[Node] = set()
    stack: list[Node] = []
    components: list[frozenset[Node]] = []
    counter = 0
    for root in nodes:
        if root in index:
            continue
        work: list[tuple[Node, list[Node]]] = []
        index[root] = lowlink[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        work.append((root, [t for t in successors[root] if t in nodes]))
        while work:
            node, pending = work[-1]
            if pending:
                child = pending.pop()
                if child not in index:
                    index[child] = lowlink[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, [t for t in successors[child] if t in nodes]))
                elif child in on_stack:
                    lowlink[node] = min(lowlink[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                lowlink[parent] = min(lowlink[parent], lowlink[node])
            if lowlink[node] == index[node]:
                component: set[Node] = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                components.append(frozenset(component))
    return components


def is_nontrivial(component: frozenset[Node], successors: Mapping[Node, Iterable[Node]]) -> bool:
    """A component with a cycle: more than one node, or one node with a self-loop."""
    if len(component) > 1:
        return True
    (only,) = component
    return only in successors[only]


def backward_closure(
    targets: Iterable[Node], predecessors: Mapping[Node, Iterable[Node]], allowed: Callable[[Node], bool]
) -> frozenset[Node]:
    """`targets` and every `allowed` node with a path to them through `allowed` nodes (breadth first)."""
    found = set(targets)
    frontier = deque(found)
    while frontier:
        node = frontier.popleft()
        for source in predecessors.get(node, ()):
            if source not in found and allowed(source):
                found.add(source)
                frontier.append(source)
    return frozenset(found)


def fair_cycle_nodes(
    nodes: Set[Node],
    successors: Mapping[Node, Iterable[Node]],
    justice: Sequence[Callable[[Node], bool]] = (),
    compassion: Sequence[tuple[Callable[[Node], bool], Callable[[Node], bool]]] = (),
) -> frozenset[Node]:
    """The nodes on a fair cycle of the subgraph induced by `nodes` (a Streett condition).

    A cycle is fair when it meets every `justice` test and, for every compassion pair
    (p, q), meets q or misses p. A nontrivial strongly connected component meeting
    every justice test and, per pair, q or no p is all fair: one cycle through all of its
    nodes. A component that meets every justice test but, for some pair, p and not q has
    no fair cycle through those p nodes (such a cycle stays inside the component, which
    has no q): drop them and look again inside what is left (its components, recursively).
    """
    found: set[Node] = set()
    pending: list[frozenset[Node]] = [frozenset(nodes)]
    while pending:
        region = pending.pop()
        for component in strongly_connected_components(region, successors):
            if not is_nontrivial(component, successors):
                continue
            if not all(any(test(node) for node in component) for test in justice):
                continue
            violated = [p for p, q in compassion
                        if any(p(node) for node in component) and not any(q(node) for node in component)]
            if not violated:
                found |= component
                continue
            pending.append(frozenset(node for node in component if not any(p(node) for p in violated)))
    return frozenset(found)
