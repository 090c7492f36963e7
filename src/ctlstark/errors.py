"""Errors a user can cause, and how they are reported.

Every problem in a user's input becomes a `Diagnostic` that prints as
`file:line:col: error: message`, followed by the source line and a caret under
the column. Front-end stages collect all diagnostics they find and raise one
`IsplError` carrying them, so a user sees every mistake in one run.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
from collections.abc import Callable, Iterator

from .runtime.records import record
from .runtime.stack import deep_stack, recursion_limit

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, BinaryIO, Literal, TypeVar

    _T = TypeVar("_T")



def resource_guarded(function: Callable[..., _T]) -> Callable[..., _T]:
    """Run `function` on a deep stack with recursion headroom; a `RecursionError` becomes `ResourceExhausted`."""
    @deep_stack
    @functools.wraps(function)
    def guarded(*args: Any, **kwargs: Any) -> _T:
        try:
            with deep_recursion("a formula or expression"):
                return function(*args, **kwargs)
        except BddMemoryExhausted as error:  # the frames below hold the run's BDDs: free them in order now
            drop_locals(error)
            raise
    return guarded


@contextlib.contextmanager
def deep_recursion(what: str, task: str = "process") -> Iterator[None]:
    """Recursion headroom for walking deep trees; a `RecursionError` that still happens ends cleanly.

    It becomes `ResourceExhausted("<what> is nested too deeply to <task>")`, with the
    frames it went through cleared (`drop_locals`).
    """
    with recursion_headroom():
        try:
            yield
        except RecursionError as error:
            drop_locals(error)
            raise ResourceExhausted(f"{what} is nested too deeply to {task}") from None


def drop_locals(error: BaseException) -> None:
    """Clear the local variables of the frames `error` went through.

    Thousands of frames deep, they hold the run's BDDs; kept alive by the traceback,
    they would be freed later by the cycle collector, in no particular order, and
    CUDD complains on standard error when its manager goes before its nodes.
    """
    import traceback  # only on this path: it imports linecache and tokenize

    traceback.clear_frames(error.__traceback__)


@contextlib.contextmanager
def recursion_headroom() -> Iterator[None]:
    """Allow deep recursion over expression and formula trees (a chain of 200 `or`s nests 200 deep).

    As deep as the current thread's stack carries safely (`stack.recursion_limit`);
    used around every public entry point; a `RecursionError` that still happens is
    reported as resource exhaustion, never as a traceback.
    """
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(max(previous, recursion_limit()))
    try:
        yield
    finally:
        sys.setrecursionlimit(previous)


@record
class Diagnostic:
    """One message about a place in a user's file (line and column are 1-based)."""

    message: str
    file: str
    line: int
    column: int
    source_line: str | None = None
    severity: Literal["error", "warning"] = "error"

    def format(self) -> str:
        """`file:line:col: severity: message`, then the line (around the column when long) and a caret."""
        head = f"{self.file}:{self.line}:{self.column}: {self.severity}: {self.message}"
        if self.source_line is None:
            return head
        line, column = _around(self.source_line.rstrip("\n").expandtabs(1), max(self.column, 1))
        caret = " " * (column - 1) + "^"
        return f"{head}\n    {printable(line)}\n    {caret}"


SHOWN_COLUMNS = 120  # a longer source line is quoted around the column only


