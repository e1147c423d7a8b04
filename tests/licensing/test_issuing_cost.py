"""What one license issue costs the database, pinned (issue 14: p95 < 5 ms on SQLite).

The statements are counted, not timed: a change that adds a round trip to the desk's busiest
write fails here, by name, instead of slowly showing in the benchmark.
"""

import datetime as dt
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from dogtag.licensing import services
from dogtag.licensing.models import License, Tag
from tests.licensing.conftest import TODAY, cash

pytestmark = pytest.mark.django_db

D = dt.date


def _statements(queries: CaptureQueriesContext) -> list[str]:
    """The statements run, without the savepoints the test's own transaction adds."""
    return [
        q["sql"]
        for q in queries.captured_queries
        if not q["sql"].startswith(("SAVEPOINT", "RELEASE SAVEPOINT"))
    ]


def _table(sql: str) -> str:
    """The table a statement reads or writes: the first named after FROM, INTO or UPDATE."""
    found = re.search(r'(?:FROM|INTO|UPDATE) "(\w+)"', sql)
    return found.group(1) if found else sql.split()[0]


def _another_dog(clerk, owner, name: str):
    dog = services.register_dog(
        owner=owner,
        actor=clerk,
        name=name,
        breed="Beagle",
        color="Tan",
        sex="male",
        born=D(2026, 5, 20),
    )
    rabies = services.record_rabies_vaccination(
        dog=dog,
        actor=clerk,
        vaccinated_on=D(2026, 10, 1),
        expires_on=D(2027, 10, 1),
        veterinarian="Dr. Ana Lindqvist, DVM",
    )
    return dog, rabies


def test_one_issue_runs_fifteen_statements(clerk, stock, owner, dog, rabies):
    # given a license already issued today (its year's numbers exist, its cited values stored)
    services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
    )
    other, other_rabies = _another_dog(clerk, owner, "Scout")
    # when the clerk issues the next one
    with CaptureQueriesContext(connection) as queries:
        services.issue_license(
            dog=other,
            rabies=other_rabies,
            kind="new",
            on=TODAY,
            payment=cash("3.00"),
            actor=clerk,
        )
    statements = _statements(queries)
    # then these fifteen statements, in this order: the reads, the decision, the tag (found,
    # locked and handed out in one), the dog's clock on the due list (due_clocks.store_issued),
    # and the two numbers drawn as late as they can be. The
    # decision comes before the tag: once the tag names the license not yet written, SQLite
    # would check a decision inserted then against every license of the city (services.py).
    tables = [_table(s) for s in statements]
    assert [s.split()[0] for s in statements] == [
        "SELECT",  # the dog, locked
        "SELECT",  # its licenses: one in force (license_problem)? one later (due_clocks)?
        "SELECT",  # the fee resolutions entered (city_params)
        "SELECT",  # the license's id, reserved
        "INSERT",  # the decision
        "UPDATE",  # the lowest tag in stock, handed out
        "INSERT",  # its history row
        "DELETE",  # the dog's clocks on the due list
        "INSERT",  # its clock: the license in force
        "UPDATE",  # the license number
        "INSERT",  # the license
        "INSERT",  # its history row
        "UPDATE",  # the receipt number
        "INSERT",  # the receipt
        "INSERT",  # its line
    ], statements
    assert tables[4:] == [
        "records_decision",
        "licensing_tag",
        "licensing_historicaltag",
        "licensing_dueclock",
        "licensing_dueclock",
        "records_numbersequence",
        "licensing_license",
        "licensing_historicallicense",
        "records_numbersequence",
        "licensing_receipt",
        "licensing_receiptline",
    ]
    assert "'license'" in statements[9] and "'receipt'" in statements[12]


def test_the_history_rows_say_who_and_when_and_hold_the_rows_as_written(clerk, stock, dog, rabies):
    # when the clerk issues a license
    issued = services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
    )
    # then the license has one history row, "created", by the clerk, now, with every field
    license_ = License.objects.get(pk=issued.license.pk)
    (created,) = License.history.filter(id=license_.pk)
    assert (created.history_type, created.history_user, created.history_change_reason) == (
        "+",
        clerk,
        None,
    )
    assert created.history_date == dt.datetime(2026, 11, 29, 16, 0, tzinfo=dt.UTC)
    fields = [f.attname for f in License._meta.concrete_fields]
    assert {f: getattr(created, f) for f in fields} == {f: getattr(license_, f) for f in fields}
    # and the tag one row "changed" (in stock -> issued), by the clerk, with every field
    tag = Tag.objects.get(pk=issued.tag.pk)
    (changed,) = Tag.history.filter(id=tag.pk)
    assert (changed.history_type, changed.history_user, changed.history_date) == (
        "~",
        clerk,
        dt.datetime(2026, 11, 29, 16, 0, tzinfo=dt.UTC),
    )
    fields = [f.attname for f in Tag._meta.concrete_fields]
    assert {f: getattr(changed, f) for f in fields} == {f: getattr(tag, f) for f in fields}
    assert (tag.serial, tag.status, tag.license_id, tag.dog_id, tag.issued_on) == (
        "2026-00001",
        "issued",
        license_.pk,
        dog.pk,
        TODAY,
    )
    # and the tag the service returned is the row as stored
    assert {f: getattr(issued.tag, f) for f in fields} == {f: getattr(tag, f) for f in fields}
    assert issued.tag.license == license_


