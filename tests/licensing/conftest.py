import datetime as dt
from decimal import Decimal

import pytest
import time_machine

from dogtag.licensing import services
from dogtag.licensing.models import Dog, License, Receipt, Tag
from dogtag.licensing.receipts import Payment
from dogtag.records.models import Decision, NumberSequence

D = dt.date
TODAY = D(2026, 11, 29)


@pytest.fixture(autouse=True)
def frozen_today():
    # 10:00 in Nowthen on 2026-11-29
    with time_machine.travel(dt.datetime(2026, 11, 29, 16, 0, tzinfo=dt.UTC), tick=False):
        yield


@pytest.fixture
def clerk(django_user_model):
    return django_user_model.objects.create_user("clerk1", password="x" * 12)


@pytest.fixture
def stock(db, clerk):
    return services.add_tag_stock(prefix="2026-", first=1, last=20, actor=clerk)


@pytest.fixture
def owner(db, clerk):
    return services.register_owner(
        actor=clerk,
        name="Pat Gustafson",
        street="7120 Viking Blvd NW",
        postal_code="55303",
        phone="763-555-0142",
    )


@pytest.fixture
def dog(owner, clerk):
    return services.register_dog(
        owner=owner,
        actor=clerk,
        name="Biscuit",
        breed="Labrador retriever",
        color="Yellow",
        sex="female",
        sterilized=True,
        born=D(2026, 5, 20),
    )


@pytest.fixture
def rabies(dog, clerk):
    return services.record_rabies_vaccination(
        dog=dog,
        actor=clerk,
        vaccinated_on=D(2026, 10, 1),
        expires_on=D(2027, 10, 1),
        duration_years=1,
        veterinarian="Dr. Ana Lindqvist, DVM",
        clinic="Rum River Animal Hospital",
        certificate_number="RR-2026-0415",
    )


def cash(amount: str) -> Payment:
    return Payment(method="cash", amount=Decimal(amount))


def snapshot() -> dict[str, object]:
    """Everything a licensing action may write, to show a refusal changed nothing."""
    return {
        "licenses": list(License.objects.values()),
        "receipts": list(Receipt.objects.values()),
        "tags": list(Tag.objects.values()),
        "dogs": list(Dog.objects.values()),
        "decisions": Decision.objects.filter(outcome="done").count(),
        "sequences": list(NumberSequence.objects.values()),
        "license_history": License.history.count(),
        "tag_history": Tag.history.count(),
    }


@pytest.fixture
def juno(clerk, stock, owner):
    """A dog licensed in 2025 whose license expired 2026-09-10, with a three-year vaccination of
    2026-10-01: renewing it today is late (the 30 days ended 2026-11-02)."""
    dog = services.register_dog(
        owner=owner,
        actor=clerk,
        name="Juno",
        breed="Border collie",
        color="Black and white",
        sex="female",
        born=D(2025, 3, 1),
    )
    old = services.record_rabies_vaccination(
        dog=dog,
        actor=clerk,
        vaccinated_on=D(2025, 9, 10),
        expires_on=D(2026, 9, 10),
        veterinarian="Dr. Ana Lindqvist, DVM",
    )
    first = services.issue_license(
        dog=dog, rabies=old, kind="new", on=D(2025, 9, 20), payment=cash("3.00"), actor=clerk
    )
    new = services.record_rabies_vaccination(
        dog=dog,
        actor=clerk,
        vaccinated_on=D(2026, 10, 1),
        expires_on=D(2029, 10, 1),
        duration_years=3,
        veterinarian="Dr. Ana Lindqvist, DVM",
    )
    return dog, first, new
