"""Issue 11 item 5: every day count a dangerous-dog page, form, PDF or message says is the
parameter in force, not a number typed into the sentence. A temporary parameter set changes each
period of 3-2-9 (and the state's seizure trigger, Minn. Stat. 347.54 subd. 1); the case is then
walked, so the stored deadlines and the prose agree, and every document and page that mentions a
period says the changed one."""

from __future__ import annotations

import datetime as dt
import html
import re

import pytest
import time_machine
from django.test import Client

from dogtag.dangerous_dogs import documents, services
from dogtag.dangerous_dogs.due import dangerous_dog_sections

from .conftest import CHICAGO, TODAY, D, designate, proof, walk
from .test_documents import read

CHANGED = {
    "nowthen.dangerous_dog.hearing_request_days": 21,
    "nowthen.dangerous_dog.hearing_days": 15,
    "nowthen.dangerous_dog.order_days": 12,
    "nowthen.dangerous_dog.comply_after_decision_days": 16,
    "nowthen.dangerous_dog.registration_deadline_days": 45,
    "minnesota.dangerous_dog.registration_deadline_days": 10,
    "nowthen.dangerous_dog.sterilization_days": 25,
    "nowthen.dangerous_dog.death_or_transfer_notice_days": 20,
    "nowthen.dangerous_dog.release_compliance_days": 35,
    "nowthen.dangerous_dog.revocation_hearing_days": 25,
    "nowthen.dangerous_dog.revocation_reclaim_days": 40,
}

# What the ordinance's own numbers said in the same sentences, as shipped.
SHIPPED = (
    "hearing: fourteen days",
    "within thirty (30) days after it is deemed",
    "If not done within thirty (30) days",
    "within thirty (30) days of the dog's death",
    "within fourteen (14) days after the Authority receives",
    "within the fourteen (14) days, the designation",
    "insured 14 days after",
)


@pytest.fixture
def changed(changed_params):
    return changed_params(CHANGED)


def words_of(response) -> str:
    """A page's words without its tags, white space collapsed."""
    markup = response.content.decode()
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", markup)))


def page_text(client: Client, url: str) -> tuple[str, str]:
    """The page's markup (white space collapsed), and its words."""
    response = client.get(url)
    assert response.status_code == 200
    return re.sub(r"\s+", " ", response.content.decode()), words_of(response)


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_notice_and_its_request_form_say_every_changed_period(
    changed, officer, hearing_officer, dog
):
    # given every period changed, and a case served under them
    case = walk("served", officer, hearing_officer, dog)
    # when the Notice of Dangerous Dog is drawn
    text, pages = read(documents.notice_pdf(case))
    # then each period is the changed one (A.1.b-e, A.2.a, B.2, B.3.g, C; 347.54 subd. 1)
    assert "Your right to a hearing: twenty-one days (3-2-9.A.1.c)" in text
    assert "How that date was counted (twenty-one days from the date of service" in text
    assert "within forty-five (45) days after it is deemed dangerous (3-2-9.B.2)" in text
    assert "If not done within twenty-five (25) days" in text
    assert "within twenty (20) days of the dog's death" in text
    assert "within fifteen (15) days after the Authority receives your request" in text
    assert "sixteen (16) days from receipt of the decision" in text
    assert "within the twenty-one (21) days, the designation" in text
    assert "not registered and insured 10 days after the notice is seized" in text
    assert not [words for words in SHIPPED if words in text]
    # and the pre-printed request form too (A.1.c, A.2.a)
    last = re.sub(r"\s+", " ", pages[-1])
    assert "held within fifteen (15) days after this date" in last


def test_an_unserved_notice_words_the_window_from_the_parameter(changed, officer, dog):
    case = designate(officer, dog)
    case = services.issue_notice(case=case, on=D(2026, 10, 26), actor=officer)
    text, pages = read(documents.notice_pdf(case))
    assert "within twenty-one (21) days of the date this notice is served on you" in text
    last = re.sub(r"\s+", " ", pages[-1])
    assert "within twenty-one (21) days of the date the notice was served on you" in last


def test_the_hearing_notice_and_the_order_say_the_changed_periods(
    changed, officer, hearing_officer, dog
):
    case = walk("dangerous", officer, hearing_officer, dog)
    hearing = case.designation_hearing
    text, _ = read(documents.hearing_notice_pdf(hearing))
    assert "The fifteen days of 3-2-9.A.2.a were counted so:" in text
    assert "fourteen days" not in text
    text, _ = read(documents.order_pdf(hearing.order))
    assert "sixteen days from receipt of this decision" in text
    assert "Issued within the twelve days of 3-2-9.A.2.g" in text
    assert "fourteen days" not in text and "ten days" not in text


