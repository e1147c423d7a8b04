"""Lino Lakes' dangerous-animal procedure (issue 27), City Code 503.16, 503.19 and 503.20, a
variant of the dangerous-dog case: "The animal control officer shall have the authority to
designate any animal as a dangerous animal" (503.16(1)); the animal seized and kept at an animal
control facility at the owner's expense ((2)(a)); destruction or conditions ((2)(b)); one owner
notified "in writing or in person" with "14 days to appeal the determination by requesting a
hearing" ((2)(c)); "If no appeal is filed, the orders issued will stand" ((c)1); a hearing set
"not more than three weeks after demand" ((c)2); the hearing officer's destruction or "any or
all" of 503.19(1)(a)-(f); and forfeiture (503.20). A function of dated events; each case counted
from a stated day, on Lino Lakes' calendar (the deadlines are the shared clocks')."""

from __future__ import annotations

import datetime as dt

import pytest

from dogtag.law import provisions
from dogtag.law.dangerous_animal_procedure import (
    OutOfOrder,
    dangerous_animal_case,
    findings_of,
    forfeiture_case,
)
from dogtag.law.event import Event
from dogtag.law.facts import FactsError
from dogtag.law.questions import QUESTIONS, evaluate, not_in_law
from dogtag.law.registry import RULES, unavailable

D = dt.date
DESIGNATED = D(2026, 11, 2)  # a Monday


def E(kind, on, **facts):
    return Event(kind, on, facts)


SEIZED = E("seized", D(2026, 11, 2))
CONDITIONS = E("officer_order", D(2026, 11, 3), disposition="conditions")
DESTRUCTION = E("officer_order", D(2026, 11, 3), disposition="destruction")
NOTIFIED = E("owner_notified", D(2026, 11, 4), method="in_writing")
REQUESTED = E("hearing_requested", D(2026, 11, 10))
SET = E("hearing_set", D(2026, 11, 12), hearing_on=D(2026, 11, 24))
HELD = E("hearing_held", D(2026, 11, 24))
ALL_BUT_MUZZLE = ["enclosure", "warning_signs", "insurance", "dangerous_tag", "license_and_rabies"]

# events, day asked, state, steps allowed, deadlines due (clock, due)
CASES = [
    ([], DESIGNATED, "designated", ["seized", "seizure_refused"], []),
    ([SEIZED], D(2026, 11, 2), "seized", ["officer_order"], []),
    # the owner did not make the animal available: the officer still orders
    (
        [E("seizure_refused", D(2026, 11, 2))], D(2026, 11, 3), "seizure_refused",
        ["seized", "officer_order"], [],
    ),
    ([SEIZED, CONDITIONS], D(2026, 11, 3), "ordered", ["owner_notified", "insurance_requested"], []),
    # notified Wed 2026-11-04: 14 days to appeal, to Wed 2026-11-18
    (
        [SEIZED, CONDITIONS, NOTIFIED], D(2026, 11, 18), "appeal_open",
        ["hearing_requested", "insurance_requested", "released"],
        [("dangerous_dog.hearing_request", D(2026, 11, 18))],
    ),
    # no appeal by the 18th: the officer's orders stand the next day
    (
        [SEIZED, DESTRUCTION, NOTIFIED], D(2026, 11, 19), "destruction_ordered", ["destroyed"], [],
    ),
    (
        [SEIZED, CONDITIONS, NOTIFIED], D(2026, 11, 19), "conditions_ordered",
        ["insurance_requested", "released"], [],
    ),
    # the demand on Tue 2026-11-10: the hearing set within three weeks, by Tue 2026-12-01
    (
        [SEIZED, CONDITIONS, NOTIFIED, REQUESTED], D(2026, 11, 11), "hearing_requested",
        ["hearing_set", "insurance_requested"], [("dangerous_dog.hearing", D(2026, 12, 1))],
    ),
    (
        [SEIZED, CONDITIONS, NOTIFIED, REQUESTED, SET], D(2026, 11, 20), "hearing_set",
        ["hearing_set", "hearing_held", "insurance_requested"], [],
    ),
    (
        [SEIZED, CONDITIONS, NOTIFIED, REQUESTED, SET, HELD], D(2026, 11, 24), "heard",
        ["hearing_order", "insurance_requested"], [],
    ),
    (
        [
            SEIZED, DESTRUCTION, NOTIFIED, REQUESTED, SET, HELD,
            E("hearing_order", D(2026, 11, 25), disposition="rescinded"),
        ],
        D(2026, 11, 25), "rescinded", ["released"], [],
    ),
    (
        [
            SEIZED, DESTRUCTION, NOTIFIED, REQUESTED, SET, HELD,
            E("hearing_order", D(2026, 11, 25), disposition="conditions", conditions=["enclosure"]),
            E("released", D(2026, 11, 30), conditions_met=["enclosure"]),
        ],
        D(2026, 11, 30), "released", [], [],
    ),
    # an impounded animal's proof of insurance is due before its release: no count runs
    (
        [SEIZED, CONDITIONS, NOTIFIED, E("insurance_requested", D(2026, 11, 5))],
        D(2026, 11, 5), "appeal_open", ["hearing_requested", "insurance_shown", "released"],
        [("dangerous_dog.hearing_request", D(2026, 11, 18)), ("before_release", None)],
    ),
    # released, the proof is due within 15 business days of a request (Thanksgiving and the day
    # after not counted): from Mon 2026-11-30 to Mon 2026-12-21
    (
        [
            SEIZED, CONDITIONS, NOTIFIED,
            E("released", D(2026, 11, 20), conditions_met=ALL_BUT_MUZZLE),
            E("insurance_requested", D(2026, 11, 30)),
        ],
        D(2026, 11, 30), "released", ["insurance_shown"],
        [("dangerous_dog.insurance_proof", D(2026, 12, 21))],
    ),
    (
        [SEIZED, DESTRUCTION, NOTIFIED, E("destroyed", D(2026, 11, 20))],
        D(2026, 11, 20), "destroyed", [], [],
    ),
]  # fmt: skip


