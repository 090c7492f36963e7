"""The fast formula parser (ispl/fasttail.py) gives exactly what lark's path gives, or None.

"Exactly": the entries and diagnostics are equal, and so are the formulas' positions,
node by node (formula `==` ignores positions, and error messages point with them).
None is allowed on any input and required wherever lark reports a syntax error; on the
valid formulas the grammar-shaped strategy writes, the fast parser must not decline.
"""

from __future__ import annotations

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from ctlstark.errors import IsplError
from ctlstark.ispl import fasttail, larkparse
from ctlstark.ispl.fastparse import parse_model_fast
from ctlstark.logic.formula import Formula, children

from test_fastparse import lark_syntax


def positions(formula: Formula) -> list[tuple[str, object]]:
    """Every node's class and position, in preorder."""
    found, todo = [], [formula]
    while todo:
        node = todo.pop()
        found.append((type(node).__name__, node.pos))
        todo.extend(reversed(children(node)))
    return found


def entry_positions(entries) -> list:
    return [(entry.pos, positions(entry.formula)) for entry in entries]


def assert_formula_like_lark(text: str, *, must_accept: bool) -> None:
    fast = fasttail.parse_formula_fast(text, "-f")
    try:
        expected = larkparse.parse_formula_text(text, "-f")
    except IsplError:
        assert fast is None, "the fast parser accepted a formula lark rejects"
        return
    if fast is None:
        assert not must_accept, f"the fast parser declined the valid formula {text!r}"
        return
    assert fast == expected
    assert entry_positions([fast[0]]) == entry_positions([expected[0]])


# ---------------------------------------------------------------- formulas shaped by the grammar

NAMES = ["p", "q", "r1", "ok_2"]
AGENTS = ["Alice", "Bob", "Environment"]
BLANKS = st.sampled_from([" ", "", "  ", "\n", " -- a comment\n", "\t"])


@st.composite
def spaced(draw, *parts: str) -> str:
    """The parts joined by random blanks (at least one between two words)."""
    text = ""
    for part in parts:
        gap = draw(BLANKS)
        if not gap and text[-1:].isalnum() and part[:1].isalnum():
            gap = " "
        text += gap + part
    return text


COMPARISONS = ["=", "<>", "!=", "<", "<=", ">", ">="]
VALUES = ["0", "7", "true", "false", "ready", "Bob.y", "Environment.x", "- 2"]


def formula_texts(depth: int = 4) -> st.SearchStrategy[str]:
    atoms = st.one_of(
        st.sampled_from(NAMES + ["true", "false", "Alice.RedStates", "Bob.GreenStates", "Environment.RedStates"]),
        st.sampled_from(AGENTS).flatmap(lambda agent: spaced(agent, ".", "Action", "=", "go")),
        st.tuples(st.sampled_from(AGENTS), st.sampled_from(COMPARISONS), st.sampled_from(VALUES)).flatmap(
            lambda parts: spaced(parts[0], ".", "y", *parts[1:])),
    )

    def extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        unary = st.sampled_from(["!", "X", "F", "G", "A", "E", "AG", "EF", "AX", "EG", "AF", "EX"])
        binary = st.sampled_from(["and", "or", "->", "<->", "U", "R", "W"])
        return st.one_of(
            st.tuples(unary, inner).flatmap(lambda parts: spaced(*parts)),
            st.tuples(inner, binary, inner).flatmap(lambda parts: spaced(*parts)),
            inner.flatmap(lambda text: spaced("(", text, ")")),
            st.tuples(st.sampled_from(["K", "O"]), st.sampled_from(AGENTS), inner).flatmap(
                lambda parts: spaced(parts[0], "(", parts[1], ",", parts[2], ")")),
            st.tuples(st.sampled_from(["GK", "GCK", "DK"]), inner).flatmap(
                lambda parts: spaced(parts[0], "(", "g", ",", parts[1], ")")),
            st.tuples(st.sampled_from(["X", "F", "G"]), inner).flatmap(
                lambda parts: spaced("<", "g", ">", parts[0], parts[1])),
            st.tuples(inner, inner).flatmap(lambda parts: spaced("<", "g", ">", "(", parts[0], "U", parts[1], ")")),
            inner.flatmap(lambda text: spaced("C", "(", "Alice", ",", "Bob", ",", text, ")")),
            inner.flatmap(lambda text: spaced("Fu", "(", "C", "(", "Alice", ",", "Bob", ",", text, ")", ")")),
            st.tuples(inner, inner).flatmap(lambda parts: spaced("SC", "(", "Alice", ",", "Bob", ",", parts[0],
                                                                  ",", parts[1], ")")),
        )

    return st.recursive(atoms, extend, max_leaves=depth * 3)


