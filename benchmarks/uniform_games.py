"""Games of imperfect information for ATL under uniform memoryless strategies (`--strategies uniform…`).

Two scalable families, written for ctlstark (not copied from anywhere); MCMAS 1.3.0 reads
both, and its default (perfect-information) verdicts are ctlstark's default ones.

**shell** — N cups, k tries. The environment has hidden a ball under one cup (`ball`, any
of the N: the N initial states differ only there, and nothing shows it). While the ball
is not found and tries are left, the player lifts one cup it has not lifted yet (family
`shell_relift`: any cup, so a try may be wasted); it sees whether it has found the ball
(`found`, public) and, in its own variables, which cups it has lifted and how many tries
it has used. Formulas and verdicts (N ≥ 2, k ≥ 1; `uniform-pooled` = `uniform`, one member):

| formula | perfect | uniform-objective | uniform |
|---|---|---|---|
| `<player>F found` | TRUE | TRUE | TRUE iff k ≥ N |
| `<player>X found` | TRUE | TRUE | FALSE |
| `<player>G !found` | TRUE iff k < N or relift | same as perfect | FALSE |

Seeing the ball (perfect) the player lifts it, or any other cup to miss it — unless it
must lift every cup (k ≥ N, no relifting); judged from one initial state alone
(objective) one fixed list of cups does the same. Not knowing where the ball is (uniform:
one strategy for the N initial states, which the player cannot tell apart), the cups it
lifts while it has not found the ball are the same whatever the ball's cup, so it finds
it surely only if the list holds every cup (k ≥ N), not on the first try, and it cannot
avoid the ball either: its first cup may hide it.

**cards** — N cards ranked 1..N, one dealt to the player and one to the opponent (any two
different: N(N−1) initial states); each sees its own card (Lobsvars) and remembers the card
it was dealt (its own `dealt`). First the player keeps its card or swaps it with the
opponent's (`swapped` is public); then the opponent calls or folds (`called` is public);
then the cards are shown. The player wins when the opponent folds or calls with the lower
card (`pwin`); the opponent wins when it calls with the higher card (`owin`); the
opponent was right when it called exactly with the higher card (`right`); `pshow` is the
player winning a called showdown. Groups: `player`, `opponent`, `both`. Verdicts (N ≥ 3):

| formula | perfect | uniform-objective | uniform | uniform-pooled |
|---|---|---|---|---|
| `<player>F pwin` | TRUE | TRUE | FALSE | FALSE |
| `<opponent>F right` | TRUE | TRUE | FALSE | FALSE |
| `<both>F right` | TRUE | TRUE | TRUE | TRUE |
| `<both>F pshow` | TRUE | TRUE | FALSE | TRUE |
| `<opponent>F owin` | FALSE | FALSE | FALSE | FALSE |

The player must end the first round with the higher card against a calling opponent:
it can when it sees both cards, but holding a middle card it does not know whether to
keep or swap (a 1 it swaps, an N it keeps). The opponent, after a keep, knows only its
own card: with a middle one it cannot call exactly when it is the higher. Together they
can: the player always swaps, and the opponent, who remembers its dealt card and now
holds the player's, knows both. Winning a showdown needs the player to keep exactly the
higher card, which the two know only by pooling what they see. The opponent alone never
makes sure to win: the player may keep the higher card.

    python benchmarks/uniform_games.py print shell 5:4 > shell5_4.ispl     # N:k (N alone: k = N)
    python benchmarks/uniform_games.py print cards 6 > cards6.ispl
    python benchmarks/uniform_games.py table shell=3:2,4,6 shell_relift=3 cards=3,5 --markdown uniform.md
    python benchmarks/uniform_games.py render uniform.json        # the tables again from `table --json`

`benchmarks/run.py` knows `shell` (k = N), `shell_short` (k = N − 1) and `cards`, timed there
under perfect information like its other families.

`table` measures each size, one whole process per run, CPU from `os.wait4` as in
`corpus.py`: `ctlstark check --json -q --strategies uniform` and `uniform-objective`
(CPU s, the route of each formula: `bounds`, or `search` with its partial strategies), and
the brute force — the explicit oracle (`ctlstark.explicit.uniform`, which enumerates every
uniform strategy of the coalition) per formula, and MCMAS 1.3.0 `-uniform -ufgroup G` per
group (it enumerates G's uniform strategies, checking every formula under each). A brute
force still running after its budget is stopped; the row then gives the strategies it
would enumerate, how many it got through and the rate, so the time it would need (MCMAS
builds every uniform protocol of G — every action for every valuation of each member's
local variables, reachable or not — before it checks the first one). A ctlstark run
stopped by `--ctlstark-timeout` has each unfinished formula run alone (`probe`), its search
nodes counted. MCMAS's default verdicts are compared with ctlstark's default ones on every
file, and every verdict with the tables above.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import corpus  # noqa: E402

MCMAS = Path("/work/shared/mcmas/mcmas")


# ---------------------------------------------------------------- the models


def shell_model_text(cups: int, tries: int | None = None, relift: bool = False) -> str:
    """The shell game with `cups` cups and `tries` tries (default: as many as cups); with `relift` the player
    may lift a cup it lifted before (a wasted try)."""
    tries = cups if tries is None else tries
    if cups < 2 or tries < 1:
        raise ValueError("the shell game needs two cups or more and one try or more")
    numbers = range(1, cups + 1)
    lifts = ", ".join(f"lift{i}" for i in numbers)
    hit = " or ".join(f"(ball = {i} and Player.Action = lift{i})" for i in numbers)
    rule = "any cup, lifted or not" if relift else "a cup not lifted yet"
    lines = [f"-- Shell game: {cups} cups, {tries} tries, {rule} (generated by benchmarks/uniform_games.py)",
             "Agent Environment", "  Obsvars:", "    found : boolean;", "  end Obsvars",
             "  Vars:", f"    ball : 1..{cups};", "  end Vars",
             "  Actions = {watch};", "  Protocol:", "    Other : {watch};", "  end Protocol",
             "  Evolution:", f"    found = true if {hit};", "  end Evolution", "end Agent", "",
             "Agent Player", "  Vars:", f"    tries : 0..{tries};"]
    lines += [f"    lifted{i} : boolean;" for i in numbers]
    lines += ["  end Vars", f"  Actions = {{{lifts}, wait}};", "  Protocol:",
              *_lift_lines(cups, tries, relift), "    Other : {wait};", "  end Protocol", "  Evolution:"]
    lines += [f"    tries = tries + 1 and lifted{i} = true if Action = lift{i};" for i in numbers]
    lines += ["  end Evolution", "end Agent", "",
              "Evaluation", "  found if Environment.found = true;", "end Evaluation", "",
              "InitStates",
              "  Environment.found = false and Player.tries = 0 and "
              + " and ".join(f"Player.lifted{i} = false" for i in numbers) + ";",
              "end InitStates", "",
              "Groups", "  player = {Player};", "end Groups", "",
              "Formulae", "  <player>F found;", "  <player>X found;", "  <player>G !found;", "end Formulae"]
    return "\n".join(lines) + "\n"


def _lift_lines(cups: int, tries: int, relift: bool) -> list[str]:
    ready = f"Environment.found = false and tries < {tries}"
    if relift:
        return [f"    {ready} : {{{', '.join(f'lift{i}' for i in range(1, cups + 1))}}};"]
    return [f"    {ready} and lifted{i} = false : {{lift{i}}};" for i in range(1, cups + 1)]


def shell_verdicts(cups: int, tries: int, relift: bool, strategies: str) -> list[bool]:
    """The verdicts of the shell file's three formulas (module docstring)."""
    avoidable = relift or tries < cups
    if strategies in ("perfect", "uniform-objective"):
        return [True, True, avoidable]
    return [tries >= cups, False, False]


