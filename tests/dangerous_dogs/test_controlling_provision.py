"""3-2-8 on the dangerous-dog case: the state's seizure clock (14 days after notice, Minn. Stat.
347.54 subd. 1) and the city's registration clock (30 days after the dog is deemed dangerous,
3-2-9.B.2) both run, on the case page, the due list and the documents, with which controls."""

from __future__ import annotations

import datetime as dt
import html
import io
import re

import pytest
import time_machine
from pypdf import PdfReader

from dogtag.dangerous_dogs import documents, queries, services
from dogtag.dangerous_dogs.due import dangerous_dog_sections
from dogtag.dangerous_dogs.models import DangerousDogCase
from dogtag.records.services import city_params

from .conftest import CHICAGO, TODAY, D, walk

STATE = "Registered and insured, or the dog is seized (Minn. Stat. 347.54 subd. 1, through 3-2-8)"
CITY = "Registration due (3-2-9.B.2)"
#: The walked case: notice served Wed 2026-10-28, upheld Mon 2026-11-16; the state's days count
#: from the order (readings.state_clock_pending_hearing, issue 26).
BOTH = (
    "Registration, two clocks (3-2-8): the state's 14 days after the Hearing Officer's order "
    "upholding the designation on Mon 2026-11-16 (Minn. Stat. 347.54 subd. 1) end Mon "
    "2026-11-30; the city's 30 days after "
    "the dog was deemed dangerous on Mon 2026-11-16 (3-2-9.B.2) end Wed 2026-12-16; the "
    "state's, which ends first, is the more restrictive and controls. Both run: past the "
    "state's the dog is seized if not registered and insured (Minn. Stat. 347.54 subd. 1); past "
    "the city's it is unregistered in breach of 3-2-9.B.2."
)


def pdf_text(content: bytes) -> str:
    pages = PdfReader(io.BytesIO(content)).pages
    return re.sub(r"\s+", " ", " ".join(p.extract_text() for p in pages))


def test_the_case_page_shows_both_clocks_and_which_controls(client, dog, officer, hearing_officer):
    case = walk("dangerous", officer, hearing_officer, dog)
    client.force_login(officer)
    page = html.unescape(client.get(f"/dangerous-dogs/{case.number}/").content.decode())
    table = page[
        page.index('id="deadlines"') : page.index("</table>", page.index('id="deadlines"'))
    ]
    rows = re.findall(r'<th scope="row" data-label="Deadline">(.*?)</th>', table)
    assert rows.index(STATE) + 1 == rows.index(CITY)
    state_row = table[table.index(STATE) : table.index(CITY)]
    assert "Mon 2026-11-30" in state_row and "Ahead" in state_row
    assert "Mon 2026-11-30: have the dog registered and insured" in state_row
    assert BOTH in state_row
    city_row = table[table.index(CITY) :].split("</tr>")[0]
    assert "Wed 2026-12-16" in city_row and "Ahead" in city_row and BOTH in city_row
    # the sterilization row shows that the city and the state agree (3-2-8)
    assert (
        "Days to have the dog sterilized before it is seized and sterilized at the owner's "
        "expense: the city (3-2-9.B.3.g) and the state (Minn. Stat. 347.52) agree on 30 days "
        "(3-2-8)." in table
    )


def test_before_the_dog_is_deemed_dangerous_the_page_shows_the_states_clock(
    client, dog, officer, hearing_officer
):
    # served, no request yet: the state's clock runs from the notice beside the request window
    case = walk("served", officer, hearing_officer, dog)
    client.force_login(officer)
    with time_machine.travel(dt.datetime(2026, 11, 5, 10, 0, tzinfo=CHICAGO), tick=False):
        page = html.unescape(client.get(f"/dangerous-dogs/{case.number}/").content.decode())
    assert STATE in page and CITY not in page
    assert "Thu 2026-11-12: have the dog registered and insured" in page


def test_while_the_hearing_is_pending_the_states_clock_waits_on_the_order_issue_26(
    client, dog, officer, hearing_officer
):
    # given a timely request: the designation is under appeal
    case = walk("hearing_requested", officer, hearing_officer, dog)
    client.force_login(officer)
    page = html.unescape(client.get(f"/dangerous-dogs/{case.number}/").content.decode())
    # then no seizure for want of registration is shown, and the page says why (the reading)
    assert STATE not in page and CITY not in page
    assert "does not run while the hearing is pending" in page
    assert "readings.state_clock_pending_hearing" in page
    assert "must comply with Minn. Stat. 347.52 (a)-(c) (3-2-9.A.1.d)" in page
    rows = dangerous_dog_sections(TODAY, city_params())[0].rows
    assert not [r for r in rows if r.summary.startswith((STATE, CITY))]


