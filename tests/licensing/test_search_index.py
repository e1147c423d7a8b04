"""Staff search reads an index (issue 14, item 2; ``licensing.search_index``).

The same table of searches gives the same results on SQLite and on PostgreSQL (CI runs this file
on both); on SQLite the FTS5 trigram table narrows each search and stays in step with the records;
on PostgreSQL the planner answers from the pg_trgm GIN indexes, and the next tag in stock is found
through an index on both. The index tests fail if an index is dropped."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection

from dogtag.licensing import queries, search_index, services
from dogtag.licensing.models import Dog, License, Owner, Tag
from dogtag.records.versions import version_of

from .conftest import TODAY, D, cash

SQLITE = pytest.mark.skipif(connection.vendor != "sqlite", reason="the SQLite FTS5 index")
POSTGRES = pytest.mark.skipif(connection.vendor != "postgresql", reason="the pg_trgm indexes")


@pytest.fixture
def town(db: None, clerk: Any, stock: Any) -> None:
    """Three owners, four dogs, two licenses with their tags (2026-00001, 2026-00002)."""
    people = [
        ("Pat Gustafson", "7120 Viking Blvd NW", "763-555-0142", "pat@example.org"),
        ("Lee Ødegaard", "18120 Rum River Dr NW", "612-555-9876", ""),
        ("Sam Rivers", "400 Nowthen Blvd", "763-555-7777", "sam.rivers@example.com"),
    ]
    owners = [
        services.register_owner(
            actor=clerk, name=n, street=s, postal_code="55303", phone=p, email=e
        )
        for n, s, p, e in people
    ]
    dogs = [
        ("Biscuit", "Labrador retriever", "Yellow", "985112003456789", owners[0]),
        ("Juniper", "Border collie", "Black and white", "", owners[1]),
        ("Rivet", "Beagle", "Tricolor", "900000000000001", owners[2]),
        ("Scout", "Labrador mix", "Chocolate", "", owners[2]),
    ]
    for name, breed, color, chip, owner in dogs:
        dog = services.register_dog(
            owner=owner,
            actor=clerk,
            name=name,
            breed=breed,
            color=color,
            sex="female",
            born=D(2026, 5, 20),
            microchip=chip,
        )
        if name in ("Biscuit", "Rivet"):
            rabies = services.record_rabies_vaccination(
                dog=dog,
                actor=clerk,
                vaccinated_on=D(2026, 10, 1),
                expires_on=D(2027, 10, 1),
                veterinarian="Dr. Ana Lindqvist, DVM",
            )
            services.issue_license(
                dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
            )


def found(text: str) -> dict[str, list[str]]:
    results = queries.search(text, TODAY)
    shown = {
        "owners": lambda o: o.name,
        "dogs": lambda d: d.name,
        "licenses": lambda pair: pair[0].dog.name,
        "tags": lambda t: t.serial,
    }
    return {g.key: [shown[g.key](r) for r in g.rows] for g in results.groups if g.rows}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("gustaf", {"owners": ["Pat Gustafson"]}),
        ("rum river", {"owners": ["Lee Ødegaard"]}),
        ("RIVER", {"owners": ["Lee Ødegaard", "Sam Rivers"]}),
        ("riv", {"owners": ["Lee Ødegaard", "Sam Rivers"], "dogs": ["Rivet"]}),
        ("viking pat", {"owners": ["Pat Gustafson"]}),
        ("555-0142", {"owners": ["Pat Gustafson"]}),
        ("(763) 555-7777", {"owners": ["Sam Rivers"]}),
        ("9876", {"owners": ["Lee Ødegaard"]}),
        ("example.com", {"owners": ["Sam Rivers"]}),
        ("labrador", {"dogs": ["Biscuit", "Scout"]}),
        ("lab choc", {"dogs": ["Scout"]}),
        ("Ju", {"dogs": ["Juniper"]}),
        ("985112003456789", {"dogs": ["Biscuit"]}),
        ("3456", {"dogs": ["Biscuit"]}),
        ("2026-00002", {"licenses": ["Rivet"], "tags": ["2026-00002"]}),
        ("2026-0000", {"licenses": ["Rivet", "Biscuit"], "tags": ["2026-00001", "2026-00002"]}),
        ("2026-00007", {"tags": ["2026-00007"]}),  # in stock: the exact serial only
        ('"; drop', {}),
        ("Ødegaard", {"owners": ["Lee Ødegaard"]}),
    ],
)
def test_the_same_search_finds_the_same_records_on_either_database(town, text, expected):
    assert found(text) == expected


def test_a_license_number_finds_its_license(town):
    number = License.objects.get(dog__name="Rivet").number
    assert found(number)["licenses"] == ["Rivet"]


# ---------------------------------------------------------------------------------- SQLite


def plan(sql: str, params: Any) -> str:
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN QUERY PLAN {sql}", params)
        return "\n".join(str(row[-1]) for row in cursor.fetchall())


@SQLITE
def test_sqlite_narrows_search_with_the_fts5_table(town):
    owners = search_index.narrowed(Owner.objects.filter(name__icontains="rum"), '("rum")')
    sql, params = owners.query.sql_with_params()
    assert "VIRTUAL TABLE INDEX" in plan(sql, params)
    assert "licensing_owner_search" in sql


@SQLITE
def test_sqlite_index_follows_every_insert_update_and_delete(town, clerk):
    # given an owner renamed after the index was built
    owner = Owner.objects.get(name="Sam Rivers")
    services.update_owner(owner, actor=clerk, version=version_of(owner), name="Sam Brooks")
    # then the new name is found and the old one is not
    assert found("brooks")["owners"] == ["Sam Brooks"]
    assert fts_rows("licensing_owner_search", 'name : "Rivers"') == []
    # and a dog deleted from the records leaves the index
    scout = Dog.objects.get(name="Scout")
    Dog.objects.filter(pk=scout.pk).delete()
    assert fts_rows("licensing_dog_search", '"Scout"') == []


def fts_rows(table: str, expression: str) -> list[Any]:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT rowid FROM {table} WHERE {table} MATCH %s", [expression])
        return cursor.fetchall()


@SQLITE
def test_sqlite_rebuilds_an_index_whose_triggers_a_table_rebuild_dropped(town):
    # given the owner table's triggers gone (as after a migration copies the table) and a change
    with connection.cursor() as cursor:
        for event in ("ai", "ad", "au"):
            cursor.execute(f"DROP TRIGGER licensing_owner_search_{event}")
    Owner.objects.filter(name="Pat Gustafson").update(street="1 Bunker Lake Blvd")
    assert found("bunker").get("owners", []) == []  # the stale index misses it
    # when the search indexes are installed again (post_migrate does this)
    search_index.install(connection)
    # then the triggers are back and the index holds the change
    assert found("bunker")["owners"] == ["Pat Gustafson"]


# ------------------------------------------------------------------------------ PostgreSQL


def pg_plan(queryset: Any) -> str:
    sql, params = queryset.query.sql_with_params()
    with connection.cursor() as cursor:
        # With a few rows a scan (of the table, or of the name index in order) is cheapest:
        # forbid both, so the plan shows which index can serve the conditions (a bitmap scan).
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("SET LOCAL enable_indexscan = off")
        cursor.execute(f"EXPLAIN {sql}", params)
        return "\n".join(row[0] for row in cursor.fetchall())


@POSTGRES
@pytest.mark.parametrize(
    "text, group, index",
    [
        ("rum river", "owners", "owner_street_trgm"),
        ("gustaf", "owners", "owner_name_trgm"),
        ("555-0142", "owners", "owner_phone_trgm"),
        ("labrador", "dogs", "dog_breed_trgm"),
        ("985112003456789", "dogs", "dog_microchip_trgm"),
        ("2026-00002", "licenses", "license_number_trgm"),
        ("2026-00002", "tags", "tag_serial_trgm"),
    ],
)
def test_postgresql_search_uses_the_trigram_indexes(town, monkeypatch, text, group, index):
    captured: dict[str, Any] = {}
    real = queries._group

    def spy(key, title, queryset, limit, address):
        captured[key] = queryset
        return real(key, title, queryset, limit, address)

    monkeypatch.setattr(queries, "_group", spy)
    # a whole number is first looked up exactly (queries.exact_number); searching everywhere is
    # what reads the trigram indexes
    queries.search(text, TODAY, anywhere=True)
    assert index in pg_plan(captured[group])


def test_the_next_tag_in_stock_is_found_through_an_index(town):
    # as the counter asks it (licensing.services._claim_tag): the city's own stock
    next_tag = Tag.objects.filter(jurisdiction="nowthen", status=Tag.Status.IN_STOCK).order_by(
        "serial"
    )[:1]
    if connection.vendor == "postgresql":
        assert "tag_in_stock_serial" in pg_plan(next_tag)
    else:
        sql, params = next_tag.query.sql_with_params()
        text = plan(sql, params)
        assert "USING INDEX tag_in_stock_serial" in text and "TEMP B-TREE" not in text
