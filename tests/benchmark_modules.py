"""Import the benchmark scripts (benchmarks/ is not a package) for tests of their models."""

from __future__ import annotations

import importlib.util
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@cache
def load_benchmark(name: str) -> ModuleType:
    """`benchmarks/<name>.py` as a module named `benchmarks_<name>`."""
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location(f"benchmarks_{name}", BENCHMARKS / f"{name}.py")
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load benchmarks/{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
