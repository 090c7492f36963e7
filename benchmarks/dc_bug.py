"""Dining cryptographers over several rounds, with a planted bug at a chosen round.

A generator of ISPL models (MCMAS 1.3.0 syntax) whose invariant fails at a known depth,
for timing bounded model checking against BDD reachability (`benchmarks/engines.py`).

N cryptographers sit round a table as in `dc.py` (coin i lies between cryptographers i
and i+1, so cryptographer i sees coins i-1 and i), and the protocol runs R rounds. The
environment counts them (`round`, 1..R) and the stage within a round (`stage`, 0..3):

* stage 0: each cryptographer compares the two coins it sees (`seen`);
* stage 1: each announces "equal" or "different" (the opposite if it paid);
* stage 2: the environment has recorded the announcements (`say1` … `sayN`);
* stage 3: it publishes their parity (`result`, proposition `odd` or `even`); if
  round < R, the next step starts the next round: every cryptographer i tosses coin i
  afresh (its action `toss_heads` or `toss_tails`, a free choice), forgets what it saw, and
  the result is cleared. After round R the state no longer changes.

The payer (one cryptographer or nobody) is chosen in the initial states, as are the
first round's coins. The planted bug: in round B, cryptographer 1 announces "different"
when its coins are equal and it did not pay, so with nobody paying (and coins N and 1
equal) the published parity is odd. The shortest path to that violation of

* `AG ((published and odd) -> (c1paid or ... or cNpaid))` (FALSE)

has `bug_depth(B) = 4·B − 1` steps: round r's stage s is reached after 4·(r−1) + s steps.
The second formula, `AG ((odd or even) -> published)` (a result is visible only in stage
3), is TRUE and 1-inductive.

    python benchmarks/dc_bug.py --n 10 --rounds 5 --bug-round 4 > dc_bug_10.ispl
"""

from __future__ import annotations

import argparse
import sys

from dc import cryptographer, initial_states_section, seen_coins


def bug_depth(bug_round: int) -> int:
    """The number of steps of the shortest path to the bug: stage 3 of round `bug_round`."""
    return 4 * bug_round - 1


def _environment(n: int, rounds: int) -> str:
    coins = "\n".join(f"    coin{i} : boolean;" for i in range(1, n + 1))
    says = "\n".join(f"    say{i} : boolean;" for i in range(1, n + 1))
    record = "\n".join(
        f"    say{i} = true if stage = 1 and {cryptographer(i)}.Action = announce_different;\n"
        f"    say{i} = false if stage = 1 and {cryptographer(i)}.Action = announce_equal;"
        for i in range(1, n + 1)
    )
    toss = "\n".join(
        f"    coin{i} = true if stage = 3 and round < {rounds} and {cryptographer(i)}.Action = toss_heads;\n"
        f"    coin{i} = false if stage = 3 and round < {rounds} and {cryptographer(i)}.Action = toss_tails;"
        for i in range(1, n + 1)
    )
    parity = " ^ ".join(f"say{i}" for i in range(1, n + 1))
    return f"""Agent Environment
  Obsvars:
    stage : 0..3;
    round : 1..{rounds};
    result : {{none, even, odd}};
  end Obsvars
  Vars:
{coins}
{says}
  end Vars
  Actions = {{idle}};
  Protocol:
    Other : {{idle}};
  end Protocol
  Evolution:
    stage = 1 if stage = 0;
    stage = 2 if stage = 1;
    stage = 3 if stage = 2;
    stage = 0 if stage = 3 and round < {rounds};
    round = round + 1 if stage = 3 and round < {rounds};
{record}
    result = odd if stage = 2 and ({parity}) = true;
    result = even if stage = 2 and ({parity}) = false;
    result = none if stage = 3 and round < {rounds};
{toss}
  end Evolution
end Agent
"""


