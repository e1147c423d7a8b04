"""The due list's stored clocks (``licensing.due_clocks``, issue 14 item 2): every service that
changes what a clock depends on keeps them in step, in its own transaction; a bulk load and a
change of parameters rebuild them; and while they are not in step with the parameters the list
computes every row instead. Each check compares the list read from the stored clocks with the
whole list computed from the records (``due_store.assert_stored_clocks_agree``)."""

from __future__ import annotations

import datetime as dt
import threading
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection, connections, transaction
from django.http import QueryDict
from django.test.utils import CaptureQueriesContext

from dogtag.imports.services import import_licenses
from dogtag.licensing import due_clocks, services
from dogtag.licensing.due import due_list, stored_clocks_fresh
from dogtag.licensing.models import Dog, DueClock, DueClockState, License
from dogtag.licensing.tasks import refresh_due_clocks
from dogtag.records.services import city_params
from dogtag.records.versions import version_of

from .conftest import TODAY, D
from .due_store import assert_stored_clocks_agree
from .test_due import build_town, dog_of, issue, owner_named, vaccinate

LATER = D(2027, 1, 25)
EXAMPLE = Path(__file__).parents[2] / "docs" / "imports" / "legacy-licenses-example.csv"


def clocks() -> set[tuple[object, ...]]:
    return set(
        DueClock.objects.values_list(
            "dog_id", "kind", "date", "dog_name", "tiebreak", "enters_on", "leaves_on",
            "overdue_from", "license_id",
        )
    )  # fmt: skip


@pytest.fixture
def town(clerk, stock):
    return build_town(clerk)


def _transfer(clerk, t):
    services.transfer_ownership(
        dog=t.biscuit, to_owner=t.owners.kim, changed_on=D(2026, 11, 28), actor=clerk
    )


def _dies(clerk, t):
    services.record_dog_status(dog=t.ruby, status="deceased", on=D(2026, 11, 27), actor=clerk)


def _arrives(clerk, t):
    owner = t.owners.lee
    services.update_owner(
        owner, actor=clerk, version=version_of(owner), resident_since=D(2026, 11, 3)
    )


def _renewed_today(clerk, t):
    issue(clerk, t.moose, vaccinate(clerk, t.moose, TODAY, D(2027, 11, 29)), TODAY, "renewal")


def _licensed_back_dated(clerk, t):
    issue(clerk, t.bear, vaccinate(clerk, t.bear, D(2026, 11, 1), D(2027, 11, 1)), D(2026, 11, 2))


def _renewal_voided(clerk, t):
    renewal = issue(
        clerk, t.biscuit, vaccinate(clerk, t.biscuit, TODAY, D(2029, 11, 29)), TODAY, "renewal"
    )
    services.void_receipt(receipt=renewal.receipt, reason="Paid twice", actor=clerk)


def _puppy_registered(clerk, t):
    dog_of(clerk, t.owners.pat, "Nugget", born=D(2026, 6, 20))


CHANGES = {
    "a change of ownership (3-2-2.F)": _transfer,
    "a dog's death ends its license (3-2-3.A)": _dies,
    "an owner's arrival starts the new resident's clock (3-2-2.E)": _arrives,
    "a renewal today is written without a read (3-2-2.B)": _renewed_today,
    "a license dated back is refreshed from the records (3-2-2.E)": _licensed_back_dated,
    "a voided renewal puts the license it replaced back in force (3-2-2.B)": _renewal_voided,
    "a puppy registered (3-2-2.D)": _puppy_registered,
}


@pytest.mark.parametrize("change", CHANGES.values(), ids=CHANGES.keys())
@pytest.mark.parametrize("on", [TODAY, LATER], ids=["today", "as of a later day"])
def test_each_service_keeps_the_stored_clocks_in_step(clerk, town, change, on):
    # given the town, when the service runs, then the stored clocks give the list of the records
    for dog in (town.moose, town.biscuit, town.bear, town.ruby):
        dog.refresh_from_db()
    town.owners.lee.refresh_from_db()
    change(clerk, town)
    assert_stored_clocks_agree(on)


