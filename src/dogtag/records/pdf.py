"""The shared look of every Dogtag document: letter paper, the city's header, the footer with
the generated-on line and page numbers, and the formatting of money, dates and citations.

Documents are generated from the records, never typed: each module (receipts, licenses, tags,
reminders) turns records into flowables and calls :func:`build`. Nothing here decides anything;
amounts, findings and parameters arrive from the records or from ``records.services.city_params``.

Text is set in DejaVu Sans Condensed, embedded, with a CJK fallback (``fonts.py``), so that a name in
any script the city's residents write prints as typed. :func:`para` and :func:`draw` are the only
ways text reaches a page: both pick the font of each run of characters and put Arabic in order.
"""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from xml.sax.saxutils import escape

from django.utils import timezone
from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    ListFlowable,
    ListItem,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from dogtag.law import params as law_params
from dogtag.law import passages, provisions, wording
from dogtag.records import fonts
from dogtag.records.fonts import SANS, SANS_BOLD
from dogtag.records.services import in_force

# --------------------------------------------------------------------------- the city office
# The office the documents send people to is the city's package's (jurisdiction.yaml, office).

# Streams are written binary (compressed), not ASCII85-encoded: a third smaller and, in a
# thousand-letter mail merge, seconds faster. Every PDF reader reads binary streams.
rl_config.useA85 = 0


def office_lines() -> list[str]:
    """The city office's contact lines, as printed in the letterhead and the letters: the city's
    name, street, city line and phone from its package; the name alone if it states no office."""
    city = law_params.default().city
    return city.office.lines(city.name) if city.office else [city.name]


def city_code(*concepts: str, full: bool = False) -> str:
    """The sections stating ``concepts`` as the city in force names its code in a sentence
    ("City Code" and the sections, in Nowthen), listed as its ordinance lists them; ``full``:
    each written out in full."""
    city = law_params.default().city
    each = provisions.cite_each(*concepts)
    cited = ", ".join(each) if full else provisions.together(each)
    return provisions.sections_of(city).citation.format(section=cited)


def city_name() -> str:
    """The city's name from its parameter files ("City of Nowthen")."""
    return law_params.default().city.name


# ------------------------------------------------------------------------------------ paper

PAGE_WIDTH, PAGE_HEIGHT = LETTER
MARGIN_X = 0.75 * inch
HEADER_RULE_FROM_TOP = 1.1 * inch
FRAME_TOP_FROM_TOP = 1.3 * inch
FOOTER_RULE_FROM_BOTTOM = 0.8 * inch
FRAME_BOTTOM = 0.95 * inch
FRAME_WIDTH = PAGE_WIDTH - 2 * MARGIN_X
FRAME_HEIGHT = PAGE_HEIGHT - FRAME_TOP_FROM_TOP - FRAME_BOTTOM

NAVY = colors.HexColor("#1b3a5c")
INK = colors.HexColor("#1b1b1b")
MUTED = colors.HexColor("#5c5c5c")
RULE = colors.HexColor("#9aa7b5")
SHADE = colors.HexColor("#eef2f6")
VOID_RED = colors.HexColor("#b50909")


def _style(name: str, **kw: object) -> ParagraphStyle:
    base: dict[str, object] = {
        "fontName": SANS,
        "fontSize": 9.5,
        "leading": 12.5,
        "textColor": INK,
    }
    base.update(kw)
    return ParagraphStyle(name, **base)  # type: ignore[arg-type]


STYLES: dict[str, ParagraphStyle] = {
    "title": _style("title", fontName=SANS_BOLD, fontSize=16, leading=20, textColor=NAVY),
    "subtitle": _style("subtitle", fontSize=10, leading=13, textColor=MUTED),
    "h2": _style(
        "h2",
        fontName=SANS_BOLD,
        fontSize=11,
        leading=14,
        textColor=NAVY,
        spaceBefore=10,
        spaceAfter=4,
    ),
    "body": _style("body"),
    "small": _style("small", fontSize=8.5, leading=11),
    "muted": _style("muted", fontSize=8.5, leading=11, textColor=MUTED),
    "cell": _style("cell", fontSize=9, leading=11.5),
    "cell_small": _style("cell_small", fontSize=8.5, leading=10.5),
    "cell_small_bold": _style("cell_small_bold", fontName=SANS_BOLD, fontSize=8.5, leading=10.5),
    "cell_bold": _style("cell_bold", fontName=SANS_BOLD, fontSize=9, leading=11.5),
    "cell_right": _style("cell_right", fontSize=9, leading=11.5, alignment=TA_RIGHT),
    "cell_right_bold": _style(
        "cell_right_bold", fontName=SANS_BOLD, fontSize=9, leading=11.5, alignment=TA_RIGHT
    ),
    "label": _style("label", fontName=SANS_BOLD, fontSize=8.5, leading=11.5, textColor=MUTED),
    "bullet": _style("bullet", leftIndent=14, bulletIndent=3, spaceAfter=3),
    "notice": _style("notice", fontName=SANS_BOLD, fontSize=10.5, leading=14, textColor=VOID_RED),
}


