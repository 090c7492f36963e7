"""The batch report: job results matched against the suite's expectations, as a table, JSON or JUnit XML.

The report is sorted by job name (then formula index), never by completion
order, so the same suite gives the same report whatever the worker count;
times, memory and the wall time are the only parts that vary, and
`measurements=False` leaves them out.

Every output counts the same *results*: one per formula row (a formula, or an
expectation that names no formula) and one per job that produced no verdicts (a
failed job). The summary line, the JSON `counts` and the JUnit `tests`/`failures`/
`errors` are all `BatchReport.counts`; a failed job is one error in each, as it is
one `ERROR` row of the table and one `<testcase name="(job)">` of the JUnit file.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..version import VERSION
from ..render.tables import text_table, verdict_word
from .jobs import FormulaOutcome, JobResult
from .suite import Expectation, JobSpec, Suite, natural_key

JSON_SCHEMA_VERSION = 1
PASS, FAIL, ERROR, UNCHECKED = "pass", "fail", "error", "no expectation"
_VERDICT_LETTER = {True: "T", False: "F", None: "?"}
MISSING_FORMULA = "no such formula in the model"
TEST_NAME_LENGTH = 100  # characters of a formula kept in a JUnit test name; the failure message has it whole
INDEX_PAGE = "index.html"


@dataclass
class FormulaRow:
    """One formula of one job: its verdict, the expected verdict (None: no expectation), the outcome."""

    index: int | None
    text: str
    verdict: bool | None
    expected: bool | None
    status: str
    seconds: float = 0.0
    error: str | None = None


@dataclass
class JobRow:
    """One job of the report: its result and one row per formula (plus one per expectation naming no formula)."""

    result: JobResult
    formulas: list[FormulaRow]

    @property
    def status(self) -> str:
        if self.result.error is not None or any(row.status == ERROR for row in self.formulas):
            return ERROR
        return FAIL if any(row.status == FAIL for row in self.formulas) else PASS


@dataclass
class BatchReport:
    """Every job of a suite, sorted by name, with the verdicts checked against the expectations."""

    suite: str
    jobs: list[JobRow]
    wall_seconds: float = 0.0
    workers: str = ""
    """How the jobs ran (`2 local workers`, `scheduler tcp://…`, `in-process`), for the summary line."""
    counts: dict[str, int] = field(init=False)

    def __post_init__(self) -> None:
        self.counts = {status: 0 for status in (PASS, FAIL, ERROR, UNCHECKED)}
        for job in self.jobs:
            if job.result.error is not None:
                self.counts[ERROR] += 1  # one result: the job's (its formulas were never checked)
                continue
            for row in job.formulas:
                self.counts[row.status] += 1
        self.counts["failed jobs"] = sum(job.result.error is not None for job in self.jobs)
        self.counts["retried jobs"] = sum(job.result.attempts > 1 for job in self.jobs)

    @property
    def ok(self) -> bool:
        """True when every expectation is met and nothing failed (a failed job is an error)."""
        return self.counts[FAIL] == 0 and self.counts[ERROR] == 0

    @property
    def results(self) -> int:
        """How many results the counts are over: the JUnit report's test cases."""
        return sum(self.counts[status] for status in (PASS, FAIL, ERROR, UNCHECKED))

    def summary(self) -> str:
        """`N jobs, M formulas[ + K failed jobs]: … as expected, … differ, … errors, … without expectation; …`.

        The four numbers add up to the total before the colon; the errors include the failed jobs.
        """
        counts = self.counts
        formulas = sum(len(job.formulas) for job in self.jobs if job.result.error is None)
        total = _count(formulas, "formula")
        if counts["failed jobs"]:
            total += f" + {_count(counts['failed jobs'], 'failed job')}"
        text = (f"{_jobs(len(self.jobs))}, {total}: {counts[PASS]} as expected, {counts[FAIL]} differ, "
                f"{_count(counts[ERROR], 'error')}, {counts[UNCHECKED]} without expectation")
        if counts["retried jobs"]:
            text += f"; {_jobs(counts['retried jobs'])} retried"
        how = f" on {self.workers}" if self.workers else ""
        return f"{text}; {self.wall_seconds:.1f} s{how}"

    def to_json(self, *, measurements: bool = True) -> dict:
        """The document of `ctlstark batch --json` (docs/batch.md); without measurements, byte-stable."""
        document = {
            "schema": JSON_SCHEMA_VERSION,
            "ctlstark_version": VERSION,
            "suite": self.suite,
            "ok": self.ok,
            "counts": dict(self.counts),
            "jobs": [_job_json(job, measurements) for job in self.jobs],
        }
        if measurements:
            document["wall_seconds"] = self.wall_seconds
        return document

    def text(self) -> str:
        """The table (model, states, verdicts, expected, time, peak memory, result), the problems, the summary."""
        rows = [{"model": job.result.name, "states": _states(job.result.reachable_states),
                 "verdicts": "".join(_VERDICT_LETTER[row.verdict] for row in job.formulas if row.index is not None),
                 "expected": "".join(_expected_letter(row.expected) for row in job.formulas if row.index is not None),
                 "time": f"{job.result.seconds:.2f} s", "peak memory": _megabytes(job.result.peak_memory),
                 "result": _job_word(job)} for job in self.jobs]
        lines = [text_table(rows)] if rows else []
        problems = [line for job in self.jobs for line in _problem_lines(job)]
        if problems:
            lines += ["", *problems]
        return "\n".join(lines + ["", self.summary()])

    def junit_xml(self, *, measurements: bool = True) -> str:
        """JUnit XML: a testcase per formula (classname = job), failures for mismatches, errors for failed jobs."""
        counts = self.counts
        root = ElementTree.Element("testsuites", name=self.suite)
        suite = ElementTree.SubElement(root, "testsuite", name=self.suite, tests=str(self.results),
                                       failures=str(counts[FAIL]), errors=str(counts[ERROR]), skipped="0")
        if measurements:
            suite.set("time", f"{self.wall_seconds:.3f}")
        for job in self.jobs:
            _junit_job(suite, job, measurements)
        ElementTree.indent(root)
        return ElementTree.tostring(root, encoding="unicode", xml_declaration=True) + "\n"

    def write_html(self, directory: Path, *, measurements: bool = True) -> list[Path]:
        """Write each job's page (`check --html`) and an index linking them into `directory`; the files written.

        Raises OSError when the directory or a file cannot be written.
        """
        from ..render.html_page import batch_index_page

        directory.mkdir(parents=True, exist_ok=True)
        pages = _page_names([job.result.name for job in self.jobs if job.result.html_page is not None])
        written = []
        for job in self.jobs:
            if job.result.html_page is not None:
                path = directory / pages[job.result.name]
                path.write_text(job.result.html_page, encoding="utf-8")
                written.append(path)
        index = directory / INDEX_PAGE
        index.write_text(batch_index_page(self.to_json(measurements=measurements), pages, self.summary()),
                         encoding="utf-8")
        return [index, *written]


