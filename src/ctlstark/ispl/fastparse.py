"""A fast parser for the model part of valid ISPL files; lark (larkparse.py) stays the reference and reports errors.

lark's LALR parser builds a parse tree and then transforms it: 10-40 µs per token,
seconds on generated models of a few hundred KB (~1 µs per token here). This module reads the model part
of a file (Semantics … InitStates) with one compiled regular expression and a
hand-written recursive-descent / precedence-climbing parser, and hands the small
tail (Groups, Fairness, Compassion, Formulae) to `parser.parse_tail_syntax` (fasttail.py, or lark
when that declines).

`parse_model_fast` gives EXACTLY what `larkparse.parse_model_text` gives
(the same `syntax.py` tree, positions included, and the same diagnostics), or None
when it is not sure: on any syntax error in the model part and on every construct it
does not handle (listed below). The caller then runs the lark path, which produces the
precise error message. Never a wrong answer, at worst a slow one. A syntax error in the
tail is lark's to report already (`parser.parse_tail_syntax`): IsplError, the same as
the whole file's parse gives.

Matching lark's tree:

* Tokens. lark uses a contextual lexer: a keyword is a keyword only where the grammar
  can use it; elsewhere the same word is a name. This parser reads words by context
  the same way, and declines (None) wherever a name is expected but a model keyword
  (`_RESERVED`) is written, rather than reproduce which keyword lark would read there.
  `--` always starts a comment in the model part (lark's COMMENT outranks `-`).
* Positions. lark's `propagate_positions` gives a rule node the position of the first
  token of its own text (a parenthesis around its first operand counts, one around
  the node itself does not). The `_Builder` takes some positions from nodes (e.g.
  `a + b`: the start of `a`, with its parentheses) and some from operator tokens
  (`and`, `or`, `<`: the operator). The parsers below track the token index where
  each operand's text starts (`start`) to give the same positions.
* Shapes. Every binary operator of the grammar is left-associative: chains are built
  left-nested, iteratively (an InitStates line can have 10,000 conjuncts).
* A `(` where a condition starts may open a parenthesised condition or a parenthesised
  expression that is then compared (`(a + 1) = b`); `_cond_atom` reads the inside as
  either and decides on what it found, as the LALR parser does.

A guard written twice. A GDL translation guards `x = false` with `!( G )` where `x = true`
has `G`: half of its text. The tokenizer takes the tokens of a long guard found again in the
next line from that line (where no token can span the seams: `_boundary`), the parser gives the
negation a copy of the first tree with the positions moved (`_negated_copy`) and marks the line
(`EvolutionLine.negates_previous_guard`), and the resolver takes the meaning of `G` from the
line before instead of resolving it again. nim1: 464 → 438 M instructions for the whole check.

Declined by design (None, and lark decides):

* every syntax error;
* a model keyword (`_RESERVED`: `end`, `Other`, `true`, `Action`, `and`, ...) where a
  name goes, e.g. `e : {on, Other}` or `x = end`: lark may read it as a name there;
* a keyword glued to the next word, which lark's contextual lexer may split
  (`endInitStates`, `end EvaluationInitStates`);
* parentheses nested deeper than the recursion limit allows (RecursionError), and
  a number of ten digits or more (the lark path reports those outside 32 bits);
* nothing after InitStates is read here: Groups, Fairness, Compassion and Formulae go to
  `parser.parse_tail_syntax` (a syntax error there raises lark's IsplError).
"""

from __future__ import annotations

import gc
from bisect import bisect_left
from itertools import accumulate, repeat

from ..errors import Diagnostic
from ..runtime import patterns
from . import syntax as sx

__all__ = ["parse_model_fast"]

# ---------------------------------------------------------------- tokens

# One token: a word, a number, a two-character symbol, or any other non-blank character (a
# one-character symbol, or a character lark rejects, which no rule below accepts). Splitting a line
# by it leaves the blanks between the tokens. The common one-character symbols come first: the
# regular expression engine tries the alternatives in order. Comments are cut off each line first.
_TOKEN = patterns.compile(r"([()=;,:{}!&|~+*/^]|[A-Za-z][A-Za-z0-9_]*|[0-9]+|\.\.|<>|<=|>=|[^ \t\r\f])")

