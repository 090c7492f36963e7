"""Train, gate and controller with N trains and faults: `ispl_examples/train_gate_controller.ispl` scaled.

Each train loops away -> waiting -> tunnel -> away, moving with `go`; the move into
the tunnel also needs the controller's signal. At any step a train may `break`
instead (it keeps its position; its `broken` flag and the environment's `alarm` for
it record that). The environment holds every position and alarm; the controller
signals a waiting train in only when no other train is in the tunnel, and may evict
a train from the tunnel. With `--observe full` the controller sees every position and
alarm (Lobsvars); with `partial` only the alarms, so it may signal a train that is not
waiting (nothing happens) — the broadcast shape (environment variables read by all)
that makes the static variable order matter.

    python benchmarks/tgc.py --print-model 10
    python benchmarks/tgc.py --print-model 12 --observe partial

Formulas: mutual exclusion; the alarm tells the controller exactly when train 1 is
broken (full: TRUE; partial: TRUE, the alarms are seen); train 2 never knows train 1
broke (FALSE); a waiting train can always get in (EF); train 1 passes the tunnel
from every state eventually (FALSE).
"""

from __future__ import annotations

import argparse


def tgc_model_text(trains: int, observe: str = "full") -> str:
    """The ISPL text of the model with `trains` trains (`observe`: "full" or "partial")."""
    numbers = range(1, trains + 1)
    lines = ["Semantics = SingleAssignment;", "", "Agent Environment", "  Vars:"]
    lines += [f"    pos{i} : {{away, waiting, tunnel}};" for i in numbers]
    lines += [f"    alarm{i} : boolean;" for i in numbers]
    lines += ["  end Vars", "  Actions = {tick};", "  Protocol:", "    Other : {tick};", "  end Protocol",
              "  Evolution:"]
    for i in numbers:
        lines += [f"    pos{i} = waiting if pos{i} = away and Train{i}.Action = go;",
                  f"    pos{i} = tunnel if pos{i} = waiting and Train{i}.Action = go "
                  f"and Controller.Action = signal{i};",
                  f"    pos{i} = away if pos{i} = tunnel and Train{i}.Action = go;",
                  f"    pos{i} = away if pos{i} = tunnel and Controller.Action = evict{i};",
                  f"    alarm{i} = true if Train{i}.Action = break;",
                  f"    alarm{i} = false if Train{i}.Action = go;"]
    lines += ["  end Evolution", "end Agent", ""]
    lines += _controller(trains, observe)
    for i in numbers:
        lines += _train(i)
    lines += ["Evaluation"]
    for i in numbers:
        lines += [f"  broken{i} if Train{i}.broken = true;", f"  tunnel{i} if Environment.pos{i} = tunnel;",
                  f"  waiting{i} if Environment.pos{i} = waiting;"]
    lines += ["end Evaluation", "", "InitStates"]
    initial = [f"Environment.pos{i} = away and Environment.alarm{i} = false and Train{i}.broken = false"
               for i in numbers]
    lines += ["  " + " and ".join(initial + ["Controller.on = true"]) + ";", "end InitStates", "", "Formulae"]
    pairs = [f"(tunnel{i} and tunnel{j})" for i in numbers for j in numbers if i < j] or ["false"]
    lines += ["  AG !(" + " or ".join(pairs) + ");",
              "  AG (broken1 -> K(Controller, broken1));",
              f"  AG (broken1 -> K(Train{min(2, trains)}, broken1));",
              "  AG (waiting1 -> EF tunnel1);",
              "  AG AF tunnel1;",
              "end Formulae"]
    return "\n".join(lines) + "\n"


def _controller(trains: int, observe: str) -> list[str]:
    numbers = range(1, trains + 1)
    seen = ([f"pos{i}" for i in numbers] if observe == "full" else []) + [f"alarm{i}" for i in numbers]
    actions = ["idle"] + [f"signal{i}" for i in numbers] + [f"evict{i}" for i in numbers]
    lines = ["Agent Controller", "  Lobsvars = {" + ", ".join(seen) + "};", "  Vars:", "    on : boolean;",
             "  end Vars", "  Actions = {" + ", ".join(actions) + "};", "  Protocol:"]
    if observe == "full":
        for i in numbers:
            others = " and ".join(f"Environment.pos{j} <> tunnel" for j in numbers if j != i) or "true"
            lines.append(f"    Environment.pos{i} = waiting and {others} : {{idle, signal{i}}};")
        lines += [f"    Environment.pos{i} = tunnel : {{idle, evict{i}}};" for i in numbers]
        lines += ["    Other : {idle};"]
    else:
        lines += ["    Other : {" + ", ".join(actions) + "};"]
    lines += ["  end Protocol", "  Evolution:", "    on = true if on = true;", "  end Evolution", "end Agent", ""]
    return lines


def _train(i: int) -> list[str]:
    return [f"Agent Train{i}", "  Vars:", "    broken : boolean;", "  end Vars", "  Actions = {go, break};",
            "  Protocol:", "    Other : {go, break};", "  end Protocol", "  Evolution:",
            "    broken = true if Action = break;", "    broken = false if Action = go;",
            "  end Evolution", "end Agent", ""]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--print-model", type=int, metavar="N", required=True, help="print the model with N trains")
    parser.add_argument("--observe", choices=("full", "partial"), default="full")
    arguments = parser.parse_args()
    print(tgc_model_text(arguments.print_model, arguments.observe), end="")


if __name__ == "__main__":
    main()
