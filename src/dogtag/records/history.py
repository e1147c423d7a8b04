"""The history helper: django-simple-history rows name the user who acted."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import models
from django.utils import timezone


def acting_as(actor: AbstractBaseUser | None, *instances: object) -> None:
    """Name the acting user in the history rows these saves write."""
    for instance in instances:
        instance._history_user = actor  # type: ignore[attr-defined]


class without_history:
    """Save ``instance`` without django-simple-history's own history row, for a service that
    writes the row itself with ``write_history`` (issue 14: the row simple-history writes costs
    a new manager class per save). Only around one save, so no other save goes unrecorded::

        with without_history(license_):
            license_.save(force_insert=True)
        write_history(actor, "+", license_)
    """

    def __init__(self, instance: models.Model) -> None:
        self.instance = instance

    def __enter__(self) -> None:
        self.instance.skip_history_when_saving = True  # type: ignore[attr-defined]

    def __exit__(self, *exc: object) -> None:
        del self.instance.skip_history_when_saving  # type: ignore[attr-defined]


#: model -> (its historical model, the fields its history tracks), learned once per process.
_HISTORICAL: dict[type[models.Model], tuple[type[models.Model], tuple[Any, ...]]] = {}


def _historical(model: type[models.Model]) -> tuple[type[models.Model], tuple[Any, ...]]:
    known = _HISTORICAL.get(model)
    if known is None:
        manager = model._meta.simple_history_manager_attribute  # type: ignore[attr-defined]
        historical = getattr(model, manager).model
        known = (historical, tuple(historical.tracked_fields))
        _HISTORICAL[model] = known
    return known


def write_history(
    actor: AbstractBaseUser | None, history_type: str, instance: models.Model
) -> models.Model:
    """Write the history row of a save made ``without_history``: the row django-simple-history
    would have written (every tracked field as saved, who, when, "+" created or "~" changed),
    in one INSERT, without the library's per-save overhead."""
    historical, tracked = _historical(type(instance))
    row = historical(
        history_date=timezone.now(),
        history_type=history_type,
        history_user=actor,
        history_change_reason=None,
        **{field.attname: getattr(instance, field.attname) for field in tracked},
    )
    historical._base_manager.bulk_create([row])  # type: ignore[attr-defined]
    return row