@settings(max_examples=examples(300), deadline=None)
@given(formula_texts())
def test_grammar_shaped_formulas_read_as_lark_reads_them(text: str) -> None:
    assert_formula_like_lark(text, must_accept=True)


@pytest.mark.parametrize("text", [
    "p U q U r", "p -> q -> r", "p <-> q <-> r", "(p) <-> q", "!p U q", "A p U q", "X p U q and r",
    "p and q or r and p", "p or q and r U p", "A(p U q)", "E((p U q))", "A(p and q U r)", "A(!p U q)",
    "<g>(p U q)", "<g>(p and q)", "<g>(p U q and r)", "<g> X p U q", "AG p -> EF q", "AG (p -> EF q)",
    "K(Environment, p)", "GK(g, p) or DK(g, q) and GCK(g, r1)", "SC(Alice, Bob, p, F q)", "SC(Alice, Bob, G q)",
    "Alice.Action = go and Bob.RedStates", "Fu(C(Alice, Bob, p)) -> C(Bob, Alice, q)", "E(p U q) R A(F p)",
    "AG (Alice.y = 3 -> AF Environment.x <> ready)", "Bob.y<=-2", "Bob.y!=Alice.y U p", "Alice.y>=0 <-> !Bob.y<1",
    "E (Alice.y = Environment.x R Bob.y > 2)", "K(Alice, Alice.y = true) and Alice.y = Bob.y -- c\n or p",
    "A G (p -> F (K(Alice, q) or (K(Alice, r1) and !K(Alice, p))))", "E(p W q)", "A X X X !p",
])
def test_operator_shapes_read_as_lark_reads_them(text: str) -> None:
    assert_formula_like_lark(text, must_accept=True)


# ---------------------------------------------------------------- arbitrary token soup

TOKENS = st.sampled_from([
    "p", "q", "A", "E", "X", "F", "G", "U", "R", "W", "K", "O", "GK", "GCK", "DK", "C", "Fu", "SC", "AG", "EF",
    "and", "or", "true", "false", "Environment", "RedStates", "GreenStates", "Action", "LTL", "CTL", "end",
    "g", "Alice", "(", ")", "<", ">", ",", ".", "=", "!", "->", "<->", "*", ";", "1", "-", "é",
    "y", "Alice.y", "<=", ">=", "<>", "!=", "+", "12345678901",
])


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.tuples(BLANKS, TOKENS), min_size=1, max_size=12))
def test_token_soup_is_read_as_lark_reads_it_or_declined(parts) -> None:
    text = "".join(gap + token for gap, token in parts)
    assert_formula_like_lark(text, must_accept=False)


@settings(max_examples=examples(200), deadline=None)
@given(formula_texts(3), st.sampled_from(["ltl", "ctlstar"]))
def test_dialect_entries_read_as_lark_reads_them(text: str, mode: str) -> None:
    """`LTL …` / `CTL* …` given on their own; the body's conventional reading goes through the fast parser too."""
    prefix = "LTL " if mode == "ltl" else "CTL* "
    assert_formula_like_lark(prefix + text, must_accept=False)


# ---------------------------------------------------------------- whole tails

MODEL = """Agent Environment Vars: x : boolean; end Vars Actions = {go}; Protocol: Other : {go}; end Protocol
Evolution: x = true if x = false; end Evolution end Agent
Agent Alice Vars: y : boolean; end Vars Actions = {go}; Protocol: Other : {go}; end Protocol
Evolution: y = true if y = false; end Evolution end Agent
Agent Bob Vars: y : boolean; end Vars Actions = {go}; Protocol: Other : {go}; end Protocol
Evolution: y = true if y = false; end Evolution end Agent
Evaluation p if Environment.x = true; q if Alice.y = true; r1 if Bob.y = true; ok_2 if Environment.x = false;
end Evaluation
InitStates Environment.x = false and Alice.y = false and Bob.y = false; end InitStates
"""


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(formula_texts(3), max_size=2), st.lists(formula_texts(3), min_size=1, max_size=3),
       st.booleans(), st.sampled_from(["", "LTL G F p", "CTL* E (F p and G q)", "LTL p U q -- (a ; comment)\n"]))
