"""The bridge to Storm (stormpy): minimal and maximal reachability probabilities.

Two engines give the same numbers: `sparse` hands Storm the explicit automaton as a
sparse MDP (row groups: one row per choice; intermediate states have one Dirac row;
terminal states a self-loop); `symbolic` gives Storm the PRISM program of the protocol
(`prism.py`) and uses its BDD (dd) engine, without building the automaton in Python.
stormpy is an optional dependency (`pip install 'ctlstark[prob]'`); without it,
`StormMissing` says how to install it.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ..errors import CtlstarkError
from .automaton import Automaton, to_mdp
from .prism import write_prism
from .protocol import PROPERTIES, Protocol

PRECISION = "1e-12"  # absolute; the values agree with the exact oracle far below 1e-9


SYLVAN_THREADS = 1  # Sylvan's workers spin while they wait: more threads only slowed a shared machine


class StormMissing(CtlstarkError):
    """stormpy cannot be imported."""

    def __init__(self) -> None:
        super().__init__("probabilities need Storm's Python bindings: pip install 'ctlstark[prob]'")


def import_stormpy() -> Any:
    """The stormpy module, or `StormMissing`."""
    try:
        import stormpy
    except ImportError:
        raise StormMissing() from None
    return stormpy


@dataclass
class StormResult:
    """Pmin and Pmax of each property from the initial state, with the sizes and times of one engine."""

    engine: str
    minimum: dict[str, float] = field(default_factory=dict)
    maximum: dict[str, float] = field(default_factory=dict)
    states: int = 0
    transitions: int = 0
    build_seconds: float = 0.0
    check_seconds: float = 0.0


def _environment(stormpy: Any, method: str) -> Any:
    environment = stormpy.Environment()
    min_max = environment.solver().min_max()
    min_max.method = getattr(stormpy.environments.MinMaxMethod, method)
    min_max.precision = stormpy.Rational(PRECISION)
    min_max.relative_termination_criterion = False
    environment.dd().sylvan().number_of_threads = SYLVAN_THREADS
    return environment


def _queries(stormpy: Any, program: Any = None) -> list[tuple[str, str, Any]]:
    text = "; ".join(f'P{bound}=? [F "{kind}"]' for kind in PROPERTIES for bound in ("min", "max"))
    parsed = stormpy.parse_properties(text, program) if program is not None else stormpy.parse_properties(text)
    return [(kind, bound, parsed[2 * i + j]) for i, kind in enumerate(PROPERTIES)
            for j, bound in enumerate(("min", "max"))]


def check_sparse(automaton: Automaton) -> StormResult:
    """Storm's sparse engine on the explicit automaton."""
    stormpy = import_stormpy()
    from stormpy.datastructures import SparseMatrixBuilder
    from stormpy.models import SparseMdp, SparseModelComponents, StateLabeling

    result = StormResult("sparse")
    start = time.perf_counter()
    mdp = to_mdp(automaton)
    builder = SparseMatrixBuilder(rows=0, columns=0, entries=0, force_dimensions=False,
                                  has_custom_row_grouping=True, row_groups=0)
    row = 0
    for state, distributions in enumerate(mdp.choices):
        builder.new_row_group(row)
        for distribution in distributions:
            for target, probability in sorted(distribution):
                builder.add_next_value(row, target, float(probability))
            row += 1
    matrix = builder.build(row, mdp.size, mdp.size)
    labeling = StateLabeling(mdp.size)
    labeling.add_label("init")
    labeling.add_label_to_state("init", mdp.initial)
    labeling.add_label("terminal")
    for state in range(automaton.main_states):
        if automaton.is_terminal(state):
            labeling.add_label_to_state("terminal", state)
    for kind, members in automaton.targets().items():
        labeling.add_label(kind)
        for state, member in enumerate(members):
            if member:
                labeling.add_label_to_state(kind, state)
    model = SparseMdp(SparseModelComponents(transition_matrix=matrix, state_labeling=labeling))
    result.states, result.transitions = model.nr_states, model.nr_transitions
    result.build_seconds = time.perf_counter() - start
    start = time.perf_counter()
    environment = _environment(stormpy, "TOPOLOGICAL")
    for kind, bound, query in _queries(stormpy):
        value = stormpy.model_checking(model, query, only_initial_states=True, environment=environment)
        _store(result, kind, bound, value.get_value(mdp.initial))
    result.check_seconds = time.perf_counter() - start
    return result


def check_symbolic(protocol: Protocol) -> StormResult:
    """Storm's symbolic (dd) engine on the protocol's PRISM program."""
    stormpy = import_stormpy()
    result = StormResult("symbolic")
    start = time.perf_counter()
    program, queries = _prism_program(stormpy, protocol)
    environment = _environment(stormpy, "VALUE_ITERATION")
    with _quiet_native_output():
        model = stormpy.build_symbolic_model(program, environment=environment)  # full: keeps every labelled variable
    result.states, result.transitions = model.nr_states, model.nr_transitions
    result.build_seconds = time.perf_counter() - start
    start = time.perf_counter()
    initial = stormpy.create_filter_initial_states(model)
    for kind, bound, query in queries:
        with _quiet_native_output():
            value = stormpy.model_checking(model, query, only_initial_states=True, environment=environment)
        value.filter(initial)
        _store(result, kind, bound, value.get_min())
    result.check_seconds = time.perf_counter() - start
    return result


def check_prism_sparse(protocol: Protocol) -> StormResult:
    """Storm's own explicit builder on the PRISM program, then its sparse engine (no Python automaton)."""
    stormpy = import_stormpy()
    result = StormResult("prism-sparse")
    start = time.perf_counter()
    program, queries = _prism_program(stormpy, protocol)
    model = stormpy.build_model(program, [q for _, _, q in queries])
    result.states, result.transitions = model.nr_states, model.nr_transitions
    result.build_seconds = time.perf_counter() - start
    start = time.perf_counter()
    environment = _environment(stormpy, "TOPOLOGICAL")
    initial = model.initial_states[0]
    for kind, bound, query in queries:
        value = stormpy.model_checking(model, query, only_initial_states=True, environment=environment)
        _store(result, kind, bound, value.get_value(initial))
    result.check_seconds = time.perf_counter() - start
    return result


def _prism_program(stormpy: Any, protocol: Protocol) -> tuple[Any, list[tuple[str, str, Any]]]:
    """The protocol's PRISM program (prism.py) parsed by Storm, with the six queries over its labels."""
    with _prism_file(write_prism(protocol)) as path:
        program = stormpy.parse_prism_program(path, simplify=False)
    return program, _queries(stormpy, program)


def _store(result: StormResult, kind: str, bound: str, value: float) -> None:
    (result.minimum if bound == "min" else result.maximum)[kind] = float(value)


@contextlib.contextmanager
def _prism_file(text: str) -> Iterator[str]:
    handle, path = tempfile.mkstemp(suffix=".prism", text=True)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        yield path
    finally:
        os.unlink(path)


@contextlib.contextmanager
def _quiet_native_output() -> Iterator[None]:
    """Silence Storm's C++ log lines (it writes warnings such as a solver switch to standard output)."""
    saved = [os.dup(1), os.dup(2)]
    try:
        with open(os.devnull, "w") as devnull:
            os.dup2(devnull.fileno(), 1)
            os.dup2(devnull.fileno(), 2)
            yield
    finally:
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for descriptor in saved:
            os.close(descriptor)
