"""Every path of a complaint (3-2-4, 3-2-7) as a pure function of its dated events (issue 26
part 2): findings that decide each subsection both ways, whom the duty falls on, several dogs,
an owner not known, a withdrawal, a reopening on new evidence, a referral. Tables of events."""

from __future__ import annotations

import datetime as dt

import pytest

from dogtag.law import complaint_procedure as cp
from dogtag.law import nuisance
from dogtag.law.procedure import Event
from dogtag.law.questions import FactsError, evaluate

D = dt.date
RECEIVED = D(2026, 11, 20)
SEEN = D(2026, 11, 21)
CLOSED = D(2026, 11, 24)


def received(kind: str = "at_large", dogs: tuple[str, ...] = ("Rex",)) -> Event:
    return Event("received", RECEIVED, {"kind": kind, "number": "C2026-0001", "dogs": list(dogs)})


def found(rule: str, outcome: str, on: dt.date = SEEN, **facts: object) -> Event:
    return Event("finding", on, {"rule": rule, "outcome": outcome, **facts})  # type: ignore[dict-item]


OWNER = {"duty": "owner_of_record", "person": "Jane Doe"}

#: kind -> (the rule, an outcome finding a violation, one finding none, the subsection)
BOTH_WAYS = [
    ("barking", "nuisance.barking", "nuisance", "not_a_nuisance", "3-2-7.A"),
    ("damage", "nuisance.damage", "nuisance", "no_damage", "3-2-7.B"),
    ("aggression", "nuisance.aggression", "nuisance", "not_found", "3-2-7.C"),
    ("at_large", "nuisance.at_large", "at_large", "not_at_large", "3-2-7.D"),
    ("chasing", "nuisance.chasing", "nuisance", "not_found", "3-2-7.E"),
    ("vehicle", "vehicle.animal_left", "misdemeanor", "no_violation", "3-2-4"),
]


# ----------------------------------------------------------------------------- both ways


@pytest.mark.parametrize("kind, rule, violation, none, section", BOTH_WAYS)
def test_each_subsection_is_decided_both_ways(kind, rule, violation, none, section):
    # given a complaint of the kind, about Rex
    duty = {"duty": "person_who_left", "person": "Sam Driver"} if kind == "vehicle" else OWNER
    # when a finding of no violation is recorded
    no = found(rule, none)
    [check] = [f for f in cp.record([received(kind)], no) if f.rule == "complaint.finding"]
    # then it is recordable and read aloud as the subsection decided the other way
    assert (check.outcome, check.blocks) == ("no_violation_found", False)
    assert check.message == (
        f"No violation found under {section} (Rex): the subsection is decided the other way."
    )
    [decided] = cp.decisions([received(kind), no], SEEN)
    assert (decided.outcome, decided.sections) == ("no_violation_found", (section,))
    assert decided.message == f"{section} (Rex): no violation found on 2026-11-21."
    # and "unfounded" rests on it
    assert not cp.outcome_grounds([received(kind), no], "unfounded").blocks
    # when, instead, a violation naming whom the duty falls on is found
    yes = found(rule, violation, **duty)
    [check] = [f for f in cp.record([received(kind)], yes) if f.rule == "complaint.finding"]
    assert (check.outcome, check.blocks) == ("violation_found", False)
    assert check.message.startswith(f"Violation found under {section} (Rex): the duty falls on ")
    # then a warning rests on it, unfounded does not
    assert not cp.outcome_grounds([received(kind), yes], "warning").blocks
    assert cp.outcome_grounds([received(kind), yes], "unfounded").outcome == "violation_found"


@pytest.mark.parametrize("kind, rule, violation, none, section", BOTH_WAYS)
def test_unfounded_needs_a_finding_of_no_violation_not_silence(
    kind, rule, violation, none, section
):
    # given a complaint with no finding on its subsection
    # when it would close as unfounded
    grounds = cp.outcome_grounds([received(kind)], "unfounded")
    # then it is refused, saying what is missing
    assert (grounds.outcome, grounds.blocks) == ("not_decided", True)
    assert grounds.message == (
        f"Unfounded needs a finding that no violation happened under {section} for Rex; record "
        "the officer's findings (either way) first."
    )


