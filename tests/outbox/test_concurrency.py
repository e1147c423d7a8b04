"""Two workers sweeping the same outbox at the same moment, as separate processes against one
real database (a SQLite file, then PostgreSQL): every message reaches the SMTP server exactly
once, and each is marked sent by the one worker that sent it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests import migrated
from tests.scratch_postgres import scratch_database

from .conftest import SmtpServer, free_port

WORKER = Path(__file__).with_name("concurrency_worker.py")
MESSAGES = 40


def run(env: dict[str, str], *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(WORKER), *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(process: subprocess.Popen[str]) -> dict:
    out, err = process.communicate(timeout=180)
    assert process.returncode == 0, err
    return json.loads(out.strip().splitlines()[-1])


def check(env: dict[str, str]) -> None:
    server = SmtpServer(free_port())
    server.start()
    try:
        env = env | {"DOGTAG_EMAIL_URL": f"smtp://127.0.0.1:{server.port}"}
        migrated.migrate(env)
        messages = finish(run(env, "setup", str(MESSAGES)))["messages"]
        # when two workers sweep the outbox at the same moment
        start_at = str(time.time() + 2.0)
        results = [finish(p) for p in [run(env, "send", start_at), run(env, "send", start_at)]]
        # then each message was sent by exactly one of them, and arrived exactly once
        sent = [pk for r in results for pk in r["sent"]]
        assert sorted(sent) == sorted(messages)
        subjects = sorted(m["Subject"] for m in server.received)
        assert subjects == sorted(f"Notice {n}" for n in range(MESSAGES))
    finally:
        server.stop()


def base_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DOGTAG_VAR_DIR")}
    return env | {"DJANGO_SETTINGS_MODULE": "dogtag.settings", "DOGTAG_VAR_DIR": str(tmp_path)}


@pytest.mark.concurrency
@pytest.mark.database_independent  # its processes run on databases it makes
def test_two_workers_never_send_twice_on_sqlite(tmp_path):
    check(base_env(tmp_path))


@pytest.mark.concurrency
@pytest.mark.database_independent  # its processes run on databases it makes
def test_two_workers_never_send_twice_on_postgresql(tmp_path):
    with scratch_database("dogtag_outbox") as url:
        check(base_env(tmp_path) | {"DATABASE_URL": url})
