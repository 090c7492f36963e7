"""NetBill commitments benchmark: 1 merchant and n customers, CTLC+ properties.

The model generalises `ispl_examples/netbill.ispl` (read its header and
docs/case-studies.md first) to n customers `Cust1` … `Custn` served by one
merchant `Merc`. Each customer i has its own conversation with the merchant: the
customer declares `stage<i>`, `pay<i>`, `goods<i>`, and the merchant declares
the same three variables (its copies), so `C(Cust<i>, Merc, pay<i>)` and
`C(Merc, Cust<i>, deliver<i>)` have exactly that conversation as their channel
(the merchant's copies of the other conversations are its unshared variables).

Every customer acts at every step: it requests, accepts or rejects, pays or
cancels, acknowledges, restarts, or waits. It may also wait before it requests,
decides, pays or restarts; it must acknowledge the goods at once. The merchant
serves one conversation per step (its actions carry the customer's number:
`quote2`, `promise1`, …) and waits only when no conversation needs it. The
customers' optional waits let the conversations interleave freely, which keeps
every ~ serial: with forced moves, states such as "both payments arrived in
the same step" are unreachable, and some commitments would hold vacuously
there. The model has (n + 10)·10^(n-1) reachable states: each conversation
has the 11 states of the one-customer file, but only one at a time can be at
"delivered" (the merchant delivers to one customer per step, and that
customer acknowledges at once). The evolution uses SingleAssignment, so the
merchant's copies of different conversations can change in the same step (two
customers requesting at once).
A customer's cancellation takes effect only when the merchant waits, and the
merchant's violation of conversation i only when customer i is not
acknowledging the goods, exactly as in the one-customer file. For n = 1 the
waits only add self-loops, so the model has the file's 11 reachable states
and the same commitment states.

Formulas (the NetBill experiments of the CTLC+ paper, "Reducing Model Checking
Commitments for Agent Communication", section 5):

* φ1' `AG !((Fu(C(Cust1, Merc, pay1)) and … ) and (AG !C(Merc, Cust1, deliver1) and …))` — TRUE
* φ2 for each customer i: `EF Fu(C(Merc, Cust<i>, deliver<i>))` — TRUE
* weak violation of the merchant's commitment to customer 1:
  `EF (C(Merc, Cust1, deliver1) and EG !Fu(C(Merc, Cust1, deliver1)))` — TRUE

Run `python benchmarks/netbill.py` (n = 1..5) or `--sizes 1 2 3`; `--print-model N`
prints the model with these formulas in its Formulae section.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass

STAGES = "{idle, requested, offered, accepted, promised, acknowledged, violated, refunded, failed}"


def customer(i: int) -> str:
    return f"Cust{i}"


def phi1_prime(n: int) -> str:
    """φ1': never are all payments fulfilled while the merchant can never commit to any delivery."""
    paid = " and ".join(f"Fu(C({customer(i)}, Merc, pay{i}))" for i in range(1, n + 1))
    never = " and ".join(f"AG !C(Merc, {customer(i)}, deliver{i})" for i in range(1, n + 1))
    return f"AG !(({paid}) and ({never}))"


def phi2(i: int) -> str:
    """φ2 for customer i: the merchant can fulfil its commitment to deliver to customer i."""
    return f"EF Fu(C(Merc, {customer(i)}, deliver{i}))"


def weak_violation(i: int = 1) -> str:
    """The weak-violation pattern for the merchant's commitment to customer i."""
    committed = f"C(Merc, {customer(i)}, deliver{i})"
    return f"EF ({committed} and EG !Fu({committed}))"


def formulas(n: int) -> list[str]:
    """φ1', φ2 for each customer, and the weak violation for customer 1 (all TRUE)."""
    return [phi1_prime(n), *(phi2(i) for i in range(1, n + 1)), weak_violation(1)]