def test_issuing_today_writes_the_clock_before_the_numbers_and_reads_once(clerk, town):
    # given Moose's lapsed license, when it is renewed today, then the service stored the clock
    # itself (no refresh from the records afterwards) and the clock names the new license
    _renewed_today(clerk, town)
    renewed = License.objects.filter(dog=town.moose).order_by("-id").first()
    assert set(
        DueClock.objects.filter(dog=town.moose).values_list("kind", "license_id", "date")
    ) == {("license", renewed.pk, D(2027, 11, 29))}


def test_store_issued_declines_what_it_cannot_tell_without_reading(clerk, town):
    # given a license dated back, or a dog with another license expiring as late, then
    # store_issued writes nothing and says so (issuing then refreshes the dog from the records)
    before = clocks()
    dated_back = License(
        pk=10**9, dog=town.moose, owner=town.moose.owner, issued_on=D(2026, 11, 2),
        expires_on=D(2027, 11, 2),
    )  # fmt: skip
    assert due_clocks.store_issued(dated_back) is False
    not_latest = License(
        pk=10**9, dog=town.ruby, owner=town.ruby.owner, issued_on=TODAY, expires_on=D(2027, 3, 1)
    )
    assert due_clocks.store_issued(not_latest) is False
    assert clocks() == before


def test_rebuilding_gives_the_clocks_the_services_kept(clerk, town):
    # given the clocks the services kept, when the table is rebuilt from the records
    kept = clocks()
    assert len(kept) == 18
    DueClock.objects.all().delete()
    written = due_clocks.refresh_all(on=TODAY)
    # then it holds the same rows, and the list reads them again
    assert (written, clocks()) == (18, kept)
    assert_stored_clocks_agree(TODAY)


def test_a_legacy_import_refreshes_the_clocks_of_the_dogs_it_wrote(clerk):
    # when the example file is imported (written in bulk, around the per-row services)
    import_licenses(EXAMPLE.read_bytes(), filename="example.csv", actor=clerk)
    # then every dog it wrote has its clocks, and the list read from them is the records' list
    assert set(DueClock.objects.values_list("dog_id", flat=True)) <= set(
        Dog.objects.values_list("id", flat=True)
    )
    assert DueClock.objects.exists()
    assert_stored_clocks_agree(TODAY)
    assert_stored_clocks_agree(LATER)


def test_while_the_parameters_differ_the_list_computes_every_row(clerk, town):
    # given clocks stored with other parameters than those in force (a resolution came into force)
    DueClockState.objects.filter(pk=1).update(fingerprint="other parameters")
    params = city_params()
    assert not stored_clocks_fresh(params, TODAY)
    # when the list is read a page at a time, then it reads no stored clock, and shows the rows
    with CaptureQueriesContext(connection) as queries:
        paged = due_list(TODAY, params, other_domains=False, address=QueryDict())
    assert not [q for q in queries.captured_queries if '"licensing_dueclock"' in q["sql"]]
    whole = due_list(TODAY, params, other_domains=False)
    assert [s.total for s in paged.sections] == [len(s.rows) for s in whole.sections]
    assert [s.total for s in paged.sections] == [1, 1, 3, 3, 2, 3]
    # when the periodic task runs, then it rebuilds them, once
    assert refresh_due_clocks.call() is True
    assert stored_clocks_fresh(params, TODAY)
    assert refresh_due_clocks.call() is False
    assert_stored_clocks_agree(TODAY)


def test_the_periodic_task_is_scheduled():
    assert ("dogtag.licensing.tasks.refresh_due_clocks", 3600) in settings.DOGTAG_PERIODIC_TASKS


def test_the_command_rebuilds_and_says_how_many(clerk, town):
    out = StringIO()
    call_command("refresh_due_clocks", stdout=out)
    assert out.getvalue().startswith("Stored 18 clocks of the due list in ")
    out = StringIO()
    call_command("refresh_due_clocks", "--if-stale", stdout=out)
    assert out.getvalue() == "The due list's stored clocks are up to date.\n"


