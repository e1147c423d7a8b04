"""The notice of revocation of a Certificate of Registration (3-2-9.B.6.b): the alleged reasons,
and the date, time and location of the hearing."""

from __future__ import annotations

from typing import Any

from reportlab.platypus import Flowable

from dogtag.dangerous_dogs.documents.shared import (
    AUTHORITY,
    address,
    by_rule,
    explanation,
    signature_block,
)
from dogtag.records import pdf
from dogtag.records.letters import AddressWindow

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
    limit = by_rule(revocation.decision, "dangerous_dog.revocation_hearing")
    story: list[Flowable] = [
        AddressWindow(address(case), [pdf.long_date(revocation.served_on), f"Case {case.number}"]),
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
        story.append(pdf.bullets([pdf.text(line) for line in explanation(limit)], "small"))
    story += [
        pdf.heading("At the hearing (3-2-9.A.2, through B.6.b)"),
        pdf.para(
            "You may be represented by private counsel of your choosing (not at public expense), "
            "present witnesses and documents, and cross-examine witnesses. The burden of proof is "
            "on the Animal Control Authority (3-2-9.A.2.f). The Hearing Officer issues the order "
            "within ten (10) days after the hearing (3-2-9.A.2.g)."
        ),
        pdf.citation_box(REVOCATION_QUOTES),
        *signature_block(f"{pdf.user_name(revocation.noticed_by)}, for the {AUTHORITY}"),
    ]
    return pdf.build(
        story,
        pdf.Page(label=f"Notice of revocation hearing, case {case.number}", fold_marks=True),
        title=f"Notice of revocation hearing {case.number}",
        subject=f"{case.dog.name}, City Code 3-2-9.B.6",
    )
