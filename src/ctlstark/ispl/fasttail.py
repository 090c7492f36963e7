"""A fast parser for the formula part of valid ISPL files: Groups, Fairness, Compassion, Formulae, and `-f` formulas.

`parse_tail_fast` gives EXACTLY what lark's `larkparse.parse_tail_text` gives (the same
`syntax.py` entries and formula trees, positions and entry texts included, the same
diagnostics and warnings — `entries.py` builds both), and `parse_formula_fast` what
`larkparse.parse_formula_text` gives; or None when not sure. The front end
(`parser.py`) then asks lark, which also words the syntax errors. Its point is start-up:
a small model is checked without importing lark at all.

Matching lark's tree (grammar.lark, "formulas (ctlstark syntax)"):

* Operators, loosest first: `<->` (left), `->` (right), `or`, `and` (left), `U`/`R`/`W`
  (right, between unary formulas), then the unary `!`, `X`/`F`/`G`, `A`/`E`,
  `AG`…`EF`, and the primaries. Positions follow lark's `propagate_positions`: `<->`,
  `->` and `!` take the start of their own text, the other operators their operator
  token, `<g>` its `<`; a parenthesis around a first operand counts as its start.
* Words. lark's contextual lexer reads a word as a keyword only where the grammar can use
  that keyword. Where a formula may start, every formula keyword is the keyword (they
  outrank a name there); `C`, `Fu`, `SC` only when `(` follows, as in the grammar's
  lookahead. Where only a name may stand (an agent, a group, an action), a keyword word is
  declined (`_KEYWORDS`), as is every word after a formula where no operator word fits.
* An `LTL` / `CTL*` entry is its text up to the next `;` outside a `--` comment, as
  grammar.lark's `LTL_ENTRY` / `CTLS_ENTRY` capture it.

* A comparison atom `Agent.x op v` (ispl/conditions.py) is read when its right-hand side is
  one value: `true`, `false`, a number of at most nine digits, `-n`, a name or `B.y`; `<=`,
  `>=`, `<>` and `!=` are two adjacent tokens here, one token for lark. `Agent.x` alone is
  the proposition lark's `variable_atom` makes of it.

Declined (None): every syntax error, numbers outside a comparison's value, a longer
right-hand side (arithmetic, parentheses) or a keyword as a value, a bare `x = 3`,
characters outside the formula syntax, and nesting deeper than the recursion limit allows.
"""

from __future__ import annotations

from collections.abc import Callable

from ..errors import Diagnostic
from ..logic import formula as fm
from ..logic.formula import Formula
from ..runtime import patterns
from . import syntax as sx
from .entries import CTL_QUANTIFIERS, GROUP_MODALITIES, TEMPORAL, EntryBuilder
from .fastparse import _DIGITS, _END, _LETTERS, _MOST_DIGITS, _RESERVED, _Decline  # shared by both fast parsers

__all__ = ["parse_tail_fast", "parse_formula_fast"]

# Blanks and comments (group 1 unset), or one token: a word, a number, `<->`, `->`, any other character.
_TOKEN = patterns.compile(r"[ \t\r\n\f]+|--[^\n]*|([A-Za-z][A-Za-z0-9_]*|[0-9]+|<->|->|.)", patterns.DOTALL)
_DIALECT_ENTRY = patterns.compile(r"(?:[^;\-]|-(?!-)|--[^\n]*)*")  # grammar.lark's LTL_ENTRY after `LTL`
_WORD_CHARACTER = patterns.compile(r"\w")  # Unicode's, as the `\b` of LTL_ENTRY sees it: `LTLé` is no entry there
_OPEN_PAREN_AHEAD = patterns.compile(r"\s*\(")

