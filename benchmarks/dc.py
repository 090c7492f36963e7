"""Dining cryptographers benchmark: generate the N-agent model, time ctlstark on it.

The model follows Chaum's protocol in the "counter" style of MCMAS's scaling
models: N cryptographers round a table, coin i lies between cryptographers i
and i+1 (coin N between N and 1), so cryptographer i sees coins i-1 and i. In
stage 0 the coins are tossed (free in the initial states) and each cryptographer
compares its two coins; in stage 1 it announces "equal" or "different" (the
opposite if it paid); in stage 2 the environment has recorded the announcements;
in stage 3 it publishes the parity of the "different" announcements (`result`, an
observable variable), and the state no longer changes. Hence
4 · (N+1) · 2^N reachable states: 4 stages, N+1 payer configurations (one
payer or none), 2^N coin tosses.

Formulas (both CTLK, both TRUE for every N >= 3):

* φ0 (anonymity) `AG((odd and !c1paid) -> (K(C1, c2paid or ... or cNpaid) and !K(C1, c2paid) and ...))`
* GCK (common knowledge) `AG(even -> GCK(cryptographers, !(c1paid or ... or cNpaid)))`

(In the CTL*K paper, φ1 is the CTL*K liveness property; `dc_ctlstar.py` times it.)

Run `python benchmarks/dc.py --min 3 --max 20`: each N runs in a fresh
subprocess (so peak memory is per N), with a timeout.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from dataclasses import asdict, dataclass


def cryptographer(i: int) -> str:
    return f"Cryptographer{i}"


def seen_coins(i: int, n: int) -> tuple[int, int]:
    """The coins cryptographer i sees: the one on its left (i-1, or n) and its own (i)."""
    return (n if i == 1 else i - 1, i)


def expected_reachable_states(n: int) -> int:
    """4 stages x (n+1) payer configurations x 2^n coin tosses."""
    return 4 * (n + 1) * 2**n


def _environment(n: int) -> str:
    coins = "\n".join(f"    coin{i} : boolean;" for i in range(1, n + 1))
    says = "\n".join(f"    say{i} : boolean;" for i in range(1, n + 1))
    record = "\n".join(
        f"    say{i} = true if result = none and {cryptographer(i)}.Action = announce_different;\n"
        f"    say{i} = false if result = none and {cryptographer(i)}.Action = announce_equal;"
        for i in range(1, n + 1)
    )
    parity = " ^ ".join(f"say{i}" for i in range(1, n + 1))
    first = cryptographer(1)
    return f"""Agent Environment
  Obsvars:
    result : {{none, even, odd}};
  end Obsvars
  Vars:
{coins}
{says}
    recorded : boolean;
  end Vars
  Actions = {{idle}};
  Protocol:
    Other : {{idle}};
  end Protocol
  Evolution:
{record}
    recorded = true if result = none
      and ({first}.Action = announce_equal or {first}.Action = announce_different);
    result = odd if result = none and recorded = true and {parity} = true;
    result = even if result = none and recorded = true and {parity} = false;
  end Evolution
end Agent
"""


def _cryptographer_agent(i: int, n: int) -> str:
    left, right = seen_coins(i, n)
    same = f"Environment.coin{left} = Environment.coin{right}"
    differ = f"Environment.coin{left} <> Environment.coin{right}"
    return f"""Agent {cryptographer(i)}
  Lobsvars = {{coin{left}, coin{right}}};
  Vars:
    paid : boolean;
    seen : {{unseen, equal, different}};
  end Vars
  Actions = {{announce_equal, announce_different, silent}};
  Protocol:
    seen = equal and paid = false : {{announce_equal}};
    seen = different and paid = false : {{announce_different}};
    seen = equal and paid = true : {{announce_different}};
    seen = different and paid = true : {{announce_equal}};
    Other : {{silent}};
  end Protocol
  Evolution:
    seen = equal if seen = unseen and {same};
    seen = different if seen = unseen and {differ};
  end Evolution
end Agent
"""


def initial_states_section(n: int, fixed_values: list[str]) -> str:
    """`InitStates`: at most one cryptographer paid (payer 0 = nobody), and `fixed_values`."""
    def payer_is(payer: int) -> str:
        return " and ".join(
            f"{cryptographer(i)}.paid = {'true' if i == payer else 'false'}" for i in range(1, n + 1)
        )

    payers = "\n   or ".join(f"({payer_is(payer)})" for payer in range(0, n + 1))
    fixed = " and ".join(fixed_values)
    return f"InitStates\n  (   {payers})\n  and {fixed};\nend InitStates\n"


def _initial_states(n: int) -> str:
    return initial_states_section(
        n,
        ["Environment.result = none", "Environment.recorded = false"]
        + [f"Environment.say{i} = false" for i in range(1, n + 1)]
        + [f"{cryptographer(i)}.seen = unseen" for i in range(1, n + 1)],
    )


def formulas(n: int) -> tuple[str, str]:
    """φ0 (anonymity for cryptographer 1) and GCK (common knowledge of 'nobody paid')."""
    first = cryptographer(1)
    others = [f"c{i}paid" for i in range(2, n + 1)]
    ignorance = " and ".join(f"!K({first}, {paid})" for paid in others)
    phi0 = f"AG((odd and !c1paid) -> (K({first}, {' or '.join(others)}) and {ignorance}))"
    everybody = " or ".join(f"c{i}paid" for i in range(1, n + 1))
    phi1 = f"AG(even -> GCK(cryptographers, !({everybody})))"
    return phi0, phi1


def dc_model_text(n: int) -> str:
    """The N-cryptographer model in ISPL (MCMAS 1.3.0 syntax), with φ0 and GCK as its Formulae."""
    if n < 3:
        raise ValueError("the dining cryptographers need at least 3 cryptographers")
    agents = "".join(_cryptographer_agent(i, n) for i in range(1, n + 1))
    evaluation = "\n".join(f"  c{i}paid if {cryptographer(i)}.paid = true;" for i in range(1, n + 1))
    members = ", ".join(cryptographer(i) for i in range(1, n + 1))
    phi0, phi1 = formulas(n)
    return (
        f"-- Dining cryptographers, {n} agents, counter style (generated by benchmarks/dc.py)\n"
        "Semantics = SingleAssignment;\n\n"
        f"{_environment(n)}\n{agents}\n"
        f"Evaluation\n{evaluation}\n"
        "  odd if Environment.result = odd;\n"
        "  even if Environment.result = even;\n"
        "end Evaluation\n\n"
        f"{_initial_states(n)}\n"
        f"Groups\n  cryptographers = {{{members}}};\nend Groups\n\n"
        f"Formulae\n  {phi0};\n  {phi1};\nend Formulae\n"
    )


# ---------------------------------------------------------------------------- measuring


@dataclass
class Measurement:
    """One N's results; times in seconds, memory in MB."""

    n: int
    reachable_states: int
    bdd_variables: int
    build_seconds: float
    reach_seconds: float
    check_seconds: float
    peak_rss_mb: float
    verdicts: list[bool]


