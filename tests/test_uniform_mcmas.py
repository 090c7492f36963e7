"""Uniform strategies against MCMAS 1.3.0's `-atlk 2`, live, on the ATL reference models.

`ctlstark check --strategies uniform-pooled` and `mcmas -atlk 2` compute the same
thing for one-agent groups on models without a `Fairness` section (docs/differences.md,
"ATL under imperfect information"): `<g>ψ` holds at q when one uniform memoryless
strategy of g wins ψ from every reachable state g cannot tell apart from q. For groups
of two or more agents MCMAS joins the members' strategies by union (a known MCMAS
defect), and with a Fairness section it counts only fair outcomes; so only formulas
whose every `<g>` names a one-agent group are compared. None of the models below has
a (non-empty) Fairness section.

Each model is given to MCMAS as a scratch copy (in pytest's `tmp_path`, never in the
repository) whose `Formulae` section holds just those formulas, in file order: MCMAS
then spends no time on the others and cannot refuse the file for one of them
(`ispl_examples/pennies.ispl` formula 11 writes `true`, which MCMAS does not parse).
MCMAS's output is read with the corpus benchmark's parser (`benchmarks/corpus.py`,
which also counts a run that crashes while freeing memory after its last verdict, as
the GDL translations make it, as complete). ctlstark checks the same entries of the
original file in-process.

Compared by default (both tools under 5 s together; formulas compared):

* `gdl-to-ispl/blocks` (3), `gdl-to-ispl/switches` (2)
* `mcmas-1.3.0/Tianji_horse_racing_game` (3), `mcmas-1.3.0/card_games` (1),
  `mcmas-1.3.0/simple_card_game` (1)
* `py-mcmas/card_games` (1)
* `ispl_examples/blind_lift` (1), `ispl_examples/combination_lock` (3),
  `ispl_examples/pennies` (5), `ispl_examples/shell_game` (6), `ispl_examples/two_guards` (3)

29 formulas on 11 models; `SLOW_MODELS` (run under `-m slow`) is empty. `mcmas-multi-coalitions/tmp`
is left out: MCMAS `-atlk 2` runs past ten minutes on its one such formula.

The other GDL translations with one-agent ATL formulas are left out: MCMAS's `-atlk 2`
enumerates uniform strategies and does not finish them in 120 s (hanoi and nim1 not in
600 s either; bunk_t and doubletictactoe crash it with SIGSEGV; measured 2026-11-27 on a
loaded 2-core machine), so a test of them could only time out.

Skipped when the MCMAS binary (shared/mcmas/mcmas, beside the checkout) is not there or
does not run on this machine image; reference models are skipped when shared/ispl-reference
is absent.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from benchmark_modules import load_benchmark
from reference_corpus import REFERENCE
from test_mcmas_live import MCMAS  # importing it skips this module too when the binary is absent or does not run

from ctlstark import check, load_model
from ctlstark.logic import formula as f
from ctlstark.model import Model

EXAMPLES = Path(__file__).resolve().parents[1] / "ispl_examples"
TIMEOUT = 600.0  # per MCMAS run: a hung MCMAS fails the test instead of blocking the run

# (folder, model) -> the number of formulas compared (every <g> a one-agent group);
# SLOW_MODELS: those where MCMAS or ctlstark needs over 5 s.
# The folder is a reference source under shared/ispl-reference, or "ispl_examples".
MODELS: dict[tuple[str, str], int] = {
    ("gdl-to-ispl", "blocks"): 3,
    ("gdl-to-ispl", "switches"): 2,
    ("mcmas-1.3.0", "Tianji_horse_racing_game"): 3,
    ("mcmas-1.3.0", "card_games"): 1,
    ("mcmas-1.3.0", "simple_card_game"): 1,
    ("py-mcmas", "card_games"): 1,
    ("ispl_examples", "blind_lift"): 1,
    ("ispl_examples", "combination_lock"): 3,
    ("ispl_examples", "pennies"): 5,
    ("ispl_examples", "shell_game"): 6,
    ("ispl_examples", "two_guards"): 3,
}
SLOW_MODELS: dict[tuple[str, str], int] = {}

FORMULAE = re.compile(r"^[ \t]*Formulae\b.*?^[ \t]*end[ \t]+Formulae\b", re.M | re.S)


def model_path(folder: str, name: str) -> Path:
    return (EXAMPLES if folder == "ispl_examples" else REFERENCE / folder) / f"{name}.ispl"


def _params() -> list[object]:
    params = []
    for models, marks in ((MODELS, []), (SLOW_MODELS, [pytest.mark.slow])):
        for (folder, name), count in models.items():
            params.append(pytest.param(folder, name, count, id=f"{folder}/{name}", marks=marks))
    return params


@cache
def corpus():
    """benchmarks/corpus.py: the project's reader of MCMAS's output and its timed child-process runner."""
    return load_benchmark("corpus")


def strategic_groups(formula: f.Formula) -> list[str]:
    """The groups of every `<g>` in the formula."""
    found = [formula.group] if isinstance(formula, f.ATL) else []
    return found + [group for child in f.children(formula) for group in strategic_groups(child)]


def one_agent_atl(model: Model) -> list[int]:
    """The indices of the model's formulas with at least one `<g>`, every one of a one-agent group."""
    chosen = []
    for index, entry in enumerate(model.formulae):
        groups = strategic_groups(entry.formula)
        if groups and all(len(model.groups[group]) == 1 for group in groups):
            chosen.append(index)
    return chosen


