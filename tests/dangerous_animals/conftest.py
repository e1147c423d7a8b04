"""Lino Lakes in force, "today" Sunday 2026-11-29, its officers, an owner with a dog, and a case
walked through any list of events (``walk``)."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.contrib.auth.models import Group

from dogtag.dangerous_animals import services
from dogtag.dangerous_animals.services.events import HEARING_OFFICER_KINDS
from dogtag.licensing import services as desk
from dogtag.records import roles

D = dt.date
TODAY = D(2026, 11, 29)
DESIGNATED = D(2026, 11, 2)


@pytest.fixture(autouse=True)
def lino_lakes(monkeypatch):
    # given Lino Lakes' package in force, on Sunday 2026-11-29 at 10:00 in Lino Lakes
    monkeypatch.setenv("DOGTAG_JURISDICTION", "lino-lakes")
    with time_machine.travel(dt.datetime(2026, 11, 29, 16, 0, tzinfo=dt.UTC), tick=False):
        yield


def _user(django_user_model, name, role):
    user = django_user_model.objects.create_user(name, password="x" * 12)
    roles.ensure_roles()
    user.groups.add(Group.objects.get(name=role))
    return user


@pytest.fixture
def officer(db, django_user_model):
    return _user(django_user_model, "officer1", roles.ANIMAL_CONTROL_OFFICER)


@pytest.fixture
def hearing_officer(db, django_user_model):
    return _user(django_user_model, "hearing1", roles.HEARING_OFFICER)


@pytest.fixture
def clerk(db, django_user_model):
    return _user(django_user_model, "clerk1", roles.CLERK)


@pytest.fixture
def owner(clerk):
    return desk.register_owner(
        actor=clerk,
        name="Pat Lindgren",
        street="600 Town Center Pkwy",
        postal_code="55014",
        phone="651-555-0142",
    )


@pytest.fixture
def case(owner, officer):
    return services.open_case(
        owner=owner,
        animal="dog",
        description="Rex, German shepherd, black and tan",
        basis="Bit a neighbour's child on the arm, unprovoked.",
        on=DESIGNATED,
        actor=officer,
    )


@pytest.fixture
def walk(officer, hearing_officer):
    """Record ``events`` ((kind, day, facts)) in order, each by the officer whose step it is."""

    def walking(case, events):
        for kind, on, facts in events:
            actor = hearing_officer if kind in HEARING_OFFICER_KINDS else officer
            services.record_event(case=case, kind=kind, on=on, facts=facts, actor=actor)

    return walking