def build_report(suite: Suite, results: Iterable[JobResult], wall_seconds: float = 0.0,
                 workers: str = "") -> BatchReport:
    """Match each result with its job's expectations; sort by job name, whatever order the results came in."""
    specs = {spec.name: spec for spec in suite.jobs}
    rows = [JobRow(result, _formula_rows(result, specs[result.name])) for result in results]
    rows.sort(key=lambda job: natural_key(job.result.name))
    return BatchReport(suite.name, rows, wall_seconds, workers)


def _page_names(names: Iterable[str]) -> dict[str, str]:
    """A file name per job: its name with every character but letters, digits, `.`, `-` and `_` made `_`, unique."""
    taken = {INDEX_PAGE}
    pages = {}
    for name in names:
        stem = re.sub(r"[^A-Za-z0-9._-]", "_", name).lstrip(".") or "job"
        page, number = f"{stem}.html", 2
        while page.lower() in taken:  # case-insensitive file systems too
            page, number = f"{stem}-{number}.html", number + 1
        taken.add(page.lower())
        pages[name] = page
    return pages


def _formula_rows(result: JobResult, spec: JobSpec) -> list[FormulaRow]:
    expected: dict[int, bool] = {}
    used: set[Expectation] = set()
    for expectation in spec.expectations:
        for outcome in _matching(result.formulas, expectation):
            expected[outcome.index] = expectation.verdict
            used.add(expectation)
    rows = [_formula_row(outcome, expected.get(outcome.index)) for outcome in result.formulas]
    if result.error is None:  # a failed job has no formulas to match: its error says enough
        rows += [FormulaRow(None, _expectation_label(expectation), None, expectation.verdict, FAIL,
                            error=MISSING_FORMULA)
                 for expectation in spec.expectations if expectation not in used]
    return rows


