"""The bulk writer (``dogtag.records.bulk``) the imports and the bench generator write with: its
rows read back through the ORM as the services would have saved them, its history rows as
django-simple-history writes them, and its ids never given twice."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone

from dogtag.licensing.models import Dog, License, Owner, RabiesVaccination
from dogtag.records.bulk import History, Table, prepared

pytestmark = pytest.mark.django_db

HISTORY_COLUMNS = ("history_type", "history_user_id", "history_change_reason")


def _history_row(model, pk):
    row = model.history.filter(id=pk).values().get()
    return {k: v for k, v in row.items() if k not in ("history_id", "history_date")}


def test_a_row_written_in_bulk_reads_back_as_the_orm_would_have_saved_it():
    # Given an owner, a dog, a vaccination and a license written by the bulk writer, with the
    # history rows the services write, by a clerk
    clerk = get_user_model().objects.create(username="clerk")
    at = dt.datetime(2026, 3, 2, 15, 0, tzinfo=dt.UTC)
    tables = {m: Table(m) for m in (Owner, Dog, RabiesVaccination, License)}
    history = {m: History(m) for m in tables}

    def add(model, **values):
        values["id"] = tables[model].take_id()
        row = tables[model].add(**values)
        history[model].of(row, at=prepared(at), kind="+", user_id=clerk.pk, reason="bulk")
        return values["id"]

    owner = add(
        Owner, name="Ada Berg", street="1 Viking Blvd NW", phone="+17635550101", created_at=at
    )
    dog = add(
        Dog,
        owner_id=owner,
        name="Rex",
        breed="Beagle",
        color="tan",
        sex="male",
        sterilized=True,
        born=dt.date(2024, 1, 1),
        status="active",
        created_at=at,
    )
    rabies = add(
        RabiesVaccination,
        dog_id=dog,
        vaccinated_on=dt.date(2026, 3, 2),
        expires_on=dt.date(2029, 3, 2),
        duration_years=3,
        veterinarian="Dr. Alma Reyes",
        recorded_at=at,
    )
    license_ = add(
        License,
        number="2026-00001",
        dog_id=dog,
        owner_id=owner,
        kind="new",
        issued_on=dt.date(2026, 3, 2),
        expires_on=dt.date(2029, 3, 2),
        tier_years=3,
        fee=Decimal("30.00"),
        penalty=Decimal("0.00"),
        status="active",
        rabies_id=rabies,
        imported=True,
    )
    for model in tables:
        tables[model].flush()
        history[model].flush()

    # When they are read back through the ORM
    read = License.objects.select_related("dog__owner", "rabies").get(pk=license_)

    # Then they hold exactly what was written, typed as the ORM types them
    assert (read.number, read.fee, read.issued_on, read.rabies.expires_on, read.imported) == (
        "2026-00001",
        Decimal("30.00"),
        dt.date(2026, 3, 2),
        dt.date(2029, 3, 2),
        True,
    )
    assert (read.dog.name, read.dog.owner.name, read.dog.owner.created_at) == (
        "Rex",
        "Ada Berg",
        at,
    )
    # and each history row is the record's row, with who, when, why and what kind of change
    for model, pk in ((Owner, owner), (Dog, dog), (RabiesVaccination, rabies), (License, license_)):
        entry = model.history.get(id=pk)
        assert (entry.history_type, entry.history_user, entry.history_date) == ("+", clerk, at)
        assert entry.history_change_reason == "bulk"
        saved = model.objects.filter(pk=pk).values().get()
        assert {k: v for k, v in _history_row(model, pk).items() if k in saved} == saved


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="SQLite: the writer's transaction holds the database's one write lock",
)
def test_an_id_the_writer_reserved_is_never_given_to_a_record_saved_later():
    # Given ids reserved by the bulk writer, not yet used
    table = Table(Owner)
    reserved = {table.take_id() for _ in range(3)}

    # When a clerk saves an owner through the ORM meanwhile
    saved = Owner.objects.create(name="Bo Dahl", street="2 Alpine Dr NW", phone="+17635550102")

    # Then the owner gets an id of its own, none of the reserved ones
    assert saved.pk not in reserved
    # and the writer's rows still go in under the ids it reserved
    for pk in sorted(reserved):
        table.add(id=pk, name=f"Owner {pk}", street="3 Cedar Dr NW", created_at=timezone.now())
    table.flush()
    assert set(Owner.objects.exclude(pk=saved.pk).values_list("pk", flat=True)) == reserved


def test_a_row_without_a_required_value_is_refused_before_anything_is_written():
    # Given a license row missing the day it was issued (no default)
    table = Table(License)

    # When it is added, Then the writer says which column needs a value, and writes nothing
    with pytest.raises(AssertionError, match="licensing_license.'issued_on' needs a value"):
        table.add(id=1, number="2026-00001", dog_id=1, owner_id=1)
    assert (table.rows, table.flush(), License.objects.count()) == ([], 0, 0)


@pytest.mark.parametrize("city", ["nowthen", "lino-lakes"])
def test_a_row_written_in_bulk_knows_its_city_as_a_saved_one_does(monkeypatch, city):
    # Regression (issue 27): the writer took only fixed defaults, so a row it wrote without a
    # jurisdiction (the bench's tags and receipts, an import's) named no city: "", not the city
    # in force as the services' rows do.
    # Given a city in force, when an owner is written in bulk without naming its jurisdiction
    monkeypatch.setenv("DOGTAG_JURISDICTION", city)
    table = Table(Owner)
    pk = table.take_id()
    table.add(
        id=pk,
        name="Ada Berg",
        street="1 Viking Blvd NW",
        created_at=dt.datetime(2026, 12, 7, 9, 0, tzinfo=dt.UTC),
    )
    table.flush()
    # Then it reads back as the city's, as one the services saved would
    saved = Owner.objects.get(pk=pk)
    assert saved.jurisdiction == city
    assert saved.city == Owner(name="x").city != ""
