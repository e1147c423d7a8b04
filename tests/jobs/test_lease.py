"""Which running tasks a worker hands back to the queue (jobs/lease.py): those whose worker's
lease has run out, within the attempts allowed; never a living worker's, never its own."""

from __future__ import annotations

import datetime as dt

import pytest
from django_tasks.base import TaskResultStatus
from django_tasks_db.models import DBTaskResult, get_date_max

from dogtag.jobs.lease import ABANDONED, reclaim, renew

NOW = dt.datetime(2026, 12, 4, 9, 0, tzinfo=dt.UTC)
LEASE = 300
ALIVE = NOW - dt.timedelta(seconds=LEASE - 1)
DEAD = NOW - dt.timedelta(seconds=LEASE + 1)


@pytest.mark.parametrize(
    ("renewed", "started", "workers", "me", "status"),
    [
        # its worker renewed its lease within a lease's time: alive, left alone
        (ALIVE, DEAD, ["w1"], "w2", TaskResultStatus.RUNNING),
        # its worker's lease ran out: handed back to the queue
        (DEAD, DEAD, ["w1"], "w2", TaskResultStatus.READY),
        # no lease at all (the worker died before its first renewal), started a lease ago
        (None, DEAD, ["w1"], "w2", TaskResultStatus.READY),
        # no lease, but claimed just now: its worker may not have renewed yet
        (None, ALIVE, ["w1"], "w2", TaskResultStatus.RUNNING),
        # the third worker to die on it: given up, not run a fourth time
        (DEAD, DEAD, ["w1", "w2", "w3"], "w4", TaskResultStatus.FAILED),
        # the second: run once more
        (DEAD, DEAD, ["w1", "w2"], "w3", TaskResultStatus.READY),
        # a worker never reclaims its own task, whatever its lease row says
        (DEAD, DEAD, ["w1"], "w1", TaskResultStatus.RUNNING),
    ],
)
def test_reclaim(db, settings, renewed, started, workers, me, status):
    settings.DOGTAG_WORKER_LEASE_SECONDS = LEASE
    settings.DOGTAG_TASK_MAX_ATTEMPTS = 3
    # given a task running on the last of ``workers``, whose lease was renewed at ``renewed``
    task = DBTaskResult.objects.create(
        status=TaskResultStatus.RUNNING,
        args_kwargs={"args": [], "kwargs": {}},
        task_path="dogtag.documents.tasks.send_renewal_reminders",
        backend_name="default",
        run_after=get_date_max(),
        worker_ids=workers,
        started_at=started,
    )
    if renewed is not None:
        renew(workers[-1], renewed)
    # when worker ``me`` looks for the dead's tasks
    handed_back = reclaim(now=NOW, me=me)
    # then the task is as expected, and said to be handed back only if it left RUNNING
    task.refresh_from_db()
    assert task.status == status
    assert handed_back == ([] if status == TaskResultStatus.RUNNING else [str(task.pk)])
    assert task.exception_class_path == (ABANDONED if status == TaskResultStatus.FAILED else "")
    assert task.worker_ids == workers  # the next claim adds the next worker


def test_the_lease_thread_first_renews_a_period_after_it_starts(monkeypatch):
    # given a lease whose worker has just renewed it itself (worker.run ticks, then starts it)
    from dogtag.jobs import lease as lease_module

    ticks: list[str] = []
    monkeypatch.setattr(lease_module.Lease, "tick", lambda self: ticks.append(self.worker_id))
    thread = lease_module.Lease("w-1")
    thread.every = 0.3
    # when the thread starts and is stopped before its period is out
    thread.start()
    thread.stopped.wait(0.1)
    early = list(ticks)
    # then it renewed nothing yet (renewing at once raced the worker's first transaction), and
    # renews once the period has passed
    thread.stopped.wait(0.4)
    thread.stopped.set()
    thread.join(2)
    assert early == [] and ticks[:1] == ["w-1"]
