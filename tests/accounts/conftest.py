from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

import pytest
import time_machine
from django.contrib.auth.models import Group

from dogtag.records.roles import ADMINISTRATOR, CLERK

PASSWORD = "correct horse battery staple"
LOGIN = "/accounts/login/"
CHICAGO = dt.timezone(dt.timedelta(hours=-6))
START = dt.datetime(2026, 12, 1, 9, 0, tzinfo=CHICAGO)


@pytest.fixture(autouse=True)
def nine_in_the_morning() -> Iterator[None]:
    """Every test starts at 9:00 in Nowthen with the clock stopped: sessions, lockouts and codes
    all depend on the time, and a test moves it on explicitly."""
    with time_machine.travel(START, tick=False):
        yield


@pytest.fixture(autouse=True)
def fast_password_hashing(settings: Any) -> None:
    """Many sign-ins per test: a fast hasher keeps them quick (the real one is not under test)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def clerk(django_user_model: Any, db: None) -> Any:
    user = django_user_model.objects.create_user("cora", password=PASSWORD)
    user.groups.add(Group.objects.get(name=CLERK))
    return user


@pytest.fixture
def administrator(django_user_model: Any, db: None) -> Any:
    user = django_user_model.objects.create_user("ada", password=PASSWORD)
    user.groups.add(Group.objects.get(name=ADMINISTRATOR))
    return user


def sign_in(client: Any, username: str, password: str, address: str = "10.0.0.1") -> Any:
    return client.post(LOGIN, {"username": username, "password": password}, REMOTE_ADDR=address)


def signed_in_as(client: Any) -> str | None:
    """The username the client's session is signed in as, or None."""
    from django.contrib.auth import get_user_model

    user_id = client.session.get("_auth_user_id")
    if user_id is None:
        return None
    return str(get_user_model().objects.get(pk=user_id).username)
