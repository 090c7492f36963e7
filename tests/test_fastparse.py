"""The fast ISPL parser (ispl/fastparse.py) gives exactly what the lark path gives, or None.

"Exactly" is dataclass equality of the `syntax.py` trees, positions included, and of
the diagnostics. None ("not sure") is allowed on any input: the caller then runs
lark. It is required on malformed input, and it must not happen on the valid files
we care about (examples, reference models, generated models).
"""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from conftest import examples

from ctlstark.errors import IsplError, recursion_headroom
from ctlstark.ispl import syntax as sx
from ctlstark.ispl import fastparse
from ctlstark.ispl.fastparse import parse_model_fast
from ctlstark.ispl.larkparse import _Builder, _parse
from ctlstark.ispl.parser import parse_model_syntax
from ctlstark.ispl.resolve import resolve_model

from benchmark_modules import load_benchmark
from ispl_writer import write_model
from strategies import models
from reference_corpus import REFERENCE

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "ispl_examples").glob("*.ispl"))
REFERENCE_MODELS = sorted(REFERENCE.glob("*/*.ispl")) if REFERENCE.is_dir() else []
LARGE_MODEL_BYTES = 400_000  # lark takes seconds on the ~700 KB generated GDL models: -m slow


def lark_syntax(text: str, filename: str = "test.ispl"):
    """What the lark path of `parse_model_syntax` gives (raises IsplError on a syntax error)."""
    tree = _parse(text, filename, "start")
    builder = _Builder(text, filename)
    return builder.transform(tree), builder.diagnostics


def lark_diagnostics(text: str, filename: str = "test.ispl"):
    """The diagnostics of lark's syntax error on `text`."""
    with pytest.raises(IsplError) as caught:
        lark_syntax(text, filename)
    return caught.value.diagnostics


def assert_same_as_lark(text: str, filename: str = "test.ispl") -> None:
    """The fast parser accepts `text` and gives lark's tree and diagnostics."""
    with recursion_headroom():  # comparing long left-nested chains recurses deeply
        fast = parse_model_fast(text, filename)
        assert fast is not None, "the fast parser declined a valid file"
        assert fast == lark_syntax(text, filename)


def file_params(paths: list[Path]) -> list:
    return [pytest.param(path, id=f"{path.parent.name}/{path.name}",
                         marks=[pytest.mark.slow] if path.stat().st_size > LARGE_MODEL_BYTES else [])
            for path in paths]


# ---------------------------------------------------------------- (a) example and reference models


@pytest.mark.parametrize("path", file_params(EXAMPLES))
def test_examples(path: Path) -> None:
    assert_same_as_lark(path.read_text(), str(path))


@pytest.mark.skipif(not REFERENCE_MODELS, reason="shared/ispl-reference is not available")
@pytest.mark.parametrize("path", file_params(REFERENCE_MODELS))
def test_reference_models(path: Path) -> None:
    """Accepted by lark: the same result. Malformed on purpose: both fail (in the tail, with the same error)."""
    text = path.read_text()
    try:
        expected = lark_syntax(text, str(path))
    except IsplError as error:
        try:
            assert parse_model_fast(text, str(path)) is None
        except IsplError as fast_error:
            assert fast_error.diagnostics == error.diagnostics
        return
    with recursion_headroom():
        assert parse_model_fast(text, str(path)) == expected


# ---------------------------------------------------------------- (b) random models


@settings(max_examples=examples(150))
@given(models())
def test_random_models(model) -> None:
    assert_same_as_lark(write_model(model), "random.ispl")


# Random conditions, expressions and assignments, written with random parentheses,
# blanks and comments: the shapes (left-nested chains, precedence) and positions
# (a node starts at its first token, parentheses around its first operand included).

BLANK = st.sampled_from(["", " ", " ", "  ", "\n", "\t", " -- a comment\n"])
NAMES = st.sampled_from(["x", "y", "n1", "A", "R", "X", "MA", "U"])  # formula keywords are names here
LITERALS = st.sampled_from(["0", "1", "42", "007", "-1", "- 3", "true", "false"])
QUALIFIED = st.sampled_from(["Ag.x", "Environment.y", "Ag . n1", "Environment .x"])


