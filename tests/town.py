"""The test town: the demo generator's small Nowthen, as the site's walkers and page tests use it.

The demo generator draws a town as of the day it is built (``as_of``, today by default): which
licenses are expiring, which reminders are due, which dogs are new residents' all follow from
the day. A small town on a Sunday may queue no renewal reminder at all (issue 25: CI was red on
Sunday 2026-12-06 for want of an outbox message). So the test town is the demo's town on the
suite's stated day (``tests/suite_clock``), completed with whatever kind of record the tests open
that the day's demo did not make, made through the services as the site would make it: a test
that needs a record makes it, it does not hope the demo made one.

``tests/test_town_any_day.py`` builds it on the days most likely to break it and checks
``missing()`` is empty and the due list agrees with the records.
"""

from __future__ import annotations

from collections.abc import Callable

from django.apps import apps

from dogtag.staff.demo import load_demo_data

#: Each kind of record the walkers and page tests open (``tests/staff/test_no_server_errors_get``
#: ``PATH_VALUES``, the record pages' ``CASES``, the resident walker's household), with what
#: the town must hold of it.
REQUIRED: dict[str, dict[str, object]] = {
    "licensing.Owner": {},
    "licensing.Dog": {},
    "licensing.RabiesVaccination": {},
    "licensing.License": {},
    "licensing.Receipt": {},
    "licensing.Tag": {"status": "issued"},
    "parcels.Parcel": {},
    "parcels.Enclosure": {},
    "kennels.PrivateKennelLicense": {},
    "kennels.CommercialKennelApplication": {},
    "kennels.CommercialKennelLicense": {},
    "complaints.Complaint": {},
    "complaints.Evidence": {},
    "dangerous_dogs.DangerousDogCase": {},
    "dangerous_dogs.Registration": {},
    "outbox.OutboxMessage": {},
    "records.Decision": {},
}


def missing() -> list[str]:
    """The kinds of ``REQUIRED`` the database holds none of."""
    return [
        label
        for label, filters in REQUIRED.items()
        if not apps.get_model(label).objects.filter(**filters).exists()
    ]


def build_town(households: int = 12, *, seed: int | None = None) -> None:
    """The demo's town of ``households`` on today's date (the suite's day unless a test travels),
    completed (``complete``). The database must be empty."""
    assert load_demo_data(households=households, seed=seed) is True
    complete()
    assert missing() == [], f"the test town lacks {missing()}"


def complete() -> None:
    """Makes each kind of record the day's demo may have left out."""
    for label, make in MAKERS.items():
        if not apps.get_model(label).objects.filter(**REQUIRED[label]).exists():
            make()


def an_outbox_message() -> None:
    """The demo queues only the renewal reminders due on the day it is built; a small town on
    some days has none. Queue one for the first license through the outbox's service, as the
    reminder sweep would."""
    from dogtag.documents.reminder_mail import KIND
    from dogtag.licensing.models import License
    from dogtag.outbox.services import queue_message

    license_ = License.objects.order_by("id").first()
    assert license_ is not None, "the demo town has no license to remind about"
    queue_message(
        to="resident@example.org",
        subject=f"Dog license {license_.number}: renewal reminder",
        body="A renewal reminder queued by the test town.",
        kind=KIND,
        key=f"test-town-reminder-{license_.number}",
        about=license_,
    )


#: How the town makes a kind the day's demo may lack (the others the demo makes on any day:
#: ``tests/test_town_any_day.py`` shows it).
MAKERS: dict[str, Callable[[], None]] = {
    "outbox.OutboxMessage": an_outbox_message,
}
