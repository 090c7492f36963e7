"""CTL*K dining cryptographers benchmark: the liveness property φ1 and the iterated protocol's φ2.

Section 4 of the CTL*K paper (seeds/001) times MCMAS* on two CTL*K properties
of Chaum's protocol. This script times ctlstark on the same properties:

* On `dc.py`'s one-round model (reused by import), φ0 (anonymity, CTLK, the
  first formula of `dc.formulas`) and the paper's liveness property
  φ1 `A G (!c1paid -> F (K(C1, none paid) or (K(C1, c2paid or … or cNpaid)
  and !K(C1, c2paid) and … and !K(C1, cNpaid))))` — TRUE for N ≥ 3: every
  path reaches the published result, and then cryptographer 1 either knows
  that nobody paid (even parity) or that somebody else paid but not who (odd).
* On our iterated model (`dc_iterated_model_text`), the paper's
  φ2 `c1paid -> A G (ψnone -> F ((G F obey1 and G F !obey1) and G ψnone))`
  with ψnone = `!K(C2, c1paid) and … and !K(CN, c1paid)`: TRUE with the
  model's Fairness section, FALSE without it (the payer may obey forever, so
  `G F !obey1` fails on some path).

The iterated model. Rounds repeat forever; a round takes four steps, paced by
the environment's observable `result` (none → ready → pending → even/odd →
none): (0) `result = none`, the coins lie on the table, every cryptographer
`unseen`; (1) `result = ready`, each one has compared its two coins (`seen =
equal/different`) and now announces; (2) `result = pending`, the environment
has recorded the announcements in `say_i` (observable by everybody, as in
Chaum's protocol; `dc.py` publishes only their parity), each cryptographer has
recorded in `obeyed` whether its announcement was the one the protocol
prescribes; (3) the environment publishes the parity of the "different"
announcements (`result = even/odd`); then the coins are re-tossed
nondeterministically, the `say_i` cleared, every cryptographer is `unseen`
again and the next round starts at (0). (The phase lives in `result`
rather than in a guard on cryptographer 1's action so that the static variable
order keeps each `say_i` beside cryptographer i: the reachable set stays
linear in N.) The payer (one cryptographer, or nobody) is fixed for the run. A
payer may announce either way — the prescribed (inverted) announcement or the
opposite, a lie; non-payers have exactly one enabled announcement, so they
always obey. `obey1` is `Cryptographer1.obeyed`: cryptographer 1's last
announcement followed the protocol (true before the first one). The reachable
states number 4·(2N+1)·2^N: 4 steps, 2N+1 (payer, last announcement obeyed)
combinations (N payers × 2 + nobody, whose `obeyed` stays true), 2^N coin
tosses.

Why φ2 holds for the right reason. A non-payer i sees its own variables, its
two coins and the current round's announcements and result (nothing of earlier
rounds: observational semantics, no memory). Announcement j is coin(j-1) ⊕
coin(j) ⊕ "j paid and obeyed", so i learns whether somebody else flipped an
announcement, but not who: a flip at j and one at k (both ≠ i) look the same to
i once the unseen coins between them are changed, and "nobody flipped" is what
both "nobody paid" and "the payer lied" look like. With N ≥ 3 there are always
two such candidates, so no single cryptographer ever knows that cryptographer
1 paid, lie or no lie, and ψnone holds in every reachable state (the tests
check this with both engines). φ2 is then decided by ψarbitrary: with
fairness every fair path makes the payer obey and lie infinitely often, so φ2
is TRUE; without it the path on which cryptographer 1 always obeys falsifies
`G F !obey1`, so φ2 is FALSE.

The Fairness section (with `fairness=True`) is symmetric: "the payer's last
announcement obeyed, or nobody paid" and "the payer's last announcement was a
lie, or nobody paid", each infinitely often. The literal reading — "obey1" and
"!obey1" infinitely often — would be a trap: a run in which cryptographer 1 did
not pay could never lie, so it would have no fair path; knowledge ranges over
the fair reachable states (docs/semantics.md), so every cryptographer would
"know" c1paid in every fair state, ψnone would be false everywhere and φ2
would hold vacuously. With the symmetric constraints every reachable state
starts a fair path, so the epistemic relations are those of the unfair model.

Only single-agent knowledge appears in φ2. Distributed knowledge is another
matter (the paper discusses it): cryptographer 1's two neighbours together see
both of its coins and its announcement, so together they know whether it
flipped its announcement — an obeying payer is exposed to the pair. φ2 does
not involve it.

Run `python benchmarks/dc_ctlstar.py` (N = 3,4,5,6,8,10,15,20) or with
`--min/--max/--step`; each N runs in a fresh subprocess with a timeout.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import dc  # noqa: E402  (benchmarks/ is not a package: dc.py sits beside this file)

DEFAULT_SIZES = (3, 4, 5, 6, 8, 10, 15, 20)
FIRST = dc.cryptographer(1)
PUBLISHED = "(result = even or result = odd)"


# ---------------------------------------------------------------------------- formulas


def paid_propositions(n: int) -> list[str]:
    """The propositions c1paid … cNpaid of both models."""
    return [f"c{i}paid" for i in range(1, n + 1)]


def phi1(n: int) -> str:
    """The paper's liveness property φ1 for cryptographer 1 (CTL*K, not CTL-shaped)."""
    paid = paid_propositions(n)
    others = paid[1:]
    knows_none = f"K({FIRST}, !({' or '.join(paid)}))"
    knows_someone = f"K({FIRST}, {' or '.join(others)})"
    not_whom = " and ".join(f"!K({FIRST}, {other})" for other in others)
    return f"A G (!c1paid -> F ({knows_none} or ({knows_someone} and {not_whom})))"


