"""Every day count the ordinance fixes, as a named clock, and the deadline it gives.

Each clock names the provision that sets the period (a concept, cited as the jurisdiction package
numbers it, or a statute's section where the state sets it), the parameter that holds its length,
and the event that starts it. The due date always comes from ``computation_of_time.count_days``
(Minn. Stat. 645.15, LEGAL-NOTES §6.5: every day-count in the ordinance is counted that way).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from dogtag.law.computation_of_time import (
    COUNTING,
    DeadlineError,
    LegalCalendar,
    count_business_days,
    count_days,
    count_days_before,
    day_label,
)
from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.incorporation import controlling_provision
from dogtag.law.package_wording import ClockWording, clock_wording
from dogtag.law.params import ParameterSet, ParameterValue, default
from dogtag.law.provisions import cite, maps
from dogtag.law.registry import Rule, register

NOTICE_READING = "readings.notice_date"
#: the unit of a clock's days parameter that counts business days, not calendar days
BUSINESS_DAYS = "business days"
#: the computation of time (Minn. Stat. 645.15), a provision of the state's package
COUNTING_PROVISION = "time.computation"


@dataclass(frozen=True)
class Clock:
    id: str
    #: the provision that fixes the period: a concept (``license.renewal``) the city's package
    #: maps, or a statute's section as written ("Minn. Stat. 347.54 subd. 1")
    provision: str
    title: str
    days_parameter: str
    trigger_event: str
    obligation: str
    counts_from_notice: bool = False
    #: "city" or "state": the clock counts that jurisdiction's own days, not the more restrictive
    #: of the two (the conflict rule), because the other counts from a different event; both clocks run
    #: (``law.dangerous_dog_clocks``).
    jurisdiction: str | None = None
    #: the period ends before the event ("at least 14 days prior to the relocation"): counted
    #: back from it (``computation_of_time.count_days_before``), not after it
    counts_before: bool = False
    #: the period's end is when something takes effect ("The modification will be effective ten
    #: days after the mailing"), not the last day to do it: counted the same (645.15), worded so
    takes_effect: bool = False

    @property
    def is_statute(self) -> bool:
        return self.provision.startswith("Minn. Stat.")

    def section_in(self, params: ParameterSet | None = None) -> str:
        """The section that fixes the period, as the city in force (or ``params``') numbers it."""
        return self.provision if self.is_statute else cite(self.provision, params)

    @property
    def section(self) -> str:
        return self.section_in()

    def worded(self, params: ParameterSet | None = None) -> ClockWording:
        """The clock's title, event and obligation in the words of the city in force (or
        ``params``' city): its package's ``ordinance/clocks.yaml``, else the clock's own."""
        return clock_wording(
            self.id, self.title, self.trigger_event, self.obligation, params or default()
        )

    def in_law(self, params: ParameterSet | None = None) -> bool:
        """The city's law (or its state's) states the provision that fixes the period."""
        return self.is_statute or maps(self.provision, params)

    @property
    def rule(self) -> Rule:
        return Rule(
            id=self.id,
            cited=(COUNTING,) if not self.is_statute else (self.provision, COUNTING),
            provisions=() if self.is_statute else (self.provision, COUNTING_PROVISION),
            title=self.title,
            summary=(
                f"{self.obligation.capitalize()} at least the period before {self.trigger_event}."
                if self.counts_before
                else f"{self.obligation.capitalize()} at the end of the period after "
                f"{self.trigger_event}."
                if self.takes_effect
                else f"{self.obligation.capitalize()} within the period after {self.trigger_event}."
            ),
            question="deadline",
        )


CLOCKS: dict[str, Clock] = {
    clock.id: clock
    for clock in (
        Clock(
            "license.renewal",
            "license.renewal",
            "License renewal without penalty",
            "license.renewal_days",
            "the new rabies vaccination",
            "renew the dog license or pay the penalty",
        ),
        Clock(
            "license.new_resident",
            "license.new_resident",
            "New resident's dog license",
            "license.new_resident_days",
            "the owner became a resident of the city",
            "obtain a city dog license",
        ),
        Clock(
            "license.change_of_ownership",
            "license.new_owner",
            "New owner's license",
            "license.change_of_ownership_days",
            "the change of ownership",
            "apply for a new license and pay the fee",
        ),
        Clock(
            "enclosure.compliance_notice",
            "enclosure.compliance_notice",
            "Pre-existing enclosure compliance",
            "enclosure.compliance_notice_days",
            "the notice of compliance was issued",
            "bring the enclosure into compliance",
        ),
        Clock(
            "dangerous_dog.hearing_request",
            "dangerous_dog.notice.hearing_request",
            "Request for a hearing",
            "dangerous_dog.hearing_request_days",
            "the Notice of Dangerous Dog",
            "request a hearing in writing",
            counts_from_notice=True,
        ),
        Clock(
            "dangerous_dog.hearing",
            "dangerous_dog.hearing",
            "Hearing on the designation",
            "dangerous_dog.hearing_days",
            "the Authority was notified of the request for a hearing",
            "hold the hearing (extendable for good cause)",
        ),
        Clock(
            "dangerous_dog.order",
            "dangerous_dog.hearing.order",
            "Hearing Officer's order",
            "dangerous_dog.order_days",
            "the hearing",
            "issue the Hearing Officer's order",
        ),
        Clock(
            "dangerous_dog.comply_after_decision",
            "dangerous_dog.notice.interim_compliance",
            "Compliance after a confirming decision",
            "dangerous_dog.comply_after_decision_days",
            "receipt of the decision confirming the designation",
            "comply with all other dangerous-dog requirements",
        ),
        Clock(
            "dangerous_dog.registration",
            "dangerous_dog.registration",
            "Dangerous dog registration",
            "dangerous_dog.registration_deadline_days",
            "the dog was deemed dangerous",
            "register the dog as a Dangerous Dog",
            jurisdiction="city",
        ),
        Clock(
            "dangerous_dog.seizure_unregistered",
            "Minn. Stat. 347.54 subd. 1",
            "Seizure of a dangerous dog not registered or insured (state)",
            "dangerous_dog.registration_deadline_days",
            "the Notice of Dangerous Dog",
            "have the dog registered and insured (the Authority seizes a dog that is not)",
            counts_from_notice=True,
            jurisdiction="state",
        ),
        Clock(
            "dangerous_dog.certiorari",
            "dangerous_dog.certiorari",
            "Review of the Hearing Officer's decision by writ of certiorari",
            "dangerous_dog.certiorari_days",
            "due notice of the Hearing Officer's decision",
            "obtain a writ of certiorari to review the decision (the owner's right; Minn. Stat. "
            "606.01)",
            jurisdiction="state",
        ),
        Clock(
            "dangerous_dog.sterilization",
            "dangerous_dog.registration_requirements.sterilization",
            "Sterilization of a dangerous dog",
            "dangerous_dog.sterilization_days",
            "the dog was deemed dangerous",
            "have the dog sterilized, or it is seized and sterilized at the owner's expense",
        ),
        Clock(
            "dangerous_dog.release_compliance",
            "dangerous_dog.release",
            "Compliance for release from impoundment",
            "dangerous_dog.release_compliance_days",
            "the impoundment",
            "meet every requirement for the dog's release",
        ),
        Clock(
            "dangerous_dog.revocation_hearing",
            "dangerous_dog.revocation.hearing",
            "Hearing on revocation",
            "dangerous_dog.revocation_hearing_days",
            "the notice of revocation",
            "hold the revocation hearing (extendable for good cause)",
            counts_from_notice=True,
        ),
        Clock(
            "dangerous_dog.revocation_reclaim",
            "dangerous_dog.revocation.disposition",
            "Reclaiming the dog after revocation",
            "dangerous_dog.revocation_reclaim_days",
            "the revocation order",
            "obtain the dog, at most (the Hearing Officer may allow less)",
        ),
        Clock(
            "dangerous_dog.death_or_relocation",
            "dangerous_dog.death_or_relocation",
            "Notice of death or relocation",
            "dangerous_dog.death_or_transfer_notice_days",
            "the death or relocation",
            "notify the Authority in writing",
        ),
        # periods Nowthen's law does not state (not offered there): Lino Lakes' (issue 27)
        Clock(
            "dangerous_dog.insurance_proof",
            "dangerous_dog.insurance_proof",
            "Proof of liability insurance",
            "dangerous_dog.insurance_proof_days",
            "the request for proof of insurance",
            "show proof of public liability insurance (before the animal's release, if it is "
            "impounded)",
        ),
        Clock(
            "dangerous_dog.relocation_notice",
            "dangerous_dog.relocation_notice",
            "Notice before relocation or transfer",
            "dangerous_dog.relocation_notice_days",
            "the relocation or transfer of ownership",
            "notify the animal control officer in writing",
            counts_before=True,
        ),
        Clock(
            "forfeiture.hearing_request",
            "forfeiture.hearing_request",
            "Appeal of a forfeiture",
            "forfeiture.hearing_request_days",
            "the notice that the city intends to forfeit the ownership rights",
            "appeal the forfeiture decision by requesting a hearing",
            counts_from_notice=True,
        ),
        Clock(
            "forfeiture.hearing",
            "forfeiture.hearing",
            "Hearing on a forfeiture",
            "forfeiture.hearing_days",
            "the demand for the hearing",
            "hold the hearing on a date the hearing officer sets",
        ),
        Clock(
            "kennel.license_modification",
            "kennel.license_modification",
            "A modification of a kennel license takes effect",
            "kennel.license_modification_days",
            "the mailing of written notice by certified mail to the holder",
            "the modification of the kennel license takes effect",
            takes_effect=True,
        ),
    )
}

for _clock in CLOCKS.values():
    register(_clock.rule)

register(
    Rule(
        id="computation_of_time",
        cited=(COUNTING, "Minn. Stat. 645.44 subd. 5"),
        title="Computation of time",
        summary=(
            "Exclude the first day, include the last; a last day on a Saturday, Sunday, legal "
            "holiday or city closure moves to the next day that is none of these."
        ),
        question="deadline",
    )
)


class UnknownClock(DeadlineError):
    def __init__(self, clock_id: str) -> None:
        super().__init__(
            f"no deadline rule named {clock_id!r}; known rules: {', '.join(sorted(CLOCKS))}"
        )


def deadline(
    params: ParameterSet,
    trigger_date: dt.date,
    *,
    clock_id: str | None = None,
    days: int | None = None,
    trigger_event: str | None = None,
) -> Finding:
    """The due date of an ordinance clock (or of a plain count of ``days``), with its explanation.

    With a clock, the number of days comes from its dated parameter; giving a different ``days``
    is an error rather than a silent override.
    """
    used: list[ParameterValue] = []
    if clock_id is not None:
        clock = CLOCKS.get(clock_id)
        if clock is None:
            raise UnknownClock(clock_id)
        if not clock.in_law(params):
            raise DeadlineError(
                f"{clock_id} is not a deadline of {params.city.name}'s law: it states no "
                f"{clock.provision}"
            )
        period = params.get(_days_key(clock, params), trigger_date)
        used.append(period)
        if days is not None and days != period.integer:
            raise DeadlineError(
                f"{clock.section_in(params)} fixes {period.display()} for this deadline, not "
                f"{days} days"
            )
        days = period.integer
        if clock.counts_from_notice:
            used.append(params.get(NOTICE_READING, trigger_date))
        words = clock.worded(params)
        event = trigger_event or words.trigger_event
        sections: tuple[str, ...] = (clock.section_in(params), COUNTING)
        rule_id = clock.id
        details = _controlling(clock, trigger_date, params)
    else:
        if days is None:
            raise DeadlineError("give the number of days, or a deadline rule that fixes them")
        event = trigger_event or "the triggering event"
        sections = (COUNTING,)
        rule_id = "computation_of_time"
        details = {}
    # a period the city states in business days (the parameter's unit) counts only open days
    business = bool(used) and used[0].definition.unit == BUSINESS_DAYS
    before = clock_id is not None and CLOCKS[clock_id].counts_before
    if before and business:
        raise DeadlineError(f"{clock_id} counts business days before an event: not a count we know")
    if before:
        computed = count_days_before(trigger_date, days, LegalCalendar(params), event=event)
    else:
        counter = count_business_days if business else count_days
        computed = counter(trigger_date, days, LegalCalendar(params), trigger_event=event)
    used.extend(computed.parameters)
    skipped = "".join(  # days not counted in business days are in the explanation, not here
        f" {day_label(s.day)} is skipped: {', '.join(s.reasons)}."
        for s in (() if business else computed.skipped)
    )
    if clock_id is not None and before:
        clock = CLOCKS[clock_id]
        message = (
            f"Due by {day_label(computed.due)}: {clock.worded(params).obligation} at least {days} "
            f"days before {event} on {day_label(trigger_date)} ({clock.section_in(params)})."
            f"{skipped}"
        )
    elif clock_id is not None and CLOCKS[clock_id].takes_effect:
        clock = CLOCKS[clock_id]
        message = (
            f"Effective {day_label(computed.due)}: {clock.worded(params).obligation} {days} "
            f"{'business days' if business else 'days'} after {event} on "
            f"{day_label(trigger_date)} ({clock.section_in(params)}).{skipped}"
        )
    elif clock_id is not None:
        clock = CLOCKS[clock_id]
        message = (
            f"Due {day_label(computed.due)}: {clock.worded(params).obligation} within {days} "
            f"{'business days' if business else 'days'} after "
            f"{event} on {day_label(trigger_date)} ({clock.section_in(params)}).{skipped}"
        )
    else:
        message = (
            f"Due {day_label(computed.due)}: {days} days after {event} on "
            f"{day_label(trigger_date)}.{skipped}"
        )
    return Finding(
        rule=rule_id,
        outcome="effective" if clock_id is not None and CLOCKS[clock_id].takes_effect else "due",
        sections=sections,
        message=message,
        facts={"from": trigger_date, "days": days, "event": event},
        parameters=tuple(used),
        deadline=computed,
        details=details,
    )


def period(clock_id: str, on: dt.date, params: ParameterSet) -> ParameterValue:
    """The days a clock counts, in force on ``on``: the value its deadline uses, for prose that
    says the period ("within fourteen days"), so a page words the same days the clock counts."""
    clock = CLOCKS.get(clock_id)
    if clock is None:
        raise UnknownClock(clock_id)
    return params.get(_days_key(clock, params), on)


def _days_key(clock: Clock, params: ParameterSet) -> str:
    """The clock's days: a pinned clock's own jurisdiction's, else the more restrictive
    (``incorporation.more_restrictive_controls``)."""
    if clock.jurisdiction == "city":
        return f"{params.city.id}.{clock.days_parameter}"
    if clock.jurisdiction == "state" and params.state is not None:
        return f"{params.state.id}.{clock.days_parameter}"
    return clock.days_parameter


def _controlling(clock: Clock, on: dt.date, params: ParameterSet) -> dict[str, JSONValue]:
    """The conflict rule (``incorporation.more_restrictive_controls``) on a clock whose days both
    the city and the state set: both values, which controls and why, with the section, in the
    finding's details."""
    state, city = params.counterpart(clock.days_parameter)
    if clock.jurisdiction or state is None or city is None or city.stricter is None:
        return {}
    return {
        "controlling_provision": controlling_provision(clock.days_parameter, on, params).to_json()
    }


@facts
class DeadlineFacts:
    """The facts of the question ``deadline``: the trigger day, and a deadline rule or days."""

    from_: dt.date = fact("The day of the triggering event (not itself counted)", name="from")
    rule: str | None = fact(
        "A deadline rule, whose section fixes the number of days",
        default=None,
        choices=tuple(sorted(CLOCKS)),
    )
    days: int | None = fact("The number of days, when no rule is given", default=None, minimum=1)
    event: str | None = fact("What happened on the trigger day", default=None)