def test_whole_tails_read_as_lark_reads_them(fairness, formulae, groups, dialect) -> None:
    tail = ""
    if groups:
        tail += "Groups g = {Alice, Environment}; h = {Bob}; end Groups\n"
    if fairness:
        tail += "Fairness\n" + "".join(f"  {text};\n" for text in fairness) + "end Fairness\n"
    entries = formulae + ([dialect] if dialect else [])
    tail += "Formulae\n" + "".join(f"  {text};\n" for text in entries) + "end Formulae\n"
    text = MODEL + tail
    try:
        expected = lark_syntax(text, "tail.ispl")
    except IsplError as error:  # lark's parse of the tail alone reports it, as the whole file's parse does
        with pytest.raises(IsplError) as caught:
            parse_model_fast(text, "tail.ispl")
        assert caught.value.diagnostics == error.diagnostics
        return
    fast = parse_model_fast(text, "tail.ispl")
    assert fast is not None, "the fast parsers declined a valid file"
    assert fast == expected
    for attribute in ("fairness", "formulae"):
        assert entry_positions(getattr(fast[0], attribute)) == entry_positions(getattr(expected[0], attribute))


@pytest.mark.parametrize("section", ["Fairness", "Compassion"])
def test_a_reading_warning_goes_to_its_own_entry_in_lark_s_sections(section: str) -> None:
    """Found by the long profile of the test above: lark built a whole Fairness section before its entries,
    so the warning given while reading the second formula went to the first entry."""
    second = "<g>(p U p and p)" if section == "Fairness" else "E(p U p and q) -> q"
    text = MODEL + f"{section}\n  p -> q;\n  {second};\nend {section}\nFormulae\n  p;\nend Formulae\n"
    for syntax, _ in (lark_syntax(text, "tail.ispl"), parse_model_fast(text, "tail.ispl")):
        first_entry, second_entry = getattr(syntax, section.lower())
        assert first_entry.warnings == () and len(second_entry.warnings) == 1
        assert "as MCMAS reads it" in second_entry.warnings[0]


@pytest.mark.parametrize("text", [
    "Alice.y = 3 + 1", "Alice.y = (3)", "x = 3", "Alice.y < = 3", "Alice.y ! = 3", "Alice.y = 12345678901",
    "Alice.y = U", "Alice.y = Environment", "Alice.y = Bob.R", "Environment.y", "Alice.y", "Alice.y <-> p",
])
def test_comparisons_beyond_one_value_are_left_to_lark(text: str) -> None:
    """Arithmetic, parentheses, bare variables, spaced operators and keyword values: read as lark reads them, or declined."""
    assert_formula_like_lark(text, must_accept=False)


def test_a_comparison_atom_is_a_proposition_named_by_its_text() -> None:
    fast = fasttail.parse_formula_fast("EF (Alice.y<=-2 and Bob.y != ready)", "-f")
    assert fast is not None
    entry, _ = fast
    assert [atom.name for atom in entry.comparisons] == ["Alice.y <= -2", "Bob.y != ready"]
    assert entry.comparisons[1].condition.op == "<>"  # `!=` is read as ISPL's `<>`
    assert entry.comparisons[0].pos == (1, 5) and entry.comparisons[0].condition.pos == (1, 12)


def test_comment_between_a_commitment_word_and_its_parenthesis_is_left_to_lark() -> None:
    """`C -- x` then `(` on the next line: the grammar's lookahead `\\s*\\(` fails, so `C` is a name there."""
    assert_formula_like_lark("C -- x\n(Alice, Bob, p)", must_accept=False)
    assert_formula_like_lark("Fu(C --x\n(Alice, Bob, p))", must_accept=False)
