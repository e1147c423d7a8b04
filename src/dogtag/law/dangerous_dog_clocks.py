"""The dangerous-dog clocks that need more than one count: the date of the Notice, and the two
registration clocks of the city's code (``dangerous_dog.registration``) and Minn. Stat. 347.54
subd. 1 (incorporated, in Nowthen, by ``incorporation.state_statutes``).

- "The date of the Notice" (``dangerous_dog.notice.hearing_request``, ``dangerous_dog.hearing``,
  ``dangerous_dog.revocation.hearing``) is the date of service under the adopted
  reading (LEGAL-NOTES §6.5, ``readings.notice_date`` in the readings register), else the date
  written on the notice.
- Registration: the city requires it within 30 days after the dog is deemed dangerous
  (``dangerous_dog.registration``); the state seizes a dangerous dog not registered or insured 14
  days after the owner has notice (Minn. Stat. 347.54 subd. 1). The two count from different events, so
  both clocks run, each on its own days, and the one that ends first is the more restrictive and
  controls (LEGAL-NOTES §3: "show both; the 14-day seizure trigger is the stricter clock").

Every date comes from ``clocks.deadline`` (Minn. Stat. 645.15), with its day-by-day explanation.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from dataclasses import dataclass

from dogtag.law.clocks import CLOCKS, NOTICE_READING, deadline
from dogtag.law.computation_of_time import day_label
from dogtag.law.controlling_provision import DIFFERENT_TRIGGERS
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.incorporation import section as conflict_rule
from dogtag.law.params import ParameterSet, ParameterValue

REGISTRATION_DAYS = "dangerous_dog.registration_deadline_days"
STATE_CLOCK, CITY_CLOCK = DIFFERENT_TRIGGERS[REGISTRATION_DAYS]


@dataclass(frozen=True)
class NoticeDate:
    """The day "the date of the Notice" counts from, and the reading that chose it."""

    day: dt.date
    reading: ParameterValue

    @property
    def explanation(self) -> str:
        meaning = (self.reading.definition.choices or {}).get(self.reading.choice, "")
        meaning = meaning[:1].lower() + meaning[1:].rstrip(".")
        return (
            f"The date of the Notice is {day_label(self.day)}, {meaning} "
            f"(reading LEGAL-NOTES §6.5, {self.reading.key})."
        )


def notice_date(served_on: dt.date, issued_on: dt.date, params: ParameterSet) -> NoticeDate:
    """``dangerous_dog.notice.hearing_request``, ``dangerous_dog.hearing``,
    ``dangerous_dog.revocation.hearing``: "the date of the Notice" is the date of service under the
    reading adopted (``readings.notice_date``: ``date_of_service``), else the date written on the
    notice (``date_on_notice``). The reading in force on the day of service applies."""
    reading = params.get(NOTICE_READING, served_on)
    day = served_on if reading.choice == "date_of_service" else issued_on
    return NoticeDate(day=day, reading=reading)


@dataclass(frozen=True)
class RegistrationClocks:
    """Both registration clocks of a case, and which controls (the conflict rule)."""

    #: Minn. Stat. 347.54 subd. 1: 14 days after the date of the Notice; None before service.
    state: Finding | None
    #: ``dangerous_dog.registration``: 30 days after the dog was deemed dangerous; None until it is.
    city: Finding | None
    #: Both values, both due dates, and which controls; None while neither clock runs.
    controlling: Finding | None

    @property
    def findings(self) -> list[Finding]:
        """What a Decision that sets a registration deadline stores: the city's clock, the
        state's, then the conflict rule's finding on which controls (each present only once it
        runs)."""
        return [f for f in (self.city, self.state, self.controlling) if f is not None]

    def sentence(self) -> str:
        """Both clocks in one sentence for a case event: each due date with its section, and
        which controls (the conflict rule); "" while neither runs."""
        parts = []
        if self.city is not None:
            city_section = CLOCKS[CITY_CLOCK].section
            parts.append(f"Registration due by {day_label(_due(self.city))} ({city_section})")
        if self.state is not None:
            parts.append(
                f"registered and insured by {day_label(_due(self.state))}, or the dog is seized "
                f"({CLOCKS[STATE_CLOCK].section})"
            )
        if not parts:
            return ""
        parts[0] = parts[0][:1].upper() + parts[0][1:]
        outcome = self.controlling.outcome if self.controlling is not None else ""
        verdict = {
            "state_controls": "the state's clock ends first and controls",
            "city_controls": "the city's clock ends first and controls",
            "same": "both end the same day",
        }.get(outcome)
        return "; ".join(parts) + (f"; {verdict} ({conflict_rule()})." if verdict else ".")


STATE_CLOCK_READING = "readings.state_clock_pending_hearing"
UPHELD_EVENT = "the Hearing Officer's order upholding the designation"


def case_registration_clocks(
    notice_on: dt.date | None,
    deemed_on: dt.date | None,
    params: ParameterSet,
    *,
    upheld_on: dt.date | None = None,
) -> RegistrationClocks:
    """Both registration clocks of a case as the reading ``readings.state_clock_pending_hearing``
    counts the state's: from the date of the Notice when no hearing was held; after an order
    upholding the designation (``upheld_on``), from that order under the default reading
    (``suspended_until_order``: the owner's notice that the dog is dangerous, for Minn. Stat.
    347.54, is the order), else still from the Notice. The state's finding lists the reading."""
    if upheld_on is None:
        return registration_clocks(notice_on, deemed_on, params)
    reading = params.get(STATE_CLOCK_READING, upheld_on)
    if reading.choice == "suspended_until_order":
        clocks = registration_clocks(upheld_on, deemed_on, params, state_event=UPHELD_EVENT)
    else:
        clocks = registration_clocks(notice_on, deemed_on, params)
    if clocks.state is None:
        return clocks
    state = dataclasses.replace(clocks.state, parameters=(*clocks.state.parameters, reading))
    return dataclasses.replace(clocks, state=state)


