"""Computation of time: how Minnesota law counts days (LEGAL-NOTES §4).

Minn. Stat. 645.15: "Where the performance or doing of any act, duty, matter, payment, or thing is
ordered or directed, and the period of time or duration for the performance or doing thereof is
prescribed and fixed by law, the time ... shall be computed so as to exclude the first and include the
last day of any such prescribed or fixed period or duration of time. When the last day of the period
falls on Saturday, Sunday, or a legal holiday, that day shall be omitted from the computation."

The legal holidays are those of Minn. Stat. 645.44 subd. 5, which the ``holidays`` package produces for
``US`` subdivision ``MN`` (with the Saturday-to-Friday and Sunday-to-Monday observance). Two days are
each city's own choice, the second Monday of October and the Friday after Thanksgiving, and a city may
close its offices ad hoc (weather): those come from the city's parameter files.

Every deadline carries its explanation: the triggering event, the count, each day skipped and why.
This is the only module in Dogtag that counts days to a deadline.
"""

from __future__ import annotations

import calendar as _calendar
import datetime as dt
import functools
from dataclasses import dataclass, field

import holidays

from dogtag.law.jsonable import JSONValue
from dogtag.law.params import ParameterSet, ParameterValue

COUNTING = "Minn. Stat. 645.15"
HOLIDAYS = "Minn. Stat. 645.44 subd. 5"

JUNETEENTH = "calendar.juneteenth_is_legal_holiday"
INDIGENOUS_PEOPLES_DAY = "calendar.indigenous_peoples_day_is_holiday"
DAY_AFTER_THANKSGIVING = "calendar.day_after_thanksgiving_is_holiday"


def long_date(day: dt.date) -> str:
    """``December 15, 2026``: a date as a clerk reads it aloud."""
    return f"{day:%B} {day.day}, {day.year}"


@functools.lru_cache(maxsize=8192)
def day_label(day: dt.date) -> str:
    """``Thu 2025-12-11``: the weekday is what a clerk checks first. Kept per day: a due list of a
    county labels tens of thousands of dates, and ``strftime`` was most of its time (issue 14)."""
    return f"{day:%a} {day.isoformat()}"


class DeadlineError(ValueError):
    """A deadline was asked for with a count the law cannot mean."""


class OutsideCoveredRange(DeadlineError):
    """The calendar does not know the holidays of that day: an error, not a guess."""


def add_months(start: dt.date, months: int) -> dt.date:
    """The same calendar day ``months`` months later; a day the target month lacks becomes its last.

    (LEGAL-NOTES §6.6: a dog born 2026-06-15 is six months old on 2026-12-15; one born 2026-08-31
    on 2027-02-28.)
    """
    if months < 0:
        raise DeadlineError(f"cannot add a negative number of months ({months})")
    index = start.month - 1 + months
    year, month = start.year + index // 12, index % 12 + 1
    following = dt.date(year + (month == 12), month % 12 + 1, 1)
    last_day = (following - dt.timedelta(days=1)).day
    return dt.date(year, month, min(start.day, last_day))


def months_before(day: dt.date, months: int) -> dt.date:
    """The same calendar day ``months`` months earlier; a day that month lacks becomes its last.

    ``add_months``'s mirror image, for look-back windows (a commercial kennel renewal's "previous
    twelve (12) months"): 12 months before 2028-02-29 is 2027-02-28, before 2027-03-31 is 2026-03-31.
    """
    if months < 0:
        raise ValueError(f"cannot go back a negative number of months ({months})")
    index = day.year * 12 + day.month - 1 - months
    year, month = divmod(index, 12)
    month += 1
    return dt.date(year, month, min(day.day, _calendar.monthrange(year, month)[1]))


@dataclass(frozen=True)
class SkippedDay:
    day: dt.date
    reasons: tuple[str, ...]

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "date": self.day.isoformat(),
            "weekday": f"{self.day:%A}",
            "reasons": list(self.reasons),
        }


