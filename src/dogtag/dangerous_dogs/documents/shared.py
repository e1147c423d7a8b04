"""What the dangerous-dog documents share: the Authority's name, the quoted sections, the findings
read back from a stored Decision, the owner's address, the dog's description (3-2-9.A.1.a(1)), the
state's registration clock beside the city's (Minn. Stat. 347.54 subd. 1 through 3-2-8) and the
signature block."""

from __future__ import annotations

import datetime as dt
from typing import Any

from reportlab.platypus import Flowable, Spacer

from dogtag.dangerous_dogs import deadlines, prose
from dogtag.dangerous_dogs.models import DangerousDogCase
from dogtag.law import dangerous_dog_clocks, ordinance
from dogtag.law.dangerous_dog_clocks import case_registration_clocks
from dogtag.records import pdf
from dogtag.records.services import city_params

AUTHORITY = "Animal Control Authority"

#: The sections each document quotes, in the ordinance's own words (``law.ordinance.quote``),
#: quoted from the text of the city in force when a document is drawn, never at import.
QUOTES = pdf.LazyQuotes(
    {
        "3-2-9.A": lambda: ordinance.quote(
            "3-2-9.A", "The Animal Control Authority", "of this Section."
        ),
        "3-2-9.A.1.c": lambda: ordinance.quote("3-2-9.A.1.c"),
        "3-2-9.A.1.d": lambda: ordinance.quote("3-2-9.A.1.d"),
        "3-2-9.A.1.e": lambda: ordinance.quote("3-2-9.A.1.e"),
        "3-2-9.A.1.f": lambda: ordinance.quote("3-2-9.A.1.f"),
        "3-2-9.A.2.a": lambda: ordinance.quote("3-2-9.A.2.a"),
        "3-2-9.A.2.b": lambda: ordinance.quote("3-2-9.A.2.b"),
        "3-2-9.A.2.d-e": lambda: (
            ordinance.quote("3-2-9.A.2.d", "The Owner may be represented")
            + " "
            + ordinance.quote("3-2-9.A.2.e")
        ),
        "3-2-9.A.2.f": lambda: ordinance.quote("3-2-9.A.2.f"),
        "3-2-9.A.2.g": lambda: ordinance.quote("3-2-9.A.2.g"),
        "3-2-9.A.3": lambda: ordinance.quote("3-2-9.A.3", "The Hearing Officer, upon finding"),
        "3-2-9.A.4": lambda: ordinance.quote("3-2-9.A.4"),
        "3-2-9.B.2": lambda: ordinance.quote("3-2-9.B.2", "All dogs deemed Dangerous"),
        "3-2-9.B.3": lambda: ordinance.quote("3-2-9.B.3", "The Animal Control Authority") + " ...",
        "3-2-9.B.7": lambda: ordinance.quote("3-2-9.B.7", "An Owner of a Dangerous Dog"),
        "3-2-9.E.5": lambda: ordinance.quote("3-2-9.E.5"),
    }
)

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
    and insured within the state's days after the notice; beside the city's days after it is deemed
    dangerous (3-2-9.B.2) both clocks run, and the one that ends first controls (LEGAL-NOTES §3). Counted
    from the case's records (the date of the Notice, the day deemed) by the rules core, as on
    the case page; nothing while the notice is not served."""
    params = city_params()
    clocks = case_registration_clocks(
        case.notice_date, case.deemed_on, params, upheld_on=deadlines.upheld_on(case)
    )
    if clocks.state is None or clocks.state.deadline is None or clocks.controlling is None:
        if case.notice_issued_on is None:
            return []
        days = prose.period("dangerous_dog.seizure_unregistered", case.notice_issued_on, params)
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
                f"Dangerous Dog not registered and insured {pdf.text(days.display())} after "
                f"{pdf.text(dangerous_dog_clocks.counted_from(clocks.state))} is seized. "
                f"Register and insure the dog by {pdf.long_date(clocks.state.deadline.due)}."
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
