"""Lino Lakes' demo town holds two dangerous-animal cases (issue 27), walked through the services:
a dog under the hearing officer's conditions, and a cat whose days to appeal are running. Nowthen's
demo holds none."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.test import Client

from dogtag.dangerous_animals import standing
from dogtag.dangerous_animals.models import AnimalCase
from dogtag.records.services import city_params
from dogtag.staff.demo import DEMO_USERNAME, load_demo_data

from .conftest import TODAY


def test_lino_lakes_demo_has_a_case_heard_and_one_open_to_appeal(db):
    # when Lino Lakes' small demo town is built on Sun 2026-11-29
    assert load_demo_data(households=14) is True
    # then it holds two cases, where the procedure says they stand
    cases = list(AnimalCase.objects.order_by("number"))
    states = [standing.standing(c, TODAY, city_params(), None).case.state for c in cases]
    assert [(c.number, c.animal) for c in cases] == [("DA2026-001", "dog"), ("DA2026-002", "cat")]
    assert states == ["conditions_ordered", "appeal_open"]
    # and each case's page opens
    staff = Client(raise_request_exception=False)
    staff.force_login(get_user_model().objects.get(username=DEMO_USERNAME))
    for case in cases:
        assert staff.get(f"/dangerous-animals/{case.number}/").status_code == 200


def test_nowthens_demo_has_none(db, monkeypatch):
    monkeypatch.setenv("DOGTAG_JURISDICTION", "nowthen")
    assert load_demo_data(households=6) is True
    assert not AnimalCase.objects.exists()
