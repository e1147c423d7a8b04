"""Lino Lakes' kennel license at the counter (issue 27): the application to the Police Department
with the fee of § 218.01, the inspection before issue (503.10(1)(b)), the license to the next May 31
(503.10(1)(d)), and a modification of its conditions effective ten days after the certified
mailing. Every refusal changes nothing."""

from __future__ import annotations

from decimal import Decimal

import pytest

from dogtag.kennels.models import (
    KennelApplication,
    KennelLicense,
    KennelModification,
    KennelSiteInspection,
)
from dogtag.kennels.services import inspected as services
from dogtag.licensing.models import Receipt
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.models import Decision, NumberSequence

from .conftest import TODAY, D, cash


@pytest.fixture(autouse=True)
def lino_lakes(monkeypatch):
    # Given Lino Lakes' package in force
    monkeypatch.setenv("DOGTAG_JURISDICTION", "lino-lakes")


def state() -> dict[str, object]:
    """Everything these services may write, to show a refusal changed nothing."""
    return {
        "applications": list(KennelApplication.objects.values()),
        "inspections": list(KennelSiteInspection.objects.values()),
        "licenses": list(KennelLicense.objects.values()),
        "modifications": list(KennelModification.objects.values()),
        "receipts": Receipt.objects.count(),
        "decisions": Decision.objects.filter(outcome="done").count(),
        "sequences": list(NumberSequence.objects.values()),
        "application_history": KennelApplication.history.count(),
        "license_history": KennelLicense.history.count(),
    }


APPLIED, INSPECTED = D(2026, 11, 2), D(2026, 11, 9)


def apply(owner, parcel, clerk, kind="private", dogs=4, on=APPLIED, fee="20.00"):
    return services.apply_for_kennel_license(
        applicant=owner, parcel=parcel, kind=kind, dogs=dogs, on=on, payment=cash(fee), actor=clerk
    )


def inspect(application, clerk, on=INSPECTED, safeguards=True, health=True, **more):
    return services.record_site_inspection(
        application=application,
        inspected_on=on,
        safeguards_adequate=safeguards,
        health_standards_met=health,
        actor=clerk,
        **more,
    )


# ------------------------------------------------------------------------------ application


@pytest.mark.parametrize(
    "kind, fee, parameter",
    [
        ("private", "20.00", "lino-lakes.fees.private_kennel.application"),
        ("commercial", "105.00", "lino-lakes.fees.commercial_kennel.application"),
    ],
)
def test_the_application_takes_the_fee_of_the_schedule(clerk, owner, parcel, kind, fee, parameter):
    # when the clerk takes an application on 2026-11-02 with the fee
    application = apply(owner, parcel, clerk, kind=kind, fee=fee)
    # then the fee is § 218.01's, on a receipt citing 503.10(1)(a) and the schedule
    assert (application.number, application.kind, application.fee, application.status) == (
        "KA2026-0001",
        kind,
        Decimal(fee),
        "received",
    )
    assert application.jurisdiction == "lino-lakes"
    line = application.receipt.lines.get()
    assert (line.amount, line.parameter, line.section) == (
        Decimal(fee),
        parameter,
        "503.10(1)(a)",
    )
    decision = Decision.objects.get(pk=application.decision_id)
    assert decision.subject == application


@pytest.mark.parametrize(
    "acres, dogs, fee, rule, outcome",
    [
        # 503.10(2): a private kennel needs one acre or more, and keeps at most four dogs
        ("0.900", 4, "20.00", "kennel.dog_limit_per_property", "not_allowed"),
        (
            "10.000",
            5,
            "20.00",
            "kennel.dog_limit_per_property",
            "commercial_kennel_license_required",
        ),
        # the fee of § 218.01, and no other amount
        ("10.000", 4, "15.00", "kennel.fee_paid", "payment_does_not_match"),
    ],
)
def test_an_application_refused_changes_nothing(
    clerk, owner, parcel, acres, dogs, fee, rule, outcome
):
    parcel.acres = Decimal(acres)
    parcel.save()
    before = state()
    with pytest.raises(Refused) as refused:
        apply(owner, parcel, clerk, dogs=dogs, fee=fee)
    assert [(f.rule, f.outcome) for f in refused.value.findings] == [(rule, outcome)]
    assert state() == before


