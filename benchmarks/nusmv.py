"""ctlstark against NuSMV 2.5.4 on CTL and LTL without knowledge, with the same variable order.

Three scalable families, written here as ISPL with their formulas twice (ctlstark's
syntax in the file's `Formulae`, NuSMV's as `CTLSPEC` / `LTLSPEC` lines):

* `mutex` — N processes (idle → trying → critical → idle) and an environment that holds
  one semaphore and grants it to one process that asks to enter;
* `ring` — N stations passing one token around a ring; the holder may keep it;
* `dc` — the dining cryptographers (`dc_mcmas.py`'s model) with formulas about the
  parity and the payers only (no knowledge).

Each family member is translated to SMV by `/work/shared/nusmv/ispl2smv.py` (a
side-by-side tool kept beside the NuSMV binary, not part of ctlstark) and NuSMV runs as
`NuSMV -dcx -coi -df -i ORDER model.smv` with ORDER = ctlstark's own static variable
order (`tools.insight.variable_order`, blocks top first; each action an SMV input
variable). Both are whole processes, CPU time from `os.wait4` (`corpus.run_process`),
least CPU of `--repeat` runs, and the verdicts are compared formula by formula.

    python benchmarks/nusmv.py mutex --sizes 16 64 256
    python benchmarks/nusmv.py ring --sizes 32 128 --repeat 3 --markdown ring.md
    python benchmarks/nusmv.py dc --sizes 12 48 160
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import corpus  # noqa: E402
import dc_mcmas  # noqa: E402

SHARED = HERE.parent.parent / "shared" / "nusmv"
NUSMV = SHARED / "NuSMV"
ISPL2SMV = SHARED / "ispl2smv.py"
NUSMV_VERDICT = re.compile(r"^-- specification .* is (true|false)\s*$")


@dataclass(frozen=True)
class Spec:
    """One formula in both tools' words: `{p}` marks a proposition, `&`, `|`, `!`, `->` the connectives."""

    kind: str  # "CTL" or "LTL"
    text: str

    def ctlstark(self) -> str:
        body = re.sub(r"\{(\w+)\}", r"\1", self.text).replace("&", "and").replace("|", "or")
        return f"LTL {body}" if self.kind == "LTL" else body

    def nusmv(self) -> str:
        body = re.sub(r"\{(\w+)\}", r"prop__\1", self.text)
        return f"{self.kind}SPEC {body}"


# ---------------------------------------------------------------- families


def mutex_model(n: int) -> tuple[str, list[Spec]]:
    """N processes sharing one semaphore that the environment grants to one asking process."""
    numbers = range(1, n + 1)
    lines = ["Agent Environment", "  Vars:", "    free : boolean;", "  end Vars",
             "  Actions = {" + ", ".join([f"grant{i}" for i in numbers] + ["none"]) + "};",
             "  Protocol:", "    free = true : {" + ", ".join([f"grant{i}" for i in numbers] + ["none"]) + "};",
             "    Other : {none};", "  end Protocol", "  Evolution:"]
    lines += [f"    free = false if Action = grant{i} and P{i}.Action = enter;" for i in numbers]
    lines += ["    free = true if " + " or ".join(f"P{i}.Action = leave" for i in numbers) + ";",
              "  end Evolution", "end Agent"]
    for i in numbers:
        lines += [f"Agent P{i}", "  Vars:", "    state : {idle, trying, critical};", "  end Vars",
                  "  Actions = {request, enter, leave, rest};", "  Protocol:",
                  "    state = idle : {request, rest};", "    state = trying : {enter};",
                  "    state = critical : {leave, rest};", "  end Protocol", "  Evolution:",
                  "    state = trying if state = idle and Action = request;",
                  f"    state = critical if state = trying and Action = enter and Environment.Action = grant{i};",
                  "    state = idle if state = critical and Action = leave;", "  end Evolution", "end Agent"]
    lines += ["Evaluation"]
    for i in numbers:
        lines += [f"  t{i} if P{i}.state = trying;", f"  c{i} if P{i}.state = critical;"]
    lines += ["end Evaluation", "InitStates",
              "  Environment.free = true and " + " and ".join(f"P{i}.state = idle" for i in numbers) + ";",
              "end InitStates"]
    pairs = " | ".join(f"({{c{i}}} & {{c{j}}})" for i in numbers for j in numbers if i < j and j <= i + 1)
    specs = [Spec("CTL", f"AG !({pairs})"), Spec("CTL", "AG ({t1} -> EF {c1})"), Spec("CTL", "AG ({t1} -> AF {c1})"),
             Spec("LTL", "G ({t1} -> F {c1})"), Spec("LTL", f"G F ({{c1}} | {{t{n}}} | !{{t1}})")]
    return "\n".join(lines) + "\n", specs


