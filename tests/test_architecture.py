"""The import rules of docs/architecture.md, read off the source with `ast`.

* Only the BDD backend module imports `dd`.
* The explicit-state oracle (`explicit/`) imports nothing of the symbolic engine, so its
  independence — what makes it an oracle — can be read off its imports.
* Production code imports nothing of the oracle: what it needs of the model's meaning
  on one state lives in `semantics/`.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "ctlstark"
SYMBOLIC_ENGINE = ("ctlstark.symbolic", "ctlstark.mc", "ctlstark.witness")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path) -> set[str]:
    """Every module `path` imports, relative imports resolved to absolute names."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            found.add(prefix)
            found.update(f"{prefix}.{alias.name}" for alias in node.names)
    return found


MODULES = sorted(PACKAGE.rglob("*.py"))


def _within(name: str, packages: tuple[str, ...]) -> bool:
    return any(name == package or name.startswith(package + ".") for package in packages)


def test_the_module_list_is_not_empty() -> None:
    assert len(MODULES) > 40 and any(path.name == "bdd.py" for path in MODULES)


@pytest.mark.parametrize("path", MODULES, ids=module_name)
def test_only_the_backend_imports_dd(path: Path) -> None:
    if module_name(path) == "ctlstark.symbolic.bdd":
        return
    assert not any(_within(name, ("dd",)) for name in imported_modules(path))


@pytest.mark.parametrize("path", [p for p in MODULES if module_name(p).startswith("ctlstark.explicit")],
                         ids=module_name)
def test_the_oracle_imports_nothing_of_the_symbolic_engine(path: Path) -> None:
    offending = sorted(name for name in imported_modules(path) if _within(name, SYMBOLIC_ENGINE))
    assert not offending


@pytest.mark.parametrize("path", [p for p in MODULES if not module_name(p).startswith("ctlstark.explicit")],
                         ids=module_name)
def test_production_imports_nothing_of_the_oracle(path: Path) -> None:
    offending = sorted(name for name in imported_modules(path) if _within(name, ("ctlstark.explicit",)))
    assert not offending


@pytest.mark.parametrize("path", [p for p in MODULES if module_name(p).startswith("ctlstark.semantics")],
                         ids=module_name)
def test_one_state_semantics_needs_only_the_model_and_the_logic(path: Path) -> None:
    allowed = ("ctlstark.model", "ctlstark.logic", "ctlstark.errors", "ctlstark.runtime", "ctlstark.semantics")
    offending = sorted(name for name in imported_modules(path)
                       if _within(name, ("ctlstark",)) and not _within(name, allowed))
    assert not offending


@pytest.mark.parametrize("path", [p for p in MODULES if module_name(p).startswith("ctlstark.runtime")],
                         ids=module_name)
def test_runtime_infrastructure_needs_nothing_of_the_pipeline(path: Path) -> None:
    offending = sorted(name for name in imported_modules(path)
                       if _within(name, ("ctlstark",)) and not _within(name, ("ctlstark.runtime", "ctlstark.errors")))
    assert not offending


@pytest.mark.parametrize("path", [p for p in MODULES if module_name(p).startswith("ctlstark.render")],
                         ids=module_name)
def test_the_render_stage_reads_plain_data_only(path: Path) -> None:
    """Rendering reads the pipeline's outputs (model, formulas, trace and strategy records, the report), never the engine.

    It may evaluate the model's expressions on one shown state (`semantics.expressions`,
    a function of the model alone): a trace step lists the propositions true there.
    """
    allowed = ("ctlstark.model", "ctlstark.logic", "ctlstark.render", "ctlstark.witness.trace",
               "ctlstark.semantics.expressions",  # the propositions true in a shown state
               "ctlstark.api",  # the report's types, for annotations
               "ctlstark.runtime.records",  # how its frozen records are made
               "ctlstark.runtime.deferred")  # how the package imports a module when one of its names is read
    offending = sorted(name for name in imported_modules(path)
                       if _within(name, ("ctlstark",)) and not _within(name, allowed))
    assert not offending


def test_one_spelling_of_booleans_in_the_outputs() -> None:
    """`true`/`false` is spelled by `render.values.value_text` alone (ISPL's printers and formula text aside)."""
    spellers = sorted(module_name(path) for path in MODULES
                      if '"true" if' in path.read_text(encoding="utf-8"))
    assert spellers == ["ctlstark.ispl.conditions", "ctlstark.ispl.format", "ctlstark.logic.formula",
                        "ctlstark.render.values"]
