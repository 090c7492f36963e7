"""`ctlstark batch` without Dask: suites and manifests, expectations, the reports, exit statuses (`--local`)."""

from __future__ import annotations

import json
import shutil
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ctlstark.batch import JobLimits, SuiteError, load_suite, run_suite
from ctlstark.batch.suite import natural_key
from ctlstark.cli import app

REPOSITORY = Path(__file__).resolve().parents[1]
EXAMPLES = REPOSITORY / "ispl_examples"
BIT = EXAMPLES / "bit_transmission.ispl"
BIT_VERDICTS = [True, True, False, False, True, False, False, True]  # its Formulae, in order
GENERATOR = """\
import sys
from pathlib import Path
lines = Path(sys.argv[1]).read_text().splitlines()
start, end = lines.index("Formulae"), lines.index("end Formulae")
print("\\n".join(lines[:start + 1] + ["  EF recack;"] + lines[start + 1:end] + ["  AX recack;"] + lines[end:]))
"""


def run_cli(*arguments: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["batch", *arguments])
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def write_manifest(folder: Path, text: str, name: str = "suite.toml") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------- reading suites


def test_a_directory_is_a_suite_of_its_ispl_files_in_name_order(tmp_path: Path) -> None:
    for name in ("b.ispl", "a.ispl"):
        shutil.copy(BIT, tmp_path / name)
    (tmp_path / "notes.txt").write_text("not a model")
    suite = load_suite(tmp_path)
    assert [job.name for job in suite.jobs] == ["a", "b"]
    assert all(job.expectations == () and job.file_formulae for job in suite.jobs)


def test_a_manifest_reads_models_formulas_expectations_and_generators(tmp_path: Path) -> None:
    manifest = write_manifest(tmp_path, f"""
name = "mine"
[[model]]
path = "{BIT}"
formulas = ["AG !recack", {{ text = "EF recack", expect = true }}]
expect = {{ 1 = true, "AG !recack" = false }}

[[generator]]
name = "family"
command = "{{python}} gen.py {{n}} --size={{k}}"
parameters = {{ n = {{ from = 8, to = 10 }}, k = ["a", "b"] }}
only = true
formulas = ["AG true"]
expect = [true]
""")
    suite = load_suite(manifest)
    assert suite.name == "mine"
    names = [job.name for job in suite.jobs]
    assert names == ["bit_transmission", "family[n=8,k=a]", "family[n=8,k=b]", "family[n=9,k=a]",
                     "family[n=9,k=b]", "family[n=10,k=a]", "family[n=10,k=b]"]
    bit = suite.jobs[0]
    assert bit.formulas == ("AG !recack", "EF recack")
    assert {(e.formula, e.verdict) for e in bit.expectations} == {("EF recack", True), (1, True), ("AG !recack", False)}
    last = suite.jobs[-1]
    assert last.generator.argv == (sys.executable, "gen.py", "10", "--size=b")
    assert last.generator.cwd == str(tmp_path.resolve())
    assert not last.file_formulae and last.formulas == ("AG true",)


def test_job_names_sort_numbers_as_numbers() -> None:
    names = ["dc[n=100]", "dc[n=9]", "dc[n=10]", "card"]
    assert sorted(names, key=natural_key) == ["card", "dc[n=9]", "dc[n=10]", "dc[n=100]"]


def test_a_toml_syntax_error_is_located_by_line_and_column(tmp_path: Path) -> None:
    manifest = write_manifest(tmp_path, '[[model]]\npath = "x.ispl"\nexpect = [true,, false]\n')
    with pytest.raises(SuiteError, match=rf"^{manifest}:3:\d+: error: "):
        load_suite(manifest)