def measure(n: int, reorder: bool | None = None) -> Measurement:
    """Parse, encode, explore and check the N-agent model in this process."""
    from ctlstark.mc.label import Checker
    from ctlstark.ispl import parse_model
    from ctlstark.symbolic.system import build_system

    started = time.perf_counter()
    model = parse_model(dc_model_text(n), filename=f"dc{n}.ispl")
    parse_seconds = time.perf_counter() - started

    started = time.perf_counter()
    system = build_system(model, reorder=reorder)
    build_total = time.perf_counter() - started
    reach_seconds = _reach_seconds(system.stats)
    build_seconds = parse_seconds + build_total - reach_seconds

    started = time.perf_counter()
    checker = Checker(system)
    verdicts = [checker.holds(entry.formula) for entry in model.formulae]
    check_seconds = time.perf_counter() - started

    return Measurement(
        n=n,
        reachable_states=system.count_states(system.reachable),
        bdd_variables=int(system.stats.get("bdd_variables", 0)),
        build_seconds=build_seconds,
        reach_seconds=reach_seconds,
        check_seconds=check_seconds,
        peak_rss_mb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        verdicts=verdicts,
    )


REORDER_CHOICES = {"auto": None, "on": True, "off": False}


def _reach_seconds(stats: dict) -> float:
    """The reachability phase's time from the engine's statistics (0 when it is not reported)."""
    if "reach_seconds" in stats:
        return float(stats["reach_seconds"])
    return float(stats.get("seconds", {}).get("reach", 0.0))


def run_in_subprocess(n: int, timeout: float, reorder: str = "auto") -> Measurement | str:
    """Measure N in a fresh interpreter; a string says why there is no measurement."""
    command = [sys.executable, __file__, "--single", str(n), "--reorder", reorder]
    try:
        finished = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return f"timeout ({timeout:g} s)"
    if finished.returncode != 0:
        last_line = (finished.stderr.strip().splitlines() or ["no output"])[-1]
        return f"failed (exit {finished.returncode}): {last_line}"
    return Measurement(**json.loads(finished.stdout.strip().splitlines()[-1]))


HEADER = (
    "N", "reachable states", "expected", "BDD vars", "build s", "reach s", "check s", "peak RSS MB",
    "φ0 (anonymity), GCK (common knowledge)",
)


def table_row(measurement: Measurement | str, n: int) -> str:
    if isinstance(measurement, str):
        return f"| {n} | {measurement} |" + " |" * (len(HEADER) - 2)
    m = measurement
    expected = "✓" if m.reachable_states == expected_reachable_states(n) else f"✗ {expected_reachable_states(n)}"
    verdicts = " ".join("TRUE" if verdict else "FALSE" for verdict in m.verdicts)
    return (
        f"| {m.n} | {m.reachable_states} | {expected} | {m.bdd_variables} | {m.build_seconds:.3f} "
        f"| {m.reach_seconds:.3f} | {m.check_seconds:.3f} | {m.peak_rss_mb:.1f} | {verdicts} |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--min", type=int, default=3, help="smallest N (default 3)")
    parser.add_argument("--max", type=int, default=20, help="largest N (default 20)")
    parser.add_argument("--step", type=int, default=1, help="step between Ns (default 1)")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds allowed per N (default 300)")
    parser.add_argument(
        "--reorder", choices=sorted(REORDER_CHOICES), default="auto",
        help="dynamic BDD reordering: auto (the engine decides, default), on or off",
    )
    parser.add_argument("--single", type=int, help="measure this N in this process and print JSON")
    parser.add_argument("--print-model", type=int, metavar="N", help="print the N-agent model and exit")
    args = parser.parse_args(argv)

    if args.print_model is not None:
        print(dc_model_text(args.print_model), end="")
        return 0
    if args.single is not None:
        print(json.dumps(asdict(measure(args.single, REORDER_CHOICES[args.reorder]))))
        return 0

    print("| " + " | ".join(HEADER) + " |")
    print("|" + "---|" * len(HEADER))
    for n in range(args.min, args.max + 1, args.step):
        print(table_row(run_in_subprocess(n, args.timeout, args.reorder), n), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
