"""The documentation site: it builds with `mkdocs build --strict`, and every example on it runs.

Conventions (docs/index.md, "Building this site"): a fenced block tagged `sh` is run
line by line from the repository root — `ctlstark …` as `python -m ctlstark …` — and
each command must exit 0 or 1 (a TRUE or FALSE verdict) unless the line before it is
the comment `# exit: N`; a block tagged `python` is executed; `text`/`console` blocks
are only shown. An HTML comment on the line before a block adds an instruction:
`<!-- docs-test: skip REASON -->` skips it, `<!-- excerpt: PATH -->` (on an `ispl`
block) requires the block to be a contiguous excerpt of the file PATH.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[1]
DOCS = REPOSITORY / "docs"
COMMAND_TIMEOUT = 120  # seconds; a hung example fails instead of stalling the suite

_FENCE = re.compile(r"^(?P<indent>\s*)(?P<fence>`{3,}|~{3,})\s*(?P<language>[\w+-]*)")
_MARKER = re.compile(r"^\s*<!--\s*(?P<key>[\w-]+)\s*:\s*(?P<value>.*?)\s*-->\s*$")
_EXIT = re.compile(r"^#\s*exit:\s*(?P<status>\d+)\s*$")
_DEFAULT_STATUSES = (0, 1)


@dataclass(frozen=True)
class CodeBlock:
    """A fenced code block of a documentation page, with the instruction comment before it."""

    page: str
    line: int  # 1-based line of the opening fence
    language: str
    text: str
    marker: tuple[str, str] | None

    def where(self) -> str:
        """`page:line` of the block, for failure messages."""
        return f"docs/{self.page}:{self.line}"


def code_blocks(path: Path) -> list[CodeBlock]:
    """Every fenced code block of the Markdown file `path`, in order."""
    lines = path.read_text(encoding="utf-8").splitlines()
    blocks: list[CodeBlock] = []
    number = 0
    while number < len(lines):
        opening = _FENCE.match(lines[number])
        if not opening:
            number += 1
            continue
        indent, fence = len(opening["indent"]), opening["fence"]
        closing = re.compile(rf"^\s*{re.escape(fence[0])}{{{len(fence)},}}\s*$")
        end = number + 1
        while end < len(lines) and not closing.match(lines[end]):
            end += 1
        body = "\n".join(line[indent:] for line in lines[number + 1:end])
        blocks.append(CodeBlock(path.name, number + 1, opening["language"].lower(), body,
                                _marker_before(lines, number)))
        number = end + 1
    return blocks


def _marker_before(lines: list[str], number: int) -> tuple[str, str] | None:
    """The `<!-- key: value -->` comment on the nearest non-blank line above line `number`."""
    previous = number - 1
    while previous >= 0 and not lines[previous].strip():
        previous -= 1
    found = _MARKER.match(lines[previous]) if previous >= 0 else None
    return (found["key"], found["value"]) if found else None


def _pages() -> list[Path]:
    return sorted(DOCS.glob("*.md"))


def _blocks(languages: tuple[str, ...]) -> list[CodeBlock]:
    return [block for page in _pages() for block in code_blocks(page) if block.language in languages]


def _params(languages: tuple[str, ...]) -> list[object]:
    """One pytest parameter per block, named by page and index among the page's runnable blocks."""
    params, counters = [], {}
    for block in _blocks(languages):
        counters[block.page] = counters.get(block.page, 0) + 1
        params.append(pytest.param(block, id=f"{block.page}-block{counters[block.page]}"))
    return params


def _skip_if_marked(block: CodeBlock) -> None:
    if block.marker and block.marker[0] == "docs-test" and block.marker[1].startswith("skip"):
        pytest.skip(f"{block.where()}: {block.marker[1]}")


# ---------------------------------------------------------------- the place examples run in


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """A stand-in for the repository root, and an environment where `ctlstark` and `python` are this Python.

    The directory links to every top-level entry of the repository, so relative paths
    in the examples resolve as in a checkout while files an example writes at the top
    level land in the temporary directory, not in the checkout.
    """
    root = tmp_path_factory.mktemp("repository")
    for entry in REPOSITORY.iterdir():
        if entry.name not in (".git", "site"):
            (root / entry.name).symlink_to(entry)
    shims = tmp_path_factory.mktemp("bin")
    _write_shim(shims / "ctlstark", f'exec "{sys.executable}" -m ctlstark "$@"')
    for name in ("python", "python3"):
        _write_shim(shims / name, f'exec "{sys.executable}" "$@"')
    environment = dict(os.environ, PATH=f"{shims}{os.pathsep}{os.environ.get('PATH', '')}")
    return {"root": root, "environment": environment}