def test_a_private_kennel_of_four_dogs_on_one_acre_is_allowed(clerk, owner, parcel):
    parcel.acres = Decimal("1.000")
    parcel.save()
    application = apply(owner, parcel, clerk, dogs=4)
    decision = Decision.objects.get(pk=application.decision_id)
    assert [f["outcome"] for f in decision.findings][:1] == ["private_kennel_license_required"]


# ------------------------------------------------------------------------ inspection and issue


def test_issue_after_a_satisfactory_inspection(clerk, owner, parcel):
    # given an application of 2026-11-02 and an inspection on 2026-11-09 that found adequate
    # safeguards and the standards met, setting one condition
    application = apply(owner, parcel, clerk)
    inspection = inspect(application, clerk, conditions=["Runs cleaned daily."])
    assert inspection.decision.findings[0]["outcome"] == "may_issue"
    # when the license issues on 2026-11-29
    license_ = services.issue_kennel_license(application=application, on=TODAY, actor=clerk)
    # then it runs to the next May 31, with the inspection's conditions and the fee paid
    assert (
        license_.number,
        license_.kind,
        license_.starts_on,
        license_.expires_on,
        license_.conditions,
        license_.fee,
        license_.inspection,
    ) == (
        "KL2026-0001",
        "private",
        TODAY,
        D(2027, 5, 31),
        ["Runs cleaned daily."],
        Decimal("20.00"),
        inspection,
    )
    application.refresh_from_db()
    assert application.status == "issued"
    decision = Decision.objects.get(pk=license_.decision_id)
    assert [f["rule"] for f in decision.findings] == [
        "kennel.inspection_before_issue",
        "kennel.license_term_fixed_date",
        "kennel.fee",
    ]
    assert decision.findings[0]["sections"] == ["503.10(1)(b)", "503.11"]
    assert decision.subject == license_


@pytest.mark.parametrize(
    "inspection, grounds",
    [
        (None, ["no_inspection"]),
        ({"safeguards": False, "health": True}, ["safeguards"]),
        (
            {"safeguards": True, "health": False, "not_met": ["Shelter floor not raised"]},
            ["health_standards"],
        ),
        (
            {"safeguards": False, "health": False, "not_met": ["No bedding"]},
            ["safeguards", "health_standards"],
        ),
    ],
)
def test_issue_is_refused_without_a_satisfactory_inspection_and_changes_nothing(
    clerk, owner, parcel, inspection, grounds
):
    application = apply(owner, parcel, clerk)
    if inspection is not None:
        inspect(application, clerk, **inspection)
    before = state()
    with pytest.raises(Refused) as refused:
        services.issue_kennel_license(application=application, on=TODAY, actor=clerk)
    first = refused.value.findings[0]
    assert (first.rule, first.outcome, first.details["grounds"]) == (
        "kennel.inspection_before_issue",
        "may_not_issue",
        grounds,
    )
    assert state() == before
    application.refresh_from_db()
    assert application.status == "received"


def test_a_later_satisfactory_inspection_lets_the_license_issue(clerk, owner, parcel):
    application = apply(owner, parcel, clerk)
    inspect(application, clerk, on=D(2026, 11, 9), safeguards=False)
    inspect(application, clerk, on=D(2026, 11, 20))
    license_ = services.issue_kennel_license(application=application, on=TODAY, actor=clerk)
    assert license_.inspection.inspected_on == D(2026, 11, 20)


@pytest.mark.parametrize(
    "given, message",
    [
        ({"health": False}, "Name the health and maintenance standards not met."),
        (
            {"not_met": ["No bedding"]},
            "The standards are met: name none as not met, or say they are not.",
        ),
        (
            {"on": D(2026, 11, 30)},
            "An inspection cannot be recorded before it happens (2026-11-30).",
        ),
    ],
)
def test_an_inspection_that_cannot_be_is_refused(clerk, owner, parcel, given, message):
    application = apply(owner, parcel, clerk)
    before = state()
    with pytest.raises(ServiceError) as refused:
        inspect(application, clerk, **given)
    assert str(refused.value) == message
    assert state() == before


