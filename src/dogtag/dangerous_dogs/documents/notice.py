"""The Notice of Dangerous Dog (3-2-9.A.1 a-f) with, as its own last page, the pre-printed hearing
request form (A.1.c)."""

from __future__ import annotations

import datetime as dt

from django.urls import reverse
from django.utils import timezone
from reportlab.platypus import Flowable, PageBreak, Spacer

from dogtag.dangerous_dogs import codes, prose
from dogtag.dangerous_dogs.documents.requirements import (
    OTHER_RESTRICTIONS,
    PENDING_347_52,
    REGISTRATION_REQUIREMENTS,
)
from dogtag.dangerous_dogs.documents.shared import (
    AUTHORITY,
    QUOTES,
    address,
    by_rule,
    dog_description,
    due_on,
    explanation,
    official,
    signature_block,
    state_registration_clock,
)
from dogtag.dangerous_dogs.models import CaseEvent, DangerousDogCase
from dogtag.law.dangerous_dogs import CRITERIA
from dogtag.records import links, pdf
from dogtag.records.letters import AddressWindow


def request_page_address() -> str:
    """The web address of the residents' hearing request page, as printed on the notice: on the
    site's public address (``records.links``), wherever it is served."""
    return links.absolute(reverse("residents:hearing_request"))


def online_request(case: DangerousDogCase) -> list[Flowable]:
    """How to request the hearing online: the page's address, the case number and the case's
    code (a request there is a written request made directly to the Authority, A.1.c)."""
    if not case.hearing_request_code:
        return []
    return [
        pdf.para(
            "Or request the hearing online, at any hour: go to "
            f"<b>{pdf.text(request_page_address())}</b> and type the case number "
            f"<b>{pdf.text(case.number)}</b> and this code: "
            f"<b>{pdf.text(codes.printed(case.hearing_request_code))}</b>. The date and time the "
            "request arrives is recorded, and you receive a confirmation. Keep the code to "
            "yourself: with the case number it requests the hearing."
        ),
    ]


def _incident_rows(case: DangerousDogCase) -> list[list[str]]:
    rows = []
    for incident in case.incidents.all():
        local = timezone.localtime(incident.occurred_at)
        rows.append(
            [
                pdf.long_date(local.date()),
                local.strftime("%I:%M %p").lstrip("0"),
                pdf.text(incident.place),
                pdf.text(incident.facts),
            ]
        )
    return rows


def _criteria_text(case: DangerousDogCase) -> list[str]:
    return [
        f"The dog {pdf.text(CRITERIA[key][1])} ({pdf.text(CRITERIA[key][0])})."
        for key in case.criteria
        if key in CRITERIA
    ]


