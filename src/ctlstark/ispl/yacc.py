"""A small LALR(1) parser with yacc's conflict resolution.

MCMAS reads `LTL` and `CTL*` formula entries with an ambiguous bison grammar
whose parses are decided by bison's rules: a shift/reduce conflict is settled
by the precedence of the rule against the lookahead token (shift when either
has none), and a reduce/reduce conflict by the rule written first. Lark has
no precedence declarations and always shifts, so to read those entries
exactly as MCMAS does we build the LALR(1) automaton with lark's analyser and
settle the conflicts ourselves, the way bison does.
"""

from __future__ import annotations

from ..runtime.records import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, Literal, Sequence, TypeAlias

Assoc: TypeAlias = 'Literal["left", "right", "nonassoc"]'
END = "$END"


@record
class Production:
    """`lhs: rhs...` with the function building its value from the rhs values."""

    lhs: str
    rhs: tuple[str, ...]
    build: Callable[..., Any]


@record
class Token:
    """A token for the yacc parser: its kind (terminal name), text and position."""

    kind: str
    text: str
    line: int
    column: int


class YaccSyntaxError(Exception):
    """The token sequence is not in the language; `token` is where it failed."""

    def __init__(self, token: Token, expected: frozenset[str]):
        self.token = token
        self.expected = expected
        super().__init__(f"unexpected {token.kind} at {token.line}:{token.column}")


_Action: TypeAlias = "tuple[str, Any]"  # ("shift", state), ("reduce", production index) or ("accept", None)


@record
class YaccTables:
    """An LALR(1) automaton as plain data: per state, the action per terminal and the goto per nonterminal."""

    actions: tuple[dict[str, _Action], ...]
    gotos: tuple[dict[str, int], ...]
    start: int


def build_tables(productions: Sequence[Production], terminals: frozenset[str],
                 precedence: Sequence[tuple[Assoc, Sequence[str]]], start: str) -> YaccTables:
    """LALR(1) tables for `productions` with yacc's precedence rules.

    `terminals` lists every terminal; a symbol not in it is a nonterminal.
    `precedence` lists (associativity, tokens) from loosest to tightest, as
    bison's `%left`/`%right` lines do. A rule's precedence is that of its last
    terminal.
    """
    return _TableBuilder(productions, terminals, precedence).build(start)


