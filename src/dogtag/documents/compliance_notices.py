"""The notice of compliance (``enclosure.compliance_notice``): the letter to the people at a parcel
whose pre-existing dog enclosure drew a complaint, requiring it to comply with the enclosure
section (``enclosure.purpose``) within thirty days.

Generated from the ``ComplianceNotice`` and the ``Decision`` stored when it was issued: the
placement findings and the comply-by date are the ones found then (the rules core's messages, with
each measured distance), never recomputed or typed. It quotes the placement, sanitation and
applicability of the enclosure section (the package's ``quotes.yaml``), explains how the date was
counted (Minn. Stat. 645.15) and gives the city's contact.
"""

from __future__ import annotations

from typing import Any

from reportlab.platypus import Flowable, KeepTogether, Spacer

from dogtag.law.provisions import cite
from dogtag.licensing.models import Owner
from dogtag.parcels.models import ComplianceNotice
from dogtag.records import pdf
from dogtag.records.letters import AddressWindow


def enclosure_quotes() -> tuple[tuple[str, str], ...]:
    """The enclosure sections in the ordinance's words, quoted when the notice is drawn (never
    at import)."""
    return tuple(
        pdf.quotes("enclosure_placement", "enclosure_sanitation", "enclosure_applicability")
    )


#: The provisions the notice applies (the package's sections.yaml): "this Section", the placement
#: of an enclosure, keeping it "clean and sanitary", its applicability to a pre-existing one, and
#: the notice of compliance "given by the City Council or their duly authorized agent".
SECTION = "enclosure.purpose"
PLACEMENT = "enclosure.placement"
SANITATION = "enclosure.sanitation"
APPLICABILITY = "enclosure.applicability"
NOTICE = "enclosure.compliance_notice"


PLACEMENT_RULES = (
    "enclosure.lot_lines",
    "enclosure.dwelling_setback",
    "enclosure.side_lot_line_setback",
    "enclosure.rear_lot_line_setback",
    "enclosure.road_setback",
)


def addressees(notice: ComplianceNotice) -> list[str]:
    """The address block: the residents of the parcel (the dog owners living there), else the
    owners of record at their mailing address."""
    parcel = notice.enclosure.parcel
    residents = list(Owner.objects.filter(parcel=parcel).order_by("name", "id"))
    if residents:
        names = " and ".join(r.name for r in residents[:2])
        first = residents[0]
        return [
            names,
            first.street or parcel.address,
            f"{first.city}, {first.state} {first.postal_code}".strip(),
        ]
    return parcel.mailing_lines or [parcel.owner_names, parcel.address]


def _findings(notice: ComplianceNotice) -> list[dict[str, Any]]:
    return list(notice.decision.findings)


def _status(finding: dict[str, Any]) -> str:
    if finding["outcome"] == "complies":
        return "Complies"
    if finding["outcome"] == "too_close":
        return "<b>Does not comply</b>"
    if finding["outcome"] in ("not_given", "not_checked"):
        return "Not measured"
    return pdf.text(finding["outcome"].replace("_", " ").capitalize())


