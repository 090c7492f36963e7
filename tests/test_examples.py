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

from ctlstark.mc.label import Checker
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
    ExampleCase("shell_game.ispl", 13, 0, (
        Expected(T, "perfect information: once the ball is hidden the player sees it and lifts that cup"),
        Expected(T, "in each guessing state, lifting the cup the ball is under wins at once"),
        Expected(T, "whatever cup is lifted, the game ends won or lost"),
        Expected(T, "the player sees the ball and lifts another cup"),
        Expected(F, "the player, an opponent of the dealer, may lift the cup the ball is under"),
        Expected(T, "the dealer hides the ball under a cup and the player lifts that cup"),
        Expected(F, "the negation of formula 1"),
    )),
    ExampleCase("two_guards.ispl", 14, 0, (
        Expected(T, "perfect information: the Patrol walks straight into the intruder's room"),
        Expected(T, "as formula 1"),
        Expected(T, "as formula 1: caught at the first step, before the radio is heard"),
        Expected(T, "the Patrol's strategy may depend on the room; the Watcher cannot stop it"),
        Expected(F, "the Patrol, an opponent, may stay in the corridor"),
        Expected(T, "the negation of formula 5"),
    )),
    ExampleCase("combination_lock.ispl", 17, 0, (
        Expected(T, "perfect information: Robot1 sees lock 1's progress and presses a, a, b"),
        Expected(T, "Robot2 presses a, a, b, following the clicks"),
        Expected(T, "as formula 1: Robot1 alone suffices"),
        Expected(T, "press b for ever"),
    )),
    ExampleCase("blind_lift.ispl", 10, 0, (
        Expected(T, "perfect information: both porters grab the handle's side"),
        Expected(T, "as formula 1"),
        Expected(F, "Porter2, an opponent, may grab the wrong side every time"),
        Expected(T, "grab opposite sides for ever"),
    )),
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
    ExampleCase("netbill.ispl", 11, 0, (
        Expected(T, "the payment arrives (s5) where the merchant commits next; after a violation, a later round"),
        Expected(T, "s7: the goods have reached the customer"),
        Expected(T, "s5 is followed by the promise (s6); in s7 and s9 the commitment to deliver holds"),
        Expected(T, "s3, then the customer cancels and may reject every later offer"),
        Expected(F, "every round can reach the payment's arrival again"),
        Expected(T, "s6, then the merchant keeps the goods and the customer may reject every later offer"),
        Expected(F, "every round can reach the delivery again"),
        Expected(T, "Fu(C) = C and the copies agree (P1, Proposition 2)"),
        Expected(T, "a fulfilled commitment held already (P1, Proposition 3)"),
        Expected(T, "the synchronised copy of every state is reachable: no commitment holds vacuously"),
        Expected(T, "pay is the merchant's own copy"),
        Expected(T, "the merchant has no unshared variable, so C(Cust, Merc, .) depends on the customer's copy alone"),
        Expected(F, "in s3 the merchant's copy is that of s2, where the customer has not committed"),
        Expected(F, "in s7 the merchant's copy is that of s6, where the goods have not arrived"),
        Expected(T, "only s9 gives the merchant that local state, and the goods have arrived there"),
        Expected(T, "from s3 the payment arrives (s5) or the round fails (s4); s6 goes to s7 or s8, both fulfilled"),
        Expected(F, "the merchant may keep the goods (s6 -> s8)"),
        Expected(T, "every step progresses and every round ends at s0"),
        Expected(F, "the customer may reject every offer"),
        Expected(T, "buy, receive and acknowledge in every round"),
        Expected(F, "after the payment the merchant may violate and refund, and the customer reject every later offer"),
        Expected(T, "after a payment the merchant promises, then delivers or violates; a violation is refunded next"),
        Expected(T, "promising sets the merchant's copy of goods: s6"),
        Expected(T, "delivering from s6 reaches s7; a repeated delivery in s7 crosses the acknowledgement to s9"),
    )),
    ExampleCase("contract_net.ispl", 28, 0, (
        Expected(T, "an awarded Prt1 commits at its next move; a rejected one can be awarded in a later round"),
        Expected(T, "Prt1 is awarded, commits and reports"),
        Expected(T, "the same for Prt2"),
        Expected(T, "the same for Prt2"),
        Expected(T, "the only move of an awarded participant without results is commit"),
        Expected(T, "a rejection is sent and received in one step"),
        Expected(T, "Prt1 commits, then fails, and refuses every later call"),
        Expected(F, "every round can award Prt1 again"),
        Expected(T, "the results are in flight (the channel is unsynchronised) and Prt1 then fails"),
        Expected(T, "the manager's only move with an unsent award is notify"),
        Expected(T, "the manager awards the last proposal standing"),
        Expected(T, "every in-flight message can arrive with nothing else changing"),
        Expected(T, "results1 is the manager's own copy"),
        Expected(F, "while the award is in flight Prt1 still sees its proposal"),
        Expected(T, "Prt1 only learns of an award after the other proposal was rejected or refused"),
        Expected(T, "the award sets the manager's copy"),
        Expected(T, "notify, then commit, then report or fail, all forced"),
        Expected(T, "two proposals: one is rejected, then the other awarded; otherwise Prt1's is awarded"),
        Expected(F, "the manager may reject Prt1's proposal"),
        Expected(T, "every step progresses and every round is closed"),
    )),
    ExampleCase("netbill_bank.ispl", 15, 0, (
        Expected(T, "fair paths leave the delegation loop"),
        Expected(T, "delivery stays reachable from every state"),
        Expected(T, "the implication holds at the initial state, where Pay is false"),
        Expected(T, "the implication holds at the initial state"),
        Expected(T, "when paid the merchant can deliver (and send the receipt)"),
        Expected(T, "the merchant's only move after a violation or withdrawal is refund"),
        Expected(T, "delivery is reachable from the initial state"),
        Expected(F, "the negation of the previous property"),
        Expected(F, "at the start nothing is paid, and a run pays and delivers without the customer withdrawing"),
        Expected(T, "a fair run leaves the loop, and only the bank's payment leaves it"),
        Expected(T, "Cus and Mer interact and the customer (or its bank) can pay"),
        Expected(T, "wherever paid, the merchant interacts and can deliver"),
        Expected(T, "from a payment, delivery and refund are both reachable"),
        Expected(T, "the bank can pay"),
        Expected(T, "no fair path stays in the loop, so every fair path pays"),
        Expected(T, "Mer's state is paid, not_delivered or withdrawn exactly when Pay holds"),
        Expected(T, "the customer's state is delegated in all three delegation states"),
        Expected(T, "a fair run leaves the loop by the bank's payment"),
        Expected(T, "the merchant's only move after a violation or withdrawal is refund"),
    )),
    ExampleCase("negotiation.ispl", 11, 0, (
        Expected(T, "justify is Ag1's only move after a challenge"),
        Expected(T, "justify is Ag1's only move after a challenge"),
        Expected(T, "accept and refuse are Ag2's moves on a created commitment"),
        Expected(F, "Ag2 may refuse and win the argument"),
        Expected(T, "defend is Ag1's only move on a refused commitment"),
        Expected(F, "a refusal after a justification or a counterattack ends the dialogue"),
        Expected(T, "those are Ag1's moves on an attack"),
        Expected(F, "Ag2 may challenge every justification"),
        Expected(T, "challenge and justify for ever"),
        Expected(F, "a dialogue may never end"),
        Expected(T, "create, accept, and again"),
        Expected(T, "from every state, an acceptance is a move or two away"),
        Expected(T, "the dialogue is under way and Ag2 may accept"),
        Expected(T, "justify is Ag1's only move after a challenge"),
        Expected(T, "whoever accepted has its flag set, and Ag1 sees its own flag and the public record"),
    )),
    ExampleCase("pennies.ispl", 6, 2, (
        Expected(F, "Player2 may show the other side"),
        Expected(T, "both show heads"),
        Expected(F, "Player1 may show the same side"),
        Expected(T, "both players show different sides"),
        Expected(F, "Player1 may match in every round"),
        Expected(T, "match, play again, match, for ever"),
        Expected(F, "Player2 may mismatch"),
        Expected(F, "avoiding a win means losing, and nothing can be enforced at that deadlock"),
        Expected(T, "both show heads"),
        Expected(F, "Player2 may mismatch"),
        Expected(T, "a lost game is a deadlock: no joint action is enabled"),
    )),
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
