"""A PostgreSQL database of a test's own, for tests that start real processes against it."""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import Iterator

import pytest

POSTGRES = "postgres://postgres@127.0.0.1:5432"


@contextlib.contextmanager
def scratch_database(prefix: str) -> Iterator[str]:
    """The URL of a new, empty database named ``<prefix>_<random>``, dropped afterwards.
    PostgreSQL must be reachable in CI (a failure there); elsewhere the test is skipped."""
    psycopg = pytest.importorskip("psycopg")
    try:
        admin = psycopg.connect(f"{POSTGRES}/postgres", autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as exc:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL is not reachable in CI: {exc}")
        pytest.skip(f"PostgreSQL is not reachable here: {exc}")
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"{POSTGRES}/{name}"
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()
