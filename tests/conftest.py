"""What every test shares: property tests run on fixed seeds.

Hypothesis draws its examples from a seed derived from each test (``derandomize``), so a run
is the same on every machine and every time: a failure found once is found again. The shared
helper functions are in tests/helpers.py (``from helpers import ronda_deck``), the cluster
tests' in tests/cluster_helpers.py; the ``redis_url`` fixture is here.
"""

import os
import tempfile

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "fixed",
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("fixed")


def pytest_configure(config: object) -> None:
    """Never write the player's own saves: a run with no ``MAJLIS_HOME`` (a developer's
    ``./majlis test``) gets a fresh temporary one, as ``.ci/run`` gives itself. Tests that
    need a home of their own still set it (``monkeypatch.setenv``)."""
    if not os.environ.get("MAJLIS_HOME"):
        os.environ["MAJLIS_HOME"] = tempfile.mkdtemp(prefix="majlis-tests-")


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory):
    """A ``redis-server`` for the test module (tests/redis_process.py): its URL; the test is
    skipped, with the reason, where Redis cannot run."""
    from redis_process import RedisProcess, missing

    if missing():
        pytest.skip(missing())
    server = RedisProcess(str(tmp_path_factory.mktemp("redis"))).start()
    yield server.url
    server.kill()
