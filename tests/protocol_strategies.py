"""Hypothesis strategies for `ctlstark prob`: the text of valid commitment protocols.

`protocols()` writes one small protocol; `composed_protocols()` writes one with up to three
such protocols side by side (disjoint names, one agent), so that it falls into independent
parts (`ctlstark.prob.reduction`) — and, where a drawn protocol is connected, parts that
cannot be cut further.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from hypothesis import strategies as st

from ctlstark.prob.protocol import LIFECYCLE, SOURCE_STATE

OPERATIONS = sorted({op for op, _ in LIFECYCLE})


@dataclass
class Sections:
    """The lines of each section of a protocol, to be written alone or merged with others."""

    propositions: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    commitments: list[str] = field(default_factory=list)
    operations: list[str] = field(default_factory=list)
    goals: list[str] = field(default_factory=list)
    beliefs: list[str] = field(default_factory=list)
    utilities: list[str] = field(default_factory=list)

    def merged(self, other: Sections) -> Sections:
        return Sections(*(getattr(self, name) + getattr(other, name) for name in self.__dataclass_fields__))

    def text(self) -> str:
        lines = ["Roles A, B;", f"Propositions {', '.join(self.propositions)};", "Events", *self.events,
                 "end Events", "Commitments", *self.commitments, "end Commitments", "Operations", *self.operations,
                 "end Operations", "Agent A", f"  Goals {', '.join(self.goals)};", "  Beliefs", *self.beliefs,
                 "  end Beliefs", "  Utilities", *self.utilities, "  end Utilities", "end Agent"]
        return "\n".join(lines) + "\n"


@st.composite
def sections(draw: st.DrawFn, prefix: str = "", largest: int = 3) -> Sections:
    """One small protocol's sections, every name starting with `prefix`: 1-`largest` propositions,
    1-2 commitments, 1-4 events, 1-4 beliefs."""
    props = [f"{prefix}p{i}" for i in range(draw(st.integers(1, largest)))]
    commitments = [f"{prefix}c{i}" for i in range(draw(st.integers(1, 2)))]
    events = [f"{prefix}e{i}" for i in range(draw(st.integers(1, 4)))]
    roles = ["A", "B"]
    effects = {e: draw(st.lists(st.sampled_from(props), max_size=2, unique=True)) for e in events}
    operations = {e: (draw(st.sampled_from(commitments)), draw(st.sampled_from(OPERATIONS)))
                  for e in events if draw(st.booleans())}
    result = Sections(propositions=props)
    result.events = [f"  {e}" + (f" makes {', '.join(effects[e])}" if effects[e] else "") + ";" for e in events]
    for c in commitments:
        debtor, creditor = draw(st.sampled_from(roles)), draw(st.sampled_from(roles))
        result.commitments.append(f"  {c} : C({debtor}, {creditor}, {props[0]}, {props[-1]});")
    result.operations = [f"  {e} : {op} {c};" for e, (c, op) in operations.items()]
    result.goals = [draw(st.sampled_from(props))]
    beliefs = []
    for _ in range(draw(st.integers(1, 4))):
        conditions = []
        for p in draw(st.lists(st.sampled_from(props), max_size=2, unique=True)):
            # mostly `!p` and early commitment states, which hold at the start: the automaton grows
            conditions.append(p if draw(st.integers(0, 2)) == 0 else f"!{p}")
        for c in draw(st.lists(st.sampled_from(commitments), max_size=1)):
            state = draw(st.sampled_from(['Null', 'Null', 'Con', 'Con', 'Act', 'Ful', 'Vio', 'Exp']))
            conditions.append(f"{c} = {state}")
        support = draw(st.lists(st.sampled_from(events), min_size=1, max_size=3, unique=True))
        weights = [draw(st.integers(1, 5)) for _ in support]
        total = sum(weights)
        outcome = ", ".join(f"{e} {Fraction(w, total).numerator}/{Fraction(w, total).denominator}"
                            for e, w in zip(support, weights))
        beliefs.append((conditions, support))
        result.beliefs.append(f"    {draw(st.sampled_from(roles))} if {' and '.join(conditions) or 'true'} : {outcome};")
    for e in events:
        value = draw(st.integers(-3, 3))
        if value and all(_ends(conditions, e, effects, operations) for conditions, support in beliefs
                         if e in support):
            result.utilities.append(f"    {e} {value};")
    return result


def _ends(conditions: list[str], event: str, effects: dict[str, list[str]],
          operations: dict[str, tuple[str, str]]) -> bool:
    """The validation's rule: the event makes a negated proposition true or moves a tested commitment on."""
    for condition in conditions:
        if condition.startswith("!") and condition[1:] in effects[event]:
            return True
        if " = " in condition and event in operations:
            commitment, state = condition.split(" = ")
            if operations[event][0] == commitment and SOURCE_STATE[operations[event][1]] == state:
                return True
    return False


