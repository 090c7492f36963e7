"""Every package that ctlstark's own code imports is declared in pyproject.toml.

A package that arrives only through another one (click came with typer until typer 0.28
vendored its own copy) works here, where the machine image has it anyway, and fails on a
user's fresh install: `ctlstark check --help` ended with "No module named 'click'".
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DISTRIBUTION = {"pysat": "python-sat", "distributed": "dask"}
"""Import names whose distribution is named otherwise."""


def imported_packages() -> dict[str, set[str]]:
    """Top-level third-party modules imported anywhere in src/ctlstark → the files importing them."""
    found: dict[str, set[str]] = {}
    for path in (ROOT / "src" / "ctlstark").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top not in sys.stdlib_module_names and top != "ctlstark":
                    found.setdefault(top, set()).add(path.relative_to(ROOT).as_posix())
    return found


def declared(requirements: list[str]) -> set[str]:
    """The distribution names of requirement strings (`dask[distributed]>=2024.1` → `dask`)."""
    return {re.split(r"[\[<>=!~; ]", requirement, maxsplit=1)[0].lower() for requirement in requirements}


def test_every_imported_package_is_declared() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    required = declared(project["dependencies"])
    optional = set().union(*(declared(extra) for name, extra in project["optional-dependencies"].items()
                             if name != "test"))
    imported = imported_packages()
    assert {"dd", "lark", "typer", "click"} <= set(imported)  # the scan sees the imports it is about
    undeclared = {name: files for name, files in imported.items()
                  if DISTRIBUTION.get(name, name) not in required | optional}
    assert not undeclared, f"imported but not in pyproject.toml's dependencies or extras: {undeclared}"
