"""A task for tests only: it writes ``rows`` groups in one transaction and, half-way through, stops
at a gate (a file) until the test opens it, so that the test can kill its worker mid-write."""

from __future__ import annotations

import os
import time
from pathlib import Path

from django.contrib.auth.models import Group
from django.db import transaction
from django_tasks import task

from dogtag.jobs.services import running

PREFIX = "written by the killed task "


@task()
def write_groups(job_id: int, *, rows: int, gate: str) -> None:
    with Path(f"{gate}.attempts").open("a") as attempts:
        attempts.write("attempt\n")
    with running(job_id) as progress:
        progress.advance(0, rows, "writing")
        with transaction.atomic():
            for n in range(rows):
                Group.objects.create(name=f"{PREFIX}{n}")
                if n == rows // 2:
                    # Half written, uncommitted: the test may kill this process (RQ's work horse
                    # is not the worker's but a process group of its own) and its worker now.
                    Path(f"{gate}.midway").write_text(str(os.getpid()))
                    while not Path(f"{gate}.open").exists():
                        time.sleep(0.02)
        progress.advance(rows, rows, f"{rows} written")
        progress.finish({"label": "Groups written", "rows": rows})
