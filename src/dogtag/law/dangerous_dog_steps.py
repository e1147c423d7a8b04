"""City Code 3-2-9: the legal conditions of the steps of a dangerous-dog case, one rule each.

Each returns a Finding citing its subsection; a blocking one is why the step is refused (the
services raise ``Refused`` with it, and the case page shows it). What is not law (a record not
found, a stale form) stays a plain error in the services.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Sequence

from dogtag.law import wording
from dogtag.law.computation_of_time import day_label
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.registry import rule


def _due(clock: Finding) -> dt.date:
    assert clock.deadline is not None
    return clock.deadline.due


@rule(
    "dangerous_dog.hearing_request_in_time",
    sections=("3-2-9.A.1.c", "3-2-9.A.1.e"),
    title="A hearing request in writing, within the {dangerous_dog.hearing_request_days:words_unit}",
    summary=(
        "The owner's request for a hearing is made directly to the Animal Control Authority, in "
        "writing, within {dangerous_dog.hearing_request_days:words_unit} after the notice; after "
        "that the designation stands."
    ),
    question="dangerous-dog-case",
)
def hearing_request(
    received_on: dt.date, *, in_writing: bool, window: Finding | None = None
) -> Finding:
    """3-2-9.A.1.c: "The request for a Hearing must be made directly to the Animal Control
    Authority, and must be submitted in writing" within fourteen days; A.1.e: otherwise the
    designation "will stand". ``window`` is the clock ``dangerous_dog.hearing_request``."""
    facts: dict[str, JSONValue] = {"received_on": received_on, "in_writing": in_writing}
    rule_id = "dangerous_dog.hearing_request_in_time"
    if not in_writing:
        return Finding(
            rule=rule_id,
            outcome="not_in_writing",
            sections=("3-2-9.A.1.c",),
            blocks=True,
            message=(
                "The request for a hearing must be submitted in writing, directly to the Animal "
                "Control Authority (3-2-9.A.1.c): a spoken request is not one. The pre-printed "
                "form in the notice may be used."
            ),
            facts=facts,
        )
    if window is None or window.deadline is None:
        raise ValueError("a request in writing is timely or not by the clock of A.1.c: none given")
    last = window.deadline.due
    if received_on > last:
        return Finding(
            rule=rule_id,
            outcome="too_late",
            sections=("3-2-9.A.1.c", "3-2-9.A.1.e"),
            blocks=True,
            message=(
                f"Too late: the written request was received {day_label(received_on)}, after the "
                f"last day to request a hearing, {day_label(last)} (3-2-9.A.1.c). "
                + " ".join(window.deadline.explanation)
                + " The designation stands (3-2-9.A.1.e)."
            ),
            facts=facts,
            parameters=window.parameters,
            deadline=window.deadline,
        )
    return Finding(
        rule=rule_id,
        outcome="in_time",
        sections=("3-2-9.A.1.c",),
        message=(
            f"Requested in writing within the {days_in_words(window)} (last day {day_label(last)})."
        ),
        facts=facts,
        parameters=window.parameters,
        deadline=window.deadline,
    )


@rule(
    "dangerous_dog.hearing_in_time",
    sections=("3-2-9.A.2.a", "3-2-9.B.6.b"),
    title="The hearing within its days, unless extended for good cause",
    summary=(
        "The hearing on the designation is held within {dangerous_dog.hearing_days:words_unit} "
        "after the request (A.2.a), the revocation hearing within "
        "{dangerous_dog.revocation_hearing_days:words_unit} of the notice (B.6.b); later only if "
        "the Hearing Officer extended it for good cause."
    ),
    question="dangerous-dog-case",
)
def hearing_in_time(
    day: dt.date, limit: Finding, *, good_cause: str, revocation: bool = False, held: bool = False
) -> Finding:
    """3-2-9.A.2.a: "the Hearing shall be held before a Hearing Officer within fourteen (14) days
    after the Animal Control Authority is notified of the Owner's request ... The Hearing Officer
    may allow the Hearing date to be extended beyond the fourteen (14) day period for good
    cause." B.6.b: the revocation hearing "within twenty (20) days of the date of the Notice"
    unless extended the same way. ``day`` is the day set (or, ``held``, the day it was held)."""
    section = "3-2-9.B.6.b" if revocation else "3-2-9.A.2.a"
    due = _due(limit)
    facts: dict[str, JSONValue] = {"day": day, "good_cause": good_cause, "held": held}

    def found(outcome: str, message: str, blocks: bool = False) -> Finding:
        return Finding(
            rule="dangerous_dog.hearing_in_time",
            outcome=outcome,
            sections=(section,),
            blocks=blocks,
            message=message,
            facts=facts,
            parameters=limit.parameters,
            deadline=limit.deadline,
        )

    if day <= due:
        return found("in_time", f"Within the limit, {day_label(due)} ({section}).")
    if good_cause.strip():
        return found(
            "extended",
            f"Extended beyond {day_label(due)} for good cause ({section}): {good_cause.strip()}",
        )
    what = "The revocation hearing" if revocation else "The hearing"
    if held:
        message = (
            f"{what} was due by {day_label(due)} ({section}) and no extension for good cause is "
            "recorded"
            + (
                "."
                if revocation
                else ": the Hearing Officer records the extension (reschedule with the good "
                "cause) before the hearing is recorded."
            )
        )
    elif revocation:
        message = (
            f"{what} must be held by {day_label(due)} ({section}): {day_label(day)} is later. "
            "Only the Hearing Officer may extend it, for good cause. " + limit.message
        )
    else:
        message = (
            f"{what} must be held by {day_label(due)} ({section}): {day_label(day)} is later. "
            "Only the Hearing Officer may extend it, for good cause: record the good cause with "
            "the date. " + limit.message
        )
    return found("late", message, blocks=True)


@rule(
    "dangerous_dog.order_disposition",
    sections=("3-2-9.A.2.g", "3-2-9.A.2.f", "3-2-9.A.3"),
    title="What the Hearing Officer's order may dispose",
    summary=(
        "Destruction may be ordered only if the Authority sought it at the hearing (clear and "
        "convincing evidence, A.2.f, A.3); custody may be ordered only if the dog is not already "
        "in custody (A.2.g)."
    ),
    question="dangerous-dog-case",
)
def order_disposition(
    disposition: str, *, destruction_sought: bool, in_custody: bool, kept_at: str = ""
) -> Finding:
    """3-2-9.A.2.g: the Hearing Officer may order the Authority "to take the dog into custody, if
    the dog is not currently in custody"; A.2.f: "clear and convincing evidence if the Animal
    Control Authority seeks to destroy the dog"; A.3: destruction only on written findings."""
    facts: dict[str, JSONValue] = {
        "disposition": disposition,
        "destruction_sought": destruction_sought,
        "in_custody": in_custody,
    }
    rule_id = "dangerous_dog.order_disposition"
    if disposition == "destruction" and not destruction_sought:
        return Finding(
            rule=rule_id,
            outcome="destruction_not_sought",
            sections=("3-2-9.A.2.f", "3-2-9.A.3"),
            blocks=True,
            message=(
                "Destruction may not be ordered: the Authority did not seek it at the hearing, so "
                "the hearing applied a preponderance of the evidence, not the clear and "
                "convincing evidence destruction requires (3-2-9.A.2.f, A.3)."
            ),
            facts=facts,
        )
    if disposition == "upheld_custody" and in_custody:
        return Finding(
            rule=rule_id,
            outcome="already_in_custody",
            sections=("3-2-9.A.2.g",),
            blocks=True,
            message=(
                f"The dog is already in custody, kept at {kept_at}: the Hearing Officer orders "
                "the Authority to take it into custody only if it is not currently in custody "
                "(3-2-9.A.2.g). Uphold the designation; the dog stays impounded until released "
                "under 3-2-9.B.4."
            ),
            facts=facts,
        )
    return Finding(
        rule=rule_id,
        outcome="may_order",
        sections=("3-2-9.A.2.g",),
        message=f"The order may dispose: {disposition} (3-2-9.A.2.g).",
        facts=facts,
    )