def notice_pdf(notice: ComplianceNotice) -> bytes:
    """The notice of compliance as a PDF."""
    enclosure = notice.enclosure
    parcel = enclosure.parcel
    findings = _findings(notice)
    by_rule = {f["rule"]: f for f in findings}
    clock = by_rule.get("enclosure.compliance_notice")
    story: list[Flowable] = [
        AddressWindow(
            addressees(notice),
            [pdf.long_date(notice.issued_on), f"Notice {notice.number}"],
        ),
        *pdf.title_block(
            "Notice of compliance — dog enclosure",
            f"{pdf.city_code(NOTICE)} · Notice {pdf.text(notice.number)} · Parcel {pdf.text(parcel.pin)}",
        ),
        pdf.para(
            f"The {pdf.text(pdf.city_name())} received a complaint on "
            f"{pdf.long_date(notice.complaint_received_on)} about the dog enclosure described "
            f"below. The enclosure was built before the City's dog enclosure rules took effect on "
            f"January 1, 2004, or its construction date is not known. Under "
            f"{pdf.city_code(APPLICABILITY)} such an enclosure must be brought into compliance "
            f"with Section {cite(SECTION)} once the City gives "
            f"notice of compliance. <b>This letter is that notice.</b>"
        ),
        Spacer(1, 6),
        pdf.notice_box(
            [
                f"Comply by {pdf.long_date(notice.comply_by)}.",
                "Failure to comply within thirty (30) days of this notice is a violation of "
                f"{pdf.city_code(SECTION)} ({cite(NOTICE)}).",
            ]
        ),
        pdf.heading("The enclosure"),
        pdf.field_table(
            [
                ("Enclosure", pdf.text(enclosure.label)),
                ("Parcel", f"{pdf.text(parcel.pin)} {pdf.text(parcel.address)}".strip()),
                ("Owner(s) of record", pdf.text(parcel.owner_names)),
                (
                    "Constructed",
                    pdf.long_date(enclosure.constructed_on)
                    if enclosure.constructed_on
                    else "date not known",
                ),
                (
                    "Shelter floor area",
                    f"{enclosure.floor_area_square_feet} sq ft"
                    if enclosure.floor_area_square_feet is not None
                    else "not recorded",
                ),
            ]
        ),
        pdf.heading("The complaint"),
        pdf.para(
            f"Received {pdf.long_date(notice.complaint_received_on)}: "
            f"{pdf.text(notice.complaint_summary)}"
        ),
        pdf.heading("What the City Code requires"),
        pdf.citation_box(enclosure_quotes()),
        pdf.heading(f"Where the enclosure stands ({cite(PLACEMENT)})"),
        pdf.para(
            "Measured on the City's parcel map when this notice was issued. Each requirement with "
            "the distance measured:",
            "small",
        ),
        Spacer(1, 4),
    ]
    rows = [
        [
            _status(by_rule[rule]),
            pdf.text(by_rule[rule]["message"]),
            pdf.text(", ".join(by_rule[rule]["sections"])),
        ]
        for rule in PLACEMENT_RULES
        if rule in by_rule
    ]
    story.append(pdf.data_table(["Result", "Finding", "Section"], rows, [1.1, 5.0, 0.8]))
    failing = [f for f in findings if f["rule"] in PLACEMENT_RULES and f["blocks"]]
    if failing:
        story.append(Spacer(1, 4))
        story.append(
            pdf.para(
                "To comply, the enclosure must be moved or rebuilt so that every requirement "
                f"marked “Does not comply” is met, and kept clean and sanitary ({cite(SANITATION)}).",
                "body",
            )
        )
    else:
        story.append(Spacer(1, 4))
        story.append(
            pdf.para(
                "The placement requirements were met when measured; to comply, keep the "
                f"enclosure clean and sanitary ({cite(SANITATION)}) and free of nuisance.",
                "body",
            )
        )
    lines = []
    if clock is not None and clock.get("deadline"):
        lines = [pdf.text(line) for line in _explanation(clock)]
    how: list[Flowable] = [
        pdf.heading("How the comply-by date was counted"),
        pdf.para(
            f"Thirty (30) days from the date of this notice, {pdf.long_date(notice.issued_on)}, "
            f"counted under Minn. Stat. 645.15: the day of the notice is not counted, the last day "
            f"is; when the last day falls on a Saturday, Sunday or legal holiday it moves to the "
            f"next day that is none of these. The last day to comply is "
            f"<b>{pdf.long_date(notice.comply_by)}</b>."
        ),
    ]
    if lines:
        how.append(pdf.bullets(lines, "small"))
    story.append(KeepTogether(how))
    story += [
        pdf.heading("Questions"),
        pdf.para(
            "Call or visit the City offices, and quote notice "
            f"<b>{pdf.text(notice.number)}</b>: " + pdf.text(", ".join(pdf.office_lines())) + "."
        ),
        Spacer(1, 10),
        pdf.para(
            f"Issued by {pdf.text(pdf.user_name(notice.issued_by))}, for the City Council "
            f"({cite(NOTICE)}: notice “given by the City Council or their duly authorized agent”).",
            "muted",
        ),
    ]
    return pdf.build(
        story,
        pdf.Page(label=f"Notice of compliance {notice.number}", fold_marks=True),
        title=f"Notice of compliance {notice.number}",
        subject=f"Dog enclosure on parcel {parcel.pin}, {pdf.city_code(NOTICE)}",
    )


def _explanation(clock: dict[str, Any]) -> list[str]:
    """The stored deadline's explanation lines (as ``Deadline.explanation`` wrote them), or the
    clock's message."""
    deadline = clock["deadline"]
    explanation = deadline.get("explanation") if isinstance(deadline, dict) else None
    if isinstance(explanation, list) and explanation:
        return [str(line) for line in explanation]
    return [str(clock["message"])]