def test_no_damage_is_an_answer_under_b():
    # 3-2-7.B: the officer finds the dog damaged nothing
    finding = nuisance.damage(damaged_owner_own=False, in_defense_of="none", damage_done=False)
    assert (finding.outcome, finding.blocks, finding.sections) == ("no_damage", False, ("3-2-7.B",))
    assert finding.message == (
        "Not a nuisance under 3-2-7.B: the dog did no damage to the person or property of anyone."
    )


def test_the_latest_finding_on_a_subsection_stands():
    # given no violation found, then (new evidence) a violation of the same subsection
    events = [
        received(),
        found("nuisance.at_large", "not_at_large"),
        found("nuisance.at_large", "at_large", D(2026, 11, 22), **OWNER),
    ]
    # then on the first day the subsection is decided one way, on the second the other
    assert [f.outcome for f in cp.decisions(events, SEEN)] == ["no_violation_found"]
    assert [f.outcome for f in cp.decisions(events, D(2026, 11, 22))] == ["violation_found"]


# ----------------------------------------------------------------------------- the duty


@pytest.mark.parametrize(
    "kind, duty, outcome, message",
    [
        (
            "at_large",
            OWNER,
            "violation_found",
            "Violation found under 3-2-7.D (Rex): the duty falls on Jane Doe, the owner of record "
            'of the dog on the day of the incident (3-2-7: "The owner of any animal shall prevent '
            'it from committing any act which constitutes a public nuisance").',
        ),
        (
            "at_large",
            {"duty": "keeper", "person": "Sam Sitter"},
            "violation_found",
            "Violation found under 3-2-7.D (Rex): the duty falls on Sam Sitter, a person who "
            "kept, harboured or had custody of the dog (an owner, Minn. Stat. 347.50); reading "
            'readings.nuisance_duty_owner (3-2-7: "The owner of any animal shall prevent it from '
            'committing any act which constitutes a public nuisance").',
        ),
        (
            "at_large",
            {"duty": "unknown"},
            "violation_found",
            "Violation found under 3-2-7.D (Rex): whom the duty falls on is not known: no "
            "warning, compliance notice or citation can be addressed until the owner is "
            "identified.",
        ),
        (
            "at_large",
            {"duty": "person_who_left", "person": "Sam Driver"},
            "wrong_duty",
            "Under 3-2-7 the duty does not fall on the person who left the animal in the vehicle: "
            '3-2-7: "The owner of any animal shall prevent it from committing any act which '
            'constitutes a public nuisance".',
        ),
        (
            "vehicle",
            OWNER,
            "wrong_duty",
            "Under 3-2-4 the duty does not fall on the owner of record of the dog on the day of "
            'the incident: 3-2-4: "A person may not leave a dog or cat unattended in a ... motor '
            'vehicle".',
        ),
        (
            "at_large",
            {"duty": "keeper"},
            "no_person",
            "Name a person who kept, harboured or had custody of the dog (an owner, Minn. Stat. "
            "347.50): the duty falls on them.",
        ),
    ],
)
def test_a_violation_names_whom_the_duty_falls_on(kind, duty, outcome, message):
    rule, violation = (
        ("vehicle.animal_left", "misdemeanor")
        if kind == "vehicle"
        else (
            "nuisance.at_large",
            "at_large",
        )
    )
    check = next(
        f
        for f in cp.record([received(kind)], found(rule, violation, **duty))
        if f.blocks or f.rule == "complaint.finding"
    )
    assert (check.outcome, check.message, check.blocks) == (
        outcome,
        message,
        outcome not in ("violation_found",),
    )


def test_a_violation_naming_no_one_is_recorded_but_grounds_no_warning():
    # given a violation found in the background (a recording): it names no one
    events = [received("barking"), found("nuisance.barking", "nuisance")]
    [check] = [f for f in cp.record(events[:1], events[1]) if f.rule == "complaint.finding"]
    assert (check.outcome, check.blocks) == ("duty_not_named", False)
    # then a warning waits on the person; "no owner identified" waits too (it may yet be named)
    warning = cp.outcome_grounds(events, "warning")
    assert (warning.outcome, warning.blocks) == ("no_person", True)


