"""What both formula parsers do once a formula is read: MCMAS's readings, the checks, the entry.

The lark path (`larkparse.py`) and the fast path (`fasttail.py`) read the same formula
syntax; everything past the shape of the text is decided here, once: MCMAS's reading of
an until directly inside a quantifier's parentheses (with its warning), the coalition
operator's operand, the checks that make an entry a state formula (and a fairness
constraint), and the `LTL`/`CTL*` dialect entries with their reading warning.
"""

from __future__ import annotations

from ..errors import Diagnostic
from ..logic import formula as fm
from ..logic.formula import Formula, to_text
from ..model import FormulaMode
from . import formulas
from . import syntax as sx
from .conditions import comparison_atom

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Callable

CTL_QUANTIFIERS = {"A": fm.A, "E": fm.E}
TEMPORAL = {"X": fm.X, "F": fm.F, "G": fm.G}
GROUP_MODALITIES = {"GK": fm.GK, "GCK": fm.GCK, "DK": fm.DK}


class EntryBuilder:
    """Builds formula entries of one text, collecting their diagnostics and pending warnings.

    Parenthesised subformulas are tracked by identity (MCMAS's until reading depends on
    where the parentheses were); the builder keeps them alive so no identity is reused.
    """

    def __init__(self, text: str, filename: str):
        self.text = text
        self.filename = filename
        self.diagnostics: list[Diagnostic] = []
        self._parenthesised: set[int] = set()
        self._kept: list[Formula] = []
        self._pending_warnings: list[str] = []
        self._comparisons: dict[int, sx.ComparisonAtom] = {}  # id of a comparison atom's Prop (kept) → its syntax

    def error(self, message: str, pos: sx.Pos | None) -> None:
        self.diagnostics.append(formulas.diagnostic(message, self.filename, pos, self.text))

    # ------------------------------------------------------------ inside a formula

    def comparison(self, left: sx.Ident | sx.Qualified, operator: str, operator_pos: sx.Pos,
                   right: sx.Expr) -> Formula:
        """`left operator right` as a formula atom (`conditions.comparison_atom`), kept for the entry."""
        atom, syntax = comparison_atom(left, operator, operator_pos, right)
        self._comparisons[id(atom)] = syntax
        self._kept.append(atom)
        return atom

    def parenthesised(self, inner: Formula) -> Formula:
        """`( inner )`: the same formula, remembered as written in parentheses."""
        self._parenthesised.add(id(inner))
        self._kept.append(inner)
        return inner

    def quantified(self, quantifier: str, operand: Formula, pos: sx.Pos) -> Formula:
        """`A operand` / `E operand`, with MCMAS's reading of a parenthesised until."""
        def build(path: Formula) -> Formula:
            return CTL_QUANTIFIERS[quantifier](path, pos=pos)
        return build(self._mcmas_until(operand, lambda path: to_text(build(path))))

    def coalition_parenthesised(self, group: str, inner: Formula, pos: sx.Pos) -> Formula:
        """`<group>(inner)`: the operand must read as an until (an error otherwise)."""
        self.parenthesised(inner)
        inner = self._mcmas_until(inner, lambda path: f"<{group}>{to_text(path)}")
        if not isinstance(inner, fm.U):
            self.error(f"a coalition operator takes `X φ`, `F φ`, `G φ` or `(φ U ψ)`, "
                       f"not `({to_text(inner)})`", pos)
        return fm.ATL(group, inner, pos=pos)

    def _mcmas_until(self, operand: Formula, describe: Callable[[Formula], str]) -> Formula:
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

    # ------------------------------------------------------------ entries

    def default_entry(self, formula: Formula, start: int, end: int, pos: sx.Pos, *,
                      fairness: bool, compassion: bool = False) -> sx.FormulaSyntax:
        """An entry in ctlstark's syntax whose text is `text[start:end]`, checked as a state
        formula (as a fairness constraint in `Fairness`, as a pair `p -> q` of them in
        `Compassion`); takes the pending warnings."""
        problem = formulas.state_formula_problem(formula)
        if problem is not None:
            self.error(problem[0], problem[1] or pos)
        for message, where in formulas.operand_problems(formula):
            self.error(message, where or pos)
        if fairness:
            unfair = formulas.fairness_problem(formula)
            if unfair is not None:
                self.error(unfair[0], unfair[1] or pos)
        if compassion:
            unfit = formulas.compassion_problem(formula)
            if unfit is not None:
                self.error(unfit[0], unfit[1] or pos)
        warnings, self._pending_warnings = tuple(self._pending_warnings), []
        return sx.FormulaSyntax(self.text[start:end], formula, "default", pos, warnings,
                                self._comparisons_in(formula))

    def _comparisons_in(self, formula: Formula) -> tuple[sx.ComparisonAtom, ...]:
        """The comparison atoms of `formula`, each once at its first occurrence, in text order.

        Found in the tree, not in the order a parser built them: lark builds a whole
        Fairness section before its entries.
        """
        if not self._comparisons:
            return ()
        found: list[sx.ComparisonAtom] = []
        pending = [formula]
        while pending:
            node = pending.pop()
            syntax = self._comparisons.get(id(node))
            if syntax is not None:
                found.append(syntax)
            pending.extend(fm.children(node))
        first: dict[str, sx.ComparisonAtom] = {}
        for atom in sorted(found, key=lambda atom: atom.pos):
            first.setdefault(atom.name, atom)
        return tuple(first.values())

    def dialect_entry(self, token_text: str, pos: sx.Pos, mode: FormulaMode) -> sx.FormulaSyntax:
        """An `LTL …` / `CTL* …` entry (its whole text up to the `;`), read as MCMAS reads it."""
        prefix = "LTL" if mode == "ltl" else "CTL*"
        text = token_text.rstrip()
        body = text[len(prefix):]
        line, column = pos
        try:
            formula, may_differ = formulas.read_dialect_entry(body, "ltl" if mode == "ltl" else "ctlstar", line,
                                                              column + len(prefix))
        except formulas.DialectError as error:
            self.error(error.message, (error.line, error.column))
            return sx.FormulaSyntax(text, fm.Const(True, pos=pos), mode, pos)
        # most entries have no operators that read two ways: no second parse
        warning = compared_readings(body, formula, mode, prefix) if may_differ else None
        return sx.FormulaSyntax(text, formula, mode, pos, (warning,) if warning else ())


def compared_readings(body: str, formula: Formula, mode: FormulaMode, prefix: str) -> str | None:
    """A warning when MCMAS's reading of a dialect entry (`formula`) differs from the conventional one."""
    from .parser import conventional_reading  # the front end imports this module: import on use

    conventional = conventional_reading(body)
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