# ------------------------------------------------------------------------------ formatting


def money(amount: Decimal) -> str:
    """$3.00; a reversal is -$3.00."""
    amount = Decimal(amount)
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(amount):,.2f}"


def long_date(day: dt.date | None) -> str:
    """November 29, 2026."""
    if day is None:
        return "not recorded"
    return f"{day:%B} {day.day}, {day.year}"


def local_datetime(moment: dt.datetime) -> str:
    """November 29, 2026, 10:00 AM CST, in the city's time zone (America/Chicago)."""
    local = timezone.localtime(moment)
    hour = local.strftime("%I:%M %p").lstrip("0")
    return f"{long_date(local.date())}, {hour} {local.strftime('%Z')}"


def param(key: str, style: str = "display", on: dt.date | None = None) -> str:
    """A parameter in force (default today) worded for a document's prose (dogtag.law.wording),
    never a number typed into the sentence."""
    return wording.phrase(in_force(key, on), style)


class Later:
    """Prose worded when the document is drawn (``str()``), from the parameters in force then: a
    table built at import time can hold it instead of a sentence with a number typed in."""

    def __init__(self, make: Callable[[], str]) -> None:
        self.make = make

    def __str__(self) -> str:
        return self.make()


def text(value: object) -> str:
    """A record's text, safe inside a Paragraph's markup."""
    return escape(str(value))


def para(value: str, style: str = "body") -> Paragraph:
    """A paragraph of markup (escape record values with :func:`text` first), each run of text
    in the first font that has it, right-to-left text in reading order (``fonts.markup``)."""
    return Paragraph(fonts.markup(value, STYLES[style].fontName), STYLES[style])


def draw(
    canvas: Canvas, x: float, y: float, value: str, font: str, size: float, *, anchor: str = "start"
) -> None:
    """Canvas text (header, footer, address window, tags, labels): ``font`` with fallbacks."""
    fonts.draw_string(canvas, x, y, value, font, size, anchor=anchor)


def sections_text(sections: Sequence[str]) -> str:
    return ", ".join(sections)


def user_name(user: object) -> str:
    """The cashier or clerk as printed: full name, else the user name."""
    full = getattr(user, "get_full_name", lambda: "")().strip()
    return full or str(getattr(user, "get_username", lambda: user)())


# ------------------------------------------------------------------------------- flowables


def table_style(commands: Sequence[tuple[object, ...]]) -> TableStyle:
    """A table's style with its cells' own font in DejaVu Sans too: a table declares its cell
    font on the page even when every cell is a Paragraph, and the default is Helvetica."""
    return TableStyle([("FONT", (0, 0), (-1, -1), SANS), *commands])


def title_block(title: str, subtitle: str = "") -> list[Flowable]:
    flow: list[Flowable] = [para(text(title), "title")]
    if subtitle:
        flow.append(para(subtitle, "subtitle"))
    flow.append(Spacer(1, 8))
    return flow


def heading(value: str) -> Paragraph:
    return para(text(value), "h2")


def field_table(rows: Sequence[tuple[str, str]], *, label_width: float = 1.55 * inch) -> Table:
    """Label / value pairs, two columns; values are markup (escape record text)."""
    data = [[para(text(label), "label"), para(value, "cell")] for label, value in rows]
    table = Table(data, colWidths=[label_width, FRAME_WIDTH - label_width], hAlign="LEFT")
    table.setStyle(
        table_style(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("TOPPADDING", (0, 0), (-1, -1), 2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("LINEBELOW", (0, 0), (-1, -1), 0.25, SHADE),
            ]
        )
    )
    return table