class _TableBuilder:
    """lark's LALR(1) analysis of the productions, with bison's conflict resolution on top."""

    def __init__(self, productions: Sequence[Production], terminals: frozenset[str],
                 precedence: Sequence[tuple[Assoc, Sequence[str]]]):
        self._productions = tuple(productions)
        self._terminals = terminals
        self._token_prec: dict[str, tuple[int, Assoc]] = {
            token: (level, assoc)
            for level, (assoc, tokens) in enumerate(precedence)
            for token in tokens
        }
        self._rule_index: dict[Any, int] = {}

    def _symbol(self, name: str) -> Any:
        from lark.grammar import NonTerminal, Terminal

        return Terminal(name) if name in self._terminals else NonTerminal(name)

    def _rule_prec(self, index: int) -> tuple[int, Assoc] | None:
        for name in reversed(self._productions[index].rhs):
            if name in self._terminals:
                return self._token_prec.get(name)
        return None

    def build(self, start: str) -> YaccTables:
        from lark.common import ParserConf
        from lark.grammar import NonTerminal, Rule
        from lark.parsers.lalr_analysis import LALR_Analyzer

        rules = []
        for index, production in enumerate(self._productions):
            rule = Rule(NonTerminal(production.lhs), [self._symbol(s) for s in production.rhs], order=index)
            rules.append(rule)
            self._rule_index[rule] = index
        analyzer = LALR_Analyzer(ParserConf(rules, {}, [start]))
        analyzer.compute_lr0_states()
        analyzer.compute_reads_relations()
        analyzer.compute_includes_lookback()
        analyzer.compute_lookaheads()
        numbering = _canonical_numbering(analyzer.lr0_start_states[start])
        actions: list[dict[str, _Action]] = [{} for _ in numbering]
        gotos: list[dict[str, int]] = [{} for _ in numbering]
        for itemset, number in numbering.items():
            state_actions, state_gotos = actions[number], gotos[number]
            for symbol, target in itemset.transitions.items():
                if symbol.is_term:
                    state_actions[symbol.name] = ("shift", numbering[target])
                else:
                    state_gotos[symbol.name] = numbering[target]
            for lookahead, candidate_rules in itemset.lookaheads.items():
                self._add_reduction(state_actions, lookahead.name, candidate_rules)
            if any(item.is_satisfied and item.rule.origin.name == f"$root_{start}" for item in itemset.closure):
                state_actions[END] = ("accept", None)
        return YaccTables(tuple(dict(sorted(state.items())) for state in actions),
                          tuple(dict(sorted(state.items())) for state in gotos), 0)

    def _add_reduction(self, state_actions: dict[str, _Action], lookahead: str, candidate_rules) -> None:
        """Settle the conflicts on one lookahead exactly as bison does."""
        indices = sorted(self._rule_index[r] for r in candidate_rules if r in self._rule_index)
        shift = state_actions.get(lookahead)
        token_prec = self._token_prec.get(lookahead)
        live: list[int] = []
        forbidden = False
        for index in indices:
            rule_prec = self._rule_prec(index)
            if shift is None or rule_prec is None or token_prec is None:
                live.append(index)
            elif rule_prec[0] > token_prec[0] or (rule_prec[0] == token_prec[0] and token_prec[1] == "left"):
                shift = None
                live.append(index)
            elif rule_prec[0] == token_prec[0] and token_prec[1] == "nonassoc":
                shift = None
                forbidden = True
        if shift is not None:
            return
        if live:
            state_actions[lookahead] = ("reduce", live[0])
        elif forbidden:
            state_actions.pop(lookahead, None)


def _canonical_numbering(start_state: Any) -> dict[Any, int]:
    """State numbers by breadth-first search from the start state, symbols in name order.

    lark keeps its LR(0) states in a set, whose order changes with string hashing; this
    numbering does not, so the built tables are the same on every run.
    """
    numbering = {start_state: 0}
    queue = [start_state]
    for state in queue:
        for symbol in sorted(state.transitions, key=lambda symbol: (symbol.is_term, symbol.name)):
            target = state.transitions[symbol]
            if target not in numbering:
                numbering[target] = len(numbering)
                queue.append(target)
    return numbering


class YaccParser:
    """An LALR(1) parser running built tables; each reduction calls its production's `build`."""

    def __init__(self, productions: Sequence[Production], tables: YaccTables):
        self._productions = tuple(productions)
        self._actions, self._gotos, self._start = tables.actions, tables.gotos, tables.start

    # ------------------------------------------------------------ parsing

    def parse(self, tokens: Sequence[Token], end: Token) -> Any:
        """The value of the start symbol; raises YaccSyntaxError on bad input."""
        states = [self._start]
        values: list[Any] = []
        stream = list(tokens) + [Token(END, "", end.line, end.column)]
        position = 0
        while True:
            token = stream[position]
            action = self._actions[states[-1]].get(token.kind)
            if action is None:
                expected = frozenset(self._actions[states[-1]])
                raise YaccSyntaxError(token, expected)
            kind, target = action
            if kind == "accept":
                return values[-1]
            if kind == "shift":
                states.append(target)
                values.append(token)
                position += 1
                continue
            production = self._productions[target]
            count = len(production.rhs)
            arguments = values[len(values) - count:] if count else []
            del values[len(values) - count:]
            del states[len(states) - count:]
            values.append(production.build(*arguments))
            states.append(self._gotos[states[-1]][production.lhs])
