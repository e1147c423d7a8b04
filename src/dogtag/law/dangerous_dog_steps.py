"""The legal conditions of the steps of a dangerous-dog case, one rule each.

Each returns a Finding citing its provision; a blocking one is why the step is refused (the
services raise ``Refused`` with it, and the case page shows it). What is not law (a record not
found, a stale form) stays a plain error in the services. Each provision is named by a concept
(``dangerous_dog.notice.hearing_request``) and cited as the jurisdiction package says
(``law.provisions``); the quotations are Nowthen's words. The summaries keep Nowthen's letters
(A.2.a), as its catalogue shows them: these rules are law only where its package maps them.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Collection, Iterator, Mapping, Sequence

from dogtag.law import wording
from dogtag.law.computation_of_time import day_label
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.provisions import cite, cite_each, cited_in, together
from dogtag.law.registry import rule

# The provisions applied here, in the ordinance's words (each package maps them to its sections)
#: "The Animal Control Authority or Hearing Officer shall designate any dog as a Dangerous Dog"
DESIGNATION = "dangerous_dog.designation"
#: "The request for a Hearing shall be made directly to the Animal Control Authority, and must be
#: submitted in writing" (within the days to appeal)
HEARING_REQUEST = "dangerous_dog.notice.hearing_request"
#: "if the Owner does not request a Hearing within the allotted fourteen (14) days, the designation
#: ... will stand"
DESIGNATION_STANDS = "dangerous_dog.notice.designation_stands"
#: "The Notice shall also state that all actual costs of care, keeping and disposition of the dog
#: ... are the responsibility of the person claiming an interest in the dog"
NOTICE_COSTS = "dangerous_dog.notice.costs"
#: the notice itself, served on the owner: "The notice shall state ... the facts of the incidents"
NOTICE = "dangerous_dog.notice"
#: "(2) The factual basis for that determination"
FACTUAL_BASIS = "dangerous_dog.notice.factual_basis"
#: "(4) If the dog was seized, the address and telephone number of the contact person where the
#: dog is kept"
SEIZED_CONTACT = "dangerous_dog.notice.seized_contact"
#: "the Hearing shall be held before a Hearing Officer within fourteen (14) days after the Animal
#: Control Authority is notified of the Owner's request for a Hearing"
HEARING = "dangerous_dog.hearing"
#: "Any dog Owner who requests such a Hearing is liable to the City for all costs and expenses
#: related to the Hearing"
HEARING_COSTS = "dangerous_dog.hearing.costs"
#: "The Animal Control Authority shall be represented by ... The Owner may be represented by
#: private legal counsel"
REPRESENTATION = "dangerous_dog.hearing.representation"
#: "The standard of proof shall be clear and convincing evidence if the Authority seeks to destroy
#: the dog"
STANDARD_OF_PROOF = "dangerous_dog.hearing.standard_of_proof"
#: "the Hearing Officer shall make such order as he/she deems proper, including ordering the
#: Animal Control Authority to take the dog into custody, if the dog is not currently in custody"
ORDER = "dangerous_dog.hearing.order"
#: "Authority to order destruction"
DESTRUCTION = "dangerous_dog.destruction"
#: "liable for all actual costs of care, keeping, and disposal of the dog as well as all actual
#: costs related to any review or hearing"
COSTS = "dangerous_dog.costs"
#: "Review of designation"
REVIEW = "dangerous_dog.review"
#: "the Certificate of Registration ... only if the Owner presents sufficient evidence that all of
#: the following are met"
REGISTRATION_REQUIREMENTS = "dangerous_dog.registration_requirements"
#: "the dog shall not be released until the Owner demonstrates ..."
RELEASE = "dangerous_dog.release"
#: "Any Hearing to revoke a Certificate of Registration shall be held before a Hearing Officer
#: within twenty (20) days of the date of the Notice"
REVOCATION_HEARING = "dangerous_dog.revocation.hearing"
#: "the Hearing Officer shall order the dog disposed of immediately or, in the alternative, permit
#: the Owner a reasonable time period, not to exceed thirty (30) days, to obtain the dog"
REVOCATION_DISPOSITION = "dangerous_dog.revocation.disposition"
#: "shall notify the Animal Control Authority, in writing, of the death of the dog, or if the dog
#: relocates" (and the affidavit "if requested")
DEATH_OR_RELOCATION = "dangerous_dog.death_or_relocation"
#: "A person who sells or otherwise transfers ownership or control of a Dangerous Dog must notify"
SALE_OR_TRANSFER = "dangerous_dog.sale_or_transfer"
#: "shall keep and maintain the dog pursuant to all requirements of this subsection"
KEEPING = "dangerous_dog.keeping"
#: "shall disclose to the property owner prior to when the dog begins to reside on the property"
RENTAL_DISCLOSURE = "dangerous_dog.rental_disclosure"
#: "the City must provide ... a warning symbol"
WARNING_SYMBOL = "dangerous_dog.warning_symbol"
#: "shall permit the Animal Control Authority and/or Law Enforcement to enter ... to inspect"
INSPECTION = "dangerous_dog.inspection"
#: "the Animal Control Authority or Hearing Officer may use discretion in determining whether the
#: conditions ... are still required"
CONDITIONS_REVIEW = "dangerous_dog.conditions_review"

#: Two provisions named in one phrase the ordinance's way, the second by what it adds to the first:
#: "{§a}, through {§b}" (applied through another), "{§a} or {§b}" (either)
_JOINED = re.compile(r"\{§([a-z][a-z0-9_.]*)\}(, through | or )\{§([a-z][a-z0-9_.]*)\}")


def _joined(match: re.Match[str]) -> str:
    first, *rest = together((cite(match[1]), cite(match[3]))).split(", ", 1)
    return first + (match[2] + rest[0] if rest else "")


def _cited(words: str) -> str:
    """``words`` with each provision it names written as the city in force numbers it."""
    return cited_in(_JOINED.sub(_joined, words))


class Cited(Mapping[str, tuple[str, str]]):
    """Keys to (section, words): each entry's provision, named by a concept, and its words, which
    may name provisions too (``{§concept}``, ``_JOINED``), cited as the city in force numbers them
    when the entry is read (``law.dangerous_dogs.shared.Cited``, which imports this module)."""

    def __init__(self, entries: dict[str, tuple[str, str]]) -> None:
        self._entries = entries

    def __getitem__(self, key: str) -> tuple[str, str]:
        concept, words = self._entries[key]
        return cite(concept), _cited(words)

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


def _due(clock: Finding) -> dt.date:
    assert clock.deadline is not None
    return clock.deadline.due


@rule(
    "dangerous_dog.hearing_request_in_time",
    provisions=(HEARING_REQUEST, DESIGNATION_STANDS),
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
    """The hearing request (``dangerous_dog.notice.hearing_request``): "The request for a Hearing
    must be made directly to the Animal Control Authority, and must be submitted in writing" within
    fourteen days; otherwise the designation "will stand"
    (``dangerous_dog.notice.designation_stands``). ``window`` is the clock
    ``dangerous_dog.hearing_request``."""
    facts: dict[str, JSONValue] = {"received_on": received_on, "in_writing": in_writing}
    rule_id = "dangerous_dog.hearing_request_in_time"
    request, stands = cite(HEARING_REQUEST), cite(DESIGNATION_STANDS)
    if not in_writing:
        return Finding(
            rule=rule_id,
            outcome="not_in_writing",
            sections=(request,),
            blocks=True,
            message=(
                "The request for a hearing must be submitted in writing, directly to the Animal "
                f"Control Authority ({request}): a spoken request is not one. The pre-printed "
                "form in the notice may be used."
            ),
            facts=facts,
        )
    if window is None or window.deadline is None:
        raise ValueError(
            f"a request in writing is timely or not by the clock of {request}: none given"
        )
    last = window.deadline.due
    if received_on > last:
        return Finding(
            rule=rule_id,
            outcome="too_late",
            sections=cite_each(HEARING_REQUEST, DESIGNATION_STANDS),
            blocks=True,
            message=(
                f"Too late: the written request was received {day_label(received_on)}, after the "
                f"last day to request a hearing, {day_label(last)} ({request}). "
                + " ".join(window.deadline.explanation)
                + f" The designation stands ({stands})."
            ),
            facts=facts,
            parameters=window.parameters,
            deadline=window.deadline,
        )
    return Finding(
        rule=rule_id,
        outcome="in_time",
        sections=(request,),
        message=(
            f"Requested in writing within the {days_in_words(window)} (last day {day_label(last)})."
        ),
        facts=facts,
        parameters=window.parameters,
        deadline=window.deadline,
    )


@rule(
    "dangerous_dog.hearing_in_time",
    provisions=(HEARING, REVOCATION_HEARING),
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
    """The hearing (``dangerous_dog.hearing``): "the Hearing shall be held before a Hearing
    Officer within fourteen (14) days after the Animal Control Authority is notified of the
    Owner's request ... The Hearing Officer may allow the Hearing date to be extended beyond the
    fourteen (14) day period for good cause." The revocation hearing
    (``dangerous_dog.revocation.hearing``) "within twenty (20) days of the date of the Notice"
    unless extended the same way. ``day`` is the day set (or, ``held``, the day it was held)."""
    section = cite(REVOCATION_HEARING if revocation else HEARING)
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
    provisions=(ORDER, STANDARD_OF_PROOF, DESTRUCTION),
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
    """The order (``dangerous_dog.hearing.order``): the Hearing Officer may order the Authority
    "to take the dog into custody, if the dog is not currently in custody"; the standard of proof:
    "clear and convincing evidence if the Animal Control Authority seeks to destroy the dog";
    destruction (``dangerous_dog.destruction``) only on written findings."""
    facts: dict[str, JSONValue] = {
        "disposition": disposition,
        "destruction_sought": destruction_sought,
        "in_custody": in_custody,
    }
    rule_id = "dangerous_dog.order_disposition"
    order = cite(ORDER)
    if disposition == "destruction" and not destruction_sought:
        return Finding(
            rule=rule_id,
            outcome="destruction_not_sought",
            sections=cite_each(STANDARD_OF_PROOF, DESTRUCTION),
            blocks=True,
            message=(
                "Destruction may not be ordered: the Authority did not seek it at the hearing, so "
                "the hearing applied a preponderance of the evidence, not the clear and "
                "convincing evidence destruction requires "
                f"({together(cite_each(STANDARD_OF_PROOF, DESTRUCTION))})."
            ),
            facts=facts,
        )
    if disposition == "upheld_custody" and in_custody:
        return Finding(
            rule=rule_id,
            outcome="already_in_custody",
            sections=(order,),
            blocks=True,
            message=(
                f"The dog is already in custody, kept at {kept_at}: the Hearing Officer orders "
                "the Authority to take it into custody only if it is not currently in custody "
                f"({order}). Uphold the designation; the dog stays impounded until released "
                f"under {cite(RELEASE)}."
            ),
            facts=facts,
        )
    return Finding(
        rule=rule_id,
        outcome="may_order",
        sections=(order,),
        message=f"The order may dispose: {disposition} ({order}).",
        facts=facts,
    )


RECLAIM = "dangerous_dog.time_to_obtain"


@rule(
    RECLAIM,
    provisions=(REVOCATION_DISPOSITION,),
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
    """After a revocation (``dangerous_dog.revocation.disposition``): "the Hearing Officer shall
    order the dog disposed of immediately or, in the alternative, permit the Owner a reasonable
    time period, not to exceed thirty (30) days, to obtain the dog if the Owner is in compliance
    with all registration requirements." ``most`` is the clock
    ``dangerous_dog.revocation_reclaim`` from the order."""
    facts: dict[str, JSONValue] = {
        "decided_on": decided_on,
        "reclaim_by": reclaim_by,
        "owner_in_compliance": owner_in_compliance,
    }
    section = cite(REVOCATION_DISPOSITION)
    if not owner_in_compliance:
        return Finding(
            outcome="not_in_compliance",
            blocks=True,
            message=(
                "The owner may be permitted time to obtain the dog only if in compliance with all "
                f"registration requirements ({section}); otherwise the dog is disposed of."
            ),
            facts=facts,
            rule=RECLAIM,
            sections=(section,),
        )
    last = _due(most)
    if reclaim_by is not None and (reclaim_by > last or reclaim_by < decided_on):
        return Finding(
            outcome="too_long",
            blocks=True,
            message=(
                f"The time to obtain the dog may not exceed {days_in_words(most)}: the latest day is "
                f"{day_label(last)} ({section}). " + most.message
            ),
            parameters=most.parameters,
            deadline=most.deadline,
            facts=facts,
            rule=RECLAIM,
            sections=(section,),
        )
    return Finding(
        outcome="reclaim_allowed",
        message=f"The owner may obtain the dog through {day_label(reclaim_by or last)} ({section}).",
        parameters=most.parameters,
        deadline=most.deadline,
        facts=facts,
        rule=RECLAIM,
        sections=(section,),
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
    provisions=(NOTICE, REPRESENTATION, REVIEW, DEATH_OR_RELOCATION, WARNING_SYMBOL, INSPECTION),
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


#: What a record must state: requirement -> (section, the refusal when it does not), each section
#: cited as the city in force numbers it when read (``Cited``).
REQUIRED_STATEMENTS = Cited(
    {
        "seizure_contact": (
            NOTICE,
            "Give where the seized dog is kept and the contact's address and telephone "
            "({§dangerous_dog.notice.seized_contact}).",
        ),
        "custody_contact": (
            ORDER,
            "An order to take the dog into custody names where it will be kept and the contact "
            "person's address and telephone number ({§dangerous_dog.hearing.order}, "
            "{§dangerous_dog.notice.seized_contact}).",
        ),
        "hearing_representation": (
            REPRESENTATION,
            "Record who represented the Animal Control Authority and who represented the owner "
            "(the owner, or private counsel; {§dangerous_dog.hearing.representation}).",
        ),
        "revocation_representation": (
            REPRESENTATION,
            "Record who represented the Animal Control Authority and who represented the owner "
            "({§dangerous_dog.hearing.representation}, through {§dangerous_dog.revocation.hearing}).",
        ),
        "warning_symbols": (
            WARNING_SYMBOL,
            "Record the warning symbols provided for posting on the property "
            "({§dangerous_dog.warning_symbol}).",
        ),
        "inspection_compliance": (
            INSPECTION,
            "Say whether the dog was kept in compliance ({§dangerous_dog.keeping}).",
        ),
        "reclaim_day_only_with_reclaim": (
            REVOCATION_DISPOSITION,
            "A day to obtain the dog goes only with that outcome "
            "({§dangerous_dog.revocation.disposition}).",
        ),
        "affidavit_requested": (
            DEATH_OR_RELOCATION,
            "No affidavit was requested with this notice ({§dangerous_dog.death_or_relocation}).",
        ),
        "affidavit_death": (
            DEATH_OR_RELOCATION,
            "The affidavit on the dog's death sets forth the circumstances of the death and the "
            "disposition of the dog ({§dangerous_dog.death_or_relocation}).",
        ),
        "affidavit_transfer": (
            DEATH_OR_RELOCATION,
            "The affidavit sets forth the complete name, address, and telephone number of the "
            "person to whom the dog was transferred ({§dangerous_dog.death_or_relocation}).",
        ),
        "missing_requirement": (
            REGISTRATION_REQUIREMENTS,
            "Nothing is missing: every requirement of {§dangerous_dog.registration_requirements} is "
            "shown. Issue the certificate.",
        ),
        "factual_basis": (
            NOTICE,
            "State the factual basis for the determination ({§dangerous_dog.notice.factual_basis}).",
        ),
        "designation_seizure_contact": (
            NOTICE,
            "The dog was seized: give where it is kept and the contact person's address and "
            "telephone number ({§dangerous_dog.notice.seized_contact}).",
        ),
        "sterilization_seizure_contact": (
            NOTICE,
            "Give where the seized dog is kept and the contact person's address and telephone "
            "number ({§dangerous_dog.notice.seized_contact}).",
        ),
        "owner_notice_in_writing": (
            DEATH_OR_RELOCATION,
            "The notice must be in writing ({§dangerous_dog.death_or_relocation}, "
            "{§dangerous_dog.sale_or_transfer}).",
        ),
        "transfer_new_owner": (
            SALE_OR_TRANSFER,
            "The seller must give the new owner's name, address and telephone number "
            "({§dangerous_dog.sale_or_transfer}).",
        ),
        "transfer_buyer_told": (
            SALE_OR_TRANSFER,
            "Say whether the buyer was told beforehand ({§dangerous_dog.sale_or_transfer}).",
        ),
        "review_in_writing": (REVIEW, "The request must be in writing ({§dangerous_dog.review})."),
        "review_evidence": (
            REVIEW,
            "The owner must provide evidence that the dog's behavior has changed, and name the "
            "factor: age, sterilization, environment, obedience training, or other "
            "({§dangerous_dog.review}).",
        ),
        "revocation_reasons": (
            REVOCATION_HEARING,
            "State the alleged reasons the dog is not kept in conformance (B.6.b).",
        ),
        "revocation_place": (REVOCATION_HEARING, "Give the location of the hearing (B.6.b)."),
        "conditions_reasons": (
            CONDITIONS_REVIEW,
            "State the reasons for the discretion exercised ({§dangerous_dog.conditions_review}).",
        ),
        "review_findings": (
            REVIEW,
            "State the findings on the evidence of changed behavior ({§dangerous_dog.review}).",
        ),
    }
)


#: Who acts under each provision: the Animal Control Authority or the Hearing Officer.
AUTHORITIES = ("animal_control_authority", "hearing_officer")
_WHO_ACTS = Cited(
    {
        "designation": (
            DESIGNATION,
            "is not an authority that designates ({§dangerous_dog.designation}).",
        ),
        "conditions_review": (
            CONDITIONS_REVIEW,
            "is not a reviewer of {§dangerous_dog.conditions_review}.",
        ),
    }
)


@rule(
    "dangerous_dog.who_acts",
    provisions=(DESIGNATION, CONDITIONS_REVIEW),
    title="Who designates a dangerous dog and reviews its conditions",
    summary=(
        "The Animal Control Authority or the Hearing Officer designates a dog dangerous (A) and "
        "reviews the conditions for keeping it (E.7); no one else."
    ),
    question="dangerous-dog-case",
)
def who_acts(act: str, who: str) -> Finding:
    """The designation (``dangerous_dog.designation``) by "the Animal Control Authority or Hearing
    Officer"; the review of the conditions (``dangerous_dog.conditions_review``): "the Animal
    Control Authority or Hearing Officer may use discretion"."""
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


