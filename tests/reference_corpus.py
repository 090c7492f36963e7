"""Where MCMAS's reference models are (beside the checkout, never copied in) and which are slow here."""

from __future__ import annotations

from pathlib import Path

REFERENCE = Path(__file__).resolve().parents[1].parent / "shared" / "ispl-reference"

# The GDL game translations are the costliest reference models (3-30 s each here); the
# default run keeps the small ones, and `-m slow` checks every one of the others.
GDL_IN_DEFAULT_RUN = {"blocks", "switches", "nim1", "hanoi"}


def is_slow_game(source: str, model: str) -> bool:
    """A GDL game translation kept out of the default run (checked under `-m slow`)."""
    return source == "gdl-to-ispl" and model not in GDL_IN_DEFAULT_RUN
