"""An atheris (libFuzzer) harness for ctlstark's front end, for long coverage-guided runs.

Each input is read as a whole ISPL file (`ctlstark.api.load_model_text`), or, when
its first byte is odd, the rest as one `--formula` against a small fixed model
(`ctlstark.api.parse_formula`). `IsplError` (a diagnosed input error) and
`ResourceExhausted` (too deep to process) are the answers a bad input may get;
any other exception is a crash, and libFuzzer keeps the input that caused it.

atheris is not a dependency of ctlstark: it is imported in `main()`, and pytest
never collects this file (its name does not start with `test_`). How to run it:
tests/fuzz/README.md.
"""

from __future__ import annotations

import sys
from pathlib import Path

FORMULA_MODEL = Path(__file__).resolve().parents[2] / "ispl_examples" / "deadlock.ispl"


def make_target():
    """The function libFuzzer calls with each input (ctlstark imported, the formula model loaded)."""
    from ctlstark.api import load_model_text, parse_formula
    from ctlstark.errors import IsplError, ResourceExhausted

    model = load_model_text(FORMULA_MODEL.read_text(encoding="utf-8"), str(FORMULA_MODEL))

    def one_input(data: bytes) -> None:
        if not data:
            return
        text = data[1:].decode("utf-8", errors="replace")
        try:
            if data[0] % 2:
                parse_formula(text, model)
            else:
                load_model_text(text, "fuzz.ispl")
        except (IsplError, ResourceExhausted):
            pass  # a diagnosed input error or a clean refusal: what a bad input should get

    return one_input


def main() -> None:
    import atheris  # not a dependency of ctlstark: pip install atheris

    with atheris.instrument_imports():
        target = make_target()
    atheris.Setup(sys.argv, target)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
