"""WCAG 2.1 AA and keyboard use of the complaint forms issue 26 added (3-2-7.A-E, 3-2-4): each
subsection's findings form with the dog and whom the duty falls on (at large, damage, the acts of
C and E, the animal in a vehicle, the typed noise times), each sent back with its errors and
filled and sent by keyboard both ways (a violation found, none found); the form naming the person
of a violation found naming no one; the complainant's withdrawal; and the reopening of a closed
complaint on new evidence.

The records are made here, on the suite's day, Sunday 2026-11-29 (``city_today``): no demo town.
"""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import expect

from dogtag.complaints import services
from dogtag.complaints.models import Complaint, ComplaintFinding
from dogtag.licensing import services as desk
from dogtag.records.roles import ADMINISTRATOR, ANIMAL_CONTROL_OFFICER, CLERK, ensure_roles
from tests.browser.axe_alone import axe_alone, bad_submit  # noqa: F401
from tests.browser.keyboard import fill_by_keyboard
from tests.browser.test_accessibility import Axe, sign_in_as

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("city_today"),
]
D = dt.date
NIGHT = dt.datetime(2026, 11, 20, 22, 0, tzinfo=ZoneInfo("America/Chicago"))
#: The kinds of complaint, each with the findings form its page offers: (URL of the form's
#: action, its button).
FORMS = {
    "at_large": ("findings/at-large/", "Record and apply 3-2-7.D"),
    "damage": ("findings/damage/", "Record and apply 3-2-7.B"),
    "aggression": ("findings/acts/", "Record the acts"),
    "chasing": ("findings/acts/", "Record the acts"),
    "vehicle": ("findings/vehicle/", "Record and apply 3-2-4"),
    "barking": ("evidence/times/", "Record the times"),
}


@pytest.fixture
def complaints(django_user_model: Any) -> dict[str, Complaint]:
    """On 2026-11-29, each about Biscuit (owner of record Pat Gustafson) but the vehicle one:

    - one open complaint of each kind (``FORMS``);
    - ``unnamed``: barking found a nuisance from typed times that named no one;
    - ``closed``: at large, withdrawn by the complainant and closed as withdrawn.
    """
    groups = ensure_roles()
    for name, role in (
        ("clerk", CLERK),
        ("officer", ANIMAL_CONTROL_OFFICER),
        ("admin", ADMINISTRATOR),
    ):
        user = django_user_model.objects.create_user(name, password="x" * 12)
        user.groups.add(groups[role])
    clerk = django_user_model.objects.get(username="clerk")
    officer = django_user_model.objects.get(username="officer")
    owner = desk.register_owner(
        actor=clerk,
        name="Pat Gustafson",
        street="7120 Viking Blvd NW",
        postal_code="55303",
        phone="763-555-0142",
    )
    dog = desk.register_dog(
        owner=owner,
        actor=clerk,
        name="Biscuit",
        breed="Labrador retriever",
        color="Yellow",
        sex="female",
        born=D(2022, 5, 1),
    )

    def receive(kind: str) -> Complaint:
        return services.receive_complaint(
            kind=kind,
            occurred_at=NIGHT,
            narrative="Seen from the road.",
            address="Cenex lot, Viking Blvd" if kind == "vehicle" else "7120 Viking Blvd NW",
            complainant_name="Lee Anders",
            dogs=[] if kind == "vehicle" else [dog],
            actor=clerk,
        )

    made = {kind: receive(kind) for kind in FORMS}
    made["unnamed"] = receive("barking")
    services.add_noise_times(
        made["unnamed"],
        noises=[NIGHT + dt.timedelta(seconds=s) for s in range(0, 301, 30)],
        description="Heard from the road",
        on=D(2026, 11, 29),
        actor=officer,
    )
    made["closed"] = receive("at_large")
    services.withdraw(made["closed"], on=D(2026, 11, 29), note="By phone.", actor=officer)
    services.close(
        made["closed"], outcome="withdrawn", decided_on=D(2026, 11, 29), note="", actor=officer
    )
    return made