_QUANTIFIERS = frozenset(CTL_QUANTIFIERS)
_CTL_OPERATORS = frozenset(q + t for q in CTL_QUANTIFIERS for t in TEMPORAL)
_COMMITMENTS = frozenset({"C", "Fu", "SC"})
_BINARY_TEMPORAL = {"U": fm.U, "R": fm.R, "W": fm.W}
_ONE_CHARACTER_COMPARISONS = frozenset({"=", "<", ">"})
# Every word that is a keyword somewhere in the formula syntax or the model part: where a
# name is expected, lark might read any of these as the keyword, so the parser declines.
_KEYWORDS = frozenset({
    *TEMPORAL, *_QUANTIFIERS, *_CTL_OPERATORS, *GROUP_MODALITIES, *_COMMITMENTS, *_BINARY_TEMPORAL,
    "K", "O", "LTL", "CTL", "RedStates", "GreenStates", "Action", "Environment",
}) | _RESERVED


class _Tokens:
    """The tokens of `text[offset:]`: texts, start and end offsets, (line, column) positions, as lark counts them."""

    def __init__(self, text: str, offset: int):
        self.values: list[str] = []
        self.starts: list[int] = []
        self.ends: list[int] = []
        self.positions: list[sx.Pos] = []
        line = text.count("\n", 0, offset) + 1
        line_start = text.rfind("\n", 0, offset) + 1
        at = offset
        match = _TOKEN.match
        while at < len(text):
            found = match(text, at)
            assert found is not None  # the last alternative matches any character
            if found.group(1) is not None:
                self.values.append(found.group(1))
                self.starts.append(at)
                self.ends.append(found.end())
                self.positions.append((line, at - line_start + 1))
            newlines = text.count("\n", at, found.end())
            if newlines:
                line += newlines
                line_start = text.rfind("\n", at, found.end()) + 1
            at = found.end()
        self.values += [_END] * 3
        self.starts += [len(text)] * 3
        self.ends += [len(text)] * 3
        self.positions += [(line, len(text) - line_start + 1)] * 3


