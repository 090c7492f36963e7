"""A protocol as a PRISM MDP program, for Storm's symbolic (BDD) engine.

The program has one module: a boolean per proposition (`p_<name>`), an integer per
commitment (`st_<name>`, the index of its state in Null, Con, Act, Ful, Vio, Exp), `util`
as a scaled integer (util × scale) with a bounded range, and `pending`: 0 in a main
state, k in the intermediate state of the k-th (belief, event) pair. So the program's
states are exactly the automaton's main and intermediate states.

The range of `util` is sound without exploring: each (belief, event) pair with a
non-zero utility fires at most once on a path (validation makes the event end its
belief's precondition, and propositions and commitment states never come back), so
util stays between the sum of the negative and the sum of the positive utilities of
those pairs.
"""

from __future__ import annotations

from .automaton import utility_scale
from .protocol import STATES, Belief, Protocol


def pairs(protocol: Protocol) -> list[tuple[int, str]]:
    """The (belief index, event) pairs in order; pair k (1-based) is `pending = k`."""
    return [(b, e) for b, belief in enumerate(protocol.agent.beliefs) for e, _ in belief.distribution]


def util_range(protocol: Protocol) -> tuple[int, int]:
    """Bounds of util × scale over every reachable state (see the module docstring)."""
    scale = utility_scale(protocol)
    values = [int(protocol.agent.utility(e) * scale) for _, e in pairs(protocol)]
    return sum(v for v in values if v < 0), sum(v for v in values if v > 0)


def variable_order(protocol: Protocol) -> list[tuple[str, str]]:
    """Propositions ("p") and commitments ("st") in order of first use by the beliefs and their events.

    Storm orders its BDD variables as the program declares them; variables used together
    then sit together (one copy of a protocol after another), which keeps the BDDs small.
    """
    order: dict[tuple[str, str], None] = {}
    for belief in protocol.agent.beliefs:
        for c in belief.precondition:
            order[("st" if c.state is not None else "p", c.name)] = None
        for event, _ in belief.distribution:
            order.update({("p", p): None for p in protocol.events[event].effects})
            operation = protocol.operations.get(event)
            if operation is not None:
                order[("st", operation.commitment)] = None
    order.update({("p", p): None for p in protocol.propositions})
    order.update({("st", c): None for c in protocol.commitments})
    return list(order)


def _precondition(belief: Belief) -> str:
    parts = []
    for c in belief.precondition:
        if c.state is not None:
            parts.append(f"st_{c.name}={STATES.index(c.state)}")
        else:
            parts.append(f"p_{c.name}" if c.positive else f"!p_{c.name}")
    return " & ".join(parts) or "true"


def _fraction(value: object) -> str:
    return str(value)  # Fraction prints as `9/10`, which PRISM reads as an exact division


def terminal_expression(protocol: Protocol) -> str:
    applicable = " | ".join(f"({_precondition(b)})" for b in protocol.agent.beliefs) or "false"
    return f"pending=0 & !({applicable})"


def write_prism(protocol: Protocol) -> str:
    """The PRISM program of `protocol` (labels terminal, conformance, achievement, benefit)."""
    scale = utility_scale(protocol)
    low, high = util_range(protocol)
    pair_list = pairs(protocol)
    lines = ["mdp", "", "module protocol"]
    for kind, name in variable_order(protocol):
        lines.append(f"  p_{name} : bool init false;" if kind == "p" else f"  st_{name} : [0..5] init 0;")
    lines.append(f"  util : [{low}..{high}] init 0;")
    lines.append(f"  pending : [0..{len(pair_list)}] init 0;")
    number = 1
    for b, belief in enumerate(protocol.agent.beliefs):
        branches = []
        for event, probability in belief.distribution:
            branches.append(f"{_fraction(probability)}:(pending'={number})")
            number += 1
        lines.append(f"  [] pending=0 & {_precondition(belief)} -> {' + '.join(branches)};")
    for number, (_, event) in enumerate(pair_list, start=1):
        updates = [f"(p_{p}'=true)" for p in protocol.events[event].effects]
        operation = protocol.operations.get(event)
        if operation is not None:
            source, target = STATES.index(operation.source), STATES.index(operation.target)
            name = f"st_{operation.commitment}"
            updates.append(f"({name}'=({name}={source} ? {target} : {name}))")
        value = int(protocol.agent.utility(event) * scale)
        if value:
            updates.append(f"(util'=util{value:+d})")
        updates.append("(pending'=0)")
        lines.append(f"  [] pending={number} -> 1:{' & '.join(updates)};")
    lines.append(f"  [] {terminal_expression(protocol)} -> true;")
    lines += ["endmodule", ""]
    own = protocol.own_commitments
    conformance = " & ".join(f"(st_{c}={STATES.index('Ful')} | st_{c}={STATES.index('Exp')})" for c in own) or "true"
    goals = " & ".join(f"p_{g}" for g in protocol.agent.goals) or "true"
    lines.append(f'label "terminal" = {terminal_expression(protocol)};')
    lines.append(f'label "conformance" = {terminal_expression(protocol)} & {conformance};')
    lines.append(f'label "achievement" = {terminal_expression(protocol)} & {goals};')
    lines.append(f'label "benefit" = {terminal_expression(protocol)} & util>0;')
    return "\n".join(lines) + "\n"