def two_field_tables(
    left: Sequence[tuple[str, str]], right: Sequence[tuple[str, str]], *, label_width: float
) -> Table:
    """Two label / value lists side by side."""
    half = (FRAME_WIDTH - 12) / 2

    def column(rows: Sequence[tuple[str, str]]) -> Table:
        data = [[para(text(label), "label"), para(value, "cell_small")] for label, value in rows]
        table = Table(data, colWidths=[label_width, half - label_width], hAlign="LEFT")
        table.setStyle(
            table_style(
                [
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("LINEBELOW", (0, 0), (-1, -1), 0.25, SHADE),
                ]
            )
        )
        return table

    outer = Table([[column(left), column(right)]], colWidths=[half + 12, half], hAlign="LEFT")
    outer.setStyle(
        table_style(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (0, -1), 12),
                ("RIGHTPADDING", (1, 0), (1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    return outer


def data_table(
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    widths: Sequence[float],
    *,
    right: Sequence[int] = (),
    total: Sequence[str] | None = None,
    compact: bool = False,
) -> Table:
    """A ruled table with a shaded header row; cells are markup. ``right``: right-aligned
    columns. ``total``: a last row in bold above a double rule."""
    scale = FRAME_WIDTH / sum(widths)
    widths = [w * scale for w in widths]

    def cell(value: str, column: int, bold: bool = False) -> Paragraph:
        style = "cell_right" if column in right else "cell_small" if compact else "cell"
        return para(value, f"{style}_bold" if bold else style)

    data = [[cell(text(h), i, bold=True) for i, h in enumerate(header)]]
    data += [[cell(v, i) for i, v in enumerate(row)] for row in rows]
    if total is not None:
        data.append([cell(v, i, bold=True) for i, v in enumerate(total)])
    table = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    style = [
        ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        ("LINEBELOW", (0, 0), (-1, 0), 0.75, NAVY),
        ("LINEBELOW", (0, 1), (-1, -1), 0.25, RULE),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 2 if compact else 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3 if compact else 4),
        ("LEFTPADDING", (0, 0), (-1, -1), 4),
        ("RIGHTPADDING", (0, 0), (-1, -1), 4),
    ]
    if total is not None:
        style += [
            ("LINEABOVE", (0, -1), (-1, -1), 1.0, NAVY),
            ("LINEBELOW", (0, -1), (-1, -1), 0, SHADE),
        ]
    table.setStyle(table_style(style))
    return table


def bullets(items: Sequence[str], style: str = "body") -> ListFlowable:
    """A bulleted list; items are markup."""
    return ListFlowable(
        [ListItem(para(item, style), leftIndent=13, value="circle") for item in items],
        bulletType="bullet",
        start="circle",
        bulletFontName=SANS,
        leftIndent=13,
        bulletFontSize=5,
        bulletOffsetY=-1.5,
    )


def citation_box(items: Sequence[tuple[str, str]], title: str = "What the City Code says") -> Table:
    """A shaded box quoting sections: (section, quoted text) pairs."""
    content: list[Flowable] = [para(text(title), "cell_bold")]
    for section, quote in items:
        content.append(para(f"<b>{text(section)}</b> — {text(quote)}", "small"))
    box = Table([[content]], colWidths=[FRAME_WIDTH], hAlign="LEFT")
    box.setStyle(
        table_style(
            [
                ("BACKGROUND", (0, 0), (-1, -1), SHADE),
                ("BOX", (0, 0), (-1, -1), 0.5, RULE),
                ("LEFTPADDING", (0, 0), (-1, -1), 8),
                ("RIGHTPADDING", (0, 0), (-1, -1), 8),
                ("TOPPADDING", (0, 0), (-1, -1), 6),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 7),
            ]
        )
    )
    return box


def notice_box(lines: Sequence[str], *, color: colors.Color = VOID_RED) -> Table:
    """A boxed notice (a void, a reversal); lines are markup."""
    content = [para(line, "notice") for line in lines]
    box = Table([[content]], colWidths=[FRAME_WIDTH], hAlign="LEFT")
    box.setStyle(
        table_style(
            [
                ("BOX", (0, 0), (-1, -1), 1.5, color),
                ("LEFTPADDING", (0, 0), (-1, -1), 10),
                ("RIGHTPADDING", (0, 0), (-1, -1), 10),
                ("TOPPADDING", (0, 0), (-1, -1), 6),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 8),
            ]
        )
    )
    return box


# ------------------------------------------------------------------------------ the pages


