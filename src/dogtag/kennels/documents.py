"""Kennel documents (the kennel license): the hearing notice's mailing labels and letters
(``commercial_kennel.hearing_notice``), and the kennel license certificates (``private_kennel.license``,
``commercial_kennel.license``).

- Mailing labels: one per owner on the notice list, on Avery 5160 sheets (US Letter, 3 columns by
  10 rows of 2 5/8 in by 1 in labels), printed from the list's snapshot of the owners of record.
- Notice letters: a mail merge, one letter per owner on the list: who asks for what, where, the
  hearing's date, time and place, why the owner receives it (the parcel lies within 1/4 mile of
  the kennel parcel, ``commercial_kennel.hearing_notice``) and what the ordinance says.
- License certificates: private (the set number of dogs, the term) and commercial (the term and
  every condition, those of every license and the council's ``commercial_kennel.council_conditions``).

Everything printed comes from the records; nothing here decides anything.
"""

from __future__ import annotations

import io

from reportlab.lib.pagesizes import LETTER
from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, PageBreak, Spacer

from dogtag.kennels.models import (
    CommercialKennelApplication,
    CommercialKennelLicense,
    KennelLicense,
    NoticeRecipient,
    PrivateKennelLicense,
)
from dogtag.law import ordinance, wording
from dogtag.law.provisions import cite
from dogtag.records import fonts, pdf
from dogtag.records.services import city_params

# The provisions the documents cite, in the ordinance's words (each package maps them)
HEARING_NOTICE = "commercial_kennel.hearing_notice"
COUNCIL_LICENSE = "commercial_kennel.council_license"
SET_NUMBER = "private_kennel.set_number"
PRIVATE_INSPECTION = "private_kennel.inspection"
PRIVATE_KENNEL = "private_kennel.license"
PRIVATE_TERM = "private_kennel.term"
COMMERCIAL_KENNEL = "commercial_kennel.license"
COMMERCIAL_TERM = "commercial_kennel.term"
COMMERCIAL_INSPECTION = "commercial_kennel.inspection"
OTHER_LAWS = "commercial_kennel.other_laws"

#: The provisions each kennel document quotes: (concept, from the words, through the words).
_QUOTED = {
    "commercial": (
        (HEARING_NOTICE, None, "to the City Council on the request."),
        (COUNCIL_LICENSE, None, "from the City Council."),
    ),
    "private": ((SET_NUMBER, None, None), (PRIVATE_INSPECTION, None, None)),
}


def _quotes(document: str) -> list[tuple[str, str]]:
    """The sections a kennel document quotes, in the ordinance's words, quoted when the document
    is drawn (never at import)."""
    sections = [(cite(c), begin, end) for c, begin, end in _QUOTED[document]]
    return [(s, ordinance.quote(s, begin, end)) for s, begin, end in sections]


# ------------------------------------------------------------------------------ mailing labels
# Avery 5160 / 8160 / 5960: 30 labels a sheet, 2 5/8" x 1", 3 across, 10 down.

LABEL_WIDTH = 2.625 * inch
LABEL_HEIGHT = 1.0 * inch
LABEL_COLUMNS = 3
LABEL_ROWS = 10
LABELS_PER_SHEET = LABEL_COLUMNS * LABEL_ROWS
LABEL_TOP_MARGIN = 0.5 * inch
LABEL_LEFT_MARGIN = 0.1875 * inch
LABEL_COLUMN_PITCH = 2.75 * inch  # 2 5/8" label + 1/8" gap
LABEL_PADDING = 0.15 * inch
LABEL_FONT = fonts.SANS
LABEL_SIZES = (10.0, 9.0, 8.0, 7.0)


def label_origin(index: int) -> tuple[float, float]:
    """The lower-left corner of label ``index`` (0-based, across then down) on its sheet."""
    slot = index % LABELS_PER_SHEET
    row, column = divmod(slot, LABEL_COLUMNS)
    x = LABEL_LEFT_MARGIN + column * LABEL_COLUMN_PITCH
    y = LETTER[1] - LABEL_TOP_MARGIN - (row + 1) * LABEL_HEIGHT
    return x, y


def label_lines(recipient: NoticeRecipient) -> list[str]:
    place = (
        f"{recipient.mailing_city}, {recipient.mailing_state} {recipient.mailing_postal_code}"
    ).strip(" ,")
    return [line for line in (recipient.owner_names, recipient.mailing_street, place) if line]


