"""Several clerks issuing licenses at once, as separate processes against one real database.

License and receipt numbers come from a locked yearly sequence and tags from locked stock, with
unique constraints behind them: under concurrency every number is unique, the numbers have no
gaps, every license has its receipt and its own tag, and a dog licensed by two clerks at once gets
one license (the other clerk is refused). Run against a SQLite file and a fresh PostgreSQL database.
"""

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

WORKER = Path(__file__).with_name("concurrency_worker.py")
PROCESSES = 4
DOGS_PER_PROCESS = 8


def run(env: dict[str, str], *args: str, timeout: float = 120) -> subprocess.Popen[str]:
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


def prepare(env: dict[str, str]) -> list[int]:
    migrated.migrate(env)
    return finish(run(env, "setup", str(PROCESSES * DOGS_PER_PROCESS)))["dogs"]


def race(env: dict[str, str], batches: list[list[int]]) -> list[dict]:
    start_at = time.time() + 2.0  # every process starts issuing at the same moment
    processes = [run(env, "issue", str(start_at), *map(str, batch)) for batch in batches]
    return [finish(p) for p in processes]


def check(env: dict[str, str], dogs: list[int]) -> None:
    # when four processes each license eight different dogs at the same moment
    results = race(env, [dogs[i::PROCESSES] for i in range(PROCESSES)])
    issued = [row for r in results for row in r["issued"]]
    # then every dog got exactly one license, and nothing was refused
    assert [r["refused"] for r in results] == [[] for _ in results]
    assert sorted(row["dog"] for row in issued) == sorted(dogs)
    # license numbers, tags and receipts are unique and without gaps
    licenses = sorted(row["license"] for row in issued)
    year = licenses[0].split("-")[0]
    assert licenses == [f"{year}-{n:05d}" for n in range(1, len(dogs) + 1)]
    assert sorted(row["tag"] for row in issued) == [f"C-{n:05d}" for n in range(1, len(dogs) + 1)]
    receipts = sorted(row["receipt"] for row in issued)
    assert receipts == [f"R{year}-{n:06d}" for n in range(1, len(dogs) + 1)]
    # and a dog two clerks license at the same moment gets one license; the other is refused
    first = dogs[:PROCESSES]
    again = race(env, [first for _ in range(PROCESSES)])
    assert sum(len(r["issued"]) for r in again) == 0  # they already hold licenses in force
    assert all(len(r["refused"]) == PROCESSES for r in again)
    assert all("already has license" in e["error"] for r in again for e in r["refused"])


def base_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DOGTAG_VAR_DIR")}
    env["DJANGO_SETTINGS_MODULE"] = "dogtag.settings"
    return env


@pytest.mark.concurrency
@pytest.mark.database_independent  # its processes run on databases it makes
def test_concurrent_clerks_on_sqlite(tmp_path):
    env = base_env() | {"DOGTAG_VAR_DIR": str(tmp_path)}
    check(env, prepare(env))


@pytest.mark.concurrency
@pytest.mark.database_independent  # its processes run on databases it makes
def test_concurrent_clerks_on_postgresql(tmp_path):
    with scratch_database("dogtag_concurrency") as url:
        env = base_env() | {"DOGTAG_VAR_DIR": str(tmp_path), "DATABASE_URL": url}
        check(env, prepare(env))
