from decimal import Decimal

import pytest
from django.contrib.auth.models import Group
from django.test import Client

from dogtag.api import keys
from dogtag.records import roles

# The household the licensing tests use (owner, dog, vaccination, tag stock) and their frozen
# day; the clerk below, who holds the Clerk role an API key acts with, is the one they get.
from tests.licensing.conftest import dog, frozen_today, owner, rabies, stock  # noqa: F401


def make_user(django_user_model, name, role=None):
    user = django_user_model.objects.create_user(name, password="x" * 12)
    roles.ensure_roles()
    if role:
        user.groups.add(Group.objects.get(name=role))
    return django_user_model.objects.get(pk=user.pk)


@pytest.fixture
def admin_user(db, django_user_model):
    return make_user(django_user_model, "admin1", roles.ADMINISTRATOR)


@pytest.fixture
def clerk(db, django_user_model):
    return make_user(django_user_model, "clerk1", roles.CLERK)


ROLE_NAMES = {
    "clerk": roles.CLERK,
    "officer": roles.ANIMAL_CONTROL_OFFICER,
    "hearing": roles.HEARING_OFFICER,
    "admin": roles.ADMINISTRATOR,
}


@pytest.fixture
def key_for(admin_user):
    """``key_for("clerk")`` → an HTTP client carrying a fresh API key of that role."""

    def make(role: str) -> Client:
        if role == "clinic":
            issued = keys.issue_api_key(name="Rum River", clinic="Rum River", actor=admin_user)
        else:
            issued = keys.issue_api_key(name=role, role=ROLE_NAMES[role], actor=admin_user)
        return Client(headers={"Authorization": f"Bearer {issued.secret}"})

    return make


def fee() -> Decimal:
    return Decimal("3.00")
