"""The due list (City Code 3-2-2.A, B, D, E, F): each section from hand-made records, with the
dates the rules core computes, and a fixed number of queries however many rows."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from dogtag.licensing import services
from dogtag.licensing.due import due_list as computed_due_list

from .conftest import TODAY, D, cash
from .due_store import assert_stored_clocks_agree

# --------------------------------------------------------------------------------- helpers


def due_list(on, *args, **kwargs):
    """The whole due list, and (the city's own parameters, every section) the check that the
    clocks the services stored give the same sections a page at a time."""
    result = computed_due_list(on, *args, **kwargs)
    if not args and set(kwargs) <= {"other_domains"}:
        assert_stored_clocks_agree(on)
    return result


def owner_named(clerk, name, **fields):
    return services.register_owner(
        actor=clerk, name=name, street="19400 Nowthen Blvd NW", phone="763-555-0100", **fields
    )


def dog_of(clerk, owner, name, **fields):
    fields.setdefault("breed", "Mixed")
    fields.setdefault("color", "Brown")
    fields.setdefault("sex", "female")
    return services.register_dog(owner=owner, actor=clerk, name=name, **fields)


def vaccinate(clerk, dog, given, expires):
    return services.record_rabies_vaccination(
        dog=dog, actor=clerk, vaccinated_on=given, expires_on=expires, veterinarian="Dr. A"
    )


def issue(clerk, dog, rabies, on, kind="new"):
    """Issue a license through the desk service, paying exactly what the rules say is due."""
    dog.refresh_from_db()  # a transfer saved another instance of the dog
    findings = services.evaluate_license(dog, rabies, kind, on)
    assert not [f.message for f in findings if f.blocks]
    total = next(f for f in findings if f.rule == "license.amount_due").details["total"]
    return services.issue_license(
        dog=dog, rabies=rabies, kind=kind, on=on, payment=cash(str(total)), actor=clerk
    )


def rows(section):
    return [
        (r.subject_name, r.owner_name, r.license_number, r.date, r.overdue, r.sections, r.note)
        for r in section.rows
    ]


def licensed(clerk, owner, name, born, given, expires, on, **fields):
    dog = dog_of(clerk, owner, name, born=born, **fields)
    issued = issue(clerk, dog, vaccinate(clerk, dog, given, expires), on)
    return dog, issued


@pytest.fixture
def town(clerk, stock):
    return build_town(clerk)


def build_town(clerk):
    """A small Nowthen on Sunday 2026-11-29, one or more dogs for each section of the due list,
    and dogs that must not appear."""
    t = SimpleNamespace()
    pat = owner_named(clerk, "Pat Gustafson")
    lee = owner_named(clerk, "Lee Carlson")
    sam = owner_named(clerk, "Sam Ortiz", resident_since=D(2026, 11, 2))
    kim = owner_named(clerk, "Kim Berg", resident_since=D(2026, 10, 27))
    ann = owner_named(clerk, "Ann Dahl", resident_since=D(2026, 8, 3))
    t.owners = SimpleNamespace(pat=pat, lee=lee, sam=sam, kim=kim, ann=ann)

    # Renewals overdue (3-2-2.A): licenses that expired; Moose's in January, Pepper's in
    # September (a new vaccination is recorded for Pepper), Hazel's renewal was voided.
    t.moose, _ = licensed(
        clerk, pat, "Moose", D(2024, 6, 1), D(2025, 1, 5), D(2026, 1, 5), D(2025, 1, 10)
    )
    t.pepper, _ = licensed(
        clerk, lee, "Pepper", D(2023, 5, 5), D(2025, 9, 10), D(2026, 9, 10), D(2025, 9, 12)
    )
    vaccinate(clerk, t.pepper, D(2026, 11, 10), D(2027, 11, 10))
    t.hazel, _ = licensed(
        clerk, lee, "Hazel", D(2023, 3, 3), D(2025, 9, 30), D(2026, 9, 30), D(2025, 10, 1)
    )
    renewal = issue(
        clerk,
        t.hazel,
        vaccinate(clerk, t.hazel, D(2026, 10, 14), D(2027, 10, 14)),
        D(2026, 10, 15),
        kind="renewal",
    )
    services.void_receipt(receipt=renewal.receipt, reason="Wrong dog", actor=clerk)

    # Expiring (3-2-2.B): Biscuit in the next 30 days, Juno in 31-60 days (new vaccination
    # recorded), Ruby in more than 60 days.
    t.biscuit, _ = licensed(
        clerk, pat, "Biscuit", D(2025, 6, 1), D(2025, 12, 14), D(2026, 12, 14), D(2025, 12, 15)
    )
    t.juno, _ = licensed(
        clerk, pat, "Juno", D(2023, 1, 10), D(2024, 1, 20), D(2027, 1, 20), D(2024, 2, 1)
    )
    vaccinate(clerk, t.juno, D(2026, 11, 20), D(2029, 11, 20))
    t.ruby, _ = licensed(
        clerk, pat, "Ruby", D(2021, 1, 1), D(2026, 3, 1), D(2027, 3, 1), D(2026, 3, 2)
    )
    # A dead dog's license is over, whatever its dates.
    t.ghost, _ = licensed(
        clerk, pat, "Ghost", D(2019, 1, 1), D(2025, 12, 1), D(2026, 12, 1), D(2025, 12, 2)
    )
    services.record_dog_status(dog=t.ghost, status="deceased", on=D(2026, 11, 1), actor=clerk)

    # New residents (3-2-2.E): Rex (age given, so the birth date is estimated) and Bear have no
    # license since their owners moved in; Lucky was licensed after Ann moved in; Max was
    # bought by Sam before Sam became a resident, so Sam's arrival governs.
    t.rex = dog_of(clerk, sam, "Rex", age_years=4, on=TODAY)
    t.bear = dog_of(clerk, kim, "Bear", born=D(2020, 1, 15))
    t.lucky = dog_of(clerk, ann, "Lucky", born=D(2019, 1, 1))
    issue(
        clerk,
        t.lucky,
        vaccinate(clerk, t.lucky, D(2026, 8, 1), D(2027, 8, 1)),
        D(2026, 8, 20),
        kind="new_resident",
    )
    t.max, _ = licensed(
        clerk, pat, "Max", D(2021, 7, 7), D(2026, 4, 30), D(2027, 4, 30), D(2026, 5, 1)
    )
    services.transfer_ownership(dog=t.max, to_owner=sam, changed_on=D(2026, 10, 1), actor=clerk)

    # Ownership changes (3-2-2.F): Tilly and Dot changed owner; Finn too, but Lee licensed it.
    t.tilly, _ = licensed(
        clerk, pat, "Tilly", D(2022, 1, 1), D(2026, 6, 1), D(2027, 6, 1), D(2026, 6, 2)
    )
    services.transfer_ownership(dog=t.tilly, to_owner=lee, changed_on=D(2026, 11, 5), actor=clerk)
    t.dot = dog_of(clerk, pat, "Dot", born=D(2021, 4, 4))
    services.transfer_ownership(dog=t.dot, to_owner=lee, changed_on=D(2026, 10, 1), actor=clerk)
    t.finn, first = licensed(
        clerk, pat, "Finn", D(2022, 2, 2), D(2026, 2, 1), D(2027, 2, 1), D(2026, 2, 10)
    )
    services.transfer_ownership(dog=t.finn, to_owner=lee, changed_on=D(2026, 11, 10), actor=clerk)
    issue(clerk, t.finn, first.license.rabies, D(2026, 11, 12), kind="change_of_ownership")

    # Six months of age (3-2-2.D): Scout and Pip within 30 days, Duke long ago and never
    # licensed, Olive on 2026-12-30 (one day too late for the next 30 days). Pip belongs to a
    # new resident but was under six months when Kim moved in: its age governs.
    t.scout = dog_of(clerk, lee, "Scout", born=D(2026, 5, 31))
    t.pip = dog_of(clerk, kim, "Pip", born=D(2026, 6, 15))
    t.duke = dog_of(clerk, pat, "Duke", born=D(2020, 2, 29), sex="male")
    t.olive = dog_of(clerk, lee, "Olive", born=D(2026, 6, 30))
    return t


RENEWAL_READING_LINE = (
    "Reading adopted — From when the 30 days to renew without penalty run (3-2-2.B): "
    "after_new_vaccination — Thirty days after the date of the new rabies vaccination. A dog "
    "whose license lapsed is unlicensed meanwhile (3-2-2.A)."
)
NO_NEW_VACCINATION = (
    "To renew without the penalty of $6.00: within 30 days after the new rabies vaccination "
    "(3-2-2.B). No newer vaccination is recorded yet."
)
LATE_FIRST_LICENSE = (
    "Licensed after the due date, the non-license penalty of $6.00 is assessed (reading "
    "adopted: after_grace_period)."
)


# ------------------------------------------------------------------------- the sections


def test_licenses_expiring_in_the_next_30_days(town):
    # Given the town on Sunday 2026-11-29
    # When the due list is computed as of today
    due = due_list(TODAY, other_domains=False)
    # Then Biscuit's license, expiring Monday 2026-12-14 with its rabies vaccination, is listed
    section = due.section("expiring_soon")
    assert (section.title, section.count) == ("Licenses expiring in the next 30 days", 1)
    assert rows(section) == [
        ("Biscuit", "Pat Gustafson", "2025-00004", D(2026, 12, 14), False, ("3-2-2.B",), "")
    ]
    row = section.rows[0]
    assert (row.subject_url, row.owner_url, row.license_url) == (
        f"/dogs/{town.biscuit.pk}/",
        f"/owners/{town.owners.pat.pk}/",
        "/licenses/2025-00004/",
    )
    assert row.summary == "License 2025-00004 expires Mon 2026-12-14 (3-2-2.B)."
    assert row.explanation == (
        "License 2025-00004, issued Mon 2025-12-15, runs with the rabies vaccination of Sun "
        "2025-12-14 and expires Mon 2026-12-14: licenses are valid for the same length of time as "
        "the rabies vaccination (3-2-2.B).",
        "From Tue 2026-12-15 the dog is unlicensed until the license is renewed; no dog may be "
        "kept in the city unless licensed (3-2-2.A).",
        NO_NEW_VACCINATION,
        RENEWAL_READING_LINE,
    )
    # And the window of the next 30 days ends Tuesday 2026-12-29
    assert (due.near_until, due.far_until) == (D(2026, 12, 29), D(2027, 1, 28))


def test_licenses_expiring_in_31_to_60_days_with_the_renewal_deadline(town):
    # Given Juno's license expires Wed 2027-01-20 and a new vaccination was given Fri 2026-11-20
    section = due_list(TODAY, other_domains=False).section("expiring_later")
    # Then Juno is listed, with the last day to renew without penalty: 30 days after the new
    # vaccination is Sunday 2026-12-20, so Monday 2026-12-21 (Minn. Stat. 645.15)
    assert rows(section) == [
        (
            "Juno",
            "Pat Gustafson",
            "2024-00001",
            D(2027, 1, 20),
            False,
            ("3-2-2.B",),
            "Renew without penalty by Mon 2026-12-21",
        )
    ]
    assert section.rows[0].explanation == (
        "License 2024-00001, issued Thu 2024-02-01, runs with the rabies vaccination of Sat "
        "2024-01-20 and expires Wed 2027-01-20: licenses are valid for the same length of time as "
        "the rabies vaccination (3-2-2.B).",
        "From Thu 2027-01-21 the dog is unlicensed until the license is renewed; no dog may be "
        "kept in the city unless licensed (3-2-2.A).",
        "Due Mon 2026-12-21: renew the dog license or pay the penalty within 30 days after the new "
        "rabies vaccination on Fri 2026-11-20 (3-2-2.B). Sun 2026-12-20 is skipped: Sunday.",
        "Trigger: the new rabies vaccination on Fri 2026-11-20.",
        "Count 30 days, excluding the day of the trigger and including the last day (Minn. Stat. "
        "645.15): day 1 is Sat 2026-11-21, day 30 is Sun 2026-12-20.",
        "Sun 2026-12-20 is skipped: Sunday.",
        "The last day may not fall on a Saturday, Sunday or legal holiday (Minn. Stat. 645.15), "
        "so it moves to the next day that is none of these.",
        "Due: Mon 2026-12-21.",
        "Renewed after that day, the penalty of $6.00 is assessed (3-2-2.B).",
        RENEWAL_READING_LINE,
    )


def test_overdue_renewals_are_unlicensed_from_the_day_after_expiry_oldest_first(town):
    # Given Moose's license expired Mon 2026-01-05, Pepper's Thu 2026-09-10 and Hazel's
    # Wed 2026-09-30 (its renewal was voided, so the expired license is the latest)
    section = due_list(TODAY, other_domains=False).section("overdue_renewals")
    # Then each is unlicensed from the next day (3-2-2.A), oldest first; Ruby (in force) and
    # Ghost (dead) are not listed
    assert rows(section) == [
        (
            "Moose",
            "Pat Gustafson",
            "2025-00001",
            D(2026, 1, 6),
            True,
            ("3-2-2.A", "3-2-2.B"),
            "",
        ),
        (
            "Pepper",
            "Lee Carlson",
            "2025-00002",
            D(2026, 9, 11),
            True,
            ("3-2-2.A", "3-2-2.B"),
            "Renew without penalty by Thu 2026-12-10",
        ),
        (
            "Hazel",
            "Lee Carlson",
            "2025-00003",
            D(2026, 10, 1),
            True,
            ("3-2-2.A", "3-2-2.B"),
            "Renewal period ended Fri 2026-11-13: penalty $6.00",
        ),
    ]
    assert section.rows[0].summary == (
        "License 2025-00001 expired Mon 2026-01-05: Moose has been unlicensed since "
        "Tue 2026-01-06 (3-2-2.A)."
    )
    assert section.rows[0].explanation[:3] == (
        "License 2025-00001, issued Fri 2025-01-10, runs with the rabies vaccination of Sun "
        "2025-01-05 and expires Mon 2026-01-05: licenses are valid for the same length of time as "
        "the rabies vaccination (3-2-2.B).",
        "From Tue 2026-01-06 the dog is unlicensed until the license is renewed; no dog may be "
        "kept in the city unless licensed (3-2-2.A).",
        NO_NEW_VACCINATION,
    )
    assert section.flag == "Unlicensed"


def test_new_residents_have_thirty_days_counted_per_645_15(town):
    # Given Kim became a resident Tue 2026-10-27 and Sam on Mon 2026-11-02
    section = due_list(TODAY, other_domains=False).section("new_residents")
    # Then Bear is overdue: day 30 is Thanksgiving (Thu 2026-11-26), so it was due Fri
    # 2026-11-27; Max and Rex are due Wed 2026-12-02 (3-2-2.E). Lucky (licensed) and Pip (under
    # six months when Kim moved in) are not listed.
    cited = ("3-2-2.E", "Minn. Stat. 645.15")
    assert rows(section) == [
        ("Bear", "Kim Berg", "", D(2026, 11, 27), True, cited, ""),
        ("Max", "Sam Ortiz", "", D(2026, 12, 2), False, cited, ""),
        ("Rex", "Sam Ortiz", "", D(2026, 12, 2), False, cited, ""),
    ]
    bear, _, rex = section.rows
    assert bear.summary == (
        "Overdue. Due Fri 2026-11-27: obtain a city dog license within 30 days after the owner "
        "became a resident of the city on Tue 2026-10-27 (3-2-2.E). Thu 2026-11-26 is skipped: "
        "legal holiday: Thanksgiving Day (Minn. Stat. 645.44 subd. 5)."
    )
    assert bear.explanation == (
        "Trigger: the owner became a resident of the city on Tue 2026-10-27.",
        "Count 30 days, excluding the day of the trigger and including the last day (Minn. Stat. "
        "645.15): day 1 is Wed 2026-10-28, day 30 is Thu 2026-11-26.",
        "Thu 2026-11-26 is skipped: legal holiday: Thanksgiving Day (Minn. Stat. 645.44 subd. 5).",
        "The last day may not fall on a Saturday, Sunday or legal holiday (Minn. Stat. 645.15), "
        "so it moves to the next day that is none of these.",
        "Due: Fri 2026-11-27.",
        LATE_FIRST_LICENSE,
    )
    assert rex.summary == (
        "Due Wed 2026-12-02: obtain a city dog license within 30 days after the owner became a "
        "resident of the city on Mon 2026-11-02 (3-2-2.E)."
    )
    assert rex.explanation == (
        "Trigger: the owner became a resident of the city on Mon 2026-11-02.",
        "Count 30 days, excluding the day of the trigger and including the last day (Minn. Stat. "
        "645.15): day 1 is Tue 2026-11-03, day 30 is Wed 2026-12-02.",
        "Due: Wed 2026-12-02.",
        LATE_FIRST_LICENSE,
    )
    assert (rex.subject_url, rex.owner_url) == (
        f"/dogs/{town.rex.pk}/",
        f"/owners/{town.owners.sam.pk}/",
    )


def test_ownership_changes_give_the_new_owner_thirty_days(town):
    # Given Dot changed owner Thu 2026-10-01 and Tilly Thu 2026-11-05
    section = due_list(TODAY, other_domains=False).section("ownership_changes")
    # Then both are listed for Lee (3-2-2.F): day 30 for Dot is Sat 2026-10-31, so it was due
    # Mon 2026-11-02 (overdue); for Tilly day 30 is Sat 2026-12-05, due Mon 2026-12-07. Finn,
    # relicensed by Lee, and Max (Sam's arrival governs) are not listed.
    cited = ("3-2-2.F", "Minn. Stat. 645.15")
    assert rows(section) == [
        ("Dot", "Lee Carlson", "", D(2026, 11, 2), True, cited, ""),
        ("Tilly", "Lee Carlson", "", D(2026, 12, 7), False, cited, ""),
    ]
    tilly = section.rows[1]
    assert tilly.summary == (
        "Due Mon 2026-12-07: apply for a new license and pay the fee within 30 days after the "
        "change of ownership from Pat Gustafson on Thu 2026-11-05 (3-2-2.F). Sat 2026-12-05 is "
        "skipped: Saturday. Sun 2026-12-06 is skipped: Sunday."
    )
    assert tilly.explanation == (
        "Trigger: the change of ownership from Pat Gustafson on Thu 2026-11-05.",
        "Count 30 days, excluding the day of the trigger and including the last day (Minn. Stat. "
        "645.15): day 1 is Fri 2026-11-06, day 30 is Sat 2026-12-05.",
        "Sat 2026-12-05 is skipped: Saturday.",
        "Sun 2026-12-06 is skipped: Sunday.",
        "The last day may not fall on a Saturday, Sunday or legal holiday (Minn. Stat. 645.15), "
        "so it moves to the next day that is none of these.",
        "Due: Mon 2026-12-07.",
        LATE_FIRST_LICENSE,
    )
    assert (tilly.subject_url, tilly.owner_url) == (
        f"/dogs/{town.tilly.pk}/",
        f"/owners/{town.owners.lee.pk}/",
    )


def test_dogs_reaching_six_months_need_a_license_from_that_day(town):
    section = due_list(TODAY, other_domains=False).section("six_months")
    # Then Duke (born 2020-02-29, six months on Sat 2020-08-29, never licensed) is required now;
    # Scout (born 2026-05-31: 2026-11-30) and Pip (2026-06-15: 2026-12-15) soon (3-2-2.D, A).
    # Olive (2026-06-30: 2026-12-30) is past the next 30 days; Bear, Rex and Dot, never
    # licensed, are listed once, under their owner's arrival or the change of ownership.
    cited = ("3-2-2.D", "3-2-2.A")
    assert rows(section) == [
        (
            "Duke",
            "Pat Gustafson",
            "",
            D(2020, 8, 29),
            True,
            cited,
            "Penalty $6.00 if licensed after Mon 2020-09-28",
        ),
        (
            "Scout",
            "Lee Carlson",
            "",
            D(2026, 11, 30),
            False,
            cited,
            "Penalty $6.00 if licensed after Wed 2026-12-30",
        ),
        (
            "Pip",
            "Kim Berg",
            "",
            D(2026, 12, 15),
            False,
            cited,
            "Penalty $6.00 if licensed after Thu 2027-01-14",
        ),
    ]
    duke, _, pip = section.rows
    assert duke.summary == (
        "License required since Sat 2020-08-29: Duke is 6 months old or older and has never "
        "been licensed (3-2-2.A)."
    )
    assert pip.summary == (
        "License required from Tue 2026-12-15, when Pip reaches 6 months of age (3-2-2.D)."
    )
    assert pip.explanation == (
        "Born Mon 2026-06-15.",
        "No license yet: the dog is under 6 months of age until December 15, 2026, when it must "
        "be licensed (3-2-2.D).",
        "Reading adopted — The day a dog reaches six months of age (3-2-2.D, 3-2-5): "
        "same_calendar_day — The same calendar day six months after birth (born 2026-06-15: six "
        "months on 2026-12-15); a birth day that the sixth month lacks rounds to that month's "
        "last day.",
        "Trigger: the dog reached six months of age on Tue 2026-12-15.",
        "Count 30 days, excluding the day of the trigger and including the last day (Minn. Stat. "
        "645.15): day 1 is Wed 2026-12-16, day 30 is Thu 2027-01-14.",
        "Due: Thu 2027-01-14.",
        "Licensed after Thu 2027-01-14, the non-license penalty of $6.00 is assessed (reading "
        "adopted: after_grace_period).",
    )
    assert section.flag == "Required now"


def test_counts_and_no_dog_twice_among_the_first_license_sections(town):
    due = due_list(TODAY, other_domains=False)
    assert [(s.key, s.count, s.overdue_count) for s in due.sections] == [
        ("expiring_soon", 1, 0),
        ("expiring_later", 1, 0),
        ("overdue_renewals", 3, 3),
        ("new_residents", 3, 1),
        ("ownership_changes", 2, 1),
        ("six_months", 3, 1),
    ]
    assert due.count == 13
    first_license = [
        r.subject_name
        for key in ("new_residents", "ownership_changes", "six_months")
        for r in due.section(key).rows
    ]
    assert sorted(first_license) == sorted(set(first_license))


# ------------------------------------------------------------------------------- as of


def test_as_of_a_later_day_moves_licenses_from_expiring_to_overdue(town):
    # When the list is computed as of Monday 2027-01-25
    due = due_list(D(2027, 1, 25), other_domains=False)
    # Then Biscuit's and Juno's licenses have expired too; Juno's renewal period has ended
    # Finn's license, issued to Lee on the change of ownership, expires Mon 2027-02-01
    assert [(r.subject_name, r.date) for r in due.section("expiring_soon").rows] == [
        ("Finn", D(2027, 2, 1))
    ]
    assert [(r.subject_name, r.date, r.note) for r in due.section("overdue_renewals").rows] == [
        ("Moose", D(2026, 1, 6), ""),
        ("Pepper", D(2026, 9, 11), "Renewal period ended Thu 2026-12-10: penalty $6.00"),
        ("Hazel", D(2026, 10, 1), "Renewal period ended Fri 2026-11-13: penalty $6.00"),
        ("Biscuit", D(2026, 12, 15), ""),
        ("Juno", D(2027, 1, 21), "Renewal period ended Mon 2026-12-21: penalty $6.00"),
    ]
    # Ruby's license (expires Mon 2027-03-01) is now within 31-60 days (through 2027-03-26)
    assert [(r.subject_name, r.date) for r in due.section("expiring_later").rows] == [
        ("Ruby", D(2027, 3, 1))
    ]
    # And every first-license due date has passed
    assert [(r.subject_name, r.overdue) for r in due.section("new_residents").rows] == [
        ("Bear", True),
        ("Max", True),
        ("Rex", True),
    ]
    assert [(r.subject_name, r.date, r.overdue) for r in due.section("six_months").rows] == [
        ("Duke", D(2020, 8, 29), True),
        ("Scout", D(2026, 11, 30), True),
        ("Pip", D(2026, 12, 15), True),
        ("Olive", D(2026, 12, 30), True),
    ]


def test_as_of_an_earlier_day_leaves_out_what_had_not_happened(town):
    # As of Thu 2026-10-29: Tilly had not changed owner yet, Sam was not a resident yet
    due = due_list(D(2026, 10, 29), other_domains=False)
    assert [r.subject_name for r in due.section("ownership_changes").rows] == ["Dot"]
    assert [(r.subject_name, r.date, r.overdue) for r in due.section("new_residents").rows] == [
        ("Bear", D(2026, 11, 27), False)
    ]
    # Scout's six months (2026-11-30) fall after the next 30 days (through 2026-11-28); Rex's
    # owner was not yet a resident, so Rex was not yet kept in the city
    assert [r.subject_name for r in due.section("six_months").rows] == ["Duke"]


# ------------------------------------------------------------------------------ queries


def one_of_each(clerk, n):
    """One dog for every section of the due list, named with ``n``."""
    owner = owner_named(clerk, f"Owner {n}")
    licensed(
        clerk, owner, f"Near {n}", D(2022, 1, 1), D(2025, 12, 10), D(2026, 12, 10), D(2025, 12, 11)
    )
    licensed(
        clerk, owner, f"Far {n}", D(2022, 1, 1), D(2026, 1, 10), D(2027, 1, 10), D(2026, 1, 11)
    )
    licensed(
        clerk, owner, f"Lapsed {n}", D(2022, 1, 1), D(2025, 6, 1), D(2026, 6, 1), D(2025, 6, 2)
    )
    newcomer = owner_named(clerk, f"Newcomer {n}", resident_since=D(2026, 11, 2))
    dog_of(clerk, newcomer, f"Arrived {n}", born=D(2020, 1, 1))
    sold = dog_of(clerk, owner, f"Sold {n}", born=D(2020, 1, 1))
    services.transfer_ownership(
        dog=sold, to_owner=newcomer, changed_on=D(2026, 11, 20), actor=clerk
    )
    dog_of(clerk, owner, f"Puppy {n}", born=D(2026, 6, 1))


def test_a_fixed_number_of_queries_however_many_rows(clerk, django_assert_max_num_queries):
    services.add_tag_stock(prefix="Q-", first=1, last=100, actor=clerk)
    one_of_each(clerk, 1)
    # the fee resolutions (city_params) and one query per kind of record
    with CaptureQueriesContext(connection) as few:
        small = computed_due_list(TODAY, other_domains=False)
    assert [s.count for s in small.sections] == [1, 1, 1, 1, 1, 1]
    for n in range(2, 13):
        one_of_each(clerk, n)
    with django_assert_max_num_queries(5):
        big = computed_due_list(TODAY, other_domains=False)
    assert [s.count for s in big.sections] == [12, 12, 12, 12, 12, 12]
    with CaptureQueriesContext(connection) as many:
        computed_due_list(TODAY, other_domains=False)
    assert len(many.captured_queries) == len(few.captured_queries) == 5


def test_an_empty_town_costs_the_same_five_queries(clerk, stock):
    owner_named(clerk, "Nobody")
    with CaptureQueriesContext(connection) as queries:
        due = computed_due_list(TODAY, other_domains=False)
    assert len(queries.captured_queries) == 5
    assert [s.count for s in due.sections] == [0] * 6