_END = "\x00end-of-input"  # a sentinel no token can equal; three of them end the token list
_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")  # not `string`'s: its import
_DIGITS = frozenset("0123456789")  # compiles Template's pattern, 1 ms

# Every word that is a keyword terminal somewhere in the model part of the grammar.
# Where a name is expected, lark reads such a word as a name or as the keyword
# depending on its LALR state; this parser declines instead (the resolver rejects
# these names anyway). The words of the formula syntax (`A`, `X`, `R`, `K`, ...) are
# keywords only in formula states, so they are ordinary names here.
_RESERVED = frozenset({
    "Semantics", "Agent", "Environment", "end", "Obsvars", "Vars", "boolean", "Lobsvars",
    "RedStates", "Actions", "Protocol", "Other", "Evolution", "Action", "true", "false",
    "Evaluation", "InitStates", "Groups", "Fairness", "Compassion", "Formulae", "GreenStates", "and", "or", "if",
})
_TAIL_WORDS = frozenset({"Groups", "Fairness", "Compassion", "Formulae"})
_SEMANTICS = {"MultiAssignment": "multi", "MA": "multi", "SingleAssignment": "single", "SA": "single"}
_COMPARISONS = frozenset({"<", ">", "<=", ">=", "<>"})
_MOST_DIGITS = 9  # longer numbers may lie outside ISPL's 32-bit integers: lark's path reports those

# Binary operators of expressions and their precedence (all left-associative), as in
# grammar.lark: expr (| ^) < bit_term (&) < bit_factor (~, unary) < arith (+ -) < term (* /).
_PRECEDENCE = {"|": 1, "^": 1, "&": 2, "+": 4, "-": 4, "*": 5, "/": 5}
_BIT_FACTOR = 3  # `~ arith` may stand only where a bit_factor may: operands of `|`, `^`, `&`
_ARITH = 4


def _tokenize(lines: list[str]) -> tuple[list[str], list[sx.Pos]]:
    """The tokens of the file (their texts) and their (line, column) positions, lark's way.

    Lines are tokenized one by one (no token spans a line in the model part), so the
    column is the offset in the line plus one, as lark counts it. A line that repeats the
    guard of the line before (a GDL translation guards `x = false` with `!( G )` where
    `x = true` has `G`, half of its text) takes that guard's tokens from it.
    """
    values: list[str] = []
    positions: list[sx.Pos] = []
    earlier: _Guard | None = None
    for number, line in enumerate(lines, 1):
        cut = line.find("--")
        if cut >= 0:
            line = line[:cut]
        texts, columns = _line_tokens(line, earlier)
        if texts:
            values += texts
            positions += zip(repeat(number), columns)
        earlier = _long_guard(line, texts, columns)
    values += (_END, _END, _END)
    positions += ((0, 0),) * 3
    return values, positions


def _split_tokens(text: str, column: int) -> tuple[list[str], list[int]]:
    """The tokens of `text` and their columns, `text` starting at `column`.

    `re.split` gives the blanks and the tokens in turn, and the columns are the running
    sums of their lengths: no match object per token and no Python loop over the tokens
    (`finditer` made the tokens of a GDL translation cost a sixth more).
    """
    pieces = _TOKEN.split(text)  # blanks, token, blanks, token, ..., blanks
    starts = list(accumulate(map(len, pieces), initial=column))  # the column each piece starts at
    return pieces[1::2], starts[1:-1:2]


class _Guard:
    """The guard of an evolution line (its text, its tokens and their columns, the first one where
    the text starts), long enough to be worth finding in the next line."""

    __slots__ = ("text", "tokens", "columns")

    def __init__(self, text: str, tokens: list[str], columns: list[int]):
        self.text, self.tokens, self.columns = text, tokens, columns


_REUSED_GUARD = 64
"""The fewest characters of a guard the next line is searched for (a short one is tokenized faster)."""
_JOINING = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.<>=")
"""The characters of the tokens longer than one character: two of them side by side may be one token."""


def _line_tokens(line: str, earlier: _Guard | None) -> tuple[list[str], list[int]]:
    """The tokens of `line` and their columns; the tokens of the `earlier` guard taken over where
    the line contains its text between token boundaries."""
    if earlier is not None:
        at = line.find(earlier.text)
        after = at + len(earlier.text)
        if at > 0 and _boundary(line, at) and _boundary(line, after):
            before_texts, before_columns = _split_tokens(line[:at], 1)
            after_texts, after_columns = _split_tokens(line[after:], after + 1)
            moved = list(map((at + 1 - earlier.columns[0]).__add__, earlier.columns))
            return before_texts + earlier.tokens + after_texts, before_columns + moved + after_columns
    return _split_tokens(line, 1)


