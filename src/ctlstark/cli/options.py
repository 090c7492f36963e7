"""`check`'s argument and options, written once as data and read by both command-line readers.

typer builds the `check` command (its help, its error messages) from this table
(`commands.py`), and `quick.py` reads the ordinary command lines of `check` from it
without importing typer at all, which is most of a small model's start-up
(docs/performance.md, "Start-up"). Nothing here imports typer.
"""

from __future__ import annotations

from collections.abc import Callable

from ..api import ENGINES as ENGINE_NAMES
from ..runtime.limits import parse_size
from ..runtime.records import record
from ..semantics.strategies import STRATEGY_SEMANTICS as STRATEGY_NAMES

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

REQUIRED = ...  # the default of an argument that must be given


class FilePath(str):
    """The kind of a parameter that names a file: typer reads it with click's `Path` type (and completes file
    names), the command receives the text as typed (`str`), and a check need not import pathlib."""


class Choice:
    """The kind of a parameter that takes one of a few words. The command receives the word; typer reads it
    as an `Enum` made from this (`commands.py`), matched without regard to case. (Not an `Enum` here: a check
    then imports no `enum`, which costs a small check 4 % of its instructions.)"""

    __slots__ = ("name", "words")

    def __init__(self, name: str, words: tuple[str, ...]) -> None:
        self.name, self.words = name, words

    def __repr__(self) -> str:
        return f"Choice({self.name!r}, {self.words!r})"


VARIABLE_ORDERS = Choice("VariableOrder", ("structure", "declaration"))
"""`--order` choices: `symbolic.encode.ORDERS`, written again here because that module imports dd, which a
usage error or `--help` need not load (tests/test_cli_quick.py compares the two)."""
ENGINES = Choice("Engine", ENGINE_NAMES)
"""`check --engine` and `batch --engine` choices (`api.ENGINES`): the BDD engine, the SAT engine (docs/sat.md),
or both side by side (docs/portfolio.md)."""
STRATEGY_SEMANTICS = Choice("StrategySemantics", STRATEGY_NAMES)
"""`--strategies` choices (`semantics.strategies.STRATEGY_SEMANTICS`)."""


@record
class CommandOption:
    """One parameter of a command: a positional argument when `names` is empty, else an option.

    `kind` is the type of one value (`bool` for a flag, a `Choice` of words, `FilePath` for a
    file name); typer reads the parameter as
    `Optional[kind]` when the default is None and as `Optional[List[kind]]` when
    `repeatable` (written so, not with `typing`, which a check never imports). `names` of a
    flag may be one `--on/--off` pair. `convert` turns the text given into the value the
    command receives (a `ValueError` says why the text is wrong); `minimum` bounds a number
    from below.
    """

    name: str
    names: tuple[str, ...]
    kind: Any
    default: Any
    help: str
    metavar: str | None = None
    minimum: float | None = None
    convert: Callable[[str], Any] | None = None
    repeatable: bool = False


CHECK_OPTIONS: tuple[CommandOption, ...] = (
    CommandOption("model_file", (), FilePath, REQUIRED, "The ISPL model to check ('-': read it from standard input).",
                  metavar="MODEL.ispl"),
    CommandOption("formula", ("--formula", "-f"), str, None,
                  "Also check this formula (ctlstark syntax; repeatable). Prefix with 'LTL ' or 'CTL* ' for "
                  "MCMAS's dialects.", metavar="TEXT", repeatable=True),
    CommandOption("only", ("--only",), bool, False, "Check only the --formula formulas, not the file's Formulae."),
    CommandOption("as_json", ("--json",), bool, False, "Print one JSON document (docs/json.md) instead of text."),
    CommandOption("deadlock", ("--deadlock",), bool, False,
                  "Also count reachable states with no successor and show up to three of them."),
    CommandOption("reorder", ("--reorder/--no-reorder",), bool, None,
                  "Force CUDD dynamic variable reordering on or off (default: only when BDDs grow past 10M nodes "
                  "or an image blows up)."),
    CommandOption("order", ("--order",), VARIABLE_ORDERS, "structure",
                  "Static BDD variable order: 'structure' (from which agents read which variables) or "
                  "'declaration' (as the file declares them)."),
    CommandOption("cluster_size", ("--cluster-size",), int, 5000,
                  "Conjoin parts of the transition relation into clusters of at most this many BDD nodes "
                  "(1: one part per variable and protocol).", metavar="NODES", minimum=1),
    CommandOption("strategies", ("--strategies",), STRATEGY_SEMANTICS, "perfect",
                  "Reading of <g>: 'perfect' (the coalition sees the whole state; MCMAS's default), 'uniform' "
                  "(one uniform memoryless strategy, each member acting on its own local state, wins from every "
                  "state some member cannot tell apart), 'uniform-objective' (from the current state alone) or "
                  "'uniform-pooled' (from every state no member can tell apart). docs/semantics.md."),
    CommandOption("stats", ("--stats",), bool, False,
                  "After each verdict, show how each path-quantified subformula was computed."),
    CommandOption("engine", ("--engine",), ENGINES, "bdd",
                  "'bdd' (the symbolic engine), 'sat': bounded model checking, k-induction and lassos for "
                  "invariants, LTL over propositions, witnesses of existential CTLK (counterexamples of universal "
                  "CTLK), other formulas reported as not checked (docs/sat.md), or 'auto': both side by side in two "
                  "processes, each formula answered by the first to decide it (docs/portfolio.md)."),
    CommandOption("bound", ("--bound",), int, 50,
                  "With --engine sat or auto: the deepest BMC step and induction depth tried.", metavar="K",
                  minimum=0),
    CommandOption("witness", ("--witness",), bool, False,
                  "Print a replay-validated witness or counterexample after each verdict that has one."),
    CommandOption("dot_file", ("--dot",), FilePath, None,
                  "Write the traces as a Graphviz file (implies --witness).", metavar="FILE"),
    CommandOption("html_file", ("--html",), FilePath, None,
                  "Also write the report as one self-contained HTML page: verdicts, routes and times, trace trees, "
                  "strategies, the state graph of a small model (implies --witness; docs/report.md).",
                  metavar="FILE"),
    CommandOption("full_states", ("--full-states",), bool, False,
                  "In traces (text and --dot), show every variable at every step, '*' marking changed values "
                  "(default: the full state at a trace's start and loop start, then only the variables that "
                  "changed)."),
    CommandOption("quiet", ("--quiet", "-q"), bool, False,
                  "No progress display on stderr (it is shown only when stderr is a terminal)."),
    CommandOption("max_memory", ("--max-memory",), int, None,
                  "Cap the BDD library's memory (e.g. 512M, 2G); past it the run stops with the verdicts so far, "
                  "exit 3.", metavar="SIZE", convert=parse_size),
    CommandOption("timeout", ("--timeout",), float, None,
                  "Stop after this much wall time with the verdicts obtained so far (exit 4).", metavar="SECONDS",
                  minimum=0.001),
    CommandOption("reproducible", ("--reproducible",), bool, False,
                  "With --json (and --html): leave out times and BDD node counts, so the same input gives "
                  "byte-identical output."),
    CommandOption("lint", ("--lint",), bool, False,
                  "Also warn about unused variables, actions never enabled, propositions never true, protocol and "
                  "evolution lines that never apply, and formulas MCMAS would reject (docs/fmt-lint.md); verdicts "
                  "and exit status stay the same."),
)
