"""Formula readings: MCMAS's `LTL`/`CTL*` dialects and the checks on formula trees.

`LTL φ` and `CTL* φ` entries are read exactly as MCMAS 1.3.0 reads them
(GRAMMAR.md §6.2–6.3): with the same ambiguous grammar and bison's way of
settling its conflicts (see `yacc.py`). The grammar below is our own
statement of §6.2–6.3, in the rule order and with the operator precedences
that decide MCMAS's parses. `true`, `false` and action atoms are accepted as
extra atoms.

Also here: MCMAS's reading of a plain `A(φ U ψ)` (the `U` directly inside the
parentheses of a quantifier is the loosest operator there), and the check
that a formula is a state formula, with a hint when it is not.
"""

from __future__ import annotations

from ..runtime import patterns
from functools import lru_cache

from ..errors import Diagnostic, source_line_of
from ..logic import formula as fm
from ..logic.formula import Formula, is_state_formula, to_text
from .yacc import Production, Token, YaccParser, YaccSyntaxError, YaccTables, build_tables

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Callable, Iterator

# ---------------------------------------------------------------- tokens of the MCMAS dialects

_WORDS = {
    "and": "AND", "or": "OR", "U": "UNTIL", "X": "X", "F": "F", "G": "G", "A": "A", "E": "E",
    "K": "K", "GK": "GK", "GCK": "GCK", "DK": "DK", "O": "O",
    "AG": "AG", "EG": "EG", "AX": "AX", "EX": "EX", "AF": "AF", "EF": "EF",
    "Environment": "ENVIRONMENT", "GreenStates": "GREENSTATES", "RedStates": "REDSTATES",
    "true": "TRUE", "false": "FALSE", "Action": "ACTION",
}
_SYMBOLS = {
    "->": "IMPLIES", "<->": "IFF", "(": "LB", ")": "RB", "<": "LT", ">": "GT", ",": "COMMA",
    ".": "DOT", "!": "NOT", "=": "EQ",
}
_TOKEN_RE = patterns.compile(
    r"(?P<space>[ \t\r\f]+)|(?P<newline>\n)|(?P<comment>--[^\n]*)"
    r"|(?P<word>[A-Za-z][A-Za-z0-9_]*)|(?P<symbol><->|->|[()<>,.!=])|(?P<other>.)"
)
TERMINALS = frozenset(set(_WORDS.values()) | set(_SYMBOLS.values()) | {"ID"})

# MCMAS's precedence declarations, loosest first (GRAMMAR.md §6; `%left` lines of the parser)
_PRECEDENCE = (
    ("left", ("LB", "RB", "LT", "GT")),
    ("left", ("ID",)),
    ("right", ("IMPLIES",)),
    ("left", ("OR",)),
    ("left", ("AND",)),
    ("left", ("NOT",)),
    ("left", ("EX", "AX", "EF", "AF", "EG", "AG", "E", "A", "UNTIL")),
    ("left", ("K", "GK", "GCK", "O", "DK", "X", "F", "G")),
    ("left", ("EQ",)),
    ("left", ("DOT",)),
)


def tokenize(text: str, line: int, column: int) -> tuple[list[Token], Token]:
    """Tokens of `text`, which starts at (line, column); also an end-of-input token.

    Characters that are not part of any token become `INVALID` tokens, which no
    rule accepts, so they are reported as syntax errors at their place.
    """
    tokens: list[Token] = []
    for match in _TOKEN_RE.finditer(text):
        kind = match.lastgroup
        value = match.group()
        if kind == "newline":
            line, column = line + 1, 1
            continue
        if kind == "word":
            tokens.append(Token(_WORDS.get(value, "ID"), value, line, column))
        elif kind == "symbol":
            tokens.append(Token(_SYMBOLS[value], value, line, column))
        elif kind == "other":
            tokens.append(Token("INVALID", value, line, column))
        column += len(value)
    return tokens, Token("$END", "", line, column)


# ---------------------------------------------------------------- the MCMAS dialect grammars


def _pos(token: Token) -> tuple[int, int]:
    return (token.line, token.column)


def _binary(node: type) -> Callable[..., Formula]:
    return lambda left, op, right: node(left, right, pos=_pos(op))


def _unary(node: type) -> Callable[..., Formula]:
    return lambda op, operand: node(operand, pos=_pos(op))


