"""The commitment-protocol problem (paper 002's domain, protocol and agent) and its validation.

`resolve_protocol` turns the syntax tree into a `Protocol`, checking every name, number
and distribution; each problem becomes a located `Diagnostic`, all reported together
in one `IsplError`. Numbers stay exact (`Fraction`) from the text to the automaton.
"""

from __future__ import annotations

from dataclasses import field
from fractions import Fraction
from pathlib import Path

from ..errors import Diagnostic, IsplError, read_source
from . import syntax as sx
from ..runtime.records import record

STATES = ("Null", "Con", "Act", "Ful", "Vio", "Exp")
"""Commitment states; a state is stored as its index in this tuple (Null = 0 is the initial state)."""

LIFECYCLE = {
    ("create", "Null"): "Con",
    ("detach", "Con"): "Act",
    ("expire", "Con"): "Exp",
    ("discharge", "Act"): "Ful",
    ("cancel", "Act"): "Vio",
}
"""Paper 002's lifecycle (its Figure 1 as the prose describes it). An operation applied in a
state not listed leaves the commitment unchanged (the paper leaves that case open)."""

SOURCE_STATE = {operation: source for operation, source in LIFECYCLE}
PROPERTIES = ("conformance", "achievement", "benefit")


@record
class Event:
    """A domain event: the propositions it makes true, and the role that initiates it (if declared)."""

    name: str
    initiator: str | None
    effects: tuple[str, ...]


@record
class Commitment:
    """`C(debtor, creditor, antecedent, consequent)`; antecedent and consequent are conjunctions of propositions."""

    name: str
    debtor: str
    creditor: str
    antecedent: tuple[str, ...]
    consequent: tuple[str, ...]


@record
class Operation:
    """What an event does to one commitment (`Delta^p(e) = <c, op>`)."""

    commitment: str
    operation: str

    @property
    def source(self) -> str:
        """The one state the lifecycle defines this operation in."""
        return SOURCE_STATE[self.operation]

    @property
    def target(self) -> str:
        """The state the operation leads to from `source`."""
        return LIFECYCLE[(self.operation, self.source)]

    def apply(self, state: str) -> str:
        """The commitment's state after this operation (unchanged where the lifecycle does not define it)."""
        return self.target if state == self.source else state


@record
class Condition:
    """One conjunct of a belief's precondition: `p`, `!p` or `c = State`."""

    name: str
    positive: bool = True
    state: str | None = None

    def text(self) -> str:
        if self.state is not None:
            return f"{self.name} = {self.state}"
        return self.name if self.positive else f"!{self.name}"


@record
class Belief:
    """`<role, precondition, distribution>`: when the precondition holds, `role` triggers each event with its probability."""

    role: str
    precondition: tuple[Condition, ...]
    distribution: tuple[tuple[str, Fraction], ...]

    def text(self) -> str:
        condition = " and ".join(c.text() for c in self.precondition) or "true"
        return f"{self.role} if {condition}"


@record
class Agent:
    """The analysing agent `<r, G, pi, v>`; events without a declared utility are worth 0."""

    role: str
    goals: tuple[str, ...]
    beliefs: tuple[Belief, ...]
    utilities: dict[str, Fraction]

    def utility(self, event: str) -> Fraction:
        return self.utilities.get(event, Fraction(0))


@record
class Protocol:
    """A validated problem: domain, protocol, analysing agent and the properties' thresholds."""

    roles: tuple[str, ...]
    propositions: tuple[str, ...]
    events: dict[str, Event]
    commitments: dict[str, Commitment]
    operations: dict[str, Operation]
    agent: Agent
    thresholds: dict[str, Fraction | None] = field(default_factory=dict)
    file: str = "<string>"

    @property
    def own_commitments(self) -> tuple[str, ...]:
        """The commitments whose debtor is the agent's role (those conformance is about)."""
        return tuple(c.name for c in self.commitments.values() if c.debtor == self.agent.role)


def load_protocol(path: str | Path) -> Protocol:
    """Read and validate a protocol file; `IsplError` lists every problem with its position."""
    return parse_protocol(read_source(path, "the file"), str(path))


def parse_protocol(text: str, filename: str = "<string>") -> Protocol:
    """The validated `Protocol` of `text`; `IsplError` lists every problem with its position."""
    syntax = sx.parse_protocol_syntax(text.removeprefix("\ufeff"), filename)
    return _Resolver(syntax, text, filename).protocol()