def _announcements(i: int, bug_round: int) -> str:
    """Protocol lines for stage 1; cryptographer 1 lies in round `bug_round`."""
    honest = (
        "    Environment.stage = 1 and seen = equal and paid = false{guard} : {{announce_equal}};\n"
        "    Environment.stage = 1 and seen = different and paid = false : {{announce_different}};\n"
        "    Environment.stage = 1 and seen = equal and paid = true : {{announce_different}};\n"
        "    Environment.stage = 1 and seen = different and paid = true : {{announce_equal}};\n"
    )
    if i != 1:
        return honest.format(guard="")
    planted = (
        f"    Environment.stage = 1 and Environment.round = {bug_round} and seen = equal and paid = false"
        " : {announce_different};\n"
    )
    return honest.format(guard=f" and Environment.round <> {bug_round}") + planted


def _cryptographer_agent(i: int, n: int, rounds: int, bug_round: int) -> str:
    left, right = seen_coins(i, n)
    same = f"Environment.coin{left} = Environment.coin{right}"
    differ = f"Environment.coin{left} <> Environment.coin{right}"
    return f"""Agent {cryptographer(i)}
  Lobsvars = {{coin{left}, coin{right}}};
  Vars:
    paid : boolean;
    seen : {{unseen, equal, different}};
  end Vars
  Actions = {{announce_equal, announce_different, toss_heads, toss_tails, silent}};
  Protocol:
{_announcements(i, bug_round)}    Environment.stage = 3 and Environment.round < {rounds} : {{toss_heads, toss_tails}};
    Other : {{silent}};
  end Protocol
  Evolution:
    seen = equal if Environment.stage = 0 and {same};
    seen = different if Environment.stage = 0 and {differ};
    seen = unseen if Environment.stage = 3 and Environment.round < {rounds};
  end Evolution
end Agent
"""


def formulas(n: int) -> tuple[str, str]:
    """The invariant the bug breaks (FALSE) and one that holds (TRUE)."""
    somebody_paid = " or ".join(f"c{i}paid" for i in range(1, n + 1))
    return f"AG ((published and odd) -> ({somebody_paid}))", "AG ((odd or even) -> published)"


def _initial_states(n: int) -> str:
    return initial_states_section(
        n,
        ["Environment.stage = 0", "Environment.round = 1", "Environment.result = none"]
        + [f"Environment.say{i} = false" for i in range(1, n + 1)]
        + [f"{cryptographer(i)}.seen = unseen" for i in range(1, n + 1)],
    )


def dc_bug_model_text(n: int, rounds: int, bug_round: int) -> str:
    """The N-cryptographer, R-round model with cryptographer 1 lying in round B, in ISPL."""
    if n < 3:
        raise ValueError("the dining cryptographers need at least 3 cryptographers")
    if not 1 <= bug_round <= rounds:
        raise ValueError(f"the bug round must be between 1 and the number of rounds ({rounds}), not {bug_round}")
    agents = "".join(_cryptographer_agent(i, n, rounds, bug_round) for i in range(1, n + 1))
    evaluation = "\n".join(f"  c{i}paid if {cryptographer(i)}.paid = true;" for i in range(1, n + 1))
    broken, holds = formulas(n)
    return (
        f"-- Dining cryptographers, {n} agents, {rounds} rounds, cryptographer 1 lies in round {bug_round}\n"
        f"-- (generated by benchmarks/dc_bug.py; the first formula fails after {bug_depth(bug_round)} steps)\n"
        "Semantics = SingleAssignment;\n\n"
        f"{_environment(n, rounds)}\n{agents}\n"
        f"Evaluation\n{evaluation}\n"
        "  odd if Environment.result = odd;\n"
        "  even if Environment.result = even;\n"
        "  published if Environment.stage = 3;\n"
        "end Evaluation\n\n"
        f"{_initial_states(n)}\n"
        f"Formulae\n  {broken};\n  {holds};\nend Formulae\n"
    )


def main(argv: list[str] | None = None) -> int:
    """Print the model the command line asks for."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, required=True, help="number of cryptographers (at least 3)")
    parser.add_argument("--rounds", type=int, required=True, help="number of rounds R")
    parser.add_argument("--bug-round", type=int, required=True,
                        help="round B (1..R) in which cryptographer 1 lies; the bug is 4·B − 1 steps deep")
    args = parser.parse_args(argv)
    try:
        print(dc_bug_model_text(args.n, args.rounds, args.bug_round), end="")
    except ValueError as error:
        parser.error(str(error))
    return 0


if __name__ == "__main__":
    sys.exit(main())