def _write_shim(path: Path, command: str) -> None:
    path.write_text(f"#!/bin/sh\n{command}\n", encoding="utf-8")
    path.chmod(0o755)


# ---------------------------------------------------------------- sh blocks


@dataclass(frozen=True)
class ShellCommand:
    """One command of an `sh` block and the exit statuses it may end with."""

    text: str
    line: int
    statuses: tuple[int, ...]


def shell_commands(block: CodeBlock) -> list[ShellCommand]:
    """The commands of an `sh` block: one per line (a trailing `\\` continues it), comments skipped."""
    commands: list[ShellCommand] = []
    expected: tuple[int, ...] | None = None
    pending, pending_line = "", 0
    for offset, raw in enumerate(block.text.splitlines(), start=1):
        line = raw.strip()
        if not pending:
            if not line:
                continue
            if line.startswith("#"):
                status = _EXIT.match(line)
                expected = (int(status["status"]),) if status else expected
                continue
            pending_line = block.line + offset
        pending += line[:-1].rstrip() + " " if line.endswith("\\") else line
        if not line.endswith("\\"):
            commands.append(ShellCommand(pending, pending_line, expected or _DEFAULT_STATUSES))
            pending, expected = "", None
    return commands


def _tail(text: str, lines: int = 15) -> str:
    return "\n".join(text.splitlines()[-lines:])


_SHELL_SYNTAX = re.compile(r"[|;&<>$`*?(){}\\]")
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")


def in_process_arguments(command: str) -> list[str] | None:
    """The arguments of a plain `ctlstark …` command, to run in this process; None when it needs a shell.

    A command needs a shell when, outside its quoted words, it pipes, redirects,
    expands, globs or chains (`| ; & < > $ ` * ? ( ) { } \\`).
    """
    if _SHELL_SYNTAX.search(_QUOTED.sub("", command)):
        return None
    words = shlex.split(command)
    return words[1:] if words and words[0] == "ctlstark" else None


def _run_in_process(arguments: list[str], root: Path) -> tuple[int, str, str]:
    """`ctlstark ARGUMENTS` through the CLI object in this interpreter: (exit status, stdout, stderr).

    An exception other than the CLI's own exit is a failure here, never a status:
    the program would have reported it as an internal error.
    """
    from typer.testing import CliRunner

    from ctlstark.cli import app

    previous = Path.cwd()
    os.chdir(root)
    try:
        result = CliRunner().invoke(app, arguments, catch_exceptions=True)
    finally:
        os.chdir(previous)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def _run_in_shell(command: str, workspace: dict[str, object]) -> tuple[int, str, str]:
    completed = subprocess.run(
        ["bash", "-c", f"set -o pipefail\n{command}"], cwd=workspace["root"],
        env=workspace["environment"], capture_output=True, text=True, timeout=COMMAND_TIMEOUT,
    )
    return completed.returncode, completed.stdout, completed.stderr


@pytest.mark.parametrize("block", _params(("sh",)))
def test_sh_block_runs(block: CodeBlock, workspace: dict[str, object]) -> None:
    """Every command of every `sh` block ends with the exit status the page promises.

    Plain `ctlstark …` commands run in this process (a fresh interpreter per command
    cost most of this test's time); anything that needs a shell runs in bash.
    """
    _skip_if_marked(block)
    commands = shell_commands(block)
    assert commands, f"{block.where()}: an sh block without a command"
    for command in commands:
        arguments = in_process_arguments(command.text)
        if arguments is not None:
            status, stdout, stderr = _run_in_process(arguments, Path(workspace["root"]))
        else:
            status, stdout, stderr = _run_in_shell(command.text, workspace)
        assert status in command.statuses, (
            f"docs/{block.page}:{command.line}: `{command.text}` exited {status}, "
            f"the page expects {' or '.join(map(str, command.statuses))}\n"
            f"--- stdout\n{_tail(stdout)}\n--- stderr\n{_tail(stderr)}"
        )


def test_plain_commands_run_in_process_and_the_rest_in_a_shell() -> None:
    assert in_process_arguments("ctlstark check m.ispl --only -f 'AG (p -> K(A, q))'") == [
        "check", "m.ispl", "--only", "-f", "AG (p -> K(A, q))"]
    assert in_process_arguments('ctlstark check m.ispl -f "<g>X p"') == ["check", "m.ispl", "-f", "<g>X p"]
    for needs_a_shell in ("ctlstark check m.ispl | head", "ctlstark fmt m.ispl > out.ispl", "ctlstark check *.ispl",
                          "ctlstark check $MODEL", "python benchmarks/netbill.py", "ctlstark a && ctlstark b"):
        assert in_process_arguments(needs_a_shell) is None, needs_a_shell


