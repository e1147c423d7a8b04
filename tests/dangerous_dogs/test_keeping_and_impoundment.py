"""The gaps of 3-2-9 closed: the disclosure to the property owner (E.3), the review of the
conditions after two years (E.7), the seizure for sterilization (B.3.g), the release from
impoundment (B.4, A.5), the owner's affidavit (C) and the custody order (A.2.g).

Rex is deemed dangerous by the order of Mon 2026-11-16 (``walk``): sterilization is due by Wed
2026-12-16 (B.3.g); the designation was on 2026-10-26 (E.7 counts two years from it)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from dogtag.dangerous_dogs import deadlines, services
from dogtag.dangerous_dogs.models import (
    ConditionsReview,
    Cost,
    CostPayment,
    DangerousDogCase,
    Impoundment,
    OwnerNotice,
    RentalDisclosure,
)
from dogtag.licensing.models import Dog
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.services import city_params

from .conftest import FEE, D, counts, proof, walk

State = DangerousDogCase.State


def all_counts():
    return (
        *counts(),
        RentalDisclosure.objects.count(),
        ConditionsReview.objects.count(),
        Impoundment.objects.filter(released_on__isnull=True).count(),
        Impoundment.objects.count(),
        Cost.objects.count(),
        CostPayment.objects.count(),
        OwnerNotice.objects.filter(affidavit_received_on__isnull=False).count(),
        Dog.objects.filter(sterilized=True).count(),
        DangerousDogCase.objects.filter(seized=True).count(),
    )


def refused(call, message, exception=ServiceError):
    before = all_counts()
    with pytest.raises(exception) as caught:
        call()
    assert message in str(caught.value), str(caught.value)
    assert all_counts() == before
    return caught.value


def at(frozen_today, day):
    frozen_today.move_to(dt.datetime(day.year, day.month, day.day, 16, 0, tzinfo=dt.UTC))


# ------------------------------------------------------------------------------------ E.3


def disclose(case, officer, **changes):
    fields = dict(
        case=case,
        property_owner="Lakeside Rentals LLC",
        property_address="19050 Nowthen Blvd NW",
        occasion="lease",
        lease_date=D(2026, 11, 20),
        disclosed_on=D(2026, 11, 19),
        actor=officer,
    )
    fields.update(changes)
    return services.record_rental_disclosure(**fields)


@pytest.mark.parametrize(
    "occasion, disclosed_on, lease_date, began_residing_on, in_time, message",
    [
        ("lease", D(2026, 11, 19), D(2026, 11, 20), None, True, "Disclosed in time"),
        ("lease", D(2026, 11, 20), D(2026, 11, 20), None, True, "Disclosed in time"),
        ("lease", D(2026, 11, 24), D(2026, 11, 20), D(2026, 11, 25), True, "Disclosed in time"),
        ("lease", D(2026, 11, 24), D(2026, 11, 20), D(2026, 11, 21), False, "Disclosed late"),
        ("renewal", D(2026, 11, 21), D(2026, 11, 20), None, False, "at the lease renewal"),
    ],
)
def test_rental_disclosure_is_recorded_with_whether_it_came_in_time(
    officer,
    hearing_officer,
    dog,
    occasion,
    disclosed_on,
    lease_date,
    began_residing_on,
    in_time,
    message,
):
    case = walk("dangerous", officer, hearing_officer, dog)
    disclosure = disclose(
        case,
        officer,
        occasion=occasion,
        disclosed_on=disclosed_on,
        lease_date=lease_date,
        began_residing_on=began_residing_on,
    )
    assert disclosure.in_time is in_time
    event = case.events.last()
    assert event.kind == "rental_disclosure" and event.on == disclosed_on
    assert message in event.summary and "3-2-9.E.3" in event.summary
    (finding,) = event.decision.findings
    assert finding["rule"] == "dangerous_dog.rental_disclosure"
    assert finding["outcome"] == ("in_time" if in_time else "late")


@pytest.mark.parametrize(
    "changes, actor, message",
    [
        ({"property_owner": " "}, "officer", "Name the property owner told"),
        ({"occasion": "sublease"}, "officer", "'sublease' is not an occasion of 3-2-9.E.3"),
        (
            {"occasion": "renewal", "began_residing_on": D(2026, 11, 1)},
            "officer",
            "goes with a new lease, not a renewal",
        ),
        ({"disclosed_on": D(2026, 11, 30)}, "officer", "is in the future"),
        ({}, "hearing_officer", "Only the Animal Control Authority"),
    ],
)
def test_rental_disclosure_refusals_write_nothing(
    officer, hearing_officer, dog, changes, actor, message
):
    case = walk("dangerous", officer, hearing_officer, dog)
    who = {"officer": officer, "hearing_officer": hearing_officer}[actor]
    refused(lambda: disclose(case, who, **changes), message)


def test_no_disclosure_before_the_dog_is_dangerous(officer, hearing_officer, dog):
    case = walk("hearing_held", officer, hearing_officer, dog)
    refused(lambda: disclose(case, officer), "cannot record a disclosure to the property owner")


# ------------------------------------------------------------------------------------ E.7


def review(case, actor, on, **changes):
    fields = dict(
        case=case,
        reviewed_on=on,
        reviewer="animal_control_authority",
        outcome="relaxed",
        relaxed=["muzzle_and_leash"],
        reasons="Two clean years; the owner finished a behavior course.",
        actor=actor,
    )
    fields.update(changes)
    return services.review_conditions(**fields)


def test_conditions_may_be_relaxed_after_two_years(officer, hearing_officer, dog, frozen_today):
    case = walk("registered", officer, hearing_officer, dog)
    at(frozen_today, D(2028, 10, 25))
    error = refused(lambda: review(case, officer, D(2028, 10, 25)), "The conditions stand", Refused)
    assert "since the designation on October 26, 2026 end on October 26, 2028" in str(error)
    at(frozen_today, D(2028, 10, 26))
    done = review(case, officer, D(2028, 10, 26))
    assert (done.outcome, done.relaxed, done.last_violation_on) == (
        "relaxed",
        ["muzzle_and_leash"],
        None,
    )
    event = case.events.last()
    assert event.kind == "conditions_reviewed"
    assert "Discretion exercised: no longer required: outside the Proper Enclosure" in event.summary
    assert event.decision.findings[0]["outcome"] == "discretion_available"


def test_the_last_recorded_violation_restarts_the_two_years(
    officer, hearing_officer, dog, frozen_today
):
    case = walk("registered", officer, hearing_officer, dog)
    at(frozen_today, D(2027, 5, 3))
    services.record_inspection(
        case=case,
        on=D(2027, 5, 3),
        permitted=True,
        compliant=False,
        notes="Gate of the enclosure left open.",
        actor=officer,
    )
    at(frozen_today, D(2028, 11, 1))
    refused(
        lambda: review(case, officer, D(2028, 11, 1)),
        "since the last violation on May 3, 2027 end on May 3, 2029",
        Refused,
    )
    refused(
        lambda: review(case, officer, D(2028, 11, 1), last_violation_on=D(2028, 1, 5)),
        "since the last violation on January 5, 2028 end on January 5, 2030",
        Refused,
    )
    at(frozen_today, D(2029, 5, 3))
    done = review(case, officer, D(2029, 5, 3), outcome="kept", relaxed=[])
    assert done.last_violation_on == D(2027, 5, 3)
    assert (
        done.last_violation_source == "inspection found the dog not kept in compliance (3-2-9.E.6)"
    )
    assert "the conditions are still required" in case.events.last().summary


@pytest.mark.parametrize(
    "changes, actor, message",
    [
        (
            {"outcome": "relaxed", "relaxed": []},
            "officer",
            "Name the conditions no longer required",
        ),
        ({"outcome": "kept"}, "officer", "Conditions kept: none is relaxed"),
        ({"relaxed": ["curfew"]}, "officer", "Not a condition of 3-2-9.E: curfew"),
        ({"reasons": " "}, "officer", "State the reasons"),
        ({"reviewer": "hearing_officer"}, "officer", "Only the Hearing Officer may review"),
        ({"reviewer": "mayor"}, "officer", "'mayor' is not a reviewer of 3-2-9.E.7"),
    ],
)
def test_conditions_review_refusals_write_nothing(
    officer, hearing_officer, dog, frozen_today, changes, actor, message
):
    case = walk("registered", officer, hearing_officer, dog)
    at(frozen_today, D(2028, 10, 26))
    refused(lambda: review(case, officer, D(2028, 10, 26), **changes), message)


# ---------------------------------------------------------------------------------- B.3.g


def seize(case, officer, on, **changes):
    fields = dict(
        case=case,
        seized_on=on,
        sterilized_on=on,
        veterinarian="Dr. Ana Lindqvist, DVM",
        cost=Decimal("310.00"),
        kept_at="Anoka County Animal Shelter",
        contact_address="3101 Bunker Lake Blvd NW, Andover",
        contact_phone="763-555-0199",
        actor=officer,
    )
    fields.update(changes)
    return services.seize_for_sterilization(**fields)


def test_no_seizure_for_sterilization_before_the_thirty_days_end(
    officer, hearing_officer, dog, frozen_today
):
    case = walk("dangerous", officer, hearing_officer, dog)
    at(frozen_today, D(2026, 12, 16))
    error = refused(lambda: seize(case, officer, D(2026, 12, 16)), "Not yet", Refused)
    assert "the owner has through Wed 2026-12-16 to have the dog sterilized" in str(error)
    assert error.all_findings[1].message.startswith("Due Wed 2026-12-16")


def test_seizure_and_sterilization_at_the_owners_expense(
    officer, hearing_officer, dog, frozen_today
):
    case = walk("dangerous", officer, hearing_officer, dog)
    at(frozen_today, D(2026, 12, 18))
    held = seize(case, officer, D(2026, 12, 17), sterilized_on=D(2026, 12, 18))
    case.refresh_from_db()
    dog.refresh_from_db()
    assert (held.reason, held.impounded_on, held.sterilized_on) == (
        "sterilization",
        D(2026, 12, 17),
        D(2026, 12, 18),
    )
    assert case.seized and case.kept_at == "Anoka County Animal Shelter" and dog.sterilized
    cost = case.costs.get()
    assert (cost.kind, cost.amount) == ("sterilization", Decimal("310.00"))
    assert services.balance(case) == Decimal("310.00")
    seizure = case.events.get(kind="sterilization_seizure")
    assert "Not sterilized within the thirty days, which ended Wed 2026-12-16" in seizure.summary
    assert "$310.00 charged to the owner. Balance owed: $310.00." in seizure.summary
    assert "the owner has through Tue 2027-01-19 to comply" in seizure.summary
    assert [f["rule"] for f in seizure.decision.findings] == [
        "dangerous_dog.sterilization_seizure",
        "dangerous_dog.sterilization",
    ]
    found = {d.key: d for d in deadlines.case_deadlines(case, city_params())}
    assert found["sterilization"].done_on == D(2026, 12, 18)
    assert found["release_compliance"].due == D(2027, 1, 19)  # Sat 1-16, Mon 1-18 MLK Day
    refused(lambda: seize(case, officer, D(2026, 12, 18)), "The dog is sterilized", Refused)


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"sterilized_on": D(2026, 12, 16)}, "cannot be sterilized before it was seized"),
        ({"veterinarian": " "}, "Name the veterinarian"),
        ({"cost": Decimal("0")}, "must be more than 0"),
        ({"kept_at": ""}, "Give where the seized dog is kept"),
    ],
)
def test_sterilization_seizure_refusals_write_nothing(
    officer, hearing_officer, dog, frozen_today, changes, message
):
    case = walk("dangerous", officer, hearing_officer, dog)
    at(frozen_today, D(2026, 12, 18))
    refused(lambda: seize(case, officer, D(2026, 12, 17), **changes), message)


# ------------------------------------------------------------------------------------ B.4


def test_release_only_with_every_requirement_and_the_costs(
    officer, hearing_officer, dog, frozen_today
):
    case = walk("dangerous", officer, hearing_officer, dog)
    at(frozen_today, D(2026, 12, 18))
    seize(case, officer, D(2026, 12, 17))
    error = refused(
        lambda: services.release(case=case, on=D(2026, 12, 18), actor=officer),
        "The dog may not be released yet: Missing: a Proper Enclosure (3-2-9.B.3.a)",
        Refused,
    )
    text = str(error)
    for section in ("B.3.a", "B.3.b", "B.3.c", "B.3.d", "B.3.e", "B.3.f"):
        assert f"(3-2-9.{section})" in text
    assert "(3-2-9.B.3.g)" not in text
    assert "$310.00 unpaid, and no mutually satisfactory arrangement" in text
    assert "The owner has through Tue 2027-01-19 to comply (3-2-9.B.4)." in text
    services.register(
        case=case,
        proof=proof(sterilized_on=D(2026, 12, 17)),
        payment=FEE,
        on=D(2026, 12, 18),
        actor=officer,
    )
    error = refused(
        lambda: services.release(case=case, on=D(2026, 12, 18), actor=officer),
        "The dog may not be released yet: Missing: payment of the costs of seizure and boarding",
        Refused,
    )
    assert "3-2-9.B.3" not in str(error).split("Missing: payment")[0]
    held = services.release(
        case=case,
        on=D(2026, 12, 18),
        payment_arrangement="$50 a month from January 2027, agreed with the City Clerk.",
        actor=officer,
    )
    case.refresh_from_db()
    assert held.released_on == D(2026, 12, 18) and held.payment_arrangement.startswith("$50")
    assert not case.seized and case.kept_at == ""
    event = case.events.last()
    assert event.kind == "released"
    assert event.summary.startswith("Released to the owner from Anoka County Animal Shelter.")
    assert "costs of $310.00 under the arrangement" in event.summary
    assert event.decision.findings[0]["outcome"] == "release"
    refused(
        lambda: services.release(case=case, on=D(2026, 12, 18), actor=officer),
        "the dog is not impounded",
    )


def test_release_when_the_costs_are_paid(officer, hearing_officer, dog, frozen_today):
    case = walk("dangerous", officer, hearing_officer, dog)
    at(frozen_today, D(2026, 12, 18))
    seize(case, officer, D(2026, 12, 17))
    services.register(
        case=case,
        proof=proof(sterilized_on=D(2026, 12, 17)),
        payment=FEE,
        on=D(2026, 12, 18),
        actor=officer,
    )
    services.record_cost_payment(
        case=case,
        payment=services.Payment(method="cash", amount=Decimal("310.00")),
        on=D(2026, 12, 18),
        actor=officer,
    )
    services.release(case=case, on=D(2026, 12, 18), actor=officer)
    assert "the costs are paid in full" in case.events.last().summary


# ------------------------------------------------------------------------------------ A.2.g


def order(case, hearing_officer, **changes):
    fields = dict(
        case=case,
        issued_on=D(2026, 11, 16),
        disposition="upheld_custody",
        findings_of_fact="Rex bit the jogger without provocation, causing stitches.",
        received_on=D(2026, 11, 17),
        kept_at="Anoka County Animal Shelter",
        contact_address="3101 Bunker Lake Blvd NW, Andover",
        contact_phone="763-555-0199",
        actor=hearing_officer,
    )
    fields.update(changes)
    return services.issue_order(**fields)


def test_a_custody_order_impounds_the_dog(officer, hearing_officer, dog):
    case = walk("hearing_held", officer, hearing_officer, dog)
    refused(lambda: order(case, hearing_officer, kept_at=""), "names where it will be kept")
    order(case, hearing_officer)
    case.refresh_from_db()
    assert case.state == State.DANGEROUS and case.seized
    assert (case.kept_at, case.contact_phone) == ("Anoka County Animal Shelter", "+17635550199")
    held = case.impoundments.get()
    assert (held.reason, held.impounded_on, held.released_on) == ("custody", D(2026, 11, 16), None)
    assert "the owner having through Wed 2026-12-16 to comply (3-2-9.B.4)" in (
        case.events.last().summary
    )


def test_no_custody_order_for_a_dog_already_in_custody(officer, hearing_officer, dog):
    case = walk("hearing_scheduled", officer, hearing_officer, dog)
    services.record_pending_compliance(
        case=case,
        on=D(2026, 11, 4),
        seized=True,
        kept_at="Anoka County Animal Shelter",
        contact_address="3101 Bunker Lake Blvd NW, Andover",
        contact_phone="763-555-0199",
        actor=officer,
    )
    assert case.impoundments.get().reason == "pending_hearing"
    services.hold_hearing(
        case=case,
        held_on=D(2026, 11, 12),
        actor=hearing_officer,
        authority_represented_by="Officer Dana Reyes",
        owner_represented_by="Pat Gustafson",
    )
    refused(lambda: order(case, hearing_officer), "The dog is already in custody")


# -------------------------------------------------------------------------------------- C


def test_the_affidavit_of_a_transfer_names_the_transferee(officer, hearing_officer, dog):
    case = walk("registered", officer, hearing_officer, dog)
    notice = services.record_owner_notice(
        case=case,
        kind="relocation",
        occurred_on=D(2026, 11, 25),
        received_on=D(2026, 11, 27),
        in_writing=True,
        affidavit_requested=True,
        actor=officer,
    )
    refused(
        lambda: services.record_affidavit(
            notice=notice, received_on=D(2026, 11, 29), transferee_name="Lee Ng", actor=officer
        ),
        "the complete name, address, and telephone number of the person to whom the dog was",
    )
    services.record_affidavit(
        notice=notice,
        received_on=D(2026, 11, 29),
        transferee_name="Lee Ng",
        transferee_address="12 Elm St, Duluth MN",
        transferee_phone="218-555-0100",
        actor=officer,
    )
    notice.refresh_from_db()
    assert notice.affidavit_transferee_phone == "+12185550100"
    event = case.events.last()
    assert event.kind == "affidavit" and event.decision.action == "dangerous_dog.affidavit"
    assert "transferred to Lee Ng, 12 Elm St, Duluth MN, 218-555-0100 (3-2-9.C)" in event.summary


# ---------------------------------------------------------------------------------- pages


def test_the_page_offers_the_seizure_then_the_release(
    client, officer, hearing_officer, dog, frozen_today
):
    case = walk("dangerous", officer, hearing_officer, dog)
    client.force_login(officer)
    page = client.get(f"/dangerous-dogs/{case.number}/").content.decode()
    assert 'id="step-rental_disclosure"' in page
    assert 'id="step-sterilization_seizure"' not in page  # the thirty days still run
    assert 'id="step-conditions_review"' not in page and 'id="step-release"' not in page
    at(frozen_today, D(2026, 12, 17))
    client.force_login(officer)  # the session of 2026-11-29 has expired
    page = client.get(f"/dangerous-dogs/{case.number}/").content.decode()
    assert 'id="step-sterilization_seizure"' in page
    response = client.post(
        f"/dangerous-dogs/{case.number}/steps/sterilization_seizure/",
        {
            "sterilization_seizure-seized_on": "2026-12-17",
            "sterilization_seizure-sterilized_on": "2026-12-17",
            "sterilization_seizure-veterinarian": "Dr. Ana Lindqvist, DVM",
            "sterilization_seizure-cost": "310.00",
            "sterilization_seizure-kept_at": "Anoka County Animal Shelter",
            "sterilization_seizure-contact_address": "3101 Bunker Lake Blvd NW, Andover",
            "sterilization_seizure-contact_phone": "763-555-0199",
        },
    )
    assert response.status_code == 302
    page = client.get(f"/dangerous-dogs/{case.number}/").content.decode()
    assert 'id="step-release"' in page and 'id="impoundments"' in page
    assert "the owner to comply with every requirement and pay the costs" in page
    before = all_counts()
    response = client.post(
        f"/dangerous-dogs/{case.number}/steps/release/", {"release-on": "2026-12-17"}
    )
    page = response.content.decode()
    assert response.status_code == 200 and "Refused: nothing was written" in page
    assert "Missing: a Proper Enclosure (3-2-9.B.3.a)" in page
    assert all_counts() == before


def test_the_due_list_shows_the_release_deadline(officer, hearing_officer, dog):
    from dogtag.dangerous_dogs.due import case_rows

    case = walk("hearing_held", officer, hearing_officer, dog)
    order(case, hearing_officer)
    rows = [r for r in case_rows(D(2026, 11, 29), city_params()) if "3-2-9.B.4" in r.sections]
    assert [(r.date, r.overdue) for r in rows] == [(D(2026, 12, 16), False)]
    rows = [r for r in case_rows(D(2026, 12, 17), city_params()) if r.overdue]
    assert {r.sections[0] for r in rows} >= {"3-2-9.B.3.g", "3-2-9.B.4"}
    sterilize = next(r for r in rows if r.sections[0] == "3-2-9.B.3.g")
    assert (
        "seize the dog and have it sterilized at the owner's expense (B.3.g)" in sterilize.summary
    )
