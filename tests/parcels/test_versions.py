"""No lost update on the parcel edit forms (issue 10, item 6): an enclosure's new location and a
parcel's lot lines are refused over a newer change, with what changed, by whom and when; nothing
is written. Two users work in two sessions (two test clients)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
import time_machine
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse

from dogtag.parcels import services
from dogtag.parcels.models import Enclosure, Parcel
from dogtag.records.models import Decision
from dogtag.records.roles import ADMINISTRATOR, ANIMAL_CONTROL_OFFICER
from dogtag.records.versions import EditConflict, version_of
from tests.parcels.fixtures_pages import *  # noqa: F403
from tests.parcels.fixtures_pages import ENCLOSURE, rect
from tests.staff.test_site import Doc, doc

AFTER = (
    "That was after you opened this form, so your changes were not saved. Review the record as "
    "it is now and save again."
)


@pytest.fixture(autouse=True)
def frozen() -> Any:
    # 2:14 p.m. in Nowthen on 2026-11-29
    with time_machine.travel(dt.datetime(2026, 11, 29, 20, 14, tzinfo=dt.UTC), tick=False):
        yield


@pytest.fixture
def signed_in(django_user_model: Any) -> Any:
    def sign_in(username: str, first: str, last: str, role: str) -> Client:
        user = django_user_model.objects.create_user(username, first_name=first, last_name=last)
        user.groups.add(Group.objects.get(name=role))
        session = Client()
        session.force_login(user)
        return session

    return sign_in


def inputs(page: Doc) -> dict[str, str]:
    return {
        n.attrs["name"]: n.attrs.get("value", "")
        for n in page.find_all("input")
        if n.attrs.get("name") and n.attrs.get("type") not in ("checkbox", "radio")
    }


def written() -> tuple[list[dict[str, Any]], list[dict[str, Any]], int]:
    return (
        list(Parcel.objects.values("id", "lot_lines_override")),
        list(Enclosure.objects.values("id", "location", "notes", "decision_id")),
        Decision.objects.filter(outcome="done").count(),
    )


def test_lot_lines_saved_over_a_newer_change_are_refused(site: dict[str, Any], signed_in: Any):
    ada = signed_in("ada", "Ada", "Berg", ADMINISTRATOR)
    lee = signed_in("lee", "Lee", "Vang", ADMINISTRATOR)
    url = reverse("parcel_lot_lines", args=["P-1"])
    # given both administrators open the lot-lines form of P-1
    adas, lees = inputs(doc(ada.get(url))), inputs(doc(lee.get(url)))
    assert adas["version"] == lees["version"] == str(version_of(site["p1"]))
    # when Ada saves edge 3 as the rear line, then Lee edge 2 on the form he opened before
    response = ada.post(url, {**adas, "side": ["1"], "rear": ["3"], "reason": "Survey 2026-14"})
    assert response.status_code == 302
    before = written()
    response = lee.post(url, {**lees, "side": ["1", "3"], "rear": ["2"], "reason": "Plat"})
    # then Lee is told what Ada changed and when, and Ada's lot lines stay
    assert response.status_code == 200
    page = doc(response)
    assert page.by_id("problem").text == (
        "Changed by someone else after you opened this form Ada Berg changed Lot lines override "
        "from (blank) to “side edges 1, rear edges 3 (Survey 2026-14)” on November 29, 2026, "
        f"at 2:14 p.m. {AFTER} Nothing was recorded."
    )
    assert written() == before
    # and the form Lee sees is at the parcel's new version, with Ada's lines ticked
    assert inputs(page)["version"] == str(version_of(site["p1"]))
    ticked = [(n.attrs["name"], n.attrs["value"]) for n in page.find_all("input", checked="")]
    assert ticked == [("side", "1"), ("rear", "3")]


def test_an_enclosure_moved_over_a_newer_move_is_refused(
    site: dict[str, Any], officer: Any, signed_in: Any
) -> None:
    enclosure, _ = services.record_enclosure(
        parcel=site["p1"],
        location=ENCLOSURE,
        constructed_on=None,
        label="Kennel run",
        floor_area=None,
        actor=officer,
    )
    kim = signed_in("kim", "Kim", "Olson", ANIMAL_CONTROL_OFFICER)
    sam = signed_in("sam", "Sam", "Ali", ANIMAL_CONTROL_OFFICER)
    url = reverse("enclosure_move", args=[enclosure.pk])
    kims, sams = inputs(doc(kim.get(url))), inputs(doc(sam.get(url)))
    # given Kim recorded a move east
    geojson = '{"type": "Polygon", "coordinates": %s}'
    east = geojson % rect(120, 250, 20, 20)["coordinates"]
    response = kim.post(url, {**kims, "geojson": east, "reason": "Moved east"})
    assert response.status_code == 302
    before = written()
    # when Sam records a move north on the form he opened before
    north = geojson % rect(20, 300, 20, 20)["coordinates"]
    response = sam.post(url, {**sams, "geojson": north, "reason": "Moved north"})
    # then it is refused with Kim's change and nothing is written
    assert response.status_code == 200
    page = doc(response)
    assert page.by_id("problem").text == (
        "Changed by someone else after you opened this form Kim Olson changed Location from "
        "“4 corners around 2,760,030.0, 1,178,210.0 ft” to “4 corners around 2,760,130.0, "
        "1,178,260.0 ft”; Notes from (blank) to “2026-11-29: location changed — Moved east” on "
        f"November 29, 2026, at 2:14 p.m. {AFTER} Nothing was recorded."
    )
    assert written() == before
    # and the form keeps what Sam typed, now at the enclosure's new version: saving again moves it
    again = inputs(page)
    assert again["version"] == str(version_of(enclosure))
    response = sam.post(url, {**again, "geojson": north, "reason": "Moved north"})
    assert response.status_code == 302
    enclosure.refresh_from_db()
    assert enclosure.location == rect(20, 300, 20, 20)


def test_the_services_check_the_version(site: dict[str, Any], officer: Any, user_in: Any) -> None:
    admin = user_in("ada9", ADMINISTRATOR)
    opened = version_of(site["p1"])
    services.set_lot_lines(
        parcel=site["p1"], side=[1], rear=[3], reason="Survey", actor=admin, version=opened
    )
    before = written()
    with pytest.raises(EditConflict) as refused:
        services.clear_lot_lines(parcel=site["p1"], reason="Withdrawn", actor=admin, version=opened)
    assert [c.who for c in refused.value.since] == ["ada9"]
    assert written() == before
    with pytest.raises(EditConflict):
        services.set_lot_lines(
            parcel=site["p1"], side=[1], rear=[2], reason="Plat", actor=admin, version=opened
        )
    assert written() == before
