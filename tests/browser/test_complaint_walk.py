"""An animal control officer in a real browser: takes a barking complaint, uploads a recording
(a bark every 25 s for 5 minutes), watches it analysed in the background (the page polls the
analysis while the worker runs its job), sees the 3-2-7.A nuisance finding and the timeline
picture, and closes the complaint with a warning."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from dogtag.complaints.models import Complaint, Outcome
from dogtag.evidence import synthetic
from dogtag.jobs import worker
from dogtag.licensing import services
from dogtag.parcels.models import Parcel
from dogtag.records.roles import ANIMAL_CONTROL_OFFICER, CLERK, ensure_roles

PASSWORD = "correct-horse-battery-9"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("city_today"),
]


@pytest.fixture
def records(django_user_model: Any, tmp_path: Path, settings: Any) -> dict[str, Any]:
    settings.MEDIA_ROOT = tmp_path / "media"
    groups = ensure_roles()
    clerk = django_user_model.objects.create_user("clerk", password=PASSWORD)
    clerk.groups.add(groups[CLERK])
    officer = django_user_model.objects.create_user(
        "officer", password=PASSWORD, first_name="Dana", last_name="Kowalski"
    )
    officer.groups.add(groups[ANIMAL_CONTROL_OFFICER])
    parcel = Parcel.objects.create(
        pin="R30-32-25-0001",
        address="7120 Viking Blvd NW",
        acres="10.000",
        owner_names="Pat Gustafson",
        boundary={
            "type": "Polygon",
            "coordinates": [[[0, 0], [660, 0], [660, 660], [0, 660], [0, 0]]],
        },
    )
    owner = services.register_owner(
        actor=clerk,
        name="Pat Gustafson",
        street="7120 Viking Blvd NW",
        postal_code="55303",
        phone="763-555-0142",
    )
    dog = services.register_dog(
        owner=owner,
        actor=clerk,
        name="Biscuit",
        breed="Labrador retriever",
        color="Yellow",
        sex="female",
        sterilized=True,
        born=dt.date(2022, 5, 20),
    )
    return {"parcel": parcel, "dog": dog, "owner": owner}


def shot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / name), full_page=True)


def walk_to_the_finding(page: Any, base: str, records: dict[str, Any], tmp_path: Path) -> None:
    """Sign in, take the complaint, upload a bad file then the recording: the finding and the
    picture are on the page."""
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "officer")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page).to_have_url(f"{base}/")
    page.wait_for_load_state("load")

    # Intake: a barking complaint on Pat Gustafson's parcel about Biscuit
    page.goto(f"{base}/complaints/new/")
    page.wait_for_load_state("load")
    expect(page.locator("#data-practices-notice")).to_contain_text(
        "The complainant’s identity is not public"
    )
    # USWDS draws its own radio buttons: the label is what a person clicks
    page.locator("label.usa-radio__label", has_text="barking or other noise (3-2-7.A)").click()
    expect(page.get_by_label("barking or other noise (3-2-7.A)")).to_be_checked()
    page.get_by_label("Date it happened (or began)").fill("2026-11-20")
    page.get_by_label("Time it happened (or began)").fill("22:00:00")
    page.get_by_label("Parcel PIN").fill("R30-32-25-0001")
    page.get_by_label("Dog(s)").select_option(value=str(records["dog"].pk))
    page.get_by_label("Complainant's name").fill("Lee Anders")
    page.get_by_label("What happened").fill("Barking from the kennel run for most of an hour.")
    page.get_by_role("button", name="Receive the complaint").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Complaint C2026-0001")
    expect(page.locator("#complaint-details")).to_contain_text("Biscuit")
    expect(page.locator("#parcel-link")).to_have_attribute("href", "/parcels/R30-32-25-0001/")
    page.wait_for_load_state("load")

    # A refused upload says why, and writes nothing
    junk = tmp_path / "junk.wav"
    junk.write_bytes(b"this is not a recording")
    form = page.locator("#recording-form")
    form.locator("input[type=file]").set_input_files(str(junk))
    form.get_by_label("Date the recording started").fill("2026-11-20")
    form.get_by_label("Time the recording started").fill("22:00:00")
    form.get_by_role("button", name="Keep the recording and detect the barks").click()
    summary = page.locator(".dogtag-error-summary")
    expect(summary).to_contain_text("The recording cannot be used")
    expect(summary).to_be_focused()
    page.wait_for_load_state("load")

    # The recording: a bark every 25 s for 5 minutes
    wav = tmp_path / "yard.wav"
    wav.write_bytes(
        synthetic.as_file(synthetic.recording([5 + 25 * i for i in range(13)], seconds=310))
    )
    form = page.locator("#recording-form")
    form.locator("input[type=file]").set_input_files(str(wav))
    form.get_by_label("Date the recording started").fill("2026-11-20")
    form.get_by_label("Time the recording started").fill("22:00:00")
    # The page polls the recording's analysis (a request the route holds in the browser while
    # the worker runs below, so the live server, which shares this thread's database connection,
    # is never asked anything at the same time)
    page.route(re.compile(r"/analysis/$"), lambda route: route.continue_())
    form.get_by_role("button", name="Keep the recording and detect the barks").click()

    # The recording is kept and shown analysing, its job waiting for the worker
    expect(page.locator("#evidence-list")).to_contain_text("yard.wav")
    status = page.locator(".dogtag-analysis [role=status]")
    expect(status).to_contain_text("Analysing: finding the barks (waiting to start).")
    expect(page.locator("#barking-analysing")).to_be_visible()
    shot(page, "complaint-analysing.png")
    with page.expect_response(re.compile(r"/analysis/$")):
        pass  # a poll answered: the next one waits in the browser until Playwright runs again
    worker.run(once=True)  # `dogtag worker --once`, in this process

    # The poll finds it analysed, and the officer opens the complaint again
    expect(status).to_contain_text("Analysed: 13 barks found.")
    page.get_by_role("link", name="Open the complaint again to see them").click()
    page.wait_for_load_state("load")

    # The nuisance finding, with its section, and the timeline picture
    barking = page.locator("#barking")
    finding = barking.locator(".dogtag-finding").first
    expect(finding).to_contain_text("Public nuisance")
    expect(finding.locator(".dogtag-citation")).to_have_text("3-2-7.A")
    picture = page.get_by_role("img", name=re.compile("qualifying 3-2-7.A periods shaded"))
    expect(picture).to_be_visible()
    expect(picture.locator("line.bark")).to_have_count(13)
    expect(picture.locator("rect.period")).to_have_count(1)
    periods = barking.get_by_role("table", name="Qualifying periods")
    expect(periods.get_by_role("row")).to_have_count(2)
    expect(periods).to_contain_text("2026-11-20 22:00:05")
    expect(barking).to_contain_text("does not know a dog from a person shouting")
    expect(page.locator("#evidence-list")).to_contain_text("yard.wav")
    shot(page, "complaint-barking.png")
    page.wait_for_load_state("load")


def test_officer_takes_a_barking_complaint_to_its_finding(
    page: Any, live_server: Any, records: dict[str, Any], problems: list[str], tmp_path: Path
) -> None:
    walk_to_the_finding(page, live_server.url, records, tmp_path)
    expect(page.locator("#close-form")).to_be_visible()
    assert problems == []


def test_officer_closes_a_barking_complaint_with_a_warning(
    page: Any, live_server: Any, records: dict[str, Any], problems: list[str], tmp_path: Path
) -> None:
    walk_to_the_finding(page, live_server.url, records, tmp_path)
    # The recording's finding names no one: the officer names the owner of record (3-2-7)
    duty = page.locator("form[aria-labelledby=duty-heading]")
    duty.locator(
        "label.usa-radio__label", has_text="The dog's owner of record on the day of the incident"
    ).click()
    duty.get_by_role("button", name="Record whom the duty falls on").click()
    expect(page.locator(".dogtag-error-summary")).to_have_count(0)
    expect(page.locator("#subsections")).to_contain_text("the duty falls on Pat Gustafson")
    page.wait_for_load_state("load")
    # Close with a warning
    close = page.locator("#close-form")
    close.locator("label.usa-radio__label", has_text=re.compile("^warning$")).click()
    expect(close.get_by_label("warning", exact=True)).to_be_checked()
    close.get_by_label("Note").fill("Spoke to the owner; the dog is kept in at night.")
    close.get_by_role("button", name="Close the complaint").click()
    expect(page.locator(".dogtag-error-summary")).to_have_count(0)
    expect(page.locator("#complaint-status")).to_have_text("closed")
    expect(page.locator("#outcome")).to_contain_text("Complaint closed: warning.")
    expect(page.locator("#complaint-timeline")).to_contain_text("Closed: warning")

    complaint = Complaint.objects.get()
    assert complaint.status == Complaint.Status.CLOSED
    assert Outcome.objects.get().kind == Outcome.Kind.WARNING
    # no script error, failed request or error response on the way
    assert problems == []