@pytest.mark.parametrize(("body", "message"), [
    ('[[model]]\npath = "{bit}"\nexpect = [true, "yes"]\n',
     r"model\[1\]\.expect\[2\]: an expected verdict is true or false, not a string \('yes'\)"),
    ('[[model]]\npath = "missing.ispl"\n', r"model\[1\]\.path: no such file: .*missing\.ispl"),
    ('[[model]]\npath = "{bit}"\n[[model]]\npath = "{bit}"\nformulas = [1]\n',
     r"model\[2\]\.formulas\[1\]: a formula must be a non-empty string \(in the entry of .*bit_transmission"),
    ('[[generator]]\nname = "g"\ncommand = "gen {{m}}"\nparameters = {{ n = [1] }}\n',
     r"generator\[1\]\.command: unknown placeholder \{m\} \(parameters: n; also \{python\}\)"),
    ('[[generator]]\nname = "g"\ncommand = "gen {{n}}"\nparameters = {{ n = {{ from = 5, to = 1 }} }}\n',
     r"generator\[1\]\.parameters\.n: empty range"),
    ('[[model]]\npath = "{bit}"\ntimeout = 3\n', r"model\[1\]: unknown key 'timeout'"),
    ('[[model]]\npath = "{bit}"\nstrategies = "blind"\n',
     r"model\[1\]\.strategies: must be one of perfect, uniform, uniform-objective, uniform-pooled"),
    ('[[model]]\npath = "{bit}"\n[[model]]\npath = "{bit}"\n', r"name: two jobs are called 'bit_transmission'"),
    ('name = "empty"\n', r"the top level: no \[\[model\]\] or \[\[generator\]\] entries"),
])
def test_a_semantic_error_names_the_key_path(tmp_path: Path, body: str, message: str) -> None:
    manifest = write_manifest(tmp_path, body.format(bit=BIT))
    with pytest.raises(SuiteError, match=rf"^{manifest}: error: {message}"):
        load_suite(manifest)


def test_the_cli_reports_a_bad_manifest_with_its_place_and_exit_2(tmp_path: Path) -> None:
    manifest = write_manifest(tmp_path, '[[model]]\npath = "x.ispl"\nexpect = [true,, false]\n')
    status, stdout, stderr = run_cli(str(manifest), "--local")
    assert status == 2
    assert stderr.startswith(f"{manifest}:3:") and "Traceback" not in stderr
    assert stdout == ""


def test_a_missing_suite_is_exit_2(tmp_path: Path) -> None:
    status, _, stderr = run_cli(str(tmp_path / "nothing.toml"), "--local")
    assert status == 2 and "no such suite" in stderr


# ---------------------------------------------------------------- running in-process and the reports


@pytest.fixture(scope="module")
def mixed_suite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every kind of row: met and unmet expectations, an unknown formula, a broken model, two generators."""
    folder = tmp_path_factory.mktemp("mixed")
    (folder / "broken.ispl").write_text("Agent Environment\n  Vars: x : boolean; end Vars\n")
    (folder / "gen.py").write_text(GENERATOR)
    return write_manifest(folder, f"""
[[model]]
path = "{BIT}"
formulas = [{{ text = "AG !recack", expect = false }}]
expect = {{ 1 = true, 3 = true, 40 = true }}

[[model]]
path = "broken.ispl"

[[generator]]
name = "extended"
command = "{{python}} gen.py {BIT}"
expect = [true, false]