def test_an_owner_not_known_closes_as_no_owner_identified():
    # given a violation whose owner is not known
    events = [received(dogs=()), found("nuisance.at_large", "at_large", duty="unknown")]
    # then no warning or citation can be addressed, but the complaint may close as such
    assert cp.outcome_grounds(events, "citation").outcome == "no_person"
    assert not cp.outcome_grounds(events, "no_owner_identified").blocks
    # and once a person is named, "no owner identified" is refused
    named = [*events, found("nuisance.at_large", "at_large", D(2026, 11, 22), **OWNER)]
    refused = cp.outcome_grounds(named, "no_owner_identified")
    assert (refused.outcome, refused.blocks) == ("owner_identified", True)
    assert refused.message == (
        "The duty falls on Jane Doe: close with a warning, compliance notice or citation "
        "addressed to them."
    )


# ----------------------------------------------------------------------------- several dogs


def test_several_dogs_each_finding_names_its_dog():
    both = received(dogs=("Rex", "Bella"))
    # a violation about no dog in particular is refused: whose owner?
    [refused, *_] = cp.record([both], found("nuisance.at_large", "at_large", **OWNER))
    assert (refused.outcome, refused.blocks) == ("which_dog", True)
    # a dog the complaint does not name is refused
    [refused, *_] = cp.record([both], found("nuisance.at_large", "at_large", dog="Max", **OWNER))
    assert (refused.outcome, refused.message) == (
        "not_this_dog",
        "Complaint C2026-0001 names Rex, Bella, not Max.",
    )
    # Rex at large, Bella not: not unfounded, and each dog's subsection is read aloud
    events = [
        both,
        found("nuisance.at_large", "at_large", dog="Rex", **OWNER),
        found("nuisance.at_large", "not_at_large", dog="Bella"),
    ]
    assert [f.message for f in cp.decisions(events, SEEN)] == [
        "3-2-7.D (Rex): violation found on 2026-11-21; the duty falls on Jane Doe, the owner of "
        'record of the dog on the day of the incident (3-2-7: "The owner of any animal shall '
        'prevent it from committing any act which constitutes a public nuisance").',
        "3-2-7.D (Bella): no violation found on 2026-11-21.",
    ]
    assert cp.outcome_grounds(events, "unfounded").outcome == "violation_found"
    # unfounded needs each dog decided: Bella alone is not enough
    only_bella = [both, found("nuisance.at_large", "not_at_large", dog="Bella")]
    assert cp.outcome_grounds(only_bella, "unfounded").message == (
        "Unfounded needs a finding that no violation happened under 3-2-7.D for Rex; record the "
        "officer's findings (either way) first."
    )


# ----------------------------------------------------------------------------- referral


@pytest.mark.parametrize(
    "events, dog, outcome",
    [
        (
            [
                received("aggression"),
                found("nuisance.aggression", "nuisance", dangerous_dog_referral=True, **OWNER),
            ],
            "",
            "grounded",
        ),
        (
            [received("aggression"), found("nuisance.aggression", "nuisance", **OWNER)],
            "",
            "no_referral_ground",
        ),
        ([received("damage"), found("nuisance.damage", "nuisance", **OWNER)], "", "grounded"),
        ([received("damage"), found("nuisance.damage", "no_damage")], "", "no_violation_found"),
        (
            [
                received("aggression", ("Rex", "Bella")),
                found(
                    "nuisance.aggression",
                    "nuisance",
                    dog="Rex",
                    dangerous_dog_referral=True,
                    **OWNER,
                ),
            ],
            "",
            "which_dog",
        ),
        (
            [
                received("aggression", ("Rex", "Bella")),
                found(
                    "nuisance.aggression",
                    "nuisance",
                    dog="Rex",
                    dangerous_dog_referral=True,
                    **OWNER,
                ),
            ],
            "Bella",
            "no_referral_ground",
        ),
        (
            [
                received("aggression", ("Rex", "Bella")),
                found(
                    "nuisance.aggression",
                    "nuisance",
                    dog="Rex",
                    dangerous_dog_referral=True,
                    **OWNER,
                ),
            ],
            "Rex",
            "grounded",
        ),
    ],
)
def test_a_referral_rests_on_a_bite_vicious_tendencies_or_damage_of_the_dog_referred(
    events, dog, outcome
):
    found_ = cp.outcome_grounds(events, "dangerous_dog_referral", dog=dog)
    assert (found_.outcome, found_.blocks) == (outcome, outcome != "grounded")