def _player(name: str, card: str, cards: int, stage: str, actions: list[str]) -> list[str]:
    return [f"Agent {name}", f"  Lobsvars = {{{card}}};", "  Vars:", f"    dealt : 1..{cards};", "  end Vars",
            f"  Actions = {{{', '.join(actions)}, wait}};", "  Protocol:",
            f"    Environment.stage = {stage} : {{{', '.join(actions)}}};", "    Other : {wait};", "  end Protocol",
            "  Evolution:", "    dealt = dealt if Action = wait;", "  end Evolution", "end Agent", ""]


def cards_model_text(cards: int) -> str:
    """The card game with `cards` cards."""
    if cards < 3:
        raise ValueError("the card game needs three cards or more")
    lines = [f"-- Card game: {cards} cards, keep or swap, call or fold (generated by benchmarks/uniform_games.py)",
             "Agent Environment", "  Obsvars:", "    stage : {first, second, shown};", "    swapped : boolean;",
             "    called : boolean;", "  end Obsvars", "  Vars:", f"    pcard : 1..{cards};",
             f"    ocard : 1..{cards};", "  end Vars", "  Actions = {deal};", "  Protocol:", "    Other : {deal};",
             "  end Protocol", "  Evolution:",
             "    pcard = ocard and ocard = pcard and swapped = true and stage = second "
             "if stage = first and Player.Action = swap;",
             "    stage = second if stage = first and Player.Action = keep;",
             "    called = true and stage = shown if stage = second and Opponent.Action = call;",
             "    stage = shown if stage = second and Opponent.Action = fold;",
             "  end Evolution", "end Agent", ""]
    lines += _player("Player", "pcard", cards, "first", ["keep", "swap"])
    lines += _player("Opponent", "ocard", cards, "second", ["call", "fold"])
    shown = "Environment.stage = shown"
    higher = "Environment.pcard > Environment.ocard"
    lower = "Environment.pcard < Environment.ocard"
    lines += ["Evaluation",
              f"  pwin if {shown} and (Environment.called = false or {higher});",
              f"  owin if {shown} and Environment.called = true and {lower};",
              f"  right if {shown} and ((Environment.called = true and {lower}) "
              f"or (Environment.called = false and {higher}));",
              f"  pshow if {shown} and Environment.called = true and {higher};",
              "end Evaluation", "",
              "InitStates",
              "  Environment.stage = first and Environment.swapped = false and Environment.called = false and "
              "!(Environment.pcard = Environment.ocard) and Player.dealt = Environment.pcard and "
              "Opponent.dealt = Environment.ocard;",
              "end InitStates", "",
              "Groups", "  player = {Player};", "  opponent = {Opponent};", "  both = {Player, Opponent};",
              "end Groups", "",
              "Formulae", "  <player>F pwin;", "  <opponent>F right;", "  <both>F right;", "  <both>F pshow;",
              "  <opponent>F owin;", "end Formulae"]
    return "\n".join(lines) + "\n"