def _around(line: str, column: int) -> tuple[str, int]:
    """At most SHOWN_COLUMNS characters of `line` around `column` (`...` marks a cut), and the column in them.

    A generated model may put 300,000 characters on one line; quoting it whole under
    each of its errors made gigabytes of output.
    """
    if len(line) <= SHOWN_COLUMNS:
        return line, column
    start = max(0, min(column - 1 - SHOWN_COLUMNS // 2, len(line) - SHOWN_COLUMNS))
    end = start + SHOWN_COLUMNS
    before = "..." if start > 0 else ""
    after = "..." if end < len(line) else ""
    return before + line[start:end] + after, column - start + len(before)


def printable(text: str) -> str:
    """`text` with control and invisible formatting characters shown as `?`, one for one.

    A quoted source line must not move the cursor, reorder the terminal's text (U+202E)
    or hide a character, and the caret under it must stay in its column.
    """
    import unicodedata  # a shared library: loaded only when an error quotes its line, not at every start

    return "".join("?" if unicodedata.category(char) in _UNPRINTABLE else char for char in text)


_UNPRINTABLE = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"})


class CtlstarkError(Exception):
    """Base class of every error ctlstark reports to a user without a traceback."""


class IsplError(CtlstarkError):
    """The input (model or formula) is malformed; `diagnostics` says where and why."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = list(diagnostics)
        super().__init__(self.diagnostics)

    def __str__(self) -> str:
        """Every diagnostic, formatted (on demand: the command line prints them itself)."""
        return "\n".join(d.format() for d in self.diagnostics)


def read_source(path: str | os.PathLike[str], what: str = "the model", *, exact: bool = False) -> str:
    """The UTF-8 text of an input file, or `IsplError` at `path:1:1` saying why it cannot be read.

    `exact` keeps the line ends as they are (`fmt` counts CRLF as a change); otherwise
    they are read as universal newlines.
    """
    try:
        if exact:
            with open(path, "rb") as binary:
                return binary.read().decode("utf-8")
        with open(path, encoding="utf-8") as text:
            return text.read()
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise IsplError([Diagnostic(f"cannot read {what}: {reason}", str(path), 1, 1)]) from None


STDIN_NAME = "<stdin>"
"""How diagnostics name a model read from standard input (`ctlstark check -`)."""


def read_standard_input(what: str = "the model", *, exact: bool = False, stream: BinaryIO | None = None) -> str:
    """The UTF-8 text on standard input (or `stream`), or `IsplError` at `<stdin>:line:col` saying why it is unusable.

    Empty (or blank) input and bytes that are not UTF-8 are errors, located at the first
    offending byte. `exact` keeps the line ends as they are; otherwise CRLF and CR
    become LF, as `read_source` reads files.
    """
    try:
        if stream is None and sys.stdin is None:  # the process was started with standard input closed
            raise ValueError("it is closed")
        data = (stream if stream is not None else sys.stdin.buffer).read()
    except (OSError, ValueError, AttributeError) as error:
        reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
        raise IsplError([Diagnostic(f"cannot read {what} from standard input: {reason}", STDIN_NAME, 1, 1)]) from None
    if not data.strip():
        raise IsplError([Diagnostic(f"standard input is empty: pipe {what} into it, e.g. "
                                    f"`ctlstark check - < model.ispl`", STDIN_NAME, 1, 1)])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line_start = data.rfind(b"\n", 0, error.start) + 1
        line_end = data.find(b"\n", error.start)
        line_bytes = data[line_start:len(data) if line_end < 0 else line_end]
        column = len(data[line_start:error.start].decode("utf-8", "replace")) + 1
        raise IsplError([Diagnostic(
            f"standard input is not UTF-8 text: byte 0x{data[error.start]:02x} cannot be decoded ({what} must be "
            f"UTF-8, as ISPL files are)", STDIN_NAME, data.count(b"\n", 0, error.start) + 1, column,
            line_bytes.decode("utf-8", "replace"))]) from None
    return text if exact else text.replace("\r\n", "\n").replace("\r", "\n")


class UnsupportedFormula(CtlstarkError):
    """A well-formed formula that this version cannot check yet (says which part)."""


class ResourceExhausted(CtlstarkError):
    """The BDD library ran out of its memory budget (or another hard limit was hit)."""


class BddMemoryExhausted(ResourceExhausted):
    """CUDD could not allocate a node within its memory limit (`--max-memory`)."""


class TimeLimitReached(BaseException):
    """The run's time limit (`--timeout`) passed.

    A BaseException, like KeyboardInterrupt, so that no `except Exception`
    on the way swallows it: it ends the run wherever it is raised.
    """


def source_line_of(text: str, line: int) -> str | None:
    r"""The 1-based `line` of `text`, or None when out of range.

    Lines end at `\n` only, as the parsers count them (`str.splitlines` would also
    break at `\r`, form feeds, U+2028 …, and quote the wrong line after one).
    """
    lines = _lines_of(text)
    if 1 <= line <= len(lines):
        return lines[line - 1].removesuffix("\r")
    return None


@functools.lru_cache(maxsize=2)
def _lines_of(text: str) -> tuple[str, ...]:
    """The lines of `text`, split once for all its diagnostics (which then share each line's string)."""
    return tuple(text.split("\n"))
