"""Hypothesis profiles for the whole suite: `ci` (the default run), `full` and `long`.

Every randomised test asks for `examples(n)`: n cases under the `full` profile
(`python3 -m pytest --hypothesis-profile=full`), a quarter of them under `ci`, so that
the default run stays a few minutes long, and ten times as many under `long`
(`--hypothesis-profile=long`), so a long run needs no copy of a test that differs only
in its number of examples. The profiles drop the deadline (a BDD run's time varies with
the machine's load) and the health checks that only say generation is slow or filters
a lot.
"""

from __future__ import annotations

import os

# Frozen records refuse assignment in the tests' own processes (runtime/records.py reads this when it is first
# imported; unchecked otherwise, for speed). The processes the tests start (`ctlstark check …`) run as a
# user's do, unchecked.
os.environ["CTLSTARK_CHECK_FROZEN"] = "1"
from ctlstark.runtime import records  # noqa: E402

del os.environ["CTLSTARK_CHECK_FROZEN"]
assert records.CHECK_FROZEN

from hypothesis import HealthCheck, settings  # noqa: E402

_RELAXED = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                      HealthCheck.filter_too_much])
_FULL_EXAMPLES = 100
settings.register_profile("ci", max_examples=_FULL_EXAMPLES // 4, **_RELAXED)
settings.register_profile("full", max_examples=_FULL_EXAMPLES, **_RELAXED)
settings.register_profile("long", max_examples=10 * _FULL_EXAMPLES, **_RELAXED)
settings.load_profile("ci")  # `--hypothesis-profile=…` replaces it before any test runs


def examples(count: int) -> int:
    """`count` cases under the `full` profile, scaled by the loaded one (a quarter under `ci`, ×10 under `long`)."""
    return max(1, count * settings().max_examples // _FULL_EXAMPLES)
