"""3-2-7.B-E nuisance acts and 3-2-4 animals in motor vehicles, table-driven by subsection."""

import pytest

from dogtag.law.nuisance import (
    AtLargeFacts,
    aggression,
    at_large,
    at_large_findings,
    chasing,
    damage,
    excrement,
    park_leash,
)
from dogtag.law.vehicles import VehicleIncident, animal_in_vehicle

# ----------------------------------------------------------------------------- 3-2-7.D


@pytest.mark.parametrize(
    "facts, outcome, section",
    [
        # D.1: off premises, neither leashed nor under command
        (dict(off_owner_premises=True), "at_large", "3-2-7.D.1"),
        (
            dict(off_owner_premises=True, on_leash_held_by_responsible_person=True),
            "not_at_large",
            "3-2-7.D.1.a",
        ),
        (
            dict(off_owner_premises=True, under_direct_control_by_command=True),
            "not_at_large",
            "3-2-7.D.1.b",
        ),
        # D.2 exceptions
        (
            dict(off_owner_premises=True, lawfully_hunting_under_control=True),
            "not_at_large",
            "3-2-7.D.2.a",
        ),
        (
            dict(off_owner_premises=True, obedience_training_under_control=True),
            "not_at_large",
            "3-2-7.D.2.b",
        ),
        # D.3 parks and athletic fields: the leash duty is its own rule (test_park_leash below);
        # whether the dog is at large is still D.1 and D.2
        (
            dict(
                off_owner_premises=True,
                on_or_next_to_athletic_field_or_park=True,
                under_direct_control_by_command=True,
            ),
            "not_at_large",
            "3-2-7.D.1.b",
        ),
        (
            dict(
                off_owner_premises=True,
                on_or_next_to_athletic_field_or_park=True,
                obedience_training_under_control=True,
            ),
            "not_at_large",
            "3-2-7.D.2.b",
        ),
        (
            dict(
                off_owner_premises=True,
                on_or_next_to_athletic_field_or_park=True,
                lawfully_hunting_under_control=True,
            ),
            "not_at_large",
            "3-2-7.D.2.a",
        ),
        (
            dict(off_owner_premises=True, on_or_next_to_athletic_field_or_park=True),
            "at_large",
            "3-2-7.D.1",
        ),
        (
            dict(
                off_owner_premises=True,
                on_or_next_to_athletic_field_or_park=True,
                on_leash_held_by_responsible_person=True,
            ),
            "not_at_large",
            "3-2-7.D.1.a",
        ),
        # D.3 loose on the owner's property
        (dict(off_owner_premises=False), "not_at_large", "3-2-7.D.1"),
        (
            dict(
                off_owner_premises=False,
                ran_onto_other_property_from_owner_premises=True,
                did_not_respond_to_a_person=True,
            ),
            "at_large",
            "3-2-7.D.3",
        ),
        (
            dict(off_owner_premises=False, ran_onto_other_property_from_owner_premises=True),
            "not_at_large",
            "3-2-7.D.3",
        ),
    ],
)
def test_at_large(facts, outcome, section):
    finding = at_large(AtLargeFacts(**facts))
    assert (finding.outcome, finding.sections, finding.blocks) == (
        outcome,
        (section,),
        outcome == "at_large",
    )


@pytest.mark.parametrize(
    "facts, rule_id",
    [
        (dict(off_owner_premises=True), "nuisance.at_large"),
        (
            dict(off_owner_premises=True, on_leash_held_by_responsible_person=True),
            "nuisance.at_large",
        ),
        (
            dict(off_owner_premises=True, lawfully_hunting_under_control=True),
            "nuisance.at_large_exception",
        ),
        (
            dict(off_owner_premises=True, obedience_training_under_control=True),
            "nuisance.at_large_exception",
        ),
        # D.2 reaches only a dog off its owner's premises: on them, D.1 already says not at large
        (
            dict(off_owner_premises=False, obedience_training_under_control=True),
            "nuisance.at_large",
        ),
    ],
)
def test_the_d2_exception_is_its_own_finding(facts, rule_id):
    assert at_large(AtLargeFacts(**facts)).rule == rule_id


