"""The database setting: an empty DATABASE_URL (as a service file or a shell leaves it) means the
embedded default, SQLite, not a KeyError at start-up."""

import os
import subprocess
import sys

import pytest


def engine_with(database_url: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DATABASE_URL": database_url, "SECRET_KEY": "settings-test-only"}
    return subprocess.run(
        [
            sys.executable,
            "-c",
            "import dogtag.settings as s; print(s.DATABASES['default']['ENGINE'])",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_an_empty_database_url_is_the_sqlite_default():
    # given DATABASE_URL set but empty, when the settings load, then SQLite is used
    done = engine_with("")
    assert (done.returncode, done.stdout.strip()) == (0, "django.db.backends.sqlite3"), done.stderr


def test_a_blank_database_url_is_the_sqlite_default_too():
    done = engine_with("   ")
    assert (done.returncode, done.stdout.strip()) == (0, "django.db.backends.sqlite3"), done.stderr


def options_with(database_url: str) -> str:
    env = {**os.environ, "DATABASE_URL": database_url, "SECRET_KEY": "settings-test-only"}
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import dogtag.settings as s; print(s.DATABASES['default'].get('OPTIONS', {}))",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_postgresql_connections_turn_off_the_jit():
    # given a PostgreSQL URL, when the settings load, then each connection runs with jit=off
    # (issue 14: at state size the due list's queries spent 3 s compiling, more than running)
    assert options_with("postgres://u@db.example/dogtag") == "{'options': '-c jit=off'}"


def test_an_options_setting_in_the_url_wins_over_the_jit_default():
    url = "postgres://u@db.example/dogtag?options=-c%20jit%3Don"
    assert options_with(url) == "{'options': '-c jit=on'}"


def test_the_jit_is_off_on_the_connection_itself(db):
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("SQLite has no JIT; CI's PostgreSQL pass runs this")
    with connection.cursor() as cursor:
        cursor.execute("SHOW jit")
        assert cursor.fetchone() == ("off",)