def notice_pdf(case: DangerousDogCase) -> bytes:
    """The Notice of Dangerous Dog (3-2-9.A.1 a-f) and the pre-printed hearing request form."""
    if case.notice_issued_on is None:
        raise ValueError(f"case {case.number}: the notice has not been issued")
    service = case.events.filter(kind=CaseEvent.Kind.SERVED).select_related("decision").first()
    window = by_rule(service.decision, "dangerous_dog.hearing_request") if service else None
    window_due = due_on(window)
    on = case.notice_issued_on

    def days(clock: str, style: str = "ordinance") -> str:
        # the days in force on the date of the notice
        return prose.days(f"dangerous_dog.{clock}", style, on)

    authority = case.get_authority_display()
    story: list[Flowable] = [
        AddressWindow(address(case), [pdf.long_date(case.notice_issued_on), f"Case {case.number}"]),
        *pdf.title_block(
            "Notice of Dangerous Dog",
            f"City Code 3-2-9.A.1 · Minn. Stat. 347.50–347.565 (3-2-8) · Case "
            f"{pdf.text(case.number)}",
        ),
        pdf.para(
            f"To {pdf.text(case.owner.name)}, owner of record of the dog described below. The "
            f"{pdf.text(authority)} has determined that your dog is a <b>Dangerous Dog</b> "
            f"(3-2-9.A). This notice is served on you personally, on a person of suitable age and "
            f"discretion at your residence, or by mail; service upon any owner is effective as to "
            f"all owners (3-2-9.A.1.a)."
        ),
        pdf.heading("The incidents (3-2-9.A.1.a)"),
        pdf.data_table(
            ["Date", "Time", "Place", "Facts"], _incident_rows(case), [1.2, 0.8, 1.8, 3.4]
        ),
        pdf.heading("(1) The dog (3-2-9.A.1.a(1))"),
        pdf.field_table(dog_description(case)),
        pdf.heading("(2) The factual basis for the determination (3-2-9.A.1.a(2))"),
        pdf.para(pdf.text(case.factual_basis)),
        pdf.bullets(_criteria_text(case), "small"),
        pdf.heading("(3) Who made the determination, and by what authority (3-2-9.A.1.a(3))"),
        pdf.para(
            f"Determined on {pdf.long_date(case.designated_on)} by "
            f"{official(case.designated_by)}, for the {pdf.text(authority)} of the "
            f"{pdf.text(pdf.city_name())}, under City Code 3-2-9.A and Minn. Stat. 347.50 subd. 2 "
            f"(incorporated by City Code 3-2-8)."
        ),
        pdf.heading("(4) Seizure (3-2-9.A.1.a(4))"),
    ]
    if case.seized:
        story.append(
            pdf.field_table(
                [
                    ("The dog is kept at", pdf.text(case.kept_at)),
                    ("Contact address", pdf.text(case.contact_address)),
                    ("Contact telephone", pdf.text(case.contact_phone)),
                ]
            )
        )
    else:
        story.append(pdf.para("The dog has not been seized."))
    story += [
        pdf.heading("Registration requirements and restrictions (3-2-9.A.1.b)"),
        pdf.para(
            "A Dangerous Dog must be registered with the Animal Control Authority within "
            f"{days('registration')} after it is deemed dangerous (3-2-9.B.2). A Certificate of "
            "Registration issues only when every one of these is shown (3-2-9.B.3):",
            "small",
        ),
        pdf.data_table(
            ["Section", "Requirement"],
            [[pdf.text(s), pdf.text(t)] for s, t in REGISTRATION_REQUIREMENTS],
            [1.0, 6.0],
            compact=True,
        ),
        Spacer(1, 4),
        *state_registration_clock(case),
        Spacer(1, 4),
        pdf.para("Other restrictions on a Dangerous Dog:", "small"),
        pdf.data_table(
            ["Section", "Restriction"],
            [[pdf.text(s), pdf.text(t)] for s, t in OTHER_RESTRICTIONS],
            [1.0, 6.0],
            compact=True,
        ),
        pdf.heading(
            f"Your right to a hearing: {days('hearing_request', 'words_unit')} (3-2-9.A.1.c)"
        ),
    ]
    if window_due is not None:
        story.append(
            pdf.notice_box(
                [
                    "To appeal, request a hearing IN WRITING, directly to the Animal Control "
                    f"Authority, no later than {pdf.long_date(window_due)}.",
                ]
            )
        )
        story.append(
            pdf.para(
                f"How that date was counted ({days('hearing_request', 'words_unit')} from the "
                "date of service of this notice, Minn. Stat. 645.15):",
                "small",
            )
        )
        story.append(pdf.bullets([pdf.text(line) for line in explanation(window)], "small"))
    else:
        story.append(
            pdf.notice_box(
                [
                    "To appeal, request a hearing IN WRITING, directly to the Animal Control "
                    f"Authority, within {days('hearing_request')} of the date this notice is "
                    "served on you.",
                ]
            )
        )
    story += [
        pdf.para(
            "You may use the pre-printed hearing request form on the last page of this notice. "
            "Deliver or mail it to the Animal Control Authority at "
            + pdf.text(", ".join(pdf.office_lines()))
            + f". The hearing is held before a Hearing Officer within {days('hearing')} after "
            "the Authority receives your request, unless extended for good cause (3-2-9.A.2.a)."
        ),
        *online_request(case),
        pdf.heading("If you request a hearing (3-2-9.A.1.d)"),
        pdf.para(
            "You must <b>immediately</b> comply with Minn. Stat. 347.52, subdivisions (a) through "
            "(c), until the Hearing Officer issues an opinion. " + pdf.text(PENDING_347_52)
        ),
        pdf.para(
            "If the Hearing Officer confirms the dangerous dog declaration, you will have "
            f"<b>{days('comply_after_decision')} from receipt of the decision</b> to comply with "
            "all other dangerous dog requirements of Minn. Stat. chapter 347 and City Code 3-2-9."
        ),
        pdf.heading("If you do not request a hearing (3-2-9.A.1.e)"),
        pdf.para(
            f"If you do not request a hearing within the {days('hearing_request')}, the "
            "designation of Dangerous Dog in this notice will stand, and you will be subject to "
            "all the restrictions and requirements set forth in this notice."
        ),
        pdf.heading("Costs (3-2-9.A.1.f, A.2.a, A.5)"),
        pdf.para(
            "All actual costs of care, keeping and disposition of the dog, and all actual costs "
            "of any requested review or hearing, are the responsibility of the person claiming an "
            "interest in the dog, except to the extent a court or hearing officer finds the "
            "seizure or impoundment was not substantially justified by law. An owner who requests "
            "a hearing is liable to the City for all costs and expenses related to the hearing."
        ),
        pdf.citation_box(
            [(s, QUOTES[s]) for s in ("3-2-9.A", "3-2-9.A.1.c", "3-2-9.A.1.d", "3-2-9.A.1.e")]
        ),
        *signature_block(
            f"{pdf.user_name(case.notice_issued_by)}, for the {AUTHORITY}"
            if case.notice_issued_by
            else f"For the {AUTHORITY}"
        ),
        PageBreak(),
        *hearing_request_form(case, window_due),
    ]
    return pdf.build(
        story,
        pdf.Page(label=f"Notice of Dangerous Dog, case {case.number}", fold_marks=True),
        title=f"Notice of Dangerous Dog {case.number}",
        subject=f"{case.dog.name}, City Code 3-2-9.A.1",
    )