def _expectation_label(expectation: Expectation) -> str:
    return f"#{expectation.formula}" if isinstance(expectation.formula, int) else expectation.formula


def _matching(outcomes: list[FormulaOutcome], expectation: Expectation) -> list[FormulaOutcome]:
    if isinstance(expectation.formula, int):
        return [outcome for outcome in outcomes if outcome.index == expectation.formula]
    wanted = _one_line(expectation.formula)
    return [outcome for outcome in outcomes if _one_line(outcome.text) == wanted]


def _formula_row(outcome: FormulaOutcome, expected: bool | None) -> FormulaRow:
    if outcome.verdict is None:
        status = ERROR
    elif expected is None:
        status = UNCHECKED
    else:
        status = PASS if outcome.verdict == expected else FAIL
    return FormulaRow(outcome.index, outcome.text, outcome.verdict, expected, status, outcome.seconds, outcome.error)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _jobs(count: int) -> str:
    return _count(count, "job")


def _count(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _shortened(text: str) -> str:
    """A formula short enough for a test name (CI systems list them one per line)."""
    return text if len(text) <= TEST_NAME_LENGTH else text[:TEST_NAME_LENGTH - 1] + "…"


def _expected_letter(expected: bool | None) -> str:
    return "-" if expected is None else _VERDICT_LETTER[expected]


def _states(states: int | None) -> str:
    if states is None:
        return "-"
    return str(states) if states < 10**12 else f"{states:.3e}"


def _megabytes(size: int | None) -> str:
    return "-" if size is None else f"{size / 2**20:.0f} MB"


def _job_word(job: JobRow) -> str:
    word = {PASS: "ok", FAIL: "FAIL", ERROR: "ERROR"}[job.status]
    return word + (" (retried)" if job.result.attempts > 1 else "")


def _problem_lines(job: JobRow) -> list[str]:
    """One line per mismatch or error of the job, naming it."""
    name = job.result.name
    if job.result.error is not None:
        first, *rest = job.result.error.splitlines()
        return [f"{name}: error: {first}", *(f"    {line}" for line in rest)]
    lines = []
    for row in job.formulas:
        place = f"{name} #{row.index}" if row.index is not None else name
        if row.status == FAIL and row.index is None:
            lines.append(f"{place}: expected {verdict_word(row.expected)} of {_one_line(row.text)}: {row.error}")
        elif row.status == FAIL:
            lines.append(f"{place}: expected {verdict_word(row.expected)}, got {verdict_word(row.verdict)}: "
                         f"{_shortened(_one_line(row.text))}")
        elif row.status == ERROR:
            lines.append(f"{place}: error: {row.error}: {_shortened(_one_line(row.text))}")
    return lines


def _job_json(job: JobRow, measurements: bool) -> dict:
    result = job.result
    document = {
        "name": result.name, "source": result.source, "model": result.model, "status": job.status,
        "reachable_states": result.reachable_states, "error": result.error, "stopped": result.stopped,
        "attempts": result.attempts,
        "formulas": [{"index": row.index, "text": row.text, "verdict": row.verdict, "expected": row.expected,
                      "status": row.status, "error": row.error, **({"seconds": row.seconds} if measurements else {})}
                     for row in job.formulas],
    }
    if measurements:
        document.update(seconds=result.seconds, peak_memory=result.peak_memory, bdd_peak_nodes=result.bdd_peak_nodes)
    return document


def _junit_job(suite: ElementTree.Element, job: JobRow, measurements: bool) -> None:
    name = job.result.name
    if job.result.error is not None:
        case = ElementTree.SubElement(suite, "testcase", classname=name, name="(job)")
        ElementTree.SubElement(case, "error", message=job.result.error.splitlines()[0]).text = job.result.error
        if measurements:
            case.set("time", f"{job.result.seconds:.3f}")
        return
    for row in job.formulas:
        text = _shortened(_one_line(row.text))
        label = f"#{row.index} {text}" if row.index is not None else text
        case = ElementTree.SubElement(suite, "testcase", classname=name, name=label)
        if measurements:
            case.set("time", f"{row.seconds:.3f}")
        if row.status == FAIL:
            message = (f"expected {verdict_word(row.expected)}, got {verdict_word(row.verdict)}"
                       if row.index is not None else f"expected {verdict_word(row.expected)}: {row.error}")
            ElementTree.SubElement(case, "failure", message=message).text = row.text
        elif row.status == ERROR:
            ElementTree.SubElement(case, "error", message=row.error or "not checked")
