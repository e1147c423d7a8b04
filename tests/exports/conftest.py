"""Shared fixtures of the exports tests: a frozen clock, users in roles, a licensed dog."""

from __future__ import annotations

import csv
import datetime as dt
import io
from decimal import Decimal
from typing import Any

import pytest
import time_machine
from django.contrib.auth.models import Group
from django.test import Client
from openpyxl import load_workbook

from dogtag.licensing import services
from dogtag.licensing.receipts import Payment
from dogtag.records import roles

D = dt.date
AT = dt.datetime(2026, 11, 29, 16, 0, tzinfo=dt.UTC)  # 10:00 in Nowthen


@pytest.fixture(autouse=True)
def frozen() -> Any:
    with time_machine.travel(AT, tick=False):
        yield


@pytest.fixture
def user_in(db: None, django_user_model: Any) -> Any:
    roles.ensure_roles()

    def make(role: str) -> Any:
        name = role.lower().replace(" ", "_")
        user, _ = django_user_model.objects.get_or_create(username=name)
        user.groups.add(Group.objects.get(name=role))
        return django_user_model.objects.get(pk=user.pk)

    return make


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def licensed(user_in: Any) -> Any:
    """Biscuit, licensed today; its owner's street begins with "=" (a formula, if not guarded)."""
    clerk = user_in(roles.CLERK)
    services.add_tag_stock(prefix="2026-", first=1, last=5, actor=clerk)
    owner = services.register_owner(
        actor=clerk,
        name="Pat Gustafson",
        street='=HYPERLINK("http://x")',
        postal_code="55303",
        phone="763-555-0142",
    )
    dog = services.register_dog(
        owner=owner,
        actor=clerk,
        name="Biscuit",
        breed="Labrador retriever",
        color="Yellow",
        sex="female",
        sterilized=True,
        born=D(2026, 5, 20),
    )
    rabies = services.record_rabies_vaccination(
        dog=dog,
        actor=clerk,
        vaccinated_on=D(2026, 10, 1),
        expires_on=D(2027, 10, 1),
        duration_years=1,
        veterinarian="Dr. Ana Lindqvist, DVM",
    )
    return services.issue_license(
        dog=dog,
        rabies=rabies,
        kind="new",
        on=D(2026, 11, 29),
        payment=Payment(method="cash", amount=Decimal("3.00")),
        actor=clerk,
    ).license


def read_csv(response: Any) -> list[list[str]]:
    body = b"".join(response.streaming_content).decode("utf-8").lstrip("\ufeff")
    return list(csv.reader(io.StringIO(body)))


def read_xlsx(response: Any) -> list[list[Any]]:
    sheet = load_workbook(io.BytesIO(response.content)).active
    return [list(row) for row in sheet.iter_rows(values_only=True)]
