"""The RQ worker of ``dogtag worker`` with ``DOGTAG_TASKS=rq``: a killed worker's task is run again
(issue 14 item 4), as the database backend's lease does (jobs/lease.py).

RQ already notices a dead worker: each running job's entry in the queue's StartedJobRegistry
expires unless the worker keeps renewing it, and a worker's maintenance hands an expired job to
``retry`` if it has retries left, else to the failed registry. Two things stand in the way, and
this class changes only them: django-tasks-rq enqueues with no retries (and retries on an ordinary
exception are not wanted: a task that raises has failed, as on the database backend), and RQ's
renewals and maintenance run on a scale of minutes to ten minutes. So: a job abandoned by its
worker is given one retry, at most ``DOGTAG_TASK_MAX_ATTEMPTS`` runs in all; and the renewal, the
entry's life and the maintenance follow ``DOGTAG_WORKER_LEASE_SECONDS``.

The retry is given by an exception handler, which RQ's cleanup calls for each abandoned job it
finds, just before it reads the job's retries: one look at the registry decides both. (A look of
our own before RQ's left a gap: a lease that ran out between the two looks was found by RQ
alone, with no retry, and the job was failed for good; a busy machine made the gap wide enough,
issue 25, ``tests/jobs/test_rq_abandoned.py``.)
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from rq.exceptions import AbandonedJobError
from rq.worker import Worker

#: Where a job counts its runs cut short by a dead worker.
ABANDONED_RUNS = "dogtag_abandoned_runs"


def retry_abandoned(job: Any, exc_type: type, exc_value: BaseException, traceback: Any) -> bool:
    """An RQ exception handler: a job abandoned by its dead worker gets one retry, within the
    attempts allowed, counted in its meta. Any other exception passes on untouched."""
    if not (isinstance(exc_type, type) and issubclass(exc_type, AbandonedJobError)):
        return True
    runs = int(job.meta.get(ABANDONED_RUNS, 0)) + 1
    job.meta[ABANDONED_RUNS] = runs
    job.save_meta()
    if runs < settings.DOGTAG_TASK_MAX_ATTEMPTS and not job.retries_left:
        job.retries_left = 1
        job.retry_intervals = [0]
    return True


class LeasedWorker(Worker):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        lease = settings.DOGTAG_WORKER_LEASE_SECONDS
        self.job_monitoring_interval = max(1, lease // 3)
        self.maintenance_interval = lease
        # An idle worker waits on the queue at most worker_ttl - 15 s before its maintenance.
        self.worker_ttl = min(self.worker_ttl, lease + 15)
        self.push_exc_handler(retry_abandoned)

    def get_heartbeat_ttl(self, job: Any, working_time: float = 0.0) -> int:
        """A running job's entry lives one lease past the next renewal, not a minute or more."""
        lease = settings.DOGTAG_WORKER_LEASE_SECONDS
        return min(
            super().get_heartbeat_ttl(job, working_time), self.job_monitoring_interval + lease
        )