@dataclass(frozen=True)
class Deadline:
    """A due date computed per Minn. Stat. 645.15, with everything needed to explain it."""

    trigger_event: str
    trigger_date: dt.date
    days: int
    last_counted_day: dt.date
    due: dt.date
    skipped: tuple[SkippedDay, ...]
    parameters: tuple[ParameterValue, ...] = field(default=())
    citations: tuple[str, ...] = (COUNTING, HOLIDAYS)
    #: how the days were counted: ``after`` (calendar days after the trigger, Minn. Stat. 645.15),
    #: ``business_days`` (days the offices are open, after the trigger) or ``before`` (calendar
    #: days before an event, the act due by the last open day)
    counting: str = "after"

    @property
    def explanation(self) -> list[str]:
        if self.counting == "business_days":
            return self._explain_business_days()
        if self.counting == "before":
            return self._explain_before()
        unit = "day" if self.days == 1 else "days"
        first = self.trigger_date + dt.timedelta(days=1)
        lines = [
            f"Trigger: {self.trigger_event} on {day_label(self.trigger_date)}.",
            f"Count {self.days} {unit}, excluding the day of the trigger and including the last day "
            f"({COUNTING}): day 1 is {day_label(first)}, day {self.days} is "
            f"{day_label(self.last_counted_day)}.",
        ]
        for skipped in self.skipped:
            lines.append(f"{day_label(skipped.day)} is skipped: {'; '.join(skipped.reasons)}.")
        if self.skipped:
            lines.append(
                f"The last day may not fall on a Saturday, Sunday or legal holiday ({COUNTING}), "
                f"so it moves to the next day that is none of these."
            )
        lines.append(f"Due: {day_label(self.due)}.")
        return lines

    def _explain_business_days(self) -> list[str]:
        unit = "business day" if self.days == 1 else "business days"
        lines = [
            f"Trigger: {self.trigger_event} on {day_label(self.trigger_date)}.",
            f"Count {self.days} {unit}, excluding the day of the trigger: only days that are not "
            f"a Saturday, Sunday, legal holiday or closure of the city offices count; day "
            f"{self.days} is {day_label(self.due)}.",
        ]
        for skipped in self.skipped:
            lines.append(f"{day_label(skipped.day)} is not counted: {'; '.join(skipped.reasons)}.")
        lines.append(f"Due: {day_label(self.due)}.")
        return lines

    def _explain_before(self) -> list[str]:
        unit = "day" if self.days == 1 else "days"
        lines = [
            f"Event: {self.trigger_event} on {day_label(self.trigger_date)}.",
            f"Count {self.days} {unit} back, excluding the day of the event: the last day to act "
            f"is {day_label(self.last_counted_day)}.",
        ]
        for skipped in self.skipped:
            lines.append(f"{day_label(skipped.day)} is skipped: {'; '.join(skipped.reasons)}.")
        if self.skipped:
            lines.append(
                "The last day may not fall on a Saturday, Sunday or legal holiday, so it moves to "
                "the day before that is none of these: the full period is kept."
            )
        lines.append(f"Due by: {day_label(self.due)}.")
        return lines

    def to_json(self) -> dict[str, JSONValue]:
        counted: dict[str, JSONValue] = (
            {} if self.counting == "after" else {"counting": self.counting}
        )
        return counted | {
            "trigger_event": self.trigger_event,
            "trigger_date": self.trigger_date.isoformat(),
            "days": self.days,
            "last_counted_day": self.last_counted_day.isoformat(),
            "due": self.due.isoformat(),
            "due_weekday": f"{self.due:%A}",
            "skipped": [s.to_json() for s in self.skipped],
            "citations": list(self.citations),
            "parameters": [p.to_json() for p in self.parameters],
            "explanation": self.explanation,
        }


@functools.lru_cache(maxsize=256)
def _minnesota_holidays(year: int) -> holidays.HolidayBase:
    """The 645.44 subd. 5 holidays around ``year``, built once per year for the process.

    The neighbouring years are included: New Year's Day on a Saturday is observed on December 31
    of the year before.
    """
    return holidays.country_holidays("US", subdiv="MN", years=(year - 1, year, year + 1))


