"""Prepared var directories for the tests that start real servers, each made once per test
process and copied by every test (so no test sees another's sign-in attempts or mail)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests import migrated
from tests.serving.live import PATIENCE, clean_env
from tests.staff.test_production_mode import GOOD_PASSWORD, STRONG_KEY

ADMIN = "gnordin"


@pytest.fixture(scope="session")
def city_var(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A city set up by `dogtag setup`: migrated, its administrator ``gnordin``."""
    var = tmp_path_factory.mktemp("city") / "var"
    env = clean_env(
        var,
        SECRET_KEY=STRONG_KEY,
        DOGTAG_ADMIN_USERNAME=ADMIN,
        DOGTAG_ADMIN_EMAIL="clerk@nowthenmn.gov",
        DOGTAG_ADMIN_PASSWORD=GOOD_PASSWORD,
    )
    migrated.migrate(env)
    done = subprocess.run(
        [sys.executable, "-m", "dogtag.cli", "setup"],
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=PATIENCE * 3,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return var


@pytest.fixture(scope="session")
def demo_var(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small demo town (``demo_city.py``): the demo's users and published password, two
    dangerous-dog cases, and a license coming due whose reminder no one has queued yet."""
    var = tmp_path_factory.mktemp("demo") / "var"
    env = clean_env(var, SECRET_KEY=STRONG_KEY)
    migrated.migrate(env)
    for command in ([sys.executable, str(Path(__file__).with_name("demo_city.py"))],):
        done = subprocess.run(
            command,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=PATIENCE * 3,
            check=False,
        )
        assert done.returncode == 0, done.stdout + done.stderr
    return var
