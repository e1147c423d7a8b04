import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from django.contrib.auth.models import Group
from django.test import Client

from dogtag.api import keys
from dogtag.licensing import services
from dogtag.records import roles

D = dt.date


@pytest.fixture(autouse=True)
def frozen_today():
    # 10:00 in Nowthen on 2026-11-29
    with time_machine.travel(dt.datetime(2026, 11, 29, 16, 0, tzinfo=dt.UTC), tick=False):
        yield


def make_user(django_user_model, name, role=None):
    user = django_user_model.objects.create_user(name, password="x" * 12)
    roles.ensure_roles()
    if role:
        user.groups.add(Group.objects.get(name=role))
    return django_user_model.objects.get(pk=user.pk)


@pytest.fixture
def admin_user(db, django_user_model):
    return make_user(django_user_model, "admin1", roles.ADMINISTRATOR)


@pytest.fixture
def clerk(db, django_user_model):
    return make_user(django_user_model, "clerk1", roles.CLERK)


ROLE_NAMES = {
    "clerk": roles.CLERK,
    "officer": roles.ANIMAL_CONTROL_OFFICER,
    "hearing": roles.HEARING_OFFICER,
    "admin": roles.ADMINISTRATOR,
}


@pytest.fixture
def key_for(admin_user):
    """``key_for("clerk")`` → an HTTP client carrying a fresh API key of that role."""

    def make(role: str) -> Client:
        if role == "clinic":
            issued = keys.issue_api_key(name="Rum River", clinic="Rum River", actor=admin_user)
        else:
            issued = keys.issue_api_key(name=role, role=ROLE_NAMES[role], actor=admin_user)
        return Client(headers={"Authorization": f"Bearer {issued.secret}"})

    return make


@pytest.fixture
def stock(clerk):
    return services.add_tag_stock(prefix="2026-", first=1, last=20, actor=clerk)


@pytest.fixture
def owner(clerk):
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


def fee() -> Decimal:
    return Decimal("3.00")
