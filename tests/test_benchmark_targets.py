"""The target evaluations of `benchmarks/targets.py`, on hand-made rows: nothing is run or timed here."""

from __future__ import annotations

import math

import pytest

from benchmark_modules import load_benchmark

targets = load_benchmark("targets")
# The classes targets.py builds its rows from (benchmarks_corpus would be another module object).
corpus, run, nusmv = targets.corpus, targets.run, targets.nusmv


def tool_run(cpu: float, rss: float = 20.0, status: str = "ok", verdicts: int = 2) -> corpus.Run:
    return corpus.Run(status=status, cpu=cpu, wall=cpu, peak_rss_mb=rss, parent_rss_mb=17.0, exit_code=0,
                      verdicts=[True] * verdicts if status == "ok" else [],
                      error=None if status == "ok" else f"{status} (200 s)", cpu_all_runs=[cpu])


def corpus_row(model: str, ours: float, mcmas: float, agreement: str = "agree", ours_rss: float = 20.0,
               mcmas_rss: float = 20.0, mcmas_status: str = "ok") -> corpus.ModelResult:
    return corpus.ModelResult(model, tool_run(ours, ours_rss), tool_run(mcmas, mcmas_rss, mcmas_status), agreement, "")


def family_row(family: str, n: int, ours: float, mcmas: float, agreement: str = "agree",
               ours_rss: float = 20.0, mcmas_rss: float = 20.0) -> targets.FamilyRow:
    row = run.Row(n=n, cpu=ours, peak_rss_mb=ours_rss, verdicts="TT", other=tool_run(mcmas, mcmas_rss),
                  agreement=agreement)
    return targets.FamilyRow(family, row)


def comparisons(*rows: corpus.ModelResult, families: tuple[targets.FamilyRow, ...] = ()) -> list:
    return targets.comparisons(list(rows), list(families))


def small(model: str, cpu: float, mcmas: float = 0.01, status: str = "ok") -> targets.SmallModel:
    return targets.SmallModel(model, 100, tool_run(cpu, status=status), mcmas)


# ---------------------------------------------------------------- target 1


def test_a_ratio_above_one_where_mcmas_needs_a_second_fails_target_1() -> None:
    rows = comparisons(corpus_row("gdl-to-ispl/hanoi", 1.2, 1.0), corpus_row("gdl-to-ispl/chomp", 1.0, 5.0))
    result = targets.mcmas_ratio_target(rows)
    assert result.holds is False
    assert "gdl-to-ispl/hanoi 1.20" in result.measured


def test_rows_where_mcmas_needs_less_than_a_second_are_ignored() -> None:
    rows = comparisons(corpus_row("mcmas-1.3.0/card_games", 2.5, 0.5), corpus_row("gdl-to-ispl/chomp", 1.0, 5.0))
    result = targets.mcmas_ratio_target(rows)
    assert result.holds is True
    assert result.measured.startswith("1 rows (1 corpus models, 0 family rows)")
    assert "card_games" not in result.measured


def test_family_rows_count_with_the_corpus_rows() -> None:
    rows = comparisons(corpus_row("gdl-to-ispl/chomp", 1.0, 5.0),
                       families=(family_row("muddy", 16, 0.5, 6.0), family_row("muddy", 3, 0.3, 0.01),
                                 family_row("tgc_partial", 12, 1.5, 1.0)))
    result = targets.mcmas_ratio_target(rows)
    assert result.holds is False
    assert result.measured.startswith("3 rows (1 corpus models, 2 family rows)")  # muddy N = 3: MCMAS 0.01 s
    assert "tgc_partial N = 12 1.50" in result.measured


def test_nothing_slow_for_mcmas_means_not_measured() -> None:
    result = targets.mcmas_ratio_target(comparisons(corpus_row("mcmas-1.3.0/card_games", 0.1, 0.01)))
    assert result.holds is None


def test_mcmas_timeout_gives_no_ratio_and_is_reported_without_failing() -> None:
    rows = comparisons(corpus_row("gdl-to-ispl/chomp", 1.0, 5.0),
                       corpus_row("mcmas-multi-coalitions/tmp", 0.7, 200.0, agreement="n/a", mcmas_status="timeout"))
    result = targets.mcmas_ratio_target(rows)
    assert result.holds is True
    assert "no ratio: mcmas-multi-coalitions/tmp (MCMAS timeout (200 s), ctlstark 0.70 s)" in result.measured


