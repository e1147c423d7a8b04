"""The fonts every document is set in, and how a name in any script gets printed.

The PDF standard fonts (Helvetica) cover Latin-1 only: a Vietnamese, Arabic or Chinese name came
out as boxes. So the documents embed TrueType fonts shipped in ``fonts/`` next to this module,
each with its license:

- **DejaVu Sans Condensed** and its bold (Bitstream Vera license with DejaVu's public-domain
  changes): Latin with Vietnamese, Somali and Hmong (RPA), Greek, Cyrillic, Arabic, Hebrew,
  Armenian, Georgian, and the punctuation and symbols the documents use (§, —, ●). Condensed,
  because its widths are Helvetica's (DejaVu Sans is 13% wider): the documents keep their
  layout, and a one-page letter stays one page.
- **Droid Sans Fallback** (Apache-2.0): Chinese, Japanese and Korean, 4 MB where a Noto CJK font
  is 16 MB or more. It has no bold: a Chinese name in a bold line is set regular.

ReportLab picks one font per run of text and has no per-glyph fallback, so :func:`runs` splits a
text into runs by the first font that has each character, :func:`markup` writes the runs as
``<font face>`` tags in Paragraph markup, and :func:`draw_string` draws them on a canvas. A
character that no font has is printed as its code point (``[U+1F415]``) and logged, never
dropped and never a box.

Arabic (and Hebrew) are written right to left and Arabic letters join. :func:`visual` turns such
text into the order the eye sees it before ReportLab sets it, so paragraphs and canvas text need
nothing special: a right-to-left run (its letters, and the spaces, digits and punctuation between
them) has its words reversed and its brackets mirrored, and each word is shaped by HarfBuzz
(uharfbuzz) and written as the font's contextual forms (Arabic Presentation Forms), left to
right. Punctuation at the edge of a run stays with the English line around it: "Dear <name>,"
keeps its comma on the right. This is a simplified bidi algorithm for a left-to-right page (no
explicit embeddings); a right-to-left run that wraps across lines has its lines in the wrong
order (names and addresses do not wrap). A shaped form without a code point in the font (none
in DejaVu's Arabic) falls back to the unjoined letters, logged.
"""

from __future__ import annotations

import itertools
import logging
import re
import unicodedata
from functools import cache, lru_cache
from pathlib import Path

import uharfbuzz as hb
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

log = logging.getLogger(__name__)

FONT_DIR = Path(__file__).with_name("fonts")

# registered under their PostScript names, the names a PDF's font list shows
SANS = "DejaVuSansCondensed"
SANS_BOLD = "DejaVuSansCondensed-Bold"
CJK = "DroidSansFallback"

_FILES = {
    SANS: "DejaVuSansCondensed.ttf",
    SANS_BOLD: "DejaVuSansCondensed-Bold.ttf",
    CJK: "DroidSansFallbackFull.ttf",
}

#: the fonts tried, in order, for a character the run's own font lacks
FALLBACKS: tuple[str, ...] = (SANS, SANS_BOLD, CJK)

#: Unicode bidirectional classes of right-to-left letters
_RTL = frozenset({"R", "AL"})


def _font(name: str) -> TTFont:
    """A shipped font, registered with ReportLab the first time it is asked for: reading Droid
    Sans Fallback takes a second, spent only when a text first needs a CJK character."""
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, FONT_DIR / _FILES[name]))
        for bold in (0, 1):
            for italic in (0, 1):  # <b> and <i> in markup; the one CJK face serves all four
                face = CJK if name == CJK else SANS_BOLD if bold else SANS
                addMapping(name, bold, italic, face)
    font: TTFont = pdfmetrics.getFont(name)
    return font


def register() -> None:
    """Register DejaVu Sans Condensed and its bold, which every document uses; before a document
    is built or a paragraph styled in them is made."""
    _font(SANS)
    _font(SANS_BOLD)


@cache
def _has(font: str, char: str) -> bool:
    return ord(char) in _font(font).face.charToGlyph


def font_for(char: str, font: str) -> str | None:
    """The font a character is set in: ``font`` if it has it, else the first fallback; None if
    no shipped font has it."""
    if _has(font, char):
        return font
    return next((f for f in FALLBACKS if _has(f, char)), None)


def _missing(char: str) -> str:
    log.warning(
        "No document font has %r (U+%04X %s): printed as its code point.",
        char,
        ord(char),
        unicodedata.name(char, "unnamed"),
    )
    return f"[U+{ord(char):04X}]"


def runs(value: str, font: str) -> list[tuple[str, str]]:
    """``value`` (NFC) as (font, text) runs: each character in ``font`` if it has it, else in
    the first fallback that does; spaces and combining marks stay in the run they follow. A
    line break or tab (typed in a text area; no font draws one) is a space."""
    register()
    out: list[tuple[str, str]] = []
    for char in unicodedata.normalize("NFC", value):
        current = out[-1][0] if out else font
        if char.isspace() and not _has(current, char):
            char = " "
        if (char.isspace() or unicodedata.combining(char)) and _has(current, char):
            face: str | None = current
        else:
            face = font_for(char, font)
        piece = char if face is not None else _missing(char)
        face = face or font
        if out and out[-1][0] == face:
            out[-1] = (face, out[-1][1] + piece)
        else:
            out.append((face, piece))
    return out


# ---------------------------------------------------------------------- right to left


_MIRRORED = str.maketrans("()[]{}<>«»", ")(][}{><»«")
_JOINERS = "\u200c\u200d"  # zero-width non-joiner and joiner stay inside their word


