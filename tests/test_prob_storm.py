"""Storm's probabilities against the independent oracle, both Storm engines, and the qualitative checks.

Random protocols come from a hypothesis strategy that writes valid protocol text.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from conftest import examples

from ctlstark.prob.automaton import build_automaton
from ctlstark.prob.protocol import load_protocol, parse_protocol
from ctlstark.prob.qualitative import check_qualitative
from prob_oracle import oracle
from protocol_strategies import protocols

stormpy = pytest.importorskip("stormpy")
from ctlstark.prob.storm import check_prism_sparse, check_sparse, check_symbolic  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "ispl_examples" / "commitment_protocols" / "ecommerce.prob"
TOLERANCE = 1e-9


def test_paper_example_by_hand() -> None:
    """The Seller's view of the e-commerce protocol, derived by hand.

    Every run: Offer, then the Buyer pays (0.9) or refuses (0.1); a refusal expires
    c_i (conformant, Paid false, util 0). After a payment the Seller orders (util 10 - 6
    = 4) and the Provider provides (0.95: the Seller delivers, c_i Ful, util 4) or fails
    (0.05: the Seller refunds, c_i Vio, util -6). The Provider's quote interleaves with
    these steps but changes no outcome, so Pmin = Pmax:
    conformance = 0.1 + 0.9 * 0.95 = 0.955; achievement (Paid) = 0.9;
    benefit (util > 0) = 0.9 * 0.95 = 0.855.
    """
    protocol = load_protocol(EXAMPLE)
    expected = {"conformance": 0.955, "achievement": 0.9, "benefit": 0.855}
    minimum, maximum = oracle(protocol)
    for result in (check_sparse(build_automaton(protocol)), check_symbolic(protocol)):
        for kind, value in expected.items():
            assert abs(result.minimum[kind] - value) < TOLERANCE
            assert abs(result.maximum[kind] - value) < TOLERANCE
    for kind, value in expected.items():
        assert abs(minimum[kind] - value) < TOLERANCE and abs(maximum[kind] - value) < TOLERANCE


def test_nondeterminism_separates_min_and_max() -> None:
    """Two beliefs of B apply at the start: `x 1` (p, the goal, surely) or `y 1/4, x 3/4`.

    The worst scheduler picks the second: Pmin(achievement) = 3/4; the best picks the
    first: Pmax = 1. No commitment is the agent's, so conformance is 1 on every terminal.
    """
    protocol = parse_protocol("Roles A, B;\nPropositions p, q;\nEvents x by B makes p; y by B makes q; end Events\n"
                              "Agent A Goals p; Beliefs B if !p and !q : x 1; B if !p and !q : y 1/4, x 3/4; "
                              "end Beliefs end Agent\n")
    result = check_sparse(build_automaton(protocol))
    assert abs(result.minimum["achievement"] - 0.75) < TOLERANCE
    assert abs(result.maximum["achievement"] - 1) < TOLERANCE
    assert abs(result.minimum["conformance"] - 1) < TOLERANCE
    assert result.minimum["benefit"] == 0 and result.maximum["benefit"] == 0


def test_zero_utility_loops_terminate_with_the_right_probability() -> None:
    """An event that changes nothing loops back (0.5) until the other one (0.5) ends the run: P = 1."""
    protocol = parse_protocol("Roles A;\nPropositions p;\nEvents stay; go makes p; end Events\n"
                              "Agent A Goals p; Beliefs A if !p : stay 1/2, go 1/2; end Beliefs end Agent\n")
    minimum, _ = oracle(protocol)
    assert abs(minimum["achievement"] - 1) < TOLERANCE
    assert abs(check_sparse(build_automaton(protocol)).minimum["achievement"] - 1) < TOLERANCE


def _agree(text: str) -> None:
    protocol = parse_protocol(text)
    minimum, maximum = oracle(protocol)
    result = check_sparse(build_automaton(protocol))
    for kind in minimum:
        assert abs(result.minimum[kind] - minimum[kind]) < TOLERANCE, (kind, result.minimum, minimum)
        assert abs(result.maximum[kind] - maximum[kind]) < TOLERANCE, (kind, result.maximum, maximum)
        assert result.minimum[kind] <= result.maximum[kind] + TOLERANCE


@settings(max_examples=examples(40))
@given(protocols())
def test_storm_sparse_agrees_with_the_oracle(text: str) -> None:
    _agree(text)


@pytest.mark.slow
@settings(max_examples=500)
@given(protocols())
def test_storm_sparse_agrees_with_the_oracle_long(text: str) -> None:
    _agree(text)


def _engines_agree(text: str) -> None:
    protocol = parse_protocol(text)
    sparse = check_sparse(build_automaton(protocol))
    for other in (check_symbolic(protocol), check_prism_sparse(protocol)):
        assert other.states == sparse.states, other.engine
        for kind in sparse.minimum:
            assert abs(other.minimum[kind] - sparse.minimum[kind]) < TOLERANCE, (other.engine, kind)
            assert abs(other.maximum[kind] - sparse.maximum[kind]) < TOLERANCE, (other.engine, kind)


@settings(max_examples=examples(2))
@given(protocols())
def test_the_engines_agree(text: str) -> None:
    _engines_agree(text)


@pytest.mark.slow
@settings(max_examples=60)
@given(protocols())
def test_the_engines_agree_long(text: str) -> None:
    _engines_agree(text)


def _qualitative_matches(text: str) -> None:
    protocol = parse_protocol(text)
    result = check_sparse(build_automaton(protocol))
    states, checks = check_qualitative(protocol)
    assert states == build_automaton(protocol).main_states
    verdicts = {c.name: c.verdict for c in checks}
    for kind in ("conformance", "achievement", "benefit"):
        if verdicts[f"surely {kind}"]:
            assert abs(result.minimum[kind] - 1) < TOLERANCE, kind
        assert verdicts[f"possibly {kind}"] == (result.maximum[kind] > TOLERANCE), kind


@settings(max_examples=examples(12))
@given(protocols())
def test_qualitative_checks_match_the_probabilities(text: str) -> None:
    _qualitative_matches(text)


@pytest.mark.slow
@settings(max_examples=150)
@given(protocols())
def test_qualitative_checks_match_the_probabilities_long(text: str) -> None:
    _qualitative_matches(text)


def test_qualitative_example_has_traces() -> None:
    states, checks = check_qualitative(load_protocol(EXAMPLE))
    assert states == 13
    by_name = {c.name: c for c in checks}
    assert by_name["possibly benefit"].verdict is True
    assert by_name["possibly benefit"].trace[-1]["Environment.util"] == 4
    never = by_name["never violated by me"]
    assert never.verdict is False and never.trace[-1]["Environment.st_c_i"] == "Vio"


@pytest.mark.parametrize("copies", [2, 3])
def test_the_ecommerce_family_agrees_with_the_oracle_and_the_closed_form(copies: int) -> None:
    """The benchmark family (n independent Buyer/Provider copies around one Seller), Storm against the oracle.

    The copies do not interact, so a run conforms (achieves) exactly when every copy does:
    conformance = 0.955^n and achievement = 0.9^n whatever the scheduler (test_paper_example_by_hand).
    """
    import sys

    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from prob_ecommerce import ecommerce_text
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    protocol = parse_protocol(ecommerce_text(copies), f"ecommerce_{copies}")
    minimum, maximum = oracle(protocol)
    results = [check_sparse(build_automaton(protocol)), check_prism_sparse(protocol)]
    for result in results:
        for kind in minimum:
            assert abs(result.minimum[kind] - minimum[kind]) < TOLERANCE, (result.engine, kind)
            assert abs(result.maximum[kind] - maximum[kind]) < TOLERANCE, (result.engine, kind)
    assert abs(minimum["conformance"] - 0.955 ** copies) < TOLERANCE
    assert abs(minimum["achievement"] - 0.9 ** copies) < TOLERANCE
