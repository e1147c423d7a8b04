"""The outbox: every e-mail Dogtag sends is first a row here, so none is lost or sent twice."""

from __future__ import annotations

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.db.models import Q
from django.utils import timezone


class OutboxMessage(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", "queued"
        SENDING = "sending", "sending"
        RETRYING = "retrying", "failed, retrying"
        SENT = "sent", "sent"
        DEAD = "dead", "failed, given up"

    #: The caller's name for this notice ("renewal-reminder:2026-00012:2027-01-31"): unique, so
    #: the same notice is never queued twice, whoever asks and however often.
    key = models.CharField(max_length=200, unique=True)
    kind = models.CharField(max_length=40, help_text="What notice this is, e.g. renewal_reminder.")
    to = models.EmailField("to", max_length=254)
    subject = models.CharField(max_length=200)
    body = models.TextField("text")
    html = models.TextField("HTML", blank=True)
    about_type = models.ForeignKey(
        ContentType, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    about_id = models.PositiveBigIntegerField(null=True, blank=True)
    about = GenericForeignKey("about_type", "about_id")
    #: Need-to-know, set by the service that queues it: mail to or about a complainant (Minn.
    #: Stat. 13.44 subd. 1) shows its recipient, subject, text and attachments only to holders
    #: of records.view_complaint_private, as the complaint itself does.
    private = models.BooleanField(
        default=False, help_text="Shown only to those who see complainants' identity."
    )
    #: The registered maker of a one-time token (a resident's sign-in link) that the sender puts
    #: in place of ``tokens.PLACEHOLDER`` at each attempt: the token is never stored.
    token_maker = models.CharField(max_length=40, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    #: While a worker sends: until when its claim holds (a worker that died mid-send lets go).
    claimed_until = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    queued_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-queued_at", "-id"]
        indexes = [
            models.Index(fields=["status", "next_attempt_at"]),
            models.Index(fields=["about_type", "about_id"]),
        ]
        constraints = [
            models.CheckConstraint(
                condition=~Q(status="sent") | Q(sent_at__isnull=False), name="outbox_sent_has_time"
            )
        ]
        default_permissions = ()
        permissions = [
            ("view_outbox", "See the outbox: every e-mail, its status and attempts"),
            ("retry_outbox_message", "Send a failed e-mail again now"),
        ]

    def __str__(self) -> str:
        # No recipient or subject: a name shown anywhere (an admin, a log) never says who
        # complained.
        return f"Outbox message #{self.pk} ({self.kind})"


class OutboxAttachment(models.Model):
    """A file sent with a message (a license certificate, a receipt): its bytes are kept with
    the message, so a retry sends exactly what was queued."""

    message = models.ForeignKey(OutboxMessage, on_delete=models.CASCADE, related_name="attachments")
    filename = models.CharField(max_length=200)
    mimetype = models.CharField(max_length=100)
    content = models.BinaryField()
    size = models.PositiveIntegerField()

    class Meta:
        ordering = ["id"]
        default_permissions = ()

    def __str__(self) -> str:
        return self.filename


class OutboxEvent(models.Model):
    """What happened to a message, in order: queued, each attempt, a retry asked for by staff."""

    class What(models.TextChoices):
        QUEUED = "queued", "queued"
        FAILED = "failed", "attempt failed"
        SENT = "sent", "sent"
        DEAD = "dead", "gave up"
        RETRY = "retry", "retry asked for"

    message = models.ForeignKey(OutboxMessage, on_delete=models.CASCADE, related_name="events")
    at = models.DateTimeField(default=timezone.now)
    what = models.CharField(max_length=10, choices=What.choices)
    detail = models.TextField(blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["at", "id"]
        default_permissions = ()
