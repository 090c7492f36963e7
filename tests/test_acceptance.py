"""Acceptance as in MCMAS 1.3.0, beyond names declared twice (tests/test_duplicates.py):
the cases probed with the MCMAS binary where ctlstark used to differ (docs/differences.md#acceptance).
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from ctlstark import check, load_model_text
from ctlstark.errors import IsplError
from ctlstark.explicit import ExplicitChecker, ExplicitSystem
from ctlstark.ispl import parse_model

# The environment counts n = 0, 1, 2, 3; the agent copies it one step late, through the
# right-hand side of its assignment: (n, k) = (0,0) (1,0) (2,1) (3,2) (3,3), then stays.
LATE_COPY = """\
Agent Environment
  Obsvars:
    n : 0..3;
  end Obsvars
  Vars:
    hidden : 0..3;
  end Vars
  Actions = {tick};
  Protocol:
    Other : {tick};
  end Protocol
  Evolution:
    n = n + 1 if n < 3;
  end Evolution
end Agent

Agent Copier
  Lobsvars = {hidden};
  Vars:
    k : 0..3;
  end Vars
  Actions = {copy};
  Protocol:
    Other : {copy};
  end Protocol
  Evolution:
    k = Environment.n if Action = copy;
  end Evolution
end Agent

Evaluation
  k2 if Copier.k = 2;
  n3 if Environment.n = 3;
  k3 if Copier.k = 3;
end Evaluation

InitStates
  Environment.n = 0 and Environment.hidden = 0 and Copier.k = 0;
end InitStates

Formulae
  AX AX AX k2;
  AG (k2 -> n3);
  AF AG k3;
  EF (k3 and !n3);
end Formulae
"""

LATE_COPY_VERDICTS = [True, True, True, False]


def test_an_assignment_may_read_an_environment_obsvar() -> None:
    """MCMAS accepts `k = Environment.n` for an Obsvar `n` and reads its current value."""
    report = check(load_model_text(LATE_COPY))
    assert [result.verdict for result in report.formulas] == LATE_COPY_VERDICTS
    assert report.reachable_states == 5
    model = parse_model(LATE_COPY)
    oracle = ExplicitChecker(ExplicitSystem(model))
    assert [oracle.holds(entry.formula) for entry in model.formulae] == LATE_COPY_VERDICTS


def test_an_assignment_may_not_read_an_environment_var_even_in_lobsvars() -> None:
    """MCMAS rejects it: "variable hidden is not defined"."""
    text = LATE_COPY.replace("k = Environment.n if", "k = Environment.hidden if")
    with pytest.raises(IsplError) as caught:
        parse_model(text, "copy.ispl")
    [diagnostic] = caught.value.diagnostics
    assert (diagnostic.line, diagnostic.column) == (27, 9)
    assert "may read the environment's Obsvars only, not its Vars (`Environment.hidden`" in diagnostic.message


MCMAS = Path(__file__).resolve().parents[2] / "shared" / "mcmas" / "mcmas"


@pytest.mark.skipif(not MCMAS.exists(), reason="the MCMAS binary (shared/mcmas/mcmas) is not available")
def test_mcmas_agrees(tmp_path: Path) -> None:
    accepted, rejected = tmp_path / "copy.ispl", tmp_path / "hidden.ispl"
    accepted.write_text(LATE_COPY, encoding="utf-8")
    rejected.write_text(LATE_COPY.replace("k = Environment.n if", "k = Environment.hidden if"), encoding="utf-8")
    run = subprocess.run([str(MCMAS), str(accepted)], capture_output=True, text=True, timeout=60)
    verdicts = [found == "TRUE" for found in re.findall(r"Formula number \d+: .*, is (TRUE|FALSE)", run.stdout)]
    assert verdicts == LATE_COPY_VERDICTS and "number of reachable states = 5" in run.stdout, run.stdout
    run = subprocess.run([str(MCMAS), str(rejected)], capture_output=True, text=True, timeout=60)
    assert "has error(s)" in run.stdout
