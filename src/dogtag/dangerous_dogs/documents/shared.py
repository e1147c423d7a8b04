"""What the dangerous-dog documents share: the Authority's name, the quoted provisions, the
findings read back from a stored Decision, the owner's address, the dog's description
(dangerous_dog.notice.dog_description), the state's registration clock beside the city's (Minn.
Stat. 347.54 subd. 1 through the city's incorporation of it) and the signature block."""

from __future__ import annotations

import datetime as dt
from typing import Any

from reportlab.platypus import Flowable, Spacer

from dogtag.dangerous_dogs import deadlines, prose
from dogtag.dangerous_dogs import provisions as P
from dogtag.dangerous_dogs.models import DangerousDogCase
from dogtag.law import dangerous_dog_clocks, ordinance
from dogtag.law.dangerous_dog_clocks import case_registration_clocks
from dogtag.law.provisions import cite
from dogtag.records import pdf
from dogtag.records.services import city_params

AUTHORITY = "Animal Control Authority"


def _quote(concept: str, begin: str | None = None, end: str | None = None) -> str:
    return ordinance.quote(cite(concept), begin, end)


#: The provisions the documents quote, in the ordinance's own words (``law.ordinance.quote``),
#: each by its concept, quoted from the text of the city in force when a document is drawn, never
#: at import. The representation is quoted with the evidence the parties may present after it.
QUOTES = pdf.LazyQuotes(
    {
        P.DESIGNATION: lambda: _quote(
            P.DESIGNATION, "The Animal Control Authority", "of this Section."
        ),
        P.HEARING_REQUEST: lambda: _quote(P.HEARING_REQUEST),
        P.INTERIM_COMPLIANCE: lambda: _quote(P.INTERIM_COMPLIANCE),
        P.DESIGNATION_STANDS: lambda: _quote(P.DESIGNATION_STANDS),
        P.NOTICE_COSTS: lambda: _quote(P.NOTICE_COSTS),
        P.HEARING: lambda: _quote(P.HEARING),
        P.PENDING_HEARING: lambda: _quote(P.PENDING_HEARING),
        P.REPRESENTATION: lambda: (
            _quote(P.REPRESENTATION, "The Owner may be represented")
            + " "
            + _quote(P.HEARING_EVIDENCE)
        ),
        P.STANDARD_OF_PROOF: lambda: _quote(P.STANDARD_OF_PROOF),
        P.ORDER: lambda: _quote(P.ORDER),
        P.DESTRUCTION: lambda: _quote(P.DESTRUCTION, "The Hearing Officer, upon finding"),
        P.CERTIORARI: lambda: _quote(P.CERTIORARI),
        P.REGISTRATION: lambda: _quote(P.REGISTRATION, "All dogs deemed Dangerous"),
        P.REQUIREMENTS: lambda: _quote(P.REQUIREMENTS, "The Animal Control Authority") + " ...",
        P.RENEWAL: lambda: _quote(P.RENEWAL, "An Owner of a Dangerous Dog"),
        P.TAG: lambda: _quote(P.TAG),
    }
)


def quoted(*concepts: str) -> list[tuple[str, str]]:
    """(section, words) of each provision quoted, for ``pdf.citation_box``: the representation
    cited with the evidence quoted after it."""
    return [
        (P.span(c, P.HEARING_EVIDENCE) if c == P.REPRESENTATION else cite(c), QUOTES[c])
        for c in concepts
    ]


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
    """Minn. Stat. 347.54 subd. 1 through the city's incorporation (incorporation.state_statutes):
    the state seizes a dangerous dog not registered and insured within the state's days after the
    notice; beside the city's days after it is deemed dangerous (dangerous_dog.registration) both
    clocks run, and the one that ends first controls (LEGAL-NOTES §3). Counted
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
                f"State law (Minn. Stat. 347.54 subd. 1, incorporated by "
                f"{pdf.city_code(P.INCORPORATION)}): a "
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
                f"State law (Minn. Stat. 347.54 subd. 1, incorporated by "
                f"{pdf.city_code(P.INCORPORATION)}): a "
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
    """The description of the dog deemed dangerous (dangerous_dog.notice.dog_description)."""
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
