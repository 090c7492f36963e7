"""The engine benchmark's bookkeeping (`benchmarks/engines.py`), without timing anything."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from benchmark_modules import load_benchmark

EXAMPLES = Path(__file__).resolve().parents[1] / "ispl_examples"


def engines() -> ModuleType:
    return load_benchmark("engines")


def run(*verdicts: bool | None, status: str = "ok", cpu: float = 1.0, wall: float | None = None):
    return engines().EngineRun(status=status, cpu=cpu, verdicts=list(verdicts), texts=["p", "q"][: len(verdicts)],
                               least_wall=cpu if wall is None else wall)


def test_different_definitive_verdicts_are_flagged_and_unknowns_are_not() -> None:
    runs = {"bdd": run(True, False), "sat": run(None, True), "auto": run(True, False)}
    found = engines().disagreements(runs)
    assert len(found) == 1 and found[0].startswith("ctlstark engines disagree: formula 2 `q`")


def test_an_mcmas_difference_is_named_as_such() -> None:
    runs = {"bdd": run(True), "sat": run(True), "auto": run(True), "mcmas": run(False)}
    assert engines().disagreements(runs)[0].startswith("ctlstark and MCMAS disagree")


def test_the_ratio_uses_the_fastest_engine_that_decided_everything() -> None:
    runs = {"bdd": run(True, cpu=2.0), "sat": run(None, cpu=0.5), "auto": run(True, cpu=2.1)}
    result = engines().judge(engines().Job(Path("m.ispl")), runs, startup_wall=0.05)
    assert result.fastest == "bdd" and round(result.auto_ratio, 2) == 1.05 and result.within_target


def test_the_target_is_judged_on_the_least_wall_time() -> None:
    """Both engines race on two cores: auto pays their CPU (1.9 × here) but answers within 1.10 × + start-up."""
    runs = {"bdd": run(True, cpu=1.0, wall=1.0), "sat": run(None, cpu=0.5, wall=0.5),
            "auto": run(True, cpu=1.9, wall=1.12)}
    result = engines().judge(engines().Job(Path("m.ispl")), runs, startup_wall=0.04)
    assert round(result.auto_ratio, 2) == 1.9 and round(result.auto_wall_ratio, 2) == 1.12 and result.within_target
    runs["auto"] = run(True, cpu=1.9, wall=1.15)
    assert not engines().judge(engines().Job(Path("m.ispl")), runs, startup_wall=0.04).within_target


def test_the_least_wall_time_is_kept_beside_the_least_cpu_run() -> None:
    runs = [engines().EngineRun(status="ok", cpu=1.0, wall=1.4), engines().EngineRun(status="ok", cpu=1.1, wall=1.2)]
    best = engines().least_cpu(runs)
    assert (best.cpu, best.wall, best.least_wall) == (1.0, 1.4, 1.2)


def test_a_timed_out_engine_is_not_the_fastest() -> None:
    runs = {"bdd": run(status="timeout", cpu=300.0), "sat": run(True, cpu=3.0), "auto": run(True, cpu=3.5)}
    assert engines().fastest_engine(runs) == "sat"


def test_mcmas_reads_a_copy_with_just_the_given_formulas(tmp_path: Path) -> None:
    copy = engines().mcmas_copy(EXAMPLES / "deadlock.ispl", ["AG !is_broken"], tmp_path)
    text = copy.read_text()
    assert "Formulae\n  AG !is_broken;\nend Formulae" in text and "EF is_broken" not in text


def test_command_line_formulas_replace_the_file_formulas() -> None:
    argv = engines().ctlstark_argv(Path("m.ispl"), "sat", ["AG p"], 60)
    assert argv[-6:] == ["--quiet", "-f", "AG p", "--only", "--bound", "60"]
    assert "--bound" not in engines().ctlstark_argv(Path("m.ispl"), "bdd", [], 60)


def test_the_sat_corpus_comparison_counts_agreements_formula_by_formula() -> None:
    counts = load_benchmark("sat_corpus").compare([str(EXAMPLES / "deadlock.ispl")], bound=10, timeout=60, skip=())
    assert counts["DISAGREE"] == 0 and counts["agree TRUE"] + counts["agree FALSE"] >= 3, counts