#: The closed lists a provision names: term -> (its provisions, the refusal of a value outside it;
#: ``{value}`` is the value, or the values joined, that the provision does not name).
_TERMS: dict[str, tuple[tuple[str, ...], str]] = {
    "cost": ((NOTICE_COSTS,), "{value} is not a cost of {§dangerous_dog.notice.costs}."),
    "reviewer": ((REVIEW,), "{value} is not a reviewer of {§dangerous_dog.review}."),
    "review_factor": ((REVIEW,), "Not a factor of {§dangerous_dog.review}: {value}."),
    "owner_notice": (
        (DEATH_OR_RELOCATION, SALE_OR_TRANSFER),
        "{value} is not a notice of {§dangerous_dog.death_or_relocation} or "
        "{§dangerous_dog.sale_or_transfer}.",
    ),
    "rental_occasion": (
        (RENTAL_DISCLOSURE,),
        "{value} is not an occasion of {§dangerous_dog.rental_disclosure}: a lease or a renewal.",
    ),
    "condition": ((KEEPING,), "Not a condition of {§dangerous_dog.keeping}: {value}."),
}


@rule(
    "dangerous_dog.provided_for",
    provisions=(NOTICE_COSTS, REVIEW, DEATH_OR_RELOCATION, KEEPING, RENTAL_DISCLOSURE),
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
    concepts, refusal = _TERMS[term]
    sections = cite_each(*concepts)
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
            message=_cited(refusal).format(value=value),
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
#: relieves the owner of (``dangerous_dog.notice.costs``, ``dangerous_dog.costs``;
#: ``readings.costs_not_justified``): care, keeping and disposal, and the hearing's. A review
#: (``dangerous_dog.review``) and a sterilization
#: (``dangerous_dog.registration_requirements.sterilization``) are owed by their own words.
WAIVED_WHEN_NOT_JUSTIFIED = ("care", "hearing")


def cost_waived(kind: str, *, seizure_not_justified: bool) -> bool:
    """The costs (``dangerous_dog.costs``): "except to the extent that a court or Hearing Officer
    finds that the seizure or impoundment was not substantially justified by law": a cost of
    ``kind`` is not the owner's once that finding is made, whether it was recorded before or
    after."""
    return seizure_not_justified and kind in WAIVED_WHEN_NOT_JUSTIFIED


@rule(
    "dangerous_dog.costs_owed",
    provisions=(NOTICE_COSTS, HEARING_COSTS, COSTS, REVIEW),
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
    """The hearing's costs (``dangerous_dog.hearing.costs``): "Any dog Owner who requests such a
    Hearing is liable to the City for all costs and expenses related to the Hearing"; the review's
    (``dangerous_dog.review``): "the person requesting the review is responsible for all actual
    costs"; the costs (``dangerous_dog.costs``): liable for the costs of care, keeping and disposal and of any
    hearing "except to the extent that a court or Hearing Officer finds that the seizure or
    impoundment was not substantially justified by law" (``readings.costs_not_justified``)."""
    facts: dict[str, JSONValue] = {
        "kind": kind,
        "hearing_requested": hearing_requested,
        "review_requested": review_requested,
        "seizure_not_justified": seizure_not_justified,
    }
    hearing, review, costs = cite(HEARING_COSTS), cite(REVIEW), cite(COSTS)
    not_requested = {
        "hearing": (
            not hearing_requested,
            (hearing,),
            f"No hearing was requested: the owner owes no hearing costs ({hearing}).",
        ),
        "review": (not review_requested, (review,), f"No review was requested ({review})."),
    }
    sections: tuple[str, ...] = ()
    message = ""
    if kind in not_requested and not_requested[kind][0]:
        _, sections, message = not_requested[kind]
    elif cost_waived(kind, seizure_not_justified=seizure_not_justified):
        sections = cite_each(NOTICE_COSTS, COSTS)
        message = (
            "The Hearing Officer or a court found the seizure or impoundment not substantially "
            "justified by law: its costs of care and keeping, and the costs of the hearing, are "
            f"not the owner's ({together(sections)})."
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
        sections=(costs,),
        message=f"The {kind} cost is owed by the person claiming an interest in the dog ({costs}).",
        facts=facts,
    )