def _paren(lb: Token, inner: Formula, rb: Token) -> Formula:
    return inner


def _terminal_productions(lhs: str) -> list[Production]:
    return [
        Production(lhs, ("ID",), lambda t: fm.Prop(t.text, pos=_pos(t))),
        Production(lhs, ("ID", "DOT", "GREENSTATES"), lambda a, d, k: fm.AgentStates(a.text, "green", pos=_pos(a))),
        Production(lhs, ("ID", "DOT", "REDSTATES"), lambda a, d, k: fm.AgentStates(a.text, "red", pos=_pos(a))),
        Production(lhs, ("ENVIRONMENT", "DOT", "GREENSTATES"),
                   lambda a, d, k: fm.AgentStates("Environment", "green", pos=_pos(a))),
        Production(lhs, ("ENVIRONMENT", "DOT", "REDSTATES"),
                   lambda a, d, k: fm.AgentStates("Environment", "red", pos=_pos(a))),
        Production(lhs, ("TRUE",), lambda t: fm.Const(True, pos=_pos(t))),
        Production(lhs, ("FALSE",), lambda t: fm.Const(False, pos=_pos(t))),
        Production(lhs, ("ID", "DOT", "ACTION", "EQ", "ID"),
                   lambda a, d, k, e, b: fm.ActionAtom(a.text, b.text, pos=_pos(a))),
        Production(lhs, ("ENVIRONMENT", "DOT", "ACTION", "EQ", "ID"),
                   lambda a, d, k, e, b: fm.ActionAtom("Environment", b.text, pos=_pos(a))),
    ]


def _epistemic_productions(lhs: str, operand: str, wrap: Callable[[Formula], Formula]) -> list[Production]:
    """`K(i, φ)`, `GK/GCK/DK(g, φ)` over `operand`; `wrap` applies to φ."""
    productions = [
        Production(lhs, ("K", "LB", who, "COMMA", operand, "RB"),
                   lambda k, lb, i, c, f, rb: fm.K(i.text, wrap(f), pos=_pos(k)))
        for who in ("ID", "ENVIRONMENT")
    ]
    for name, node in (("GK", fm.GK), ("GCK", fm.GCK), ("DK", fm.DK)):
        productions.append(Production(
            lhs, (name, "LB", "ID", "COMMA", operand, "RB"),
            lambda k, lb, g, c, f, rb, node=node: node(g.text, wrap(f), pos=_pos(k))))
    return productions


def _wrap_path(formula: Formula) -> Formula:
    """An LTL operand of an epistemic operator means `A φ` (MCMAS behaviour), over infinite paths."""
    return formula if is_state_formula(formula) else fm.A(formula, infinite=True, pos=formula.pos)


def _infinite_quantifier(node: type) -> Callable[..., Formula]:
    """`A ψ` / `E ψ` of a `CTL*` entry: infinite fair paths whatever ψ's shape (MCMAS's tableau)."""
    return lambda op, operand: node(operand, infinite=True, pos=_pos(op))


def _ltl_productions() -> list[Production]:
    s = "ltl"
    return [
        Production(s, ("LB", s, "RB"), _paren),
        Production(s, (s, "AND", s), _binary(fm.And)),
        Production(s, (s, "OR", s), _binary(fm.Or)),
        Production(s, ("NOT", s), _unary(fm.Not)),
        Production(s, (s, "IMPLIES", s), _binary(fm.Implies)),
        Production(s, ("G", s), _unary(fm.G)),
        Production(s, ("F", s), _unary(fm.F)),
        Production(s, ("X", s), _unary(fm.X)),
        Production(s, (s, "UNTIL", s), _binary(fm.U)),
        Production(s, ("terminal",), lambda f: f),
        *_epistemic_productions(s, s, _wrap_path),
        *_terminal_productions("terminal"),
    ]