def _customer_agent(i: int) -> str:
    return f"""Agent {customer(i)}
  -- customer {i}: its copy of its conversation with the merchant
  Vars:
    stage{i} : {STAGES};
    pay{i} : boolean;
    goods{i} : boolean;
  end Vars
  Actions = {{request, accept, reject, pay, violate, ack, restart, wait}};
  Protocol:
    -- a customer may take its time (wait) before it requests, decides, pays
    -- or restarts; it acknowledges goods at once (see the module docstring)
    stage{i} = idle : {{request, wait}};
    stage{i} = offered : {{accept, reject, wait}};
    stage{i} = accepted : {{pay, violate, wait}};
    stage{i} = promised : {{ack}};
    stage{i} = failed or stage{i} = refunded : {{restart, wait}};
    Other : {{wait}};
  end Protocol
  Evolution:
    stage{i} = requested if Action = request;
    stage{i} = offered if Merc.Action = quote{i};
    stage{i} = accepted if Action = accept;
    pay{i} = true if Action = accept;
    stage{i} = failed if Action = reject;
    stage{i} = failed if Action = violate and Merc.Action = wait;
    pay{i} = false if Action = violate and Merc.Action = wait;
    stage{i} = promised if Merc.Action = deliver{i} and !(Action = ack);
    goods{i} = true if Merc.Action = deliver{i} and !(Action = ack);
    stage{i} = violated if Merc.Action = violate{i} and !(Action = ack);
    stage{i} = acknowledged if Action = ack;
    stage{i} = idle if Merc.Action = receipt{i};
    pay{i} = false if Merc.Action = receipt{i};
    goods{i} = false if Merc.Action = receipt{i};
    stage{i} = refunded if Merc.Action = refund{i};
    pay{i} = false if Merc.Action = refund{i};
    stage{i} = idle if Action = restart;
  end Evolution
end Agent
"""


def _merchant_agent(n: int) -> str:
    numbers = range(1, n + 1)
    variables = "\n".join(
        f"    stage{i} : {STAGES};\n    pay{i} : boolean;\n    goods{i} : boolean;" for i in numbers
    )
    actions = ", ".join(
        f"quote{i}, promise{i}, deliver{i}, violate{i}, refund{i}, receipt{i}" for i in numbers
    )
    protocol = "\n".join(
        f"    stage{i} = requested : {{quote{i}}};\n"
        f"    stage{i} = accepted : {{promise{i}}};\n"
        f"    stage{i} = promised : {{deliver{i}, violate{i}}};\n"
        f"    stage{i} = acknowledged : {{receipt{i}}};\n"
        f"    stage{i} = violated : {{refund{i}}};"
        for i in numbers
    )
    evolution = "\n".join(
        f"""    stage{i} = requested if {c}.Action = request;
    stage{i} = offered if Action = quote{i};
    stage{i} = accepted if {c}.Action = pay and stage{i} = offered;
    pay{i} = true if {c}.Action = pay and stage{i} = offered;
    stage{i} = failed if {c}.Action = reject;
    stage{i} = failed if {c}.Action = violate and Action = wait;
    stage{i} = promised if Action = promise{i};
    goods{i} = true if Action = promise{i};
    stage{i} = violated if Action = violate{i} and !({c}.Action = ack);
    goods{i} = false if Action = violate{i} and !({c}.Action = ack);
    stage{i} = acknowledged if {c}.Action = ack;
    stage{i} = idle if Action = receipt{i};
    pay{i} = false if Action = receipt{i};
    goods{i} = false if Action = receipt{i};
    stage{i} = refunded if Action = refund{i};
    pay{i} = false if Action = refund{i};
    stage{i} = idle if {c}.Action = restart;"""
        for i, c in ((i, customer(i)) for i in numbers)
    )
    return f"""Agent Merc
  -- the merchant: its copy of every conversation
  Vars:
{variables}
  end Vars
  Actions = {{{actions}, wait}};
  Protocol:
{protocol}
    Other : {{wait}};
  end Protocol
  Evolution:
{evolution}
  end Evolution
end Agent
"""


