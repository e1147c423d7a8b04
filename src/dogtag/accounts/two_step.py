"""Who has two-step verification, and who must have it (``DOGTAG_REQUIRE_2FA``, else the stored
``SignInPolicy``)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django_otp import user_has_device
from django_otp.plugins.otp_totp.models import TOTPDevice

from dogtag.accounts.models import SignInPolicy
from dogtag.records.roles import ADMINISTRATOR


def has_two_step(user: Any) -> bool:
    """Whether the user must give a code after the password: any confirmed device (an
    authenticator app, or recovery codes an administrator issued from the shell)."""
    return bool(user_has_device(user, confirmed=True))


def has_authenticator(user: Any) -> bool:
    return TOTPDevice.objects.filter(user=user, confirmed=True).exists()


def required_of_administrators() -> bool:
    """Whether superusers and Administrators must use it: ``DOGTAG_REQUIRE_2FA`` (1 or 0) if set,
    else the city's stored policy, which `dogtag setup` turns on (``SignInPolicy``); a database
    without one (the demo's, a test's) requires nothing."""
    forced = settings.DOGTAG_REQUIRE_2FA
    if forced is not None:
        return bool(forced)
    stored = SignInPolicy.objects.filter(pk=SignInPolicy.ONE).values_list(
        "two_step_required", flat=True
    )
    return bool(stored.first())


def is_required_of(user: Any) -> bool:
    """Required of superusers and Administrators when the city requires it."""
    if settings.DOGTAG_REQUIRE_2FA is False:
        return False  # the city turned it off: no query
    if not (user.is_superuser or user.groups.filter(name=ADMINISTRATOR).exists()):
        return False
    return required_of_administrators()


def must_turn_on(user: Any) -> bool:
    return is_required_of(user) and not has_authenticator(user)