@st.composite
def parenthesised(draw, text: str, most: int = 2) -> str:
    for _ in range(draw(st.integers(0, most))):
        text = f"({draw(BLANK)}{text}{draw(BLANK)})"
    return text


@st.composite
def expressions(draw, depth: int = 3) -> str:
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        return draw(parenthesised(draw(st.one_of(NAMES, LITERALS, QUALIFIED)), most=1))
    kind = draw(st.integers(0, 5))
    if kind == 0:  # `~` applies to an arithmetic term: parenthesise its operand, and the whole
        return f"(~{draw(BLANK)}({draw(expressions(depth - 1))}))"
    op = draw(st.sampled_from(["+", "-", "*", "/", "&", "|", "^"]))
    left, right = draw(expressions(depth - 1)), draw(expressions(depth - 1))
    return draw(parenthesised(f"{left} {draw(BLANK)}{op}{draw(BLANK)} {right}", most=1))


@st.composite
def conditions(draw, depth: int = 3) -> str:
    kind = draw(st.integers(0, 6)) if depth > 0 else 0
    if kind <= 2:
        atom = draw(st.sampled_from(["cmp", "cmp", "cmp", "own", "agent"]))
        if atom == "own":
            text = f"Action{draw(BLANK)}={draw(BLANK)}a"
        elif atom == "agent":
            text = f"{draw(st.sampled_from(['Ag', 'Environment']))}{draw(BLANK)}.Action = b"
        else:
            op = draw(st.sampled_from(["=", "=", "<", ">", "<=", ">=", "<>"]))
            text = f"{draw(expressions(2))}{draw(BLANK)}{op}{draw(BLANK)}{draw(expressions(2))}"
        return draw(parenthesised(text))
    if kind == 3:
        return draw(parenthesised(f"!{draw(BLANK)}{draw(conditions(depth - 1))}"))
    op = draw(st.sampled_from(["and", "or"]))
    return draw(parenthesised(f"{draw(conditions(depth - 1))} {op} {draw(conditions(depth - 1))}"))


@st.composite
def assignments(draw, depth: int = 2) -> str:
    if depth == 0 or draw(st.booleans()):
        text = f"{draw(st.sampled_from(['x', 'y']))}{draw(BLANK)}={draw(BLANK)}{draw(expressions(2))}"
        return draw(parenthesised(text, most=1))
    return draw(parenthesised(f"{draw(assignments(depth - 1))} and {draw(assignments(depth - 1))}", most=1))


@st.composite
def condition_models(draw) -> str:
    def condition() -> str:
        return draw(conditions())
    return f"""Agent Environment
  Vars: y : boolean; end Vars
  RedStates: {condition()}; end RedStates
  Actions = {{b}};
  Protocol: {condition()} : {{b}}; Other : {{b}}; end Protocol
  Evolution: {draw(assignments())} if {condition()}; end Evolution
end Agent
Agent Ag
  Vars: x : -2..3; n1 : {{u, v}}; end Vars
  Actions = {{a}};
  Protocol: {condition()} : {{a}}; end Protocol
  Evolution: {draw(assignments())} if {condition()}; end Evolution
end Agent
Evaluation p if {condition()}; end Evaluation
InitStates {condition()}; end InitStates
Formulae AG p; end Formulae
"""


@settings(max_examples=examples(150))
@given(condition_models())
def test_random_conditions_and_expressions(text: str) -> None:
    assert_same_as_lark(text)


# Random edits of valid files: the fast parser gives lark's result or None, never another one.

TOKEN = re.compile(r"\s+|--[^\n]*|[A-Za-z][A-Za-z0-9_]*|[0-9]+|\.\.|<>|<=|>=|.", re.S)
EDITS = ["(", ")", "and", "or", "!", "=", "<", "<>", "-", "+", "~", "&", ".", "..", ";", ":", "{", "}", ",",
         "Action", "Environment", "end", "Agent", "true", "x", "Other", "if", "1", "boolean", "Vars", "Lobsvars",
         "RedStates", "Groups", "Formulae", "InitStates", " ", "\n", "--c\n", "é", "$", "Agentx", "and1"]


