"""The Markov decision process `ctlstark prob` builds: explicit choices of distributions over numbered states."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..runtime.records import record

Distribution = tuple[tuple[int, Fraction], ...]


@record
class ExplicitMdp:
    """`choices[s]`: the distributions (lists of (successor, probability)) enabled in state s; every state has one."""

    choices: Sequence[Sequence[Distribution]]
    initial: int = 0

    @property
    def size(self) -> int:
        return len(self.choices)
