"""The notice of the date, time and place of the hearing on the designation (dangerous_dog.hearing)."""

from __future__ import annotations

from reportlab.platypus import Flowable, Spacer

from dogtag.dangerous_dogs import prose
from dogtag.dangerous_dogs import provisions as P
from dogtag.dangerous_dogs.documents.shared import address, by_rule, explanation, quoted
from dogtag.dangerous_dogs.models import CaseEvent, Hearing
from dogtag.records import pdf
from dogtag.records.letters import AddressWindow


def hearing_notice_pdf(hearing: Hearing) -> bytes:
    """The notice of the date, time and place of the hearing (dangerous_dog.hearing.requirements)."""
    case = hearing.case
    if hearing.scheduled_at is None:
        raise ValueError(f"case {case.number}: the hearing is not scheduled")
    event = (
        case.events.filter(kind=CaseEvent.Kind.HEARING_SCHEDULED).select_related("decision").last()
    )
    limit = by_rule(event.decision if event else None, "dangerous_dog.hearing")

    def days(style: str) -> str:
        # the days in force when the Authority received the request, from which they count
        return prose.days("dangerous_dog.hearing", style, hearing.requested_on)

    story: list[Flowable] = [
        AddressWindow(
            address(case),
            [pdf.long_date(hearing.scheduled_on or hearing.requested_on), f"Case {case.number}"],
        ),
        *pdf.title_block(
            "Notice of Hearing — Dangerous Dog",
            f"{pdf.city_code(P.HEARING_REQUIREMENTS)} · Case {pdf.text(case.number)}",
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
                f"The Hearing Officer extended the hearing date beyond the {days('ordinance')} "
                f"for good cause ({P.sec(P.HEARING)}): {pdf.text(hearing.extension_good_cause)}"
            )
        )
    if limit:
        story.append(
            pdf.para(f"The {days('words_unit')} of {P.sec(P.HEARING)} were counted so:", "small")
        )
        story.append(pdf.bullets([pdf.text(line) for line in explanation(limit)], "small"))
    story += [
        pdf.heading("At the hearing"),
        pdf.para(
            "The records of the Animal Control Authority, police reports relating to an attack or "
            "bite, medical records, and all reliable hearsay are admissible without further "
            f"foundation ({P.sec(P.HEARING_RECORDS)}). The burden of proof is on the Animal Control "
            f"Authority ({P.sec(P.STANDARD_OF_PROOF)})."
        ),
        pdf.citation_box(quoted(P.HEARING, P.REPRESENTATION, P.STANDARD_OF_PROOF)),
    ]
    return pdf.build(
        story,
        pdf.Page(label=f"Notice of hearing, case {case.number}", fold_marks=True),
        title=f"Notice of hearing {case.number}",
        subject=f"{case.dog.name}, {pdf.city_code(P.HEARING_REQUIREMENTS)}",
    )
