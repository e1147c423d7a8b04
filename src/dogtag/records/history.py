"""The history helper: django-simple-history rows name the user who acted."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser


def acting_as(actor: AbstractBaseUser | None, *instances: object) -> None:
    """Name the acting user in the history rows these saves write."""
    for instance in instances:
        instance._history_user = actor  # type: ignore[attr-defined]