def test_ctlstark_failing_where_mcmas_finished_fails_target_1() -> None:
    row = corpus.ModelResult("gdl-to-ispl/chomp", tool_run(200.0, status="timeout"), tool_run(5.0), "n/a", "")
    result = targets.mcmas_ratio_target(comparisons(row))
    assert result.holds is False and "ctlstark timeout" in result.measured


def test_geometric_mean_over_the_slow_rows() -> None:
    rows = comparisons(corpus_row("a", 0.1, 1.0), corpus_row("b", 4.0, 10.0), corpus_row("small", 0.1, 0.01))
    result = targets.geomean_target(rows)
    assert result.holds is True
    assert result.measured.startswith(f"{math.sqrt(0.1 * 0.4):.3f} over 2 rows")


def test_geometric_mean_above_the_bar_fails() -> None:
    rows = comparisons(corpus_row("a", 0.5, 1.0), corpus_row("b", 0.3, 1.0))
    result = targets.geomean_target(rows)
    assert result.holds is False and result.measured.startswith(f"{math.sqrt(0.15):.3f}")


def test_geometric_mean_names_the_corpus_alone_when_families_change_it() -> None:
    rows = comparisons(corpus_row("a", 0.4, 1.0), families=(family_row("muddy", 16, 0.1, 1.0),))
    assert "(0.400 over the corpus models alone)" in targets.geomean_target(rows).measured


# ---------------------------------------------------------------- verdicts


def test_a_verdict_disagreement_fails_the_row_and_the_run() -> None:
    rows = comparisons(corpus_row("gdl-to-ispl/chomp", 0.5, 5.0, agreement="DIFFER"),
                       corpus_row("mcmas-1.3.0/card_games", 0.1, 0.01))
    ratio = targets.mcmas_ratio_target(rows)
    assert ratio.holds is False and "verdicts DIFFER" in ratio.measured
    verdicts = targets.verdicts_target(rows, [])
    assert verdicts.holds is False and "VERDICTS DIFFER: gdl-to-ispl/chomp" in verdicts.measured
    assert targets.verdicts_differ([ratio, verdicts])


def test_a_small_model_disagreeing_fails_the_verdicts_row() -> None:
    rows = comparisons(corpus_row("mcmas-1.3.0/card_games", 0.1, 0.01, agreement="DIFFER"))
    assert targets.verdicts_target(rows, []).holds is False


def test_verdicts_counted_over_mcmas_and_nusmv_rows() -> None:
    rows = comparisons(corpus_row("a", 0.1, 0.01), corpus_row("b", 0.1, 0.01, agreement="n/a"))
    nusmv_rows = [nusmv.Row("mutex", 64, tool_run(0.3), tool_run(1.0), "agree", "5 formulas")]
    result = targets.verdicts_target(rows, nusmv_rows)
    assert result.holds is True
    assert result.measured.startswith("2 agree, 0 differ, 1 n/a")
    assert not targets.verdicts_differ([result])


# ---------------------------------------------------------------- target 2


def test_small_model_count() -> None:
    models = [small("a", 0.11), small("b", 0.12), small("c", 0.13, mcmas=0.05)]
    result = targets.small_model_target(models, startup=0.08)
    assert result.holds is False
    assert result.measured.startswith("2 of 3 hold")
    assert "c 0.130 s (MCMAS 0.050 s)" in result.measured


def test_small_models_all_within_hold() -> None:
    assert targets.small_model_target([small("a", 0.11), small("b", 0.09)], startup=0.08).holds is True


def test_a_failed_small_model_does_not_hold() -> None:
    result = targets.small_model_target([small("a", 0.11), small("broken", 0.0, status="error")], startup=0.08)
    assert result.holds is False and "broken: ctlstark error" in result.measured


def test_startup_reading_subtracts_the_bare_interpreter_and_judges_nothing() -> None:
    models = [small("a", 0.15), small("b", 0.20)]
    reading = targets.small_model_startup_reading(models, startup=0.08)
    assert reading.holds is None
    assert reading.measured.startswith("1 of 2 within")  # 0.07 ≤ 0.092 < 0.12
    assert "b 0.120 s" in reading.measured