@functools.cache
def _holidays_known_until() -> dt.date:
    """The last day the holiday tables reach; building the tables to ask costs milliseconds, and a
    clock is computed for every license issued (issue 14), so it is asked once per process."""
    return dt.date(holidays.country_holidays("US", subdiv="MN").end_year, 12, 31)


class LegalCalendar:
    """Which days a deadline may not fall on, for one city, with the reason for each."""

    def __init__(self, params: ParameterSet) -> None:
        self.params = params
        consulted = (
            params.definition(f"{self._state_id}.{JUNETEENTH}"),
            params.definition(INDIGENOUS_PEOPLES_DAY),
            params.definition(DAY_AFTER_THANKSGIVING),
        )
        #: The first day for which every holiday parameter has a value.
        self.covered_from = max(d.first_effective for d in consulted)
        #: The last year the holiday tables reach.
        self.covered_until = _holidays_known_until()

    def check_covered(self, day: dt.date) -> None:
        if not self.covered_from <= day <= self.covered_until:
            raise OutsideCoveredRange(
                f"{day.isoformat()} is outside the calendar Dogtag knows for "
                f"{self.params.city.name}: {self.covered_from.isoformat()} to "
                f"{self.covered_until.isoformat()}"
            )

    def _statutory(self, year: int) -> holidays.HolidayBase:
        return _minnesota_holidays(year)

    def closed(self, day: dt.date) -> tuple[tuple[str, ...], tuple[ParameterValue, ...]]:
        """The reasons ``day`` cannot be the last day of a period, and the parameters consulted.

        An empty tuple of reasons means the day is an ordinary business day.
        """
        self.check_covered(day)
        reasons: list[str] = []
        used: list[ParameterValue] = []
        if day.weekday() == 5:
            reasons.append("Saturday")
        elif day.weekday() == 6:
            reasons.append("Sunday")
        for name in self._statutory(day.year).get_list(day):
            if name.startswith("Juneteenth"):
                # The package follows the federal date (2021); Minnesota's list is a parameter.
                juneteenth = self.params.get(f"{self._state_id}.{JUNETEENTH}", day)
                used.append(juneteenth)
                if not juneteenth.boolean:
                    continue
            reasons.append(f"legal holiday: {name} ({HOLIDAYS})")
        if day.weekday() == 0 and day.month == 10 and 8 <= day.day <= 14:
            option = self.params.get(INDIGENOUS_PEOPLES_DAY, day)
            used.append(option)
            if option.boolean:
                reasons.append(
                    f"legal holiday: Indigenous Peoples Day, observed by {self.params.city.name} "
                    f"({HOLIDAYS}; {option.source.cite()})"
                )
        thanksgiving = day - dt.timedelta(days=1)
        if (
            day.weekday() == 4
            and thanksgiving in self._statutory(day.year)
            and any(
                n.startswith("Thanksgiving")
                for n in self._statutory(day.year).get_list(thanksgiving)
            )
        ):
            option = self.params.get(DAY_AFTER_THANKSGIVING, day)
            used.append(option)
            if option.boolean:
                reasons.append(
                    f"holiday: Friday after Thanksgiving, observed by {self.params.city.name} "
                    f"({option.source.cite()})"
                )
        closure = self.params.closures.get(day)
        if closure is not None:
            reasons.append(f"city offices closed: {closure.reason} ({closure.source.cite()})")
        return tuple(reasons), tuple(used)

    @property
    def _state_id(self) -> str:
        return self.params.state.id if self.params.state else self.params.city.id


def count_days(
    trigger_date: dt.date,
    days: int,
    calendar: LegalCalendar,
    *,
    trigger_event: str = "the triggering event",
) -> Deadline:
    """The last day of a period of ``days`` days after ``trigger_date`` (Minn. Stat. 645.15), for
    every day count of the ordinance (reading ``readings.counting_days``, LEGAL-NOTES §6.5).

    The day of the trigger is excluded and the last day included; calendar days in between count,
    weekends and holidays too. A last day that is a Saturday, Sunday, legal holiday or a city closure
    is skipped until a day that is none of these.
    """
    if isinstance(days, bool) or not isinstance(days, int):
        raise DeadlineError(f"the number of days must be a whole number, not {days!r}")
    if days < 1:
        raise DeadlineError(f"the number of days must be 1 or more, not {days}")
    if isinstance(trigger_date, dt.datetime):
        raise DeadlineError("the trigger must be a date, not a date and time")
    calendar.check_covered(trigger_date)
    last = trigger_date + dt.timedelta(days=days)
    due, skipped, consulted = _open_day(last, 1, calendar)
    return Deadline(
        trigger_event=trigger_event,
        trigger_date=trigger_date,
        days=days,
        last_counted_day=last,
        due=due,
        skipped=tuple(skipped),
        parameters=tuple(consulted.values()),
    )


