"""The `ctlstark` commands as a typer application: help, usage errors and every command line.

`main` (in `__init__.py`) comes here for every command line the quick reader of
`check` declines (`quick.py`); `check` itself runs in `check.py`, shared by both.
"""

from __future__ import annotations

import contextlib
import enum
import inspect
import os
import random
import shlex
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, List, Optional
from typing import TypeVar

import click
import typer

from ..version import VERSION
from ..errors import STDIN_NAME, CtlstarkError, IsplError, ResourceExhausted, read_standard_input, recursion_headroom
from ..runtime.limits import parse_size
from ..model import Model
from .check import run_check
from .common import (EXIT_ALL_TRUE, EXIT_INPUT_ERROR, EXIT_NOT_CHECKED, EXIT_SOME_FALSE, input_errors_reported,
                     json_text, read_model, reads_stdin, source_name)
from .options import CHECK_OPTIONS, ENGINES, Choice, CommandOption, FilePath

if TYPE_CHECKING:
    from ..tools.simulate import Simulator, Start
    from ..tools.simulate_eval import StateEvaluator

_Result = TypeVar("_Result")


class _PlainFlagsHelp:
    """Help that shows a flag (`--witness`) as it is typed: typer renders it `--witness <bool>`."""

    def get_params(self, ctx: typer.Context) -> list:
        params = super().get_params(ctx)  # type: ignore[misc]
        for param in params:
            if getattr(param, "is_flag", False) and param.metavar is None:
                param.metavar = ""  # no value type after the flag's name
        return params


class _Command(_PlainFlagsHelp, typer.core.TyperCommand):
    """A command whose usage line shows a required argument as `MODEL.ispl`, not typer's `{MODEL.ispl}`."""

    def collect_usage_pieces(self, ctx: typer.Context) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            plain = isinstance(param, typer.core.TyperArgument) and param.required and param.nargs == 1
            pieces += [param.metavar] if plain and param.metavar else param.get_usage_pieces(ctx)
        return pieces

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:
        with _usage_error_noted(ctx):
            return super().parse_args(ctx, args)


class _Group(_PlainFlagsHelp, typer.core.TyperGroup):
    """The `ctlstark` group, with the same rendering of flags as its commands.

    After typer's box for a misused command line, one more line on stderr spells
    MCMAS's habits the ctlstark way (`mcmas -k model.ispl` → `ctlstark check
    --deadlock model.ispl`; `_mcmas_hint`).
    """

    arguments: list[str] = []
    usage_failed = False

    def main(self, *args: object, **kwargs: object) -> object:
        self.arguments, self.usage_failed = [], False
        try:
            return super().main(*args, **kwargs)  # type: ignore[arg-type]
        except SystemExit as exit_:
            hint = _mcmas_hint(self.arguments, self) if self.usage_failed and exit_.code == EXIT_INPUT_ERROR else None
            if hint is not None:
                typer.echo(hint, err=True)
            raise

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:
        self.arguments = list(args)
        with _usage_error_noted(ctx):
            return super().parse_args(ctx, args)

    def resolve_command(self, ctx: typer.Context, args: list[str]):  # type: ignore[no-untyped-def]
        with _usage_error_noted(ctx):
            return super().resolve_command(ctx, args)


# click's UsageError, as typer bundles it (typer._click): BadParameter's base class
_UsageError: type[Exception] = typer.BadParameter.__mro__[1]


@contextlib.contextmanager
def _usage_error_noted(ctx: typer.Context) -> Iterator[None]:
    """Note on the `ctlstark` group that the command line was misused (not `ctlstark` alone, which shows help)."""
    try:
        yield
    except _UsageError as error:
        root = ctx.find_root().command
        if isinstance(root, _Group) and type(error).__name__ != "NoArgsIsHelpError":
            root.usage_failed = True
        raise


