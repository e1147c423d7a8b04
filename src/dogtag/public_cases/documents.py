"""The confirmation of a hearing request received online (dangerous_dog.notice.hearing_request), as
a PDF built with the
records' document framework: the case, the dog, when it was received, the last day of the window,
what happens next, and the sections quoted."""

from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.platypus import Flowable, Spacer

from dogtag.dangerous_dogs import provisions as P
from dogtag.dangerous_dogs.documents.shared import quoted
from dogtag.public_cases.hearing import Receipt, flag_sentence
from dogtag.records import pdf
from dogtag.records.services import cited_as


def confirmation_pdf(receipt: Receipt) -> bytes:
    case = receipt.case
    received = pdf.local_datetime(receipt.received_at)
    story: list[Flowable] = [
        *pdf.title_block(
            _("Request for a Hearing — Received"),
            _("%(citation)s · Case %(number)s")
            % {"citation": cited_as(P.sec(P.HEARING_REQUEST)), "number": pdf.text(case.number)},
        ),
        pdf.field_table(
            [
                (_("Case"), pdf.text(case.number)),
                (_("Dog"), pdf.text(f"{case.dog.name}, {case.dog.breed}, {case.dog.color}")),
                (_("Requested by"), pdf.text(receipt.requested_by)),
                (_("Received"), pdf.text(received) + " " + _("(online, in writing)")),
                (
                    _("Last day to request"),
                    pdf.long_date(receipt.window_due) if receipt.window_due else "—",
                ),
            ]
        ),
        Spacer(1, 8),
    ]
    if receipt.flagged:
        story += [
            pdf.notice_box([pdf.text(flag_sentence(receipt))]),
            Spacer(1, 4),
            pdf.para(pdf.text(receipt.finding), "small"),
        ]
    else:
        story += [
            pdf.heading(_("What happens next")),
            pdf.bullets(
                [
                    pdf.text(
                        _(
                            "The hearing before the Hearing Officer must be held by %(due)s, "
                            "unless it is extended for good cause (%(hearing)s). The city sends "
                            "you a notice of its date, time and place."
                        )
                        % {"due": pdf.long_date(receipt.hearing_due), "hearing": P.sec(P.HEARING)}
                    ),
                    pdf.text(
                        _(
                            "Until the Hearing Officer decides, you must comply with Minn. Stat. "
                            "347.52 (a) to (c) (%(interim)s), or the dog may be seized "
                            "(%(pending)s)."
                        )
                        % {
                            "interim": P.sec(P.INTERIM_COMPLIANCE),
                            "pending": P.sec(P.PENDING_HEARING),
                        }
                    ),
                    pdf.text(
                        _(
                            "The owner who requests a hearing is liable to the City for the costs "
                            "of the hearing (%(costs)s). You may be represented by counsel "
                            "(%(counsel)s)."
                        )
                        % {"costs": P.sec(P.HEARING_COSTS), "counsel": P.sec(P.REPRESENTATION)}
                    ),
                ]
            ),
        ]
    story.append(
        pdf.citation_box(
            quoted(P.HEARING_REQUEST, P.INTERIM_COMPLIANCE, P.DESIGNATION_STANDS, P.HEARING)
        )
    )
    return pdf.build(
        story,
        pdf.Page(label=_("Hearing request received, case %(number)s") % {"number": case.number}),
        title=f"Hearing request {case.number}",
        subject=f"{case.dog.name}, {pdf.city_code(P.HEARING_REQUEST)}",
    )
