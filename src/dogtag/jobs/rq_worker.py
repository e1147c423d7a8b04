"""The RQ worker of ``dogtag worker`` with ``DOGTAG_TASKS=rq``: a killed worker's task is run again
(issue 14 item 4), as the database backend's lease does (jobs/lease.py).

RQ already notices a dead worker: each running job's entry in the queue's StartedJobRegistry
expires unless the worker keeps renewing it, and a worker's maintenance hands an expired job to
``retry`` if it has retries left, else to the failed registry. Two things stand in the way, and
this class changes only them: django-tasks-rq enqueues with no retries (and retries on an ordinary
exception are not wanted: a task that raises has failed, as on the database backend), and RQ's
renewals and maintenance run on a scale of minutes to ten minutes. So: before the maintenance, a
job abandoned by its worker (still STARTED, its entry expired) is given one retry, at most
``DOGTAG_TASK_MAX_ATTEMPTS`` runs in all; and the renewal, the entry's life and the maintenance
follow ``DOGTAG_WORKER_LEASE_SECONDS``.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from rq.job import JobStatus
from rq.registry import StartedJobRegistry
from rq.worker import Worker

#: Where a job counts its runs cut short by a dead worker.
ABANDONED_RUNS = "dogtag_abandoned_runs"


def retry_abandoned(queue: Any) -> list[str]:
    """Give each job of ``queue`` whose worker died mid-run one retry, within the attempts allowed."""
    registry = StartedJobRegistry(queue=queue)
    retried = []
    for job_id in registry.get_expired_job_ids():
        job = queue.fetch_job(job_id)
        if job is None or job.get_status(refresh=False) != JobStatus.STARTED:
            continue
        runs = int(job.meta.get(ABANDONED_RUNS, 0)) + 1
        job.meta[ABANDONED_RUNS] = runs
        if runs < settings.DOGTAG_TASK_MAX_ATTEMPTS and not job.retries_left:
            job.retries_left = 1
            job.retry_intervals = [0]
            retried.append(job.id)
        job.save()
    return retried


class LeasedWorker(Worker):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        lease = settings.DOGTAG_WORKER_LEASE_SECONDS
        self.job_monitoring_interval = max(1, lease // 3)
        self.maintenance_interval = lease
        # An idle worker waits on the queue at most worker_ttl - 15 s before its maintenance.
        self.worker_ttl = min(self.worker_ttl, lease + 15)

    def get_heartbeat_ttl(self, job: Any, working_time: float = 0.0) -> int:
        """A running job's entry lives one lease past the next renewal, not a minute or more."""
        lease = settings.DOGTAG_WORKER_LEASE_SECONDS
        return min(
            super().get_heartbeat_ttl(job, working_time), self.job_monitoring_interval + lease
        )

    def clean_registries(self) -> None:
        for queue in self.queues:
            retry_abandoned(queue)
        super().clean_registries()