def _form(complaint: Complaint, action: str) -> str:
    return f'form[action="/complaints/{complaint.number}/{action}"]'


def test_the_complaint_pages_of_issue_26_have_no_wcag_violation(
    axe_alone: Axe,  # noqa: F811
    complaints: dict[str, Complaint],
) -> None:
    axe, page = axe_alone, axe_alone.page
    # given the Administrator (every form the officer is shown, and the private data)
    sign_in_as(axe, "admin")
    # when each kind's page is opened, and its findings form sent back with its errors: a duty
    # on another person without naming them, or no answer at all
    for kind, (action, button) in FORMS.items():
        complaint = complaints[kind]
        axe.open(f"{kind}: the findings form", f"/complaints/{complaint.number}/")
        form = page.locator(_form(complaint, action))
        if kind in ("at_large", "chasing", "aggression"):
            form.locator("label", has_text="Another person who kept").click()
        bad_submit(axe, _form(complaint, action), button)
        expect(page.locator(".dogtag-error-summary")).to_be_focused()
        axe.check(f"{kind}: the findings form sent back with its errors")
    # a violation found naming no one: the form naming the person, sent back without a name
    unnamed = complaints["unnamed"]
    axe.open("a violation waiting for its person", f"/complaints/{unnamed.number}/")
    page.locator(_form(unnamed, "findings/duty/")).locator(
        "label", has_text="Another person who kept"
    ).click()
    bad_submit(axe, _form(unnamed, "findings/duty/"), "Record whom the duty falls on")
    expect(page.locator(".dogtag-error-summary")).to_contain_text("Name the person")
    axe.check("the person of a violation, sent back without a name")
    # the withdrawal sent back empty; the reopening of a closed complaint sent back empty
    open_ = complaints["at_large"]
    axe.open("withdrawal form", f"/complaints/{open_.number}/#outcome")
    bad_submit(axe, _form(open_, "withdraw/"), "Record the withdrawal")
    expect(page.locator(".dogtag-error-summary")).to_be_focused()
    axe.check("the withdrawal sent back with its errors")
    closed = complaints["closed"]
    axe.open("a closed complaint, to reopen", f"/complaints/{closed.number}/")
    bad_submit(axe, _form(closed, "reopen/"), "Reopen the complaint")
    expect(page.locator(".dogtag-error-summary")).to_be_focused()
    axe.check("the reopening sent back with its errors")
    # then axe finds nothing
    assert axe.found == {}, axe.report()
    assert axe.checked == 2 * len(FORMS) + 6


