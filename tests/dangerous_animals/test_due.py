"""The due list's dangerous-animal section (issue 27): each step of a Lino Lakes case due in the
window or overdue, dated by the rules core's clocks, with the case's link; none in Nowthen."""

from __future__ import annotations

import pytest
from django.test import Client

from dogtag.dangerous_animals.due import dangerous_animal_sections
from dogtag.licensing.due import due_list
from dogtag.records.services import city_params

from .conftest import DESIGNATED, TODAY, D

SEIZED = ("seized", DESIGNATED, {})
ORDER = ("officer_order", D(2026, 11, 3), {"disposition": "conditions"})
NOTIFIED = ("owner_notified", D(2026, 11, 4), {"method": "in_writing"})
NOTICED = (
    "forfeiture_noticed",
    D(2026, 11, 5),
    {"method": "personal", "grounds": ["public_nuisance"], "reasons": "Repeated attacks."},
)

# given the events of case DA2026-001 (Rex, designated Mon 2026-11-02), on Sun 2026-11-29:
# then the section's rows (due, overdue, sections, summary)
ROWS = [
    pytest.param([], [], id="designated: nothing due"),
    pytest.param(
        [SEIZED, ORDER, ("owner_notified", D(2026, 11, 20), {"method": "in_person"})],
        [
            (
                D(2026, 12, 4),
                False,
                ("503.16(2)(c)", "Minn. Stat. 645.15"),
                "The owner's days to appeal end (a request for a hearing): 2026-12-04.",
            )
        ],
        id="notified Fri 11-20: fourteen days to appeal, to Fri 12-04",
    ),
    pytest.param(
        [SEIZED, ORDER, NOTIFIED],
        [],
        id="the days to appeal ended Wed 11-18 without one: the orders stand, nothing due",
    ),
    pytest.param(
        [SEIZED, ORDER, NOTIFIED, ("hearing_requested", D(2026, 11, 4), {})],
        [(D(2026, 11, 25), True, ("503.16(2)(c)2",), "Set the hearing (demanded): 2026-11-25.")],
        id="demanded Wed 11-04: the hearing to set by Wed 11-25, none set: overdue",
    ),
    pytest.param(
        [SEIZED, ORDER, NOTIFIED, ("hearing_requested", D(2026, 11, 18), {})],
        [
            (
                D(2026, 12, 9),
                False,
                ("503.16(2)(c)2", "Minn. Stat. 645.15"),
                "Set the hearing (demanded): 2026-12-09.",
            )
        ],
        id="demanded Wed 11-18: the hearing to set within three weeks, by Wed 12-09",
    ),
    pytest.param(
        [
            SEIZED,
            ORDER,
            NOTIFIED,
            ("hearing_requested", D(2026, 11, 10), {}),
            ("hearing_set", D(2026, 11, 12), {"hearing_on": D(2026, 12, 1)}),
        ],
        [
            (
                D(2026, 12, 1),
                False,
                ("503.16(2)(c)2",),
                "The hearing is set for 2026-12-01: hold it, then record it held.",
            )
        ],
        id="a hearing set for Tue 12-01",
    ),
    pytest.param(
        [
            SEIZED,
            ORDER,
            NOTIFIED,
            ("hearing_requested", D(2026, 11, 10), {}),
            ("hearing_set", D(2026, 11, 12), {"hearing_on": D(2026, 11, 25)}),
        ],
        [
            (
                D(2026, 11, 25),
                True,
                ("503.16(2)(c)2",),
                "The hearing is set for 2026-11-25: past, and not recorded held.",
            )
        ],
        id="a hearing set for Wed 11-25 and not recorded held: overdue",
    ),
    pytest.param(
        [
            SEIZED,
            ORDER,
            NOTIFIED,
            ("hearing_requested", D(2026, 11, 10), {}),
            ("hearing_set", D(2026, 11, 12), {"hearing_on": D(2026, 11, 25)}),
            ("hearing_held", D(2026, 11, 25), {}),
        ],
        [],
        id="the hearing held: nothing due until the order",
    ),
    pytest.param(
        [
            ("seizure_refused", DESIGNATED, {}),
            ORDER,
            NOTIFIED,
            ("insurance_requested", D(2026, 11, 20), {}),
        ],
        [
            (
                D(2026, 12, 14),
                False,
                ("503.19(1)(c)", "Minn. Stat. 645.15"),
                "Proof of public liability insurance due (requested): 2026-12-14.",
            )
        ],
        id="insurance requested Fri 11-20, animal not impounded: fifteen business days",
    ),
    pytest.param(
        [
            ("seizure_refused", DESIGNATED, {}),
            ORDER,
            NOTIFIED,
            ("insurance_requested", D(2026, 11, 6), {}),
        ],
        [
            (
                D(2026, 12, 1),
                False,
                ("503.19(1)(c)", "Minn. Stat. 645.15"),
                "Proof of public liability insurance due (requested): 2026-12-01.",
            )
        ],
        id="insurance requested Fri 11-06: due Tue 12-01 (Veterans Day, Thanksgiving not counted)",
    ),
    pytest.param(
        [NOTICED, ("forfeiture_hearing_requested", D(2026, 11, 9), {})],
        [
            (
                D(2026, 11, 30),
                False,
                ("503.20(3)(b)", "Minn. Stat. 645.15"),
                "Set the forfeiture hearing (demanded): 2026-11-30.",
            )
        ],
        id="a forfeiture hearing demanded Mon 11-09: to set by Mon 11-30",
    ),
    pytest.param(
        [
            NOTICED,
            ("forfeiture_hearing_requested", D(2026, 11, 9), {}),
            ("forfeiture_hearing_set", D(2026, 11, 10), {"hearing_on": D(2026, 12, 2)}),
        ],
        [
            (
                D(2026, 12, 2),
                False,
                ("503.20(3)(b)",),
                "The forfeiture hearing is set for 2026-12-02: hold it, then record it held.",
            )
        ],
        id="a forfeiture hearing set for Wed 12-02",
    ),
    pytest.param(
        [
            (
                "forfeiture_noticed",
                D(2026, 11, 27),
                {"method": "personal", "grounds": ["public_nuisance"], "reasons": "Attacks."},
            )
        ],
        [
            (
                D(2026, 12, 11),
                False,
                ("503.20(3)", "Minn. Stat. 645.15"),
                "The owner's days to appeal the forfeiture end: 2026-12-11.",
            )
        ],
        id="forfeiture noticed Fri 11-27: fourteen days to appeal it",
    ),
    pytest.param(
        [
            SEIZED,
            ("officer_order", D(2026, 11, 3), {"disposition": "destruction"}),
            NOTIFIED,
            ("destroyed", D(2026, 11, 20), {}),
        ],
        [],
        id="destroyed: nothing due",
    ),
]


