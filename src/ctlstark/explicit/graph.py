"""Graph algorithms on explicit successor maps: strongly connected components, backward search.

Generic over the node type, so the checker uses them on model states and the
LTL product on (state, automaton node) pairs alike.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping, Set
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
