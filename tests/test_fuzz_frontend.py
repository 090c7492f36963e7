"""Fuzzing the front end: mutated ISPL files through the real command line.

Whatever the input, `ctlstark check` (and `info`, `graph`, `simulate`, on a quarter of
the inputs) must end with exit status 0 or 1 (verdicts), 2 (input error, reported as
`file:line:col: error: …` inside the file's bounds) or 3 (something could not be
checked, said in a one-line `ctlstark: …` message): never a traceback, never a hang
(60 s), never a wrong answer. Seeds are the shipped models
(ispl_examples/) and random models written by `ispl_writer`; mutations are the
classic ones (token deletion, duplication, swap, random bytes, truncation) plus the
inputs parsers get wrong: huge integers, 10,000-deep nesting, unicode, empty
sections, a missing `end`, CRLF line endings.

Wrong answers: some mutations keep the model's meaning (line endings, a BOM,
redundant parentheses, double negations, `c and c`, unicode in comments); a mutant
made only of those must get the seed's verdicts (10,000 levels deep included).

The hypothesis loop runs the CLI in-process (typer's CliRunner: one subprocess per
input would be far too slow); a few inputs go through a real subprocess, end to end.
`-m slow` runs the loop on 100,000 inputs (CTLSTARK_FUZZ_INPUTS=N: N inputs, e.g. to split a run
over processes with different `--hypothesis-seed`s).
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import hashlib
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pytest
from conftest import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from ctlstark.cli import app
from ctlstark.symbolic.system import _release_live_systems as release_live_systems  # (its atexit hook)
from ctlstark.model import FormulaEntry
from ctlstark.logic.formula import to_text

from ispl_writer import write_model
from strategies import models_and_ctlstar_formulas

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "ispl_examples").glob("*.ispl"))
TIME_BOUND = 60  # seconds: any input, however bad, is answered within this
MEMORY_CEILING = "1G"  # CUDD's budget: a model too big for it ends with exit 3, not by exhausting the machine
CHECK = ["check", "--quiet", "--max-memory", MEMORY_CEILING]
OTHER_COMMANDS = (["info"], ["graph", "--dot", "-", "--max-states", "200"], ["simulate", "--random", "2", "--steps", "5"])
DEPTH = 10_000
FAILURES = Path(tempfile.gettempdir(), "ctlstark-fuzz-failures")  # failing mutants are kept here
LOG = os.environ.get("CTLSTARK_FUZZ_LOG")  # a file to get one line per input run (status, seconds, mutations)
# With a log, the input being run is also kept (LOG.current.ispl and its mutations in LOG.current.txt),
# so one that hangs or exhausts the machine can be reproduced after the process is killed.
SETTINGS = dict(deadline=None, suppress_health_check=list(HealthCheck), database=None)

# ---------------------------------------------------------------- seeds


@lru_cache(maxsize=None)
def example_texts() -> tuple[str, ...]:
    return tuple(path.read_text(encoding="utf-8") for path in EXAMPLES)


@st.composite
def generated_seed(draw: st.DrawFn) -> str:
    """A random valid model (tests/strategies.py) with one random CTL*K formula, as ISPL text."""
    model, formula = draw(models_and_ctlstar_formulas(max_bits=5, depth=3))
    entry = FormulaEntry(text=to_text(formula), formula=formula)
    return write_model(dataclasses.replace(model, formulae=(entry,)))


def seeds() -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(example_texts()), generated_seed())


# ---------------------------------------------------------------- mutations
# A mutant is bytes (random bytes may make it invalid UTF-8); text mutations work on
# its surrogate-escaped decoding, so foreign bytes survive them.

TOKEN = re.compile(r"--[^\n]*|\s+|[A-Za-z][A-Za-z0-9_]*|[0-9]+|\.\.|<->|->|<>|<=|>=|\S")
KEYWORDS = ("Agent", "end", "Environment", "Vars", "Obsvars", "Lobsvars", "Actions", "Protocol", "Evolution",
            "Evaluation", "InitStates", "Formulae", "Fairness", "Groups", "RedStates", "Other", "Action",
            "if", "and", "or", "true", "false", "boolean", "Semantics", "LTL", "CTL*", "AG", "EF", "A", "E",
            "X", "U", "K", "GK", "C", "SC", "Fu", "<>", "->", "<->", "..", "(", ")", "{", "}", ";", ":", ",",
            ".", "=", "!", "~", "-", "+", "*", "/", "<", "<=")
HUGE_INTEGERS = ("1" + "0" * 30, "-1" + "0" * 30, str(2**63), str(2**63 - 1), str(2**31), "-" + str(2**31 + 1),
                 "9" * 5000)
UNICODE_NAMES = ("tänk", "π", "変数", "ａｇｅｎｔ", "x\u0301", "İ")
INVISIBLE = ("\u200b", "\u200f", "\u202e", "\u2066", "\ufeff", "\u00a0", "\u2028", "\x85", "\x0b", "\x00")
SECTION = re.compile(r"(Obsvars:|Vars:|RedStates:|Protocol:|Evolution:|Evaluation|InitStates|Groups|Fairness|Formulae)"
                     r"(.*?)(\bend\s+\w+)", re.DOTALL)


class Mutant:
    """A mutated file, how it was made, and whether it still means what its seed means."""

    def __init__(self, data: bytes, seed: str, steps: tuple[str, ...], same_meaning: bool,
                 formula_option: str | None = None, command: list[str] = CHECK):
        self.data = data
        self.seed = seed
        self.steps = steps  # what was done, for the failure message
        self.same_meaning = same_meaning  # every step kept the seed's meaning: the verdicts must not change
        self.formula_option = formula_option  # also given as `--formula`
        self.command = command  # `check` mostly; `info`, `graph`, `simulate` read the model too

    def __repr__(self) -> str:  # the whole file would drown hypothesis's report; it is saved on failure
        return f"<Mutant of {len(self.data):,} bytes after {'; '.join(self.steps)}, for {self.command[0]}>"


def _text(data: bytes) -> str:
    return data.decode("utf-8", errors="surrogateescape")


def _bytes(text: str) -> bytes:
    return text.encode("utf-8", errors="surrogateescape")


def _tokens(text: str) -> list[str]:
    return TOKEN.findall(text)


def _solid(tokens: list[str]) -> list[int]:
    """Indices of the tokens that are neither blanks nor comments."""
    return [i for i, token in enumerate(tokens) if not token.isspace() and not token.startswith("--")]


def _pick(draw: st.DrawFn, items: list) -> object:
    return draw(st.sampled_from(items))


# Each mutation: (draw, text) -> (text, label, keeps_meaning)

def delete_token(draw: st.DrawFn, text: str) -> tuple[str, str, bool]:
    tokens = _tokens(text)
    solid = _solid(tokens)
    if not solid:
        return text, "delete (nothing)", True
    i = _pick(draw, solid)
    label = f"delete token {i} {tokens[i]!r}"
    del tokens[i]
    return "".join(tokens), label, False


def duplicate_token(draw: st.DrawFn, text: str) -> tuple[str, str, bool]:
    tokens = _tokens(text)
    solid = _solid(tokens)
    if not solid:
        return text, "duplicate (nothing)", True
    i = _pick(draw, solid)
    gap = draw(st.sampled_from([" ", ""]))
    tokens[i] = tokens[i] + gap + tokens[i]
    return "".join(tokens), f"duplicate token {i} {tokens[i]!r}", False


def swap_tokens(draw: st.DrawFn, text: str) -> tuple[str, str, bool]:
    tokens = _tokens(text)
    solid = _solid(tokens)
    if len(solid) < 2:
        return text, "swap (nothing)", True
    i, j = _pick(draw, solid), _pick(draw, solid)
    tokens[i], tokens[j] = tokens[j], tokens[i]
    return "".join(tokens), f"swap tokens {i} and {j}", False


def replace_token(draw: st.DrawFn, text: str) -> tuple[str, str, bool]:
    tokens = _tokens(text)
    solid = _solid(tokens)
    if not solid:
        return text, "replace (nothing)", True
    i = _pick(draw, solid)
    new = draw(st.one_of(st.sampled_from(KEYWORDS), st.sampled_from([tokens[k] for k in solid])))
    label = f"replace token {i} {tokens[i]!r} by {new!r}"
    tokens[i] = f" {new} "
    return "".join(tokens), label, False


def insert_bytes(draw: st.DrawFn, text: str) -> tuple[str, str, bool]:
    junk = _text(draw(st.binary(min_size=1, max_size=8)))
    at = draw(st.integers(0, len(text)))
    return text[:at] + junk + text[at:], f"insert bytes {_bytes(junk)!r} at {at}", False


def insert_text(draw: st.DrawFn, text: str) -> tuple[str, str, bool]:
    junk = draw(st.text(min_size=1, max_size=6))
    at = draw(st.integers(0, len(text)))
    return text[:at] + junk + text[at:], f"insert text {junk!r} at {at}", False


def huge_integer(draw: st.DrawFn, text: str) -> tuple[str, str, bool]:
    tokens = _tokens(text)
    numbers = [i for i, token in enumerate(tokens) if token.isdigit()]
    value = draw(st.sampled_from(HUGE_INTEGERS))
    if not numbers:
        return text, "huge integer (no number)", True
    i = _pick(draw, numbers)
    label = f"number {i} {tokens[i]!r} -> {value[:40]}"
    tokens[i] = value
    return "".join(tokens), label, False


def truncate(draw: st.DrawFn, text: str) -> tuple[str, str, bool]:
    at = draw(st.integers(0, len(text)))
    return text[:at], f"truncate at {at}", False


def line_endings(draw: st.DrawFn, text: str) -> tuple[str, str, bool]:
    ending = draw(st.sampled_from(["\r\n", "\r\n", "\r"]))  # files are read with universal newlines
    return text.replace("\n", ending), f"line endings {ending!r}", True


def byte_order_mark(draw: st.DrawFn, text: str) -> tuple[str, str, bool]:
    return "\ufeff" + text, "byte order mark", not text.startswith("\ufeff")  # a second one is a character


def unicode_in_comment(draw: st.DrawFn, text: str) -> tuple[str, str, bool]:
    junk = draw(st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r\x0b\x0c\x1c\x1d\x1e"
                                                                                          "\x85\u2028\u2029"),
                        min_size=1, max_size=8))
    lines = text.split("\n")
    at = draw(st.integers(0, len(lines) - 1))
    lines[at] = lines[at] + " -- " + junk
    return "\n".join(lines), f"comment {junk!r} on line {at + 1}", True


def unicode_name(draw: st.DrawFn, text: str) -> tuple[str, str, bool]:
    tokens = _tokens(text)
    words = [i for i, token in enumerate(tokens) if token[0].isalpha()]
    if not words:
        return text, "unicode name (no word)", True
    i = _pick(draw, words)
    if draw(st.booleans()):
        new = draw(st.sampled_from(UNICODE_NAMES))
    else:
        cut = draw(st.integers(0, len(tokens[i])))
        new = tokens[i][:cut] + draw(st.sampled_from(INVISIBLE)) + tokens[i][cut:]
    label = f"word {i} {tokens[i]!r} -> {new!r}"
    tokens[i] = new
    return "".join(tokens), label, False


def empty_section(draw: st.DrawFn, text: str) -> tuple[str, str, bool]:
    sections = list(SECTION.finditer(text))
    if not sections:
        return text, "empty section (none)", True
    match = _pick(draw, sections)
    return (text[:match.start(2)] + "\n" + text[match.end(2):], f"empty {match.group(1)} at {match.start()}",
            False)


def missing_end(draw: st.DrawFn, text: str) -> tuple[str, str, bool]:
    ends = list(re.finditer(r"\bend\s+\w+", text))
    if not ends:
        return text, "missing end (none)", True
    match = _pick(draw, ends)
    whole = draw(st.booleans())
    stop = match.end() if whole else match.start() + 3
    return text[:match.start()] + text[stop:], f"remove {text[match.start():stop]!r} at {match.start()}", False


CONDITION = re.compile(r"(\bif\b)([^;]*)(;)")


def _formula_entries(text: str) -> list[re.Match]:
    """The plain (not LTL/CTL*) entries of the Formulae section."""
    section = re.search(r"\bFormulae\b(.*?)\bend\s+Formulae\b", text, re.DOTALL)
    if section is None:
        return []
    entries = re.finditer(r"[^;]+", text[:section.end(1)])
    return [m for m in entries if m.start() >= section.start(1) and m.group().strip()
            and not m.group().strip().startswith(("LTL", "CTL*", "--"))]


def deep_nesting(draw: st.DrawFn, text: str) -> tuple[str, str, bool]:
    """10,000 levels (or a shallower count) of `(`, `!`, `and`, temporal operators, in a condition or formula."""
    depth = draw(st.sampled_from([DEPTH, DEPTH, DEPTH, 1000, 100]))
    where = draw(st.sampled_from(["condition", "formula"]))
    kind = draw(st.sampled_from(["parens", "double-not", "and", "not", "or", "temporal"]))
    spots = list(CONDITION.finditer(text)) if where == "condition" else _formula_entries(text)
    if not spots:
        return text, f"deep {kind} (no {where})", True
    spot = _pick(draw, spots)
    group = 2 if where == "condition" else 0
    inner = spot.group(group).strip() or "true"
    operator = draw(st.sampled_from(TEMPORAL if where == "formula" else ["~"]))
    depth = bounded_depth(inner, kind, depth)
    wrapped, keeps = _nest(inner, kind, depth, operator)
    return (text[:spot.start(group)] + " " + wrapped + text[spot.end(group):],
            f"{depth} x {operator.strip() if kind == 'temporal' else kind} in {where} at {spot.start()}", keeps)


TEMPORAL = ["AX ", "EF ", "E X ", "A G ", "K(Environment, ", "LTL X "]
MAX_MUTANT_CHARACTERS = 20_000_000  # the 10 MB file has its own test; beyond this a mutant only tests the harness


def bounded_depth(inner: str, kind: str, depth: int) -> int:
    """`depth`, lowered so that `and` nesting (which copies `inner` at every level) stays a file of sane size.

    Without it, `and` nesting applied twice to one formula wrote 10,000 × 10,000 copies of it:
    a string of gigabytes built by the harness itself (seed 404 of the slow run, input 3,041).
    """
    if kind != "and":
        return depth
    return max(1, min(depth, MAX_MUTANT_CHARACTERS // (len(inner) + len(" and ()"))))


def _nest(inner: str, kind: str, depth: int, operator: str) -> tuple[str, bool]:
    """`inner` inside `depth` levels of `kind` (`operator` for the kind "temporal"); and whether that keeps its meaning."""
    if kind == "parens":
        return "(" * depth + inner + ")" * depth, True
    if kind == "double-not":
        return "!" * (2 * (depth // 2)) + "(" + inner + ")", True
    if kind == "and":
        return " and ".join([f"({inner})"] * depth), True
    if kind == "or":
        return "(" * depth + inner + " or false)" * depth, False  # `false` is no condition: an error there
    if kind == "not":
        return "!(" * depth + inner + ")" * depth, depth % 2 == 0
    if operator.startswith("LTL"):
        return "LTL " + "X " * depth + f"({inner})", False
    closing = ")" if operator.endswith(", ") else ""  # `K(Environment, φ)`
    return operator * depth + f"({inner})" + closing * depth, False


MUTATIONS: tuple[Callable[[st.DrawFn, str], tuple[str, str, bool]], ...] = (
    delete_token, duplicate_token, swap_tokens, replace_token, insert_bytes, insert_text, huge_integer,
    truncate, line_endings, byte_order_mark, unicode_in_comment, unicode_name, empty_section, missing_end,
    deep_nesting,
)


FORMULA_MUTATIONS = (delete_token, duplicate_token, swap_tokens, replace_token, insert_text, unicode_name, truncate)


@st.composite
def formula_options(draw: st.DrawFn, text: str) -> str:
    """A `--formula` text: an entry of the file (or a proposition), mutated at the token level."""
    entries = [m.group().strip() for m in _formula_entries(text)] or ["true"]
    formula = draw(st.sampled_from(entries))
    for _ in range(draw(st.integers(0, 2))):
        formula, _, _ = draw(st.sampled_from(FORMULA_MUTATIONS))(draw, formula)
    return formula


@st.composite
def mutants(draw: st.DrawFn) -> Mutant:
    seed = draw(seeds())
    text = seed
    steps: list[str] = []
    same_meaning = True
    for _ in range(draw(st.integers(1, 3))):
        text, label, keeps = draw(st.sampled_from(MUTATIONS))(draw, text)
        steps.append(label)
        same_meaning = same_meaning and keeps
    command = CHECK if draw(st.integers(0, 3)) else draw(st.sampled_from(OTHER_COMMANDS))
    option = draw(formula_options(seed)) if command is CHECK and draw(st.integers(0, 4)) == 0 else None
    return Mutant(_bytes(text), seed, tuple(steps), same_meaning and option is None and command is CHECK, option,
                  command)


# ---------------------------------------------------------------- running the CLI


@dataclass(frozen=True)
class Outcome:
    status: int
    stdout: str
    stderr: str
    crash: str | None  # the traceback of an exception that escaped, if any


class TooSlow(BaseException):
    """The time bound passed (a BaseException: nothing in ctlstark may swallow it)."""


@contextlib.contextmanager
def time_bound(seconds: int) -> Iterator[None]:
    def expire(_signum: int, _frame: object) -> None:
        raise TooSlow(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def run_in_process(arguments: list[str]) -> Outcome:
    """`ctlstark ARGUMENTS` inside this process; any exception but SystemExit is a crash.

    After a run that stopped early (exit 3), what its process would do on exiting is done
    at once (`_left_behind`): an error then (CUDD's "nodes still referenced") shows as a
    crash of this run, instead of being printed during some later one.
    """
    try:
        with time_bound(TIME_BOUND):
            result = CliRunner().invoke(app, arguments)
    except TooSlow as slow:
        return Outcome(-1, "", "", f"{slow}: a hang")
    crash = None
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        crash = "".join(traceback.format_exception(*result.exc_info))
    outcome = Outcome(result.exit_code, result.stdout, result.stderr, crash)
    del result  # (its exception holds the run's frames)
    if outcome.status == 3:
        outcome = dataclasses.replace(outcome, crash=_left_behind())
    return outcome


def _left_behind() -> str | None:
    """The errors raised while the last run's leftovers go, as at the exit of its process (None: none).

    A process ends by releasing the BDD systems still alive (the `atexit` hook of
    `ctlstark.symbolic.system`), then collecting its garbage.
    """
    raised: list[str] = []
    previous = sys.unraisablehook
    sys.unraisablehook = lambda failure: raised.append(f"{failure.exc_type.__name__}: {failure.exc_value} "
                                                       f"(in {failure.object!r})")
    try:
        release_live_systems()
        gc.collect()
    finally:
        sys.unraisablehook = previous
    return "\n".join(raised) or None


def run_subprocess(arguments: list[str]) -> Outcome:
    """`python -m ctlstark ARGUMENTS` as its own process (the real end-to-end path)."""
    completed = subprocess.run([sys.executable, "-m", "ctlstark", *arguments], capture_output=True, text=True,
                               errors="replace", timeout=TIME_BOUND, cwd=ROOT,
                               env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    crash = completed.stderr if completed.returncode < 0 or completed.returncode == 70 else None
    return Outcome(completed.returncode, completed.stdout, completed.stderr, crash)


# ---------------------------------------------------------------- what every answer must look like

VERDICT_LINE = re.compile(r"^\s+\d+\s+(TRUE|FALSE|ERROR)\s", re.MULTILINE)


def assert_clean(outcome: Outcome, path: str, data: bytes, what: str, command: str = "check") -> None:
    """Exit 0–3 (5 for an empty Formulae section), no traceback, a positioned diagnostic for 2, a `ctlstark:` line for 3, a report for `check`."""
    assert outcome.crash is None, f"crash on {what}:\n{outcome.crash}"
    for stream in (outcome.stdout, outcome.stderr):
        assert "Traceback" not in stream, f"traceback on {what}:\n{stream}"
    assert outcome.status in (0, 1, 2, 3, 5), f"exit {outcome.status} on {what}:\n{outcome.stderr}"
    if outcome.status == 5:
        assert "error: no formula to check" in outcome.stderr, f"exit 5 without its message on {what}:\n{outcome.stderr}"
        assert "reachable states:" in outcome.stdout, f"exit 5 without a report on {what}"
        return
    if outcome.status == 2:
        assert_positioned(outcome.stderr, path, data, what)
    elif outcome.status == 3:
        messages = [line for line in outcome.stderr.splitlines() if line.startswith("ctlstark: ")]
        assert messages, f"exit 3 without a `ctlstark:` message on {what}:\n{outcome.stderr}\n{outcome.stdout}"
        assert not any("nested too deeply" in message for message in messages), \
            f"nesting of at most {2 * DEPTH:,} levels refused on {what}:\n{outcome.stderr}"
    elif command == "check":
        assert "reachable states:" in outcome.stdout, f"exit {outcome.status} without a report on {what}"


def assert_positioned(stderr: str, path: str, data: bytes, what: str) -> None:
    """Every `path:L:C: severity:` line is inside the file, and the first line is one."""
    lines = _text(data).replace("\r\n", "\n").replace("\r", "\n").split("\n")  # universal newlines
    head = re.compile(re.escape(path) + r":(\d+):(\d+): (error|warning): \S")
    first = stderr.splitlines()[0] if stderr else ""
    assert head.match(first) or first.startswith("--formula:"), f"exit 2 without `file:line:col` on {what}:\n{stderr}"
    for match in map(head.match, stderr.splitlines()):
        if match is None:
            continue
        line, column = int(match.group(1)), int(match.group(2))
        assert 1 <= line <= len(lines), f"line {line} outside the file ({len(lines)} lines) on {what}:\n{stderr}"
        assert 1 <= column <= len(lines[line - 1]) + 1, \
            f"column {column} outside line {line} ({len(lines[line - 1])} characters) on {what}:\n{stderr}"


def verdicts(stdout: str) -> list[str]:
    return VERDICT_LINE.findall(stdout)


@lru_cache(maxsize=256)
def seed_outcome(seed: str) -> Outcome:
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory, "seed.ispl")
        path.write_text(seed, encoding="utf-8")
        return run_in_process([*CHECK, str(path)])


def _keep_current(mutant: Mutant, arguments: list[str]) -> None:
    """Keep the input about to run beside the log (overwritten by the next one)."""
    Path(f"{LOG}.current.ispl").write_bytes(mutant.data)
    Path(f"{LOG}.current.txt").write_text(f"{'; '.join(mutant.steps)}\n{arguments!r}\n", encoding="utf-8")


def check_mutant(mutant: Mutant) -> None:
    with tempfile.TemporaryDirectory() as directory:
        path = str(Path(directory, "mutant.ispl"))
        Path(path).write_bytes(mutant.data)
        arguments = [*mutant.command, path]
        if mutant.formula_option is not None:
            arguments += ["--formula", mutant.formula_option]
        if LOG:
            _keep_current(mutant, arguments)
        started = time.perf_counter()
        outcome = run_in_process(arguments)
    if LOG:
        with open(LOG, "a", encoding="utf-8") as log:
            log.write(f"{outcome.status}\t{time.perf_counter() - started:.3f}\t{mutant.command[0]}\t"
                      f"{'; '.join(mutant.steps)}\n")
    kept = FAILURES / f"{hashlib.sha1(mutant.data).hexdigest()[:12]}.ispl"
    what = (f"the mutant kept in {kept} (" + "; ".join(mutant.steps)
            + (f"; --formula {mutant.formula_option!r}" if mutant.formula_option is not None else "")
            + f"; command {' '.join(mutant.command)})")
    try:
        assert_clean(outcome, path, mutant.data, what, mutant.command[0])
    except AssertionError:
        FAILURES.mkdir(parents=True, exist_ok=True)
        kept.write_bytes(mutant.data)
        raise
    if mutant.same_meaning:
        expected = seed_outcome(mutant.seed)
        assert (outcome.status, verdicts(outcome.stdout)) == (expected.status, verdicts(expected.stdout)), \
            f"verdicts changed by {what}:\n{outcome.stdout}{outcome.stderr}\nseed:\n{expected.stdout}"


# ---------------------------------------------------------------- the tests


@settings(max_examples=examples(300), **SETTINGS)
@given(mutants())
def test_mutated_models_get_a_clean_answer(mutant: Mutant) -> None:
    check_mutant(mutant)


@pytest.mark.slow
@settings(max_examples=int(os.environ.get("CTLSTARK_FUZZ_INPUTS", 100_000)), **SETTINGS)
@given(mutants())
def test_mutated_models_get_a_clean_answer_at_length(mutant: Mutant) -> None:
    check_mutant(mutant)


def test_and_nesting_of_a_nested_formula_stays_bounded() -> None:
    """Nesting an already 10,000-fold `and` again yields at most MAX_MUTANT_CHARACTERS, not 10^8 copies."""
    inner = " and ".join(["(EF p)"] * DEPTH)
    depth = bounded_depth(inner, "and", DEPTH)
    wrapped, _ = _nest(inner, "and", depth, "")
    assert 1 <= depth < DEPTH and len(wrapped) <= MAX_MUTANT_CHARACTERS
    assert bounded_depth("EF p", "and", DEPTH) == DEPTH and bounded_depth(inner, "parens", DEPTH) == DEPTH


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda path: path.stem)
def test_every_seed_is_valid(example: Path) -> None:
    """The shipped seeds check cleanly (a mutant of a broken seed would prove little)."""
    outcome = run_in_process([*CHECK, str(example)])
    assert outcome.crash is None and outcome.status in (0, 1), outcome.stderr


def test_random_runs_of_a_deeply_negated_proposition_are_shown(tmp_path: Path) -> None:
    """`simulate --random` shows each state's true propositions, which evaluates their conditions: 10,000
    nested `!` there are evaluated under the same recursion headroom as the runs (hypothesis found the
    runs taken, then a RecursionError traceback while showing them)."""
    text = (ROOT / "ispl_examples" / "deadlock.ispl").read_text(encoding="utf-8")
    deep = text.replace("tank_empty if Machine.fuel = 0;", "tank_empty if " + "!" * DEPTH + "(Machine.fuel = 0);")
    assert deep != text
    path = tmp_path / "negated.ispl"
    path.write_text(deep, encoding="utf-8")
    outcome = run_in_process(["simulate", "--random", "2", "--steps", "5", str(path)])
    assert outcome.crash is None and outcome.status == 0, outcome.crash or outcome.stderr
    assert outcome.stdout.count("props") >= 2


END_TO_END = {
    "deep parentheses in a condition": lambda text: text.replace(
        "tank_empty if Machine.fuel = 0;", "tank_empty if " + "(" * DEPTH + "Machine.fuel = 0" + ")" * DEPTH + ";"),
    "deep negation in a formula": lambda text: text.replace("EF is_broken;", "EF " + "!" * DEPTH + "is_broken;"),
    "deep AX in a formula": lambda text: text.replace("EF is_broken;", "AX " * DEPTH + "is_broken;"),
    "a 5,000-digit range bound": lambda text: text.replace("fuel : 0..3;", "fuel : 0.." + "9" * 5000 + ";"),
    "a range up to 2^63": lambda text: text.replace("fuel : 0..3;", f"fuel : 0..{2**63};"),
    "an RTL override in a name": lambda text: text.replace("is_parked if", "is_\u202eparked if"),
    "invalid UTF-8": lambda text: text.replace("tank_empty", "tank\udce4empty"),
    "truncated in the middle": lambda text: text[:len(text) // 2],
    "CRLF line endings": lambda text: text.replace("\n", "\r\n"),
}


@pytest.mark.parametrize("name", END_TO_END)
def test_end_to_end_in_a_subprocess(name: str, tmp_path: Path) -> None:
    """The same requirements on the real process: exit status, messages, no traceback, bounded time."""
    text = END_TO_END[name]((ROOT / "ispl_examples" / "deadlock.ispl").read_text(encoding="utf-8"))
    data = _bytes(text)
    path = tmp_path / "mutant.ispl"
    path.write_bytes(data)
    outcome = run_subprocess([*CHECK, str(path)])
    assert_clean(outcome, str(path), data, name)


@pytest.mark.slow  # ~7 s of the default run
def test_a_10_megabyte_model(tmp_path: Path) -> None:
    """A valid 10 MB file (200,000 propositions) is read and checked within the time bound."""
    text = (ROOT / "ispl_examples" / "deadlock.ispl").read_text(encoding="utf-8")
    extra = "".join(f"  p{i} if Machine.fuel = {i % 4} and Machine.mode = running;\n" for i in range(200_000))
    text = text.replace("Evaluation\n", "Evaluation\n" + extra, 1)
    data = _bytes(text)
    assert len(data) > 10_000_000
    path = tmp_path / "big.ispl"
    path.write_bytes(data)
    outcome = run_subprocess([*CHECK, str(path)])
    assert_clean(outcome, str(path), data, "the 10 MB model")
    assert outcome.status == 1 and verdicts(outcome.stdout) == verdicts(seed_outcome(
        (ROOT / "ispl_examples" / "deadlock.ispl").read_text(encoding="utf-8")).stdout)
