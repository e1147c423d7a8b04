"""Shared by the parcel tests: today frozen in Nowthen, users in a role, and hand-made parcels
(feet, EPSG:26851)."""

import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from django.contrib.auth.models import Group

from dogtag.parcels.models import Parcel
from dogtag.records.roles import ADMINISTRATOR, CLERK

D = dt.date
TODAY = D(2026, 11, 29)
#: A corner near Nowthen in the working CRS (ftUS).
X0, Y0 = 2_760_000.0, 1_178_000.0


@pytest.fixture(autouse=True)
def frozen_today():
    # 10:00 in Nowthen on 2026-11-29
    with time_machine.travel(dt.datetime(2026, 11, 29, 16, 0, tzinfo=dt.UTC), tick=False):
        yield


@pytest.fixture
def user_in(db, django_user_model):
    """A user holding one role (an auth group of dogtag.records.roles), or none."""

    def make(username, role=None, **extra):
        user = django_user_model.objects.create_user(username, **extra)
        if role:
            user.groups.add(Group.objects.get(name=role))
        return user

    return make


@pytest.fixture
def clerk(user_in):
    return user_in("cora", CLERK, first_name="Cora", last_name="Lund")


@pytest.fixture
def administrator(user_in):
    return user_in("ada", ADMINISTRATOR, first_name="Ada", last_name="Berg")


def rectangle(x, y, width, height):
    """A GeoJSON Polygon, ``width`` by ``height`` feet with its south-west corner at (x, y)."""
    return {
        "type": "Polygon",
        "coordinates": [[[x, y], [x + width, y], [x + width, y + height], [x, y + height], [x, y]]],
    }


@pytest.fixture
def make_parcel(db):
    """A parcel with a rectangular boundary (330 ft deep), ``acres`` of it, fronting a road."""

    def make(pin, acres, *, x=X0, y=Y0, address="", **fields):
        width = float(Decimal(acres) * 43560 / 330)
        values = {
            "address": address or f"{pin} Test Ave NW",
            "acres": Decimal(acres),
            "owner_names": "TEST OWNER",
            "boundary": rectangle(x, y, width, 330),
            "road_centerline": {
                "type": "LineString",
                "coordinates": [[x, y - 33], [x + width, y - 33]],
            },
        }
        values.update(fields)
        return Parcel.objects.create(pin=pin, **values)

    return make
