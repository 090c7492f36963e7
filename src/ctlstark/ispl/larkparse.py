"""The reference parser: ISPL text → syntax tree (`syntax.py`) with lark, and the syntax-error messages.

The model grammar and ctlstark's own formula syntax are in `grammar.lark`
(LALR, contextual lexer). `LTL` / `CTL*` entries are read by `formulas.py`
exactly as MCMAS reads them; what happens to a formula once read is decided in
`entries.py`, shared with the fast parsers. Every problem found while building the
tree (syntax error, a formula that is not a state formula, ...) becomes a
Diagnostic; nothing from lark escapes. `parser.py` calls this module only when the
fast parsers (`fastparse.py`, `fasttail.py`) decline, so lark is imported on demand.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from importlib import resources
from typing import Any

from lark import Lark, Token, Transformer_NonRecursive, v_args
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError

from ..errors import Diagnostic, IsplError
from ..logic import formula as fm
from ..logic.formula import Formula
from . import formulas
from . import syntax as sx
from .entries import CTL_QUANTIFIERS, GROUP_MODALITIES, TEMPORAL, EntryBuilder


@lru_cache(maxsize=None)
def _lark() -> Lark:
    grammar = resources.files(__package__).joinpath("grammar.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", lexer="contextual", start=["start", "formula_text", "tail"],
                propagate_positions=True, maybe_placeholders=True, cache=True)


# ---------------------------------------------------------------- lark's parse


def parse_model_text(text: str, filename: str) -> tuple[sx.ModelSyntax, list[Diagnostic]]:
    """The syntax tree of a whole ISPL file and its diagnostics; raises IsplError on a syntax error."""
    tree = _parse(text, filename, "start")
    builder = _Builder(text, filename)
    return _build(builder, tree), builder.diagnostics


def parse_tail_text(text: str, filename: str, offset: int) -> tuple[
        tuple[sx.GroupDecl, ...], tuple[sx.FormulaSyntax, ...], tuple[sx.FormulaSyntax, ...],
        tuple[sx.FormulaSyntax, ...], list[Diagnostic]] | None:
    """Groups, Fairness, Compassion and Formulae of a file whose tail starts at `offset` (at its first word,
    `Groups`, `Fairness`, `Compassion` or `Formulae`, after a model part that parsed).

    The text before `offset` is blanked (newlines kept), so lark's positions are those of
    the whole file and the `_Builder` (given the original text) builds exactly what the
    whole-file parse builds. A syntax error raises IsplError worded as the whole file's
    parse words it: one LALR table serves both start symbols, and from the tail's first
    word on both parses pass through the same states (same expected tokens), while the
    message is made from the original text. Anything else lark raises gives None (the
    caller then parses the whole file). A typo in bunk_t's formulas (744 KB) was reported
    in 4.6 s, the whole file parsed again by lark, and is now in about 1 s.
    """
    blanked = "\n".join(" " * len(line) for line in text[:offset].split("\n")) + text[offset:]
    try:
        tree = _lark().parse(blanked, start="tail")
    except UnexpectedInput as error:
        raise IsplError([_syntax_diagnostic(error, text, filename)]) from None
    except LarkError:  # pragma: no cover - lark reports every syntax error as UnexpectedInput
        return None
    builder = _Builder(text, filename)
    parts = {child[0]: child[1] for child in _build(builder, tree).children}
    return (parts.get("groups", ()), parts.get("fairness", ()), parts.get("compassion", ()), parts["formulae"],
            builder.diagnostics)


def parse_formula_text(text: str, source: str) -> tuple[sx.FormulaSyntax, list[Diagnostic]]:
    """One formula entry given on its own; raises IsplError on a syntax error."""
    tree = _parse(text, source, "formula_text")
    builder = _Builder(text, source)
    return _build(builder, tree), builder.diagnostics


def formula_reading(body: str) -> Formula | None:
    """`body` read in ctlstark's own syntax, or None when it does not parse."""
    try:
        tree = _lark().parse(body, start="formula_text")
        entry = _build(_Builder(body, "<reading>"), tree)
    except (LarkError, IsplError):
        return None
    return entry.formula if entry.mode == "default" else None