def test_small_models_get_their_further_runs_in_passes_and_keep_the_least(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    answers = {"a": iter([0.09, 0.30]), "b": iter([0.20, 0.05]), "broken": iter([])}

    def fake_run(path: object, timeout: float) -> corpus.Run:
        asked.append(str(path))
        cpu = next(answers[str(path)])
        return tool_run(cpu, status="ok" if cpu < 0.25 else "timeout")

    monkeypatch.setattr(targets, "ctlstark_run", fake_run)
    monkeypatch.setattr(targets, "progress", lambda text: None)
    models = [small("a", 0.10), small("b", 0.10), small("broken", 0.0, status="error")]
    targets.more_small_runs(models, {"a": "a", "b": "b", "broken": "broken"}, runs=3, timeout=1.0)
    assert asked == ["a", "b", "a", "b"]  # one run of each model per pass; a failed model is not rerun
    assert models[0].ctlstark.status == "timeout"  # a failed run is never hidden by a faster one
    assert models[1].ctlstark.cpu == 0.05 and models[1].ctlstark.cpu_all_runs == [0.10, 0.20, 0.05]



@pytest.mark.parametrize(("lines", "mcmas", "expected"), [
    (250, tool_run(0.99), True), (251, tool_run(0.01), False), (100, tool_run(1.0), False),
    (100, tool_run(0.01, status="error"), False), (100, tool_run(200.0, status="timeout"), False)])
def test_what_counts_as_a_small_model(lines: int, mcmas: corpus.Run, expected: bool) -> None:
    assert targets.is_small(lines, mcmas) is expected


# ---------------------------------------------------------------- target 3


def test_peak_rss_ratio_where_mcmas_uses_50_mb() -> None:
    rows = comparisons(corpus_row("gdl-to-ispl/chomp", 1.0, 5.0, ours_rss=100.0, mcmas_rss=53.7),
                       corpus_row("gdl-to-ispl/hanoi", 1.0, 2.0, ours_rss=60.0, mcmas_rss=20.0),
                       families=(family_row("muddy", 16, 0.5, 6.0, ours_rss=50.0, mcmas_rss=80.0),))
    result = targets.rss_target(rows)
    assert result.holds is True
    assert result.measured.startswith("2 rows; max 1.86 × on gdl-to-ispl/chomp")


def test_peak_rss_over_twice_mcmas_fails() -> None:
    rows = comparisons(corpus_row("gdl-to-ispl/bunk_t", 50.0, 60.0, ours_rss=210.0, mcmas_rss=100.0))
    result = targets.rss_target(rows)
    assert result.holds is False and "gdl-to-ispl/bunk_t 2.10 ×" in result.measured


# ---------------------------------------------------------------- target 4


def nusmv_row(family: str, n: int, ours: float, theirs: float, agreement: str = "agree") -> nusmv.Row:
    return nusmv.Row(family, n, tool_run(ours), tool_run(theirs), agreement, "")


def test_nusmv_ratios_each_at_most_one() -> None:
    result = targets.nusmv_target([nusmv_row("mutex", 64, 0.3, 1.0), nusmv_row("ring", 64, 0.17, 0.16)])
    assert result.holds is False
    assert "mutex N = 64: 0.30" in result.measured and "ring N = 64: 1.06" in result.measured


def test_nusmv_disagreement_fails() -> None:
    result = targets.nusmv_target([nusmv_row("dc", 64, 0.3, 1.0, agreement="DIFFER")])
    assert result.holds is False and "verdicts DIFFER" in result.measured


def test_nusmv_within() -> None:
    assert targets.nusmv_target([nusmv_row("mutex", 128, 0.3, 4.0)]).holds is True


# ---------------------------------------------------------------- target 5


def test_dc_family_limits() -> None:
    limits = {100: 3.0, 200: 15.0}
    rows = [run.Row(n=100, cpu=0.5, verdicts="TT"), run.Row(n=200, cpu=1.5, verdicts="TT")]
    assert targets.dc_family_target(rows, limits).holds is True
    assert targets.dc_family_target([rows[0], run.Row(n=200, cpu=15.5, verdicts="TT")], limits).holds is False
    missing = targets.dc_family_target(rows[:1], limits)
    assert missing.holds is False and "N = 200: not measured" in missing.measured
    failed = targets.dc_family_target([rows[0], run.Row(n=200, error="timeout (200 s)")], limits)
    assert failed.holds is False and "timeout" in failed.measured


def test_dc_against_mcmas_on_its_own_files() -> None:
    rows = comparisons(corpus_row("mcmas-1.3.0-tests/expensive__dining-cryptographers-12-ltl", 0.19, 2.49),
                       corpus_row("mcmas-1.3.0/dining_cryptographers", 0.1, 0.01),
                       corpus_row("gdl-to-ispl/chomp", 1.0, 5.0))
    result = targets.dc_mcmas_target(rows)
    assert result.holds is True
    assert "dining-cryptographers-12-ltl 0.08" in result.measured and "chomp" not in result.measured
    slow = comparisons(corpus_row("dc-scaling/dc_counter_ctl_N12", 0.5, 1.7))
    assert targets.dc_mcmas_target(slow).holds is False
    assert targets.dc_mcmas_target(comparisons(corpus_row("gdl-to-ispl/chomp", 1.0, 5.0))).holds is None


# ---------------------------------------------------------------- target 6


def test_models_mcmas_cannot_finish() -> None:
    measured = targets.Measurements(
        corpus=[corpus_row("mcmas-multi-coalitions/tmp", 0.7, 200.0, "n/a", mcmas_status="timeout"),
                corpus_row("gdl-to-ispl/chomp", 1.0, 5.0)],
        blocks2player=tool_run(14.1, verdicts=12))
    runs = targets.beyond_mcmas_runs(measured)
    assert list(runs) == ["gdl-to-ispl/blocks2player", "mcmas-multi-coalitions/tmp"]
    result = targets.beyond_mcmas_target(runs)
    assert result.holds is True
    assert "gdl-to-ispl/blocks2player 14.10 s, 12 verdicts" in result.measured
    assert "hidato, futoshiki, connectFour, go_back_n not run: out of BDD reach" in result.measured
    runs["gdl-to-ispl/blocks2player"] = tool_run(600.0, status="timeout")
    assert targets.beyond_mcmas_target(runs).holds is False
    assert targets.beyond_mcmas_target({}).holds is None


# ---------------------------------------------------------------- the whole report


def test_the_report_has_every_target_and_the_header() -> None:
    measured = targets.Measurements(
        started_utc="2026-11-28 04:00:00 UTC", ended_utc="2026-11-28 04:30:00 UTC", load_start=[0.5, 0.4, 0.3],
        load_end=[1.0, 0.8, 0.6], cpu_model="AMD EPYC", cores=2, commit="abc1234+dirty", startup_cpu=0.08,
        startup_all_runs=[0.08] * 7, plan=targets.FULL_PLAN,
        corpus=[corpus_row("gdl-to-ispl/chomp", 1.0, 5.0, mcmas_rss=60.0),
                corpus_row("mcmas-1.3.0/card_games", 0.11, 0.01)],
        small=[small("mcmas-1.3.0/card_games", 0.11)],
        families=[family_row("muddy", 16, 0.5, 6.0)],
        dc=[run.Row(n=100, cpu=0.5, verdicts="TT"), run.Row(n=200, cpu=1.5, verdicts="TT")],
        blocks2player=tool_run(14.1), nusmv=[nusmv_row("mutex", 64, 0.3, 1.0)])
    found = targets.evaluate(measured)
    assert [t.holds for t in found] == [True, True, True, None, True, True, True, None, True, True]
    text = targets.report_markdown(measured, found)
    assert "load average (1/5/15 min) 0.50 / 0.40 / 0.30 at start" in text and "abc1234+dirty" in text
    assert "| target | measured | holds |" in text and "gdl-to-ispl/chomp" in text and "### muddy" in text
    assert "VERDICTS DIFFER" not in text


def test_the_out_of_reach_models_are_always_skipped() -> None:
    arguments = targets.parse_arguments(["--quick", "--skip", "nim1"])
    plan = targets.plan_from(arguments)
    assert plan.only == ["bit_transmission", "card_games"] and not plan.run_blocks2player
    assert set(targets.OUT_OF_REACH) | {"blocks2player", "nim1"} <= set(plan.skip)
    assert targets.plan_from(targets.parse_arguments(["--only", "hanoi"])).only == ["hanoi"]
