"""Sending one message: claim it, send it through Django's e-mail backend, record the outcome.

Exactly once: a worker claims a message with one conditional UPDATE (due, not sent, not claimed
by a live worker), which only one of any number of workers can win; only the winner sends, and
it marks the message sent by a second conditional UPDATE. A worker that dies between its claim
and its mark lets go when its claim expires (``CLAIM``), and the message is sent again: the
one window where a message could go twice is a crash after the server accepted it and before
the row was marked, which no protocol without the server's help can close.

A message's one-time token (a resident's sign-in link, ``tokens``) is made here, at each attempt,
and put in the text only in the mail handed to the backend. An error kept on failure (the row's
``last_error``, the attempt's event) is the backend's text with that token taken out, and, for
private mail, the recipient's address: a server's refusal often repeats both.

On failure the next attempt waits ``DOGTAG_OUTBOX_RETRY_SECONDS`` doubled after each failure
(at most ``MAX_DELAY``); after ``DOGTAG_OUTBOX_MAX_ATTEMPTS`` attempts the message is "given up"
(dead) and shown to staff, who can retry it.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from urllib.parse import quote

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db.models import F, Q
from django.utils import timezone

from dogtag.outbox import tokens
from dogtag.outbox.models import OutboxEvent, OutboxMessage

#: How long a worker's claim holds: far longer than any SMTP conversation (Django's timeout).
CLAIM = dt.timedelta(minutes=10)
MAX_DELAY = dt.timedelta(hours=6)
ERROR_LENGTH = 2000
#: In place of a private message's recipient in a stored error.
RECIPIENT = "(the recipient)"
Status = OutboxMessage.Status


@dataclass(frozen=True)
class Outcome:
    status: str  # "sent", "retrying", "dead" or "not due" (sent, claimed or not yet due)
    next_attempt_at: dt.datetime | None = None


def max_attempts() -> int:
    return int(getattr(settings, "DOGTAG_OUTBOX_MAX_ATTEMPTS", 8))


def delay_after(attempts: int) -> dt.timedelta:
    """The wait after the ``attempts``-th failure: the base, doubled after each failure."""
    base = dt.timedelta(seconds=int(getattr(settings, "DOGTAG_OUTBOX_RETRY_SECONDS", 60)))
    return min(base * 2 ** max(attempts - 1, 0), MAX_DELAY)


def _claimable(now: dt.datetime) -> Q:
    waiting = Q(status__in=(Status.QUEUED, Status.RETRYING), next_attempt_at__lte=now)
    abandoned = Q(status=Status.SENDING, claimed_until__lt=now)
    return waiting | abandoned


def due_ids(now: dt.datetime | None = None, limit: int = 500) -> list[int]:
    """The messages a sweep should try now, oldest first."""
    now = now or timezone.now()
    rows = OutboxMessage.objects.filter(_claimable(now)).order_by("next_attempt_at", "id")
    return list(rows.values_list("pk", flat=True)[:limit])


def _email(message: OutboxMessage, token: str) -> EmailMultiAlternatives:
    """The mail for one attempt; ``token`` (made for this attempt, or "") in its place."""

    def filled(text: str) -> str:
        return text.replace(tokens.PLACEHOLDER, token) if token else text

    email = EmailMultiAlternatives(
        subject=message.subject,
        body=filled(message.body),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[message.to],
        headers={"X-Dogtag-Message": message.key[:200]},
    )
    if message.html:
        email.attach_alternative(filled(message.html), "text/html")
    for a in message.attachments.all():
        email.attach(a.filename, bytes(a.content), a.mimetype)
    return email


def send_message(message_id: int) -> Outcome:
    """Try to send one message now, if it is due and no other worker holds it."""
    now = timezone.now()
    claimed = OutboxMessage.objects.filter(_claimable(now), pk=message_id).update(
        status=Status.SENDING, claimed_until=now + CLAIM, attempts=F("attempts") + 1
    )
    if not claimed:
        return Outcome("not due")
    message = OutboxMessage.objects.get(pk=message_id)
    token = ""
    try:
        if message.token_maker:
            token = tokens.make(message)
        _email(message, token).send(fail_silently=False)
    except Exception as exc:  # any failure of the backend or of the token maker: a failed attempt
        error = _without_secrets(f"{type(exc).__name__}: {exc}", message, token)
        return _failed(message, error[:ERROR_LENGTH])
    sent_at = timezone.now()
    OutboxMessage.objects.filter(pk=message_id, status=Status.SENDING).update(
        status=Status.SENT, sent_at=sent_at, claimed_until=None, next_attempt_at=None, last_error=""
    )
    OutboxEvent.objects.create(message=message, at=sent_at, what=OutboxEvent.What.SENT)
    return Outcome("sent")


def _without_secrets(error: str, message: OutboxMessage, token: str) -> str:
    """The error as it may be kept and shown: without this attempt's token (as made, and as a
    URL would carry it), and without a private message's recipient (in any case: servers echo
    addresses as they like)."""
    for written in {token, quote(token, safe="")} - {""}:
        error = error.replace(written, tokens.PLACEHOLDER)
    if message.private:
        error = re.sub(re.escape(message.to), RECIPIENT, error, flags=re.IGNORECASE)
    return error


def _failed(message: OutboxMessage, error: str) -> Outcome:
    now = timezone.now()
    if message.attempts >= max_attempts():
        status, next_at, what = Status.DEAD, None, OutboxEvent.What.DEAD
    else:
        status, what = Status.RETRYING, OutboxEvent.What.FAILED
        next_at = now + delay_after(message.attempts)
    OutboxMessage.objects.filter(pk=message.pk, status=Status.SENDING).update(
        status=status, next_attempt_at=next_at, claimed_until=None, last_error=error
    )
    OutboxEvent.objects.create(
        message=message, at=now, what=what, detail=f"Attempt {message.attempts}: {error}"
    )
    return Outcome(str(status), next_at)