def hearing_request_form(case: DangerousDogCase, window_due: dt.date | None) -> list[Flowable]:
    """A.1.c: "a pre-printed form which the Owner can use to request a hearing"."""
    on = case.notice_issued_on
    by = (
        f"no later than {pdf.long_date(window_due)}"
        if window_due
        else f"within {prose.days('dangerous_dog.hearing_request', 'ordinance', on)} of the date "
        "the notice was served on you"
    )
    return [
        *pdf.title_block(
            "Request for a Hearing — Dangerous Dog",
            f"City Code 3-2-9.A.1.c, A.2 · Case {pdf.text(case.number)}",
        ),
        pdf.para(
            f"Complete, sign and deliver or mail this form to the Animal Control Authority, "
            f"{pdf.text(', '.join(pdf.office_lines()))}, so that it is received {by}. The request "
            f"must be in writing (3-2-9.A.1.c)."
        ),
        *online_request(case),
        Spacer(1, 8),
        pdf.field_table(
            [
                ("Case", pdf.text(case.number)),
                ("Dog", pdf.text(f"{case.dog.name}, {case.dog.breed}, {case.dog.color}")),
                ("Owner of record", pdf.text(case.owner.name)),
            ]
        ),
        Spacer(1, 10),
        pdf.para(
            "I, the owner (or a person claiming an interest in the dog), request a hearing before "
            "the Hearing Officer to determine whether the dog named above is a Dangerous Dog. I "
            "understand that the owner who requests a hearing is liable to the City for all costs "
            "and expenses related to the hearing (3-2-9.A.2.a), and that pending the hearing I "
            "must comply with Minn. Stat. 347.52 (a) to (c) (3-2-9.A.1.d)."
        ),
        Spacer(1, 10),
        pdf.field_table(
            [
                ("Name (print)", "_" * 60),
                ("Address", "_" * 60),
                ("", "_" * 60),
                ("Telephone", "_" * 30),
                ("Email (optional)", "_" * 40),
                ("Represented by counsel?", "[  ] No   [  ] Yes, name: " + "_" * 34),
                ("Why you disagree (optional)", "_" * 60),
                ("", "_" * 60),
                ("", "_" * 60),
                ("Signature", "_" * 40),
                ("Date", "_" * 20),
            ],
            label_width=2.0 * 72,
        ),
        Spacer(1, 14),
        pdf.para(
            "For the Animal Control Authority: received on ____________ by ________________. "
            "The hearing must be held within "
            f"{prose.days('dangerous_dog.hearing', 'ordinance', on)} after this date unless the "
            "Hearing Officer extends it for good cause (3-2-9.A.2.a).",
            "muted",
        ),
    ]
