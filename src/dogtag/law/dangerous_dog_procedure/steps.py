"""The states and steps of a dangerous-dog case: the one table of steps, with the provision that
provides each and the states it may come in. No other table of steps exists: the services and the
case page both ask ``standing``, which reads this one. Each provision is named by a concept
(``dangerous_dog.notice.hearing_request``) and cited as the jurisdiction package says
(``law.provisions``) when a step's section is read."""

from __future__ import annotations

from dataclasses import dataclass

from dogtag.law.provisions import cite

RULE = "dangerous_dog.procedure"

# The provisions that provide the steps, in the ordinance's words (each package maps them)
#: "1. Notice.": the Notice of Dangerous Dog and all it must include
NOTICE_PROVISIONS = "dangerous_dog.notice.contents"
#: "the Animal Control Authority shall provide a written Notice of Dangerous Dog to the Owner ...
#: by personally serving the Owner ... or by mailing"
NOTICE = "dangerous_dog.notice"
#: "The request for a Hearing shall be made directly to the Animal Control Authority, and must be
#: submitted in writing"
HEARING_REQUEST = "dangerous_dog.notice.hearing_request"
#: "if the Owner does not request a Hearing within the allotted fourteen (14) days, the designation
#: ... will stand"
DESIGNATION_STANDS = "dangerous_dog.notice.designation_stands"
#: "the Hearing shall be held before a Hearing Officer within fourteen (14) days"
HEARING = "dangerous_dog.hearing"
#: "Pending the Hearing, the dog may be seized and kept at animal control unless the Owner shows
#: proof"
PENDING_HEARING = "dangerous_dog.hearing.pending"
#: "The records of the Animal Control Authority ... shall be admissible for consideration by the
#: Hearing Officer" (the hearing as it is held)
HEARING_RECORDS = "dangerous_dog.hearing.records"
#: "the Hearing Officer shall make such order as he/she deems proper"
ORDER = "dangerous_dog.hearing.order"
#: "shall issue a Certificate of Registration ... only if the Owner presents sufficient evidence
#: that all of the following are met"
REGISTRATION_REQUIREMENTS = "dangerous_dog.registration_requirements"
#: "An Owner of a Dangerous Dog shall renew the registration of the dog annually"
RENEWAL = "dangerous_dog.registration_renewal"
#: "shall permit the Animal Control Authority and/or Law Enforcement to enter ... to inspect"
INSPECTION = "dangerous_dog.inspection"
#: "Any Hearing to revoke a Certificate of Registration shall be held before a Hearing Officer
#: within twenty (20) days of the date of the Notice"
REVOCATION_HEARING = "dangerous_dog.revocation.hearing"
#: "the Hearing Officer shall order the dog disposed of immediately or ... permit the Owner a
#: reasonable time period ... to obtain the dog"
REVOCATION_DISPOSITION = "dangerous_dog.revocation.disposition"
#: "shall notify the Animal Control Authority, in writing, of the death of the dog, or if the dog
#: relocates" (and the affidavit "if requested")
DEATH_OR_RELOCATION = "dangerous_dog.death_or_relocation"
#: "Review of designation"
REVIEW = "dangerous_dog.review"
#: "shall disclose to the property owner"
RENTAL_DISCLOSURE = "dangerous_dog.rental_disclosure"
#: "may use discretion in determining whether the conditions ... are still required"
CONDITIONS_REVIEW = "dangerous_dog.conditions_review"
#: "The dog must be sterilized. If not done within thirty (30) days, Animal Control Authority
#: shall seize the dog"
STERILIZATION = "dangerous_dog.registration_requirements.sterilization"
#: "the dog shall not be released until the Owner demonstrates ..."
RELEASE = "dangerous_dog.release"
#: "Any person who fails or refuses to release a dog ... upon demand ... shall be guilty of a
#: misdemeanor"
RELEASE_ON_DEMAND = "dangerous_dog.release_on_demand"
#: "The decision of the Hearing Officer is a quasi-judicial determination that is subject to review
#: by writ of certiorari"
CERTIORARI = "dangerous_dog.certiorari"
#: "A person who sells or otherwise transfers ownership or control of a Dangerous Dog must notify"
SALE_OR_TRANSFER = "dangerous_dog.sale_or_transfer"
#: "liable for all actual costs of care, keeping, and disposal of the dog as well as all actual
#: costs related to any review or hearing"
COSTS = "dangerous_dog.costs"

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

#: The dog is a dangerous dog kept in the City: the requirements of its registration and of its
#: keeping (``dangerous_dog.keeping``) apply.
KEPT = ("dangerous", "registered")
#: Costs may be recorded once a hearing was requested or the dog is deemed dangerous
#: (``dangerous_dog.notice.costs``, ``dangerous_dog.costs``).
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
    """One step of the case: the provision that provides it (a concept), what it is (as the
    refusal says it), and the states it may come in."""

    key: str
    provision: str
    doing: str
    states: tuple[str, ...]

    @property
    def section(self) -> str:
        """The section of the city in force that provides the step."""
        return cite(self.provision)


