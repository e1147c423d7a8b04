"""While an evidence file is read, no write lock is held (issue 10: during a 10^6-row log upload a
concurrent owner save failed with "database is locked" after 20 s). Two processes on one SQLite
file: one uploads a log whose reading lasts until the other has registered an owner meanwhile."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests import migrated

WORKER = Path(__file__).with_name("upload_race_worker.py")


def run(env: dict[str, str], *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(WORKER), *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(process: subprocess.Popen[str]) -> dict:
    out, err = process.communicate(timeout=300)
    assert process.returncode == 0, err
    return json.loads(out.strip().splitlines()[-1])


@pytest.mark.concurrency
@pytest.mark.database_independent  # its processes run on databases it makes
def test_an_owner_is_saved_while_a_log_is_being_read(tmp_path):
    # given a SQLite file with a barking complaint
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DOGTAG_VAR_DIR")}
    env |= {
        "DJANGO_SETTINGS_MODULE": "dogtag.settings",
        "DOGTAG_VAR_DIR": str(tmp_path),
        "MEDIA_ROOT": str(tmp_path / "media"),
    }
    migrated.migrate(env)
    finish(run(env, "setup"))
    marker = tmp_path / "reading"
    # when one process uploads a log whose reading lasts until another process, which starts as
    # soon as that reading has, has registered an owner
    uploading = run(env, "upload", str(marker))
    saving = run(env, "save", str(marker))
    saved, uploaded = finish(saving), finish(uploading)
    # then the owner is saved while the log is still being read: no lock held, no waiting
    assert "error" not in saved, saved["error"]
    assert uploaded["read_started"] <= saved["started"]
    assert saved["done"] < uploaded["read_ended"]
    # and the log is stored after its reading
    assert uploaded["stored"] > uploaded["read_ended"]