@pytest.mark.parametrize("events, expected", ROWS)
def test_each_step_due_is_a_row_dated_by_the_procedures_clocks(case, walk, events, expected):
    walk(case, events)
    # when the due list is read on Sun 2026-11-29
    section = due_list(TODAY).section("dangerous_animals")
    # then each step due is a row for the case, linked to its page
    assert [(r.date, r.overdue, r.sections, r.summary) for r in section.rows] == expected
    for row in section.rows:
        assert (row.subject_name, row.subject_url, row.owner_name) == (
            "DA2026-001 — Rex, German shepherd, black and tan (dog)",
            "/dangerous-animals/DA2026-001/",
            "Pat Lindgren",
        )
    assert section.overdue_count == sum(1 for _, overdue, *_ in expected if overdue)


def test_a_row_explains_its_date_with_the_clocks_lines(case, walk):
    walk(case, [SEIZED, ORDER, NOTIFIED, ("hearing_requested", D(2026, 11, 4), {})])
    (row,) = due_list(TODAY).section("dangerous_animals").rows
    assert row.explanation == (
        "Overdue: the hearing was to be on a day not more than 21 days after the demand of "
        "Wed 2026-11-04, by Wed 2026-11-25 (503.16(2)(c)2), and none is set. The text found "
        "states no extension, nor what follows a later hearing: record the hearing when it is "
        "set.",
        "Trigger: the demand for the hearing on Wed 2026-11-04.",
        "Count 21 days, excluding the day of the trigger and including the last day "
        "(Minn. Stat. 645.15): day 1 is Thu 2026-11-05, day 21 is Wed 2026-11-25.",
        "Due: Wed 2026-11-25.",
    )


