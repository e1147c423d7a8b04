"""A recording is analysed in the background (issue 25 item 2.5): the upload keeps the file, its
SHA-256 and the evidence and starts a job; the complaint page shows the recording as analysing,
with the job's progress polled by htmx, until the job stores the barks and the 3-2-7.A finding;
a recording that turns out undecodable part-way is shown as failed, nothing of its analysis kept.
The worker runs for real (``dogtag worker --once``, in this process)."""

from __future__ import annotations

import datetime as dt

import numpy as np
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from dogtag.complaints import services, tasks
from dogtag.complaints.models import Complaint, ComplaintFinding, Evidence
from dogtag.evidence import synthetic
from dogtag.jobs.models import Job
from dogtag.jobs.services import running
from dogtag.records.models import Decision

from .background import analysed, run_worker
from .conftest import CHICAGO

pytestmark = pytest.mark.django_db(transaction=True)

NIGHT = dt.datetime(2026, 11, 20, 22, 0, tzinfo=CHICAGO)
ON = dt.date(2026, 11, 29)
HX = {"HTTP_HX_REQUEST": "true"}


def receive(clerk):
    return services.receive_complaint(
        kind="barking",
        occurred_at=NIGHT,
        narrative="Barking from the kennel run for most of an hour.",
        address="7120 Viking Blvd NW",
        actor=clerk,
    )