def _boundary(line: str, at: int) -> bool:
    """Whether no token can span offset `at` of `line` (a blank or a one-character symbol beside it)."""
    return at == len(line) or line[at - 1] not in _JOINING or line[at] not in _JOINING


def _long_guard(line: str, tokens: list[str], columns: list[int]) -> _Guard | None:
    """The text after `if` up to `;` in `line`, with its tokens, when it is long (else None).

    Blanks or `;` stand on either side of it, so its tokens are the ones it has on its own.
    """
    keyword = line.find(" if ")
    if keyword < 0:
        return None
    end = line.rfind(";")
    text = line[keyword + 4:end].strip()
    if end < keyword or len(text) < _REUSED_GUARD:
        return None
    first = bisect_left(columns, keyword + 5)  # the text's first token: after `if`, blanks stripped
    last = bisect_left(columns, columns[first] + len(text))
    return _Guard(text, tokens[first:last], columns[first:last])


class _Decline(Exception):
    """Raised where the fast parser is not sure: the lark path takes over."""


# ---------------------------------------------------------------- the parser


class _Parser:
    """Recursive descent over the token list; `self.at` is the index of the next token."""

    def __init__(self, values: list[str], positions: list[sx.Pos]):
        self.values = values
        self.positions = positions
        self.at = 0

    # ------------------------------------------------------------ helpers

    def _expect(self, word: str) -> sx.Pos:
        """Consume the token `word` (or decline); its position."""
        at = self.at
        if self.values[at] != word:
            raise _Decline
        self.at = at + 1
        return self.positions[at]

    def _name(self) -> sx.Name:
        """Consume a name (an ID that no model keyword could be)."""
        at = self.at
        word = self.values[at]
        if word[0] not in _LETTERS or word in _RESERVED:
            raise _Decline
        self.at = at + 1
        return sx.Name(word, self.positions[at])

    def _name_list(self, closing: str, allow_empty: bool) -> tuple[sx.Name, ...]:
        """`name ("," name)*` up to and including `closing` (`[...]` when `allow_empty`)."""
        if allow_empty and self.values[self.at] == closing:
            self.at += 1
            return ()
        names = [self._name()]
        while self.values[self.at] == ",":
            self.at += 1
            names.append(self._name())
        self._expect(closing)
        return tuple(names)

    # ------------------------------------------------------------ file structure

    def model_part(self) -> tuple[str | None, sx.AgentDecl | None, tuple[sx.AgentDecl, ...],
                                  tuple[sx.PropositionDecl, ...], sx.Pos, sx.Expr]:
        """Semantics … InitStates; leaves `self.at` on the first token of the tail."""
        values = self.values
        semantics = None
        if values[0] == "Semantics":
            self.at = 1
            self._expect("=")
            semantics = _SEMANTICS.get(values[self.at])
            if semantics is None:
                raise _Decline
            self.at += 1
            self._expect(";")
        environment = None
        if values[self.at] == "Agent" and values[self.at + 1] == "Environment":
            environment = self._agent(is_environment=True)
        agents = []
        while values[self.at] == "Agent":
            agents.append(self._agent(is_environment=False))
        if not agents:
            raise _Decline
        evaluation_pos = self._expect("Evaluation")
        evaluation = []
        while values[self.at] != "end":
            name = self._name()
            self._expect("if")
            condition = self.condition()
            self._expect(";")
            evaluation.append(sx.PropositionDecl(name, condition, name.pos))
        self._expect("end")
        self._expect("Evaluation")
        self._expect("InitStates")
        initial = self.condition()
        self._expect(";")
        self._expect("end")
        self._expect("InitStates")
        return semantics, environment, tuple(agents), tuple(evaluation), evaluation_pos, initial

    def _agent(self, is_environment: bool) -> sx.AgentDecl:
        """`Agent Environment …` or `Agent Name …`, up to `end Agent`."""
        values = self.values
        pos = self._expect("Agent")
        if is_environment:
            name = sx.Name("Environment", self._expect("Environment"))
        else:
            name = self._name()
        obsvars = variables = lobsvars = red_states = None
        if is_environment:
            if values[self.at] == "Obsvars":
                obsvars = self._var_section("Obsvars")
            if values[self.at] == "Vars":
                variables = self._var_section("Vars")
        else:
            if values[self.at] == "Lobsvars":
                self.at += 1
                self._expect("=")
                self._expect("{")
                lobsvars = self._name_list("}", allow_empty=True)
                self._expect(";")
            variables = self._var_section("Vars")
        if values[self.at] == "RedStates":
            red_states = self._red_states()
        actions_pos = self._expect("Actions")
        self._expect("=")
        self._expect("{")
        actions = self._name_list("}", allow_empty=True)
        self._expect(";")
        protocol_pos, protocol = self._protocol()
        evolution_pos, evolution = self._evolution()
        self._expect("end")
        self._expect("Agent")
        return sx.AgentDecl(
            name=name, is_environment=is_environment, obsvars=obsvars, vars=variables,
            lobsvars=lobsvars, red_states=red_states, actions=actions, actions_pos=actions_pos,
            protocol=protocol, protocol_pos=protocol_pos, evolution=evolution,
            evolution_pos=evolution_pos, pos=pos)

    def _var_section(self, word: str) -> tuple[sx.VarDecl, ...]:
        """`Obsvars: … end Obsvars` or `Vars: … end Vars`."""
        self._expect(word)
        self._expect(":")
        declarations = []
        while self.values[self.at] != "end":
            name = self._name()
            self._expect(":")
            declarations.append(sx.VarDecl(name, self._var_type(), name.pos))
            self._expect(";")
        self.at += 1
        self._expect(word)
        return tuple(declarations)

    def _var_type(self) -> sx.TypeSpec:
        """`boolean`, `low..high` or `{a, b, …}`."""
        at = self.at
        word = self.values[at]
        if word == "boolean":
            self.at = at + 1
            return sx.BoolTypeSpec(self.positions[at])
        if word == "{":
            self.at = at + 1
            return sx.EnumTypeSpec(self._name_list("}", allow_empty=False), self.positions[at])
        low = self._integer()
        self._expect("..")
        return sx.RangeTypeSpec(low, self._integer(), self.positions[at])

    def _integer(self) -> int:
        """`INT` or `- INT` (a range bound)."""
        at = self.at
        word = self.values[at]
        sign = 1
        if word == "-":
            sign, at = -1, at + 1
            word = self.values[at]
        if word[0] not in _DIGITS or len(word) > _MOST_DIGITS:
            raise _Decline
        self.at = at + 1
        return sign * int(word)

    def _red_states(self) -> sx.Expr | None:
        """`RedStates: [condition;] end RedStates`."""
        self._expect("RedStates")
        self._expect(":")
        condition = None
        if self.values[self.at] != "end":
            condition = self.condition()
            self._expect(";")
        self._expect("end")
        self._expect("RedStates")
        return condition

    def _protocol(self) -> tuple[sx.Pos, tuple[sx.ProtocolLine, ...]]:
        """`Protocol: condition : {actions}; … Other : {actions}; end Protocol`."""
        values, positions = self.values, self.positions
        pos = self._expect("Protocol")
        self._expect(":")
        lines = []
        while (word := values[self.at]) != "end":
            start = self.at
            if word == "Other":
                self.at += 1
                condition = None
            else:
                condition = self.condition()
            self._expect(":")
            self._expect("{")
            actions = self._name_list("}", allow_empty=False)
            self._expect(";")
            lines.append(sx.ProtocolLine(condition, actions, positions[start]))
        self.at += 1
        self._expect("Protocol")
        return pos, tuple(lines)

    def _evolution(self) -> tuple[sx.Pos, tuple[sx.EvolutionLine, ...]]:
        """`Evolution: assignments if condition; … end Evolution`."""
        pos = self._expect("Evolution")
        self._expect(":")
        lines = []
        values = self.values
        previous: tuple[sx.Expr, int, int] | None = None  # the line before's guard, and its tokens' range
        while values[self.at] != "end":
            start = self.at
            assignments: list[sx.Assignment] = []
            self._assignments(assignments)
            self._expect("if")
            first = self.at
            guard = self._negated_copy(previous) if previous is not None else None
            negates_previous = guard is not None
            if guard is None:
                guard = self.condition()
            previous = guard, first, self.at
            self._expect(";")
            lines.append(sx.EvolutionLine(tuple(assignments), guard, self.positions[start], negates_previous))
        self.at += 1
        self._expect("Evolution")
        return pos, tuple(lines)

    def _negated_copy(self, previous: tuple[sx.Expr, int, int]) -> sx.Expr | None:
        """`!( G )` here, where G is, token for token, the text of the `previous` guard (its tree, the
        token where it starts and the one after it): that tree with every position moved to the
        same token here; None for anything else.

        A GDL translation guards `x = false` with the negation of `x = true`'s guard; the copy
        is no faster to build than a parse, but the resolver knows it then (`negates_previous_guard`).
        """
        values = self.values
        at = self.at
        guard, first, end = previous
        after = at + 2 + end - first
        if values[at] != "!" or values[at + 1] != "(" or after >= len(values) or values[after] != ")" \
                or values[at + 2:after] != values[first:end]:
            return None
        positions = self.positions
        twins = dict(zip(positions[first:end], positions[at + 2:after]))
        self.at = after + 1
        return sx.UnaryExpr("!", _moved(guard, twins), positions[at])

    def _assignments(self, out: list[sx.Assignment]) -> None:
        """`group (and group)*`, a group being `x = expr` or `( assignments )`; flattened into `out`."""
        while True:
            if self.values[self.at] == "(":
                self.at += 1
                self._assignments(out)
                self._expect(")")
            else:
                target = self._name()
                self._expect("=")
                out.append(sx.Assignment(target, self.expr(0), target.pos))
            if self.values[self.at] != "and":
                return
            self.at += 1

    # ------------------------------------------------------------ conditions
    # Each returns (node, is_condition): inside a parenthesis where a condition starts,
    # the text may also be a plain expression (`(a + 1) = b`); callers that need a
    # condition decline on a plain expression.

    def condition(self) -> sx.Expr:
        """A whole condition (`or` of `and` of `!` of comparisons)."""
        node, is_condition = self._cond_or()
        if not is_condition:
            raise _Decline
        return node

    def _cond_or(self) -> tuple[sx.Expr, bool]:
        left, is_condition = self._cond_and()
        values, positions = self.values, self.positions
        while values[self.at] == "or":
            at = self.at
            self.at = at + 1
            right, right_is_condition = self._cond_and()
            if not (is_condition and right_is_condition):
                raise _Decline
            left = sx.BinaryExpr("or", left, right, positions[at])
        return left, is_condition

    def _cond_and(self) -> tuple[sx.Expr, bool]:
        values, positions = self.values, self.positions
        # (`_cond_not` only when there is a `!`: one call less per comparison)
        left, is_condition = self._cond_atom() if values[self.at] != "!" else self._cond_not()
        while values[self.at] == "and":
            at = self.at
            self.at = at + 1
            right, right_is_condition = self._cond_atom() if values[at + 1] != "!" else self._cond_not()
            if not (is_condition and right_is_condition):
                raise _Decline
            left = sx.BinaryExpr("and", left, right, positions[at])
        return left, is_condition

    def _cond_not(self) -> tuple[sx.Expr, bool]:
        at = self.at
        if self.values[at] != "!":
            return self._cond_atom()
        self.at = at + 1
        operand, is_condition = self._cond_not()
        if not is_condition:
            raise _Decline
        return sx.UnaryExpr("!", operand, self.positions[at]), True

    def _cond_atom(self) -> tuple[sx.Expr, bool]:
        """`( condition )`, an action test, or `expr op expr`; or a parenthesised expression."""
        values, positions = self.values, self.positions
        start = self.at
        word = values[start]
        if word == "(":
            simple = self._parenthesised_atom(start)  # (thousands of `(x=true)` in generated models)
            if simple is not None:
                return simple, True
            self.at = start + 1
            inner, is_condition = self._cond_or()
            self._expect(")")
            if is_condition:
                return inner, True
            left = self._expr_rest(inner, start, 0)
        elif word == "Action":
            self.at = start + 1
            self._expect("=")
            return sx.ActionTest(None, self._name(), positions[start]), True
        elif values[start + 1] == "." and values[start + 2] == "Action" and (
                word == "Environment" or (word[0] in _LETTERS and word not in _RESERVED)):
            action = values[start + 4]  # (inline: thousands of these in generated models)
            if values[start + 3] != "=" or action[0] not in _LETTERS or action in _RESERVED:
                raise _Decline
            self.at = start + 5
            return sx.ActionTest(word, sx.Name(action, positions[start + 4]), positions[start]), True
        else:
            left = self.expr(0)
        at = self.at
        op = values[at]
        if op in _COMPARISONS:
            self.at = at + 1
            return sx.BinaryExpr(op, left, self.expr(0), positions[at]), True
        if op == "=":
            self.at = at + 1
            return sx.BinaryExpr("=", left, self.expr(0), positions[start]), True
        return left, False

    def _parenthesised_atom(self, start: int) -> sx.Expr | None:
        """`(x = v)` or `(a.Action = b)` at token `start` (a `(`), read in one step, with the nodes and
        positions the general path gives them; None for anything else (the general path reads it)."""
        values, positions = self.values, self.positions
        name = values[start + 1]
        if name[0] not in _LETTERS or name in _RESERVED and name != "Environment":
            return None
        if values[start + 2] == "=" and values[start + 4] == ")" and name != "Environment":
            value = values[start + 3]
            first = value[0]
            if value == "true" or value == "false":
                right: sx.Expr = sx.BoolLit(value == "true", positions[start + 3])
            elif first in _LETTERS and value not in _RESERVED:
                right = sx.Ident(value, positions[start + 3])
            elif first in _DIGITS and len(value) <= _MOST_DIGITS:
                right = sx.IntLit(int(value), positions[start + 3])
            else:
                return None
            self.at = start + 5
            pos = positions[start + 1]
            return sx.BinaryExpr("=", sx.Ident(name, pos), right, pos)
        if values[start + 2] == "." and values[start + 3] == "Action" and values[start + 4] == "=" \
                and values[start + 6] == ")":
            action = values[start + 5]
            if action[0] not in _LETTERS or action in _RESERVED:
                return None
            self.at = start + 7
            return sx.ActionTest(name, sx.Name(action, positions[start + 5]), positions[start + 1])
        return None

    # ------------------------------------------------------------ expressions

    def expr(self, min_precedence: int) -> sx.Expr:
        """An expression whose binary operators all bind at least as tightly as `min_precedence`."""
        start = self.at
        if self.values[start] == "~":
            if min_precedence > _BIT_FACTOR:
                raise _Decline
            self.at = start + 1
            left = sx.UnaryExpr("~", self.expr(_ARITH), self.positions[start])
        else:
            left = self._value()
        if self.values[self.at] not in _PRECEDENCE:  # the usual case, without a call
            return left
        return self._expr_rest(left, start, min_precedence)

    def _expr_rest(self, left: sx.Expr, start: int, min_precedence: int) -> sx.Expr:
        """Binary operators after `left` (whose text starts at token `start`), left-nested.

        Every node of the chain gets the position of the chain's first token, as lark
        gives `add`, `mul`, ... the position of their first child.
        """
        values = self.values
        pos = self.positions[start]
        precedence = _PRECEDENCE.get(values[self.at])
        while precedence is not None and precedence >= min_precedence:
            op = values[self.at]
            self.at += 1
            left = sx.BinaryExpr(op, left, self.expr(precedence + 1), pos)
            precedence = _PRECEDENCE.get(values[self.at])
        return left

    def _value(self) -> sx.Expr:
        """A literal, a name, `Agent.name`, `- INT` or `( expr )`."""
        values, positions = self.values, self.positions
        at = self.at
        word = values[at]
        first = word[0]
        if first in _LETTERS:
            if word in _RESERVED:
                return self._keyword_value(word, at)
            if values[at + 1] == ".":
                member = values[at + 2]
                if member[0] not in _LETTERS or member in _RESERVED:
                    raise _Decline
                self.at = at + 3
                return sx.Qualified(word, member, positions[at])
            self.at = at + 1
            return sx.Ident(word, positions[at])
        if first in _DIGITS:
            if len(word) > _MOST_DIGITS:
                raise _Decline
            self.at = at + 1
            return sx.IntLit(int(word), positions[at])
        if word == "-":
            digits = values[at + 1]
            if digits[0] not in _DIGITS or len(digits) > _MOST_DIGITS:
                raise _Decline
            self.at = at + 2
            return sx.IntLit(-int(digits), positions[at])
        if word == "(":
            self.at = at + 1
            inner = self.expr(0)
            self._expect(")")
            return inner
        raise _Decline

    def _keyword_value(self, word: str, at: int) -> sx.Expr:
        """`true`, `false` or `Environment.name` (any other keyword: decline)."""
        if word == "true" or word == "false":
            self.at = at + 1
            return sx.BoolLit(word == "true", self.positions[at])
        if word == "Environment" and self.values[at + 1] == ".":
            member = self.values[at + 2]
            if member[0] not in _LETTERS or member in _RESERVED:
                raise _Decline
            self.at = at + 3
            return sx.Qualified(word, member, self.positions[at])
        raise _Decline


