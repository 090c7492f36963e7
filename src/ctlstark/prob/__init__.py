"""Probabilistic analysis of commitment protocols (paper 002) on Storm.

`protocol` reads and validates a problem file, `automaton` builds the MDP of
Algorithm 1, `storm` computes Pmin/Pmax with stormpy (sparse engine, or the symbolic
engine on the `prism` program), `qualitative` checks the `ispl` skeleton with
ctlstark's own engine, and `analysis` ties them into the report of `ctlstark prob`.
"""

from .protocol import Protocol, load_protocol, parse_protocol

__all__ = ["Protocol", "load_protocol", "parse_protocol"]