class _Resolver:
    """Checks a `ProtocolSyntax` declaration by declaration, collecting diagnostics."""

    def __init__(self, syntax: sx.ProtocolSyntax, text: str, filename: str):
        self.syntax = syntax
        self.text = text
        self.filename = filename
        self.diagnostics: list[Diagnostic] = []
        self.declared: dict[str, tuple[str, sx.Position]] = {}  # name -> (kind, where)

    def error(self, message: str, at: sx.Position) -> None:
        self.diagnostics.append(sx.diagnostic(message, self.filename, at, self.text))

    def declare(self, name: sx.Name, kind: str) -> bool:
        """Record a declaration; False (and an error) when the name is taken (one namespace for all names)."""
        if name.text in self.declared:
            other, (line, column) = self.declared[name.text]
            self.error(f"`{name.text}` is already declared as {other} at line {line}, column {column}", name.at)
            return False
        self.declared[name.text] = (kind, name.at)
        return True

    def expect(self, name: sx.Name, kind: str, what: str) -> bool:
        """True when `name` is declared as `kind`; otherwise an error saying what was expected."""
        found = self.declared.get(name.text)
        if found is not None and found[0] == kind:
            return True
        if found is None:
            self.error(f"unknown {kind.split(' ', 1)[1]} `{name.text}` ({what})", name.at)
        else:
            self.error(f"`{name.text}` is {found[0]}, not {kind} ({what})", name.at)
        return False

    def protocol(self) -> Protocol:
        s = self.syntax
        roles = [r.text for r in s.roles if self.declare(r, "a role")]
        propositions = [p.text for p in s.propositions if self.declare(p, "a proposition")]
        events = {e.name.text: e for e in s.events if self.declare(e.name, "an event")}
        commitments = {c.name.text: c for c in s.commitments if self.declare(c.name, "a commitment")}
        resolved_events = {name: self.event(e) for name, e in events.items()}
        resolved_commitments = {name: self.commitment(c) for name, c in commitments.items()}
        operations = self.operations()
        agent = self.agent()
        thresholds = self.thresholds()
        if self.diagnostics or agent is None:
            raise IsplError(self.diagnostics)
        return Protocol(tuple(roles), tuple(propositions), resolved_events, resolved_commitments, operations,
                        agent, thresholds, self.filename)

    def roles_and_names(self, names: tuple[sx.Name, ...], kind: str, what: str) -> tuple[str, ...]:
        return tuple(n.text for n in names if self.expect(n, kind, what))

    def event(self, event: sx.EventSyntax) -> Event:
        initiator = None
        if event.initiator is not None and self.expect(event.initiator, "a role", "the event's initiator"):
            initiator = event.initiator.text
        effects = self.roles_and_names(event.effects, "a proposition", "an event's effect")
        return Event(event.name.text, initiator, effects)

    def commitment(self, c: sx.CommitmentSyntax) -> Commitment:
        self.expect(c.debtor, "a role", "a commitment's debtor")
        self.expect(c.creditor, "a role", "a commitment's creditor")
        antecedent = self.roles_and_names(c.antecedent, "a proposition", "a commitment's antecedent")
        consequent = self.roles_and_names(c.consequent, "a proposition", "a commitment's consequent")
        return Commitment(c.name.text, c.debtor.text, c.creditor.text, antecedent, consequent)

    def operations(self) -> dict[str, Operation]:
        operations: dict[str, Operation] = {}
        where: dict[str, sx.Position] = {}
        for o in self.syntax.operations:
            event_ok = self.expect(o.event, "an event", "the event of an operation")
            commitment_ok = self.expect(o.commitment, "a commitment", "the commitment of an operation")
            if event_ok and o.event.text in operations:
                line, column = where[o.event.text]
                self.error(f"event `{o.event.text}` already has an operation (line {line}, column {column}); "
                           "an event does one operation on one commitment", o.event.at)
            elif event_ok and commitment_ok:
                operations[o.event.text] = Operation(o.commitment.text, o.operation.text)
                where[o.event.text] = o.event.at
        return operations

    def agent(self) -> Agent | None:
        agents = self.syntax.agents
        if not agents:
            self.error("no `Agent` section: say whose point of view the analysis takes", (1, 1))
            return None
        for extra in agents[1:]:
            self.error("a second `Agent` section: the analysis takes one agent's point of view", extra.role.at)
        a = agents[0]
        self.expect(a.role, "a role", "the analysing agent's role")
        goals = self.roles_and_names(tuple(a.goals), "a proposition", "a goal")
        beliefs = tuple(self.belief(b) for b in a.beliefs)
        utilities: dict[str, Fraction] = {}
        for event, value in a.utilities:
            if not self.expect(event, "an event", "a utility"):
                continue
            if event.text in utilities:
                self.error(f"a second utility for event `{event.text}`", event.at)
            utilities[event.text] = value.value
        agent = Agent(a.role.text, goals, beliefs, utilities)
        for belief_syntax, belief in zip(a.beliefs, beliefs):
            self.check_bounded_utility(belief_syntax, belief, agent)
        return agent

    def belief(self, b: sx.BeliefSyntax) -> Belief:
        self.expect(b.role, "a role", "the role a belief is about")
        conditions = []
        for c in b.precondition:
            if c.state is None:
                self.expect(c.name, "a proposition", "a precondition")
            else:
                self.expect(c.name, "a commitment", "a state test in a precondition")
            conditions.append(Condition(c.name.text, c.positive, c.state.text if c.state else None))
        distribution: list[tuple[str, Fraction]] = []
        seen: set[str] = set()
        for event, probability in b.outcomes:
            if not self.expect(event, "an event", "an outcome of a belief"):
                continue
            if event.text in seen:
                self.error(f"event `{event.text}` appears twice in this distribution", event.at)
                continue
            seen.add(event.text)
            initiator = self.syntax_initiator(event.text)
            if initiator is not None and initiator != b.role.text:
                self.error(f"event `{event.text}` is initiated by `{initiator}`, but this belief is about "
                           f"`{b.role.text}`", event.at)
            if not 0 < probability.value <= 1:
                self.error(f"probability `{probability.text}` must be greater than 0 and at most 1", probability.at)
            distribution.append((event.text, probability.value))
        total = sum((p.value for _, p in b.outcomes), Fraction(0))
        if total != 1:
            self.error(f"the probabilities of this belief sum to {_exact(total)}, not 1", b.role.at)
        return Belief(b.role.text, tuple(conditions), tuple(distribution))

    def syntax_initiator(self, event: str) -> str | None:
        for e in self.syntax.events:
            if e.name.text == event:
                return e.initiator.text if e.initiator is not None else None
        return None

    def check_bounded_utility(self, syntax: sx.BeliefSyntax, belief: Belief, agent: Agent) -> None:
        """An event with a non-zero utility must end its belief's precondition, so `util` stays bounded.

        Otherwise the belief could trigger it again and again, each time adding its utility:
        the automaton would be infinite. The event ends the precondition when it makes a
        negated proposition true, or moves a tested commitment out of the tested state.
        """
        for (event_name, _), (event, probability) in zip(belief.distribution, syntax.outcomes):
            if agent.utility(event_name) == 0:
                continue
            effects = {e.name.text: e for e in self.syntax.events}.get(event_name)
            made_true = {p.text for p in effects.effects} if effects else set()
            operation = self._operation_of(event_name)
            ends = any(
                (c.state is None and not c.positive and c.name in made_true)
                or (c.state is not None and operation is not None and operation.commitment == c.name
                    and operation.source == c.state)
                for c in belief.precondition)
            if not ends:
                self.error(f"event `{event_name}` has utility {_exact(agent.utility(event_name))} but does not end "
                           "this belief's precondition, so it could repeat forever and `util` would be unbounded; "
                           "add `!p` for an effect p of the event, or `c = S` where the event's operation "
                           "moves c out of S", event.at)

    def _operation_of(self, event: str) -> Operation | None:
        for o in self.syntax.operations:
            if o.event.text == event:
                return Operation(o.commitment.text, o.operation.text)
        return None

    def thresholds(self) -> dict[str, Fraction | None]:
        thresholds: dict[str, Fraction | None] = {kind: None for kind in PROPERTIES}
        seen: set[str] = set()
        for kind, threshold in self.syntax.properties:
            if kind.text in seen:
                self.error(f"a second threshold for `{kind.text}`", kind.at)
            seen.add(kind.text)
            if not 0 <= threshold.value <= 1:
                self.error(f"threshold `{threshold.text}` must be between 0 and 1", threshold.at)
            thresholds[kind.text] = threshold.value
        return thresholds


def _exact(value: Fraction) -> str:
    """`value` as a decimal when it has a short one, otherwise as a fraction."""
    return format_fraction(value)


def format_fraction(value: Fraction) -> str:
    """An exact number for people: `0.9`, `-6`, `1/3`."""
    if value.denominator == 1:
        return str(value.numerator)
    denominator = value.denominator
    twos = fives = 0
    while denominator % 2 == 0:
        denominator //= 2
        twos += 1
    while denominator % 5 == 0:
        denominator //= 5
        fives += 1
    if denominator != 1:
        return f"{value.numerator}/{value.denominator}"
    digits = max(twos, fives)
    scaled = abs(value.numerator) * (10 ** digits // value.denominator)
    whole, part = divmod(scaled, 10 ** digits)
    sign = "-" if value < 0 else ""
    return f"{sign}{whole}.{part:0{digits}d}"
