"""The demo's dangerous-dog cases are walked through the case services."""

from __future__ import annotations

from decimal import Decimal

from dogtag.dangerous_dogs.demo import generate_cases
from dogtag.dangerous_dogs.models import DangerousDogCase
from dogtag.licensing import services as desk
from dogtag.licensing.receipts import Payment

from .conftest import D


def licensed_dog(clerk, name, street):
    owner = desk.register_owner(
        actor=clerk, name=f"Owner of {name}", street=street, phone="763-555-0150"
    )
    dog = desk.register_dog(
        owner=owner,
        actor=clerk,
        name=name,
        breed="Mixed",
        color="Brown",
        sex="male",
        born=D(2020, 1, 1),
    )
    rabies = desk.record_rabies_vaccination(
        dog=dog,
        actor=clerk,
        vaccinated_on=D(2026, 6, 30),
        expires_on=D(2027, 6, 30),
        veterinarian="Dr. Ana Lindqvist, DVM",
    )
    desk.issue_license(
        dog=dog,
        rabies=rabies,
        kind="new",
        on=D(2026, 7, 1),
        payment=Payment(method="cash", amount=Decimal("9.00")),  # fee + late penalty
        actor=clerk,
    )
    return dog


def test_two_demo_cases_one_registered_one_in_its_request_window(clerk, officer, hearing_officer):
    desk.add_tag_stock(prefix="T-", first=1, last=5, actor=clerk)
    first = licensed_dog(clerk, "Brutus", "18100 Nowthen Blvd NW")
    licensed_dog(clerk, "Tank", "18200 Nowthen Blvd NW")
    summary = generate_cases(
        on=D(2026, 11, 29), officer=officer, hearing_officer=hearing_officer, seed=1
    )
    assert summary.lines() == ["Dangerous-dog cases: DD2026-001, DD2026-002"]
    registered, served = DangerousDogCase.objects.order_by("number")
    assert (registered.dog, registered.state) == (first, "registered")
    assert served.state == "served"
    assert registered.events.count() >= 8


def test_a_third_dog_gets_a_case_whose_notice_waits_for_the_time(clerk, officer, hearing_officer):
    # given a town with a third licensed dog
    desk.add_tag_stock(prefix="T-", first=1, last=5, actor=clerk)
    for name, street in (
        ("Brutus", "18100 Nowthen Blvd NW"),
        ("Tank", "18200 Nowthen Blvd NW"),
        ("Duke", "18300 Nowthen Blvd NW"),
    ):
        licensed_dog(clerk, name, street)
    # when the demo's cases are made
    summary = generate_cases(
        on=D(2026, 11, 29), officer=officer, hearing_officer=hearing_officer, seed=1
    )
    # then the third is designated yesterday on an incident of 26 November, its time not known
    assert summary.lines() == ["Dangerous-dog cases: DD2026-001, DD2026-002, DD2026-003"]
    waiting = DangerousDogCase.objects.get(number="DD2026-003")
    assert (waiting.state, waiting.designated_on) == ("designated", D(2026, 11, 28))
    incident = waiting.incidents.get()
    assert (incident.occurred_on, incident.occurred_time) == (D(2026, 11, 26), None)
    assert incident.when == "2026-11-26, time not known"
