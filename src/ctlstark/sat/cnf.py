"""A small Tseitin circuit builder feeding one incremental SAT solver (python-sat, CaDiCaL).

Literals are DIMACS integers. Variable 1 is the constant TRUE (a unit clause),
so `TRUE`/`FALSE` fold away in every gate. Each gate is encoded with both
implications (the gate literal is *equivalent* to its function), so gate
literals may be used negated, and structurally equal gates are built once.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator

from pysat.solvers import Solver

from ..runtime.limits import checkpoint

TRUE = 1
FALSE = -1
SOLVER_NAME = "cadical153"
CONFLICTS_PER_SLICE = 10_000
"""Conflicts per solver call between two checks of the time limit (about 0.1 s on a hard instance)."""


class Circuit:
    """Fresh variables, clauses and AND/OR/XOR gates on one solver."""

    def __init__(self, solver_name: str = SOLVER_NAME) -> None:
        self.solver = Solver(name=solver_name)
        self.top = 1
        self.clauses = 0
        self.solver.add_clause([TRUE])
        self._gates: dict[tuple, int] = {}
        self.escape: int | None = None
        """Set by `unless`: a literal added to every clause (gate definitions excepted)."""

    @contextlib.contextmanager
    def unless(self, literal: int) -> Iterator[None]:
        """Within the block, every clause holds only where `literal` is false (an optional constraint)."""
        assert self.escape is None
        self.escape = literal
        try:
            yield
        finally:
            self.escape = None

    def fresh(self) -> int:
        self.top += 1
        return self.top

    def clause(self, literals: Iterable[int]) -> None:
        """Add a clause (TRUE literals satisfy it, FALSE ones drop out); within `unless(g)`, the clause or g."""
        kept: list[int] = [] if self.escape is None else [self.escape]
        for literal in literals:
            if literal == TRUE:
                return
            if literal != FALSE:
                kept.append(literal)
        self.clauses += 1
        self.solver.add_clause(kept)

    def and_(self, literals: Iterable[int]) -> int:
        kept: set[int] = set()
        for literal in literals:
            if literal == FALSE or -literal in kept:
                return FALSE
            if literal != TRUE:
                kept.add(literal)
        if not kept:
            return TRUE
        if len(kept) == 1:
            return next(iter(kept))
        key = ("and", frozenset(kept))
        gate = self._gates.get(key)
        if gate is None:
            gate = self._gates[key] = self.fresh()
            for literal in kept:
                self.solver.add_clause([-gate, literal])
            self.solver.add_clause([gate] + [-literal for literal in kept])
            self.clauses += len(kept) + 1
        return gate

    def or_(self, literals: Iterable[int]) -> int:
        return -self.and_(-literal for literal in literals)

    def xor(self, left: int, right: int) -> int:
        if left in (TRUE, FALSE) or right in (TRUE, FALSE):
            if left in (TRUE, FALSE):
                left, right = right, left
            return -left if right == TRUE else left
        if left == right:
            return FALSE
        if left == -right:
            return TRUE
        sign = 1
        if left < 0:
            left, sign = -left, -sign
        if right < 0:
            right, sign = -right, -sign
        key = ("xor", min(left, right), max(left, right))
        gate = self._gates.get(key)
        if gate is None:
            gate = self._gates[key] = self.fresh()
            for clause in ([-gate, left, right], [-gate, -left, -right], [gate, -left, right], [gate, left, -right]):
                self.solver.add_clause(clause)
            self.clauses += 4
        return gate * sign

    def iff(self, left: int, right: int) -> int:
        return -self.xor(left, right)

    def solve(self, assumptions: Iterable[int] = ()) -> bool:
        """Whether the clauses and the assumptions are satisfiable.

        The solver runs in slices of `CONFLICTS_PER_SLICE` conflicts (it keeps what it learnt
        between them): the solver holds the interpreter while it runs, so `--timeout` and
        Ctrl-C take effect between slices, within a fraction of a second.
        """
        assumed = [literal for literal in assumptions if literal != TRUE]
        if FALSE in assumed:
            return False
        while True:
            self.solver.conf_budget(CONFLICTS_PER_SLICE)
            answer = self.solver.solve_limited(assumptions=assumed)
            if answer is not None:
                return answer
            checkpoint()

    def true_literals(self) -> set[int]:
        """The literals true in the last model (after a satisfiable `solve`)."""
        return set(self.solver.get_model() or ())

    def delete(self) -> None:
        self.solver.delete()