def test_shell_commands_read_exit_comments() -> None:
    """`# exit: N` binds to the next command only; other comments and blank lines are skipped."""
    block = CodeBlock("x.md", 10, "sh", "# a comment\n\n# exit: 3\nctlstark a \\\n  --b\nctlstark c", None)
    commands = shell_commands(block)
    assert [(c.text, c.line, c.statuses) for c in commands] == [
        ("ctlstark a --b", 14, (3,)), ("ctlstark c", 16, (0, 1)),
    ]


# ---------------------------------------------------------------- python blocks


@pytest.mark.parametrize("block", _params(("python",)))
def test_python_block_runs(block: CodeBlock, workspace: dict[str, object]) -> None:
    """Every `python` block runs to completion from the repository root."""
    _skip_if_marked(block)
    script = Path(workspace["root"]) / f"_docs_{block.page}_{block.line}.py"
    script.write_text(block.text + "\n", encoding="utf-8")
    completed = subprocess.run(
        [sys.executable, script.name], cwd=workspace["root"], env=workspace["environment"],
        capture_output=True, text=True, timeout=COMMAND_TIMEOUT,
    )
    assert completed.returncode == 0, (
        f"{block.where()}: the python block failed (exit {completed.returncode})\n"
        f"--- stdout\n{_tail(completed.stdout)}\n--- stderr\n{_tail(completed.stderr)}"
    )


# ---------------------------------------------------------------- excerpts of shipped files


def _significant_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


@pytest.mark.parametrize("block", [b for b in _blocks(("ispl",)) if b.marker and b.marker[0] == "excerpt"],
                         ids=lambda block: f"{block.page}-line{block.line}")
def test_excerpt_matches_its_file(block: CodeBlock) -> None:
    """A block marked `<!-- excerpt: PATH -->` is a contiguous run of PATH's lines (indentation aside)."""
    source = REPOSITORY / block.marker[1]
    assert source.is_file(), f"{block.where()}: the excerpt's file {block.marker[1]} does not exist"
    wanted, available = _significant_lines(block.text), _significant_lines(source.read_text(encoding="utf-8"))
    windows = (available[start:start + len(wanted)] for start in range(len(available) - len(wanted) + 1))
    assert wanted in windows, f"{block.where()}: the block is no longer an excerpt of {block.marker[1]}"


# ---------------------------------------------------------------- the tutorial's model


def test_tutorial_blocks_add_up_to_the_shipped_model() -> None:
    """The `ispl` blocks a reader types in (steps 1 to 6) are the whole of bit_transmission.ispl, comments aside."""
    page = DOCS / "tutorial.md"
    complete_model_line = page.read_text(encoding="utf-8").splitlines().index("## The complete model") + 1
    typed = [block for block in code_blocks(page) if block.language == "ispl" and block.line < complete_model_line]
    shipped = (REPOSITORY / "ispl_examples" / "bit_transmission.ispl").read_text(encoding="utf-8")
    assert typed, "the tutorial has no ispl block before `## The complete model`"
    assert [line for block in typed for line in _significant_lines(block.text)] == [
        line for line in _significant_lines(shipped) if not line.startswith("--")]


# ---------------------------------------------------------------- the JSON page names every field


def _check_json(*arguments: str) -> dict:
    completed = subprocess.run([sys.executable, "-m", "ctlstark", "check", *arguments, "--json"], cwd=REPOSITORY,
                               capture_output=True, text=True, timeout=COMMAND_TIMEOUT)
    assert completed.returncode in (0, 1), completed.stderr
    return json.loads(completed.stdout)


def _traces(trace: dict | None) -> list[dict]:
    """`trace` and every sub-trace below it."""
    if trace is None:
        return []
    return [trace] + [nested for child in trace["children"] for nested in _traces(child["trace"])]


