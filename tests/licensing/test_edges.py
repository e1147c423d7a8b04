"""Dates and sums at the edges of the licensing and office forms (issue 10 item 5): refused with a
clear message, and nothing written."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from dogtag.licensing import services
from dogtag.licensing.models import Dog, License, Owner, RabiesVaccination, Receipt
from dogtag.records.errors import ServiceError
from dogtag.records.models import FeeResolution
from dogtag.records.roles import ADMINISTRATOR, CLERK, ensure_roles
from tests.licensing.test_office_views import resolution_post
from tests.staff.test_site import doc

from .conftest import D, snapshot

DOG = {"name": "Rex", "breed": "Beagle", "color": "Tricolor", "sex": "male"}
VACCINATION = {"duration_years": "3", "veterinarian": "Dr. Ana Lindqvist, DVM"}


@pytest.fixture
def desk(client: Any, clerk: Any) -> Any:
    """The conftest's clerk, in the Clerk role, signed in."""
    clerk.groups.add(ensure_roles()[CLERK])
    client.force_login(clerk)
    return client


@pytest.fixture
def admin_client(client: Any, django_user_model: Any) -> Any:
    user = django_user_model.objects.create_user("ada", first_name="Ada", last_name="Berg")
    user.groups.add(ensure_roles()[ADMINISTRATOR])
    client.force_login(user)
    return client


# ------------------------------------------------------------------------ a dog's birth date


@pytest.mark.parametrize(
    ("born", "message"),
    [
        (
            "0001-01-01",
            "Date of birth must be between January 1, 1950 and November 28, 2076.",
        ),
        ("9999-12-31", "Date of birth must be between January 1, 1950 and November 28, 2076."),
        ("2026-11-30", "The date of birth cannot be after today."),
        (
            "1990-05-01",
            "A dog born on May 1, 1990 would be over 30 years old: check the year.",
        ),
    ],
)
def test_a_birth_date_out_of_reach_is_refused(
    desk: Any, owner: Owner, born: str, message: str
) -> None:
    # Given the clerk adding a dog for an owner
    before = snapshot()
    # When the birth date is before any dog alive, or after today
    response = desk.post(f"/owners/{owner.pk}/dogs/new/", {**DOG, "born": born})
    # Then the form says so at the field, and no dog is written
    assert response.status_code == 200
    assert doc(response).by_id("id_born_error").text == message
    assert snapshot() == before
    assert Dog.objects.filter(name="Rex").count() == 0


def test_a_dog_born_thirty_years_ago_today_is_taken(desk: Any, owner: Owner) -> None:
    # Given a birth date exactly thirty years before today (the oldest accepted)
    # When the clerk saves the dog
    response = desk.post(f"/owners/{owner.pk}/dogs/new/", {**DOG, "born": "1996-11-29"})
    # Then it is recorded, and its license screen opens
    dog = Dog.objects.get(name="Rex")
    assert (response.status_code, dog.born) == (302, D(1996, 11, 29))
    assert desk.get(f"/dogs/{dog.pk}/license/").status_code == 200


# ------------------------------------------------------------------ a vaccination's duration


@pytest.mark.parametrize(
    ("given", "expires", "field", "message"),
    [
        (
            "0001-01-01",
            "9999-12-31",
            "vaccinated_on",
            "Vaccinated on must be between January 1, 1950 and November 28, 2076.",
        ),
        (
            "2026-11-02",
            "9999-12-31",
            "expires_on",
            "Vaccination expires on must be between January 1, 1950 and November 28, 2076.",
        ),
        (
            "2026-11-02",
            "2030-11-03",
            "expires_on",
            "A rabies vaccination lasts at most 4 years: one given on November 2, 2026 cannot "
            "expire after November 2, 2030.",
        ),
    ],
)
def test_a_vaccination_longer_than_four_years_is_refused(
    desk: Any, dog: Dog, given: str, expires: str, field: str, message: str
) -> None:
    # Given the clerk recording a rabies certificate
    before = snapshot()
    # When its dates are out of reach, or it would last more than four years
    response = desk.post(
        f"/dogs/{dog.pk}/rabies/new/",
        {**VACCINATION, "vaccinated_on": given, "expires_on": expires},
    )
    # Then the form names the field and the bound, and no vaccination is written
    assert response.status_code == 200
    assert doc(response).by_id(f"id_{field}_error").text == message
    assert snapshot() == before
    assert RabiesVaccination.objects.count() == 0