RECLAIM = "dangerous_dog.time_to_obtain"


@rule(
    RECLAIM,
    sections=("3-2-9.B.6.c",),
    title="Time to obtain the dog after a revocation",
    summary=(
        "After revoking the certificate the Hearing Officer orders the dog disposed of, or, if "
        "the owner is in compliance with all registration requirements, permits a reasonable "
        "time not over {dangerous_dog.revocation_reclaim_days:words_unit} to obtain it."
    ),
    question="dangerous-dog-case",
)
def revocation_reclaim(
    decided_on: dt.date, reclaim_by: dt.date | None, *, owner_in_compliance: bool, most: Finding
) -> Finding:
    """3-2-9.B.6.c: "the Hearing Officer shall order the dog disposed of immediately or, in the
    alternative, permit the Owner a reasonable time period, not to exceed thirty (30) days, to
    obtain the dog if the Owner is in compliance with all registration requirements." ``most`` is
    the clock ``dangerous_dog.revocation_reclaim`` from the order."""
    facts: dict[str, JSONValue] = {
        "decided_on": decided_on,
        "reclaim_by": reclaim_by,
        "owner_in_compliance": owner_in_compliance,
    }
    if not owner_in_compliance:
        return Finding(
            outcome="not_in_compliance",
            blocks=True,
            message=(
                "The owner may be permitted time to obtain the dog only if in compliance with all "
                "registration requirements (3-2-9.B.6.c); otherwise the dog is disposed of."
            ),
            facts=facts,
            rule=RECLAIM,
            sections=("3-2-9.B.6.c",),
        )
    last = _due(most)
    if reclaim_by is not None and (reclaim_by > last or reclaim_by < decided_on):
        return Finding(
            outcome="too_long",
            blocks=True,
            message=(
                f"The time to obtain the dog may not exceed {days_in_words(most)}: the latest day is "
                f"{day_label(last)} (3-2-9.B.6.c). " + most.message
            ),
            parameters=most.parameters,
            deadline=most.deadline,
            facts=facts,
            rule=RECLAIM,
            sections=("3-2-9.B.6.c",),
        )
    return Finding(
        outcome="reclaim_allowed",
        message=f"The owner may obtain the dog through {day_label(reclaim_by or last)} (3-2-9.B.6.c).",
        parameters=most.parameters,
        deadline=most.deadline,
        facts=facts,
        rule=RECLAIM,
        sections=("3-2-9.B.6.c",),
    )


