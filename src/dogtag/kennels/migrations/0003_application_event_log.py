"""Each commercial kennel application's log of events (issue 26), written from the fields it held:
the events the rules core used to derive from them, in the same order. An application recommended
before the hearing was a step of its own is taken as heard on the day scheduled."""

from __future__ import annotations

import zoneinfo

from django.conf import settings
from django.db import migrations


def _day(moment):
    return moment.astimezone(zoneinfo.ZoneInfo(settings.TIME_ZONE)).date()


def write_logs(apps, schema_editor):
    Application = apps.get_model("kennels", "CommercialKennelApplication")
    Event = apps.get_model("kennels", "ApplicationEvent")
    License = apps.get_model("kennels", "CommercialKennelLicense")
    for application in Application.objects.all().order_by("pk"):
        events = [("application", application.applied_on, {})]
        hearing = _day(application.hearing_at) if application.hearing_at else None
        if hearing is not None:
            events.append(
                ("hearing_scheduled", application.applied_on, {"hearing_on": hearing.isoformat()})
            )
        if application.notice_list_drawn_on:
            events.append(("notice_list", application.notice_list_drawn_on, {}))
        if application.notice_mailed_on:
            events.append(("notice_mailed", application.notice_mailed_on, {}))
        if application.recommendation:
            recommended = application.recommended_on or application.applied_on
            if hearing is not None:
                events.append(("hearing_held", hearing, {}))
            events.append(
                ("recommendation", recommended, {"recommendation": application.recommendation})
            )
        if application.council_decided_on:
            approved = application.status != "denied"
            events.append(
                ("council_decision", application.council_decided_on, {"approved": approved})
            )
        for license_ in License.objects.filter(application=application).order_by("issued_on", "pk"):
            kind = "renewal" if license_.previous_id else "license"
            events.append((kind, license_.issued_on, {"number": license_.number}))
        if application.status == "withdrawn":
            events.append(("withdrawn", max(day for _, day, _ in events), {}))
        Event.objects.bulk_create(
            Event(application=application, kind=kind, on=on, details=details)
            for kind, on, details in events
        )


class Migration(migrations.Migration):
    dependencies = [("kennels", "0002_application_events")]

    operations = [migrations.RunPython(write_logs, migrations.RunPython.noop)]
