"""The outbox sends through a real SMTP server: what arrives, retries while the server is down,
exactly once, given up after the last attempt and sent again by staff (issue 12 item 6)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import transaction

from dogtag.outbox import sending, services, tasks
from dogtag.outbox.models import OutboxAttachment, OutboxEvent, OutboxMessage

from .conftest import SmtpServer

PDF = b"%PDF-1.4\n% a small test document\n%%EOF\n"
Status = OutboxMessage.Status


def queue(key: str = "license-issued:2026-00001", **extra: object) -> OutboxMessage:
    fields: dict[str, object] = {
        "to": "jane.lund@example.org",
        "subject": "Your dog license 2026-00001",
        "body": "Your license is attached.",
        "kind": "license_issued",
        "key": key,
        "attachments": [services.Attachment("license-2026-00001.pdf", PDF)],
    }
    return services.queue_message(**(fields | extra))


def run_due() -> int:
    """What the worker's periodic sweep does."""
    return tasks.send_due_messages.call()


@pytest.mark.django_db
def test_a_queued_message_arrives_with_its_pdf(smtp: SmtpServer, clock) -> None:
    # given a message queued with a PDF
    message = queue()
    # when the worker sends it
    assert tasks.send_outbox_message.call(message.pk) == "sent"
    # then the SMTP server received it: subject, to, text and the PDF's very bytes
    [received] = smtp.received
    assert received["Subject"] == "Your dog license 2026-00001"
    assert received["X-Envelope-To"] == "jane.lund@example.org"
    assert received["From"] == "Nowthen <dogs@nowthen.example>"
    parts = list(received.walk())
    text = next(p for p in parts if p.get_content_type() == "text/plain")
    assert text.get_payload(decode=True).decode() == "Your license is attached."
    pdf = next(p for p in parts if p.get_content_type() == "application/pdf")
    assert pdf.get_filename() == "license-2026-00001.pdf"
    assert pdf.get_payload(decode=True) == PDF
    # and the message is marked sent once, with the time
    message.refresh_from_db()
    assert (message.status, message.attempts, message.sent_at) == (Status.SENT, 1, clock_now())
    assert [e.what for e in message.events.all()] == ["queued", "sent"]


def clock_now() -> dt.datetime:
    from django.utils import timezone

    return timezone.now()


@pytest.mark.django_db(transaction=True)
def test_sending_is_enqueued_only_when_the_transaction_commits(smtp: SmtpServer, clock) -> None:
    from django_tasks_db.models import DBTaskResult

    # given a caller whose transaction queues a message and then fails
    with pytest.raises(RuntimeError), transaction.atomic():
        queue()
        raise RuntimeError("the caller's own write failed")
    # then neither the message nor a task exists
    assert not OutboxMessage.objects.exists() and not DBTaskResult.objects.exists()
    # when it commits, one sending task is enqueued for the message
    message = queue()
    [task] = DBTaskResult.objects.all()
    assert (task.task_path, task.args_kwargs["args"]) == (
        "dogtag.outbox.tasks.send_outbox_message",
        [message.pk],
    )


@pytest.mark.django_db
def test_the_same_key_is_never_queued_twice(smtp: SmtpServer, clock) -> None:
    first = queue()
    again = queue(subject="Another subject")
    assert first.queued_now and not again.queued_now
    assert again.pk == first.pk
    assert OutboxMessage.objects.count() == 1 and OutboxAttachment.objects.count() == 1


@pytest.mark.parametrize(
    "change, problem",
    [
        ({"to": "not an address"}, "is not an e-mail address"),
        ({"subject": "Two\nlines"}, "A subject is one line"),
        ({"subject": "x" * 201}, "A subject is one line"),
        ({"body": ""}, "A message's text is"),
        ({"body": "x" * 100_001}, "A message's text is"),
        ({"key": ""}, "needs a kind"),
        ({"attachments": [services.Attachment("big.pdf", b"x" * (10 * 2**20 + 1))]}, "10 MB"),
        (
            {"attachments": [services.Attachment("run.exe", b"MZ", "application/x-msdownload")]},
            "cannot be attached",
        ),
    ],
)
@pytest.mark.django_db
def test_a_bad_message_is_refused_and_nothing_is_stored(change, problem) -> None:
    with pytest.raises(services.MessageRefused, match=problem):
        queue(**change)
    assert not OutboxMessage.objects.exists() and not OutboxAttachment.objects.exists()


