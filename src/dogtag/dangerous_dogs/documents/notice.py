"""The Notice of Dangerous Dog (dangerous_dog.notice.contents, its contents a-f) with, as its own
last page, the pre-printed hearing request form (dangerous_dog.notice.hearing_request).

What the Notice prints is drawn once: the incidents and (1)-(4) from the case's record, b-f from
:func:`statements` (worded from the parameters in force on the date of the Notice). The PDF prints
exactly that, and :func:`printed` reads the same back as the rules core's ``NoticeContents``, so
that the service issuing the Notice asks ``dangerous_dog.notice_incidents`` and
``dangerous_dog.notice_contents`` about what is printed, as the question ``dangerous-dog-notice``
does about the facts given to it (issue 26 item 1.7).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from django.urls import reverse
from reportlab.platypus import Flowable, PageBreak, Spacer

from dogtag.dangerous_dogs import codes, prose
from dogtag.dangerous_dogs import provisions as P
from dogtag.dangerous_dogs.documents.requirements import (
    other_restrictions,
    pending_347_52,
    registration_requirements,
)
from dogtag.dangerous_dogs.documents.shared import (
    AUTHORITY,
    address,
    by_rule,
    dog_description,
    due_on,
    explanation,
    official,
    quoted,
    signature_block,
    state_registration_clock,
)
from dogtag.dangerous_dogs.models import CaseEvent, DangerousDogCase
from dogtag.law import dangerous_dogs as law
from dogtag.law.dangerous_dogs import CRITERIA
from dogtag.law.dangerous_dogs.notice import clock_time
from dogtag.records import links, pdf
from dogtag.records.letters import AddressWindow


def request_page_address() -> str:
    """The web address of the residents' hearing request page, as printed on the notice: on the
    site's public address (``records.links``), wherever it is served."""
    return links.absolute(reverse("residents:hearing_request"))


def online_request(case: DangerousDogCase) -> list[Flowable]:
    """How to request the hearing online: the page's address, the case number and the case's
    code (a request there is a written request made directly to the Authority,
    dangerous_dog.notice.hearing_request)."""
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


def stated_incident(
    occurred_on: dt.date, occurred_time: dt.time | None, place: str, facts: str
) -> law.StatedIncident:
    """An incident as the Notice prints it: its date and time on Nowthen's clock, as recorded (a
    time not known is not stated)."""
    return law.StatedIncident(date=occurred_on, time=occurred_time, place=place, facts=facts)


def incidents(case: DangerousDogCase) -> list[law.StatedIncident]:
    """The incidents the Notice states (dangerous_dog.notice), from the case's record, in order."""
    return [
        stated_incident(i.occurred_on, i.occurred_time, i.place, i.facts)
        for i in case.incidents.all()
    ]


def _incident_rows(stated: list[law.StatedIncident]) -> list[list[str]]:
    return [
        [
            pdf.long_date(i.date) if i.date else "",
            clock_time(i.time) if i.time else "",
            pdf.text(i.place),
            pdf.text(i.facts),
        ]
        for i in stated
    ]


def determined_under(case: DangerousDogCase) -> str:
    """The authority (dangerous_dog.notice.official) by which the determination was made, as the
    Notice prints it (nothing when the case names no authority the ordinance knows)."""
    if case.authority not in DangerousDogCase.Authority.values:
        return ""
    return (
        f"the {case.get_authority_display()} of the {pdf.city_name()}, under "
        f"{pdf.city_code(P.DESIGNATION)} and Minn. Stat. 347.50 subd. 2 (incorporated by "
        f"{pdf.city_code(P.INCORPORATION)})"
    )


def description(case: DangerousDogCase) -> str:
    """The description the Notice prints (dangerous_dog.notice.dog_description); none unless the
    dog's name, breed and color are each recorded (a name alone describes no dog)."""
    rows = dict(dog_description(case))
    if not all(str(rows.get(k, "")).strip() for k in ("Name", "Breed", "Color")):
        return ""
    return ", ".join(f"{k}: {v}" for k, v in rows.items())