def in_words(number: int) -> str:
    """A count as the ordinance writes it in words: 10 -> "ten", 14 -> "fourteen", 30 -> "thirty",
    21 -> "twenty-one" (``wording.number_words``). Counts of 100 or more are written in figures."""
    if number < 0 or number >= 100:
        return str(number)
    return wording.number_words(number)


def days_in_words(clock: Finding) -> str:
    """ "ten days", "thirty days": the day count of a clock finding's parameter in force."""
    days = next(p for p in clock.parameters if p.key.endswith("_days"))
    return f"{in_words(days.integer)} days"


@rule(
    "dangerous_dog.record_states",
    sections=("3-2-9.A.1.a", "3-2-9.A.2.d", "3-2-9.A.7", "3-2-9.C", "3-2-9.E.4", "3-2-9.E.6"),
    title="What the record of a step must state",
    summary=(
        "The designation states the factual basis and, for a seized dog, where it is kept and "
        "the contact (A.1.a(2), (4)); the hearing record who represented each side (A.2.d); an order its "
        "findings; an affidavit the death's circumstances or the transferee (C); the warning "
        "symbols provided (E.4); an inspection whether the dog was kept in compliance (E.6)."
    ),
    question="dangerous-dog-case",
)
def record_states(requirement: str, *, stated: bool) -> Finding:
    """The ordinance requires these records to state what ``REQUIRED_STATEMENTS`` lists for
    ``requirement``; a record that does not is refused with the section."""
    section, message = REQUIRED_STATEMENTS[requirement]
    return Finding(
        rule="dangerous_dog.record_states",
        outcome="stated" if stated else "not_stated",
        sections=(section,),
        blocks=not stated,
        message=f"Stated ({section})." if stated else message,
        facts={"requirement": requirement, "stated": stated},
    )


