"""Issue 26 item 1.7: the Notice of Dangerous Dog states what 3-2-9.A.1 requires, each content by
its subsection. The incidents' dates, times, places and facts (A.1.a), (1) the description of the
dog, (2) the factual basis, (3) the official and the authority, (4) the seized dog's contact, b.
the registration requirements and restrictions, c. the days to appeal, the pre-printed form and
the written request to the Authority, d. the interim duty under 347.52 (a)-(c) and the days after
a confirming decision, e. the designation standing, f. the costs. A content not given is said to be
missing, with its subsection; none is assumed. The day counts are the parameters in force."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest

from dogtag.law import dangerous_dogs as law
from dogtag.law.catalogue import RULES
from dogtag.law.params import default
from dogtag.law.questions import QUESTIONS, evaluate

P = default()
ON = dt.date(2026, 10, 26)  # the date of the notice
BITE = law.StatedIncident(
    date=dt.date(2026, 10, 20),
    time=dt.time(17, 45),
    place="Viking Blvd NW at Nowthen Blvd",
    facts="Bit a jogger on the calf.",
)
COMPLETE = law.NoticeContents(
    dog_description="Rex, German shepherd, black and tan, male, 5 years",
    factual_basis="An unprovoked bite inflicting substantial bodily harm (stitches).",
    official="Dana Reyes",
    authority="City Code 3-2-9.A and Minn. Stat. 347.50 subd. 2",
    seized=False,
    registration_requirements=True,
    other_restrictions=True,
    hearing_request_days=14,
    request_form=True,
    request_in_writing=True,
    interim_compliance=True,
    comply_after_decision_days=14,
    designation_stands=True,
    costs=True,
)
CANNOT = "The Notice of Dangerous Dog cannot issue without every content of 3-2-9.A.1. "


# ---------------------------------------------------------------- A.1.a: the incidents


@pytest.mark.parametrize(
    "incidents, outcome, lacking, words",
    [
        (
            [],
            "none",
            [],
            "Record at least one incident with its date, time, place and facts (3-2-9.A.1.a).",
        ),
        (
            [BITE],
            "stated",
            [],
            "The notice states the date, time, place and facts of each incident (3-2-9.A.1.a): "
            "Tue 2026-10-20 at 5:45 PM, Viking Blvd NW at Nowthen Blvd.",
        ),
        (
            [dataclasses.replace(BITE, date=None)],
            "not_stated",
            [{"incident": 1, "lacks": ["date"]}],
            "Incident 1: give its date (3-2-9.A.1.a).",
        ),
        (
            [dataclasses.replace(BITE, time=None)],
            "not_stated",
            [{"incident": 1, "lacks": ["time"]}],
            "Incident 1: give its time (3-2-9.A.1.a).",
        ),
        (
            [dataclasses.replace(BITE, place=" ")],
            "not_stated",
            [{"incident": 1, "lacks": ["place"]}],
            "Incident 1: give its place (3-2-9.A.1.a).",
        ),
        (
            [dataclasses.replace(BITE, facts="")],
            "not_stated",
            [{"incident": 1, "lacks": ["facts"]}],
            "Incident 1: give its facts (3-2-9.A.1.a).",
        ),
        (
            # the places and facts alone: the notice does not state the dates and times
            [BITE, dataclasses.replace(BITE, date=None, time=None)],
            "not_stated",
            [{"incident": 2, "lacks": ["date", "time"]}],
            "Incident 2: give its date and time (3-2-9.A.1.a).",
        ),
        (
            [law.StatedIncident(date=None, time=None, place="", facts="")],
            "not_stated",
            [{"incident": 1, "lacks": ["date", "time", "place", "facts"]}],
            "Incident 1: give its date, time, place and facts (3-2-9.A.1.a).",
        ),
    ],
)
def test_3_2_9_A_1_a_the_notice_states_the_date_time_place_and_facts_of_each_incident(
    incidents, outcome, lacking, words
):
    # given the incidents as the notice states them; when the rule reads them
    found = law.notice_incidents(incidents)
    # then it says which of date, time, place and facts each lacks, and claims none not given
    assert (found.rule, found.outcome, found.blocks, found.sections, found.message) == (
        "dangerous_dog.notice_incidents",
        outcome,
        outcome != "stated",
        ("3-2-9.A.1.a",),
        words,
    )
    assert found.facts.get("missing", []) == lacking


@pytest.mark.parametrize(
    "incidents, outcome, blocks, words",
    [
        (
            [BITE],
            "stated",
            False,
            "The notice states the date, time, place and facts of each incident (3-2-9.A.1.a): "
            "Tue 2026-10-20 at 5:45 PM, Viking Blvd NW at Nowthen Blvd.",
        ),
        (
            # a neighbour's report of "sometime on" a day
            [BITE, dataclasses.replace(BITE, time=None)],
            "time_to_follow",
            False,
            "Incident 2: its time is not known yet. The Notice of Dangerous Dog does not issue "
            "until it is given (3-2-9.A.1.a).",
        ),
        (
            [dataclasses.replace(BITE, time=None), dataclasses.replace(BITE, time=None)],
            "time_to_follow",
            False,
            "Incidents 1 and 2: their times are not known yet. The Notice of Dangerous Dog does "
            "not issue until they are given (3-2-9.A.1.a).",
        ),
        (
            # what else is missing is named alone: the time is not asked of the designation
            [dataclasses.replace(BITE, time=None, place=" ")],
            "not_stated",
            True,
            "Incident 1: give its place (3-2-9.A.1.a).",
        ),
        (
            [dataclasses.replace(BITE, date=None, time=None)],
            "not_stated",
            True,
            "Incident 1: give its date (3-2-9.A.1.a).",
        ),
        (
            [],
            "none",
            True,
            "Record at least one incident with its date, time, place and facts (3-2-9.A.1.a).",
        ),
    ],
    ids=["timed", "one-untimed", "two-untimed", "untimed-no-place", "no-date", "none"],
)
def test_3_2_9_A_1_a_the_designation_may_record_an_incident_before_its_time_is_known(
    incidents, outcome, blocks, words
):
    # given the incidents as a designation records them (3-2-9.A), before any Notice
    # when the rule reads them, the time allowed to follow
    found = law.notice_incidents(incidents, time_may_follow=True)
    # then a time not known yet does not block, and is said to hold the Notice back
    assert (found.outcome, found.blocks, found.message) == (outcome, blocks, words)
    # and the Notice itself, read as it states them, does not issue without the times
    if outcome == "time_to_follow":
        notice = law.notice_incidents(incidents)
        assert (notice.outcome, notice.blocks) == ("not_stated", True)
        assert found.facts["time_to_follow"] == [m["incident"] for m in notice.facts["missing"]]


# ------------------------------------------------- A.1.a (1)-(4), b, c, d, e, f: the contents


def test_3_2_9_A_1_a_to_f_a_complete_notice_is_told_what_it_states():
    # given every content of 3-2-9.A.1; when the rule reads the notice of Mon 2026-10-26
    found = law.notice_contents(COMPLETE, P, ON)
    # then it issues, and the finding lists what the notice states, the days from the parameters
    assert (found.rule, found.outcome, found.blocks) == (
        "dangerous_dog.notice_contents",
        "complete",
        False,
    )
    assert found.sections == tuple(f"3-2-9.A.1.{x}" for x in "abcdef")
    assert found.message == (
        "The Notice states every content of 3-2-9.A.1: (1) the description of the dog; (2) the "
        "factual basis for the determination; (3) the official who made it, Dana Reyes, and the "
        "authority, City Code 3-2-9.A and Minn. Stat. 347.50 subd. 2; (4) the dog was not seized, "
        "so there is no keeping contact to give; b. the registration requirements and the other "
        "restrictions; c. the fourteen (14) days to appeal by requesting a hearing before the "
        "Hearing Officer, the pre-printed request form, and that the request is made in writing "
        "directly to the Animal Control Authority; d. the duty to comply at once with Minn. Stat. "
        "347.52 (a) to (c) pending the hearing, and the fourteen (14) days from receipt of a "
        "confirming decision to comply with all other requirements; e. that the designation "
        "stands if no hearing is requested in time; f. who bears the actual costs."
    )
    assert found.facts["missing"] == []
    assert [p.key for p in found.parameters] == [
        "nowthen.dangerous_dog.hearing_request_days",
        "nowthen.dangerous_dog.comply_after_decision_days",
    ]


def test_3_2_9_A_1_a_4_a_seized_dogs_contact_is_stated():
    seized = dataclasses.replace(
        COMPLETE, seized=True, contact_address="1 Shelter Rd, Anoka", contact_phone="763-555-0100"
    )
    found = law.notice_contents(seized, P, ON)
    assert not found.blocks
    assert (
        "(4) the address, 1 Shelter Rd, Anoka, and telephone number, 763-555-0100, of the "
        "contact person where the seized dog is kept;" in found.message
    )


#: each content of 3-2-9.A.1 left out (or given wrong), and what the clerk reads aloud
MISSING = [
    (
        {"dog_description": " "},
        "3-2-9.A.1.a(1)",
        "3-2-9.A.1.a(1): describe the dog deemed Dangerous.",
    ),
    (
        {"factual_basis": ""},
        "3-2-9.A.1.a(2)",
        "3-2-9.A.1.a(2): state the factual basis for the determination.",
    ),
    (
        {"official": ""},
        "3-2-9.A.1.a(3)",
        "3-2-9.A.1.a(3): name the official who made the determination.",
    ),
    (
        {"authority": ""},
        "3-2-9.A.1.a(3)",
        "3-2-9.A.1.a(3): state the authority by which the determination was made.",
    ),
    (
        {"official": "", "authority": ""},
        "3-2-9.A.1.a(3)",
        "3-2-9.A.1.a(3): name the official who made the determination and state the authority by "
        "which it was made.",
    ),
    (
        {"seized": None},
        "3-2-9.A.1.a(4)",
        "3-2-9.A.1.a(4): say whether the dog was seized; if it was, give the address and "
        "telephone number of the contact person where it is kept.",
    ),
    (
        {"seized": True, "contact_phone": "763-555-0100"},
        "3-2-9.A.1.a(4)",
        "3-2-9.A.1.a(4): the dog was seized: give the address of the contact person where it is "
        "kept.",
    ),
    (
        {"seized": True},
        "3-2-9.A.1.a(4)",
        "3-2-9.A.1.a(4): the dog was seized: give the address and telephone number of the contact "
        "person where it is kept.",
    ),
    (
        {"registration_requirements": False},
        "3-2-9.A.1.b",
        "3-2-9.A.1.b: set forth the registration requirements imposed on a Dangerous Dog by 3-2-9 "
        "or Minnesota Statutes chapter 347.",
    ),
    (
        {"other_restrictions": False},
        "3-2-9.A.1.b",
        "3-2-9.A.1.b: set forth the other restrictions imposed on a Dangerous Dog by 3-2-9 or "
        "Minnesota Statutes chapter 347.",
    ),
    (
        {"hearing_request_days": None},
        "3-2-9.A.1.c",
        "3-2-9.A.1.c: advise the owner of the fourteen (14) days to appeal the determination by "
        "requesting a hearing before the Hearing Officer.",
    ),
    (
        {"hearing_request_days": 10},
        "3-2-9.A.1.c",
        "3-2-9.A.1.c: the notice gives 10 days to request a hearing; the owner has fourteen (14) "
        "days to appeal the determination by requesting a hearing before the Hearing Officer.",
    ),
    (
        {"request_form": False},
        "3-2-9.A.1.c",
        "3-2-9.A.1.c: include the pre-printed form the owner can use to request a hearing.",
    ),
    (
        {"request_in_writing": False},
        "3-2-9.A.1.c",
        "3-2-9.A.1.c: say that the request for a hearing is made directly to the Animal Control "
        "Authority, in writing.",
    ),
    (
        {"interim_compliance": False},
        "3-2-9.A.1.d",
        "3-2-9.A.1.d: state that an owner who requests a hearing must immediately comply with "
        "Minn. Stat. 347.52 (a) to (c) until the Hearing Officer issues an opinion.",
    ),
    (
        {"comply_after_decision_days": None},
        "3-2-9.A.1.d",
        "3-2-9.A.1.d: state that if the Hearing Officer confirms the declaration, the owner has "
        "fourteen (14) days from receipt of the decision to comply with all other requirements.",
    ),
    (
        {"comply_after_decision_days": 30},
        "3-2-9.A.1.d",
        "3-2-9.A.1.d: the notice gives 30 days after a confirming decision; the owner has "
        "fourteen (14) days from receipt of the decision to comply with all other requirements.",
    ),
    (
        {"designation_stands": False},
        "3-2-9.A.1.e",
        "3-2-9.A.1.e: state that if no hearing is requested within the fourteen (14) days, the "
        "designation stands and the owner is subject to all the restrictions and requirements "
        "the Notice sets forth.",
    ),
    (
        {"costs": False},
        "3-2-9.A.1.f",
        "3-2-9.A.1.f: state that all actual costs of care, keeping and disposition of the dog, and "
        "of any requested review or hearing, are the responsibility of the person claiming an "
        "interest in the dog, except as far as the seizure or impoundment is found not "
        "substantially justified by law.",
    ),
]


@pytest.mark.parametrize(
    "change, label, sentence", MISSING, ids=[f"{m[1]}-{'-'.join(m[0])}" for m in MISSING]
)
def test_3_2_9_A_1_each_content_left_out_is_named_with_its_subsection(change, label, sentence):
    # given a notice complete but for one content; when the rule reads it
    found = law.notice_contents(dataclasses.replace(COMPLETE, **change), P, ON)
    # then it cannot issue, and the finding names that content by its subsection, alone
    assert (found.outcome, found.blocks) == ("incomplete", True)
    assert found.sections == (label.split("(")[0],)
    assert found.facts["missing"] == [label]
    assert found.message == CANNOT + sentence


def test_3_2_9_A_1_every_content_left_out_is_named_in_the_order_of_the_text():
    found = law.notice_contents(law.NoticeContents(), P, ON)
    assert found.blocks and found.outcome == "incomplete"
    assert found.facts["missing"] == [
        "3-2-9.A.1.a(1)",
        "3-2-9.A.1.a(2)",
        "3-2-9.A.1.a(3)",
        "3-2-9.A.1.a(4)",
        "3-2-9.A.1.b",
        "3-2-9.A.1.c",
        "3-2-9.A.1.d",
        "3-2-9.A.1.e",
        "3-2-9.A.1.f",
    ]
    assert found.sections == tuple(f"3-2-9.A.1.{x}" for x in "abcdef")


def test_3_2_9_A_1_the_days_are_the_parameters_in_force(changed_params):
    # given a parameter set in which the city gives ten days to request a hearing
    params = changed_params({"nowthen.dangerous_dog.hearing_request_days": 10})
    # when a notice giving fourteen days is read; then it gives the wrong days
    found = law.notice_contents(COMPLETE, params, ON)
    assert found.blocks and found.facts["missing"] == ["3-2-9.A.1.c"]
    assert found.message == CANNOT + (
        "3-2-9.A.1.c: the notice gives 14 days to request a hearing; the owner has ten (10) days "
        "to appeal the determination by requesting a hearing before the Hearing Officer."
    )
    # and one giving ten days states c, and says ten days
    found = law.notice_contents(dataclasses.replace(COMPLETE, hearing_request_days=10), params, ON)
    assert not found.blocks and "c. the ten (10) days to appeal" in found.message


# ----------------------------------------------------------------------------- the question

FULL = {
    "method": "mail",
    "served_address": "7120 Viking Blvd NW",
    "issued_on": "2026-10-26",
    "incident_dates": ["2026-10-20"],
    "incident_times": ["17:45"],
    "incident_places": ["Viking Blvd NW at Nowthen Blvd"],
    "incident_facts": ["Bit a jogger on the calf."],
    **{
        k: v
        for k, v in dataclasses.asdict(COMPLETE).items()
        if v not in ("", None, False) or k == "seized"
    },
}


def test_the_notice_question_states_each_content_of_a_complete_notice():
    answer = evaluate("dangerous-dog-notice", FULL, P)
    assert [(f["rule"], f["outcome"], f["blocks"]) for f in answer["findings"]] == [
        ("dangerous_dog.notice_service", "served", False),
        ("dangerous_dog.notice_incidents", "stated", False),
        ("dangerous_dog.notice_contents", "complete", False),
    ]
    assert answer["findings"][2]["message"] == law.notice_contents(COMPLETE, P, ON).message


@pytest.mark.parametrize(
    "change, label, sentence", MISSING, ids=[f"{m[1]}-{'-'.join(m[0])}" for m in MISSING]
)
def test_the_notice_question_names_each_content_left_out(change, label, sentence):
    # given the facts of a complete notice, one content left out (a fact omitted is not stated)
    facts = {**FULL, **change}
    facts = {k: v for k, v in facts.items() if v not in (None, "", " ")}
    # when the question is asked; then the contents finding names it with its subsection
    [contents] = [
        f
        for f in evaluate("dangerous-dog-notice", facts, P)["findings"]
        if f["rule"] == "dangerous_dog.notice_contents"
    ]
    assert (contents["outcome"], contents["blocks"]) == ("incomplete", True)
    assert contents["facts"]["missing"] == [label]
    assert contents["message"] == CANNOT + sentence


def test_the_notice_question_never_claims_a_date_or_time_it_was_not_given():
    # given the facts as the question took them before: service, places and facts alone
    answer = evaluate(
        "dangerous-dog-notice",
        {
            "method": "mail",
            "served_address": "7120 Viking Blvd NW",
            "incident_places": ["Viking Blvd NW", "Nowthen Blvd"],
            "incident_facts": ["Bit a jogger.", "Chased a cyclist."],
        },
        P,
    )
    # then they still parse; the incidents lack their dates and times, and the notice its date
    found = {f["rule"]: f for f in answer["findings"]}
    assert found["dangerous_dog.notice_service"]["outcome"] == "served"
    incidents = found["dangerous_dog.notice_incidents"]
    assert (incidents["outcome"], incidents["blocks"]) == ("not_stated", True)
    assert incidents["message"] == (
        "Incident 1: give its date and time (3-2-9.A.1.a). "
        "Incident 2: give its date and time (3-2-9.A.1.a)."
    )
    contents = found["dangerous_dog.notice_contents"]
    assert (contents["outcome"], contents["blocks"]) == ("undated", True)
    assert contents["message"] == (
        "Give the date of the Notice: the days it must give to request a hearing (3-2-9.A.1.c) "
        "and to comply after a confirming decision (3-2-9.A.1.d) are those in force on that date."
    )


@pytest.mark.parametrize(
    "dates, times, lacks",
    [
        (["2026-10-20", None], ["17:45", "08:10"], [{"incident": 2, "lacks": ["date"]}]),
        (["2026-10-20", "2026-10-22"], [None, "08:10"], [{"incident": 1, "lacks": ["time"]}]),
    ],
)
def test_the_notice_question_takes_a_date_without_its_time_and_says_so(dates, times, lacks):
    facts = {
        **FULL,
        "incident_dates": dates,
        "incident_times": times,
        "incident_places": ["Viking Blvd NW", "Nowthen Blvd"],
        "incident_facts": ["Bit a jogger.", "Chased a cyclist."],
    }
    [incidents] = [
        f
        for f in evaluate("dangerous-dog-notice", facts, P)["findings"]
        if f["rule"] == "dangerous_dog.notice_incidents"
    ]
    assert incidents["blocks"] and incidents["facts"]["missing"] == lacks


@pytest.mark.parametrize(
    "change, problem",
    [
        (
            {"incident_dates": ["2026-10-20", "2026-10-21"]},
            "incident_dates: give one for each of "
            "incident_places (null where the notice states none)",
        ),
        ({"incident_times": []}, None),
        (
            {"incident_times": ["17:45", None]},
            "incident_times: give one for each of "
            "incident_places (null where the notice states none)",
        ),
    ],
)
def test_the_notice_question_pairs_the_dates_and_times_with_the_places(change, problem):
    from dogtag.law.facts import FactsError

    if problem is None:  # an empty list: no incident's time is stated
        evaluate("dangerous-dog-notice", {**FULL, **change}, P)
        return
    with pytest.raises(FactsError) as error:
        evaluate("dangerous-dog-notice", {**FULL, **change}, P)
    assert error.value.problems == [problem]


def test_the_contents_rule_is_catalogued_under_a_1_and_answered_by_the_notice_question():
    rule = RULES["dangerous_dog.notice_contents"]
    assert rule.section == "3-2-9.A.1.a" and rule.question == "dangerous-dog-notice"
    assert QUESTIONS["dangerous-dog-notice"].rules == (
        "dangerous_dog.notice_service",
        "dangerous_dog.notice_incidents",
        "dangerous_dog.notice_contents",
    )
