"""`runtime.deferred`: a module a library imports but does not use is loaded only when first used."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ctlstark.runtime.deferred import deferred


@pytest.fixture()
def library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """`library_*` modules that import `helper_*` modules: one reads it while being imported, one later."""
    (tmp_path / "helper_early.py").write_text("VALUE = 41\n")
    (tmp_path / "helper_late.py").write_text("VALUE = 42\n")
    (tmp_path / "library_early.py").write_text("import helper_early\nREAD = helper_early.VALUE\n")
    (tmp_path / "library_late.py").write_text("import helper_late\n\ndef read():\n    return helper_late.VALUE\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    for name in ("helper_early", "helper_late", "library_early", "library_late"):
        sys.modules.pop(name, None)


def test_a_module_used_later_is_loaded_on_first_use(library):
    with deferred(("helper_late",)):
        import library_late
    assert "helper_late" not in sys.modules
    assert library_late.read() == 42
    assert sys.modules["helper_late"].VALUE == 42


def test_a_module_read_while_the_library_is_imported_is_loaded_then(library):
    with deferred(("helper_early",)):
        import library_early
    assert library_early.READ == 41
    assert type(sys.modules["helper_early"]).__name__ == "module"  # the real one, not the stand-in


def test_a_module_already_loaded_is_left_alone(library):
    import helper_late

    with deferred(("helper_late",)):
        import library_late
    assert library_late.helper_late is helper_late


_LOGGING_SCRIPT = """
import sys
sys.path.insert(0, {folder!r})
from ctlstark.runtime.deferred import deferred
had_logging = "logging" in sys.modules
with deferred(("logging",)):
    import library_logging
library_logging.logger.info("dropped: nothing configured logging")
print(had_logging, "logging" in sys.modules)
library_logging.logger.warning("a warning")
print("logging" in sys.modules)
import logging
logging.basicConfig(level=logging.DEBUG, format="%(levelname)s %(message)s")
library_logging.logger.info("shown once logging is configured")
"""


def test_a_deferred_logging_is_loaded_when_a_record_could_be_shown(tmp_path):
    """A library's module-level logger does not load `logging`; `info` before anything imported logging is
    dropped, as the unconfigured root's WARNING level drops it; a warning loads logging and is shown, and once
    logging is configured the logger answers to it."""
    import subprocess

    (tmp_path / "library_logging.py").write_text("import logging\nlogger = logging.getLogger('library')\n")
    run = subprocess.run([sys.executable, "-c", _LOGGING_SCRIPT.format(folder=str(tmp_path))],
                         capture_output=True, text=True, check=True)
    assert run.stdout.split() == ["False", "False", "True"]
    assert run.stderr.splitlines() == ["a warning", "INFO shown once logging is configured"]


_EXPORTS_SCRIPT = """
import sys
import ctlstark.semantics.strategies
import ctlstark.semantics as semantics
print(sorted(name for name in ("ctlstark.semantics.lasso", "ctlstark.semantics.expressions") if name in sys.modules))
print(semantics.Lasso.__module__, "Lasso" in dir(semantics), "ctlstark.semantics.lasso" in sys.modules)
try:
    semantics.no_such_name
except AttributeError as error:
    print(error)
"""


def test_a_package_imports_a_module_when_one_of_its_names_is_read():
    """`ctlstark.semantics` re-exports its modules' names, each module imported when one of them is first read:
    importing `semantics.strategies` no longer brings the lasso and expression modules."""
    import subprocess

    run = subprocess.run([sys.executable, "-c", _EXPORTS_SCRIPT], capture_output=True, text=True, check=True)
    assert run.stdout.splitlines() == ["[]", "ctlstark.semantics.lasso True True",
                                       "module 'ctlstark.semantics' has no attribute 'no_such_name'"]


_TYPED_LIBRARY = '''
import typing as _ty

Letter: _ty.TypeAlias = _ty.Literal["a", "b"] | _ty.Literal["c"]
Maybe: _ty.TypeAlias = _ty.Optional[_ty.Callable[..., _ty.Any]]
T = _ty.TypeVar("T")


def _literals(alias):
    for argument in _ty.get_args(alias):
        yield from [argument] if isinstance(argument, str) else _literals(argument)


LETTERS: _ty.Final = sorted(_literals(Letter))


class Shape(_ty.Protocol[T]):
    def area(self) -> _ty.Optional[float]: ...


@_ty.overload
def same(value: int) -> int: ...
def same(value):
    return value


def later(value):
    return _ty.cast(int, value)  # a name read after the import: it loads typing
'''

_TYPED_SCRIPT = """
import sys
sys.path.insert(0, {folder!r})
from ctlstark.runtime.deferred import deferred
had_typing = "typing" in sys.modules
with deferred(("typing",)):
    import library_typed
