"""3-2-8 applied: every value the city and the state both set is resolved to the more restrictive,
and shows both values, which controls, and the section."""

import datetime as dt
import shutil
from pathlib import Path

import pytest
import yaml

from dogtag.law import params
from dogtag.law.clocks import deadline
from dogtag.law.controlling_provision import DIFFERENT_TRIGGERS, both_set, explanation, resolve

ON = dt.date(2026, 11, 29)
D = dt.date


def test_the_inventory_of_values_both_set():
    # every key the city and Minn. Stat. 347.50-347.565 both set, with a stricter direction
    assert both_set(params.load()) == [
        "dangerous_dog.death_or_transfer_notice_days",
        "dangerous_dog.insurance.per_person",
        "dangerous_dog.registration_deadline_days",
        "dangerous_dog.review_after_months",
        "dangerous_dog.sterilization_days",
    ]
    # and of those, the one whose two periods start from different events
    assert set(DIFFERENT_TRIGGERS) == {"dangerous_dog.registration_deadline_days"}


@pytest.mark.parametrize(
    "name, state, city, outcome, controls, sections",
    [
        # the city is stricter (LEGAL-NOTES §3)
        (
            "dangerous_dog.insurance.per_person",
            "$300,000.00",
            "$500,000.00",
            "city_controls",
            "nowthen",
            ("3-2-8", "3-2-9.B.3.c"),
        ),
        (
            "dangerous_dog.review_after_months",
            "6 months",
            "12 months",
            "city_controls",
            "nowthen",
            ("3-2-8", "3-2-9.A.7"),
        ),
        # the state is stricter: 14 days after notice against 30 after deemed (both clocks run)
        (
            "dangerous_dog.registration_deadline_days",
            "14 days",
            "30 days",
            "state_controls",
            "minnesota",
            ("3-2-8", "Minn. Stat. 347.54 subd. 1"),
        ),
        # equal: the city's value, and the finding says they agree
        (
            "dangerous_dog.sterilization_days",
            "30 days",
            "30 days",
            "same",
            "nowthen",
            ("3-2-8", "3-2-9.B.3.g"),
        ),
        (
            "dangerous_dog.death_or_transfer_notice_days",
            "30 days",
            "30 days",
            "same",
            "nowthen",
            ("3-2-8", "3-2-9.C"),
        ),
    ],
)
def test_each_value_both_set_is_resolved_by_3_2_8(
    nowthen, name, state, city, outcome, controls, sections
):
    controlled = resolve(name, ON, nowthen)
    # both values, state first, each with its own source
    assert [p.key for p in controlled.both] == [f"minnesota.{name}", f"nowthen.{name}"]
    assert [p.display() for p in controlled.both] == [state, city]
    assert controlled.outcome == outcome
    assert controlled.finding.sections == sections
    # the value that controls is the one the parameters give for the plain key
    assert controlled.value.key == f"{controls}.{name}"
    assert nowthen.get(name, ON).key == f"{controls}.{name}"
    # a qualified key still gives that jurisdiction's own value
    assert nowthen.get(f"nowthen.{name}", ON).display() == city
    assert nowthen.get(f"minnesota.{name}", ON).display() == state
    assert explanation(controlled) == f"3-2-8: {controlled.finding.message}"


def test_a_value_only_the_city_sets_is_the_citys(nowthen):
    # the state sets no leash length: not in the inventory, the city's own value
    assert "dangerous_dog.restraint.leash_max_feet" not in both_set(nowthen)
    assert nowthen.get("dangerous_dog.restraint.leash_max_feet", ON).key == (
        "nowthen.dangerous_dog.restraint.leash_max_feet"
    )


@pytest.fixture
def stricter_state(tmp_path: Path) -> params.ParameterSet:
    """The shipped parameters with the state's sterilization period cut to 21 days and its
    insurance raised to $750,000, from 2026-01-01: the state is then the stricter on both."""
    root = tmp_path / "params"
    shutil.copytree(params.DEFAULT_ROOT, root)
    path = root / "minnesota" / "dangerous_dogs.yaml"
    data = yaml.safe_load(path.read_text())
    source = {"instrument": "Minn. Stat. 347.52", "kind": "statute"}
    data["parameters"]["dangerous_dog.sterilization_days"]["values"][D(2026, 1, 1)] = {
        "value": 21,
        "source": source,
    }
    data["parameters"]["dangerous_dog.insurance.per_person"]["values"][D(2026, 1, 1)] = {
        "value": "750000.00",
        "source": {"instrument": "Minn. Stat. 347.51", "section": "subd. 2", "kind": "statute"},
    }
    path.write_text(yaml.safe_dump(data))
    return params.load(root, "nowthen")


def test_where_the_state_becomes_stricter_its_value_controls(stricter_state):
    # Given the state's 21 days to sterilize against the city's 30
    controlled = resolve("dangerous_dog.sterilization_days", ON, stricter_state)
    assert controlled.outcome == "state_controls"
    assert controlled.value.display() == "21 days"
    assert controlled.finding.message == (
        "Days to have the dog sterilized before it is seized and sterilized at the owner's "
        "expense: 21 days (Minn. Stat. 347.52) controls over 30 days (3-2-9.B.3.g), because the "
        "lower value is the more restrictive (3-2-8)."
    )
    # then the sterilization clock counts the state's 21 days and shows both values
    finding = deadline(stricter_state, D(2026, 3, 2), clock_id="dangerous_dog.sterilization")
    assert finding.deadline is not None and finding.deadline.days == 21
    assert finding.deadline.due == D(2026, 3, 23)
    assert finding.parameters[0].key == "minnesota.dangerous_dog.sterilization_days"
    control = finding.details["controlling_provision"]
    assert control["outcome"] == "state_controls"
    assert [p["display"] for p in control["parameters"]] == ["21 days", "30 days"]
    # and the insurance: the state's $750,000 per person controls over the city's $500,000
    assert stricter_state.get("dangerous_dog.insurance.per_person", ON).display() == "$750,000.00"
    # before the state's new values took effect, the city's controlled
    assert stricter_state.get("dangerous_dog.sterilization_days", D(2025, 6, 1)).key == (
        "nowthen.dangerous_dog.sterilization_days"
    )


def test_a_clock_on_a_value_both_set_shows_both_and_which_controls(nowthen):
    finding = deadline(nowthen, D(2026, 3, 2), clock_id="dangerous_dog.death_or_relocation")
    control = finding.details["controlling_provision"]
    assert control["outcome"] == "same"
    assert control["sections"] == ["3-2-8", "3-2-9.C"]
    assert control["message"] == (
        "Days to notify the Authority in writing of the dog's death or relocation: the city "
        "(3-2-9.C) and the state (Minn. Stat. 347.52) agree on 30 days (3-2-8)."
    )
    # a clock only the city sets has no 3-2-8 comparison
    assert (
        "controlling_provision"
        not in deadline(nowthen, D(2026, 3, 2), clock_id="dangerous_dog.hearing_request").details
    )
