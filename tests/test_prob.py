"""The protocol format of `ctlstark prob`: parsing, located validation errors, the automaton, the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from ctlstark.errors import IsplError
from ctlstark.prob.automaton import TooManyStates, build_automaton, to_mdp
from ctlstark.prob.protocol import format_fraction, load_protocol, parse_protocol

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "ispl_examples" / "commitment_protocols" / "ecommerce.prob"

MINIMAL = """\
Roles A, B;
Propositions p, q;
Events
  x by B makes p;
  y by B makes q;
end Events
Agent A
  Goals p;
  Beliefs
    B if !p and !q : x 1;
    B if !p and !q : y 1/4, x 3/4;
  end Beliefs
end Agent
"""


def errors(text: str) -> list[str]:
    """The formatted diagnostics `parse_protocol` raises for `text` (head lines only)."""
    with pytest.raises(IsplError) as raised:
        parse_protocol(text, "t.prob")
    return [d.format().splitlines()[0] for d in raised.value.diagnostics]


def test_the_example_reads_with_exact_numbers() -> None:
    protocol = load_protocol(EXAMPLE)
    assert protocol.agent.role == "Seller"
    assert protocol.own_commitments == ("c_i",)
    buyer = protocol.agent.beliefs[1]
    assert buyer.role == "Buyer" and dict(buyer.distribution) == {"Payment": Fraction(9, 10), "Refusal": Fraction(1, 10)}
    assert protocol.agent.utility("Order") == -6 and protocol.agent.utility("Delivery") == 0
    assert protocol.thresholds == {"conformance": Fraction(19, 20), "achievement": Fraction(17, 20),
                                   "benefit": Fraction(4, 5)}


def test_a_syntax_error_is_located() -> None:
    assert errors("Roles A B;\n") == ["t.prob:1:9: error: unexpected `B`; expected `,`, `;`"]


@pytest.mark.parametrize("text, expected", [
    ("Roles A, A;\nAgent A end Agent\n", "t.prob:1:10: error: `A` is already declared as a role at line 1, column 7"),
    ("Roles A;\nAgent Z end Agent\n", "t.prob:2:7: error: unknown role `Z` (the analysing agent's role)"),
    ("Roles A;\nPropositions p;\nCommitments c : C(A, Q, p, p); end Commitments\nAgent A end Agent\n",
     "t.prob:3:22: error: unknown role `Q` (a commitment's creditor)"),
    ("Roles A;\nPropositions p;\nEvents e makes r; end Events\nAgent A end Agent\n",
     "t.prob:3:16: error: unknown proposition `r` (an event's effect)"),
    ("Roles A;\nPropositions p;\nEvents e; end Events\nAgent A Beliefs A if p: e 0.5; end Beliefs end Agent\n",
     "t.prob:4:17: error: the probabilities of this belief sum to 0.5, not 1"),
    ("Roles A;\nEvents e; f; end Events\nAgent A Beliefs A if true: e 0, f 1; end Beliefs end Agent\n",
     "t.prob:3:30: error: probability `0` must be greater than 0 and at most 1"),
    ("Roles A;\nEvents e; end Events\nAgent A Beliefs A if true: e 1/0; end Beliefs end Agent\n",
     "t.prob:3:30: error: `1/0`: division by zero"),
    ("Roles A;\nPropositions p;\nAgent A Beliefs A if c = Con: e 1; end Beliefs end Agent\n",
     "t.prob:3:22: error: unknown commitment `c` (a state test in a precondition)"),
    ("Roles A, B;\nEvents e by B; end Events\nAgent A Beliefs A if true: e 1; end Beliefs end Agent\n",
     "t.prob:3:28: error: event `e` is initiated by `B`, but this belief is about `A`"),
    ("Roles A;\nPropositions p;\nCommitments c : C(A, A, p, p); end Commitments\nEvents e; end Events\n"
     "Operations e: create c; e: detach c; end Operations\nAgent A end Agent\n",
     "t.prob:5:25: error: event `e` already has an operation (line 5, column 12); an event does one operation on "
     "one commitment"),
    ("Roles A;\nEvents e; end Events\nAgent A Beliefs A if true: e 1; end Beliefs Utilities e 2; end Utilities "
     "end Agent\n", "t.prob:3:28: error: event `e` has utility 2 but does not end this belief's precondition, so it "
     "could repeat forever and `util` would be unbounded; add `!p` for an effect p of the event, or `c = S` where "
     "the event's operation moves c out of S"),
    ("Roles A;\nAgent A end Agent\nProperties benefit > 1.5; end Properties\n",
     "t.prob:3:22: error: threshold `1.5` must be between 0 and 1"),
    ("Roles A;\n", "t.prob:1:1: error: no `Agent` section: say whose point of view the analysis takes"),
])
def test_each_validation_error_is_located(text: str, expected: str) -> None:
    assert expected in errors(text)


def test_every_problem_is_reported_in_one_run() -> None:
    found = errors("Roles A;\nPropositions p;\nEvents e makes r, s; end Events\nAgent A Goals t; end Agent\n")
    assert len(found) == 3


def test_lifecycle_and_unchanged_undefined_operations() -> None:
    """detach on a Null commitment leaves it Null (the paper is silent; documented)."""
    protocol = parse_protocol("Roles A;\nPropositions p, q;\nCommitments c : C(A, A, p, q); end Commitments\n"
                              "Events d makes p; k; end Events\nOperations d : detach c; k : create c; end Operations\n"
                              "Agent A Beliefs A if !p : d 1; A if p and c = Null : k 1; end Beliefs end Agent\n")
    automaton = build_automaton(protocol)
    states = [automaton.commitment_state(s, "c") for s in range(automaton.main_states)]
    assert states == ["Null", "Null", "Con"]
    assert [automaton.is_terminal(s) for s in range(3)] == [False, False, True]


def test_the_example_automaton_counts_main_and_intermediate_states() -> None:
    automaton = build_automaton(load_protocol(EXAMPLE))
    assert (automaton.main_states, automaton.intermediate_states) == (13, 15)
    mdp = to_mdp(automaton)
    assert mdp.size == 28
    assert all(abs(sum(float(p) for _, p in d) - 1) < 1e-12 for ds in mdp.choices for d in ds)
    terminal_utils = sorted(automaton.util_of(s) for s in range(13) if automaton.is_terminal(s))
    assert terminal_utils == [Fraction(-6), Fraction(0), Fraction(4)]


def test_intermediate_states_stay_distinct_per_belief() -> None:
    """Two beliefs with the same event give two intermediate states (Algorithm 1 creates one per belief and event)."""
    automaton = build_automaton(parse_protocol(MINIMAL))
    assert automaton.main_states == 3
    assert automaton.intermediate_states == 3


def test_the_state_limit_is_enforced() -> None:
    with pytest.raises(TooManyStates):
        build_automaton(load_protocol(EXAMPLE), max_states=5)


def test_format_fraction_is_exact() -> None:
    assert [format_fraction(Fraction(n, d)) for n, d in [(9, 10), (-6, 1), (1, 3), (-3, 8)]] == \
        ["0.9", "-6", "1/3", "-0.375"]


def run_cli(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ctlstark", "prob", *arguments], capture_output=True, text=True,
                          cwd=ROOT)


def test_cli_input_error_exits_2_with_a_location(tmp_path: Path) -> None:
    bad = tmp_path / "bad.prob"
    bad.write_text("Roles A;\nAgent B end Agent\n")
    result = run_cli(str(bad))
    assert result.returncode == 2
    assert f"{bad}:2:7: error: unknown role `B`" in result.stderr
    assert "Traceback" not in result.stderr


def without_stormpy(tmp_path: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    """`ctlstark prob …` in a process where `import stormpy` fails."""
    blocker = tmp_path / "sitecustomize.py"
    blocker.write_text("import sys\nsys.modules['stormpy'] = None\n")
    import os
    environment = dict(os.environ, PYTHONPATH=f"{tmp_path}{os.pathsep}{os.environ.get('PYTHONPATH', '')}")
    return subprocess.run([sys.executable, "-m", "ctlstark", "prob", *arguments], capture_output=True, text=True,
                          cwd=ROOT, env=environment)


def test_cli_without_stormpy_says_how_to_install(tmp_path: Path) -> None:
    result = without_stormpy(tmp_path, str(EXAMPLE), "--no-reduction")
    assert result.returncode == 3
    assert result.stderr.strip() == ("ctlstark: probabilities need Storm's Python bindings: "
                                     "pip install 'ctlstark[prob]'")


def test_the_reduction_needs_no_storm(tmp_path: Path) -> None:
    """The example's one part ends with the same utility distribution under every scheduler, so all
    three properties are computed exactly without Storm."""
    result = without_stormpy(tmp_path, str(EXAMPLE), "--json")
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert [p["exact"] for p in document["properties"]] == [{"pmin": "191/200", "pmax": "191/200"},
                                                           {"pmin": "9/10", "pmax": "9/10"},
                                                           {"pmin": "171/200", "pmax": "171/200"}]
    assert document["reduction"] == {"parts": 1, "distinct_parts": 1, "benefit": "convolution"}


def test_cli_json_document() -> None:
    pytest.importorskip("stormpy")
    result = run_cli(str(EXAMPLE.relative_to(ROOT)), "--json")
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["states"] == {"main": 13, "intermediate": 15, "total": 28}
    conformance = document["properties"][0]
    assert conformance["name"] == "conformance" and conformance["threshold"] == "0.95" and conformance["holds"]
    assert abs(conformance["pmin"] - 0.955) < 1e-9


def test_cli_exit_1_when_a_threshold_fails(tmp_path: Path) -> None:
    pytest.importorskip("stormpy")
    strict = tmp_path / "strict.prob"
    strict.write_text(EXAMPLE.read_text().replace("conformance > 0.95", "conformance > 0.955"))
    result = run_cli(str(strict))
    assert result.returncode == 1
    assert "FAILS" in result.stdout