@pytest.mark.parametrize(
    "facts, outcome",
    [
        # D.3: "Dogs that are on or directly adjacent to all athletic fields or parks must be
        # leashed": voice control, obedience training or hunting is not a leash
        (dict(), "violation"),
        (dict(under_direct_control_by_command=True), "violation"),
        (dict(obedience_training_under_control=True), "violation"),
        (dict(lawfully_hunting_under_control=True), "violation"),
        (dict(on_leash_held_by_responsible_person=True), "met"),
    ],
)
def test_park_leash(facts, outcome):
    finding = park_leash(
        AtLargeFacts(off_owner_premises=True, on_or_next_to_athletic_field_or_park=True, **facts)
    )
    assert finding is not None
    assert (finding.rule, finding.outcome, finding.sections, finding.blocks) == (
        "nuisance.park_leash",
        outcome,
        ("3-2-7.D.3",),
        outcome == "violation",
    )


def test_park_leash_is_not_engaged_away_from_parks():
    assert park_leash(AtLargeFacts(off_owner_premises=True)) is None
    assert (
        park_leash(
            AtLargeFacts(off_owner_premises=False, on_or_next_to_athletic_field_or_park=True)
        )
        is None
    )


def test_obedience_training_in_a_park_unleashed_is_a_leash_violation_not_at_large():
    # given a dog in obedience training under its owner's control, unleashed, in a park
    facts = AtLargeFacts(
        off_owner_premises=True,
        on_or_next_to_athletic_field_or_park=True,
        obedience_training_under_control=True,
    )
    # then it is not at large (D.2.b), the leash breach is its own violation (D.3), and no
    # excrement was left
    assert [(f.rule, f.outcome, f.sections, f.blocks) for f in at_large_findings(facts)] == [
        ("nuisance.at_large_exception", "not_at_large", ("3-2-7.D.2.b",), False),
        ("nuisance.park_leash", "violation", ("3-2-7.D.3",), True),
        ("nuisance.excrement", "no_violation", ("3-2-7.D.3",), False),
    ]


def test_at_large_message_says_what_was_missing():
    finding = at_large(AtLargeFacts(off_owner_premises=True))
    assert finding.message == (
        "At large: off the owner's premises, neither on a leash held by a responsible person nor "
        "under direct control by command, and neither hunting nor in obedience training under "
        "control (3-2-7.D.1, D.2)."
    )


@pytest.mark.parametrize("left, outcome", [(True, "violation"), (False, "no_violation")])
def test_excrement(left, outcome):
    assert excrement(left).outcome == outcome
    assert excrement(left).sections == ("3-2-7.D.3",)


# ----------------------------------------------------------------------------- 3-2-7.B


@pytest.mark.parametrize(
    "own, defence, outcome",
    [
        (False, "none", "nuisance"),
        (False, "owner", "defense"),
        (False, "family", "defense"),
        (False, "property", "defense"),
        (True, "none", "not_a_nuisance"),
    ],
)
def test_damage(own, defence, outcome):
    finding = damage(damaged_owner_own=own, in_defense_of=defence)
    assert (finding.outcome, finding.sections, finding.blocks) == (
        outcome,
        ("3-2-7.B",),
        outcome == "nuisance",
    )


def test_damage_in_defense_names_whom():
    assert damage(damaged_owner_own=False, in_defense_of="family").message == (
        "Not a nuisance: the damage was committed in the defense of the owner's family (3-2-7.B)."
    )


def test_damage_refuses_an_unknown_defence():
    with pytest.raises(ValueError, match="'neighbour' is not one of none, owner, family, property"):
        damage(damaged_owner_own=False, in_defense_of="neighbour")


# ----------------------------------------------------------------------------- 3-2-7.C, E


@pytest.mark.parametrize(
    "acts, outcome, sections, referral",
    [
        ([], "not_found", ("3-2-7.C",), None),
        (["snarled_at_persons"], "nuisance", ("3-2-7.C",), False),
        (["bit_person"], "nuisance", ("3-2-7.C", "3-2-9.A"), True),
        (["bit_animal", "snarled_at_persons"], "nuisance", ("3-2-7.C", "3-2-9.A"), True),
        (["damaged_public_or_private_property"], "nuisance", ("3-2-7.C",), False),
    ],
)
def test_aggression_is_recorded_and_bites_referred(acts, outcome, sections, referral):
    finding = aggression(acts)
    assert (finding.outcome, finding.sections) == (outcome, sections)
    assert finding.details.get("dangerous_dog_referral") == referral