class _TailParser:
    """Recursive descent over the tokens; `self.at` is the index of the next token."""

    def __init__(self, text: str, tokens: _Tokens, entries: EntryBuilder):
        self.text = text
        self.tokens = tokens
        self.values = tokens.values
        self.positions = tokens.positions
        self.entries = entries
        self.at = 0

    # ------------------------------------------------------------ helpers

    def _expect(self, word: str) -> int:
        """Consume `word` (or decline); its token index."""
        at = self.at
        if self.values[at] != word:
            raise _Decline
        self.at = at + 1
        return at

    def _name(self, *, environment: bool = False) -> int:
        """Consume a name (`Environment` too where the grammar allows it); its token index."""
        at = self.at
        word = self.values[at]
        if word[0] not in _LETTERS or (word in _KEYWORDS and not (environment and word == "Environment")):
            raise _Decline
        self.at = at + 1
        return at

    def _sx_name(self, at: int) -> sx.Name:
        return sx.Name(self.values[at], self.positions[at])

    # ------------------------------------------------------------ sections

    def tail(self) -> tuple[tuple[sx.GroupDecl, ...], tuple[sx.FormulaSyntax, ...], tuple[sx.FormulaSyntax, ...],
                            tuple[sx.FormulaSyntax, ...]]:
        groups: tuple[sx.GroupDecl, ...] = ()
        fairness: tuple[sx.FormulaSyntax, ...] = ()
        compassion: tuple[sx.FormulaSyntax, ...] = ()
        if self.values[self.at] == "Groups":
            groups = self._groups()
        if self.values[self.at] == "Fairness":
            fairness = self._fairness()
        if self.values[self.at] == "Compassion":
            compassion = self._compassion()
        formulae = self._formulae()
        if self.values[self.at] != _END:
            raise _Decline
        return groups, fairness, compassion, formulae

    def _groups(self) -> tuple[sx.GroupDecl, ...]:
        self._expect("Groups")
        groups = []
        while self.values[self.at] != "end":
            name = self._name()
            self._expect("=")
            self._expect("{")
            members = [self._sx_name(self._name(environment=True))]
            while self.values[self.at] == ",":
                self.at += 1
                members.append(self._sx_name(self._name(environment=True)))
            self._expect("}")
            self._expect(";")
            groups.append(sx.GroupDecl(self._sx_name(name), tuple(members), self.positions[name]))
        self._expect("end")
        self._expect("Groups")
        return tuple(groups)

    def _fairness(self) -> tuple[sx.FormulaSyntax, ...]:
        return self._entries("Fairness", lambda: self._default_entry(fairness=True))

    def _compassion(self) -> tuple[sx.FormulaSyntax, ...]:
        return self._entries("Compassion", lambda: self._default_entry(fairness=False, compassion=True))

    def _formulae(self) -> tuple[sx.FormulaSyntax, ...]:
        return self._entries("Formulae", self.entry)

    def _entries(self, section: str, read: Callable[[], sx.FormulaSyntax]) -> tuple[sx.FormulaSyntax, ...]:
        """`section entry; entry; … end section`."""
        self._expect(section)
        entries = []
        while self.values[self.at] != "end":
            entries.append(read())
            self._expect(";")
        self._expect("end")
        self._expect(section)
        return tuple(entries)

    # ------------------------------------------------------------ entries

    def entry(self) -> sx.FormulaSyntax:
        """One `Formulae` entry: an `LTL` / `CTL*` entry or a formula in ctlstark's syntax."""
        at = self.at
        word = self.values[at]
        if word == "LTL":
            if _WORD_CHARACTER.match(self.text, self.tokens.ends[at]):
                raise _Decline  # a letter outside ASCII after `LTL`: for lark, no entry but a bad character
            return self._dialect_entry("ltl")
        if word == "CTL" and self.text.startswith("*", self.tokens.ends[at]):
            return self._dialect_entry("ctlstar")
        return self._default_entry(fairness=False)

    def _default_entry(self, *, fairness: bool, compassion: bool = False) -> sx.FormulaSyntax:
        first = self.at
        formula = self.formula()
        return self.entries.default_entry(formula, self.tokens.starts[first], self.tokens.ends[self.at - 1],
                                          self.positions[first], fairness=fairness, compassion=compassion)

    def _dialect_entry(self, mode: str) -> sx.FormulaSyntax:
        """The entry's text runs to the next `;` outside a comment; the tokens inside it are skipped."""
        first = self.at
        start = self.tokens.starts[first]
        end = _DIALECT_ENTRY.match(self.text, start + 3).end()
        while self.tokens.starts[self.at] < end:
            self.at += 1
        return self.entries.dialect_entry(self.text[start:end], self.positions[first], mode)

    # ------------------------------------------------------------ formulas, loosest operator first
    # Each level returns the formula and the token index where its text starts.

    def formula(self) -> Formula:
        left, start = self._implication()
        while self.values[self.at] == "<->":
            self.at += 1
            right, _ = self._implication()
            left = fm.Iff(left, right, pos=self.positions[start])
        return left

    def _implication(self) -> tuple[Formula, int]:
        left, start = self._disjunction()
        if self.values[self.at] != "->":
            return left, start
        self.at += 1
        right, _ = self._implication()
        return fm.Implies(left, right, pos=self.positions[start]), start

    def _disjunction(self) -> tuple[Formula, int]:
        return self._left_chain("or", fm.Or, self._conjunction)

    def _conjunction(self) -> tuple[Formula, int]:
        return self._left_chain("and", fm.And, self._binary)

    def _left_chain(self, word: str, node: type, operand: Callable[[], tuple[Formula, int]]) -> tuple[Formula, int]:
        """`operand (word operand)*`, left-nested, each node at its operator."""
        left, start = operand()
        while self.values[self.at] == word:
            operator = self.at
            self.at += 1
            right, _ = operand()
            left = node(left, right, pos=self.positions[operator])
        return left, start

    def _binary(self) -> tuple[Formula, int]:
        left, start = self._unary()
        node = _BINARY_TEMPORAL.get(self.values[self.at])
        if node is None:
            return left, start
        operator = self.at
        self.at += 1
        right, _ = self._binary()
        return node(left, right, pos=self.positions[operator]), start

    def _unary(self) -> tuple[Formula, int]:
        at = self.at
        word = self.values[at]
        pos = self.positions[at]
        if word == "!":
            self.at = at + 1
            operand, _ = self._unary()
            return fm.Not(operand, pos=pos), at
        if word in TEMPORAL:
            self.at = at + 1
            operand, _ = self._unary()
            return TEMPORAL[word](operand, pos=pos), at
        if word in _QUANTIFIERS:
            self.at = at + 1
            operand, _ = self._unary()
            return self.entries.quantified(word, operand, pos), at
        if word in _CTL_OPERATORS:
            self.at = at + 1
            operand, _ = self._unary()
            return CTL_QUANTIFIERS[word[0]](TEMPORAL[word[1]](operand, pos=pos), pos=pos), at
        return self._primary(), at

    def _primary(self) -> Formula:
        at = self.at
        word = self.values[at]
        pos = self.positions[at]
        if word == "(":
            self.at = at + 1
            inner = self.formula()
            self._expect(")")
            return self.entries.parenthesised(inner)
        if word == "<":
            return self._coalition()
        if word == "true" or word == "false":
            self.at = at + 1
            return fm.Const(word == "true", pos=pos)
        if word == "K" or word == "O":
            self.at = at + 1
            self._expect("(")
            agent = self._name(environment=True)
            self._expect(",")
            operand = self.formula()
            self._expect(")")
            return (fm.K if word == "K" else fm.O)(self.values[agent], operand, pos=pos)
        if word in GROUP_MODALITIES:
            self.at = at + 1
            self._expect("(")
            group = self._name()
            self._expect(",")
            operand = self.formula()
            self._expect(")")
            return GROUP_MODALITIES[word](self.values[group], operand, pos=pos)
        if word in _COMMITMENTS and _OPEN_PAREN_AHEAD.match(self.text, self.tokens.ends[at]):
            return self._commitment(word)
        if word == "Environment" or (word[0] in _LETTERS and word not in _KEYWORDS):
            if self.values[at + 1] == ".":
                return self._agent_atom()
            if word == "Environment":
                raise _Decline
            self.at = at + 1
            return fm.Prop(word, pos=pos)
        raise _Decline

    def _agent_atom(self) -> Formula:
        """`agent.RedStates`, `agent.GreenStates`, `agent.Action = a`, or a comparison `agent.x = v`."""
        agent = self.at
        self.at += 2
        member = self.values[self.at]
        pos = self.positions[agent]
        if member == "RedStates" or member == "GreenStates":
            self.at += 1
            return fm.AgentStates(self.values[agent], "red" if member == "RedStates" else "green", pos=pos)
        if member != "Action":
            return self._comparison(agent)
        self._expect("Action")
        self._expect("=")
        action = self._name()
        return fm.ActionAtom(self.values[agent], self.values[action], pos=pos)

    def _comparison(self, agent: int) -> Formula:
        """`agent.x op value` with one value token (or `-n`, `B.y`); `agent.x` alone as lark reads it."""
        variable = self._name()
        left = sx.Qualified(self.values[agent], self.values[variable], self.positions[agent])
        operator = self._comparison_operator()
        if operator is None:
            return fm.Prop(f"{left.agent}.{left.name}", pos=left.pos)
        operator_pos = self.positions[self.at]
        self.at += len(operator)
        return self.entries.comparison(left, operator, operator_pos, self._value())

    def _comparison_operator(self) -> str | None:
        """The comparison operator at the next token (`<=` etc. are two adjacent tokens here), or None."""
        at = self.at
        first, second = self.values[at], self.values[at + 1]
        adjacent = self.tokens.ends[at] == self.tokens.starts[at + 1]
        if first in ("<", ">", "!") and adjacent and (second == "=" or (first == "<" and second == ">")):
            return first + second
        return first if first in _ONE_CHARACTER_COMPARISONS else None

    def _value(self) -> sx.Expr:
        """The right-hand side of a comparison when it is one value; anything longer is declined."""
        at = self.at
        word = self.values[at]
        pos = self.positions[at]
        if word == "true" or word == "false":
            self.at = at + 1
            return sx.BoolLit(word == "true", pos)
        if word == "-":
            digits = self.values[at + 1]
            if digits[0] not in _DIGITS or len(digits) > _MOST_DIGITS:
                raise _Decline
            self.at = at + 2
            return sx.IntLit(-int(digits), pos)
        if word[0] in _DIGITS:
            if len(word) > _MOST_DIGITS:
                raise _Decline
            self.at = at + 1
            return sx.IntLit(int(word), pos)
        if self.values[at + 1] == ".":
            agent = self._name(environment=True)
            self.at += 1
            return sx.Qualified(self.values[agent], self.values[self._name()], pos)
        self.at = at + 1
        if word[0] not in _LETTERS or word in _KEYWORDS:
            raise _Decline
        return sx.Ident(word, pos)

    def _commitment(self, word: str) -> Formula:
        """`C(d, c, φ)`, `Fu(C(d, c, φ))`, `SC(d, c, ψ)` or `SC(d, c, φ, ψ)`."""
        pos = self.positions[self.at]
        self.at += 1
        self._expect("(")
        if word == "Fu":
            inner = self.at
            if self.values[inner] != "C" or not _OPEN_PAREN_AHEAD.match(self.text, self.tokens.ends[inner]):
                raise _Decline
            self.at += 1
            self._expect("(")
        debtor = self.values[self._name(environment=True)]
        self._expect(",")
        creditor = self.values[self._name(environment=True)]
        self._expect(",")
        operand = self.formula()
        if word == "SC" and self.values[self.at] == ",":
            self.at += 1
            path = self.formula()
            self._expect(")")
            return fm.SC(debtor, creditor, path, operand, pos=pos)
        self._expect(")")
        if word == "Fu":
            self._expect(")")
            return fm.Fu(debtor, creditor, operand, pos=pos)
        return (fm.C if word == "C" else fm.SC)(debtor, creditor, operand, pos=pos)

    def _coalition(self) -> Formula:
        """`<g> X φ` (also `F`, `G`) or `<g>(φ U ψ)`."""
        start = self.at
        self.at += 1
        group = self.values[self._name()]
        self._expect(">")
        at = self.at
        word = self.values[at]
        if word in TEMPORAL:
            self.at = at + 1
            operand, _ = self._unary()
            return fm.ATL(group, TEMPORAL[word](operand, pos=self.positions[at]), pos=self.positions[start])
        self._expect("(")
        inner = self.formula()
        self._expect(")")
        return self.entries.coalition_parenthesised(group, inner, self.positions[start])


