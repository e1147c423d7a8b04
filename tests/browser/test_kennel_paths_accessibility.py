"""WCAG 2.1 AA and keyboard use of the kennel forms issue 26 added (3-2-5.A, B.1-B.2): the
commercial kennel application at each of its steps (the notice list drawn, an affected owner
missing from the list, the late notice to that owner, the hearing held, the commission's
recommendation, the City Council's decision), the renewal sent to the council after a nuisance
complaint and the council's renewal page, and a private kennel's inspection after a complaint
(A.4). Each form is opened, sent back with its errors, and filled and sent by keyboard.

The records are made here, on the suite's day, Sunday 2026-11-29 (``city_today``): no demo town.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from playwright.sync_api import expect

from dogtag.kennels import services
from dogtag.kennels.models import (
    CommercialKennelApplication,
    KennelInspection,
    PrivateKennelLicense,
)
from dogtag.licensing import services as desk
from dogtag.records.roles import ADMINISTRATOR, ANIMAL_CONTROL_OFFICER, CLERK, ensure_roles
from tests.browser.axe_alone import axe_alone, bad_submit  # noqa: F401
from tests.browser.keyboard import fill_by_keyboard
from tests.browser.test_accessibility import Axe, sign_in_as
from tests.kennels.conftest import cash, hearing_time, make_parcel, square

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("city_today"),
]
D = dt.date
PLACE = "Nowthen City Hall, council chambers"


def _apply(clerk: Any, n: int) -> CommercialKennelApplication:
    """An application on its own 10-acre parcel, 5 miles from the others, with a neighbour."""
    x = n * 26_400
    parcel = make_parcel(f"R2{n}-0001", square(x, 0), address=f"{7100 + n} Viking Blvd NW")
    make_parcel(f"R2{n}-0002", square(x + 660, 0), owner_names=f"Neighbour {n}")
    owner = desk.register_owner(
        actor=clerk,
        name=f"Applicant {n}",
        street=parcel.address,
        postal_code="55303",
        phone="763-555-0142",
        parcel=parcel,
    )
    return services.apply_for_commercial_kennel(
        applicant=owner,
        parcel=parcel,
        dogs_requested=20,
        on=D(2026, 10, 1),
        payment=cash("275.00"),
        actor=clerk,
        business_name=f"Kennel {n}",
    )


def _noticed(clerk: Any, n: int, hearing: dt.date) -> CommercialKennelApplication:
    application = _apply(clerk, n)
    services.schedule_hearing(
        application=application,
        hearing_at=hearing_time(hearing),
        place=PLACE,
        actor=clerk,
        on=D(2026, 10, 5),
    )
    services.draw_notice_list(application=application, on=D(2026, 10, 20), actor=clerk)
    services.record_notice_mailed(application=application, mailed_on=D(2026, 10, 22), actor=clerk)
    return application


@pytest.fixture
def kennels(django_user_model: Any) -> dict[str, Any]:
    """On 2026-11-29:

    - ``scheduled``: a hearing scheduled, the notice list to draw;
    - ``noticed``: noticed for Thu 2026-12-10 (an owner found missing may still be noticed);
    - ``missing``: the same, an owner of parcel R09-0001 found missing on 2026-11-25;
    - ``heard``: noticed for Fri 2026-11-20, the hearing to record as held;
    - ``held``: the same, held, the commission's recommendation to record;
    - ``recommended``: heard and recommended for approval, the council's decision to record;
    - ``license``: approved by the council and licensed on 2026-11-25;
    - ``private``: a private kennel license for six dogs, issued 2026-11-02.
    """
    groups = ensure_roles()
    for name, role in (
        ("clerk", CLERK),
        ("officer", ANIMAL_CONTROL_OFFICER),
        ("admin", ADMINISTRATOR),
    ):
        django_user_model.objects.create_user(name, password="x" * 12).groups.add(groups[role])
    clerk = django_user_model.objects.get(username="clerk")
    scheduled = _apply(clerk, 1)
    services.schedule_hearing(
        application=scheduled,
        hearing_at=hearing_time(D(2026, 12, 10)),
        place=PLACE,
        actor=clerk,
        on=D(2026, 11, 20),
    )
    noticed = _noticed(clerk, 2, D(2026, 12, 10))
    missing = _noticed(clerk, 3, D(2026, 12, 10))
    services.record_owner_omitted(
        application=missing,
        pin="R09-0001",
        owner_names="Dana Lindqvist",
        on=D(2026, 11, 25),
        note="",
        actor=clerk,
    )
    heard = _noticed(clerk, 4, D(2026, 11, 20))
    made = {}
    for key, n in (("held", 5), ("recommended", 6), ("license", 7)):
        application = _noticed(clerk, n, D(2026, 11, 20))
        services.record_hearing_held(application=application, on=D(2026, 11, 20), actor=clerk)
        if key != "held":
            services.record_recommendation(
                application=application, recommendation="approve", on=D(2026, 11, 20), actor=clerk
            )
        made[key] = application
    application = made["license"]
    services.record_council_decision(
        application=application,
        approved=True,
        on=D(2026, 11, 24),
        actor=clerk,
        resolution="2026-31",
        council_conditions=[],
    )
    license_ = services.issue_commercial_kennel_license(
        application=application, on=D(2026, 11, 25), actor=clerk
    ).license
    holder = desk.register_owner(
        actor=clerk,
        name="Robin Nyberg",
        street="7300 Viking Blvd NW",
        postal_code="55303",
        phone="763-555-0199",
        parcel=(parcel := make_parcel("R30-0001", square(-26_400, 0))),
    )
    private = services.issue_private_kennel_license(
        holder=holder,
        parcel=parcel,
        dogs_licensed=6,
        on=D(2026, 11, 2),
        payment=cash("25.00"),
        actor=clerk,
    ).license
    return {
        "scheduled": scheduled,
        "noticed": noticed,
        "missing": missing,
        "heard": heard,
        "held": made["held"],
        "recommended": made["recommended"],
        "license": license_,
        "private": private,
    }


def assert_summary_links(page: Any, container: str) -> None:
    """The summary on top links, in order, to each field of ``container`` sent back: to the
    input, or to a group's error message (a group of radios has no one input to go to)."""
    errors = page.locator(f"{container} .usa-error-message").evaluate_all(
        "(es) => es.map((e) => e.id)"
    )
    links = page.locator("#problem a").evaluate_all(
        "(as) => as.map((a) => a.getAttribute('href').slice(1))"
    )
    assert errors and len(links) == len(errors), (links, errors)
    for link, error in zip(links, errors, strict=True):
        assert link in (error, error.removesuffix("_error")), (link, error)