def cards_verdicts(cards: int, strategies: str) -> list[bool]:
    """The verdicts of the cards file's five formulas (module docstring)."""
    return {"perfect": [True, True, True, True, False], "uniform-objective": [True, True, True, True, False],
            "uniform": [False, False, True, False, False],
            "uniform-pooled": [False, False, True, True, False]}[strategies]


# ---------------------------------------------------------------- the families and their sizes


@dataclass(frozen=True)
class Game:
    """One size of one family: its name, label (`N:k` or `N`) and parameters."""

    family: str
    label: str
    text: Callable[[], str]
    verdicts: Callable[[str], list[bool]]


def game(family: str, size: str) -> Game:
    """The game `size` of `family` (`shell`, `shell_relift`: `N` or `N:k`; `cards`: `N`)."""
    if family in ("shell", "shell_relift"):
        cups, _, rest = size.partition(":")
        n, k, relift = int(cups), int(rest or cups), family == "shell_relift"
        return Game(family, f"{n}:{k}", lambda: shell_model_text(n, k, relift),
                    lambda strategies: shell_verdicts(n, k, relift, strategies))
    if family == "cards":
        n = int(size)
        return Game(family, str(n), lambda: cards_model_text(n), lambda strategies: cards_verdicts(n, strategies))
    raise ValueError(f"no family {family!r}: shell, shell_relift or cards")


FAMILY_NAMES = ("shell", "shell_relift", "cards")


# ---------------------------------------------------------------- the brute force


def oracle_run(path: Path, index: int, strategies: str, budget: float) -> dict[str, object]:
    """The explicit oracle's enumeration for formula `index` (0-based) of the file, stopped after `budget` CPU s.

    The loop is `explicit.uniform._strategic`'s (every uniform strategy of the coalition, the states it
    wins from in the reading `strategies`, stopping early once every state is won), counted and timed;
    the verdict is given only when the enumeration finished.
    """
    from ctlstark.api import load_model_text
    from ctlstark.explicit import ExplicitChecker, ExplicitSystem
    from ctlstark.explicit import uniform as explicit
    from ctlstark.logic.formula import F, G, U, X

    started = time.process_time()
    model = load_model_text(path.read_text(encoding="utf-8"), path.name)
    system = ExplicitSystem(model, max_states=10**9)
    formula = model.formulae[index].formula
    sat = ExplicitChecker(system).sat
    match formula.path:
        case X(operand=x):
            kind, hold, goal = "X", None, sat(x)
        case G(operand=x):
            kind, hold, goal = "G", sat(x), None
        case F(operand=x):
            kind, hold, goal = "U", system.states, sat(x)
        case U(left=left, right=right):
            kind, hold, goal = "U", sat(left), sat(right)
    uniform_game = explicit.UniformGame(system, model.groups[formula.group], max_strategies=math.inf)
    ready = time.process_time()
    won: set = set()
    processed, finished = 0, True
    for strategy in uniform_game.strategies():
        won |= uniform_game.won_from(explicit.winning_states(uniform_game, strategy, kind, hold, goal), strategies)
        processed += 1
        if len(won) == len(uniform_game.states):
            break
        if processed % 16 == 0 and time.process_time() - started > budget:
            finished = False
            break
    done = time.process_time()
    return {"count": uniform_game.count, "processed": processed, "finished": finished,
            "setup_s": ready - started, "loop_s": done - ready, "states": len(system.states),
            "verdict": (system.initial <= won) if finished else None}