def test_the_new_complaint_forms_work_by_keyboard_alone_both_ways(
    axe_alone: Axe,  # noqa: F811
    complaints: dict[str, Complaint],
) -> None:
    axe, page = axe_alone, axe_alone.page
    base = axe.base
    sign_in_as(axe, "officer")
    dog = complaints["at_large"].dogs.get()

    def by_keys(complaint: Complaint, action: str, values: dict[str, Any], button: str) -> None:
        fill_by_keyboard(
            page,
            f"{base}/complaints/{complaint.number}/#findings",
            _form(complaint, action),
            values,
            button,
        )
        expect(page.get_by_role("status").first).to_be_visible()

    # a violation found, the duty on the owner of record; and none found, both by keyboard
    by_keys(
        complaints["at_large"],
        "findings/at-large/",
        {
            "atlarge-off_owner_premises": True,
            "atlarge-dog": str(dog.pk),
            "atlarge-duty": "owner_of_record",
        },
        FORMS["at_large"][1],
    )
    by_keys(
        complaints["damage"],
        "findings/damage/",
        {
            "damage-damage_done": "no",
            "damage-damaged_owner_own": "no",
            "damage-in_defense_of": "none",
        },
        FORMS["damage"][1],
    )
    by_keys(
        complaints["aggression"],
        "findings/acts/",
        {"acts-none_found": True},
        FORMS["aggression"][1],
    )
    by_keys(
        complaints["chasing"],
        "findings/acts/",
        {
            "acts-acts": "chased_vehicle",
            "acts-on_public_grounds_streets_or_highways": "yes",
            "acts-duty": "keeper",
            "acts-person": "Sam Keeper",
        },
        FORMS["chasing"][1],
    )
    by_keys(
        complaints["vehicle"],
        "findings/vehicle/",
        {
            "vehicle-animal": "dog",
            "vehicle-vehicle": "Blue Ford Focus, MN ABC123",
            "vehicle-conditions": "88 °F, windows closed, dog panting",
            "vehicle-left_unattended": True,
            "vehicle-vehicle_standing_or_parked": True,
            "vehicle-health_or_safety_endangered": True,
            "attempt-0-on": D(2026, 11, 28),
            "attempt-0-time": dt.time(14, 5),
            "attempt-0-how": "phone from the plate",
            "vehicle-duty": "person_who_left",
            "vehicle-person": "Alex Driver",
        },
        FORMS["vehicle"][1],
    )
    by_keys(
        complaints["barking"],
        "evidence/times/",
        {"times-none_heard": True},
        FORMS["barking"][1],
    )
    # the person of a violation found naming no one
    by_keys(
        complaints["unnamed"],
        "findings/duty/",
        {"duty-duty": "owner_of_record"},
        "Record whom the duty falls on",
    )
    # the complainant withdraws; a closed complaint reopened on new evidence
    fill_by_keyboard(
        page,
        f"{base}/complaints/{complaints['aggression'].number}/#outcome",
        _form(complaints["aggression"], "withdraw/"),
        {"withdraw-on": D(2026, 11, 29), "withdraw-note": "By phone to the desk."},
        "Record the withdrawal",
    )
    expect(page.get_by_role("status").first).to_be_visible()
    fill_by_keyboard(
        page,
        f"{base}/complaints/{complaints['closed'].number}/#outcome",
        _form(complaints["closed"], "reopen/"),
        {"reopen-on": D(2026, 11, 29), "reopen-new_evidence": "A neighbour's video."},
        "Reopen the complaint",
    )
    expect(page.locator("#complaint-status")).to_have_text("under investigation")
    axe.check("a complaint reopened on new evidence")
    assert [(e.kind, e.note) for e in complaints["aggression"].log.all()] == [
        ("withdrawn", "By phone to the desk.")
    ]
    assert [e.kind for e in complaints["closed"].log.order_by("pk")] == ["withdrawn", "reopened"]
    # then each finding is stored as sent, both ways, with whom the duty falls on (the
    # background barking finding naming no one stays, beside the one naming the owner)
    stored = sorted(
        (f.complaint.number, f.rule, f.outcome, f.duty, f.person)
        for f in ComplaintFinding.objects.select_related("complaint")
    )
    number = {kind: complaints[kind].number for kind in (*FORMS, "unnamed")}
    pat = ("owner_of_record", "Pat Gustafson")
    assert stored == sorted(
        [
            (number["at_large"], "nuisance.at_large", "at_large", *pat),
            (number["at_large"], "nuisance.excrement", "no_violation", "", ""),
            (number["damage"], "nuisance.damage", "no_damage", "", ""),
            (number["aggression"], "nuisance.aggression", "not_found", "", ""),
            (number["chasing"], "nuisance.chasing", "nuisance", "keeper", "Sam Keeper"),
            (
                number["vehicle"],
                "vehicle.animal_left",
                "misdemeanor",
                "person_who_left",
                "Alex Driver",
            ),
            (number["barking"], "nuisance.barking", "not_a_nuisance", "", ""),
            (number["unnamed"], "nuisance.barking", "nuisance", "", ""),
            (number["unnamed"], "nuisance.barking", "nuisance", *pat),
        ]
    )
    assert axe.found == {}, axe.report()
