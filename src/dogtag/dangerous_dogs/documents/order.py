"""The Hearing Officer's written order (dangerous_dog.hearing.order), with the findings on each
criterion when destruction is ordered (dangerous_dog.destruction), the burden and standard of proof
(dangerous_dog.hearing.standard_of_proof) and the right of review (dangerous_dog.certiorari)."""

from __future__ import annotations

from reportlab.platypus import Flowable

from dogtag.dangerous_dogs import prose
from dogtag.dangerous_dogs import provisions as P
from dogtag.dangerous_dogs.documents.shared import (
    by_rule,
    due_on,
    official,
    quoted,
    signature_block,
    state_registration_clock,
)
from dogtag.dangerous_dogs.models import Order
from dogtag.law.dangerous_dogs import DESTRUCTION_CRITERIA
from dogtag.records import pdf


def order_pdf(order: Order) -> bytes:
    """The Hearing Officer's written order, with the findings on destruction when it is ordered,
    the burden and standard of proof and the right of review."""
    hearing = order.hearing
    case = hearing.case
    standard = by_rule(order.decision, "dangerous_dog.standard_of_proof")
    due = by_rule(order.decision, "dangerous_dog.order")
    registration = by_rule(order.decision, "dangerous_dog.registration")
    comply = by_rule(order.decision, "dangerous_dog.comply_after_decision")
    story: list[Flowable] = [
        *pdf.title_block(
            "Order of the Hearing Officer — Dangerous Dog",
            f"{pdf.city_code(P.ORDER, P.DESTRUCTION)} · Case {pdf.text(case.number)}",
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
        pdf.heading(f"Burden and standard of proof ({P.sec(P.STANDARD_OF_PROOF)})"),
        pdf.para(pdf.text(standard["message"]) if standard else ""),
        pdf.heading("Findings of fact"),
        pdf.para(pdf.text(order.findings_of_fact)),
    ]
    if order.disposition == Order.Disposition.DESTRUCTION:
        story += [
            pdf.heading(
                f"Findings of fact on each criterion for destruction ({P.sec(P.DESTRUCTION)})"
            ),
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
                f"The Animal Control Authority shall take the dog into custody ({P.sec(P.ORDER)}). "
                "Any person who fails or refuses to release the dog upon demand is guilty of a "
                f"misdemeanor ({P.sec(P.RELEASE_ON_DEMAND)})."
            )
        )
    if registration:
        lines = [
            "The dog is deemed Dangerous as of this order. Register it with the Animal Control "
            f"Authority by {pdf.long_date(due_on(registration))} ({P.sec(P.REGISTRATION)}), "
            f"meeting every requirement of {P.sec(P.REQUIREMENTS)}."
        ]
        if comply:
            lines.append(
                f"Comply with all other dangerous dog requirements by "
                f"{pdf.long_date(due_on(comply))}, "
                f"{prose.days('dangerous_dog.comply_after_decision', 'words_unit', order.received_on)}"
                " from receipt of this decision on "
                f"{pdf.long_date(order.received_on)} ({P.sec(P.INTERIM_COMPLIANCE)})."
            )
        story.append(pdf.bullets(lines))
        story += state_registration_clock(case)
    if order.seizure_not_justified:
        story.append(
            pdf.para(
                "The Hearing Officer finds the seizure or impoundment was not substantially "
                f"justified by law: its costs are not the owner's "
                f"({P.sec(P.NOTICE_COSTS, P.COSTS)})."
            )
        )
    else:
        story.append(
            pdf.para(
                "Costs: the owner is liable for all costs and expenses related to the hearing "
                f"({P.sec(P.HEARING_COSTS)}) and for the actual costs of care, keeping and disposal "
                f"of the dog ({P.sec(P.COSTS)}).",
                "small",
            )
        )
    if due:
        order_days = prose.days("dangerous_dog.order", "words_unit", hearing.held_on)
        timing = (
            f"This order is issued late: it was due by {pdf.long_date(due_on(due))}, "
            f"{order_days} after the hearing ({P.sec(P.ORDER)})."
            if order.late
            else f"Issued within the {order_days} of {P.sec(P.ORDER)} (due by "
            f"{pdf.long_date(due_on(due))})."
        )
        story.append(pdf.para(pdf.text(timing), "small"))
    story += [
        pdf.heading(f"Review ({P.sec(P.CERTIORARI)})"),
        pdf.para(
            "This decision is a quasi-judicial determination subject to review by writ of "
            "certiorari to the Minnesota Court of Appeals."
        ),
        pdf.citation_box(quoted(P.STANDARD_OF_PROOF, P.ORDER, P.DESTRUCTION, P.CERTIORARI)),
        *signature_block(f"{pdf.user_name(order.issued_by)}, Hearing Officer"),
    ]
    return pdf.build(
        story,
        pdf.Page(label=f"Hearing Officer's order, case {case.number}"),
        title=f"Hearing Officer's order {case.number}",
        subject=f"{case.dog.name}, {pdf.city_code(P.ORDER)}",
    )
