"""Records that already hold a date outside the plausible window (saved before the forms refused
such dates, issue 10 item 5) are shown with a clear message, never a 500."""

from __future__ import annotations

import datetime as dt
import html
from typing import Any

import pytest
from django.test import Client

from dogtag.licensing.models import Dog, License, RabiesVaccination, Receipt
from dogtag.records.models import Decision
from dogtag.records.roles import CLERK, ensure_roles

D = dt.date


@pytest.fixture
def desk(clerk: Any, db: None) -> Client:
    clerk.groups.add(ensure_roles()[CLERK])
    client = Client(raise_request_exception=False)
    client.force_login(clerk)
    return client


@pytest.fixture
def ancient(dog: Dog, rabies: RabiesVaccination) -> Dog:
    """Biscuit, as saved with birth date 0001-01-01 (written straight to the table)."""
    Dog.objects.filter(pk=dog.pk).update(born=D(1, 1, 1))
    return Dog.objects.get(pk=dog.pk)


def written() -> tuple[int, int, int]:
    return (
        License.objects.count(),
        Receipt.objects.count(),
        Decision.objects.filter(outcome="done").count(),
    )


def test_license_screen_of_a_dog_born_0001_01_01_says_what_is_wrong(
    desk: Client, ancient: Dog
) -> None:
    # given a dog whose stored birth date is 0001-01-01
    before = written()
    # when the clerk opens its license screen
    response = desk.get(f"/dogs/{ancient.pk}/license/")
    # then the screen says the birth date must be corrected first, and nothing was written
    assert response.status_code == 200
    assert (
        "Biscuit's birth date on record (January 1, 1) is outside the plausible window "
        "(January 1, 1950 to November 28, 2076): the record must be corrected before the "
        "ordinance can be applied to it."
    ) in html.unescape(response.content.decode())
    assert written() == before


def test_license_screen_with_a_vaccination_to_9999_says_what_is_wrong(
    desk: Client, dog: Dog, rabies: RabiesVaccination
) -> None:
    # given a vaccination stored as running from 0001-01-01 to 9999-12-31
    RabiesVaccination.objects.filter(pk=rabies.pk).update(
        vaccinated_on=D(1, 1, 1), expires_on=D(9999, 12, 31)
    )
    # when the clerk opens the dog's license screen and asks for the findings
    screen = desk.get(f"/dogs/{dog.pk}/license/")
    panel = desk.get(f"/dogs/{dog.pk}/license/findings/?kind=new&on=2026-11-29&rabies={rabies.pk}")
    # then both say which dates on record are wrong
    for response in (screen, panel):
        assert response.status_code == 200
        text = html.unescape(response.content.decode())
        assert "The rabies vaccination date on record (January 1, 1) is outside" in text
        assert "The rabies vaccination's expiry on record (December 31, 9999) is outside" in text


def test_license_for_a_dog_born_0001_01_01_is_refused_and_nothing_written(
    desk: Client, ancient: Dog, rabies: RabiesVaccination, stock: Any
) -> None:
    # given a dog whose stored birth date is 0001-01-01
    before = written()
    # when the clerk submits its license
    response = desk.post(
        f"/dogs/{ancient.pk}/license/",
        {
            "kind": "new",
            "rabies": rabies.pk,
            "on": "2026-11-29",
            "method": "cash",
            "amount": "3.00",
            "payer": "Pat Gustafson",
        },
    )
    # then the form says why, and no license, receipt or decision was written
    assert response.status_code == 200
    assert "Biscuit's birth date on record (January 1, 1)" in html.unescape(
        response.content.decode()
    )
    assert written() == before


@pytest.mark.parametrize(
    "page",
    [
        "/dogs/{pk}/",
        "/dogs/{pk}/license/",
        "/dogs/{pk}/license/findings/?kind=new&on=2026-11-29",
        "/dogs/{pk}/duplicate-tag/",
        "/dogs/{pk}/transfer/",
        "/dogs/{pk}/status/",
        "/owners/{owner}/",
        "/search/?q=Biscuit",
        "/due/",
        "/complaints/new/?dog={pk}",
    ],
)
def test_pages_showing_a_dog_born_0001_01_01_do_not_fail(
    desk: Client, ancient: Dog, page: str
) -> None:
    # given a dog whose stored birth date is 0001-01-01
    # when a page showing it is opened
    response = desk.get(page.format(pk=ancient.pk, owner=ancient.owner_id))
    # then it answers
    assert response.status_code == 200