def test_an_inspection_before_the_application_is_refused(clerk, owner, parcel):
    application = apply(owner, parcel, clerk, on=D(2026, 11, 2))
    before = state()
    with pytest.raises(Refused) as refused:
        inspect(application, clerk, on=D(2026, 11, 1))
    assert refused.value.findings[0].details["grounds"] == ["inspection_before_application"]
    assert state() == before


def test_a_second_issue_is_refused(clerk, owner, parcel):
    application = apply(owner, parcel, clerk)
    inspect(application, clerk)
    services.issue_kennel_license(application=application, on=TODAY, actor=clerk)
    before = state()
    with pytest.raises(ServiceError, match="is license issued"):
        services.issue_kennel_license(application=application, on=TODAY, actor=clerk)
    assert state() == before


# -------------------------------------------------------------------------------------- term


@pytest.mark.parametrize(
    "start, expires",
    [
        (D(2026, 6, 1), D(2027, 5, 31)),  # the day after an expiry: to the next May 31
        (D(2026, 11, 29), D(2027, 5, 31)),
        (D(2027, 2, 28), D(2027, 5, 31)),
        (D(2027, 5, 30), D(2027, 5, 31)),  # the day before: a license of two days
        (D(2027, 5, 31), D(2028, 5, 31)),  # on the day itself: to May 31 of the next year
        (D(2027, 6, 1), D(2028, 5, 31)),
    ],
)
def test_the_term_runs_to_the_next_may_31(clerk, owner, parcel, time_machine, start, expires):
    # given an application and a satisfactory inspection on the day the license issues
    time_machine.move_to(f"{start.isoformat()}T16:00:00Z", tick=False)
    application = apply(owner, parcel, clerk, on=start)
    inspect(application, clerk, on=start)
    license_ = services.issue_kennel_license(application=application, on=start, actor=clerk)
    assert (license_.starts_on, license_.expires_on) == (start, expires)


# ------------------------------------------------------------------------------ modification


@pytest.fixture
def kennel_license(clerk, owner, parcel):
    application = apply(owner, parcel, clerk)
    inspect(application, clerk, conditions=["Runs cleaned daily."])
    return services.issue_kennel_license(application=application, on=D(2026, 11, 10), actor=clerk)


@pytest.mark.parametrize(
    "mailed, effective",
    [
        (D(2026, 11, 11), D(2026, 11, 23)),  # the tenth day, Sat 2026-11-21: the Monday after
        (D(2026, 11, 13), D(2026, 11, 23)),  # Fri + 10: Mon 2026-11-23
        (D(2026, 11, 16), D(2026, 11, 27)),  # Mon + 10: Thu 2026-11-26, Thanksgiving: Fri 11-27
    ],
)
def test_a_modification_takes_effect_ten_days_after_the_certified_mailing(
    clerk, kennel_license, mailed, effective
):
    modification = services.modify_kennel_license(
        license_=kennel_license,
        conditions=["Runs cleaned twice daily.", "Dogs indoors 22:00-07:00."],
        reason="Complaints of odor from the neighbors.",
        mailed_on=mailed,
        actor=clerk,
    )
    assert (modification.mailed_on, modification.effective_on) == (mailed, effective)
    finding = modification.decision.findings[0]
    assert (finding["rule"], finding["outcome"], finding["sections"][0]) == (
        "kennel.license_modification",
        "effective",
        "503.10(1)(b)",
    )
    # the conditions in force change on the day it takes effect, not before
    before = effective.toordinal() - 1
    assert services.conditions_in_force(kennel_license, D.fromordinal(before)) == [
        "Runs cleaned daily."
    ]
    assert services.conditions_in_force(kennel_license, effective) == [
        "Runs cleaned twice daily.",
        "Dogs indoors 22:00-07:00.",
    ]