@functools.lru_cache(maxsize=256)
def count_business_days(
    trigger_date: dt.date,
    days: int,
    calendar: LegalCalendar,
    *,
    trigger_event: str = "the triggering event",
) -> Deadline:
    """The day ``days`` business days after ``trigger_date``: only days that are not a Saturday,
    Sunday, legal holiday or city closure count (a period a city states in business days, as Lino
    Lakes' "within 15 business days" to show insurance). The day of the trigger is excluded."""
    _check(trigger_date, days, calendar)
    day = trigger_date
    counted = 0
    skipped: list[SkippedDay] = []
    consulted: dict[str, ParameterValue] = {}
    while counted < days:
        day += dt.timedelta(days=1)
        reasons, used = calendar.closed(day)
        for parameter in used:
            consulted.setdefault(parameter.key, parameter)
        if reasons:
            skipped.append(SkippedDay(day, reasons))
        else:
            counted += 1
    return Deadline(
        trigger_event=trigger_event,
        trigger_date=trigger_date,
        days=days,
        last_counted_day=day,
        due=day,
        skipped=tuple(skipped),
        parameters=tuple(consulted.values()),
        citations=(HOLIDAYS,),
        counting="business_days",
    )


@functools.lru_cache(maxsize=256)
def count_days_before(
    event_date: dt.date,
    days: int,
    calendar: LegalCalendar,
    *,
    event: str = "the event",
) -> Deadline:
    """The last day to act ``days`` days before ``event_date`` (a notice "at least 14 days before"
    a move): the event's day excluded, the day ``days`` back the last; one that is a Saturday,
    Sunday, legal holiday or city closure moves earlier, to keep the whole period (Minn. Stat.
    645.15 counts periods after an act, not before an event: this is the reading that gives the
    person notified no fewer days)."""
    _check(event_date, days, calendar)
    last = event_date - dt.timedelta(days=days)
    calendar.check_covered(last)
    due, skipped, consulted = _open_day(last, -1, calendar)
    return Deadline(
        trigger_event=event,
        trigger_date=event_date,
        days=days,
        last_counted_day=last,
        due=due,
        skipped=tuple(skipped),
        parameters=tuple(consulted.values()),
        citations=(HOLIDAYS,),
        counting="before",
    )


def _check(day: dt.date, days: int, calendar: LegalCalendar) -> None:
    if isinstance(days, bool) or not isinstance(days, int):
        raise DeadlineError(f"the number of days must be a whole number, not {days!r}")
    if days < 1:
        raise DeadlineError(f"the number of days must be 1 or more, not {days}")
    if isinstance(day, dt.datetime):
        raise DeadlineError("the trigger must be a date, not a date and time")
    calendar.check_covered(day)


def _open_day(
    day: dt.date, step: int, calendar: LegalCalendar
) -> tuple[dt.date, list[SkippedDay], dict[str, ParameterValue]]:
    """The first day from ``day`` (itself included), walking ``step`` days at a time (1: later,
    -1: earlier), that is not a Saturday, Sunday, legal holiday or city closure; each day skipped,
    with why; the calendar's parameters consulted."""
    skipped: list[SkippedDay] = []
    consulted: dict[str, ParameterValue] = {}
    while True:
        reasons, used = calendar.closed(day)
        for parameter in used:
            consulted.setdefault(parameter.key, parameter)
        if not reasons:
            return day, skipped, consulted
        skipped.append(SkippedDay(day, reasons))
        day += dt.timedelta(days=step)
