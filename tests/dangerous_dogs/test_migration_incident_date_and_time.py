"""dangerous_dogs 0005 splits an incident's ``occurred_at`` into its date and its time, as the
Notice of Dangerous Dog states them (3-2-9.A.1.a): every row keeps its value exactly, read as the
date and time on the clock in Nowthen (America/Chicago). Undone, a row with its time goes back to
the same instant; one with no time cannot, and the undoing says which."""

from __future__ import annotations

import datetime as dt
import importlib
from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from .conftest import INCIDENT, designate

MIGRATION = importlib.import_module("dogtag.dangerous_dogs.migrations.0005_incident_date_and_time")
BEFORE = [("dangerous_dogs", "0004_case_event_requests_not_taken")]
AFTER = [("dangerous_dogs", "0005_incident_date_and_time")]
UTC = dt.UTC
CHICAGO = ZoneInfo("America/Chicago")

#: stored value -> (the date, the time) in Nowthen
VALUES = [
    # an evening in CST stored in UTC: the next day in UTC, the same day in Nowthen
    (dt.datetime(2026, 11, 21, 3, 30, tzinfo=UTC), (dt.date(2026, 11, 20), dt.time(21, 30))),
    # in CDT, to the microsecond
    (
        dt.datetime(2026, 10, 20, 22, 45, 7, 123456, tzinfo=UTC),
        (dt.date(2026, 10, 20), dt.time(17, 45, 7, 123456)),
    ),
    # midnight in Nowthen is an incident with its time: 00:00, not "no time"
    (dt.datetime(2026, 5, 3, 5, 0, tzinfo=UTC), (dt.date(2026, 5, 3), dt.time(0, 0))),
    # the spring change (2026-03-08, 2:00 CST -> 3:00 CDT): a minute each side
    (dt.datetime(2026, 3, 8, 7, 59, tzinfo=UTC), (dt.date(2026, 3, 8), dt.time(1, 59))),
    (dt.datetime(2026, 3, 8, 8, 0, tzinfo=UTC), (dt.date(2026, 3, 8), dt.time(3, 0))),
    # a value stored with another offset is the same instant
    (
        dt.datetime(2026, 7, 4, 23, 15, tzinfo=dt.timezone(dt.timedelta(hours=-4))),
        (dt.date(2026, 7, 4), dt.time(22, 15)),
    ),
]


@pytest.mark.parametrize("stored, local", VALUES)
def test_each_value_is_read_as_the_date_and_time_in_nowthen(stored, local):
    assert MIGRATION.local_date_and_time(stored) == local
    # and back, the same instant
    day, time = local
    assert MIGRATION.instant(day, time) == stored


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_the_rows_stored_before_keep_their_values(officer, dog):
    # given a case, and before 0005 its incidents stored as one instant each
    case = designate(officer, dog, incidents=[INCIDENT])
    try:
        old = _migrate(BEFORE)
        Incident = old.get_model("dangerous_dogs", "Incident")
        Incident.objects.filter(case_id=case.pk).delete()
        ids = [
            Incident.objects.create(
                case_id=case.pk, occurred_at=stored, place=f"Place {n}", facts=f"Facts {n}"
            ).pk
            for n, (stored, _) in enumerate(VALUES)
        ]
        # when the migration runs
        _migrate(AFTER)
        from dogtag.dangerous_dogs.models import Incident as Now

        # then each row holds the date and time it stood for in Nowthen, nothing else changed
        rows = {i.pk: i for i in Now.objects.filter(pk__in=ids)}
        assert [(rows[pk].occurred_on, rows[pk].occurred_time, rows[pk].place) for pk in ids] == [
            (*local, f"Place {n}") for n, (_, local) in enumerate(VALUES)
        ]
        # and in the order of the instants
        assert list(Now.objects.filter(case_id=case.pk).values_list("pk", flat=True)) == [
            pk for _, pk in sorted(zip([s for s, _ in VALUES], ids, strict=True))
        ]
        # when it is undone, each row holds its instant again
        old = _migrate(BEFORE)
        Incident = old.get_model("dangerous_dogs", "Incident")
        assert [Incident.objects.get(pk=pk).occurred_at for pk in ids] == [s for s, _ in VALUES]
        # and a row with no time cannot be undone: the undoing names it, and changes nothing
        _migrate(AFTER)
        Now.objects.filter(pk=ids[0]).update(occurred_time=None)
        with pytest.raises(ValueError, match=rf"incident {ids[0]} of case {case.number}"):
            _migrate(BEFORE)
        assert Now.objects.get(pk=ids[0]).occurred_on == dt.date(2026, 11, 20)
        Now.objects.filter(pk=ids[0]).update(occurred_time=dt.time(21, 30))
    finally:
        executor = MigrationExecutor(connection)
        _migrate(executor.loader.graph.leaf_nodes())
