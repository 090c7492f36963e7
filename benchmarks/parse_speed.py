"""Parse speed: lark's whole-file parse vs the fast parser (ctlstark/ispl/fastparse.py).

Times both ways of reading an ISPL file into its syntax tree, on the dining
cryptographers model of `dc.py` for N = 25, 50, 100, 200 and on the largest models of
shared/ispl-reference (when that folder is present), checks that both give the same
tree and diagnostics, and prints a Markdown table.

* *lark s*: `parser._parse` (LALR + contextual lexer + parse tree) plus the `_Builder`
  transform, i.e. what `parse_model_syntax` did before the fast parser.
* *fast s*: `parse_model_fast` (tokenizer and recursive descent for the model part,
  lark for the Groups / Fairness / Formulae tail).

```sh
.venv/bin/python benchmarks/parse_speed.py
.venv/bin/python benchmarks/parse_speed.py --dc 25 50 100 200 400 --reference 5
.venv/bin/python benchmarks/parse_speed.py --mcmas-dc 14   # + MCMAS's example-style DC file (7.8 MB)
```

Rows larger than `--lark-limit-mb` are timed with the fast parser only.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import sys
import time
from collections.abc import Callable
from pathlib import Path

from ctlstark.errors import recursion_headroom
from ctlstark.ispl.fastparse import _tokenize, parse_model_fast
from ctlstark.ispl.larkparse import _Builder, _parse

sys.path.insert(0, str(Path(__file__).resolve().parent))
from dc import dc_model_text  # noqa: E402 - benchmarks/ is not a package

REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "ispl-reference"


def lark_parse(text: str, filename: str):
    """The lark path of `parse_model_syntax`: parse tree, then the `_Builder` transform."""
    tree = _parse(text, filename, "start")
    builder = _Builder(text, filename)
    return builder.transform(tree), builder.diagnostics


def best_time(run: Callable[[], object], repeat: int) -> tuple[float, object]:
    """The fastest of `repeat` runs (after a full collection each), and the last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    return best, result


def measure(name: str, text: str, lark_repeat: int, fast_repeat: int, lark_limit: float) -> dict:
    """One table row: size, tokens, both times, speed-up, and whether the results agree."""
    tokens = len(_tokenize(text.split("\n"))[0]) - 3  # minus the end sentinels
    with recursion_headroom():
        fast_seconds, fast = best_time(lambda: parse_model_fast(text, name), fast_repeat)
        row = {"model": name, "kb": len(text) / 1000, "tokens": tokens, "fast": fast_seconds,
               "lark": None, "same": "declined" if fast is None else "not compared"}
        if len(text) <= lark_limit * 1_000_000:
            lark_seconds, lark = best_time(lambda: lark_parse(text, name), lark_repeat)
            row["lark"] = lark_seconds
            if fast is not None:
                row["same"] = "yes" if fast == lark else "NO"
    return row


def table(rows: list[dict]) -> str:
    lines = ["| model | KB | tokens | lark s | lark µs/token | fast s | fast µs/token | speed-up | same result |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---|"]
    for row in rows:
        lark = row["lark"]
        lark_cells = (f"{lark:.2f} | {lark / row['tokens'] * 1e6:.1f}" if lark is not None else "— | —")
        speedup = f"{lark / row['fast']:.1f}×" if lark is not None else "—"
        lines.append(f"| {row['model']} | {row['kb']:,.0f} | {row['tokens']:,} | {lark_cells} | "
                     f"{row['fast']:.3f} | {row['fast'] / row['tokens'] * 1e6:.2f} | {speedup} | {row['same']} |")
    return "\n".join(lines)


def largest_reference_models(count: int) -> list[Path]:
    if count <= 0 or not REFERENCE.is_dir():
        return []
    return sorted(REFERENCE.glob("*/*.ispl"), key=lambda path: path.stat().st_size, reverse=True)[:count]


def mcmas_dc_text(n: int) -> str | None:
    """MCMAS's example-style dining cryptographers for N (shared/ispl-reference/gen_dc.py), if present."""
    script = REFERENCE / "gen_dc.py"
    if not script.is_file():
        return None
    spec = importlib.util.spec_from_file_location("gen_dc", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module.gen_example(n)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dc", type=int, nargs="*", default=[25, 50, 100, 200], help="N of the dc.py models")
    parser.add_argument("--reference", type=int, default=3, help="how many of the largest reference models")
    parser.add_argument("--mcmas-dc", type=int, nargs="*", default=[],
                        help="N of MCMAS's example-style DC files (gen_dc.py; N = 14 is 7.8 MB)")
    parser.add_argument("--lark-repeat", type=int, default=1)
    parser.add_argument("--fast-repeat", type=int, default=3)
    parser.add_argument("--lark-limit-mb", type=float, default=2.0, help="time lark only on files up to this size")
    args = parser.parse_args(argv)

    cases: list[tuple[str, str]] = [(f"dc.py N={n}", dc_model_text(n)) for n in args.dc]
    cases += [(f"{path.parent.name}/{path.name}", path.read_text()) for path in largest_reference_models(args.reference)]
    for n in args.mcmas_dc:
        text = mcmas_dc_text(n)
        if text is not None:
            cases.append((f"gen_dc.py example N={n}", text))
    rows = []
    for name, text in cases:
        rows.append(measure(name, text, args.lark_repeat, args.fast_repeat, args.lark_limit_mb))
        print(f"measured {name}", file=sys.stderr, flush=True)
    print(table(rows))


if __name__ == "__main__":
    main()
