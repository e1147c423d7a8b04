"""How text is set: the font of each run of characters, the fallbacks, a character no font has,
and right-to-left text put in the order a reader sees it (fonts.py)."""

from __future__ import annotations

import io
import logging

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from dogtag.records import fonts
from dogtag.records.fonts import CJK, SANS, SANS_BOLD

# محمد shaped, left to right as seen: final dal, medial meem, medial hah, initial meem
MUHAMMAD = "\ufeaa\ufee4\ufea4\ufee3"
# عبد: final dal, medial beh, initial ain
ABD = "\ufeaa\ufe92\ufecb"
# الله: final heh, medial lam, initial lam, alef (which does not join to its left)
ALLAH = "\ufeea\ufee0\ufedf\u0627"


@pytest.mark.parametrize(
    "value, expected",
    [
        ("Pat Gustafson", [(SANS, "Pat Gustafson")]),
        ("Nguyễn Thị Ngọc Ánh", [(SANS, "Nguyễn Thị Ngọc Ánh")]),
        # typed with combining marks, set precomposed (NFC), in the one font
        ("Nguye\u0302\u0303n", [(SANS, "Nguyễn")]),
        ("王小明", [(CJK, "王小明")]),
        # the space after a Chinese word stays in its run: one font switch, not two
        ("Owner 王小明 Address", [(SANS, "Owner "), (CJK, "王小明 "), (SANS, "Address")]),
        ("Dear 王小明,", [(SANS, "Dear "), (CJK, "王小明"), (SANS, ",")]),
    ],
)
def test_each_character_is_set_in_the_first_font_that_has_it(value, expected):
    assert fonts.runs(value, SANS) == expected


def test_line_breaks_and_tabs_typed_in_a_record_are_spaces_not_code_points(caplog):
    # given a note typed in a text area, with a line break and a tab (no font has a glyph
    # for either: a paragraph folds them into spaces, a canvas would draw the box)
    value = "Gate on the north side.\r\nDog\tkept inside"
    # when it is split into runs
    with caplog.at_level(logging.WARNING, logger="dogtag.records.fonts"):
        out = fonts.runs(value, SANS)
    # then each is a space in the text's font, and nothing is reported missing
    assert out == [(SANS, "Gate on the north side.  Dog kept inside")]
    assert caplog.messages == []


def test_a_character_no_font_has_is_printed_as_its_code_point_and_logged(caplog):
    # given a name with a character none of the shipped fonts has (a dog emoji)
    # when it is split into runs
    with caplog.at_level(logging.WARNING, logger="dogtag.records.fonts"):
        out = fonts.runs("Rex 🐕", SANS)
    # then the character is printed as its code point, in the text's own font
    assert out == [(SANS, "Rex [U+1F415]")]
    # and the log says which character was missing
    assert caplog.messages == [
        "No document font has '🐕' (U+1F415 DOG): printed as its code point."
    ]


@pytest.mark.parametrize(
    "value, expected",
    [
        ("Pat Gustafson, 7120 Viking Blvd NW", "Pat Gustafson, 7120 Viking Blvd NW"),
        ("محمد", MUHAMMAD),
        # the words of a right-to-left run are reversed, each word shaped
        ("محمد عبد الله", f"{ALLAH} {ABD} {MUHAMMAD}"),
        # the English around the run stays in place; the comma ending the English sentence
        # stays at the right of the name
        ("Dear محمد عبد الله,", f"Dear {ALLAH} {ABD} {MUHAMMAD},"),
        ("Owner محمد (Rex)", f"Owner {MUHAMMAD} (Rex)"),
        # digits between right-to-left words keep their own order
        ("محمد 12 عبد", f"{ABD} 12 {MUHAMMAD}"),
        # a bracket inside a right-to-left run faces the other way
        ("محمد (عبد)", f"({ABD}) {MUHAMMAD}"),
        # brackets opening a right-to-left name in an English line stay English brackets
        ("(محمد) عبد", f"({MUHAMMAD}) {ABD}"),
    ],
)
def test_right_to_left_text_is_put_in_the_order_seen(value, expected):
    assert fonts.visual(value, SANS) == expected


def test_markup_wraps_fallback_runs_and_leaves_tags_and_entities():
    # given paragraph markup with a bold tag, an entity, Chinese and Arabic
    value = "<b>Owner</b> 王小明 &amp; محمد"
    # when the runs are marked up for a paragraph set in DejaVu Sans Condensed
    # then only the Chinese is wrapped in a font tag, and the Arabic is in its seen order
    assert fonts.markup(value, SANS) == (
        f'<b>Owner</b> <font face="{CJK}">王小明 </font>&amp; {MUHAMMAD}'
    )


def test_a_canvas_string_is_drawn_in_its_runs_fonts_and_anchored_by_its_width():
    # given a canvas whose opening font is DejaVu Sans Condensed
    fonts.register()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, initialFontName=SANS)
    # when a name in Latin and Chinese is drawn ending at x = 300
    fonts.draw_string(canvas, 300, 700, "Wang 王小明", SANS_BOLD, 10, anchor="end")
    canvas.showPage()
    canvas.save()
    # then the text's two fonts are the page's only fonts, and the text reads back
    page = PdfReader(io.BytesIO(buffer.getvalue())).pages[0]
    names = {
        str(f.get_object()["/BaseFont"]).split("+")[-1]
        for f in page["/Resources"]["/Font"].values()
    }
    assert names == {SANS_BOLD, CJK}
    assert page.extract_text() == "Wang 王小明"
    # and the width measured is the sum of the runs' widths
    assert fonts.string_width("Wang 王小明", SANS_BOLD, 10) == pytest.approx(
        fonts.pdfmetrics.stringWidth("Wang ", SANS_BOLD, 10)
        + fonts.pdfmetrics.stringWidth("王小明", CJK, 10)
    )