def test_the_list_as_of_an_earlier_day_reads_the_events_up_to_it(case, walk):
    # given the hearing demanded Wed 11-04 and set Thu 11-12 for Tue 12-01
    walk(
        case,
        [
            SEIZED,
            ORDER,
            NOTIFIED,
            ("hearing_requested", D(2026, 11, 4), {}),
            ("hearing_set", D(2026, 11, 12), {"hearing_on": D(2026, 12, 1)}),
        ],
    )
    # when read as of Tue 11-10 (before the hearing was set), then as of Sun 11-01 (before the case)
    then = due_list(D(2026, 11, 10)).section("dangerous_animals")
    before = due_list(D(2026, 11, 1)).section("dangerous_animals")
    # then the hearing was to be set by Wed 11-25, not yet overdue; and nothing before the case
    assert [(r.date, r.overdue, r.summary) for r in then.rows] == [
        (D(2026, 11, 25), False, "Set the hearing (demanded): 2026-11-25.")
    ]
    assert before.rows == ()


def test_the_section_says_what_it_lists_with_the_periods_and_sections(db):
    (section,) = dangerous_animal_sections(TODAY, city_params())
    assert (section.title, section.sections, section.empty) == (
        "Dangerous animal cases: steps due and overdue",
        ("503.16(1)",),
        "No dangerous-animal step due in the next 60 days, and none overdue.",
    )
    assert section.intro == (
        "Every step of a dangerous-animal case due in the next 60 days or passed: the fourteen "
        "days the owner has to appeal after being notified (503.16(2)(c)), the hearing to set "
        "within twenty-one days of the demand (503.16(2)(c)2), proof of insurance within "
        "fifteen business days of the request (503.19(1)(c)), the appeal of a forfeiture within "
        "fourteen days of its notice and its hearing within twenty-one days of the demand "
        "(503.20(3), 503.20(3)(b)), and each hearing set and not yet recorded held."
    )


def test_the_due_page_lists_the_case_with_its_link_and_flag(admin_client, case, walk):
    walk(case, [SEIZED, ORDER, NOTIFIED, ("hearing_requested", D(2026, 11, 4), {})])
    page = admin_client.get("/due/")
    text = page.content.decode()
    assert page.status_code == 200
    assert "Dangerous animal cases: steps due and overdue" in text
    assert 'href="/dangerous-animals/DA2026-001/"' in text
    assert "Set the hearing (demanded): 2026-11-25." in text


@pytest.mark.parametrize("city, listed", [("lino-lakes", True), ("nowthen", False)])
def test_the_section_is_listed_only_where_the_part_is_law(db, monkeypatch, city, listed):
    monkeypatch.setenv("DOGTAG_JURISDICTION", city)
    assert bool(dangerous_animal_sections(TODAY, city_params())) is listed
    assert ("dangerous_animals" in [s.key for s in due_list(TODAY).sections]) is listed
    text = Client().get("/due/").content.decode()  # signed out: no list, no 500
    assert "Dangerous animal cases" not in text


def test_the_section_reads_a_fixed_number_of_queries(
    case, walk, owner, officer, django_assert_num_queries
):
    walk(case, [SEIZED, ORDER, NOTIFIED, ("hearing_requested", D(2026, 11, 4), {})])
    params = city_params()
    dangerous_animal_sections(TODAY, params)  # warm the caches
    with django_assert_num_queries(2):
        (one,) = dangerous_animal_sections(TODAY, params)
    from dogtag.dangerous_animals import services

    for n in range(3):
        services.open_case(
            owner=owner,
            animal="cat",
            description=f"Cat {n}",
            basis="Scratched.",
            on=DESIGNATED,
            actor=officer,
        )
    with django_assert_num_queries(2):
        (four,) = dangerous_animal_sections(TODAY, params)
    assert (len(one.rows), len(four.rows)) == (1, 1)