def ring_model(n: int) -> tuple[str, list[Spec]]:
    """N stations in a ring; the token holder passes it on or keeps it."""
    numbers = range(1, n + 1)
    lines = ["Agent Environment", "  Vars:", "    rounds : boolean;", "  end Vars", "  Actions = {tick};",
             "  Protocol:", "    Other : {tick};", "  end Protocol", "  Evolution:",
             f"    rounds = true if S{n}.Action = pass;", "  end Evolution", "end Agent"]
    for i in numbers:
        before = n if i == 1 else i - 1
        lines += [f"Agent S{i}", "  Vars:", "    token : boolean;", "  end Vars", "  Actions = {pass, keep, wait};",
                  "  Protocol:", "    token = true : {pass, keep};", "    Other : {wait};", "  end Protocol",
                  "  Evolution:", "    token = false if Action = pass;",
                  f"    token = true if S{before}.Action = pass;", "  end Evolution", "end Agent"]
    lines += ["Evaluation"] + [f"  h{i} if S{i}.token = true;" for i in numbers] + ["  done if Environment.rounds = true;",
                                                                                   "end Evaluation", "InitStates"]
    lines += ["  Environment.rounds = false and "
              + " and ".join(f"S{i}.token = {'true' if i == 1 else 'false'}" for i in numbers) + ";",
              "end InitStates"]
    middle = n // 2 + 1
    specs = [Spec("CTL", "AG !({h1} & {h2})"), Spec("CTL", f"AG EF {{h{middle}}}"), Spec("CTL", f"AF {{h{middle}}}"),
             Spec("CTL", "EF {done}"), Spec("LTL", f"G F {{h{middle}}}"), Spec("LTL", "G ({h1} -> X ({h1} | {h2}))")]
    return "\n".join(lines) + "\n", specs


def dc_model(n: int) -> tuple[str, list[Spec]]:
    """`dc_mcmas.py`'s cryptographers with formulas on the parity and the payers only."""
    text = dc_mcmas.dc_mcmas_model_text(n)
    text = text[:text.index("Formulae")]
    payers = [f"{{c{i}paid}}" for i in range(1, n + 1)]
    nobody = " & ".join(f"!{p}" for p in payers)
    somebody = " | ".join(payers)
    specs = [Spec("CTL", f"AG ({{even}} -> ({nobody}))"), Spec("CTL", f"AG ({{odd}} -> ({somebody}))"),
             Spec("CTL", "AF ({even} | {odd})"), Spec("CTL", "AG !{c1paid}"), Spec("LTL", "F G ({even} | {odd})"),
             Spec("LTL", "G ({c1paid} -> F {odd})")]
    return text, specs


FAMILIES: dict[str, Callable[[int], tuple[str, list[Spec]]]] = {"mutex": mutex_model, "ring": ring_model,
                                                                   "dc": dc_model}


# ---------------------------------------------------------------- running both tools


def with_formulae(text: str, specs: list[Spec]) -> str:
    return text + "Formulae\n" + "".join(f"  {spec.ctlstark()};\n" for spec in specs) + "end Formulae\n"


def ctlstark_order(path: Path) -> list[str]:
    """ctlstark's static variable order as NuSMV names (`Agent__var`, `Agent__Action`), top first."""
    from ctlstark.ispl import load_model
    from ctlstark.symbolic.system import build_system
    from ctlstark.tools.insight import variable_order

    system = build_system(load_model(path), reorder=False)
    try:
        return [block.replace(".", "__") for block in variable_order(system)]
    finally:
        system.release()


def nusmv_files(path: Path, specs: list[Spec], folder: Path) -> tuple[Path, Path]:
    """The SMV translation (with the specs) and the order file."""
    smv, order = folder / (path.stem + ".smv"), folder / (path.stem + ".order")
    subprocess.run([sys.executable, str(ISPL2SMV), str(path), "-o", str(smv)] + [f"--spec={s.nusmv()}" for s in specs],
                   check=True, capture_output=True, text=True, timeout=600)
    order.write_text("\n".join(ctlstark_order(path)) + "\n", encoding="utf-8")
    return smv, order


