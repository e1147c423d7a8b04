"""The calendar feed's token: made and revoked only here, each in one transaction."""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from django.utils import timezone

from dogtag.exports.models import FeedToken
from dogtag.records.errors import ServiceError
from dogtag.records.refusals import service


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@service
def create_feed_token(*, actor: Any) -> str:
    """A new private feed token for ``actor`` (any live one is revoked first); the token itself,
    to be shown once."""
    revoke_feed_token(actor=actor, quiet=True)
    token = secrets.token_urlsafe(32)
    FeedToken.objects.create(user=actor, token_hash=token_hash(token))
    return token


@service
def revoke_feed_token(*, actor: Any, quiet: bool = False) -> int:
    """Revoke ``actor``'s live feed token: its URL answers 404 from now on."""
    revoked = FeedToken.objects.filter(user=actor, revoked_at__isnull=True).update(
        revoked_at=timezone.now()
    )
    if not revoked and not quiet:
        raise ServiceError("You have no calendar feed to revoke.")
    return revoked


def user_of(token: str) -> Any | None:
    """The user whose live token this is, if they are still active and may see the records; the
    token's last use is noted."""
    if not token or len(token) > 100:
        return None
    found = (
        FeedToken.objects.select_related("user")
        .filter(token_hash=token_hash(token), revoked_at__isnull=True)
        .first()
    )
    if found is None or not found.user.is_active or not found.user.has_perm("records.view_records"):
        return None
    FeedToken.objects.filter(pk=found.pk).update(last_used_at=timezone.now())
    return found.user
