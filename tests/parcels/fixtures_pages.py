"""Fixtures of the enclosure tests (services, map, pages, notice PDF, due list): a hand-made
neighbourhood in feet with known distances. Import them into a test module:
``from tests.parcels.fixtures_pages import *  # noqa: F403``.

Parcel P-1 is 300 ft wide (x) by 400 ft deep (y); its road's centerline runs 33 ft south of its
south line. Its edges, as drawn: 0 south (front), 1 east (side), 2 north (rear), 3 west (side).
Its house (the main structure) stands 60 ft north of the south line: 93 ft from the centerline.
P-2 lies west, its house 10 ft west of the shared line; P-3 lies east, its house far away.

The enclosure ``ENCLOSURE`` (20 x 20 ft) stands 20.0 ft from the west side line (complies), 180 ft
from the rear line, 233 ft from the centerline (complies) and 30.0 ft from P-2's house (too close).
"""

from __future__ import annotations

import datetime as dt
import io
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import Group

from dogtag.licensing.models import Dog, Owner
from dogtag.parcels.models import Parcel, Structure
from dogtag.records.roles import (
    ADMINISTRATOR,
    ANIMAL_CONTROL_OFFICER,
    CLERK,
    HEARING_OFFICER,
)

D = dt.date
X0, Y0 = 2_760_000.0, 1_178_000.0

__all__ = [
    "ENCLOSURE",
    "X0",
    "Y0",
    "D",
    "as_role",
    "officer",
    "png",
    "rect",
    "site",
]


def rect(x: float, y: float, width: float, height: float) -> dict[str, Any]:
    """A GeoJSON Polygon with its south-west corner ``x``, ``y`` feet from the local origin."""
    x, y = X0 + x, Y0 + y
    ring = [[x, y], [x + width, y], [x + width, y + height], [x, y + height], [x, y]]
    return {"type": "Polygon", "coordinates": [ring]}


ENCLOSURE = rect(20, 200, 20, 20)


def png() -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (4, 4), (200, 120, 40)).save(buffer, format="PNG")
    return buffer.getvalue()


@pytest.fixture
def site(db: None) -> dict[str, Any]:
    """P-1 with its house and two residents with dogs; P-2 and P-3 beside it with their houses."""
    road = {
        "type": "LineString",
        "coordinates": [[X0 - 400, Y0 - 33], [X0 + 700, Y0 - 33]],
    }
    p1 = Parcel.objects.create(
        pin="P-1",
        address="100 Enclosure St NW",
        acres=Decimal("2.755"),
        owner_names="HANSEN, ERIK & INGRID",
        mailing_street="100 Enclosure St NW",
        mailing_city="Nowthen",
        mailing_state="MN",
        mailing_postal_code="55330",
        boundary=rect(0, 0, 300, 400),
        road_centerline=road,
    )
    p2 = Parcel.objects.create(
        pin="P-2",
        address="90 Enclosure St NW",
        acres=Decimal("2.755"),
        owner_names="WEST, WANDA",
        boundary=rect(-300, 0, 300, 400),
        road_centerline=road,
    )
    p3 = Parcel.objects.create(
        pin="P-3",
        address="110 Enclosure St NW",
        acres=Decimal("2.755"),
        owner_names="EAST, EDGAR",
        boundary=rect(300, 0, 300, 400),
        road_centerline=road,
    )
    house = Structure.objects.create(
        parcel=p1, kind="dwelling", main=True, label="House", footprint=rect(100, 60, 100, 60)
    )
    Structure.objects.create(
        parcel=p1, kind="accessory", label="Shed", footprint=rect(220, 300, 20, 20)
    )
    west_house = Structure.objects.create(
        parcel=p2, kind="dwelling", main=True, label="West house", footprint=rect(-50, 200, 40, 40)
    )
    Structure.objects.create(
        parcel=p3, kind="dwelling", main=True, label="East house", footprint=rect(450, 100, 50, 50)
    )
    erik = Owner.objects.create(
        name="Erik Hansen",
        street="100 Enclosure St NW",
        postal_code="55330",
        phone="+17635550100",
        parcel=p1,
    )
    dogs = [
        Dog.objects.create(
            owner=erik, name=name, breed="Husky", color="Grey", sex="male", born=born
        )
        for name, born in (("Loki", D(2020, 1, 1)), ("Freya", D(2021, 6, 1)))
    ]
    return {
        "p1": p1,
        "p2": p2,
        "p3": p3,
        "house": house,
        "west_house": west_house,
        "erik": erik,
        "dogs": dogs,
    }


@pytest.fixture
def as_role(client: Any, django_user_model: Any) -> Any:
    """A client signed in as a new user holding ``role`` (None: signed in without a role)."""

    made = [0]

    def sign_in(role: str | None) -> Any:
        made[0] += 1
        name = f"{(role or 'norole').lower().replace(' ', '_')}{made[0]}"
        user = django_user_model.objects.create_user(name, first_name=name.title())
        if role:
            user.groups.add(Group.objects.get(name=role))
        client.force_login(user)
        client.user = user
        return client

    return sign_in


@pytest.fixture
def officer(db: None, django_user_model: Any) -> Any:
    """An animal control officer (records enclosures, issues notices of compliance)."""
    user = django_user_model.objects.create_user("otto", first_name="Otto", last_name="Nyberg")
    user.groups.add(Group.objects.get(name=ANIMAL_CONTROL_OFFICER))
    return user


ROLES = (ADMINISTRATOR, ANIMAL_CONTROL_OFFICER, CLERK, HEARING_OFFICER)
