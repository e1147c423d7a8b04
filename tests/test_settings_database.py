"""The database setting: an empty DATABASE_URL (as a service file or a shell leaves it) means the
embedded default, SQLite, not a KeyError at start-up."""

import os
import subprocess
import sys


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