def mcmas_strategy_count(path: Path, group: str) -> int:
    """How many uniform strategies MCMAS's `-uniform -ufgroup group` enumerates: per member, its protocol's
    actions in every valuation of its local variables (reachable or not), multiplied together."""
    import itertools

    from ctlstark.api import load_model_text
    from ctlstark.semantics.transitions import protocol_actions

    model = load_model_text(path.read_text(encoding="utf-8"), path.name)
    total = 1
    for name in model.groups[group]:
        agent = model.agent(name)
        variables = agent.local_variables
        for values in itertools.product(*(variable.type.values() for variable in variables)):
            total *= max(1, len(protocol_actions(agent, dict(zip(variables, values)))))
    return total


STRATEGY_LINE = re.compile(r"^\s*Strategy (\d+):")


def mcmas_uniform_run(path: Path, group: str, budget: float) -> dict[str, object]:
    """MCMAS `-uniform -ufgroup group` on the file, stopped after `budget` s: CPU, strategies done."""
    process = corpus.run_process([str(MCMAS), "-uniform", "-ufgroup", group, str(path)], budget)
    numbers = [int(match.group(1)) for line in process.stdout.splitlines() if (match := STRATEGY_LINE.match(line))]
    return {"cpu": process.cpu, "finished": process.exit_code == 0 and "done," in process.stdout,
            "processed": max(numbers, default=0),
            "enumerating": "Verifying formulae under uniform strategies" in process.stdout,
            "verdicts": [m.group(3) == "TRUE" for line in process.stdout.splitlines()
                         if (m := corpus.FORMULA_LINE.match(line))]}


# ---------------------------------------------------------------- ctlstark


def probe_run(path: Path, index: int, strategies: str, budget: float) -> dict[str, object]:
    """Formula `index` (0-based) alone, in this process, stopped after `budget` CPU s: the partial strategies
    its search went through by then (each search node calls `mc.uniform`'s `checkpoint` once; this counts
    those calls), or its route when it finished."""
    from ctlstark.api import load_model_text
    from ctlstark.mc import uniform as engine
    from ctlstark.mc.label import Checker
    from ctlstark.symbolic.system import build_system

    started = time.process_time()
    model = load_model_text(path.read_text(encoding="utf-8"), path.name)
    checker = Checker(build_system(model), strategies=strategies)
    formula = model.formulae[index].formula
    nodes = 0
    original = engine.checkpoint

    class OutOfBudget(Exception):
        pass

    def counting() -> None:
        nonlocal nodes
        nodes += 1
        original()
        if nodes % 256 == 0 and time.process_time() - started > budget:
            raise OutOfBudget

    engine.checkpoint = counting
    try:
        verdict = checker.holds(formula)
        return {"finished": True, "verdict": verdict, "route": checker.routes[formula],
                "cpu": time.process_time() - started}
    except OutOfBudget:
        return {"finished": False, "nodes": nodes, "cpu": time.process_time() - started}
    finally:
        engine.checkpoint = original