@pytest.mark.parametrize(
    "reason, mailed, message",
    [
        ("", D(2026, 11, 20), "Say which changed circumstances the modification responds to."),
        (
            "Odor",
            D(2026, 11, 9),
            "License KL2026-0001 issued on 2026-11-10; a notice mailed on 2026-11-09 is before it.",
        ),
        (
            "Odor",
            D(2026, 11, 30),
            "A certified mailing cannot be recorded before it happens (2026-11-30).",
        ),
    ],
)
def test_a_modification_that_cannot_be_is_refused(clerk, kennel_license, reason, mailed, message):
    before = state()
    with pytest.raises(ServiceError) as refused:
        services.modify_kennel_license(
            license_=kennel_license, conditions=[], reason=reason, mailed_on=mailed, actor=clerk
        )
    assert str(refused.value) == message
    assert state() == before


# ------------------------------------------------------------------------------ the dog limit


def test_a_private_kennel_license_lets_the_property_keep_its_dogs(clerk, owner, parcel):
    from dogtag.kennels.limits import parcels_over_limit
    from dogtag.licensing.models import Dog

    # given a 10-acre property whose household keeps four grown dogs, one more than 503.09(2)
    # allows without a kennel license
    for n in range(4):
        Dog.objects.create(
            owner=owner,
            name=f"Dog {n}",
            breed="Mixed",
            color="Brown",
            sex="male",
            born=D(2023, 4, 1),
        )
    assert [row.parcel.pin for row in parcels_over_limit(TODAY)] == [parcel.pin]
    # when a private kennel license for four dogs issues after its inspection
    application = apply(owner, parcel, clerk)
    inspect(application, clerk)
    services.issue_kennel_license(application=application, on=TODAY, actor=clerk)
    # then the property is no longer over the limit, as long as the license is in force
    assert parcels_over_limit(TODAY) == []
    assert [row.parcel.pin for row in parcels_over_limit(D(2027, 6, 1))] == [parcel.pin]


# ----------------------------------------------------------------------------------- renewal


def renew(license_, clerk, on, fee="20.00"):
    return services.apply_for_kennel_renewal(
        license_=license_, on=on, payment=cash(fee), actor=clerk
    )


def issued(owner, parcel, clerk, kind="private", fee="20.00"):
    """A license issued on 2026-11-10 after an application of 11-02 and an inspection of 11-09:
    it expires 2027-05-31."""
    application = apply(owner, parcel, clerk, kind=kind, fee=fee)
    inspect(application, clerk)
    return services.issue_kennel_license(application=application, on=D(2026, 11, 10), actor=clerk)


@pytest.mark.parametrize(
    "kind, fee, renewed_on, inspected_on, issued_on, starts, expires",
    [
        # renewed before the license expires: the next license starts the day after, June 1
        (
            "private",
            "20.00",
            D(2027, 5, 3),
            D(2027, 5, 10),
            D(2027, 5, 14),
            D(2027, 6, 1),
            D(2028, 5, 31),
        ),
        (
            "commercial",
            "105.00",
            D(2027, 5, 3),
            D(2027, 5, 10),
            D(2027, 5, 14),
            D(2027, 6, 1),
            D(2028, 5, 31),
        ),
        # issued on the day the license expires: still from June 1
        (
            "private",
            "20.00",
            D(2027, 5, 31),
            D(2027, 5, 31),
            D(2027, 5, 31),
            D(2027, 6, 1),
            D(2028, 5, 31),
        ),
        # renewed after it expired: from the day of issue (no late period or fee is stated)
        (
            "private",
            "20.00",
            D(2027, 6, 14),
            D(2027, 6, 21),
            D(2027, 6, 22),
            D(2027, 6, 22),
            D(2028, 5, 31),
        ),
        (
            "commercial",
            "105.00",
            D(2028, 2, 1),
            D(2028, 2, 8),
            D(2028, 2, 9),
            D(2028, 2, 9),
            D(2028, 5, 31),
        ),
    ],
)
def test_a_renewal_issues_the_next_year_s_license_after_its_inspection(
    clerk,
    owner,
    parcel,
    time_machine,
    kind,
    fee,
    renewed_on,
    inspected_on,
    issued_on,
    starts,
    expires,
):
    # given a license expiring 2027-05-31
    license_ = issued(owner, parcel, clerk, kind=kind, fee=fee)
    time_machine.move_to(f"{issued_on.isoformat()}T16:00:00Z", tick=False)
    # when its holder renews it with the yearly fee of § 218.01
    renewal = renew(license_, clerk, renewed_on, fee=fee)
    # then the renewal is an application for it, at the renewal fee, on a receipt
    assert (renewal.renews, renewal.kind, renewal.dogs, renewal.fee, renewal.applicant) == (
        license_,
        kind,
        license_.dogs,
        Decimal(fee),
        owner,
    )
    assert renewal.receipt.total == Decimal(fee)
    decision = Decision.objects.get(pk=renewal.decision_id)
    rules = ["kennel.license_term_fixed_date", "kennel.fee", "kennel.fee_paid"]
    assert [f["rule"] for f in decision.findings][-3:] == rules
    assert decision.findings[-2]["details"]["item"].endswith("_kennel.renewal")
    # and the license issues only after an inspection made for it
    with pytest.raises(Refused):
        services.issue_kennel_license(application=renewal, on=issued_on, actor=clerk)
    inspect(renewal, clerk, on=inspected_on)
    renewed = services.issue_kennel_license(application=renewal, on=issued_on, actor=clerk)
    assert (renewed.number[:2], renewed.starts_on, renewed.expires_on, renewed.fee) == (
        "KL",
        starts,
        expires,
        Decimal(fee),
    )
    assert license_.renewal == renewal