@pytest.mark.parametrize("events, on, state, allowed, deadlines", CASES)
def test_where_a_dangerous_animal_case_stands(in_force, events, on, state, allowed, deadlines):
    # given Lino Lakes' law and a dog's case with these events
    params = in_force("lino-lakes")
    # when asked where it stands on the day
    found = dangerous_animal_case("dog", DESIGNATED, events, on, params)
    # then its state, the steps allowed next and the clocks running are these
    assert found.state == state
    assert list(found.allowed) == allowed
    assert [
        (f.rule, f.deadline.due) if f.deadline else (f.outcome, None) for f in found.deadlines
    ] == deadlines


# events, the refusal's message
REFUSED = [
    (
        [CONDITIONS],
        "officer_order on Tue 2026-11-03 is not in order: the officer orders destruction or "
        "conditions after ordering the animal seized (503.16(2)(a), 503.16(2)(b))",
    ),
    (
        [SEIZED, NOTIFIED],
        "owner_notified on Wed 2026-11-04 is not in order: the owner is notified that the animal is "
        "to be destroyed or of the conditions, after the officer's order (503.16(2)(b), "
        "503.16(2)(c))",
    ),
    # the 14 days ended on Wed 2026-11-18
    (
        [SEIZED, CONDITIONS, NOTIFIED, E("hearing_requested", D(2026, 11, 19))],
        "hearing_requested on Thu 2026-11-19 is not in order: the days to appeal ended on "
        "Wed 2026-11-18; no appeal was filed, so the orders issued stand (503.16(2)(c), "
        "503.16(2)(c)1)",
    ),
    (
        [
            SEIZED, CONDITIONS, NOTIFIED, REQUESTED,
            E("hearing_set", D(2026, 11, 12), hearing_on=D(2026, 11, 11)),
        ],
        "hearing_set on Thu 2026-11-12 is not in order: the hearing is set for a day on or after "
        "Thu 2026-11-12, the day it is set",
    ),
    (
        [SEIZED, CONDITIONS, NOTIFIED, REQUESTED, SET, E("hearing_held", D(2026, 11, 23))],
        "hearing_held on Mon 2026-11-23 is not in order: the hearing was set for Tue 2026-11-24",
    ),
    # destroyed while the days to appeal run
    (
        [SEIZED, DESTRUCTION, NOTIFIED, E("destroyed", D(2026, 11, 10))],
        "destroyed on Tue 2026-11-10 is not in order: an animal is destroyed only on orders that "
        "stand: the officer's, once no appeal was filed in time, or the hearing officer's "
        "(503.16(2)(b), 503.16(2)(c)1)",
    ),
    # pending the hearing the animal stays at the facility
    (
        [
            SEIZED, CONDITIONS, NOTIFIED, REQUESTED,
            E("released", D(2026, 11, 11), conditions_met=ALL_BUT_MUZZLE),
        ],
        "released on Wed 2026-11-11 is not in order: pending the hearing the animal remains at an "
        "animal control facility (503.16(2)(b)2, 503.16(2)(c)2)",
    ),
    # every condition but the muzzle and leash is met before release
    (
        [
            SEIZED, CONDITIONS, NOTIFIED,
            E("released", D(2026, 11, 20), conditions_met=["enclosure", "warning_signs"]),
        ],
        "released on Fri 2026-11-20 is not in order: the animal remains confined until the owner "
        "demonstrates that all conditions have been fulfilled except the muzzle and leash; not "
        "yet: insurance, dangerous_tag, license_and_rabies (503.19(1)(c), 503.19(1)(e), "
        "503.19(1)(f); 503.16(2)(b)2)",
    ),
    (
        [
            SEIZED, DESTRUCTION, NOTIFIED, REQUESTED, SET, HELD,
            E("hearing_order", D(2026, 11, 25), disposition="conditions"),
        ],
        "hearing_order on Wed 2026-11-25 is not in order: an order of conditions names one or more "
        "of them (any or all)",
    ),
    (
        [SEIZED, DESTRUCTION, NOTIFIED, E("insurance_requested", D(2026, 11, 20))],
        "insurance_requested on Fri 2026-11-20 is not in order: no order requires proof of insurance "
        "(503.19(1)(c))",
    ),
    (
        [E("seized", D(2026, 11, 1))],
        "seized on Sun 2026-11-01 is not in order: it is before the designation",
    ),
]  # fmt: skip


