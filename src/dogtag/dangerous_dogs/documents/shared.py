"""What the dangerous-dog documents share: the Authority's name, the quoted sections, the findings
read back from a stored Decision, the owner's address, the dog's description (3-2-9.A.1.a(1)), the
state's registration clock beside the city's (Minn. Stat. 347.54 subd. 1 through 3-2-8) and the
signature block."""

from __future__ import annotations

import datetime as dt
from typing import Any

from reportlab.platypus import Flowable, Spacer

from dogtag.dangerous_dogs.models import DangerousDogCase
from dogtag.law.dangerous_dog_clocks import REGISTRATION_DAYS, registration_clocks
from dogtag.records import pdf
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


def findings_of(decision: Any) -> list[dict[str, Any]]:
    return list(decision.findings) if decision is not None else []


def by_rule(decision: Any, rule: str) -> dict[str, Any] | None:
    return next((f for f in findings_of(decision) if f["rule"] == rule), None)


def explanation(finding: dict[str, Any] | None) -> list[str]:
    if not finding:
        return []
    deadline = finding.get("deadline")
    if isinstance(deadline, dict) and deadline.get("explanation"):
        return [str(line) for line in deadline["explanation"]]
    return [str(finding["message"])]


def due_on(finding: dict[str, Any] | None) -> dt.date | None:
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


def address(case: DangerousDogCase) -> list[str]:
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


def official(user: Any) -> str:
    return pdf.text(pdf.user_name(user))


def signature_block(label: str) -> list[Flowable]:
    return [
        Spacer(1, 18),
        pdf.para("______________________________________", "body"),
        pdf.para(pdf.text(label), "muted"),
    ]
