"""The scaling family of paper 002's e-commerce protocol, checked with Storm (Markdown table).

Copy k has its own Buyer_k and Provider_k, commitments c_i_k = C(Seller, Buyer_k, Paid_k,
Goods_k) and c_j_k = C(Provider_k, Seller, Ordered_k, Provided_k), and the beliefs and
utilities of ispl_examples/commitment_protocols/ecommerce.prob; all copies share the one
Seller, whose goals are every Paid_k. The copies run independently and interleave.

    .venv/bin/python benchmarks/prob_ecommerce.py --sizes 2 3 4 5 6

Columns: main states, main + intermediate states (what the paper's Table 1 counts),
transitions, Python automaton build time, Storm sparse time (matrix build + check),
Storm's own explicit build of the PRISM program + sparse check, Storm symbolic time
(PRISM → BDD build + check), and Pmin per property. Every engine run must agree with
the others to 1e-9 (asserted).
"""

from __future__ import annotations

import argparse
import time

from ctlstark.prob.analysis import analyse_protocol
from ctlstark.prob.protocol import parse_protocol
from ctlstark.prob.storm import check_prism_sparse, check_symbolic


def ecommerce_text(n: int) -> str:
    """The protocol file of the family member with `n` copies."""
    ks = range(1, n + 1)
    lines = ["Roles Seller, " + ", ".join(f"Buyer_{k}, Provider_{k}" for k in ks) + ";",
             "Propositions " + ", ".join(f"Paid_{k}, Goods_{k}, Ordered_{k}, Provided_{k}" for k in ks) + ";",
             "Events"]
    for k in ks:
        lines += [f"  Offer_{k} by Seller;", f"  Payment_{k} by Buyer_{k} makes Paid_{k};",
                  f"  Refusal_{k} by Buyer_{k};", f"  Quote_{k} by Provider_{k};",
                  f"  Order_{k} by Seller makes Ordered_{k};", f"  Provision_{k} by Provider_{k} makes Provided_{k};",
                  f"  Failure_{k} by Provider_{k};", f"  Delivery_{k} by Seller makes Goods_{k};",
                  f"  Refund_{k} by Seller;"]
    lines += ["end Events", "Commitments"]
    for k in ks:
        lines += [f"  c_i_{k} : C(Seller, Buyer_{k}, Paid_{k}, Goods_{k});",
                  f"  c_j_{k} : C(Provider_{k}, Seller, Ordered_{k}, Provided_{k});"]
    lines += ["end Commitments", "Operations"]
    for k in ks:
        for event, operation, commitment in [("Offer", "create", "c_i"), ("Payment", "detach", "c_i"),
                                             ("Refusal", "expire", "c_i"), ("Quote", "create", "c_j"),
                                             ("Order", "detach", "c_j"), ("Provision", "discharge", "c_j"),
                                             ("Failure", "cancel", "c_j"), ("Delivery", "discharge", "c_i"),
                                             ("Refund", "cancel", "c_i")]:
            lines.append(f"  {event}_{k} : {operation} {commitment}_{k};")
    lines += ["end Operations", "Agent Seller", "  Goals " + ", ".join(f"Paid_{k}" for k in ks) + ";", "  Beliefs"]
    for k in ks:
        lines += [f"    Seller if c_i_{k} = Null : Offer_{k} 1;",
                  f"    Buyer_{k} if c_i_{k} = Con : Payment_{k} 0.9, Refusal_{k} 0.1;",
                  f"    Provider_{k} if c_j_{k} = Null : Quote_{k} 1;",
                  f"    Seller if Paid_{k} and c_j_{k} = Con : Order_{k} 1;",
                  f"    Provider_{k} if c_j_{k} = Act : Provision_{k} 0.95, Failure_{k} 0.05;",
                  f"    Seller if Provided_{k} and c_i_{k} = Act : Delivery_{k} 1;",
                  f"    Seller if c_j_{k} = Vio and c_i_{k} = Act : Refund_{k} 1;"]
    lines += ["  end Beliefs", "  Utilities"]
    for k in ks:
        lines += [f"    Payment_{k} 10;", f"    Order_{k} -6;", f"    Refund_{k} -10;"]
    lines += ["  end Utilities", "end Agent",
              "Properties", "  conformance > 0.5;", "  achievement > 0.5;", "  benefit > 0.5;", "end Properties"]
    return "\n".join(lines) + "\n"


def measure(n: int, sparse: bool, symbolic: bool) -> dict[str, object]:
    protocol = parse_protocol(ecommerce_text(n), f"ecommerce_{n}")
    row: dict[str, object] = {"n": n}
    prism = check_prism_sparse(protocol)
    row["prism_s"] = prism.build_seconds + prism.check_seconds
    row["total"] = prism.states
    row["transitions"] = prism.transitions
    row["pmin"] = prism.minimum
    if symbolic:
        start = time.perf_counter()
        result = check_symbolic(protocol)
        row["symbolic_s"] = time.perf_counter() - start
        assert result.states == prism.states
        for name, value in result.minimum.items():
            assert abs(value - prism.minimum[name]) < 1e-9, (name, value, prism.minimum[name])
    if sparse:
        report = analyse_protocol(protocol, engine="sparse")
        row["main"] = report.main_states
        row["build_s"] = report.times["automaton"]
        row["sparse_s"] = report.times["storm build"] + report.times["storm check"]
        assert report.storm.states == prism.states
        for p in report.properties:
            assert abs(p.minimum - row["pmin"][p.name]) < 1e-9, (p.name, p.minimum, row["pmin"][p.name])  # type: ignore[index]
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[2, 3, 4, 5, 6])
    parser.add_argument("--sparse-max", type=int, default=5,
                        help="build the explicit automaton (sparse engine) only up to this n")
    parser.add_argument("--symbolic-max", type=int, default=3, help="run the symbolic engine only up to this n")
    arguments = parser.parse_args()
    print("| n | main states | states (with intermediate) | transitions | automaton build (s) "
          "| Storm sparse (s) | Storm from PRISM, sparse (s) | Storm symbolic (s) | Pmin conformance | Pmin achievement | Pmin benefit |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for n in arguments.sizes:
        row = measure(n, sparse=n <= arguments.sparse_max, symbolic=n <= arguments.symbolic_max)
        pmin = row["pmin"]
        main = f"{row['main']:,}" if "main" in row else "–"  # no automaton of ours above --sparse-max
        build = f"{row['build_s']:.2f}" if "build_s" in row else "–"
        sparse = f"{row['sparse_s']:.2f}" if "sparse_s" in row else "–"
        symbolic = f"{row['symbolic_s']:.2f}" if "symbolic_s" in row else "–"
        print(f"| {n} | {main} | {row['total']:,} | {row['transitions']:,} | {build} | {sparse} "  # type: ignore[str-format]
              f"| {row['prism_s']:.2f} | {symbolic} | {pmin['conformance']:.6f} | {pmin['achievement']:.6f} "  # type: ignore[index]
              f"| {pmin['benefit']:.6f} |", flush=True)  # type: ignore[index]


if __name__ == "__main__":
    main()
