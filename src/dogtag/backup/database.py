"""The database half of a backup: a consistent snapshot with its row counts and applied
migrations, and loading a snapshot into an empty database.

SQLite is copied with sqlite3's online backup API (``Connection.backup``), which is safe while
the site runs. PostgreSQL is dumped with ``pg_dump --format=custom`` inside a repeatable-read
snapshot that the row counts are taken from too, so the counts describe exactly what was dumped.
Both sides connect on their own (not through Django's connection) with the settings' parameters.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg

from dogtag.backup.archive import BackupError

ENGINES = {"django.db.backends.sqlite3": "sqlite", "django.db.backends.postgresql": "postgresql"}
# Tables that `migrate` itself fills (and the roles it ensures): rows here do not make a database
# "not empty", since a freshly migrated database has them.
BOOKKEEPING = frozenset(
    {
        "django_migrations",
        "django_content_type",
        "auth_permission",
        "auth_group",
        "auth_group_permissions",
        "sqlite_sequence",
        # Written by migrate in a city with no dog yet: its due-list clocks are all stored
        # (licensing.due_clocks.mark_built_if_empty). Not a record.
        "licensing_dueclockstate",
    }
)


class DatabaseError(BackupError):
    """The database cannot be backed up or restored; the message says why."""


@dataclass(frozen=True)
class Snapshot:
    tables: dict[str, int]
    migrations: list[str]
    details: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Database:
    engine: str  # "sqlite" or "postgresql"
    settings: Mapping[str, Any]

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any]) -> Database:
        engine = ENGINES.get(settings["ENGINE"])
        if engine is None:
            raise DatabaseError(f"Dogtag cannot back up a {settings['ENGINE']} database")
        return cls(engine, settings)

    def describe(self) -> str:
        if self.engine == "sqlite":
            return f"SQLite database {self.settings['NAME']}"
        host = self.settings.get("HOST") or "localhost"
        port = self.settings.get("PORT") or 5432
        return f"PostgreSQL database {self.settings['NAME']} on {host}:{port}"

    # -- both engines ---------------------------------------------------------------------------
    # The databases' own errors (a file that is not a database, a refused query) become messages.

    def snapshot(self, dest: Path) -> Snapshot:
        """Write a consistent copy of the database to ``dest``."""
        with _database_errors(self):
            return self._snapshot(dest)

    def row_counts(self) -> dict[str, int]:
        """Rows per table now ({} for a database that does not exist yet)."""
        with _database_errors(self):
            return self._row_counts()

    def applied_migrations(self) -> list[str]:
        with _database_errors(self):
            return self._applied_migrations()

    def load(self, dump: Path, manifest_database: Mapping[str, Any]) -> None:
        """Replace this (empty) database's contents by the snapshot ``dump``."""
        with _database_errors(self):
            self._load(dump, manifest_database)

    def _snapshot(self, dest: Path) -> Snapshot:
        if self.engine == "sqlite":
            return self._sqlite_snapshot(dest)
        return self._pg_snapshot(dest)

    def _row_counts(self) -> dict[str, int]:
        if self.engine == "sqlite":
            path = Path(self.settings["NAME"])
            if not path.exists():
                return {}
            with _closing(sqlite3.connect(path)) as conn:
                return _sqlite_counts(conn)
        with self._pg_connect() as conn:
            return _pg_counts(conn)

    def data_rows(self) -> dict[str, int]:
        """Tables holding records (not migrate's bookkeeping) that have rows."""
        return {t: n for t, n in self.row_counts().items() if n and t not in BOOKKEEPING}

    def _applied_migrations(self) -> list[str]:
        if self.engine == "sqlite":
            path = Path(self.settings["NAME"])
            if not path.exists():
                return []
            with _closing(sqlite3.connect(path)) as conn:
                return _migrations(conn.cursor(), "sqlite_master", "name")
        with self._pg_connect() as conn:
            return _migrations(conn.cursor(), None, None)

    def _load(self, dump: Path, manifest_database: Mapping[str, Any]) -> None:
        if self.engine == "sqlite":
            target = Path(self.settings["NAME"])
            target.parent.mkdir(parents=True, exist_ok=True)
            with (
                _closing(sqlite3.connect(f"{dump.resolve().as_uri()}?mode=ro", uri=True)) as src,
                _closing(sqlite3.connect(target)) as dst,
            ):
                src.backup(dst)
                dst.execute("PRAGMA journal_mode=WAL")
            return
        self._pg_restore(dump, manifest_database)

    # -- SQLite ---------------------------------------------------------------------------------

    def _sqlite_snapshot(self, dest: Path) -> Snapshot:
        path = Path(self.settings["NAME"])
        if not path.exists():
            raise DatabaseError(f"the SQLite database {path} does not exist")
        # mode=rw: never create an empty database where the live one was expected.
        with (
            _closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=rw", uri=True)) as src,
            _closing(sqlite3.connect(dest)) as dst,
        ):
            src.backup(dst)
            # One self-contained file, not a WAL database that needs its -wal and -shm beside it.
            dst.execute("PRAGMA journal_mode=DELETE")
            return Snapshot(
                tables=_sqlite_counts(dst),
                migrations=_migrations(dst.cursor(), "sqlite_master", "name"),
                details={"sqlite_version": sqlite3.sqlite_version},
            )

    # -- PostgreSQL -----------------------------------------------------------------------------

    def _pg_params(self) -> dict[str, Any]:
        s = self.settings
        params: dict[str, Any] = {"dbname": s["NAME"]}
        for key, name in (("HOST", "host"), ("PORT", "port"), ("USER", "user")):
            if s.get(key):
                params[name] = str(s[key])
        for key, value in (s.get("OPTIONS") or {}).items():
            if isinstance(value, str | int) and re.fullmatch(r"[a-z_]+", key):
                params[key] = str(value)  # libpq parameters such as sslmode
        return params

    def _pg_connect(self) -> Any:
        try:
            return psycopg.connect(
                **self._pg_params(), password=self.settings.get("PASSWORD") or None
            )
        except psycopg.OperationalError as exc:
            raise DatabaseError(f"cannot connect to the {self.describe()}: {exc}") from None

    def _pg_tool(self, name: str) -> tuple[str, int, str]:
        """The path, major version and version line of pg_dump or pg_restore."""
        path = shutil.which(name)
        if path is None:
            raise DatabaseError(
                f"{name} is not installed (Debian: apt-get install postgresql-client)"
            )
        line = subprocess.run(
            [path, "--version"], capture_output=True, text=True, check=True
        ).stdout.strip()
        match = re.search(r"\)\s+(\d+)", line)
        if match is None:
            raise DatabaseError(f"cannot read the version of {name}: {line!r}")
        return path, int(match.group(1)), line

    def _pg_env(self) -> dict[str, str]:
        # The password goes by the environment, never on a command line others can read.
        env = dict(os.environ)
        if self.settings.get("PASSWORD"):
            env["PGPASSWORD"] = str(self.settings["PASSWORD"])
        return env

    def _pg_conninfo(self) -> str:
        from psycopg.conninfo import make_conninfo

        return make_conninfo(**self._pg_params())

    def _pg_snapshot(self, dest: Path) -> Snapshot:
        pg_dump, tool_major, tool_line = self._pg_tool("pg_dump")
        with self._pg_connect() as conn:
            server_major = conn.info.server_version // 10000
            if tool_major < server_major:
                raise DatabaseError(
                    f"pg_dump is version {tool_major} but the server is version {server_major}: "
                    f"install the PostgreSQL {server_major} client tools"
                )
            conn.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
            conn.read_only = True
            with conn.transaction():
                snapshot_id = conn.execute("SELECT pg_export_snapshot()").fetchone()[0]
                tables = _pg_counts(conn)
                migrations = _migrations(conn.cursor(), None, None)
                done = subprocess.run(
                    [
                        pg_dump,
                        "--format=custom",
                        f"--snapshot={snapshot_id}",
                        f"--file={dest}",
                        f"--dbname={self._pg_conninfo()}",
                    ],
                    capture_output=True,
                    text=True,
                    env=self._pg_env(),
                )
            if done.returncode != 0:
                raise DatabaseError(f"pg_dump failed: {done.stderr.strip()[-2000:]}")
            return Snapshot(
                tables=tables,
                migrations=migrations,
                details={
                    "server_version": conn.info.server_version,
                    "pg_dump": tool_line,
                    "pg_dump_major": tool_major,
                },
            )

    def _pg_restore(self, dump: Path, manifest_database: Mapping[str, Any]) -> None:
        pg_restore, tool_major, _ = self._pg_tool("pg_restore")
        dumped_by = manifest_database.get("pg_dump_major")
        if isinstance(dumped_by, int) and tool_major < dumped_by:
            raise DatabaseError(
                f"the archive was written by pg_dump {dumped_by}; pg_restore here is version "
                f"{tool_major}: install the PostgreSQL {dumped_by} client tools"
            )
        # One transaction: a failure part way leaves the target as it was. --clean drops the
        # empty tables a `migrate` may have created, so the dump's schema replaces them.
        done = subprocess.run(
            [
                pg_restore,
                "--no-owner",
                "--no-privileges",
                "--single-transaction",
                "--exit-on-error",
                "--clean",
                "--if-exists",
                f"--dbname={self._pg_conninfo()}",
                str(dump),
            ],
            capture_output=True,
            text=True,
            env=self._pg_env(),
        )
        if done.returncode != 0:
            raise DatabaseError(f"pg_restore failed: {done.stderr.strip()[-2000:]}")