print(had_typing, "typing" in sys.modules, library_typed.LETTERS, library_typed.same(7))
class Square(library_typed.Shape[int]):
    def area(self):
        return 4.0
print(Square().area(), library_typed.later(3), "typing" in sys.modules)
import typing
print(typing.get_args(typing.Literal["x"]))
"""


def _without_site(arguments: list[str]) -> list[str]:
    """`python -S` with this process's module path: no `.pth` file imports anything (some import `typing`)."""
    return [sys.executable, "-S", *arguments]


def _module_path_environment() -> dict[str, str]:
    import os

    return {**os.environ, "PYTHONPATH": os.pathsep.join(entry for entry in sys.path if entry)}


def test_typing_used_only_for_annotations_while_a_library_is_imported_is_not_loaded(tmp_path):
    """The stand-in for `typing` gives a library its annotation forms while it is imported: aliases of literals
    whose `get_args` finds the literals, a `Protocol[T]` base a later class can subscript, `overload`; a name
    read afterwards loads the real `typing`."""
    import subprocess

    (tmp_path / "library_typed.py").write_text(_TYPED_LIBRARY)
    run = subprocess.run(_without_site(["-c", _TYPED_SCRIPT.format(folder=str(tmp_path))]), capture_output=True,
                         text=True, check=True, env=_module_path_environment())
    assert run.stdout.splitlines() == ["False False ['a', 'b', 'c'] 7", "4.0 3 True", "('x',)"]


_CHECK_SCRIPT = """
import sys
from ctlstark.cli import main
sys.argv = ["ctlstark", "check", sys.argv[1], "-q", "--json"]
try:
    main()
except SystemExit as end:
    import dd._abc
    from ctlstark.runtime import pattern_codes, patterns
    print(end.code, "typing" in sys.modules, "pathlib" in sys.modules,
          pattern_codes.INTERPRETER == patterns.interpreter(), "re" in sys.modules, "enum" in sys.modules,
          "copy" in sys.modules, sorted(dd._abc.BDD_OPERATOR_SYMBOLS), file=sys.stderr)
"""


def test_a_check_imports_neither_typing_nor_pathlib_and_dd_reads_its_operators_as_with_typing():
    """A check never imports `typing` (dd imports it for annotations only) or `pathlib` (file names stay
    strings); dd's own tables of operator symbols, read off `Literal` aliases, are the ones it makes with the
    real `typing`. On the Python its patterns are precompiled for, it imports neither `re` nor `enum` (nor
    `copy`, which `dataclasses` imports for `asdict`)."""
    import subprocess

    import dd._abc

    model = str(Path(__file__).resolve().parents[1] / "ispl_examples" / "card_game.ispl")
    run = subprocess.run(_without_site(["-c", _CHECK_SCRIPT, model]), capture_output=True, text=True, timeout=120,
                         env=_module_path_environment())
    code, imported_typing, imported_pathlib, precompiled, imported_re, imported_enum, imported_copy, symbols = \
        run.stderr.splitlines()[-1].split(" ", 7)
    assert code in ("0", "1")
    assert (imported_typing, imported_pathlib, imported_copy) == ("False", "False", "False")
    if precompiled == "True":
        assert (imported_re, imported_enum) == ("False", "False")
    assert symbols == str(sorted(dd._abc.BDD_OPERATOR_SYMBOLS))
