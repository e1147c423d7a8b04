"""Who has two-step verification, and who must have it (``DOGTAG_REQUIRE_2FA``)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django_otp import user_has_device
from django_otp.plugins.otp_totp.models import TOTPDevice

from dogtag.records.roles import ADMINISTRATOR


def has_two_step(user: Any) -> bool:
    """Whether the user must give a code after the password: any confirmed device (an
    authenticator app, or recovery codes an administrator issued from the shell)."""
    return bool(user_has_device(user, confirmed=True))


def has_authenticator(user: Any) -> bool:
    return TOTPDevice.objects.filter(user=user, confirmed=True).exists()


def is_required_of(user: Any) -> bool:
    """``DOGTAG_REQUIRE_2FA=1`` requires it of superusers and Administrators."""
    if not settings.DOGTAG_REQUIRE_2FA:
        return False
    return bool(user.is_superuser or user.groups.filter(name=ADMINISTRATOR).exists())


def must_turn_on(user: Any) -> bool:
    return is_required_of(user) and not has_authenticator(user)