@dataclass(frozen=True)
class Page:
    """What the header and footer of a document say."""

    label: str  # the document, in the footer: "Receipt R2026-000001"
    watermark: str | None = None  # e.g. "VOID", across every page
    fold_marks: bool = False  # tri-fold ticks for a #10 envelope


def _draw_header(canvas: Canvas) -> None:
    top = PAGE_HEIGHT - 0.55 * inch
    canvas.setFillColor(NAVY)
    draw(canvas, MARGIN_X, top - 4, city_name(), SANS_BOLD, 17)
    canvas.setFillColor(MUTED)
    draw(canvas, MARGIN_X, top - 19, "Dog licensing", SANS, 10)
    right = PAGE_WIDTH - MARGIN_X
    for i, line in enumerate(office_lines()[1:]):
        draw(canvas, right, top + 2 - i * 10, line, SANS, 8, anchor="end")
    canvas.setStrokeColor(NAVY)
    canvas.setLineWidth(1.2)
    y = PAGE_HEIGHT - HEADER_RULE_FROM_TOP
    canvas.line(MARGIN_X, y, PAGE_WIDTH - MARGIN_X, y)


def _draw_footer(canvas: Canvas, page: Page, generated: str) -> None:
    y = FOOTER_RULE_FROM_BOTTOM
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(0.5)
    canvas.line(MARGIN_X, y, PAGE_WIDTH - MARGIN_X, y)
    canvas.setFillColor(MUTED)
    draw(canvas, MARGIN_X, y - 11, page.label, SANS, 7.5)
    draw(canvas, MARGIN_X, y - 21, generated, SANS, 7.5)


def _draw_watermark(canvas: Canvas, word: str) -> None:
    canvas.saveState()
    canvas.setFillColor(VOID_RED)
    canvas.setFillAlpha(0.13)
    size = min(150.0, 7.5 * inch / fonts.string_width(word, SANS_BOLD, 1))
    canvas.translate(PAGE_WIDTH / 2, PAGE_HEIGHT / 2 - 40)
    canvas.rotate(35)
    draw(canvas, 0, -size / 3, word, SANS_BOLD, size, anchor="middle")
    canvas.restoreState()


def _draw_fold_marks(canvas: Canvas) -> None:
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(0.5)
    for fold in (PAGE_HEIGHT / 3, 2 * PAGE_HEIGHT / 3):
        canvas.line(0.2 * inch, fold, 0.4 * inch, fold)


def generated_line() -> str:
    now = timezone.now()
    return f"Generated {local_datetime(now)} from the {city_name()} dog license records."


class StartOfLetter(Flowable):
    """Marks where one letter of a mail merge begins, so that its pages number 1 of n."""

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        self.canv._letter_starts.add(self.canv.getPageNumber())  # type: ignore[attr-defined]


class Stamp(Flowable):
    """Flowables that recur unchanged in a mail merge (the same paragraphs in every letter),
    laid out once and drawn once per document as a PDF form XObject, then placed wherever the
    stamp recurs: a thousand letters lay out and draw their shared text once, not a thousand
    times. Use one ``Stamp`` instance for every occurrence of the same content; it does not
    split across pages. The text stays text (selectable, extractable)."""

    def __init__(self, flowables: Sequence[Flowable]) -> None:
        super().__init__()
        self.flowables = list(flowables)
        self._laid_out: tuple[float, float, list[tuple[Flowable, float]]] | None = None
        self._drawn_in: set[int] = set()

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        if self._laid_out is None or self._laid_out[0] != available_width:
            placed: list[tuple[Flowable, float]] = []
            height = 0.0
            for i, flowable in enumerate(self.flowables):
                if i:
                    height += flowable.getSpaceBefore()
                _, h = flowable.wrapOn(self.canv, available_width, 10**6)
                height += h
                placed.append((flowable, height))
                height += flowable.getSpaceAfter() if i < len(self.flowables) - 1 else 0
            self._laid_out = (available_width, height, placed)
        self.width, self.height = available_width, self._laid_out[1]
        return self.width, self.height

    def draw(self) -> None:
        assert self._laid_out is not None
        width, height, placed = self._laid_out
        name = f"dogtag-stamp-{id(self)}"
        if id(self.canv._doc) not in self._drawn_in:
            self.canv.beginForm(name, 0, 0, width, height)
            for flowable, bottom_from_top in placed:
                flowable.drawOn(self.canv, 0, height - bottom_from_top)
            self.canv.endForm()
            self._drawn_in.add(id(self.canv._doc))
        self.canv.doForm(name)