def test_a_later_save_of_the_license_is_recorded_again(clerk, stock, dog, rabies):
    # given a license issued (its own history row written by the service)
    issued = services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
    )
    # when the license is ended afterwards through the ordinary save
    license_ = License.objects.get(pk=issued.license.pk)
    license_.status_changed_on = TODAY
    license_._history_user = clerk
    license_.save(update_fields=["status_changed_on"])
    # then django-simple-history recorded that save too: skipping it was for one save only
    rows = License.history.filter(id=license_.pk).order_by("history_id")
    assert [(r.history_type, r.status_changed_on) for r in rows] == [("+", None), ("~", TODAY)]


def test_tags_are_handed_out_lowest_serial_first(clerk, stock, owner, dog, rabies):
    # given the tag 2026-00001 handed out with an earlier license
    first = services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
    )
    other, other_rabies = _another_dog(clerk, owner, "Scout")
    # when the next license issues
    second = services.issue_license(
        dog=other,
        rabies=other_rabies,
        kind="new",
        on=TODAY,
        payment=cash("3.00"),
        actor=clerk,
    )
    # then it gets the next serial in stock
    assert (first.tag.serial, second.tag.serial) == ("2026-00001", "2026-00002")
    assert Tag.objects.filter(status="in_stock").count() == 18


def test_no_decision_is_written_while_a_row_names_one_not_yet_written(clerk, stock, owner, dog):
    # SQLite checks a row inserted into a referenced table against every table that references
    # it while any deferred reference is outstanding; a license's link to its decision has no
    # index, so a decision inserted then scanned every license of the city (11 ms a license at
    # county size, issue 14). Given a new license and a renewal, when each is issued, then at
    # each decision's insert no reference in the database is outstanding.
    if connection.vendor != "sqlite":
        pytest.skip("PostgreSQL checks deferred references at commit, without scanning")
    outstanding: list[list[tuple[object, ...]]] = []

    def check(execute, sql, params, many, context):
        if sql.startswith('INSERT INTO "records_decision"'):
            found = connection.connection.execute("PRAGMA foreign_key_check").fetchall()
            outstanding.append(found)
        return execute(sql, params, many, context)

    first, first_rabies = _another_dog(clerk, owner, "Scout")
    with connection.execute_wrapper(check):
        issued = services.issue_license(
            dog=first, rabies=first_rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
        )
        renewal_rabies = services.record_rabies_vaccination(
            dog=first,
            actor=clerk,
            vaccinated_on=D(2027, 9, 20),
            expires_on=D(2030, 9, 20),
            veterinarian="Dr. Ana Lindqvist, DVM",
        )
        services.issue_license(
            dog=first,
            rabies=renewal_rabies,
            kind="renewal",
            on=D(2027, 9, 25),
            payment=cash("8.00"),
            actor=clerk,
        )
    assert issued.license.pk is not None
    assert outstanding == [[], []]


@pytest.mark.parametrize(
    "on",
    [D(2024, 1, 1), D(2025, 3, 1), D(2025, 6, 30), D(2025, 7, 1), D(2026, 6, 30), D(2026, 7, 1)],
)
def test_the_license_in_force_read_once_is_the_one_the_dog_names(dog, owner, rabies, on):
    # given licenses of every status, overlapping: the one in force is active, issued by then,
    # not expired, and of several the one expiring last
    def license_(number, issued_on, expires_on, status):
        return License(
            number=number,
            dog=dog,
            owner=owner,
            kind="new",
            issued_on=issued_on,
            expires_on=expires_on,
            tier_years=1,
            fee=0,
            penalty=0,
            status=status,
            rabies=rabies,
            imported=True,  # written here by hand: no decision of Dogtag's
        )

    License.objects.bulk_create(
        [
            license_("A-1", D(2025, 3, 1), D(2026, 6, 30), License.Status.ACTIVE),
            license_("A-2", D(2025, 3, 1), D(2025, 6, 30), License.Status.ACTIVE),
            license_("S-1", D(2025, 1, 1), D(2027, 1, 1), License.Status.SUPERSEDED),
            license_("E-1", D(2025, 1, 1), D(2027, 1, 1), License.Status.ENDED),
        ]
    )
    held = list(License.objects.filter(dog=dog).exclude(status=License.Status.VOID))
    # then what issuing finds among the licenses it read is what the dog's query finds
    assert services.in_force_of(held, on) == dog.current_license(on)