@dataclass(frozen=True)
class Statements:
    """The words the Notice prints for the contents b-f (dangerous_dog.notice.restrictions to
    dangerous_dog.notice.costs), worded from the parameters in force on the
    date of the Notice. The PDF prints these and nothing else for b-f; :func:`printed` reads them."""

    #: b. the registration requirements (its days, the requirements a-g), each with its section
    registration_intro: str
    registration_requirements: tuple[tuple[str, str], ...]
    #: b. the other restrictions (renewal, the owner's notices, the keeping), each with its section
    other_restrictions: tuple[tuple[str, str], ...]
    #: c. the days to appeal by requesting a hearing before the Hearing Officer
    hearing_request_days: str
    #: c. the request is made in writing, directly to the Animal Control Authority
    request_in_writing: str
    #: c. the pre-printed request form (the Notice's last page)
    request_form: str
    #: d. the interim duty under Minn. Stat. 347.52 (a)-(c), pending the opinion
    interim_compliance: str
    #: d. the days from receipt of a confirming decision
    comply_after_decision: str
    #: e. the designation stands without a hearing requested in time
    designation_stands: str
    #: f. the costs
    costs: str


def statements(case: DangerousDogCase, on: dt.date, window_due: dt.date | None) -> Statements:
    """What the Notice dated ``on`` says for b-f; ``window_due`` is the last day to request a
    hearing once the Notice is served (before that, the days are stated from service)."""

    def days(clock: str, style: str = "ordinance") -> str:
        return prose.days(f"dangerous_dog.{clock}", style, on)

    by = (
        f"no later than {pdf.long_date(window_due)}"
        if window_due is not None
        else f"within {days('hearing_request')} of the date this notice is served on you"
    )
    return Statements(
        registration_intro=(
            "A Dangerous Dog must be registered with the Animal Control Authority within "
            f"{days('registration')} after it is deemed dangerous ({P.sec(P.REGISTRATION)}). A "
            "Certificate of Registration issues only when every one of these is shown "
            f"({P.sec(P.REQUIREMENTS)}):"
        ),
        registration_requirements=registration_requirements(),
        other_restrictions=other_restrictions(),
        hearing_request_days=(
            f"You have {days('hearing_request')} from the date this notice is served on you to "
            "appeal the determination by requesting a hearing before the Hearing Officer "
            f"({P.sec(P.HEARING_REQUEST)})."
        ),
        request_in_writing=(
            "To appeal, request a hearing IN WRITING, directly to the Animal Control Authority, "
            f"{by}."
        ),
        request_form=(
            "You may use the pre-printed hearing request form on the last page of this notice. "
            "Deliver or mail it to the Animal Control Authority at "
            + ", ".join(pdf.office_lines())
            + f". The hearing is held before a Hearing Officer within {days('hearing')} after "
            "the Authority receives your request, unless extended for good cause "
            f"({P.sec(P.HEARING)})."
        ),
        interim_compliance=(
            "You must immediately comply with Minn. Stat. 347.52, subdivisions (a) through (c), "
            "until the Hearing Officer issues an opinion. " + pending_347_52()
        ),
        comply_after_decision=(
            "If the Hearing Officer confirms the dangerous dog declaration, you will have "
            f"{days('comply_after_decision')} from receipt of the decision to comply with all "
            f"other dangerous dog requirements of Minn. Stat. chapter 347 and "
            f"{pdf.city_code(P.SECTION)}."
        ),
        designation_stands=(
            f"If you do not request a hearing within the {days('hearing_request')}, the "
            "designation of Dangerous Dog in this notice will stand, and you will be subject to "
            "all the restrictions and requirements set forth in this notice."
        ),
        costs=(
            "All actual costs of care, keeping and disposition of the dog, and all actual costs "
            "of any requested review or hearing, are the responsibility of the person claiming an "
            "interest in the dog, except to the extent a court or hearing officer finds the "
            "seizure or impoundment was not substantially justified by law. An owner who requests "
            "a hearing is liable to the City for all costs and expenses related to the hearing."
        ),
    )


