"""The states and steps of a dangerous-dog case (3-2-9): the one table of steps, with the section
that provides each and the states it may come in. No other table of steps exists: the services
and the case page both ask ``standing``, which reads this one."""

from __future__ import annotations

from dataclasses import dataclass

RULE = "dangerous_dog.procedure"

#: The states of a case, with the words the case page uses for each.
STATES: dict[str, str] = {
    "designated": "designated; the Notice of Dangerous Dog is to be issued",
    "notice_issued": "notice issued; to be served on the owner",
    "served": "notice served; the owner may request a hearing",
    "hearing_requested": "hearing requested; to be scheduled",
    "hearing_scheduled": "hearing scheduled",
    "hearing_held": "hearing held; the Hearing Officer's order is due",
    "dangerous": "dangerous dog; registration required",
    "registered": "registered dangerous dog",
    "rescinded": "designation rescinded",
    "destruction_ordered": "destruction ordered",
    "revocation_noticed": "revocation noticed; the revocation hearing is pending",
    "revocation_heard": "revocation hearing held; the order is due",
    "revoked": "Certificate of Registration revoked",
    "closed": "closed: the dog died, or left the City",
}

#: What must happen before each state may move on, said when a step comes too soon.
NEXT_STEP: dict[str, str] = {
    "designated": "issue the Notice of Dangerous Dog",
    "notice_issued": "record the service of the notice on the owner",
    "served": "receive the owner's written request for a hearing, or record that the "
    "designation stands once the {days} have passed",
    "hearing_requested": "schedule the hearing",
    "hearing_scheduled": "hold the hearing",
    "hearing_held": "issue the Hearing Officer's order",
    "dangerous": "register the dog (Certificate of Registration)",
    "registered": "renew the registration each year",
    "rescinded": "nothing: the designation was rescinded",
    "destruction_ordered": "nothing: destruction was ordered",
    "revocation_noticed": "hold the revocation hearing",
    "revocation_heard": "issue the Hearing Officer's order on the revocation",
    "revoked": "nothing: the registration was revoked",
    "closed": "nothing: the dog died or left the City",
}

#: The dog is a dangerous dog kept in the City: the requirements of 3-2-9.B and E apply.
KEPT = ("dangerous", "registered")
#: Costs may be recorded once a hearing was requested or the dog is deemed dangerous (A.1.f, A.5).
COSTS_OPEN = (
    "hearing_requested",
    "hearing_scheduled",
    "hearing_held",
    "dangerous",
    "registered",
    "revocation_noticed",
    "revocation_heard",
    "revoked",
    "destruction_ordered",
)


@dataclass(frozen=True)
class Step:
    """One step of the case: the section that provides it, what it is (as the refusal says it),
    and the states it may come in."""

    key: str
    section: str
    doing: str
    states: tuple[str, ...]


#: A Hearing Officer's decision open to review by writ of certiorari has been made (A.4).
DECIDED = ("dangerous", "registered", "destruction_ordered", "revoked")
#: The dog may be demanded of its owner (A.2.h): pending the hearing (A.2.b), on an order into
#: custody (A.2.g), for sterilization (B.3.g), on a refused inspection (E.6), on revocation
#: (B.6.c) or destruction (A.3); not before a hearing is requested, nor once the case has ended.
DEMANDABLE = (
    "hearing_requested",
    "hearing_scheduled",
    "hearing_held",
    "dangerous",
    "registered",
    "destruction_ordered",
    "revocation_noticed",
    "revocation_heard",
    "revoked",
)