def psi_none(n: int) -> str:
    """No other cryptographer knows that cryptographer 1 paid."""
    return " and ".join(f"!K({dc.cryptographer(i)}, c1paid)" for i in range(2, n + 1))


def phi2(n: int) -> str:
    """The paper's φ2 on the iterated model: the payer may lie at will without being found out."""
    ignorance = psi_none(n)
    arbitrary = "G F obey1 and G F !obey1"
    return f"c1paid -> A G (({ignorance}) -> F (({arbitrary}) and G ({ignorance})))"


def phi2_mcmas(n: int) -> str:
    """φ2 as MCMAS reads it: after the `CTL*` keyword, every unary operator's operand in
    parentheses (inside a path quantifier MCMAS's `!`, `G`, `F` take everything to their right)."""
    ignorance = " and ".join(f"(!K({dc.cryptographer(i)}, c1paid))" for i in range(2, n + 1))
    arbitrary = "(G F obey1) and (G F (!obey1))"
    return f"CTL* (c1paid -> (A G (({ignorance}) -> F (({arbitrary}) and (G ({ignorance}))))))"


# ---------------------------------------------------------------------------- iterated model


def expected_iterated_reachable_states(n: int) -> int:
    """4 steps per round x (2n+1) (payer, obeyed) combinations x 2^n coin tosses."""
    return 4 * (2 * n + 1) * 2**n


def _iterated_environment(n: int) -> str:
    coins = "\n".join(f"    coin{i} : boolean;" for i in range(1, n + 1))
    says = "\n".join(f"    say{i} : boolean;" for i in range(1, n + 1))
    record = "\n".join(
        f"    say{i} = true if {dc.cryptographer(i)}.Action = announce_different;\n"
        f"    say{i} = false if {dc.cryptographer(i)}.Action = announce_equal;"
        for i in range(1, n + 1)
    )
    retoss = "\n".join(
        f"    coin{i} = true if {PUBLISHED};\n    coin{i} = false if {PUBLISHED};\n"
        f"    say{i} = false if {PUBLISHED};"
        for i in range(1, n + 1)
    )
    parity = " ^ ".join(f"say{i}" for i in range(1, n + 1))
    return f"""Agent Environment
  Obsvars:
    result : {{none, ready, pending, even, odd}};
{says}
  end Obsvars
  Vars:
{coins}
  end Vars
  Actions = {{idle}};
  Protocol:
    Other : {{idle}};
  end Protocol
  Evolution:
{record}
    result = ready if result = none;
    result = pending if result = ready;
    result = odd if result = pending and {parity} = true;
    result = even if result = pending and {parity} = false;
    result = none if {PUBLISHED};
{retoss}
  end Evolution
end Agent
"""


