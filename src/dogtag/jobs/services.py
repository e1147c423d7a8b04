"""Starting a job, and a running task's reports of its progress."""

from __future__ import annotations

import traceback
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django_tasks.base import Task

from dogtag.jobs.models import Job
from dogtag.records.refusals import service

MESSAGE_LENGTH = 200


@service
def start_job(
    *, task: Task[..., Any], title: str, actor: AbstractBaseUser, arguments: Mapping[str, Any]
) -> Job:
    """Store the job and enqueue ``task(job_id, **arguments)`` once this transaction commits."""
    job = Job.objects.create(title=title[:200], task=task.module_path[:200], created_by=actor)
    job_id, kwargs = job.pk, dict(arguments)
    transaction.on_commit(lambda: task.enqueue(job_id, **kwargs))
    return job


class Progress:
    """What a running task tells its job's page. Each report is one UPDATE, committed at once."""

    def __init__(self, job_id: int) -> None:
        self.job_id = job_id
        self.result: dict[str, Any] = {}

    def advance(self, done: int, total: int | None = None, message: str = "") -> None:
        Job.objects.filter(pk=self.job_id).update(
            done=max(done, 0), total=total, message=message[:MESSAGE_LENGTH]
        )

    def finish(self, result: Mapping[str, Any]) -> None:
        self.result = dict(result)


@contextmanager
def running(job_id: int) -> Iterator[Progress]:
    """Mark the job running; done with the result when the block ends, failed (with the error,
    shown on its page) if it raises."""
    Job.objects.filter(pk=job_id).update(status=Job.Status.RUNNING, started_at=timezone.now())
    progress = Progress(job_id)
    try:
        yield progress
    except Exception:
        Job.objects.filter(pk=job_id).update(
            status=Job.Status.FAILED,
            finished_at=timezone.now(),
            error=traceback.format_exc(limit=3)[-2000:],
        )
        raise
    Job.objects.filter(pk=job_id).update(
        status=Job.Status.DONE, finished_at=timezone.now(), result=progress.result
    )