def with_formulae(text: str, formulas: list[str]) -> str:
    """The ISPL text with its Formulae section replaced by these formulas."""
    section = "Formulae\n" + "".join(f"  {formula.strip()};\n" for formula in formulas) + "end Formulae"
    replaced, count = FORMULAE.subn(lambda _: section, text)
    assert count == 1, "expected one Formulae section"
    return replaced


def mcmas_atlk2(path: Path) -> list[bool]:
    """MCMAS's `-atlk 2` verdicts on the file, in order."""
    tools = corpus()
    run = tools.read_mcmas(tools.run_process([str(MCMAS), "-atlk", "2", str(path)], TIMEOUT), TIMEOUT)
    assert run.status == "ok", f"MCMAS -atlk 2: {run.error}"
    return run.verdicts


@pytest.mark.parametrize(("folder", "name", "count"), _params())
def test_uniform_pooled_agrees_with_mcmas_atlk2(tmp_path: Path, folder: str, name: str, count: int) -> None:
    path = model_path(folder, name)
    if folder != "ispl_examples" and not path.is_file():
        pytest.skip("the MCMAS reference models (shared/ispl-reference) are not available")
    model = load_model(path)
    assert not model.fairness, "with a Fairness section MCMAS -atlk 2 counts only fair outcomes"
    chosen = one_agent_atl(model)
    assert len(chosen) == count, f"formulas with one-agent groups only: {[i + 1 for i in chosen]}"

    scratch = tmp_path / path.name
    text = path.read_text(encoding="utf-8", errors="replace")
    scratch.write_text(with_formulae(text, [model.formulae[i].text for i in chosen]), encoding="utf-8")
    theirs = mcmas_atlk2(scratch)
    assert len(theirs) == count, f"MCMAS printed {len(theirs)} verdicts for {count} formulas"

    report = check(model, [model.formulae[i] for i in chosen], file_formulae=False, strategies="uniform-pooled")
    ours = [result.verdict for result in report.formulas]
    differing = [f"formula {i + 1} {model.formulae[i].text!r}: ctlstark {a}, MCMAS -atlk 2 {b}"
                 for i, a, b in zip(chosen, ours, theirs) if a != b]
    assert not differing, "\n".join(differing)

