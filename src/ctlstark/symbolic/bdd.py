"""The BDD backend: the only module of ctlstark that imports `dd`.

It picks `dd.cudd` (CUDD compiled in) and falls back to the pure-Python
`dd.autoref` with a one-line warning on stderr. Everything else goes through
the few helpers here, which paper over the differences between the two
(`and_exists`, grouping, statistics) and over the traps measured in
/work/shared/NOTES-dd.md: exact counting with Python integers, enumeration
that does not switch reordering off behind our back, and CUDD's memory
exhaustion turned into `ResourceExhausted`.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

from ..errors import BddMemoryExhausted, drop_locals
from ..runtime.deferred import deferred

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeVar

    _T = TypeVar("_T")


@contextlib.contextmanager
def _without_networkx() -> Iterator[None]:
    """Hide networkx while `dd` is imported, unless it is already loaded.

    `dd._utils` imports networkx (when installed) for graph drawing that
    ctlstark never uses; that import alone took 70–90 ms of every run's
    start-up. `dd` handles its absence; the entry is removed again afterwards,
    so a later `import networkx` works as usual.
    """
    if "networkx" in sys.modules:
        yield
        return
    sys.modules["networkx"] = None  # type: ignore[assignment]
    try:
        yield
    finally:
        if sys.modules.get("networkx", 0) is None:
            del sys.modules["networkx"]


# Modules that `dd` imports when it is loaded and that a check never uses: saving BDDs to files (with json,
# shutil, bz2, lzma; pickle), the parser of Boolean formulas in text (with ply and astutils), the pure-Python
# BDDs, drawing with dot (subprocess, shlex), pretty-printing, error messages' layout (textwrap), and the
# `traceback` (with linecache, tokenize) of the `logging` dd.cudd imports, used to format exceptions, and
# `logging` itself, whose stand-in gives dd a logger that loads it only for a record that could be shown
# (runtime/deferred.py). Measured on a small model's whole check (callgrind, instructions): dd's own four,
# 405 M → 370 M; pickle to textwrap, 313 M → 290 M; traceback, 279 M → 272 M; logging, 226 M → 217 M.
# dd uses `typing` only for annotations while it is imported: its stand-in gives it annotation forms
# (runtime/deferred.py); ctlstark's modules import it for type checkers only, so a check imports no `typing`:
# card_games, 184 M → 172 M; the `CTL*` ltl-equiv test file, 303 M → 291 M; nim1, 438 M → 426 M.
_UNUSED_BY_CHECKS = ("dd._copy", "dd._parser", "dd.bdd", "dd.autoref", "pickle", "pprint", "subprocess", "shlex",
                     "textwrap", "traceback", "logging", "typing")


def _import_backend() -> tuple[Any, str]:
    """`dd.cudd` when it is installed, else the pure-Python `dd.autoref` (with a warning).

    `CTLSTARK_BDD=autoref` forces the fallback, so that tests can check that
    both backends give the same results.
    """
    if os.environ.get("CTLSTARK_BDD", "cudd") != "autoref":
        try:
            with _without_networkx(), deferred(_UNUSED_BY_CHECKS):
                from dd import cudd
            return cudd, "cudd"
        except ImportError:  # pragma: no cover - depends on the installed wheel
            print("ctlstark: warning: dd.cudd is not available; using the slower pure-Python dd.autoref",
                  file=sys.stderr)
    with _without_networkx():
        from dd import autoref
    return autoref, "autoref"


_dd, BACKEND = _import_backend()

Manager = _dd.BDD
Function = _dd.Function


# ---------------------------------------------------------------- errors


def _is_memory_error(error: BaseException) -> bool:
    """True for the ways `dd.cudd` reports that CUDD could not allocate a node.

    A CUDD operation returns NULL only when it runs out of resources; `dd.cudd` says so
    as "… NULL …", "variable swap failed", "compose failed", "Failed to reorder." and the like
    (the swap one ended a capped run with an internal error: issue 11's batch tests).
    """
    if isinstance(error, MemoryError):
        return True
    message = str(error)
    resource_failure = ("NULL" in message or message.endswith(" failed") or message.startswith("Failed to reorder")
                        or "failed to add var" in message)
    return isinstance(error, (ValueError, RuntimeError)) and resource_failure


@contextlib.contextmanager
def memory_guard() -> Iterator[None]:
    """Turn CUDD's out-of-memory failures inside the block into `BddMemoryExhausted`."""
    try:
        yield
    except (MemoryError, ValueError, RuntimeError) as error:
        if _is_memory_error(error):
            drop_locals(error)  # the frames it went through hold BDDs: free them now, in order
            raise BddMemoryExhausted(
                "the BDD library ran out of memory (CUDD could not allocate a node within its limit); "
                "raise --max-memory, try a smaller model, or enable variable reordering (--reorder)"
            ) from error
        raise


def guarded(function: Callable[..., _T]) -> Callable[..., _T]:
    """Decorator form of `memory_guard`, for the engine's public entry points."""

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> _T:
        with memory_guard():
            return function(*args, **kwargs)

    return wrapper


# ---------------------------------------------------------------- manager


INITIAL_CACHE_SLOTS = 2**12
"""CUDD's computed table starts this small and grows itself when its hit rate is high.
dd's default, 2**18 slots, allocates 16 MB and takes 6 ms at start-up; measured on models
from 18 states to the GDL games, the small start changes no large run beyond noise
(docs/performance.md, "Start-up")."""
MAX_CACHE_SLOTS = 2**19
"""…and grows to at most this many slots (CUDD's own cap is in the billions). Grown unbounded it
was most of the memory of the larger runs: chomp 342 → 166 MB, dc N = 200 213 → 139 MB,
chickentictactoe 97 → 68 MB with this cap, whole-process CPU unchanged (mutex N = 256 with LTL
+3 %, within noise); 2**18 saved a little more and cost mutex 9 %, 2**17 21 % (docs/performance.md,
"Memory")."""


LOOSE_UP_TO = 100_000
"""CUDD grows its unique table without collecting garbage first until the table has this many
slots (dd's default: 6.7 M), so dead nodes piled up to the peak: chomp 166 → 101 MB and 4.1 → 3.3 s
(fewer dead nodes to walk), mutex N = 256 151 → 90 MB at +5 % CPU, sum15, eotcatcit, ticTacToe
63–64 → 48 MB, muddy 16 45 → 36 MB, the others within ±7 % CPU (docs/performance.md, "Memory")."""


STARTING_MEMORY_ESTIMATE = 2**26
"""The memory CUDD is told to expect when the manager is made (dd's default: 1 GiB). CUDD sizes
from it what ctlstark sets itself anyway (the cap, the loose-up-to bound, the computed table's
largest size) and one thing it does not: a reserve of 1/64 of it, allocated at once, to fall back
on when memory runs out. A 1 GiB estimate made the first manager cost 22 ms of a 0.3 s check
of a small file; 64 MiB, 2 ms (docs/performance.md, "Start-up")."""
DEFAULT_MAX_MEMORY = 2**30
"""CUDD's memory cap when none is asked for: dd's default, 1 GiB."""


def new_manager(max_memory: int | None = None) -> Manager:
    """A fresh manager with dynamic reordering off (the static order is the plan).

    `max_memory` (bytes; default 1 GiB) caps CUDD's memory: past it node allocation fails and
    `memory_guard` turns that into `BddMemoryExhausted`.
    """
    if BACKEND != "cudd":
        manager = _dd.BDD()
        manager.configure(reordering=False)
        return manager
    manager = _dd.BDD(memory_estimate=STARTING_MEMORY_ESTIMATE, initial_cache_size=INITIAL_CACHE_SLOTS)
    manager.configure(reordering=False, max_memory=max_memory or DEFAULT_MAX_MEMORY,
                      max_cache_hard=MAX_CACHE_SLOTS, loose_up_to=LOOSE_UP_TO)
    return manager


def declare_block(manager: Manager, names: Sequence[str]) -> None:
    """Declare `names` at the bottom of the order, kept together by sifting (CUDD)."""
    manager.declare(*names)
    if BACKEND == "cudd" and len(names) >= 2:
        manager.group({names[0]: len(names)})


def set_reordering(manager: Manager, enabled: bool) -> None:
    """Switch CUDD's automatic (group) sifting on or off."""
    manager.configure(reordering=enabled)


def reordering_enabled(manager: Manager) -> bool:
    return bool(manager.configure()["reordering"])


def live_nodes(manager: Manager) -> int:
    """Number of live nodes in the manager (CUDD's statistics: 0.3 ms on a small manager, 2 ms on
    one that held 1.5M nodes, as it scans its tables; poll it sparingly)."""
    if BACKEND != "cudd":
        return len(manager)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return int(manager.statistics()["n_nodes"])


def peak_nodes(manager: Manager) -> int:
    if BACKEND != "cudd":
        return len(manager)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return int(manager.statistics()["peak_nodes"])


def cache_lookups(manager: Manager) -> int | None:
    """CUDD's count of computed-table lookups so far, one per recursive step of an operation: a
    measure of BDD work that the machine's load does not move (None without CUDD)."""
    if BACKEND != "cudd":
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return int(manager.statistics()["cache_lookups"])


# ---------------------------------------------------------------- operations


def and_exists(u: Function, v: Function, qvars: Iterable[str]) -> Function:
    """`∃ qvars. u ∧ v`, fused in CUDD (the relational product)."""
    if BACKEND == "cudd":
        return _dd.and_exists(u, v, qvars)
    return u.bdd.exist(set(qvars), u & v)


def reads_any(manager: Manager, u: Function, names: Iterable[str]) -> bool:
    """Whether `u` depends on any of the variables `names` (one quantification, no support walk)."""
    return exist(manager, names, u) != u


def restrict(u: Function, care: Function) -> Function:
    """A BDD that agrees with `u` wherever `care` holds, usually smaller (Coudert–Madre restrict).

    Its support is within `u`'s. Without CUDD, `u` itself (always a valid answer).
    """
    if BACKEND == "cudd":
        return _dd.restrict(u, care)
    return u


def exist(manager: Manager, qvars: Iterable[str], u: Function) -> Function:
    qvars = set(qvars)
    if not qvars:
        return u
    return manager.exist(qvars, u)


def rename(manager: Manager, u: Function, renaming: Mapping[str, str]) -> Function:
    """Simultaneous variable renaming `u[renaming]` (names to names)."""
    if not renaming:
        return u
    return manager.let(dict(renaming), u)


def substitute(manager: Manager, u: Function, substitution: Mapping[str, str]) -> Function:
    """`u` with each variable of `substitution` replaced by the variable it maps to, simultaneously.

    Unlike `rename`, the targets may already occur in `u` (vector composition), as
    when j's copy of a shared variable is replaced by i's copy.
    """
    if not substitution:
        return u
    return manager.let({name: manager.var(target) for name, target in substitution.items()}, u)


def rename_disjoint(manager: Manager, u: Function, renaming: Mapping[str, str]) -> Function:
    """`u[renaming]` when `u` does not depend on the target names (e.g. next → current).

    CUDD then swaps the variable pairs (`Cudd_bddSwapVariables`), about twice
    as fast as the general substitution behind `let`.
    """
    if BACKEND == "cudd" and renaming:
        return manager._swap(u, dict(renaming))
    return rename(manager, u, renaming)


_SHORT_CUBE = 16


def cube(manager: Manager, assignment: Mapping[str, bool]) -> Function:
    """The conjunction of literals given by `assignment` (built in one pass)."""
    if not assignment:
        return manager.true
    if len(assignment) > _SHORT_CUBE:
        return manager.cube(dict(assignment))
    # dd's cube() costs time per declared variable; a few literals are cheaper
    # conjoined from the bottom of the order up (each step adds one top node).
    result = manager.true
    for name in sorted(assignment, key=manager.level_of_var, reverse=True):
        literal = manager.var(name)
        result &= literal if assignment[name] else ~literal
    return result


def one_choice(manager: Manager, relation: Function, choice_bits: Sequence[str]) -> Function:
    """One choice per key of `relation` (its variables outside `choice_bits`): per choice bit in turn, 0 wherever
    some remaining choice of that key has it 0. Keys with a choice keep exactly one; nothing is enumerated."""
    for bit in choice_bits:
        zero = relation & ~manager.var(bit)
        relation = zero | (relation & ~exist(manager, choice_bits, zero))
    return relation


def xnor(u: Function, v: Function) -> Function:
    return u.equiv(v) if BACKEND == "cudd" else (u & v) | (~u & ~v)


def dag_size(u: Function) -> int:
    return int(u.dag_size)


def top_level(manager: Manager, u: Function) -> int | None:
    """The level of `u`'s topmost variable; None for the constants."""
    return None if u.var is None else u.level


def support(manager: Manager, u: Function) -> frozenset[str]:
    return frozenset(manager.support(u))


# ---------------------------------------------------------------- counting and enumeration


def count_models(manager: Manager, u: Function, bits: Sequence[str]) -> int:
    """Exact number of assignments to `bits` satisfying `u` (support of `u` ⊆ `bits`).

    A walk over the DAG with Python integers (`bdd.count` returns a float,
    inexact beyond 2**53 models). `low`/`high` are the children of the regular
    node; a `negated` edge denotes the complement of that node's function.
    Each edge is remembered by its integer id with its rank (position among
    `bits`, top first) and its models over the bits from that rank down, so
    every node costs a handful of attribute reads.
    """
    rank = {manager.level_of_var(name): index for index, name in enumerate(_by_level(manager, bits))}
    total_bits = len(rank)
    known: dict[int, tuple[int, int]] = {int(manager.true): (total_bits, 1), int(manager.false): (total_bits, 0)}
    stack = [u]
    while stack:
        edge = stack[-1]
        key = int(edge)
        if key in known:
            stack.pop()
            continue
        low, high = edge.low, edge.high
        low_known, high_known = known.get(int(low)), known.get(int(high))
        if low_known is None or high_known is None:
            if low_known is None:
                stack.append(low)
            if high_known is None:
                stack.append(high)
            continue
        stack.pop()
        try:
            here = rank[edge.level]
        except KeyError:
            raise ValueError(f"count_models: {edge.var!r} is not among the counted bits") from None
        (low_rank, low_models), (high_rank, high_models) = low_known, high_known
        regular = (low_models << (low_rank - here - 1)) + (high_models << (high_rank - here - 1))
        known[key] = (here, (1 << (total_bits - here)) - regular if edge.negated else regular)
    top_rank, top_models = known[int(u)]
    return top_models << top_rank


def _by_level(manager: Manager, bits: Sequence[str]) -> list[str]:
    return sorted(bits, key=manager.level_of_var)


def first_model(manager: Manager, u: Function, bits: Sequence[str]) -> dict[str, bool] | None:
    """The assignment to `bits` satisfying `u` that is smallest lexicographically in the order of `bits`
    (False before True); None when `u` is false.

    Unlike CUDD's enumeration, the answer does not depend on the variable
    order, so witnesses stay the same whatever dynamic reordering did. With
    `bits` in the manager's current order (the static order when nothing was
    reordered) each bit costs O(1): the BDD is walked from its top.
    """
    if u == manager.false:
        return None
    assignment: dict[str, bool] = {}
    rest = u
    for bit in bits:
        low = _cofactor(manager, rest, bit, False)
        if low != manager.false:
            assignment[bit], rest = False, low
        else:
            assignment[bit], rest = True, _cofactor(manager, rest, bit, True)
    return assignment


def _cofactor(manager: Manager, u: Function, bit: str, value: bool) -> Function:
    """`u` with `bit` fixed to `value`: a child pointer when `bit` is `u`'s top variable, nothing when above it."""
    if u.var is None or manager.level_of_var(bit) < u.level:
        return u  # a constant, or `bit` lies above every variable u reads
    if u.var == bit:
        child = u.high if value else u.low
        return ~child if u.negated else child
    return manager.let({bit: value}, u)  # only after reordering moved `bit` below the top


def iter_models(manager: Manager, u: Function, bits: Sequence[str]) -> Iterator[dict[str, bool]]:
    """Every assignment to `bits` satisfying `u`; for tests and traces only.

    `dd.cudd`'s enumeration switches dynamic reordering off and never restores
    it, so the setting is saved and restored around it.
    """
    reordering = reordering_enabled(manager)
    try:
        yield from manager.pick_iter(u, care_vars=set(bits))
    finally:
        set_reordering(manager, reordering)
