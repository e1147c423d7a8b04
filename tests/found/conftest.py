"""Households with licensed dogs (the residents' tests' Pat and Lee), a dog whose license has
expired and one never licensed, and staff who see found-dog reports, with e-mail addresses."""

from __future__ import annotations

import pytest
from django.test import Client

from dogtag.licensing import services
from dogtag.records.roles import ANIMAL_CONTROL_OFFICER, CLERK, ensure_roles
from tests.licensing.conftest import D, cash
from tests.outbox.conftest import clock, smtp, smtp_port  # noqa: F401
from tests.residents import conftest as residents

clerk = residents.clerk
frozen_today = residents.frozen_today
pat = residents.pat
lee = residents.lee
sign_in = residents.sign_in

#: Pat's microchip, as stored and as a vet's reader shows it.
CHIP = "985112003456789"


@pytest.fixture
def stock(db, clerk):
    """Tags numbered apart from licenses (T26-00001, licenses 2026-00001), so a test can tell
    which one a number matched."""
    return services.add_tag_stock(prefix="T26-", first=1, last=20, actor=clerk)


@pytest.fixture
def pat_chipped(pat):
    owner, dog, license_ = pat
    dog.microchip = CHIP
    dog.save(update_fields=["microchip"])
    return owner, dog, license_


@pytest.fixture
def expired(clerk, stock):
    """Juno: licensed 2025-01-15 until her vaccination ran out on 2026-01-10."""
    owner = services.register_owner(
        actor=clerk,
        name="Robin Aalto",
        street="6500 Nowthen Blvd NW",
        postal_code="55330",
        phone="763-555-0188",
    )
    dog = services.register_dog(
        owner=owner,
        actor=clerk,
        name="Juno",
        breed="Border collie",
        color="Black and white",
        sex="female",
        born=D(2023, 3, 1),
        microchip="900164001234567",
    )
    rabies = services.record_rabies_vaccination(
        dog=dog,
        actor=clerk,
        vaccinated_on=D(2025, 1, 10),
        expires_on=D(2026, 1, 10),
        veterinarian="Dr. Ana Lindqvist, DVM",
    )
    issued = services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=D(2025, 1, 15), payment=cash("9.00"), actor=clerk
    )
    return owner, dog, issued.license


@pytest.fixture
def unlicensed(clerk):
    """Pepper: known to the city by her microchip, never licensed; her owner has no e-mail."""
    owner = services.register_owner(
        actor=clerk,
        name="Sam Voss",
        street="4100 Viking Blvd NW",
        postal_code="55330",
        phone="763-555-0199",
    )
    dog = services.register_dog(
        owner=owner,
        actor=clerk,
        name="Pepper",
        breed="Beagle",
        color="Tricolor",
        sex="male",
        born=D(2024, 6, 1),
        microchip="981020000111222",
    )
    return owner, dog


@pytest.fixture
def officer(django_user_model):
    user = django_user_model.objects.create_user(
        "officer", password="x" * 12, email="animal.control@nowthen.example"
    )
    user.groups.add(ensure_roles()[ANIMAL_CONTROL_OFFICER])
    return user


@pytest.fixture
def desk_clerk(django_user_model):
    user = django_user_model.objects.create_user(
        "desk", password="x" * 12, email="clerk@nowthen.example"
    )
    user.groups.add(ensure_roles()[CLERK])
    return user


def look_up(client: Client, number: str, **extra):
    """Look the number up, and open the answer the lookup leads to."""
    response = client.post("/residents/found/", {"number": number}, **extra)
    if response.status_code != 302:
        return response
    assert response["Location"].startswith("/residents/found/answer/")
    return client.get(response["Location"], **extra)
