"""A separate process for the killed-worker test, run as ``python -m tests.jobs.kill_helper``:
``start ROWS GATE`` starts a job of tests.jobs.tasks.write_groups (enqueued when it commits);
``state JOB_ID`` prints the job and what the task wrote. Prints JSON."""

from __future__ import annotations

import json
import sys

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.contrib.auth.models import Group  # noqa: E402
from django.db import transaction  # noqa: E402

from dogtag.jobs.models import Job  # noqa: E402
from dogtag.jobs.services import start_job  # noqa: E402
from tests.jobs.tasks import PREFIX, write_groups  # noqa: E402


def start(rows: int, gate: str) -> dict[str, object]:
    with transaction.atomic():
        clerk = get_user_model().objects.create_user("clerk", password="unused-password-1")
        job = start_job(
            task=write_groups,
            title="Write groups",
            actor=clerk,
            arguments={"rows": rows, "gate": gate},
        )
    return {"job": job.pk}


def state(job_id: int) -> dict[str, object]:
    job = Job.objects.get(pk=job_id)
    return {
        "status": job.status,
        "percent": job.percent,
        "result": job.result,
        "groups": Group.objects.filter(name__startswith=PREFIX).count(),
        "tasks": _db_tasks(),
    }


def _db_tasks() -> list[dict[str, object]]:
    """The database backend's record of each run: its status and the workers that claimed it."""
    if settings.DOGTAG_TASKS != "db":
        return []
    from django_tasks_db.models import DBTaskResult

    rows = DBTaskResult.objects.filter(task_path=write_groups.module_path)
    return [{"status": r.status, "workers": len(r.worker_ids)} for r in rows]


if __name__ == "__main__":
    command, *args = sys.argv[1:]
    if command == "start":
        print(json.dumps(start(int(args[0]), args[1])))
    else:
        print(json.dumps(state(int(args[0]))))
