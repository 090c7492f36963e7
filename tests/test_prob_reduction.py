"""The reduction of `ctlstark prob` (`prob/reduction.py`): cutting a protocol into independent parts,
solving each exactly and composing, against the explicit oracle on the whole automaton.

No Storm: the oracle is `explicit/probabilistic.py`'s value iteration (Baier–Katoen), the
reduction's numbers are exact fractions.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings

from conftest import examples
from ctlstark.prob.protocol import load_protocol, parse_protocol
from ctlstark.prob.reduction import analyse_reduced, convolve, independent_parts, part_protocol, signature
from hypothesis import strategies as st
from prob_oracle import oracle
from protocol_strategies import composed_lifecycle_protocols, composed_protocols

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "ispl_examples" / "commitment_protocols" / "ecommerce.prob"
TOLERANCE = 1e-9


def assert_reduction_exact(text: str) -> str:
    """Every value the reduction gives equals the oracle's; returns how benefit was decided."""
    protocol = parse_protocol(text)
    minimum, maximum = oracle(protocol)
    reduced = analyse_reduced(protocol, 10**6)
    for kind, value in reduced.minimum.items():
        assert abs(float(value) - minimum[kind]) < TOLERANCE, (kind, "min", value, minimum[kind], text)
        assert abs(float(reduced.maximum[kind]) - maximum[kind]) < TOLERANCE, (kind, "max", text)
    assert ("benefit" in reduced.minimum) is (reduced.benefit_route == "convolution")
    return reduced.benefit_route


def ecommerce(copies: int) -> str:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from prob_ecommerce import ecommerce_text
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    return ecommerce_text(copies)


PROTOCOLS = st.one_of(composed_lifecycle_protocols(), composed_protocols())
"""Lifecycle protocols (commitments created, detached, discharged …: automata of up to ~1,300 states, half of
them with a scheduler that matters) and free-form ones (deadlocks, loops, operations out of order)."""


@settings(max_examples=examples(200), deadline=None)
@given(PROTOCOLS)
def test_the_reduction_equals_the_oracle(text: str) -> None:
    assert_reduction_exact(text)


@pytest.mark.slow
@settings(max_examples=2000, deadline=None)
@given(PROTOCOLS)
def test_the_reduction_equals_the_oracle_at_length(text: str) -> None:
    assert_reduction_exact(text)


def test_copies_are_independent_parts_solved_once() -> None:
    protocol = parse_protocol(ecommerce(3))
    parts = independent_parts(protocol)
    assert [part.commitments for part in parts] == [("c_i_1", "c_j_1"), ("c_i_2", "c_j_2"), ("c_i_3", "c_j_3")]
    assert len({signature(part_protocol(protocol, part)) for part in parts}) == 1
    reduced = analyse_reduced(protocol, 10**6)
    assert (reduced.parts, reduced.distinct_parts, reduced.main_states) == (3, 1, 13)


@pytest.mark.parametrize("copies", [2, 3])
def test_the_ecommerce_family_is_exact(copies: int) -> None:
    """Conformance 0.955^n and achievement 0.9^n (closed form), benefit as the oracle, all as fractions."""
    assert assert_reduction_exact(ecommerce(copies)) == "convolution"
    reduced = analyse_reduced(parse_protocol(ecommerce(copies)), 10**6)
    assert reduced.minimum["conformance"] == reduced.maximum["conformance"] == Fraction(191, 200) ** copies
    assert reduced.minimum["achievement"] == reduced.maximum["achievement"] == Fraction(9, 10) ** copies


def test_a_scheduler_that_changes_the_utility_needs_the_whole_automaton() -> None:
    """Two beliefs apply at once and lead to different utilities: the scheduler picks the utility, so
    benefit is not composed (its Pmin and Pmax differ), while the other two properties still are."""
    text = EXAMPLE.read_text().replace("Refund  -10;", "Refund  -10;\n    Refusal -1;")
    text = text.replace("Buyer    if c_i = Con                 : Payment 0.9, Refusal 0.1;",
                        "Buyer    if c_i = Con                 : Payment 0.9, Refusal 0.1;\n"
                        "    Buyer    if c_i = Con                 : Refusal 1;")
    assert assert_reduction_exact(text) == "full automaton"
    minimum, maximum = oracle(parse_protocol(text))
    assert minimum["benefit"] < maximum["benefit"]


def test_a_belief_that_can_loop_forever_gives_minimum_zero() -> None:
    """A zero-utility event that changes nothing, from a belief that stays applicable: the minimising
    scheduler repeats it forever, so the part never ends and nothing is reached."""
    text = EXAMPLE.read_text().replace("  Refund    by Seller;", "  Refund    by Seller;\n  Wait      by Seller;")
    text = text.replace("    Seller   if c_i = Null                : Offer 1;",
                        "    Seller   if c_i = Null                : Offer 1;\n"
                        "    Seller   if c_i = Null                : Wait 1;")
    assert assert_reduction_exact(text) == "full automaton"
    reduced = analyse_reduced(parse_protocol(text), 10**6)
    assert reduced.minimum["conformance"] == 0 and reduced.maximum["conformance"] == Fraction(191, 200)


def test_convolution_adds_independent_utilities() -> None:
    coin = {Fraction(1): Fraction(1, 2), Fraction(-1): Fraction(1, 2)}
    assert convolve([coin, coin]) == {Fraction(2): Fraction(1, 4), Fraction(0): Fraction(1, 2),
                                      Fraction(-2): Fraction(1, 4)}
    assert convolve([]) == {Fraction(0): Fraction(1)}


def test_the_example_is_one_part() -> None:
    protocol = load_protocol(EXAMPLE)
    (part,) = independent_parts(protocol)
    assert part.commitments == ("c_i", "c_j") and len(part.beliefs) == len(protocol.agent.beliefs)


def test_bundled_copies_form_one_part_per_pair() -> None:
    """benchmarks/prob_reduction.py's second family: the two copies of a pair interact (the second good
    waits for the first), so a pair is one part that cannot be cut; pairs are independent."""
    from benchmark_modules import load_benchmark

    bundles = load_benchmark("prob_reduction").bundles_text
    assert assert_reduction_exact(bundles(2)) == "convolution"
    reduced = analyse_reduced(parse_protocol(bundles(6)), 10**6)
    assert (reduced.parts, reduced.distinct_parts) == (3, 1)
    single = analyse_reduced(parse_protocol(bundles(2)), 10**6)
    for kind in ("conformance", "achievement"):
        assert reduced.minimum[kind] == single.minimum[kind] ** 3
