"""The dangerous-dog documents (City Code 3-2-9, Minn. Stat. 347.50-347.565 through 3-2-8).

- the Notice of Dangerous Dog (A.1) with, as its own last page, the pre-printed hearing request
  form (A.1.c);
- the notice of hearing (A.2.a);
- the Hearing Officer's order (A.2.f, A.2.g, A.3, A.4);
- the Certificate of Registration (B.3, E.4, E.5);
- the letter listing the registration requirements not yet shown, with their sections (B.3).

Generated from the case's records and the decisions stored when each step was taken: dates,
findings and deadlines are the ones found then (with their day-by-day explanation), never typed.
Each document quotes the sections that require it.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.utils import timezone
from reportlab.platypus import Flowable, KeepTogether, PageBreak, Spacer

from dogtag.dangerous_dogs.models import CaseEvent, DangerousDogCase, Hearing, Order, Registration
from dogtag.law.dangerous_dog_clocks import REGISTRATION_DAYS, registration_clocks
from dogtag.law.dangerous_dogs import CRITERIA, DESTRUCTION_CRITERIA
from dogtag.records import pdf
from dogtag.records.letters import AddressWindow
from dogtag.records.services import city_params

AUTHORITY = "Animal Control Authority"

QUOTES = {
    "3-2-9.A": (
        "The Animal Control Authority or Hearing Officer shall designate any dog as a Dangerous "
        "Dog upon receiving evidence that the dog meets any of the criteria of applicable state "
        "law or the definition of Dangerous Dog in Section 3-2-1 of this Section."
    ),
    "3-2-9.A.1.c": (
        "The Notice shall also advise the Owner(s) that they have fourteen (14) days to appeal the "
        "determination by requesting a Hearing before the Hearing Officer, and shall include a "
        "pre-printed form which the Owner can use to request a hearing. The request for a Hearing "
        "shall be made directly to the Animal Control Authority, and must be submitted in writing."
    ),
    "3-2-9.A.1.d": (
        "The Notice shall state that if the owner does request a hearing, the owner must "
        "immediately comply with Minn. Stat. 347.52, subdivisions (a) through (c) until such time "
        "as the Hearing Officer issues an opinion. The notice shall further state that if the "
        "Hearing Officer confirms the dangerous dog declaration, the owner will have fourteen (14) "
        "days from receipt of the decision to comply with all other dangerous dog requirements "
        "found in Minn. Stat. 347 or this Section."
    ),
    "3-2-9.A.1.e": (
        "The Notice shall state that if the Owner does not request a Hearing within the allotted "
        "fourteen (14) days, the designation of Dangerous Dog as issued in the written Notice of "
        "Dangerous Dog will stand, and the Owner will be subject to all restrictions and "
        "requirements as set forth in the Notice by the Animal Control Authority."
    ),
    "3-2-9.A.1.f": (
        "All actual costs of care, keeping and disposition of the dog as well as all actual costs "
        "related to any requested review or hearing are the responsibility of the person claiming "
        "an interest in the dog, except to the extent a court or hearing officer finds the seizure "
        "or impoundment was not substantially justified by law."
    ),
    "3-2-9.A.2.a": (
        "If an Owner, within fourteen (14) days of the date of the Notice, requests a Hearing for "
        "determination as to the Dangerous nature of the dog, the Hearing shall be held before a "
        "Hearing Officer within fourteen (14) days after the Animal Control Authority is notified "
        "of the Owner's request for a Hearing. The Hearing Officer may allow the Hearing date to "
        "be extended beyond the fourteen (14) day period for good cause. Any dog Owner who "
        "requests such a Hearing is liable to the City for all costs and expenses related to the "
        "Hearing."
    ),
    "3-2-9.A.2.b": (
        "Pending the Hearing, the dog may be seized and kept at animal control unless the Owner "
        "shows proof that the dog is properly licensed, if required; has met the requirement for "
        "rabies vaccinations; keeps the dog only in a Proper Enclosure unless restrained on a "
        "leash with a muzzle; and otherwise demonstrates to the Animal Control Authority that the "
        "dog, under its present circumstances, does not present an unreasonable risk of harm to "
        "persons or other domestic animals."
    ),
    "3-2-9.A.2.d-e": (
        "The Owner may be represented by private legal counsel of the Owner's choosing, although "
        "the Owner does not have the right to an attorney at public expense. At the Hearing, both "
        "the Owner and the Animal Control Authority may present the testimony of live witnesses, "
        "cross-examine witnesses, and present documentary evidence. The Animal Control Authority, "
        "and the dog's Owner, may apply to the District Court for subpoenas for Hearings."
    ),
    "3-2-9.A.2.f": (
        "The burden of proof shall be upon the Animal Control Authority. The standard of proof "
        "shall be clear and convincing evidence if the Authority seeks to destroy the dog; in all "
        "other cases it shall be by a preponderance of the evidence."
    ),
    "3-2-9.A.2.g": (
        "After considering all evidence pertaining to the dog, the Hearing Officer shall make such "
        "order as he/she deems proper, including ordering the Animal Control Authority to take "
        "the dog into custody, if the dog is not currently in custody. The Hearing Officer must "
        "issue his/her order within ten (10) days after the hearing."
    ),
    "3-2-9.A.3": (
        "The Hearing Officer, upon finding that a dog is Dangerous hereunder, is authorized to "
        "order, as part of the disposition of the case, that the dog be destroyed based on a "
        "written order containing findings of fact establishing that each of the following "
        "criteria are present: a. ...; and b. ...; and c. ..."
    ),
    "3-2-9.A.4": (
        "The decision of the Hearing Officer is a quasi-judicial determination that is subject to "
        "review by writ of certiorari to the Minnesota Court of Appeals."
    ),
    "3-2-9.B.2": (
        "All dogs deemed Dangerous by the Animal Control Authority or Hearing Officer, as "
        "applicable, shall be registered as a Dangerous Dog with the Animal Control Authority "
        "within thirty (30) days after the date the dog was so deemed."
    ),
    "3-2-9.B.3": (
        "The Animal Control Authority shall issue a Certificate of Registration to the Owner of a "
        "Dangerous Dog only if the Owner presents sufficient evidence that all of the following "
        "are met: ..."
    ),
    "3-2-9.B.7": (
        "An Owner of a Dangerous Dog shall renew the registration of the dog annually until the "
        "dog is deceased."
    ),
    "3-2-9.E.5": (
        "A Dangerous Dog registered under this section shall have a standardized, easily "
        "identifiable tag identifying the dog as Dangerous and containing the uniform Dangerous "
        "Dog symbol ... affixed to the dog's collar at all times."
    ),
}

#: 3-2-9.B.3 a-g in the ordinance's words (shortened where marked).
REGISTRATION_REQUIREMENTS = (
    (
        "3-2-9.B.3.a",
        "The Owner provides and maintains a Proper Enclosure for the Dangerous Dog.",
    ),
    (
        "3-2-9.B.3.b",
        "The Owner posts clearly visible warning signs, understandable to children, that there is "
        "a Dangerous Dog on the property, on the front and the rear of all buildings on the "
        "property and upon the Proper Enclosure (Minn. Stat. 347.51).",
    ),
    (
        "3-2-9.B.3.c",
        pdf.Later(
            lambda: (
                "The Owner provides, and annually shows proof of, public liability insurance "
                f"pre-paid in full of at least {pdf.param('dangerous_dog.insurance.per_person', 'money')}"
                f" per person and {pdf.param('dangerous_dog.insurance.per_incident', 'money')} per "
                "incident (more than the state's minimum: the more restrictive provision controls, "
                "3-2-8)."
            )
        ),
    ),
    (
        "3-2-9.B.3.d",
        "The Owner pays the annual registration fee (3-2-9.B.5; City Code 1-2-2).",
    ),
    (
        "3-2-9.B.3.e",
        "An identification microchip is implanted in the dog (Minn. Stat. 347.515); its "
        "manufacturer and number are given to the Animal Control Authority.",
    ),
    (
        "3-2-9.B.3.f",
        "The dog has a license, if required, and is up to date on all vaccinations including "
        "rabies.",
    ),
    (
        "3-2-9.B.3.g",
        "The dog must be sterilized. If not done within thirty (30) days, the Animal Control "
        "Authority shall seize the dog and have it sterilized at the owner's expense.",
    ),
)

OTHER_RESTRICTIONS = (
    (
        "3-2-9.E.2",
        "On the Owner's property the dog is kept in a Proper Enclosure; outside it, at all times "
        "muzzled and restrained by a substantial chain or leash of at most six feet, under the "
        "physical restraint of a responsible person 18 years of age or older.",
    ),
    (
        "3-2-9.B.7",
        "The registration is renewed every year until the dog is deceased.",
    ),
    (
        "3-2-9.C",
        "The Owner notifies the Animal Control Authority in writing within thirty (30) days of "
        "the dog's death, or of its relocation or transfer out of the City.",
    ),
    (
        "3-2-9.D",
        "Before selling or transferring the dog, the Owner tells the buyer it was designated "
        "Dangerous, and tells the Authority in writing the new Owner's name, address and "
        "telephone number.",
    ),
    (
        "3-2-9.E.3",
        "An Owner who rents tells the property owner before the dog resides there, before the "
        "lease, and at each renewal.",
    ),
    (
        "3-2-9.E.4-5",
        "The City provides warning symbols for posting (at a fee) and the dog wears the uniform "
        "dangerous-dog tag at all times.",
    ),
    (
        "3-2-9.E.6",
        "The Owner permits the Animal Control Authority and Law Enforcement to inspect the "
        "premises at reasonable hours without a warrant; refusal is by itself a ground to seize "
        "the dog and revoke the registration.",
    ),
)

PENDING_347_52 = (
    "Minn. Stat. 347.52 (a) to (c): keep the dog in a Proper Enclosure (and, off the property, "
    "muzzled and on a leash under a responsible person's physical restraint); and, as they apply "
    "pending the hearing, the statute's requirements on registration renewal and notice of the "
    "dog's death or transfer. Pending the hearing the dog may be seized unless the proof of "
    "3-2-9.A.2.b is shown: a license if required, rabies vaccination, a Proper Enclosure or a "
    "leash and muzzle, and no unreasonable risk of harm."
)


# ------------------------------------------------------------------------------- helpers


def _findings(decision: Any) -> list[dict[str, Any]]:
    return list(decision.findings) if decision is not None else []


def _by_rule(decision: Any, rule: str) -> dict[str, Any] | None:
    return next((f for f in _findings(decision) if f["rule"] == rule), None)


def _explanation(finding: dict[str, Any] | None) -> list[str]:
    if not finding:
        return []
    deadline = finding.get("deadline")
    if isinstance(deadline, dict) and deadline.get("explanation"):
        return [str(line) for line in deadline["explanation"]]
    return [str(finding["message"])]


def _due(finding: dict[str, Any] | None) -> dt.date | None:
    if not finding or not isinstance(finding.get("deadline"), dict):
        return None
    return dt.date.fromisoformat(finding["deadline"]["due"])


def state_registration_clock(case: DangerousDogCase) -> list[Flowable]:
    """Minn. Stat. 347.54 subd. 1 through 3-2-8: the state seizes a dangerous dog not registered
    and insured 14 days after the notice; beside the city's 30 days after it is deemed dangerous
    (3-2-9.B.2) both clocks run, and the one that ends first controls (LEGAL-NOTES §3). Counted
    from the case's records (the date of the Notice, the day deemed) by the rules core, as on
    the case page; nothing while the notice is not served."""
    params = city_params()
    clocks = registration_clocks(case.notice_date, case.deemed_on, params)
    if clocks.state is None or clocks.state.deadline is None or clocks.controlling is None:
        if case.notice_issued_on is None:
            return []
        state = params.state.id if params.state else params.city.id
        days = params.get(f"{state}.{REGISTRATION_DAYS}", case.notice_issued_on)
        return [
            pdf.para(
                f"State law (Minn. Stat. 347.54 subd. 1, incorporated by City Code 3-2-8): a "
                f"Dangerous Dog not registered and insured {pdf.text(days.display())} after the "
                f"notice is served is seized. That clock and the city's run side by side; the "
                f"one that ends first controls.",
                "small",
            )
        ]
    days = clocks.state.parameters[0]
    return [
        pdf.notice_box(
            [
                f"State law (Minn. Stat. 347.54 subd. 1, incorporated by City Code 3-2-8): a "
                f"Dangerous Dog not registered and insured {pdf.text(days.display())} after the "
                f"notice is seized. Register and insure the dog by "
                f"{pdf.long_date(clocks.state.deadline.due)}."
            ]
        ),
        pdf.para(pdf.text(clocks.controlling.message), "small"),
        pdf.bullets([pdf.text(line) for line in clocks.state.deadline.explanation], "small"),
    ]


def _address(case: DangerousDogCase) -> list[str]:
    owner = case.owner
    return [owner.name, owner.street, f"{owner.city}, {owner.state} {owner.postal_code}".strip()]


def dog_description(case: DangerousDogCase) -> list[tuple[str, str]]:
    """A.1.a(1): the description of the dog deemed dangerous."""
    dog = case.dog
    rows = [
        ("Name", pdf.text(dog.name)),
        ("Breed", pdf.text(dog.breed)),
        ("Color", pdf.text(dog.color)),
        ("Sex", pdf.text(dog.get_sex_display() + (", sterilized" if dog.sterilized else ""))),
        ("Age", pdf.text(dog.age_on(case.designated_on))),
    ]
    if dog.microchip:
        rows.append(("Microchip", pdf.text(dog.microchip)))
    return rows


def _incident_rows(case: DangerousDogCase) -> list[list[str]]:
    rows = []
    for incident in case.incidents.all():
        local = timezone.localtime(incident.occurred_at)
        rows.append(
            [
                pdf.long_date(local.date()),
                local.strftime("%I:%M %p").lstrip("0"),
                pdf.text(incident.place),
                pdf.text(incident.facts),
            ]
        )
    return rows


def _criteria_text(case: DangerousDogCase) -> list[str]:
    return [
        f"The dog {pdf.text(CRITERIA[key][1])} ({pdf.text(CRITERIA[key][0])})."
        for key in case.criteria
        if key in CRITERIA
    ]


def _official(user: Any) -> str:
    return pdf.text(pdf.user_name(user))


def _signature_block(label: str) -> list[Flowable]:
    return [
        Spacer(1, 18),
        pdf.para("______________________________________", "body"),
        pdf.para(pdf.text(label), "muted"),
    ]


# ------------------------------------------------------------------------------ the notice


def notice_pdf(case: DangerousDogCase) -> bytes:
    """The Notice of Dangerous Dog (3-2-9.A.1 a-f) and the pre-printed hearing request form."""
    if case.notice_issued_on is None:
        raise ValueError(f"case {case.number}: the notice has not been issued")
    service = case.events.filter(kind=CaseEvent.Kind.SERVED).select_related("decision").first()
    window = _by_rule(service.decision, "dangerous_dog.hearing_request") if service else None
    window_due = _due(window)
    authority = case.get_authority_display()
    story: list[Flowable] = [
        AddressWindow(
            _address(case), [pdf.long_date(case.notice_issued_on), f"Case {case.number}"]
        ),
        *pdf.title_block(
            "Notice of Dangerous Dog",
            f"City Code 3-2-9.A.1 · Minn. Stat. 347.50–347.565 (3-2-8) · Case "
            f"{pdf.text(case.number)}",
        ),
        pdf.para(
            f"To {pdf.text(case.owner.name)}, owner of record of the dog described below. The "
            f"{pdf.text(authority)} has determined that your dog is a <b>Dangerous Dog</b> "
            f"(3-2-9.A). This notice is served on you personally, on a person of suitable age and "
            f"discretion at your residence, or by mail; service upon any owner is effective as to "
            f"all owners (3-2-9.A.1.a)."
        ),
        pdf.heading("The incidents (3-2-9.A.1.a)"),
        pdf.data_table(
            ["Date", "Time", "Place", "Facts"], _incident_rows(case), [1.2, 0.8, 1.8, 3.4]
        ),
        pdf.heading("(1) The dog (3-2-9.A.1.a(1))"),
        pdf.field_table(dog_description(case)),
        pdf.heading("(2) The factual basis for the determination (3-2-9.A.1.a(2))"),
        pdf.para(pdf.text(case.factual_basis)),
        pdf.bullets(_criteria_text(case), "small"),
        pdf.heading("(3) Who made the determination, and by what authority (3-2-9.A.1.a(3))"),
        pdf.para(
            f"Determined on {pdf.long_date(case.designated_on)} by "
            f"{_official(case.designated_by)}, for the {pdf.text(authority)} of the "
            f"{pdf.text(pdf.city_name())}, under City Code 3-2-9.A and Minn. Stat. 347.50 subd. 2 "
            f"(incorporated by City Code 3-2-8)."
        ),
        pdf.heading("(4) Seizure (3-2-9.A.1.a(4))"),
    ]
    if case.seized:
        story.append(
            pdf.field_table(
                [
                    ("The dog is kept at", pdf.text(case.kept_at)),
                    ("Contact address", pdf.text(case.contact_address)),
                    ("Contact telephone", pdf.text(case.contact_phone)),
                ]
            )
        )
    else:
        story.append(pdf.para("The dog has not been seized."))
    story += [
        pdf.heading("Registration requirements and restrictions (3-2-9.A.1.b)"),
        pdf.para(
            "A Dangerous Dog must be registered with the Animal Control Authority within thirty "
            "(30) days after it is deemed dangerous (3-2-9.B.2). A Certificate of Registration "
            "issues only when every one of these is shown (3-2-9.B.3):",
            "small",
        ),
        pdf.data_table(
            ["Section", "Requirement"],
            [[pdf.text(s), pdf.text(t)] for s, t in REGISTRATION_REQUIREMENTS],
            [1.0, 6.0],
            compact=True,
        ),
        Spacer(1, 4),
        *state_registration_clock(case),
        Spacer(1, 4),
        pdf.para("Other restrictions on a Dangerous Dog:", "small"),
        pdf.data_table(
            ["Section", "Restriction"],
            [[pdf.text(s), pdf.text(t)] for s, t in OTHER_RESTRICTIONS],
            [1.0, 6.0],
            compact=True,
        ),
        pdf.heading("Your right to a hearing: fourteen days (3-2-9.A.1.c)"),
    ]
    if window_due is not None:
        story.append(
            pdf.notice_box(
                [
                    "To appeal, request a hearing IN WRITING, directly to the Animal Control "
                    f"Authority, no later than {pdf.long_date(window_due)}.",
                ]
            )
        )
        story.append(
            pdf.para(
                "How that date was counted (fourteen days from the date of service of this "
                "notice, Minn. Stat. 645.15):",
                "small",
            )
        )
        story.append(pdf.bullets([pdf.text(line) for line in _explanation(window)], "small"))
    else:
        story.append(
            pdf.notice_box(
                [
                    "To appeal, request a hearing IN WRITING, directly to the Animal Control "
                    "Authority, within fourteen (14) days of the date this notice is served on "
                    "you.",
                ]
            )
        )
    story += [
        pdf.para(
            "You may use the pre-printed hearing request form on the last page of this notice. "
            "Deliver or mail it to the Animal Control Authority at "
            + pdf.text(", ".join(pdf.office_lines()))
            + ". The hearing is held before a Hearing Officer within fourteen (14) days after the "
            "Authority receives your request, unless extended for good cause (3-2-9.A.2.a)."
        ),
        pdf.heading("If you request a hearing (3-2-9.A.1.d)"),
        pdf.para(
            "You must <b>immediately</b> comply with Minn. Stat. 347.52, subdivisions (a) through "
            "(c), until the Hearing Officer issues an opinion. " + pdf.text(PENDING_347_52)
        ),
        pdf.para(
            "If the Hearing Officer confirms the dangerous dog declaration, you will have "
            "<b>fourteen (14) days from receipt of the decision</b> to comply with all other "
            "dangerous dog requirements of Minn. Stat. chapter 347 and City Code 3-2-9."
        ),
        pdf.heading("If you do not request a hearing (3-2-9.A.1.e)"),
        pdf.para(
            "If you do not request a hearing within the fourteen (14) days, the designation of "
            "Dangerous Dog in this notice will stand, and you will be subject to all the "
            "restrictions and requirements set forth in this notice."
        ),
        pdf.heading("Costs (3-2-9.A.1.f, A.2.a, A.5)"),
        pdf.para(
            "All actual costs of care, keeping and disposition of the dog, and all actual costs "
            "of any requested review or hearing, are the responsibility of the person claiming an "
            "interest in the dog, except to the extent a court or hearing officer finds the "
            "seizure or impoundment was not substantially justified by law. An owner who requests "
            "a hearing is liable to the City for all costs and expenses related to the hearing."
        ),
        pdf.citation_box(
            [(s, QUOTES[s]) for s in ("3-2-9.A", "3-2-9.A.1.c", "3-2-9.A.1.d", "3-2-9.A.1.e")]
        ),
        *_signature_block(
            f"{pdf.user_name(case.notice_issued_by)}, for the {AUTHORITY}"
            if case.notice_issued_by
            else f"For the {AUTHORITY}"
        ),
        PageBreak(),
        *hearing_request_form(case, window_due),
    ]
    return pdf.build(
        story,
        pdf.Page(label=f"Notice of Dangerous Dog, case {case.number}", fold_marks=True),
        title=f"Notice of Dangerous Dog {case.number}",
        subject=f"{case.dog.name}, City Code 3-2-9.A.1",
    )


def hearing_request_form(case: DangerousDogCase, window_due: dt.date | None) -> list[Flowable]:
    """A.1.c: "a pre-printed form which the Owner can use to request a hearing"."""
    by = (
        f"no later than {pdf.long_date(window_due)}"
        if window_due
        else "within fourteen (14) days of the date the notice was served on you"
    )
    return [
        *pdf.title_block(
            "Request for a Hearing — Dangerous Dog",
            f"City Code 3-2-9.A.1.c, A.2 · Case {pdf.text(case.number)}",
        ),
        pdf.para(
            f"Complete, sign and deliver or mail this form to the Animal Control Authority, "
            f"{pdf.text(', '.join(pdf.office_lines()))}, so that it is received {by}. The request "
            f"must be in writing (3-2-9.A.1.c)."
        ),
        Spacer(1, 8),
        pdf.field_table(
            [
                ("Case", pdf.text(case.number)),
                ("Dog", pdf.text(f"{case.dog.name}, {case.dog.breed}, {case.dog.color}")),
                ("Owner of record", pdf.text(case.owner.name)),
            ]
        ),
        Spacer(1, 10),
        pdf.para(
            "I, the owner (or a person claiming an interest in the dog), request a hearing before "
            "the Hearing Officer to determine whether the dog named above is a Dangerous Dog. I "
            "understand that the owner who requests a hearing is liable to the City for all costs "
            "and expenses related to the hearing (3-2-9.A.2.a), and that pending the hearing I "
            "must comply with Minn. Stat. 347.52 (a) to (c) (3-2-9.A.1.d)."
        ),
        Spacer(1, 10),
        pdf.field_table(
            [
                ("Name (print)", "_" * 60),
                ("Address", "_" * 60),
                ("", "_" * 60),
                ("Telephone", "_" * 30),
                ("Email (optional)", "_" * 40),
                ("Represented by counsel?", "[  ] No   [  ] Yes, name: " + "_" * 34),
                ("Why you disagree (optional)", "_" * 60),
                ("", "_" * 60),
                ("", "_" * 60),
                ("Signature", "_" * 40),
                ("Date", "_" * 20),
            ],
            label_width=2.0 * 72,
        ),
        Spacer(1, 14),
        pdf.para(
            "For the Animal Control Authority: received on ____________ by ________________. "
            "The hearing must be held within fourteen (14) days after this date unless the "
            "Hearing Officer extends it for good cause (3-2-9.A.2.a).",
            "muted",
        ),
    ]


# ----------------------------------------------------------------------- notice of hearing


def hearing_notice_pdf(hearing: Hearing) -> bytes:
    """The notice of the date, time and place of the hearing (3-2-9.A.2)."""
    case = hearing.case
    if hearing.scheduled_at is None:
        raise ValueError(f"case {case.number}: the hearing is not scheduled")
    event = (
        case.events.filter(kind=CaseEvent.Kind.HEARING_SCHEDULED).select_related("decision").last()
    )
    limit = _by_rule(event.decision if event else None, "dangerous_dog.hearing")
    story: list[Flowable] = [
        AddressWindow(
            _address(case),
            [pdf.long_date(hearing.scheduled_on or hearing.requested_on), f"Case {case.number}"],
        ),
        *pdf.title_block(
            "Notice of Hearing — Dangerous Dog",
            f"City Code 3-2-9.A.2 · Case {pdf.text(case.number)}",
        ),
        pdf.para(
            f"The Animal Control Authority received your written request for a hearing on "
            f"{pdf.long_date(hearing.requested_on)}. The hearing before the Hearing Officer on "
            f"whether {pdf.text(case.dog.name)} is a Dangerous Dog will be held:"
        ),
        Spacer(1, 4),
        pdf.notice_box(
            [
                pdf.text(pdf.local_datetime(hearing.scheduled_at)),
                pdf.text(hearing.place),
            ]
        ),
        Spacer(1, 4),
    ]
    if hearing.extension_good_cause:
        story.append(
            pdf.para(
                "The Hearing Officer extended the hearing date beyond the fourteen (14) days for "
                f"good cause (3-2-9.A.2.a): {pdf.text(hearing.extension_good_cause)}"
            )
        )
    if limit:
        story.append(pdf.para("The fourteen days of 3-2-9.A.2.a were counted so:", "small"))
        story.append(pdf.bullets([pdf.text(line) for line in _explanation(limit)], "small"))
    story += [
        pdf.heading("At the hearing"),
        pdf.para(
            "The records of the Animal Control Authority, police reports relating to an attack or "
            "bite, medical records, and all reliable hearsay are admissible without further "
            "foundation (3-2-9.A.2.c). The burden of proof is on the Animal Control Authority "
            "(3-2-9.A.2.f)."
        ),
        pdf.citation_box([(s, QUOTES[s]) for s in ("3-2-9.A.2.a", "3-2-9.A.2.d-e", "3-2-9.A.2.f")]),
    ]
    return pdf.build(
        story,
        pdf.Page(label=f"Notice of hearing, case {case.number}", fold_marks=True),
        title=f"Notice of hearing {case.number}",
        subject=f"{case.dog.name}, City Code 3-2-9.A.2",
    )


# --------------------------------------------------------------------------------- order


def order_pdf(order: Order) -> bytes:
    """The Hearing Officer's written order (3-2-9.A.2.g), with the A.3 findings when destruction
    is ordered, the burden and standard of proof (A.2.f) and the right of review (A.4)."""
    hearing = order.hearing
    case = hearing.case
    standard = _by_rule(order.decision, "dangerous_dog.standard_of_proof")
    due = _by_rule(order.decision, "dangerous_dog.order")
    registration = _by_rule(order.decision, "dangerous_dog.registration")
    comply = _by_rule(order.decision, "dangerous_dog.comply_after_decision")
    story: list[Flowable] = [
        *pdf.title_block(
            "Order of the Hearing Officer — Dangerous Dog",
            f"City Code 3-2-9.A.2.g, A.3 · Case {pdf.text(case.number)}",
        ),
        pdf.field_table(
            [
                ("Dog", pdf.text(f"{case.dog.name}, {case.dog.breed}, {case.dog.color}")),
                ("Owner", pdf.text(case.owner.name)),
                (
                    "Designated",
                    f"{pdf.long_date(case.designated_on)} by the "
                    f"{pdf.text(case.get_authority_display())}",
                ),
                ("Hearing held", pdf.long_date(hearing.held_on)),
                ("Hearing Officer", _official(hearing.hearing_officer)),
                ("For the Authority", pdf.text(hearing.authority_represented_by)),
                ("For the owner", pdf.text(hearing.owner_represented_by)),
                ("Witnesses", pdf.text(hearing.witnesses or "none recorded")),
                ("Evidence received", pdf.text(hearing.evidence or "none recorded")),
                ("Order issued", pdf.long_date(order.issued_on)),
            ]
        ),
        pdf.heading("Burden and standard of proof (3-2-9.A.2.f)"),
        pdf.para(pdf.text(standard["message"]) if standard else ""),
        pdf.heading("Findings of fact"),
        pdf.para(pdf.text(order.findings_of_fact)),
    ]
    if order.disposition == Order.Disposition.DESTRUCTION:
        story += [
            pdf.heading("Findings of fact on each criterion for destruction (3-2-9.A.3)"),
            pdf.data_table(
                ["Section", "Criterion", "Finding of fact"],
                [
                    [
                        pdf.text(section),
                        pdf.text(words),
                        pdf.text(order.destruction_findings.get(key, "")),
                    ]
                    for key, (section, words) in DESTRUCTION_CRITERIA.items()
                ],
                [0.9, 2.8, 3.3],
            ),
        ]
    story += [
        pdf.heading("Order"),
        pdf.notice_box([pdf.text(order.get_disposition_display().capitalize() + ".")]),
    ]
    if order.disposition == Order.Disposition.UPHELD_CUSTODY:
        story.append(
            pdf.para(
                "The Animal Control Authority shall take the dog into custody (3-2-9.A.2.g). Any "
                "person who fails or refuses to release the dog upon demand is guilty of a "
                "misdemeanor (3-2-9.A.2.h)."
            )
        )
    if registration:
        lines = [
            "The dog is deemed Dangerous as of this order. Register it with the Animal Control "
            f"Authority by {pdf.long_date(_due(registration))} (3-2-9.B.2), meeting every "
            "requirement of 3-2-9.B.3."
        ]
        if comply:
            lines.append(
                f"Comply with all other dangerous dog requirements by "
                f"{pdf.long_date(_due(comply))}, fourteen days from receipt of this decision on "
                f"{pdf.long_date(order.received_on)} (3-2-9.A.1.d)."
            )
        story.append(pdf.bullets(lines))
        story += state_registration_clock(case)
    if order.seizure_not_justified:
        story.append(
            pdf.para(
                "The Hearing Officer finds the seizure or impoundment was not substantially "
                "justified by law: its costs are not the owner's (3-2-9.A.1.f, A.5)."
            )
        )
    else:
        story.append(
            pdf.para(
                "Costs: the owner is liable for all costs and expenses related to the hearing "
                "(3-2-9.A.2.a) and for the actual costs of care, keeping and disposal of the dog "
                "(3-2-9.A.5).",
                "small",
            )
        )
    if due:
        timing = (
            f"This order is issued late: it was due by {pdf.long_date(_due(due))}, ten days after "
            "the hearing (3-2-9.A.2.g)."
            if order.late
            else f"Issued within the ten days of 3-2-9.A.2.g (due by {pdf.long_date(_due(due))})."
        )
        story.append(pdf.para(pdf.text(timing), "small"))
    story += [
        pdf.heading("Review (3-2-9.A.4)"),
        pdf.para(
            "This decision is a quasi-judicial determination subject to review by writ of "
            "certiorari to the Minnesota Court of Appeals."
        ),
        pdf.citation_box(
            [(s, QUOTES[s]) for s in ("3-2-9.A.2.f", "3-2-9.A.2.g", "3-2-9.A.3", "3-2-9.A.4")]
        ),
        *_signature_block(f"{pdf.user_name(order.issued_by)}, Hearing Officer"),
    ]
    return pdf.build(
        story,
        pdf.Page(label=f"Hearing Officer's order, case {case.number}"),
        title=f"Hearing Officer's order {case.number}",
        subject=f"{case.dog.name}, City Code 3-2-9.A.2.g",
    )


# ------------------------------------------------------------------------- certificate


def certificate_pdf(registration: Registration) -> bytes:
    """The Certificate of Registration of a Dangerous Dog (3-2-9.B.3), with the evidence shown
    for each requirement a-g and the findings stored when it issued."""
    case = registration.case
    dog = case.dog
    findings = [
        f
        for f in _findings(registration.decision)
        if f["rule"] == "dangerous_dog.registration_requirements" and len(f["sections"]) == 1
    ]
    evidence = {
        "3-2-9.B.3.a": registration.proper_enclosure,
        "3-2-9.B.3.b": "Warning signs on the front and rear of all buildings and on the enclosure",
        "3-2-9.B.3.c": (
            f"{registration.insurer}, policy {registration.policy_number}: "
            f"{pdf.money(registration.insurance_per_person)} per person, "
            f"{pdf.money(registration.insurance_per_incident)} per incident, prepaid, to "
            f"{pdf.long_date(registration.insurance_expires_on)}"
        ),
        "3-2-9.B.3.d": f"{pdf.money(registration.fee)}, receipt {registration.receipt.number}",
        "3-2-9.B.3.e": (
            f"{registration.microchip_manufacturer} microchip {registration.microchip_number}"
        ),
        "3-2-9.B.3.f": (
            f"License {registration.license.number} to "
            f"{pdf.long_date(registration.license.expires_on)}; rabies to "
            f"{pdf.long_date(registration.rabies.expires_on)}; other vaccinations current"
        ),
        "3-2-9.B.3.g": (
            f"Sterilized {pdf.long_date(registration.sterilized_on)}"
            if registration.sterilized_on
            else "Sterilized (dog record)"
        ),
    }
    rows = [
        [
            pdf.text(f["sections"][0]),
            "Met" if f["outcome"] == "met" else "<b>Missing</b>",
            pdf.text(evidence.get(f["sections"][0], "")),
        ]
        for f in findings
    ]
    story: list[Flowable] = [
        *pdf.title_block(
            "Certificate of Registration — Dangerous Dog",
            f"City Code 3-2-9.B · Minn. Stat. 347.51 · Certificate "
            f"{pdf.text(registration.certificate_number)}",
        ),
        pdf.notice_box(
            [
                f"Certificate {pdf.text(registration.certificate_number)}",
                f"Valid {pdf.long_date(registration.issued_on)} through "
                f"{pdf.long_date(registration.expires_on)}",
            ],
            color=pdf.NAVY,
        ),
        Spacer(1, 6),
        pdf.two_field_tables(
            [*dog_description(case), ("Dangerous-dog tag", pdf.text(registration.tag_number))],
            [
                ("Owner", pdf.text(case.owner.name)),
                ("Address", pdf.text(case.owner.address)),
                ("Telephone", pdf.text(case.owner.phone_display)),
                ("Case", pdf.text(case.number)),
                ("Deemed dangerous", pdf.long_date(case.deemed_on)),
                ("Warning symbols", str(registration.warning_symbols_issued)),
            ],
            label_width=1.15 * 72,
        ),
        pdf.heading("Requirements shown (3-2-9.B.3 a–g)"),
        pdf.data_table(["Section", "Result", "Evidence"], rows, [1.0, 0.7, 5.3]),
        Spacer(1, 6),
        pdf.para(
            "The owner must keep every requirement met while the dog lives, renew this "
            "registration every year with fresh proof of insurance (3-2-9.B.3.c, B.7), keep the "
            "dog in its Proper Enclosure or muzzled and leashed (3-2-9.E.2), and permit inspection "
            "(3-2-9.E.6). A certificate may be revoked, after a hearing, if compliance is not "
            "maintained (3-2-9.B.6).",
            "small",
        ),
        pdf.citation_box([(s, QUOTES[s]) for s in ("3-2-9.B.3", "3-2-9.B.7", "3-2-9.E.5")]),
        *_signature_block(f"{pdf.user_name(registration.issued_by)}, for the {AUTHORITY}"),
    ]
    return pdf.build(
        story,
        pdf.Page(label=f"Certificate of Registration {registration.certificate_number}"),
        title=f"Certificate of Registration {registration.certificate_number}",
        subject=f"Dangerous dog {dog.name}, City Code 3-2-9.B.3",
    )


# ------------------------------------------------------------- missing requirements letter


def missing_requirements_pdf(event: CaseEvent) -> bytes:
    """The letter listing each registration requirement not yet shown, with its section
    (3-2-9.B.3), and the registration due date with its explanation (B.2)."""
    if event.kind != CaseEvent.Kind.REQUIREMENTS_MISSING:
        raise ValueError("not a record of missing registration requirements")
    case = event.case
    findings = _findings(event.decision)
    missing = [
        f
        for f in findings
        if f["rule"] == "dangerous_dog.registration_requirements"
        and f["blocks"]
        and len(f["sections"]) == 1
    ]
    met = [
        f
        for f in findings
        if f["rule"] == "dangerous_dog.registration_requirements" and f["outcome"] == "met"
    ]
    due = _by_rule(event.decision, "dangerous_dog.registration")
    story: list[Flowable] = [
        AddressWindow(_address(case), [pdf.long_date(event.on), f"Case {case.number}"]),
        *pdf.title_block(
            "Dangerous dog registration: requirements not yet shown",
            f"City Code 3-2-9.B.3 · Case {pdf.text(case.number)}",
        ),
        pdf.para(
            f"{pdf.text(case.dog.name)} was deemed a Dangerous Dog on "
            f"{pdf.long_date(case.deemed_on)}. A Certificate of Registration issues only when "
            f"every requirement of City Code 3-2-9.B.3 is shown. On {pdf.long_date(event.on)} "
            f"the following {'was' if len(missing) == 1 else 'were'} not shown:"
        ),
        Spacer(1, 4),
        pdf.data_table(
            ["Section", "What is missing"],
            [[pdf.text(f["sections"][0]), pdf.text(f["message"])] for f in missing],
            [1.0, 6.0],
        ),
    ]
    if due:
        story += [
            Spacer(1, 6),
            KeepTogether(
                [
                    pdf.notice_box(
                        [f"Registration is due by {pdf.long_date(_due(due))} (3-2-9.B.2)."]
                    ),
                    pdf.bullets([pdf.text(line) for line in _explanation(due)], "small"),
                ]
            ),
            KeepTogether(state_registration_clock(case)),
        ]
    if met:
        story += [
            pdf.heading("Already shown"),
            pdf.bullets([pdf.text(f["message"]) for f in met], "small"),
        ]
    story += [
        pdf.heading("What the City Code requires (3-2-9.B.3)"),
        pdf.data_table(
            ["Section", "Requirement"],
            [[pdf.text(s), pdf.text(t)] for s, t in REGISTRATION_REQUIREMENTS],
            [1.0, 6.0],
            compact=True,
        ),
        pdf.para(
            "Bring the missing proof to the City offices: "
            + pdf.text(", ".join(pdf.office_lines()))
            + f", quoting case {pdf.text(case.number)}.",
        ),
        *_signature_block(f"{pdf.user_name(event.by)}, for the {AUTHORITY}"),
    ]
    return pdf.build(
        story,
        pdf.Page(label=f"Registration requirements, case {case.number}", fold_marks=True),
        title=f"Registration requirements not shown, {case.number}",
        subject=f"{case.dog.name}, City Code 3-2-9.B.3",
    )


# -------------------------------------------------------------------- notice of revocation

REVOCATION_QUOTES = (
    (
        "3-2-9.B.6.a",
        "Any Certificate of Registration for a Dangerous Dog may be revoked, following Hearing, if "
        "the Owner fails to maintain compliance with any registration requirement, or fails to "
        "keep or maintain the Dangerous Dog as required by any provision of this Section or "
        "applicable state law.",
    ),
    (
        "3-2-9.B.6.b",
        "Any Hearing to revoke a Certificate of Registration shall be held before a Hearing "
        "Officer within twenty (20) days of the date of the Notice, and shall comply with all the "
        "requirements as set forth in Section 3-2-9.A.2 of this Section. The Hearing Officer may "
        "allow the Hearing date to be extended beyond the twenty (20) day period for good cause.",
    ),
    (
        "3-2-9.B.6.c",
        "If a Dangerous Dog Certificate of Registration is revoked following Hearing, the Hearing "
        "Officer shall order the dog disposed of immediately or, in the alternative, permit the "
        "Owner a reasonable time period, not to exceed thirty (30) days, to obtain the dog if the "
        "Owner is in compliance with all registration requirements.",
    ),
)


def revocation_notice_pdf(revocation: Any) -> bytes:
    """The notice of revocation (3-2-9.B.6.b): the alleged reasons, and the date, time and
    location of the hearing, with how its twenty-day limit was counted."""
    case = revocation.case
    limit = _by_rule(revocation.decision, "dangerous_dog.revocation_hearing")
    story: list[Flowable] = [
        AddressWindow(_address(case), [pdf.long_date(revocation.served_on), f"Case {case.number}"]),
        *pdf.title_block(
            "Notice of Revocation Hearing — Dangerous Dog Registration",
            f"City Code 3-2-9.B.6 · Certificate {pdf.text(revocation.registration.certificate_number)}"
            f" · Case {pdf.text(case.number)}",
        ),
        pdf.para(
            f"The Animal Control Authority seeks to revoke the Certificate of Registration of "
            f"{pdf.text(case.dog.name)} ({pdf.text(case.dog.breed)}, {pdf.text(case.dog.color)}), "
            f"because the dog is not being kept in conformance with City Code 3-2-9 "
            f"(3-2-9.B.6.a)."
        ),
        pdf.heading("The alleged reasons (3-2-9.B.6.b)"),
        pdf.para(pdf.text(revocation.reasons)),
    ]
    if revocation.inspection is not None and not revocation.inspection.permitted:
        story.append(
            pdf.para(
                f"On {pdf.long_date(revocation.inspection.on)} the owner did not permit the "
                "inspection of the premises: by itself a ground to seize the dog immediately and "
                "revoke the registration (3-2-9.E.6)."
            )
        )
    story += [
        pdf.heading("The hearing"),
        pdf.notice_box(
            [pdf.text(pdf.local_datetime(revocation.hearing_at)), pdf.text(revocation.place)]
        ),
    ]
    if revocation.extension_good_cause:
        story.append(
            pdf.para(
                "Extended by the Hearing Officer beyond the twenty (20) days for good cause: "
                + pdf.text(revocation.extension_good_cause)
            )
        )
    if limit:
        story.append(
            pdf.para("The twenty days of 3-2-9.B.6.b, from the date of this notice:", "small")
        )
        story.append(pdf.bullets([pdf.text(line) for line in _explanation(limit)], "small"))
    story += [
        pdf.heading("At the hearing (3-2-9.A.2, through B.6.b)"),
        pdf.para(
            "You may be represented by private counsel of your choosing (not at public expense), "
            "present witnesses and documents, and cross-examine witnesses. The burden of proof is "
            "on the Animal Control Authority (3-2-9.A.2.f). The Hearing Officer issues the order "
            "within ten (10) days after the hearing (3-2-9.A.2.g)."
        ),
        pdf.citation_box(REVOCATION_QUOTES),
        *_signature_block(f"{pdf.user_name(revocation.noticed_by)}, for the {AUTHORITY}"),
    ]
    return pdf.build(
        story,
        pdf.Page(label=f"Notice of revocation hearing, case {case.number}", fold_marks=True),
        title=f"Notice of revocation hearing {case.number}",
        subject=f"{case.dog.name}, City Code 3-2-9.B.6",
    )
