"""Lino Lakes' pages in the browser (issue 27): the page a part of the site answers where the city's
law lacks it, and the menus without those parts, have no WCAG 2.1 A or AA violation."""

from __future__ import annotations

from typing import Any

from tests.browser.axe_alone import axe_alone  # noqa: F401
from tests.browser.test_accessibility import Axe, sign_in_as


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
    # when the kennel pages are asked for, then the page says why, with no violation
    response = page.goto(f"{axe.base}/kennels/")
    assert response is not None and response.status == 404
    assert "Not law in the City of Lino Lakes" in page.content()
    axe.check("a part not law in Lino Lakes")
    # and the home page's menus, without those parts, have none either
    page.goto(f"{axe.base}/")
    assert 'href="/kennels/"' not in page.content()
    axe.check("Lino Lakes' home page")
