"""A database at the current schema, for the tests whose processes need one and do not test
migrating: a copy of one migrated once per test process.

Migrating an empty database through every app's migrations takes some 25 seconds (Django renders
the models' states again at each operation), and some thirty tests start their processes on a
database of their own. They copy the schema instead; the tests of migrating itself (`dogtag
setup` on an empty installation, the data migrations' own tests) still migrate for real.

SQLite: the template is a file in a temporary folder of the process, copied with SQLite's own
backup (whole, whatever its journal). PostgreSQL: a template database ``dogtag_schema_<pid>``,
which ``CREATE DATABASE ... TEMPLATE`` copies; dropped when the process ends (``.ci/run`` also drops
any an interrupted run left).
"""

from __future__ import annotations

import atexit
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

POSTGRES = "postgres://postgres@127.0.0.1:5432"
TEMPLATE_PREFIX = "dogtag_schema_"

_sqlite_template: Path | None = None
_postgres_template: str | None = None


def _migrate(env: dict[str, str], url: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "dogtag.cli", "manage", "migrate", "-v0"],
        env=env | {"DATABASE_URL": url, "SECRET_KEY": env.get("SECRET_KEY") or "m" * 50},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def _database_url(env: dict[str, str]) -> str:
    """The database ``env`` names, as ``dogtag.settings`` reads it (an empty URL: the default)."""
    url = env.get("DATABASE_URL", "").strip()
    if url:
        return url
    return f"sqlite:///{Path(env['DOGTAG_VAR_DIR']) / 'dogtag.sqlite3'}"


def _sqlite(env: dict[str, str], path: Path) -> None:
    global _sqlite_template
    if _sqlite_template is None:
        folder = Path(tempfile.mkdtemp(prefix="dogtag-schema-"))
        atexit.register(shutil.rmtree, folder, True)
        template = folder / "schema.sqlite3"
        _migrate(env, f"sqlite:///{template}")
        _sqlite_template = template
    path.parent.mkdir(parents=True, exist_ok=True)
    source, target = sqlite3.connect(_sqlite_template), sqlite3.connect(path)
    try:
        source.backup(target)
    finally:
        source.close()
        target.close()


def _postgres(env: dict[str, str], url: str) -> None:
    import psycopg

    global _postgres_template
    name = url.rsplit("/", 1)[1].split("?", 1)[0]
    with psycopg.connect(f"{POSTGRES}/postgres", autocommit=True) as admin:
        if _postgres_template is None:
            template = f"{TEMPLATE_PREFIX}{os.getpid()}"
            admin.execute(f'DROP DATABASE IF EXISTS "{template}" WITH (FORCE)')
            admin.execute(f'CREATE DATABASE "{template}"')
            atexit.register(_drop, template)
            _migrate(env, f"{POSTGRES}/{template}")
            _postgres_template = template
        # the test's own database, empty as made: made again as a copy of the template
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}" TEMPLATE "{_postgres_template}"')


def _drop(name: str) -> None:
    import psycopg

    try:
        with psycopg.connect(f"{POSTGRES}/postgres", autocommit=True, connect_timeout=3) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    except psycopg.OperationalError:
        pass  # PostgreSQL already gone: nothing to drop


def migrate(env: dict[str, str]) -> None:
    """Bring the empty database ``env`` names (``DATABASE_URL``, or the SQLite file in
    ``DOGTAG_VAR_DIR``) to the current schema, as `dogtag manage migrate` would."""
    url = _database_url(env)
    if url.startswith("sqlite:///"):
        _sqlite(env, Path(url.removeprefix("sqlite:///").split("?", 1)[0]))
    elif url.startswith(POSTGRES + "/"):
        _postgres(env, url)
    else:
        _migrate(env, url)
