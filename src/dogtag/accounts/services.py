"""Every change to a staff account's sign-in protections, each in one transaction with its
Decision (who, when, what).

Nothing here is a rule of the ordinance: the Decisions cite Minn. Stat. 13.05 subd. 5, which
requires the city to keep "appropriate security safeguards" for records on individuals.
"""

from __future__ import annotations

import datetime as dt
from base64 import b32encode
from binascii import unhexlify
from dataclasses import dataclass
from typing import Any

from axes.helpers import get_cool_off, get_failure_limit
from axes.models import AccessAttempt
from axes.utils import reset
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Max, Sum
from django.utils import dateformat, timezone
from django_otp.oath import TOTP
from django_otp.plugins.otp_static.models import StaticDevice
from django_otp.plugins.otp_totp.models import TOTPDevice, default_key

from dogtag.accounts import two_step
from dogtag.accounts.models import SignInPolicy
from dogtag.law.findings import Finding
from dogtag.records.refusals import service
from dogtag.records.services import record_decision, today

SAFEGUARDS = "Minn. Stat. 13.05 subd. 5"
AUTHENTICATOR_NAME = "Authenticator app"


class Refused(Exception):
    """The change was refused; ``message`` says why in plain words. Nothing was written."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _record(action: str, message: str, actor: Any, subject: Any, **facts: Any) -> None:
    finding = Finding(
        rule=action, outcome="done", sections=(SAFEGUARDS,), message=message, facts=facts
    )
    record_decision(
        action=action, findings=[finding], decided_on=today(), actor=actor, subject=subject
    )


# ------------------------------------------------------------------------------ locked sign-ins


@dataclass(frozen=True)
class Lock:
    """A username or an address whose failed sign-ins reached the limit."""

    kind: str  # "username" or "address"
    value: str
    failures: int
    last_failure: dt.datetime
    unlocks_at: dt.datetime | None  # None: only an administrator unlocks it


def locked_sign_ins() -> list[Lock]:
    """Every username and address now locked, as django-axes counts them: the failures since the
    cool-off began, per username (any address) and per address (any username)."""
    limit = get_failure_limit(None, None)
    cool_off = get_cool_off()
    attempts = AccessAttempt.objects.all()
    if cool_off is not None:
        attempts = attempts.filter(attempt_time__gte=timezone.now() - cool_off)
    locks = []
    for kind, field in (("username", "username"), ("address", "ip_address")):
        rows = (
            attempts.exclude(**{f"{field}__isnull": True})
            .values(field)
            .annotate(failures=Sum("failures_since_start"), last=Max("attempt_time"))
            .filter(failures__gte=limit)
            .order_by(field)
        )
        locks += [
            Lock(
                kind=kind,
                value=row[field],
                failures=row["failures"],
                last_failure=row["last"],
                unlocks_at=row["last"] + cool_off if cool_off is not None else None,
            )
            for row in rows
        ]
    return locks


@service
def unlock_sign_in(*, kind: str, value: str, acting_user: Any) -> int:
    """Clear the failed sign-ins of a username or an address; the number of records cleared."""
    if kind == "username":
        cleared = reset(username=value)
    elif kind == "address":
        cleared = reset(ip=value)
    else:
        raise Refused(f"Unknown kind of lock: {kind!r}.")
    if not cleared:
        raise Refused(f"No failed sign-ins are recorded for the {kind} {value}; nothing to unlock.")
    subject = (
        get_user_model().objects.filter(username=value).first() if kind == "username" else None
    )
    _record(
        "accounts.unlock_sign_in",
        f"Sign-in unlocked for the {kind} {value}.",
        acting_user,
        subject,
        kind=kind,
        value=value,
    )
    return cleared


# ------------------------------------------------------------------------ two-step verification


def new_key() -> str:
    """A fresh secret for an authenticator app (hex, as django-otp stores it)."""
    return str(default_key())


def key_for_typing(key_hex: str) -> str:
    """The secret in base32, in groups of four, for typing into an app that cannot scan."""
    text = b32encode(unhexlify(key_hex)).decode().rstrip("=")
    return " ".join(text[i : i + 4] for i in range(0, len(text), 4))


def unsaved_device(user: Any, key_hex: str) -> TOTPDevice:
    return TOTPDevice(user=user, name=AUTHENTICATOR_NAME, key=key_hex, confirmed=False)


def _clean(code: str) -> str:
    return "".join(code.split())


@service
def turn_on_two_step(*, user: Any, key_hex: str, code: str) -> TOTPDevice:
    """Keep the authenticator app whose key the user was shown, once a code from it matches.

    Until then nothing is stored: the key lived only in the user's session."""
    if two_step.has_authenticator(user):
        raise Refused("Two-step verification is already on for your account.")
    device = unsaved_device(user, key_hex)
    totp = TOTP(device.bin_key, device.step, device.t0, device.digits, device.drift)
    code = _clean(code)
    if not (code.isdigit() and totp.verify(int(code), tolerance=1)):
        raise Refused(
            "That code does not match. Enter the 6-digit code the app shows now "
            "(it changes every 30 seconds)."
        )
    device.confirmed = True
    device.last_t = totp.t()
    device.save()
    _record(
        "accounts.turn_on_two_step",
        "Two-step verification turned on (authenticator app).",
        user,
        user,
    )
    return device