def _iterated_cryptographer(i: int, n: int) -> str:
    left, right = dc.seen_coins(i, n)
    same = f"Environment.coin{left} = Environment.coin{right}"
    differ = f"Environment.coin{left} <> Environment.coin{right}"
    turn = "Environment.result = ready"
    published = "(Environment.result = even or Environment.result = odd)"
    return f"""Agent {dc.cryptographer(i)}
  Lobsvars = {{coin{left}, coin{right}}};
  Vars:
    paid : boolean;
    seen : {{unseen, equal, different}};
    obeyed : boolean;
  end Vars
  Actions = {{announce_equal, announce_different, silent}};
  Protocol:
    seen = equal and paid = false and {turn} : {{announce_equal}};
    seen = different and paid = false and {turn} : {{announce_different}};
    seen = equal and paid = true and {turn} : {{announce_different, announce_equal}};
    seen = different and paid = true and {turn} : {{announce_equal, announce_different}};
    Other : {{silent}};
  end Protocol
  Evolution:
    seen = equal if seen = unseen and {same};
    seen = different if seen = unseen and {differ};
    seen = unseen if {published};
    obeyed = true if paid = true and seen = equal and Action = announce_different;
    obeyed = true if paid = true and seen = different and Action = announce_equal;
    obeyed = false if paid = true and seen = equal and Action = announce_equal;
    obeyed = false if paid = true and seen = different and Action = announce_different;
  end Evolution
end Agent
"""


def _iterated_initial_states(n: int) -> str:
    return dc.initial_states_section(
        n,
        ["Environment.result = none"]
        + [f"Environment.say{i} = false" for i in range(1, n + 1)]
        + [f"{dc.cryptographer(i)}.seen = unseen" for i in range(1, n + 1)]
        + [f"{dc.cryptographer(i)}.obeyed = true" for i in range(1, n + 1)],
    )


def _iterated_evaluation(n: int) -> str:
    crypto = [dc.cryptographer(i) for i in range(1, n + 1)]
    paid = "\n".join(f"  c{i}paid if {crypto[i - 1]}.paid = true;" for i in range(1, n + 1))
    nobody = " and ".join(f"{name}.paid = false" for name in crypto)
    all_obeyed = " and ".join(f"{name}.obeyed = true" for name in crypto)
    some_lied = " or ".join(f"{name}.obeyed = false" for name in crypto)
    return (
        f"Evaluation\n{paid}\n"
        f"  obey1 if {FIRST}.obeyed = true;\n"
        f"  payer_obeyed if {all_obeyed};\n"
        f"  payer_lied_or_nobody_paid if ({some_lied}) or ({nobody});\n"
        "  odd if Environment.result = odd;\n"
        "  even if Environment.result = even;\n"
        "end Evaluation\n"
    )


