"""Suites for `ctlstark batch`: a directory of .ispl files or a TOML manifest, read into plain job specs.

A job is one model with its formula set. The specs are plain, picklable data
(model text or a generator command, formulas, expected verdicts), so they can
travel to a Dask worker in another process or on another machine. A malformed
manifest raises `SuiteError` with a located message: `file:line:col` for TOML
syntax, the key path (`generator[1].parameters.n`, entries counted from 1) for
anything else.
"""

from __future__ import annotations

import itertools
import os
import re
import shlex
import sys
import tomllib
from pathlib import Path
from typing import Any

from ..runtime.records import record
from ..semantics.strategies import STRATEGY_SEMANTICS

MODEL_KEYS = ("name", "path", "formulas", "only", "expect", "strategies")
GENERATOR_KEYS = ("name", "command", "parameters", "output", "formulas", "only", "expect", "strategies")
SUITE_KEYS = ("name", "model", "generator")
RANGE_KEYS = ("from", "to", "step")
_TOML_PLACE = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")
_NATURAL_CHUNK = re.compile(r"(\d+)")


class SuiteError(Exception):
    """The suite cannot be read: the message says where (`file:line:col` or `file: key.path`) and why."""


@record
class Expectation:
    """The verdict expected of one formula, named by its 1-based index or by its text."""

    formula: int | str
    verdict: bool


@record
class Generator:
    """A command that writes ISPL, on standard output or (with `output`) to a file, run in `cwd`."""

    argv: tuple[str, ...]
    cwd: str
    output: str | None = None

    @property
    def command_line(self) -> str:
        return shlex.join(self.argv)


@record
class JobSpec:
    """One job: a model (its text, or a generator that writes it), extra formulas, expectations."""

    name: str
    source: str
    """Where the model comes from, for people: a path or a command line."""
    model_text: str | None = None
    generator: Generator | None = None
    formulas: tuple[str, ...] = ()
    file_formulae: bool = True
    expectations: tuple[Expectation, ...] = ()
    strategies: str = "perfect"
    """The reading of `<g>` (`semantics.strategies.STRATEGY_SEMANTICS`)."""

    @property
    def file_label(self) -> str:
        """The file name diagnostics and the model's name come from."""
        return self.source if self.generator is None else f"{self.name}.ispl"


@record
class Suite:
    """A named list of jobs, sorted by name (numbers in names compare as numbers)."""

    name: str
    path: str
    jobs: tuple[JobSpec, ...]


def natural_key(text: str) -> tuple:
    """Sort key where digit runs compare as numbers: `dc[n=9]` < `dc[n=10]` < `dc[n=100]`."""
    return tuple(int(chunk) if chunk.isdigit() else chunk for chunk in _NATURAL_CHUNK.split(text))


def load_suite(path: str | Path) -> Suite:
    """The suite at `path`: a directory of `.ispl` files, one `.ispl` file, or a TOML manifest."""
    suite_path = Path(path)
    if suite_path.is_dir():
        return _directory_suite(suite_path)
    if suite_path.suffix == ".ispl":
        return Suite(suite_path.stem, str(path), (_path_job(suite_path.stem, suite_path, str(path)),))
    if not suite_path.is_file():
        raise SuiteError(f"{path}: error: no such suite (a directory of .ispl files or a .toml manifest)")
    return _manifest_suite(suite_path)


def _directory_suite(directory: Path) -> Suite:
    """Every `.ispl` file under `directory`, each checked against its own Formulae, no expectations."""
    files = sorted(directory.rglob("*.ispl"))
    if not files:
        raise SuiteError(f"{directory}: error: no .ispl files in this directory")
    jobs = [_path_job(file.relative_to(directory).with_suffix("").as_posix(), file, str(file)) for file in files]
    return Suite(directory.name, str(directory), tuple(sorted(jobs, key=lambda job: natural_key(job.name))))


def _path_job(name: str, file: Path, label: str, **details: Any) -> JobSpec:
    text = _read_model(file, label)
    return JobSpec(name=name, source=label, model_text=text, **details)


def _read_model(file: Path, label: str) -> str:
    try:
        return file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise SuiteError(f"{label}: error: cannot read the model: {getattr(error, 'strerror', None) or error}") \
            from None


