"""The Hearing Officer's written order (3-2-9.A.2.g), with the A.3 findings when destruction is
ordered, the burden and standard of proof (A.2.f) and the right of review (A.4)."""

from __future__ import annotations

from reportlab.platypus import Flowable

from dogtag.dangerous_dogs import prose
from dogtag.dangerous_dogs.documents.shared import (
    QUOTES,
    by_rule,
    due_on,
    official,
    signature_block,
    state_registration_clock,
)
from dogtag.dangerous_dogs.models import Order
from dogtag.law.dangerous_dogs import DESTRUCTION_CRITERIA
from dogtag.records import pdf


def order_pdf(order: Order) -> bytes:
    """The Hearing Officer's written order (3-2-9.A.2.g), with the A.3 findings when destruction
    is ordered, the burden and standard of proof (A.2.f) and the right of review (A.4)."""
    hearing = order.hearing
    case = hearing.case
    standard = by_rule(order.decision, "dangerous_dog.standard_of_proof")
    due = by_rule(order.decision, "dangerous_dog.order")
    registration = by_rule(order.decision, "dangerous_dog.registration")
    comply = by_rule(order.decision, "dangerous_dog.comply_after_decision")
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
                ("Hearing Officer", official(hearing.hearing_officer)),
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
            f"Authority by {pdf.long_date(due_on(registration))} (3-2-9.B.2), meeting every "
            "requirement of 3-2-9.B.3."
        ]
        if comply:
            lines.append(
                f"Comply with all other dangerous dog requirements by "
                f"{pdf.long_date(due_on(comply))}, "
                f"{prose.days('dangerous_dog.comply_after_decision', 'words_unit', order.received_on)}"
                " from receipt of this decision on "
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
        order_days = prose.days("dangerous_dog.order", "words_unit", hearing.held_on)
        timing = (
            f"This order is issued late: it was due by {pdf.long_date(due_on(due))}, "
            f"{order_days} after the hearing (3-2-9.A.2.g)."
            if order.late
            else f"Issued within the {order_days} of 3-2-9.A.2.g (due by "
            f"{pdf.long_date(due_on(due))})."
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
        *signature_block(f"{pdf.user_name(order.issued_by)}, Hearing Officer"),
    ]
    return pdf.build(
        story,
        pdf.Page(label=f"Hearing Officer's order, case {case.number}"),
        title=f"Hearing Officer's order {case.number}",
        subject=f"{case.dog.name}, City Code 3-2-9.A.2.g",
    )