def dc_iterated_model_text(n: int, fairness: bool) -> str:
    """The iterated N-cryptographer model with a possibly lying payer, φ2 as its formula.

    With `fairness`, the payer (if any) must both obey and lie infinitely often.
    Non-payers always have `obeyed = true`, so `payer_obeyed` is "everybody's last
    announcement obeyed"; it also holds throughout a run where nobody paid.
    """
    if n < 3:
        raise ValueError("the dining cryptographers need at least 3 cryptographers")
    agents = "".join(_iterated_cryptographer(i, n) for i in range(1, n + 1))
    members = ", ".join(dc.cryptographer(i) for i in range(1, n + 1))
    fair = "Fairness\n  payer_obeyed;\n  payer_lied_or_nobody_paid;\nend Fairness\n\n" if fairness else ""
    title = "with" if fairness else "without"
    return (
        f"-- Iterated dining cryptographers, {n} agents, lying payer, {title} fairness"
        " (generated by benchmarks/dc_ctlstar.py)\n"
        "Semantics = SingleAssignment;\n\n"
        f"{_iterated_environment(n)}\n{agents}\n"
        f"{_iterated_evaluation(n)}\n"
        f"{_iterated_initial_states(n)}\n"
        f"Groups\n  cryptographers = {{{members}}};\nend Groups\n\n"
        f"{fair}"
        f"Formulae\n  {phi2_mcmas(n)};\nend Formulae\n"
    )


# ---------------------------------------------------------------------------- measuring


@dataclass
class Run:
    """One model's build and check: seconds, states, verdicts and tableau routes."""

    reachable_states: int
    build_seconds: float
    reach_seconds: float
    check_seconds: dict[str, float] = field(default_factory=dict)
    verdicts: dict[str, bool] = field(default_factory=dict)
    routes: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class Measurement:
    """One N's runs (keys: `dc`, `iterated_fair`, `iterated_unfair`) and peak memory in MB."""

    n: int
    runs: dict[str, Run]
    peak_rss_mb: float


def run_model(text: str, filename: str, formulas: dict[str, str]) -> Run:
    """Parse, build and explore the model, then check each named formula (timed separately)."""
    from ctlstark.mc.label import Checker
    from ctlstark.ispl import parse_formula, parse_model
    from ctlstark.symbolic.system import build_system

    started = time.perf_counter()
    model = parse_model(text, filename=filename)
    system = build_system(model)
    reach_seconds = dc._reach_seconds(system.stats)
    run = Run(
        reachable_states=system.count_states(system.reachable),
        build_seconds=time.perf_counter() - started - reach_seconds,
        reach_seconds=reach_seconds,
    )
    for name, formula_text in formulas.items():
        formula = parse_formula(formula_text, model, source=name).formula
        started = time.perf_counter()
        checker = Checker(system)
        run.verdicts[name] = checker.holds(formula)
        run.check_seconds[name] = time.perf_counter() - started
        run.routes[name] = sorted(set(route for _, route in checker.routes_of(formula)))
        checker.release()
    return run


def measure(n: int) -> Measurement:
    """All three models of one N, in this process."""
    runs = {
        "dc": run_model(dc.dc_model_text(n), f"dc{n}.ispl", {"phi0": dc.formulas(n)[0], "phi1": phi1(n)}),
        "iterated_fair": run_model(dc_iterated_model_text(n, True), f"dc_iterated_fair{n}.ispl", {"phi2": phi2(n)}),
        "iterated_unfair": run_model(
            dc_iterated_model_text(n, False), f"dc_iterated{n}.ispl", {"phi2": phi2(n)}
        ),
    }
    return Measurement(n=n, runs=runs, peak_rss_mb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)


def run_in_subprocess(n: int, timeout: float) -> Measurement | str:
    """Measure N in a fresh interpreter; a string says why there is no measurement."""
    command = [sys.executable, __file__, "--single", str(n)]
    try:
        finished = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return f"timeout ({timeout:g} s)"
    if finished.returncode != 0:
        last_line = (finished.stderr.strip().splitlines() or ["no output"])[-1]
        return f"failed (exit {finished.returncode}): {last_line}"
    data = json.loads(finished.stdout.strip().splitlines()[-1])
    runs = {name: Run(**run) for name, run in data.pop("runs").items()}
    return Measurement(runs=runs, **data)


# ---------------------------------------------------------------------------- table