def test_a_city_with_no_dog_has_its_clocks_stored_from_the_start(clerk):
    # given a database just migrated (migrate's post_migrate hook ran): the clocks are in use
    assert stored_clocks_fresh(city_params(), TODAY)
    # when the state is lost and there is still no dog, then it can say so again
    DueClockState.objects.all().delete()
    assert due_clocks.mark_built_if_empty(on=TODAY) is True
    assert due_clocks.mark_built_if_empty(on=TODAY) is False
    # but a city with dogs is built by the command or the task, never marked
    DueClockState.objects.all().delete()
    owner = owner_named(clerk, "Pat Gustafson")
    dog_of(clerk, owner, "Rex", born=D(2020, 1, 1))
    assert due_clocks.mark_built_if_empty(on=TODAY) is False
    assert not DueClockState.objects.exists()
    assert DueClock.objects.count() == 1  # the services keep the dog's clock all the same


def test_before_the_clocks_are_built_nothing_is_lost(clerk, stock):
    # given an upgraded city whose clocks were never built (no state)
    DueClockState.objects.all().delete()
    owner = owner_named(clerk, "Pat Gustafson")
    dog = dog_of(clerk, owner, "Rex", born=D(2020, 1, 1))
    issue(clerk, dog, vaccinate(clerk, dog, D(2025, 1, 1), D(2026, 1, 1)), D(2025, 1, 2))
    # then the list computes its rows: the lapsed license is listed
    paged = due_list(TODAY, city_params(), other_domains=False, address=QueryDict())
    assert paged.section("overdue_renewals").total == 1
    # and once built, the stored clocks list it the same
    due_clocks.refresh_all(on=TODAY)
    assert_stored_clocks_agree(TODAY)
    assert dt.date(2026, 1, 1) in set(DueClock.objects.values_list("date", flat=True))


def _race(first_work, second_work) -> tuple[list[BaseException], bool]:
    """Run ``first_work`` in a transaction left open, then ``second_work`` meanwhile on another
    connection; returns the errors of both, and whether the second waited for the first."""
    written, go_on = threading.Event(), threading.Event()
    errors: list[BaseException] = []

    def first() -> None:
        try:
            with transaction.atomic():
                first_work()
                written.set()
                go_on.wait(10)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)
        finally:
            connections.close_all()

    def second() -> None:
        try:
            second_work()
        except BaseException as exc:  # reported below: a duplicate clock, before the locks
            errors.append(exc)
        finally:
            connections.close_all()

    one = threading.Thread(target=first)
    one.start()
    assert written.wait(10)
    two = threading.Thread(target=second)
    two.start()
    two.join(0.5)
    waited = two.is_alive()
    go_on.set()
    one.join(10)
    two.join(10)
    assert not two.is_alive()
    return errors, waited


def _rebuild(dog_pk: int) -> None:
    due_clocks.refresh_all(on=TODAY)


def _replace(dog_pk: int) -> None:  # what a service does (voiding a receipt, say)
    due_clocks.refresh([dog_pk])


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql",
    reason="SQLite runs one writer at a time: the race needs PostgreSQL",
)
@pytest.mark.parametrize(
    "first_work, second_work",
    [(_replace, _replace), (_rebuild, _replace), (_replace, _rebuild)],
    ids=["two services", "rebuild first", "service first"],
)
def test_two_writers_of_one_dogs_clocks_wait_for_each_other(clerk, first_work, second_work):
    # given a dog with its clock, and a service replacing its clocks (or a rebuild of the whole
    # table) that has written its rows but not committed
    owner = owner_named(clerk, "Pat Gustafson")
    dog = dog_of(clerk, owner, "Rex", born=D(2020, 1, 1))
    # when another replaces the same dog's clocks meanwhile
    errors, waited = _race(lambda: first_work(dog.pk), lambda: second_work(dog.pk))
    # then it waited on the dog's lock, both finished, neither refused on a duplicate clock, and
    # the dog has its one clock
    assert (errors, waited) == ([], True)
    assert list(DueClock.objects.filter(dog=dog).values_list("kind", flat=True)) == ["six_months"]
