"""`check --html` and `batch --html`: one self-contained page per report, everything from the model escaped.

The page is read here as markup (its structure, its classes, what it links to);
tests/test_html_browser.py opens it in a real browser and clicks through it.
"""

from __future__ import annotations

import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ctlstark.api import check, load_model
from ctlstark.cli import app
from ctlstark.render.html_page import GraphSection, report_page
from ctlstark.tools import report_page as report_page_module
from ctlstark.tools.report_page import graph_section, html_report

REPOSITORY = Path(__file__).resolve().parents[1]
EXAMPLES = REPOSITORY / "ispl_examples"
BIT = EXAMPLES / "bit_transmission.ispl"
BIT_VERDICTS = ["TRUE", "TRUE", "FALSE", "FALSE", "TRUE", "FALSE", "FALSE", "TRUE"]
HOSTILE_NAME = "<img src=x onerror=alert(1)>.ispl"
VOID_ELEMENTS = {"meta", "br", "hr", "img", "input", "link", "path", "polygon", "ellipse", "polyline", "stop"}


def run_cli(*arguments: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(arguments))
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


class _Structure(HTMLParser):
    """Start tags with their attributes, and whether every element closes in order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.open: list[str] = []
        self.problems: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag not in VOID_ELEMENTS:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID_ELEMENTS:
            return
        if not self.open or self.open[-1] != tag:
            self.problems.append(f"</{tag}> closes <{self.open[-1] if self.open else None}>")
            return
        self.open.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def structure(page: str) -> _Structure:
    parser = _Structure()
    parser.feed(page)
    parser.close()
    assert not parser.problems and not parser.open, (parser.problems[:5], parser.open)
    return parser


def classes(parser: _Structure, tag: str | None = None) -> list[str]:
    return [attributes.get("class") or "" for name, attributes in parser.tags if tag is None or name == tag]


@pytest.fixture(scope="module")
def bit_page(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """The page of bit_transmission's Formulae, and the text report printed with it."""
    page = tmp_path_factory.mktemp("html") / "report.html"
    status, stdout, _ = run_cli("check", str(BIT), "--html", str(page))
    assert status == 1  # some formula is FALSE: the page changes nothing about the exit status
    return page.read_text(encoding="utf-8"), stdout


def test_the_page_is_extra_the_text_report_stays_the_same(bit_page: tuple[str, str]) -> None:
    _, stdout = bit_page
    _, plain, _ = run_cli("check", str(BIT))
    without_times = [line for line in stdout.splitlines() if not line.startswith("times:")]
    assert without_times == [line for line in plain.splitlines() if not line.startswith("times:")]
    assert "counterexample for" not in stdout  # --html computes traces but prints them only with --witness


