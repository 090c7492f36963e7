"""The quick reader of `check` lines (`cli/quick.py`) gives what typer gives, or declines; its runs print what
typer's do."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from conftest import examples
from ctlstark.cli import app
from ctlstark.cli.options import CHECK_OPTIONS
from ctlstark.cli.quick import read_check_line

ROOT = Path(__file__).resolve().parents[1]
MODEL = str(ROOT / "ispl_examples" / "card_game.ispl")
_PLAIN_ENVIRONMENT = {key: value for key, value in os.environ.items() if key != "_CTLSTARK_COMPLETE"}


class _Captured(Exception):
    def __init__(self, values: dict[str, Any]) -> None:
        super().__init__()
        self.values = values


def typer_values(arguments: list[str], monkeypatch: pytest.MonkeyPatch) -> dict[str, Any] | None:
    """The values typer passes to `check` for `arguments`, or None when typer refuses the line."""
    def capture(**values: Any) -> None:
        raise _Captured(values)

    monkeypatch.setattr("ctlstark.cli.commands.run_check", capture)
    result = CliRunner().invoke(app, arguments)
    if isinstance(result.exception, _Captured):
        return result.exception.values
    assert result.exit_code != 0 or arguments[1:2] == ["--help"], result.output
    return None


ORDINARY_LINES = [
    ["check", MODEL],
    ["check", MODEL, "--json", "--reproducible"],
    ["check", "-f", "AG true", "--only", MODEL, "-q"],
    ["check", MODEL, "--formula=EF true", "-f", "AF true", "--stats", "--witness"],
    ["check", MODEL, "--order", "declaration", "--cluster-size", "1", "--no-reorder", "--max-memory", "512M",
     "--timeout", "2.5", "--strategies", "uniform-pooled", "--engine", "sat", "--bound", "0"],
    ["check", "--reorder", "--deadlock", "--lint", "--full-states", "--dot", "t.dot", "--html", "r.html", "-"],
    ["check", MODEL, "--cluster-size=7", "--timeout=0.5", "--quiet"],
    ["check", "./models//m.ispl", "--dot", "./out/t.dot", "--html=r.html"],  # file names as typed, both readers
]


@pytest.mark.parametrize("arguments", ORDINARY_LINES, ids=lambda arguments: " ".join(arguments[2:]) or "plain")
def test_ordinary_lines_are_read_quickly_as_typer_reads_them(arguments, monkeypatch):
    quick = read_check_line(arguments)
    assert quick is not None
    assert quick == typer_values(arguments, monkeypatch)
    assert all(type(quick[name]) is str for name in ("model_file", "dot_file", "html_file") if quick[name] is not None)


DECLINED_LINES = [
    ["check"], ["check", "--help"], ["--version"], ["info", MODEL], ["check", MODEL, MODEL],
    ["check", MODEL, "--cluster-size", "0"], ["check", MODEL, "--cluster-size", "many"],
    ["check", MODEL, "-qf", "AG true"], ["check", MODEL, "-fAG true"], ["check", MODEL, "--only=1"],
    ["check", MODEL, "--max-memory", "12Q"], ["check", MODEL, "--order", "DECLARATION"],
    ["check", MODEL, "--timeout", "nan"], ["check", MODEL, "--", "-x"], ["check", MODEL, "--formula"],
    ["check", MODEL, "--jsn"], ["check", ""], ["check", MODEL, "-f", "-q"], [],
]


@pytest.mark.parametrize("arguments", DECLINED_LINES, ids=" ".join)
def test_unusual_lines_are_left_to_typer(arguments):
    assert read_check_line(arguments) is None


_WORDS = sorted({name for option in CHECK_OPTIONS for names in option.names for name in names.split("/")}
                | {"--help", "-qf", "--", "-", "", "--only=1", "--order=declaration", "--cluster-size=3"})
_VALUES = ["AG true", "declaration", "STRUCTURE", "uniform", "sat", "0", "1", "+4", " 7", "1_000", "-3", "0.0001",
           "2.5", "nan", "inf", "512M", "1.5GiB", "0M", "t.dot", MODEL, "x y"]


@settings(deadline=None, max_examples=examples(200))
@given(st.lists(st.sampled_from(_WORDS + _VALUES + [MODEL] * 4), max_size=8))
def test_the_quick_reader_gives_what_typer_gives_or_declines(tokens):
    arguments = ["check", *tokens]
    quick = read_check_line(arguments)
    if quick is None:
        return
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert quick == typer_values(arguments, monkeypatch)


def _run(arguments: list[str], **options: Any) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ctlstark", *arguments], capture_output=True, text=True,
                          env=_PLAIN_ENVIRONMENT, cwd=ROOT, timeout=120, **options)


def _untimed(report: str) -> str:
    return "\n".join(line for line in report.splitlines() if not line.startswith("times:"))


BAD_MODEL = "Agent Environment\n  Vars:\n    x : 0..;\n  end Vars\nend Agent\n"


@pytest.mark.parametrize("arguments", [
    ["check", MODEL, "--json", "--reproducible"],
    ["check", MODEL, "-f", "AG false", "--witness", "-q"],
    ["check", "-", "-q"],
], ids=["json", "false with a trace", "malformed on stdin"])
def test_a_quick_run_prints_what_typer_prints(arguments):
    stdin = BAD_MODEL if "-" in arguments else None
    quick = _run(arguments, input=stdin)
    assert read_check_line(arguments) is not None
    through_typer = CliRunner().invoke(app, arguments, input=stdin)
    assert (quick.returncode, _untimed(quick.stdout)) == (through_typer.exit_code, _untimed(through_typer.stdout))
    assert quick.stderr == through_typer.stderr
    assert "Traceback" not in quick.stderr


NEVER_IMPORTED_BY_A_CHECK = ("typer", "inspect", "ast", "lark", "ply", "dd.bdd", "dd._copy", "json", "pickle",
                             "tokenize")


def test_a_quick_run_imports_nothing_a_check_does_not_use():
    """Neither typer (the command line is read quickly), nor `inspect` (dataclasses' use of it is deferred),
    nor lark (the fast parsers read a valid file), nor dd's parser, dumps and pure-Python BDDs."""
    probe = ("import sys\nfrom ctlstark.cli import main\nsys.argv = ['ctlstark', 'check', sys.argv[1], '-q']\n"
             "try:\n    main()\nexcept SystemExit as end:\n"
             f"    print(end.code, [name for name in {NEVER_IMPORTED_BY_A_CHECK!r} if name in sys.modules])\n")
    done = subprocess.run([sys.executable, "-c", probe, MODEL], capture_output=True, text=True, timeout=120,
                          env=_PLAIN_ENVIRONMENT)
    assert done.stdout.splitlines()[-1] in ("0 []", "1 []")


def test_a_reader_that_goes_away_ends_the_run_quietly():
    """`ctlstark check … | head -0`: standard output is closed before the report; exit 1 as click's, no
    internal error."""
    process = subprocess.Popen([sys.executable, "-m", "ctlstark", "check", MODEL, "-q"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env=_PLAIN_ENVIRONMENT, text=True)
    process.stdout.close()
    error = process.stderr.read()
    assert process.wait(timeout=120) == 1
    assert error == ""


def test_the_collector_runs_again_after_a_run_that_stopped_early(tmp_path, capsys):
    """`main` pauses the cycle collector during start-up; a run that ends before the check (a malformed model)
    leaves it running for a caller that carries on."""
    import gc

    from ctlstark.cli import main

    malformed = tmp_path / "bad.ispl"
    malformed.write_text(BAD_MODEL)
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(sys, "argv", ["ctlstark", "check", str(malformed)])
        with pytest.raises(SystemExit) as ended:
            main()
    assert ended.value.code == 2 and "bad.ispl:3:" in capsys.readouterr().err
    assert gc.isenabled()


_CONSOLE_PROBE = ("import atexit, sys\nfrom ctlstark.cli import console\n"
                  "atexit.register(lambda: sys.stderr.write('atexit ran\\n'))\n"
                  "sys.argv = ['ctlstark', *sys.argv[1:]]\nconsole()\n")


@pytest.mark.parametrize("arguments", [["check", MODEL, "--json", "--reproducible"], ["check", MODEL, "-q", "--reproducible"],
                                       ["--version"]])
def test_the_console_ends_as_main_does_with_its_output_flushed_and_atexit_run(arguments):
    """`console` (the `ctlstark` command) ends an ordinary check without the interpreter's teardown: the same
    output (all of it, through a pipe), the same status, and the `atexit` functions run, as for any other
    command, which ends the usual way."""
    probe_main = _CONSOLE_PROBE.replace("import console", "import main").replace("console()", "main()")
    through_console = subprocess.run([sys.executable, "-c", _CONSOLE_PROBE, *arguments], capture_output=True,
                                     text=True, timeout=120, env=_PLAIN_ENVIRONMENT)
    through_main = subprocess.run([sys.executable, "-c", probe_main, *arguments], capture_output=True, text=True,
                                  timeout=120, env=_PLAIN_ENVIRONMENT)
    assert through_console.returncode == through_main.returncode
    def untimed(output: str) -> list[str]:
        return [line for line in output.splitlines() if not line.startswith("times:")]

    assert untimed(through_console.stdout) == untimed(through_main.stdout) and through_console.stdout.strip()
    assert through_console.stderr == through_main.stderr
    assert through_console.stderr.splitlines()[-1] == "atexit ran"


def test_the_order_choices_are_the_encoder_s_orders():
    from ctlstark.cli.options import VARIABLE_ORDERS
    from ctlstark.symbolic.encode import ORDERS

    assert VARIABLE_ORDERS.words == ORDERS
