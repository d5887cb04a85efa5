"""What every test shares: property tests run on fixed seeds.

Hypothesis draws its examples from a seed derived from each test (``derandomize``), so a run
is the same on every machine and every time: a failure found once is found again. The shared
helper functions are in tests/helpers.py (``from helpers import ronda_deck``).
"""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "fixed",
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("fixed")