def _moved(node: sx.Expr, twins: dict[sx.Pos, sx.Pos]) -> sx.Expr:
    """A copy of the condition `node` with each position replaced by its twin.

    Down the left spine of a chain iteratively, as the parser built it (a guard may be an `or` of
    thousands of terms); elsewhere the recursion is as deep as the parse that built `node`.
    """
    kind = type(node)
    if kind is sx.BinaryExpr:
        spine = []
        while type(node) is sx.BinaryExpr:
            spine.append(node)
            node = node.left
        moved = _moved(node, twins)
        for parent in reversed(spine):
            moved = sx.BinaryExpr(parent.op, moved, _moved(parent.right, twins), twins[parent.pos])
        return moved
    if kind is sx.ActionTest:
        return sx.ActionTest(node.agent, sx.Name(node.action.text, twins[node.action.pos]), twins[node.pos])
    if kind is sx.Ident:
        return sx.Ident(node.name, twins[node.pos])
    if kind is sx.BoolLit:
        return sx.BoolLit(node.value, twins[node.pos])
    if kind is sx.UnaryExpr:
        return sx.UnaryExpr(node.op, _moved(node.operand, twins), twins[node.pos])
    if kind is sx.Qualified:
        return sx.Qualified(node.agent, node.name, twins[node.pos])
    if kind is sx.IntLit:
        return sx.IntLit(node.value, twins[node.pos])
    raise _Decline  # (`condition` builds no other node)