@settings(max_examples=examples(300))
@given(st.sampled_from([path for path in EXAMPLES if path.stat().st_size < 20_000]), st.randoms(use_true_random=False))
def test_random_edits_never_give_another_result(path: Path, rng: random.Random) -> None:
    assert_fast_agrees_with_lark(edited(path.read_text(), rng, EDITS), "edited.ispl")


def edited(text: str, rng: random.Random, words: list[str], keep_first: bool = False) -> str:
    """`text` with one to three tokens deleted, replaced or inserted (`words`); `keep_first`: not the first."""
    tokens = TOKEN.findall(text)
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(1 if keep_first else 0, len(tokens))
        edit = rng.randrange(3)
        if edit == 0:
            del tokens[at]
        elif edit == 1:
            tokens[at] = rng.choice(words)
        else:
            tokens.insert(at, rng.choice(words))
    return "".join(tokens)


def assert_fast_agrees_with_lark(text: str, filename: str) -> None:
    """The fast parser gives lark's result, or None, or (for the tail) lark's own syntax error."""
    try:
        fast = parse_model_fast(text, filename)
    except IsplError as error:
        assert error.diagnostics == lark_diagnostics(text, filename)
        return
    if fast is not None:
        assert fast == lark_syntax(text, filename)


TAIL_START = re.compile(r"\b(Groups|Fairness|Compassion|Formulae)\b")


@settings(max_examples=examples(300))
@given(st.sampled_from([path for path in EXAMPLES + REFERENCE_MODELS if path.stat().st_size < 20_000]),
       st.randoms(use_true_random=False))
def test_random_edits_of_the_tail_get_the_whole_file_s_error(path: Path, rng: random.Random) -> None:
    """An error in Groups … Formulae is reported by lark's parse of the tail alone (not of the whole file
    again): the same diagnostics as the whole file's parse, on every edit."""
    text = path.read_text()
    tail_start = TAIL_START.search(text, text.find("end InitStates") + 1)
    if tail_start is None:  # a reference model malformed on purpose before its tail
        return
    # the tail's first word stays: it is what sends the file to the tail parser
    tail = edited(text[tail_start.start():], rng, EDITS + TAIL_EDITS, keep_first=True)
    assert_lark_s_answer(text[:tail_start.start()] + tail, "edited.ispl")


def assert_lark_s_answer(text: str, filename: str) -> None:
    """`parse_model_syntax` gives what lark's parse of the whole file gives: its result or its syntax error."""
    try:
        expected = lark_syntax(text, filename)
    except IsplError as error:
        with pytest.raises(IsplError) as caught:
            parse_model_syntax(text, filename)
        assert caught.value.diagnostics == error.diagnostics
        return
    assert parse_model_syntax(text, filename) == expected


TAIL_EDITS = ["AG", "EF", "AX", "K", "GK", "DK", "CK", "LTL", "CTL*", "U", "X", "G", "F", "<", ">", "->", "<->",
              "end", "Formulae", "Groups", "Fairness", "Compassion", "Evaluation", "=", "{", "}", "[", "?", "!="]


# ---------------------------------------------------------------- (c) dining cryptographers


@pytest.mark.parametrize("n", [3, 4, 7, 12, 25])
def test_dining_cryptographers(n: int) -> None:
    assert_same_as_lark(load_benchmark("dc").dc_model_text(n), f"dc{n}.ispl")


# ---------------------------------------------------------------- shapes and positions, by hand

SMALL = """\
Agent A
  Vars: x : 0..3; e : {{u, v}}; end Vars
  Actions = {{a}};
  Protocol: Other : {{a}}; end Protocol
  Evolution: {evolution}; end Evolution
end Agent
Evaluation p if x = 1; end Evaluation
InitStates {initial}; end InitStates
Formulae AG p; end Formulae
"""


def small(initial: str = "A.x = 0", evolution: str = "x = 1 if x = 0") -> str:
    return SMALL.format(initial=initial, evolution=evolution)


