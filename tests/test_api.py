"""The Python API: reports, dialect prefixes, warnings where MCMAS departs."""

from __future__ import annotations

from pathlib import Path

import ctlstark
from ctlstark.logic.formula import A, Prop, U

EXAMPLES = Path(__file__).resolve().parents[1] / "ispl_examples"


def test_until_under_fairness_is_flagged_and_nothing_else_is() -> None:
    report = ctlstark.check(ctlstark.load_model(EXAMPLES / "fair_channel.ispl"))
    flagged = [result for result in report.formulas if any("fair paths only" in w for w in result.warnings)]
    assert flagged, "fair_channel has A(... U ...) formulas under its Fairness section"
    for result in flagged:
        assert " U " in result.text and result.source.endswith(tuple("0123456789"))
    unflagged = [result for result in report.formulas if result not in flagged]
    assert all(" U " not in result.text for result in unflagged)


def test_until_without_fairness_is_not_flagged() -> None:
    model = ctlstark.load_model(EXAMPLES / "bit_transmission.ispl")
    assert not model.fairness
    proposition = next(iter(model.propositions))
    report = ctlstark.check(model, [A(U(Prop(proposition), Prop(proposition)))], file_formulae=False)
    assert report.formulas[0].warnings == []


def test_dialect_prefix_selects_mcmas_reading() -> None:
    model = ctlstark.load_model(EXAMPLES / "bit_transmission.ispl")
    proposition = next(iter(model.propositions))
    ltl = ctlstark.parse_formula(f"LTL G {proposition}", model)
    plain = ctlstark.parse_formula(f"AG {proposition}", model)
    assert ltl.mode == "ltl" and plain.mode == "default"
    report = ctlstark.check(model, [ltl, plain], file_formulae=False)
    assert report.formulas[0].verdict == report.formulas[1].verdict


def test_report_counts_states_and_times_each_phase() -> None:
    report = ctlstark.check(EXAMPLES / "deadlock.ispl", deadlock=True)
    assert report.reachable_states > 0
    assert report.deadlock_states is not None and 0 < report.deadlock_states < report.reachable_states
    assert {"parse", "encode", "reach", "check"} <= set(report.times)
    document = report.to_json()
    assert document["formulas"][0]["index"] == 1 and document["schema"] == 1


def test_deadlock_examples_are_states_without_successor() -> None:
    from ctlstark.explicit import ExplicitSystem

    model = ctlstark.load_model(EXAMPLES / "deadlock.ispl")
    report = ctlstark.check(model, deadlock=True)
    explicit = ExplicitSystem(model)
    deadlocks = explicit.deadlocks()
    assert report.deadlock_states == len(deadlocks)
    assert len(report.deadlock_examples) == min(3, len(deadlocks))
    for example in report.deadlock_examples:
        state = tuple(example[variable.agent][variable.name] for variable in model.variables)
        assert state in deadlocks


def test_readme_python_example_runs(monkeypatch, capsys) -> None:
    """The README's API example must keep working as written."""
    readme = (EXAMPLES.parent / "README.md").read_text()
    block = readme.split("```python\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(EXAMPLES.parent)
    exec(compile(block, "README.md", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    assert printed[-1].isdigit() and int(printed[-1]) > 0
    verdicts = [line.split()[1] for line in printed[:-1]]
    assert verdicts and set(verdicts) <= {"True", "False"}
    assert verdicts[-1] == "True"  # the README's own extra formula


def test_a_grouping_warning_says_where_its_entry_is_through_the_api_too() -> None:
    """MCMAS's-grouping warnings are located where the entry is read, not by the command line."""
    text = (Path(__file__).parent.parent / "ispl_examples" / "bit_transmission.ispl").read_text()
    text = text.replace("end Formulae", "  LTL !recbit U recack;\nend Formulae")
    report = ctlstark.check(ctlstark.load_model_text(text), ["LTL !recbit U recack"])
    entry, option = report.formulas[-2:]
    line = text.splitlines().index("  LTL !recbit U recack;") + 1
    assert entry.warnings and entry.warnings[0].startswith(f"<string>:{line}:3: warning: MCMAS reads")
    assert option.warnings and option.warnings[0].startswith("--formula: warning: MCMAS reads")


def test_a_result_carries_its_formula_which_stays_out_of_the_json() -> None:
    report = ctlstark.check(EXAMPLES / "bit_transmission.ispl", ["AG (recbit or !recbit)", "EF recack"],
                            file_formulae=False, witness=True)
    tautology, reachable = report.formulas
    assert tautology.formula == ctlstark.parse_formula("AG (recbit or !recbit)", ctlstark.load_model(
        EXAMPLES / "bit_transmission.ispl")).formula
    assert "formula" not in tautology.to_json() and list(tautology.to_json())[:3] == ["index", "text", "verdict"]
    assert tautology.no_trace_reason() == "(no trace: a TRUE A… formula holds on every run, which no single trace shows)"
    assert reachable.trace is not None and reachable.no_trace_reason() is None
    assert report.to_json()["formulas"][1]["trace"] == reachable.trace