@pytest.mark.parametrize("events, message", REFUSED)
def test_an_event_out_of_order_is_refused_saying_why(in_force, events, message):
    with pytest.raises(OutOfOrder) as refused:
        dangerous_animal_case("dog", DESIGNATED, events, D(2026, 12, 31), in_force("lino-lakes"))
    assert str(refused.value) == message


@pytest.mark.parametrize(
    "animal, conditions, problem",
    [
        ("cat", ["muzzle_and_leash"], "conditions: muzzle_and_leash cannot bind a cat"),
        ("other", ["license_and_rabies"], "conditions: license_and_rabies cannot bind a other"),
        ("ferret", ["nothing"], "conditions: nothing not one of enclosure, warning_signs, "
         "insurance, muzzle_and_leash, dangerous_tag, license_and_rabies"),
    ],
)  # fmt: skip
def test_a_condition_that_cannot_bind_the_animal_is_refused(in_force, animal, conditions, problem):
    events = [
        SEIZED, DESTRUCTION, NOTIFIED, REQUESTED, SET, HELD,
        E("hearing_order", D(2026, 11, 25), disposition="conditions", conditions=conditions),
    ]  # fmt: skip
    with pytest.raises(OutOfOrder) as refused:
        dangerous_animal_case(animal, DESIGNATED, events, D(2026, 11, 25), in_force("lino-lakes"))
    assert str(refused.value) == f"hearing_order on Wed 2026-11-25 is not in order: {problem}"


@pytest.mark.parametrize(
    "animal, standing",
    [
        # the officer's conditions are every one that can bind the animal
        ("dog", ["enclosure", "warning_signs", "insurance", "muzzle_and_leash", "dangerous_tag",
                 "license_and_rabies"]),
        ("cat", ["enclosure", "warning_signs", "insurance", "license_and_rabies"]),
        ("other", ["enclosure", "warning_signs", "insurance"]),
    ],
)  # fmt: skip
def test_the_officer_s_conditions_stand_without_an_appeal(in_force, animal, standing):
    found = findings_of(
        animal, DESIGNATED, [SEIZED, CONDITIONS, NOTIFIED], D(2026, 11, 19), in_force("lino-lakes")
    )
    assert [f.outcome for f in found] == ["designated", "stands_conditions"]
    assert found[1].details["conditions"] == standing
    assert found[1].sections[0] == "503.16(2)(c)1"


