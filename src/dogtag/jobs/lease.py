"""A killed database worker's task is run again (issue 14 item 4).

django-tasks-db marks a task RUNNING when a worker claims it and never looks at it again: a worker
killed mid-task (``kill -9``, the machine lost) leaves it RUNNING for ever, and the work is lost.
So each ``dogtag worker`` holds a lease (a ``WorkerLease`` row) that a thread beside it renews
every third of ``DOGTAG_WORKER_LEASE_SECONDS``. Every worker, as it renews its own, hands a task
whose worker's lease has run out back to the queue (READY), where the next free worker claims it;
after ``DOGTAG_TASK_MAX_ATTEMPTS`` claims it is marked failed instead, so a task that kills its
worker every time is not run for ever.

What makes a second run safe is the task, not the lease: a task's writes are one transaction (a
killed worker's transaction is rolled back by the database) or idempotent by design. The lease
must be longer than any pause of a living worker's renewals: on SQLite a task's long write
transaction holds the file's lock, and the renewals wait for it (the default, five minutes, is far
longer than any of Dogtag's transactions).
"""

from __future__ import annotations

import datetime as dt
import logging
import threading

from django.conf import settings
from django.db import DatabaseError, close_old_connections, transaction
from django.utils import timezone
from django_tasks.base import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from dogtag.jobs.models import WorkerLease

logger = logging.getLogger(__name__)

#: The exception recorded on a task given up after its workers were killed too often.
ABANDONED = "dogtag.jobs.lease.Abandoned"


def renew(worker_id: str, now: dt.datetime | None = None) -> None:
    WorkerLease.objects.update_or_create(
        worker_id=worker_id, defaults={"renewed_at": now or timezone.now()}
    )


def release(worker_id: str) -> None:
    WorkerLease.objects.filter(worker_id=worker_id).delete()


def reclaim(*, now: dt.datetime | None = None, me: str = "") -> list[str]:
    """Hand back to the queue each running task whose worker's lease has run out (or that has no
    lease at all and started longer ago than a lease lasts); returns their ids."""
    now = now or timezone.now()
    expired = now - dt.timedelta(seconds=settings.DOGTAG_WORKER_LEASE_SECONDS)
    alive = set(
        WorkerLease.objects.filter(renewed_at__gte=expired).values_list("worker_id", flat=True)
    )
    reclaimed = []
    for row in DBTaskResult.objects.running().only("id", "worker_ids", "started_at"):
        holder = row.worker_ids[-1] if row.worker_ids else ""
        if holder == me or holder in alive or (row.started_at and row.started_at >= expired):
            continue
        with transaction.atomic():
            # Only if it is still the same claim: another worker may have reclaimed it already.
            claimed = DBTaskResult.objects.select_for_update().filter(
                pk=row.pk, status=TaskResultStatus.RUNNING, started_at=row.started_at
            )
            if len(row.worker_ids) >= settings.DOGTAG_TASK_MAX_ATTEMPTS:
                done = claimed.update(
                    status=TaskResultStatus.FAILED,
                    finished_at=now,
                    exception_class_path=ABANDONED,
                    traceback=f"Its worker stopped mid-task {len(row.worker_ids)} times.",
                )
            else:
                done = claimed.update(status=TaskResultStatus.READY, started_at=None)
        if done:
            logger.warning("task %s: its worker %s stopped mid-task; handed back", row.pk, holder)
            reclaimed.append(str(row.pk))
    WorkerLease.objects.filter(renewed_at__lt=expired).exclude(worker_id=me).delete()
    return reclaimed


class Lease(threading.Thread):
    """Renews ``worker_id``'s lease, and reclaims the dead's tasks, until stopped."""

    def __init__(self, worker_id: str) -> None:
        super().__init__(name="dogtag-lease", daemon=True)
        self.worker_id = worker_id
        self.every = settings.DOGTAG_WORKER_LEASE_SECONDS / 3
        self.stopped = threading.Event()

    def tick(self) -> None:
        try:
            renew(self.worker_id)
            reclaim(me=self.worker_id)
        except DatabaseError:  # SQLite busy with a task's transaction: the next tick renews
            logger.warning("could not renew the lease of worker %s", self.worker_id)
        finally:
            close_old_connections()

    def run(self) -> None:
        # The worker ticks once itself before it starts this thread (``worker.run``); the first
        # renewal here is a period later. Renewing at once raced the worker's first transaction:
        # on the tests' shared in-memory SQLite database that is "database table is locked".
        while not self.stopped.wait(self.every):
            self.tick()
