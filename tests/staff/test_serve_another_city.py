"""One deployment serves one city (issue 27): a database whose records were made under another
city's law is not served with this city's law in force; `dogtag serve` says which city it holds.
Any record that names its city counts, not only the number series (item 6: records know their
city).

No rule reads the day: each record states its own dates (Sunday 2026-11-29)."""

from __future__ import annotations

import datetime as dt

import pytest

from dogtag.complaints.models import Complaint
from dogtag.records.models import NumberSequence
from dogtag.staff import first_run

pytestmark = pytest.mark.django_db

REFUSED_FOR_NOWTHEN = (
    "This database holds the records of nowthen, not of lino-lakes (the city in force, "
    "DOGTAG_JURISDICTION): serve it with DOGTAG_JURISDICTION=nowthen, or give lino-lakes its "
    "own database (DATABASE_URL, or DOGTAG_VAR_DIR for a new SQLite file)."
)


def _complaint(city: str, user) -> Complaint:
    """A complaint of ``city``, as that city's desk received it, and no number series."""
    return Complaint.objects.create(
        jurisdiction=city,
        number="C2026-0001",
        kind=Complaint.Kind.BARKING,
        received_by=user,
        received_at=dt.datetime(2026, 11, 29, 15, 0, tzinfo=dt.UTC),
        occurred_at=dt.datetime(2026, 11, 28, 22, 0, tzinfo=dt.UTC),
        narrative="Barking through the night.",
    )


def test_a_database_of_its_own_city_is_served(monkeypatch):
    monkeypatch.setenv("DOGTAG_JURISDICTION", "nowthen")
    NumberSequence.objects.create(jurisdiction="nowthen", name="license", year=2026, last=4)
    assert first_run.another_city() is None


def test_a_database_of_another_city_is_refused_naming_it(monkeypatch):
    # given Nowthen's records, and Lino Lakes in force
    NumberSequence.objects.create(jurisdiction="nowthen", name="license", year=2026, last=4)
    monkeypatch.setenv("DOGTAG_JURISDICTION", "lino-lakes")
    assert first_run.another_city() == REFUSED_FOR_NOWTHEN


def test_a_complaint_of_another_city_is_enough_to_refuse(monkeypatch, django_user_model):
    # given one record only, a complaint received under Nowthen's law, and Lino Lakes in force
    _complaint("nowthen", django_user_model.objects.create_user("clerk1"))
    assert not NumberSequence.objects.exists()
    monkeypatch.setenv("DOGTAG_JURISDICTION", "lino-lakes")
    # then the database is refused, naming Nowthen
    assert first_run.another_city() == REFUSED_FOR_NOWTHEN
    # and nothing was changed
    assert list(Complaint.objects.values_list("jurisdiction", "number")) == [
        ("nowthen", "C2026-0001")
    ]


def test_a_complaint_of_the_city_in_force_is_served(monkeypatch, django_user_model):
    monkeypatch.setenv("DOGTAG_JURISDICTION", "lino-lakes")
    _complaint("lino-lakes", django_user_model.objects.create_user("clerk1"))
    assert first_run.another_city() is None


def test_a_database_without_records_is_served(monkeypatch):
    monkeypatch.setenv("DOGTAG_JURISDICTION", "lino-lakes")
    assert first_run.another_city() is None


def test_every_record_that_names_its_city_is_checked():
    # the principal records of every app, and no history table (it repeats its record's city)
    labels = {m._meta.label for m in first_run.city_records()}
    assert {
        "complaints.Complaint",
        "kennels.PrivateKennelLicense",
        "dangerous_dogs.DangerousDogCase",
        "parcels.Parcel",
        "clinics.Certificate",
        "applications.OnlineApplication",
        "found.RelayMessage",
        "licensing.Owner",
        "records.NumberSequence",
    } <= labels
    assert not [label for label in labels if ".Historical" in label]