def ctlstark_run(path: Path, strategies: str, timeout: float) -> dict[str, object]:
    """One whole `ctlstark check --json -q --strategies …` process (its own CPU from `os.wait4`), stopped by its
    own `--timeout`: verdicts, per-formula route and seconds, reachable states."""
    command = [sys.executable, "-m", "ctlstark", "check", str(path), "--json", "-q", "--strategies", strategies,
               "--timeout", str(timeout)]
    process = corpus.run_process(command, timeout + 60)
    result: dict[str, object] = {"cpu": process.cpu, "wall": process.wall, "rss_mb": process.peak_rss_kb / 1024,
                                 "exit": process.exit_code}
    try:
        report = json.loads(process.stdout)
    except json.JSONDecodeError:
        result["error"] = corpus.ctlstark_error(process)
        return result
    result["states"] = report["reachable_states"]
    result["stopped"] = report["stopped"]
    result["formulas"] = [{"text": entry["text"], "verdict": entry["verdict"], "seconds": entry["seconds"],
                           "route": _own_route(entry), "error": entry["error"]} for entry in report["formulas"]]
    return result


def _own_route(entry: dict) -> str | None:
    """The route of the formula's own strategic operator: `bounds` or `search, N partial strategies`."""
    for route in entry.get("routes") or []:
        if route["formula"] == entry["text"]:
            return route["route"].split(":", 1)[-1]
    return None


# ---------------------------------------------------------------- one size


@dataclass
class Measurement:
    """Everything measured on one size (see `measure`)."""

    family: str
    size: str
    states: int = 0
    formulas: list[str] = field(default_factory=list)
    groups: list[str] = field(default_factory=list)
    expected: dict[str, list[bool]] = field(default_factory=dict)
    mcmas_default: list[bool] = field(default_factory=list)
    ctlstark: dict[str, dict] = field(default_factory=dict)
    probes: dict[str, dict[int, dict]] = field(default_factory=dict)
    oracle: list[dict] = field(default_factory=list)
    mcmas_counts: dict[str, int] = field(default_factory=dict)
    mcmas_uniform: dict[str, dict] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


READINGS = ("uniform", "uniform-objective")


def child_json(arguments: list[str], timeout: float) -> tuple[dict | None, corpus.Process]:
    """This script run as a child (`oracle`, `probe`) in its own process: its JSON answer and the process."""
    process = corpus.run_process([sys.executable, str(Path(__file__).resolve()), *arguments], timeout)
    try:
        return json.loads(process.stdout), process
    except json.JSONDecodeError:
        return None, process


def measure(item: Game, folder: Path, ctlstark_timeout: float, oracle_budget: float, mcmas_budget: float,
            log: Callable[[str], None] = lambda text: None) -> Measurement:
    """ctlstark (`uniform`, `uniform-objective`, and `perfect` against MCMAS's default verdicts), the oracle per
    formula and MCMAS `-uniform -ufgroup G` per group on one size, one process after the other."""
    from ctlstark.api import load_model_text

    path = folder / f"{item.family}{item.label.replace(':', '_')}.ispl"
    path.write_text(item.text(), encoding="utf-8")
    model = load_model_text(path.read_text(encoding="utf-8"), path.name)
    row = Measurement(item.family, item.label, formulas=[entry.text for entry in model.formulae],
                      groups=[entry.formula.group for entry in model.formulae])
    row.expected = {reading: item.verdicts(reading) for reading in ("perfect", *READINGS, "uniform-pooled")}
    mcmas = corpus.read_mcmas(corpus.run_process([str(MCMAS), str(path)], 600), 600)
    perfect = ctlstark_run(path, "perfect", ctlstark_timeout)
    row.mcmas_default = mcmas.verdicts
    perfect_verdicts = [entry["verdict"] for entry in perfect.get("formulas", [])]
    if mcmas.status != "ok" or mcmas.verdicts != perfect_verdicts:
        row.problems.append(f"MCMAS default {mcmas.status} {mcmas.verdicts} vs ctlstark {perfect_verdicts}")
    if perfect_verdicts != row.expected["perfect"]:
        row.problems.append(f"perfect verdicts {perfect_verdicts}, expected {row.expected['perfect']}")
    log(f"  MCMAS default and ctlstark perfect: {perfect_verdicts}")
    for reading in READINGS:
        run = row.ctlstark[reading] = ctlstark_run(path, reading, ctlstark_timeout)
        row.states = int(run.get("states") or row.states)
        log(f"  ctlstark {reading}: {run['cpu']:.2f} s CPU, stopped {run.get('stopped')}")
        for index, entry in enumerate(run.get("formulas", [])):
            if entry["verdict"] is None:   # stopped: this formula alone, with its search counted
                answer, _ = child_json(["probe", str(path), str(index), "--strategies", reading,
                                        "--budget", str(ctlstark_timeout)], ctlstark_timeout + 120)
                row.probes.setdefault(reading, {})[index] = answer or {"finished": False, "nodes": None}
                log(f"    probe {index + 1}: {answer}")
            elif entry["verdict"] != row.expected[reading][index]:
                row.problems.append(f"{reading} formula {index + 1}: {entry['verdict']}, "
                                    f"expected {row.expected[reading][index]}")
    for index in range(len(row.formulas)):
        answer, process = child_json(["oracle", str(path), str(index), "--budget", str(oracle_budget)],
                                     oracle_budget + 600)
        answer = answer or {"error": corpus.ctlstark_error(process)}
        answer["cpu"] = process.cpu
        row.oracle.append(answer)
        if answer.get("verdict") is not None and answer["verdict"] != row.expected["uniform"][index]:
            row.problems.append(f"oracle formula {index + 1}: {answer['verdict']}")
        log(f"  oracle {index + 1}: {dict(answer, count=count_text(answer.get('count', 0)))}")
    for group in dict.fromkeys(row.groups):
        row.mcmas_counts[group] = mcmas_strategy_count(path, group)
        row.mcmas_uniform[group] = mcmas_uniform_run(path, group, mcmas_budget)
        log(f"  MCMAS -uniform -ufgroup {group}: {count_text(row.mcmas_counts[group])} strategies, "
            f"{row.mcmas_uniform[group]}")
    return row