def _fit(line: str, width: float) -> tuple[str, float]:
    """The line at the largest label size it fits; if none, the smallest size, shortened."""
    for size in LABEL_SIZES:
        if fonts.string_width(line, LABEL_FONT, size) <= width:
            return line, size
    size = LABEL_SIZES[-1]
    while line and fonts.string_width(line + "…", LABEL_FONT, size) > width:
        line = line[:-1]
    return line.rstrip() + "…", size


def mailing_labels(application: CommercialKennelApplication) -> bytes:
    """The notice list's mailing labels, Avery 5160 layout, as many sheets as needed."""
    recipients = list(application.notice_recipients.all())
    buffer = io.BytesIO()
    fonts.register()
    canvas = Canvas(buffer, pagesize=LETTER, initialFontName=LABEL_FONT)
    canvas.setTitle(f"Mailing labels, hearing notice, application {application.number}")
    canvas.setAuthor(pdf.city_name())
    canvas.setSubject(
        f"Notice to affected property owners within {_radius(application)} "
        f"({pdf.city_code(HEARING_NOTICE)})"
    )
    canvas.setCreator("Dogtag")
    width = LABEL_WIDTH - 2 * LABEL_PADDING
    for index, recipient in enumerate(recipients):
        if index and index % LABELS_PER_SHEET == 0:
            canvas.showPage()
        x, y = label_origin(index)
        lines = [_fit(line, width) for line in label_lines(recipient)]
        leading = [size * 1.2 for _, size in lines]
        top = y + LABEL_HEIGHT / 2 + sum(leading) / 2
        for (line, size), step in zip(lines, leading, strict=True):
            top -= step
            pdf.draw(canvas, x + LABEL_PADDING, top + 0.2 * size, line, LABEL_FONT, size)
    if not recipients:
        empty = "The notice list is empty: no label to print."
        pdf.draw(canvas, inch, LETTER[1] - inch, empty, LABEL_FONT, 10)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


# ------------------------------------------------------------------------------ notice letters


def _hearing(application: CommercialKennelApplication) -> str:
    if application.hearing_at is None:
        return "not yet scheduled"
    return pdf.local_datetime(application.hearing_at)


def _site(application: CommercialKennelApplication) -> str:
    parcel = application.parcel
    return f"{parcel.address or 'the parcel'} (PIN {parcel.pin})"


def _request(application: CommercialKennelApplication) -> str:
    name = f", doing business as {application.business_name}," if application.business_name else ""
    text = (
        f"{application.applicant.name}{name} has applied to the City Council for a commercial "
        f"kennel license to keep up to {application.dogs_requested} dogs at {_site(application)}."
    )
    if application.description:
        text += f" The applicant describes the kennel as follows: {application.description}"
    return text


def _radius(application: CommercialKennelApplication) -> str:
    """``commercial_kennel.hearing_notice``'s distance in force when the notice list was drawn (or
    the application made)."""
    on = application.notice_list_drawn_on or application.applied_on
    return pdf.param("commercial_kennel.notice_radius_feet", "distance", on)