def test_aggression_message_lists_acts_in_the_ordinance_order():
    assert aggression(["bit_animal", "snarled_at_persons"]).message == (
        "Public nuisance: the dog snarled at persons; bit another animal (3-2-7.C). Refer to the "
        "Animal Control Authority for review under 3-2-9.A (dangerous dog): a bite or vicious "
        "tendencies may meet the criteria of Minn. Stat. 347.50."
    )


@pytest.mark.parametrize(
    "acts, public, outcome",
    [
        (["chased_vehicle"], True, "nuisance"),
        (["chased_vehicle"], False, "not_found"),
        (["interfered_with_riders", "interfered_with_walkers"], True, "nuisance"),
        ([], True, "not_found"),
    ],
)
def test_chasing(acts, public, outcome):
    finding = chasing(acts, public)
    assert (finding.outcome, finding.sections) == (outcome, ("3-2-7.E",))


@pytest.mark.parametrize("rule", [aggression, lambda acts: chasing(acts, True)])
def test_unknown_acts_are_refused(rule):
    with pytest.raises(ValueError, match="unknown act"):
        rule(["howled"])


# ----------------------------------------------------------------------------- 3-2-4

HOT_CAR = dict(
    animal="dog",
    left_unattended=True,
    vehicle_standing_or_parked=True,
    health_or_safety_endangered=True,
    conditions="88 °F outside, windows closed, dog panting",
)


@pytest.mark.parametrize(
    "changes, outcomes",
    [
        ({}, ["misdemeanor"]),
        ({"health_or_safety_endangered": False}, ["no_violation"]),
        ({"left_unattended": False}, ["no_violation"]),
        # removal: tried the owner, could not reach them, took the dog to a shelter
        (
            {"forced_entry": True, "owner_contact_attempts": 2, "taken_to_shelter": True},
            ["misdemeanor", "removal_lawful"],
        ),
        # removal without trying the owner
        ({"forced_entry": True}, ["misdemeanor", "removal_questioned"]),
        # the owner was reached, yet the dog went to a shelter
        (
            {
                "forced_entry": True,
                "owner_contact_attempts": 1,
                "owner_reached": True,
                "taken_to_shelter": True,
            },
            ["misdemeanor", "removal_questioned"],
        ),
        # forced entry where there was no violation
        (
            {
                "health_or_safety_endangered": False,
                "forced_entry": True,
                "owner_contact_attempts": 1,
            },
            ["no_violation", "removal_questioned"],
        ),
    ],
)
def test_animal_in_vehicle(changes, outcomes):
    findings = animal_in_vehicle(VehicleIncident(**{**HOT_CAR, **changes}))
    assert [f.outcome for f in findings] == outcomes
    assert all(f.sections == ("3-2-4",) for f in findings)


def test_vehicle_messages():
    findings = animal_in_vehicle(
        VehicleIncident(
            **HOT_CAR, forced_entry=True, owner_contact_attempts=2, taken_to_shelter=True
        )
    )
    assert [f.message for f in findings] == [
        "Violation, a misdemeanor: the dog was left unattended in a standing or parked motor "
        "vehicle in a manner that endangered its health or safety (3-2-4). Conditions: 88 °F "
        "outside, windows closed, dog panting.",
        "Removal as 3-2-4 allows: entry by the Animal Control Authority, 2 attempt(s) to contact "
        "the owner, the dog taken to an animal shelter after the owner could not be contacted.",
    ]


def test_vehicle_rule_covers_dogs_and_cats_only():
    with pytest.raises(ValueError, match="3-2-4 covers dogs and cats, not 'ferret'"):
        animal_in_vehicle(VehicleIncident(**{**HOT_CAR, "animal": "ferret"}))


def test_the_at_large_question_reports_the_park_leash_breach(nowthen):
    # given `dogtag evaluate at-large` for a dog in obedience training, unleashed, in a park
    from dogtag.law.questions import evaluate

    answer = evaluate(
        "at-large",
        {
            "off_owner_premises": True,
            "obedience_training_under_control": True,
            "on_or_next_to_athletic_field_or_park": True,
        },
        nowthen,
    )
    # then it answers not at large under D.2.b and a leash violation under D.3
    assert [(f["rule"], f["outcome"], f["blocks"]) for f in answer["findings"]] == [
        ("nuisance.at_large_exception", "not_at_large", False),
        ("nuisance.park_leash", "violation", True),
        ("nuisance.excrement", "no_violation", False),
    ]
