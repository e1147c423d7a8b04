"""Bounded evidence (issue 10 item 4): a file over the size limit is refused as it streams in, a
recording from its header, a log at its row limit, a photo that is a decompression bomb; files are
read before the write transaction opens, and a failed upload leaves no file behind."""

from __future__ import annotations

import datetime as dt
import io

import numpy as np
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from dogtag.complaints import services
from dogtag.complaints.models import Complaint, ComplaintFinding, Evidence
from dogtag.evidence import audio, synthetic
from dogtag.records.errors import ServiceError
from dogtag.records.models import Decision
from tests.images import jpeg, png_bomb

from .background import no_samples_decoded
from .conftest import CHICAGO

NIGHT = dt.datetime(2026, 11, 20, 22, 0, tzinfo=CHICAGO)
ON = dt.date(2026, 11, 29)
MB = 1024 * 1024


def receive(clerk, kind="barking"):
    return services.receive_complaint(
        kind=kind,
        occurred_at=NIGHT,
        narrative="Barking from the kennel run for most of an hour.",
        address="7120 Viking Blvd NW",
        complainant_name="Lee Anders",
        complainant_phone="763-555-0199",
        actor=clerk,
    )


def counts():
    return (
        Evidence.objects.count(),
        ComplaintFinding.objects.count(),
        Decision.objects.filter(outcome="done").count(),
        Complaint.objects.filter(status="investigating").count(),
    )


def files_in(media):
    return sorted(p.name for p in media.rglob("*") if p.is_file()) if media.exists() else []


