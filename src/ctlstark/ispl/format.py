"""ISPL text → the same file in ctlstark's canonical layout (`ctlstark fmt`).

The layout is printed from the syntax tree (`syntax.py`), not from the resolved
model, so the user's names and structure stay as written (Obsvars and Lobsvars,
`Other` lines, groups, formulas in the dialect they were written in):

* sections in MCMAS's order, two-space indentation inside each, one declaration or
  rule per line, `end X` aligned with its opener, one blank line between agents and
  between sections, a final newline;
* expressions and formulas with single spaces around binary operators and only the
  parentheses their parse needs (precedences of `grammar.lark`, and for `LTL`/`CTL*`
  entries those of MCMAS's dialects *and* the conventional ones, so a formatted
  dialect entry reads the same both ways). Every printed formula is parsed back and
  compared with its tree; should that ever differ, the fully parenthesised form, then
  the entry's own text (comments and line breaks removed), is used instead.

Comments (`--` to the end of the line) are kept, each on its own line: before the
construct that follows it, or, for a comment after code on its line, before the
construct that line belongs to; a comment at the end of a section goes before its
`end` line, indented as the section's body. A blank line above a comment, or between
a comment and its construct, is kept (one at most).
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator, Sequence

from ..errors import IsplError, deep_recursion, read_source
from ..logic import formula as fm
from ..logic.formula import Formula, is_state_formula, to_text
from ..model import FormulaMode
from ..runtime.records import record
from ..runtime.stack import deep_stack
from . import formulas
from . import syntax as sx
from .conditions import expression_text
from .parser import parse_formula_syntax, parse_model_syntax

__all__ = ["Comment", "FormattedFile", "comments_of", "entry_text", "expression_text", "format_file", "format_model",
           "formula_text"]

INDENT = "  "


# ---------------------------------------------------------------- the entry point


@deep_stack
def format_model(text: str, filename: str = "<string>") -> str:
    """The canonical layout of the ISPL file `text`.

    Raises `IsplError` (every diagnostic, `file:line:col`) when the file does not
    parse, and `ResourceExhausted` when an expression is nested too deeply to print.
    Names are not resolved: a file with semantic errors is still formatted.
    """
    with deep_recursion(f"{filename}: an expression or formula", "format"):
        syntax, diagnostics = parse_model_syntax(text, filename)
        errors = [d for d in diagnostics if d.severity == "error"]
        if errors:
            raise IsplError(errors)
        layout = _Layout(text)
        _write_model(layout, syntax)
        return layout.render(comments_of(text))


# ---------------------------------------------------------------- comments


@record
class Comment:
    """A `--` comment: its text (to the end of its line), 1-based line, offset in the file.

    `trailing` when code precedes it on its line.
    """

    text: str
    line: int
    offset: int
    trailing: bool


def comments_of(text: str) -> list[Comment]:
    """Every comment of an ISPL file, in order.

    `--` always starts a comment in ISPL (there are no strings, and lark's COMMENT
    outranks `-`), also inside `LTL`/`CTL*` entries.
    """
    found = []
    offset = 0
    for number, line in enumerate(text.split("\n"), 1):
        cut = line.find("--")
        if cut >= 0:
            found.append(Comment(line[cut:].rstrip(), number, offset + cut, bool(line[:cut].strip())))
        offset += len(line) + 1
    return found


def _without_comments(text: str) -> str:
    """`text` with every comment blanked out (same length, same line breaks)."""
    return re.sub(r"--[^\n]*", lambda match: " " * len(match.group()), text)


# ---------------------------------------------------------------- the layout


@dataclass
class _Line:
    """One output line; `anchor` is the offset in the source of the construct it prints."""

    text: str
    depth: int
    kind: str  # "open", "item", "close" or "blank"
    anchor: int | None = None


@dataclass
class _Layout:
    """The output lines with their source anchors, and the comments placed between them."""

    source: str
    lines: list[_Line] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._code = _without_comments(self.source)
        self._source_lines = self.source.split("\n")
        self._line_starts = [0]
        for line in self._source_lines:
            self._line_starts.append(self._line_starts[-1] + len(line) + 1)
        self._cursor = 0

    # ------------------------------------------------------------ building

    def add(self, text: str, depth: int, kind: str, pos: sx.Pos | None = None, keyword: str | None = None) -> None:
        """A line printing the construct at `pos`, or at the first `keyword` (a regex) after the previous one."""
        anchor = None
        if pos is not None:
            anchor = self._line_starts[pos[0] - 1] + pos[1] - 1
        elif keyword is not None:
            match = re.compile(keyword).search(self._code, self._cursor)
            anchor = match.start() if match else None
        if anchor is not None and anchor < self._cursor:
            anchor = None  # anchors must follow the source order; never expected
        if anchor is not None:
            self._cursor = anchor
        self.lines.append(_Line(text, depth, kind, anchor))

    def blank(self) -> None:
        if self.lines and self.lines[-1].kind != "blank":
            self.lines.append(_Line("", 0, "blank"))

    # ------------------------------------------------------------ rendering

    def render(self, comments: Sequence[Comment]) -> str:
        """The text: every line, each comment before the line it belongs to, a final newline."""
        attached = self._attach(comments)
        out: list[str] = []
        for index, line in enumerate(self.lines):
            group = attached.get(index, [])
            if group:
                depth = line.depth + (1 if line.kind == "close" else 0)
                previous_kind = self._previous_kind(index)
                self._emit_comments(out, group, depth, previous_kind in ("item", "close"))
                if line.anchor is not None and self._blank_between(group[-1].line, self._line_of(line.anchor)):
                    out.append("")
            out.append(INDENT * line.depth + line.text if line.text else "")
        tail = attached.get(len(self.lines), [])
        if tail:
            self._emit_comments(out, tail, 0, True)
        return "\n".join(out) + "\n"

    def _attach(self, comments: Sequence[Comment]) -> dict[int, list[Comment]]:
        """Line index → the comments printed before it (index len(lines): after the last line)."""
        anchored = [(line.anchor, index) for index, line in enumerate(self.lines) if line.anchor is not None]
        offsets = [anchor for anchor, _ in anchored]
        attached: dict[int, list[Comment]] = {}
        for comment in comments:
            if comment.trailing:
                before = bisect.bisect_left(offsets, comment.offset) - 1
                if before >= 0:
                    attached.setdefault(anchored[before][1], []).append(comment)
                    continue
            after = bisect.bisect_right(offsets, comment.offset)
            target = anchored[after][1] if after < len(anchored) else len(self.lines)
            attached.setdefault(target, []).append(comment)
        return attached

    def _emit_comments(self, out: list[str], group: list[Comment], depth: int, may_open_with_blank: bool) -> None:
        for position, comment in enumerate(group):
            blank_above = self._blank_above(comment.line)
            if blank_above and (position > 0 or (may_open_with_blank and out and out[-1] != "")):
                out.append("")
            out.append(INDENT * depth + comment.text)

    def _previous_kind(self, index: int) -> str | None:
        return self.lines[index - 1].kind if index > 0 else None

    def _blank_above(self, line: int) -> bool:
        return line >= 2 and not self._source_lines[line - 2].strip()

    def _blank_between(self, first: int, second: int) -> bool:
        """Whether a blank source line lies strictly between lines `first` and `second`."""
        return any(not self._source_lines[number - 1].strip() for number in range(first + 1, second))

    def _line_of(self, offset: int) -> int:
        return bisect.bisect_right(self._line_starts, offset)


# ---------------------------------------------------------------- the sections


def _write_model(layout: _Layout, model: sx.ModelSyntax) -> None:
    if model.semantics is not None:
        name = "SingleAssignment" if model.semantics == "single" else "MultiAssignment"
        layout.add(f"Semantics = {name};", 0, "item", keyword=r"\bSemantics\b")
        layout.blank()
    for agent in ((model.environment,) if model.environment else ()) + model.agents:
        _write_agent(layout, agent)
        layout.blank()
    _write_section(layout, "Evaluation", model.evaluation_pos, [
        (f"{p.name.text} if {expression_text(p.condition)};", p.pos) for p in model.evaluation])
    layout.blank()
    _write_section(layout, "InitStates", None, [(f"{expression_text(model.initial)};", _start(model.initial))])
    if model.groups:
        layout.blank()
        _write_section(layout, "Groups", None, [
            (f"{g.name.text} = {{{_names(g.members)}}};", g.pos) for g in model.groups])
    if model.fairness:
        layout.blank()
        _write_section(layout, "Fairness", None, [(f"{entry_text(e)};", e.pos) for e in model.fairness])
    if model.compassion:
        layout.blank()
        _write_section(layout, "Compassion", None, [(f"{entry_text(e)};", e.pos) for e in model.compassion])
    layout.blank()
    _write_section(layout, "Formulae", None, [(f"{entry_text(e)};", e.pos) for e in model.formulae])


def _write_section(layout: _Layout, word: str, pos: sx.Pos | None, items: list[tuple[str, sx.Pos]],
                   depth: int = 0, colon: str = "") -> None:
    """`word` (or `word:`), its items one level deeper, `end word`."""
    layout.add(f"{word}{colon}", depth, "open", pos=pos, keyword=rf"\b{word}\b")
    for text, item_pos in items:
        layout.add(text, depth + 1, "item", pos=item_pos)
    layout.add(f"end {word}", depth, "close", keyword=rf"\bend\s+{word}\b")


def _write_agent(layout: _Layout, agent: sx.AgentDecl) -> None:
    layout.add(f"Agent {agent.name.text}", 0, "open", pos=agent.pos)
    if agent.obsvars is not None:
        _write_section(layout, "Obsvars", None, _declarations(agent.obsvars), 1, ":")
    if agent.lobsvars is not None:
        layout.add(f"Lobsvars = {{{_names(agent.lobsvars)}}};", 1, "item", keyword=r"\bLobsvars\b")
    if agent.vars is not None:
        _write_section(layout, "Vars", None, _declarations(agent.vars), 1, ":")
    if agent.red_states is not None:
        _write_section(layout, "RedStates", None,
                       [(f"{expression_text(agent.red_states)};", _start(agent.red_states))], 1, ":")
    layout.add(f"Actions = {{{_names(agent.actions)}}};", 1, "item", pos=agent.actions_pos)
    _write_section(layout, "Protocol", agent.protocol_pos, [
        (_protocol_line(line), line.pos) for line in agent.protocol], 1, ":")
    _write_section(layout, "Evolution", agent.evolution_pos, [
        (_evolution_line(line), line.pos) for line in agent.evolution], 1, ":")
    layout.add("end Agent", 0, "close", keyword=r"\bend\s+Agent\b")


def _declarations(declarations: tuple[sx.VarDecl, ...]) -> list[tuple[str, sx.Pos]]:
    return [(f"{d.name.text} : {_type_text(d.type)};", d.pos) for d in declarations]


def _type_text(spec: sx.TypeSpec) -> str:
    if isinstance(spec, sx.BoolTypeSpec):
        return "boolean"
    if isinstance(spec, sx.RangeTypeSpec):
        return f"{spec.low}..{spec.high}"
    return f"{{{_names(spec.symbols)}}}"


def _names(names: tuple[sx.Name, ...]) -> str:
    return ", ".join(name.text for name in names)


def _protocol_line(line: sx.ProtocolLine) -> str:
    head = "Other" if line.condition is None else expression_text(line.condition)
    return f"{head} : {{{_names(line.actions)}}};"


def _evolution_line(line: sx.EvolutionLine) -> str:
    assignments = " and ".join(f"{a.target.text} = {expression_text(a.value)}" for a in line.assignments)
    return f"{assignments} if {expression_text(line.guard)};"


def _start(expr: sx.Expr) -> sx.Pos:
    """Where an expression's text starts: its leftmost operand (binary nodes sit at their operator)."""
    while isinstance(expr, sx.BinaryExpr):
        expr = expr.left
    return expr.pos


