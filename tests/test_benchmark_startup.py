"""benchmarks/startup.py: one row per model, its line count and a CPU time from real runs."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_each_model_gets_a_row_with_its_lines_and_a_measured_time():
    model = ROOT / "ispl_examples" / "card_game.ispl"
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "startup.py"), str(model), "--runs", "1"],
                          capture_output=True, text=True, timeout=120, check=True)
    lines = len(model.read_text(encoding="utf-8").splitlines())
    row = re.search(rf"^\| card_game \| {lines} \| (\d+\.\d+) \|$", done.stdout, re.MULTILINE)
    assert row is not None, done.stdout
    assert 0 < float(row.group(1)) < 60