#: a day count as the Notice prints it, "fourteen (14) days": the figure is read back
_DAYS = re.compile(r"\((\d+)\) days?\b")


def _days_printed(text: str) -> int | None:
    found = _DAYS.search(text)
    return int(found.group(1)) if found else None


def printed(
    case: DangerousDogCase, on: dt.date
) -> tuple[list[law.StatedIncident], law.NoticeContents]:
    """What the Notice dated ``on`` prints, read back as the rules core reads a Notice: the
    incidents, (1)-(4) from the record, b-f from :func:`statements` (the day counts read from
    the words printed, never from the parameters)."""
    said = statements(case, on, None)
    return incidents(case), law.NoticeContents(
        dog_description=description(case),
        factual_basis=case.factual_basis,
        official=pdf.user_name(case.designated_by) if case.designated_by_id else "",
        authority=determined_under(case),
        seized=case.seized,
        contact_address=case.contact_address if case.seized else "",
        contact_phone=case.contact_phone if case.seized else "",
        registration_requirements=bool(said.registration_requirements),
        other_restrictions=bool(said.other_restrictions),
        hearing_request_days=_days_printed(said.hearing_request_days),
        request_form=bool(said.request_form.strip()),
        request_in_writing=bool(said.request_in_writing.strip()),
        interim_compliance=bool(said.interim_compliance.strip()),
        comply_after_decision_days=_days_printed(said.comply_after_decision),
        designation_stands=bool(said.designation_stands.strip()),
        costs=bool(said.costs.strip()),
    )


def _bold(markup: str, words: str) -> str:
    """``markup`` with the first ``words`` in bold (the words escaped as the markup is)."""
    escaped = pdf.text(words)
    return markup.replace(escaped, f"<b>{escaped}</b>", 1)


def _criteria_text(case: DangerousDogCase) -> list[str]:
    return [
        f"The dog {pdf.text(CRITERIA[key][1])} ({pdf.text(CRITERIA[key][0])})."
        for key in case.criteria
        if key in CRITERIA
    ]