# ---------------------------------------------------------------- formulas


class _Unprintable(Exception):
    """The formula uses an operator the target syntax does not have."""


@record
class _Grammar:
    """Operator binding of one formula syntax: levels (higher binds tighter) and associativity.

    `right_open`: operators that take in any binary operator binding tighter than the
    given level written after them (by default a prefix operator its own level, a
    binary one none).
    """

    binary: dict[type, tuple[int, str]]
    prefix: dict[type, int]
    right_open: dict[type, int] = field(default_factory=dict)


# ctlstark's syntax (grammar.lark), which is also how `_conventional_reading` reads a dialect body
_CONVENTIONAL = _Grammar(
    binary={fm.Iff: (1, "left"), fm.Implies: (2, "right"), fm.Or: (3, "left"), fm.And: (4, "left"),
            fm.U: (5, "right"), fm.R: (5, "right"), fm.W: (5, "right")},
    prefix={fm.Not: 6, fm.X: 6, fm.F: 6, fm.G: 6, fm.A: 6, fm.E: 6, fm.ATL: 6},
)
# MCMAS's precedence declarations (formulas._PRECEDENCE): `->` < `or` < `and` < `!` < `U`, `A`, `E` < `X F G`
_MCMAS_LTL = _Grammar(
    binary={fm.Implies: (1, "right"), fm.Or: (2, "left"), fm.And: (3, "left"), fm.U: (5, "left")},
    prefix={fm.Not: 4, fm.X: 6, fm.F: 6, fm.G: 6},
)
# In `CTL*` a state formula where a path formula is expected takes in the Boolean operators
# after it (bison shifts rather than reduce `path: state`): `A G p and q` is `A G (p and q)`,
# `p U q and r` is `p U (q and r)`. So nothing ending in a path operator is left open.
_MCMAS_CTLSTAR = _Grammar(binary=_MCMAS_LTL.binary, prefix={**_MCMAS_LTL.prefix, fm.A: 5, fm.E: 5},
                          right_open={fm.X: 0, fm.F: 0, fm.G: 0, fm.A: 0, fm.E: 0, fm.U: 0})

