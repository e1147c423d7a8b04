"""3-2-8: where the city code and Minn. Stat. 347.50-347.565 differ, the more restrictive controls."""

import datetime as dt

import pytest

from dogtag.law.incorporation import comparable_topics, controlling_provision
from dogtag.law.params import UnknownParameter

ON = dt.date(2026, 11, 29)


@pytest.mark.parametrize(
    "topic, outcome, controlling, sections",
    [
        # LEGAL-NOTES §3: Nowthen is stricter on insurance and review; the state's 14-day
        # seizure clock is stricter than Nowthen's 30 days to register.
        (
            "dangerous_dog.insurance.per_person",
            "city_controls",
            "nowthen",
            ("3-2-8", "3-2-9.B.3.c"),
        ),
        ("dangerous_dog.review_after_months", "city_controls", "nowthen", ("3-2-8", "3-2-9.A.7")),
        (
            "dangerous_dog.registration_deadline_days",
            "state_controls",
            "minnesota",
            ("3-2-8", "Minn. Stat. 347.54 subd. 1"),
        ),
        ("dangerous_dog.sterilization_days", "same", "nowthen", ("3-2-8", "3-2-9.B.3.g")),
        # the state sets no number of its own for the leash or the handler's age
        (
            "dangerous_dog.restraint.leash_max_feet",
            "city_controls",
            "nowthen",
            ("3-2-8", "3-2-9.E.2"),
        ),
        (
            "dangerous_dog.restraint.handler_min_age_years",
            "city_controls",
            "nowthen",
            ("3-2-8", "3-2-9.E.2"),
        ),
    ],
)
def test_more_restrictive_controls(nowthen, topic, outcome, controlling, sections):
    finding = controlling_provision(topic, ON, nowthen)
    assert finding.outcome == outcome
    assert finding.sections == sections
    controls = finding.details.get("controlling") or finding.parameters[0].key
    assert controls == f"{controlling}.{topic}"


def test_message_shows_both_values_and_why(nowthen):
    finding = controlling_provision("dangerous_dog.insurance.per_person", ON, nowthen)
    assert finding.message == (
        "Minimum liability insurance, prepaid, per person: $500,000.00 (3-2-9.B.3.c) controls over "
        "$300,000.00 (Minn. Stat. 347.51 subd. 2), because the higher value is the more "
        "restrictive (3-2-8)."
    )
    assert [p.key for p in finding.parameters] == [
        "minnesota.dangerous_dog.insurance.per_person",
        "nowthen.dangerous_dog.insurance.per_person",
    ]
    finding = controlling_provision("dangerous_dog.registration_deadline_days", ON, nowthen)
    assert finding.message == (
        "Days after the dog was deemed dangerous within which it must be registered: 14 days "
        "(Minn. Stat. 347.54 subd. 1) controls over 30 days (3-2-9.B.2), because the lower value "
        "is the more restrictive (3-2-8)."
    )


def test_topics_are_the_state_keys_and_the_city_dangerous_dog_numbers(nowthen):
    topics = comparable_topics(nowthen)
    assert "dangerous_dog.insurance.per_person" in topics
    assert "dangerous_dog.restraint.leash_max_feet" in topics
    assert "barking.maximum_gap_seconds" not in topics  # no state counterpart, not chapter 347


def test_unknown_topic(nowthen):
    with pytest.raises(UnknownParameter):
        controlling_provision("dangerous_dog.no_such_thing", ON, nowthen)
