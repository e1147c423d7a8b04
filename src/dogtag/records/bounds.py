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
from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError
from django.utils.formats import date_format
from django.utils.translation import get_language, gettext

from dogtag.records.services import today

EARLIEST_DATE = dt.date(1950, 1, 1)
YEARS_AHEAD = 50


def latest_date(on: dt.date | None = None) -> dt.date:
    """The last date accepted: fifty years after today (or after ``on``)."""
    base = on or today()
    return base.replace(year=base.year + YEARS_AHEAD, day=min(base.day, 28))


#: A dog's age at most: a birth date further back is a slip in the year (the oldest dogs on record
#: lived about 30 years; the license screen's "age in years" stops at 30 too).
OLDEST_DOG_YEARS = 30
#: A rabies vaccination's duration at most, from the day given to the expiry on the certificate:
#: licensed rabies vaccines protect for one or three years (Minn. R. 1705.0670 and the NASPHV
#: Compendium), and a certificate may date its expiry to the next clinic day after the third
#: anniversary; four years leaves that room and refuses 0001-01-01 to 9999-12-31.
MAX_VACCINATION_YEARS = 4


def years_after(day: dt.date, years: int) -> dt.date:
    """The same day ``years`` later (earlier if negative); February 29 becomes February 28."""
    if day.month == 2 and day.day == 29:
        return dt.date(day.year + years, 2, 28)
    return day.replace(year=day.year + years)


def long_date(day: dt.date) -> str:
    return f"{day:%B} {day.day}, {day.year}"


def spoken(day: dt.date) -> str:
    """A date in a message: "January 1, 1950" in English (the staff site's words, unchanged), as
    the active language writes its dates otherwise (the residents' site in Spanish)."""
    if (get_language() or "en").startswith("en"):
        return f"{day:%B} {day.day}, {day.year}"
    return date_format(day, "DATE_FORMAT")


def window_message(label: str, earliest: dt.date, latest: dt.date) -> str:
    # gettext here, when the message is made for the page that shows it: the residents' site
    # shows it in the resident's language; the staff site speaks English.
    return gettext("%(label)s must be between %(earliest)s and %(latest)s.") % {
        "label": label,
        "earliest": spoken(earliest),
        "latest": spoken(latest),
    }


def check_date(
    value: dt.date,
    label: str | None = None,
    *,
    earliest: dt.date | None = None,
    latest: dt.date | None = None,
) -> None:
    """Raise ``ValidationError`` (code ``date_window``) when ``value`` is outside the window."""
    first = max(earliest or EARLIEST_DATE, EARLIEST_DATE)
    last = min(latest or latest_date(), latest_date())
    if not first <= value <= last:
        raise ValidationError(
            window_message(label or gettext("The date"), first, last), code="date_window"
        )


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
        label = str(self.label) if self.label else gettext("The date")
        if self.not_after_today and value > today():
            raise ValidationError(
                gettext("%(label)s cannot be after today (%(today)s).")
                % {"label": label, "today": spoken(today())},
                code="future_date",
            )
        check_date(value, label, earliest=self.earliest, latest=self.latest)


class PlausibleDateTimeField(forms.DateTimeField):
    """A ``DateTimeField`` whose date must lie in the plausible window."""

    def __init__(self, *args: object, not_after_now: bool = False, **kwargs: object) -> None:
        self.not_after_now = not_after_now
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def to_python(self, value: object) -> dt.datetime | None:
        # The window is checked on the wall-clock value, before anything compares it with an
        # aware "now": 9999-12-31T23:59 in Central time is past year 9999 in UTC and overflows.
        try:
            result = super().to_python(value)
        except OverflowError:
            raise ValidationError(
                window_message(self._label(), EARLIEST_DATE, latest_date()), code="date_window"
            ) from None
        if result is not None:
            check_date(result.replace(tzinfo=None).date(), self._label())
        return result

    def _label(self) -> str:
        return str(self.label) if self.label else gettext("The date and time")

    def validate(self, value: dt.datetime | None) -> None:
        super().validate(value)
        if value is None:
            return
        label = self._label()
        check_date(value.date(), label)
        if self.not_after_now:
            from django.utils import timezone

            if value > timezone.now() + dt.timedelta(minutes=5):
                raise ValidationError(
                    gettext("%(label)s cannot be in the future.") % {"label": label},
                    code="future_date",
                )


# ----------------------------------------------------------------------------- sums of money

#: The largest fee, cost or payment a form takes. No fee the council sets (``fees.schedule``) nor
#: any cost of a dangerous-dog case (hearing, care and keeping, ``dangerous_dog.costs``) comes near
#: it; a larger figure is a typing slip ($99,999,999.99), refused before it reaches a receipt or a
#: case's ledger.
MAX_AMOUNT = Decimal("100000.00")
#: The largest insurance coverage a form takes: well above the $300,000 policy or bond of
#: Minn. Stat. 347.51 subd. 2 a dangerous dog's owner must show
#: (``dangerous_dog.registration_requirements.insurance``).
MAX_COVERAGE = Decimal("10000000.00")


class AmountField(forms.DecimalField):
    """A sum of money in dollars and cents, at least ``minimum`` and at most ``maximum``, with a
    message that names the bound (never a float: Decimal, to the cent)."""

    def __init__(
        self,
        *args: object,
        minimum: Decimal = Decimal("0.00"),
        maximum: Decimal = MAX_AMOUNT,
        **kwargs: object,
    ) -> None:
        self.minimum, self.maximum = minimum, maximum
        kwargs.setdefault("decimal_places", 2)
        kwargs.setdefault("max_digits", len(str(int(maximum))) + 2)
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def validate(self, value: Decimal | None) -> None:
        super().validate(value)
        if value is None:
            return
        label = str(self.label) if self.label else "The amount"
        if value < self.minimum:
            raise ValidationError(f"{label} must be at least ${self.minimum:,}.", code="min_value")
        if value > self.maximum:
            raise ValidationError(
                f"{label} must be at most ${self.maximum:,}: is there a slip in the figure?",
                code="max_value",
            )


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
