"""Formula syntax in its three modes: ctlstark's own, MCMAS's `LTL φ` and MCMAS's `CTL* φ`."""

from __future__ import annotations

import pytest

from ctlstark.errors import IsplError
from ctlstark.ispl import parse_formula, parse_model
from ctlstark.logic.formula import (
    A, ATL, DK, E, F, G, GCK, GK, K, O, U, W, X, ActionAtom, AgentStates, And, Const, Iff, Implies, Not, Or,
    Prop, R, to_text,
)

from ctlstark.ispl.formulas import dialect_text, infinite_reading

from test_ispl_parser import MINIMAL

p, q, r = Prop("p"), Prop("q"), Prop("r")
Rp = Prop("R")


@pytest.fixture(scope="module")
def model():
    text = MINIMAL.replace("r if Ag.x = true;", "r if Ag.x = true;\n  R if Ag.x = false;")
    return parse_model(text)


def read(model, text: str, mode: str = "default"):
    return parse_formula(text, model, mode=mode).formula  # type: ignore[arg-type]


# ---------------------------------------------------------------- default mode


@pytest.mark.parametrize("text, expected", [
    # MCMAS §6.1 parses, kept
    ("AG p -> q", Implies(A(G(p)), q)),
    ("!p and q", And(Not(p), q)),
    ("p -> q -> r", Implies(p, Implies(q, r))),
    ("p or q and r", Or(p, And(q, r))),
    ("EX EX p and q", And(E(X(E(X(p)))), q)),
    ("K(Ag, p) and q", And(K("Ag", p), q)),
    ("<g>X p and q", And(ATL("g", X(p)), q)),
    ("A(p U q) or r", Or(A(U(p, q)), r)),
    ("!AG p", Not(A(G(p)))),
    ("AG !p or q", Or(A(G(Not(p))), q)),
    ("GK(g, p) -> DK(g, q)", Implies(GK("g", p), DK("g", q))),
    ("O(Ag, p)", O("Ag", p)),
    ("Ag.GreenStates", AgentStates("Ag", "green")),
    ("Environment.RedStates or p", Or(AgentStates("Environment", "red"), p)),
    ("<g>(p U q) and r", And(ATL("g", U(p, q)), r)),
    ("GCK(g, p)", GCK("g", p)),
    # MCMAS's A(φ U ψ): the until inside the quantifier's parentheses is the loosest operator there
    ("A(p and q U r)", A(U(And(p, q), r))),
    ("E(p U q -> r)", E(U(p, Implies(q, r)))),
    ("A(!p U q)", A(U(Not(p), q))),
    ("E(p U q)", E(U(p, q))),
    # ctlstark's extensions: CTL* with conventional precedence
    ("AG F p", A(G(F(p)))),
    ("E (F p and G q)", E(And(F(p), G(q)))),
    ("A (G (p U q))", A(G(U(p, q)))),
    ("A G (p and q U r)", A(G(And(p, U(q, r))))),
    ("E (p U q U r)", E(U(p, U(q, r)))),
    ("A (X p R q W r)", A(R(X(p), W(q, r)))),
    ("p <-> q -> r", Iff(p, Implies(q, r))),
    ("p <-> q <-> r", Iff(Iff(p, q), r)),
    ("true and !false", And(Const(True), Not(Const(False)))),
    ("E X Ag.Action = go", E(X(ActionAtom("Ag", "go")))),
    ("E (R U R)", E(U(Rp, Rp))),
    ("R R R", None),
])
def test_default_mode(model, text, expected):
    if expected is None:  # `R R R`: propositions called R around the release operator, outside a quantifier
        with pytest.raises(IsplError, match="needs a path quantifier"):
            read(model, text)
        assert read(model, f"A({text})") == A(R(Rp, Rp))
        return
    assert read(model, text) == expected


def test_to_text_reads_back(model):
    for text in ["AG (p -> EF q)", "A (F p and G q)", "E(p U q) and !K(Ag, r)", "<g>G (p or q)",
                 "A (p W (q R X r))", "E (G F p) <-> A(p U q)"]:
        formula = read(model, text)
        assert read(model, to_text(formula)) == formula


def test_mcmas_until_reading_warns_when_it_differs(model):
    entry = parse_formula("A(p and q U r)", model)
    assert entry.warnings and "A((p and q) U r)" in entry.warnings[0]
    assert parse_formula("A(p U q)", model).warnings == ()
    atl = parse_formula("<g>(p and q U r)", model)
    assert atl.formula == ATL("g", U(And(p, q), r)) and "`<g>(p and (q U r))`" in atl.warnings[0]


# ---------------------------------------------------------------- LTL mode (GRAMMAR.md §6.2)


