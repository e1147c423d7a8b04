"""The outbox's background tasks (Django's Tasks API, the django-tasks backport)."""

from __future__ import annotations

import datetime as dt
import logging

from django_tasks import task

from dogtag.outbox import sending

logger = logging.getLogger(__name__)


@task()
def send_outbox_message(message_id: int) -> str:
    """Send one message; after a failure, enqueue the next attempt for when it is due."""
    outcome = sending.send_message(message_id)
    if outcome.status == "retrying" and outcome.next_attempt_at is not None:
        enqueue_send(message_id, run_after=outcome.next_attempt_at)
    return outcome.status


@task()
def send_due_messages() -> int:
    """The periodic sweep: every message due (queued, a retry whose time came, a claim left by a
    worker that died) is tried now. Returns how many were sent."""
    sent = 0
    for message_id in sending.due_ids():
        sent += send_outbox_message.call(message_id) == "sent"
    return sent


def enqueue_send(message_id: int, run_after: dt.datetime | None = None) -> None:
    """Ask the task backend to send one message (at ``run_after`` if it can defer). If the backend
    cannot take it now (Redis down), the row stays due and the periodic sweep sends it."""
    try:
        runner = send_outbox_message
        if run_after is not None and runner.get_backend().supports_defer:
            runner = runner.using(run_after=run_after)
        runner.enqueue(message_id)
    except Exception:  # the row is the record; the sweep is the fallback
        logger.exception("could not enqueue sending of outbox message %s", message_id)
