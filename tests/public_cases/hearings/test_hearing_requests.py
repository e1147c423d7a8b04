"""Hearing requests in writing, online (issue 12 item 5; City Code 3-2-9.A.1.c): the case number
and the code printed on the notice; recorded through the paper request's service with its date
and time; a late request kept and flagged; a wrong number or code refused with nothing written."""

from __future__ import annotations

import datetime as dt
import io
import re
from importlib import import_module

import pytest
from django.apps import apps
from django.test import Client
from django.utils.formats import date_format
from pypdf import PdfReader

from dogtag.dangerous_dogs import codes, deadlines, documents, services
from dogtag.dangerous_dogs.models import CaseEvent, DangerousDogCase, FlaggedHearingRequest, Hearing
from dogtag.licensing import services as desk
from dogtag.outbox import tasks
from dogtag.outbox.models import OutboxMessage
from dogtag.public_cases import hearing
from dogtag.records.models import Decision
from dogtag.records.services import city_params
from dogtag.residents.models import Throttle
from tests.dangerous_dogs.conftest import D, designate

NOW = dt.datetime(2026, 11, 29, 16, 0, tzinfo=dt.UTC)  # 10:00 in Nowthen


def pdf_text(content: bytes) -> str:
    reader = PdfReader(io.BytesIO(content))
    return re.sub(r"\s+", " ", " ".join(p.extract_text() for p in reader.pages))


def served_case(officer, dog, *, served_on: dt.date) -> DangerousDogCase:
    case = designate(officer, dog, on=served_on - dt.timedelta(days=1))
    case = services.issue_notice(case=case, on=served_on - dt.timedelta(days=1), actor=officer)
    return services.record_service(
        case=case, served_on=served_on, method="personal", served_person="Pat", actor=officer
    )


def second_dog(clerk, owner):
    return desk.register_dog(
        owner=owner,
        actor=clerk,
        name="Juno",
        breed="Mixed",
        color="Brown",
        sex="female",
        born=D(2022, 1, 5),
    )


def post(client, case, **changes):
    data = {
        "case_number": case.number,
        "code": codes.printed(case.hearing_request_code).lower(),
        "requested_by": "Pat Gustafson",
        "phone": "763-555-0142",
        "email": "pat@example.org",
        "represented_by": "",
        "reasons": "Rex was provoked.",
        "understood": "on",
        "website": "",
    }
    data.update(changes)
    return client.post("/residents/hearing-request/", data)


def counts():
    return (
        Hearing.objects.count(),
        FlaggedHearingRequest.objects.count(),
        CaseEvent.objects.count(),
        Decision.objects.count(),
        OutboxMessage.objects.count(),
        DangerousDogCase.objects.filter(state="served").count(),
    )


def clocks(case):
    case.refresh_from_db()
    return [(d.key, d.due, d.done_on) for d in deadlines.case_deadlines(case, city_params())]


# ------------------------------------------------------------------------------- the code


def test_the_notice_issued_carries_an_unguessable_code_with_the_page_s_address(officer, dog):
    # given a case whose notice is issued
    case = served_case(officer, dog, served_on=D(2026, 11, 20))
    # then it has a code of twelve characters from the alphabet without look-alikes
    assert len(case.hearing_request_code) == 12
    assert set(case.hearing_request_code) <= set(codes.ALPHABET)
    # and the notice prints it, grouped, with the web address, on the notice and on its form
    text = pdf_text(documents.notice_pdf(case))
    printed = codes.printed(case.hearing_request_code)
    assert text.count(printed) == 2
    assert text.count("http://127.0.0.1:8000/residents/hearing-request/") == 2
    assert f"type the case number {case.number} and this code: {printed}" in text


def test_a_case_without_a_code_gets_one_from_the_migration(officer, dog):
    case = designate(officer, dog)
    DangerousDogCase.objects.filter(pk=case.pk).update(hearing_request_code="")
    migration = import_module("dogtag.dangerous_dogs.migrations.0003_hearing_request_code")
    migration.give_each_case_a_code(apps, None)
    case.refresh_from_db()
    assert len(case.hearing_request_code) == 12
    assert set(case.hearing_request_code) <= set(codes.ALPHABET)


