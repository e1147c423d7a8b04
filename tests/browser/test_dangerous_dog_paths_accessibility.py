"""WCAG 2.1 AA and keyboard use of the dangerous-dog pages issue 26 added (3-2-9, 3-2-8): the
spoken request and the written request received on an earlier day or too late (each form opened,
sent back with its errors, refused out of order, and filled and sent by keyboard), the flagged
request on the case page, the state's clock beside the city's while a hearing is pending and
after the order, the case page's past-day view (``?as_of=``, a day, a day out of range, no
date), and the deadline calculator's other clock (``other_date``).

The records are made here, on the suite's day, Sunday 2026-11-29 (``city_today``): no demo town.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from dogtag.dangerous_dogs import services
from dogtag.dangerous_dogs.models import DangerousDogCase
from dogtag.licensing import services as desk
from dogtag.licensing.models import Dog
from dogtag.licensing.receipts import Payment
from dogtag.records.roles import ADMINISTRATOR, ANIMAL_CONTROL_OFFICER, ensure_roles
from tests.browser.axe_alone import axe_alone, bad_submit  # noqa: F401
from tests.browser.keyboard import fill_by_keyboard
from tests.browser.test_accessibility import Axe, sign_in_as
from tests.dangerous_dogs.conftest import INCIDENT

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("city_today"),
]
D = dt.date
CHICAGO = ZoneInfo("America/Chicago")


def _dog(clerk: Any, name: str) -> Dog:
    owner = desk.register_owner(
        actor=clerk,
        name=f"Owner of {name}",
        street="7120 Viking Blvd NW",
        postal_code="55303",
        phone="763-555-0142",
    )
    dog = desk.register_dog(
        owner=owner,
        actor=clerk,
        name=name,
        breed="German shepherd",
        color="Black and tan",
        sex="male",
        born=D(2021, 4, 2),
    )
    rabies = desk.record_rabies_vaccination(
        dog=dog,
        actor=clerk,
        vaccinated_on=D(2026, 10, 1),
        expires_on=D(2027, 10, 1),
        veterinarian="Dr. Ana Lindqvist, DVM",
    )
    desk.issue_license(
        dog=dog,
        rabies=rabies,
        kind="new",
        on=D(2026, 10, 2),
        payment=Payment(method="cash", amount=Decimal("9.00")),
        actor=clerk,
    )
    return dog


def _served(officer: Any, dog: Dog, designated: dt.date, served: dt.date) -> DangerousDogCase:
    case = services.designate(
        dog=dog,
        authority="animal_control_authority",
        criteria=["substantial_or_great_bodily_harm"],
        exemptions=[],
        factual_basis="An unprovoked bite inflicting substantial bodily harm (stitches).",
        incidents=[INCIDENT],
        on=designated,
        actor=officer,
    )
    case = services.issue_notice(case=case, on=designated, actor=officer)
    case = services.record_service(
        case=case, served_on=served, method="personal", served_person="The owner", actor=officer
    )
    return DangerousDogCase.objects.get(pk=case.pk)


@pytest.fixture
def cases(django_user_model: Any) -> dict[str, DangerousDogCase]:
    """Four cases on 2026-11-29, each its own dog:

    - ``in_days``: served Mon 2026-11-23, within the days to request a hearing (a spoken request
      and a written one are offered);
    - ``after_days``: served Wed 2026-10-28, the days over on Thu 2026-11-12 (a written request
      received on an earlier day, or too late, is offered, and the designation standing);
    - ``pending``: a request in time on 2026-11-02, the hearing scheduled for 2026-11-12 and not
      yet held (the state's clock waits beside the city's; the owner's interim duty);
    - ``upheld``: the same, heard 2026-11-12 and upheld by the order of 2026-11-16 (both clocks).
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
    made = {
        "in_days": _served(officer, _dog(admin, "Rex"), D(2026, 11, 20), D(2026, 11, 23)),
        "after_days": _served(officer, _dog(admin, "Duke"), D(2026, 10, 26), D(2026, 10, 28)),
    }
    for key, name in (("pending", "Max"), ("upheld", "Bruno")):
        case = _served(officer, _dog(admin, name), D(2026, 10, 26), D(2026, 10, 28))
        services.receive_hearing_request(
            case=case,
            received_on=D(2026, 11, 2),
            requested_by="The owner",
            in_writing=True,
            actor=officer,
        )
        services.schedule_hearing(
            case=case,
            scheduled_at=dt.datetime(2026, 11, 12, 10, 0, tzinfo=CHICAGO),
            place="Nowthen City Hall, council chambers",
            on=D(2026, 11, 3),
            actor=officer,
        )
        if key == "upheld":
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
        made[key] = DangerousDogCase.objects.get(pk=case.pk)
    return made


def _url(case: DangerousDogCase, query: str = "") -> str:
    return f"/dangerous-dogs/{case.number}/{query}"


def test_the_dangerous_dog_pages_of_issue_26_have_no_wcag_violation(
    axe_alone: Axe,  # noqa: F811
    cases: dict[str, DangerousDogCase],
) -> None:
    axe, page = axe_alone, axe_alone.page
    # given the Administrator, shown every step of every case (the superset of the roles' forms)
    sign_in_as(axe, "admin")
    # when each case page is opened with its new steps
    in_days, after_days = cases["in_days"], cases["after_days"]
    axe.open("within the days: the spoken request offered", _url(in_days))
    expect(page.locator("#step-oral_request-section")).to_be_visible()
    bad_submit(axe, "#step-oral_request-section", "Record it (not a request)")
    expect(page.locator("#errors-oral_request")).to_be_focused()
    axe.check("the spoken request sent back with its errors")
    axe.open("after the days: the written request received earlier offered", _url(after_days))
    expect(page.locator("#step-late_request-section")).to_be_visible()
    bad_submit(axe, "#step-late_request-section", "Record the written request")
    expect(page.locator("#errors-late_request")).to_be_focused()
    axe.check("the written request received earlier sent back with its errors")
    # a spoken request after the days, posted from a page that still offered it: refused
    page.goto(f"{axe.base}{_url(in_days)}")
    page.evaluate(
        "(action) => { const f = document.querySelector('#step-oral_request-section form');"
        " f.action = action; f.submit(); }",
        f"/dangerous-dogs/{after_days.number}/steps/oral_request/",
    )
    page.wait_for_load_state("load")
    expect(page.locator("#errors-stray")).to_contain_text("the days to request a hearing ended")
    axe.check("a spoken request after the days, refused with the rules' finding")
    # the state's clock beside the city's: while the hearing is pending, and after the order
    axe.open("a hearing pending: the clock notes", _url(cases["pending"]))
    expect(page.locator("#clock-notes")).to_be_visible()
    axe.open("after the order: the state's clock and the city's", _url(cases["upheld"]))
    expect(page.locator("#deadlines")).to_contain_text("347.54")
    # where a case stood on a past day: a day, a day out of range, no date
    upheld = cases["upheld"]
    axe.open("a past day: pending", _url(upheld, "?as_of=2026-11-05#as-of"))
    expect(page.locator("#as-of-state")).to_contain_text("Thu 2026-11-05")
    axe.open("a past day: after the order", _url(upheld, "?as_of=2026-11-20#as-of"))
    axe.open("a past day before the designation", _url(upheld, "?as_of=2020-01-01#as-of"))
    expect(page.locator("#as-of [role=alert]")).to_contain_text("Give a day from")
    expect(page.locator("#as-of-day")).to_have_attribute("aria-describedby", "as-of-problem")
    axe.open("a past day that is no date", _url(upheld, "?as_of=yesterday#as-of"))
    expect(page.locator("#as-of [role=alert]")).to_contain_text("YYYY-MM-DD")
    # the deadline calculator's other clock: its error, then both clocks beside each other
    page.goto(f"{axe.base}/deadline/")
    page.get_by_label("Date of the triggering event").fill("2026-11-16")
    page.get_by_label("Deadline rule").select_option("dangerous_dog.registration")
    page.get_by_label("The other clock's date (dangerous-dog registration only)").fill("0001-01-01")
    page.get_by_role("button", name="Compute due date").click()
    expect(page.locator("#id_other_date_error")).to_be_visible()
    axe.check("deadline calculator: the other clock's date refused (htmx)")
    page.get_by_label("The other clock's date (dangerous-dog registration only)").fill("2026-10-26")
    page.get_by_role("button", name="Compute due date").click()
    expect(page.locator("#beside")).to_be_visible()
    axe.check("deadline calculator: the state's clock beside the city's (htmx)")
    # then axe finds nothing
    assert axe.found == {}, axe.report()
    assert axe.checked == 13


def test_the_new_dangerous_dog_forms_work_by_keyboard_alone(
    axe_alone: Axe,  # noqa: F811
    cases: dict[str, DangerousDogCase],
) -> None:
    axe, page = axe_alone, axe_alone.page
    sign_in_as(axe, "officer")
    base = axe.base
    in_days, after_days = cases["in_days"], cases["after_days"]
    # a spoken request, within the days: recorded, and no request
    fill_by_keyboard(
        page,
        f"{base}{_url(in_days)}#step-oral_request",
        "#step-oral_request-section form",
        {
            "oral_request-received_on": D(2026, 11, 27),
            "oral_request-requested_by": "Sam Owner",
            "oral_request-note": "Told the owner to write; the last day is December 7.",
        },
        "Record it (not a request)",
    )
    expect(page.get_by_role("status").first).to_contain_text("a spoken request is not a request")
    expect(page.locator("#case-state")).to_contain_text("served")
    assert list(
        in_days.events.filter(kind="oral_hearing_request").values_list("on", flat=True)
    ) == [D(2026, 11, 27)]
    # a written request received too late, entered after the days: kept and flagged
    fill_by_keyboard(
        page,
        f"{base}{_url(after_days)}#step-late_request",
        "#step-late_request-section form",
        {
            "late_request-received_on": D(2026, 11, 16),
            "late_request-received_time": dt.time(9, 30),
            "late_request-requested_by": "Lee Owner",
        },
        "Record the written request",
    )
    expect(page.get_by_role("status").first).to_contain_text("kept and flagged")
    expect(page.locator(".dogtag-flagged-request")).to_contain_text("2026-11-16 09:30")
    flagged = after_days.flagged_hearing_requests.get()
    assert (flagged.received_at, flagged.request_by) == (
        dt.datetime(2026, 11, 16, 9, 30, tzinfo=CHICAGO),
        "Lee Owner",
    )
    axe.check("the case page with a request flagged for the Hearing Officer")
    # the past-day view, by keyboard
    fill_by_keyboard(
        page,
        f"{base}{_url(cases['upheld'])}#as-of-heading",
        "#as-of form",
        {"as_of": D(2026, 11, 5)},
        "Show",
    )
    expect(page.locator("#as-of-state")).to_contain_text("Thu 2026-11-05")
    # the deadline calculator with the other clock's date (an htmx swap: wait for its result)
    fill_by_keyboard(
        page,
        f"{base}/deadline/",
        "#deadline-panel form",
        {
            "trigger_date": D(2026, 11, 16),
            "rule": "dangerous_dog.registration",
            "other_date": D(2026, 10, 26),
        },
        "Compute due date",
    )
    expect(page.locator("#beside")).to_contain_text("347.54")
    assert axe.found == {}, axe.report()