def notice_pdf(case: DangerousDogCase) -> bytes:
    """The Notice of Dangerous Dog (its contents a-f) and the pre-printed hearing request form."""
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
    said = statements(case, on, window_due)
    story: list[Flowable] = [
        AddressWindow(address(case), [pdf.long_date(case.notice_issued_on), f"Case {case.number}"]),
        *pdf.title_block(
            "Notice of Dangerous Dog",
            f"{pdf.city_code(P.NOTICE_CONTENTS)} · Minn. Stat. 347.50–347.565 "
            f"({P.sec(P.INCORPORATION)}) · Case {pdf.text(case.number)}",
        ),
        pdf.para(
            f"To {pdf.text(case.owner.name)}, owner of record of the dog described below. The "
            f"{pdf.text(authority)} has determined that your dog is a <b>Dangerous Dog</b> "
            f"({P.sec(P.DESIGNATION)}). This notice is served on you personally, on a person of "
            f"suitable age and discretion at your residence, or by mail; service upon any owner is "
            f"effective as to all owners ({P.sec(P.NOTICE)})."
        ),
        pdf.heading(f"The incidents ({P.sec(P.NOTICE)})"),
        pdf.data_table(
            ["Date", "Time", "Place", "Facts"],
            _incident_rows(incidents(case)),
            [1.2, 0.8, 1.8, 3.4],
        ),
        pdf.heading(f"(1) The dog ({P.sec(P.DOG_DESCRIPTION)})"),
        pdf.field_table(dog_description(case)),
        pdf.heading(f"(2) The factual basis for the determination ({P.sec(P.FACTUAL_BASIS)})"),
        pdf.para(pdf.text(case.factual_basis)),
        pdf.bullets(_criteria_text(case), "small"),
        pdf.heading(f"(3) Who made the determination, and by what authority ({P.sec(P.OFFICIAL)})"),
        pdf.para(
            f"Determined on {pdf.long_date(case.designated_on)} by "
            f"{official(case.designated_by)}, for {pdf.text(determined_under(case))}."
        ),
        pdf.heading(f"(4) Seizure ({P.sec(P.SEIZED_CONTACT)})"),
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
        pdf.heading(f"Registration requirements and restrictions ({P.sec(P.NOTICE_RESTRICTIONS)})"),
        pdf.para(pdf.text(said.registration_intro), "small"),
        pdf.data_table(
            ["Section", "Requirement"],
            [[pdf.text(s), pdf.text(t)] for s, t in said.registration_requirements],
            [1.0, 6.0],
            compact=True,
        ),
        Spacer(1, 4),
        *state_registration_clock(case),
        Spacer(1, 4),
        pdf.para("Other restrictions on a Dangerous Dog:", "small"),
        pdf.data_table(
            ["Section", "Restriction"],
            [[pdf.text(s), pdf.text(t)] for s, t in said.other_restrictions],
            [1.0, 6.0],
            compact=True,
        ),
        pdf.heading(
            f"Your right to a hearing: {days('hearing_request', 'words_unit')} "
            f"({P.sec(P.HEARING_REQUEST)})"
        ),
        pdf.para(pdf.text(said.hearing_request_days)),
        pdf.notice_box([pdf.text(said.request_in_writing)]),
    ]
    if window_due is not None:
        story.append(
            pdf.para(
                f"How that date was counted ({days('hearing_request', 'words_unit')} from the "
                "date of service of this notice, Minn. Stat. 645.15):",
                "small",
            )
        )
        story.append(pdf.bullets([pdf.text(line) for line in explanation(window)], "small"))
    story += [
        pdf.para(pdf.text(said.request_form)),
        *online_request(case),
        pdf.heading(f"If you request a hearing ({P.sec(P.INTERIM_COMPLIANCE)})"),
        pdf.para(_bold(pdf.text(said.interim_compliance), "immediately")),
        pdf.para(
            _bold(
                pdf.text(said.comply_after_decision),
                f"{days('comply_after_decision')} from receipt of the decision",
            )
        ),
        pdf.heading(f"If you do not request a hearing ({P.sec(P.DESIGNATION_STANDS)})"),
        pdf.para(pdf.text(said.designation_stands)),
        pdf.heading(f"Costs ({P.sec(P.NOTICE_COSTS, P.HEARING_COSTS, P.COSTS)})"),
        pdf.para(pdf.text(said.costs)),
        pdf.citation_box(
            quoted(P.DESIGNATION, P.HEARING_REQUEST, P.INTERIM_COMPLIANCE, P.DESIGNATION_STANDS)
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
        subject=f"{case.dog.name}, {pdf.city_code(P.NOTICE_CONTENTS)}",
    )


def hearing_request_form(case: DangerousDogCase, window_due: dt.date | None) -> list[Flowable]:
    """ "a pre-printed form which the Owner can use to request a hearing"
    (dangerous_dog.notice.hearing_request)."""
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
            f"{pdf.city_code(P.HEARING_REQUEST, P.HEARING_REQUIREMENTS)} · Case "
            f"{pdf.text(case.number)}",
        ),
        pdf.para(
            f"Complete, sign and deliver or mail this form to the Animal Control Authority, "
            f"{pdf.text(', '.join(pdf.office_lines()))}, so that it is received {by}. The request "
            f"must be in writing ({P.sec(P.HEARING_REQUEST)})."
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
            f"and expenses related to the hearing ({P.sec(P.HEARING_COSTS)}), and that pending the "
            "hearing I must comply with Minn. Stat. 347.52 (a) to (c) "
            f"({P.sec(P.INTERIM_COMPLIANCE)})."
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
            f"Hearing Officer extends it for good cause ({P.sec(P.HEARING)}).",
            "muted",
        ),
    ]