def _kind(char: str) -> str:
    """R: right-to-left letter; L: left-to-right letter; M: a mark or joiner (goes with the
    character before it); D: a digit; N: neutral (space, punctuation)."""
    kind = unicodedata.bidirectional(char)
    if kind in _RTL:
        return "R"
    if kind == "L":
        return "L"
    if kind == "NSM" or char in _JOINERS:
        return "M"
    if kind in ("EN", "AN"):
        return "D"
    return "N"


def _tokens(value: str) -> list[list[str]]:
    """[kind, text] tokens: right-to-left words (letters with their marks) and digit runs
    whole, every other character alone."""
    out: list[list[str]] = []
    for char in value:
        kind = _kind(char)
        if (kind == "M" and out) or (kind in ("R", "D") and out and out[-1][0] == kind):
            out[-1][1] += char
        else:
            out.append([kind, char])
    return out


@cache
def _harfbuzz(font: str) -> hb.Font:
    return hb.Font(hb.Face(hb.Blob.from_file_path(str(FONT_DIR / _FILES[font]))))


@lru_cache(maxsize=4096)  # bounded: the server runs for months, names keep coming
def _shaped(word: str, font: str) -> str:
    """A right-to-left word as its shaped forms, left to right as seen; the letters reversed,
    unjoined, if a form has no code point in the font."""
    buffer = hb.Buffer()
    buffer.add_str(word)
    buffer.guess_segment_properties()
    buffer.direction = "rtl"
    hb.shape(_harfbuzz(font), buffer, {})
    to_char = _font(font).face.glyphToChar
    forms = [to_char.get(info.codepoint) for info in buffer.glyph_infos]
    if not all(forms):
        log.warning("No code point for a shaped form of %r in %s: set unjoined.", word, font)
        return word[::-1]
    return "".join(chr(codes[0]) for codes in forms if codes)


_OPENING = {")": "(", "]": "[", "}": "{", "»": "«"}


def _bracket_pairs(kinds: list[str], texts: list[str]) -> list[str]:
    """``kinds`` with each pair of brackets given one direction (the bidi algorithm's rule N0,
    simplified): right to left if it encloses right-to-left letters and no left-to-right ones
    and right-to-left text comes before it; otherwise left to right if it encloses any letter.
    So "محمد (عبد)" keeps both brackets around the second word."""
    kinds = list(kinds)
    open_at: list[int] = []
    for i, text in enumerate(texts):
        if text in _OPENING.values():
            open_at.append(i)
        elif text in _OPENING and open_at and texts[open_at[-1]] == _OPENING[text]:
            start = open_at.pop()
            inside = set(kinds[start + 1 : i])
            before = next((k for k in reversed(kinds[:start]) if k in ("R", "L")), "L")
            if "R" in inside and "L" not in inside and before == "R":
                kinds[start] = kinds[i] = "R"
            elif inside & {"R", "L"}:
                kinds[start] = kinds[i] = "L"
    return kinds


def visual(value: str, font: str = SANS) -> str:
    """``value`` in the order a reader sees it on a left-to-right page, Arabic shaped (see the
    module's docstring). Text without right-to-left letters comes back unchanged."""
    if not any(unicodedata.bidirectional(c) in _RTL for c in value):
        return value
    shaper = font if font in (SANS, SANS_BOLD) else SANS
    tokens = _tokens(unicodedata.normalize("NFC", value))
    kinds = _bracket_pairs([kind for kind, _ in tokens], [text for _, text in tokens])
    strong = [i for i, kind in enumerate(kinds) if kind in ("R", "L")]
    # a neutral or a digit is in a right-to-left run only between two right-to-left letters
    in_run = [kind == "R" for kind in kinds]
    for a, b in itertools.pairwise(strong):
        if kinds[a] == kinds[b] == "R":
            in_run[a : b + 1] = [True] * (b + 1 - a)
    out: list[str] = []
    i = 0
    while i < len(tokens):
        if not in_run[i]:
            out.append(tokens[i][1])
            i += 1
            continue
        j = i
        while j < len(tokens) and in_run[j]:
            j += 1
        for kind, text in reversed(tokens[i:j]):
            if kind == "R":
                out.append(_shaped(text, shaper))
            else:  # digits keep their order; brackets face the other way
                out.append(text if kind == "D" else text.translate(_MIRRORED))
        i = j
    return "".join(out)


# ------------------------------------------------------------------------ Paragraph markup

_MARKUP = re.compile(r"(<[^>]*>|&#?\w+;)")


def markup(value: str, font: str) -> str:
    """Paragraph markup with every text run outside ``font`` wrapped in ``<font face>``; tags
    and entities pass through. ``font`` is the paragraph style's font."""
    out: list[str] = []
    for part in _MARKUP.split(value):
        if not part or _MARKUP.fullmatch(part):
            out.append(part)
            continue
        for face, piece in runs(visual(part, font), font):
            out.append(piece if face == font else f'<font face="{face}">{piece}</font>')
    return "".join(out)


# ------------------------------------------------------------------------------ canvas text


def string_width(value: str, font: str, size: float) -> float:
    """The width of ``value`` as :func:`draw_string` sets it."""
    pieces = runs(visual(value, font), font)
    return sum(pdfmetrics.stringWidth(piece, face, size) for face, piece in pieces)


def draw_string(
    canvas: Canvas, x: float, y: float, value: str, font: str, size: float, *, anchor: str = "start"
) -> None:
    """Draw ``value`` at (x, y) in ``font`` with fallbacks; ``anchor`` start, middle or end."""
    pieces = runs(visual(value, font), font)
    if anchor != "start":
        width = sum(pdfmetrics.stringWidth(piece, face, size) for face, piece in pieces)
        x -= width if anchor == "end" else width / 2
    text = canvas.beginText(x, y)
    for face, piece in pieces:
        text.setFont(face, size)
        text.textOut(piece)
    canvas.drawText(text)