@pytest.mark.parametrize("initial", [
    "(A.x) + 1 = 2",                        # a parenthesised expression, then compared
    "((A.x)) = 1",                          # the equality starts at the outer parenthesis
    "((A.x + 1) * 2) - 3 > (4)",
    "(A.x = 1)",                            # a parenthesised condition
    "!(A.x = 1) and !A.x = 2 or ((A.x < 3))",
    "~A.x & A.e = A.x | 1 ^ 2",             # `~` binds the whole arithmetic term
    "A.x - -1 = - 2 * 3 / 4",               # binary minus and negative literals
    "1 + 2 - 3 + 4 = 1 * 2 / 3 * 4",        # left-nested chains
    "A.x = 1 and A.x = 2 and A.x = 3 or A.x = 4 or A.x = 5",
    "A.Action = a and Environment.Action = b",
    "true = false",
])
def test_condition_shapes_and_positions(initial: str) -> None:
    assert_same_as_lark(small(initial=initial))


@pytest.mark.parametrize("evolution", [
    "(x = 1) if x = 0",
    "((x = 1 and e = u)) and (x = x + 1) if Action = a",
    "x = (1) if (x) = 0",
])
def test_assignment_shapes_and_positions(evolution: str) -> None:
    assert_same_as_lark(small(evolution=evolution))


def test_long_conjunction_is_left_nested_without_recursion() -> None:
    """An InitStates line of 10,000 conjuncts: read iteratively, nested like lark's tree."""
    count = 10_000
    text = small(initial=" and ".join(["A.x = 0"] * count))
    fast = parse_model_fast(text, "long.ispl")
    assert fast is not None
    node, depth = fast[0].initial, 0
    while isinstance(node, sx.BinaryExpr) and node.op == "and":
        assert node.right == sx.BinaryExpr("=", sx.Qualified("A", "x", node.right.pos),
                                           sx.IntLit(0, node.right.right.pos), node.right.pos)
        node, depth = node.left, depth + 1
    assert depth == count - 1
    assert_same_as_lark(small(initial=" and ".join(["A.x = 0"] * 2_000)))


def test_windows_line_ends_and_tabs() -> None:
    assert_same_as_lark(small(initial="A.x\t=\t0 -- note\r\n  and A.x = 1").replace("\n", "\r\n"))


def test_tail_on_the_line_of_end_initstates() -> None:
    """The tail (Groups, Fairness, Formulae) starts mid-line: lark reads it at its real position."""
    text = small().replace("end InitStates\n", "end InitStates Groups g = {A}; end Groups Fairness\n p; end Fairness ")
    assert_same_as_lark(text)


def test_tail_diagnostics_are_lark_s() -> None:
    """A formula problem found while building the tail: the same diagnostics (warnings too)."""
    text = small().replace("AG p;", "AG p; LTL !p U p; p U p; A(p and p U p);")
    fast = parse_model_fast(text, "test.ispl")
    assert fast is not None and fast[1]
    assert fast == lark_syntax(text)


# ---------------------------------------------------------------- (d) malformed input and what it declines

MALFORMED = [
    small(initial="A.x = 0").replace("x : 0..3;", "x : 0..3"),            # missing `;`
    small().replace("Evaluation p", "Observations p"),                    # unknown section
    small(initial="A.x $ 0"),                                             # bad token
    small(initial="A.x != 0"),                                            # `!=`
    small().replace("end Agent", "end"),                                  # missing `Agent`
    small().replace("Formulae AG p; end Formulae\n", ""),                 # no Formulae
    small(initial="(A.x = 0"),                                            # unclosed parenthesis
]


@pytest.mark.parametrize("text", MALFORMED)
def test_malformed_input_is_declined_and_lark_reports_it(text: str) -> None:
    assert parse_model_fast(text, "bad.ispl") is None
    with pytest.raises(IsplError) as caught:
        parse_model_syntax(text, "bad.ispl")
    assert caught.value.diagnostics == lark_diagnostics(text, "bad.ispl")


MALFORMED_TAILS = [
    small(initial="A.x = 0").replace("Formulae AG p;", "Formulae AG (p;"),  # a bad formula
    small().replace("AG p;", "AG p; Evaluation q if A.x = 1;"),            # a section out of its place
    small().replace("AG p;", "AG p"),                                      # the end of the input, no `;`
    small().replace("AG p;", "AG p; K(A, p) != q;"),                       # `!=`
    small().replace("AG p;", "AG p; <A>F p é;"),                            # a character outside ISPL
    small().replace("AG p;", "AG p; LTLéG p;"),                             # and one glued to `LTL`
    small().replace("end InitStates\n", "end InitStates Groups g = {A; end Groups\n"),  # on the line of InitStates
]