def test_the_due_list_has_both_rows(dog, officer, hearing_officer):
    walk("dangerous", officer, hearing_officer, dog)
    section = dangerous_dog_sections(TODAY, city_params())[0]
    rows = {row.summary.split(":")[0]: row for row in section.rows}
    state, city = rows[STATE], rows[CITY]
    assert (state.date, state.overdue) == (D(2026, 11, 30), False)
    assert state.sections == ("Minn. Stat. 347.54 subd. 1", "Minn. Stat. 645.15")
    assert state.summary == f"{STATE}: 2026-11-30."
    # on Tue 12-01 the state's trigger is met, counted from the order
    later = dangerous_dog_sections(D(2026, 12, 1), city_params())[0]
    [overdue] = [r for r in later.rows if r.summary.startswith(STATE)]
    assert overdue.summary == (
        f"{STATE}: 2026-11-30. Not registered and insured within the 14 days after the Hearing "
        "Officer's order upholding the designation: the state's seizure trigger is met (Minn. "
        "Stat. 347.54 subd. 1, through 3-2-8)."
    )
    assert (city.date, city.overdue) == (D(2026, 12, 16), False)
    assert city.summary == f"{CITY}: 2026-12-16."
    assert state.explanation[-1] == city.explanation[-1] == BOTH
    assert "Minn. Stat. 347.54 subd. 1, through 3-2-8" in section.intro


def test_a_registered_dog_has_neither_row(dog, officer, hearing_officer):
    walk("registered", officer, hearing_officer, dog)
    rows = dangerous_dog_sections(TODAY, city_params())[0].rows
    assert not [r for r in rows if r.summary.startswith((STATE, CITY))]


def test_the_unserved_notice_states_the_states_clock(dog, officer, hearing_officer):
    case = walk("notice_issued", officer, hearing_officer, dog)
    text = pdf_text(documents.notice_pdf(case))
    assert (
        "State law (Minn. Stat. 347.54 subd. 1, incorporated by City Code 3-2-8): a Dangerous "
        "Dog not registered and insured 14 days after the notice is served is seized." in text
    )


def test_the_order_and_the_notice_give_the_states_date(dog, officer, hearing_officer):
    case = walk("dangerous", officer, hearing_officer, dog)
    for text in (
        pdf_text(documents.notice_pdf(case)),
        pdf_text(documents.order_pdf(case.designation_hearing.order)),
    ):
        assert "Register and insure the dog by November 30, 2026." in text
        assert BOTH in text
    order = pdf_text(documents.order_pdf(case.designation_hearing.order))
    assert "by December 16, 2026 (3-2-9.B.2)" in order


@pytest.mark.parametrize("disposition", ["rescinded", "destruction"])
def test_a_fallen_designation_runs_no_registration_clock(
    dog, officer, hearing_officer, disposition
):
    # Given a hearing held (destruction sought for the destruction order, 3-2-9.A.2.f, A.3)
    case = walk("hearing_scheduled", officer, hearing_officer, dog)
    services.hold_hearing(
        case=case,
        held_on=D(2026, 11, 12),
        actor=hearing_officer,
        authority_represented_by="Reyes",
        owner_represented_by="Pat",
        destruction_sought=disposition == "destruction",
    )
    services.issue_order(
        case=case,
        issued_on=D(2026, 11, 16),
        disposition=disposition,
        findings_of_fact="See a-c.",
        actor=hearing_officer,
        destruction_findings={
            "dangerous_by_attack": "Three unprovoked attacks.",
            "owner_cannot_control": "Escaped three times.",
            "no_proof_of_insurance": "Refused to show insurance.",
        },
    )
    # then neither registration clock runs, though the notice was served
    case = DangerousDogCase.objects.get(pk=case.pk)
    titles = [row.title for row in queries.deadline_rows(case, TODAY, city_params())]
    assert STATE not in titles and CITY not in titles
    assert "Hearing Officer's order due (3-2-9.A.2.g)" in titles