@pytest.mark.django_db
def test_server_down_at_first_then_delivered_exactly_once(smtp_port: int, clock) -> None:
    # given a message queued while the SMTP server is down
    message = queue()
    # when the worker tries: the attempt fails, the next waits a minute, then two, then four
    waits = []
    for attempt in (1, 2, 3):
        assert tasks.send_outbox_message.call(message.pk) == "retrying"
        message.refresh_from_db()
        assert (message.status, message.attempts) == (Status.RETRYING, attempt)
        assert "Connection refused" in message.last_error or "Errno" in message.last_error
        waits.append(message.next_attempt_at - clock_now())
        # nothing is tried before its time
        clock.shift(waits[-1] - dt.timedelta(seconds=1))
        assert run_due() == 0
        message.refresh_from_db()
        assert message.attempts == attempt
        clock.shift(dt.timedelta(seconds=1))
    assert waits == [dt.timedelta(minutes=1), dt.timedelta(minutes=2), dt.timedelta(minutes=4)]
    # when the server starts and the retry comes due
    server = SmtpServer(smtp_port)
    server.start()
    try:
        assert run_due() == 1
        # then it arrived once, and further sweeps send nothing again
        assert run_due() == 0
        assert tasks.send_outbox_message.call(message.pk) == "not due"
        assert len(server.received) == 1
    finally:
        server.stop()
    message.refresh_from_db()
    assert (message.status, message.attempts, message.last_error) == (Status.SENT, 4, "")
    assert [e.what for e in message.events.all()] == [
        "queued",
        "failed",
        "failed",
        "failed",
        "sent",
    ]


@pytest.mark.django_db
def test_given_up_after_the_last_attempt_then_retried_by_staff(
    smtp_port: int, clock, django_user_model
) -> None:
    admin = django_user_model.objects.create_user("ada")
    message = queue()
    # given every attempt failed (four, the setting)
    for _ in range(4):
        sending.send_message(message.pk)
        message.refresh_from_db()
        if message.next_attempt_at:
            clock.move_to(message.next_attempt_at)
    # then the message is given up: no next attempt, a sweep leaves it alone
    assert (message.status, message.attempts, message.next_attempt_at) == (Status.DEAD, 4, None)
    clock.shift(dt.timedelta(days=1))
    assert run_due() == 0
    # when staff retry it with the server up
    server = SmtpServer(smtp_port)
    server.start()
    try:
        services.retry_now(message=message, actor=admin)
        assert run_due() == 1
        assert len(server.received) == 1
    finally:
        server.stop()
    message.refresh_from_db()
    assert message.status == Status.SENT
    retry = message.events.get(what=OutboxEvent.What.RETRY)
    assert retry.actor == admin
    # and a sent message cannot be retried: refused, nothing changes
    with pytest.raises(services.ServiceError, match="nothing to retry"):
        services.retry_now(message=message, actor=admin)
    assert message.events.filter(what=OutboxEvent.What.RETRY).count() == 1


@pytest.mark.django_db
def test_a_claim_left_by_a_dead_worker_is_taken_over(smtp: SmtpServer, clock) -> None:
    message = queue()
    # given a worker claimed the message and died before sending
    OutboxMessage.objects.filter(pk=message.pk).update(
        status=Status.SENDING, claimed_until=clock_now() + sending.CLAIM, attempts=1
    )
    # then while its claim holds nobody sends it
    assert run_due() == 0
    # and once it expired the next sweep does
    clock.shift(sending.CLAIM + dt.timedelta(seconds=1))
    assert run_due() == 1
    assert len(smtp.received) == 1