@pytest.mark.parametrize("text", MALFORMED_TAILS)
def test_an_error_in_the_tail_is_lark_s_from_the_tail_alone(text: str, monkeypatch) -> None:
    expected = lark_diagnostics(text, "bad.ispl")
    import ctlstark.ispl.larkparse as larkparse

    monkeypatch.setattr(larkparse, "parse_model_text", None)  # the whole file is not parsed again
    with pytest.raises(IsplError) as caught:
        parse_model_syntax(text, "bad.ispl")
    assert caught.value.diagnostics == expected


DECLINED_BY_DESIGN = [
    small().replace("e : {u, v}", "e : {u, Other}"),                      # a model keyword as a name
    small(initial="A.x = 0").replace("p if x = 1", "p if x = true.x"),     # (syntax error too)
    small().replace("end InitStates\n", "end InitStatesFormulae AG p; end Formulae\n"
                    ).replace("Formulae AG p; end Formulae\n", "", 1),    # a keyword glued to the next
    small(initial="(" * 25_000 + "A.x = 0" + ")" * 25_000),                # nesting deeper than the stack
]


@pytest.mark.parametrize("text", DECLINED_BY_DESIGN)
def test_declined_input_gets_lark_s_answer(text: str) -> None:
    with recursion_headroom():
        assert parse_model_fast(text, "declined.ispl") is None
        assert_lark_s_answer(text, "declined.ispl")


def test_every_keyword_that_lark_could_read_for_a_name_is_declined() -> None:
    """Where lark's model-part states accept a name, every other word they accept is in `_RESERVED`.

    In such a state lark's contextual lexer reads that word as the keyword, not as a
    name; the fast parser must decline it wherever it expects a name. Walks lark's LALR
    table from `start`, up to the tail (which lark parses for the fast parser too).
    """
    from lark.parsers.lalr_analysis import Shift

    from ctlstark.ispl.fastparse import _RESERVED
    from ctlstark.ispl.larkparse import _lark

    lark = _lark()
    table = lark.parser.parser.parser.parse_table
    tail = {"GROUPS", "FAIRNESS", "FORMULAE", "groups", "fairness", "formulae"}
    seen, todo = set(), [table.start_states["start"]]
    while todo:
        state = todo.pop()
        if state in seen:
            continue
        seen.add(state)
        todo += [target for symbol, (action, target) in table.states[state].items()
                 if action is Shift and symbol not in tail]
    patterns = {terminal.name: terminal.pattern for terminal in lark.terminals}
    words = set()
    for state in seen:
        accepted = set(table.states[state])
        if "ID" in accepted:
            for name in accepted - {"ID"}:
                if name in patterns:
                    word = re.fullmatch(r"([A-Za-z]+)(?:\\b)?", patterns[name].value)
                    if word:
                        words.add(word.group(1))
    assert {"end", "true", "false", "Action", "Other", "Environment"} <= words <= _RESERVED, words - _RESERVED


def test_parse_model_syntax_uses_the_fast_parsers(monkeypatch) -> None:
    """Valid files reach lark neither for the whole file nor for the tail."""
    import ctlstark.ispl.larkparse as larkparse

    def no_lark(*args, **kwargs):
        raise AssertionError("lark parsed the file")

    monkeypatch.setattr(larkparse, "parse_model_text", no_lark)
    monkeypatch.setattr(larkparse, "parse_tail_text", no_lark)
    model, diagnostics = parse_model_syntax(small(), "fast.ispl")
    assert dataclasses.is_dataclass(model) and diagnostics == []