def _ctlstar_productions() -> list[Production]:
    p, s = "path", "ctls"
    productions = [
        Production(p, ("LB", p, "RB"), _paren),
        Production(p, (p, "AND", p), _binary(fm.And)),
        Production(p, (p, "OR", p), _binary(fm.Or)),
        Production(p, ("NOT", p), _unary(fm.Not)),
        Production(p, (p, "IMPLIES", p), _binary(fm.Implies)),
        Production(p, (p, "AND", s), _binary(fm.And)),
        Production(p, (p, "OR", s), _binary(fm.Or)),
        Production(p, (p, "IMPLIES", s), _binary(fm.Implies)),
        Production(p, (s, "AND", p), _binary(fm.And)),
        Production(p, (s, "OR", p), _binary(fm.Or)),
        Production(p, (s, "IMPLIES", p), _binary(fm.Implies)),
        Production(p, ("G", p), _unary(fm.G)),
        Production(p, ("F", p), _unary(fm.F)),
        Production(p, ("X", p), _unary(fm.X)),
        Production(p, (p, "UNTIL", p), _binary(fm.U)),
        Production(p, (s,), lambda f: f),
        Production(s, ("LB", s, "RB"), _paren),
        Production(s, (s, "AND", s), _binary(fm.And)),
        Production(s, (s, "OR", s), _binary(fm.Or)),
        Production(s, ("NOT", s), _unary(fm.Not)),
        Production(s, (s, "IMPLIES", s), _binary(fm.Implies)),
    ]
    productions += _epistemic_productions(s, s, lambda f: f)
    productions += [
        Production(s, ("A", p), _infinite_quantifier(fm.A)),
        Production(s, ("E", p), _infinite_quantifier(fm.E)),
        Production(s, ("terminal",), lambda f: f),
    ]
    return productions + _terminal_productions("terminal")


_DIALECT_GRAMMARS: dict[str, tuple[Callable[[], list[Production]], str]] = {
    "ltl": (_ltl_productions, "ltl"), "ctlstar": (_ctlstar_productions, "ctls")}


def build_dialect_tables(mode: str) -> YaccTables:
    """The LALR(1) tables of the `LTL` (mode "ltl") or `CTL*` dialect, built afresh (imports lark)."""
    productions, start = _DIALECT_GRAMMARS[mode]
    return build_tables(productions(), TERMINALS, _PRECEDENCE, start)


