"""The plausible window of every date the staff site accepts, in one place.

A date outside it is a typing slip (0001-01-01, 9999-12-31), not a record: it is refused with a
message naming the window, before any rule or query sees it. Fields with a tighter window of their
own (a birth date not in the future, a vaccination of at most four years) narrow it further.

Why these ends: the earliest is before any dog, license or parcel record a Minnesota city could
still hold; the latest leaves room for a three-year license, a certificate's renewals and a
notice's deadlines, and keeps every date inside the range the holiday calendar and the
computation of time can count (Minn. Stat. 645.15, 645.44).
"""

from __future__ import annotations

import datetime as dt

from django import forms
from django.core.exceptions import ValidationError

from dogtag.records.services import today

EARLIEST_DATE = dt.date(1950, 1, 1)
YEARS_AHEAD = 50


def latest_date(on: dt.date | None = None) -> dt.date:
    """The last date accepted: fifty years after today (or after ``on``)."""
    base = on or today()
    return base.replace(year=base.year + YEARS_AHEAD, day=min(base.day, 28))


def window_message(label: str, earliest: dt.date, latest: dt.date) -> str:
    return (
        f"{label} must be between {earliest:%B} {earliest.day}, {earliest.year} and "
        f"{latest:%B} {latest.day}, {latest.year}."
    )


def check_date(
    value: dt.date,
    label: str = "The date",
    *,
    earliest: dt.date | None = None,
    latest: dt.date | None = None,
) -> None:
    """Raise ``ValidationError`` (code ``date_window``) when ``value`` is outside the window."""
    first = max(earliest or EARLIEST_DATE, EARLIEST_DATE)
    last = min(latest or latest_date(), latest_date())
    if not first <= value <= last:
        raise ValidationError(window_message(label, first, last), code="date_window")


class PlausibleDateField(forms.DateField):
    """A ``DateField`` that refuses dates outside the plausible window, with a clear message.

    ``not_after_today=True`` is for dates that cannot lie ahead (a birth, a vaccination, a
    complaint received). ``earliest``/``latest`` narrow the window further.
    """

    def __init__(
        self,
        *args: object,
        not_after_today: bool = False,
        earliest: dt.date | None = None,
        latest: dt.date | None = None,
        **kwargs: object,
    ) -> None:
        self.not_after_today = not_after_today
        self.earliest = earliest
        self.latest = latest
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def validate(self, value: dt.date | None) -> None:
        super().validate(value)
        if value is None:
            return
        label = str(self.label) if self.label else "The date"
        if self.not_after_today and value > today():
            raise ValidationError(
                f"{label} cannot be after today ({today():%B} {today().day}, {today().year}).",
                code="future_date",
            )
        check_date(value, label, earliest=self.earliest, latest=self.latest)


class PlausibleDateTimeField(forms.DateTimeField):
    """A ``DateTimeField`` whose date must lie in the plausible window."""

    def __init__(self, *args: object, not_after_now: bool = False, **kwargs: object) -> None:
        self.not_after_now = not_after_now
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def validate(self, value: dt.datetime | None) -> None:
        super().validate(value)
        if value is None:
            return
        label = str(self.label) if self.label else "The date and time"
        if self.not_after_now:
            from django.utils import timezone

            if value > timezone.now() + dt.timedelta(minutes=5):
                raise ValidationError(f"{label} cannot be in the future.", code="future_date")
        check_date(value.date(), label)


def _spoken(value: dt.date) -> str:
    return f"{value:%B} {value.day}, {value.year}"


def stored_date_problem(value: dt.date | None, what: str) -> str | None:
    """What to tell the clerk when a date already on record lies outside the window (saved
    before the forms refused such dates), or None. Rules and date arithmetic are not asked about
    such a record: ``what`` names it, e.g. "Biscuit's birth date on record"."""
    if value is None or EARLIEST_DATE <= value <= latest_date():
        return None
    return (
        f"{what} ({_spoken(value)}) is outside the plausible window ({_spoken(EARLIEST_DATE)} "
        f"to {_spoken(latest_date())}): the record must be corrected before the ordinance can "
        "be applied to it."
    )
