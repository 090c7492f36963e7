"""The data types that explain a verdict: a trace (a path of the model) and an ATL strategy's outcome.

Independent of how a trace was found (symbolic extraction today, perhaps a
tableau product later) and of how it is shown (`render`), so the replay
validator and every renderer work on one structure (NuSMV's lesson: keep the
trace a plain data type, not a text format).

A `Trace` is a finite path (`loop_start` None) or a lasso: after the last step
the path continues at `steps[loop_start]` forever. `children` link a step to a
sub-trace: `relation="justifies"` — the sub-trace starts at that step's state
and explains a nested subformula there; `relation="indistinguishable"` — the
sub-trace is a run from an initial state to a state that `agents` cannot tell
apart from that step's state (a failed knowledge operator);
`relation="correct"` — the sub-trace is a run from an initial state to a state
where `agents[0]` is green (a failed `O`); `relation="commitment"` — a run to a
~i→j-successor of that step's state, `agents = (i, j)` (a failed `C(i, j, φ)`);
`relation="fulfilment"` — a run to a state s' with s' ~i→j that step's state
(the committing state of a `Fu(C(i, j, φ))`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..logic.formula import Formula
from ..model import Value
from ..runtime.records import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Literal, TypeAlias

State = tuple[Value, ...]
Joint = tuple[str, ...]
"""The actions of some agents (the coalition, or the others), in model order."""
Kind: TypeAlias = 'Literal["strategy", "counter-strategy"]'
TraceKind: TypeAlias = 'Literal["witness", "counterexample", "path"]'
LinkRelation: TypeAlias = 'Literal["justifies", "indistinguishable", "correct", "commitment", "fulfilment"]'


@record
class Step:
    """One state of a trace and the joint action taken from it (None on the last step of a finite trace)."""

    state: tuple[Value, ...]
    action: tuple[str, ...] | None


@dataclass
class Link:
    """From step `step` of the parent trace to a sub-trace (see the module docstring)."""

    step: int
    relation: LinkRelation
    trace: Trace
    agents: tuple[str, ...] = ()


@dataclass
class Trace:
    """A witness (the formula holds at the first state), a counterexample (it fails there) or a plain run.

    `formula` is the formula explained (None for a plain run, `kind="path"`);
    `formula_text` is its text. The first state of a top-level trace is initial.
    """

    formula_text: str
    kind: TraceKind
    steps: list[Step]
    loop_start: int | None = None
    children: list[Link] = field(default_factory=list)
    formula: Formula | None = field(default=None, compare=False)

    @property
    def states(self) -> list[tuple[Value, ...]]:
        return [step.state for step in self.steps]

    @property
    def is_lasso(self) -> bool:
        return self.loop_start is not None

    def successor_index(self, index: int) -> int | None:
        """The step after `index` (the loop start after the last step of a lasso; None at the end of a finite trace)."""
        if index + 1 < len(self.steps):
            return index + 1
        return self.loop_start


TABLE_LIMIT = 64
"""Strategies with at most this many states are shown as a table; larger ones by their BDD size."""


@record
class StrategyEvidence:
    """What `check --witness` reports for a top-level ATL verdict: plain data, no BDDs (the report outlives them).

    `tabled`: the strategy was enumerated, replayed and has at most `TABLE_LIMIT`
    states, so `moves` (strategy) or `responses` (counter-strategy) hold it as in
    `witness.strategy.ExplicitStrategy`; `note` says why a strategy was not replayed.
    """

    kind: Kind
    formula_text: str
    coalition: tuple[str, ...]
    opponents: tuple[str, ...]
    states: int
    replayed: bool
    note: str | None
    bdd_nodes: int
    tabled: bool = False
    moves: dict[State, Joint] = field(default_factory=dict)
    responses: dict[State, dict[Joint, Joint]] = field(default_factory=dict)
    scope: str | None = None
    """Under `--strategies uniform…`: the states the uniform strategy is shown winning from."""
