"""An enclosure photo that is a decompression bomb is refused (issue 10), nothing written."""

from __future__ import annotations

from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from dogtag.parcels import services
from dogtag.parcels.models import EnclosurePhoto
from dogtag.records.roles import ANIMAL_CONTROL_OFFICER
from tests.images import png_bomb
from tests.parcels.fixtures_pages import *  # noqa: F403
from tests.parcels.fixtures_pages import ENCLOSURE


def test_an_enclosure_photo_that_is_a_decompression_bomb_is_refused(
    as_role: Any, site: dict[str, Any], officer: Any, settings: Any, tmp_path: Any
) -> None:
    # given an enclosure, and a 20,000 x 20,000 PNG of 48 KB
    settings.MEDIA_ROOT = tmp_path
    enclosure, _ = services.record_enclosure(
        parcel=site["p1"],
        location=ENCLOSURE,
        constructed_on=None,
        label="Kennel run",
        floor_area=None,
        actor=officer,
    )
    # when an officer uploads it as the enclosure's photo
    response = as_role(ANIMAL_CONTROL_OFFICER).post(
        reverse("enclosure_photo_new", args=[enclosure.pk]),
        {
            "image": SimpleUploadedFile("run.png", png_bomb(), "image/png"),
            "caption": "West fence",
            "taken_on": "2026-11-28",
        },
    )
    # then it is refused with the reason, and no photo and no file are written
    assert response.status_code == 200
    assert "The image is 400.0 megapixels; the limit is 89.5 megapixels." in (
        response.content.decode()
    )
    assert EnclosurePhoto.objects.count() == 0
    assert list(tmp_path.iterdir()) == []
