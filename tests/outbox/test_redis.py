"""The Redis backend (django-tasks-rq): with DOGTAG_TASKS=rq the messages queued are sent by
`dogtag worker`, an RQ worker, against the real Redis of this machine (its own db number)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests import migrated
from tests.scratch_redis import scratch_redis

from .conftest import SmtpServer, free_port
from .test_concurrency import base_env, finish, run


@pytest.fixture
def redis_db():
    with scratch_redis("outbox") as redis:
        yield redis


@pytest.mark.concurrency
@pytest.mark.database_independent  # its processes run on databases it makes
def test_messages_go_through_redis_and_an_rq_worker(tmp_path, redis_db):
    url, redis = redis_db
    server = SmtpServer(free_port())
    server.start()
    try:
        env = base_env(tmp_path) | {
            "DOGTAG_TASKS": "rq",
            "DOGTAG_REDIS_URL": url,
            "DOGTAG_EMAIL_URL": f"smtp://127.0.0.1:{server.port}",
        }
        command = [sys.executable, "-m", "dogtag.cli"]
        migrated.migrate(env)
        # given three messages queued: their sending tasks are in Redis, none sent yet
        finish(run(env, "setup", "3"))
        assert redis.llen("rq:queue:default") == 3
        assert server.received == []
        # when `dogtag worker --once` runs (an RQ worker in burst mode)
        worker = subprocess.run(
            [*command, "worker", "--once"], env=env, capture_output=True, text=True, timeout=120
        )
        assert worker.returncode == 0, worker.stderr
        assert "Dogtag worker (rq backend)" in worker.stdout
        # then each arrived once, and nothing is left to send
        assert sorted(m["Subject"] for m in server.received) == ["Notice 0", "Notice 1", "Notice 2"]
        assert finish(run(env, "send", "0"))["sent"] == []
    finally:
        server.stop()