@pytest.mark.parametrize(
    "typed, matches",
    [
        ("ABCD-EFGH-JKMN", True),
        ("abcd efgh jkmn", True),
        ("ABCDEFGHJKMN", True),
        ("ABCD-EFGH-JKMP", False),
        ("", False),
        ("ABCD-EFGH-JKM", False),
    ],
)
def test_a_code_is_typed_in_any_case_with_or_without_dashes(typed, matches):
    assert codes.matches("ABCDEFGHJKMN", typed) is matches
    assert codes.matches("", "") is False


# ------------------------------------------------------------------------------ in time


def test_an_online_request_moves_the_case_exactly_as_a_paper_request(
    officer, clerk, owner, dog, smtp
):
    # given two cases served the same day: Rex's (online) and Juno's (on paper)
    online = served_case(officer, dog, served_on=D(2026, 11, 20))
    paper = served_case(officer, second_dog(clerk, owner), served_on=D(2026, 11, 20))
    # when Rex's owner requests the hearing online, and Juno's request arrives on paper today
    response = post(Client(), online)
    services.receive_hearing_request(
        case=paper,
        received_on=D(2026, 11, 29),
        requested_by="Pat Gustafson",
        in_writing=True,
        actor=officer,
    )
    # then both cases stand the same: state, clocks and deadlines, the events recorded
    online.refresh_from_db()
    paper.refresh_from_db()
    assert online.state == paper.state == "hearing_requested"
    assert clocks(online) == clocks(paper)
    assert [e.kind for e in online.events.all()] == [e.kind for e in paper.events.all()]
    online_event = online.events.get(kind="hearing_requested")
    paper_event = paper.events.get(kind="hearing_requested")
    assert online_event.details == paper_event.details
    assert online_event.on == paper_event.on == D(2026, 11, 29)
    # and the online request carries its time of receipt and who received it
    request = online.hearings.get()
    assert (request.request_received_at, request.request_online) == (NOW, True)
    assert request.requested_on == D(2026, 11, 29)
    assert request.received_by.username == "residents-site"
    assert "Phone: 763-555-0142" in request.request_note
    assert "Rex was provoked." in request.request_note
    # and the owner is shown the confirmation
    assert response.status_code == 302
    page = Client().get(response["Location"]).content.decode()
    window_due = deadlines.request_window(D(2026, 11, 20), city_params()).deadline.due
    hearing_due = deadlines.hearing_limit(D(2026, 11, 29), city_params()).deadline.due
    assert "Your request is recorded" in page
    assert date_format(hearing_due, "DATE_FORMAT") in page
    assert 'id="window-due">' + date_format(window_due, "DATE_FORMAT") in page
    # and the confirmation PDF: case, dog, received at, the window's end, what next, citations
    pdf_url = re.search(r'href="([^"]+confirmation\.pdf)"', page).group(1)
    text = pdf_text(Client().get(pdf_url).content)
    for expected in (
        online.number,
        "Rex, German shepherd",
        "November 29, 2026",
        "10:00",
        window_due.strftime("%B %-d, %Y"),
        hearing_due.strftime("%B %-d, %Y"),
        "3-2-9.A.1.c",
        "3-2-9.A.2.a",
    ):
        assert expected in text
    # and the same confirmation reached the owner's mailbox, with the PDF
    tasks.send_due_messages.call()
    [mail] = smtp.received
    assert mail["To"] == "pat@example.org"
    assert mail["Subject"] == f"Hearing request received: case {online.number}"
    [attachment] = [p for p in mail.walk() if p.get_content_type() == "application/pdf"]
    assert online.number in pdf_text(attachment.get_payload(decode=True))
    # and the officer's case page shows the request, online, with its time
    officer_client = Client()
    officer_client.force_login(officer)
    case_page = officer_client.get(f"/dangerous-dogs/{online.number}/").content.decode()
    assert re.search(
        r'id="hearing-requested">2026-11-29 10:00 in writing \(online\) by Pat', case_page
    )


def test_a_second_request_writes_nothing(officer, dog):
    case = served_case(officer, dog, served_on=D(2026, 11, 20))
    post(Client(), case)
    before = counts()
    response = post(Client(), case)
    assert response.status_code == 200
    assert "A hearing was already requested" in response.content.decode()
    assert counts() == before


# --------------------------------------------------------------------------------- late