# ----------------------------------------------------------------------------- withdrawal


def test_a_withdrawal_is_recorded_and_closes_only_while_no_violation_is_found():
    withdrawn = Event("withdrawn", D(2026, 11, 22), {"note": "By phone."})
    # before the withdrawal, "withdrawn" is no outcome
    assert cp.outcome_grounds([received()], "withdrawn").outcome == "not_withdrawn"
    # with it and no violation found, the complaint may close as withdrawn
    assert not cp.outcome_grounds([received(), withdrawn], "withdrawn").blocks
    # with a violation found, the withdrawal does not undo it
    events = [received(), found("nuisance.at_large", "at_large", **OWNER), withdrawn]
    refused = cp.outcome_grounds(events, "withdrawn")
    assert (refused.outcome, refused.blocks) == ("violation_found", True)
    assert refused.message == (
        "The complainant withdrew on 2026-11-22, but a violation was found under 3-2-7.D (Rex) "
        "on 2026-11-21: a withdrawal does not undo it (the duty is owed to the public, "
        "readings.complaint_withdrawal); close with the outcome the violation calls for."
    )
    # and a second withdrawal is refused
    [again] = cp.record([received(), withdrawn], Event("withdrawn", D(2026, 11, 23)))
    assert (again.outcome, again.blocks) == ("already_withdrawn", True)


# ----------------------------------------------------------------------------- reopening


def test_a_closed_complaint_is_reopened_on_new_evidence_as_an_event_of_its_own():
    closed = [
        received(),
        found("nuisance.at_large", "not_at_large"),
        Event("closed", CLOSED, {"outcome": "unfounded"}),
    ]
    # a closed complaint takes nothing but a reopening
    assert cp.complaint(closed, CLOSED).next_steps == ("reopen",)
    # a reopening without new evidence is refused
    [refused, *_] = cp.record(closed, Event("reopened", D(2026, 11, 25), {"new_evidence": " "}))
    assert (refused.rule, refused.outcome, refused.blocks) == (
        "complaint.reopening",
        "no_new_evidence",
        True,
    )
    # a reopening dated before the closing is refused
    [early, *_] = cp.record(closed, Event("reopened", D(2026, 11, 23), {"new_evidence": "A video"}))
    assert (early.outcome, early.blocks) == ("out_of_order", True)
    # reopened on a neighbour's video, the earlier outcome stays in the log
    reopened = [*closed, Event("reopened", D(2026, 11, 25), {"new_evidence": "A video"})]
    assert not cp.record(closed, reopened[-1])[0].blocks
    state = cp.complaint(reopened, D(2026, 11, 25))
    assert state.state == "investigating"
    assert state.completed == ("received", "finding", "closed", "reopened")
    # where it stood on the day it closed is still answered
    assert cp.complaint(reopened, CLOSED).state == "closed"
    # the new finding supersedes the old: now a warning rests on it, unfounded does not
    later = [*reopened, found("nuisance.at_large", "at_large", D(2026, 11, 26), **OWNER)]
    assert not cp.outcome_grounds(later, "warning", D(2026, 11, 26)).blocks
    assert cp.outcome_grounds(later, "unfounded", D(2026, 11, 26)).blocks
    # reopening an open complaint is refused
    [open_, *_] = cp.record([received()], Event("reopened", SEEN, {"new_evidence": "x"}))
    assert (open_.outcome, open_.message) == (
        "not_closed",
        "Complaint C2026-0001 is open: there is nothing to reopen.",
    )


