"""Renewal reminders by e-mail (issue 12 item 6): the sweep queues one message per license
expiring within ``license.renewal_reminder_days`` whose owner gave an address and consent, with
the reminder letter as a PDF; a second sweep queues nothing new."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from dogtag.documents import reminder_mail
from dogtag.licensing import services
from dogtag.outbox.models import OutboxMessage

from .conftest import TODAY, D, cash, dog_with_rabies, pdf_text


def licensed(clerk, owner, name, expires):
    dog, rabies = dog_with_rabies(
        clerk,
        owner,
        name,
        "Mixed",
        "Brown",
        "female",
        vaccinated=expires.replace(year=expires.year - 1),
        expires=expires,
        born=D(2026, 5, 20),
    )
    return services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
    ).license


@pytest.fixture
def town(clerk, stock):
    """Ann (e-mail and consent): Scout expires 2026-12-20 (in 21 days), Maple 2027-01-15 (47).
    Bo (e-mail, no consent) and Cy (no e-mail): Rex and Tip expire 2026-12-20, not reminded."""
    ann = services.register_owner(
        actor=clerk,
        name="Ann Berg",
        street="1 Main St NW",
        phone="763-555-0101",
        email="ann@example.org",
        email_consent=True,
    )
    bo = services.register_owner(
        actor=clerk,
        name="Bo Dahl",
        street="2 Main St NW",
        phone="763-555-0102",
        email="bo@example.org",
    )
    cy = services.register_owner(
        actor=clerk, name="Cy Ek", street="3 Main St NW", phone="763-555-0103"
    )
    return {
        "scout": licensed(clerk, ann, "Scout", D(2026, 12, 20)),
        "maple": licensed(clerk, ann, "Maple", D(2027, 1, 15)),
        "rex": licensed(clerk, bo, "Rex", D(2026, 12, 20)),
        "tip": licensed(clerk, cy, "Tip", D(2026, 12, 20)),
    }


def test_the_sweep_queues_each_reminder_once(town):
    # when the sweep runs today (30 days ahead: the parameter)
    assert reminder_mail.send_renewal_reminders() == 1
    # then only Ann's license expiring within 30 days is reminded, to her address
    [message] = OutboxMessage.objects.all()
    scout = town["scout"]
    assert (message.to, message.kind, message.key, message.about) == (
        "ann@example.org",
        "renewal_reminder",
        f"renewal-reminder:{scout.number}:2026-12-20",
        scout,
    )
    assert message.subject == f"Dog license {scout.number} expires December 20, 2026"
    # the residents' site registers its prefilled renewal (dogtag.applications), and the office
    assert f"Renew online: http://127.0.0.1:8000/residents/applications/renew/{scout.number}/" in (
        message.body
    )
    assert "Or renew at City Hall or by mail:" in message.body
    assert "3-2-2.G" in message.body
    [pdf] = message.attachments.all()
    assert pdf.filename == f"renewal-reminder-{scout.number}.pdf"
    letter = pdf_text(bytes(pdf.content), pdf.filename)
    assert "Dear Ann Berg," in letter and "Scout" in letter and "Maple" not in letter
    # when the sweep runs again, the same day and the next: nothing new is queued
    assert reminder_mail.send_renewal_reminders() == 0
    assert reminder_mail.send_renewal_reminders(TODAY + dt.timedelta(days=1)) == 0
    assert OutboxMessage.objects.count() == 1
    # and on the day Maple comes within 30 days, Maple's reminder is queued
    assert reminder_mail.send_renewal_reminders(D(2026, 12, 15)) == 0
    assert reminder_mail.send_renewal_reminders(D(2026, 12, 16)) == 1
    assert OutboxMessage.objects.filter(about_id=town["maple"].pk).count() == 1


def test_the_days_come_from_the_parameter(town, changed_params):
    # given the city reminds 60 days ahead
    changed_params({"nowthen.license.renewal_reminder_days": 60})
    # then both of Ann's licenses are reminded today
    assert reminder_mail.send_renewal_reminders() == 2


def test_the_reminder_links_to_the_residents_renewal_when_there_is_one(town):
    registered = reminder_mail._renewal_link
    reminder_mail.set_renewal_link(lambda lic: f"https://dogs.example.org/renew/{lic.number}")
    try:
        reminder_mail.send_renewal_reminders()
    finally:
        reminder_mail.set_renewal_link(registered)
    message = OutboxMessage.objects.get()
    assert f"Renew online: https://dogs.example.org/renew/{town['scout'].number}" in message.body


def test_the_worker_runs_the_sweep_on_its_schedule(town, settings):
    from django_tasks_db.models import DBTaskResult

    from dogtag.jobs import worker

    # when the worker's scheduler ticks, each periodic task is enqueued once per its period
    last: dict[str, float] = {}
    tasks = worker.periodic_tasks()
    assert worker.enqueue_periodic(tasks, last, now=0.0) == 3
    assert worker.enqueue_periodic(tasks, last, now=59.0) == 0
    assert worker.enqueue_periodic(tasks, last, now=60.0) == 1  # the outbox sweep, each minute
    # and, each hour, the reminders and the due list's stored clocks (rebuilt if stale)
    assert worker.enqueue_periodic(tasks, last, now=3600.0) == 3
    paths = sorted(DBTaskResult.objects.values_list("task_path", flat=True))
    assert paths == sorted(
        ["dogtag.documents.tasks.send_renewal_reminders"] * 2
        + ["dogtag.licensing.tasks.refresh_due_clocks"] * 2
        + ["dogtag.outbox.tasks.send_due_messages"] * 3
    )


def test_bad_stored_address_is_skipped_and_the_others_still_go(town, clerk):
    from dogtag.licensing.models import Owner

    Owner.objects.filter(name="Bo Dahl").update(email="not an address", email_consent=True)
    with time_machine.travel(dt.datetime(2026, 11, 29, 16, 0, tzinfo=dt.UTC), tick=False):
        assert reminder_mail.send_renewal_reminders() == 1
    assert list(OutboxMessage.objects.values_list("to", flat=True)) == ["ann@example.org"]