def read_nusmv(process: corpus.Process, timeout: float) -> corpus.Run:
    if process.exit_code is None:
        return corpus.base_run(process, "timeout", f"timeout ({timeout:g} s)")
    verdicts = [match.group(1) == "true" for line in process.stdout.splitlines()
                if (match := NUSMV_VERDICT.match(line))]
    if process.exit_code != 0 or not verdicts:
        last = (process.stderr.strip().splitlines() or ["no output"])[-1]
        return corpus.base_run(process, "error", f"exit {process.exit_code}: {last}")
    run = corpus.base_run(process, "ok")
    run.verdicts = verdicts
    return run


@dataclass
class Row:
    family: str
    n: int
    ctlstark: corpus.Run
    nusmv: corpus.Run
    agreement: str
    note: str


def measure(family: str, n: int, repeat: int, timeout: float, folder: Path) -> Row:
    text, specs = FAMILIES[family](n)
    path = folder / f"{family}{n}.ispl"
    path.write_text(with_formulae(text, specs), encoding="utf-8")
    smv, order = nusmv_files(path, specs, folder)
    commands = {"ctlstark": [sys.executable, "-m", "ctlstark", "check", str(path), "--json", "-q"],
                "nusmv": [str(NUSMV), "-dcx", "-coi", "-df", "-i", str(order), str(smv)]}
    readers = {"ctlstark": corpus.read_ctlstark, "nusmv": read_nusmv}
    runs: dict[str, list[corpus.Run]] = {tool: [] for tool in commands}
    for _ in range(repeat):
        for tool, command in commands.items():
            if runs[tool] and runs[tool][-1].status != "ok":
                continue
            runs[tool].append(readers[tool](corpus.run_process(command, timeout), timeout))
    ours, theirs = corpus.least_cpu(runs["ctlstark"]), corpus.least_cpu(runs["nusmv"])
    agreement, note = corpus.compare_verdicts(ours, theirs)
    return Row(family, n, ours, theirs, agreement, note.replace("MCMAS", "NuSMV"))


def markdown(rows: list[Row]) -> str:
    lines = ["| family | N | formulas | ctlstark CPU s | NuSMV CPU s | ctlstark / NuSMV | ctlstark RSS MB | "
             "NuSMV RSS MB | verdicts |", "|---|---:|---:|---:|---:|---:|---:|---:|---|"]
    for row in rows:
        done = row.ctlstark.status == "ok" and row.nusmv.status == "ok"
        ratio = f"{row.ctlstark.cpu / row.nusmv.cpu:.2f}" if done and row.nusmv.cpu > 0 else "–"
        lines.append(f"| {row.family} | {row.n} | {len(row.ctlstark.verdicts)} | "
                     f"{row.ctlstark.cpu:.2f} | {row.nusmv.cpu:.2f} | {ratio} | {row.ctlstark.peak_rss_mb:.0f} | "
                     f"{row.nusmv.peak_rss_mb:.0f} | {row.agreement}: {row.note} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("family", choices=sorted(FAMILIES))
    parser.add_argument("--sizes", type=int, nargs="+", required=True)
    parser.add_argument("--repeat", type=int, default=1, help="runs per tool and size; the least CPU counts")
    parser.add_argument("--timeout", type=float, default=600.0)
    parser.add_argument("--markdown", type=Path, help="also write the table here")
    parser.add_argument("--keep", type=Path, help="keep the generated files in this folder")
    arguments = parser.parse_args(argv)
    if not NUSMV.exists() or not ISPL2SMV.exists():
        parser.error(f"NuSMV and ispl2smv.py are expected in {SHARED}")
    corpus.compile_ctlstark()
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = arguments.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        for n in arguments.sizes:
            rows.append(measure(arguments.family, n, arguments.repeat, arguments.timeout, folder))
            print(markdown(rows[-1:]).splitlines()[-1], flush=True)
    table = markdown(rows)
    print()
    print(table, end="")
    if arguments.markdown:
        arguments.markdown.write_text(table, encoding="utf-8")
    return 0 if all(row.agreement == "agree" for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