def test_an_extended_hearing_names_the_changed_period(changed, officer, hearing_officer, dog):
    # the hearing set 16 days after the request of Mon 11-02 is past the fifteen (A.2.a)
    case = walk("hearing_requested", officer, hearing_officer, dog)
    services.schedule_hearing(
        case=case,
        scheduled_at=dt.datetime(2026, 11, 18, 10, 0, tzinfo=CHICAGO),
        place="Nowthen City Hall",
        on=D(2026, 11, 3),
        good_cause="The owner's counsel is away.",
        actor=hearing_officer,
    )
    case.refresh_from_db()
    text, _ = read(documents.hearing_notice_pdf(case.designation_hearing))
    assert "beyond the fifteen (15) days for good cause" in text


def test_the_letter_says_the_changed_periods(changed, officer, hearing_officer, dog):
    case = walk("dangerous", officer, hearing_officer, dog)
    event = services.record_missing_requirements(
        case=case,
        proof=proof(sterilized_on=None),
        fee_paid=None,
        on=D(2026, 11, 29),
        actor=officer,
    )
    text, _ = read(documents.missing_requirements_pdf(event))
    assert "If not done within twenty-five (25) days" in text
    # the designation was upheld by an order: the state's days count from it (issue 26)
    assert (
        "not registered and insured 10 days after the Hearing Officer's order upholding the "
        "designation is seized" in text
    )


def test_the_revocation_notice_says_the_changed_periods(changed, officer, hearing_officer, dog):
    case = walk("registered", officer, hearing_officer, dog)
    revocation = services.serve_revocation_notice(
        case=case,
        reasons="Entry for inspection refused.",
        served_on=D(2026, 11, 29),
        method="personal",
        hearing_at=dt.datetime(2026, 12, 10, 9, 0, tzinfo=CHICAGO),
        place="Nowthen City Hall",
        actor=officer,
    )
    text, _ = read(documents.revocation_notice_pdf(revocation))
    assert "The twenty-five days of 3-2-9.B.6.b, from the date of this notice:" in text
    assert "issues the order within twelve (12) days after the hearing (3-2-9.A.2.g)" in text
    assert "twenty days" not in text and "ten (10) days" not in text


def test_the_case_page_forms_and_messages_say_the_changed_periods(
    changed, officer, hearing_officer, dog
):
    client = signed_in(officer)
    case = designate(officer, dog)
    _, words = page_text(client, f"/dangerous-dogs/{case.number}/")
    assert "the twenty-one days to request a hearing start when the notice" in words
    services.issue_notice(case=case, on=D(2026, 10, 26), actor=officer)
    # the service form says the window, with its source; the message after it too
    markup, words = page_text(client, f"/dangerous-dogs/{case.number}/")
    assert "The twenty-one days to request a hearing count from this day" in words
    assert re.search(
        r'title="[^"]*parameter nowthen.dangerous_dog.hearing_request_days[^"]*">twenty-one days<',
        markup,
    )
    # on Thu 11-05, within the twenty-one days: the request form is offered (issue 26: after
    # them it is not, only a late request)
    with time_machine.travel(dt.datetime(2026, 11, 5, 10, 0, tzinfo=CHICAGO), tick=False):
        response = client.post(
            f"/dangerous-dogs/{case.number}/steps/service/",
            {
                "service-served_on": "2026-10-28",
                "service-method": "personal",
                "service-served_person": "Pat Gustafson",
            },
            follow=True,
        )
    words = words_of(response)
    assert "Service recorded: the twenty-one days to request a hearing are running." in words
    assert "The hearing must be held within fifteen days after this day (3-2-9.A.2.a)" in words
    # the request, its hearing, and the hearing held: the order form says its days
    services.receive_hearing_request(
        case=case,
        received_on=D(2026, 11, 2),
        requested_by="Pat Gustafson",
        in_writing=True,
        actor=officer,
    )
    services.schedule_hearing(
        case=case,
        scheduled_at=dt.datetime(2026, 11, 12, 10, 0, tzinfo=CHICAGO),
        place="Nowthen City Hall",
        on=D(2026, 11, 3),
        actor=officer,
    )
    response = signed_in(hearing_officer).post(
        f"/dangerous-dogs/{case.number}/steps/hold/",
        {
            "hold-held_on": "2026-11-12",
            "hold-authority_represented_by": "Officer Reyes",
            "hold-owner_represented_by": "Pat Gustafson",
        },
        follow=True,
    )
    words = words_of(response)
    assert "Hearing recorded: the order is due within twelve days." in words
    _, words = page_text(signed_in(hearing_officer), f"/dangerous-dogs/{case.number}/")
    assert "Due within twelve days after the hearing (3-2-9.A.2.g)" in words
    assert "Starts the sixteen days to comply (3-2-9.A.1.d)" in words
    assert "fourteen" not in words and "ten days" not in words


