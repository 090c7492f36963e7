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