def letter_story(
    application: CommercialKennelApplication, recipient: NoticeRecipient
) -> list[Flowable]:
    radius = city_params().get(
        "commercial_kennel.notice_radius_feet",
        application.notice_list_drawn_on or application.applied_on,
    )
    address = "<br/>".join(pdf.text(line) for line in label_lines(recipient))
    mailed = application.notice_mailed_on or application.notice_list_drawn_on
    flow: list[Flowable] = [
        pdf.para(pdf.text(pdf.long_date(mailed)) if mailed else "", "body"),
        Spacer(1, 10),
        pdf.para(address, "body"),
        Spacer(1, 16),
        *pdf.title_block(
            "Notice of public hearing",
            "Commercial kennel license request, Planning &amp; Zoning Commission "
            f"({pdf.city_code(HEARING_NOTICE)})",
        ),
        pdf.para(f"Dear {pdf.text(recipient.owner_names)}:", "body"),
        Spacer(1, 6),
        pdf.para(pdf.text(_request(application)), "body"),
        Spacer(1, 6),
        pdf.para(
            "The Planning &amp; Zoning Commission will hold a public hearing on the request and "
            "make a recommendation to the City Council, which decides whether to grant the "
            "license and on what conditions. You may attend and speak, or write to the City "
            "before the hearing.",
            "body",
        ),
        Spacer(1, 8),
        pdf.field_table(
            [
                ("Hearing", pdf.text(_hearing(application))),
                ("Place", pdf.text(application.hearing_place or "to be announced")),
                ("Applicant", pdf.text(application.applicant.name)),
                ("Kennel site", pdf.text(_site(application))),
                ("Request", f"Commercial kennel license, up to {application.dogs_requested} dogs"),
                ("Application", pdf.text(application.number)),
                ("Your parcel", f"PIN {pdf.text(recipient.pin)}"),
            ]
        ),
        Spacer(1, 8),
        pdf.heading("Why you receive this notice"),
        pdf.para(
            f"Your property (PIN {pdf.text(recipient.pin)}) lies within "
            f"{pdf.text(wording.distance(radius.integer))} ({pdf.text(radius.display())}) of the "
            "outside dimensions of the parcel where the "
            f"kennel is contemplated: about {recipient.distance_feet:,.0f} feet from it, by the "
            f"county parcel map. {pdf.city_code(HEARING_NOTICE)} requires that notice be given to all "
            "affected property owners within that distance. This letter goes to the owners of "
            "record and the mailing address the county lists for your parcel.",
            "body",
        ),
        Spacer(1, 8),
        pdf.citation_box(_quotes("commercial")),
        Spacer(1, 8),
        pdf.para(
            "Questions: " + pdf.text(", ".join(pdf.office_lines())) + ".",
            "muted",
        ),
    ]
    return flow


def notice_letters(application: CommercialKennelApplication) -> bytes:
    """One notice letter per owner on the notice list, each starting on its own page."""
    recipients = list(application.notice_recipients.all())
    story: list[Flowable] = []
    for index, recipient in enumerate(recipients):
        if index:
            story.append(PageBreak())
        story.append(pdf.StartOfLetter())
        story += letter_story(application, recipient)
    if not recipients:
        story.append(pdf.para("The notice list is empty: no letter to print.", "body"))
    return pdf.build(
        story,
        pdf.Page(f"Notice of public hearing, application {application.number}", fold_marks=True),
        title=f"Notice of public hearing, commercial kennel application {application.number}",
        subject=(
            "Notice to affected property owners within "
            f"{_radius(application)} ({pdf.city_code(HEARING_NOTICE)})"
        ),
    )


# --------------------------------------------------------------------------- certificates


def _status_notice(status: str, display: str) -> list[Flowable]:
    if status in ("active", "renewed"):
        return []
    return [pdf.notice_box([f"This license is {pdf.text(display)}."]), Spacer(1, 8)]


def private_certificate(license_: PrivateKennelLicense) -> bytes:
    """``private_kennel.license``: the private kennel license, for its set number of dogs and its
    one-year term."""
    story: list[Flowable] = [
        *pdf.title_block(
            f"Private kennel license {license_.number}",
            f"Issued at the City offices under {pdf.city_code(PRIVATE_KENNEL)}",
        ),
        *_status_notice(license_.status, license_.get_status_display()),
        pdf.field_table(
            [
                ("Licensee", pdf.text(license_.holder.name)),
                ("Kennel site", pdf.text(f"{license_.parcel.address} (PIN {license_.parcel.pin})")),
                ("Set number of dogs", f"{license_.dogs_licensed}, which shall not be exceeded"),
                ("Kind", pdf.text(license_.get_kind_display())),
                ("Issued", pdf.text(pdf.long_date(license_.issued_on))),
                (
                    "In force",
                    f"{pdf.text(pdf.long_date(license_.starts_on))} through "
                    f"{pdf.text(pdf.long_date(license_.expires_on))} ({cite(PRIVATE_TERM)})",
                ),
                ("Fee paid", pdf.money(license_.fee)),
                ("Receipt", pdf.text(license_.receipt.number if license_.receipt else "—")),
            ]
        ),
        Spacer(1, 10),
        pdf.citation_box(_quotes("private")),
    ]
    return pdf.build(
        story,
        pdf.Page(f"Private kennel license {license_.number}"),
        title=f"Private kennel license {license_.number}",
    )