@pytest.mark.parametrize(
    "animal, sections, stand_in",
    [
        ("dog", ("503.16(1)", "503.01", "Minn. Stat. 347.50 subd. 2"),
         "for a dog, Minn. Stat. 347.50 subd. 2 stands in"),
        ("cat", ("503.16(1)", "503.01"),
         "for a cat nothing stands in, and the officer's evidence is recorded as found"),
    ],
)  # fmt: skip
def test_the_designation_says_what_stands_in_for_the_definition_not_found(
    in_force, animal, sections, stand_in
):
    [designated] = findings_of(animal, DESIGNATED, [], DESIGNATED, in_force("lino-lakes"))
    assert designated.sections == sections
    assert designated.message == (
        f"The animal control officer designated the {animal} a dangerous animal on Mon 2026-11-02 "
        f"(503.16(1)). The definition of a dangerous animal (503.01) is not in the text found: "
        f"{stand_in}."
    )


def test_failing_to_make_the_animal_available_is_a_misdemeanor(in_force):
    found = findings_of(
        "dog", DESIGNATED, [E("seizure_refused", D(2026, 11, 3))], D(2026, 11, 3),
        in_force("lino-lakes"),
    )  # fmt: skip
    assert (found[1].outcome, found[1].blocks, found[1].sections) == (
        "misdemeanor", True, ("503.16(2)(a)",)
    )  # fmt: skip
    assert found[1].message == (
        "The owner did not make the animal available for seizure on Tue 2026-11-03: a misdemeanor "
        "(503.16(2)(a))."
    )


# ----------------------------------------------------------------------------- forfeiture

NOTICED = E(
    "forfeiture_noticed", D(2026, 12, 7), method="registered_mail", grounds=["maltreated"],
    reasons="Left without water on 2026-12-01 and 2026-12-04.",
)  # fmt: skip
F_REQUESTED = E("forfeiture_hearing_requested", D(2026, 12, 10))

# events, day, state, allowed, deadlines (clock, due)
FORFEITURES = [
    ([], D(2026, 12, 7), "none", ["forfeiture_noticed"], []),
    (
        [NOTICED], D(2026, 12, 21), "appeal_open", ["forfeiture_hearing_requested"],
        [("forfeiture.hearing_request", D(2026, 12, 21))],
    ),
    # no appeal by Mon 2026-12-21: the decision stands and the animal is surrendered immediately
    ([NOTICED], D(2026, 12, 22), "forfeited", ["surrendered", "surrender_refused"], []),
    # the demand on Thu 2026-12-10: three weeks to Thu 2026-12-31
    (
        [NOTICED, F_REQUESTED], D(2026, 12, 10), "hearing_requested", ["forfeiture_hearing_set"],
        [("forfeiture.hearing", D(2026, 12, 31))],
    ),
    (
        [
            NOTICED, F_REQUESTED,
            E("forfeiture_hearing_set", D(2026, 12, 11), hearing_on=D(2026, 12, 30)),
            E("forfeiture_hearing_held", D(2026, 12, 30)),
            E("forfeiture_order", D(2026, 12, 30), forfeited=False),
        ],
        D(2026, 12, 30), "not_forfeited", [], [],
    ),
]  # fmt: skip


@pytest.mark.parametrize("events, on, state, allowed, deadlines", FORFEITURES)
def test_where_a_forfeiture_stands(in_force, events, on, state, allowed, deadlines):
    found, _ = forfeiture_case(events, on, in_force("lino-lakes"))
    assert (found.state, list(found.allowed)) == (state, allowed)
    assert [(f.rule, f.deadline.due) for f in found.deadlines if f.deadline] == deadlines