def _parse(text: str, filename: str, start: str) -> Any:
    try:
        return _lark().parse(text, start=start)
    except UnexpectedInput as error:
        raise IsplError([_syntax_diagnostic(error, text, filename)]) from None
    except LarkError as error:  # pragma: no cover - lark reports everything above as UnexpectedInput
        raise IsplError([formulas.diagnostic(f"syntax error: {error}", filename, None, text)]) from None


def _build(builder: _Builder, tree: Any) -> Any:
    """`builder.transform(tree)`, raising what the builder raised (lark wraps it in a VisitError).

    A RecursionError on a very deep formula then reaches the caller's handler, which
    reports it as too deep to process.
    """
    try:
        return builder.transform(tree)
    except VisitError as error:
        raise error.orig_exc from None


# ---------------------------------------------------------------- syntax errors

_SECTION_WORDS = ("Semantics", "Agent", "Evaluation", "InitStates", "Groups", "Fairness", "Compassion", "Formulae")
_SUBSECTION_WORDS = ("Obsvars", "Vars", "Lobsvars", "RedStates", "Actions", "Protocol", "Evolution")
_SECTION_ORDER = ("sections come in this order: Semantics, Agent Environment, the other agents, "
                  "Evaluation, InitStates, Groups, Fairness, Compassion, Formulae; inside an agent: "
                  "Obsvars, Vars (Lobsvars first for an agent), RedStates, Actions, Protocol, Evolution")
_REGEX_TERMINAL_WORDS = {
    "ID": "a name", "INT": "a number", "COMPARISON": "a comparison (`<`, `<=`, `>`, `>=`, `<>`)",
    "NOT_EQUAL": "`!=`",
    "SEMANTICS_KIND": "`MultiAssignment`, `SingleAssignment`, `MA` or `SA`",
    "AND": "`and`", "OR": "`or`", "IF": "`if`", "UNTIL": "`U`", "RELEASE": "`R`", "WEAK_UNTIL": "`W`",
    "UNARY_TEMPORAL": "`X`, `F` or `G`", "QUANTIFIER": "`A` or `E`",
    "CTL_OPERATOR": "`AG`, `EG`, `AX`, `EX`, `AF` or `EF`", "AGENT_MODALITY": "`K` or `O`",
    "GROUP_MODALITY": "`GK`, `GCK` or `DK`", "LTL_ENTRY": "`LTL`", "CTLS_ENTRY": "`CTL*`",
    "COMMITMENT": "`C(`", "FULFILMENT": "`Fu(`", "SOCIAL_COMMITMENT": "`SC(`",
    "$END": "the end of the input",
}


def _describe_terminal(name: str) -> str:
    if name in _REGEX_TERMINAL_WORDS:
        return _REGEX_TERMINAL_WORDS[name]
    try:
        pattern = _lark().get_terminal(name).pattern
    except KeyError:
        return name
    return f"`{pattern.value}`"


def _expected_words(expected: set[str]) -> str:
    words = sorted({_describe_terminal(name) for name in expected})
    if len(words) > 12:
        words = words[:12] + ["..."]
    return ", ".join(words)


def _syntax_diagnostic(error: UnexpectedInput, text: str, filename: str) -> Diagnostic:
    line, column = error.line, error.column
    if isinstance(error, UnexpectedCharacters):
        message = _character_message(text, error.pos_in_stream, error.allowed)
    elif isinstance(error, UnexpectedToken):
        message, position = _token_message(error, text)
        if position is not None:
            line, column = position
    else:
        message = "syntax error"
    return formulas.diagnostic(message, filename, (max(line, 1), max(column, 1)), text)