_GRAMMARS: dict[FormulaMode, tuple[_Grammar, ...]] = {
    "default": (_CONVENTIONAL,),
    "ltl": (_MCMAS_LTL, _CONVENTIONAL),
    "ctlstar": (_MCMAS_CTLSTAR, _CONVENTIONAL),
}
_PREFIX = {"ltl": "LTL ", "ctlstar": "CTL* "}
_BOOLEAN = (fm.And, fm.Or, fm.Implies, fm.Iff)
_TEMPORAL_BINARY = (fm.U, fm.R, fm.W)
_SYMBOL = {fm.And: "and", fm.Or: "or", fm.Implies: "->", fm.Iff: "<->", fm.U: "U", fm.R: "R", fm.W: "W"}
_CTL_NAMES = {(fm.E, fm.X): "EX", (fm.A, fm.X): "AX", (fm.E, fm.F): "EF", (fm.A, fm.F): "AF",
              (fm.E, fm.G): "EG", (fm.A, fm.G): "AG"}
_NONE_OPEN = 99  # no prefix operator open at the right end of a text


def entry_text(entry: sx.FormulaSyntax) -> str:
    """A Formulae, Fairness or Compassion entry in the syntax it was written in, with minimal parentheses."""
    return formula_text(entry.formula, entry.mode, entry.text)