def commercial_certificate(license_: CommercialKennelLicense) -> bytes:
    """``commercial_kennel.license``: the commercial kennel license the City Council granted, with
    its conditions."""
    application = license_.application
    conditions = list(application.conditions.all())
    council = f"Approved {pdf.long_date(application.council_decided_on)}" + (
        f", resolution {application.council_resolution}" if application.council_resolution else ""
    )
    story: list[Flowable] = [
        *pdf.title_block(
            f"Commercial kennel license {license_.number}",
            f"Granted by the City Council under {pdf.city_code(COMMERCIAL_KENNEL)}",
        ),
        *_status_notice(license_.status, license_.get_status_display()),
        pdf.field_table(
            [
                ("Licensee", pdf.text(license_.holder.name)),
                ("Business", pdf.text(application.business_name or "—")),
                ("Kennel site", pdf.text(f"{license_.parcel.address} (PIN {license_.parcel.pin})")),
                ("Dogs", str(license_.dogs_licensed)),
                ("City Council", pdf.text(council)),
                ("Application", pdf.text(application.number)),
                (
                    "In force",
                    f"{pdf.text(pdf.long_date(license_.starts_on))} through "
                    f"{pdf.text(pdf.long_date(license_.expires_on))} ({cite(COMMERCIAL_TERM)})",
                ),
                ("Renews", pdf.text(license_.previous.number if license_.previous else "—")),
            ]
        ),
        pdf.heading("Conditions of this license"),
        pdf.para(
            "The licensee shall comply with each condition below. City staff may inspect the "
            f"kennel periodically to determine compliance ({cite(COMMERCIAL_INSPECTION)}); all "
            "applicable City, County and State laws on the operation of a commercial kennel "
            f"business apply ({cite(OTHER_LAWS)}).",
            "body",
        ),
        Spacer(1, 4),
        pdf.data_table(
            ["Section", "Condition"],
            [
                [
                    pdf.text(c.section) + ("<br/>(City Council)" if c.added_by_council else ""),
                    pdf.text(c.text),
                ]
                for c in conditions
            ],
            [1.1, 5.9],
            compact=True,
        ),
    ]
    return pdf.build(
        story,
        pdf.Page(f"Commercial kennel license {license_.number}"),
        title=f"Commercial kennel license {license_.number}",
    )


# ------------------------------------------------- a kennel license inspected before it issues

INSPECTED = "kennel.inspection_before_issue"
LICENSE_EXPIRY = "kennel.license_expiry"


def inspected_certificate(license_: KennelLicense, conditions: list[str]) -> bytes:
    """A kennel license issued after the inspection of its location (``kennel.inspection_before_issue``),
    to the day every kennel license expires (``kennel.license_expiry``), with the ``conditions`` in
    force on the day it is printed; in the city's letterhead, quoting its sections."""
    sections = [cite(INSPECTED), cite(LICENSE_EXPIRY)]
    story: list[Flowable] = [
        *pdf.title_block(
            f"{license_.get_kind_display().capitalize()} license {license_.number}",
            f"Issued after the inspection of its location under {pdf.city_code(INSPECTED)}",
        ),
        pdf.field_table(
            [
                ("Licensee", pdf.text(license_.holder.name)),
                ("Kennel site", pdf.text(f"{license_.parcel.address} (PIN {license_.parcel.pin})")),
                ("Dogs", str(license_.dogs)),
                ("Inspected", pdf.text(pdf.long_date(license_.inspection.inspected_on))),
                ("Issued", pdf.text(pdf.long_date(license_.issued_on))),
                (
                    "In force",
                    f"{pdf.text(pdf.long_date(license_.starts_on))} through "
                    f"{pdf.text(pdf.long_date(license_.expires_on))} ({sections[1]})",
                ),
                ("Fee paid", pdf.money(license_.fee)),
                ("Application", pdf.text(license_.application.number)),
            ]
        ),
        pdf.heading("Conditions of this license"),
        *(
            [
                pdf.data_table(
                    ["", "Condition"],
                    [[str(i), pdf.text(c)] for i, c in enumerate(conditions, 1)],
                    [0.5, 6.5],
                    compact=True,
                )
            ]
            if conditions
            else [pdf.para("None.", "body")]
        ),
        Spacer(1, 10),
        pdf.citation_box([(s, ordinance.quote(s)) for s in sections]),
    ]
    title = f"Kennel license {license_.number}"
    return pdf.build(story, pdf.Page(title), title=title)