def parse_tail_fast(text: str, filename: str, offset: int) -> tuple[
        tuple[sx.GroupDecl, ...], tuple[sx.FormulaSyntax, ...], tuple[sx.FormulaSyntax, ...],
        tuple[sx.FormulaSyntax, ...], list[Diagnostic]] | None:
    """Groups, Fairness, Compassion and Formulae of a valid file whose tail starts at `offset`, as lark reads
    them (`larkparse.parse_tail_text`); None when not sure."""
    entries = EntryBuilder(text, filename)
    parser = _TailParser(text, _Tokens(text, offset), entries)
    try:
        groups, fairness, compassion, formulae = parser.tail()
    except (_Decline, RecursionError):
        return None
    return groups, fairness, compassion, formulae, entries.diagnostics


def parse_formula_fast(text: str, source: str) -> tuple[sx.FormulaSyntax, list[Diagnostic]] | None:
    """One formula entry given on its own (no `;`), as `larkparse.parse_formula_text` reads it; None when not sure."""
    entries = EntryBuilder(text, source)
    parser = _TailParser(text, _Tokens(text, 0), entries)
    try:
        entry = parser.entry()
    except (_Decline, RecursionError):
        return None
    if parser.values[parser.at] != _END:
        return None
    return entry, entries.diagnostics
