"""The city's sign-in policy, stored (issue 25): what `dogtag setup` turned on."""

from __future__ import annotations

from django.db import models
from django.utils import timezone


class SignInPolicy(models.Model):
    """One row (pk 1). `dogtag setup` stores it with two-step verification required of
    superusers and Administrators, unless the city already chose; ``DOGTAG_REQUIRE_2FA`` (1 or 0)
    decides whatever it says. A database without it (the demo, a test's) requires nothing.
    Each change is also a Decision (``accounts.services``)."""

    ONE = 1

    two_step_required = models.BooleanField(
        "two-step verification required of administrators",
        help_text="Superusers and members of the Administrator group must use two-step "
        "verification.",
    )
    changed_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = "sign-in policy"
        verbose_name_plural = "sign-in policy"

    def __str__(self) -> str:
        return f"two-step verification {'required' if self.two_step_required else 'optional'}"
