"""outbox 0002 and 0003 protect the mail stored before them (issue 25, item 2.3): mail about a
complaint becomes private, its address taken out of stored errors (0002); a sign-in link's token
is taken out of the text and errors, and a sign-in e-mail not yet sent is given up (0003)."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("outbox", "0001_initial")]
AFTER = [("outbox", "0003_token_maker")]
AT = dt.datetime(2026, 12, 1, 15, 0, tzinfo=dt.UTC)
TOKEN = "AAAAAQ0AawARXpkygZpuPcbt"
LINK = f"http://127.0.0.1:8000/residents/sign-in/link/?sesame={TOKEN}&next=%2Fresidents%2F"


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
@time_machine.travel(AT + dt.timedelta(hours=1), tick=False)  # migrated an hour after the rows
def test_mail_stored_before_is_made_private_and_its_tokens_taken_out():
    complaint_type = ContentType.objects.get(app_label="complaints", model="complaint").pk
    old = _migrate(BEFORE)
    Message = old.get_model("outbox", "OutboxMessage")
    Event = old.get_model("outbox", "OutboxEvent")

    def message(key, status, **fields):
        row = Message.objects.create(
            key=key, status=status, subject="S", queued_at=AT, next_attempt_at=AT, **fields
        )
        if fields.get("last_error"):
            Event.objects.create(
                message=row, at=AT, what="failed", detail=f"Attempt 1: {fields['last_error']}"
            )
        return row.pk

    # given, before 0002: a complaint's receipt refused by a server naming the address, a
    # license mail, a sign-in e-mail sent and one still retrying after a server quoted its link
    refused = "SMTPRecipientsRefused: {'Robin@Example.org': (550, b'<robin@example.org>')}"
    ids = {
        "receipt": message(
            "complaint-received:C2026-0001",
            "retrying",
            kind="complaint_received",
            to="robin@example.org",
            body="The city received your complaint C2026-0001.",
            about_type_id=complaint_type,
            about_id=1,
            last_error=refused,
        ),
        "license": message(
            "license-issued:2026-00001", "queued", kind="license_issued", to="j@example.org"
        ),
        "sent": message(
            "resident-sign-in:1", "sent", kind="resident_sign_in", to="pat@example.org",
            body=f"Follow this link to sign in:\n\n{LINK}\n\nThe link works once.", sent_at=AT,
        ),
        "retrying": message(
            "resident-sign-in:2", "retrying", kind="resident_sign_in", to="lee@example.org",
            body=f"Follow this link to sign in:\n\n{LINK}\n\nThe link works once.",
            last_error=f"SMTPDataError: (554, b'5.7.1 {LINK} is on a block list')",
        ),
    }  # fmt: skip
    try:
        # when the migration runs
        _migrate(AFTER)
        from dogtag.outbox.models import OutboxMessage

        rows = {name: OutboxMessage.objects.get(pk=pk) for name, pk in ids.items()}
        # then the complaint's mail is private, its error without the address, and only it
        assert [name for name, row in rows.items() if row.private] == ["receipt"]
        without = "SMTPRecipientsRefused: {'(the recipient)': (550, b'<(the recipient)>')}"
        assert rows["receipt"].last_error == without
        assert list(rows["receipt"].events.values_list("detail", flat=True)) == [
            f"Attempt 1: {without}"
        ]
        assert rows["receipt"].status == "retrying"
        # and no sign-in e-mail holds its token, in its text, its error or its events
        for name in ("sent", "retrying"):
            row = rows[name]
            stored = [row.body, row.last_error, *row.events.values_list("detail", flat=True)]
            assert [text for text in stored if TOKEN in text] == []
            assert "?sesame=TOKEN-MADE-WHEN-SENT&next=%2Fresidents%2F" in row.body
        # and the one not yet sent is given up (it has no token to send), the sent one is as it was
        assert (rows["retrying"].status, rows["retrying"].next_attempt_at) == ("dead", None)
        given_up = rows["retrying"].events.order_by("id").values_list("what", "at")
        assert list(given_up) == [("failed", AT), ("dead", AT + dt.timedelta(hours=1))]
        assert rows["sent"].status == "sent"
        assert rows["license"].status == "queued"
    finally:
        executor = MigrationExecutor(connection)
        _migrate(executor.loader.graph.leaf_nodes())
