"""One deployment serves one city (issue 27): a database whose records were made under another
city's law is not served with this city's law in force; `dogtag serve` says which city it holds."""

from __future__ import annotations

import pytest

from dogtag.records.models import NumberSequence
from dogtag.staff import first_run

pytestmark = pytest.mark.django_db


def test_a_database_of_its_own_city_is_served(monkeypatch):
    monkeypatch.setenv("DOGTAG_JURISDICTION", "nowthen")
    NumberSequence.objects.create(jurisdiction="nowthen", name="license", year=2026, last=4)
    assert first_run.another_city() is None


def test_a_database_of_another_city_is_refused_naming_it(monkeypatch):
    # given Nowthen's records, and Lino Lakes in force
    NumberSequence.objects.create(jurisdiction="nowthen", name="license", year=2026, last=4)
    monkeypatch.setenv("DOGTAG_JURISDICTION", "lino-lakes")
    assert first_run.another_city() == (
        "This database holds the records of nowthen, not of lino-lakes (the city in force, "
        "DOGTAG_JURISDICTION): serve it with DOGTAG_JURISDICTION=nowthen, or give lino-lakes its "
        "own database (DATABASE_URL, or DOGTAG_VAR_DIR for a new SQLite file)."
    )
