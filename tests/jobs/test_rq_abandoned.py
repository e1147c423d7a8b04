"""A job whose RQ worker died is given its retry in the same pass that finds it abandoned (issue
25: ``test_a_killed_rq_worker...`` timed out once on a loaded machine).

The worker used to look for abandoned jobs itself, then let RQ's registry cleanup look again a
moment later. A job whose lease ran out between the two looks was found by RQ alone, with no
retry given, and moved to the failed jobs: never run again. On a busy machine the moment between
the two is longer, so it happened there. Here the clock is held still and moved on a second
between any two looks at the registry, as a slow machine would, on this machine's Redis.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

import pytest
import time_machine

from tests.scratch_redis import scratch_redis

START = dt.datetime(2026, 11, 29, 16, 0, tzinfo=dt.UTC)


def noop() -> None:
    """The job's function (never run here)."""


@pytest.fixture
def connection() -> Iterator[Any]:
    with scratch_redis("abandoned_jobs") as (_, connection):
        yield connection


def abandoned_job(connection: Any, queue: Any, lease_ends: float) -> Any:
    """A job a worker started and then died running: STARTED, its registry entry ending then."""
    from rq.job import JobStatus
    from rq.registry import StartedJobRegistry

    job = queue.enqueue(noop)
    queue.remove(job)  # taken off the queue, as a worker takes it
    job.set_status(JobStatus.STARTED)
    registry = StartedJobRegistry(queue=queue)
    connection.zadd(registry.key, {f"{job.id}:dead-execution": lease_ends})
    return job


@pytest.mark.parametrize(("runs_before", "expected"), [(0, "queued"), (1, "queued"), (2, "failed")])
def test_a_job_whose_lease_runs_out_between_two_looks_is_retried(
    connection: Any, settings: Any, monkeypatch: Any, runs_before: int, expected: str
) -> None:
    from rq import Queue
    from rq.registry import StartedJobRegistry

    from dogtag.jobs.rq_worker import ABANDONED_RUNS, LeasedWorker

    settings.DOGTAG_WORKER_LEASE_SECONDS = 2
    settings.DOGTAG_TASK_MAX_ATTEMPTS = 3
    with time_machine.travel(START, tick=False) as clock:
        queue = Queue("default", connection=connection)
        # given a job whose dead worker's lease ends half a second from now, and that was
        # abandoned ``runs_before`` times already
        job = abandoned_job(connection, queue, START.timestamp() + 0.5)
        job.meta[ABANDONED_RUNS] = runs_before
        job.save_meta()
        worker = LeasedWorker([queue], connection=connection)
        # and a machine so slow that a second passes between any two looks at the registry
        looked = StartedJobRegistry.get_expired_job_ids

        def slowly(self: Any, timestamp: float | None = None) -> list[str]:
            found = looked(self, timestamp)
            clock.shift(1)
            return found

        monkeypatch.setattr(StartedJobRegistry, "get_expired_job_ids", slowly)
        # when the worker's maintenance runs, and again a lease later
        worker.clean_registries()
        clock.shift(2)
        worker.clean_registries()
    # then the job is queued to run again (within the attempts allowed), not given up
    job.refresh()
    assert (job.get_status(), job.meta[ABANDONED_RUNS]) == (expected, runs_before + 1)
    assert (job.id in queue.job_ids) == (expected == "queued")
