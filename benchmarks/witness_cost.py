"""What witnesses cost: trace extraction + replay against checking alone.

For the dining cryptographers (`dc.py`'s model) and formulas whose verdicts admit a
trace (a FALSE universal or TRUE existential formula; CTL fixpoint, knowledge and
tableau routes), prints per N and formula the checking time, the witness time
(extraction and replay) and their ratio. Issue 4 asks for witness generation to cost
at most twice the checking time up to N = 16.

    python benchmarks/witness_cost.py                 # N = 4, 8, 12, 16
    python benchmarks/witness_cost.py --sizes 16 20
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ctlstark  # noqa: E402
from dc import dc_model_text  # noqa: E402


def formulas(n: int) -> dict[str, str]:
    """Formulas with an explanation: name → text."""
    return {
        "K counterexample": "AG((odd and c2paid) -> K(Cryptographer1, c2paid))",
        "AF counterexample (lasso)": "AF even",
        "EF witness": "EF (odd or even)",
        "EU witness": "E(!(odd or even) U (odd or even))",
        "EG witness (lasso)": "EG !(c1paid and even)",
        "tableau witness (lasso)": "E (F G (odd or even) and G F !(c1paid and even))",
        "nested: EG lasso, EF witness per step": "EG EF (odd or even)",
        "nested: tableau lasso, EX witnesses": "E (G F EX (odd or even) and F (odd or even))",
    }


def warm_up() -> None:
    """Load the witness modules once, so the first measured formula does not pay for the imports."""
    model = ctlstark.load_model_text(dc_model_text(3), filename="dc3.ispl")
    ctlstark.check(model, ["EF odd"], file_formulae=False, witness=True)


def measure(n: int, repeats: int) -> list[tuple[str, bool | None, float, float]]:
    """(name, verdict, check seconds, witness seconds) per formula: the fastest of `repeats` fresh checks each.

    Each check builds its own system, so no run reuses another's BDDs; the minimum
    filters out the scheduler noise that dominates millisecond timings.
    """
    model = ctlstark.load_model_text(dc_model_text(n), filename=f"dc{n}.ispl")
    rows = []
    for name, text in formulas(n).items():
        check_times, witness_times = [], []
        for _ in range(repeats):
            report = ctlstark.check(model, [text], file_formulae=False, witness=True)
            result = report.formulas[0]
            if result.trace is None:
                raise SystemExit(f"N={n} {name}: no trace ({result.trace_error})")
            check_times.append(result.seconds)
            witness_times.append(report.times.get("witness", 0.0))
        rows.append((name, result.verdict, min(check_times), min(witness_times)))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[4, 8, 12, 16])
    parser.add_argument("--repeats", type=int, default=3, help="fresh checks per formula; the fastest counts")
    arguments = parser.parse_args(argv)
    warm_up()
    print("| N | formula | verdict | check s | witness s | witness / check |")
    print("|---|---|---|---|---|---|")
    for n in arguments.sizes:
        for name, verdict, check_seconds, witness_seconds in measure(n, arguments.repeats):
            ratio = witness_seconds / check_seconds if check_seconds > 0 else float("inf")
            print(f"| {n} | {name} | {verdict} | {check_seconds:.4f} | {witness_seconds:.4f} | {ratio:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
