import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.contrib.auth.models import Group

from dogtag.licensing import services as licensing
from dogtag.parcels.models import Parcel
from dogtag.records import roles

CHICAGO = ZoneInfo("America/Chicago")


@pytest.fixture(autouse=True)
def frozen_today():
    with time_machine.travel(dt.datetime(2026, 11, 29, 16, 0, tzinfo=dt.UTC), tick=False):
        yield


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def _user(django_user_model, name, role):
    user = django_user_model.objects.create_user(name, password="x" * 12)
    roles.ensure_roles()
    user.groups.add(Group.objects.get(name=role))
    return django_user_model.objects.get(pk=user.pk)  # fresh permission cache


@pytest.fixture
def clerk(db, django_user_model):
    return _user(django_user_model, "clerk1", roles.CLERK)


@pytest.fixture
def officer(db, django_user_model):
    return _user(django_user_model, "officer1", roles.ANIMAL_CONTROL_OFFICER)


@pytest.fixture
def parcel(db):
    return Parcel.objects.create(
        pin="R30-32-25-0001",
        address="7120 Viking Blvd NW",
        acres="10.000",
        owner_names="Pat Gustafson",
        boundary={
            "type": "Polygon",
            "coordinates": [[[0, 0], [660, 0], [660, 660], [0, 660], [0, 0]]],
        },
    )


@pytest.fixture
def owner(clerk, parcel):
    owner = licensing.register_owner(
        actor=clerk,
        name="Pat Gustafson",
        street="7120 Viking Blvd NW",
        postal_code="55303",
        phone="763-555-0142",
    )
    owner.parcel = parcel
    owner.save()
    return owner


@pytest.fixture
def dog(owner, clerk):
    return licensing.register_dog(
        owner=owner,
        actor=clerk,
        name="Biscuit",
        breed="Labrador retriever",
        color="Yellow",
        sex="female",
        sterilized=True,
        born=dt.date(2022, 5, 20),
    )
