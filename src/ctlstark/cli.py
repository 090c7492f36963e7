"""The `ctlstark` command line (typer). The only module that prints.

Exit status: 0 every formula TRUE, 1 some formula FALSE, 2 input error,
3 a formula could not be checked or a resource ran out.
"""

from __future__ import annotations

import enum
import json
import sys
import time
from pathlib import Path
from typing import List, Optional

import typer

from . import __version__
from .api import CheckReport, FormulaResult, check, load_model, parse_formula
from .errors import CtlstarkError, IsplError, ResourceExhausted, recursion_headroom

EXIT_ALL_TRUE = 0
EXIT_SOME_FALSE = 1
EXIT_INPUT_ERROR = 2
EXIT_NOT_CHECKED = 3

class VariableOrder(str, enum.Enum):
    """`--order` choices (symbolic.encode.ORDERS)."""

    structure = "structure"
    declaration = "declaration"


app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="ctlstark: a symbolic model checker for multi-agent systems written in ISPL.",
)


def _version_callback(value: bool) -> None:
    if value:
        typer.echo(f"ctlstark {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: bool = typer.Option(
        False, "--version", callback=_version_callback, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """ctlstark: a symbolic model checker for multi-agent systems written in ISPL."""


@app.command("check")
def check_command(
    model_file: Path = typer.Argument(..., metavar="MODEL.ispl", help="The ISPL model to check."),
    formula: Optional[List[str]] = typer.Option(
        None,
        "--formula",
        "-f",
        metavar="TEXT",
        help="Also check this formula (ctlstark syntax; repeatable). Prefix with 'LTL ' or 'CTL* ' for MCMAS's dialects.",
    ),
    only: bool = typer.Option(False, "--only", help="Check only the --formula formulas, not the file's Formulae."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document (docs/json.md) instead of text."),
    deadlock: bool = typer.Option(False, "--deadlock", help="Also count reachable states with no successor and show up to three of them."),
    reorder: Optional[bool] = typer.Option(
        None,
        "--reorder/--no-reorder",
        help="Force CUDD dynamic variable reordering on or off (default: only when BDDs grow past 10M nodes "
        "or an image blows up).",
    ),
    order: VariableOrder = typer.Option(
        VariableOrder.structure, "--order", case_sensitive=False,
        help="Static BDD variable order: 'structure' (from which agents read which variables) or "
        "'declaration' (as the file declares them).",
    ),
    cluster_size: int = typer.Option(
        5000, "--cluster-size", min=1, metavar="NODES",
        help="Conjoin parts of the transition relation into clusters of at most this many BDD nodes "
        "(1: one part per variable and protocol).",
    ),
    stats: bool = typer.Option(
        False, "--stats", help="After each verdict, show how each path-quantified subformula was computed."
    ),
    witness: bool = typer.Option(
        False, "--witness", help="Print a replay-validated witness or counterexample after each verdict that has one."
    ),
    dot_file: Optional[Path] = typer.Option(
        None, "--dot", metavar="FILE", help="Write the traces as a Graphviz file (implies --witness)."
    ),
) -> None:
    """Check every formula of MODEL.ispl (and any --formula) and print TRUE/FALSE for each.

    A formula is TRUE when it holds in every initial state. Exit status: 0 all
    TRUE, 1 some FALSE, 2 input error, 3 something could not be checked.
    """
    with recursion_headroom():
        try:
            tuning = {"reorder": reorder, "order": order.value, "cluster_size": cluster_size}
            _check_and_print(model_file, formula, only, as_json, deadlock, tuning, stats, witness, dot_file)
        except RecursionError:
            typer.echo("ctlstark: out of resources: a formula or expression is nested too deeply to process", err=True)
            raise typer.Exit(EXIT_NOT_CHECKED) from None


def _check_and_print(model_file: Path, formula: list[str] | None, only: bool, as_json: bool, deadlock: bool,
                     tuning: dict[str, object], stats: bool, witness: bool, dot_file: Path | None) -> None:
    try:
        parse_started = time.perf_counter()
        model = load_model(model_file)
        extra = [parse_formula(text, model) for text in formula or []]
        parse_seconds = time.perf_counter() - parse_started
        report = check(model, extra, file_formulae=not only, deadlock=deadlock,
                       witness=witness or dot_file is not None, **tuning)  # type: ignore[arg-type]
        report.times["parse"] = parse_seconds
    except IsplError as error:
        for diagnostic in error.diagnostics:
            typer.echo(diagnostic.format(), err=True)
        raise typer.Exit(EXIT_INPUT_ERROR)
    except ResourceExhausted as error:
        typer.echo(f"ctlstark: out of resources: {error}", err=True)
        raise typer.Exit(EXIT_NOT_CHECKED)
    except CtlstarkError as error:
        typer.echo(f"ctlstark: {error}", err=True)
        raise typer.Exit(EXIT_NOT_CHECKED)
    report.file = str(model_file)
    for warning in report.warnings:
        typer.echo(warning, err=True)
    for result in report.formulas:
        for warning in result.warnings:
            typer.echo(warning, err=True)
    if dot_file is not None:
        _write_dot(report, dot_file)
    if as_json:
        typer.echo(json.dumps(report.to_json(), indent=2))
    else:
        _print_text(report, stats=stats, witness=witness)
    raise typer.Exit(_exit_status(report))


def _value_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _exit_status(report: CheckReport) -> int:
    if any(result.verdict is None for result in report.formulas):
        return EXIT_NOT_CHECKED
    if any(result.verdict is False for result in report.formulas):
        return EXIT_SOME_FALSE
    return EXIT_ALL_TRUE


def _verdict_word(verdict: bool | None) -> str:
    return {True: "TRUE", False: "FALSE", None: "ERROR"}[verdict]


def _write_dot(report: CheckReport, path: Path) -> None:
    from .witness import render_dot

    traces = [(result.index, result.trace) for result in report.formulas if result.trace is not None]
    try:
        path.write_text(render_dot(traces), encoding="utf-8")
    except OSError as error:
        typer.echo(f"ctlstark: cannot write {path}: {error.strerror or error}", err=True)
        raise typer.Exit(EXIT_NOT_CHECKED)


def _print_trace(result: FormulaResult, indent: str) -> None:
    from .witness import render_text

    if result.trace is not None:
        typer.echo(render_text(result.trace, indent))
    elif result.trace_error:
        typer.echo(f"{indent}no trace: {result.trace_error}")


def _print_text(report: CheckReport, *, stats: bool = False, witness: bool = False) -> None:
    typer.echo(f"model {report.model} ({report.file}), {report.semantics} semantics")
    width = len(str(len(report.formulas)))
    for result in report.formulas:
        one_line_text = " ".join(result.text.split())
        typer.echo(f"  {result.index:>{width}}  {_verdict_word(result.verdict):<5}  {one_line_text}")
        if result.error:
            typer.echo(f"  {'':>{width}}         {result.error}")
        if stats:
            for route in result.routes:
                typer.echo(f"  {'':>{width}}         route {route['route']}: {route['formula']}")
        if witness:
            _print_trace(result, f"  {'':>{width}}         ")
    typer.echo(f"reachable states: {report.reachable_states}")
    if report.deadlock_states is not None:
        typer.echo(f"deadlock states: {report.deadlock_states}")
        for example in report.deadlock_examples:
            agents = " ".join(
                f"{agent}[" + " ".join(f"{name}={_value_text(value)}" for name, value in values.items()) + "]"
                for agent, values in example.items()
            )
            typer.echo(f"  e.g. {agents}")
    typer.echo(f"BDD variables: {report.bdd_variables}, reachable-set nodes: {report.bdd_nodes_reachable}, "
               f"peak nodes: {report.bdd_peak_nodes}")
    phases = ", ".join(f"{phase} {seconds:.3f} s" for phase, seconds in report.times.items())
    typer.echo(f"times: {phases}")


def main() -> None:
    """Entry point of the `ctlstark` console script and of `python -m ctlstark`."""
    try:
        app()
    except KeyboardInterrupt:
        sys.stderr.write("ctlstark: interrupted\n")
        sys.exit(130)