def test_a_license_renewed_once_is_not_renewed_again_and_nothing_changes(
    clerk, owner, parcel, time_machine
):
    # given a license expiring 2027-05-31, renewed on 2027-05-03
    license_ = issued(owner, parcel, clerk)
    time_machine.move_to("2027-05-04T16:00:00Z", tick=False)
    first = renew(license_, clerk, D(2027, 5, 3))
    before = state()
    # when the clerk renews it again
    with pytest.raises(ServiceError) as refused:
        renew(license_, clerk, D(2027, 5, 4))
    # then it is refused, naming the renewal, and nothing changed
    assert str(refused.value) == (
        f"License {license_.number} is already renewed: application {first.number} (received)."
    )
    assert state() == before


@pytest.mark.parametrize(
    "on, fee, message",
    [
        (
            D(2026, 11, 9),
            "20.00",
            "License KL2026-0001 issued on 2026-11-10; it cannot be renewed on 2026-11-09 before it.",
        ),
        (D(2026, 11, 20), "25.00", None),  # not the fee of § 218.01
    ],
)
def test_a_renewal_that_cannot_be_is_refused_and_changes_nothing(
    clerk, owner, parcel, on, fee, message
):
    license_ = issued(owner, parcel, clerk)
    before = state()
    with pytest.raises(ServiceError) as refused:
        renew(license_, clerk, on, fee=fee)
    if message is not None:
        assert str(refused.value) == message
    else:
        assert isinstance(refused.value, Refused)
    assert state() == before


# ----------------------------------------------------------------------------------- due list


@pytest.fixture
def licenses(clerk, owner, parcel, time_machine):
    """On the suite's day 2026-11-29: ``gone``, expired 2025-05-31 (more than a year ago);
    ``renewed``, expired 2026-05-31 and renewed by ``next`` (2026-06-01 to 2027-05-31); ``lapsed``,
    expired 2026-05-31 unrenewed; ``pending``, issued 2026-11-10 to 2027-05-31, a renewal
    application of 2026-11-20 not yet inspected."""

    def issue(applied, inspected, on):
        application = apply(owner, parcel, clerk, on=applied)
        inspect(application, clerk, on=inspected)
        return services.issue_kennel_license(application=application, on=on, actor=clerk)

    made = {
        "gone": issue(D(2025, 5, 1), D(2025, 5, 2), D(2025, 5, 3)),
        "renewed": issue(D(2026, 5, 1), D(2026, 5, 2), D(2026, 5, 3)),
        "lapsed": issue(D(2026, 5, 1), D(2026, 5, 2), D(2026, 5, 3)),
    }
    renewal = renew(made["renewed"], clerk, D(2026, 5, 20))
    inspect(renewal, clerk, on=D(2026, 5, 25))
    made["next"] = services.issue_kennel_license(
        application=renewal, on=D(2026, 5, 26), actor=clerk
    )
    made["pending"] = issue(D(2026, 11, 2), D(2026, 11, 9), D(2026, 11, 10))
    made["pending_renewal"] = renew(made["pending"], clerk, D(2026, 11, 20))
    return made


