"""Every name prints: owners named in Vietnamese, Somali, Hmong, Arabic and Chinese appear on
their license certificate, their receipt and their renewal reminder letter, in fonts embedded in
the PDF, with no missing glyph (the empty box a font draws for a character it lacks)."""

from __future__ import annotations

import re
import unicodedata
from io import BytesIO

import pytest
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics

from dogtag.documents import licenses, receipts, reminders
from dogtag.licensing import services

from .conftest import TODAY, D, cash, dog_with_rabies, pdf_pages

NAMES = {
    "vietnamese": "Nguyễn Thị Ngọc Ánh",
    "somali": "Cabdullaahi Maxamed Xuseen",
    "hmong": "Ntxhi Vwj Xyooj",  # Romanized Popular Alphabet
    "arabic": "محمد عبد الله",
    "chinese": "王小明",
}
EMBEDDED = {"DejaVuSansCondensed", "DejaVuSansCondensed-Bold", "DroidSansFallback"}


def as_read(name: str) -> str:
    """The name as a reader of the PDF's text gets it back: as typed, once NFKC-normalised.

    The PDF holds glyphs, not letters. Shaped Arabic is a run of contextual forms (initial,
    medial, final, and the lam-alef ligatures) laid out left to right as the eye sees them, and
    the font's ToUnicode map names each glyph by its Arabic Presentation Forms code point (U+FExx).
    pypdf finds the right-to-left run and gives it back in reading order; NFKC folds each
    presentation form to its letter. So the Arabic name reads back as typed, and so do the Latin
    (NFC) and Chinese names."""
    return unicodedata.normalize("NFKC", name)


def greeting(name: str) -> str:
    """The letter's "Dear <name>," as read back. The page shows the comma at the right of an
    Arabic name (test_fonts checks the order drawn), but pypdf reverses the right-to-left run
    up to the end of the drawn text, the comma with it."""
    if any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in name):
        return f"Dear ,{as_read(name)}"
    return f"Dear {as_read(name)},"


def read_back(content: bytes, name: str) -> list[str]:
    """Each page's text, NFKC-normalised (see :func:`as_read`)."""
    return [unicodedata.normalize("NFKC", page) for page in pdf_pages(content, name)]


def fonts_used(content: bytes) -> dict[str, list[object]]:
    """Every font on every page: base name (without the subset tag) -> the font descriptors of
    its subsets (ReportLab embeds a font as subsets of up to 256 characters)."""
    found: dict[str, list[object]] = {}
    for page in PdfReader(BytesIO(content)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            found.setdefault(str(font["/BaseFont"]).lstrip("/").split("+")[-1], []).append(
                descriptor.get_object() if descriptor is not None else None
            )
    return found


def characters_without_glyph(content: bytes) -> set[tuple[str, str]]:
    """(font, character) for each character drawn in a font that has no glyph for it, so that
    the reader sees the font's empty box. The PDF's ToUnicode map still names such a character,
    so reading the text back cannot tell; the shipped font's own character map can."""
    missing: set[tuple[str, str]] = set()

    def visit(text, cm, tm, font, size):
        if font is None:
            return
        base = str(font["/BaseFont"]).split("+")[-1]
        has = pdfmetrics.getFont(base).face.charToGlyph
        missing.update((base, c) for c in text if not c.isspace() and ord(c) not in has)

    for page in PdfReader(BytesIO(content)).pages:
        page.extract_text(visitor_text=visit)
    return missing


@pytest.fixture
def licensed(clerk, stock):
    """One owner per name, each with a dog licensed today: name -> the issued license."""
    issued = {}
    for i, (language, name) in enumerate(NAMES.items()):
        owner = services.register_owner(
            actor=clerk,
            name=name,
            street=f"{7100 + i} Viking Blvd NW",
            postal_code="55303",
            phone=f"763-555-01{40 + i}",
        )
        dog, rabies = dog_with_rabies(
            clerk,
            owner,
            f"Dog{i}",
            "Mixed breed",
            "Brown",
            "male",
            vaccinated=D(2026, 10, 1),
            expires=D(2027, 10, 1),
            born=D(2026, 5, 20),
            sterilized=True,
        )
        issued[language] = services.issue_license(
            dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
        )
    return issued


def documents(issued) -> list[tuple[str, str, bytes, str]]:
    """(language, document, PDF bytes, page text) for each owner's license, receipt and letter."""
    made = []
    batch = reminders.letters(D(2027, 9, 1), D(2027, 10, 31))
    letters = reminders.render(D(2027, 9, 1), D(2027, 10, 31), batch)
    letter_pages = read_back(letters, "unicode-reminders.pdf")
    for language, item in issued.items():
        license_pdf = licenses.render(licenses.find(item.license.number))
        receipt_pdf = receipts.render(receipts.find(item.receipt.number))
        made.append(
            (
                language,
                "license",
                license_pdf,
                " ".join(read_back(license_pdf, f"unicode-license-{language}.pdf")),
            )
        )
        made.append(
            (
                language,
                "receipt",
                receipt_pdf,
                " ".join(read_back(receipt_pdf, f"unicode-receipt-{language}.pdf")),
            )
        )
        page = next(p for p in letter_pages if f"Dog{list(NAMES).index(language)} " in p)
        made.append((language, "letter", letters, page))
    return made


def test_every_name_prints_on_license_receipt_and_letter(licensed):
    # given five owners whose names are written in five scripts, each with a licensed dog
    # when each one's license certificate and receipt and the renewal letters are rendered
    made = documents(licensed)
    # then each document reads back the owner's name
    for language, document, _, text in made:
        assert as_read(NAMES[language]) in text, (language, document, text[:400])
    # and the owner's line of the certificate and the receipt reads exactly the name
    for language, document, _, text in made:
        if document != "letter":
            assert f"Owner {as_read(NAMES[language])} Address" in text or (
                f"Owner {as_read(NAMES[language])} Owner's address" in text
            ), (language, document)
    # and the letter greets the owner by name and puts the name in the address window
    for language, document, _, text in made:
        if document == "letter":
            read = as_read(NAMES[language])
            assert text.count(read) == 2, (language, text[:400])
            assert greeting(NAMES[language]) in text, language
    # and no page shows the replacement box, a replacement character or a code point
    for language, document, _, text in made:
        assert not re.search(r"[■\ufffd\ue000-\uf8ff]|\[U\+", text), (language, document)


def test_the_fonts_are_embedded_and_no_glyph_is_missing(licensed):
    # given the documents of the five owners
    made = documents(licensed)
    for language, document, content, _ in made:
        # when the PDF's fonts are read
        used = fonts_used(content)
        # then every font is one of the shipped TrueType fonts, embedded (FontFile2)
        assert set(used) <= EMBEDDED, (language, document, set(used))
        descriptors = [d for subsets in used.values() for d in subsets]
        assert all(d is not None and "/FontFile2" in d for d in descriptors), (language, document)
        # and every character drawn is in the font it is drawn in
        assert characters_without_glyph(content) == set(), (language, document)
    # and the Chinese name is set in the CJK fallback, the others in DejaVu Sans Condensed
    chinese = {d for lang, d, content, _ in made if "DroidSansFallback" in fonts_used(content)}
    assert chinese == {"license", "receipt", "letter"}
    latin = [c for lang, d, c, _ in made if lang == "somali" and d != "letter"]
    assert all("DroidSansFallback" not in fonts_used(c) for c in latin)
