"""Dangerous-dog records for the tests: the roles, an owner with a licensed, vaccinated dog, and
a case walked up to any step (``walk``). "Today" is 10:00 in Nowthen on Sunday 2026-11-29."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.contrib.auth.models import Group

from dogtag.complaints.models import Complaint
from dogtag.dangerous_dogs import services
from dogtag.dangerous_dogs.models import (
    CaseEvent,
    DangerousDogCase,
    Hearing,
    Incident,
    Order,
    PendingCompliance,
    Registration,
)
from dogtag.licensing import services as desk
from dogtag.licensing.models import Receipt
from dogtag.licensing.receipts import Payment
from dogtag.records import roles
from dogtag.records.models import Decision

D = dt.date
CHICAGO = ZoneInfo("America/Chicago")
TODAY = D(2026, 11, 29)
BITE = dt.datetime(2026, 10, 20, 17, 45, tzinfo=CHICAGO)


@pytest.fixture(autouse=True)
def frozen_today():
    with time_machine.travel(dt.datetime(2026, 11, 29, 16, 0, tzinfo=dt.UTC), tick=False) as t:
        yield t


def _user(django_user_model, name, role, **names):
    user = django_user_model.objects.create_user(name, password="x" * 12, **names)
    roles.ensure_roles()
    user.groups.add(Group.objects.get(name=role))
    return django_user_model.objects.get(pk=user.pk)


@pytest.fixture
def officer(db, django_user_model):
    return _user(
        django_user_model,
        "officer1",
        roles.ANIMAL_CONTROL_OFFICER,
        first_name="Dana",
        last_name="Reyes",
    )


@pytest.fixture
def hearing_officer(db, django_user_model):
    return _user(
        django_user_model, "hearing1", roles.HEARING_OFFICER, first_name="Jo", last_name="Lind"
    )


@pytest.fixture
def clerk(db, django_user_model):
    return _user(django_user_model, "clerk1", roles.CLERK)


@pytest.fixture
def admin_user(db, django_user_model):
    return _user(django_user_model, "admin1", roles.ADMINISTRATOR)


@pytest.fixture
def owner(clerk):
    return desk.register_owner(
        actor=clerk,
        name="Pat Gustafson",
        street="7120 Viking Blvd NW",
        postal_code="55303",
        phone="763-555-0142",
    )


@pytest.fixture
def dog(owner, clerk):
    """Rex: licensed (rabies to 2027-10-01), not yet sterilized, microchip not yet recorded."""
    dog = desk.register_dog(
        owner=owner,
        actor=clerk,
        name="Rex",
        breed="German shepherd",
        color="Black and tan",
        sex="male",
        born=D(2021, 4, 2),
    )
    desk.add_tag_stock(prefix="2026-", first=1, last=5, actor=clerk)
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
        payment=Payment(method="cash", amount=Decimal("9.00")),  # fee + late penalty
        actor=clerk,
    )
    return dog


@pytest.fixture
def complaint(dog, officer):
    complaint = Complaint.objects.create(
        number="C2026-0007",
        kind=Complaint.Kind.AGGRESSION,
        received_by=officer,
        occurred_at=BITE,
        address="Viking Blvd NW at Nowthen Blvd",
        narrative="Rex bit a jogger on the calf.",
        owner=dog.owner,
    )
    complaint.dogs.set([dog])
    return complaint


def counts() -> tuple[int, ...]:
    return (
        DangerousDogCase.objects.count(),
        CaseEvent.objects.count(),
        Incident.objects.count(),
        Hearing.objects.count(),
        PendingCompliance.objects.count(),
        Order.objects.count(),
        Registration.objects.count(),
        Receipt.objects.count(),
        Decision.objects.filter(outcome="done").count(),
    )


INCIDENT = services.IncidentFacts(
    occurred_on=BITE.date(),
    occurred_time=BITE.time(),
    place="Viking Blvd NW at Nowthen Blvd, on the road shoulder",
    facts="Rex left the owner's yard, ran at a jogger and bit her left calf; she needed stitches.",
)


def designate(officer, dog, **changes):
    fields: dict[str, Any] = dict(
        dog=dog,
        authority="animal_control_authority",
        criteria=["substantial_or_great_bodily_harm"],
        exemptions=[],
        factual_basis="An unprovoked bite inflicting substantial bodily harm (stitches).",
        incidents=[INCIDENT],
        on=D(2026, 10, 26),
        actor=officer,
    )
    fields.update(changes)
    return services.designate(**fields)


def proof(**changes):
    fields: dict[str, Any] = dict(
        proper_enclosure="Locked chain-link kennel, 10 x 12 ft, roofed, on a concrete slab",
        signs_on_buildings=True,
        sign_on_enclosure=True,
        insurer="North Star Mutual",
        policy_number="NSM-445-2026",
        insurance_per_person=Decimal("500000.00"),
        insurance_per_incident=Decimal("1000000.00"),
        insurance_prepaid=True,
        insurance_expires_on=D(2027, 11, 1),
        microchip_manufacturer="HomeAgain",
        microchip_number="985 112 003 456 789",
        other_vaccinations_current=True,
        sterilized_on=D(2026, 11, 20),
        warning_symbols=3,
        tag_number="DD-0042",
    )
    fields.update(changes)
    return services.RegistrationProof(**fields)


FEE = Payment(method="check", amount=Decimal("500.00"), reference="1044")


def walk(step: str, officer, hearing_officer, dog) -> DangerousDogCase:
    """A case walked to ``step``: notice served Wed 2026-10-28 (window to Thu 2026-11-12, past
    Veterans Day), request Mon 2026-11-02, hearing Thu 2026-11-12, order Mon 2026-11-16."""
    steps = [
        "designated",
        "notice_issued",
        "served",
        "hearing_requested",
        "hearing_scheduled",
        "hearing_held",
        "dangerous",
        "registered",
    ]
    case = designate(officer, dog)
    for name in steps[1 : steps.index(step) + 1]:
        if name == "notice_issued":
            case = services.issue_notice(case=case, on=D(2026, 10, 26), actor=officer)
        elif name == "served":
            case = services.record_service(
                case=case,
                served_on=D(2026, 10, 28),
                method="personal",
                served_person="Pat Gustafson",
                actor=officer,
            )
        elif name == "hearing_requested":
            services.receive_hearing_request(
                case=case,
                received_on=D(2026, 11, 2),
                requested_by="Pat Gustafson",
                in_writing=True,
                actor=officer,
            )
        elif name == "hearing_scheduled":
            services.schedule_hearing(
                case=case,
                scheduled_at=dt.datetime(2026, 11, 12, 10, 0, tzinfo=CHICAGO),
                place="Nowthen City Hall, council chambers",
                on=D(2026, 11, 3),
                actor=officer,
            )
        elif name == "hearing_held":
            services.hold_hearing(
                case=case,
                held_on=D(2026, 11, 12),
                actor=hearing_officer,
                authority_represented_by="Officer Dana Reyes",
                owner_represented_by="Pat Gustafson, without counsel",
                witnesses="The jogger; Officer Reyes",
                evidence="Bite report; urgent care record; photos",
            )
        elif name == "dangerous":
            services.issue_order(
                case=case,
                issued_on=D(2026, 11, 16),
                disposition="upheld",
                findings_of_fact="Rex bit the jogger without provocation, causing stitches.",
                received_on=D(2026, 11, 17),
                actor=hearing_officer,
            )
        elif name == "registered":
            services.register(
                case=case, proof=proof(), payment=FEE, on=D(2026, 11, 29), actor=officer
            )
        case.refresh_from_db()
    return DangerousDogCase.objects.get(pk=case.pk)
