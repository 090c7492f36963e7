"""ISPL text → syntax tree (`syntax.py`), with clear syntax-error diagnostics.

The model grammar and ctlstark's own formula syntax are in `grammar.lark`
(LALR, contextual lexer). `LTL` / `CTL*` entries are read by `formulas.py`
exactly as MCMAS reads them. Every problem found while building the tree
(syntax error, a formula that is not a state formula, ...) becomes a
Diagnostic; nothing from lark escapes.
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
from ..logic.formula import Formula, to_text
from ..model import FormulaMode
from . import formulas
from . import syntax as sx
from .fastparse import parse_model_fast


@lru_cache(maxsize=None)
def _lark() -> Lark:
    grammar = resources.files(__package__).joinpath("grammar.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", lexer="contextual", start=["start", "formula_text", "tail"],
                propagate_positions=True, maybe_placeholders=True, cache=True)


# ---------------------------------------------------------------- public entry points


def parse_model_syntax(text: str, filename: str) -> tuple[sx.ModelSyntax, list[Diagnostic]]:
    """The syntax tree of an ISPL file and the (non-syntax) diagnostics found while building it.

    Raises IsplError on a syntax error. Valid files are read by the fast parser
    (fastparse.py); whatever it is not sure of goes through lark, which also gives the
    syntax-error messages.
    """
    fast = parse_model_fast(text, filename)
    if fast is not None:
        return fast
    tree = _parse(text, filename, "start")
    builder = _Builder(text, filename)
    model = _build(builder, tree)
    return model, builder.diagnostics


def parse_tail_syntax(text: str, filename: str, offset: int) -> tuple[
        tuple[sx.GroupDecl, ...], tuple[sx.FormulaSyntax, ...], tuple[sx.FormulaSyntax, ...], list[Diagnostic]] | None:
    """Groups, Fairness and Formulae of a file whose tail starts at `offset`, read by lark.

    For fastparse.py, which reads the model part itself. The text before `offset` is
    blanked (newlines kept), so lark's positions are those of the whole file and the
    `_Builder` (given the original text) builds exactly what the whole-file parse
    builds. None on a syntax error: the caller then parses the whole file with lark.
    """
    blanked = "\n".join(" " * len(line) for line in text[:offset].split("\n")) + text[offset:]
    try:
        tree = _lark().parse(blanked, start="tail")
    except LarkError:
        return None
    builder = _Builder(text, filename)
    parts = {child[0]: child[1] for child in _build(builder, tree).children}
    return parts.get("groups", ()), parts.get("fairness", ()), parts["formulae"], builder.diagnostics


def parse_formula_syntax(text: str, source: str, mode: FormulaMode) -> tuple[sx.FormulaSyntax, list[Diagnostic]]:
    """One formula given on its own; a leading `LTL` / `CTL*` selects that mode."""
    prefix = {"ltl": "LTL ", "ctlstar": "CTL* "}.get(mode, "")
    stripped = text.lstrip()
    if prefix and not stripped.startswith(prefix.strip()):
        offset = len(text) - len(stripped)
        text = text[:offset] + prefix + stripped
    tree = _parse(text, source, "formula_text")
    builder = _Builder(text, source)
    entry = _build(builder, tree)
    return entry, builder.diagnostics


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

_SECTION_WORDS = ("Semantics", "Agent", "Evaluation", "InitStates", "Groups", "Fairness", "Formulae")
_SUBSECTION_WORDS = ("Obsvars", "Vars", "Lobsvars", "RedStates", "Actions", "Protocol", "Evolution")
_SECTION_ORDER = ("sections come in this order: Semantics, Agent Environment, the other agents, "
                  "Evaluation, InitStates, Groups, Fairness, Formulae; inside an agent: "
                  "Obsvars, Vars (Lobsvars first for an agent), RedStates, Actions, Protocol, Evolution")
_REGEX_TERMINAL_WORDS = {
    "ID": "a name", "INT": "a number", "COMPARISON": "a comparison (`<`, `<=`, `>`, `>=`, `<>`)",
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
    if token.type == "BANG" and text.startswith("!=", token.start_pos or 0):
        return "inequality is written `<>` in ISPL, not `!=`", None
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
                           r"|InitStates|Groups|Fairness|Formulae)\b")


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
_CTL = {"A": fm.A, "E": fm.E}
_TEMPORAL = {"X": fm.X, "F": fm.F, "G": fm.G}


@v_args(meta=True)
class _Builder(Transformer_NonRecursive):
    """Lark tree → syntax.py tree; collects the diagnostics it finds on formulas."""

    def __init__(self, text: str, filename: str):
        super().__init__()
        self.text = text
        self.filename = filename
        self.diagnostics: list[Diagnostic] = []
        self._parenthesised: set[int] = set()
        self._pending_warnings: list[str] = []
        self._keep: list[Formula] = []

    def _error(self, message: str, pos: sx.Pos | None) -> None:
        self.diagnostics.append(formulas.diagnostic(message, self.filename, pos, self.text))

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
        entries = []
        for formula_node in children[1:]:
            entry = self._default_entry(formula_node, fairness=True)
            entries.append(entry)
        return ("fairness", tuple(entries))

    def formulae(self, meta, children):
        return ("formulae", tuple(children[1:]))

    def formula_text(self, meta, children):
        return children[0]

    # ------------------------------------------------------------ formula entries

    def default_entry(self, meta, children):
        return self._default_entry(children[0], fairness=False)

    def _default_entry(self, item: tuple[Formula, Any], *, fairness: bool) -> sx.FormulaSyntax:
        formula, meta = item
        text = self.text[meta.start_pos:meta.end_pos]
        pos = (meta.line, meta.column)
        problem = formulas.state_formula_problem(formula)
        if problem is not None:
            self._error(problem[0], problem[1] or pos)
        for message, where in formulas.operand_problems(formula):
            self._error(message, where or pos)
        if fairness:
            unfair = formulas.fairness_problem(formula)
            if unfair is not None:
                self._error(unfair[0], unfair[1] or pos)
        warnings, self._pending_warnings = tuple(self._pending_warnings), []
        return sx.FormulaSyntax(text, formula, "default", pos, warnings)

    def ltl_entry(self, meta, children):
        return self._dialect_entry(children[0], "ltl", "LTL")

    def ctls_entry(self, meta, children):
        return self._dialect_entry(children[0], "ctlstar", "CTL*")

    def _dialect_entry(self, token: Token, mode: FormulaMode, prefix: str) -> sx.FormulaSyntax:
        text = str(token).rstrip()
        body = text[len(prefix):]
        pos = (token.line, token.column)
        try:
            formula = formulas.read_dialect(body, "ltl" if mode == "ltl" else "ctlstar",
                                            token.line, token.column + len(prefix))
        except formulas.DialectError as error:
            self._error(error.message, (error.line, error.column))
            return sx.FormulaSyntax(text, fm.Const(True, pos=pos), mode, pos)
        warning = self._reading_warning(body, formula, mode, prefix)
        return sx.FormulaSyntax(text, formula, mode, pos, (warning,) if warning else ())

    def _reading_warning(self, body: str, formula: Formula, mode: FormulaMode, prefix: str) -> str | None:
        """A warning when MCMAS's reading of a dialect entry differs from the conventional one."""
        conventional = _conventional_reading(body)
        if conventional is None:
            return None
        if mode == "ltl":
            if list(formulas.operand_problems(conventional)):
                return None
            conventional = fm.A(conventional)
        elif formulas.state_formula_problem(conventional) or list(formulas.operand_problems(conventional)):
            return None
        conventional = formulas.infinite_reading(conventional)  # both readings are of a dialect entry
        if formulas.strip_state_quantifiers(conventional) == formulas.strip_state_quantifiers(formula):
            return None
        dialect = "ltl" if mode == "ltl" else "ctlstar"
        return (f"MCMAS reads `{prefix}{body.rstrip()}` as `{formulas.dialect_text(formula, dialect)}`, not as "
                f"the conventional `{formulas.dialect_text(conventional, dialect)}`; write "
                f"`{formulas.dialect_text(formula, dialect)}` to state MCMAS's reading explicitly")

    # ------------------------------------------------------------ formulas (ctlstark syntax)
    # Each rule returns (formula, meta) only at the entry level; inside, plain formulas.

    def _f(self, item: Any) -> Formula:
        return item[0] if isinstance(item, tuple) else item

    def _binary_formula(node, op_index):  # noqa: N805 - factory used while defining the class
        def build(self, meta, children):
            left, right = children[0], children[-1]
            where = _pos_of(children[op_index]) if op_index is not None else (meta.line, meta.column)
            return self._wrap(node(self._f(left), self._f(right), pos=where), meta)
        return build

    iff = _binary_formula(fm.Iff, None)
    implies = _binary_formula(fm.Implies, None)
    or_ = _binary_formula(fm.Or, 1)
    and_ = _binary_formula(fm.And, 1)
    until = _binary_formula(fm.U, 1)
    release = _binary_formula(fm.R, 1)
    weak_until = _binary_formula(fm.W, 1)

    def _wrap(self, formula: Formula, meta) -> tuple[Formula, Any]:
        self._keep.append(formula)
        return (formula, meta)

    def not_(self, meta, children):
        return self._wrap(fm.Not(self._f(children[0]), pos=(meta.line, meta.column)), meta)

    def temporal(self, meta, children):
        op = children[0]
        return self._wrap(_TEMPORAL[str(op)](self._f(children[1]), pos=_pos_of(op)), meta)

    def quantified(self, meta, children):
        op, operand = children[0], self._f(children[1])
        build = lambda path: _CTL[str(op)](path, pos=_pos_of(op))  # noqa: E731
        return self._wrap(build(self._mcmas_until(operand, lambda path: to_text(build(path)))), meta)

    def ctl_operator(self, meta, children):
        op = str(children[0])
        where = _pos_of(children[0])
        path = _TEMPORAL[op[1]](self._f(children[1]), pos=where)
        return self._wrap(_CTL[op[0]](path, pos=where), meta)

    def _mcmas_until(self, operand: Formula, describe: Any) -> Formula:
        """MCMAS's reading of `Q(operand)`; `describe` writes the whole `Q(...)` for the warning."""
        if id(operand) not in self._parenthesised:
            return operand
        reading = formulas.mcmas_until_reading(operand, self._parenthesised)
        if reading != operand:
            self._pending_warnings.append(
                f"read as `{describe(reading)}` (as MCMAS reads it: an until directly inside "
                f"the parentheses of a quantifier is the loosest operator there), not as the conventional "
                f"`{describe(operand)}`; add parentheses to make the intended reading explicit")
        return reading

    def paren(self, meta, children):
        inner = self._f(children[0])
        self._parenthesised.add(id(inner))
        return self._wrap(inner, meta)

    def prop(self, meta, children):
        return self._wrap(fm.Prop(str(children[0]), pos=_pos_of(children[0])), meta)

    def true_formula(self, meta, children):
        return self._wrap(fm.Const(True, pos=_pos_of(children[0])), meta)

    def false_formula(self, meta, children):
        return self._wrap(fm.Const(False, pos=_pos_of(children[0])), meta)

    def agent_states(self, meta, children):
        kind = "red" if str(children[1]) == "RedStates" else "green"
        return self._wrap(fm.AgentStates(str(children[0]), kind, pos=_pos_of(children[0])), meta)

    def action_atom(self, meta, children):
        return self._wrap(fm.ActionAtom(str(children[0]), str(children[2]), pos=_pos_of(children[0])), meta)

    def agent_modality(self, meta, children):
        op, who, operand = children
        node = fm.K if str(op) == "K" else fm.O
        return self._wrap(node(str(who), self._f(operand), pos=_pos_of(op)), meta)

    def group_modality(self, meta, children):
        op, group, operand = children
        node = {"GK": fm.GK, "GCK": fm.GCK, "DK": fm.DK}[str(op)]
        return self._wrap(node(str(group), self._f(operand), pos=_pos_of(op)), meta)

    def commitment(self, meta, children):
        op, debtor, creditor, operand = children
        return self._wrap(fm.C(str(debtor), str(creditor), self._f(operand), pos=_pos_of(op)), meta)

    def fulfilment(self, meta, children):
        op, _, debtor, creditor, operand = children
        return self._wrap(fm.Fu(str(debtor), str(creditor), self._f(operand), pos=_pos_of(op)), meta)

    def social_commitment(self, meta, children):
        op, debtor, creditor, path = children
        return self._wrap(fm.SC(str(debtor), str(creditor), self._f(path), pos=_pos_of(op)), meta)

    def conditional_commitment(self, meta, children):
        op, debtor, creditor, condition, path = children
        return self._wrap(fm.SC(str(debtor), str(creditor), self._f(path), self._f(condition),
                                pos=_pos_of(op)), meta)

    def atl(self, meta, children):
        group, op, operand = children
        path = _TEMPORAL[str(op)](self._f(operand), pos=_pos_of(op))
        return self._wrap(fm.ATL(str(group), path, pos=(meta.line, meta.column)), meta)

    def atl_paren(self, meta, children):
        where = (meta.line, meta.column)
        group, inner = children[0], self._f(children[1])
        self._parenthesised.add(id(inner))
        inner = self._mcmas_until(inner, lambda path: f"<{group}>{to_text(path)}")
        if not isinstance(inner, fm.U):
            self._error(f"a coalition operator takes `X φ`, `F φ`, `G φ` or `(φ U ψ)`, "
                        f"not `({to_text(inner)})`", where)
        return self._wrap(fm.ATL(str(group), inner, pos=where), meta)

    def agent_name(self, meta, children):
        return children[0]


def _conventional_reading(body: str) -> Formula | None:
    """The body of a dialect entry read in ctlstark's own syntax, or None when it does not parse."""
    try:
        tree = _lark().parse(body, start="formula_text")
        entry = _build(_Builder(body, "<reading>"), tree)
    except (LarkError, IsplError):
        return None
    return entry.formula if entry.mode == "default" else None