@st.composite
def protocols(draw: st.DrawFn) -> str:
    """The text of a small valid protocol: 1-3 propositions, 1-2 commitments, 1-4 events, 1-4 beliefs."""
    return draw(sections()).text()


@st.composite
def composed_protocols(draw: st.DrawFn) -> str:
    """Up to three small protocols side by side in one (names prefixed `x`, `y`, `z`); with three, each
    has at most two propositions, so the whole automaton stays small enough for the oracle."""
    count = draw(st.integers(1, 3))
    largest = 3 if count < 3 else 2
    result = Sections()
    for prefix in "xyz"[:count]:
        result = result.merged(draw(sections(prefix, largest)))
    return result.text()


@st.composite
def lifecycle_sections(draw: st.DrawFn, prefix: str, count: int) -> Sections:
    """A protocol that moves `count` commitments through their lifecycle, as protocols do: created,
    then detached (making its antecedent true) or expired, then discharged (making its consequent
    true) or cancelled. Probabilities, utilities, who the debtor is and the goals are drawn; so are a
    second belief competing with a step (nondeterminism: the scheduler picks), a wait that may repeat
    (a zero-utility self-loop) and a step of one commitment that waits for another's (so the
    commitments of one protocol interact and form one part)."""
    result = Sections()
    names = [f"{prefix}c{i}" for i in range(count)]
    for index, c in enumerate(names):
        antecedent, consequent = f"{prefix}a{index}", f"{prefix}b{index}"
        result.propositions += [antecedent, consequent]
        debtor = draw(st.sampled_from(["A", "B"]))
        result.commitments.append(f"  {c} : C({debtor}, {'B' if debtor == 'A' else 'A'}, {antecedent}, {consequent});")
        steps = [("create", "Null", None), ("detach", "Con", antecedent), ("expire", "Con", None),
                 ("discharge", "Act", consequent), ("cancel", "Act", None)]
        for operation, _, makes in steps:
            event = f"{c}_{operation}"
            result.events.append(f"  {event}" + (f" makes {makes}" if makes else "") + ";")
            result.operations.append(f"  {event} : {operation} {c};")
            value = draw(st.integers(-4, 4))
            if value:
                result.utilities.append(f"    {event} {value};")
        waits = draw(st.booleans())
        if waits:
            result.events.append(f"  {c}_wait;")
        start = f"{c}_create 1" if not waits else f"{c}_create 1/2, {c}_wait 1/2"
        detach = draw(st.integers(1, 9))
        discharge = draw(st.integers(1, 9))
        guard = ""
        if index and draw(st.booleans()):   # wait for the previous commitment to be settled
            guard = f"{prefix}b{index - 1} and "
        result.beliefs += [
            f"    {draw(st.sampled_from(['A', 'B']))} if {c} = Null : {start};",
            f"    B if {c} = Con : {c}_detach {detach}/10, {c}_expire {10 - detach}/10;",
            f"    A if {guard}{c} = Act : {c}_discharge {discharge}/10, {c}_cancel {10 - discharge}/10;",
        ]
        if draw(st.booleans()):   # a competing belief: the scheduler chooses between the two
            other = draw(st.integers(1, 9))
            state, first, second = draw(st.sampled_from([("Con", "detach", "expire"), ("Act", "discharge", "cancel")]))
            result.beliefs.append(f"    B if {c} = {state} : {c}_{first} {other}/10, {c}_{second} {10 - other}/10;")
        if guard and draw(st.booleans()):   # else the debtor may also give up once the other is cancelled
            result.beliefs.append(f"    A if {prefix}c{index - 1} = Vio and {c} = Act : {c}_cancel 1;")
    result.goals = [draw(st.sampled_from(result.propositions))]
    return result


@st.composite
def composed_lifecycle_protocols(draw: st.DrawFn) -> str:
    """One to three lifecycle protocols side by side, at most four commitments in all (the oracle
    works on the whole automaton)."""
    counts = draw(st.lists(st.integers(1, 2), min_size=1, max_size=3).filter(lambda c: sum(c) <= 4))
    result = Sections()
    for prefix, count in zip("xyz", counts):
        result = result.merged(draw(lifecycle_sections(prefix, count)))
    return result.text()