# ---------------------------------------------------------------- entry point


def _offset(lines: list[str], pos: sx.Pos) -> int:
    """The character offset of a (line, column) position."""
    line, column = pos
    return sum(len(text) for text in lines[:line - 1]) + (line - 1) + column - 1


def parse_model_fast(text: str, filename: str) -> tuple[sx.ModelSyntax, list[Diagnostic]] | None:
    """The syntax tree and diagnostics of a valid ISPL file, as `parse_model_syntax` gives them.

    None when the model part has a syntax error or anything this parser does not handle
    (then the caller runs the lark path, which gives the exact error); IsplError, as the
    lark path words it, for a syntax error in the tail (Groups … Formulae).

    The cyclic garbage collector is paused meanwhile: the parser makes hundreds of
    thousands of small acyclic objects, and the collections they would trigger (each
    walking every live object) cost more than the parse itself on large files.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _parse_model_fast(text, filename)
    finally:
        if collecting:
            gc.enable()


def _parse_model_fast(text: str, filename: str) -> tuple[sx.ModelSyntax, list[Diagnostic]] | None:
    """`parse_model_fast`, with the garbage collector paused."""
    lines = text.split("\n")
    values, positions = _tokenize(lines)
    parser = _Parser(values, positions)
    try:
        semantics, environment, agents, evaluation, evaluation_pos, initial = parser.model_part()
    except (_Decline, RecursionError, ValueError, IndexError):
        return None
    if values[parser.at] not in _TAIL_WORDS:
        return None
    from .parser import parse_tail_syntax  # parser.py imports this module: import on use

    tail = parse_tail_syntax(text, filename, _offset(lines, positions[parser.at]))
    if tail is None:
        return None
    groups, fairness, compassion, formulae, diagnostics = tail
    model = sx.ModelSyntax(
        semantics=semantics, environment=environment, agents=agents, evaluation=evaluation,
        evaluation_pos=evaluation_pos, initial=initial, groups=groups, fairness=fairness,
        formulae=formulae, compassion=compassion)
    return model, diagnostics
