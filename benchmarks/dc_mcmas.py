"""The dining cryptographers in the structure of MCMAS's own `dining-cryptographers-12` test.

Written for ctlstark (not copied): SingleAssignment semantics; the environment owns
the N coins, one announcement variable `said_i : 0..1` per cryptographer, a flag
that the announcements are in, and the observable outcome `parity : {none, even,
odd}`, computed from the SUM of the announcements (`said_1 + … + said_N = k` for
every even k, resp. odd k — the expression MCMAS's test uses, quadratic in N).
Cryptographer i sees coins i and i−1 (coin N for i = 1), records whether they
differ, and announces "equal" or "different" (the opposite if it paid); exactly one
or none pays, which InitStates spells out as N+1 disjuncts of N equalities.

Formulas: the two CTLK properties of the test (anonymity of a non-payer for
cryptographer 1, and common knowledge that nobody paid when the parity is even),
written with `AG`, and the CTL*K paper's liveness property φ1.

    python benchmarks/dc_mcmas.py --print-model 12
"""

from __future__ import annotations

import argparse
import sys


def crypto(i: int) -> str:
    return f"Crypto{i}"


def _environment(n: int) -> str:
    coins = "\n".join(f"    coin{i} : {{head, tail}};" for i in range(1, n + 1))
    said = "\n".join(f"    said{i} : 0..1;" for i in range(1, n + 1))
    announcements = "\n".join(
        f"    said{i} = 0 if parity = none and {crypto(i)}.Action = equal;\n"
        f"    said{i} = 1 if parity = none and {crypto(i)}.Action = different;"
        for i in range(1, n + 1))
    total = "+".join(f"said{i}" for i in range(1, n + 1))
    evens = " or ".join(f"{total} = {k}" for k in range(0, n + 1, 2))
    odds = " or ".join(f"{total} = {k}" for k in range(1, n + 1, 2))
    return (
        "Agent Environment\n"
        "  Obsvars:\n    parity : {none, even, odd};\n  end Obsvars\n"
        f"  Vars:\n{coins}\n{said}\n    announced : boolean;\n  end Vars\n"
        "  Actions = {tick};\n  Protocol:\n    Other : {tick};\n  end Protocol\n"
        "  Evolution:\n"
        f"{announcements}\n"
        f"    announced = true if parity = none and ({crypto(1)}.Action = equal or {crypto(1)}.Action = different);\n"
        f"    parity = even if parity = none and announced = true and ({evens});\n"
        f"    parity = odd if parity = none and announced = true and ({odds});\n"
        "  end Evolution\nend Agent\n"
    )


def _cryptographer(i: int, n: int) -> str:
    left = n if i == 1 else i - 1
    same = (f"(seen = empty and Environment.coin{i} = head and Environment.coin{left} = head) or "
            f"(seen = empty and Environment.coin{i} = tail and Environment.coin{left} = tail)")
    differ = (f"(seen = empty and Environment.coin{i} = head and Environment.coin{left} = tail) or "
              f"(seen = empty and Environment.coin{i} = tail and Environment.coin{left} = head)")
    return (
        f"Agent {crypto(i)}\n"
        f"  Lobsvars = {{coin{i}, coin{left}}};\n"
        "  Vars:\n    paid : {yes, no};\n    seen : {empty, same, differ};\n  end Vars\n"
        "  Actions = {equal, different, quiet};\n"
        "  Protocol:\n"
        "    paid = no and seen = differ : {different};\n"
        "    paid = no and seen = same : {equal};\n"
        "    paid = yes and seen = differ : {equal};\n"
        "    paid = yes and seen = same : {different};\n"
        "    Other : {quiet};\n"
        "  end Protocol\n"
        "  Evolution:\n"
        f"    seen = same if {same};\n"
        f"    seen = differ if {differ};\n"
        "  end Evolution\nend Agent\n"
    )


def _initial_states(n: int) -> str:
    def payer_is(k: int) -> str:
        return " and ".join(f"{crypto(i)}.paid = {'yes' if i == k else 'no'}" for i in range(1, n + 1))

    payers = " or\n  ".join(f"({payer_is(k)})" for k in range(0, n + 1))
    rest = " and ".join(
        [f"{crypto(i)}.seen = empty" for i in range(1, n + 1)]
        + [f"Environment.said{i} = 0" for i in range(1, n + 1)]
        + ["Environment.announced = false", "Environment.parity = none"])
    return f"InitStates\n  ({payers})\n  and {rest};\nend InitStates\n"


def paid(n: int) -> list[str]:
    return [f"c{i}paid" for i in range(1, n + 1)]


def formulas(n: int) -> dict[str, str]:
    """name → formula: the test's two CTLK properties (as AG) and the paper's φ1."""
    props = paid(n)
    others = props[1:]
    first = crypto(1)
    anonymity = (f"AG((odd and !c1paid) -> (K({first}, {' or '.join(others)}) and "
                 + " and ".join(f"!K({first}, {p})" for p in others) + "))")
    nobody = f"AG(even -> GCK(cryptographers, {' and '.join('!' + p for p in props)}))"
    knows_none = f"K({first}, !({' or '.join(props)}))"
    knows_someone = f"K({first}, {' or '.join(others)})"
    not_whom = " and ".join(f"(!K({first}, {p}))" for p in others)
    # MCMAS reads an entry as CTL* only after the `CTL*` keyword, and inside a path
    # quantifier its unary operators take everything to their right: parenthesise fully.
    phi1 = f"CTL* A G ((!c1paid) -> F ({knows_none} or ({knows_someone} and {not_whom})))"
    return {"anonymity": anonymity, "common knowledge": nobody, "φ1": phi1}


def dc_mcmas_model_text(n: int) -> str:
    """The N-cryptographer model in MCMAS's test structure, with its three formulas."""
    agents = "".join(_cryptographer(i, n) for i in range(1, n + 1))
    evaluation = "\n".join(f"  c{i}paid if {crypto(i)}.paid = yes;" for i in range(1, n + 1))
    members = ", ".join(crypto(i) for i in range(1, n + 1))
    entries = "\n".join(f"  {text};" for text in formulas(n).values())
    return (
        f"-- Dining cryptographers, {n} agents, in the structure of MCMAS's dining-cryptographers test\n"
        "-- (generated by benchmarks/dc_mcmas.py)\n"
        "Semantics = SingleAssignment;\n\n"
        f"{_environment(n)}\n{agents}\n"
        f"Evaluation\n{evaluation}\n"
        "  odd if Environment.parity = odd;\n  even if Environment.parity = even;\nend Evaluation\n\n"
        f"{_initial_states(n)}\n"
        f"Groups\n  cryptographers = {{{members}}};\nend Groups\n\n"
        f"Formulae\n{entries}\nend Formulae\n"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--print-model", type=int, metavar="N", required=True, help="print the N-agent model")
    arguments = parser.parse_args(argv)
    print(dc_mcmas_model_text(arguments.print_model), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