def test_json_on_stdout_and_the_page_together(tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    status, stdout, _ = run_cli("check", str(BIT), "--json", "--html", str(page))
    document = json.loads(stdout)
    assert status == 1 and page.is_file()
    trace = document["formulas"][2]["trace"]  # --html implies --witness: the document carries what the page shows
    assert trace["children"][0]["trace"]["formula"] == "K(Sender, recbit)"
    assert "<code>K(Sender, recbit)</code>" in page.read_text(encoding="utf-8")


def test_the_page_is_well_formed_and_self_contained(bit_page: tuple[str, str]) -> None:
    page, _ = bit_page
    parser = structure(page)
    assert page.startswith("<!DOCTYPE html>")
    assert [name for name, _ in parser.tags].count("script") == 1 and "<style>" in page
    for name, attributes in parser.tags:
        assert name not in ("link", "img", "iframe", "object", "embed")
        assert "src" not in attributes, (name, attributes)
        href = attributes.get("href")
        assert href is None or href.startswith("#"), href  # links stay inside the page
    assert not re.search(r"url\(|@import|https?://(?!www\.w3\.org/)", page)  # SVG namespaces aside


def test_every_verdict_with_its_route_and_time(bit_page: tuple[str, str]) -> None:
    page, _ = bit_page
    parser = structure(page)
    badges = [text for text in parser.text if text in ("TRUE", "FALSE", "ERROR")]
    assert badges[:8] == BIT_VERDICTS  # the verdict table, in formula order
    assert all(f'id="formula-{index}"' in page for index in range(1, 9))
    assert page.count('<code class="route">reachable:AG</code>') >= 5
    assert re.search(r"checked in \d+\.\d+ ms", page) and "<dt>times</dt>" in page


def test_a_trace_step_highlights_what_changed_and_lists_the_true_propositions(bit_page: tuple[str, str]) -> None:
    page, _ = bit_page
    # formula 3's counterexample: step 1 changes Receiver.state to r0, where bit0 and recbit hold
    row = re.search(r'<tr class="step" id="f3-s1">(.*?)</tr>', page).group(1)
    assert '<td class="value changed" title="Receiver.state changed">r0</td>' in row
    assert row.count('class="value same"') == 2
    assert '<span class="prop">bit0</span> <span class="prop">recbit</span>' in row


def test_nested_traces_are_collapsed_sections_linked_from_their_step(bit_page: tuple[str, str]) -> None:
    page, _ = bit_page
    parser = structure(page)
    boxes = [attributes for name, attributes in parser.tags if name == "details" and "subtrace" in
             (attributes.get("class") or "")]
    assert all("open" not in box for box in boxes)
    identifiers = {box["id"] for box in boxes}
    assert {"f3-c0-box", "f3-c0-c0-box", "f6-c0-c0-c0-c0-box"} <= identifiers
    assert 'href="#f3-c0"' in page and 'href="#f3-c0-c0"' in page  # step 1 links its sub-trace, which links its run
    assert "Sender cannot tell it apart from the end of" in page
    assert 'id="expand-all"' in page


def test_the_note_of_a_verdict_without_trace(bit_page: tuple[str, str]) -> None:
    page, _ = bit_page
    assert "no trace: a TRUE A… formula holds on every run, which no single trace shows" in page


def test_strategies_are_tables(tmp_path: Path) -> None:
    page_file = tmp_path / "pennies.html"
    status, _, _ = run_cli("check", str(EXAMPLES / "pennies.ispl"), "--only", "-f", "<matcher>X won",
                           "-f", "<players>G !lost", "--html", str(page_file))
    page = page_file.read_text(encoding="utf-8")
    assert status == 1
    structure(page)
    assert "the others (Environment, Player2) answer each action of Player1" in page
    assert "the moves of Player1, Player2 (2 states, replayed)" in page
    assert page.count('class="strategy-table"') == 2
    assert "<th>coalition's action</th>" in page and "<th>local state</th>" in page


def test_the_state_graph_of_a_small_model(bit_page: tuple[str, str]) -> None:
    page, _ = bit_page
    parser = structure(page)
    assert 'id="state-graph"' in page and page.count('<tr id="state-') == 6
    assert ('<a class="graph-state" href="#state-2"' in page)  # trace steps name their state in the graph
    if shutil.which("dot") is not None:
        assert "<svg" in page and "No picture" not in page
    else:
        assert "not installed here" in page
    assert "svg" in [name for name, _ in parser.tags] or shutil.which("dot") is None


def test_without_dot_the_page_says_so_and_keeps_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(report_page_module.shutil, "which", lambda name: None)
    section = graph_section(load_model(BIT), 6)
    assert section.svg is None and "needs Graphviz's dot, which is not installed here" in section.note
    assert len(section.states) == 6 and section.states[0]["initial"]


def test_no_state_graph_above_the_limit() -> None:
    section = graph_section(load_model(BIT), 6, limit=5)
    assert section.svg is None and not section.states
    assert "6 reachable states" in section.note and "at most 5" in section.note


def test_text_from_the_model_cannot_inject_markup(tmp_path: Path) -> None:
    """A hostile file name (the model's name) and `<script>` formulas (ATL over a group named script) stay text."""
    text = BIT.read_text(encoding="utf-8").replace(
        "\nFormulae\n", "\nGroups\n  script = {Sender, Receiver};\nend Groups\n\nFormulae\n  <script>X recbit;\n")
    model = tmp_path / HOSTILE_NAME
    model.write_text(text, encoding="utf-8")
    page_file = tmp_path / "page.html"
    status, _, _ = run_cli("check", str(model), "-f", "<script>G !recack", "--html", str(page_file))
    page = page_file.read_text(encoding="utf-8")
    assert status == 1
    parser = structure(page)
    assert [name for name, _ in parser.tags].count("script") == 1 and "img" not in [name for name, _ in parser.tags]
    assert "&lt;script&gt;X recbit" in page and "&lt;script&gt;G !recack" in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page
    assert "onerror=" not in "".join(str(attributes) for _, attributes in parser.tags)


def test_render_escapes_every_field_it_is_given() -> None:
    hostile = "<script>alert(1)</script>"
    step = {"index": 0, "state": {hostile: {hostile: hostile}}, "action": {hostile: hostile}, "props": [hostile],
            "changed": []}
    trace = {"trace_schema": 1, "formula": hostile, "kind": hostile, "loop_start": None, "steps": [step],
             "children": [{"step": 0, "relation": hostile, "agents": [hostile],
                           "trace": {"trace_schema": 1, "formula": hostile, "kind": "path", "loop_start": None,
                                     "steps": [step], "children": []}}]}
    strategy = {"kind": "strategy", "formula": hostile, "coalition": [hostile], "opponents": [hostile], "states": 1,
                "replayed": False, "note": hostile, "table_form": "local", "bdd_nodes": 3, "scope": hostile,
                "table": [{"agent": hostile, "local": {hostile: hostile}, "action": hostile}]}
    document = {"model": hostile, "file": hostile, "semantics": hostile, "strategies": hostile, "warnings": [hostile],
                "reachable_states": 1, "times": {hostile: 0.5}, "stopped": hostile, "ctlstark_version": hostile,
                "formulas": [{"index": 1, "text": hostile, "verdict": False, "source": hostile, "mode": hostile,
                              "error": hostile, "warnings": [hostile], "routes": [{"formula": hostile,
                                                                                   "route": hostile}],
                              "trace": trace, "trace_error": hostile, "strategy": strategy}]}
    graph = GraphSection(note=hostile, states=[{"index": 0, "state": {hostile: {hostile: hostile}}, "props": [hostile],
                                                "initial": True, "deadlock": False,
                                                "successors": [{"target": 0, "actions": [hostile]}]}])
    page = report_page(document, notes={1: hostile}, graph=graph)
    structure(page)
    assert page.count("<script") == 1 and "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_reproducible_pages_are_identical(tmp_path: Path) -> None:
    pages = []
    for name in ("one.html", "two.html"):
        run_cli("check", str(BIT), "--reproducible", "--html", str(tmp_path / name))
        pages.append((tmp_path / name).read_text(encoding="utf-8"))
    assert pages[0] == pages[1] and "checked in" not in pages[0] and "<dt>times</dt>" not in pages[0]


def test_an_unwritable_page_is_exit_6_after_the_verdicts(tmp_path: Path) -> None:
    status, stdout, stderr = run_cli("check", str(EXAMPLES / "dining_cryptographers.ispl"),
                                     "--html", str(tmp_path / "missing" / "report.html"))
    assert status == 6 and "TRUE" in stdout and "cannot write" in stderr


def test_the_api_builds_the_same_page() -> None:
    model = load_model(BIT)
    report = check(model, ["AG(recbit -> K(Sender, recbit))"], file_formulae=False, witness=True)
    page = html_report(report, model)
    structure(page)
    assert 'id="f1-c0-box"' in page and "FALSE" in page


# ---------------------------------------------------------------- batch


def test_batch_writes_a_page_per_job_and_an_index(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    suite.mkdir()
    shutil.copy(BIT, suite / "bit transmission.ispl")  # a space: the page's file name replaces it
    shutil.copy(EXAMPLES / "pennies.ispl", suite / "pennies.ispl")
    (suite / "broken.ispl").write_text("Agent Ag\n", encoding="utf-8")
    pages = tmp_path / "pages"
    status, stdout, _ = run_cli("batch", str(suite), "--local", "--html", str(pages))
    assert status == 1 and "broken: error:" in stdout  # a job that did not parse: no page, a row in the index
    assert sorted(path.name for path in pages.iterdir()) == ["bit_transmission.html", "index.html", "pennies.html"]
    index = (pages / "index.html").read_text(encoding="utf-8")
    parser = structure(index)
    links = [attributes["href"] for name, attributes in parser.tags if name == "a"]
    assert links == ["bit_transmission.html", "pennies.html"]
    assert "broken" in index and "error:" in index
    bit = (pages / "bit_transmission.html").read_text(encoding="utf-8")
    structure(bit)
    assert 'id="f3-c0-box"' in bit and "bit transmission.ispl" in bit
    assert "strategy-table" in (pages / "pennies.html").read_text(encoding="utf-8")


def test_page_names_are_safe_and_unique() -> None:
    from ctlstark.batch.report import _page_names

    names = _page_names(["dc[n=10]", "dc[n=10]x", "../up", "index", "Index", "A", "a"])
    assert names["dc[n=10]"] == "dc_n_10_.html" and names["../up"] == "_up.html"
    assert names["index"] == "index-2.html" and names["Index"] == "Index-3.html"
    assert names["a"] == "a-2.html"
    assert all("/" not in page for page in names.values()) and len(set(names.values())) == len(names)