def dialect_tables_source() -> str:
    """The text of `dialect_tables.py`: both dialects' tables as Python literals."""
    lines = ['"""The LALR(1) tables of MCMAS\'s `LTL` and `CTL*` formula dialects, generated: do not edit.',
             "",
             "Built by `formulas.build_dialect_tables` (lark's LALR analysis, bison's conflict rules) and kept",
             "here as plain data so that start-up does not import lark. Regenerate after changing the dialect",
             "grammars in formulas.py:",
             "",
             "    python -c 'from ctlstark.ispl.formulas import write_dialect_tables; write_dialect_tables()'",
             "",
             "tests/test_ispl_formulas.py checks that this file equals freshly built tables.",
             '"""',
             "",
             "from .yacc import YaccTables",
             "",
             "TABLES = {"]
    for mode in _DIALECT_GRAMMARS:
        tables = build_dialect_tables(mode)
        lines.append(f"    {mode!r}: YaccTables(")
        lines.append("        actions=(")
        lines += [f"            {actions!r}," for actions in tables.actions]
        lines.append("        ),")
        lines.append("        gotos=(")
        lines += [f"            {gotos!r}," for gotos in tables.gotos]
        lines.append("        ),")
        lines.append(f"        start={tables.start},")
        lines.append("    ),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_dialect_tables() -> None:
    """Regenerate `dialect_tables.py` beside this module."""
    from pathlib import Path

    Path(__file__).with_name("dialect_tables.py").write_text(dialect_tables_source(), encoding="utf-8")


@lru_cache(maxsize=None)
def _dialect_parser(mode: str) -> YaccParser:
    from .dialect_tables import TABLES

    productions, _ = _DIALECT_GRAMMARS[mode]
    return YaccParser(productions(), TABLES[mode])


_TOKEN_WORDS = {
    "AND": "`and`", "OR": "`or`", "UNTIL": "`U`", "IMPLIES": "`->`", "IFF": "`<->`", "LB": "`(`",
    "RB": "`)`", "LT": "`<`", "GT": "`>`", "COMMA": "`,`", "DOT": "`.`", "NOT": "`!`", "EQ": "`=`",
    "ID": "a name", "$END": "the end of the formula", "INVALID": "an invalid character",
}


def _describe(kind: str) -> str:
    if kind in _TOKEN_WORDS:
        return _TOKEN_WORDS[kind]
    for word, token_kind in _WORDS.items():
        if token_kind == kind:
            return f"`{word}`"
    return kind


class DialectError(Exception):
    """A syntax error in an `LTL`/`CTL*` entry: message and position."""

    def __init__(self, message: str, line: int, column: int):
        self.message, self.line, self.column = message, line, column
        super().__init__(message)


def read_dialect(body: str, mode: str, line: int, column: int) -> Formula:
    """The tree MCMAS builds for the body of an `LTL` (mode "ltl") or `CTL*` entry.

    An `LTL φ` entry means `A φ`. Every `E`/`A` of the tree ranges over
    infinite fair paths, CTL-shaped or not (MCMAS checks these entries with its
    tableau, which keeps only states where an infinite path starts). Raises
    DialectError on a syntax error.
    """
    tokens, end = tokenize(body, line, column)
    return _dialect_tree(tokens, end, mode)


def read_dialect_entry(body: str, mode: str, line: int, column: int) -> tuple[Formula, bool]:
    """`read_dialect`, and whether the conventional reading of the body may differ from it
    (`readings_may_differ`), from the same tokens."""
    tokens, end = tokenize(body, line, column)
    return _dialect_tree(tokens, end, mode), readings_may_differ(tokens, mode)


def _dialect_tree(tokens: list[Token], end: Token, mode: str) -> Formula:
    try:
        tree = _dialect_parser(mode).parse(tokens, end)
    except YaccSyntaxError as error:
        compared = _compared_variable(tokens, error.token)
        if compared is not None:
            raise DialectError(_comparison_message(compared, mode), compared[0].line, compared[0].column) from None
        raise DialectError(_syntax_message(error, mode), error.token.line, error.token.column) from None
    if mode == "ltl":
        return fm.A(tree, infinite=True, pos=tree.pos)
    return tree


_PREFIX_OPERATORS = frozenset({"NOT", "X", "F", "G", "A", "E", "AX", "EX", "AF", "EF", "AG", "EG"})
_INFIX_OPERATORS = frozenset({"AND", "OR", "IMPLIES", "UNTIL"})


def readings_may_differ(tokens: list[Token], mode: str) -> bool:
    """Whether MCMAS's reading of a dialect body (its `tokens`) may differ from the conventional one.

    False only where the two grammars agree on every operator the body puts side by side
    (GRAMMAR.md §6.2–6.3). Each stretch of the body between parentheses and commas is
    looked at on its own. In LTL mode the two differ only around `U`: MCMAS binds `!`
    looser than `U`, and it nests `p U q U r` to the left. In CTL* mode MCMAS also lets
    a prefix operator (and `U`) take everything to its right. So a stretch is safe when
    no prefix operator is followed by an infix one, and `U` is the stretch's only infix
    operator. Saying True costs only the comparison of both readings (`entries`).
    """
    stretches: list[list[str]] = [[]]  # the operators of each open stretch, innermost last
    for token in tokens:
        kind = token.kind
        if kind == "LB":
            stretches.append([])
        elif kind == "RB" or kind == "COMMA":
            if len(stretches) == 1 or _stretch_may_differ(stretches.pop(), mode):
                return True
            if kind == "COMMA":
                stretches.append([])
        elif kind in _PREFIX_OPERATORS or kind in _INFIX_OPERATORS:
            stretches[-1].append(kind)
    return any(_stretch_may_differ(stretch, mode) for stretch in stretches)


def _stretch_may_differ(operators: list[str], mode: str) -> bool:
    """`readings_may_differ` for the operators of one stretch, in text order."""
    untils = operators.count("UNTIL")
    if untils > 1:
        return True
    if mode == "ltl":
        return untils == 1 and "NOT" in operators
    infix = [at for at, kind in enumerate(operators) if kind in _INFIX_OPERATORS]
    if untils == 1 and len(infix) > 1:
        return True
    return bool(infix) and any(kind in _PREFIX_OPERATORS for kind in operators[:infix[-1]])


def _compared_variable(tokens: list[Token], failed: Token) -> list[Token] | None:
    """The tokens naming a variable (`Agent.x` or `x`) when the dialect failed on a comparison of it, else None.

    `Agent.x` fails at `x` (the dialects only know `Agent.RedStates`, `Agent.GreenStates`
    and `Agent.Action`), `x = 3` at its operator.
    """
    index = next((i for i, token in enumerate(tokens) if token is failed), None)
    if index is None:
        return None
    before = [token.kind for token in tokens[max(0, index - 2):index]]
    if failed.kind == "ID" and len(before) == 2 and before[0] in ("ID", "ENVIRONMENT") and before[1] == "DOT":
        return tokens[index - 2:index + 1]
    following = tokens[index + 1].kind if index + 1 < len(tokens) else None
    operator = failed.kind in ("EQ", "LT", "GT") or (failed.kind == "NOT" and following == "EQ")
    if operator and before[-1:] == ["ID"]:
        return tokens[index - 1:index]
    return None


def _comparison_message(variable: list[Token], mode: str) -> str:
    """Why a comparison is refused in an `LTL`/`CTL*` entry, and what to write instead."""
    dialect = "LTL" if mode == "ltl" else "CTL*"
    reading = " (`LTL φ` is `A φ` there)" if mode == "ltl" else ""
    name = "".join(token.text for token in variable)
    return (f"comparing the variable `{name}` is a ctlstark extension, not part of MCMAS's {dialect} syntax: "
            f"write the entry in ctlstark's own syntax, without `{dialect}`{reading}, or declare a proposition "
            f"for the comparison in Evaluation")


def _syntax_message(error: YaccSyntaxError, mode: str) -> str:
    dialect = "LTL" if mode == "ltl" else "CTL*"
    token = error.token
    if token.kind == "INVALID":
        return f"invalid character `{token.text}` in a {dialect} formula"
    found = _describe(token.kind) if token.kind != "ID" else f"`{token.text}`"
    if token.kind == "IFF":
        return f"`<->` is not part of MCMAS's {dialect} syntax; write it as a plain formula entry"
    expected = sorted(_describe(kind) for kind in error.expected if kind != "$END")
    if "$END" in error.expected:
        expected.append("the end of the formula")
    hint = f"; expected {', '.join(expected)}" if expected else ""
    return f"unexpected {found} in a {dialect} formula{hint}"


def infinite_reading(formula: Formula) -> Formula:
    """The formula with every `E`/`A` over infinite fair paths: what MCMAS makes of it in a dialect entry."""
    old = fm.children(formula)
    children = tuple(infinite_reading(child) for child in old)
    if isinstance(formula, (fm.A, fm.E)) and not formula.infinite:
        return type(formula)(children[0], infinite=True, pos=formula.pos)
    return _with_children(formula, children, old)


_DIALECT_SYMBOL = {fm.And: "and", fm.Or: "or", fm.Implies: "->", fm.U: "U"}


def dialect_text(formula: Formula, mode: str) -> str:
    """The formula as a fully parenthesised `LTL …` or `CTL* …` entry; MCMAS reads it back as this tree.

    `mode` is "ltl" (the formula is the entry's `A φ`; inside, the `A` that MCMAS
    puts under an epistemic operator stays implicit) or "ctlstar".
    """
    ltl = mode == "ltl"

    def text(node: Formula) -> str:
        match node:
            case fm.Prop() | fm.AgentStates() | fm.Const():
                return to_text(node)
            case fm.ActionAtom(agent=agent, action=action):
                return f"{agent}.Action = {action}"
            case fm.Not(operand=x):
                return f"!{operand(x)}"
            case fm.And() | fm.Or() | fm.Implies() | fm.U():
                return f"({operand(node.left)} {_DIALECT_SYMBOL[type(node)]} {operand(node.right)})"
            case fm.X(operand=x) | fm.F(operand=x) | fm.G(operand=x) | fm.A(path=x) | fm.E(path=x):
                return f"{type(node).__name__} {operand(x)}"
            case fm.K(agent=who, operand=x) | fm.GK(group=who, operand=x) | fm.DK(group=who, operand=x) \
                    | fm.GCK(group=who, operand=x):
                if ltl and isinstance(x, fm.A):
                    x = x.path
                return f"{type(node).__name__}({who}, {text(x)})"
        raise ValueError(f"{to_text(node)} has no form in MCMAS's {'LTL' if ltl else 'CTL*'} syntax")

    def operand(node: Formula) -> str:
        """Parenthesised unless it is an atom or brings its own parentheses."""
        if isinstance(node, (fm.Prop, fm.AgentStates, fm.Const, fm.And, fm.Or, fm.Implies, fm.U) + fm.EPISTEMIC):
            return text(node)
        return f"({text(node)})"

    if ltl:
        if not isinstance(formula, fm.A):
            raise ValueError("an LTL entry is `A φ`")
        return f"LTL {text(formula.path)}"
    return f"CTL* {text(formula)}"


# ---------------------------------------------------------------- MCMAS's A(φ U ψ) in plain entries

_BOOLEAN_LEVELS: tuple[tuple[type, str], ...] = ((fm.Iff, "left"), (fm.Implies, "right"), (fm.Or, "left"), (fm.And, "left"))
_TEMPORAL_BINARY = (fm.U, fm.R, fm.W)
_SPINE = (fm.And, fm.Or, fm.Implies, fm.Iff, fm.U, fm.R, fm.W)


def _flatten(node: Formula, parenthesised: set[int], root: bool) -> Iterator[Formula | type]:
    """Operands and operator classes at the top level of one parenthesised group."""
    if isinstance(node, _SPINE) and (root or id(node) not in parenthesised):
        yield from _flatten(node.left, parenthesised, False)  # type: ignore[union-attr]
        yield node
        yield from _flatten(node.right, parenthesised, False)  # type: ignore[union-attr]
    else:
        yield node


def _rebuild(items: list, level: int = 0) -> Formula:
    """Rebuild a Boolean chain with ctlstark's (and MCMAS's) Boolean precedences."""
    if len(items) == 1:
        return items[0]
    if level >= len(_BOOLEAN_LEVELS):
        raise ValueError("unexpected operator in a Boolean chain")
    node_type, assoc = _BOOLEAN_LEVELS[level]
    splits = [i for i in range(1, len(items), 2) if type(items[i]) is node_type]
    if not splits:
        return _rebuild(items, level + 1)
    split = splits[0] if assoc == "right" else splits[-1]
    operator = items[split]
    return node_type(_rebuild(items[:split], level), _rebuild(items[split + 1:], level), pos=operator.pos)


def mcmas_until_reading(inner: Formula, parenthesised: set[int]) -> Formula:
    """MCMAS's reading of `Q(inner)` for a quantifier or coalition Q.

    MCMAS only knows `A(φ U ψ)`, where φ and ψ are whole formulas: a `U` (and
    here also `R`, `W`) directly inside those parentheses is the loosest
    operator there, so `A(p and q U r)` is `A((p and q) U r)`. Anything else
    keeps the conventional reading.
    """
    items = list(_flatten(inner, parenthesised, True))
    operators = [i for i in range(1, len(items), 2) if isinstance(items[i], _TEMPORAL_BINARY)]
    if len(operators) != 1:
        return inner
    split = operators[0]
    operator = items[split]
    left = _rebuild(items[:split])
    right = _rebuild(items[split + 1:])
    return type(operator)(left, right, pos=operator.pos)


# ---------------------------------------------------------------- checks on trees


def strip_state_quantifiers(formula: Formula) -> Formula:
    """The formula with `A s`/`E s` replaced by `s` for state formulas `s` (same meaning)."""
    old = fm.children(formula)
    children = tuple(strip_state_quantifiers(c) for c in old)
    if isinstance(formula, (fm.A, fm.E)) and is_state_formula(children[0]):
        return children[0]
    return _with_children(formula, children, old)


def _with_children(formula: Formula, children: tuple[Formula, ...], old: tuple[Formula, ...]) -> Formula:
    """`formula` with `children` in place of its children `old`: `formula` itself when each is the same node
    (a reading of a dialect entry rewrites few of its nodes; making a node costs its structure token)."""
    if all(new is before for new, before in zip(children, old)):
        return formula
    match formula:
        case fm.Not() | fm.X() | fm.F() | fm.G():
            return type(formula)(children[0], pos=formula.pos)
        case fm.A() | fm.E():
            return type(formula)(children[0], infinite=formula.infinite, pos=formula.pos)
        case fm.K() | fm.O():
            return type(formula)(formula.agent, children[0], pos=formula.pos)
        case fm.GK() | fm.DK() | fm.GCK() | fm.ATL():
            return type(formula)(formula.group, children[0], pos=formula.pos)
        case fm.C() | fm.Fu():
            return type(formula)(formula.debtor, formula.creditor, children[0], pos=formula.pos)
        case fm.SC(condition=None):
            return fm.SC(formula.debtor, formula.creditor, children[0], pos=formula.pos)
        case fm.SC():
            return fm.SC(formula.debtor, formula.creditor, children[1], children[0], pos=formula.pos)
        case fm.And() | fm.Or() | fm.Implies() | fm.Iff() | fm.U() | fm.R() | fm.W():
            return type(formula)(children[0], children[1], pos=formula.pos)
    return formula


def unquantified_path_part(formula: Formula) -> Formula | None:
    """The outermost temporal operator or action atom not under a path quantifier."""
    if isinstance(formula, (fm.X, fm.F, fm.G, fm.U, fm.R, fm.W, fm.ActionAtom)):
        return formula
    if isinstance(formula, (fm.A, fm.E, fm.ATL) + fm.EPISTEMIC + fm.COMMITMENTS):
        return None  # operands of epistemic and commitment operators are checked on their own
    for child in fm.children(formula):
        found = unquantified_path_part(child)
        if found is not None:
            return found
    return None


def state_formula_problem(formula: Formula) -> tuple[str, tuple[int, int] | None] | None:
    """None for a state formula; else a message with a hint and where it applies."""
    part = unquantified_path_part(formula)
    if part is None:
        return None
    text = to_text(part)
    if isinstance(part, fm.ActionAtom):
        return (f"the action atom `{text}` holds of a transition, not a state: "
                f"put it under a path quantifier, e.g. `E({text})` or `A({text})`", part.pos)
    return (f"`{text}` needs a path quantifier: write `A {text}` or `E {text}`", part.pos)


def operand_problems(formula: Formula) -> Iterator[tuple[str, tuple[int, int] | None]]:
    """Epistemic, deontic, commitment (`C`, `Fu`, the condition of `SC`) and ATL operands that are not state formulas."""
    for child in fm.children(formula):
        yield from operand_problems(child)
    if isinstance(formula, fm.EPISTEMIC + (fm.C, fm.Fu)):
        problem = state_formula_problem(formula.operand)  # type: ignore[union-attr]
        if problem is not None:
            yield problem
    if isinstance(formula, fm.SC) and formula.condition is not None:
        problem = state_formula_problem(formula.condition)
        if problem is not None:
            yield problem
    if isinstance(formula, fm.ATL):
        for operand in fm.children(formula.path):
            problem = state_formula_problem(operand)
            if problem is not None:
                yield problem


def fairness_problem(formula: Formula, section: str = "Fairness") -> tuple[str, tuple[int, int] | None] | None:
    """Fairness (and Compassion) entries must be CTLK state formulas: no ATL, no action atoms, CTL paths."""
    for node in _walk(formula):
        if isinstance(node, fm.ATL):
            return (f"ATL operators are not allowed in the {section} section", node.pos)
        if isinstance(node, fm.ActionAtom):
            return (f"action atoms are not allowed in the {section} section", node.pos)
        if isinstance(node, fm.SC):
            return (f"SC commitments (over path formulas) are not allowed in the {section} section", node.pos)
        if isinstance(node, (fm.A, fm.E)):
            path = node.path
            if not isinstance(path, _TEMPORAL_BINARY + (fm.X, fm.F, fm.G)) or not all(
                    is_state_formula(c) for c in fm.children(path)):
                return (f"a {section} entry must be a CTLK formula; `{to_text(node)}` is not", node.pos)
    return None


def compassion_problem(formula: Formula) -> tuple[str, tuple[int, int] | None] | None:
    """A Compassion entry is a pair `p -> q` (its top operator an implication) of Fairness-like formulas."""
    if not isinstance(formula, fm.Implies):
        return (f"a Compassion entry is a pair `p -> q` (a path that meets p infinitely often meets q "
                f"infinitely often), not `{to_text(formula)}`", formula.pos)
    return fairness_problem(formula, "Compassion")


def _walk(formula: Formula) -> Iterator[Formula]:
    yield formula
    for child in fm.children(formula):
        yield from _walk(child)


def diagnostic(message: str, file: str, pos: tuple[int, int] | None, source: str,
               severity: str = "error") -> Diagnostic:
    """A Diagnostic at `pos` (1, 1 when unknown) quoting the line from `source`."""
    line, column = pos if pos is not None else (1, 1)
    return Diagnostic(message, file, line, column, source_line_of(source, line), severity)  # type: ignore[arg-type]
