"""3-2-2.B: the readings the due list applies, in the rules core (``law.licensing_clocks``):
what starts the renewal clock (``readings.renewal_window``) and the late-first-license penalty
(``readings.non_license_penalty``)."""

import datetime as dt

import pytest

from dogtag.law.licensing_clocks import (
    first_license_penalty,
    late_first_license_line,
    renewal_clock,
    renewal_start,
)

D = dt.date
ON = D(2026, 12, 1)
EXPIRED = D(2026, 11, 1)  # a Sunday
VACCINATED = D(2026, 11, 20)  # a Friday: 30 days later is Sun 2026-12-20, due Mon 12-21


@pytest.mark.parametrize(
    "reading, new_vaccination, start",
    [
        ("after_new_vaccination", VACCINATED, (VACCINATED, "the new rabies vaccination")),
        ("after_new_vaccination", None, None),
        ("after_previous_expiry", VACCINATED, (EXPIRED, "the previous license expired")),
        ("after_previous_expiry", None, (EXPIRED, "the previous license expired")),
    ],
)
def test_what_starts_the_renewal_clock_is_the_reading(
    city_reading, reading, new_vaccination, start
):
    city = city_reading("readings.renewal_window", reading)
    assert renewal_start(city, ON, EXPIRED, new_vaccination) == start


@pytest.mark.parametrize(
    "on, note",
    [
        (D(2026, 12, 21), "Renew without penalty by Mon 2026-12-21"),
        (D(2026, 12, 22), "Renewal period ended Mon 2026-12-21: penalty $6.00"),
    ],
)
def test_the_renewal_clock_counts_from_the_new_vaccination(nowthen, on, note):
    clock = renewal_clock(nowthen, on, EXPIRED, VACCINATED)
    assert clock.note == note
    assert clock.lines[0] == (
        "Due Mon 2026-12-21: renew the dog license or pay the penalty within 30 days after the new "
        "rabies vaccination on Fri 2026-11-20 (3-2-2.B). Sun 2026-12-20 is skipped: Sunday."
    )
    assert clock.lines[-2:] == (
        "Renewed after that day, the penalty of $6.00 is assessed (3-2-2.B).",
        "Reading adopted — From when the 30 days to renew without penalty run (3-2-2.B): "
        "after_new_vaccination — Thirty days after the date of the new rabies vaccination. A dog "
        "whose license lapsed is unlicensed meanwhile (3-2-2.A).",
    )


def test_no_newer_vaccination_no_renewal_date(nowthen):
    clock = renewal_clock(nowthen, ON, EXPIRED, None)
    assert clock.note == ""
    assert clock.lines[0] == (
        "To renew without the penalty of $6.00: within 30 days after the new rabies vaccination "
        "(3-2-2.B). No newer vaccination is recorded yet."
    )


def test_the_expiry_reading_counts_from_the_expiry(city_reading):
    city = city_reading("readings.renewal_window", "after_previous_expiry")
    # Sun 2026-11-01 + 30 days = Tue 2026-12-01
    clock = renewal_clock(city, ON, EXPIRED, VACCINATED)
    assert clock.note == "Renew without penalty by Tue 2026-12-01"
    assert "Trigger: the previous license expired on Sun 2026-11-01." in clock.lines


@pytest.mark.parametrize(
    "reading, line",
    [
        (
            "never",
            "A first license pays no penalty (reading adopted: never).",
        ),
        (
            "after_requirement",
            "Licensed after the due date, the non-license penalty of $6.00 is assessed (reading "
            "adopted: after_requirement).",
        ),
        (
            "after_grace_period",
            "Licensed after the due date, the non-license penalty of $6.00 is assessed (reading "
            "adopted: after_grace_period).",
        ),
    ],
)
def test_the_late_first_license_line_is_the_reading(city_reading, reading, line):
    city = city_reading("readings.non_license_penalty", reading)
    assert late_first_license_line(city, ON) == line


def test_a_dog_reaching_six_months_pays_after_the_grace_period(city_reading):
    city = city_reading("readings.non_license_penalty", "after_grace_period")
    # six months on Thu 2026-09-10; 30 days later Sat 2026-10-10 -> Mon 2026-10-12
    penalty = first_license_penalty(city, ON, D(2026, 9, 10))
    assert penalty.note == "Penalty $6.00 if licensed after Mon 2026-10-12"
    assert penalty.lines[0] == "Trigger: the dog reached six months of age on Thu 2026-09-10."
    assert penalty.lines[-1] == (
        "Licensed after Mon 2026-10-12, the non-license penalty of $6.00 is assessed (reading "
        "adopted: after_grace_period)."
    )


@pytest.mark.parametrize("reading", ["never", "after_requirement"])
def test_other_readings_give_one_line_and_no_date(city_reading, reading):
    city = city_reading("readings.non_license_penalty", reading)
    penalty = first_license_penalty(city, ON, D(2026, 9, 10))
    assert penalty.note == ""
    assert penalty.lines == (late_first_license_line(city, ON),)
