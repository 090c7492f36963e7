"""The readings of the strategic operator `<g>ψ` (docs/semantics.md, "Strategic operators").

* `perfect`: the coalition's choice may depend on the whole state (MCMAS's default);
* `uniform`: one uniform memoryless strategy — each member's action a function of its
  own local state — wins from every reachable state some member cannot tell apart
  from the current one (subjective ATL_ir: Schobbens 2004; Jamroga–van der Hoek 2004);
* `uniform-objective`: the same, from the current state alone;
* `uniform-pooled`: the same, from every state no member can tell apart (the members
  pool what they know; MCMAS's `-atlk 2` for a one-agent coalition).

One list for the command line, the API, batch manifests and both engines.
"""

STRATEGY_SEMANTICS: tuple[str, ...] = ("perfect", "uniform", "uniform-objective", "uniform-pooled")


def check_strategy_semantics(name: str) -> str:
    """`name` if it is one of `STRATEGY_SEMANTICS`; otherwise ValueError naming the choices."""
    if name not in STRATEGY_SEMANTICS:
        raise ValueError(f"unknown strategy semantics {name!r}: choose one of {', '.join(STRATEGY_SEMANTICS)}")
    return name
