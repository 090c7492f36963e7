"""ctlstark: a symbolic model checker for multi-agent systems written in ISPL.

The API in brief::

    import ctlstark
    model = ctlstark.load_model("ispl_examples/dining_cryptographers.ispl")
    report = ctlstark.check(model, ["AG (c1paid -> K(Cryptographer1, c1paid))"])
    for result in report.formulas:
        print(result.index, result.verdict, result.text)
"""

__version__ = "0.1.0"

# The subpackage `ctlstark.check` would replace the function `check` below as an
# attribute of this package the first time it is imported; importing it first
# makes the function the binding that stays.
from . import check as _check_subpackage  # noqa: E402,F401
from .api import (  # noqa: E402  (the version must exist before api imports it)
    CheckReport,
    FormulaResult,
    check,
    load_model,
    load_model_text,
    parse_formula,
)
from .errors import CtlstarkError, IsplError, ResourceExhausted, UnsupportedFormula  # noqa: E402

__all__ = [
    "CheckReport",
    "CtlstarkError",
    "FormulaResult",
    "IsplError",
    "ResourceExhausted",
    "UnsupportedFormula",
    "__version__",
    "check",
    "load_model",
    "load_model_text",
    "parse_formula",
]
