"""The shipped example models (`ispl_examples/`) and their expected verdicts.

Every verdict below was worked out by hand from the model (the reason is the
one-line argument; each file's header comment has the details). The test checks
each formula with the symbolic engine and with the explicit-state oracle, and the
number of reachable and deadlock states with both.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from ctlstark.check.label import Checker
from ctlstark.explicit import ExplicitChecker, ExplicitSystem
from ctlstark.ispl import parse_model
from ctlstark.model import Model
from ctlstark.symbolic.system import SymbolicSystem, build_system

EXAMPLES = Path(__file__).resolve().parents[1] / "ispl_examples"


@dataclass(frozen=True)
class Expected:
    """The verdict of one formula (file order) and why."""

    verdict: bool
    reason: str


@dataclass(frozen=True)
class ExampleCase:
    """One example file (optionally with its Fairness section removed) and what it must give."""

    file: str
    reachable_states: int
    deadlock_states: int
    formulas: tuple[Expected, ...]
    without_fairness: bool = False

    @property
    def id(self) -> str:
        return self.file + (" without Fairness" if self.without_fairness else "")


T, F = True, False

CASES = (
    ExampleCase("dining_cryptographers.ispl", 64, 0, (
        Expected(T, "odd parity and not paid: one of the others paid, and flipping the coin between them swaps payers unseen"),
        Expected(T, "even parity is public and only happens when nobody paid, so the even states are closed under every ~i"),
        Expected(T, "if Cryptographer3 paid instead (coin2 flipped) Cryptographer1 sees the same local state"),
        Expected(T, "Cryptographer1 and Cryptographer3 together see all coins and know they did not pay"),
        Expected(T, "every cryptographer announces at the first step"),
        Expected(T, "each coin enters two announcements, so the parity of 'different' is the parity of payers"),
    )),
    ExampleCase("muddy_children.ispl", 19, 0, (
        Expected(T, "round 0, sees no mud: the father said someone is muddy, so it is itself"),
        Expected(T, "round 0, sees mud: the state where it is clean is an initial state"),
        Expected(T, "round 1 unfinished: with only the other one muddy, that child would have said yes in round 0"),
        Expected(T, "round 1 unfinished is also reachable with two muddy children: it may be clean"),
        Expected(T, "children say yes only when muddy (the clean ones see one more muddy child and the game ends first)"),
        Expected(F, "in round 0 with two muddy children, Child1 does not know"),
        Expected(T, "with k muddy children the game ends after round k-1 <= 2"),
        Expected(T, "every reachable state has a muddy child, so the fact is common knowledge"),
        Expected(T, "round 2 unfinished happens only with three muddy children, and round and finished are public"),
        Expected(F, "the game only finishes when a muddy child says yes"),
    )),
    ExampleCase("bit_transmission.ispl", 6, 0, (
        Expected(T, "the receiver's state r0/r1 records the value of the bit"),
        Expected(T, "an acknowledgement is only sent once the receiver has the bit"),
        Expected(F, "before the acknowledgement the sender cannot tell whether the bit arrived"),
        Expected(F, "the channel may lose every message forever (no fairness)"),
        Expected(T, "a run where the channel delivers both ways reaches the acknowledgement"),
        Expected(F, "the receiver cannot tell whether its acknowledgement arrived"),
        Expected(F, "the acknowledgement is sent only from a state where the bit has arrived"),
        Expected(T, "with nothing received, both values of the bit are possible for the receiver"),
    )),
    ExampleCase("card_game.ispl", 30, 0, (
        Expected(F, "not from every deal: queen against ace with the king face down, both moves lose"),
        Expected(T, "after the move and the comparison the winner is announced, in two steps"),
        Expected(F, "holding the ace before moving, Player1 may swap it for a losing card"),
        Expected(T, "holding the ace, keeping wins in every deal Player1 considers possible"),
        Expected(T, "holding the queen, the deal queen/ace/king (no win) is possible for Player1"),
        Expected(T, "Player1 holds the ace or the queen in equally possible deals until the winner is announced"),
        Expected(T, "king loses only to the ace"),
        Expected(F, "after Player1 wins against the king, Player2 knows Player1 has the ace"),
    )),
    ExampleCase("deadlock.ispl", 8, 2, (
        Expected(T, "working with 2 units may break the machine"),
        Expected(T, "every running path ends in a deadlock, so every infinite path parks"),
        Expected(F, "EG needs an infinite path; the non-parking paths end in deadlocks"),
        Expected(T, "AX holds vacuously at a state without successors"),
        Expected(T, "a broken machine has no enabled action, hence no successor"),
        Expected(F, "EF is_parked is false at the broken (dead) state"),
        Expected(T, "AF holds at a deadlock, and elsewhere every infinite path parks"),
    )),
    ExampleCase("ctlstark_paper_example.ispl", 6, 0, (
        Expected(F, "a path visits x = 2 at most once, so K(One, !p) never holds infinitely often"),
        Expected(T, "staying at x = 1 for ever keeps the advance to x = 2 possible"),
        Expected(T, "advance to x = 2, where One knows !p"),
        Expected(T, "on every path K(One, !p) holds at most once"),
    )),
    ExampleCase("train_gate_controller.ispl", 28, 0, (
        Expected(T, "the controller signals a train in only when the other is not in the tunnel"),
        Expected(T, "the alarm tells the controller when train 1 broke, and it can always evict it"),
        Expected(T, "the same for train 2"),
        Expected(F, "train 1 may break at every step, and train 2 never knows it"),
        Expected(T, "train 1 keeps breaking while train 2 keeps passing the tunnel"),
        Expected(F, "train 1 may break for ever"),
    )),
    ExampleCase("fair_channel.ispl", 9, 0, (
        Expected(T, "a fair run passes some time, which delivers"),
        Expected(T, "a fair run passes again after delivery, which acknowledges"),
        Expected(F, "a run that never delivers never passes, so it is unfair"),
        Expected(T, "after delivery the next pass acknowledges"),
        Expected(T, "the acknowledgement is only sent once delivered"),
        Expected(T, "without it, states with and without delivery look the same to the Sender"),
        Expected(T, "pass twice"),
        Expected(T, "by definition A(!d U d) = !EG_fair !d"),
        Expected(T, "the failed channel is unfair, so no fair path fails before delivering (MCMAS: FALSE)"),
    )),
    ExampleCase("fair_channel.ispl", 9, 0, (
        Expected(F, "the channel may drop forever"),
        Expected(F, "the channel may drop forever"),
        Expected(T, "drop forever"),
        Expected(F, "after delivery the channel may drop forever"),
        Expected(T, "the acknowledgement is only sent once delivered"),
        Expected(T, "without it, states with and without delivery look the same to the Sender"),
        Expected(T, "pass twice"),
        Expected(F, "A(!d U d) = !EG !d, and drop forever is a path"),
        Expected(F, "the channel may fail at the first step"),
    ), without_fairness=True),
)


@cache
def load(case: ExampleCase) -> Model:
    """The example's model, with the Fairness section removed when the case says so."""
    path = EXAMPLES / case.file
    model = parse_model(path.read_text(encoding="utf-8"), filename=str(path))
    if case.without_fairness:
        return dataclasses.replace(model, fairness=())
    return model