@pytest.mark.parametrize("text, expected", [
    ("G p U q", U(G(p), q)),
    ("p U q U r", U(U(p, q), r)),
    ("!p U q", Not(U(p, q))),
    ("p U !q", U(p, Not(q))),
    ("p and q U r", And(p, U(q, r))),
    ("p U q and r", And(U(p, q), r)),
    ("X p -> q", Implies(X(p), q)),
    ("F p and G q", And(F(p), G(q))),
    ("p -> q -> r", Implies(p, Implies(q, r))),
    ("K(Ag, F p)", K("Ag", A(F(p)))),
    ("K(Ag, p) U q", U(K("Ag", p), q)),
    ("G (p -> GCK(g, q))", G(Implies(p, GCK("g", q)))),
])
def test_ltl_mode(model, text, expected):
    meaning = infinite_reading(A(expected))  # every quantifier of an LTL entry ranges over infinite paths
    assert read(model, text, "ltl") == meaning
    assert read(model, f"LTL {text}") == meaning
    assert read(model, dialect_text(meaning, "ltl")) == meaning  # the fully parenthesised text reads back


# ---------------------------------------------------------------- CTL* mode (GRAMMAR.md §6.3)


@pytest.mark.parametrize("text, expected", [
    ("A (F p and G q)", A(F(And(p, G(q))))),
    ("A (G p and q)", A(G(And(p, q)))),
    ("A (X p -> q)", A(X(Implies(p, q)))),
    ("A (p U q and r)", A(U(p, And(q, r)))),
    ("A F p and q", A(F(And(p, q)))),
    ("A (F p) and q", And(A(F(p)), q)),
    ("A (!p U q)", A(Not(U(p, q)))),
    ("A (p and F q)", A(And(p, F(q)))),
    ("!A G p", Not(A(G(p)))),
    ("E (p U q) and r", And(E(U(p, q)), r)),
    ("A G (p -> E F q)", A(G(Implies(p, E(F(q)))))),
    ("E F G p", E(F(G(p)))),
    ("A ((F p) and (G q))", A(And(F(p), G(q)))),
    ("K(Ag, A G p)", K("Ag", A(G(p)))),
])
def test_ctlstar_mode(model, text, expected):
    meaning = infinite_reading(expected)
    assert read(model, text, "ctlstar") == meaning
    assert read(model, f"CTL* {text}") == meaning
    assert read(model, dialect_text(meaning, "ctlstar")) == meaning


@pytest.mark.parametrize("text", ["A G p U q", "A (G p) U q", "A p U q U r"])
def test_ctlstar_texts_mcmas_rejects_are_rejected(model, text):
    with pytest.raises(IsplError, match="CTL\\* formula"):
        read(model, text, "ctlstar")


def test_dialect_warnings_name_both_readings(model):
    entry = parse_formula("LTL !p U q", model)
    assert entry.mode == "ltl" and len(entry.warnings) == 1
    warning = entry.warnings[0]
    assert "`LTL !(p U q)`" in warning and "`LTL ((!p) U q)`" in warning
    ctls = parse_formula("A (F p and G q)", model, mode="ctlstar")
    assert "`CTL* A (F (p and (G q)))`" in ctls.warnings[0] and "`CTL* A ((F p) and (G q))`" in ctls.warnings[0]
    assert parse_formula("LTL G p U q", model).warnings == ()
    assert parse_formula("A ((F p) and (G q))", model, mode="ctlstar").warnings == ()


def test_dialect_positions_point_into_the_file():
    text = MINIMAL.replace("  EF p;\n", "  EF p;\n  LTL G (p -> F q);\n")
    entry = parse_model(text, "m.ispl").formulae[1]
    line = text.splitlines().index("  LTL G (p -> F q);") + 1
    assert entry.source == f"m.ispl:{line}:3"
    assert entry.formula.path.pos == (line, 7)
    assert entry.formula.path.operand.right.pos == (line, 15)


def test_comments_inside_dialect_entries():
    text = MINIMAL.replace("  EF p;\n", "  LTL G p -- a comment; with a semicolon\n    U q;\n")
    assert parse_model(text).formulae[0].formula == A(U(G(p), q), infinite=True)


def test_formula_entry_fields(model):
    entry = parse_formula("  AG p  ", model, source="cli")
    assert (entry.text, entry.mode, entry.source) == ("AG p", "default", "cli")


def test_the_kept_dialect_tables_are_the_built_ones():
    """dialect_tables.py (read at start-up, without lark) equals tables built afresh from the grammars."""
    from pathlib import Path

    import ctlstark.ispl.formulas as formulas

    kept = Path(formulas.__file__).with_name("dialect_tables.py").read_text(encoding="utf-8")
    assert kept == formulas.dialect_tables_source(), (
        "regenerate: python -c 'from ctlstark.ispl.formulas import write_dialect_tables; write_dialect_tables()'")