@contextmanager
def _database_errors(database: Database) -> Iterator[None]:
    try:
        yield
    except (sqlite3.Error, psycopg.Error) as exc:
        raise DatabaseError(f"the {database.describe()} cannot be used: {exc}") from None


class _closing:
    """sqlite3's context manager commits but does not close; this one closes."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __enter__(self) -> sqlite3.Connection:
        return self.conn

    def __exit__(self, *exc: object) -> None:
        self.conn.close()


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _sqlite_counts(conn: sqlite3.Connection) -> dict[str, int]:
    """Rows per table of records. A virtual table and its shadow tables (the FTS5 search index,
    ``licensing.search_index``) are an index of the records, not records: left out."""
    tables = conn.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "ORDER BY name"
    ).fetchall()
    virtual = [n for n, sql in tables if (sql or "").upper().startswith("CREATE VIRTUAL TABLE")]
    names = [n for n, _ in tables if not any(n == v or n.startswith(f"{v}_") for v in virtual)]
    return {n: conn.execute(f"SELECT count(*) FROM {_quote(n)}").fetchone()[0] for n in names}


def _pg_counts(conn: Any) -> dict[str, int]:
    names = [
        r[0]
        for r in conn.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename"
        )
    ]
    return {n: conn.execute(f"SELECT count(*) FROM {_quote(n)}").fetchone()[0] for n in names}


def _migrations(cursor: Any, catalog: str | None, column: str | None) -> list[str]:
    if catalog is not None:
        cursor.execute(f"SELECT 1 FROM {catalog} WHERE {column} = 'django_migrations'")
    else:
        cursor.execute(
            "SELECT 1 FROM pg_tables "
            "WHERE schemaname = current_schema() AND tablename = 'django_migrations'"
        )
    if cursor.fetchone() is None:
        return []
    cursor.execute("SELECT app, name FROM django_migrations ORDER BY app, name")
    return [f"{app}.{name}" for app, name in cursor.fetchall()]