[[generator]]
name = "exits"
command = "{{python}} -c 'import sys; sys.exit(3)'"
""")


def test_verdicts_are_matched_to_expectations_by_index_and_text(mixed_suite: Path) -> None:
    report = run_suite(load_suite(mixed_suite), workers=0)
    rows = {job.result.name: job for job in report.jobs}
    bit = rows["bit_transmission"]
    assert [(row.index, row.verdict, row.expected, row.status) for row in bit.formulas] == [
        (1, True, True, "pass"), (2, True, None, "no expectation"), (3, False, True, "fail"),
        (4, False, None, "no expectation"), (5, True, None, "no expectation"), (6, False, None, "no expectation"),
        (7, False, None, "no expectation"), (8, True, None, "no expectation"), (9, False, False, "pass"),
        (None, None, True, "fail")]
    assert bit.formulas[-1].text == "#40" and bit.formulas[-1].error == "no such formula in the model"
    assert rows["broken"].result.error.startswith(f"{mixed_suite.parent / 'broken.ispl'}:2:")
    assert "exited with status 3" in rows["exits"].result.error
    extended = rows["extended"]
    assert [row.verdict for row in extended.formulas] == [True, *BIT_VERDICTS, False]
    assert [row.status for row in extended.formulas][:2] == ["pass", "fail"]  # EF recack TRUE as expected; then #2
    assert report.counts == {"pass": 3, "fail": 3, "error": 2, "no expectation": 14, "failed jobs": 2,
                             "retried jobs": 0}  # the two failed jobs are errors
    assert not report.ok


def test_the_table_names_every_mismatch_and_failure_and_the_exit_status_is_1(mixed_suite: Path) -> None:
    status, stdout, _ = run_cli(str(mixed_suite), "--local")
    assert status == 1
    table, problems, summary = stdout.strip().split("\n\n")
    header = table.splitlines()[0].split()
    assert header[:3] == ["model", "states", "verdicts"] and "expected" in header and "memory" in header
    assert "bit_transmission  6       TTFFTFFTF   T-T-----F" in table
    assert "bit_transmission #3: expected TRUE, got FALSE: AG(recbit -> K(Sender, recbit))" in problems
    assert "bit_transmission: expected TRUE of #40: no such formula in the model" in problems
    assert "broken: error: " in problems and "exits: error: generator: " in problems
    assert summary.startswith("4 jobs, 20 formulas + 2 failed jobs: 3 as expected, 3 differ, 2 errors, "
                              "14 without expectation; ")


def test_junit_xml_parses_and_counts_failures_and_errors(mixed_suite: Path, tmp_path: Path) -> None:
    junit = tmp_path / "report.xml"
    status, _, _ = run_cli(str(mixed_suite), "--local", "--junit", str(junit))
    assert status == 1
    suite = ElementTree.parse(junit).getroot().find("testsuite")
    cases = suite.findall("testcase")
    assert int(suite.get("tests")) == len(cases) == 10 + 1 + 10 + 1
    assert int(suite.get("failures")) == len([case for case in cases if case.find("failure") is not None]) == 3
    assert int(suite.get("errors")) == len([case for case in cases if case.find("error") is not None]) == 2
    failed = [case for case in cases if case.find("failure") is not None]
    assert failed[0].get("classname") == "bit_transmission" and failed[0].get("name").startswith("#3 ")
    assert failed[0].find("failure").get("message") == "expected TRUE, got FALSE"


def test_json_report_without_measurements_is_reproducible(mixed_suite: Path, tmp_path: Path) -> None:
    documents = []
    for run in range(2):
        target = tmp_path / f"report{run}.json"
        run_cli(str(mixed_suite), "--local", "--json", str(target), "--reproducible")
        documents.append(target.read_text())
    assert documents[0] == documents[1]
    document = json.loads(documents[0])
    assert document["ok"] is False and [job["name"] for job in document["jobs"]] == [
        "bit_transmission", "broken", "exits", "extended"]
    assert "seconds" not in document["jobs"][0] and "wall_seconds" not in document


def test_jobs_whose_models_do_not_parse_are_errors_in_every_output(tmp_path: Path) -> None:
    """Issue 17: with three generated models that did not parse, the table and the JUnit file
    counted three errors and the summary line "0 errors"; every output now counts the same."""
    (tmp_path / "bad.py").write_text('print("Agent Ag\\n  Vars:\\n    x : boolean;\\n  end Vars\\n  Actions = {go")\n')
    (tmp_path / "broken.ispl").write_text("Agent Ag\n  Vars: x : boolean; end Vars\n  Actions = {go}\n")
    (tmp_path / "empty.ispl").write_text("")
    manifest = write_manifest(tmp_path, f"""
[[model]]
path = "{BIT}"
expect = [true]

[[model]]
path = "broken.ispl"
expect = [true]

