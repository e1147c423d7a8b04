"""A worker killed mid-task (``kill -9``) leaves nothing half-written, and the task is run again
(issue 14 item 4): real ``dogtag worker`` processes against a real database (a SQLite file, then
PostgreSQL), with the database backend and with RQ on this machine's Redis."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import migrated
from tests.outbox.test_concurrency import base_env
from tests.scratch_postgres import scratch_database
from tests.scratch_redis import scratch_redis
from tests.waiting import wait_for

ROWS = 40


def helper(env: dict[str, str], *args: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "tests.jobs.kill_helper", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def start_worker(env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    # A session of its own, so that kill -9 reaches the worker and any process it forked (RQ's).
    with log.open("ab") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "dogtag.cli", "worker"],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def stop(worker: subprocess.Popen[bytes], sig: int = signal.SIGKILL) -> None:
    if worker.poll() is None:
        os.killpg(worker.pid, sig)
    worker.wait(timeout=60)


def running_task(gate: Path) -> int:
    """The process running the task, once it is half-way (0 before)."""
    midway = Path(f"{gate}.midway")
    text = midway.read_text().strip() if midway.exists() else ""
    return int(text) if text.isdigit() else 0


def check(env: dict[str, str], tmp_path: Path) -> None:
    env = env | {"DOGTAG_WORKER_LEASE_SECONDS": "2", "DOGTAG_EMAIL_URL": "console:"}
    migrated.migrate(env)
    gate, log = tmp_path / "gate", tmp_path / "worker.log"
    job = helper(env, "start", str(ROWS), str(gate))["job"]
    # given a worker half-way through the task's writes
    first = start_worker(env, log)
    try:
        wait_for("half the writes", lambda: bool(running_task(gate)), first, log)
    finally:
        # when it is killed there: the worker, and the process running the task if another
        stop(first)
        if pid := running_task(gate):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
    # then nothing it wrote is in the database, and the job is not done
    killed = helper(env, "state", str(job))
    assert (killed["groups"], killed["status"], killed["result"]) == (0, "running", {})
    # when another worker starts (and the task may run to its end)
    Path(f"{gate}.open").touch()
    second = start_worker(env, log)
    try:
        wait_for(
            "second run", lambda: helper(env, "state", str(job))["status"] == "done", second, log
        )
    finally:
        stop(second, signal.SIGTERM)
    # then the task ran again, once, to its end: every row written once, the result kept
    final = helper(env, "state", str(job))
    assert final["groups"] == ROWS
    assert (final["percent"], final["result"]) == (100, {"label": "Groups written", "rows": ROWS})
    assert Path(f"{gate}.attempts").read_text().splitlines() == ["attempt", "attempt"]
    if env.get("DOGTAG_TASKS") != "rq":
        assert final["tasks"] == [{"status": "SUCCESSFUL", "workers": 2}]


@pytest.fixture
def postgres_env(tmp_path: Path) -> Iterator[dict[str, str]]:
    with scratch_database("dogtag_killed") as url:
        yield base_env(tmp_path) | {"DATABASE_URL": url}


@pytest.fixture
def rq_env(tmp_path: Path) -> Iterator[dict[str, str]]:
    """RQ on this machine's Redis, its own database (``tests.scratch_redis``)."""
    with scratch_redis("killed_worker") as (url, _):
        yield {"DOGTAG_TASKS": "rq", "DOGTAG_REDIS_URL": url}


@pytest.mark.concurrency
@pytest.mark.database_independent  # its processes run on databases it makes
def test_a_killed_database_worker_leaves_nothing_half_written_on_sqlite(tmp_path):
    check(base_env(tmp_path), tmp_path)


@pytest.mark.concurrency
@pytest.mark.database_independent  # its processes run on databases it makes
def test_a_killed_database_worker_leaves_nothing_half_written_on_postgresql(tmp_path, postgres_env):
    check(postgres_env, tmp_path)


@pytest.mark.concurrency
@pytest.mark.database_independent  # its processes run on databases it makes
def test_a_killed_rq_worker_leaves_nothing_half_written_on_sqlite(tmp_path, rq_env):
    check(base_env(tmp_path) | rq_env, tmp_path)


@pytest.mark.concurrency
@pytest.mark.database_independent  # its processes run on databases it makes
def test_a_killed_rq_worker_leaves_nothing_half_written_on_postgresql(
    tmp_path, postgres_env, rq_env
):
    check(postgres_env | rq_env, tmp_path)