HEADER = (
    "N", "states (dc)", "build s", "reach s", "φ0 s", "φ1 s", "φ1 total s",
    "states (iterated)", "build+reach s (fair)", "φ2 fair s", "φ2 fair total s",
    "build+reach s (unfair)", "φ2 unfair s", "peak RSS MB", "φ0 φ1 φ2fair φ2unfair",
)


def _verdict(value: bool) -> str:
    return "TRUE" if value else "FALSE"


def table_row(measurement: Measurement | str, n: int) -> str:
    """One Markdown row; φ1 total = build + reach + φ1 (as the paper's total runtime), likewise φ2."""
    if isinstance(measurement, str):
        return f"| {n} | {measurement} |" + " |" * (len(HEADER) - 2)
    one_round, fair, unfair = (measurement.runs[key] for key in ("dc", "iterated_fair", "iterated_unfair"))
    fair_setup = fair.build_seconds + fair.reach_seconds
    unfair_setup = unfair.build_seconds + unfair.reach_seconds
    phi1_total = one_round.build_seconds + one_round.reach_seconds + one_round.check_seconds["phi1"]
    checked = (one_round.verdicts["phi0"], one_round.verdicts["phi1"], fair.verdicts["phi2"], unfair.verdicts["phi2"])
    verdicts = " ".join(_verdict(value) for value in checked)
    cells = (
        n, one_round.reachable_states, f"{one_round.build_seconds:.3f}", f"{one_round.reach_seconds:.3f}",
        f"{one_round.check_seconds['phi0']:.3f}", f"{one_round.check_seconds['phi1']:.3f}", f"{phi1_total:.3f}",
        fair.reachable_states, f"{fair_setup:.3f}", f"{fair.check_seconds['phi2']:.3f}",
        f"{fair_setup + fair.check_seconds['phi2']:.3f}",
        f"{unfair_setup:.3f}", f"{unfair.check_seconds['phi2']:.3f}", f"{measurement.peak_rss_mb:.1f}", verdicts,
    )
    return "| " + " | ".join(str(cell) for cell in cells) + " |"


def routes_line(measurement: Measurement) -> str:
    """Which route (fast path or tableau) each checked formula's path subformulas took."""
    parts = [
        f"{model}/{name}: {', '.join(routes)}"
        for model, run in measurement.runs.items()
        for name, routes in run.routes.items()
    ]
    return f"N = {measurement.n} routes: " + "; ".join(parts)


def sizes(args: argparse.Namespace) -> list[int]:
    """The Ns to run: the paper's default list unless --min/--max/--step is given."""
    if args.min is None and args.max is None and args.step is None:
        return list(DEFAULT_SIZES)
    low = 3 if args.min is None else args.min
    high = low if args.max is None else args.max
    return list(range(low, high + 1, args.step or 1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--min", type=int, help="smallest N (default: N = 3,4,5,6,8,10,15,20)")
    parser.add_argument("--max", type=int, help="largest N")
    parser.add_argument("--step", type=int, help="step between Ns (default 1)")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds allowed per N (default 600)")
    parser.add_argument("--routes", action="store_true", help="also print the route each formula took")
    parser.add_argument("--single", type=int, help="measure this N in this process and print JSON")
    parser.add_argument("--print-model", type=int, metavar="N", help="print the fair iterated N-agent model and exit")
    parser.add_argument("--unfair", action="store_true", help="with --print-model: the model without Fairness")
    args = parser.parse_args(argv)

    if args.print_model is not None:
        print(dc_iterated_model_text(args.print_model, fairness=not args.unfair), end="")
        return 0
    if args.single is not None:
        print(json.dumps(asdict(measure(args.single))))
        return 0

    print("| " + " | ".join(HEADER) + " |")
    print("|" + "---|" * len(HEADER))
    routes: list[str] = []
    for n in sizes(args):
        measurement = run_in_subprocess(n, args.timeout)
        print(table_row(measurement, n), flush=True)
        if not isinstance(measurement, str):
            routes.append(routes_line(measurement))
    if args.routes:
        print("\n" + "\n".join(routes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
