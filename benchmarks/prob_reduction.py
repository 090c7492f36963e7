"""`ctlstark prob` with and without the reduction to independent parts, beside paper 002's Table 1.

Two families, written for ctlstark:

* `ecommerce` — n copies of ispl_examples/commitment_protocols/ecommerce.prob around one
  Seller (`prob_ecommerce.py`): the copies share no proposition or commitment, so every copy
  is a part and the parts are equal up to renaming.
* `bundles` — the same n copies, but sold in pairs: the Seller delivers the second good of a
  pair only once the first is delivered, and refunds the second buyer once the first sale
  has failed (refused, or its provider failed). The two copies of a pair interact (one part
  of two copies: the reduction cannot cut inside it); pairs do not.

Each size is one whole `ctlstark prob FILE --json` process (CPU from `os.wait4`, as in
corpus.py), reduced (the default) and, up to `--full-max`, with `--no-reduction` (the whole
automaton to Storm); the two must agree to 1e-9 (checked in every row).

    python benchmarks/prob_reduction.py --family ecommerce --sizes 2 3 4 5 6 8 --full-max 4
    python benchmarks/prob_reduction.py --family bundles --sizes 2 4 6 8 --full-max 4
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus  # noqa: E402
from prob_ecommerce import ecommerce_text  # noqa: E402

PAPER_TABLE_1 = {2: ("421", "188"), 3: ("8,117", "1,001"), 4: ("160K", "5,102"), 5: ("3.2M", "25K")}
"""n → (states without reduction, with the paper's partial-order reduction), conformance only."""


def bundles_text(n: int) -> str:
    """The e-commerce copies sold in pairs (copy 2i waits for copy 2i − 1): see the module docstring."""
    text = ecommerce_text(n)
    for k in range(2, n + 1, 2):
        first = k - 1
        text = text.replace(f"    Seller if Provided_{k} and c_i_{k} = Act : Delivery_{k} 1;",
                            f"    Seller if Provided_{k} and Goods_{first} and c_i_{k} = Act : Delivery_{k} 1;\n"
                            f"    Seller if c_i_{first} = Exp and c_i_{k} = Act : Refund_{k} 1;\n"
                            f"    Seller if c_i_{first} = Vio and c_i_{k} = Act : Refund_{k} 1;")
    return text


FAMILIES = {"ecommerce": ecommerce_text, "bundles": bundles_text}


def run(path: Path, *options: str, timeout: float) -> tuple[dict, corpus.Process]:
    """One `ctlstark prob` process and its JSON document."""
    process = corpus.run_process([sys.executable, "-m", "ctlstark", "prob", str(path), "--json", *options], timeout)
    if process.exit_code not in (0, 1):
        raise SystemExit(f"{path.name} {' '.join(options)}: exit {process.exit_code}: {process.stderr.strip()}")
    return json.loads(process.stdout), process


def row(family: str, n: int, folder: Path, full: bool, timeout: float) -> str:
    path = folder / f"{family}_{n}.prob"
    path.write_text(FAMILIES[family](n), encoding="utf-8")
    reduced, process = run(path, timeout=timeout)
    parts = reduced["reduction"]
    cells = [str(n), f"{parts['parts']} ({parts['distinct_parts']})", f"{reduced['states']['total']:,}",
             f"{process.cpu:.2f}", f"{process.peak_rss_kb / 1024:.0f}", parts["benefit"]]
    if full:
        whole, full_process = run(path, "--no-reduction", timeout=timeout)
        for mine, theirs in zip(reduced["properties"], whole["properties"]):
            for bound in ("pmin", "pmax"):
                assert abs(mine[bound] - theirs[bound]) < 1e-9, (family, n, mine["name"], bound, mine, theirs)
        cells += [f"{whole['states']['total']:,}", f"{full_process.cpu:.2f}", f"{full_process.peak_rss_kb / 1024:.0f}"]
    else:
        cells += ["–", "–", "–"]
    paper = PAPER_TABLE_1.get(n, ("–", "–")) if family == "ecommerce" else ("–", "–")
    cells += list(paper)
    cells += [f"{p['pmin']:.6f}" + ("" if p["pmin"] == p["pmax"] else f" – {p['pmax']:.6f}")
              for p in reduced["properties"]]
    return "| " + " | ".join(cells) + " |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--family", choices=sorted(FAMILIES), default="ecommerce")
    parser.add_argument("--sizes", type=int, nargs="+", default=[2, 3, 4, 5, 6, 8])
    parser.add_argument("--full-max", type=int, default=4, help="run --no-reduction up to this n (default 4)")
    parser.add_argument("--timeout", type=float, default=900.0, help="s per process (default 900)")
    arguments = parser.parse_args()
    corpus.compile_ctlstark()
    print(f"Load average at the start: {corpus_load()}", file=sys.stderr)
    print("| n | parts (distinct) | states built | CPU s | MB | benefit by | states, whole automaton | CPU s, "
          "--no-reduction | MB | paper: states without reduction | paper: with its reduction | Pmin (– Pmax) "
          "conformance | achievement | benefit |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as scratch:
        for n in arguments.sizes:
            print(row(arguments.family, n, Path(scratch), n <= arguments.full_max, arguments.timeout), flush=True)
    print(f"Load average at the end: {corpus_load()}", file=sys.stderr)


def corpus_load() -> str:
    import os
    return " / ".join(f"{value:.2f}" for value in os.getloadavg())


if __name__ == "__main__":
    main()
