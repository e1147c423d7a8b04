"""The notice of revocation of a Certificate of Registration (dangerous_dog.revocation.hearing):
the alleged reasons, and the date, time and location of the hearing."""

from __future__ import annotations

from typing import Any

from reportlab.platypus import Flowable

from dogtag.dangerous_dogs import prose
from dogtag.dangerous_dogs import provisions as P
from dogtag.dangerous_dogs.documents.shared import (
    AUTHORITY,
    address,
    by_rule,
    explanation,
    signature_block,
)
from dogtag.law import ordinance
from dogtag.law.provisions import cite
from dogtag.records import pdf
from dogtag.records.letters import AddressWindow


def revocation_quotes() -> tuple[tuple[str, str], ...]:
    """The revocation's grounds, hearing and disposition in the ordinance's words, quoted when
    the notice is drawn (never at import)."""
    grounds, hearing, disposition = (
        cite(c) for c in (P.REVOCATION_GROUNDS, P.REVOCATION_HEARING, P.REVOCATION_DISPOSITION)
    )
    return (
        (grounds, ordinance.quote(grounds, end="or applicable state law.")),
        (hearing, ordinance.quote(hearing, "Any Hearing to revoke")),
        (disposition, ordinance.quote(disposition)),
    )


def revocation_notice_pdf(revocation: Any) -> bytes:
    """The notice of revocation: the alleged reasons, and the date, time and
    location of the hearing, with how its limit in days was counted."""
    case = revocation.case
    limit = by_rule(revocation.decision, "dangerous_dog.revocation_hearing")

    def days(style: str) -> str:
        # the days in force on the date of the notice, from which they count
        return prose.days("dangerous_dog.revocation_hearing", style, revocation.notice_date)

    story: list[Flowable] = [
        AddressWindow(address(case), [pdf.long_date(revocation.served_on), f"Case {case.number}"]),
        *pdf.title_block(
            "Notice of Revocation Hearing — Dangerous Dog Registration",
            f"{pdf.city_code(P.REVOCATION)} · Certificate "
            f"{pdf.text(revocation.registration.certificate_number)}"
            f" · Case {pdf.text(case.number)}",
        ),
        pdf.para(
            f"The Animal Control Authority seeks to revoke the Certificate of Registration of "
            f"{pdf.text(case.dog.name)} ({pdf.text(case.dog.breed)}, {pdf.text(case.dog.color)}), "
            f"because the dog is not being kept in conformance with {pdf.city_code(P.SECTION)} "
            f"({P.sec(P.REVOCATION_GROUNDS)})."
        ),
        pdf.heading(f"The alleged reasons ({P.sec(P.REVOCATION_HEARING)})"),
        pdf.para(pdf.text(revocation.reasons)),
    ]
    if revocation.inspection is not None and not revocation.inspection.permitted:
        story.append(
            pdf.para(
                f"On {pdf.long_date(revocation.inspection.on)} the owner did not permit the "
                "inspection of the premises: by itself a ground to seize the dog immediately and "
                f"revoke the registration ({P.sec(P.INSPECTION)})."
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
                f"Extended by the Hearing Officer beyond the {days('ordinance')} for good cause: "
                + pdf.text(revocation.extension_good_cause)
            )
        )
    if limit:
        story.append(
            pdf.para(
                f"The {days('words_unit')} of {P.sec(P.REVOCATION_HEARING)}, from the date of this "
                "notice:",
                "small",
            )
        )
        story.append(pdf.bullets([pdf.text(line) for line in explanation(limit)], "small"))
    story += [
        pdf.heading(
            f"At the hearing ({P.sec(P.HEARING_REQUIREMENTS)}, through "
            f"{P.within(P.REVOCATION_HEARING)})"
        ),
        pdf.para(
            "You may be represented by private counsel of your choosing (not at public expense), "
            "present witnesses and documents, and cross-examine witnesses. The burden of proof is "
            f"on the Animal Control Authority ({P.sec(P.STANDARD_OF_PROOF)}). The Hearing Officer "
            "issues the order "
            f"within {prose.days('dangerous_dog.order', 'ordinance', revocation.notice_date)}"
            f" after the hearing ({P.sec(P.ORDER)})."
        ),
        pdf.citation_box(revocation_quotes()),
        *signature_block(f"{pdf.user_name(revocation.noticed_by)}, for the {AUTHORITY}"),
    ]
    return pdf.build(
        story,
        pdf.Page(label=f"Notice of revocation hearing, case {case.number}", fold_marks=True),
        title=f"Notice of revocation hearing {case.number}",
        subject=f"{case.dog.name}, {pdf.city_code(P.REVOCATION)}",
    )
