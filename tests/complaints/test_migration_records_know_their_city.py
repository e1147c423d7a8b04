"""complaints 0005 (issue 27: records know their city): the complaints already in the database are
named after the city the deployment serves when it migrates (DOGTAG_JURISDICTION), their history
too; a complaint number is then unique within its city, as each city draws its own series.

The day: Sunday 2026-11-29 (the complaints' ``frozen_today``)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from dogtag.complaints.models import Complaint

BEFORE = [("complaints", "0004_findings_both_ways")]
AT = dt.datetime(2026, 11, 28, 22, 0, tzinfo=dt.UTC)


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _complaint(city: str, user, number: str = "C2026-0001") -> Complaint:
    return Complaint.objects.create(
        jurisdiction=city,
        number=number,
        kind=Complaint.Kind.BARKING,
        received_by=user,
        occurred_at=AT,
        narrative="Barking through the night.",
    )


@pytest.mark.django_db(transaction=True)
def test_the_complaints_stored_before_are_named_after_the_deployment_s_city(monkeypatch, clerk):
    try:
        # given a complaint stored before complaints knew their city
        old = _migrate(BEFORE)
        Old = old.get_model("complaints", "Complaint")
        pk = Old.objects.create(
            number="C2026-0001",
            kind="barking",
            received_by_id=clerk.pk,
            occurred_at=AT,
            narrative="Barking through the night.",
        ).pk
        # when a deployment serving Lino Lakes migrates
        monkeypatch.setenv("DOGTAG_JURISDICTION", "lino-lakes")
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
        # then the complaint is Lino Lakes', and nothing else of it changed
        row = Complaint.objects.get(pk=pk)
        assert (row.jurisdiction, row.number, row.narrative) == (
            "lino-lakes",
            "C2026-0001",
            "Barking through the night.",
        )
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


@pytest.mark.django_db
def test_a_complaint_number_is_unique_within_its_city(clerk):
    # given Nowthen's complaint C2026-0001
    _complaint("nowthen", clerk)
    # when Lino Lakes' own series draws the same number, it is kept
    _complaint("lino-lakes", clerk)
    # and the same number again in Nowthen is refused, and nothing is written
    with pytest.raises(IntegrityError), transaction.atomic():
        _complaint("nowthen", clerk)
    assert sorted(Complaint.objects.values_list("jurisdiction", "number")) == [
        ("lino-lakes", "C2026-0001"),
        ("nowthen", "C2026-0001"),
    ]