#: A Hearing Officer's decision open to review by writ of certiorari has been made
#: (``dangerous_dog.certiorari``).
DECIDED = ("dangerous", "registered", "destruction_ordered", "revoked")
#: The dog may be demanded of its owner (``dangerous_dog.release_on_demand``): pending the hearing,
#: on an order into custody, for sterilization, on a refused inspection, on revocation or
#: destruction; not before a hearing is requested, nor once the case has ended.
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
    Step("notice", NOTICE_PROVISIONS, "issue the Notice of Dangerous Dog", ("designated",)),
    Step("service", NOTICE, "record the service of the notice", ("notice_issued",)),
    Step("hearing_request", HEARING_REQUEST, "receive a request for a hearing", ("served",)),
    Step(
        "oral_request",
        HEARING_REQUEST,
        "record a request for a hearing that was not in writing",
        ("served",),
    ),
    Step(
        "late_request",
        DESIGNATION_STANDS,
        "record a written request for a hearing received after the days to request one, for "
        "the Hearing Officer",
        ("served", "dangerous", "registered"),
    ),
    Step("stands", DESIGNATION_STANDS, "record that the designation stands", ("served",)),
    Step(
        "schedule",
        HEARING,
        "schedule the hearing",
        ("hearing_requested", "hearing_scheduled"),
    ),
    Step(
        "pending",
        PENDING_HEARING,
        "record compliance or seizure pending the hearing",
        ("hearing_requested", "hearing_scheduled"),
    ),
    Step("hold", HEARING_RECORDS, "hold the hearing", ("hearing_scheduled",)),
    Step("order", ORDER, "issue the Hearing Officer's order", ("hearing_held",)),
    Step(
        "register", REGISTRATION_REQUIREMENTS, "issue a Certificate of Registration", ("dangerous",)
    ),
    Step("renew", RENEWAL, "renew the registration", ("registered",)),
    Step(
        "missing_requirements",
        REGISTRATION_REQUIREMENTS,
        "record missing registration requirements",
        KEPT,
    ),
    Step("inspection", INSPECTION, "record an inspection", KEPT),
    Step("revocation_notice", REVOCATION_HEARING, "serve a notice of revocation", ("registered",)),
    Step(
        "revocation_hearing",
        REVOCATION_HEARING,
        "hold the revocation hearing",
        ("revocation_noticed",),
    ),
    Step(
        "revocation_order", REVOCATION_DISPOSITION, "decide the revocation", ("revocation_heard",)
    ),
    Step(
        "owner_notice",
        DEATH_OR_RELOCATION,
        "record the owner's notice of death, relocation or transfer",
        ("dangerous", "registered", "revoked", "destruction_ordered"),
    ),
    Step("review_request", REVIEW, "receive a request to review the designation", KEPT),
    Step("review_decision", REVIEW, "decide the review of the designation", KEPT),
    Step("rental_disclosure", RENTAL_DISCLOSURE, "record a disclosure to the property owner", KEPT),
    Step("conditions_review", CONDITIONS_REVIEW, "review the conditions for keeping the dog", KEPT),
    Step("sterilization_seizure", STERILIZATION, "seize the dog to have it sterilized", KEPT),
    Step("inspection_seizure", INSPECTION, "seize the dog after a refused inspection", KEPT),
    Step("release", RELEASE, "release the dog from impoundment", KEPT),
    Step("affidavit", DEATH_OR_RELOCATION, "record the owner's affidavit", tuple(STATES)),
    Step(
        "release_refused",
        RELEASE_ON_DEMAND,
        "record that a person failed or refused to release the dog on demand",
        DEMANDABLE,
    ),
    Step(
        "certiorari_filed",
        CERTIORARI,
        "record a petition for review of the Hearing Officer's decision by writ of certiorari",
        DECIDED,
    ),
    Step(
        "certiorari_decided",
        CERTIORARI,
        "record the Court of Appeals' decision on the writ of certiorari",
        DECIDED,
    ),
    Step(
        "sale_disclosure",
        SALE_OR_TRANSFER,
        "record the owner's disclosure to a potential buyer or transferee",
        ("dangerous", "registered", "revoked"),
    ),
    Step("cost", COSTS, "record a cost", COSTS_OPEN),
    Step("payment", COSTS, "record a payment toward the costs", COSTS_OPEN),
)
STEPS: dict[str, Step] = {s.key: s for s in _STEPS}

#: The steps the case page offers first, by state, in the order the ordinance takes them; the
#: steps beside the path (review, rental disclosure, conditions review, sterilization, release,
#: owner's notices, costs) follow.
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