# MCMAS's command-line flags (its manual) → (values after the flag, what to type to ctlstark
# check instead: () nothing, the check already does it; None: no equivalent).
_MCMAS_FLAGS: dict[str, tuple[int, tuple[str, ...] | None]] = {
    "-k": (0, ("--deadlock",)),  # search for deadlock states
    "-c": (1, ("--witness",)),  # counterexamples and witnesses, printed (1), as files (2) or both (3)
    "-p": (1, ("--dot",)),  # the directory of the counterexample files; the value becomes DIR/traces.dot
    "-f": (1, ("--witness",)),  # ATL strategies (levels 1..4); --witness prints them
    "-l": (1, ("--witness",)),  # ATL counterexamples
    "-u": (0, ()),  # BDD statistics: check always prints them
    "-a": (0, None), "-v": (1, None), "-e": (1, None), "-o": (1, None), "-g": (1, None), "-d": (1, None),
    "-nobddcache": (0, None), "-w": (0, None), "-atlk": (1, None), "-uc": (1, None), "-uniform": (0, None),
    "-ufgroup": (1, None), "-n": (0, None),
}
# MCMAS's flags that ask for something other than checking: the ctlstark command line instead
_MCMAS_COMMANDS: dict[str, tuple[str, ...]] = {
    "-s": ("simulate", "MODEL"), "-exportmodel": ("graph", "MODEL", "--dot", "model.dot"), "-h": ("--help",),
}


def _mcmas_hint(arguments: list[str], group: typer.core.TyperGroup) -> str | None:
    """`did you mean: ctlstark check …` for a command line written with MCMAS's habits, else None.

    `ctlstark model.ispl` (the model where the command goes), MCMAS's flags before or
    after `check` (`-k`, `-c N`, …), and check's own options before the command. A
    misspelt command (click suggests the right one) or any other misuse gets no hint.
    """
    commands = set(group.commands)
    given = arguments[0] if arguments and arguments[0] in commands else None
    if given not in (None, "check"):
        return None
    check_command = group.commands["check"]
    valued = {name for param in check_command.params if param.param_type_name == "option" and not param.is_flag
              for name in param.opts}
    words: list[str] = []
    dropped: list[str] = []
    model: str | None = None
    instead: tuple[str, ...] | None = None
    mcmas = False
    rest = arguments[1:] if given else list(arguments)
    index = 0
    while index < len(rest):
        token, value = rest[index], rest[index + 1:index + 2]
        mcmas_f = token == "-f" and given is None and value in (["1"], ["2"], ["3"], ["4"])
        if token in valued and not mcmas_f:  # check's own option with its value
            words += rest[index:index + 2]
            index += 2
            continue
        if token in _MCMAS_COMMANDS and given is None:
            instead = instead or _MCMAS_COMMANDS[token]
            mcmas, index = True, index + 1
            continue
        if token in _MCMAS_FLAGS:
            arity, replacement = _MCMAS_FLAGS[token]
            taken = rest[index + 1:index + 1 + arity]
            if replacement is None:
                dropped.append(" ".join([token, *taken]))
            elif replacement == ("--dot",):
                if "--dot" not in words:
                    words += ["--dot", os.path.join(taken[0] if taken else ".", "traces.dot")]
            else:
                words += [word for word in replacement if word not in words]
            mcmas, index = True, index + 1 + arity
            continue
        if model is None and not token.startswith("-"):
            if given is None and not (token.endswith(".ispl") or Path(token).is_file()):
                return None  # a misspelt command: click's own message says which one was meant
            model = token
        words.append(token)
        index += 1
    if not mcmas and (given is not None or model is None):
        return None
    if instead is not None:
        line = [model or "MODEL.ispl" if word == "MODEL" else word for word in instead]
    else:
        line = ["check", *words] if model is not None else ["check", *words, "MODEL.ispl"]
    note = (f" (MCMAS's {', '.join(dropped)} {'has' if len(dropped) == 1 else 'have'} no ctlstark equivalent)"
            if dropped and instead is None else "")
    return f"did you mean: ctlstark {shlex.join(line)}{note}"


app = typer.Typer(
    cls=_Group,
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,  # an unexpected exception is reported by `main`, never as a traceback
    help="ctlstark: a symbolic model checker for multi-agent systems written in ISPL.",
)


_CHOICE_ENUMS: dict[str, type[enum.Enum]] = {}


def _choice_enum(choice: Choice) -> type[enum.Enum]:
    """The `Enum` typer reads a `Choice` as: one member per word (named with `_` for `-`), its value the word;
    made once per choice, so that typer's parameter and the command's annotation are the same class."""
    if choice.name not in _CHOICE_ENUMS:
        members = [(word.replace("-", "_"), word) for word in choice.words]
        _CHOICE_ENUMS[choice.name] = enum.Enum(choice.name, members, type=str)  # type: ignore[misc]
    return _CHOICE_ENUMS[choice.name]