def netbill_model_text(customers: int) -> str:
    """The ISPL model of NetBill with one merchant and `customers` customers (and the benchmark formulas)."""
    if customers < 1:
        raise ValueError("NetBill needs at least one customer")
    numbers = range(1, customers + 1)
    evaluation = "\n".join(
        f"  pay{i} if Merc.pay{i} = true;\n  deliver{i} if {customer(i)}.goods{i} = true;" for i in numbers
    )
    initial = " and\n  ".join(
        f"{customer(i)}.stage{i} = idle and {customer(i)}.pay{i} = false and {customer(i)}.goods{i} = false and "
        f"Merc.stage{i} = idle and Merc.pay{i} = false and Merc.goods{i} = false"
        for i in numbers
    )
    formulae = "\n".join(f"  {text};" for text in formulas(customers))
    agents = "\n".join(_customer_agent(i) for i in numbers)
    return f"""-- NetBill with 1 merchant and {customers} customer(s), generated by benchmarks/netbill.py
-- (the one-customer protocol of ispl_examples/netbill.ispl, one conversation per customer).
Semantics = SingleAssignment;

{agents}
{_merchant_agent(customers)}
Evaluation
{evaluation}
end Evaluation

InitStates
  {initial};
end InitStates

Formulae
{formulae}
end Formulae
"""


@dataclass
class Row:
    customers: int
    reachable_states: int
    bdd_variables: int
    build_seconds: float
    phi1_seconds: float
    phi2_seconds: float
    phi2_max_seconds: float
    violation_seconds: float
    verdicts: str


REORDER = {"on": True, "auto": None, "off": False}


def measure(customers: int, reorder: str = "on") -> Row:
    """Check the generated model's formulas once and collect states and times.

    `reorder` is passed to `ctlstark.check`: "on" (the default here) forces CUDD's
    dynamic reordering. The engine's "auto" mode only starts it past 2 million live
    nodes, which these models never reach, yet with the declaration order each
    pre-image is slow: at 3 customers a single `EF` takes about 10 s with "auto"
    and 0.01 s with "on".
    """
    import ctlstark

    model = ctlstark.load_model_text(netbill_model_text(customers), filename=f"netbill{customers}.ispl")
    report = ctlstark.check(model, formulas(customers), file_formulae=False, reorder=REORDER[reorder])
    results = report.formulas
    phi2s = results[1:-1]
    build = sum(report.times.get(phase, 0.0) for phase in ("parse", "encode", "reach"))
    verdict = "".join({True: "T", False: "F", None: "?"}[r.verdict] for r in results)
    return Row(
        customers=customers,
        reachable_states=report.reachable_states,
        bdd_variables=report.bdd_variables,
        build_seconds=build,
        phi1_seconds=results[0].seconds,
        phi2_seconds=sum(r.seconds for r in phi2s),
        phi2_max_seconds=max(r.seconds for r in phi2s),
        violation_seconds=results[-1].seconds,
        verdicts=verdict,
    )


HEADER = ("| agents | customers | reachable states | BDD vars | build s | φ1' s | φ2 s (all customers) "
          "| φ2 s (slowest) | weak violation s | verdicts |\n"
          "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")


def markdown_row(row: Row) -> str:
    return (f"| {row.customers + 1} | {row.customers} | {row.reachable_states} | {row.bdd_variables} "
            f"| {row.build_seconds:.3f} | {row.phi1_seconds:.3f} | {row.phi2_seconds:.3f} "
            f"| {row.phi2_max_seconds:.3f} | {row.violation_seconds:.3f} | {row.verdicts} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1, 2, 3, 4, 5],
                        help="numbers of customers (default 1 2 3 4 5)")
    parser.add_argument("--reorder", choices=sorted(REORDER), default="on",
                        help="CUDD dynamic reordering: on (default), auto (the engine's heuristic) or off")
    parser.add_argument("--print-model", type=int, metavar="N", help="print the N-customer model and exit")
    args = parser.parse_args(argv)
    if args.print_model is not None:
        sys.stdout.write(netbill_model_text(args.print_model))
        return 0
    print(HEADER)
    started = time.perf_counter()
    for n in args.sizes:
        print(markdown_row(measure(n, args.reorder)), flush=True)
    print(f"\nverdicts: φ1', φ2 for Cust1..Custn, weak violation (T = TRUE); "
          f"total {time.perf_counter() - started:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