def as_user(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def summary(response) -> str:
    return response.content.decode()


# -------------------------------------------------------------------------- size, streaming


@pytest.mark.parametrize(
    "size, message",
    [
        # over the limit by a little: counted as it streams, refused at the limit
        (int(1.5 * MB), "The file is 1.5 MB; the limit is 1 MB."),
        # a body longer than the limit plus the form text Django allows: refused from its
        # Content-Length, no byte kept
        (4 * MB, "The file is 4 MB; the limit is 1 MB."),
    ],
)
def test_a_file_over_the_size_limit_is_refused_with_its_size_and_nothing_written(
    clerk, officer, media, settings, size, message
):
    # given a limit of 1 MB
    settings.DOGTAG_MAX_UPLOAD_MB = 1
    complaint = receive(clerk, kind="damage")
    before = counts()
    # when the officer uploads a larger document
    big = SimpleUploadedFile("report.pdf", b"%PDF" + bytes(size - 4), "application/pdf")
    response = as_user(officer).post(
        f"/complaints/{complaint.number}/evidence/file/",
        {"file-kind": "document", "file-file": big, "file-description": "Vet's report"},
    )
    # then the form says how big it is and what the limit is, and nothing is written
    assert response.status_code == 200
    assert message in summary(response)
    assert counts() == before
    assert files_in(media) == []


def test_a_file_at_the_limit_is_kept_whole_with_its_hash(clerk, officer, media, settings):
    import hashlib

    settings.DOGTAG_MAX_UPLOAD_MB = 1
    complaint = receive(clerk, kind="damage")
    data = b"%PDF" + bytes(MB - 4)
    response = as_user(officer).post(
        f"/complaints/{complaint.number}/evidence/file/",
        {
            "file-kind": "document",
            "file-file": SimpleUploadedFile("report.pdf", data, "application/pdf"),
            "file-description": "Vet's report",
        },
    )
    assert response.status_code == 302
    evidence = Evidence.objects.get()
    assert evidence.sha256 == hashlib.sha256(data).hexdigest()
    assert evidence.file.size == MB


def test_the_upload_handler_passes_no_byte_past_the_limit(settings, rf):
    # given the bounded handler first, then a handler that records what reaches it
    from django.core.files.uploadhandler import FileUploadHandler
    from django.http.multipartparser import MultiPartParser
    from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart

    from dogtag.records.uploads import BoundedUploadHandler, RefusedUpload

    settings.DOGTAG_MAX_UPLOAD_MB = 1

    class Spy(FileUploadHandler):
        received = 0

        def receive_data_chunk(self, raw_data, start):
            Spy.received += len(raw_data)

        def file_complete(self, file_size):
            return SimpleUploadedFile(self.file_name, b"x")

    def parse(size, content_length=None):
        Spy.received = 0
        body = encode_multipart(BOUNDARY, {"f": SimpleUploadedFile("a.bin", bytes(size))})
        meta = {
            "CONTENT_TYPE": MULTIPART_CONTENT,
            "CONTENT_LENGTH": str(content_length or len(body)),
        }
        request = rf.post("/")
        handlers = [BoundedUploadHandler(request), Spy(request)]
        request.upload_handlers = handlers
        return MultiPartParser(meta, io.BytesIO(body), handlers).parse()[1]["f"]

    # when a 3 MB file streams in (its body within limit + form room: counted chunk by chunk)
    refused = parse(3 * MB, content_length=MB)
    # then what the handlers after it received stops at the limit
    assert isinstance(refused, RefusedUpload)
    assert refused.size == 3 * MB
    assert refused.refusal == "The file is 3 MB; the limit is 1 MB."
    assert Spy.received <= MB
    # and when the Content-Length already says it is too long, they receive nothing at all
    assert isinstance(parse(4 * MB), RefusedUpload)
    assert Spy.received == 0
    # while a file within the limit reaches them whole
    assert not isinstance(parse(MB // 2), RefusedUpload)
    assert Spy.received == MB // 2


# ------------------------------------------------------------------------------- recordings


def test_a_recording_over_the_length_limit_is_refused_and_writes_nothing(
    clerk, officer, media, settings
):
    # given a limit of 0.001 hours (3.6 s) and a 5-second recording
    settings.DOGTAG_MAX_RECORDING_HOURS = 0.001
    complaint = receive(clerk)
    before = counts()
    data = synthetic.as_file(synthetic.recording([1.0], seconds=5))
    with pytest.raises(
        ServiceError,
        match=r"^The recording cannot be used: the recording is 0 h 00 min long; the limit is",
    ):
        services.add_recording(
            complaint,
            upload=io.BytesIO(data),
            filename="yard.wav",
            started_at=NIGHT,
            on=ON,
            actor=officer,
        )
    assert counts() == before
    assert files_in(media) == []


@pytest.mark.parametrize(
    "rate, limit, message",
    [
        # FLAC's fastest rate: 30 minutes of it, 4.5 MB, took 67.8 s of CPU inside the request
        (655_350, None, "the recording is sampled at 655,350 Hz; the limit is 48,000 Hz"),
        (96_000, None, "the recording is sampled at 96,000 Hz; the limit is 48,000 Hz"),
        (192_000, 96_000, "the recording is sampled at 192,000 Hz; the limit is 96,000 Hz"),
    ],
)
def test_a_recording_sampled_above_the_limit_is_refused_at_its_field_and_writes_nothing(
    clerk, officer, media, settings, monkeypatch, rate, limit, message
):
    # given a city's rate limit (48 kHz unless set) and one second of a mono FLAC at ``rate``
    if limit is not None:
        settings.DOGTAG_MAX_SAMPLE_RATE_HZ = limit
    complaint = receive(clerk)
    before = counts()
    flac = SimpleUploadedFile(
        "yard.flac", synthetic.as_file(np.zeros(rate), rate=rate, format="FLAC"), "audio/flac"
    )
    # when the officer uploads it on the complaint page, nothing of it decoded
    with no_samples_decoded(monkeypatch):
        response = as_user(officer).post(
            f"/complaints/{complaint.number}/evidence/recording/",
            {
                "recording-file": flac,
                "recording-started_on": "2026-11-20",
                "recording-started_time": "22:00:00",
            },
        )
    # then the recording's field says why, and nothing is written
    assert response.status_code == 200
    form = response.context["refused_form"]
    assert form.errors == {"file": [f"The recording cannot be used: {message}"]}
    assert counts() == before
    assert files_in(media) == []


def test_a_recording_of_four_channels_is_refused(clerk, officer, media):
    complaint = receive(clerk)
    before = counts()
    data = synthetic.as_file(np.zeros((8000, 4)))
    with pytest.raises(ServiceError, match=r"the recording has 4 channels; at most 2"):
        services.add_recording(
            complaint,
            upload=io.BytesIO(data),
            filename="yard.wav",
            started_at=NIGHT,
            on=ON,
            actor=officer,
        )
    assert counts() == before


# ------------------------------------------------------------------------------------- logs


def test_a_log_over_the_row_limit_is_refused_with_the_limit(clerk, officer, media, settings):
    settings.DOGTAG_MAX_LOG_ROWS = 5
    complaint = receive(clerk)
    before = counts()
    data = ("time\n" + "".join(f"22:00:{s:02d}\n" for s in range(0, 60, 10))).encode()  # 6 rows
    with pytest.raises(
        ServiceError,
        match=r"^The log cannot be used: the log has more than 5 rows; the limit is 5$",
    ):
        services.add_noise_log(
            complaint,
            upload=io.BytesIO(data),
            filename="log.csv",
            log_date=dt.date(2026, 11, 20),
            on=ON,
            actor=officer,
        )
    assert counts() == before
    assert files_in(media) == []


def test_the_default_limits():
    from django.conf import settings

    assert (
        settings.DOGTAG_MAX_UPLOAD_MB,
        settings.DOGTAG_MAX_RECORDING_HOURS,
        settings.DOGTAG_MAX_SAMPLE_RATE_HZ,
        settings.DOGTAG_MAX_LOG_ROWS,
    ) == (50, 4, 48_000, 20_000)
    assert services.recording_limits() == audio.Limits(
        max_seconds=4 * 3600, max_channels=2, max_sample_rate=48_000
    )
    assert settings.FILE_UPLOAD_HANDLERS[0] == "dogtag.records.uploads.BoundedUploadHandler"


# ----------------------------------------------------------------------------------- photos


def test_a_photo_that_is_a_decompression_bomb_is_refused(clerk, officer, media):
    # given a 20,000 x 20,000 PNG of 48 KB
    complaint = receive(clerk, kind="damage")
    before = counts()
    bomb = SimpleUploadedFile("fence.png", png_bomb(), "image/png")
    # when it is uploaded as a photo
    response = as_user(officer).post(
        f"/complaints/{complaint.number}/evidence/file/",
        {"file-kind": "photo", "file-file": bomb, "file-description": "Torn fence"},
    )
    # then it is refused with its size in pixels and Pillow's limit, and nothing is written
    assert response.status_code == 200
    assert (
        "The image is 400.0 megapixels; the limit is 89.5 megapixels. An image that large is "
        "refused: it could take gigabytes of memory to open (a decompression bomb)."
    ) in summary(response)
    assert counts() == before
    assert files_in(media) == []


def test_a_photo_just_over_pillows_limit_is_refused_too_not_only_warned(clerk, officer, media):
    # 100 megapixels is over MAX_IMAGE_PIXELS but under twice it: Pillow only warns
    complaint = receive(clerk, kind="damage")
    with pytest.raises(ServiceError, match=r"^The image is 100.0 megapixels; the limit is 89.5"):
        services.add_file(
            complaint,
            kind="photo",
            upload=io.BytesIO(png_bomb(10_000, 10_000)),
            filename="fence.png",
            description="Torn fence",
            actor=officer,
        )


def test_a_photo_that_is_not_an_image_is_refused(clerk, officer, media):
    complaint = receive(clerk, kind="damage")
    with pytest.raises(ServiceError, match=r"^The file is not a readable GIF or JPEG or MPO or"):
        services.add_file(
            complaint,
            kind="photo",
            upload=io.BytesIO(b"\xff\xd8\xff fake jpeg"),
            filename="fence.jpg",
            description="Torn fence",
            actor=officer,
        )


# ---------------------------------------------------------------- no file without its row


def test_a_failure_after_the_file_is_stored_leaves_no_file_and_no_row(
    clerk, officer, media, monkeypatch
):
    # given a step after the file is stored that fails (the decision cannot be recorded)
    complaint = receive(clerk)
    before = counts()

    def fail(*args, **kwargs):
        assert files_in(media) == ["log.csv"]  # the file was stored before the failure
        raise RuntimeError("disk full")

    monkeypatch.setattr(services, "record_decision", fail)
    data = ("time\n" + "".join(f"22:00:{s:02d}\n" for s in range(0, 60, 10))).encode()
    # when the log is uploaded
    with pytest.raises(RuntimeError, match="disk full"):
        services.add_noise_log(
            complaint,
            upload=io.BytesIO(data),
            filename="log.csv",
            log_date=dt.date(2026, 11, 20),
            on=ON,
            actor=officer,
        )
    # then no row and no file remain
    assert counts() == before
    assert files_in(media) == []


def test_a_failed_photo_upload_leaves_no_file(clerk, officer, media, monkeypatch):
    complaint = receive(clerk, kind="damage")
    before = counts()
    monkeypatch.setattr(services, "_investigating", lambda *a: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        services.add_file(
            complaint,
            kind="photo",
            upload=io.BytesIO(jpeg()),
            filename="fence.jpg",
            description="Torn fence",
            actor=officer,
        )
    assert counts() == before
    assert files_in(media) == []


def test_a_photo_is_kept(clerk, officer, media):
    complaint = receive(clerk, kind="damage")
    evidence = services.add_file(
        complaint,
        kind="photo",
        upload=io.BytesIO(jpeg()),
        filename="fence.jpg",
        description="Torn fence",
        actor=officer,
    )
    assert evidence.file.read() == jpeg()
    assert files_in(media) == ["fence.jpg"]


# ------------------------------------------------------------- the complaint page's noise list


def test_the_noise_list_is_summarised_and_paginated(clerk, officer, media):
    # given a log of 250 noises, one every 10 s from 22:00:00
    complaint = receive(clerk)
    start = dt.datetime(2026, 11, 20, 22, 0)  # noqa: DTZ001 (a clock time in the log)
    rows = [(start + dt.timedelta(seconds=10 * i)).strftime("%H:%M:%S") for i in range(250)]
    evidence = services.add_noise_log(
        complaint,
        upload=io.BytesIO(("time\n" + "\n".join(rows) + "\n").encode()),
        filename="log.csv",
        log_date=dt.date(2026, 11, 20),
        on=ON,
        actor=officer,
    )
    client = as_user(officer)
    url = f"/complaints/{complaint.number}/"
    parameter = f"noises-{evidence.pk}"

    def listed(query):
        page = client.get(url, query).content.decode()
        return page, page.split(f'id="noises-{evidence.pk}"')[1].split("</section>")[0]

    # when the page is opened, then the summary gives the count, first, last and periods
    _, section = listed({})
    assert (
        "250 noises: first 2026-11-20 22:00:00, last 2026-11-20 22:41:30; "
        "1 qualifying period." in section
    )
    # and the list shows the first 100, with a way to the next page
    assert section.count("<li>2026-11-20") == 100
    assert '<ol class="dogtag-noise-list" start="1"' in section
    assert "Page 1 of 3" in section
    assert f'href="?{parameter}=2#noises-{evidence.pk}"' in section
    # when the third page is asked for, then it lists noises 201 to 250
    _, section = listed({parameter: "3"})
    assert section.count("<li>2026-11-20") == 50
    assert '<ol class="dogtag-noise-list" start="201"' in section
    assert "<li>2026-11-20 22:41:30</li>" in section
    # and a page number that is not one answers with a page, never an error
    for nonsense in ("abc", "-1", "0", "99999999999999999999", "３"):
        response = client.get(url, {parameter: nonsense})
        assert response.status_code == 200
        assert "Page " in listed({parameter: nonsense})[1]


# ------------------------------------------------------ no lock held while a file is analysed


@pytest.mark.parametrize("kind", ["log", "recording", "photo"])
def test_the_file_is_analysed_before_any_transaction_opens(
    transactional_db, clerk, officer, media, monkeypatch, kind
):
    # given spies on the step that reads each kind of file, noting whether a transaction is open
    # (on SQLite an open write transaction holds the database's one write lock)
    from django.db import connection

    from dogtag.evidence import audio, logs
    from dogtag.records import uploads

    seen = []

    def spy(module, name):
        real = getattr(module, name)

        def watched(*args, **kwargs):
            seen.append((name, connection.in_atomic_block))
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, watched)

    spy(audio, "sha256_of")
    spy(logs, "read_log")
    spy(audio, "check")
    spy(audio, "detect_file")
    spy(uploads, "image_problem")
    complaint = receive(clerk, kind="damage" if kind == "photo" else "barking")
    # when the file is added
    if kind == "log":
        data = ("time\n" + "".join(f"22:00:{s:02d}\n" for s in range(0, 60, 10))).encode()
        services.add_noise_log(
            complaint,
            upload=io.BytesIO(data),
            filename="log.csv",
            log_date=dt.date(2026, 11, 20),
            on=ON,
            actor=officer,
        )
        expected = ["read_log", "sha256_of"]
    elif kind == "recording":
        data = synthetic.as_file(synthetic.recording([1.0], seconds=3))
        services.add_recording(
            complaint,
            upload=io.BytesIO(data),
            filename="yard.wav",
            started_at=NIGHT,
            on=ON,
            actor=officer,
        )
        # the header and the SHA-256 only: the samples are decoded by a job, in the background
        expected = ["check", "sha256_of"]
        assert "detect_file" not in [name for name, _ in seen]
    else:
        services.add_file(
            complaint,
            kind="photo",
            upload=io.BytesIO(jpeg()),
            filename="fence.jpg",
            description="Torn fence",
            actor=officer,
        )
        expected = ["image_problem", "sha256_of"]
    # then each reading step ran with no transaction open, and the evidence was stored
    assert [name for name, _ in seen if name in expected] == expected
    assert [in_transaction for name, in_transaction in seen if name in expected] == [False] * len(
        expected
    )
    assert Evidence.objects.count() == 1
