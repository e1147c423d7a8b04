"""WCAG 2.1 AA and keyboard use of the dangerous-dog steps beside the Authority's own path
(3-2-9, issue 26): a person who failed or refused to release the dog (A.2.h), a petition for
review by writ of certiorari and the Court of Appeals' decision (A.4), the owner's disclosure to a
potential buyer (D), and the seizure after a refused inspection (E.6). Each form is opened, sent
back with its errors, and filled and sent by keyboard alone, the event it records asserted; two
are refused by the services (a refusal on an order into custody never made, a decision dated
before the petition), and nothing is written.

The records are made here, on the suite's day, Sunday 2026-11-29 (``city_today``): no demo town.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from dogtag.dangerous_dogs import services
from dogtag.dangerous_dogs.models import CaseEvent, DangerousDogCase
from dogtag.licensing import services as desk
from dogtag.records.roles import ADMINISTRATOR, ANIMAL_CONTROL_OFFICER, ensure_roles
from tests.browser.axe_alone import axe_alone, bad_submit  # noqa: F401
from tests.browser.keyboard import fill_by_keyboard
from tests.browser.test_accessibility import Axe, sign_in_as
from tests.browser.test_dangerous_dog_paths_accessibility import CHICAGO, _dog, _served
from tests.dangerous_dogs.conftest import FEE, proof

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("city_today"),
]
D = dt.date
Kind = CaseEvent.Kind
State = DangerousDogCase.State


def _request_a_hearing(case: DangerousDogCase, officer: Any) -> None:
    services.receive_hearing_request(
        case=case,
        received_on=D(2026, 11, 2),
        requested_by="The owner",
        in_writing=True,
        actor=officer,
    )


def _upheld(case: DangerousDogCase, officer: Any, admin: Any) -> None:
    """The hearing of Thu 2026-11-12 and the order of Mon 2026-11-16 upholding the designation."""
    _request_a_hearing(case, officer)
    services.schedule_hearing(
        case=case,
        scheduled_at=dt.datetime(2026, 11, 12, 10, 0, tzinfo=CHICAGO),
        place="Nowthen City Hall, council chambers",
        on=D(2026, 11, 3),
        actor=officer,
    )
    services.hold_hearing(
        case=case,
        held_on=D(2026, 11, 12),
        actor=admin,
        authority_represented_by="Officer Dana Reyes",
        owner_represented_by="The owner, without counsel",
        witnesses="The jogger; Officer Reyes",
        evidence="Bite report; urgent care record; photos",
    )
    services.issue_order(
        case=case,
        issued_on=D(2026, 11, 16),
        disposition="upheld",
        findings_of_fact="The dog bit the jogger without provocation, causing stitches.",
        received_on=D(2026, 11, 17),
        actor=admin,
    )


@pytest.fixture
def cases(django_user_model: Any) -> dict[str, DangerousDogCase]:
    """Three cases on 2026-11-29, each its own dog, each served Wed 2026-10-28:

    - ``requested``: a hearing requested Mon 2026-11-02 (the dog may be demanded pending the
      hearing: a refusal to release it is offered, A.2.h);
    - ``registered``: heard Thu 11-12, upheld by the order of Mon 11-16, its Certificate of
      Registration issued today, an inspection refused today (a petition for a writ of
      certiorari, a disclosure to a buyer and the seizure of the dog are offered, A.4, D, E.6);
    - ``petitioned``: upheld the same way, a petition for the writ filed Fri 11-20 (the Court of
      Appeals' decision is offered).
    """
    groups = ensure_roles()
    officer = django_user_model.objects.create_user(
        "officer", password="x" * 12, first_name="Dana", last_name="Reyes"
    )
    officer.groups.add(groups[ANIMAL_CONTROL_OFFICER])
    admin = django_user_model.objects.create_user(
        "admin", password="x" * 12, first_name="Jo", last_name="Lind"
    )
    admin.groups.add(groups[ADMINISTRATOR])
    officer = get_user_model().objects.get(pk=officer.pk)
    admin = get_user_model().objects.get(pk=admin.pk)
    desk.add_tag_stock(prefix="2026-", first=1, last=9, actor=admin)

    def served(name: str) -> DangerousDogCase:
        return _served(officer, _dog(admin, name), D(2026, 10, 26), D(2026, 10, 28))

    requested = served("Rex")
    _request_a_hearing(requested, officer)
    registered = served("Duke")
    _upheld(registered, officer, admin)
    services.register(
        case=registered, proof=proof(), payment=FEE, on=D(2026, 11, 29), actor=officer
    )
    services.record_inspection(
        case=registered,
        on=D(2026, 11, 29),
        permitted=False,
        notes="Entry refused at the gate at 10:05.",
        actor=officer,
    )
    petitioned = served("Bruno")
    _upheld(petitioned, officer, admin)
    services.record_certiorari_petition(
        case=petitioned, filed_on=D(2026, 11, 20), petitioner="The owner", actor=officer
    )
    return {
        key: DangerousDogCase.objects.get(pk=case.pk)
        for key, case in (
            ("requested", requested),
            ("registered", registered),
            ("petitioned", petitioned),
        )
    }


def _url(case: DangerousDogCase, fragment: str = "") -> str:
    return f"/dangerous-dogs/{case.number}/{fragment}"


def _kinds(case: DangerousDogCase) -> list[str]:
    """The case's log, oldest first: what a refused submit must leave as it was."""
    return list(case.events.order_by("pk").values_list("kind", flat=True))


def _state(case: DangerousDogCase) -> str:
    return DangerousDogCase.objects.get(pk=case.pk).state


def test_the_court_and_conduct_forms_have_no_wcag_violation(
    axe_alone: Axe,  # noqa: F811
    cases: dict[str, DangerousDogCase],
) -> None:
    axe, page = axe_alone, axe_alone.page
    logs = {key: _kinds(case) for key, case in cases.items()}
    # given the Administrator, shown every step of every case (the superset of the roles' forms)
    sign_in_as(axe, "admin")
    # when each form is opened, then sent back with its errors
    axe.open("a hearing requested: a refusal to release offered", _url(cases["requested"]))
    expect(page.locator("#step-release_refused-section")).to_be_visible()
    bad_submit(axe, "#step-release_refused-section", "Record the refusal")
    expect(page.locator("#errors-release_refused")).to_be_focused()
    expect(page.locator("#errors-release_refused")).to_contain_text("Person who failed or refused")
    axe.check("the refusal to release sent back with its errors")
    axe.open("registered: the petition and the disclosure offered", _url(cases["registered"]))
    expect(page.locator("#step-certiorari_filed-section")).to_be_visible()
    expect(page.locator("#step-sale_disclosure-section")).to_be_visible()
    bad_submit(axe, "#step-certiorari_filed-section", "Record the petition")
    expect(page.locator("#errors-certiorari_filed")).to_be_focused()
    expect(page.locator("#errors-certiorari_filed")).to_contain_text("Petitioner")
    axe.check("the petition for a writ of certiorari sent back with its errors")
    bad_submit(axe, "#step-sale_disclosure-section", "Record the disclosure")
    expect(page.locator("#errors-sale_disclosure")).to_be_focused()
    expect(page.locator("#errors-sale_disclosure")).to_contain_text("Potential buyer")
    axe.check("the disclosure to a buyer sent back with its errors")
    expect(page.locator("#step-inspection_seizure-section")).to_be_visible()
    bad_submit(axe, "#step-inspection_seizure-section", "Record the seizure")
    expect(page.locator("#errors-inspection_seizure")).to_be_focused()
    expect(page.locator("#errors-inspection_seizure")).to_contain_text("Where the dog is kept")
    axe.check("the seizure after a refused inspection sent back with its errors")
    petitioned = cases["petitioned"]
    axe.open("a petition pending: the Court's decision offered", _url(petitioned))
    section = page.locator("#step-certiorari_decided-section")
    expect(section).to_be_visible()
    bad_submit(axe, "#step-certiorari_decided-section", "Record the Court's decision")
    expect(page.locator("#errors-certiorari_decided")).to_be_focused()
    expect(
        page.locator("#errors-certiorari_decided a[href='#id_certiorari_decided-outcome_error']")
    ).to_have_count(1)
    axe.check("the Court's decision sent back with its errors (no outcome chosen)")
    # a decision dated before the petition: the services refuse it
    section.get_by_label("Day of the Court of Appeals' decision").fill("2026-11-19")
    section.locator("label[for='id_certiorari_decided-outcome_0']").click()  # the USWDS radio
    section.get_by_role("button", name="Record the Court's decision", exact=True).click()
    page.wait_for_load_state("load")
    expect(page.locator("#errors-certiorari_decided")).to_contain_text(
        "The Court cannot decide before the petition was filed."
    )
    axe.check("the Court's decision before the petition, refused by the services")
    # then nothing was written, and axe finds nothing
    assert {key: _kinds(case) for key, case in cases.items()} == logs
    assert [_state(case) for case in cases.values()] == [
        State.HEARING_REQUESTED,
        State.REGISTERED,
        State.DANGEROUS,
    ]
    assert axe.found == {}, axe.report()
    assert axe.checked == 9


def test_the_court_and_conduct_forms_work_by_keyboard_alone(
    axe_alone: Axe,  # noqa: F811
    cases: dict[str, DangerousDogCase],
) -> None:
    axe, page = axe_alone, axe_alone.page
    sign_in_as(axe, "officer")
    base = axe.base
    requested, registered, petitioned = cases["requested"], cases["registered"], cases["petitioned"]
    logs = {key: _kinds(case) for key, case in cases.items()}
    # a refusal on the Hearing Officer's order into custody, where there is none: refused
    release = {
        "release_refused-on": D(2026, 11, 27),
        "release_refused-basis": "custody_order",
        "release_refused-person": "Pat Owner",
        "release_refused-note": "Demanded at the door; the owner shut it.",
    }
    fill_by_keyboard(
        page,
        f"{base}{_url(requested, '#step-release_refused')}",
        "#step-release_refused-section form",
        release,
        "Record the refusal",
    )
    expect(page.locator("#errors-release_refused")).to_contain_text(
        "The Hearing Officer has not ordered this dog into custody"
    )
    assert _kinds(requested) == logs["requested"]
    # the same refusal on the officer's demand, pending the hearing: recorded
    fill_by_keyboard(
        page,
        f"{base}{_url(requested, '#step-release_refused')}",
        "#step-release_refused-section form",
        {**release, "release_refused-basis": "demand"},
        "Record the refusal",
    )
    expect(page.get_by_role("status").first).to_contain_text("Refusal recorded: a misdemeanor")
    assert _kinds(requested) == [*logs["requested"], Kind.RELEASE_REFUSED]
    refusal = requested.events.get(kind=Kind.RELEASE_REFUSED)
    assert (refusal.on, refusal.details) == (
        D(2026, 11, 27),
        {"basis": "demand", "person": "Pat Owner"},
    )
    assert refusal.summary.endswith(
        "For the prosecuting attorney. Note: Demanded at the door; the owner shut it."
    )
    assert _state(requested) == State.HEARING_REQUESTED
    # a petition for a writ of certiorari on the registered dog's order
    fill_by_keyboard(
        page,
        f"{base}{_url(registered, '#step-certiorari_filed')}",
        "#step-certiorari_filed-section form",
        {
            "certiorari_filed-filed_on": D(2026, 11, 27),
            "certiorari_filed-petitioner": "Pat Owner, by counsel",
            "certiorari_filed-court_file": "A26-1234",
            "certiorari_filed-note": "Served on the City Attorney the same day.",
        },
        "Record the petition",
    )
    expect(page.get_by_role("status").first).to_contain_text("the decision stands meanwhile")
    assert _kinds(registered) == [*logs["registered"], Kind.CERTIORARI_FILED]
    petition = registered.events.get(kind=Kind.CERTIORARI_FILED)
    assert (petition.on, petition.details) == (
        D(2026, 11, 27),
        {"petitioner": "Pat Owner, by counsel", "court_file": "A26-1234", "late": False},
    )
    # the owner's disclosure to a potential buyer
    fill_by_keyboard(
        page,
        f"{base}{_url(registered, '#step-sale_disclosure')}",
        "#step-sale_disclosure-section form",
        {
            "sale_disclosure-disclosed_on": D(2026, 11, 28),
            "sale_disclosure-buyer": "Lee Buyer",
            "sale_disclosure-note": "By letter, copied to the Authority.",
        },
        "Record the disclosure",
    )
    expect(page.get_by_role("status").first).to_contain_text("Disclosure to the buyer recorded")
    assert _kinds(registered) == [
        *logs["registered"],
        Kind.CERTIORARI_FILED,
        Kind.SALE_DISCLOSURE,
    ]
    disclosure = registered.events.get(kind=Kind.SALE_DISCLOSURE)
    assert (disclosure.on, disclosure.details, disclosure.summary) == (
        D(2026, 11, 28),
        {"buyer": "Lee Buyer"},
        "Lee Buyer was told that the dog was designated Dangerous, before any sale or transfer "
        "(3-2-9.D). Note: By letter, copied to the Authority.",
    )
    assert _state(registered) == State.REGISTERED
    # the inspection refused this morning: the dog is seized (E.6)
    fill_by_keyboard(
        page,
        f"{base}{_url(registered, '#step-inspection_seizure')}",
        "#step-inspection_seizure-section form",
        {
            "inspection_seizure-seized_on": D(2026, 11, 29),
            "inspection_seizure-kept_at": "Anoka County Animal Shelter",
            "inspection_seizure-contact_address": "3101 Bunker Lake Blvd NW, Andover",
            "inspection_seizure-contact_phone": "763-555-0199",
        },
        "Record the seizure",
    )
    expect(page.get_by_role("status").first).to_contain_text("Seizure recorded")
    assert _kinds(registered)[-1] == Kind.INSPECTION_SEIZURE
    seized = DangerousDogCase.objects.get(pk=registered.pk)
    assert (seized.seized, seized.kept_at) == (True, "Anoka County Animal Shelter")
    expect(page.locator("#step-release-section")).to_be_attached()
    # the Court of Appeals remands the petitioned case: back to the Hearing Officer
    fill_by_keyboard(
        page,
        f"{base}{_url(petitioned, '#step-certiorari_decided')}",
        "#step-certiorari_decided-section form",
        {
            "certiorari_decided-decided_on": D(2026, 11, 27),
            "certiorari_decided-outcome": "remanded",
        },
        "Record the Court's decision",
    )
    expect(page.get_by_role("status").first).to_contain_text("decision is recorded: remanded")
    assert _kinds(petitioned) == [*logs["petitioned"], Kind.CERTIORARI_DECIDED]
    decided = petitioned.events.get(kind=Kind.CERTIORARI_DECIDED)
    assert (decided.on, decided.details) == (D(2026, 11, 27), {"outcome": "remanded"})
    assert _state(petitioned) == State.HEARING_HELD
    axe.check("the remanded case, back with the Hearing Officer")
    assert axe.found == {}, axe.report()