def as_user(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def upload(client, complaint, data: bytes, name: str):
    return client.post(
        f"/complaints/{complaint.number}/evidence/recording/",
        {
            "recording-file": SimpleUploadedFile(name, data, "audio/wav"),
            "recording-started_on": "2026-11-20",
            "recording-started_time": "22:00:00",
        },
    )


def analysis_of(client, evidence) -> str:
    url = f"/complaints/{evidence.complaint.number}/evidence/{evidence.pk}/analysis/"
    return client.get(url, **HX).content.decode()


def written():
    return (
        ComplaintFinding.objects.count(),
        Decision.objects.filter(action="complaint.barking").count(),
    )


def test_the_page_shows_the_recording_analysing_with_its_progress_until_the_job_is_done(
    clerk, officer, media
):
    # given a barking complaint, and the officer uploading five minutes of a bark every 25 s
    complaint = receive(clerk)
    client = as_user(officer)
    data = synthetic.as_file(synthetic.recording([5 + 25 * i for i in range(13)], seconds=310))
    response = upload(client, complaint, data, "yard.wav")
    # then the upload answers at once, the evidence kept and its analysis waiting for the worker
    assert response.status_code == 302
    assert response["Location"] == f"/complaints/{complaint.number}/#evidence"
    evidence = Evidence.objects.get()
    assert (evidence.analysis, evidence.job.status) == ("analysing", "queued")
    page = client.get(f"/complaints/{complaint.number}/").content.decode()
    assert (
        "Recording yard.wav kept. Its barks are being found in the background; 3-2-7.A is "
        "applied when they are." in page
    )
    assert (
        f'<p role="status" id="analysis-status-{evidence.pk}">Analysing: finding the barks '
        "(waiting to start). The 3-2-7.A finding follows when it is done.</p>" in page
    )
    poll = (
        f'hx-get="/complaints/{complaint.number}/evidence/{evidence.pk}/analysis/" '
        'hx-trigger="every 2s" hx-swap="outerHTML"'
    )
    assert poll in page
    assert 'id="barking-analysing"' in page and "No finding yet." in page
    # and the complaint cannot be closed while it is analysed
    refused = client.post(
        f"/complaints/{complaint.number}/close/",
        {"close-outcome": "unfounded", "close-decided_on": "2026-11-29", "close-note": ""},
    )
    assert refused.status_code == 200
    assert (
        "A recording of this complaint is still being analysed: close the complaint once its "
        "barks are found and its finding is stored (see Evidence)."
    ) in refused.content.decode()
    assert Complaint.objects.get().status == Complaint.Status.INVESTIGATING
    # when its task has analysed half of it (as the task reports it)
    with running(evidence.job.pk) as progress:
        progress.advance(155, 310, "2 min 35 s of 5 min 10 s analysed")
        fragment = analysis_of(client, evidence)
    # then the fragment htmx polls shows how far it is, and goes on polling
    assert fragment.strip().startswith(
        f'<div id="analysis-{evidence.pk}" class="dogtag-analysis" {poll}>'
    )
    assert "Analysing: finding the barks, 2 min 35 s of 5 min 10 s analysed." in fragment
    assert (
        f'<progress id="analysis-bar-{evidence.pk}" class="width-full" max="100" value="50">'
        in fragment
    )
    assert "<html" not in fragment
    # and the fragment's address opened as a page goes to the complaint's evidence
    plain = client.get(f"/complaints/{complaint.number}/evidence/{evidence.pk}/analysis/")
    assert plain["Location"] == f"/complaints/{complaint.number}/#evidence-{evidence.pk}"
    # when the worker runs the job
    evidence = analysed(evidence)
    # then the job ran to the end of the recording
    job = Job.objects.get(pk=evidence.job.pk)
    assert (job.status, job.done, job.total) == ("done", 310, 310)
    assert job.message == "5 min 10 s of 5 min 10 s analysed"
    # and the fragment says it is done, stops polling and sends the officer to the finding
    fragment = analysis_of(client, evidence)
    assert "hx-trigger" not in fragment
    assert (
        f'<p role="status" id="analysis-status-{evidence.pk}">Analysed: 13 barks found. '
        f'<a href="/complaints/{complaint.number}/?analysed={evidence.pk}#barking">Open the '
        "complaint again to see them "
        "and the 3-2-7.A finding</a>.</p>"
    ) in fragment
    # and the page shows the finding and the picture, and nothing analysing
    page = client.get(f"/complaints/{complaint.number}/").content.decode()
    assert "Public nuisance" in page and page.count('class="bark"') == 13
    assert "hx-trigger" not in page and 'id="barking-analysing"' not in page
    assert written() == (1, 1)


def test_a_job_run_again_changes_nothing(clerk, officer, media):
    # given a recording analysed by the worker
    complaint = receive(clerk)
    data = synthetic.as_file(synthetic.recording([5 + 25 * i for i in range(13)], seconds=310))
    upload(as_user(officer), complaint, data, "yard.wav")
    evidence = analysed(Evidence.objects.get())
    stored = (evidence.detection, evidence.noise_times, evidence.decision_id, written())
    # when its task is run once more (a worker killed after it committed runs it again)
    tasks.analyse_recording.enqueue(
        evidence.job.pk, evidence_id=evidence.pk, on=ON.isoformat(), investigate=True
    )
    evidence = analysed(evidence)
    # then nothing more is written
    assert (evidence.detection, evidence.noise_times, evidence.decision_id, written()) == stored


def undecodable_part_way() -> bytes:
    """A FLAC whose header is good and whose second half is garbage (20 KB overwritten)."""
    data = bytearray(
        synthetic.as_file(synthetic.recording([1.0, 5.0, 9.0], seconds=60), format="FLAC")
    )
    middle = len(data) // 2
    data[middle : middle + 20_000] = b"\xff" * 20_000
    return bytes(data)


def test_a_recording_undecodable_part_way_is_shown_failed_with_nothing_of_it_written(
    clerk, officer, media
):
    # given a recording whose header is good and whose middle cannot be decoded
    complaint = receive(clerk)
    client = as_user(officer)
    data = undecodable_part_way()
    # when it is uploaded, then it is kept, with its SHA-256, for the job to analyse
    assert upload(client, complaint, data, "yard.flac").status_code == 302
    evidence = Evidence.objects.get()
    assert evidence.analysis == "analysing"
    # when the worker runs the job
    evidence = analysed(evidence)
    # then the job failed, saying why
    assert evidence.job.status == "failed"
    assert evidence.job.message == (
        "The analysis failed: the recording cannot be decoded (Error : flac decoder lost sync.)."
    )
    # and the evidence says why, and holds nothing of a half analysis: no barks, no noise
    # times, no finding, no Decision; the file is kept as received
    assert (evidence.analysis, evidence.analysis_problem) == (
        "failed",
        "the recording cannot be decoded (Error : flac decoder lost sync.)",
    )
    assert (evidence.detection, evidence.noise_times, evidence.decision) == (None, [], None)
    assert written() == (0, 0)
    assert evidence.file.read() == data
    # and the page says so plainly, and polls no more
    page = client.get(f"/complaints/{complaint.number}/").content.decode()
    assert (
        '<p class="usa-alert__text">The analysis failed: the recording cannot be decoded (Error '
        ": flac decoder lost sync.). No bark was counted from this recording and no finding was "
        "made; the file is kept as it was received.</p>"
    ) in page
    assert "hx-trigger" not in page and 'id="barking-analysing"' not in page
    # and the complaint can be closed (here on the complainant's withdrawal: unfounded would
    # need a finding of no violation, which a failed analysis does not give)
    services.withdraw(complaint, on=dt.date(2026, 11, 29), note="By phone.", actor=officer)
    closed = client.post(
        f"/complaints/{complaint.number}/close/",
        {"close-outcome": "withdrawn", "close-decided_on": "2026-11-29", "close-note": ""},
    )
    assert closed.status_code == 302
    assert Complaint.objects.get().status == Complaint.Status.CLOSED


def test_a_recording_at_the_rate_limit_in_stereo_is_taken_and_analysed(clerk, officer, media):
    # given a stereo FLAC at 48 kHz, the limit: barks at 1 s and 4 s
    samples = synthetic.recording([1.0, 4.0], seconds=6, rate=48_000)
    data = synthetic.as_file(np.column_stack([samples, samples]), rate=48_000, format="FLAC")
    complaint = receive(clerk)
    # when it is uploaded and the worker runs the job
    assert upload(as_user(officer), complaint, data, "yard.flac").status_code == 302
    evidence = analysed(Evidence.objects.get())
    # then its barks are found
    assert (evidence.detection["sample_rate"], evidence.detection["channels"]) == (48_000, 2)
    assert len(evidence.noise_times) == 2
    run_worker()  # nothing left to run
    assert Job.objects.exclude(status="done").count() == 0