def _character_message(text: str, offset: int, allowed: set[str]) -> str:
    if offset >= len(text):
        return "unexpected end of the input"
    char = text[offset]
    if text.startswith("!=", offset):
        return "inequality is written `<>` in ISPL, not `!=`"
    if char in "[]?":
        return f"`{char}`: LDL path expressions are not part of ISPL (MCMAS 1.3.0 rejects them)"
    if re.match(r"[A-Za-z0-9_(){}<>=:;,.+\-*/&|^~!]", char):
        return f"unexpected `{char}` here; expected {_expected_words(allowed)}"
    if char.isascii() and char.isprintable():
        return f"invalid character `{char}`"
    name = unicodedata.name(char, "unnamed character")
    shown = f"`{char}` " if char.isprintable() and not char.isspace() else ""
    return (f"invalid character {shown}(U+{ord(char):04X} {name}): ISPL is written in ASCII; "
            f"names are letters, digits and `_`")


def _token_message(error: UnexpectedToken, text: str) -> tuple[str, tuple[int, int] | None]:
    token = error.token
    expected = set(error.expected)
    shown = "the end of the input" if token.type == "$END" else f"`{token}`"
    previous = _previous_token(error)
    if token.type == "NOT_EQUAL" or (token.type == "BANG" and text.startswith("!=", token.start_pos or 0)):
        return "inequality is written `<>` in ISPL, not `!=` (only a formula's comparison atoms take both)", None
    if "SEMICOLON" in expected and previous is not None and token.line > (previous.end_line or previous.line):
        return (f"missing `;` at the end of this line (before {shown})",
                (previous.end_line or previous.line, (previous.end_column or previous.column)))
    misplaced = _section_word_starting_line(text, token)
    if misplaced is not None:
        word, offset, where = misplaced
        open_section = _open_section(text, offset)
        if open_section is not None and open_section != word:
            return f"missing `end {open_section}` before `{word}`", where
    if token.type == "$END" and "END" in expected:
        open_section = _open_section(text, len(text))
        if open_section is not None:
            return f"missing `end {open_section}` at the end of the file", None
    if "END" in expected and str(token) in _SECTION_WORDS + _SUBSECTION_WORDS:
        open_section = _open_section(text, token.start_pos or 0)
        if open_section is not None:
            return f"missing `end {open_section}` before `{token}`", None
    if str(token) in _SECTION_WORDS + _SUBSECTION_WORDS or token.type in ("LTL_ENTRY", "CTLS_ENTRY"):
        return (f"`{token}` is not allowed here; expected {_expected_words(expected)} ({_SECTION_ORDER})",
                None)
    unexpected = "end of the input" if token.type == "$END" else shown
    return f"unexpected {unexpected}; expected {_expected_words(expected)}", None


def _section_word_starting_line(text: str, token: Token) -> tuple[str, int, tuple[int, int]] | None:
    """A section keyword that starts the failing declaration but was read as a name (a section left open)."""
    offset = token.start_pos or 0
    start = text.rfind(";", 0, offset) + 1
    match = re.match(r"\s*([A-Za-z]+)\b", text[start:offset])
    if match is None or match.group(1) not in _SECTION_WORDS + _SUBSECTION_WORDS:
        return None
    word_offset = start + match.start(1)
    if word_offset == offset:
        return None
    line = text.count("\n", 0, word_offset) + 1
    column = word_offset - (text.rfind("\n", 0, word_offset) + 1) + 1
    return match.group(1), word_offset, (line, column)


def _previous_token(error: UnexpectedToken) -> Token | None:
    history = getattr(error, "token_history", None)
    if history:
        return history[-1]
    return None


_SECTION_MARK = re.compile(r"--[^\n]*|\b(end\s+)?(Agent|Obsvars|Vars|RedStates|Protocol|Evolution|Evaluation"
                           r"|InitStates|Groups|Fairness|Compassion|Formulae)\b")


