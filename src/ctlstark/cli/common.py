"""What the commands share, without typer: exit statuses, printing a line, reading the model, input errors.

A command ends with `SystemExit(status)`, which typer passes through as it is, so the
same code serves the typer commands and the quick `check` (`quick.py`).
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
from collections.abc import Iterator

from ..api import load_model, load_model_text
from ..errors import STDIN_NAME, IsplError, ResourceExhausted, read_standard_input
from ..model import Model

EXIT_ALL_TRUE = 0
EXIT_SOME_FALSE = 1
EXIT_INPUT_ERROR = 2
EXIT_NOT_CHECKED = 3
EXIT_TIME_LIMIT = 4
EXIT_NOTHING_CHECKED = 5  # no formula in the file's Formulae nor on the command line: not a pass
EXIT_OUTPUT_NOT_WRITTEN = 6  # the verdicts are printed, but an output file (--dot, --html) could not be written
EXIT_INTERNAL_ERROR = 70  # EX_SOFTWARE: a bug in ctlstark, reported in one line
EXIT_INTERRUPTED = 130  # the shell's convention for a run ended by Ctrl-C (128 + SIGINT)
MAX_DIAGNOSTICS_SHOWN = 100  # a mistake repeated 10,000 times on one line is not worth 10,000 messages
STDIN_ARGUMENT = "-"  # a model file argument that means standard input


def start_up_done() -> None:
    """The cycle collector, paused by `main` while modules are imported and the model is read, runs again from
    here, and never again over what exists now (`gc.freeze`): modules, classes, the model, which all live to the
    end of the process. Its passes over them were 5 % of a small model's check, and the collection at exit 4 %.
    """
    gc.freeze()
    gc.enable()


def echo(text: str = "", err: bool = False, nl: bool = True) -> None:
    """Print `text` on standard output (standard error with `err`), flushed, as `typer.echo` prints it."""
    stream = sys.stderr if err else sys.stdout
    stream.write(f"{text}\n" if nl else text)
    stream.flush()


def json_text(document: object) -> str:
    """A JSON document as the commands print it (indented, as `json.dumps(document, indent=2)`)."""
    from ..render.json_text import json_text as text

    return text(document)


def reads_stdin(model_file: str | os.PathLike[str]) -> bool:
    """Whether the model file argument is `-`, standard input."""
    return str(model_file) == STDIN_ARGUMENT


def source_name(model_file: str | os.PathLike[str]) -> str:
    """How reports and messages name the model's source: its path, or `<stdin>`."""
    return STDIN_NAME if reads_stdin(model_file) else str(model_file)


def read_model(model_file: str | os.PathLike[str]) -> Model:
    """The model of a file, or of standard input for `-` (its diagnostics located as `<stdin>:line:col`)."""
    if reads_stdin(model_file):
        return load_model_text(read_standard_input(), STDIN_NAME)
    return load_model(model_file)


@contextlib.contextmanager
def input_errors_reported() -> Iterator[None]:
    """Malformed input → its diagnostics and exit 2; input nested too deeply → one line and exit 3."""
    try:
        yield
    except IsplError as error:
        for diagnostic in error.diagnostics[:MAX_DIAGNOSTICS_SHOWN]:
            echo(diagnostic.format(), err=True)
        if len(error.diagnostics) > MAX_DIAGNOSTICS_SHOWN:
            echo(f"ctlstark: {len(error.diagnostics) - MAX_DIAGNOSTICS_SHOWN:,} more errors not shown", err=True)
        raise SystemExit(EXIT_INPUT_ERROR) from None
    except ResourceExhausted as error:
        echo(f"ctlstark: out of resources: {error}", err=True)
        raise SystemExit(EXIT_NOT_CHECKED) from None
