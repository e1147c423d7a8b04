"""``dogtag worker``: runs the background tasks, and the periodic sweeps on their schedule.

The tasks run through Django's Tasks API: with the database backend (the default) this is
django-tasks-db's worker; with ``DOGTAG_TASKS=rq`` it is an RQ worker on ``DOGTAG_REDIS_URL``
(several may run, on several machines: a pool). Beside it a small scheduler enqueues each task of
``DOGTAG_PERIODIC_TASKS`` every so many seconds; each is idempotent (the outbox key), so several
workers each enqueueing them send nothing twice."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.db import close_old_connections
from django.utils.crypto import get_random_string
from django.utils.module_loading import import_string

from dogtag.jobs.lease import Lease, release

logger = logging.getLogger(__name__)


def periodic_tasks() -> list[tuple[Any, int]]:
    return [(import_string(path), int(every)) for path, every in settings.DOGTAG_PERIODIC_TASKS]


def enqueue_periodic(tasks: Sequence[tuple[Any, int]], last: dict[str, float], now: float) -> int:
    """Enqueue each periodic task whose time has come; returns how many were enqueued."""
    enqueued = 0
    for task, every in tasks:
        if now - last.get(task.module_path, float("-inf")) >= every:
            try:
                task.enqueue()
            except Exception:  # the backend is down: try again at the next tick
                logger.exception("could not enqueue %s", task.module_path)
                continue
            last[task.module_path] = now
            enqueued += 1
    return enqueued


class Scheduler(threading.Thread):
    def __init__(self, tick: float = 5.0) -> None:
        super().__init__(name="dogtag-scheduler", daemon=True)
        self.tick = tick
        self.tasks = periodic_tasks()
        self.last: dict[str, float] = {}
        self.stopped = threading.Event()

    def run(self) -> None:
        while not self.stopped.is_set():
            enqueue_periodic(self.tasks, self.last, time.monotonic())
            close_old_connections()
            self.stopped.wait(self.tick)


def run(*, once: bool = False, interval: float = 1.0) -> None:
    """Run the worker until stopped; with ``once``, enqueue the periodic tasks, run every task
    ready now and return (for cron, or a test)."""
    if once:
        enqueue_periodic(periodic_tasks(), {}, time.monotonic())
    else:
        Scheduler().start()
    if settings.DOGTAG_TASKS == "rq":
        options: dict[str, Any] = {
            "job_class": "django_tasks_rq.backend.Job",
            "worker_class": "dogtag.jobs.rq_worker.LeasedWorker",
            "burst": once,
        }
        call_command("rqworker", "default", with_scheduler=True, **options)
        return
    # A lease, renewed while this worker lives, so that its task is run again if it is killed.
    lease = Lease(get_random_string(32))
    lease.tick()
    lease.start()
    try:
        call_command(
            "db_worker",
            queue_name="*",
            interval=interval,
            batch=once,
            reload=False,
            startup_delay=False,
            worker_id=lease.worker_id,
            verbosity=0 if once else 1,
        )
    finally:
        lease.stopped.set()
        release(lease.worker_id)
