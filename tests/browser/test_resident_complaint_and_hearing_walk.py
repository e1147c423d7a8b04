"""Issue 12, done means: a complaint with a recording reaches the officer's queue; a hearing
request moves the case. A neighbour (not signed in) sends a barking complaint with a recording
and follows it by the link read from the SMTP server; the officer finds it in the intake queue,
received, with the recording analysed. An owner served a Notice of Dangerous Dog requests the
hearing with the case number and the code printed on the notice; the officer's case page shows
the request, online, with its time."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from dogtag.complaints.models import Complaint, Evidence
from dogtag.dangerous_dogs import codes
from dogtag.dangerous_dogs import services as cases
from dogtag.evidence import synthetic
from dogtag.jobs import worker
from dogtag.licensing import services as desk
from dogtag.outbox import tasks
from dogtag.records.roles import ANIMAL_CONTROL_OFFICER, ensure_roles
from tests.dangerous_dogs.conftest import INCIDENT
from tests.outbox.conftest import smtp, smtp_port  # noqa: F401 (fixtures)

PASSWORD = "correct-horse-battery-9"
D = dt.date


@pytest.fixture
def mailbox(request: Any) -> Any:
    """The SMTP server of tests/outbox (running, the outbox pointed at it)."""
    return request.getfixturevalue("smtp")


pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("city_today"),
]


@pytest.fixture
def records(django_user_model: Any, tmp_path: Path, settings: Any) -> dict[str, Any]:
    """An officer; Rex, designated 2026-11-19, the notice served 2026-11-20 (in the window)."""
    settings.MEDIA_ROOT = tmp_path / "media"
    officer = django_user_model.objects.create_user(
        "officer", password=PASSWORD, first_name="Dana", last_name="Reyes"
    )
    officer.groups.add(ensure_roles()[ANIMAL_CONTROL_OFFICER])
    owner = desk.register_owner(
        actor=officer,
        name="Pat Gustafson",
        street="7120 Viking Blvd NW",
        postal_code="55303",
        phone="763-555-0142",
    )
    dog = desk.register_dog(
        owner=owner,
        actor=officer,
        name="Rex",
        breed="German shepherd",
        color="Black and tan",
        sex="male",
        born=D(2021, 4, 2),
    )
    case = cases.designate(
        dog=dog,
        authority="animal_control_authority",
        criteria=["substantial_or_great_bodily_harm"],
        exemptions=[],
        factual_basis="An unprovoked bite inflicting substantial bodily harm (stitches).",
        incidents=[INCIDENT],
        on=D(2026, 11, 19),
        actor=officer,
    )
    case = cases.issue_notice(case=case, on=D(2026, 11, 19), actor=officer)
    case = cases.record_service(
        case=case, served_on=D(2026, 11, 20), method="personal", served_person="Pat", actor=officer
    )
    return {"officer": officer, "case": case}


def sign_in_officer(page: Any, base: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "officer")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page).to_have_url(f"{base}/")


def test_a_complaint_reaches_the_queue_and_a_hearing_request_moves_the_case(
    browser: Any, live_server: Any, records: dict[str, Any], mailbox: Any, tmp_path: Path
) -> None:
    base = live_server.url
    neighbour = browser.new_context(locale="en-US").new_page()
    # given a recording of thirteen barks, one every 25 seconds
    wav = tmp_path / "yard.wav"
    wav.write_bytes(
        synthetic.as_file(synthetic.recording([5 + 25 * i for i in range(13)], seconds=310))
    )
    # when a neighbour sends a barking complaint with it from the residents' site
    neighbour.goto(f"{base}/residents/")
    neighbour.get_by_role("link", name="Make a complaint").click()
    expect(neighbour.locator("#tennessen-heading")).to_be_visible()
    neighbour.get_by_label("What is the complaint about").select_option("barking")
    neighbour.get_by_label("Date it happened (or began)").fill("2026-11-28")
    neighbour.get_by_label("Time it happened (or began)").fill("22:00")
    neighbour.get_by_label("Where it happened").fill("7120 Viking Blvd NW, the kennel run")
    neighbour.get_by_label("What happened").fill("The dog barks every night for an hour.")
    neighbour.locator("#id_recording").set_input_files(str(wav))
    neighbour.get_by_label("Date the recording started").fill("2026-11-28")
    neighbour.get_by_label("Time the recording started").fill("22:00")
    neighbour.get_by_label("Your name", exact=True).fill("Robin Vance")
    neighbour.get_by_label("Your e-mail address", exact=True).fill("robin@example.org")
    neighbour.get_by_role("button", name="Send the complaint").click()
    # then the tracking page says it was received
    expect(
        neighbour.get_by_role("heading", name="Complaint C2026-0001", exact=True)
    ).to_be_visible()
    expect(neighbour.locator("#complaint-status")).to_have_text("Received")
    # and the receipt reached the neighbour's mailbox, with the link that opens the status
    tasks.send_due_messages.call()
    [mail] = [m for m in mailbox.received if m["To"] == "robin@example.org"]
    assert mail["Subject"] == "Complaint C2026-0001 received"
    text = mail.get_payload(decode=True).decode()
    link = re.search(r"http://\S+/residents/complaints/track/\S+/", text).group(0)
    neighbour.goto(base + "/residents/" + link.split("/residents/", 1)[1])
    expect(neighbour.locator("#complaint-status")).to_have_text("Received")
    # and the recording, kept with the complaint, is analysed by the worker in the background
    # (`dogtag worker --once`, in this process, while no page is asking the live server anything)
    assert Evidence.objects.get().analysis == "analysing"
    worker.run(once=True)

    # and the officer finds it in the intake queue, received, the recording analysed
    officer = browser.new_context(locale="en-US").new_page()
    sign_in_officer(officer, base)
    officer.goto(f"{base}/complaints/?status=received")
    expect(officer.locator('[data-number="C2026-0001"]')).to_be_visible()
    officer.goto(f"{base}/complaints/C2026-0001/")
    expect(officer.locator("#complainant")).to_contain_text("Robin Vance")
    expect(officer.locator("#evidence-list")).to_contain_text("yard.wav")
    expect(officer.locator("#evidence-list")).to_contain_text("Analysed: 13 barks found.")
    expect(officer.locator("#barking .dogtag-finding").first).to_contain_text("Public nuisance")
    complaint = Complaint.objects.get()
    assert complaint.status == "received"
    assert len(Evidence.objects.get(complaint=complaint).noise_times) == 13

    # when the owner requests the hearing with the case number and the code on the notice
    case = records["case"]
    owner = browser.new_context(locale="en-US").new_page()
    owner.goto(f"{base}/residents/hearing-request/")
    owner.get_by_label("Case number").fill(case.number)
    owner.get_by_label("Hearing request code").fill(codes.printed(case.hearing_request_code))
    owner.get_by_label("Your name").fill("Pat Gustafson")
    owner.get_by_label("Your e-mail address").fill("pat@example.org")
    owner.locator("label.usa-checkbox__label").click()
    owner.get_by_role("button", name="Request the hearing").click()
    # then the confirmation is shown, with its PDF
    expect(owner.locator("#request-received")).to_contain_text("Your request is recorded")
    pdf_href = owner.get_by_role("link", name="Your confirmation (PDF)").get_attribute("href")
    response = owner.request.get(base + pdf_href)
    assert response.status == 200 and response.headers["content-type"] == "application/pdf"
    # and the case moved: the officer's case page shows the request, online, with its time
    officer.goto(f"{base}/dangerous-dogs/{case.number}/")
    expect(officer.locator("#hearing-requested")).to_contain_text("in writing (online) by Pat")
    expect(officer.locator("#hearing-requested")).to_contain_text("2026-11-29 10:")
    case.refresh_from_db()
    assert case.state == "hearing_requested"
    # and the confirmation reached the owner's mailbox with the PDF
    tasks.send_due_messages.call()
    [confirmation] = [m for m in mailbox.received if m["To"] == "pat@example.org"]
    assert confirmation["Subject"] == f"Hearing request received: case {case.number}"
    assert any(p.get_content_type() == "application/pdf" for p in confirmation.walk())