def _open_section(text: str, offset: int) -> str | None:
    """The innermost section opened before `offset` and not yet closed by `end …`."""
    stack: list[str] = []
    for match in _SECTION_MARK.finditer(text, 0, offset):
        if match.group(2) is None:
            continue
        name = match.group(2)
        if not match.group(1):
            stack.append(name)
        elif name in stack:
            del stack[len(stack) - 1 - stack[::-1].index(name):]
    return stack[-1] if stack else None


# ---------------------------------------------------------------- building the syntax tree


def _pos_of(item: Any) -> sx.Pos:
    if isinstance(item, Token):
        return (item.line, item.column)
    return (item.line, item.column)


def _name(token: Token) -> sx.Name:
    return sx.Name(str(token), (token.line, token.column))


INT_MIN, INT_MAX = -2**31, 2**31 - 1  # MCMAS reads numbers into C ints; nothing outside is ISPL
_SEMANTICS = {"MultiAssignment": "multi", "MA": "multi", "SingleAssignment": "single", "SA": "single"}


@v_args(meta=True)
class _Builder(Transformer_NonRecursive):
    """Lark tree → syntax.py tree; collects the diagnostics it finds on formulas."""

    def __init__(self, text: str, filename: str):
        super().__init__()
        self.entries = EntryBuilder(text, filename)
        self.diagnostics = self.entries.diagnostics

    def _error(self, message: str, pos: sx.Pos | None) -> None:
        self.entries.error(message, pos)

    # ------------------------------------------------------------ file structure

    def start(self, meta, children):
        parts: dict[str, Any] = {"agents": []}
        for child in children:
            if isinstance(child, sx.AgentDecl):
                if child.is_environment:
                    parts["environment"] = child
                else:
                    parts["agents"].append(child)
            elif child is not None:
                parts[child[0]] = child[1:]
        evaluation, evaluation_pos = parts["evaluation"]
        return sx.ModelSyntax(
            semantics=parts.get("semantics", (None,))[0],
            environment=parts.get("environment"),
            agents=tuple(parts["agents"]),
            evaluation=evaluation,
            evaluation_pos=evaluation_pos,
            initial=parts["init"][0],
            groups=parts.get("groups", ((),))[0],
            fairness=parts.get("fairness", ((),))[0],
            formulae=parts["formulae"][0],
            compassion=parts.get("compassion", ((),))[0],
        )

    def semantics(self, meta, children):
        return ("semantics", _SEMANTICS[str(children[0])])

    def environment(self, meta, children):
        return self._agent(meta, _name(children[1]), True, children[2:])

    def agent(self, meta, children):
        return self._agent(meta, _name(children[1]), False, children[2:])

    def _agent(self, meta, name: sx.Name, is_environment: bool, sections) -> sx.AgentDecl:
        found = {section[0]: section[1:] for section in sections if section is not None}
        return sx.AgentDecl(
            name=name,
            is_environment=is_environment,
            obsvars=found["obsvars"][0] if "obsvars" in found else None,
            vars=found["vars"][0] if "vars" in found else None,
            lobsvars=found["lobsvars"][0] if "lobsvars" in found else None,
            red_states=found["red"][0] if "red" in found else None,
            actions=found["actions"][0],
            actions_pos=found["actions"][1],
            protocol=found["protocol"][0],
            protocol_pos=found["protocol"][1],
            evolution=found["evolution"][0],
            evolution_pos=found["evolution"][1],
            pos=(meta.line, meta.column),
        )

    def obsvars_section(self, meta, children):
        return ("obsvars", tuple(children[1:]))

    def vars_section(self, meta, children):
        return ("vars", tuple(children[1:]))

    def var_decl(self, meta, children):
        return sx.VarDecl(_name(children[0]), children[1], (meta.line, meta.column))

    def bool_type(self, meta, children):
        return sx.BoolTypeSpec(_pos_of(children[0]))

    def range_type(self, meta, children):
        (low, low_pos), (high, _) = children
        return sx.RangeTypeSpec(low, high, low_pos)

    def enum_type(self, meta, children):
        return sx.EnumTypeSpec(tuple(_name(t) for t in children), (meta.line, meta.column))

    def integer(self, meta, children):
        return self._int(children[-1], negative=len(children) == 2, pos=_pos_of(children[0])), _pos_of(children[0])

    def lobsvars(self, meta, children):
        return ("lobsvars", tuple(_name(t) for t in children[1:] if t is not None))

    def red_states(self, meta, children):
        return ("red", children[1])

    def actions(self, meta, children):
        return ("actions", tuple(_name(t) for t in children[1:] if t is not None), _pos_of(children[0]))

    def protocol(self, meta, children):
        return ("protocol", tuple(children[1:]), _pos_of(children[0]))

    def protocol_rule(self, meta, children):
        return sx.ProtocolLine(children[0], children[1], (meta.line, meta.column))

    def protocol_other(self, meta, children):
        return sx.ProtocolLine(None, children[1], _pos_of(children[0]))

    def action_set(self, meta, children):
        return tuple(_name(t) for t in children)

    def evolution(self, meta, children):
        return ("evolution", tuple(children[1:]), _pos_of(children[0]))

    def evolution_line(self, meta, children):
        assignments, _, guard = children
        if isinstance(assignments, sx.Assignment):
            assignments = [assignments]
        return sx.EvolutionLine(tuple(assignments), guard, (meta.line, meta.column))

    def assignment_list(self, meta, children):
        left, _, right = children
        as_list = lambda x: x if isinstance(x, list) else [x]  # noqa: E731
        return as_list(left) + as_list(right)

    def assignment(self, meta, children):
        return sx.Assignment(_name(children[0]), children[1], (meta.line, meta.column))

    # ------------------------------------------------------------ conditions and expressions

    def cond_or(self, meta, children):
        return sx.BinaryExpr("or", children[0], children[2], _pos_of(children[1]))

    def cond_and(self, meta, children):
        return sx.BinaryExpr("and", children[0], children[2], _pos_of(children[1]))

    def cond_not(self, meta, children):
        return sx.UnaryExpr("!", children[0], (meta.line, meta.column))

    def comparison(self, meta, children):
        return sx.BinaryExpr(str(children[1]), children[0], children[2], _pos_of(children[1]))

    def equality(self, meta, children):
        return sx.BinaryExpr("=", children[0], children[1], (meta.line, meta.column))

    def own_action(self, meta, children):
        return sx.ActionTest(None, _name(children[1]), (meta.line, meta.column))

    def agent_action(self, meta, children):
        return sx.ActionTest(str(children[0]), _name(children[2]), (meta.line, meta.column))

    def _binary(op):  # noqa: N805 - a small factory used while defining the class
        def build(self, meta, children):
            return sx.BinaryExpr(op, children[0], children[-1], (meta.line, meta.column))
        return build

    bit_or = _binary("|")
    bit_xor = _binary("^")
    bit_and = _binary("&")
    add = _binary("+")
    sub = _binary("-")
    mul = _binary("*")
    div = _binary("/")

    def bit_not(self, meta, children):
        return sx.UnaryExpr("~", children[0], (meta.line, meta.column))

    def true_value(self, meta, children):
        return sx.BoolLit(True, _pos_of(children[0]))

    def false_value(self, meta, children):
        return sx.BoolLit(False, _pos_of(children[0]))

    def number(self, meta, children):
        return sx.IntLit(self._int(children[0], negative=False, pos=_pos_of(children[0])), _pos_of(children[0]))

    def negative_number(self, meta, children):
        return sx.IntLit(self._int(children[1], negative=True, pos=_pos_of(children[0])), _pos_of(children[0]))

    def _int(self, digits: Token, *, negative: bool, pos: sx.Pos) -> int:
        """The value of a number literal; outside MCMAS's 32-bit integers an error (and the nearest bound)."""
        text = str(digits)
        value = int(text) if len(text) <= 20 else None  # (int() refuses 4,300 digits and more)
        if value is not None and negative:
            value = -value
        if value is None or not INT_MIN <= value <= INT_MAX:
            shown = ("-" if negative else "") + (text if len(text) <= 30 else f"{text[:12]}... ({len(text)} digits)")
            self._error(f"the number {shown} is out of range: ISPL integers lie within {INT_MIN}..{INT_MAX}", pos)
            return INT_MIN if negative else INT_MAX
        return value

    def name(self, meta, children):
        return sx.Ident(str(children[0]), _pos_of(children[0]))

    def qualified_name(self, meta, children):
        return sx.Qualified(str(children[0]), str(children[1]), _pos_of(children[0]))

    # ------------------------------------------------------------ global sections

    def evaluation(self, meta, children):
        return ("evaluation", tuple(children[1:]), _pos_of(children[0]))

    def proposition(self, meta, children):
        return sx.PropositionDecl(_name(children[0]), children[2], (meta.line, meta.column))

    def init_states(self, meta, children):
        return ("init", children[1])

    def groups(self, meta, children):
        return ("groups", tuple(children[1:]))

    def group(self, meta, children):
        return sx.GroupDecl(_name(children[0]), tuple(children[1:]), (meta.line, meta.column))

    def member(self, meta, children):
        return _name(children[0])

    def fairness(self, meta, children):
        return ("fairness", tuple(children[1:]))

    def fairness_entry(self, meta, children):
        return self._default_entry(children[0], fairness=True)

    def compassion(self, meta, children):
        return ("compassion", tuple(children[1:]))

    def compassion_entry(self, meta, children):
        return self._default_entry(children[0], fairness=False, compassion=True)

    def formulae(self, meta, children):
        return ("formulae", tuple(children[1:]))

    def formula_text(self, meta, children):
        return children[0]

    # ------------------------------------------------------------ formula entries

    def default_entry(self, meta, children):
        return self._default_entry(children[0], fairness=False)

    def _default_entry(self, item: tuple[Formula, Any], *, fairness: bool,
                       compassion: bool = False) -> sx.FormulaSyntax:
        formula, meta = item
        return self.entries.default_entry(formula, meta.start_pos, meta.end_pos, (meta.line, meta.column),
                                          fairness=fairness, compassion=compassion)

    def ltl_entry(self, meta, children):
        return self.entries.dialect_entry(str(children[0]), _pos_of(children[0]), "ltl")

    def ctls_entry(self, meta, children):
        return self.entries.dialect_entry(str(children[0]), _pos_of(children[0]), "ctlstar")

    # ------------------------------------------------------------ formulas (ctlstark syntax)
    # Each rule returns (formula, meta) so that parents and entries know where its text starts.

    def _f(self, item: Any) -> Formula:
        return item[0] if isinstance(item, tuple) else item

    def _binary_formula(node, op_index):  # noqa: N805 - factory used while defining the class
        def build(self, meta, children):
            left, right = children[0], children[-1]
            where = _pos_of(children[op_index]) if op_index is not None else (meta.line, meta.column)
            return (node(self._f(left), self._f(right), pos=where), meta)
        return build

    iff = _binary_formula(fm.Iff, None)
    implies = _binary_formula(fm.Implies, None)
    or_ = _binary_formula(fm.Or, 1)
    and_ = _binary_formula(fm.And, 1)
    until = _binary_formula(fm.U, 1)
    release = _binary_formula(fm.R, 1)
    weak_until = _binary_formula(fm.W, 1)

    def not_(self, meta, children):
        return (fm.Not(self._f(children[0]), pos=(meta.line, meta.column)), meta)

    def temporal(self, meta, children):
        op = children[0]
        return (TEMPORAL[str(op)](self._f(children[1]), pos=_pos_of(op)), meta)

    def quantified(self, meta, children):
        op = children[0]
        return (self.entries.quantified(str(op), self._f(children[1]), _pos_of(op)), meta)

    def ctl_operator(self, meta, children):
        op = str(children[0])
        where = _pos_of(children[0])
        path = TEMPORAL[op[1]](self._f(children[1]), pos=where)
        return (CTL_QUANTIFIERS[op[0]](path, pos=where), meta)

    def paren(self, meta, children):
        return (self.entries.parenthesised(self._f(children[0])), meta)

    def prop(self, meta, children):
        return (fm.Prop(str(children[0]), pos=_pos_of(children[0])), meta)

    def true_formula(self, meta, children):
        return (fm.Const(True, pos=_pos_of(children[0])), meta)

    def false_formula(self, meta, children):
        return (fm.Const(False, pos=_pos_of(children[0])), meta)

    def agent_states(self, meta, children):
        kind = "red" if str(children[1]) == "RedStates" else "green"
        return (fm.AgentStates(str(children[0]), kind, pos=_pos_of(children[0])), meta)

    def action_atom(self, meta, children):
        return (fm.ActionAtom(str(children[0]), str(children[2]), pos=_pos_of(children[0])), meta)

    def variable_atom(self, meta, children):
        """`Agent.x` alone: a proposition named `Agent.x`, which the resolver reports with how to compare it."""
        agent, variable = children
        return (fm.Prop(f"{agent}.{variable}", pos=_pos_of(agent)), meta)

    def variable_comparison(self, meta, children):
        agent, variable, operator, right = children
        left = sx.Qualified(str(agent), str(variable), _pos_of(agent))
        return (self.entries.comparison(left, str(operator), _pos_of(operator), right), meta)

    def bare_comparison(self, meta, children):
        """`x = 3`: read as a comparison, which the resolver reports (a variable is written with its agent)."""
        name, operator, right = children
        left = sx.Ident(str(name), _pos_of(name))
        return (self.entries.comparison(left, str(operator), _pos_of(operator), right), meta)

    def agent_modality(self, meta, children):
        op, who, operand = children
        node = fm.K if str(op) == "K" else fm.O
        return (node(str(who), self._f(operand), pos=_pos_of(op)), meta)

    def group_modality(self, meta, children):
        op, group, operand = children
        return (GROUP_MODALITIES[str(op)](str(group), self._f(operand), pos=_pos_of(op)), meta)

    def commitment(self, meta, children):
        op, debtor, creditor, operand = children
        return (fm.C(str(debtor), str(creditor), self._f(operand), pos=_pos_of(op)), meta)

    def fulfilment(self, meta, children):
        op, _, debtor, creditor, operand = children
        return (fm.Fu(str(debtor), str(creditor), self._f(operand), pos=_pos_of(op)), meta)

    def social_commitment(self, meta, children):
        op, debtor, creditor, path = children
        return (fm.SC(str(debtor), str(creditor), self._f(path), pos=_pos_of(op)), meta)

    def conditional_commitment(self, meta, children):
        op, debtor, creditor, condition, path = children
        return (fm.SC(str(debtor), str(creditor), self._f(path), self._f(condition), pos=_pos_of(op)), meta)

    def atl(self, meta, children):
        group, op, operand = children
        path = TEMPORAL[str(op)](self._f(operand), pos=_pos_of(op))
        return (fm.ATL(str(group), path, pos=(meta.line, meta.column)), meta)

    def atl_paren(self, meta, children):
        group, inner = children[0], self._f(children[1])
        return (self.entries.coalition_parenthesised(str(group), inner, (meta.line, meta.column)), meta)

    def agent_name(self, meta, children):
        return children[0]