[[model]]
path = "empty.ispl"

[[generator]]
name = "bad"
command = "{{python}} bad.py {{n}}"
parameters = {{ n = [1, 2, 3] }}
""")
    junit, report_json = tmp_path / "report.xml", tmp_path / "report.json"
    status, stdout, _ = run_cli(str(manifest), "--local", "--junit", str(junit), "--json", str(report_json))
    assert status == 1
    table, problems, summary = stdout.strip().split("\n\n")
    assert [line.split()[-1] for line in table.splitlines()[2:]] == ["ERROR"] * 3 + ["ok", "ERROR", "ERROR"]
    assert len(problems.splitlines()) == 5 and all(": error: " in line for line in problems.splitlines())
    assert summary.startswith("6 jobs, 8 formulas + 5 failed jobs: 1 as expected, 0 differ, 5 errors, "
                              "7 without expectation; ")
    counts = json.loads(report_json.read_text())["counts"]
    assert counts == {"pass": 1, "fail": 0, "error": 5, "no expectation": 7, "failed jobs": 5, "retried jobs": 0}
    suite = ElementTree.parse(junit).getroot().find("testsuite")
    cases = suite.findall("testcase")
    assert int(suite.get("errors")) == len([case for case in cases if case.find("error") is not None]) == 5
    assert int(suite.get("tests")) == len(cases) == 8 + 5 == sum(counts[key] for key in
                                                                 ("pass", "fail", "error", "no expectation"))


def test_one_failed_job_and_one_formula_read_in_the_singular(tmp_path: Path) -> None:
    (tmp_path / "broken.ispl").write_text("Agent Ag\n")
    manifest = write_manifest(tmp_path, f"""
[[model]]
path = "{BIT}"
only = true
formulas = ["EF recack"]

[[model]]
path = "broken.ispl"
""")
    report = run_suite(load_suite(manifest), workers=0)
    assert report.counts["error"] == 1 and report.counts["failed jobs"] == 1 and not report.ok
    assert report.summary().startswith("2 jobs, 1 formula + 1 failed job: 0 as expected, 0 differ, 1 error, "
                                       "1 without expectation; ")


def test_the_examples_suite_passes_with_recorded_verdicts() -> None:
    report = run_suite(load_suite(REPOSITORY / "suites" / "examples.toml"), workers=0)
    assert report.ok, report.text()
    assert len(report.jobs) == len(list(EXAMPLES.glob("*.ispl")))
    assert report.counts["no expectation"] == 0


def test_a_job_checks_under_the_strategies_it_names(tmp_path: Path) -> None:
    """The shell game's `<player>F won` is TRUE with perfect information, FALSE for a uniform strategy."""
    shell = EXAMPLES / "shell_game.ispl"
    manifest = write_manifest(tmp_path, f"""
[[model]]
name = "seeing"
path = "{shell}"
only = true
formulas = [{{ text = "<player>F won", expect = true }}]

[[model]]
name = "blind"
path = "{shell}"
strategies = "uniform"
only = true
formulas = [{{ text = "<player>F won", expect = false }}]
""")
    report = run_suite(load_suite(manifest), workers=0)
    assert report.ok and report.counts["pass"] == 2, report.text()


def test_the_time_limit_applies_to_generators(tmp_path: Path) -> None:
    manifest = write_manifest(tmp_path, '[[generator]]\nname = "slow"\n'
                                        'command = "{python} -c \'import time; time.sleep(30)\'"\n')
    report = run_suite(load_suite(manifest), JobLimits(timeout=0.5), workers=0)
    assert "the time limit of 0.5 s was reached" in report.jobs[0].result.error


def test_scheduler_and_workers_exclude_each_other() -> None:
    status, _, stderr = run_cli(str(REPOSITORY / "suites" / "examples.toml"), "--workers", "2",
                                "--scheduler", "tcp://127.0.0.1:1")
    assert status == 2 and "--scheduler excludes --workers" in stderr
