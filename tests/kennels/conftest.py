"""Kennel records for the tests: a clerk, an owner on a 5-acre parcel, neighbours drawn in feet."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
import time_machine

from dogtag.kennels import services
from dogtag.kennels.models import (
    ApplicationEvent,
    CommercialKennelApplication,
    CommercialKennelLicense,
    KennelCondition,
    KennelInspection,
    NoticeRecipient,
    PrivateKennelLicense,
)
from dogtag.licensing import services as desk
from dogtag.licensing.models import Receipt
from dogtag.parcels.models import Parcel
from dogtag.records.models import Decision, NumberSequence

D = dt.date
TODAY = D(2026, 11, 29)
CHICAGO = dt.timezone(dt.timedelta(hours=-6))


@pytest.fixture(autouse=True)
def frozen_today():
    # 10:00 in Nowthen on 2026-11-29
    with time_machine.travel(dt.datetime(2026, 11, 29, 16, 0, tzinfo=dt.UTC), tick=False):
        yield


def square(x: float, y: float, size: float = 660.0, height: float | None = None) -> dict[str, Any]:
    """A rectangle in feet from (x, y): 660 ft square is 10 acres."""
    h = size if height is None else height
    return {
        "type": "Polygon",
        "coordinates": [[[x, y], [x + size, y], [x + size, y + h], [x, y + h], [x, y]]],
    }


def make_parcel(pin: str, boundary: dict[str, Any], **fields: Any) -> Parcel:
    defaults = {
        "address": f"{pin[-3:]} Viking Blvd NW",
        "acres": Decimal("10.000"),
        "owner_names": f"Owner of {pin}",
        "mailing_street": f"{pin[-3:]} Viking Blvd NW",
        "mailing_city": "Nowthen",
        "mailing_state": "MN",
        "mailing_postal_code": "55330",
    }
    defaults.update(fields)
    return Parcel.objects.create(pin=pin, boundary=boundary, **defaults)


@pytest.fixture
def clerk(django_user_model):
    return django_user_model.objects.create_user("clerk1", password="x" * 12)


@pytest.fixture
def parcel(db):
    return make_parcel(
        "R01-0001",
        square(0, 0),
        address="7120 Viking Blvd NW",
        owner_names="Pat and Lee Gustafson",
    )


@pytest.fixture
def other_parcel(db):
    return make_parcel("R01-0002", square(5000, 0), address="7300 Viking Blvd NW")


@pytest.fixture
def owner(clerk, parcel):
    return desk.register_owner(
        actor=clerk,
        name="Pat Gustafson",
        street="7120 Viking Blvd NW",
        postal_code="55303",
        phone="763-555-0142",
        parcel=parcel,
    )


@pytest.fixture
def neighbour_owner(clerk, other_parcel):
    return desk.register_owner(
        actor=clerk,
        name="Robin Nyberg",
        street="7300 Viking Blvd NW",
        postal_code="55303",
        phone="763-555-0199",
        parcel=other_parcel,
    )


def cash(amount: str) -> services.Payment:
    return services.Payment(method="cash", amount=Decimal(amount))


def snapshot() -> dict[str, object]:
    """Everything a kennel action may write, to show a refusal changed nothing."""
    return {
        "private": list(PrivateKennelLicense.objects.values()),
        "applications": list(CommercialKennelApplication.objects.values()),
        "commercial": list(CommercialKennelLicense.objects.values()),
        "recipients": NoticeRecipient.objects.count(),
        "conditions": KennelCondition.objects.count(),
        "inspections": KennelInspection.objects.count(),
        "receipts": Receipt.objects.count(),
        "decisions": Decision.objects.filter(outcome="done").count(),
        "sequences": list(NumberSequence.objects.values()),
        "private_history": PrivateKennelLicense.history.count(),
        "application_history": CommercialKennelApplication.history.count(),
        "events": list(ApplicationEvent.objects.values()),
    }


def hearing_time(day: dt.date | None = None, hour: int = 19) -> dt.datetime:
    day = day or D(2026, 11, 20)
    return dt.datetime(day.year, day.month, day.day, hour, 0, tzinfo=CHICAGO)


@pytest.fixture
def application(clerk, owner, parcel):
    """A commercial kennel application received 2026-10-01, fees paid."""
    return services.apply_for_commercial_kennel(
        applicant=owner,
        parcel=parcel,
        dogs_requested=20,
        on=D(2026, 10, 1),
        payment=cash("275.00"),
        actor=clerk,
        business_name="Rum River Kennels",
        description="Boarding kennel, one heated building and four runs.",
    )


def take_to_council(application, clerk, *, approved=True, conditions=()):
    services.schedule_hearing(
        application=application,
        hearing_at=hearing_time(),
        place="Nowthen City Hall, council chambers",
        actor=clerk,
        on=D(2026, 10, 5),
    )
    services.draw_notice_list(application=application, on=D(2026, 10, 20), actor=clerk)
    services.record_notice_mailed(application=application, mailed_on=D(2026, 10, 22), actor=clerk)
    services.record_hearing_held(application=application, on=D(2026, 11, 20), actor=clerk)
    services.record_recommendation(
        application=application, recommendation="approve", on=D(2026, 11, 20), actor=clerk
    )
    services.record_council_decision(
        application=application,
        approved=approved,
        on=D(2026, 11, 24),
        actor=clerk,
        resolution="2026-31",
        council_conditions=conditions,
    )
    application.refresh_from_db()
    return application
