"""A recording is analysed in the background (``complaints.tasks.analyse_recording``), never
inside a request. A test that needs the analysis runs the worker for real, as
``dogtag worker --once`` does, in this process (the test's database must be committed for it:
``transaction=True``), and then reads the job's end; a test of a request checks that no sample
was decoded while the request ran."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from dogtag.complaints.models import Evidence
from dogtag.evidence import audio
from dogtag.jobs import worker
from dogtag.jobs.models import Job


def run_worker() -> None:
    """``dogtag worker --once``: every task ready now runs to its end before this returns."""
    worker.run(once=True)


def analysed(evidence: Evidence) -> Evidence:
    """The evidence after the worker ran its analysis job (which must have finished)."""
    run_worker()
    evidence.refresh_from_db()
    assert evidence.job is not None
    assert evidence.job.status in Job.FINISHED, (evidence.job.status, evidence.job.message)
    return evidence


@contextmanager
def no_samples_decoded(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Fail if any sample of a recording is decoded inside the block (a header may be read)."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("samples were decoded inside the request")

    with monkeypatch.context() as patched:
        patched.setattr(audio.soundfile.SoundFile, "blocks", refuse)
        patched.setattr(audio.soundfile.SoundFile, "read", refuse)
        yield