@cache
def symbolic(case: ExampleCase) -> SymbolicSystem:
    return build_system(load(case))


@cache
def explicit(case: ExampleCase) -> ExplicitSystem:
    return ExplicitSystem(load(case))


def test_every_example_file_has_expectations() -> None:
    shipped = {path.name for path in EXAMPLES.glob("*.ispl")}
    assert shipped == {case.file for case in CASES}


def test_the_fairness_variant_removes_fairness() -> None:
    with_fairness, without = (case for case in CASES if case.file == "fair_channel.ispl")
    assert load(with_fairness).fairness and not load(without).fairness


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_one_expectation_per_formula(case: ExampleCase) -> None:
    assert len(load(case).formulae) == len(case.formulas)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_symbolic_verdicts(case: ExampleCase) -> None:
    checker = Checker(symbolic(case))
    got = [checker.holds(entry.formula) for entry in load(case).formulae]
    assert got == [expected.verdict for expected in case.formulas], _explain(case, got)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_oracle_verdicts(case: ExampleCase) -> None:
    checker = ExplicitChecker(explicit(case))
    got = [checker.holds(entry.formula) for entry in load(case).formulae]
    assert got == [expected.verdict for expected in case.formulas], _explain(case, got)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_state_counts(case: ExampleCase) -> None:
    system, oracle = symbolic(case), explicit(case)
    assert system.count_states(system.reachable) == len(oracle.states) == case.reachable_states
    assert system.count_states(system.deadlock_states()) == len(oracle.deadlocks()) == case.deadlock_states


def _explain(case: ExampleCase, got: list[bool]) -> str:
    lines = [f"{case.id}: verdicts differ"]
    for number, (entry, expected, verdict) in enumerate(zip(load(case).formulae, case.formulas, got), start=1):
        if verdict != expected.verdict:
            lines.append(f"  formula {number} {entry.text!r}: got {verdict}, expected {expected.verdict} ({expected.reason})")
    return "\n".join(lines)
