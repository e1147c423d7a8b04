"""An incident's date and its time, apart (issue 26): 3-2-9.A.1.a asks the Notice to state "the
dates, times, places and facts of the incidents", and an incident may be known by its date alone.
``occurred_at`` (one instant) becomes ``occurred_on`` (the date) and ``occurred_time`` (the time,
empty while not known), both on the clock in Nowthen, as the Notice states them.

Every row keeps its value exactly: the instant read in America/Chicago, to the microsecond. The
zone is written here, not read from the settings, so the migration means the same whenever it
runs. Undone, a row goes back to the same instant (in the hour the clocks fall back, the earlier
of the two); a row with no time has no instant to go back to, and the undoing stops, naming it.
"""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import django.db.models.deletion
import simple_history.models
from django.conf import settings
from django.db import migrations, models

#: Nowthen's clock (City of Nowthen, Minnesota).
CITY = ZoneInfo("America/Chicago")
BATCH = 500


def local_date_and_time(at: dt.datetime) -> tuple[dt.date, dt.time]:
    """The date and time on Nowthen's clock of a stored instant."""
    local = at.astimezone(CITY)
    return local.date(), local.time()


def instant(day: dt.date, time: dt.time) -> dt.datetime:
    """The instant of a date and time on Nowthen's clock."""
    return dt.datetime.combine(day, time, tzinfo=CITY).astimezone(dt.UTC)


def forward(apps, schema_editor):
    Incident = apps.get_model("dangerous_dogs", "Incident")
    rows = []
    for incident in Incident.objects.only("pk", "occurred_at").order_by("pk").iterator():
        incident.occurred_on, incident.occurred_time = local_date_and_time(incident.occurred_at)
        rows.append(incident)
    Incident.objects.bulk_update(rows, ["occurred_on", "occurred_time"], batch_size=BATCH)


def backward(apps, schema_editor):
    Incident = apps.get_model("dangerous_dogs", "Incident")
    untimed = Incident.objects.filter(occurred_time__isnull=True).select_related("case")
    if untimed.exists():
        named = ", ".join(f"incident {i.pk} of case {i.case.number}" for i in untimed)
        raise ValueError(f"No time is recorded for {named}: occurred_at cannot hold a date alone.")
    rows = []
    for incident in Incident.objects.only("pk", "occurred_on", "occurred_time").order_by("pk"):
        incident.occurred_at = instant(incident.occurred_on, incident.occurred_time)
        rows.append(incident)
    Incident.objects.bulk_update(rows, ["occurred_at"], batch_size=BATCH)


class Migration(migrations.Migration):
    dependencies = [
        ("dangerous_dogs", "0004_case_event_requests_not_taken"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="incident",
            name="occurred_on",
            field=models.DateField(null=True),
        ),
        migrations.AddField(
            model_name="incident",
            name="occurred_time",
            field=models.TimeField(blank=True, null=True),
        ),
        # occurred_at may go back empty while the rows are given their instants again
        migrations.AlterField(
            model_name="incident",
            name="occurred_at",
            field=models.DateTimeField(null=True),
        ),
        migrations.RunPython(forward, backward),
        migrations.RemoveField(
            model_name="incident",
            name="occurred_at",
        ),
        migrations.AlterField(
            model_name="incident",
            name="occurred_on",
            field=models.DateField(),
        ),
        migrations.AlterModelOptions(
            name="incident",
            options={
                "ordering": [
                    "occurred_on",
                    models.OrderBy(models.F("occurred_time"), nulls_last=True),
                    "id",
                ]
            },
        ),
        migrations.CreateModel(
            name="HistoricalIncident",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                ("occurred_on", models.DateField()),
                ("occurred_time", models.TimeField(blank=True, null=True)),
                ("place", models.CharField(max_length=200)),
                ("facts", models.TextField()),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")],
                        max_length=1,
                    ),
                ),
                (
                    "case",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="dangerous_dogs.dangerousdogcase",
                    ),
                ),
                (
                    "history_user",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "verbose_name": "historical incident",
                "verbose_name_plural": "historical incidents",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
    ]
