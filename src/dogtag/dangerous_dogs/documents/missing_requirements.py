"""The letter listing each registration requirement not yet shown, with its section
(dangerous_dog.registration_requirements), and the registration due date with its explanation
(dangerous_dog.registration)."""

from __future__ import annotations

from reportlab.platypus import Flowable, KeepTogether, Spacer

from dogtag.dangerous_dogs import provisions as P
from dogtag.dangerous_dogs.documents.requirements import registration_requirements
from dogtag.dangerous_dogs.documents.shared import (
    AUTHORITY,
    address,
    by_rule,
    due_on,
    explanation,
    findings_of,
    signature_block,
    state_registration_clock,
)
from dogtag.dangerous_dogs.models import CaseEvent
from dogtag.records import pdf
from dogtag.records.letters import AddressWindow


def missing_requirements_pdf(event: CaseEvent) -> bytes:
    """The letter listing each registration requirement not yet shown, with its section, and the
    registration due date with its explanation."""
    if event.kind != CaseEvent.Kind.REQUIREMENTS_MISSING:
        raise ValueError("not a record of missing registration requirements")
    case = event.case
    findings = findings_of(event.decision)
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
    due = by_rule(event.decision, "dangerous_dog.registration")
    story: list[Flowable] = [
        AddressWindow(address(case), [pdf.long_date(event.on), f"Case {case.number}"]),
        *pdf.title_block(
            "Dangerous dog registration: requirements not yet shown",
            f"{pdf.city_code(P.REQUIREMENTS)} · Case {pdf.text(case.number)}",
        ),
        pdf.para(
            f"{pdf.text(case.dog.name)} was deemed a Dangerous Dog on "
            f"{pdf.long_date(case.deemed_on)}. A Certificate of Registration issues only when "
            f"every requirement of {pdf.city_code(P.REQUIREMENTS)} is shown. On {pdf.long_date(event.on)} "
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
                        [
                            f"Registration is due by {pdf.long_date(due_on(due))} "
                            f"({P.sec(P.REGISTRATION)})."
                        ]
                    ),
                    pdf.bullets([pdf.text(line) for line in explanation(due)], "small"),
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
        pdf.heading(f"What the City Code requires ({P.sec(P.REQUIREMENTS)})"),
        pdf.data_table(
            ["Section", "Requirement"],
            [[pdf.text(s), pdf.text(t)] for s, t in registration_requirements()],
            [1.0, 6.0],
            compact=True,
        ),
        pdf.para(
            "Bring the missing proof to the City offices: "
            + pdf.text(", ".join(pdf.office_lines()))
            + f", quoting case {pdf.text(case.number)}.",
        ),
        *signature_block(f"{pdf.user_name(event.by)}, for the {AUTHORITY}"),
    ]
    return pdf.build(
        story,
        pdf.Page(label=f"Registration requirements, case {case.number}", fold_marks=True),
        title=f"Registration requirements not shown, {case.number}",
        subject=f"{case.dog.name}, {pdf.city_code(P.REQUIREMENTS)}",
    )