@pytest.mark.parametrize(
    "events, message",
    [
        (
            [
                E("forfeiture_noticed", D(2026, 12, 7), method="by_email", grounds=["wild"],
                  reasons="x"),
            ],
            "forfeiture_noticed on Mon 2026-12-07 is not in order: method is one of personal, "
            "registered_mail (served personally or by registered mail, 503.20(2))",
        ),
        (
            [E("forfeiture_noticed", D(2026, 12, 7), method="personal", grounds=["wild"])],
            "forfeiture_noticed on Mon 2026-12-07 is not in order: the notice states the reasons why "
            "forfeiture is sought, with a summary of the incidents (reasons) (503.20(2))",
        ),
        (
            [NOTICED, E("forfeiture_hearing_requested", D(2026, 12, 22))],
            "forfeiture_hearing_requested on Tue 2026-12-22 is not in order: the days to appeal ended "
            "on Mon 2026-12-21; no appeal was filed, so the forfeiture decision stands (503.20(3), "
            "503.20(3)(a))",
        ),
        (
            [NOTICED, F_REQUESTED, E("surrendered", D(2026, 12, 11))],
            "surrendered on Fri 2026-12-11 is not in order: the animal is given up once it is deemed "
            "forfeited: the decision standing without an appeal, or the hearing officer's order "
            "(503.20(3)(a), 503.20(4))",
        ),
    ],
)  # fmt: skip
def test_a_forfeiture_event_out_of_order_is_refused(in_force, events, message):
    with pytest.raises(OutOfOrder) as refused:
        forfeiture_case(events, D(2026, 12, 31), in_force("lino-lakes"))
    assert str(refused.value) == message


def test_refusing_to_surrender_a_forfeited_animal_is_a_misdemeanor(in_force):
    _, found = forfeiture_case(
        [NOTICED, E("surrender_refused", D(2026, 12, 22))], D(2026, 12, 22), in_force("lino-lakes")
    )
    assert [(f.outcome, f.sections) for f in found] == [
        ("noticed", ("503.20(1)(a)", "503.20(2)")),
        ("misdemeanor", ("503.20(4)",)),
    ]


# ----------------------------------------------------------------------------- the question

FACTS = {
    "designated_on": "2026-11-02",
    "on": "2026-11-11",
    "animal": "dog",
    "events": [
        {"kind": "owner_notified", "on": "2026-11-04", "facts": {"method": "in_person"}},
        {"kind": "seized", "on": "2026-11-02"},
        {"kind": "officer_order", "on": "2026-11-03", "facts": {"disposition": "conditions"}},
        {"kind": "hearing_requested", "on": "2026-11-10"},
    ],
}


def test_lino_lakes_answers_the_dangerous_dog_case_in_its_sections(in_force):
    # given Lino Lakes in force, when the case's events are asked (in any order)
    answer = evaluate("dangerous-dog-case", FACTS, in_force("lino-lakes"))
    # then the answer is its dangerous-animal procedure, in its sections
    assert answer["jurisdiction"] == "lino-lakes"
    summary, designated, hearing, *steps = answer["findings"]
    assert (summary["rule"], summary["message"]) == (
        "dangerous_animal.procedure",
        "On 2026-11-11 the dangerous animal case is hearing requested; it waits on hearing set. "
        "Steps that may be recorded: hearing_set, insurance_requested.",
    )
    assert designated["sections"] == ["503.16(1)", "503.01", "Minn. Stat. 347.50 subd. 2"]
    assert hearing["message"] == (
        "Due Tue 2026-12-01: hold the hearing on a date the hearing officer sets within 21 days "
        "after the demand for the hearing on Tue 2026-11-10 (503.16(2)(c)2)."
    )
    assert [(s["message"], s["sections"]) for s in steps] == [
        ("Hearing set: may be recorded.", ["503.16(2)(c)2"]),
        ("Insurance requested: may be recorded.", ["503.19(1)(c)"]),
    ]


def test_a_forfeiture_in_the_log_is_answered_beside_the_case(in_force):
    facts = {
        **FACTS,
        "on": "2026-12-22",
        "events": [
            *FACTS["events"][1:3],
            {"kind": "owner_notified", "on": "2026-11-04", "facts": {"method": "in_person"}},
            {
                "kind": "forfeiture_noticed",
                "on": "2026-12-07",
                "facts": {"method": "personal", "grounds": ["public_nuisance"], "reasons": "x"},
            },
        ],
    }
    findings = evaluate("dangerous-dog-case", facts, in_force("lino-lakes"))["findings"]
    assert [f["rule"] for f in findings if f["outcome"] == "state"] == [
        "dangerous_animal.procedure",
        "forfeiture.procedure",
    ]
    [forfeiture] = [
        f for f in findings if f["rule"] == "forfeiture.procedure" and f["outcome"] == "state"
    ]
    assert forfeiture["details"]["state"] == "forfeited"


