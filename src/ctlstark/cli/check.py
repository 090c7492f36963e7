"""`ctlstark check`: run a check from the command line's values and print its report, without typer.

Both command-line readers end here: typer's `check` command (`commands.py`) and the
quick reader of ordinary `check` lines (`quick.py`), so a command line gives the same
output and exit status whichever of them read it.
"""

from __future__ import annotations

import time
from dataclasses import replace

from ..api import CheckOptions, CheckReport, check_with, parse_formula
from ..errors import CtlstarkError, TimeLimitReached, recursion_headroom
from ..model import Model
from ..runtime.limits import acknowledge_stop, time_limit
from ..runtime.progress import TerminalProgress
from ..runtime.records import record
from ..runtime.stack import run_on_deep_stack
from .common import (EXIT_ALL_TRUE, EXIT_INTERRUPTED, EXIT_NOT_CHECKED, EXIT_NOTHING_CHECKED, EXIT_OUTPUT_NOT_WRITTEN,
                     EXIT_SOME_FALSE, EXIT_TIME_LIMIT, echo, input_errors_reported, json_text, read_model, source_name,
                     start_up_done)


def run_check(*, model_file: str, formula: list[str] | None, only: bool, as_json: bool, deadlock: bool,
              reorder: bool | None, order: str, cluster_size: int, strategies: str,
              stats: bool, engine: str, bound: int, witness: bool, dot_file: str | None, html_file: str | None,
              full_states: bool, quiet: bool, max_memory: int | None, timeout: float | None, reproducible: bool,
              lint: bool) -> None:
    """Check every formula of `model_file` (and each `formula`), print the report; ends with `SystemExit(status)`.

    The parameters are `check`'s options (`options.CHECK_OPTIONS`), as the command line gave them.
    """
    with recursion_headroom():
        try:
            traces_wanted = witness or dot_file is not None or html_file is not None
            options = CheckOptions(file_formulae=not only, deadlock=deadlock, witness=traces_wanted, lint=lint,
                                   reorder=reorder, order=order, cluster_size=cluster_size,
                                   max_memory=max_memory, timeout=timeout,
                                   strategies=strategies, engine=engine, bound=bound)
            output = _ReportOutput(as_json=as_json, stats=stats, witness=witness, dot_file=dot_file,
                                   reproducible=reproducible, full_states=full_states, html_file=html_file)
            progress = TerminalProgress() if TerminalProgress.wanted(quiet) else None
            try:
                run_on_deep_stack(_check_and_print, model_file, formula or [], options, output, progress)
            finally:
                if progress is not None:
                    progress.close()
        except RecursionError:
            echo("ctlstark: out of resources: a formula or expression is nested too deeply to process", err=True)
            raise SystemExit(EXIT_NOT_CHECKED) from None


@record
class _ReportOutput:
    """How `check` shows its report: JSON or text, routes, traces, a DOT file, measurements."""

    as_json: bool = False
    stats: bool = False
    witness: bool = False
    dot_file: str | None = None
    reproducible: bool = False
    full_states: bool = False
    html_file: str | None = None


def _check_and_print(model_file: str, formula_texts: list[str], options: CheckOptions, output: _ReportOutput,
                     progress: TerminalProgress | None = None) -> None:
    """Parse, check and print one model's report; ends with `SystemExit` and the documented status."""
    try:
        if progress is not None:
            progress.phase("parse")
        with time_limit(options.timeout), input_errors_reported():  # parsing included; printing the report is not
            parse_started = time.perf_counter()
            model = read_model(model_file)
            extra = [parse_formula(text, model) for text in formula_texts]
            parse_seconds = time.perf_counter() - parse_started
            start_up_done()
            # the time limit above covers parsing as well, so the check gets none of its own
            report = check_with(model, extra, replace(options, timeout=None), progress)
        report.times["parse"] = parse_seconds
    except KeyboardInterrupt:
        acknowledge_stop()  # in hand: the thread that forwarded it stops sending copies
        echo("ctlstark: interrupted before any verdict", err=True)
        raise SystemExit(EXIT_INTERRUPTED) from None
    except TimeLimitReached:
        echo(f"ctlstark: the time limit of {options.timeout:g} s was reached before any verdict", err=True)
        raise SystemExit(EXIT_TIME_LIMIT) from None
    except CtlstarkError as error:
        echo(f"ctlstark: {error}", err=True)
        raise SystemExit(EXIT_NOT_CHECKED) from None
    report.file = source_name(model_file)
    for warning in report.warnings:
        echo(warning, err=True)
    for result in report.formulas:
        for warning in result.warnings:
            echo(warning, err=True)
    for finding in report.lint or []:
        echo(finding.format(), err=True)
    if progress is not None:
        progress.close()
    if output.as_json:
        echo(json_text(report.to_json(measurements=not output.reproducible)))
    else:
        from ..render.report import report_text

        echo(report_text(report, stats=output.stats, witness=output.witness, full_states=output.full_states))
    if report.stopped is not None:
        echo(f"ctlstark: stopped ({report.stopped}): the formulas not reached are marked ERROR", err=True)
    status = _exit_status(report)
    if status == EXIT_NOTHING_CHECKED:
        why = ("--only was given without any -f" if not options.file_formulae
               else "the Formulae section is empty and no -f was given")
        echo(f"{source_name(model_file)}: error: no formula to check: {why}", err=True)
    # written after the report: a file that cannot be written must not hide the verdicts
    if output.dot_file is not None and not _write_dot(report, output.dot_file, output.full_states) \
            and status in (EXIT_ALL_TRUE, EXIT_SOME_FALSE):
        status = EXIT_OUTPUT_NOT_WRITTEN
    if output.html_file is not None and not _write_html(report, model, output.html_file, not output.reproducible) \
            and status in (EXIT_ALL_TRUE, EXIT_SOME_FALSE):
        status = EXIT_OUTPUT_NOT_WRITTEN
    raise SystemExit(status)


def _exit_status(report: CheckReport) -> int:
    if report.stopped is not None:
        return {"interrupted": EXIT_INTERRUPTED, "time limit": EXIT_TIME_LIMIT}.get(report.stopped, EXIT_NOT_CHECKED)
    if not report.formulas:
        return EXIT_NOTHING_CHECKED
    if any(result.verdict is None for result in report.formulas):
        return EXIT_NOT_CHECKED
    if any(result.verdict is False for result in report.formulas):
        return EXIT_SOME_FALSE
    return EXIT_ALL_TRUE


def _write_dot(report: CheckReport, path: str, full_states: bool = False) -> bool:
    """Write the traces to `path` (`_written`)."""
    from ..render.traces import traces_dot

    traced = [(result.index, result.evidence) for result in report.formulas
              if result.evidence is not None and result.evidence.trace is not None]
    model = traced[0][1].model if traced else None
    return _written(path, traces_dot([(index, evidence.trace) for index, evidence in traced], model,
                                     full_states=full_states))


def _write_html(report: CheckReport, model: Model, path: str, measurements: bool) -> bool:
    """Write the report's HTML page to `path` (`_written`)."""
    from ..tools.report_page import html_report

    return _written(path, html_report(report, model, measurements=measurements))


def _written(path: str, text: str) -> bool:
    """Write `text` to `path`; False, after one line on stderr saying why, when it cannot be written."""
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
    except OSError as error:
        echo(f"ctlstark: error: cannot write {path}: {error.strerror or error}", err=True)
        return False
    return True
