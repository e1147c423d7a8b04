"""Lino Lakes' pages in the browser (issue 27): the page a part of the site answers where the city's
law lacks it, and the menus without those parts, have no WCAG 2.1 A or AA violation; the same for
licensing in a city whose law states no dog license, on the staff and the residents' site."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from dogtag.dangerous_animals.services import open_case, record_event
from dogtag.law import provisions
from dogtag.licensing.services import register_owner
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
    # when Nowthen's dangerous-dog pages are asked for, then the page says why, with no violation
    response = page.goto(f"{axe.base}/dangerous-dogs/")
    assert response is not None and response.status == 404
    assert "Not law in the City of Lino Lakes" in page.content()
    axe.check("a part not law in Lino Lakes")
    # and the home page's menus, without those parts, have none either
    page.goto(f"{axe.base}/")
    assert 'href="/dangerous-dogs/"' not in page.content()
    axe.check("Lino Lakes' home page")
    # and the parcels over its limit per property (503.09(2)), none either
    response = page.goto(f"{axe.base}/parcels/over-limit/")
    assert response is not None and response.status == 200
    assert "whatever its size" in page.content()
    axe.check("Lino Lakes' parcels over the dog limit")


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
        # and the owner form, with its own data practices notice, has none either
        response = page.goto(f"{axe.base}/owners/new/")
        assert response is not None and response.status == 200
        assert "The City licenses no dogs." in page.content()
        axe.check("the owner form in a city that licenses no dogs")
    finally:
        provisions._read.cache_clear()


def test_lino_lakes_dangerous_animal_pages_have_no_wcag_violation(
    axe_alone: Axe,  # noqa: F811
    transactional_db: Any,
    django_user_model: Any,
    monkeypatch: Any,
) -> None:
    # given Lino Lakes in force, a signed-in superuser and a case whose hearing is set late
    monkeypatch.setenv("DOGTAG_JURISDICTION", "lino-lakes")
    demo = django_user_model.objects.create_superuser("demo", "demo@example.invalid", None)
    owner = register_owner(
        actor=demo,
        name="Pat Lindgren",
        street="600 Town Center Pkwy",
        postal_code="55014",
        phone="651-555-0142",
    )
    case = open_case(
        owner=owner,
        animal="ferret",
        description="Ferret, sable",
        basis="Bit a visitor twice.",
        on=dt.date(2026, 11, 2),
        actor=demo,
    )
    for kind, on, facts in (
        ("seized", dt.date(2026, 11, 2), {}),
        ("officer_order", dt.date(2026, 11, 3), {"disposition": "conditions"}),
        ("owner_notified", dt.date(2026, 11, 4), {"method": "in_writing"}),
        ("hearing_requested", dt.date(2026, 11, 10), {}),
        ("hearing_set", dt.date(2026, 11, 12), {"hearing_on": dt.date(2026, 12, 3)}),
    ):
        record_event(case=case, kind=kind, on=on, facts=facts, actor=demo)
    axe, page = axe_alone, axe_alone.page
    sign_in_as(axe, "demo")
    # when each page is opened, then none has a violation
    axe.open("the list of dangerous-animal cases", "/dangerous-animals/")
    axe.open("finding the owner", "/dangerous-animals/new/?q=Lindgren")
    axe.open("the designation form", f"/dangerous-animals/new/?owner={owner.pk}")
    axe.open("a dangerous-animal case", f"/dangerous-animals/{case.number}/")
    # and the event form sent back refused, with its findings, has none either
    page.select_option("#id_kind", "destroyed")
    page.click("text=Record the event")
    page.wait_for_load_state("load")
    assert "Refused: nothing was written" in page.content()
    axe.check("a dangerous-animal event refused")
    # and the case as of a past day, a day out of bounds, and the due list listing its hearing
    axe.open("the case as of a past day", f"/dangerous-animals/{case.number}/?on=2026-11-10")
    axe.open("the case asked for a day out of bounds", f"/dangerous-animals/{case.number}/?on=x")
    axe.open("the due list with the case's hearing", "/due/")
    assert axe.found == {}, axe.report()


def test_lino_lakes_complaint_pages_have_no_wcag_violation(
    axe_alone: Axe,  # noqa: F811
    transactional_db: Any,
    django_user_model: Any,
    monkeypatch: Any,
) -> None:
    # given Lino Lakes in force, a signed-in superuser and a complaint of damage to a garden
    from dogtag.complaints.services import receive_complaint
    from dogtag.licensing.services import register_dog

    monkeypatch.setenv("DOGTAG_JURISDICTION", "lino-lakes")
    demo = django_user_model.objects.create_superuser("demo", "demo@example.invalid", None)
    owner = register_owner(
        actor=demo,
        name="Pat Lindgren",
        street="600 Town Center Pkwy",
        postal_code="55014",
        phone="651-555-0142",
    )
    dog = register_dog(
        owner=owner,
        actor=demo,
        name="Biscuit",
        breed="Labrador retriever",
        color="Yellow",
        sex="female",
        born=dt.date(2021, 5, 1),
    )
    complaint = receive_complaint(
        kind="damage",
        occurred_at=dt.datetime(2026, 11, 20, 16, 0, tzinfo=dt.UTC),
        narrative="The dog dug up the neighbour's garden.",
        address="602 Town Center Pkwy",
        complainant_name="Lee Anders",
        complainant_phone="651-555-0199",
        dogs=[dog],
        owner=owner,
        actor=demo,
    )
    feces = receive_complaint(
        kind="feces_device",
        occurred_at=dt.datetime(2026, 11, 21, 15, 0, tzinfo=dt.UTC),
        narrative="Walked on the trail; the owner carried nothing to pick up.",
        address="Rice Creek trail",
        complainant_name="",
        complainant_phone="",
        dogs=[dog],
        owner=owner,
        actor=demo,
    )
    axe, page = axe_alone, axe_alone.page
    sign_in_as(axe, "demo")
    # when each complaint page is opened, then none has a violation
    axe.open("Lino Lakes' complaint queue", "/complaints/")
    axe.open("Lino Lakes' complaint intake", "/complaints/new/")
    axe.open("a Lino Lakes damage complaint", f"/complaints/{complaint.number}/")
    # and the damage finding sent back refused (no answer given) has none either
    page.click("text=Record and apply 503.12(6)")
    page.wait_for_load_state("load")
    assert "nothing was written" in page.content()
    axe.check("a Lino Lakes damage finding refused")
    # and a complaint of 503.12(2), its finding sent back refused, has none either
    axe.open("a Lino Lakes complaint of 503.12(2)", f"/complaints/{feces.number}/")
    page.click("text=Record and apply 503.12(2)")
    page.wait_for_load_state("load")
    assert "nothing was written" in page.content()
    axe.check("a Lino Lakes finding of 503.12(2) refused")
    # and the residents' complaint form
    axe.open("Lino Lakes' residents' complaint form", "/residents/complaints/new/")
    assert axe.found == {}, axe.report()
