"""Every write to the outbox: queue a message (in the caller's transaction) and ask for a retry.

``queue_message`` is the one way anything in Dogtag sends e-mail::

    queue_message(to=owner.email, subject="...", body="...", kind="license_issued",
                  key=f"license-issued:{license.number}", attachments=[Attachment(...)],
                  about=license)

The message is stored with the caller's records, so it exists if and only if they do; sending
is enqueued only when that transaction commits. The key makes it idempotent: a second call with
the same key returns the first message and queues nothing.

Two facts about a message are the caller's to state, at queue time, since only the caller knows
them: ``private=True`` for mail to or about a complainant (need-to-know, Minn. Stat. 13.44 subd.
1: the outbox pages then show its recipient, subject, text and attachments only to holders of
``records.view_complaint_private``), and ``token_maker=`` for a message whose text carries a
one-time token, written as ``tokens.PLACEHOLDER`` and made by the sender at each attempt, never
stored (``tokens``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, models, transaction
from django.utils import timezone

from dogtag.outbox import tokens
from dogtag.outbox.models import OutboxAttachment, OutboxEvent, OutboxMessage
from dogtag.outbox.tasks import enqueue_send
from dogtag.records.errors import ServiceError
from dogtag.records.refusals import service

#: Bounds of a message: what any mail server takes, and far beyond any notice Dogtag writes.
MAX_SUBJECT = 200
MAX_BODY = 100_000
MAX_ATTACHMENTS = 10
MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024  # all of a message's attachments together
ATTACHMENT_TYPES = ("application/pdf", "text/calendar", "text/plain", "image/png", "image/jpeg")


@dataclass(frozen=True)
class Attachment:
    filename: str
    content: bytes
    mimetype: str = "application/pdf"


class MessageRefused(ServiceError):
    """A message the outbox cannot take (not law): nothing was stored."""


def _check_token(token_maker: str, texts: tuple[str, ...]) -> None:
    """A message with a token maker is one the sender can make it for, with a place for it:
    either mistake would send a link that signs nobody in."""
    if not token_maker:
        return
    if not tokens.is_registered(token_maker):
        raise MessageRefused(f"No token maker {token_maker!r} is registered.")
    if not any(tokens.PLACEHOLDER in text for text in texts):
        raise MessageRefused(
            f"A message with a token maker holds {tokens.PLACEHOLDER} in its text."
        )


def _check(
    to: str, subject: str, body: str, kind: str, key: str, attachments: list[Attachment]
) -> None:
    try:
        validate_email(to)
    except ValidationError:
        raise MessageRefused(f"{to!r} is not an e-mail address.") from None
    if not subject.strip() or len(subject) > MAX_SUBJECT or "\n" in subject or "\r" in subject:
        raise MessageRefused(f"A subject is one line of 1 to {MAX_SUBJECT} characters.")
    if not body.strip() or len(body) > MAX_BODY:
        raise MessageRefused(f"A message's text is 1 to {MAX_BODY:,} characters.")
    if not kind or len(kind) > 40 or not key or len(key) > 200:
        raise MessageRefused("A message needs a kind (40 characters) and a key (200 characters).")
    if len(attachments) > MAX_ATTACHMENTS:
        raise MessageRefused(f"A message has at most {MAX_ATTACHMENTS} attachments.")
    if sum(len(a.content) for a in attachments) > MAX_ATTACHMENT_BYTES:
        raise MessageRefused("A message's attachments are at most 10 MB together.")
    for a in attachments:
        if a.mimetype not in ATTACHMENT_TYPES or not a.filename or len(a.filename) > 200:
            raise MessageRefused(f"{a.filename!r} ({a.mimetype}) cannot be attached.")


@service
def queue_message(
    *,
    to: str,
    subject: str,
    body: str,
    kind: str,
    key: str,
    attachments: Iterable[Attachment] = (),
    about: models.Model | None = None,
    html: str | None = None,
    private: bool = False,
    token_maker: str = "",
) -> OutboxMessage:
    """Store the message in the caller's transaction; send it once that commits.

    ``private``: mail to or about a complainant, shown only to those who may see them.
    ``token_maker``: the registered maker (``tokens.register``) of the one-time token that takes
    the place of ``tokens.PLACEHOLDER`` in ``body`` and ``html`` when the message is sent.

    Returns the message; ``message.queued_now`` is False when the key was already queued (then
    nothing is stored or sent again)."""
    files = list(attachments)
    _check(to, subject, body, kind, key, files)
    _check_token(token_maker, (body, html or ""))
    existing = OutboxMessage.objects.filter(key=key).first()
    if existing is not None:
        existing.queued_now = False  # type: ignore[attr-defined]
        return existing
    now = timezone.now()
    try:
        with transaction.atomic():  # a savepoint: a concurrent twin leaves the caller's work intact
            message = OutboxMessage.objects.create(
                key=key,
                kind=kind,
                to=to,
                subject=subject,
                body=body,
                html=html or "",
                private=private,
                token_maker=token_maker,
                about_type=ContentType.objects.get_for_model(about) if about is not None else None,
                about_id=about.pk if about is not None else None,
                next_attempt_at=now,
                queued_at=now,
            )
    except IntegrityError:
        twin = OutboxMessage.objects.get(key=key)
        twin.queued_now = False  # type: ignore[attr-defined]
        return twin
    OutboxAttachment.objects.bulk_create(
        OutboxAttachment(
            message=message,
            filename=a.filename,
            mimetype=a.mimetype,
            content=a.content,
            size=len(a.content),
        )
        for a in files
    )
    OutboxEvent.objects.create(message=message, at=now, what=OutboxEvent.What.QUEUED)
    pk = message.pk
    transaction.on_commit(lambda: enqueue_send(pk))
    message.queued_now = True  # type: ignore[attr-defined]
    return message


RETRYABLE = (OutboxMessage.Status.RETRYING, OutboxMessage.Status.DEAD)


@service
def retry_now(*, message: OutboxMessage, actor: AbstractBaseUser) -> OutboxMessage:
    """Staff ask for one more attempt now of a message that failed (retrying or given up)."""
    locked = OutboxMessage.objects.select_for_update().get(pk=message.pk)
    if locked.status not in RETRYABLE:
        raise ServiceError(f"This message is {locked.get_status_display()}; nothing to retry.")
    now = timezone.now()
    locked.status = OutboxMessage.Status.RETRYING
    locked.next_attempt_at = now
    locked.save(update_fields=["status", "next_attempt_at"])
    OutboxEvent.objects.create(message=locked, at=now, what=OutboxEvent.What.RETRY, actor=actor)
    pk = locked.pk
    transaction.on_commit(lambda: enqueue_send(pk))
    return locked
