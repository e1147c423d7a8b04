"""The license clocks' readings (``license.renewal``), applied for the due list.

Two places where the ordinance leaves a choice and the readings register
(the city's reading parameters under ``params/nowthen/``) holds the one adopted:

- ``readings.renewal_window`` — what starts the thirty days to renew without the penalty: the new
  rabies vaccination (``license.renewal``, in Nowthen's words "within thirty (30) days after the
  vaccination") or the previous license's expiry (LEGAL-NOTES §6.2). ``renewal_clock``.
- ``readings.non_license_penalty`` — whether a dog's first license, taken late, pays the penalty,
  and from when. ``late_first_license_line``, ``first_license_penalty``.

The caller gathers the facts (the expiry date, the newest vaccination, the day a license became
required) and shows the lines returned; the clock itself is ``law.clocks.deadline`` (Minn. Stat.
645.15), passed in as ``due`` so a list of many rows can compute each start date once.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from dogtag.law.clocks import deadline
from dogtag.law.computation_of_time import DeadlineError, day_label
from dogtag.law.findings import Finding
from dogtag.law.licensing import NON_LICENSE_READING, RENEWAL_READING
from dogtag.law.licensing.fees import fee_words
from dogtag.law.params import ParameterError, ParameterSet
from dogtag.law.provisions import cite
from dogtag.law.wording import phrase

PENALTY_FEE = "fees.license_penalty"
RENEWAL_DAYS = "license.renewal_days"
RENEWAL_CLOCK = "license.renewal"
#: The provision of the renewal and its penalty, as a concept (the package's sections.yaml).
RENEWAL = "license.renewal"

#: ``law.clocks.deadline`` for one clock: (clock id, start date, the event that started it).
Due = Callable[[str, dt.date, str], Finding]


@dataclass(frozen=True)
class ClockLines:
    """What a clock says on a due-list row: a short note ("Renew without penalty by ...", or ""),
    and the explanation, line by line, ending with the reading adopted."""

    note: str
    lines: tuple[str, ...]


def deadline_of(params: ParameterSet) -> Due:
    """``law.clocks.deadline`` with these parameters, in the shape the functions here take."""

    def due(clock_id: str, start: dt.date, event: str) -> Finding:
        return deadline(params, start, clock_id=clock_id, trigger_event=event)

    return due


def reading_line(params: ParameterSet, key: str, on: dt.date) -> str:
    """The reading in force on ``on``, as one line of an explanation."""
    reading = params.get(key, on)
    return f"Reading adopted — {reading.definition.description}: {reading.display().rstrip('.')}."


def renewal_start(
    params: ParameterSet, on: dt.date, expires_on: dt.date, new_vaccination: dt.date | None
) -> tuple[dt.date, str] | None:
    """``license.renewal`` with ``readings.renewal_window``: the day the thirty days to renew start
    and the event that starts them; None while the reading needs a new vaccination none is
    recorded for."""
    reading = params.get(RENEWAL_READING, on)
    if reading.choice == "after_previous_expiry":
        return expires_on, "the previous license expired"
    if new_vaccination is not None:
        return new_vaccination, "the new rabies vaccination"
    return None


def renewal_clock(
    params: ParameterSet,
    on: dt.date,
    expires_on: dt.date,
    new_vaccination: dt.date | None,
    due: Due | None = None,
) -> ClockLines:
    """``license.renewal``, in Nowthen's words: "must be renewed within thirty (30) days after the
    vaccination or a penalty ... will be assessed". Which vaccination (or the expiry) starts the 30
    days is a reading."""
    due = due if due is not None else deadline_of(params)
    penalty, _ = fee_words(params, PENALTY_FEE, on)
    start = renewal_start(params, on, expires_on, new_vaccination)
    if start is None:
        days = params.get(RENEWAL_DAYS, on)
        return ClockLines(
            "",
            (
                f"To renew without the penalty of {penalty}: within {days.display()} "
                f"after the new rabies vaccination ({cite(RENEWAL, params)}). No newer vaccination "
                f"is recorded yet.",
                reading_line(params, RENEWAL_READING, on),
            ),
        )
    finding = due(RENEWAL_CLOCK, *start)
    assert finding.deadline is not None
    last_day = finding.deadline.due
    if on > last_day:
        note = f"Renewal period ended {day_label(last_day)}: penalty {penalty}"
    else:
        note = f"Renew without penalty by {day_label(last_day)}"
    return ClockLines(
        note,
        (
            finding.message,
            *finding.deadline.explanation,
            f"Renewed after that day, the penalty of {penalty} is assessed "
            f"({cite(RENEWAL, params)}).",
            reading_line(params, RENEWAL_READING, on),
        ),
    )


def late_first_license_line(params: ParameterSet, on: dt.date) -> str:
    """``readings.non_license_penalty``: whether a first license taken after its due date (a new
    resident's, ``license.new_resident``; a new owner's, ``license.new_owner``; a dog reaching six
    months, ``license.minimum_age``) pays the penalty."""
    reading = params.get(NON_LICENSE_READING, on)
    penalty, _ = fee_words(params, PENALTY_FEE, on)
    if reading.choice == "never":
        return f"A first license pays no penalty (reading adopted: {reading.value})."
    return (
        f"Licensed after the due date, the non-license penalty of {penalty} is "
        f"assessed (reading adopted: {reading.value})."
    )


def first_license_penalty(
    params: ParameterSet, on: dt.date, needed_from: dt.date, due: Due | None = None
) -> ClockLines:
    """A never-licensed dog that needs a license from ``needed_from`` (six months of age,
    ``license.minimum_age``): under the ``after_grace_period`` reading the penalty runs from the end
    of the renewal period counted from that day (``license.renewal``); otherwise the reading's one
    line."""
    reading = params.get(NON_LICENSE_READING, on)
    if reading.choice != "after_grace_period":
        return ClockLines("", (late_first_license_line(params, on),))
    due = due if due is not None else deadline_of(params)
    penalty, _ = fee_words(params, PENALTY_FEE, on)
    try:
        age = phrase(params.get("license.minimum_age_months", needed_from), "words_unit")
        grace = due(RENEWAL_CLOCK, needed_from, f"the dog reached {age} of age")
    except (DeadlineError, ParameterError) as exc:
        return ClockLines("", (f"No penalty date can be computed: {exc}.",))
    assert grace.deadline is not None
    last_day = grace.deadline.due
    return ClockLines(
        f"Penalty {penalty} if licensed after {day_label(last_day)}",
        (
            *grace.deadline.explanation,
            f"Licensed after {day_label(last_day)}, the non-license penalty of "
            f"{penalty} is assessed (reading adopted: {reading.value}).",
        ),
    )