#: What a record must state: requirement -> (section, the refusal when it does not).
REQUIRED_STATEMENTS: dict[str, tuple[str, str]] = {
    "seizure_contact": (
        "3-2-9.A.1.a",
        "Give where the seized dog is kept and the contact's address and telephone "
        "(3-2-9.A.1.a(4)).",
    ),
    "custody_contact": (
        "3-2-9.A.2.g",
        "An order to take the dog into custody names where it will be kept and the contact "
        "person's address and telephone number (3-2-9.A.2.g, A.1.a(4)).",
    ),
    "hearing_representation": (
        "3-2-9.A.2.d",
        "Record who represented the Animal Control Authority and who represented the owner "
        "(the owner, or private counsel; 3-2-9.A.2.d).",
    ),
    "revocation_representation": (
        "3-2-9.A.2.d",
        "Record who represented the Animal Control Authority and who represented the owner "
        "(3-2-9.A.2.d, through B.6.b).",
    ),
    "warning_symbols": (
        "3-2-9.E.4",
        "Record the warning symbols provided for posting on the property (3-2-9.E.4).",
    ),
    "inspection_compliance": (
        "3-2-9.E.6",
        "Say whether the dog was kept in compliance (3-2-9.E).",
    ),
    "reclaim_day_only_with_reclaim": (
        "3-2-9.B.6.c",
        "A day to obtain the dog goes only with that outcome (3-2-9.B.6.c).",
    ),
    "affidavit_requested": (
        "3-2-9.C",
        "No affidavit was requested with this notice (3-2-9.C).",
    ),
    "affidavit_death": (
        "3-2-9.C",
        "The affidavit on the dog's death sets forth the circumstances of the death and the "
        "disposition of the dog (3-2-9.C).",
    ),
    "affidavit_transfer": (
        "3-2-9.C",
        "The affidavit sets forth the complete name, address, and telephone number of the "
        "person to whom the dog was transferred (3-2-9.C).",
    ),
    "missing_requirement": (
        "3-2-9.B.3",
        "Nothing is missing: every requirement of 3-2-9.B.3 is shown. Issue the certificate.",
    ),
    "factual_basis": (
        "3-2-9.A.1.a",
        "State the factual basis for the determination (3-2-9.A.1.a(2)).",
    ),
    "designation_seizure_contact": (
        "3-2-9.A.1.a",
        "The dog was seized: give where it is kept and the contact person's address and "
        "telephone number (3-2-9.A.1.a(4)).",
    ),
    "sterilization_seizure_contact": (
        "3-2-9.A.1.a",
        "Give where the seized dog is kept and the contact person's address and telephone "
        "number (3-2-9.A.1.a(4)).",
    ),
    "owner_notice_in_writing": ("3-2-9.C", "The notice must be in writing (3-2-9.C, D)."),
    "transfer_new_owner": (
        "3-2-9.D",
        "The seller must give the new owner's name, address and telephone number (3-2-9.D).",
    ),
    "transfer_buyer_told": ("3-2-9.D", "Say whether the buyer was told beforehand (3-2-9.D)."),
    "review_in_writing": ("3-2-9.A.7", "The request must be in writing (3-2-9.A.7)."),
    "review_evidence": (
        "3-2-9.A.7",
        "The owner must provide evidence that the dog's behavior has changed, and name the "
        "factor: age, sterilization, environment, obedience training, or other (3-2-9.A.7).",
    ),
    "revocation_reasons": (
        "3-2-9.B.6.b",
        "State the alleged reasons the dog is not kept in conformance (B.6.b).",
    ),
    "revocation_place": ("3-2-9.B.6.b", "Give the location of the hearing (B.6.b)."),
    "conditions_reasons": (
        "3-2-9.E.7",
        "State the reasons for the discretion exercised (3-2-9.E.7).",
    ),
    "review_findings": (
        "3-2-9.A.7",
        "State the findings on the evidence of changed behavior (3-2-9.A.7).",
    ),
}