def formula_text(formula: Formula, mode: FormulaMode = "default", original: str | None = None) -> str:
    """`formula` as an entry of `mode`, with the parentheses its parse needs in that mode.

    The text is parsed back and must give `formula`; failing that, the fully
    parenthesised text, then `original` with comments and line breaks removed.
    """
    candidates = list(_candidates(formula, mode))
    if original is not None:
        candidates.append(" ".join(_without_comments(original).split()))
    for text in candidates:
        if _reads_as(text, mode, formula):
            return text
    return candidates[-1]


def _candidates(formula: Formula, mode: FormulaMode) -> Iterator[str]:
    body = formula
    if mode == "ltl":
        if not isinstance(formula, fm.A):
            return
        body = formula.path
    try:
        yield _PREFIX.get(mode, "") + _Printer(_GRAMMARS[mode], mode).text(body)
    except _Unprintable:
        pass
    if mode == "default":
        yield to_text(formula)
    else:
        try:
            yield _PREFIX[mode] + _Printer(_GRAMMARS[mode], mode, everything=True).text(body)
        except _Unprintable:
            pass


def _reads_as(text: str, mode: FormulaMode, formula: Formula) -> bool:
    """Whether `text` is read back (in `mode`) as exactly `formula`."""
    try:
        if mode == "default":
            entry, diagnostics = parse_formula_syntax(text, "<fmt>", "default")
            return entry.mode == "default" and entry.formula == formula
        read = formulas.read_dialect(text[len(_PREFIX[mode]):], mode, 1, 1)
        return read == formula
    except (IsplError, formulas.DialectError):
        return False


@record
class _Printed:
    """A printed (sub)formula: its text, its top operator (None: it needs no parentheses
    anywhere) and, per grammar, the level of the loosest prefix operator still open at
    its right end (a binary operator that follows would extend that operand)."""

    text: str
    top: type | None
    open_levels: tuple[int, ...]