def test_a_late_request_is_kept_and_flagged_never_lost(officer, dog, smtp):
    # given a notice served Wed 2026-10-28: the last day to request was Thu 2026-11-12
    case = served_case(officer, dog, served_on=D(2026, 10, 28))
    # when the owner requests the hearing online on 2026-11-29
    response = post(Client(), case)
    # then the request is kept, with the procedure's finding, and the case did not move
    flagged = FlaggedHearingRequest.objects.get()
    assert (flagged.case, flagged.received_at, flagged.outcome) == (case, NOW, "too_late")
    assert flagged.decision.findings[0]["rule"] == "dangerous_dog.hearing_request_in_time"
    case.refresh_from_db()
    assert case.state == "served"
    assert not Hearing.objects.exists()
    # and the owner is told plainly it arrived late and that the Hearing Officer decides
    page = Client().get(response["Location"]).content.decode()
    assert "Your request arrived late" in page
    assert "after the last day to request a hearing (Nov. 12, 2026" in page
    assert "the Hearing Officer decides whether it can still be heard" in page
    # and the officer's case page flags it
    officer_client = Client()
    officer_client.force_login(officer)
    case_page = officer_client.get(f"/dangerous-dogs/{case.number}/").content.decode()
    assert "Request for a hearing received 2026-11-29 10:00 (online): flagged" in case_page
    assert "Too late" in case_page
    # and the confirmation e-mail says so too
    tasks.send_due_messages.call()
    [mail] = smtp.received
    [text] = [p for p in mail.walk() if p.get_content_type() == "text/plain"]
    body = text.get_payload(decode=True).decode()
    assert "arrived after the last day to request a hearing" in body


# ------------------------------------------------------------------------------ refusals


@pytest.mark.parametrize(
    "change",
    [
        {"case_number": "DD2026-999"},
        {"code": "ABCD-EFGH-JKMN"},
        {"case_number": "DD2026-999", "code": "ABCD-EFGH-JKMN"},
    ],
)
def test_a_wrong_case_or_code_is_refused_and_nothing_is_written(officer, dog, change):
    case = served_case(officer, dog, served_on=D(2026, 11, 20))
    before = counts()
    response = post(Client(), case, **change)
    assert response.status_code == 400
    assert "do not match a Notice of Dangerous Dog" in response.content.decode()
    assert counts() == before


@pytest.mark.parametrize(
    "change, field",
    [
        ({"requested_by": ""}, "requested_by"),
        ({"understood": ""}, "understood"),
        ({"email": "pat@"}, "email"),
    ],
)
def test_an_incomplete_request_is_refused_and_nothing_is_written(officer, dog, change, field):
    case = served_case(officer, dog, served_on=D(2026, 11, 20))
    before = counts()
    response = post(Client(), case, **change)
    assert response.status_code == 400
    assert field in response.context["form"].errors
    assert counts() == before


def test_guessing_codes_is_rate_limited(officer, dog):
    case = served_case(officer, dog, served_on=D(2026, 11, 20))
    client = Client()
    for i in range(10):
        assert post(client, case, code=f"ABCD-EFGH-JK{i:02d}").status_code == 400
    before = counts()
    # the right code no longer gets through from this address within the hour
    assert post(client, case).status_code == 429
    assert counts() == before
    assert Throttle.objects.get(key__startswith="hearing-request:ip:").count == 10


def test_the_honeypot_writes_nothing(officer, dog):
    case = served_case(officer, dog, served_on=D(2026, 11, 20))
    before = counts()
    response = post(Client(), case, website="http://spam.example")
    assert response.status_code == 200
    assert counts() == before


def test_an_altered_receipt_link_answers_404(officer, dog):
    case = served_case(officer, dog, served_on=D(2026, 11, 20))
    location = post(Client(), case)["Location"]
    assert Client().get(location).status_code == 200
    token = location.rstrip("/").rsplit("/", 1)[1]
    forged = hearing.signing.Signer(salt="other").sign(token.split(":")[0])
    for bad in (token[:-2] + "xx", forged, "H1"):
        assert Client().get(f"/residents/hearing-request/received/{bad}/").status_code == 404
        assert (
            Client().get(f"/residents/hearing-request/received/{bad}/confirmation.pdf").status_code
            == 404
        )


def test_the_page_in_spanish(officer, dog):
    case = served_case(officer, dog, served_on=D(2026, 11, 20))
    client = Client(headers={"accept-language": "es"})
    page = client.get("/residents/hearing-request/").content.decode()
    assert "Solicitar una audiencia" in page
    response = post(client, case)
    page = client.get(response["Location"]).content.decode()
    assert "Su solicitud quedó registrada" in page