#: Who acts under each provision: the Animal Control Authority or the Hearing Officer.
AUTHORITIES = ("animal_control_authority", "hearing_officer")
_WHO_ACTS = {
    "designation": ("3-2-9.A", "is not an authority that designates (3-2-9.A)."),
    "conditions_review": ("3-2-9.E.7", "is not a reviewer of 3-2-9.E.7."),
}


@rule(
    "dangerous_dog.who_acts",
    sections=("3-2-9.A", "3-2-9.E.7"),
    title="Who designates a dangerous dog and reviews its conditions",
    summary=(
        "The Animal Control Authority or the Hearing Officer designates a dog dangerous (A) and "
        "reviews the conditions for keeping it (E.7); no one else."
    ),
    question="dangerous-dog-case",
)
def who_acts(act: str, who: str) -> Finding:
    """3-2-9.A: the designation by "the Animal Control Authority or Hearing Officer"; E.7: "the
    Animal Control Authority or Hearing Officer may use discretion"."""
    section, refusal = _WHO_ACTS[act]
    if who not in AUTHORITIES:
        return Finding(
            rule="dangerous_dog.who_acts",
            outcome="not_an_authority",
            sections=(section,),
            blocks=True,
            message=f"{who!r} {refusal}",
            facts={"act": act, "who": who},
        )
    return Finding(
        rule="dangerous_dog.who_acts",
        outcome="authority",
        sections=(section,),
        message=f"Acting as the {who.replace('_', ' ')} ({section}).",
        facts={"act": act, "who": who},
    )


#: The closed lists a provision names: term -> (section, the refusal of a value outside it;
#: ``{value}`` is the value, or the values joined, that the provision does not name).
_TERMS: dict[str, tuple[tuple[str, ...], str]] = {
    "cost": (("3-2-9.A.1.f",), "{value} is not a cost of 3-2-9.A.1.f."),
    "reviewer": (("3-2-9.A.7",), "{value} is not a reviewer of 3-2-9.A.7."),
    "review_factor": (("3-2-9.A.7",), "Not a factor of 3-2-9.A.7: {value}."),
    "owner_notice": (("3-2-9.C", "3-2-9.D"), "{value} is not a notice of 3-2-9.C or D."),
    "rental_occasion": (
        ("3-2-9.E.3",),
        "{value} is not an occasion of 3-2-9.E.3: a lease or a renewal.",
    ),
    "condition": (("3-2-9.E",), "Not a condition of 3-2-9.E: {value}."),
}


@rule(
    "dangerous_dog.provided_for",
    sections=("3-2-9.A.1.f", "3-2-9.A.7", "3-2-9.C", "3-2-9.E", "3-2-9.E.3"),
    title="Only what the provision names",
    summary=(
        "A cost (A.1.f), a reviewer and a factor of changed behavior (A.7), an owner's notice "
        "(C, D), an occasion of disclosure (E.3) and a condition (E) are each one the ordinance "
        "names; a record naming another is refused."
    ),
    question="dangerous-dog-case",
)
def provided_for(term: str, given: str | Sequence[str], named: Collection[str]) -> Finding:
    """Whether every value ``given`` for ``term`` is one the provision names (``named``): the
    ordinance lists the costs an owner owes (A.1.f), who reviews and on which factors (A.7), the
    notices an owner gives (C, D), when a tenant discloses (E.3) and the conditions (E); a value
    outside the list is not the law's, and the step that records it is refused. ``given`` is one
    value (a str) or several (the factors, the conditions)."""
    sections, refusal = _TERMS[term]
    values = [given] if isinstance(given, str) else list(given)
    outside = sorted({value for value in values if value not in named})
    facts: dict[str, JSONValue] = {"term": term, "given": list(values), "outside": list(outside)}
    if outside:
        value = repr(given) if isinstance(given, str) else ", ".join(outside)
        return Finding(
            rule="dangerous_dog.provided_for",
            outcome="not_provided",
            sections=sections,
            blocks=True,
            message=refusal.format(value=value),
            facts=facts,
        )
    return Finding(
        rule="dangerous_dog.provided_for",
        outcome="provided",
        sections=sections,
        message=f"Named by the ordinance ({', '.join(sections)}).",
        facts=facts,
    )