def _numbered_canvas() -> type[Canvas]:
    """A canvas that writes "Page n of N" once it knows N (per letter in a mail merge)."""

    class NumberedCanvas(Canvas):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            self._pages: list[dict[str, object]] = []
            self._letter_starts: set[int] = set()

        def showPage(self) -> None:  # ReportLab's name
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._pages)
            starts = sorted(self._letter_starts | {1})
            ends = [*(s - 1 for s in starts[1:]), total]
            for number, state in enumerate(self._pages, start=1):
                self.__dict__.update(state)
                first, last = next(
                    (s, e) for s, e in zip(starts, ends, strict=True) if s <= number <= e
                )
                label = f"Page {number - first + 1} of {last - first + 1}"
                if len(starts) > 1:
                    label += f" · sheet {number} of {total}"
                self.setFillColor(MUTED)
                x, y = PAGE_WIDTH - MARGIN_X, FOOTER_RULE_FROM_BOTTOM - 11
                draw(self, x, y, label, SANS, 7.5, anchor="end")
                super().showPage()
            super().save()

    return NumberedCanvas


PAGE_FORM = "dogtag-page"


def build(
    story: Sequence[Flowable],
    page: Page,
    *,
    title: str,
    subject: str = "",
    on_page: Callable[[Canvas, BaseDocTemplate], None] | None = None,
) -> bytes:
    """Lay out ``story`` on letter paper with the city's header and footer; the PDF's bytes."""
    fonts.register()
    buffer = io.BytesIO()
    generated = generated_line()
    doc = BaseDocTemplate(
        buffer,
        pagesize=LETTER,
        leftMargin=MARGIN_X,
        rightMargin=MARGIN_X,
        topMargin=FRAME_TOP_FROM_TOP,
        bottomMargin=FRAME_BOTTOM,
        title=title,
        subject=subject or title,
        author=city_name(),
        creator="Dogtag",
        initialFontName=SANS,  # else each page opens by declaring the standard Helvetica
    )
    frame = Frame(
        MARGIN_X,
        FRAME_BOTTOM,
        FRAME_WIDTH,
        FRAME_HEIGHT,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
        id="body",
    )

    def decorate(canvas: Canvas, document: BaseDocTemplate) -> None:
        canvas.saveState()
        # The header, footer and fold marks are the same on every page: drawn once, as a form
        # XObject each page places (a thousand-letter mail merge draws them once, not 1,000 times).
        if not getattr(canvas, "_dogtag_page_form", False):
            canvas.beginForm(PAGE_FORM)
            _draw_header(canvas)
            _draw_footer(canvas, page, generated)
            if page.fold_marks:
                _draw_fold_marks(canvas)
            canvas.endForm()
            canvas._dogtag_page_form = True  # type: ignore[attr-defined]
        canvas.doForm(PAGE_FORM)
        if on_page is not None:
            on_page(canvas, document)
        canvas.restoreState()

    def stamp(canvas: Canvas, document: BaseDocTemplate) -> None:
        if page.watermark:  # over the content, so no shaded box hides it
            _draw_watermark(canvas, page.watermark)

    doc.addPageTemplates(
        [PageTemplate(id="page", frames=[frame], onPage=decorate, onPageEnd=stamp)]
    )
    doc.build(list(story), canvasmaker=_numbered_canvas())
    return buffer.getvalue()


# ------------------------------------------------------------------- ordinance quotations
# From the ordinance's text in the rules core (dogtag.law.ordinance), never a copy.


class LazyQuotes(Mapping[str, str]):
    """Quotations of the ordinance, each worded when it is read (a document drawn), from the
    text of the city in force: a city whose text lacks one can still load the site."""

    def __init__(self, quoting: dict[str, Callable[[], str]]) -> None:
        self._quoting = quoting

    def __getitem__(self, key: str) -> str:
        return self._quoting[key]()

    def __iter__(self) -> Iterator[str]:
        return iter(self._quoting)

    def __len__(self) -> int:
        return len(self._quoting)


def quotes(*names: str) -> list[tuple[str, str]]:
    """(section, quoted text) of each passage named, for :func:`citation_box`: the package's
    (``ordinance/quotes.yaml``), quoted from the text of the city in force when a document is
    drawn; a passage the city does not quote is left out."""
    found = (passages.passage(name) for name in names)
    return [item for item in found if item is not None]
