"""A parameter worded for prose (dogtag.law.wording): the ordinance's voice, the value in force."""

import datetime as dt
from decimal import Decimal

import pytest

from dogtag.law import wording

ON = dt.date(2026, 12, 1)


@pytest.mark.parametrize(
    ("n", "words"),
    [
        (0, "zero"),
        (1, "one"),
        (10, "ten"),
        (14, "fourteen"),
        (20, "twenty"),
        (21, "twenty-one"),
        (30, "thirty"),
        (99, "ninety-nine"),
        (100, "100"),
        (1320, "1,320"),
    ],
)
def test_number_words(n, words):
    assert wording.number_words(n) == words


@pytest.mark.parametrize(
    ("amount", "text"),
    [("500000.00", "$500,000"), ("1000000", "$1,000,000"), ("3.50", "$3.50"), ("0.00", "$0")],
)
def test_money_drops_only_zero_cents(amount, text):
    assert wording.money(Decimal(amount)) == text


@pytest.mark.parametrize(
    ("feet", "text"),
    [
        (1320, "1/4 mile"),
        (2640, "1/2 mile"),
        (3960, "3/4 mile"),
        (5280, "1 mile"),
        (6600, "1 1/4 miles"),
        (10560, "2 miles"),
        (1500, "1,500 ft"),
        (0, "0 ft"),
        (40, "40 ft"),
    ],
)
def test_distance_in_quarter_miles_when_whole(feet, text):
    assert wording.distance(feet) == text


@pytest.mark.parametrize(
    ("key", "style", "text"),
    [
        ("private_kennel.max_dogs", "words", "ten"),
        ("private_kennel.max_dogs", "number", "10"),
        ("private_kennel.max_dogs", "display", "10 dogs"),
        ("private_kennel.term_years", "words_unit", "one year"),
        ("dangerous_dog.hearing_request_days", "words_unit", "fourteen days"),
        ("dangerous_dog.hearing_request_days", "ordinance", "fourteen (14) days"),
        ("dangerous_dog.order_days", "ordinance", "ten (10) days"),
        ("dangerous_dog.conditions_review_after_years", "ordinance", "two (2) years"),
        ("dangerous_dog.restraint.leash_max_feet", "short", "6 ft"),
        ("dangerous_dog.restraint.handler_min_age_years", "number", "18"),
        ("dangerous_dog.insurance.per_person", "money", "$500,000"),
        ("dangerous_dog.insurance.per_incident", "display", "$1,000,000.00"),
        ("commercial_kennel.notice_radius_feet", "distance", "1/4 mile"),
        ("enclosure.dwelling_setback_feet", "short", "40 ft"),
    ],
)
def test_phrase_words_the_value_in_force(nowthen, key, style, text):
    assert wording.phrase(nowthen.get(key, ON), style) == text


def test_a_style_that_does_not_fit_the_value_is_refused(nowthen):
    with pytest.raises(ValueError, match="no wording style 'roman'"):
        wording.phrase(nowthen.get("private_kennel.max_dogs", ON), "roman")
    with pytest.raises(TypeError, match="not an integer"):
        wording.phrase(nowthen.get("dangerous_dog.insurance.per_person", ON), "words")


def test_one_foot_is_a_foot_and_one_day_a_day(changed_params):
    # a length of one is said in the singular: "one foot", not "one fee" (3-2-9.E.2)
    city = changed_params(
        {
            "nowthen.dangerous_dog.restraint.leash_max_feet": 1,
            "nowthen.dangerous_dog.order_days": 1,
        }
    )
    leash = city.get("dangerous_dog.restraint.leash_max_feet", ON)
    assert wording.phrase(leash, "words_unit") == "one foot"
    assert wording.phrase(city.get("dangerous_dog.order_days", ON), "ordinance") == "one (1) day"


@pytest.mark.parametrize(
    ("key", "style", "text"),
    [
        ("enclosure.section_effective", "date", "January 1, 2004"),
        ("shelter.shade_first_month", "month", "May"),
        ("shelter.shade_last_month", "month", "October"),
        ("barking.minimum_period_seconds", "duration", "five minutes"),
        ("barking.maximum_gap_seconds", "duration", "thirty seconds"),
    ],
)
def test_dates_months_and_periods_in_the_ordinances_words(nowthen, key, style, text):
    assert wording.phrase(nowthen.get(key, ON), style) == text


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(60, "one minute"), (90, "ninety seconds"), (1, "one second"), (600, "ten minutes")],
)
def test_duration(seconds, text):
    assert wording.duration(seconds) == text


def test_fill_words_each_parameter_named_and_lists_the_values_used(nowthen):
    text, used = wording.fill(
        "Enclosure {enclosure.dwelling_setback_feet} from dwellings, {enclosure.side_lot_line_feet"
        ":short} from side lot lines, {enclosure.dwelling_setback_feet:short} again",
        nowthen,
        ON,
    )
    assert text == "Enclosure 40 feet from dwellings, 20 ft from side lot lines, 40 ft again"
    assert [v.key for v in used] == [
        "nowthen.enclosure.dwelling_setback_feet",
        "nowthen.enclosure.side_lot_line_feet",
    ]
    assert wording.placeholders("a {x.y} b {x.z:words}") == [("x.y", "display"), ("x.z", "words")]
    assert wording.unfilled("at most {private_kennel.max_dogs:words}") == (
        "at most [private_kennel.max_dogs]"
    )


def test_fill_refuses_a_parameter_not_in_force(nowthen):
    from dogtag.law.params import ParameterError

    with pytest.raises(ParameterError):
        wording.fill("{enclosure.no_such_thing}", nowthen, ON)
    with pytest.raises(TypeError, match="not a date"):
        wording.phrase(nowthen.get("private_kennel.max_dogs", ON), "date")
