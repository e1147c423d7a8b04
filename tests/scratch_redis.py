"""A database of this machine's Redis for one test module: its own number, emptied before and
after, so that two workers of the suite (``--dist loadfile``) never empty each other's."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from typing import Any

import pytest

#: The server (``DOGTAG_TEST_REDIS``), and each module's database on it: one number per module.
SERVER = os.environ.get("DOGTAG_TEST_REDIS", "redis://127.0.0.1:6379")
DATABASES = {
    "outbox": 13,  # tests/outbox/test_redis.py
    "killed_worker": 14,  # tests/jobs/test_killed_worker.py
    "abandoned_jobs": 12,  # tests/jobs/test_rq_abandoned.py
}


@contextlib.contextmanager
def scratch_redis(name: str) -> Iterator[tuple[str, Any]]:
    """The URL of ``name``'s database and a connection to it, empty. Redis must be reachable in
    CI (a failure there); elsewhere the test is skipped."""
    redis = pytest.importorskip("redis")
    url = f"{SERVER}/{DATABASES[name]}"
    connection = redis.Redis.from_url(url)
    try:
        connection.ping()
    except redis.ConnectionError as exc:
        if os.environ.get("CI"):
            pytest.fail(f"Redis is not reachable in CI: {exc}")
        pytest.skip(f"Redis is not reachable here: {exc}")
    connection.flushdb()
    try:
        yield url, connection
    finally:
        connection.flushdb()
