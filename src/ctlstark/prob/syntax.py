"""Protocol text → syntax tree (positions kept), with located syntax errors.

The grammar is `grammar.lark` (LALR, contextual lexer, like the ISPL front end). Nothing
is checked here beyond the grammar: names and numbers are resolved by `protocol.py`.
A syntax error becomes the same `Diagnostic` the ISPL parser gives.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from importlib import resources
from typing import Any

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError

from ..errors import Diagnostic, IsplError, source_line_of
from ..runtime.records import record

Position = tuple[int, int]


@record
class Name:
    """A name as written, with its 1-based (line, column)."""

    text: str
    at: Position


@record
class Number:
    """An exact number as written (`0.9`, `-3`, `1/3`)."""

    value: Fraction
    at: Position
    text: str


@record
class EventSyntax:
    name: Name
    initiator: Name | None
    effects: tuple[Name, ...]


@record
class CommitmentSyntax:
    name: Name
    debtor: Name
    creditor: Name
    antecedent: tuple[Name, ...]
    consequent: tuple[Name, ...]


@record
class OperationSyntax:
    event: Name
    operation: Name
    commitment: Name


@record
class ConditionSyntax:
    """One conjunct of a precondition: `p` (`state` None, `positive`), `!p`, or `c = State`."""

    name: Name
    positive: bool = True
    state: Name | None = None


@record
class BeliefSyntax:
    role: Name
    precondition: tuple[ConditionSyntax, ...]
    outcomes: tuple[tuple[Name, Number], ...]


@dataclass
class AgentSyntax:
    role: Name
    goals: list[Name] = field(default_factory=list)
    beliefs: list[BeliefSyntax] = field(default_factory=list)
    utilities: list[tuple[Name, Number]] = field(default_factory=list)


@dataclass
class ProtocolSyntax:
    """Every declaration of a file, in file order."""

    roles: list[Name] = field(default_factory=list)
    propositions: list[Name] = field(default_factory=list)
    events: list[EventSyntax] = field(default_factory=list)
    commitments: list[CommitmentSyntax] = field(default_factory=list)
    operations: list[OperationSyntax] = field(default_factory=list)
    agents: list[AgentSyntax] = field(default_factory=list)
    properties: list[tuple[Name, Number]] = field(default_factory=list)


@lru_cache(maxsize=None)
def _lark() -> Lark:
    grammar = resources.files(__package__).joinpath("grammar.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", lexer="contextual", propagate_positions=True, maybe_placeholders=True)


def parse_protocol_syntax(text: str, filename: str) -> ProtocolSyntax:
    """The syntax tree of a protocol file; `IsplError` (one located diagnostic) on a syntax error."""
    try:
        tree = _lark().parse(text)
    except UnexpectedInput as error:
        raise IsplError([_syntax_diagnostic(error, text, filename)]) from None
    try:
        sections = _Builder().transform(tree)
    except VisitError as error:  # a number lark accepted but Fraction did not (e.g. `1/0`)
        if isinstance(error.orig_exc, _BadNumber):
            line, column = error.orig_exc.at
            raise IsplError([diagnostic(str(error.orig_exc), filename, (line, column), text)]) from None
        raise
    syntax = ProtocolSyntax()
    for kind, value in sections:
        if kind == "agent":
            syntax.agents.append(value)
        else:
            getattr(syntax, kind).extend(value)
    return syntax


def diagnostic(message: str, filename: str, at: Position, text: str) -> Diagnostic:
    """An error Diagnostic at `at`, quoting its line of `text`."""
    return Diagnostic(message, filename, at[0], at[1], source_line_of(text, at[0]))


_TERMINAL_WORDS = {
    "NAME": "a name", "SIGNED_NUMBER": "a number", "INT": "a whole number", "OPERATION": "an operation "
    "(create, detach, expire, discharge, cancel)", "STATE": "a commitment state (Null, Con, Act, Ful, Vio, Exp)",
    "PROPERTY": "a property (conformance, achievement, benefit)", "$END": "the end of the input",
    "SEMICOLON": "`;`", "COMMA": "`,`", "COLON": "`:`", "LPAR": "`(`", "RPAR": "`)`", "MORETHAN": "`>`",
    "EQUAL": "`=`", "BANG": "`!`", "SLASH": "`/`", "TRUE": "`true`", "_BY": "`by`", "_MAKES": "`makes`",
    "_IF": "`if`", "_AND": "`and`",
}


def _words(expected: set[str]) -> str:
    words = []
    for name in expected:
        if name in _TERMINAL_WORDS:
            words.append(_TERMINAL_WORDS[name])
        else:
            try:
                words.append(f"`{_lark().get_terminal(name).pattern.value}`")
            except KeyError:
                words.append(name)
    return ", ".join(sorted(set(words)))


def _syntax_diagnostic(error: UnexpectedInput, text: str, filename: str) -> Diagnostic:
    line, column = max(error.line, 1), max(error.column, 1)
    if isinstance(error, UnexpectedCharacters):
        char = text[error.pos_in_stream] if error.pos_in_stream < len(text) else ""
        message = f"unexpected `{char}` here; expected {_words(set(error.allowed))}"
    elif isinstance(error, UnexpectedToken):
        token = error.token
        shown = "the end of the input" if token.type == "$END" else f"`{token}`"
        message = f"unexpected {shown}; expected {_words(set(error.expected))}"
        if token.type == "$END":
            line = text.count("\n") + 1
            column = len(text) - (text.rfind("\n") + 1) + 1
    else:  # pragma: no cover - lark raises one of the two above
        message = "syntax error"
    return diagnostic(message, filename, (line, column), text)


class _BadNumber(Exception):
    def __init__(self, message: str, at: Position):
        super().__init__(message)
        self.at = at


def _name(token: Token) -> Name:
    return Name(str(token), (token.line or 1, token.column or 1))


@v_args(inline=True)
class _Builder(Transformer):
    """Parse tree → (section kind, declarations) pairs."""

    def start(self, *sections: Any) -> list[Any]:
        return list(sections)

    def name_list(self, *names: Token) -> list[Name]:
        return [_name(n) for n in names]

    def roles(self, names: list[Name]) -> tuple[str, list[Name]]:
        return "roles", names

    def propositions(self, names: list[Name]) -> tuple[str, list[Name]]:
        return "propositions", names

    def event_decl(self, name: Token, initiator: Token | None, effects: list[Name] | None) -> EventSyntax:
        return EventSyntax(_name(name), _name(initiator) if initiator else None, tuple(effects or ()))

    def events(self, *declarations: EventSyntax) -> tuple[str, list[EventSyntax]]:
        return "events", list(declarations)

    def conjunction(self, *names: Token) -> tuple[Name, ...]:
        return tuple(_name(n) for n in names)

    def commitment_decl(self, name: Token, debtor: Token, creditor: Token, antecedent: tuple[Name, ...],
                        consequent: tuple[Name, ...]) -> CommitmentSyntax:
        return CommitmentSyntax(_name(name), _name(debtor), _name(creditor), antecedent, consequent)

    def commitments(self, *declarations: CommitmentSyntax) -> tuple[str, list[CommitmentSyntax]]:
        return "commitments", list(declarations)

    def operation_decl(self, event: Token, operation: Token, commitment: Token) -> OperationSyntax:
        return OperationSyntax(_name(event), _name(operation), _name(commitment))

    def operations(self, *declarations: OperationSyntax) -> tuple[str, list[OperationSyntax]]:
        return "operations", list(declarations)

    def positive(self, name: Token) -> ConditionSyntax:
        return ConditionSyntax(_name(name))

    def negative(self, name: Token) -> ConditionSyntax:
        return ConditionSyntax(_name(name), positive=False)

    def state_test(self, name: Token, state: Token) -> ConditionSyntax:
        return ConditionSyntax(_name(name), state=_name(state))

    def precondition(self, *conditions: Any) -> tuple[ConditionSyntax, ...]:
        return tuple(c for c in conditions if isinstance(c, ConditionSyntax))  # `true` is the empty conjunction

    def outcome(self, event: Token, probability: Number) -> tuple[Name, Number]:
        return _name(event), probability

    def belief_decl(self, role: Token, precondition: tuple[ConditionSyntax, ...], *outcomes: tuple[Name, Number]
                    ) -> BeliefSyntax:
        return BeliefSyntax(_name(role), precondition, tuple(outcomes))

    def goals(self, names: list[Name]) -> tuple[str, list[Name]]:
        return "goals", names

    def beliefs(self, *declarations: BeliefSyntax) -> tuple[str, list[BeliefSyntax]]:
        return "beliefs", list(declarations)

    def utility_decl(self, event: Token, value: Number) -> tuple[Name, Number]:
        return _name(event), value

    def utilities(self, *declarations: tuple[Name, Number]) -> tuple[str, list[tuple[Name, Number]]]:
        return "utilities", list(declarations)

    def agent(self, role: Token, *parts: tuple[str, list[Any]]) -> tuple[str, AgentSyntax]:
        agent = AgentSyntax(_name(role))
        for kind, values in parts:
            getattr(agent, kind).extend(values)
        return "agent", agent

    def property_decl(self, kind: Token, threshold: Number) -> tuple[Name, Number]:
        return _name(kind), threshold

    def properties(self, *declarations: tuple[Name, Number]) -> tuple[str, list[tuple[Name, Number]]]:
        return "properties", list(declarations)

    def number(self, numerator: Token, denominator: Token | None) -> Number:
        at = (numerator.line or 1, numerator.column or 1)
        text = str(numerator) if denominator is None else f"{numerator}/{denominator}"
        value = Fraction(str(numerator))
        if denominator is not None:
            if int(denominator) == 0:
                raise _BadNumber(f"`{text}`: division by zero", at)
            value /= int(denominator)
        return Number(value, at, text)
