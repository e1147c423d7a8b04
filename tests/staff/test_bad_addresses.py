"""Addresses no record can match are refused with a message, never a 500 (issue 10, item 5).

The NUL cases answered 500 on PostgreSQL (it refuses NUL in a text parameter: DataError) before
``records.middleware.refuse_nul_bytes``; SQLite looked them up and found nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from dogtag.records import roles


@pytest.fixture
def admin_client(db: None, django_user_model: Any) -> Client:
    from django.contrib.auth.models import Group

    user = django_user_model.objects.create_user("admin1", password="x" * 12)
    user.groups.add(Group.objects.get(name=roles.ADMINISTRATOR))
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


@pytest.mark.parametrize(
    "address",
    [
        "/kennels/private/new/?parcel=%00",
        "/kennels/private/new/?previous=2026-%00",
        "/complaints/new/?parcel=%00",
        "/complaints/?place=%00",
        "/search/?q=%00",
        "/licenses/2026-%00/",
        "/parcels/%00/",
        "/complaints/C-%00/",
        "/dangerous-dogs/%00/",
        "/?on=%00",
    ],
)
def test_an_address_holding_a_nul_character_is_a_400(admin_client: Client, address: str) -> None:
    # given an administrator, when an address holds a NUL character
    response = admin_client.get(address)
    # then it is refused before any lookup, with a plain message
    assert response.status_code == 400
    assert response.content.decode() == (
        "The address contains a NUL character (%00), which no record holds.\n"
    )


@pytest.mark.parametrize(
    "address",
    [
        f"/owners/{10**30}/",
        f"/dogs/{2**63}/license/",
        f"/parcels/enclosures/{2**63}/",
        f"/parcels/import/{10**30}/",
        f"/complaints/C-1/evidence/{10**30}/download/",
        f"/rabies/{2**64}/certificate/",
    ],
)
def test_an_id_beyond_any_database_integer_is_a_404(admin_client: Client, address: str) -> None:
    # given an administrator, when an address names an id no database integer can hold
    response = admin_client.get(address)
    # then no such record exists
    assert response.status_code == 404


@pytest.mark.parametrize(
    "address",
    [
        "/admin/licensing/dog/abc/history/",
        "/admin/parcels/parcel/0001-01-01/history/",
        "/admin/licensing/dog/abc/history/1/",
        "/admin/licensing/dog/1/history/abc/",
    ],
)
def test_an_admin_history_page_for_an_id_that_is_no_key_is_a_404(
    db: None, django_user_model: Any, address: str
) -> None:
    # given a superuser (these answered 500: django-simple-history looked the id up as given)
    client = Client(raise_request_exception=False)
    client.force_login(django_user_model.objects.create_superuser("root", password="x" * 12))
    # when a history page names an id that is not the model's key
    response = client.get(address)
    # then no such record exists
    assert response.status_code == 404
