"""WCAG 2.1 AA and keyboard use of Lino Lakes' kennel license pages (issue 27): the kennel list of
its shape, the application form, an application's page before and after its inspection (the
inspection form and the issue sent back with their errors, the issue refused without an
inspection), the license's page with its modification and renewal forms, the due list that
leads to the renewal, and the parcel and owner pages that lead to them. The inspection and the
modification are also filled and sent by keyboard alone.

The records are made here, on the suite's day, Sunday 2026-11-29 (``city_today``): no demo town.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from playwright.sync_api import expect

from dogtag.kennels.services import inspected as services
from dogtag.licensing import services as desk
from dogtag.records.roles import ADMINISTRATOR, ensure_roles
from tests.browser.axe_alone import axe_alone, bad_submit  # noqa: F401
from tests.browser.keyboard import fill_by_keyboard
from tests.browser.test_accessibility import Axe, sign_in_as
from tests.kennels.conftest import cash, make_parcel, square

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("city_today"),
]
D = dt.date


@pytest.fixture
def kennels(django_user_model: Any, monkeypatch: Any) -> dict[str, Any]:
    """Lino Lakes in force, and on 2026-11-29: ``waiting``, a private kennel application of
    2026-11-02 not yet inspected; ``inspected``, one inspected on 2026-11-20 and found adequate;
    ``license``, a private kennel license issued 2026-11-10 after its inspection."""
    monkeypatch.setenv("DOGTAG_JURISDICTION", "lino-lakes")
    admin = django_user_model.objects.create_user("admin", password="x" * 12)
    admin.groups.add(ensure_roles()[ADMINISTRATOR])
    made = {}
    for n, key in enumerate(("waiting", "inspected", "license"), start=1):
        parcel = make_parcel(f"LL{n}-0001", square(n * 5000, 0), address=f"{n} Lake Dr")
        owner = desk.register_owner(
            actor=admin,
            name=f"Applicant {n}",
            street=parcel.address,
            postal_code="55014",
            phone="651-555-0142",
            parcel=parcel,
        )
        application = services.apply_for_kennel_license(
            applicant=owner,
            parcel=parcel,
            kind="private",
            dogs=4,
            on=D(2026, 11, 2),
            payment=cash("20.00"),
            actor=admin,
        )
        if key != "waiting":
            services.record_site_inspection(
                application=application,
                inspected_on=D(2026, 11, 9 if key == "license" else 20),
                safeguards_adequate=True,
                health_standards_met=True,
                conditions=["Runs cleaned daily."],
                actor=admin,
            )
        made[key] = application
        made[f"{key}_owner"] = owner
    made["license"] = services.issue_kennel_license(
        application=made["license"], on=D(2026, 11, 10), actor=admin
    )
    return made


def test_lino_lakes_kennel_pages_have_no_wcag_violation(
    axe_alone: Axe,  # noqa: F811
    kennels: dict[str, Any],
) -> None:
    axe, page = axe_alone, axe_alone.page
    sign_in_as(axe, "admin")
    axe.open("Lino Lakes' kennel list", "/kennels/")
    axe.open("the application, started from a parcel", "/kennels/apply/")
    axe.open("the application form", f"/kennels/apply/?owner={kennels['waiting_owner'].pk}")
    bad_submit(axe, "main form.usa-form", "Take the application and the fee")
    expect(page.locator("#problem")).to_be_focused()
    axe.check("the application form, sent back with its errors")
    # an application not yet inspected: the inspection sent back, the issue refused
    waiting = f"/kennels/applications/{kennels['waiting'].number}/"
    axe.open("an application not yet inspected", waiting)
    bad_submit(axe, "#inspection-form", "Record the inspection")
    expect(page.locator("#problem")).to_be_focused()
    axe.check("the inspection, sent back with its errors")
    axe.open("an application not yet inspected, again", waiting)
    page.locator("#issue-form").get_by_role("button", name="Issue the kennel license").click()
    page.wait_for_load_state("load")
    expect(page.locator("#findings")).to_contain_text("none is recorded")
    axe.check("the issue refused without an inspection")
    axe.open("an application inspected", f"/kennels/applications/{kennels['inspected'].number}/")
    license_ = f"/kennels/licenses/{kennels['license'].number}/"
    axe.open("a kennel license", license_)
    bad_submit(axe, "#modification-form", "Record the modification")
    expect(page.locator("#problem")).to_be_focused()
    axe.check("the modification, sent back with its errors")
    axe.open("a kennel license, to renew", license_)
    bad_submit(axe, "#renewal-form", "Take the renewal application")
    expect(page.locator("#problem")).to_be_focused()
    axe.check("the renewal, sent back with its errors")
    axe.open("the due list, with the license to renew", "/due/")
    expect(page.locator("#kennel_licenses-table")).to_contain_text(kennels["license"].number)
    axe.open("the licensee's parcel", f"/parcels/{kennels['license'].parcel.pin}/")
    axe.open("the licensee", f"/owners/{kennels['license'].holder_id}/")
    assert axe.found == {}, axe.report()
    assert axe.checked == 16


def test_the_inspection_issue_and_modification_work_by_keyboard_alone(
    axe_alone: Axe,  # noqa: F811
    kennels: dict[str, Any],
) -> None:
    axe, page = axe_alone, axe_alone.page
    sign_in_as(axe, "admin")
    url = f"{axe.base}/kennels/applications/{kennels['waiting'].number}/"
    fill_by_keyboard(
        page,
        f"{url}#inspect",
        "#inspection-form",
        {
            "inspected_on": D(2026, 11, 27),
            "safeguards_adequate": "yes",
            "health_standards_met": "yes",
            "conditions": "Runs cleaned daily.",
        },
        "Record the inspection",
    )
    expect(page.get_by_role("status").first).to_contain_text("Inspection of 2026-11-27 recorded")
    fill_by_keyboard(
        page, f"{url}#issue", "#issue-form", {"on": D(2026, 11, 29)}, "Issue the kennel license"
    )
    expect(page.get_by_role("status").first).to_contain_text("it expires 2027-05-31")
    license_ = page.url
    fill_by_keyboard(
        page,
        f"{license_}#modify",
        "#modification-form",
        {
            "conditions": "Runs cleaned twice daily.",
            "reason": "Reports of odor.",
            "mailed_on": D(2026, 11, 29),
        },
        "Record the modification",
    )
    expect(page.get_by_role("status").first).to_contain_text("it takes effect 2026-12-09")
    axe.check("the license, its modification recorded")
    assert axe.found == {}, axe.report()
