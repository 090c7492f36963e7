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

from dataclasses import dataclass
from typing import Any, Callable, Literal, Sequence

from lark.common import ParserConf
from lark.grammar import NonTerminal, Rule, Terminal
from lark.parsers.lalr_analysis import LALR_Analyzer

Assoc = Literal["left", "right", "nonassoc"]
END = "$END"


@dataclass(frozen=True)
class Production:
    """`lhs: rhs...` with the function building its value from the rhs values."""

    lhs: str
    rhs: tuple[str, ...]
    build: Callable[..., Any]


@dataclass(frozen=True)
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


_Action = tuple[str, Any]  # ("shift", state), ("reduce", production index) or ("accept", None)


class YaccParser:
    """LALR(1) tables for `productions` with yacc's precedence rules.

    `terminals` lists every terminal; a symbol not in it is a nonterminal.
    `precedence` lists (associativity, tokens) from loosest to tightest, as
    bison's `%left`/`%right` lines do. A rule's precedence is that of its last
    terminal.
    """

    def __init__(self, productions: Sequence[Production], terminals: frozenset[str],
                 precedence: Sequence[tuple[Assoc, Sequence[str]]], start: str):
        self._productions = tuple(productions)
        self._terminals = terminals
        self._token_prec: dict[str, tuple[int, Assoc]] = {
            token: (level, assoc)
            for level, (assoc, tokens) in enumerate(precedence)
            for token in tokens
        }
        self._actions, self._gotos, self._start = self._build_tables(start)

    # ------------------------------------------------------------ tables

    def _symbol(self, name: str) -> Terminal | NonTerminal:
        return Terminal(name) if name in self._terminals else NonTerminal(name)

    def _rule_prec(self, index: int) -> tuple[int, Assoc] | None:
        for name in reversed(self._productions[index].rhs):
            if name in self._terminals:
                return self._token_prec.get(name)
        return None

    def _build_tables(self, start: str):
        rules = []
        self._rule_index: dict[Rule, int] = {}
        for index, production in enumerate(self._productions):
            rule = Rule(NonTerminal(production.lhs), [self._symbol(s) for s in production.rhs], order=index)
            rules.append(rule)
            self._rule_index[rule] = index
        analyzer = LALR_Analyzer(ParserConf(rules, {}, [start]))
        analyzer.compute_lr0_states()
        analyzer.compute_reads_relations()
        analyzer.compute_includes_lookback()
        analyzer.compute_lookaheads()
        numbering = {itemset: n for n, itemset in enumerate(analyzer.lr0_itemsets)}
        actions: dict[int, dict[str, _Action]] = {}
        gotos: dict[int, dict[str, int]] = {}
        for itemset, number in numbering.items():
            state_actions: dict[str, _Action] = {}
            state_gotos: dict[str, int] = {}
            for symbol, target in itemset.transitions.items():
                if symbol.is_term:
                    state_actions[symbol.name] = ("shift", numbering[target])
                else:
                    state_gotos[symbol.name] = numbering[target]
            for lookahead, candidate_rules in itemset.lookaheads.items():
                self._add_reduction(state_actions, lookahead.name, candidate_rules)
            if any(item.is_satisfied and item.rule.origin.name == f"$root_{start}" for item in itemset.closure):
                state_actions[END] = ("accept", None)
            actions[number] = state_actions
            gotos[number] = state_gotos
        start_state = numbering[analyzer.lr0_start_states[start]]
        return actions, gotos, start_state

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
