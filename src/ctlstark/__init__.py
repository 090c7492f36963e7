"""ctlstark: a symbolic model checker for multi-agent systems written in ISPL.

The API in brief::

    import ctlstark
    model = ctlstark.load_model("ispl_examples/dining_cryptographers.ispl")
    report = ctlstark.check(model, ["AG (c1paid -> K(Cryptographer1, c1paid))"])
    for result in report.formulas:
        print(result.index, result.verdict, result.text)
"""

import importlib as _importlib

from .runtime.deferred import deferred as _deferred

# Imported first, with stand-ins for modules it imports for something a check never asks of it
# (runtime/deferred.py): dataclasses signs undocumented classes with `inspect` (ctlstark's are documented),
# copies with `copy` in `asdict`, and compiles one pattern with `re` (precompiled: runtime/patterns.py).
# A check imports no pathlib either: file names stay strings (`cli.options.FilePath`).
with _deferred(("inspect", "copy", "re")):
    _importlib.import_module("dataclasses")

from .api import (CheckOptions, CheckReport, FormulaResult, check, check_with, load_model, load_model_text,
                  parse_formula)
from .errors import CtlstarkError, IsplError, ResourceExhausted, UnsupportedFormula
from .version import VERSION as __version__

__all__ = [
    "CheckOptions",
    "CheckReport",
    "CtlstarkError",
    "FormulaResult",
    "IsplError",
    "ResourceExhausted",
    "UnsupportedFormula",
    "__version__",
    "check",
    "check_with",
    "load_model",
    "load_model_text",
    "parse_formula",
]
