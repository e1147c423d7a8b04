"""Lino Lakes' pages in the browser (issue 27): the page a part of the site answers where the city's
law lacks it, and the menus without those parts, have no WCAG 2.1 A or AA violation; the same for
licensing in a city whose law states no dog license, on the staff and the residents' site."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from dogtag.law import provisions
from tests.browser.axe_alone import axe_alone  # noqa: F401
from tests.browser.test_accessibility import Axe, sign_in_as
from tests.staff.test_no_license_city import fourthtown_package


def test_a_part_not_law_in_lino_lakes_says_so_accessibly(
    axe_alone: Axe,  # noqa: F811
    transactional_db: Any,
    django_user_model: Any,
    monkeypatch: Any,
) -> None:
    # given Lino Lakes in force and a signed-in superuser
    monkeypatch.setenv("DOGTAG_JURISDICTION", "lino-lakes")
    django_user_model.objects.create_superuser("demo", "demo@example.invalid", None)
    axe, page = axe_alone, axe_alone.page
    sign_in_as(axe, "demo")
    # when the complaint pages are asked for, then the page says why, with no violation
    response = page.goto(f"{axe.base}/complaints/")
    assert response is not None and response.status == 404
    assert "Not law in the City of Lino Lakes" in page.content()
    axe.check("a part not law in Lino Lakes")
    # and the home page's menus, without those parts, have none either
    page.goto(f"{axe.base}/")
    assert 'href="/complaints/"' not in page.content()
    axe.check("Lino Lakes' home page")


def test_a_city_that_licenses_no_dogs_says_so_accessibly(
    axe_alone: Axe,  # noqa: F811
    transactional_db: Any,
    django_user_model: Any,
    monkeypatch: Any,
    tmp_path: Path,
) -> None:
    # given Fourthtown in force, whose package states no dog license (tests/staff's copy of
    # Nowthen without its licensing), and a signed-in superuser
    root = tmp_path / "params"
    fourthtown_package(root)
    provisions._read.cache_clear()
    monkeypatch.setenv("DOGTAG_PARAMS_DIR", str(root))
    monkeypatch.setenv("DOGTAG_JURISDICTION", "fourthtown")
    try:
        django_user_model.objects.create_superuser("demo", "demo@example.invalid", None)
        axe, page = axe_alone, axe_alone.page
        sign_in_as(axe, "demo")
        # when the tag stock is asked for, then the staff page says why, with no violation
        response = page.goto(f"{axe.base}/tags/stock/")
        assert response is not None and response.status == 404
        assert "states no dog license" in page.content()
        axe.check("licensing, not law in Fourthtown")
        # and the residents' application page says so in the residents' layout, with none either
        response = page.goto(f"{axe.base}/residents/applications/new/")
        assert response is not None and response.status == 404
        assert "law states no dog license: the city licenses no dogs" in page.content()
        axe.check("the residents' application, not law in Fourthtown")
    finally:
        provisions._read.cache_clear()