def _page(application: CommercialKennelApplication) -> str:
    return f"/kennels/commercial/{application.number}/"


def test_the_kennel_pages_of_issue_26_have_no_wcag_violation(
    axe_alone: Axe,  # noqa: F811
    kennels: dict[str, Any],
) -> None:
    axe, page = axe_alone, axe_alone.page
    # given the Administrator, shown every step and side form
    sign_in_as(axe, "admin")
    # when each application is opened at its step, and each step's form is sent back
    for key, container, button in (
        ("scheduled", "#next-step", "Draw the notice list"),
        ("noticed", "#side-owner_omitted", "Record an affected owner missing from the notice list"),
        ("missing", "#side-owner_notified_late", "Record the notice given late to a missing owner"),
        ("heard", "#next-step", "Record the Planning & Zoning hearing held"),
        ("held", "#next-step", "Record the Planning & Zoning Commission's recommendation"),
        ("recommended", "#next-step", "Record the City Council's decision"),
    ):
        application = kennels[key]
        axe.open(f"application {key}", _page(application))
        bad_submit(axe, container, button)
        expect(page.locator(f"{container} .usa-error-message").first).to_be_visible()
        # the summary on top, focused, links to each field sent back (the side forms' too)
        expect(page.locator("#problem")).to_be_focused()
        assert_summary_links(page, container)
        axe.check(f"application {key}: {button}, sent back with its errors")
    # the renewal refused for a complaint, and the council's renewal page with its errors
    license_ = kennels["license"]
    renew = f"/kennels/commercial/license/{license_.number}/renew/"
    axe.open("renewal", renew)
    page.get_by_label("Other nuisance complaints received in the previous").fill("2026-11-27")
    page.get_by_role("button", name="Renew the license").click()
    expect(page.locator("#council-renewal-link")).to_be_visible()
    axe.check("renewal refused for a complaint, with the link to the council's decision")
    council = f"/kennels/commercial/license/{license_.number}/council-renewal/"
    axe.open("the council's decision on renewing", council)
    bad_submit(axe, "main form.usa-form", "Record the council's decision")
    expect(page.locator("#problem")).to_be_focused()
    assert_summary_links(page, "main form.usa-form")
    axe.check("the council's decision on renewing, sent back with its errors")
    # a private kennel's inspection after a complaint, with its errors
    inspect = f"/kennels/private/{kennels['private'].number}/inspect/"
    axe.open("private kennel inspection after a complaint", inspect)
    bad_submit(axe, "main form.usa-form", "Record the inspection")
    expect(page.locator("#problem")).to_be_focused()
    assert_summary_links(page, "main form.usa-form")
    # each condition's words describe its question (inside its fieldset, read with it)
    expect(page.locator("fieldset:has(#id_met_0_0)")).to_have_attribute(
        "aria-describedby", "id_met_0_helptext id_met_0_error"
    )
    axe.check("private kennel inspection, sent back with its errors")
    # then axe finds nothing
    assert axe.found == {}, axe.report()
    assert axe.checked == 18