#: The costs a finding that the seizure or impoundment was not substantially justified by law
#: relieves the owner of (A.1.f, A.5; ``readings.costs_not_justified``): care, keeping and
#: disposal, and the hearing's. A review under A.7 and a sterilization under B.3.g are owed by
#: their own words.
WAIVED_WHEN_NOT_JUSTIFIED = ("care", "hearing")


def cost_waived(kind: str, *, seizure_not_justified: bool) -> bool:
    """A.5: "except to the extent that a court or Hearing Officer finds that the seizure or
    impoundment was not substantially justified by law": a cost of ``kind`` is not the owner's
    once that finding is made, whether it was recorded before or after."""
    return seizure_not_justified and kind in WAIVED_WHEN_NOT_JUSTIFIED


@rule(
    "dangerous_dog.costs_owed",
    sections=("3-2-9.A.1.f", "3-2-9.A.2.a", "3-2-9.A.5", "3-2-9.A.7"),
    title="The costs the person claiming an interest in the dog owes",
    summary=(
        "The costs of a hearing only if one was requested (A.2.a), of a review only if one was "
        "requested (A.7); neither the costs of care and keeping nor those of the hearing once "
        "the seizure or impoundment was found not substantially justified by law (A.1.f, A.5)."
    ),
    question="dangerous-dog-case",
)
def costs_owed(
    kind: str, *, hearing_requested: bool, review_requested: bool, seizure_not_justified: bool
) -> Finding:
    """3-2-9.A.2.a: "Any dog Owner who requests such a Hearing is liable to the City for all costs
    and expenses related to the Hearing"; A.7: "the person requesting the review is responsible
    for all actual costs"; A.5: liable for the costs of care, keeping and disposal and of any
    hearing "except to the extent that a court or Hearing Officer finds that the seizure or
    impoundment was not substantially justified by law" (``readings.costs_not_justified``)."""
    facts: dict[str, JSONValue] = {
        "kind": kind,
        "hearing_requested": hearing_requested,
        "review_requested": review_requested,
        "seizure_not_justified": seizure_not_justified,
    }
    not_requested = {
        "hearing": (
            not hearing_requested,
            ("3-2-9.A.2.a",),
            "No hearing was requested: the owner owes no hearing costs (3-2-9.A.2.a).",
        ),
        "review": (not review_requested, ("3-2-9.A.7",), "No review was requested (3-2-9.A.7)."),
    }
    sections: tuple[str, ...] = ()
    message = ""
    if kind in not_requested and not_requested[kind][0]:
        _, sections, message = not_requested[kind]
    elif cost_waived(kind, seizure_not_justified=seizure_not_justified):
        sections = ("3-2-9.A.1.f", "3-2-9.A.5")
        message = (
            "The Hearing Officer or a court found the seizure or impoundment not substantially "
            "justified by law: its costs of care and keeping, and the costs of the hearing, are "
            "not the owner's (3-2-9.A.1.f, A.5)."
        )
    if sections:
        return Finding(
            rule="dangerous_dog.costs_owed",
            outcome="not_owed",
            sections=sections,
            blocks=True,
            message=message,
            facts=facts,
        )
    return Finding(
        rule="dangerous_dog.costs_owed",
        outcome="owed",
        sections=("3-2-9.A.5",),
        message=f"The {kind} cost is owed by the person claiming an interest in the dog (3-2-9.A.5).",
        facts=facts,
    )
