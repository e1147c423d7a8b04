"""The load test runs (issue 14): `tools/bench/load.py` builds a small city, serves it with
gunicorn worker processes and drives it with locust; every staff page it opens answers without an
error. Its timings are the load test's report, not this test's business."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

LOAD = Path(__file__).resolve().parents[2] / "tools" / "bench" / "load.py"


@pytest.mark.skipif(connection.vendor != "sqlite", reason="runs once, in the SQLite pass")
def test_staff_users_browse_the_served_site_without_an_error(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            str(LOAD),
            "--size",
            "200",
            "--users",
            "3",
            "--seconds",
            "8",
            "--out",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    report = json.loads(next(tmp_path.glob("load-sqlite-200-*.json")).read_text())
    pages = {row["page"]: row for row in report["pages"]}
    assert pages["Aggregated"]["errors"] == 0
    assert pages["Aggregated"]["requests"] > 10
    assert pages["sign in"]["requests"] >= 1
