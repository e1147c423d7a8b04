"""Dates in the address are checked like a form's (issue 10, item 5): a date outside the
plausible window (``records.bounds``) is answered with the page and a message naming the window,
never a 500. Each case here answered 500 before."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
import time_machine
from django.test import Client

from dogtag.records import roles

D = dt.date
WINDOW = "must be between January 1, 1950 and November 28, 2076."


@pytest.fixture(autouse=True)
def frozen_today() -> Any:
    # 10:00 in Nowthen on 2026-11-29
    with time_machine.travel(dt.datetime(2026, 11, 29, 16, 0, tzinfo=dt.UTC), tick=False):
        yield


@pytest.fixture
def clerk_client(db: None, django_user_model: Any) -> Client:
    from django.contrib.auth.models import Group

    user = django_user_model.objects.create_user("clerk1", password="x" * 12)
    user.groups.add(Group.objects.get(name=roles.CLERK))
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


@pytest.mark.parametrize(
    ("address", "label"),
    [
        ("/due/?on=0001-01-01", "As of"),
        ("/due/?on=9999-12-31", "As of"),
        ("/?on=9999-12-31", "Parameters in force on"),
        ("/?on=0001-01-01", "Parameters in force on"),
        ("/parcels/over-limit/?on=9999-12-31", "As of"),
        ("/complaints/?received_to=9999-12-31", "Received to"),
        ("/complaints/?received_from=0001-01-01", "Received from"),
        ("/complaints/map/?received_to=9999-12-31", "Received to"),
        ("/complaints/map/?received_from=0001-01-01", "Received from"),
        ("/deadline/?trigger_date=9999-12-31&days=10", "Date of the triggering event"),
    ],
)
def test_a_date_outside_the_window_is_a_form_error(
    clerk_client: Client, address: str, label: str
) -> None:
    # given a clerk, when a page is asked for a date no record can have
    response = clerk_client.get(address)
    # then the page answers with the form's message naming the window
    assert response.status_code == 200
    assert f"{label} {WINDOW}" in response.content.decode()
