"""Every image upload refuses a decompression bomb (issue 10): a dog's photo, a rabies
certificate scan, an enclosure photo. The header is read; no pixel is decoded; nothing is written."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from dogtag.licensing.models import Dog, RabiesVaccination
from dogtag.records.roles import CLERK, ensure_roles
from tests.images import png_bomb

BOMB = (
    "The image is 400.0 megapixels; the limit is 89.5 megapixels. An image that large is "
    "refused: it could take gigabytes of memory to open (a decompression bomb)."
)


def bomb(name: str = "pepper.png") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, png_bomb(), "image/png")


@pytest.fixture
def desk(client: Any, clerk: Any) -> Any:
    clerk.groups.add(ensure_roles()[CLERK])
    client.force_login(clerk)
    return client


def test_a_dog_photo_that_is_a_decompression_bomb_is_refused(
    desk: Any, owner: Any, settings: Any, tmp_path: Any
) -> None:
    # given a 20,000 x 20,000 PNG of 48 KB as a new dog's photo
    settings.MEDIA_ROOT = tmp_path
    response = desk.post(
        f"/owners/{owner.pk}/dogs/new/",
        {
            "name": "Pepper",
            "breed": "Beagle",
            "color": "Tricolor",
            "sex": "female",
            "born": "2024-04-02",
            "photo": bomb(),
        },
    )
    # then the form says why, and no dog and no file are written
    assert response.status_code == 200
    assert BOMB in response.content.decode()
    assert not Dog.objects.filter(name="Pepper").exists()
    assert list(tmp_path.iterdir()) == []


def test_a_certificate_scan_that_is_a_decompression_bomb_is_refused(
    desk: Any, dog: Dog, settings: Any, tmp_path: Any
) -> None:
    settings.MEDIA_ROOT = tmp_path
    before = RabiesVaccination.objects.count()
    response = desk.post(
        f"/dogs/{dog.pk}/rabies/new/",
        {
            "vaccinated_on": "2026-06-01",
            "expires_on": "2027-06-01",
            "duration_years": "1",
            "veterinarian": "Dr. Lind",
            "certificate_file": bomb("certificate.png"),
        },
    )
    assert response.status_code == 200
    assert BOMB in response.content.decode()
    assert RabiesVaccination.objects.count() == before
    assert list(tmp_path.iterdir()) == []
