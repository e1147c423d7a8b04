"""A staff member's calendar feed token (issue 13, item 4): the feed's private URL carries a random
token; only its SHA-256 is stored, so a copy of the database does not open anyone's feed."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class FeedToken(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="feed_tokens"
    )
    #: SHA-256 of the token, hex; the token itself is shown once, when it is made.
    token_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(default=timezone.now)
    revoked_at = models.DateTimeField(null=True, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            # one live feed per person: making a new one revokes the old
            models.UniqueConstraint(
                fields=["user"],
                condition=models.Q(revoked_at__isnull=True),
                name="one_live_feed_token_per_user",
            )
        ]

    def __str__(self) -> str:
        return f"Calendar feed of {self.user} ({'revoked' if self.revoked_at else 'live'})"