def test_the_new_kennel_forms_work_by_keyboard_alone(
    axe_alone: Axe,  # noqa: F811
    kennels: dict[str, Any],
) -> None:
    axe, page = axe_alone, axe_alone.page
    base = axe.base
    sign_in_as(axe, "clerk")
    # the notice list drawn
    url = f"{base}{_page(kennels['scheduled'])}"
    fill_by_keyboard(
        page,
        f"{url}#next-step",
        "#next-step form",
        {"notice_list-on": D(2026, 11, 23)},
        "Draw the notice list",
    )
    expect(page.get_by_role("status").first).to_contain_text("Notice list drawn")
    # an affected owner missing from the list, then the late notice to that owner
    url = f"{base}{_page(kennels['noticed'])}"
    fill_by_keyboard(
        page,
        f"{url}#side-owner_omitted",
        "#side-owner_omitted form",
        {
            "owner_omitted-pin": "R09-0001",
            "owner_omitted-owner_names": "Dana Lindqvist",
            "owner_omitted-on": D(2026, 11, 25),
            "owner_omitted-note": "Her call to City Hall",
        },
        "Record an affected owner missing from the notice list",
    )
    expect(page.get_by_role("status").first).to_contain_text("Owner missing from the notice list")
    fill_by_keyboard(
        page,
        f"{url}#side-owner_notified_late",
        "#side-owner_notified_late form",
        {"owner_notified_late-pin": "R09-0001", "owner_notified_late-on": D(2026, 11, 27)},
        "Record the notice given late to a missing owner",
    )
    expect(page.get_by_role("status").first).to_contain_text("Late notice recorded")
    axe.check("application noticed again to a missing owner")
    # the hearing held, the recommendation with its conditions, the council's decision
    url = f"{base}{_page(kennels['heard'])}"
    fill_by_keyboard(
        page,
        f"{url}#next-step",
        "#next-step form",
        {"hearing_held-on": D(2026, 11, 20)},
        "Record the Planning & Zoning hearing held",
    )
    expect(page.get_by_role("status").first).to_contain_text("Hearing recorded as held")
    fill_by_keyboard(
        page,
        f"{url}#next-step",
        "#next-step form",
        {
            "recommendation-recommendation": "approve_with_conditions",
            "recommendation-on": D(2026, 11, 20),
            "recommendation-conditions": "Runs screened from the road",
        },
        "Record the Planning & Zoning Commission's recommendation",
    )
    expect(page.get_by_role("status").first).to_contain_text("Recommendation recorded")
    fill_by_keyboard(
        page,
        f"{url}#next-step",
        "#next-step form",
        {
            "council_decision-decision": "approve",
            "council_decision-on": D(2026, 11, 24),
            "council_decision-resolution": "2026-32",
        },
        "Record the City Council's decision",
    )
    expect(page.get_by_role("status").first).to_contain_text("Council decision recorded")
    axe.check("application approved by the council")
    # the council grants the subsequent license after a complaint
    license_ = kennels["license"]
    fill_by_keyboard(
        page,
        f"{base}/kennels/commercial/license/{license_.number}/council-renewal/",
        "main form.usa-form",
        {
            "decision": "approve",
            "on": D(2026, 11, 29),
            "conditions": "Dogs indoors by 8 p.m.",
            "complaints": "2026-11-27",
            "method": "cash",
        },
        "Record the council's decision",
    )
    expect(page.get_by_role("status").first).to_contain_text("Council's decision recorded")
    # a private kennel inspected after a complaint
    sign_in_as(axe, "officer")
    private: PrivateKennelLicense = kennels["private"]
    values: dict[str, Any] = {
        "complaint_summary": "Barking and more dogs than licensed",
        "inspected_on": D(2026, 11, 29),
        "dogs_counted": "6",
    }
    page.goto(f"{base}/kennels/private/{private.number}/inspect/")
    rows = page.locator("input[name^=met_][value=yes]").count()
    values.update({f"met_{i}": "yes" for i in range(rows)})
    fill_by_keyboard(
        page,
        f"{base}/kennels/private/{private.number}/inspect/",
        "main form.usa-form",
        values,
        "Record the inspection",
    )
    expect(page.get_by_role("status").first).to_contain_text("November 29, 2026")
    assert KennelInspection.objects.filter(private_license=private).count() == 1
    assert axe.found == {}, axe.report()
