"""Issue 12 item 3: staff see the dogs reported lost (first), the relayed messages and every
lookup, paginated, with the found-dog permission of their role."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from dogtag.found import views
from dogtag.found.models import Lookup
from dogtag.records.roles import HEARING_OFFICER, ensure_roles

from .conftest import look_up, sign_in

pytestmark = pytest.mark.django_db

PAGE = "/office/found-dogs/"


def typed(html: str) -> list[str]:
    """The "Number typed" cells of the lookups table, in order."""
    return re.findall(r'<td data-label="Number typed">([^<]*)</td>', html)


def staff(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_staff_see_lost_dogs_first_then_messages_and_lookups(pat, officer):
    _owner, dog, _license = pat
    resident = Client()
    sign_in(resident, "pat@example.org")
    resident.post(
        f"/residents/found/lost/{dog.pk}/",
        {"last_seen_at": "2026-11-29T07:30", "last_seen_where": "Viking Blvd"},
    )
    look_up(Client(REMOTE_ADDR="203.0.113.9"), "t26 00001")
    look_up(Client(), "nope-1")
    html = staff(officer).get(PAGE).content.decode()
    lost = html.index('id="found-lost-dogs"')
    assert lost < html.index('id="found-lookups"')
    assert "Viking Blvd" in html
    assert "t26 00001" in html and "203.0.113.9" in html
    assert "reported lost" in html
    assert "nope-1" in html and "not found" in html


def test_the_lookup_log_is_paginated(pat, officer, monkeypatch):
    monkeypatch.setattr(views, "PAGE_SIZE", 2)
    for n in range(5):
        look_up(Client(), f"X{n}")
    client = staff(officer)
    first = client.get(PAGE).content.decode()
    assert "Lookups 1 to 2 of 5" in first
    # the numbers typed, from their cells: the page's random CSRF token may hold "X0" too
    assert typed(first) == ["X4", "X3"]
    last = client.get(PAGE, {"lookups": 3}).content.decode()
    assert "Lookups 5 to 5 of 5" in last and typed(last) == ["X0"]
    assert Lookup.objects.count() == 5


def test_the_page_needs_the_found_dog_permission(desk_clerk, django_user_model):
    assert staff(desk_clerk).get(PAGE).status_code == 200
    hearing = django_user_model.objects.create_user("hearing", password="x" * 12)
    hearing.groups.add(ensure_roles()[HEARING_OFFICER])
    assert staff(hearing).get(PAGE).status_code == 403
    assert Client().get(PAGE).status_code == 302


def test_a_resident_session_does_not_open_the_staff_page(pat):
    resident = Client()
    sign_in(resident, "pat@example.org")
    response = resident.get(PAGE)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