def test_a_step_before_the_receipt_is_refused():
    [refused] = cp.step_findings([received()], "follow_up", D(2026, 11, 19))
    assert (refused.outcome, refused.message) == (
        "before_receipt",
        "Complaint C2026-0001 was received on 2026-11-20: cannot add a follow-up on 2026-11-19, "
        "before it.",
    )
    with pytest.raises(ValueError, match="received on 2026-11-20, after 2026-11-19"):
        cp.complaint([received()], D(2026, 11, 19))


# ----------------------------------------------------------------------------- the question


def test_the_question_expresses_every_path(nowthen):
    # given a complaint about two dogs: Rex at large (owner of record), Bella not; closed as a
    # warning, reopened on new evidence, Bella found at large (owner not known), withdrawn
    answer = evaluate(
        "complaint",
        {
            "on": "2026-11-29",
            "kind": "at_large",
            "received_on": "2026-11-20",
            "dogs": ["Rex", "Bella"],
            "violations_found": ["nuisance.at_large@Rex"],
            "no_violation_found": ["nuisance.at_large@Bella"],
            "duty_falls_on": "owner_of_record",
            "duty_person": "Jane Doe",
            "closed_on": "2026-11-24",
            "outcome": "warning",
            "log": [
                {
                    "kind": "reopened",
                    "on": "2026-11-25",
                    "facts": {"new_evidence": "a neighbour's video"},
                },
                {
                    "kind": "finding",
                    "on": "2026-11-26",
                    "facts": {
                        "rule": "nuisance.at_large",
                        "outcome": "at_large",
                        "dog": "Bella",
                        "duty": "unknown",
                    },
                },
                {"kind": "withdrawn", "on": "2026-11-27", "facts": {"note": "by phone"}},
            ],
        },
        nowthen,
    )
    findings = answer["findings"]
    assert findings[0]["details"]["state"] == "investigating"
    decided = [f["message"] for f in findings if f["rule"] == "complaint.subsection"]
    assert decided == [
        "3-2-7.D (Rex): violation found on 2026-11-20; the duty falls on Jane Doe, the owner of "
        'record of the dog on the day of the incident (3-2-7: "The owner of any animal shall '
        'prevent it from committing any act which constitutes a public nuisance").',
        "3-2-7.D (Bella): violation found on 2026-11-26; whom the duty falls on is not known: no "
        "warning, compliance notice or citation can be addressed until the owner is identified.",
    ]
    blocked = {
        f["facts"]["outcome"]: f["outcome"]
        for f in findings
        if f["rule"] == "complaint.outcome_grounds"
    }
    assert blocked == {
        "unfounded": "violation_found",
        "withdrawn": "violation_found",
        "no_owner_identified": "owner_identified",
        "dangerous_dog_referral": "which_dog",
    }


@pytest.mark.parametrize(
    "facts, problem",
    [
        (
            {"violations_found": ["nuisance.at_large@Max"]},
            "violations_found[0]: 'Max' is not one of the dogs",
        ),
        ({"violations_found": ["nuisance.at_large_exception"]}, "finds no violation"),
        ({"log": [{"kind": "reopen", "on": "2026-11-25"}]}, "log[0].kind: 'reopen' is not one of"),
        ({"log": [{"kind": "closed", "on": "yesterday"}]}, "log[0].on: 'yesterday' is not a date"),
        (
            {"log": [{"kind": "closed", "on": "2026-12-25", "facts": {"outcome": "warning"}}]},
            "log[0]: is after on",
        ),
        ({"duty_person": "Jane Doe"}, "duty_person: goes with duty_falls_on"),
    ],
)
def test_the_question_refuses_facts_that_do_not_fit(nowthen, facts, problem):
    base = {"on": "2026-11-29", "kind": "at_large", "received_on": "2026-11-20", "dogs": ["Rex"]}
    with pytest.raises(FactsError) as refused:
        evaluate("complaint", {**base, **facts}, nowthen)
    assert any(problem in p for p in refused.value.problems), refused.value.problems
