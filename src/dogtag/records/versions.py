"""No lost update: an edit form carries the version of the record it was opened on, and the
service refuses a save over a newer change (issue 10, item 6).

The version is the id of the record's latest django-simple-history row, so no column is added:
every save through a service writes a history row, and history ids only grow. A service that
edits a record locks it (``select_for_update``) inside its transaction and calls
``check_version`` before writing; if anyone saved the record since the form was opened, it
raises ``EditConflict`` naming each change since (field, before, after, who, when) and the
service writes nothing. The check is in the service, not the view, so every caller gets it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django import forms
from django.db import models
from django.utils import dateformat, timezone

Shown = Callable[[object], str] | None  # None: a field the message leaves out
LONGEST = 80  # a changed value longer than this (a drawn location) is cut for the message


@dataclass(frozen=True)
class FieldChange:
    name: str  # the model field
    field: str  # its label
    before: str
    after: str


@dataclass(frozen=True)
class ChangeSince:
    """One save made after the form was opened: who, when, and each field before → after."""

    who: str
    when: dt.datetime
    what: str  # "changed" or "deleted"
    changes: tuple[FieldChange, ...]

    def sentence(self) -> str:
        at = dateformat.format(timezone.localtime(self.when), "F j, Y, \\a\\t P")
        if not self.changes:
            said = f"{self.who} {self.what} this record on {at}"
        else:
            each = "; ".join(f"{c.field} from {c.before} to {c.after}" for c in self.changes)
            said = f"{self.who} changed {each} on {at}"
        return said if said.endswith(".") else f"{said}."  # "10 a.m." ends the sentence


class EditConflict(Exception):
    """The record changed after the form was opened; the save was refused and nothing written."""

    def __init__(self, since: list[ChangeSince], version: int) -> None:
        self.since = since
        self.version = version  # the record's version now: the form to review carries it
        said = " ".join(change.sentence() for change in since) or "The record changed."
        super().__init__(
            f"{said} That was after you opened this form, so your changes were not saved. "
            "Review the record as it is now and save again."
        )


CONFLICT_HEADING = "Changed by someone else after you opened this form"


def unsaved_entries(form: forms.Form, changed: Mapping[str, object], conflict: EditConflict) -> str:
    """What the user had typed and lost, so they can enter it again after review.

    ``changed`` compares the stale form with the record as it is now, so it also holds the
    fields someone else changed since (the stale form still shows their old values): those are
    left out, as the conflict already names them."""
    theirs = {change.name for since in conflict.since for change in since.changes}
    mine = {name: value for name, value in changed.items() if name not in theirs}
    if not mine:
        return ""
    each = "; ".join(
        f"{form.fields[name].label}: “{_plain(value)}”" for name, value in mine.items()
    )
    return f"Your entries, not saved: {each}."


def _plain(value: object) -> str:
    if value is None or value == "":
        return "(blank)"
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    text = str(value)
    return text if len(text) <= LONGEST else text[: LONGEST - 1] + "…"


def version_field() -> forms.IntegerField:
    """The hidden field every edit form carries: the version it was opened on."""
    return forms.IntegerField(
        label="Version of the record this form was opened on",
        widget=forms.HiddenInput,
        min_value=0,
        max_value=2**63 - 1,
        error_messages={
            "required": "The form does not say which version of the record it was opened on: "
            "open it again from the record's page.",
            "invalid": "The form's version is not a number: open it again from the record's page.",
        },
    )


def version_of(instance: models.Model) -> int:
    """The id of the record's latest history row (0 if it has none)."""
    latest = (
        instance.history.order_by("-history_id")  # type: ignore[attr-defined]
        .values_list("history_id", flat=True)
        .first()
    )
    return int(latest or 0)


def check_version(
    instance: models.Model, version: int, *, shown: Mapping[str, Shown] | None = None
) -> None:
    """Refuse (``EditConflict``) if ``instance`` was saved after ``version``.

    Call it inside the service's transaction, after locking the row, so that no other save can
    come between the check and the write. ``shown`` formats a field's value for the message
    (e.g. a phone number's digits as the desk writes them), or leaves the field out (None: a
    link to the stored decision, which the clerk did not edit)."""
    current = version_of(instance)
    if current == version:
        return
    raise EditConflict(changes_since(instance, version, shown=shown or {}), current)


def changes_since(
    instance: models.Model, version: int, *, shown: Mapping[str, Shown]
) -> list[ChangeSince]:
    """Each save of ``instance`` after history row ``version``, oldest first, with its changes."""
    model = type(instance)
    rows = list(
        instance.history.select_related("history_user").order_by(  # type: ignore[attr-defined]
            "history_id"
        )
    )
    since: list[ChangeSince] = []
    previous = None
    for row in rows:
        if row.history_id > version:
            since.append(_change(model, row, previous, shown))
        previous = row
    return since


def _change(
    model: type[models.Model], row: Any, previous: Any, shown: Mapping[str, Shown]
) -> ChangeSince:
    user = row.history_user
    who = (user.get_full_name() or user.get_username()) if user else "Someone (the system)"
    if row.history_type == "-":
        return ChangeSince(who, row.history_date, "deleted", ())
    if previous is None:
        return ChangeSince(who, row.history_date, "created", ())
    delta = row.diff_against(previous, foreign_keys_are_objs=True)
    changes = tuple(
        FieldChange(
            change.field,
            _label(model, change.field),
            _value(model, change.field, change.old, shown),
            _value(model, change.field, change.new, shown),
        )
        for change in delta.changes
        if shown.get(change.field, _value) is not None
    )
    return ChangeSince(who, row.history_date, "changed", changes)


def _label(model: type[models.Model], name: str) -> str:
    try:
        return str(model._meta.get_field(name).verbose_name).capitalize()
    except Exception:  # a field the model no longer has
        return name


def _value(model: type[models.Model], name: str, value: object, shown: Mapping[str, Shown]) -> str:
    if value is None or value == "":
        return "(blank)"
    show = shown.get(name)
    if show is not None:
        text = show(value)
    else:
        try:
            field = model._meta.get_field(name)
        except Exception:
            field = None
        choices = dict(getattr(field, "choices", None) or ())
        if value in choices:
            text = str(choices[value])
        elif isinstance(value, bool):
            text = "yes" if value else "no"
        elif isinstance(value, dt.date):
            text = value.isoformat()
        else:
            text = str(value)
    text = f"“{text}”"
    return text if len(text) <= LONGEST else text[: LONGEST - 2] + "…”"