@pytest.mark.parametrize(
    "on, expected",
    [
        # lapsed within the year, and the two expiring by the next May 31
        (
            D(2026, 11, 29),
            [
                ("lapsed", D(2026, 5, 31), True),
                ("next", D(2027, 5, 31), False),
                ("pending", D(2027, 5, 31), False),
            ],
        ),
        # the day after they expire: both expired; the one lapsed a year ago is no longer listed
        (D(2027, 6, 1), [("next", D(2027, 5, 31), True), ("pending", D(2027, 5, 31), True)]),
    ],
)
def test_the_due_list_shows_the_licenses_to_renew(licenses, on, expected):
    from dogtag.kennels.due import kennel_sections
    from dogtag.records.services import city_params

    # when the due list is made as of the day
    [section] = kennel_sections(on, city_params())
    # then it lists the licenses expiring by the next May 31 or lapsed unrenewed in the year
    assert section.key == "kennel_licenses"
    assert section.title == "Kennel licenses expiring by May 31 or expired"
    number = {
        license_.number: key for key, license_ in licenses.items() if key != "pending_renewal"
    }
    assert [(number[r.license_number], r.date, r.overdue) for r in section.rows] == expected
    row = {number[r.license_number]: r for r in section.rows}
    # each links to its renewal, or says the renewal applied for waits for its inspection
    if "next" in row:
        assert row["next"].license_url == f"/kennels/licenses/{licenses['next'].number}/#renewal"
        assert row["next"].sections == ("503.10(1)(d)",)
    assert row["pending"].license_url == f"/kennels/licenses/{licenses['pending'].number}/"
    assert row["pending"].summary.endswith(
        f"Renewal application {licenses['pending_renewal'].number} of 2026-11-20 waits for the "
        "inspection of the location."
    )


@pytest.mark.parametrize(
    "on, renewed, held, allowed",
    [
        (D(2026, 11, 29), False, "license", 4),  # the license of 2026-11-10, to 2027-05-31
        (D(2027, 6, 10), True, "next", 4),  # its renewal, 2027-06-01 to 2028-05-31
        (D(2027, 6, 10), False, None, 3),  # lapsed: the limit per property alone
    ],
)
def test_the_parcels_over_the_limit_show_the_private_kennel_license_held(
    clerk, owner, parcel, time_machine, on, renewed, held, allowed
):
    from dogtag.kennels.limits import parcels_over_limit
    from dogtag.licensing.models import Dog

    # given a property whose household keeps five grown dogs, and its private kennel license for
    # four issued 2026-11-10 (renewed on 2027-05-14, or not)
    for n in range(5):
        Dog.objects.create(
            owner=owner,
            name=f"Dog {n}",
            breed="Mixed",
            color="Brown",
            sex="male",
            born=D(2023, 4, 1),
        )
    made = {"license": issued(owner, parcel, clerk)}
    if renewed:
        time_machine.move_to("2027-05-14T16:00:00Z", tick=False)
        renewal = renew(made["license"], clerk, D(2027, 5, 14))
        inspect(renewal, clerk, on=D(2027, 5, 14))
        made["next"] = services.issue_kennel_license(
            application=renewal, on=D(2027, 5, 14), actor=clerk
        )
    # when the parcels over the limit are listed on the day
    [row] = parcels_over_limit(on)
    # then the row allows the license's dogs and names the license in force, if any
    assert (row.parcel, row.allowed, row.private_kennel_license) == (
        parcel,
        allowed,
        made.get(held) if held else None,
    )
