"""Kennel documents read back with pypdf: labels (Avery 5160), notice letters, certificates."""

from __future__ import annotations

import io
import unicodedata

import pytest
from pypdf import PdfReader

from dogtag.kennels import documents as kennel_notices
from dogtag.kennels import services
from dogtag.kennels.models import NoticeRecipient

from .conftest import TODAY, D, cash, hearing_time, make_parcel, square, take_to_council


def pages(content: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]


@pytest.fixture
def noticed(application, clerk):
    """31 neighbours in a row north of the kennel parcel, each 60 ft wide, all within 1/4 mile."""
    for i in range(31):
        make_parcel(
            f"R02-{i:04d}",
            square(i * 60 - 600, 700, 60, 100),
            owner_names=f"Neighbour {i:02d} Lindqvist",
            mailing_street=f"{20000 + i} Nowthen Blvd NW",
            mailing_city="Nowthen",
            mailing_postal_code="55330",
        )
    services.schedule_hearing(
        application=application,
        hearing_at=hearing_time(),
        place="Nowthen City Hall, council chambers",
        actor=clerk,
        on=D(2026, 10, 5),
    )
    services.draw_notice_list(application=application, on=D(2026, 10, 20), actor=clerk)
    application.refresh_from_db()
    return application


def test_avery_5160_geometry():
    # 3 columns x 10 rows of 2 5/8" x 1" labels, 1/2" top margin, 3/16" side margin
    assert kennel_notices.LABELS_PER_SHEET == 30
    assert kennel_notices.label_origin(0) == (13.5, 792 - 36 - 72)
    assert kennel_notices.label_origin(2)[0] == pytest.approx(13.5 + 2 * 198)
    assert kennel_notices.label_origin(29)[1] == pytest.approx(36)  # bottom row ends 1/2" up
    assert kennel_notices.label_origin(30) == kennel_notices.label_origin(0)


def test_31_recipients_make_two_label_sheets(noticed):
    assert NoticeRecipient.objects.filter(application=noticed).count() == 31
    text = pages(kennel_notices.mailing_labels(noticed))
    assert len(text) == 2
    first = sum(f"Neighbour {i:02d} Lindqvist" in text[0] for i in range(31))
    assert first == 30
    assert text[1].count("Lindqvist") == 1
    assert "Nowthen, MN 55330" in text[0]
    assert "20000 Nowthen Blvd NW" in text[0]


def test_a_long_owner_name_is_shortened_to_fit_the_label():
    line, size = kennel_notices._fit("A" * 80, kennel_notices.LABEL_WIDTH - 0.3 * 72)
    assert line.endswith("…") and size == 7.0


def test_one_notice_letter_per_recipient_with_hearing_and_reason(noticed):
    recipients = list(noticed.notice_recipients.all())
    reader = PdfReader(io.BytesIO(kennel_notices.notice_letters(noticed)))
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert text.count("Notice of public hearing") >= 31
    assert len(reader.pages) >= 31
    first = reader.pages[0].extract_text()
    name = recipients[0].owner_names
    assert f"Dear {name}:" in first
    assert "Pat Gustafson, doing business as Rum River Kennels," in first
    assert "7120 Viking Blvd NW (PIN R01-0001)" in first
    assert "November 20, 2026, 7:00 PM CST" in first
    assert "Nowthen City Hall, council chambers" in first
    assert "lies within 1/4 mile" in first
    assert "1,320 feet" in first
    assert "3-2-5.B.2" in first
    assert f"PIN {recipients[0].pin}" in first


def test_certificates(application, clerk, owner, parcel, other_parcel):
    take_to_council(application, clerk, conditions=["Quiet hours after 9 pm."])
    license_ = services.issue_commercial_kennel_license(
        application=application, on=TODAY, actor=clerk
    ).license
    text = "\n".join(pages(kennel_notices.commercial_certificate(license_)))
    assert "Commercial kennel license CK2026-001" in text
    for section in ("3-2-5.B.3", "3-2-5.B.5", "3-2-5.B.8", "3-2-5.B.9"):
        assert section in text
    assert "Quiet hours after 9 pm." in text
    assert "November 28, 2027" in text
    private = services.issue_private_kennel_license(
        holder=owner,
        parcel=other_parcel,
        dogs_licensed=7,
        on=TODAY,
        payment=cash("25.00"),
        actor=clerk,
    ).license
    text = "\n".join(pages(kennel_notices.private_certificate(private)))
    assert "Private kennel license PK2026-0001" in text
    assert "7, which shall not be exceeded" in text
    assert "3-2-5.A.2" in text


def test_labels_print_owner_names_in_any_script(application, clerk):
    # given neighbours of record whose names are written in Vietnamese, Arabic and Chinese
    names = ["Nguyễn Thị Ngọc Ánh", "محمد عبد الله", "王小明"]
    for i, name in enumerate(names):
        make_parcel(
            f"R03-{i:04d}",
            square(i * 60 - 600, 700, 60, 100),
            owner_names=name,
            mailing_street=f"{20000 + i} Nowthen Blvd NW",
            mailing_city="Nowthen",
            mailing_postal_code="55330",
        )
    services.schedule_hearing(
        application=application,
        hearing_at=hearing_time(),
        place="Nowthen City Hall, council chambers",
        actor=clerk,
        on=D(2026, 10, 5),
    )
    services.draw_notice_list(application=application, on=D(2026, 10, 20), actor=clerk)
    # when the mailing labels are printed
    content = kennel_notices.mailing_labels(application)
    # then each name reads back as typed (pypdf returns the Arabic run in reading order, as
    # presentation forms that NFKC folds to the letters typed)
    text = unicodedata.normalize("NFKC", pages(content)[0])
    assert all(name in text for name in names)
    # and every font on the sheet is embedded (no standard Helvetica left)
    page = PdfReader(io.BytesIO(content)).pages[0]
    fonts = [f.get_object() for f in page["/Resources"]["/Font"].values()]
    assert sorted(str(f["/BaseFont"]).split("+")[-1] for f in fonts) == [
        "DejaVuSansCondensed",
        "DroidSansFallback",
    ]
    assert all("/FontFile2" in f["/FontDescriptor"] for f in fonts)