def test_checking_a_valid_model_does_not_import_lark(tmp_path: Path) -> None:
    """Start-up: lark (about 50 ms to import, load and build its lexers) is left alone on valid input,
    LTL and CTL* entries included (their tables are kept as data, dialect_tables.py)."""
    import subprocess
    import sys

    path = tmp_path / "fast.ispl"
    path.write_text(small().replace("end Formulae", "  LTL G F p;\n  CTL* A (G p);\nend Formulae"), encoding="utf-8")
    probe = ("import sys\nfrom ctlstark.cli import main\nsys.argv = ['ctlstark', 'check', sys.argv[1], '-q']\n"
             "try:\n    main()\nexcept SystemExit:\n    pass\n"
             "print('lark' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", probe, str(path)], capture_output=True, text=True, timeout=120)
    assert run.stdout.strip().splitlines()[-1] == "False", run.stdout + run.stderr


# ---------------------------------------------------------------- (e) a guard written twice
# A GDL translation guards `x = false` with `!( G )` where `x = true` has `G`. The tokenizer takes
# the tokens of such a `G` from the line before, the parser marks the line
# (`negates_previous_guard`) and the resolver takes G's meaning from there: all three must give
# what reading the text again gives.

ONE_MATCH_PER_TOKEN = re.compile(r"[ \t\r\f]*([A-Za-z][A-Za-z0-9_]*|[0-9]+|\.\.|<>|<=|>=|[^ \t\r\f])")


def tokens_one_by_one(lines: list[str]) -> tuple[list[str], list[sx.Pos]]:
    """The model part's tokens and positions, one regular expression match per token: what
    `fastparse._tokenize` must give."""
    values, positions = [], []
    for number, line in enumerate(lines, 1):
        line = line.split("--")[0]
        for match in ONE_MATCH_PER_TOKEN.finditer(line):
            values.append(match[1])
            positions.append((number, match.start(1) + 1))
    return values, positions


def assert_tokens_one_by_one(lines: list[str]) -> None:
    values, positions = fastparse._tokenize(lines)
    assert (values[:-3], positions[:-3]) == tokens_one_by_one(lines)


@pytest.mark.parametrize("path", file_params(EXAMPLES + REFERENCE_MODELS))
def test_tokens_of_every_file(path: Path) -> None:
    assert_tokens_one_by_one(path.read_text(errors="replace").split("\n"))


GUARD_PIECES = st.sampled_from(["x", "n1", "_", "9", "07", ".", "..", "<", ">", "=", "<>", "<=", ">=", "(", ")", "!",
                                "and", "or", " ", " ", "\t", "A.Action", "é", "-", "--", ";", "if"])


@settings(max_examples=examples(300))
@given(st.lists(GUARD_PIECES, min_size=20, max_size=60).map("".join),
       st.lists(GUARD_PIECES, max_size=4).map("".join), st.lists(GUARD_PIECES, max_size=4).map("".join),
       st.sampled_from(["x=true if ", "x = true  if\t", "if ", "x if y if "]), st.sampled_from([" ;", ";", "", "; -- c"]))
def test_tokens_of_a_line_repeating_the_guard_before(guard: str, before: str, after: str, head: str,
                                                     end: str) -> None:
    """Around the repeated text, anything: a word or a symbol glued to it ends or starts another token."""
    guard = (guard * 4)[:90]
    lines = [f"  {head}{guard}{end}", f"  x=false if {before}{guard}{after};", f"{before}{guard}{after}{guard}"]
    assert_tokens_one_by_one(lines)


@st.composite
def twice_guarded_models(draw) -> str:
    """Evolution lines whose guard is often the line before's, negated and parenthesised (sometimes
    almost: other blanks, other parentheses, another guard); long guards too, whose tokens the
    tokenizer takes over."""
    lines = []
    guard = None
    for _ in range(draw(st.integers(1, 5))):
        if guard is not None and draw(st.integers(0, 3)) > 0:
            inner = draw(st.sampled_from([guard, guard, f"({guard})", f" {guard} ", draw(conditions(2))]))
            text = draw(st.sampled_from(["!( {} )", "!({})", "! ({})", "!{}", "(!({}))"])).format(inner)
        else:
            parts = draw(st.lists(conditions(2), min_size=1, max_size=4))
            text = " or ".join(parts)
        guard = text if draw(st.integers(0, 4)) > 0 else None
        lines.append(f"    {draw(st.sampled_from(['x', 'n1', 'y']))} = {draw(expressions(1))} if {text};")
    return one_agent_model("\n".join(lines), "x : -2..3; n1 : {u, v};", "a")


