"""A new resident's (3-2-2.E) and a new owner's (3-2-2.F) application online: the resident says
which applies and the day the thirty days run from; the page shows the core's finding before
submitting (the penalty or not, the last day counted per Minn. Stat. 645.15, the section); the
clerk's queue issues it through the counter's services with those facts."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.test import Client

from dogtag.applications.models import OnlineApplication
from dogtag.licensing.models import Dog, License, Owner, OwnershipChange, Receipt
from dogtag.records.models import Decision
from dogtag.records.services import city_params

from .conftest import CERTIFICATE, NEW_HOUSEHOLD, certificate_file, posted

pytestmark = pytest.mark.django_db
BASE = "/residents/applications/"
TODAY = dt.date(2026, 11, 29)  # a Sunday (the residents' tests' frozen day)
FEE = Decimal("3.00")  # the one-year fee of the test certificate (tests/applications)
PREVIOUS = {
    "previous_owner_name": "Robin Aalto",
    "previous_owner_street": "6500 Nowthen Blvd NW",
    "previous_owner_city": "Nowthen",
    "previous_owner_phone": "763-555-0188",
}
DATE_FIELD = {"new_resident": "resident_since", "change_of_ownership": "ownership_changed_on"}
SECTION = {"new_resident": "3-2-2.E", "change_of_ownership": "3-2-2.F"}


def form_data(kind: str, start: dt.date, **changes: object) -> dict[str, object]:
    data = {**NEW_HOUSEHOLD, **CERTIFICATE, "kind": kind, DATE_FIELD[kind]: start, **changes}
    if kind == "change_of_ownership":
        data = {**PREVIOUS, **data}
    return posted(data)


def penalty_amount() -> Decimal:
    return city_params().get("fees.license_penalty", TODAY).decimal


def apply(client: Client, kind: str, start: dt.date, **changes: object) -> OnlineApplication:
    data = {**form_data(kind, start, **changes), "certificate_file": certificate_file()}
    response = client.post(f"{BASE}new/", data)
    assert response.status_code == 302, response.content.decode()
    return OnlineApplication.objects.latest("pk")


def finding(application: OnlineApplication, rule: str) -> dict:
    return next(f for f in application.findings if f["rule"] == rule)


# Day 30 after the start, counted per 645.15; a last day on a weekend moves to the Monday.
CASES = [
    # start, last day, late?
    (dt.date(2026, 11, 10), dt.date(2026, 12, 10), False),  # day 30 a Thursday, well inside
    (dt.date(2026, 10, 29), dt.date(2026, 11, 30), False),  # day 30 Sat 11-28: moves to Mon
    (dt.date(2026, 10, 30), dt.date(2026, 11, 30), False),  # day 30 is today, a Sunday
    (dt.date(2026, 10, 28), dt.date(2026, 11, 27), True),  # day 30 Friday 11-27: two days late
    (dt.date(2026, 10, 1), dt.date(2026, 11, 2), True),  # day 30 Sat 10-31: due Mon 11-02
]


@pytest.mark.parametrize("kind", ["new_resident", "change_of_ownership"])
@pytest.mark.parametrize(("start", "due", "late"), CASES)
def test_the_resident_sees_the_period_and_the_penalty_before_sending(
    resident, kind, start, due, late
):
    # Given a resident who says they moved in (E) or became the owner (F) on ``start``
    application = apply(resident, kind, start)
    # Then the core's penalty finding counts the period from that day, citing E or F
    penalty = finding(application, "license.penalty")
    assert application.kind == kind
    assert penalty["outcome"] == ("penalty" if late else "no_penalty")
    assert penalty["sections"][0] == SECTION[kind]
    assert penalty["deadline"]["trigger_date"] == start.isoformat()
    assert penalty["deadline"]["due"] == due.isoformat()
    amount = finding(application, "license.amount_due")["details"]
    assert Decimal(str(amount["total"])) == FEE + (penalty_amount() if late else 0)
    # And the page says so in the resident's words, before anything is sent
    page = resident.get(f"{BASE}{application.pk}/").content.decode()
    event = "you became a resident of Nowthen" if kind == "new_resident" else (
        "you became the dog’s owner"
    )  # fmt: skip
    assert (
        f"The ordinance allows 30 days after {event} ({start:%b}. {start.day}, {start.year}), "
        "counted as Minnesota law counts days (Minn. Stat. 645.15): the last day is "
        f"{due:%b}. {due.day}, {due.year}."
    ) in page
    said = f"A late penalty of ${penalty_amount()}" if late else "No late penalty applies."
    assert said in page
    assert f'<span class="dogtag-citation">{SECTION[kind]}</span>' in page
    assert application.status == OnlineApplication.Status.DRAFT


@pytest.mark.parametrize("kind", ["new_resident", "change_of_ownership"])
def test_the_date_the_period_runs_from_is_asked_and_nothing_stored_without_it(resident, kind):
    data = {**form_data(kind, TODAY), DATE_FIELD[kind]: "", "certificate_file": certificate_file()}
    response = resident.post(f"{BASE}new/", data)
    assert response.status_code == 400
    message = {
        "new_resident": "Give the day you moved into Nowthen.",
        "change_of_ownership": "Give the day you became the dog’s owner.",
    }[kind]
    assert message in response.content.decode()
    assert OnlineApplication.objects.count() == 0


def test_the_form_and_the_period_are_in_spanish(resident):
    page = resident.get(f"{BASE}new/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Me mudé a Nowthen con mi perro (Código de la Ciudad 3-2-2.E)" in page
    assert "Soy el nuevo dueño del perro (Código de la Ciudad 3-2-2.F)" in page
    application = apply(resident, "new_resident", dt.date(2026, 11, 10))
    page = resident.get(f"{BASE}{application.pk}/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert (
        "La ordenanza da 30 días después de que usted se hizo residente de Nowthen "
        "(10 de noviembre de 2026), contados como cuenta los días la ley de Minnesota "
        "(Minn. Stat. 645.15): el último día es el 10 de diciembre de 2026."
    ) in page


def send(client: Client, application: OnlineApplication) -> None:
    assert client.post(f"{BASE}{application.pk}/submit/").status_code == 302
    application.refresh_from_db()
    assert application.status == OnlineApplication.Status.RECEIVED


def issue(office: Client, application: OnlineApplication, amount: Decimal):
    return office.post(
        f"/office/online-applications/{application.pk}/issue/",
        {"method": "cash", "amount": f"{amount:.2f}", "payer": "", "reference": ""},
    )


@pytest.mark.parametrize(
    ("start", "late"), [(dt.date(2026, 11, 10), False), (dt.date(2026, 10, 1), True)]
)
def test_the_clerk_issues_a_new_residents_license_with_the_same_decision(
    resident, office, start, late
):
    application = apply(resident, "new_resident", start, licensed_elsewhere="on")
    send(resident, application)
    # the queue shows the kind and the day the period runs from
    page = office.get(f"/office/online-applications/{application.pk}/").content.decode()
    assert '<td id="typed-kind">New resident</td>' in page
    assert (
        f'<td id="typed-resident-since">{start.isoformat()}; holds another municipality'
        in page.replace("&#x27;", "'")
    )
    total = FEE + (penalty_amount() if late else 0)
    assert f'name="amount" value="{total:.2f}"' in page
    # when the clerk records the payment
    assert issue(office, application, total).status_code == 302
    application.refresh_from_db()
    license_ = application.license
    # then the license is the counter's: kind, owner's residence date, receipt, decision
    assert license_.kind == "new_resident"
    assert license_.owner.resident_since == start
    assert Receipt.objects.get(license=license_).total == total
    decision = Decision.objects.filter(action__startswith="license.issue.").latest("pk")
    penalty = next(f for f in decision.findings if f["rule"] == "license.penalty")
    assert penalty["outcome"] == ("penalty" if late else "no_penalty")
    assert penalty["sections"][0] == "3-2-2.E"
    assert "A license from another municipality does not replace the city's" in penalty["message"]


@pytest.mark.parametrize(
    ("start", "late"), [(dt.date(2026, 11, 10), False), (dt.date(2026, 10, 1), True)]
)
def test_the_clerk_issues_a_new_owners_license_recording_the_change(resident, office, start, late):
    application = apply(resident, "change_of_ownership", start)
    send(resident, application)
    page = office.get(f"/office/online-applications/{application.pk}/").content.decode()
    assert f'<td id="typed-ownership-changed-on">{start.isoformat()}</td>' in page
    assert "Robin Aalto, 6500 Nowthen Blvd NW, Nowthen, +17635550188" in page
    total = FEE + (penalty_amount() if late else 0)
    assert issue(office, application, total).status_code == 302
    application.refresh_from_db()
    license_ = application.license
    assert license_.kind == "change_of_ownership"
    change = OwnershipChange.objects.get(dog=license_.dog)
    assert (change.from_owner.name, change.to_owner, change.changed_on) == (
        "Robin Aalto",
        license_.owner,
        start,
    )
    assert license_.owner.name == "Sam Whitebird"
    assert Receipt.objects.get(license=license_).total == total
    decision = Decision.objects.filter(action__startswith="license.issue.").latest("pk")
    penalty = next(f for f in decision.findings if f["rule"] == "license.penalty")
    assert penalty["outcome"] == ("penalty" if late else "no_penalty")
    assert penalty["sections"][0] == "3-2-2.F"


def test_a_new_owner_who_does_not_know_the_previous_owner_is_not_issued_and_nothing_written(
    resident, office
):
    blank = dict.fromkeys(PREVIOUS, "")
    application = apply(resident, "change_of_ownership", dt.date(2026, 11, 10), **blank)
    send(resident, application)
    counts = (Owner.objects.count(), Dog.objects.count(), License.objects.count())
    response = issue(office, application, FEE)
    assert response.status_code == 400
    assert "their name, address and phone number are needed" in response.content.decode()
    application.refresh_from_db()
    assert application.status == OnlineApplication.Status.RECEIVED
    assert (Owner.objects.count(), Dog.objects.count(), License.objects.count()) == counts
    assert OwnershipChange.objects.count() == 0