def test_the_service_refuses_a_vaccination_longer_than_four_years(dog: Dog, clerk: Any) -> None:
    # Given a certificate from 2026-11-02 said to expire in 2030-11-03
    # When it is recorded through the service (as the demo and the shell do)
    with pytest.raises(ServiceError) as refused:
        services.record_rabies_vaccination(
            dog=dog,
            actor=clerk,
            vaccinated_on=D(2026, 11, 2),
            expires_on=D(2030, 11, 3),
            duration_years=3,
            veterinarian="Dr. A",
        )
    # Then it is refused with the bound, and nothing is written
    assert str(refused.value) == (
        "A rabies vaccination lasts at most 4 years: one given on November 2, 2026 cannot "
        "expire after November 2, 2030."
    )
    assert RabiesVaccination.objects.count() == 0


def test_four_years_to_the_day_is_taken(desk: Any, dog: Dog) -> None:
    response = desk.post(
        f"/dogs/{dog.pk}/rabies/new/",
        {**VACCINATION, "vaccinated_on": "2026-11-02", "expires_on": "2030-11-02"},
    )
    assert response.status_code == 302
    assert RabiesVaccination.objects.get().expires_on == D(2030, 11, 2)


# --------------------------------------------------------------------------- sums of money


@pytest.mark.parametrize(
    ("amount", "message"),
    [
        ("99999999.99", "Amount paid must be at most $100,000.00: is there a slip in the figure?"),
        (str(10**30), "Amount paid must be at most $100,000.00: is there a slip in the figure?"),
        ("-1", "Amount paid must be at least $0.00."),
        ("NaN", "Enter a number."),
    ],
)
def test_an_implausible_payment_is_refused(
    desk: Any, stock: Any, dog: Dog, rabies: RabiesVaccination, amount: str, message: str
) -> None:
    # Given the license screen for a dog with a current certificate
    before = snapshot()
    # When the amount paid is a slip
    response = desk.post(
        f"/dogs/{dog.pk}/license/",
        {
            "kind": "new",
            "rabies": str(rabies.pk),
            "on": "2026-11-29",
            "term_years": "1",
            "method": "cash",
            "amount": amount,
        },
    )
    # Then the form says so at the amount, and no license or receipt is written
    assert response.status_code == 200
    assert doc(response).by_id("id_amount_error").text == message
    assert snapshot() == before
    assert (License.objects.count(), Receipt.objects.count()) == (0, 0)


# ------------------------------------------------------------------------- fee resolutions


@pytest.mark.parametrize(
    ("dates", "message"),
    [
        (
            {"adopted_on": "0001-01-01", "effective_on": "0001-01-01"},
            "Adopted on must be between January 1, 1950 and November 28, 2076.",
        ),
        (
            {"adopted_on": "2008-06-29", "effective_on": "2008-07-01"},
            "Nowthen was incorporated on June 30, 2008: its council adopted no resolution before "
            "that day (adopted 2008-06-29, effective 2008-07-01).",
        ),
        (
            {"adopted_on": "1999-12-01", "effective_on": "2000-01-01"},
            "Nowthen was incorporated on June 30, 2008: its council adopted no resolution before "
            "that day (adopted 1999-12-01, effective 2000-01-01).",
        ),
    ],
)
def test_a_resolution_before_the_city_was_incorporated_is_refused(
    admin_client: Any, dates: dict[str, str], message: str
) -> None:
    # Given the administrator entering a council fee resolution
    data = {**resolution_post(**{"fees.dog_license.one_year": "4.00"}), **dates}
    # When it is dated before the city existed
    response = admin_client.post("/fees/resolutions/new/", data)
    # Then it is refused with the incorporation date, and nothing is written
    assert response.status_code == 200
    assert message in " ".join(response.content.decode().split())
    assert FeeResolution.objects.count() == 0


def test_a_resolution_on_the_day_of_incorporation_is_taken(admin_client: Any) -> None:
    data = {
        **resolution_post(**{"fees.dog_license.one_year": "3.00"}),
        "number": "2008-01",
        "adopted_on": "2008-06-30",
        "effective_on": "2008-07-01",
    }
    response = admin_client.post("/fees/resolutions/new/", data)
    assert response.status_code == 302
    assert FeeResolution.objects.get().adopted_on == dt.date(2008, 6, 30)


def test_an_implausible_fee_is_refused(admin_client: Any) -> None:
    # When a resolution sets the one-year license at $99,999,999.99
    response = admin_client.post(
        "/fees/resolutions/new/", resolution_post(**{"fees.dog_license.one_year": "99999999.99"})
    )
    # Then the amount is refused at its field and nothing is written
    page = doc(response)
    assert page.by_id("id_fee__fees__dog_license__one_year_error").text == (
        "Dog license, one-year term, per dog (3-2-2.B) must be at most $100,000.00: is there a "
        "slip in the figure?"
    )
    assert FeeResolution.objects.count() == 0