Engine = _choice_enum(ENGINES)


def _version_callback(value: bool) -> None:
    if value:
        typer.echo(f"ctlstark {VERSION}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: bool = typer.Option(
        False, "--version", callback=_version_callback, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """ctlstark: a symbolic model checker for multi-agent systems written in ISPL."""


def _typer_parameter(option: CommandOption) -> Any:
    """`typer.Argument` or `typer.Option` for one parameter of the table. A file name is click's `Path` giving
    the text as typed (`path_type=str`): file names are completed, and `./m.ispl` stays `./m.ispl`, as the
    quick reader gives it."""
    settings: dict[str, Any] = {}
    if option.kind is FilePath:
        settings["click_type"] = click.Path(path_type=str)
    if not option.names:
        return typer.Argument(option.default, metavar=option.metavar, help=option.help, **settings)
    default = _choice_enum(option.kind)(option.default) if isinstance(option.kind, Choice) else option.default
    if option.minimum is not None:
        settings["min"] = option.minimum
    if isinstance(option.kind, Choice):
        settings["case_sensitive"] = False
    if option.convert is not None:
        settings["parser"] = _usage_error_on_value_error(option.convert, option.names[0])
    return typer.Option(default, *option.names, metavar=option.metavar, help=option.help, **settings)


def _usage_error_on_value_error(convert: Callable[[str], Any], name: str) -> Callable[[str], Any]:
    """`convert`, its `ValueError` turned into typer's usage error (exit 2) that quotes the reason."""
    def converted(text: str) -> Any:
        try:
            return convert(text)
        except ValueError as error:
            raise typer.BadParameter(str(error), param_hint=f"'{name}'") from None
    return converted


def _typer_annotation(option: CommandOption) -> Any:
    """The parameter's type as typer reads it: `Optional[List[kind]]` for a repeatable option, `Optional[kind]`
    when the default is None, else `kind`."""
    kind = str if option.kind is FilePath else option.kind
    if isinstance(kind, Choice):
        kind = _choice_enum(kind)
    kind = List[kind] if option.repeatable else kind
    return Optional[kind] if option.default is None else kind


def _takes(options: tuple[CommandOption, ...]) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Decorator: the command takes `options` as keyword parameters; typer reads them off this signature."""
    def decorate(command: Callable[..., None]) -> Callable[..., None]:
        annotations = {option.name: _typer_annotation(option) for option in options}
        command.__signature__ = inspect.Signature([  # type: ignore[attr-defined]
            inspect.Parameter(option.name, inspect.Parameter.KEYWORD_ONLY, default=_typer_parameter(option),
                              annotation=annotations[option.name]) for option in options])
        command.__annotations__ = annotations
        return command
    return decorate


@app.command("check", cls=_Command)
@_takes(CHECK_OPTIONS)
def check_command(**values: Any) -> None:
    """Check every formula of MODEL.ispl (and any --formula) and print TRUE/FALSE for each.

    A formula is TRUE when it holds in every initial state (every fair one, under a
    Fairness section). Exit status: 0 all TRUE, 1 some FALSE, 2 input error, 3
    something could not be checked (or a resource ran out), 4 --timeout reached,
    5 no formula to check, 6 verdicts printed but the --dot or --html file not written, 70
    internal error, 130 interrupted.
    """
    run_check(**{name: value.value if isinstance(value, enum.Enum) else value for name, value in values.items()})


@app.command("info", cls=_Command)
def info_command(
    model_file: Path = typer.Argument(..., metavar="MODEL.ispl", help="The ISPL model to describe ('-': standard input)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document (docs/json.md) instead of text."),
) -> None:
    """Show MODEL.ispl at a glance: agents, variables, propositions, state counts, deadlocks, BDD sizes.

    Exit status: 0 done, 2 input error, 3 a resource ran out.
    """
    from ..tools.insight import info_text, model_info

    model = _load_for_insight(model_file)
    info = _run_insight(model_info, model)
    info.file = source_name(model_file)
    typer.echo(json_text(info.to_json()) if as_json else info_text(info))


@app.command("graph", cls=_Command)
def graph_command(
    model_file: Path = typer.Argument(..., metavar="MODEL.ispl", help="The ISPL model to draw ('-': standard input)."),
    dot_file: str = typer.Option(..., "--dot", metavar="FILE", help="Write the Graphviz graph here ('-': standard output)."),
    max_states: int = typer.Option(
        1000, "--max-states", min=0, metavar="N", help="Refuse models with more than N reachable states (counted first)."
    ),
) -> None:
    """Write the reachable state graph of MODEL.ispl as Graphviz DOT: a node per state, an edge per step.

    Exit status: 0 written, 2 input error, 3 more than --max-states states (or a resource ran out).
    """
    from ..tools.insight import graph_to_dot, state_graph

    model = _load_for_insight(model_file)
    graph = _run_insight(state_graph, model, max_states)
    dot = graph_to_dot(graph)
    if dot_file == "-":
        typer.echo(dot, nl=False)
        return
    try:
        Path(dot_file).write_text(dot, encoding="utf-8")
    except OSError as error:
        typer.echo(f"ctlstark: cannot write {dot_file}: {error.strerror or error}", err=True)
        raise typer.Exit(EXIT_NOT_CHECKED)
    typer.echo(f"wrote {len(graph.nodes)} states and {len(graph.edges)} edges to {dot_file}")


def _load_for_insight(model_file: Path) -> Model:
    """The model, its warnings on standard error; diagnostics and exit 2 when malformed, exit 3 when too deep."""
    with input_errors_reported():
        model = read_model(model_file)
    for warning in model.warnings:
        typer.echo(warning, err=True)
    return model


def _run_insight(function: Callable[..., _Result], *arguments: object) -> _Result:
    """Run an `insight` function; its refusals and resource failures become a message and exit 3."""
    from ..tools.insight import TooManyStates

    try:
        return function(*arguments)
    except TooManyStates as error:
        typer.echo(f"ctlstark: the model has {error.states:,} reachable states, more than --max-states "
                   f"{error.limit}; raise the limit or use 'ctlstark info'", err=True)
        raise typer.Exit(EXIT_NOT_CHECKED)
    except ResourceExhausted as error:
        typer.echo(f"ctlstark: out of resources: {error}", err=True)
        raise typer.Exit(EXIT_NOT_CHECKED)
    except CtlstarkError as error:
        typer.echo(f"ctlstark: {error}", err=True)
        raise typer.Exit(EXIT_NOT_CHECKED)


DEFAULT_SIMULATION_STEPS = 20


@app.command("simulate", cls=_Command)
def simulate_command(
    model_file: Path = typer.Argument(
        ..., metavar="MODEL.ispl", help="The ISPL model to simulate ('-': standard input, with --random only)."),
    runs: Optional[int] = typer.Option(
        None, "--random", min=1, metavar="K", help="Print K random runs instead of simulating interactively."
    ),
    steps: Optional[int] = typer.Option(
        None, "--steps", min=0, metavar="N",
        help=f"With --random: at most N steps per run (default {DEFAULT_SIMULATION_STEPS}); a run stops early at a deadlock.",
    ),
    seed: int = typer.Option(0, "--seed", metavar="S", help="Seed of every random choice: same seed, same output."),
    as_json: bool = typer.Option(False, "--json", help="With --random: print the runs as one JSON list."),
    full_states: bool = typer.Option(
        False, "--full-states",
        help="With --random: show every variable at every step, '*' marking changed values (default: only the "
        "variables that changed after the first step).",
    ),
    trace_file: Optional[Path] = typer.Option(
        None, "--trace", metavar="FILE.json",
        help="Start on a trace of FILE.json, the output of check --json --witness (by default the first FALSE "
        "formula's): n follows it, b goes back, goto N jumps to its step N, a numbered step branches off it.",
    ),
    trace_formula: Optional[int] = typer.Option(
        None, "--formula", min=1, metavar="N", help="With --trace: the trace of formula N.",
    ),
    trace_path: Optional[str] = typer.Option(
        None, "--trace-path", metavar="N.S...",
        help="With --trace: a nested trace. N is formula N's trace; each .S then enters the sub-trace linked at "
        "step S (.Sb: the second one at that step), e.g. 3.1.",
    ),
    start_state: Optional[str] = typer.Option(
        None, "--state", metavar="'A.x=1, B.y=true'",
        help="Start at this state, reachable or not. Variables left out take their value from the initial states "
        "that agree with the given ones (an error when those differ).",
    ),
) -> None:
    """Step through MODEL.ispl: interactively (a number takes that transition; r, b, n, goto, eval, props, a, h, q), or print --random runs.

    The interactive mode starts at an initial state, on a --trace or at a --state, and
    reads one command per line, from a terminal or a pipe; eval FORMULA checks a formula at
    the current state (docs/simulate.md). Exit status: 0; 2 input error; 3 out of resources.
    """
    from ..tools.simulate import Session, Simulator, random_runs, runs_json, runs_text

    if runs is None and (steps is not None or as_json or full_states):
        misused = [name for name, given in (("--steps", steps is not None), ("--json", as_json),
                                            ("--full-states", full_states)) if given]
        typer.echo(f"ctlstark: {' and '.join(misused)} only {'works' if len(misused) == 1 else 'work'} with "
                   "--random K (print K random runs); without --random, simulate is interactive", err=True)
        raise typer.Exit(EXIT_INPUT_ERROR)
    _check_start_options(runs is not None, trace_file, trace_formula, trace_path, start_state)
    if runs is None and reads_stdin(model_file):
        typer.echo("ctlstark: simulate - reads the model from standard input, so the interactive commands cannot "
                   "come from there: give the model as a file, or print --random K runs", err=True)
        raise typer.Exit(EXIT_INPUT_ERROR)
    with recursion_headroom():
        try:
            simulator = Simulator(_load_for_insight(model_file))
            if runs is None:
                start, evaluator = _simulation_start(simulator, trace_file, trace_formula, trace_path, start_state)
                Session(simulator, random.Random(seed), _read_command, typer.echo, start=start,
                        evaluator=evaluator).run()
                return
            taken = random_runs(simulator, runs, DEFAULT_SIMULATION_STEPS if steps is None else steps, seed)
            model = simulator.model  # the runs are shown under the same headroom: showing a state evaluates
            shown = json_text(runs_json(model, taken)) if as_json else runs_text(model, taken, full_states=full_states)
        except ResourceExhausted as error:
            typer.echo(f"ctlstark: out of resources: {error}", err=True)
            raise typer.Exit(EXIT_NOT_CHECKED)
        except RecursionError:
            typer.echo("ctlstark: out of resources: an expression is nested too deeply to process", err=True)
            raise typer.Exit(EXIT_NOT_CHECKED) from None
    typer.echo(shown)


def _check_start_options(batch: bool, trace_file: Path | None, trace_formula: int | None, trace_path: str | None,
                         start_state: str | None) -> None:
    """Exit 2, saying why, when simulate's --trace, --formula, --trace-path and --state are combined wrongly."""
    problem = None
    if batch and (trace_file is not None or start_state is not None):
        problem = "--trace and --state start an interactive session; they do not work with --random"
    elif trace_file is not None and start_state is not None:
        problem = "--trace and --state exclude each other (a session starts at one place)"
    elif trace_file is None and (trace_formula is not None or trace_path is not None):
        problem = f"{'--formula' if trace_formula is not None else '--trace-path'} picks a trace of --trace FILE.json"
    elif trace_formula is not None and trace_path is not None:
        problem = "--formula and --trace-path exclude each other (--trace-path N.S… names the formula too)"
    if problem is not None:
        typer.echo(f"ctlstark: {problem}", err=True)
        raise typer.Exit(EXIT_INPUT_ERROR)


def _simulation_start(simulator: Simulator, trace_file: Path | None, trace_formula: int | None,
                      trace_path: str | None, start_state: str | None) -> tuple[Start | None, StateEvaluator | None]:
    """Where the session begins (None: at an initial state it lets the user pick); exit 2 when it does not fit the model."""
    if trace_file is None and start_state is None:
        return None, None
    from ..tools.simulate_eval import StateEvaluator
    from ..tools.simulate_start import StartError, load_trace, state_start

    evaluator = StateEvaluator(simulator.model)
    with input_errors_reported():
        try:
            if trace_file is not None:
                return load_trace(simulator.model, trace_file, formula=trace_formula, trace_path=trace_path), evaluator
            assert start_state is not None
            return state_start(simulator, start_state, evaluator), evaluator
        except StartError as error:
            typer.echo(str(error), err=True)
            raise typer.Exit(EXIT_INPUT_ERROR) from None


def _read_command(prompt: str) -> str | None:
    """One command line from standard input, None at its end; echoed when stdin is no terminal (scripts read like sessions)."""
    try:
        line = input(prompt)
    except EOFError:
        typer.echo()
        return None
    if not sys.stdin.isatty():
        typer.echo(line)
    return line


EXIT_NOT_FORMATTED = 1  # `fmt --check`: the file is not in the canonical layout


@app.command("fmt", cls=_Command)
def fmt_command(
    model_file: Path = typer.Argument(
        ..., metavar="MODEL.ispl", help="The ISPL file to format ('-': standard input; the result is printed)."),
    in_place: bool = typer.Option(
        False, "--in-place", "-i", help="Rewrite the file (only when its layout changes) instead of printing it."
    ),
    check_only: bool = typer.Option(
        False, "--check",
        help="Print nothing; exit 1, naming the file on stderr, when it is not in the canonical layout.",
    ),
) -> None:
    """Print MODEL.ispl in the canonical layout (docs/fmt-lint.md); comments are kept, the meaning unchanged.

    Exit status: 0 done (with --check: already formatted), 1 with --check: not
    formatted, 2 input error, 3 nested too deeply or the file cannot be written.
    """
    from ..ispl.format import FormattedFile, format_file, format_model

    if in_place and check_only:
        raise typer.BadParameter("--in-place and --check exclude each other", param_hint="--check")
    if in_place and reads_stdin(model_file):
        typer.echo("ctlstark: fmt - reads standard input, which cannot be rewritten in place: drop --in-place "
                   "to print the formatted text (or --check to test it)", err=True)
        raise typer.Exit(EXIT_INPUT_ERROR)
    with input_errors_reported():
        if reads_stdin(model_file):
            original = read_standard_input(exact=True)
            formatted = FormattedFile(original, format_model(original, STDIN_NAME))
        else:
            formatted = format_file(model_file)
    if check_only:
        if formatted.changed:
            typer.echo(source_name(model_file), err=True)
            raise typer.Exit(EXIT_NOT_FORMATTED)
    elif in_place:
        if formatted.changed:
            _write_text(model_file, formatted.text)
    else:
        typer.echo(formatted.text, nl=False)


def _write_text(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        typer.echo(f"ctlstark: cannot write {path}: {error.strerror or error}", err=True)
        raise typer.Exit(EXIT_NOT_CHECKED)


@app.command("batch", cls=_Command)
def batch_command(
    suite_path: Path = typer.Argument(
        ..., metavar="SUITE", help="A directory of .ispl files, or a TOML manifest (docs/batch.md)."
    ),
    workers: Optional[int] = typer.Option(
        None, "--workers", min=0, metavar="N",
        help="Worker processes of the local Dask cluster (default: one per CPU; 0: like --local).",
    ),
    local: bool = typer.Option(False, "--local", help="Run the jobs one by one in this process, without Dask."),
    scheduler: Optional[str] = typer.Option(
        None, "--scheduler", metavar="ADDRESS",
        help="Send the jobs to this existing Dask scheduler (e.g. tcp://10.0.0.5:8786) instead of a local cluster.",
    ),
    timeout: Optional[float] = typer.Option(
        None, "--timeout", metavar="SECONDS", min=0.001,
        help="Per job, inside the worker: wall time for its generator command, and again for its check.",
    ),
    max_memory: Optional[int] = typer.Option(
        None, "--max-memory", metavar="SIZE", parser=_usage_error_on_value_error(parse_size, "--max-memory"),
        help="Per job, inside the worker: cap the BDD library's memory (e.g. 2G).",
    ),
    json_file: Optional[str] = typer.Option(
        None, "--json", metavar="FILE", help="Write the report as JSON to FILE ('-': standard output, instead of the table).",
    ),
    junit_file: Optional[Path] = typer.Option(
        None, "--junit", metavar="FILE", help="Write the report as JUnit XML (a testcase per formula) to FILE.",
    ),
    html_dir: Optional[Path] = typer.Option(
        None, "--html", metavar="DIR",
        help="Write an HTML page per job (as check --html, witnesses included) and an index.html linking them to DIR.",
    ),
    reproducible: bool = typer.Option(
        False, "--reproducible", help="In --json and --junit: leave out times and memory, so runs compare byte for byte.",
    ),
    engine: Engine = typer.Option(
        Engine.bdd, "--engine", case_sensitive=False,
        help="Per job: 'bdd', 'sat' or 'auto' (both side by side, the first definitive verdict per formula), "
        "as in check --engine.",
    ),
    quiet: bool = typer.Option(
        False, "--quiet", "-q", help="No progress display on stderr (it is shown only when stderr is a terminal)."
    ),
) -> None:
    """Check every job of SUITE (a model with its formulas) and compare the verdicts with the expected ones.

    Jobs run in parallel on Dask worker processes. Exit status: 0 every expected
    verdict met, 1 some verdict differs or a job failed, 2 bad suite, 3 the Dask
    cluster cannot be reached or a report cannot be written.
    """
    from ..batch import JobLimits, SuiteError, load_suite, run_suite
    from ..batch.dask_runner import ClusterUnavailable
    from ..batch.progress import BatchProgress

    if scheduler is not None and (local or workers is not None):
        raise typer.BadParameter("--scheduler excludes --workers and --local", param_hint="'--scheduler'")
    if local and workers:
        raise typer.BadParameter("--local runs in this process: it excludes --workers N", param_hint="'--local'")
    try:
        suite = load_suite(suite_path)
    except SuiteError as error:
        typer.echo(str(error), err=True)
        raise typer.Exit(EXIT_INPUT_ERROR)
    limits = JobLimits(timeout=timeout, max_memory=max_memory, html_page=html_dir is not None,
                       engine=engine.value)
    progress = BatchProgress(len(suite.jobs)) if BatchProgress.wanted(quiet) else None
    try:
        report = run_suite(suite, limits, workers=0 if local else workers, scheduler=scheduler,
                           on_result=None if progress is None else progress.job_done)
    except ClusterUnavailable as error:
        typer.echo(f"ctlstark: {error}", err=True)
        raise typer.Exit(EXIT_NOT_CHECKED)
    finally:
        if progress is not None:
            progress.close()
    document = json_text(report.to_json(measurements=not reproducible))
    if json_file is not None and json_file != "-":
        _write_text(Path(json_file), document + "\n")
    if junit_file is not None:
        _write_text(junit_file, report.junit_xml(measurements=not reproducible))
    if html_dir is not None:
        try:
            report.write_html(html_dir)
        except OSError as error:
            typer.echo(f"ctlstark: cannot write {error.filename or html_dir}: {error.strerror or error}", err=True)
            raise typer.Exit(EXIT_NOT_CHECKED)
    typer.echo(document if json_file == "-" else report.text())
    raise typer.Exit(EXIT_ALL_TRUE if report.ok else EXIT_SOME_FALSE)


class ProbEngine(str, enum.Enum):
    """`prob --engine` choices (prob/storm.py)."""

    sparse = "sparse"
    symbolic = "symbolic"


@app.command("prob")
def prob_command(
    protocol_file: Path = typer.Argument(..., metavar="PROTOCOL.prob", help="The commitment protocol to analyse."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document (docs/probabilistic.md) instead of text."),
    engine: ProbEngine = typer.Option(ProbEngine.sparse, "--engine", help="Storm's engine: sparse (explicit automaton) or symbolic (BDDs)."),
    qualitative: bool = typer.Option(False, "--qualitative", help="Also check surely/possibly/never-violated with ctlstark's own engine."),
    no_reduction: bool = typer.Option(False, "--no-reduction", help="Build the whole automaton and give it to Storm, instead of solving the protocol's independent parts exactly and composing them (docs/probabilistic.md, \"Reduction\")."),
) -> None:
    """Probabilities that PROTOCOL.prob conforms, achieves the agent's goals and benefits it, with Storm.

    Exit status: 0 every property above its threshold, 1 one is not, 2 input error,
    3 stormpy is not installed (pip install 'ctlstark[prob]') or the automaton is too large.
    """
    from ..prob.analysis import analyse

    with input_errors_reported():
        try:
            report = analyse(protocol_file, engine=engine.value, qualitative=qualitative, reduction=not no_reduction)
        except CtlstarkError as error:
            if isinstance(error, IsplError):
                raise
            typer.echo(f"ctlstark: {error}", err=True)
            raise typer.Exit(EXIT_NOT_CHECKED) from None
    typer.echo(json_text(report.to_json()) if as_json else report.to_text())
    raise typer.Exit(EXIT_ALL_TRUE if report.all_hold else EXIT_SOME_FALSE)