@pytest.mark.parametrize(
    "change, problems",
    [
        ({"animal": None}, ["animal: missing (the kind of animal designated dangerous)"]),
        (
            {"notice_issued_on": "2026-11-04"},
            ["notice_issued_on: not a fact of City of Lino Lakes's law (it states no "
             "dangerous_dog.designation)"],
        ),
        (
            {"events": [{"kind": "registered", "on": "2026-11-05"}]},
            ["events[0].kind: 'registered' is not an event of City of Lino Lakes's law"],
        ),
        (
            {"events": [{"kind": "destroyed", "on": "2026-11-05"}]},
            ["destroyed on Thu 2026-11-05 is not in order: an animal is destroyed only on orders that "
             "stand: the officer's, once no appeal was filed in time, or the hearing officer's "
             "(503.16(2)(b), 503.16(2)(c)1)"],
        ),
    ],
)  # fmt: skip
def test_lino_lakes_refuses_facts_its_law_does_not_state(in_force, change, problems):
    facts = {k: v for k, v in {**FACTS, **change}.items() if v is not None}
    with pytest.raises(FactsError) as refused:
        evaluate("dangerous-dog-case", facts, in_force("lino-lakes"))
    assert refused.value.problems == problems


# ----------------------------------------------------------------------------- Nowthen


NEW_CONCEPTS = [
    "dangerous_animal.designation", "dangerous_animal.definition", "dangerous_animal.seizure",
    "dangerous_animal.officer_order", "dangerous_animal.confinement", "dangerous_animal.notice",
    "dangerous_animal.orders_stand", "dangerous_animal.requirements",
    "dangerous_animal.condition.enclosure", "dangerous_animal.condition.warning_signs",
    "dangerous_animal.condition.insurance", "dangerous_animal.condition.muzzle_and_leash",
    "dangerous_animal.condition.dangerous_tag", "dangerous_animal.condition.license_and_rabies",
    "forfeiture.grounds", "forfeiture.other_animals", "forfeiture.notice",
    "forfeiture.decision_stands", "forfeiture.surrender",
]  # fmt: skip


@pytest.mark.parametrize("concept", NEW_CONCEPTS)
def test_nowthen_states_none_of_the_new_concepts(in_force, concept):
    nowthen = in_force("nowthen")
    assert not provisions.maps(concept, nowthen)
    with pytest.raises(provisions.UnknownProvision):
        provisions.cite(concept, nowthen)
    assert provisions.maps(concept, in_force("lino-lakes"))


@pytest.mark.parametrize(
    "rule_id",
    ["dangerous_animal.procedure", "dangerous_animal.requirements", "forfeiture.procedure"],
)
def test_nowthen_is_refused_the_new_rules(in_force, rule_id):
    why = unavailable(RULES[rule_id], in_force("nowthen"), D(2026, 12, 7))
    assert why is not None and why.startswith("City of Nowthen's law states no ")
    assert unavailable(RULES[rule_id], in_force("lino-lakes"), D(2026, 12, 7)) is None


def test_the_question_is_law_in_both_cities_each_its_own_variant(in_force):
    asked = QUESTIONS["dangerous-dog-case"]
    assert not_in_law(asked, in_force("nowthen")) == []
    assert not_in_law(asked, in_force("lino-lakes")) == []


@pytest.mark.parametrize(
    "change, problems",
    [
        (
            {"animal": "dog"},
            ["animal: not a fact of City of Nowthen's law (it states no "
             "dangerous_animal.designation)"],
        ),
        (
            {"events": [{"kind": "officer_order", "on": "2026-10-27"}]},
            ["events[0].kind: 'officer_order' is not an event of City of Nowthen's law"],
        ),
    ],
)  # fmt: skip
def test_nowthen_is_refused_the_facts_of_the_variant(in_force, change, problems):
    facts = {"designated_on": "2026-10-26", "on": "2026-11-29", **change}
    with pytest.raises(FactsError) as refused:
        evaluate("dangerous-dog-case", facts, in_force("nowthen"))
    assert refused.value.problems == problems


