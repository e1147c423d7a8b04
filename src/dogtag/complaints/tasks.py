"""The complaints' background task (Django's Tasks API): a recording's analysis, its progress on
the job (``dogtag.jobs``), which the complaint page follows while it runs."""

from __future__ import annotations

import datetime as dt
import math

from django.urls import reverse
from django_tasks import task

from dogtag.complaints import services
from dogtag.complaints.models import Evidence
from dogtag.jobs.services import Progress, running


def length(seconds: float) -> str:
    """A length of recording for the progress message: "45 s", "4 min 05 s", "2 h 00 min"."""
    whole = int(seconds)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60:02d} s"
    return f"{whole // 3600} h {whole % 3600 // 60:02d} min"


class Reporter:
    """Tells the job how much of the recording is analysed, in seconds of sound, each time the
    whole percent changes (at most about a hundred UPDATEs, however long the recording)."""

    def __init__(self, progress: Progress) -> None:
        self.progress = progress
        self.percent = -1
        self.done, self.total = 0, 0

    def __call__(self, seconds_done: float, seconds_total: float) -> None:
        percent = int(seconds_done * 100 // max(seconds_total, 1e-9))
        if percent == self.percent:
            return
        self.percent = percent
        self.done, self.total = int(seconds_done), math.ceil(seconds_total)
        self.say(f"{length(seconds_done)} of {length(seconds_total)} analysed")

    def say(self, message: str) -> None:
        self.progress.advance(self.done, self.total, message)


@task()
def analyse_recording(job_id: int, *, evidence_id: int, on: str, investigate: bool) -> None:
    """Find the barks in a kept recording and apply ``nuisance.barking`` (``services.analyse_recording``). A
    recording found unusable part-way fails the job with the reason as its message."""
    with running(job_id) as progress:
        evidence = Evidence.objects.select_related("complaint").get(pk=evidence_id)
        reporter = Reporter(progress)
        try:
            evidence = services.analyse_recording(
                evidence, on=dt.date.fromisoformat(on), investigate=investigate, progress=reporter
            )
        except services.AnalysisFailed as failed:
            reporter.say(str(failed))
            raise
        barks = len((evidence.detection or {}).get("barks", []))
        page = reverse("complaint_detail", args=[evidence.complaint.number])
        progress.finish(
            {"url": f"{page}#evidence", "label": "See the complaint's evidence", "barks": barks}
        )