def counted_from(state: Finding) -> str:
    """What the state's clock counts from, as letters and lists say it: "the notice", or the
    order upholding the designation (``readings.state_clock_pending_hearing``)."""
    event = str(state.facts.get("event") or "")
    return event if event == UPHELD_EVENT else "the notice"


def beside(
    clock_id: str, trigger: dt.date, params: ParameterSet, other: dt.date | None = None
) -> list[Finding]:
    """For the deadline calculator and ``dogtag deadline``: asked for one registration clock,
    the other clock that runs beside it and the conflict rule's finding on which controls
    (LEGAL-NOTES §3:
    "show both"). ``other`` is the other clock's trigger (the date of the Notice beside the
    city's clock, the day deemed beside the state's); without it, the finding says what it
    counts from. Empty for any other clock."""
    if clock_id == CITY_CLOCK:
        clocks = registration_clocks(other, trigger, params)
        return [f for f in (clocks.state, clocks.controlling) if f is not None]
    if clock_id == STATE_CLOCK:
        clocks = registration_clocks(trigger, other, params)
        return [f for f in (clocks.city, clocks.controlling) if f is not None]
    return []


def _due(finding: Finding) -> dt.date:
    assert finding.deadline is not None
    return finding.deadline.due


def registration_clocks(
    notice_on: dt.date | None,
    deemed_on: dt.date | None,
    params: ParameterSet,
    *,
    state_event: str | None = None,
) -> RegistrationClocks:
    """The state's seizure clock from the date of the Notice (Minn. Stat. 347.54 subd. 1) and the
    city's registration clock from the day the dog was deemed dangerous
    (``dangerous_dog.registration``), counted per Minn. Stat. 645.15; the one that ends first is
    the more restrictive and controls (the conflict rule). While
    only the state's runs, the finding says the city's starts when the dog is deemed dangerous.
    ``state_event`` names what the state's clock counts from when it is not the Notice (the
    order upholding the designation, ``readings.state_clock_pending_hearing``)."""
    state = (
        deadline(params, notice_on, clock_id=STATE_CLOCK, trigger_event=state_event)
        if notice_on
        else None
    )
    city = deadline(params, deemed_on, clock_id=CITY_CLOCK) if deemed_on else None
    if state is None and city is None:
        return RegistrationClocks(None, None, None)
    on = deemed_on or notice_on
    assert on is not None
    city_days = params.get(f"{params.city.id}.{REGISTRATION_DAYS}", on)
    return RegistrationClocks(state, city, _which_controls(state, city, city_days))


def _which_controls(
    state: Finding | None, city: Finding | None, city_days: ParameterValue
) -> Finding:
    state_clock, city_clock = CLOCKS[STATE_CLOCK], CLOCKS[CITY_CLOCK]
    rule = conflict_rule()
    used = tuple(f.parameters[0] for f in (state, city) if f is not None)
    if city is None:
        used += (city_days,)
    parts = []
    for finding, clock, whose in ((state, state_clock, "state"), (city, city_clock, "city")):
        if finding is None:
            continue
        assert finding.deadline is not None
        event = finding.facts.get("event") or clock.trigger_event
        parts.append(
            f"the {whose}'s {finding.parameters[0].display()} after {event} on "
            f"{day_label(finding.deadline.trigger_date)} ({clock.section}) end "
            f"{day_label(finding.deadline.due)}"
        )
    details: dict[str, JSONValue] = {"stricter": "lower"}
    if state is not None and city is not None:
        if _due(state) == _due(city):
            outcome, controls = "same", city
            verdict = "both end the same day, so neither is the more restrictive"
        else:
            outcome = "state_controls" if _due(state) < _due(city) else "city_controls"
            controls = state if outcome == "state_controls" else city
            whose = "state's" if controls is state else "city's"
            verdict = f"the {whose}, which ends first, is the more restrictive and controls"
        details.update(
            controlling=controls.parameters[0].key,
            state_due=_due(state),
            city_due=_due(city),
        )
        message = (
            f"Registration, two clocks ({rule}): {parts[0]}; {parts[1]}; {verdict}. "
            "Both run: past the state's the dog is seized if not registered and insured "
            "(Minn. Stat. 347.54 subd. 1); past the city's it is unregistered in breach of "
            f"{city_clock.section}."
        )
    elif state is not None:
        outcome = "state_controls"
        details.update(controlling=state.parameters[0].key, state_due=_due(state))
        message = (
            f"Registration, two clocks ({rule}): {parts[0]}, and that clock controls for now; the "
            f"city's {city_days.display()} to register ({city_clock.section}) start on the day "
            "the dog is "
            "deemed dangerous."
        )
    else:
        assert city is not None
        outcome = "city_controls"
        details.update(controlling=city.parameters[0].key, city_due=_due(city))
        message = (
            f"Registration ({rule}): {parts[0]}; beside it runs the state's clock "
            f"({state_clock.section}), counted from the date of the Notice, and whichever ends "
            "first controls: give the date of the Notice to count it."
        )
    return Finding(
        rule="incorporation.controlling_provision",
        outcome=outcome,
        sections=(rule, state_clock.section, city_clock.section),
        message=message,
        facts={
            "notice_on": state.deadline.trigger_date if state and state.deadline else None,
            "deemed_on": city.deadline.trigger_date if city and city.deadline else None,
        },
        parameters=used,
        details=details,
    )