# ------------------------------------------------ a hearing later than its three weeks (strays)

LATE = "The text found states no extension, nor what follows a later hearing"


@pytest.mark.parametrize(
    "on, outcome, message",
    [
        # the demand on Tue 2026-11-10: the hearing set by Tue 2026-12-01
        (D(2026, 12, 1), "due", None),
        (
            D(2026, 12, 2),
            "overdue",
            "Overdue: the hearing was to be on a day not more than 21 days after the demand of "
            f"Tue 2026-11-10, by Tue 2026-12-01 (503.16(2)(c)2), and none is set. {LATE}: record "
            "the hearing when it is set.",
        ),
    ],
)
def test_a_hearing_not_set_in_its_three_weeks_is_overdue_not_barred(in_force, on, outcome, message):
    # given a demand for a hearing on Tue 2026-11-10 and no hearing set
    params = in_force("lino-lakes")
    events = [SEIZED, CONDITIONS, NOTIFIED, REQUESTED]
    # when asked on the last day of the three weeks, and on the day after
    found = dangerous_animal_case("dog", DESIGNATED, events, on, params)
    # then the hearing is due, then overdue; either way the hearing may still be set
    [running] = found.deadlines
    assert (running.outcome, running.deadline.due, running.blocks) == (
        outcome,
        D(2026, 12, 1),
        False,
    )
    if message:
        assert (running.message, running.sections) == (message, ("503.16(2)(c)2",))
    assert "hearing_set" in found.allowed


def test_a_hearing_set_after_its_three_weeks_is_recorded_and_flagged(in_force):
    # given a hearing set on Wed 2026-12-02 for Fri 2026-12-04, after the last day (Tue 12-01)
    params = in_force("lino-lakes")
    late = E("hearing_set", D(2026, 12, 2), hearing_on=D(2026, 12, 4))
    events = [SEIZED, CONDITIONS, NOTIFIED, REQUESTED, late]
    # when the case is read on Thu 2026-12-03
    state = dangerous_animal_case("dog", DESIGNATED, events, D(2026, 12, 3), params)
    found = findings_of("dog", DESIGNATED, events, D(2026, 12, 3), params)
    # then the hearing is set, and may be held, and the finding says it is late and why
    assert state.state == "hearing_set" and "hearing_held" in state.allowed
    [flag] = [f for f in found if f.outcome == "late"]
    assert (flag.blocks, flag.sections, flag.message) == (
        False,
        ("503.16(2)(c)2",),
        "The hearing is set for Fri 2026-12-04, after Tue 2026-12-01, the last day not more than "
        f"21 days after the demand of Tue 2026-11-10 (503.16(2)(c)2). {LATE}: recorded as "
        "set, and flagged.",
    )
    # and a hearing set within the three weeks carries no such finding
    on_time = [SEIZED, CONDITIONS, NOTIFIED, REQUESTED, SET]
    assert "late" not in [
        f.outcome for f in findings_of("dog", DESIGNATED, on_time, SET.on, params)
    ]


def test_a_forfeiture_hearing_late_or_overdue_is_flagged_the_same(in_force):
    # given a forfeiture appealed on Thu 2026-12-10: its hearing set by Thu 2026-12-31
    params = in_force("lino-lakes")
    # when no hearing is set by Fri 2027-01-01, then it is overdue, and may still be set
    waiting, _ = forfeiture_case([NOTICED, F_REQUESTED], D(2027, 1, 1), params)
    [running] = waiting.deadlines
    assert (running.outcome, running.sections, running.deadline.due) == (
        "overdue",
        ("503.20(3)(b)",),
        D(2026, 12, 31),
    )
    assert "forfeiture_hearing_set" in waiting.allowed
    # and a hearing set for Tue 2027-01-05 is recorded, flagged as late
    late = E("forfeiture_hearing_set", D(2027, 1, 2), hearing_on=D(2027, 1, 5))
    state, found = forfeiture_case([NOTICED, F_REQUESTED, late], D(2027, 1, 2), params)
    assert state.state == "hearing_set"
    flags = [f for f in found if f.outcome == "late"]
    assert [f.sections for f in flags] == [("503.20(3)(b)",)]