_STEPS = (
    Step("notice", "3-2-9.A.1", "issue the Notice of Dangerous Dog", ("designated",)),
    Step("service", "3-2-9.A.1.a", "record the service of the notice", ("notice_issued",)),
    Step("hearing_request", "3-2-9.A.1.c", "receive a request for a hearing", ("served",)),
    Step(
        "oral_request",
        "3-2-9.A.1.c",
        "record a request for a hearing that was not in writing",
        ("served",),
    ),
    Step(
        "late_request",
        "3-2-9.A.1.e",
        "record a written request for a hearing received after the days to request one, for "
        "the Hearing Officer",
        ("served", "dangerous", "registered"),
    ),
    Step("stands", "3-2-9.A.1.e", "record that the designation stands", ("served",)),
    Step(
        "schedule",
        "3-2-9.A.2.a",
        "schedule the hearing",
        ("hearing_requested", "hearing_scheduled"),
    ),
    Step(
        "pending",
        "3-2-9.A.2.b",
        "record compliance or seizure pending the hearing",
        ("hearing_requested", "hearing_scheduled"),
    ),
    Step("hold", "3-2-9.A.2.c", "hold the hearing", ("hearing_scheduled",)),
    Step("order", "3-2-9.A.2.g", "issue the Hearing Officer's order", ("hearing_held",)),
    Step("register", "3-2-9.B.3", "issue a Certificate of Registration", ("dangerous",)),
    Step("renew", "3-2-9.B.7", "renew the registration", ("registered",)),
    Step("missing_requirements", "3-2-9.B.3", "record missing registration requirements", KEPT),
    Step("inspection", "3-2-9.E.6", "record an inspection", KEPT),
    Step("revocation_notice", "3-2-9.B.6.b", "serve a notice of revocation", ("registered",)),
    Step(
        "revocation_hearing", "3-2-9.B.6.b", "hold the revocation hearing", ("revocation_noticed",)
    ),
    Step("revocation_order", "3-2-9.B.6.c", "decide the revocation", ("revocation_heard",)),
    Step(
        "owner_notice",
        "3-2-9.C",
        "record the owner's notice of death, relocation or transfer",
        ("dangerous", "registered", "revoked", "destruction_ordered"),
    ),
    Step("review_request", "3-2-9.A.7", "receive a request to review the designation", KEPT),
    Step("review_decision", "3-2-9.A.7", "decide the review of the designation", KEPT),
    Step("rental_disclosure", "3-2-9.E.3", "record a disclosure to the property owner", KEPT),
    Step("conditions_review", "3-2-9.E.7", "review the conditions for keeping the dog", KEPT),
    Step("sterilization_seizure", "3-2-9.B.3.g", "seize the dog to have it sterilized", KEPT),
    Step("inspection_seizure", "3-2-9.E.6", "seize the dog after a refused inspection", KEPT),
    Step("release", "3-2-9.B.4", "release the dog from impoundment", KEPT),
    Step("affidavit", "3-2-9.C", "record the owner's affidavit", tuple(STATES)),
    Step(
        "release_refused",
        "3-2-9.A.2.h",
        "record that a person failed or refused to release the dog on demand",
        DEMANDABLE,
    ),
    Step(
        "certiorari_filed",
        "3-2-9.A.4",
        "record a petition for review of the Hearing Officer's decision by writ of certiorari",
        DECIDED,
    ),
    Step(
        "certiorari_decided",
        "3-2-9.A.4",
        "record the Court of Appeals' decision on the writ of certiorari",
        DECIDED,
    ),
    Step(
        "sale_disclosure",
        "3-2-9.D",
        "record the owner's disclosure to a potential buyer or transferee",
        ("dangerous", "registered", "revoked"),
    ),
    Step("cost", "3-2-9.A.5", "record a cost", COSTS_OPEN),
    Step("payment", "3-2-9.A.5", "record a payment toward the costs", COSTS_OPEN),
)
STEPS: dict[str, Step] = {s.key: s for s in _STEPS}

#: The steps the case page offers first, by state, in the order the ordinance takes them; the
#: steps beside the path (review, E.3, E.7, B.3.g, B.4, C, costs) follow.
PATH: dict[str, tuple[str, ...]] = {
    "designated": ("notice",),
    "notice_issued": ("service",),
    "served": ("hearing_request", "stands"),
    "hearing_requested": ("schedule", "pending"),
    "hearing_scheduled": ("hold", "schedule", "pending"),
    "hearing_held": ("order",),
    "dangerous": ("register", "inspection", "owner_notice"),
    "registered": ("renew", "inspection", "revocation_notice", "owner_notice"),
    "revocation_noticed": ("revocation_hearing",),
    "revocation_heard": ("revocation_order",),
    "revoked": ("owner_notice",),
    "destruction_ordered": ("owner_notice",),
}
BESIDE = (
    "oral_request",
    "late_request",
    "review_request",
    "review_decision",
    "rental_disclosure",
    "conditions_review",
    "sterilization_seizure",
    "inspection_seizure",
    "release",
    "affidavit",
    "release_refused",
    "certiorari_filed",
    "certiorari_decided",
    "sale_disclosure",
    "cost",
    "payment",
)
