"""The generated benchmark families are files MCMAS reads, and both tools give them the same verdicts.

`benchmarks/run.py --compare` times ctlstark against MCMAS on these files; a file MCMAS
rejects must show up as an error, never as a timing (issue 19: `dc_mcmas.py` once wrote a
CTL* formula without its keyword and the comparison timed a parse error).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmark_modules import load_benchmark
from ctlstark.api import check, load_model_text
from ctlstark.explicit import ExplicitChecker, ExplicitSystem
from ctlstark.mc.label import Checker
from ctlstark.symbolic.system import build_system

MCMAS = Path(__file__).resolve().parents[2] / "shared" / "mcmas" / "mcmas"
needs_mcmas = pytest.mark.skipif(not MCMAS.exists(), reason="the MCMAS binary (shared/mcmas/mcmas) is not available")


def run_module():
    return load_benchmark("run")


def readable_families() -> list[str]:
    return sorted(name for name, family in run_module().FAMILIES.items() if family.mcmas_reads)


@needs_mcmas
@pytest.mark.parametrize("family", readable_families())
def test_mcmas_reads_the_family_and_agrees_with_ctlstark(family: str, tmp_path: Path) -> None:
    corpus = load_benchmark("corpus")
    path = tmp_path / f"{family}3.ispl"
    path.write_text(run_module().FAMILIES[family].model_text(3), encoding="utf-8")
    mcmas = corpus.read_mcmas(corpus.run_process([str(MCMAS), str(path)], timeout=120), 120)
    assert mcmas.status == "ok", mcmas.error
    ctlstark_verdicts = [result.verdict for result in check(path).formulas]
    assert mcmas.verdicts == ctlstark_verdicts and len(ctlstark_verdicts) > 0


@needs_mcmas
def test_a_file_mcmas_rejects_is_an_error_row_not_a_timing(tmp_path: Path) -> None:
    """The CTL* formula without its keyword, as dc_mcmas.py once wrote it."""
    text = run_module().FAMILIES["dc_mcmas"].model_text(3).replace("CTL* A G", "A G")
    path = tmp_path / "dc_mcmas3.ispl"
    path.write_text(text, encoding="utf-8")
    corpus = load_benchmark("corpus")
    mcmas = corpus.read_mcmas(corpus.run_process([str(MCMAS), str(path)], timeout=120), 120)
    assert mcmas.status == "error" and "syntax error" in mcmas.error


def test_compare_refuses_a_family_mcmas_cannot_read() -> None:
    with pytest.raises(SystemExit) as stopped:
        run_module().main(["netbill", "--sizes", "2", "--compare", "mcmas {file}"])
    assert stopped.value.code == 2


@pytest.mark.parametrize("family, size", [("shell", "2:1"), ("shell", "3:2"), ("shell", "3"),
                                          ("shell_relift", "3:2"), ("cards", "3")])
@pytest.mark.parametrize("strategies", ["uniform", "uniform-objective", "uniform-pooled"])
def test_uniform_games_agree_with_the_oracle(family: str, size: str, strategies: str) -> None:
    """benchmarks/uniform_games.py's games at their smallest sizes: under each uniform reading every formula
    holds in the states where the oracle (which enumerates every uniform strategy) says it does, and the
    verdicts are the ones the module's docstring works out."""
    item = load_benchmark("uniform_games").game(family, size)
    model = load_model_text(item.text(), f"{family}.ispl")
    explicit = ExplicitSystem(model)
    oracle = ExplicitChecker(explicit, strategies=strategies)
    system = build_system(model)
    checker = Checker(system, strategies=strategies)
    verdicts = []
    for entry in model.formulae:
        expected = oracle.sat(entry.formula)
        assert system.states_of(checker.states(entry.formula)) == expected, entry.text
        verdicts.append(explicit.initial <= expected)
    assert [result.verdict for result in check(model, strategies=strategies).formulas] == verdicts
    assert verdicts == item.verdicts(strategies)


@pytest.mark.parametrize("family, size", [("shell", "5:4"), ("shell", "6:5"), ("shell_relift", "5:5"), ("cards", "6")])
@pytest.mark.parametrize("strategies", ["uniform", "uniform-objective", "uniform-pooled"])
def test_uniform_games_past_the_oracle_give_the_worked_out_verdicts(family: str, size: str, strategies: str) -> None:
    """Sizes where enumerating uniform strategies takes years (docs/performance.md): the verdicts are the ones
    the module's docstring works out."""
    item = load_benchmark("uniform_games").game(family, size)
    verdicts = [result.verdict for result in check(load_model_text(item.text(), f"{family}.ispl"),
                                                   strategies=strategies).formulas]
    assert verdicts == item.verdicts(strategies)


NUSMV = Path(__file__).resolve().parents[2] / "shared" / "nusmv" / "NuSMV"


@pytest.mark.skipif(not NUSMV.exists(), reason="NuSMV (shared/nusmv/) is not available")
@pytest.mark.parametrize("family", ["mutex", "ring", "dc"])
def test_nusmv_families_agree_with_nusmv(family: str, tmp_path: Path) -> None:
    """benchmarks/nusmv.py's families: NuSMV, given ctlstark's order, prints ctlstark's verdicts."""
    nusmv = load_benchmark("nusmv")
    row = nusmv.measure(family, 3, repeat=1, timeout=120, folder=tmp_path)
    assert row.ctlstark.status == row.nusmv.status == "ok", (row.ctlstark.error, row.nusmv.error)
    assert row.agreement == "agree" and len(row.nusmv.verdicts) >= 5, row.note
    assert set(row.nusmv.verdicts) == {True, False}
