"""The tag sheet: round tag faces for the tags issued to a set of licenses, and a table to check
the printed tags against (``tag.furnished``: in Nowthen's words, the owner "shall be furnished
... a suitable tag").

A face is printed for every tag the records show as issued to a selected license; a selected
license with no tag issued (void, ended, renewed) is listed as not printed, with its status.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, Spacer, Table

from dogtag.licensing.models import License, Tag
from dogtag.records import fonts, pdf

#: the provision a tag is worn under (each package's ordinance/sections.yaml)
TAG_WORN = "tag.worn"

TAG_DIAMETER = 1.25 * inch
COLUMNS = 5


@dataclass(frozen=True)
class Selection:
    """The licenses a tag sheet is printed for, and how they were chosen."""

    description: str  # "Licenses issued November 1, 2026 to November 30, 2026"
    slug: str  # for the file name
    licenses: list[License]


def _licenses() -> QuerySet[License]:
    return License.objects.select_related("dog", "owner").prefetch_related(
        Prefetch(
            "tags",
            queryset=Tag.objects.filter(status=Tag.Status.ISSUED).order_by("serial"),
            to_attr="issued_tags",
        )
    )


def issued_between(start: dt.date, end: dt.date) -> Selection:
    """The licenses in force that were issued from ``start`` to ``end``, both included."""
    licenses = list(
        _licenses()
        .filter(issued_on__gte=start, issued_on__lte=end, status=License.Status.ACTIVE)
        .order_by("issued_on", "number")
    )
    return Selection(
        description=f"Licenses issued {pdf.long_date(start)} to {pdf.long_date(end)}",
        slug=f"{start.isoformat()}-to-{end.isoformat()}",
        licenses=licenses,
    )


def numbered(numbers: Sequence[str]) -> tuple[Selection, list[str]]:
    """The licenses with these numbers, in the order given; and the numbers not found."""
    found = {lic.number: lic for lic in _licenses().filter(number__in=numbers)}
    missing = [n for n in numbers if n not in found]
    licenses = [found[n] for n in numbers if n in found]
    slug = numbers[0] if len(numbers) == 1 else f"{numbers[0]}-and-{len(numbers) - 1}-more"
    return (
        Selection(
            description=f"License{'s' if len(numbers) > 1 else ''} {', '.join(numbers)}",
            slug=slug,
            licenses=licenses,
        ),
        missing,
    )


# ------------------------------------------------------------------------------- the faces


def _fit(text: str, font: str, size: float, width: float) -> float:
    """The font size, at most ``size``, at which ``text`` fits in ``width``."""
    return min(size, size * width / fonts.string_width(text, font, size))


class TagFace(Flowable):
    """One round tag, ``TAG_DIAMETER`` across: the city, the serial, the license and its expiry."""

    def __init__(
        self, city: str, serial: str, license_number: str, expires: dt.date | None
    ) -> None:
        super().__init__()
        self.city = city
        self.serial = serial
        self.license_number = license_number
        self.expires = expires  # None: the license is for the dog's lifetime
        self.cited = pdf.city_code(TAG_WORN)  # the provision the tag is worn under
        self.width = self.height = TAG_DIAMETER

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def _line(self, text: str, font: str, size: float, y: float, room: float) -> None:
        canvas = self.canv
        pdf.draw(canvas, 0, y, text, font, _fit(text, font, size, room), anchor="middle")

    def draw(self) -> None:
        canvas = self.canv
        r = TAG_DIAMETER / 2
        canvas.saveState()
        canvas.translate(r, r)
        canvas.setStrokeColor(pdf.INK)
        canvas.setLineWidth(0.6)
        canvas.circle(0, 0, r)  # the cutting line
        canvas.setStrokeColor(pdf.NAVY)
        canvas.setLineWidth(1.4)
        canvas.circle(0, 0, r - 4)
        canvas.setLineWidth(0.5)
        canvas.circle(0, r - 10.5, 3)  # the hole for the ring
        canvas.setFillColor(pdf.NAVY)
        self._line(self.city.upper(), fonts.SANS_BOLD, 6.8, 18, 62)
        canvas.setFillColor(pdf.MUTED)
        self._line("DOG LICENSE", fonts.SANS, 5.5, 10.5, 60)
        canvas.setFillColor(pdf.INK)
        self._line(self.serial, fonts.SANS_BOLD, 12.5, -3, 70)
        self._line(f"License {self.license_number}", fonts.SANS, 6.2, -14, 64)
        expiry = (
            "For the dog's lifetime" if self.expires is None else f"Expires {self.expires:%m/%d/%Y}"
        )
        self._line(expiry, fonts.SANS_BOLD, 6.2, -22.5, 58)
        canvas.setFillColor(pdf.MUTED)
        self._line(self.cited, fonts.SANS, 4.6, -31, 40)
        canvas.restoreState()


def _grid(faces: list[Flowable]) -> Table:
    cell = pdf.FRAME_WIDTH / COLUMNS
    rows = [faces[i : i + COLUMNS] for i in range(0, len(faces), COLUMNS)]
    rows[-1] = rows[-1] + [Spacer(1, 1)] * (COLUMNS - len(rows[-1]))
    table = Table(rows, colWidths=[cell] * COLUMNS, rowHeights=TAG_DIAMETER + 0.16 * inch)
    table.setStyle(
        pdf.table_style(
            [
                ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    return table


def story(selection: Selection) -> list[Flowable]:
    city = pdf.city_name()
    printed = [(lic, tag) for lic in selection.licenses for tag in lic.issued_tags]
    skipped = [lic for lic in selection.licenses if not lic.issued_tags]
    count = len(printed)
    flow: list[Flowable] = pdf.title_block(
        "Tag sheet",
        f"{pdf.text(selection.description)} · {count} tag{'s' if count != 1 else ''} to print",
    )
    flow.append(
        pdf.para(
            "Print at actual size (100%, no scaling): each circle is 1.25 in across; cut on the "
            "outer line. Every tag goes to the owner with the receipt, to be fastened to the "
            f"collar of the dog it was issued for ({pdf.city_code(TAG_WORN)}).",
            "small",
        )
    )
    flow.append(Spacer(1, 8))
    if printed:
        flow.append(
            _grid([TagFace(city, tag.serial, lic.number, lic.expires_on) for lic, tag in printed])
        )
    flow += [pdf.heading("Check list")]
    flow.append(
        pdf.data_table(
            ["Tag serial", "License", "Expires", "Dog", "Owner", "Checked"],
            [
                [
                    f"<b>{pdf.text(tag.serial)}</b>",
                    pdf.text(lic.number),
                    pdf.text(
                        "for the dog's lifetime"
                        if lic.expires_on is None
                        else lic.expires_on.isoformat()
                    ),
                    pdf.text(f"{lic.dog.name} ({lic.dog.breed}, {lic.dog.color})"),
                    pdf.text(lic.owner.name),
                    "",
                ]
                for lic, tag in printed
            ],
            [0.95 * inch, 0.95 * inch, 0.85 * inch, 2.0 * inch, 1.55 * inch, 0.7 * inch],
        )
    )
    if skipped:
        flow += [
            pdf.heading("Not printed: no tag issued"),
            pdf.data_table(
                ["License", "Dog", "Owner", "Status"],
                [
                    [
                        pdf.text(lic.number),
                        pdf.text(lic.dog.name),
                        pdf.text(lic.owner.name),
                        pdf.text(lic.get_status_display()),
                    ]
                    for lic in skipped
                ],
                [1.0 * inch, 1.8 * inch, 1.8 * inch, 2.4 * inch],
            ),
        ]
    flow += [Spacer(1, 12), pdf.citation_box(pdf.quotes("tag"))]
    return flow


def render(selection: Selection) -> bytes:
    return pdf.build(
        story(selection),
        pdf.Page(label=f"Tag sheet · {selection.description}"),
        title=f"Tag sheet: {selection.description}",
    )


def filename(selection: Selection) -> str:
    return f"tag-sheet-{selection.slug}.pdf"