# ---------------------------------------------------------------- the table

FIVE_MINUTES = 300.0


def count_text(count: int) -> str:
    """A strategy count: exact below a million, else in e-notation (any size: MCMAS's counts pass 10^4000)."""
    if count < 10**6:
        return f"{count:,}"
    exponent = math.floor(math.log10(count))
    mantissa = count // 10 ** (exponent - 2) / 100
    return f"{mantissa:.2f}e{exponent}"


def duration_text(seconds: float) -> str:
    if seconds < 60:
        return f"{seconds:.2f} s"
    for unit, size in (("years", 365.25 * 86400), ("days", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size * (2 if unit != "min" else 1):
            value = seconds / size
            return f"{value:.3g} {unit}" if value < 1e6 else re.sub(r"e\+0*", "e", f"{value:.2e} {unit}")
    return f"{seconds / 60:.1f} min"


def time_for(count: int, rate: float) -> float:
    """Seconds to go through `count` strategies at `rate` per second (inf past what a float holds)."""
    if rate <= 0 or math.log10(max(count, 1)) - math.log10(rate) > 300:
        return math.inf
    return count / rate


def huge_duration_text(count: int, rate: float) -> str:
    """`duration_text` of count / rate, also when that is too large for a float."""
    seconds = time_for(count, rate)
    if seconds < math.inf:
        return duration_text(seconds)
    years = math.log10(count) - math.log10(rate) - math.log10(365.25 * 86400)
    return f"10^{years:.0f} years"


def oracle_estimate(answer: dict) -> float | None:
    """The oracle's whole time: measured when it finished, else set-up plus the rest at the rate it ran."""
    if "count" not in answer:
        return None
    if answer["finished"]:
        return float(answer["cpu"])
    rate = answer["processed"] / answer["loop_s"] if answer["loop_s"] else 0.0
    return float(answer["setup_s"]) + time_for(answer["count"], rate)


def oracle_cell(answer: dict) -> str:
    if "count" not in answer:
        return f"error: {answer.get('error')}"
    if answer["finished"]:
        return f"{answer['cpu']:.2f} s"
    rate = answer["processed"] / answer["loop_s"]
    if oracle_estimate(answer) > FIVE_MINUTES:
        count = answer["count"]
        return f"> 5 min: {count_text(count)} at {rate:,.0f}/s ≈ {huge_duration_text(count, rate)}"
    return f"≈ {duration_text(oracle_estimate(answer))} ({count_text(answer['count'])} at {rate:,.0f}/s)"


def mcmas_cell(count: int, run: dict, budget: float) -> str:
    if run["finished"]:
        return f"{run['cpu']:.2f} s"
    if not run["enumerating"]:
        return f"> {budget:g} s, still building its {count_text(count)} uniform protocols"
    rate = run["processed"] / run["cpu"] if run["cpu"] else 0.0
    return f"> {budget:g} s: {count_text(run['processed'])} of {count_text(count)} at {rate:,.0f}/s ≈ " \
           f"{huge_duration_text(count, rate)}"


def mcmas_summary(row: Measurement, budget: float) -> str:
    """MCMAS `-uniform` per group: its count, and its time or how far it got."""
    counts = ", ".join(f"{group} {count_text(row.mcmas_counts[group])}" for group in row.mcmas_uniform)
    if not any(run["enumerating"] for run in row.mcmas_uniform.values()):
        return f"{counts}: still building the uniform protocols after {budget:g} s"
    return "; ".join(f"{group} ({count_text(row.mcmas_counts[group])}): "
                     f"{mcmas_cell(row.mcmas_counts[group], run, budget)}" for group, run in row.mcmas_uniform.items())


def ctlstark_cell(run: dict, timeout: float) -> str:
    if run.get("stopped") or run.get("exit") is None:
        return f"> {timeout:g} wall (stopped; {run['cpu']:.1f} CPU)"
    if "error" in run:
        return f"error: {run['error']}"
    return f"{run['cpu']:.2f}"


def route_cell(row: Measurement, reading: str, index: int) -> str:
    entry = row.ctlstark[reading].get("formulas", [{}] * (index + 1))[index]
    if entry.get("verdict") is None:
        probe = row.probes.get(reading, {}).get(index, {})
        if probe.get("finished"):
            route = probe['route'].split(':', 1)[-1].replace(" partial strategies", "")
            return f"{'TRUE' if probe['verdict'] else 'FALSE'}, {route} ({probe['cpu']:.2f} s CPU, alone)"
        nodes = count_text(probe.get("nodes") or 0)
        return f"–, search > {nodes} in {probe.get('cpu', 0):.0f} s CPU (alone, stopped)"
    route = (entry["route"] or "?").replace(" partial strategies", "")
    return f"{'TRUE' if entry['verdict'] else 'FALSE'}, {route} ({entry['seconds']:.2f} s)"


def markdown(rows: list[Measurement], ctlstark_timeout: float, mcmas_budget: float) -> str:
    """Two tables: one row per size (states, the brute force, ctlstark's CPU per reading), then one per formula
    (the oracle's count and time, ctlstark's verdict and route per reading)."""
    lines = ["| family | size | states | oracle strategies (largest) | oracle, all formulas | "
             "MCMAS `-uniform -ufgroup G` | ctlstark CPU s `uniform` | ctlstark CPU s `uniform-objective` |",
             "|---|---|---|---|---|---|---|---|"]
    for row in rows:
        estimates = [oracle_estimate(answer) for answer in row.oracle]
        finished = all(answer.get("finished") for answer in row.oracle)
        total = sum(value for value in estimates if value is not None)
        oracle_total = f"{total:.2f} s" if finished else ("> 5 min" if total > FIVE_MINUTES
                                                          else f"≈ {duration_text(total)}")
        largest = max((answer.get("count", 0) for answer in row.oracle), default=0)
        mcmas = mcmas_summary(row, mcmas_budget)
        lines.append(f"| {row.family} | {row.size} | {row.states} | {count_text(largest)} | {oracle_total} | {mcmas} | "
                     + " | ".join(ctlstark_cell(row.ctlstark[reading], ctlstark_timeout) for reading in READINGS)
                     + " |")
    lines += ["", "| family | size | formula | oracle strategies | oracle | `uniform`: verdict, route (wall s) | "
              "`uniform-objective`: verdict, route (wall s) |", "|---|---|---|---|---|---|---|"]
    for row in rows:
        for index, text in enumerate(row.formulas):
            answer = row.oracle[index]
            lines.append(f"| {row.family} | {row.size} | `{text}` | {count_text(answer.get('count', 0))} | "
                         f"{oracle_cell(answer)} | "
                         + " | ".join(route_cell(row, reading, index) for reading in READINGS) + " |")
    problems = [f"{row.family} {row.size}: {problem}" for row in rows for problem in row.problems]
    lines += [""] + ([f"**Problems:** {'; '.join(problems)}"] if problems else
                     ["Every verdict is the expected one (module docstring), ctlstark's default verdicts are "
                      "MCMAS's default ones, and every oracle run that finished agrees with `uniform`."])
    return "\n".join(lines) + "\n"


def load_average() -> str:
    return " ".join(f"{value:.2f}" for value in __import__("os").getloadavg())


def provenance() -> str:
    """Which ctlstark the runs use: its folder when not this checkout's `src/`, else the commit (and whether
    `src/` differs from it); with a digest of its Python files, so that a change during a run shows."""
    import hashlib
    import subprocess

    import ctlstark

    package = Path(ctlstark.__file__).resolve().parent
    digest = hashlib.sha1()
    for source in sorted(package.rglob("*.py")):
        digest.update(source.read_bytes())
    root = HERE.parent
    if package != root / "src" / "ctlstark":
        where = f"ctlstark from {package.parent}"
    else:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True)
        dirty = subprocess.run(["git", "status", "--porcelain", "src"], cwd=root, capture_output=True, text=True)
        where = f"commit {commit.stdout.strip()}" + (" with src/ modified" if dirty.stdout.strip() else "")
    return f"{where} (sources {digest.hexdigest()[:10]})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    printing = commands.add_parser("print", help="print one size's model")
    printing.add_argument("family", choices=FAMILY_NAMES)
    printing.add_argument("size", help="N, or N:k for the shell families")
    table = commands.add_parser("table", help="measure sizes and write the tables")
    table.add_argument("specs", nargs="+", metavar="FAMILY=SIZE,…", help="e.g. shell=3:2,4,5 cards=3,4")
    table.add_argument("--ctlstark-timeout", type=float, default=60.0, help="s per ctlstark run (default 60)")
    table.add_argument("--oracle-budget", type=float, default=30.0, help="CPU s per oracle run (default 30)")
    table.add_argument("--mcmas-budget", type=float, default=30.0, help="s per MCMAS -uniform run (default 30)")
    table.add_argument("--markdown", type=Path, metavar="FILE")
    table.add_argument("--json", type=Path, metavar="FILE")
    table.add_argument("--keep", type=Path, metavar="DIR", help="keep the generated models in DIR")
    render = commands.add_parser("render", help="the tables again from a `table --json` file")
    render.add_argument("json", type=Path)
    render.add_argument("--ctlstark-timeout", type=float, default=60.0)
    render.add_argument("--mcmas-budget", type=float, default=30.0)
    for name in ("oracle", "probe"):
        child = commands.add_parser(name, help=f"(internal) one {name} run, as JSON")
        child.add_argument("file", type=Path)
        child.add_argument("index", type=int, help="the formula's position in the file, from 0")
        child.add_argument("--strategies", default="uniform")
        child.add_argument("--budget", type=float, default=30.0)
    arguments = parser.parse_args(argv)
    sys.set_int_max_str_digits(0)   # the strategy counts, in the log and the JSON
    if arguments.command == "print":
        print(game(arguments.family, arguments.size).text(), end="")
        return 0
    if arguments.command == "render":
        rows = [Measurement(**fields) for fields in json.loads(arguments.json.read_text(encoding="utf-8"))]
        for row in rows:   # JSON object keys are strings
            row.probes = {reading: {int(index): probe for index, probe in probes.items()}
                          for reading, probes in row.probes.items()}
        print(markdown(rows, arguments.ctlstark_timeout, arguments.mcmas_budget), end="")
        return 0
    if arguments.command in ("oracle", "probe"):
        run = oracle_run if arguments.command == "oracle" else probe_run
        print(json.dumps(run(arguments.file, arguments.index, arguments.strategies, arguments.budget)))
        return 0
    items = []
    for spec in arguments.specs:
        family, _, sizes = spec.partition("=")
        items += [game(family, size) for size in sizes.split(",") if size]
    corpus.compile_ctlstark()
    load_start, source_start = load_average(), provenance()
    rows: list[Measurement] = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = arguments.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        for item in items:
            print(f"{item.family} {item.label}", flush=True)
            rows.append(measure(item, folder, arguments.ctlstark_timeout, arguments.oracle_budget,
                                arguments.mcmas_budget, lambda text: print(text, flush=True)))
    text = markdown(rows, arguments.ctlstark_timeout, arguments.mcmas_budget)
    source_end = provenance()
    text += f"\nLoad average (1, 5, 15 min): {load_start} at the start, {load_average()} at the end. " \
            f"ctlstark: {source_start}" + (f" at the start, {source_end} at the end (the source changed " \
                                              f"during the run: rows may mix versions)" if source_end != source_start
                                              else "") + ".\n"
    print()
    print(text, end="")
    if arguments.markdown:
        arguments.markdown.write_text(text, encoding="utf-8")
    if arguments.json:
        arguments.json.write_text(json.dumps([asdict(row) for row in rows], indent=2), encoding="utf-8")
    return 0 if not any(row.problems for row in rows) and source_end == source_start else 1


if __name__ == "__main__":
    sys.exit(main())
