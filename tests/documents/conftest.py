"""Records for the document tests, made only through the licensing services, on a frozen day:
10:00 in Nowthen on Sunday 2026-11-29.

Set DOGTAG_DOCUMENTS_OUT to a folder to keep every PDF the tests read (to look at them)."""

from __future__ import annotations

import datetime as dt
import os
import re
from decimal import Decimal
from io import BytesIO
from pathlib import Path

import pytest
import time_machine
from django.contrib.auth.models import Group
from pypdf import PdfReader

from dogtag.licensing import services
from dogtag.licensing.receipts import Payment
from dogtag.records import roles

D = dt.date
TODAY = D(2026, 11, 29)
RESOLUTION = "Nowthen Resolution 2011-04, § 1-2-2, adoption date not recorded"
GENERATED = (
    "Generated November 29, 2026, 10:00 AM CST from the City of Nowthen dog license records."
)


@pytest.fixture(autouse=True)
def frozen_today():
    with time_machine.travel(dt.datetime(2026, 11, 29, 16, 0, tzinfo=dt.UTC), tick=False):
        yield


@pytest.fixture
def clerk(db, django_user_model):
    roles.ensure_roles()
    user = django_user_model.objects.create_user(
        "dberg", password="x" * 12, first_name="Dana", last_name="Berg"
    )
    user.groups.add(Group.objects.get(name=roles.CLERK))
    return user


@pytest.fixture
def stock(clerk):
    return services.add_tag_stock(prefix="2026-", first=1, last=20, actor=clerk)


def cash(amount: str) -> Payment:
    return Payment(method="cash", amount=Decimal(amount))


@pytest.fixture
def pat(clerk):
    return services.register_owner(
        actor=clerk,
        name="Pat Gustafson",
        street="7120 Viking Blvd NW",
        postal_code="55303",
        phone="763-555-0142",
    )


@pytest.fixture
def lee(clerk):
    return services.register_owner(
        actor=clerk,
        name="Lee Carlson",
        street="19400 Nowthen Blvd NW",
        postal_code="55330",
        phone="(763) 555-0199",
    )


def dog_with_rabies(clerk, owner, name, breed, color, sex, *, vaccinated, expires, **dog):
    """A dog and its rabies certificate, through the services."""
    animal = services.register_dog(
        owner=owner, actor=clerk, name=name, breed=breed, color=color, sex=sex, **dog
    )
    rabies = services.record_rabies_vaccination(
        dog=animal,
        actor=clerk,
        vaccinated_on=vaccinated,
        expires_on=expires,
        duration_years=1 if (expires - vaccinated).days < 400 else 3,
        veterinarian="Dr. Ana Lindqvist, DVM",
        clinic="Rum River Animal Hospital",
        certificate_number=f"RR-{name.upper()}-0415",
    )
    return animal, rabies


@pytest.fixture
def biscuit(clerk, pat):
    return dog_with_rabies(
        clerk,
        pat,
        "Biscuit",
        "Labrador retriever",
        "Yellow",
        "female",
        vaccinated=D(2026, 10, 1),
        expires=D(2027, 10, 1),
        sterilized=True,
        born=D(2026, 5, 20),
        microchip="985112003456789",
    )


@pytest.fixture
def biscuit_licensed(clerk, stock, biscuit):
    """Biscuit licensed today for $3.00 cash: license 2026-00001, tag 2026-00001, R2026-000001."""
    dog, rabies = biscuit
    return services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
    )


def pdf_pages(content: bytes, name: str) -> list[str]:
    """The text of each page, whitespace runs folded to one space."""
    out = os.environ.get("DOGTAG_DOCUMENTS_OUT")
    if out:
        Path(out).mkdir(parents=True, exist_ok=True)
        (Path(out) / name).write_bytes(content)
    reader = PdfReader(BytesIO(content))
    return [re.sub(r"\s+", " ", page.extract_text()).strip() for page in reader.pages]


def pdf_text(content: bytes, name: str) -> str:
    return " ".join(pdf_pages(content, name))
