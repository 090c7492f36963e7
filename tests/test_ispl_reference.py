"""The front end on MCMAS's own example models (read from shared/ispl-reference, never copied).

* every model MCMAS accepted (ok / ok with a crash at exit / TIMEOUT / CRASH
  while checking) parses and resolves; every model it rejected is rejected
  with a diagnostic;
* every formula MCMAS checked is read as MCMAS read it: MCMAS printed each
  formula fully parenthesised; that print, read in our default mode, must
  give our tree for the formula (modulo `A s` = `s` for state formulas).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest

from ctlstark.errors import IsplError
from ctlstark.ispl import parse_formula, parse_model
from ctlstark.ispl.formulas import infinite_reading, strip_state_quantifiers
from ctlstark.logic.formula import to_text
from ctlstark.model import Model
from reference_corpus import REFERENCE

SUMMARY = REFERENCE / "results" / "summary.json"
ACCEPTED = {"ok", "ok (segfault at exit)", "TIMEOUT", "CRASH"}
REJECTED = {"parse error", "semantic error"}

pytestmark = pytest.mark.skipif(not SUMMARY.is_file(), reason="shared/ispl-reference is not available")


def summary_entries() -> list[dict]:
    if not SUMMARY.is_file():
        return []
    return json.loads(SUMMARY.read_text())


def model_path(entry: dict) -> Path:
    folder = REFERENCE / entry["source"]
    if not folder.is_dir():  # e.g. "mcmas-1.3.0-vanilla-binary": same file, another binary
        folder = REFERENCE / entry["source"].replace("-vanilla-binary", "")
    return folder / f"{entry['model']}.ispl"


def entry_id(entry: dict) -> str:
    """`source/model`, the test id of one summary entry."""
    return f"{entry['source']}/{entry['model']}"


@lru_cache(maxsize=None)
def load(path: Path) -> Model:
    return parse_model(path.read_text(), str(path))


ENTRIES = summary_entries()
LARGE_MODEL_BYTES = 400_000  # the generated GDL models of ~700 KB take seconds each: run with -m slow


def params(entries: list[dict]) -> list:
    """One pytest parameter per entry; the very large models are marked slow."""
    result = []
    for entry in entries:
        path = model_path(entry)
        large = path.is_file() and path.stat().st_size > LARGE_MODEL_BYTES
        result.append(pytest.param(entry, id=entry_id(entry), marks=[pytest.mark.slow] if large else []))
    return result


@pytest.mark.parametrize("entry", params([e for e in ENTRIES if e["status"] in ACCEPTED]))
def test_models_mcmas_accepted_parse(entry):
    model = load(model_path(entry))
    assert model.agents[0].name == "Environment"
    assert len(model.formulae) >= len(entry["formulas"])


@pytest.mark.parametrize("entry", params([e for e in ENTRIES if e["status"] in REJECTED]))
def test_models_mcmas_rejected_are_rejected(entry):
    path = model_path(entry)
    with pytest.raises(IsplError) as caught:
        parse_model(path.read_text(), str(path))
    diagnostic = caught.value.diagnostics[0]
    assert diagnostic.file == str(path) and diagnostic.line >= 1 and diagnostic.message


@pytest.mark.parametrize("entry", params([e for e in ENTRIES if e["status"] in ACCEPTED and e["formulas"]]))
def test_formulas_read_as_mcmas_printed_them(entry):
    model = load(model_path(entry))
    mismatches = []
    for printed in entry["formulas"]:
        ours = model.formulae[printed["n"] - 1]
        text = printed["text"].replace("&&", "and").replace("||", "or")
        theirs = parse_formula(text, model, source="mcmas").formula
        if ours.mode != "default":  # MCMAS's LTL/CTL* entries quantify over infinite paths only
            theirs = infinite_reading(theirs)
        if strip_state_quantifiers(theirs) != strip_state_quantifiers(ours.formula):
            mismatches.append((ours.text, to_text(ours.formula), printed["text"]))
    assert mismatches == []


def test_precedence_probes_are_covered():
    probes = [e for e in ENTRIES if e["source"] == "probes" and e["model"].startswith("precedence_")]
    assert len(probes) == 2 and sum(len(e["formulas"]) for e in probes) == 52