def test_json_page_names_every_field_of_a_real_report(tmp_path: Path) -> None:
    """Every key of real `check --json` documents — top level, formulas, traces, strategies, lint — is in docs/json.md."""
    model = tmp_path / "bit_transmission.ispl"  # with a variable nobody reads, for a lint warning
    model.write_text((REPOSITORY / "ispl_examples" / "bit_transmission.ispl").read_text(encoding="utf-8")
                     .replace("    ack : boolean;\n", "    ack : boolean;\n    spare : boolean;\n"), encoding="utf-8")
    documents = [
        _check_json(str(model), "--witness", "--deadlock", "--lint"),
        _check_json("ispl_examples/pennies.ispl", "--only", "--witness", "-f", "<matcher>X won", "-f", "<players>G !lost"),
    ]
    formulas = [formula for document in documents for formula in document["formulas"]]
    traces = [trace for formula in formulas for trace in _traces(formula["trace"])]
    strategies = [formula["strategy"] for formula in formulas if formula["strategy"] is not None]
    lint = [warning for document in documents for warning in document["lint"] or []]
    assert any(trace["kind"] == "path" for trace in traces) and strategies and lint  # every kind of object was seen

    page = (DOCS / "json.md").read_text(encoding="utf-8")

    def undescribed(prefix: str, objects: list[dict]) -> list[str]:
        """`prefix + key` for each key of `objects` without a table row (a list-valued key's row may end in `[]`)."""
        names = {f"{prefix}{key}" for item in objects for key in item}
        return [name for name in names if f"| `{name}` |" not in page and f"| `{name}[]` |" not in page]

    strategy_row = next(line for line in page.splitlines() if line.startswith("| `formulas[].strategy` |"))
    missing = undescribed("", documents) + undescribed("formulas[].", formulas) + undescribed("trace.", traces)
    missing += undescribed("trace.steps[].", [step for trace in traces for step in trace["steps"]])
    missing += undescribed("trace.children[].", [child for trace in traces for child in trace["children"]])
    missing += [f"strategy {key}" for strategy in strategies for key in strategy if f'"{key}"' not in strategy_row]
    missing += [f"strategy table row {key}" for strategy in strategies for row in strategy["table"] or [] for key in row
                if f'"{key}"' not in strategy_row]
    missing += [f"lint[].{key}" for warning in lint for key in warning if f"lint[].{key}`" not in page]
    assert not missing, f"docs/json.md does not describe: {sorted(set(missing))}"


# ---------------------------------------------------------------- the site and the generated page


def test_site_builds_strictly(tmp_path: Path) -> None:
    """`mkdocs build --strict`: every page in the nav, no broken link or anchor, every snippet found."""
    for module in ("mkdocs", "pymdownx"):
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"{module} is not installed (pip install '.[docs]')")
    completed = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(REPOSITORY / "mkdocs.yml"),
         "--site-dir", str(tmp_path / "site")],
        cwd=REPOSITORY, capture_output=True, text=True, timeout=COMMAND_TIMEOUT,
    )
    problems = [line for line in completed.stderr.splitlines() if not line.startswith("INFO")]
    assert completed.returncode == 0, "mkdocs build --strict failed:\n" + "\n".join(problems)
    assert (tmp_path / "site" / "index.html").is_file()


def _cli_reference_generator():
    spec = importlib.util.spec_from_file_location("gen_cli_reference", DOCS / "gen_cli_reference.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_cli_reference_is_current() -> None:
    """docs/cli-reference.md is exactly what docs/gen_cli_reference.py renders from the commands."""
    generator = _cli_reference_generator()
    committed = (DOCS / "cli-reference.md").read_text(encoding="utf-8")
    assert committed == generator.render_cli_reference(), (
        "docs/cli-reference.md is out of date: regenerate it with `python docs/gen_cli_reference.py`"
    )


def test_cli_reference_lists_every_option() -> None:
    """The generated page names every command of the app and every option of each command."""
    import typer.main

    from ctlstark.cli import app

    text = _cli_reference_generator().render_cli_reference()
    group = typer.main.get_command(app)
    for name, command in group.commands.items():
        assert f"## ctlstark {name}" in text
        for parameter in command.params:
            for option in parameter.opts if parameter.param_type_name == "option" else ():
                assert option in text, f"{option} of `ctlstark {name}` is missing"


def test_code_blocks_reads_fences_and_markers(tmp_path: Path) -> None:
    """The block reader finds each fence, its language, its line and the comment before it."""
    page = tmp_path / "page.md"
    page.write_text("text\n<!-- docs-test: skip not yet -->\n```sh\nctlstark x\n```\n\n````text\n```\n````\n")
    blocks = code_blocks(page)
    assert [(b.line, b.language, b.text, b.marker) for b in blocks] == [
        (3, "sh", "ctlstark x", ("docs-test", "skip not yet")),
        (7, "text", "```", None),
    ]
