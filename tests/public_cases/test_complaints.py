"""Complaints from residents (issue 12 item 4): the public form goes through the desk's service,
lands in the officer's intake queue as received with the complainant private, and the complainant
follows its status (and only its status) by a signed link and by e-mail."""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import json
import re
from email.message import Message
from zoneinfo import ZoneInfo

import numpy as np
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from dogtag.complaints import services as complaints
from dogtag.complaints.models import Complaint, ComplaintFinding, Evidence
from dogtag.evidence import audio, synthetic
from dogtag.law import nuisance
from dogtag.outbox import tasks
from dogtag.outbox.models import OutboxMessage
from dogtag.public_cases import services
from dogtag.public_cases.models import ResidentComplaint
from dogtag.records.models import Decision
from dogtag.records.services import city_params
from dogtag.residents.models import Throttle
from tests.complaints.background import analysed, no_samples_decoded
from tests.residents.conftest import sign_in

ON = dt.date(2026, 11, 29)
TRACK = re.compile(r"https?://\S+/residents/complaints/track/[^/\s]+/")


def form(**changes):
    data = {
        "kind": "at_large",
        "occurred_on": "2026-11-28",
        "occurred_time": "07:30",
        "address": "Viking Blvd NW at Nowthen Blvd",
        "narrative": "A black dog ran loose along the road for an hour.",
        "complainant_name": "Robin Vance",
        "complainant_phone": "763-555-0177",
        "complainant_address": "7001 Viking Blvd NW",
        "complainant_email": "robin@example.org",
        "website": "",
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def wav(name="yard.wav"):
    samples = synthetic.recording([5 + 25 * i for i in range(13)], seconds=310)
    return SimpleUploadedFile(name, synthetic.as_file(samples), content_type="audio/wav")


def counts():
    return (
        Complaint.objects.count(),
        Evidence.objects.count(),
        ComplaintFinding.objects.count(),
        ResidentComplaint.objects.count(),
        OutboxMessage.objects.count(),
        Decision.objects.count(),
    )


def staff(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def delivered(smtp) -> list[Message]:
    tasks.send_due_messages.call()
    return smtp.received


def body(message: Message) -> str:
    part = message.get_body(("plain",)) if hasattr(message, "get_body") else message
    payload = (part or message).get_payload(decode=True)
    if payload is None:  # multipart
        payload = message.get_payload()[0].get_payload(decode=True)
    return payload.decode()


# ----------------------------------------------------------------------------------- intake


def test_a_complaint_lands_in_the_officers_queue_received_with_the_complainant_private(
    db, officer, clerk, smtp
):
    # given a neighbour who is not signed in
    client = Client()
    # when they send the form
    response = client.post("/residents/complaints/new/", form())
    # then it was taken by the desk's service: number, kind, received, the site as the actor
    complaint = Complaint.objects.get()
    assert response.status_code == 302
    assert response["Location"] == services.tracking_url(complaint)
    assert (complaint.number, complaint.kind, complaint.status) == (
        "C2026-0001",
        "at_large",
        "received",
    )
    assert complaint.received_by.username == "residents-site"
    assert not complaint.received_by.is_active
    assert not complaint.received_by.has_usable_password()
    assert (complaint.complainant_name, complaint.complainant_phone) == (
        "Robin Vance",
        "+17635550177",
    )
    assert complaint.complainant_email == "robin@example.org"
    link = ResidentComplaint.objects.get()
    assert (link.complaint, link.account) == (complaint, None)
    # and it is in the officer's intake queue as received
    queue = staff(officer).get("/complaints/", {"status": "received"}).content.decode()
    assert re.findall(r'data-number="([^"]+)"', queue) == ["C2026-0001"]
    # and a clerk (no need to know) sees neither the name nor the e-mail address on its page
    page = staff(clerk).get(f"/complaints/{complaint.number}/").content.decode()
    for private in ("Robin Vance", "robin@example.org", "555-0177", "7001 Viking"):
        assert private not in page
    # and the complainant got the receipt with the tracking link, from the SMTP server
    [mail] = delivered(smtp)
    assert mail["To"] == "robin@example.org"
    assert mail["Subject"] == "Complaint C2026-0001 received"
    text = body(mail)
    assert TRACK.search(text).group(0).endswith(services.tracking_url(complaint))
    assert "13.44" in text


@pytest.mark.django_db(transaction=True)
def test_a_recording_is_analysed_in_the_background_and_the_complaint_stays_received(
    media, smtp, monkeypatch
):
    # given a barking complaint with a recording of thirteen barks over five minutes
    data = form(
        kind="barking",
        recording_started_on="2026-11-28",
        recording_started_time="22:00",
        narrative="The dog next door barks every night.",
    )
    data["recording"] = wav()
    sent = data["recording"].read()
    data["recording"].seek(0)
    # when it is sent, no sample of it is decoded inside the request
    with no_samples_decoded(monkeypatch):
        response = Client().post("/residents/complaints/new/", data)
    # then the complaint and the recording were kept, with its SHA-256, and its analysis queued
    assert response.status_code == 302
    complaint = Complaint.objects.get()
    evidence = Evidence.objects.get()
    assert (evidence.kind, evidence.complaint, evidence.original_name) == (
        "recording",
        complaint,
        "yard.wav",
    )
    assert evidence.sha256 == hashlib.sha256(sent).hexdigest()
    assert (evidence.analysis, evidence.job.status) == ("analysing", "queued")
    assert (evidence.detection, evidence.noise_times) == (None, [])
    assert not ComplaintFinding.objects.exists()
    # when the worker runs the job
    evidence = analysed(evidence)
    # then the barks the detector found are stored, timed from the recording's start
    assert (evidence.analysis, evidence.job.status) == ("done", "done")
    assert len(evidence.noise_times) == 13
    # and 3-2-7.A was applied by the site's account, exactly as the rule finds on these barks
    # on the day the complaint came in
    finding = ComplaintFinding.objects.get()
    assert (finding.rule, finding.found_on) == ("nuisance.barking", ON)
    assert finding.decision.actor == complaint.received_by
    started = dt.datetime(2026, 11, 28, 22, 0, tzinfo=ZoneInfo("America/Chicago"))
    onsets = audio.detect_file(io.BytesIO(sent)).onsets
    expected = nuisance.barking(
        [started + dt.timedelta(seconds=s) for s in onsets], ON, city_params()
    )
    assert finding.decision.findings[0] == json.loads(json.dumps(expected.to_json()))
    # a finding from a recording names no one: whom the duty falls on is for the officer (issue 26)
    assert [(f["rule"], f["outcome"]) for f in finding.decision.findings[1:]] == [
        ("complaint.finding", "duty_not_named")
    ]
    # and the status is still received: nobody has investigated yet
    complaint.refresh_from_db()
    assert complaint.status == "received"


def test_a_recording_sampled_above_the_limit_is_refused_at_its_field_and_nothing_is_written(
    db, media, monkeypatch
):
    # given a barking complaint with one second of mono FLAC sampled at 655,350 Hz (thirty
    # minutes of it, 4.5 MB, took 67.8 s of CPU inside this request)
    data = form(kind="barking", recording_started_on="2026-11-28", recording_started_time="22:00")
    flac = synthetic.as_file(np.zeros(655_350), rate=655_350, format="FLAC")
    data["recording"] = SimpleUploadedFile("yard.flac", flac, content_type="audio/flac")
    before = counts()
    # when it is sent, nothing of it is decoded
    with no_samples_decoded(monkeypatch):
        response = Client().post("/residents/complaints/new/", data)
    # then the form says why at the recording's field, and nothing was written
    assert response.status_code == 400
    assert response.context["form"].errors["recording"] == [
        "The recording cannot be used: the recording is sampled at 655,350 Hz; the limit is "
        "48,000 Hz"
    ]
    assert counts() == before
    assert not media.exists() or not [p for p in media.rglob("*") if p.is_file()]


def test_a_noise_log_in_the_staff_format_is_read(db, media, smtp):
    data = form(kind="barking", log_date="2026-11-28")
    times = "\n".join(f"22:{m:02d}:00" for m in range(0, 20, 2))
    data["noise_log"] = SimpleUploadedFile("log.csv", f"time\n{times}\n".encode(), "text/csv")
    assert Client().post("/residents/complaints/new/", data).status_code == 302
    evidence = Evidence.objects.get()
    assert (evidence.kind, len(evidence.noise_times)) == ("log", 10)
    assert Complaint.objects.get().status == "received"


@pytest.mark.parametrize(
    "change, field, message",
    [
        ({"kind": ""}, "kind", "This field is required."),
        ({"address": ""}, "address", "This field is required."),
        ({"narrative": "  "}, "narrative", "This field is required."),
        ({"occurred_on": "2026-11-30"}, "occurred_time", "This is in the future."),
        ({"complainant_phone": "12"}, "complainant_phone", "This is not a phone number."),
        ({"complainant_email": "robin@"}, "complainant_email", "Enter a valid email address."),
        (
            {"kind": "damage", "recording": "wav"},
            "recording",
            "A recording or noise log goes with a barking complaint.",
        ),
        (
            {"kind": "barking", "recording": "wav"},
            "recording_started_on",
            "Say when the recording started.",
        ),
    ],
)
def test_a_refused_form_changes_nothing(db, media, change, field, message):
    # given the form with one thing wrong
    data = form(**change)
    if data.get("recording") == "wav":
        data["recording"] = wav()
    before = counts()
    # when it is sent
    response = Client().post("/residents/complaints/new/", data)
    # then it is shown again with the problem and nothing was written
    assert response.status_code == 400
    assert response.context["form"].errors[field] == [message]
    assert counts() == before


def test_a_recording_that_cannot_be_used_refuses_the_whole_complaint(db, media):
    data = form(kind="barking", recording_started_on="2026-11-28", recording_started_time="22:00")
    data["recording"] = SimpleUploadedFile("yard.wav", b"RIFF not a wave", "audio/wav")
    before = counts()
    response = Client().post("/residents/complaints/new/", data)
    assert response.status_code == 400
    [error] = response.context["form"].errors["recording"]
    assert error.startswith("The recording cannot be used: not a WAV or FLAC recording")
    assert counts() == before
    assert not list(media.rglob("*.wav")) if media.exists() else True


def test_the_honeypot_answers_as_if_sent_and_stores_nothing(db):
    before = counts()
    response = Client().post("/residents/complaints/new/", form(website="http://spam.example"))
    assert response.status_code == 200
    assert "Complaint received" in response.content.decode()
    assert counts() == before


def test_complaints_from_one_address_are_rate_limited(db):
    client = Client()
    for _ in range(5):
        assert client.post("/residents/complaints/new/", form()).status_code == 302
    before = counts()
    response = client.post("/residents/complaints/new/", form())
    assert response.status_code == 429
    assert counts() == before
    assert Throttle.objects.get(key__startswith="complaint:ip:").count == 5


def test_a_signed_in_resident_s_complaint_is_linked_to_the_account(db, pat):
    client = Client()
    sign_in(client, "pat@example.org")
    page = client.get("/residents/complaints/new/").content.decode()
    assert 'value="pat@example.org"' in page
    client.post("/residents/complaints/new/", form(complainant_email="pat@example.org"))
    link = ResidentComplaint.objects.get()
    assert link.account.email == "pat@example.org"
    # the complaint is still received by the site's account, not the resident's
    assert link.complaint.received_by.username == "residents-site"
    mine = client.get("/residents/complaints/mine/").content.decode()
    assert services.tracking_url(link.complaint) in mine
    assert "Received" in mine


# --------------------------------------------------------------------------------- tracking


def test_the_tracking_page_shows_the_status_only_and_each_change_is_mailed(db, officer, smtp, pat):
    # given a complaint sent online about Pat's dog, and the officer's work on it
    Client().post("/residents/complaints/new/", form(kind="damage"))
    complaint = Complaint.objects.get()
    owner, dog, _license = pat
    complaint.dogs.set([dog])
    complaint.owner = owner
    complaint.save()
    track = services.tracking_url(complaint)
    client = Client()

    def status():
        page = client.get(track).content.decode()
        assert "Pat Gustafson" not in page and "Biscuit" not in page
        return re.search(r'id="complaint-status"><strong>([^<]+)</strong>', page).group(1), page

    assert status()[0] == "Received"
    # when the officer is assigned: still received for the complainant, and no e-mail
    complaints.assign(complaint, officer=officer, on=ON, actor=officer)
    assert status()[0] == "Received"
    # when the officer follows up (a staff note): under investigation, the note not shown
    complaints.add_follow_up(
        complaint, on=ON, note="Spoke with the owner at the gate, secret note", actor=officer
    )
    state, page = status()
    assert state == "Under investigation"
    assert "secret note" not in page
    # when the damage is found and the complaint closed with a warning
    # (a warning is addressed to whom the duty falls on: the keeper named, issue 26)
    complaints.record_damage(
        complaint,
        damaged_owner_own=False,
        in_defense_of="none",
        on=ON,
        actor=officer,
        named=complaints.Named(duty="keeper", person="Pat Gustafson"),
    )
    complaints.close(
        complaint, outcome="warning", decided_on=ON, note="Owner warned, private", actor=officer
    )
    state, page = status()
    assert state == "Closed"
    assert "The dog’s owner was given a warning." in page
    assert "Owner warned, private" not in page
    # then the complainant got three e-mails: received, under investigation, closed
    mails = delivered(smtp)
    assert [m["Subject"] for m in mails] == [
        "Complaint C2026-0001 received",
        "Complaint C2026-0001: under investigation",
        "Complaint C2026-0001: closed",
    ]
    assert "Outcome: The dog’s owner was given a warning." in body(mails[2])
    for mail in mails:
        assert "secret note" not in body(mail) and "Pat Gustafson" not in body(mail)


def test_an_altered_tracking_link_answers_404(db):
    Client().post("/residents/complaints/new/", form())
    complaint = Complaint.objects.get()
    token = services.tracking_token(complaint)
    assert Client().get(f"/residents/complaints/track/{token}/").status_code == 200
    for bad in (token[:-1] + ("A" if token[-1] != "A" else "B"), "C2026-0001", "C2026-0001:x"):
        assert Client().get(f"/residents/complaints/track/{bad}/").status_code == 404


def test_a_staff_complaint_is_not_tracked_and_mails_nobody(db, clerk, officer):
    complaint = complaints.receive_complaint(
        kind="at_large",
        occurred_at=dt.datetime(2026, 11, 28, 7, tzinfo=dt.UTC),
        narrative="Loose dog.",
        address="Viking Blvd",
        actor=clerk,
    )
    complaints.assign(complaint, officer=officer, on=ON, actor=clerk)
    complaints.add_follow_up(complaint, on=ON, note="Looked.", actor=officer)
    assert OutboxMessage.objects.count() == 0
    token = services.tracking_token(complaint)
    assert Client().get(f"/residents/complaints/track/{token}/").status_code == 404


def test_the_form_and_tracking_in_spanish(db):
    client = Client(headers={"accept-language": "es"})
    page = client.get("/residents/complaints/new/").content.decode()
    assert "Presentar una queja sobre un perro" in page
    response = client.post("/residents/complaints/new/", form(address=""))
    assert "Este campo es obligatorio." in response.content.decode()
    client.post("/residents/complaints/new/", form())
    complaint = Complaint.objects.get()
    page = client.get(services.tracking_url(complaint)).content.decode()
    assert "Recibida" in page
    assert OutboxMessage.objects.get().subject == "Queja C2026-0001 recibida"