def test_the_revocation_forms_and_the_reclaim_deadline_say_the_changed_periods(
    changed, officer, hearing_officer, dog, frozen_today
):
    case = walk("registered", officer, hearing_officer, dog)
    _, words = page_text(signed_in(officer), f"/dangerous-dogs/{case.number}/")
    assert "Within twenty-five days of the notice (3-2-9.B.6.b)" in words
    assert "Good cause for a date after the twenty-five days (Hearing Officer only)" in words
    services.serve_revocation_notice(
        case=case,
        reasons="Entry for inspection refused.",
        served_on=D(2026, 11, 29),
        method="personal",
        hearing_at=dt.datetime(2026, 12, 10, 9, 0, tzinfo=CHICAGO),
        place="Nowthen City Hall",
        actor=officer,
    )
    frozen_today.move_to(dt.datetime(2026, 12, 11, 16, 0, tzinfo=dt.UTC))
    client = signed_in(hearing_officer)
    response = client.post(
        f"/dangerous-dogs/{case.number}/steps/revocation_hearing/",
        {
            "revocation_hearing-held_on": "2026-12-10",
            "revocation_hearing-authority_represented_by": "Officer Reyes",
            "revocation_hearing-owner_represented_by": "Pat Gustafson",
        },
        follow=True,
    )
    assert "Revocation hearing recorded: the order is due within twelve days." in (
        words_of(response)
    )
    _, words = page_text(client, f"/dangerous-dogs/{case.number}/")
    assert "At most forty days (3-2-9.B.6.c); empty for the longest allowed." in words
    services.decide_revocation(
        case=case,
        decided_on=D(2026, 12, 11),
        outcome="reclaim",
        findings_of_fact="Inspection refused.",
        owner_in_compliance=True,
        actor=hearing_officer,
    )
    _, words = page_text(signed_in(officer), f"/dangerous-dogs/{case.number}/")
    assert "(3-2-9.B.6.c; at most forty days)" in words
    assert "thirty days" not in words


def test_an_impoundment_says_the_changed_days_to_comply(changed, officer, hearing_officer, dog):
    case = walk("hearing_scheduled", officer, hearing_officer, dog)
    services.record_pending_compliance(
        case=case,
        on=D(2026, 11, 4),
        seized=True,
        kept_at="Anoka County Animal Shelter",
        contact_address="3101 Bunker Lake Blvd NW, Andover",
        contact_phone="763-555-0199",
        actor=officer,
    )
    _, words = page_text(signed_in(officer), f"/dangerous-dogs/{case.number}/")
    assert "costs are paid, within thirty-five days (3-2-9.B.4, A.5)" in words


def test_the_due_list_says_the_changed_periods(changed, officer, hearing_officer, dog):
    walk("dangerous", officer, hearing_officer, dog)
    [section] = dangerous_dog_sections(TODAY, changed)
    for words in (
        "the twenty-one days to request a hearing",
        "the hearing within fifteen days of the request (A.2.a)",
        "the order within twelve days of the hearing (A.2.g)",
        "compliance sixteen days after receipt of the decision (A.1.d)",
        "registration within forty-five days and sterilization within twenty-five days",
        "the state's ten days after the notice",
        "the thirty-five days an impounded dog's owner has to comply",
        "the revocation hearing within twenty-five days of its notice (B.6.b)",
        "at most forty days (B.6.c)",
    ):
        assert words in section.intro, words
    assert "fourteen" not in section.intro and "thirty days" not in section.intro


def test_where_the_state_is_stricter_the_prose_says_the_states_days(
    changed_params, officer, hearing_officer, dog
):
    # 3-2-8: the state's 20 days to sterilize are stricter than the city's 30, so they control
    changed_params({"minnesota.dangerous_dog.sterilization_days": 20})
    case = walk("served", officer, hearing_officer, dog)
    text, _ = read(documents.notice_pdf(case))
    assert "If not done within twenty (20) days" in text
