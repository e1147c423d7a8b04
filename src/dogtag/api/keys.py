"""Every change to the API keys, each in one transaction with its Decision (who, when, what), and
how a presented key is checked.

A key is ``dogtag_`` + a 10-character prefix + ``_`` + 43 characters of a 256-bit secret. Only
its SHA-256 is stored (the key is random, so a slow password hash would add nothing), compared in
constant time. Nothing here is a rule of the ordinance: the Decisions cite Minn. Stat. 13.05
subd. 5 ("appropriate security safeguards" for records on individuals), as dogtag.accounts does.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.utils import timezone

from dogtag.api.models import ApiKey
from dogtag.law.findings import Finding
from dogtag.records.errors import ServiceError
from dogtag.records.refusals import service
from dogtag.records.roles import ROLE_PERMISSIONS
from dogtag.records.services import record_decision, today

SAFEGUARDS = "Minn. Stat. 13.05 subd. 5"
PREFIX = "dogtag_"
PREFIX_LENGTH = 10
#: The longest key accepted: a longer Authorization header is refused before any lookup.
MAX_KEY_LENGTH = 100


@dataclass(frozen=True)
class Issued:
    key: ApiKey
    #: The key itself: shown once, to the administrator who issued it, then gone.
    secret: str


def digest(presented: str) -> str:
    return hashlib.sha256(presented.encode("utf-8")).hexdigest()


def _record(action: str, message: str, actor: Any, key: ApiKey) -> None:
    finding = Finding(
        rule=action,
        outcome="done",
        sections=(SAFEGUARDS,),
        message=message,
        facts={"key": key.prefix, "name": key.name, "scope": key.scope},
    )
    record_decision(action=action, findings=[finding], decided_on=today(), actor=actor, subject=key)


@service
def issue_api_key(*, name: str, role: str = "", clinic: str = "", actor: Any) -> Issued:
    """Issue a key for a role (one of the staff roles) or for a clinic, never both."""
    name, clinic = name.strip(), clinic.strip()
    if not name:
        raise ServiceError("Name who will use the key.")
    if bool(role) == bool(clinic):
        raise ServiceError("A key is for a role or for a clinic: choose one.")
    if role and role not in ROLE_PERMISSIONS:
        raise ServiceError(f"No role is named {role!r}.")
    group = Group.objects.get(name=role) if role else None
    prefix = secrets.token_hex(PREFIX_LENGTH // 2)
    secret = f"{PREFIX}{prefix}_{secrets.token_urlsafe(32)}"
    user = get_user_model().objects.create_user(username=f"api-key-{prefix}", first_name=name[:150])
    user.set_unusable_password()  # the key's account never signs in to the site
    user.save(update_fields=["password"])
    if group is not None:
        user.groups.add(group)
    key = ApiKey.objects.create(
        name=name,
        prefix=prefix,
        hashed=digest(secret),
        role=group,
        clinic=clinic,
        user=user,
        created_by=actor,
    )
    _record("api.issue_api_key", f"API key {prefix}… issued to {name} ({key.scope}).", actor, key)
    return Issued(key, secret)


@service
def revoke_api_key(*, key: ApiKey, actor: Any) -> ApiKey:
    """Revoke a key: from now on it is refused. Its account stays, for the Decisions it made."""
    key = ApiKey.objects.select_for_update().get(pk=key.pk)
    if key.revoked_at is not None:
        raise ServiceError(f"The key {key.prefix}… was already revoked.")
    key.revoked_at, key.revoked_by = timezone.now(), actor
    key.save(update_fields=["revoked_at", "revoked_by"])
    key.user.is_active = False
    key.user.save(update_fields=["is_active"])
    _record("api.revoke_api_key", f"API key {key.prefix}… of {key.name} revoked.", actor, key)
    return key


def authenticate(presented: str) -> ApiKey | None:
    """The active key ``presented`` is, with its use recorded; None for anything else."""
    if len(presented) > MAX_KEY_LENGTH or not presented.startswith(PREFIX):
        return None
    prefix = presented[len(PREFIX) : len(PREFIX) + PREFIX_LENGTH]
    key = (
        ApiKey.objects.select_related("user", "role")
        .filter(prefix=prefix, revoked_at__isnull=True)
        .first()
    )
    if key is None or not hmac.compare_digest(key.hashed, digest(presented)):
        return None
    now = timezone.now()
    # One UPDATE, outside any service: when a key was last used is bookkeeping, not a decision.
    ApiKey.objects.filter(pk=key.pk).update(last_used_at=now)
    key.last_used_at = now
    return key
