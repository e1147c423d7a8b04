"""The date of the Notice (reading LEGAL-NOTES §6.5) and the two registration clocks: the state's
seizure trigger, 14 days after notice (Minn. Stat. 347.54 subd. 1), and the city's 30 days after
the dog is deemed dangerous (3-2-9.B.2), both counted per Minn. Stat. 645.15 (3-2-8)."""

import datetime as dt

from dogtag.law.dangerous_dog_clocks import notice_date, registration_clocks

D = dt.date


def test_the_date_of_the_notice_is_the_date_of_service(nowthen):
    found = notice_date(D(2026, 10, 28), D(2026, 10, 26), nowthen)
    assert found.day == D(2026, 10, 28)
    assert found.reading.key == "nowthen.readings.notice_date"
    assert found.reading.choice == "date_of_service"
    assert found.explanation == (
        "The date of the Notice is Wed 2026-10-28, the date the notice was served on the owner "
        "(personally, at the residence, or by mail) (reading LEGAL-NOTES §6.5, "
        "nowthen.readings.notice_date)."
    )


def test_the_other_reading_counts_from_the_date_on_the_notice(city_reading):
    found = notice_date(
        D(2026, 10, 28), D(2026, 10, 26), city_reading("readings.notice_date", "date_on_notice")
    )
    assert (found.day, found.reading.choice) == (D(2026, 10, 26), "date_on_notice")


def test_both_clocks_on_known_dates_ending_on_a_holiday_and_a_sunday(nowthen):
    # Given the notice on Thu 2025-12-11 and the dog deemed dangerous on Fri 2025-12-26
    clocks = registration_clocks(D(2025, 12, 11), D(2025, 12, 26), nowthen)
    state, city, control = clocks.state, clocks.city, clocks.controlling
    assert state is not None and city is not None and control is not None
    assert state.deadline is not None and city.deadline is not None
    # then the state's 14 days end on Christmas, so Fri 2025-12-26 (Minn. Stat. 645.15)
    assert state.rule == "dangerous_dog.seizure_unregistered"
    assert state.sections == ("Minn. Stat. 347.54 subd. 1", "Minn. Stat. 645.15")
    assert (state.deadline.days, state.deadline.due) == (14, D(2025, 12, 26))
    assert (
        "Thu 2025-12-25 is skipped: legal holiday: Christmas Day (Minn. Stat. 645.44 subd. 5)."
        in (state.deadline.explanation)
    )
    # and the city's 30 days end on Sun 2026-01-25, so Mon 2026-01-26
    assert city.rule == "dangerous_dog.registration"
    assert city.sections == ("3-2-9.B.2", "Minn. Stat. 645.15")
    assert (city.deadline.days, city.deadline.due) == (30, D(2026, 1, 26))
    assert "Sun 2026-01-25 is skipped: Sunday." in city.deadline.explanation
    # and the state's, ending first, controls (3-2-8), both values shown
    assert control.rule == "incorporation.controlling_provision"
    assert control.outcome == "state_controls"
    assert control.sections == ("3-2-8", "Minn. Stat. 347.54 subd. 1", "3-2-9.B.2")
    assert [p.key for p in control.parameters] == [
        "minnesota.dangerous_dog.registration_deadline_days",
        "nowthen.dangerous_dog.registration_deadline_days",
    ]
    assert control.details == {
        "stricter": "lower",
        "controlling": "minnesota.dangerous_dog.registration_deadline_days",
        "state_due": D(2025, 12, 26),
        "city_due": D(2026, 1, 26),
    }
    assert control.message == (
        "Registration, two clocks (3-2-8): the state's 14 days after the Notice of Dangerous Dog "
        "on Thu 2025-12-11 (Minn. Stat. 347.54 subd. 1) end Fri 2025-12-26; the city's 30 days "
        "after the dog was deemed dangerous on Fri 2025-12-26 (3-2-9.B.2) end Mon 2026-01-26; "
        "the state's, which ends first, is the more restrictive and controls. Both run: past the "
        "state's the dog is seized if not registered and insured (Minn. Stat. 347.54 subd. 1); "
        "past the city's it is unregistered in breach of 3-2-9.B.2."
    )


def test_before_the_dog_is_deemed_dangerous_only_the_states_clock_runs(nowthen):
    clocks = registration_clocks(D(2026, 10, 28), None, nowthen)
    assert clocks.city is None and clocks.state is not None and clocks.controlling is not None
    assert clocks.state.deadline is not None
    assert clocks.state.deadline.due == D(2026, 11, 12)  # Wed 11-11, Veterans Day, skipped
    assert clocks.controlling.outcome == "state_controls"
    assert clocks.controlling.message == (
        "Registration, two clocks (3-2-8): the state's 14 days after the Notice of Dangerous Dog "
        "on Wed 2026-10-28 (Minn. Stat. 347.54 subd. 1) end Thu 2026-11-12, and that clock "
        "controls for now; the city's 30 days to register (3-2-9.B.2) start on the day the dog "
        "is deemed dangerous."
    )
    assert [p.display() for p in clocks.controlling.parameters] == ["14 days", "30 days"]


def test_the_city_controls_when_its_clock_ends_first(nowthen):
    # a designation deemed long before the notice was served (a pure function of the dates)
    clocks = registration_clocks(D(2026, 3, 20), D(2026, 3, 1), nowthen)
    assert clocks.controlling is not None
    assert clocks.controlling.outcome == "city_controls"
    assert clocks.controlling.details["controlling"] == (
        "nowthen.dangerous_dog.registration_deadline_days"
    )
    assert "the city's, which ends first, is the more restrictive and controls" in (
        clocks.controlling.message
    )


def test_both_clocks_ending_the_same_day(nowthen):
    # 14 days after Tue 2026-03-17 and 30 days after Sun 2026-03-01 both end Tue 2026-03-31
    clocks = registration_clocks(D(2026, 3, 17), D(2026, 3, 1), nowthen)
    assert clocks.controlling is not None
    assert clocks.controlling.outcome == "same"
    assert clocks.controlling.details["state_due"] == clocks.controlling.details["city_due"]
    assert "both end the same day, so neither is the more restrictive" in (
        clocks.controlling.message
    )


def test_no_clock_without_a_notice_or_a_deemed_day(nowthen):
    clocks = registration_clocks(None, None, nowthen)
    assert (clocks.state, clocks.city, clocks.controlling) == (None, None, None)
    only_city = registration_clocks(None, D(2026, 3, 2), nowthen)
    assert only_city.state is None and only_city.controlling is not None
    assert only_city.controlling.outcome == "city_controls"