def one_agent_model(evolution: str, variables: str, actions: str) -> str:
    """An environment and an agent `Ag` with `variables` and `actions` (always enabled), evolving by the
    `evolution` lines (from line 12 on)."""
    return f"""Agent Environment
  Vars: y : boolean; end Vars
  Actions = {{b}};
  Protocol: Other : {{b}}; end Protocol
  Evolution: y = true if y = false; end Evolution
end Agent
Agent Ag
  Vars: {variables} end Vars
  Actions = {{{actions}}};
  Protocol: Other : {{{actions}}}; end Protocol
  Evolution:
{evolution}
  end Evolution
end Agent
Evaluation p if Ag.x = 1; end Evaluation
InitStates Ag.x = 0; end InitStates
Formulae AG p; end Formulae
"""


def resolution(tree: sx.ModelSyntax, diagnostics: list, text: str) -> tuple:
    """The resolved model of a syntax tree, its source positions and every diagnostic, as text."""
    found = list(diagnostics)
    model = resolve_model(tree, text, "twice.ispl", found)
    return repr(model), repr(model and model.positions), [str(diagnostic) for diagnostic in found]


@settings(max_examples=examples(200))
@given(twice_guarded_models())
def test_a_guard_written_twice_reads_as_written(text: str) -> None:
    """The tree is lark's, and the model and diagnostics are those of lark's tree (which has no marks)."""
    assert_tokens_one_by_one(text.split("\n"))
    fast = parse_model_fast(text, "twice.ispl")
    assert fast is not None
    lark = lark_syntax(text, "twice.ispl")
    assert fast == lark
    assert resolution(*fast, text) == resolution(*lark, text)


def gdl_like(guard: str) -> str:
    """`x = 1 if G; x = 2 if !( G ); x = 3 if !(G)`: the second line negates the first's guard, the third
    does not negate the second's."""
    lines = f"    x = 1 if {guard};\n    x = 2 if !( {guard} );\n    x = 3 if !({guard});"
    return one_agent_model(lines, "x : 0..3;", "a, c")


def test_the_negated_guard_of_the_line_before_is_marked_and_read_once() -> None:
    guard = " or ".join(f"((x = {n}) and (Action = a))" for n in range(3))
    text = gdl_like(guard)
    tree, diagnostics = parse_model_fast(text, "gdl.ispl")
    lines = tree.agents[0].evolution  # (the environment is apart)
    assert [line.negates_previous_guard for line in lines] == [False, True, False]
    model = resolve_model(tree, text, "gdl.ispl", list(diagnostics))
    first, second, third = (rule.guard for rule in model.agents[-1].evolution)
    assert second.operand is first and third is second  # (resolved expressions are shared)
    assert resolution(tree, diagnostics, text) == resolution(*lark_syntax(text, "gdl.ispl"), text)


def test_an_error_in_a_guard_written_twice_is_reported_at_both_lines() -> None:
    text = gdl_like("(x = 1) or (zz = 2) or (x = 7)")
    tree, diagnostics = parse_model_fast(text, "gdl.ispl")
    assert tree.agents[0].evolution[1].negates_previous_guard
    assert resolution(tree, diagnostics, text) == resolution(*lark_syntax(text, "gdl.ispl"), text)
    found = list(diagnostics)
    resolve_model(tree, text, "gdl.ispl", found)
    evolution_lines = {12, 13, 14}
    assert {d.line for d in found if "`zz`" in d.message} == evolution_lines
    assert {d.line for d in found if "constant 7" in d.message} == evolution_lines


def test_a_long_guard_written_twice_is_copied_without_recursion() -> None:
    """A guard of 2,500 terms and its negation: copied iteratively, as the parser reads the chain."""
    text = gdl_like(" or ".join(f"(x = {n % 4})" for n in range(2_500)))
    fast = parse_model_fast(text, "long.ispl")
    assert fast is not None and fast[0].agents[0].evolution[1].negates_previous_guard
    assert_tokens_one_by_one(text.split("\n"))
    assert_same_as_lark(text, "long.ispl")