def check_code(*, user: Any, code: str) -> Any:
    """The device a sign-in code matched, or ``Refused``. Each wrong code counts against the
    device's throttle (django-otp doubles the wait after every failure)."""
    code = _clean(code)
    if not code or len(code) > 16 or not code.isalnum():
        raise Refused("Enter the 6-digit code from your authenticator app.")
    devices = list(TOTPDevice.objects.filter(user=user, confirmed=True)) + list(
        StaticDevice.objects.filter(user=user, confirmed=True)
    )
    for device in devices:
        allowed, details = device.verify_is_allowed()
        if not allowed:
            until = timezone.localtime(details["locked_until"]) if details else None
            wait = f" until {dateformat.format(until, 'g:i:s A')}" if until else ""
            raise Refused(f"Too many wrong codes. Wait{wait} before trying again.")
    for device in devices:
        if device.verify_token(code):
            return device
    raise Refused("That code is not right. Enter the code your authenticator app shows now.")


def turn_off_two_step(*, user: Any, code: str) -> None:
    """Remove the user's authenticator app and recovery codes, given a current code.

    The code is checked before the transaction opens, so a wrong code's throttling is kept."""
    if not two_step.has_two_step(user):
        raise Refused("Two-step verification is not on for your account.")
    if two_step.is_required_of(user):
        raise Refused(
            "The city requires two-step verification of administrators and superusers; "
            "it cannot be turned off."
        )
    check_code(user=user, code=code)
    with transaction.atomic():
        TOTPDevice.objects.filter(user=user).delete()
        StaticDevice.objects.filter(user=user).delete()
        _record(
            "accounts.turn_off_two_step",
            "Two-step verification turned off.",
            user,
            user,
        )


# ------------------------------------------------------------------------------ the city's policy


@transaction.atomic
def require_two_step_unless_chosen() -> SignInPolicy | None:
    """`dogtag setup` (issue 25): require two-step verification of superusers and
    Administrators, unless the city has stored its choice already (then nothing changes).
    Returns the policy stored now, or None. ``DOGTAG_REQUIRE_2FA=0`` turns it off whatever is
    stored."""
    policy, created = SignInPolicy.objects.get_or_create(
        pk=SignInPolicy.ONE, defaults={"two_step_required": True}
    )
    if not created:
        return None
    _record(
        "accounts.require_two_step",
        "Two-step verification is required of superusers and Administrators (dogtag setup).",
        None,
        policy,
        required=True,
    )
    return policy