class _Printer:
    """Minimal-parenthesis printing of formula trees for one or more grammars at once:
    a parenthesis is written wherever any of them needs it."""

    def __init__(self, grammars: tuple[_Grammar, ...], mode: FormulaMode, everything: bool = False):
        self.grammars = grammars
        self.mode = mode
        self.everything = everything  # parenthesise every operand that is not an atom
        self.closed = tuple(_NONE_OPEN for _ in grammars)

    def text(self, formula: Formula) -> str:
        return self.print(formula).text

    # ------------------------------------------------------------ nodes

    def print(self, formula: Formula, in_quantifier: bool = False) -> _Printed:
        """`in_quantifier`: directly inside the parentheses of a quantifier (see `_binary`)."""
        self._check_supported(formula)
        match formula:
            case fm.Prop(name=name):
                return self._atom(name)
            case fm.Const(value=value):
                return self._atom("true" if value else "false")
            case fm.AgentStates(agent=agent, kind=kind):
                return self._atom(f"{agent}.{'RedStates' if kind == 'red' else 'GreenStates'}")
            case fm.ActionAtom(agent=agent, action=action):
                return self._atom(f"{agent}.Action = {action}")
            case fm.Not(operand=operand):
                return self._prefix(fm.Not, "!", operand, spaced=False)
            case fm.X() | fm.F() | fm.G():
                return self._prefix(type(formula), type(formula).__name__, formula.operand)
            case fm.E(path=path) | fm.A(path=path):
                return self._quantifier(formula, path)
            case fm.K(agent=who, operand=operand) | fm.O(agent=who, operand=operand):
                return self._atom(f"{type(formula).__name__}({who}, {self._modal_operand(operand)})")
            case fm.GK(group=who, operand=operand) | fm.DK(group=who, operand=operand) \
                    | fm.GCK(group=who, operand=operand):
                return self._atom(f"{type(formula).__name__}({who}, {self._modal_operand(operand)})")
            case fm.C(debtor=debtor, creditor=creditor, operand=operand):
                return self._atom(f"C({debtor}, {creditor}, {self.text(operand)})")
            case fm.Fu(debtor=debtor, creditor=creditor, operand=operand):
                return self._atom(f"Fu(C({debtor}, {creditor}, {self.text(operand)}))")
            case fm.SC(debtor=debtor, creditor=creditor, path=path, condition=condition):
                head = "" if condition is None else f"{self.text(condition)}, "
                return self._atom(f"SC({debtor}, {creditor}, {head}{self.text(path)})")
            case fm.ATL(group=group, path=fm.U() as path):
                return self._atom(f"<{group}>({self.text(path)})")
            case fm.ATL(group=group, path=path):
                return self._prefix(fm.ATL, f"<{group}>{type(path).__name__}", path.operand)  # type: ignore[union-attr]
            case fm.And() | fm.Or() | fm.Implies() | fm.Iff() | fm.U() | fm.R() | fm.W():
                return self._binary(formula, in_quantifier)
        raise TypeError(f"not a formula: {formula!r}")

    def _check_supported(self, formula: Formula) -> None:
        """MCMAS's dialects have no `<->`, `R`, `W`, deontic, commitment or ATL operators, and
        `LTL` no quantifier (an `LTL` knowledge operand `A ψ` is written `ψ`, see `_modal_operand`)."""
        if self.mode == "default":
            return
        if isinstance(formula, (fm.Iff, fm.R, fm.W, fm.O, fm.C, fm.Fu, fm.SC, fm.ATL)):
            raise _Unprintable
        if self.mode == "ltl" and isinstance(formula, (fm.A, fm.E)):
            raise _Unprintable

    def _modal_operand(self, operand: Formula) -> str:
        """MCMAS reads a path operand ψ of `K` in an `LTL` entry as `A ψ`: print it back as ψ."""
        if self.mode == "ltl" and isinstance(operand, fm.A) and not is_state_formula(operand.path):
            return self.text(operand.path)
        return self.text(operand)

    def _atom(self, text: str) -> _Printed:
        return _Printed(text, None, self.closed)

    def _quantifier(self, formula: fm.E | fm.A, path: Formula) -> _Printed:
        """`E ψ` / `A ψ`; in ctlstark's syntax `AG φ` etc. for a CTL operator over a state formula."""
        kind = type(formula)
        name = kind.__name__
        if self.mode == "default" and (kind, type(path)) in _CTL_NAMES and is_state_formula(path.operand):  # type: ignore[union-attr]
            return self._prefix(kind, _CTL_NAMES[(kind, type(path))], path.operand)  # type: ignore[union-attr]
        return self._prefix(kind, name, path)

    def _prefix(self, kind: type, symbol: str, operand: Formula, spaced: bool = True) -> _Printed:
        """A prefix operator; a quantifier's parenthesised Boolean operand is printed as
        MCMAS reads it (see `_binary`)."""
        if self._operand_needs_parens(kind, operand):
            inner = self.print(operand, in_quantifier=kind in (fm.E, fm.A) and isinstance(operand, _BOOLEAN))
            text, inner_open = f"{symbol}({inner.text})", self.closed
        else:
            inner = self.print(operand)
            text, inner_open = f"{symbol}{' ' if spaced else ''}{inner.text}", inner.open_levels
        levels = tuple(min(grammar.right_open.get(kind, grammar.prefix[kind]), level)
                       for grammar, level in zip(self.grammars, inner_open))
        return _Printed(text, kind, levels)

    def _binary(self, formula: Formula, in_quantifier: bool) -> _Printed:
        """`left op right`.

        `in_quantifier`: this Boolean operator is (on the outer spine of) the parenthesised
        operand of `E`/`A`. There ctlstark, like MCMAS, reads a single `U`/`R`/`W` as the
        loosest operator (`A(p and q U r)` is `A((p and q) U r)`, formulas.mcmas_until_reading),
        so an until below a Boolean operator there is always parenthesised.
        """
        kind = type(formula)
        left_text, _ = self._operand(kind, formula.left, "left", in_quantifier)  # type: ignore[union-attr]
        right_text, right_open = self._operand(kind, formula.right, "right", in_quantifier)  # type: ignore[union-attr]
        levels = tuple(min(grammar.right_open.get(kind, _NONE_OPEN), level)
                       for grammar, level in zip(self.grammars, right_open))
        return _Printed(f"{left_text} {_SYMBOL[kind]} {right_text}", kind, levels)

    def _operand(self, parent: type, child: Formula, side: str,
                 in_quantifier: bool) -> tuple[str, tuple[int, ...]]:
        """The text of one operand of a binary operator and the prefix levels open at its right end."""
        forced = (in_quantifier and isinstance(child, _TEMPORAL_BINARY)) or (
            self.everything and self._is_operator(child))
        if not forced and not self._level_needs_parens(parent, type(child), side):
            printed = self.print(child, in_quantifier and isinstance(child, _BOOLEAN))
            if side == "right" or not self._extends_over(parent, printed):
                return printed.text, printed.open_levels
        return f"({self.print(child).text})", self.closed

    # ------------------------------------------------------------ where parentheses go

    def _operand_needs_parens(self, kind: type, operand: Formula) -> bool:
        """Whether a prefix operator's operand must be parenthesised: an operator that binds
        looser (or as loose, left-associative: the prefix is reduced first)."""
        if self.everything:
            return self._is_operator(operand)
        for grammar in self.grammars:
            if type(operand) in grammar.binary:
                level, assoc = grammar.binary[type(operand)]
                if level < grammar.prefix[kind] or (level == grammar.prefix[kind] and assoc == "left"):
                    return True
        return False

    def _level_needs_parens(self, parent: type, child: type, side: str) -> bool:
        """Whether a binary operand must be parenthesised because its operator binds looser,
        or as loose on the side its parent's associativity does not group."""
        for grammar in self.grammars:
            if child not in grammar.binary:
                continue
            level, _ = grammar.binary[child]
            parent_level, assoc = grammar.binary[parent]
            if level < parent_level:
                return True
            if level == parent_level and (assoc == "right") == (side == "left"):
                return True
        return False

    def _extends_over(self, parent: type, left: _Printed) -> bool:
        """Whether a prefix operator open at the end of a left operand would take in `parent`
        (MCMAS: `!p U q` is `!(p U q)`, so `(!p) U q`)."""
        for grammar, open_level in zip(self.grammars, left.open_levels):
            level, assoc = grammar.binary[parent]
            if open_level < level or (open_level == level and assoc == "right"):
                return True
        return False

    @staticmethod
    def _is_operator(formula: Formula) -> bool:
        return isinstance(formula, (fm.Not, fm.X, fm.F, fm.G, fm.E, fm.A) + _BOOLEAN + _TEMPORAL_BINARY) or (
            isinstance(formula, fm.ATL) and not isinstance(formula.path, fm.U))


# ---------------------------------------------------------------- files


@record
class FormattedFile:
    """A file's text as read and in the canonical layout."""

    original: str
    text: str

    @property
    def changed(self) -> bool:
        """Whether the layout differs from the file's (byte for byte, line ends included)."""
        return self.text != self.original


def format_file(path: str | Path) -> FormattedFile:
    """Read an ISPL file (bytes as they are: CRLF line ends count as a change) and format it.

    Raises `IsplError` when it cannot be read or does not parse.
    """
    original = read_source(path, exact=True)
    return FormattedFile(original, format_model(original, str(path)))