def _manifest_suite(manifest: Path) -> Suite:
    try:
        document = tomllib.loads(manifest.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise SuiteError(_located_toml_error(manifest, error)) from None
    except (OSError, UnicodeDecodeError) as error:
        raise SuiteError(f"{manifest}: error: cannot read: {getattr(error, 'strerror', None) or error}") from None
    return _ManifestReader(manifest).suite(document)


def _located_toml_error(manifest: Path, error: tomllib.TOMLDecodeError) -> str:
    """`file:line:col: error: message` from tomllib's `message (at line L, column C)`."""
    text = str(error)
    place = _TOML_PLACE.search(text)
    if place is None:
        return f"{manifest}: error: {text}"
    return f"{manifest}:{place.group(1)}:{place.group(2)}: error: {text[:place.start()]}"


class _ManifestReader:
    """Checks a parsed manifest and turns its entries into job specs; the first problem raises `SuiteError`."""

    def __init__(self, manifest: Path):
        self.manifest = manifest
        self.directory = Path(os.path.normpath(manifest.parent))
        self.entry = ""  # the path or name of the entry being read, for messages

    def fail(self, where: str, message: str) -> SuiteError:
        entry = f" (in the entry of {self.entry})" if self.entry else ""
        return SuiteError(f"{self.manifest}: error: {where}: {message}{entry}")

    def suite(self, document: dict[str, Any]) -> Suite:
        self.unknown_keys(document, SUITE_KEYS, "the top level")
        name = document.get("name", self.manifest.stem)
        if not isinstance(name, str):
            raise self.fail("name", "must be a string")
        jobs: list[JobSpec] = []
        for index, entry in enumerate(self.entries(document, "model"), start=1):
            jobs.append(self.model_job(entry, f"model[{index}]"))
        for index, entry in enumerate(self.entries(document, "generator"), start=1):
            jobs += self.generator_jobs(entry, f"generator[{index}]")
        self.entry = ""
        if not jobs:
            raise self.fail("the top level", "no [[model]] or [[generator]] entries")
        self.no_duplicate_names(jobs)
        return Suite(name, str(self.manifest), tuple(sorted(jobs, key=lambda job: natural_key(job.name))))

    def entries(self, document: dict[str, Any], key: str) -> list[dict[str, Any]]:
        entries = document.get(key, [])
        if not isinstance(entries, list) or not all(isinstance(entry, dict) for entry in entries):
            raise self.fail(key, f"must be an array of tables, written [[{key}]]")
        return entries

    def unknown_keys(self, table: dict[str, Any], allowed: tuple[str, ...], where: str) -> None:
        for key in table:
            if key not in allowed:
                raise self.fail(where, f"unknown key {key!r} (expected one of: {', '.join(allowed)})")

    def model_job(self, entry: dict[str, Any], where: str) -> JobSpec:
        self.entry = ""
        self.unknown_keys(entry, MODEL_KEYS, where)
        path = entry.get("path")
        if not isinstance(path, str) or not path:
            raise self.fail(f"{where}.path", "a model needs a path (a string, relative to the manifest)")
        self.entry = path
        file = Path(os.path.normpath(self.directory / path))
        if not file.is_file():
            raise self.fail(f"{where}.path", f"no such file: {file}")
        name = self.string(entry, "name", where, default=file.stem)
        return _path_job(name, file, str(file), **self.formula_set(entry, where))

    def generator_jobs(self, entry: dict[str, Any], where: str) -> list[JobSpec]:
        self.entry = ""
        self.unknown_keys(entry, GENERATOR_KEYS, where)
        name = self.string(entry, "name", where)
        if not name:
            raise self.fail(f"{where}.name", "a generator needs a name (a string): its jobs are called name[n=…]")
        self.entry = name
        command = self.string(entry, "command", where)
        if not command:
            raise self.fail(f"{where}.command", "a generator needs a command (a string)")
        try:
            template = shlex.split(command)
        except ValueError as error:
            raise self.fail(f"{where}.command", str(error)) from None
        output = entry.get("output")
        if output is not None and not (isinstance(output, str) and output):
            raise self.fail(f"{where}.output", "must be a file name (a string); leave it out for standard output")
        details = self.formula_set(entry, where)
        return [self.generator_job(name, template, output, values, details, where)
                for values in self.parameter_sets(entry.get("parameters", {}), f"{where}.parameters")]

    def generator_job(self, name: str, template: list[str], output: str | None, values: dict[str, Any],
                      details: dict[str, Any], where: str) -> JobSpec:
        """The job of one combination of parameter values, called `name[p=v,…]`."""
        label = name + ("[" + ",".join(f"{key}={value}" for key, value in values.items()) + "]" if values else "")
        argv = tuple(self.substitute(part, values, f"{where}.command") for part in template)
        written = None
        if output is not None:
            written = str(self.directory / self.substitute(output, values, f"{where}.output"))
        generator = Generator(argv=argv, cwd=str(self.directory.resolve()), output=written)
        return JobSpec(name=label, source=generator.command_line, generator=generator, **details)

    def string(self, entry: dict[str, Any], key: str, where: str, default: str = "") -> str:
        value = entry.get(key, default)
        if not isinstance(value, str):
            raise self.fail(f"{where}.{key}", f"must be a string, not {_toml_type(value)}")
        return value

    def substitute(self, template: str, values: dict[str, Any], where: str) -> str:
        """`{name}` replaced by the parameter's value, `{python}` by this Python interpreter."""
        try:
            return template.format_map({"python": sys.executable, **values})
        except KeyError as missing:
            raise self.fail(where, f"unknown placeholder {{{missing.args[0]}}} (parameters: "
                                   f"{', '.join(values) or 'none'}; also {{python}})") from None
        except (ValueError, IndexError) as error:
            raise self.fail(where, f"bad placeholder: {error} (write {{{{ and }}}} for literal braces)") from None

    def parameter_sets(self, parameters: Any, where: str) -> list[dict[str, Any]]:
        """Every combination of the parameters' values, the first parameter varying slowest."""
        if not isinstance(parameters, dict):
            raise self.fail(where, "must be a table: name = [values] or name = { from = A, to = B, step = S }")
        names = list(parameters)
        value_lists = [self.parameter_values(parameters[key], f"{where}.{key}") for key in names]
        return [dict(zip(names, combination)) for combination in itertools.product(*value_lists)]

    def parameter_values(self, values: Any, where: str) -> list[Any]:
        if isinstance(values, dict):
            return self.parameter_range(values, where)
        if not isinstance(values, list) or not values:
            raise self.fail(where, "must be a non-empty list of values or { from = A, to = B, step = S }")
        for value in values:
            if isinstance(value, (dict, list)):
                raise self.fail(where, f"values must be numbers or strings, not {_toml_type(value)}")
        return values

    def parameter_range(self, bounds: dict[str, Any], where: str) -> list[int]:
        self.unknown_keys(bounds, RANGE_KEYS, where)
        start, stop, step = bounds.get("from"), bounds.get("to"), bounds.get("step", 1)
        if not all(isinstance(value, int) and not isinstance(value, bool) for value in (start, stop, step)):
            raise self.fail(where, "from, to (and step) must be integers; to is included")
        if step <= 0 or stop < start:
            raise self.fail(where, f"empty range: from = {start}, to = {stop}, step = {step}")
        return list(range(start, stop + 1, step))

    def formula_set(self, entry: dict[str, Any], where: str) -> dict[str, Any]:
        """The entry's extra formulas, whether the file's Formulae count (`only`), and the expectations."""
        only = entry.get("only", False)
        if not isinstance(only, bool):
            raise self.fail(f"{where}.only", "must be true or false")
        formulas, expectations = self.extra_formulas(entry.get("formulas", []), f"{where}.formulas")
        expectations += self.expectations(entry.get("expect", []), f"{where}.expect")
        if only and not formulas:
            raise self.fail(f"{where}.only", "only = true needs formulas to check")
        strategies = entry.get("strategies", "perfect")
        if strategies not in STRATEGY_SEMANTICS:
            raise self.fail(f"{where}.strategies", f"must be one of {', '.join(STRATEGY_SEMANTICS)}")
        return {"formulas": tuple(formulas), "file_formulae": not only, "expectations": tuple(expectations),
                "strategies": strategies}

    def extra_formulas(self, entries: Any, where: str) -> tuple[list[str], list[Expectation]]:
        """Formulas as strings, or tables `{ text = "…", expect = true }`."""
        if not isinstance(entries, list):
            raise self.fail(where, "must be a list of formulas (strings or { text = …, expect = … })")
        formulas, expectations = [], []
        for index, item in enumerate(entries, start=1):
            place = f"{where}[{index}]"
            if isinstance(item, dict):
                self.unknown_keys(item, ("text", "expect"), place)
                text = item.get("text")
                if "expect" in item:
                    expectations.append(Expectation(self.formula_text(text, place), self.verdict(item["expect"],
                                                                                                   f"{place}.expect")))
            else:
                text = item
            formulas.append(self.formula_text(text, place))
        return formulas, expectations

    def formula_text(self, text: Any, where: str) -> str:
        if not isinstance(text, str) or not text.strip():
            raise self.fail(where, "a formula must be a non-empty string")
        return text

    def expectations(self, expect: Any, where: str) -> list[Expectation]:
        """`[true, false, …]` by position, or a table keyed by 1-based index or formula text."""
        if isinstance(expect, list):
            return [Expectation(index, self.verdict(value, f"{where}[{index}]"))
                    for index, value in enumerate(expect, start=1)]
        if isinstance(expect, dict):
            return [Expectation(self.formula_key(key, f"{where}.{key}"), self.verdict(value, f"{where}.{key}"))
                    for key, value in expect.items()]
        raise self.fail(where, "must be a list of true/false (by position) or a table "
                               "{ 1 = true, \"AG p\" = false } (by index or formula text)")

    def formula_key(self, key: str, where: str) -> int | str:
        if key.strip().isdigit():
            index = int(key)
            if index < 1:
                raise self.fail(where, "formulas are numbered from 1")
            return index
        return self.formula_text(key, where)

    def verdict(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(where, f"an expected verdict is true or false, not {_toml_value(value)}")
        return value

    def no_duplicate_names(self, jobs: list[JobSpec]) -> None:
        seen: dict[str, JobSpec] = {}
        for job in jobs:
            if job.name in seen:
                raise self.fail("name", f"two jobs are called {job.name!r} ({seen[job.name].source} and "
                                        f"{job.source}); give one a different name = …")
            seen[job.name] = job


def _toml_type(value: Any) -> str:
    return {bool: "a boolean", int: "an integer", float: "a float", str: "a string", list: "an array",
            dict: "a table"}.get(type(value), type(value).__name__)


def _toml_value(value: Any) -> str:
    return f"{_toml_type(value)} ({value!r})" if isinstance(value, (str, int, float)) else _toml_type(value)
