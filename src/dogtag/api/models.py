"""API keys (issue 13, item 1): issued by an administrator, scoped to a role or a clinic, stored
hashed, shown once, revocable, with their last use.

A key acts through its own account (``user``): an inactive-password user in the key's role group,
so every permission check, need-to-know rule and service of the staff site applies to it unchanged,
and every Decision names the key's account as the one who acted. A clinic's key belongs to no
role: it reaches only the clinics' endpoints (rabies certificates, issue 13 item 2), which check
``clinic``.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import Group
from django.db import models
from django.db.models import Q
from django.utils import timezone


class ApiKey(models.Model):
    name = models.CharField(
        max_length=100, help_text="Who uses the key: “City web site”, “Rum River Animal Hospital”."
    )
    #: The key's first characters, stored in the clear to find it and to name it on pages.
    prefix = models.CharField(max_length=16, unique=True)
    #: SHA-256 of the whole key (hex). The key itself is shown once and never stored.
    hashed = models.CharField(max_length=64)
    role = models.ForeignKey(
        Group, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    clinic = models.CharField(
        max_length=200, blank=True, help_text="The clinic a clinic key is for."
    )
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="api_key"
    )
    created_at = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        default_permissions = ("view",)
        permissions = [("manage_api_keys", "Issue and revoke API keys")]
        constraints = [
            models.CheckConstraint(
                condition=(Q(role__isnull=False) & Q(clinic=""))
                | (Q(role__isnull=True) & ~Q(clinic="")),
                name="api_key_role_or_clinic",
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @property
    def active(self) -> bool:
        return self.revoked_at is None

    @property
    def scope(self) -> str:
        return self.role.name if self.role is not None else f"Clinic: {self.clinic}"
