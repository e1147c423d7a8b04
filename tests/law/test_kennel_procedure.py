"""City Code 3-2-5.A and B as a pure function of dated events (issue 26): the commercial kennel
application from its application to its renewals, and the private kennel's inspection after a
complaint. Tables of event lists and days; the property tests are in
``test_kennel_procedure_properties.py``."""

from __future__ import annotations

import datetime as dt

import pytest

from dogtag.law import kennel_procedure as kp
from dogtag.law.procedure import Event
from dogtag.law.questions import FactsError, evaluate

D = dt.date
APPLIED = Event("application", D(2026, 10, 1))
HEARING = Event("hearing_scheduled", D(2026, 10, 5), {"hearing_on": D(2026, 11, 20)})
LISTED = Event("notice_list", D(2026, 10, 20))
MAILED = Event("notice_mailed", D(2026, 10, 22))
HELD = Event("hearing_held", D(2026, 11, 20))
RECOMMENDED = Event("recommendation", D(2026, 11, 20), {"recommendation": "approve"})
APPROVED = Event("council_decision", D(2026, 12, 7), {"approved": True})
LICENSED = Event("license", D(2026, 12, 8))


# ----------------------------------------------------------------------------- issue 26 item 1.5


@pytest.mark.parametrize(
    "events, on, state, license_allowed",
    [
        # given a council vote on November 10, before the hearing of November 20 (3-2-5.B.2)
        (
            [
                APPLIED,
                HEARING,
                LISTED,
                MAILED,
                Event("council_decision", D(2026, 11, 10), {"approved": True}),
                HELD,
                RECOMMENDED,
            ],
            D(2026, 12, 1),
            "recommended",
            False,
        ),
        # a council vote after the hearing but before the commission's recommendation
        (
            [
                APPLIED,
                HEARING,
                LISTED,
                MAILED,
                HELD,
                Event("council_decision", D(2026, 11, 20), {"approved": True}),
                Event("recommendation", D(2026, 11, 23), {"recommendation": "approve"}),
            ],
            D(2026, 12, 1),
            "recommended",
            False,
        ),
        # a council vote with no hearing at all
        (
            [APPLIED, Event("council_decision", D(2026, 10, 6), {"approved": True})],
            D(2026, 12, 1),
            "received",
            False,
        ),
        # a license a clerk recorded with no council decision
        (
            [APPLIED, HEARING, LISTED, MAILED, HELD, RECOMMENDED, LICENSED],
            D(2026, 12, 9),
            "recommended",
            False,
        ),
        # the straight path: the vote after the recommendation is an approval
        (
            [APPLIED, HEARING, LISTED, MAILED, HELD, RECOMMENDED, APPROVED],
            D(2026, 12, 7),
            "approved",
            True,
        ),
    ],
)
def test_b1_b2_only_a_council_decision_after_the_hearing_and_recommendation_approves(
    nowthen, events, on, state, license_allowed
):
    # when the application is evaluated on the day asked
    found = kp.commercial_application(events, on, nowthen)
    # then a vote before the hearing or the recommendation is no approval, and no license follows
    assert found.state == state
    assert ("license" in found.allowed) is license_allowed
    assert found.state != "licensed"


def test_b1_a_vote_before_the_hearing_is_named_as_no_approval(nowthen):
    # given a council vote taken before the hearing
    early = Event("council_decision", D(2026, 11, 10), {"approved": True})
    found = kp.commercial_application(
        [APPLIED, HEARING, LISTED, MAILED, early, HELD, RECOMMENDED], D(2026, 12, 1), nowthen
    )
    # then the state says the vote was not counted, and why
    [(event, findings)] = found.not_counted
    assert event == early
    assert findings[0].blocks
    assert findings[0].message == (
        "Not counted: the City Council's decision of November 10, 2026. Not yet: the City "
        "Council's decision cannot be recorded before the hearing before the Planning & Zoning "
        "Commission (3-2-5.B.2). It is not an approval."
    )


@pytest.mark.parametrize(
    "facts, state",
    [
        (
            {
                "on": "2026-12-09",
                "applied_on": "2026-10-01",
                "hearing_on": "2026-11-20",
                "notice_list_drawn_on": "2026-10-20",
                "notice_mailed_on": "2026-10-22",
                "recommended_on": "2026-11-20",
                "council_decided_on": "2026-11-10",
                "council_approved": True,
                "licensed_on": "2026-12-08",
            },
            "recommended",
        ),
        (
            {
                "on": "2026-12-09",
                "applied_on": "2026-10-01",
                "council_decided_on": "2026-10-02",
                "council_approved": True,
                "licensed_on": "2026-10-03",
            },
            "received",
        ),
    ],
)
def test_the_question_does_not_license_on_a_vote_before_the_hearing(nowthen, facts, state):
    # when a case history with the council's vote before the hearing is evaluated
    answer = evaluate("commercial-kennel-application", facts, nowthen)
    # then the application is not approved, let alone licensed
    summary = answer["findings"][0]
    assert summary["details"]["state"] == state
    assert "license" not in summary["details"]["next_steps"]


# ----------------------------------------------------------------------------- 3-2-5.B.1-B.2
DENIED = Event("council_decision", D(2026, 12, 7), {"approved": False})
STRAIGHT = [APPLIED, HEARING, LISTED, MAILED, HELD, RECOMMENDED, APPROVED, LICENSED]


@pytest.mark.parametrize(
    "events, on, state, next_steps, waits_on",
    [
        (
            [APPLIED],
            D(2026, 10, 2),
            "received",
            ["hearing_scheduled", "withdrawn"],
            "hearing_scheduled",
        ),
        (
            [APPLIED, HEARING],
            D(2026, 10, 6),
            "received",
            ["hearing_scheduled", "notice_list", "withdrawn"],
            "notice_list",
        ),
        (
            [APPLIED, HEARING, LISTED],
            D(2026, 10, 21),
            "received",
            ["hearing_scheduled", "notice_list", "notice_mailed", "owner_omitted", "withdrawn"],
            "notice_mailed",
        ),
        # the hearing day has come and the notice was not mailed: reschedule the hearing first
        (
            [APPLIED, HEARING, LISTED],
            D(2026, 11, 20),
            "received",
            ["hearing_scheduled", "notice_list", "owner_omitted", "withdrawn"],
            "notice_mailed",
        ),
        # noticed: the hearing is held on its day, not before
        (
            [APPLIED, HEARING, LISTED, MAILED],
            D(2026, 11, 19),
            "hearing_noticed",
            ["owner_omitted", "withdrawn"],
            "hearing_held",
        ),
        (
            [APPLIED, HEARING, LISTED, MAILED],
            D(2026, 11, 20),
            "hearing_noticed",
            ["hearing_scheduled", "hearing_held", "owner_omitted", "withdrawn"],
            "hearing_held",
        ),
        # a hearing not held on its day is scheduled and noticed again
        (
            [APPLIED, HEARING, LISTED, MAILED],
            D(2026, 11, 23),
            "hearing_noticed",
            ["hearing_scheduled", "owner_omitted", "withdrawn"],
            "hearing_held",
        ),
        # held (3-2-5.B.2): the commission recommends
        (
            [APPLIED, HEARING, LISTED, MAILED, HELD],
            D(2026, 11, 20),
            "hearing_held",
            ["recommendation", "owner_omitted", "withdrawn"],
            "recommendation",
        ),
        (
            [APPLIED, HEARING, LISTED, MAILED, HELD, RECOMMENDED],
            D(2026, 12, 1),
            "recommended",
            ["council_decision", "owner_omitted", "withdrawn"],
            "council_decision",
        ),
        (
            [APPLIED, HEARING, LISTED, MAILED, HELD, RECOMMENDED, APPROVED],
            D(2026, 12, 7),
            "approved",
            ["license", "withdrawn"],
            "license",
        ),
        (
            [APPLIED, HEARING, LISTED, MAILED, HELD, RECOMMENDED, DENIED],
            D(2026, 12, 8),
            "denied",
            [],
            None,
        ),
        (STRAIGHT, D(2026, 12, 9), "licensed", ["nuisance_complaint", "renewal"], None),
        # the initial term of one year has run out
        (STRAIGHT, D(2027, 12, 8), "expired", ["nuisance_complaint", "renewal"], None),
        ([APPLIED, Event("withdrawn", D(2026, 10, 3))], D(2026, 10, 4), "withdrawn", [], None),
    ],
)
def test_b1_b2_application_state(nowthen, events, on, state, next_steps, waits_on):
    found = kp.commercial_application(events, on, nowthen)
    assert (found.state, list(found.next_steps), kp.next_step(found)) == (
        state,
        next_steps,
        waits_on,
    )
    # every event kind is either allowed or blocked, with the finding that says why
    assert set(found.allowed) | set(found.blocked) == set(kp.EVENT_KINDS)
    assert all(fs and all(f.blocks for f in fs) for fs in found.blocked.values())
    assert found.not_counted == ()


@pytest.mark.parametrize(
    "events, step, on, facts, outcome, message",
    [
        (
            [APPLIED, HEARING, LISTED],
            "notice_mailed",
            D(2026, 11, 20),
            None,
            "not_on_this_day",
            "The notice must go out before the hearing of 2026-11-20 (3-2-5.B.2); reschedule the "
            "hearing first.",
        ),
        (
            [APPLIED, HEARING, LISTED],
            "notice_mailed",
            D(2026, 10, 19),
            None,
            "not_on_this_day",
            "Steps are recorded in the order they happened: October 19, 2026 is before the last "
            "step recorded, on October 20, 2026 (3-2-5.B.2).",
        ),
        (
            [APPLIED],
            "hearing_scheduled",
            D(2026, 10, 2),
            {"hearing_on": D(2026, 10, 2)},
            "not_on_this_day",
            "The hearing is set for a day after October 2, 2026, so that notice can be given "
            "before it (3-2-5.B.2).",
        ),
        (
            [APPLIED, HEARING, LISTED, MAILED],
            "hearing_held",
            D(2026, 11, 19),
            None,
            "not_on_this_day",
            "The hearing noticed is the one on November 20, 2026, not November 19, 2026: a "
            "hearing on another day is scheduled and noticed again (3-2-5.B.2).",
        ),
        (
            [APPLIED, HEARING, LISTED, MAILED],
            "recommendation",
            D(2026, 11, 20),
            None,
            "out_of_order",
            "Not yet: the Planning & Zoning Commission's recommendation to the City Council "
            "cannot be recorded before the hearing before the Planning & Zoning Commission "
            "(3-2-5.B.2).",
        ),
        (
            [APPLIED, HEARING, LISTED, MAILED, HELD],
            "recommendation",
            D(2026, 11, 20),
            {"recommendation": "approve_with_conditions", "conditions": []},
            "conditions_do_not_match",
            "Name the conditions the commission recommends (3-2-5.B.2).",
        ),
        (
            [APPLIED, HEARING, LISTED, MAILED, HELD],
            "recommendation",
            D(2026, 11, 20),
            {"recommendation": "deny", "conditions": ["Six dogs at most"]},
            "conditions_do_not_match",
            "Conditions go with a recommendation to approve with conditions (3-2-5.B.2).",
        ),
        (
            [APPLIED, HEARING, LISTED, MAILED, HELD, RECOMMENDED],
            "council_decision",
            D(2026, 12, 1),
            {"approved": False, "conditions": ["Quiet after 9 p.m."]},
            "conditions_without_approval",
            "Conditions (3-2-5.B.9) go with an approval, not a denial.",
        ),
        (
            [APPLIED, HEARING, LISTED, MAILED, HELD, RECOMMENDED, DENIED],
            "license",
            D(2026, 12, 8),
            None,
            "refused",
            "Refused: the City Council denied the request; no commercial kennel license may issue "
            "without the council's approval (3-2-5.B.1).",
        ),
        (
            [APPLIED, HEARING, LISTED, MAILED, HELD, RECOMMENDED],
            "license",
            D(2026, 12, 8),
            None,
            "out_of_order",
            "Not yet: the license from the City Council cannot be recorded before the City "
            "Council's decision (3-2-5.B.1).",
        ),
        (
            [APPLIED],
            "nuisance_complaint",
            D(2026, 10, 8),
            None,
            "not_licensed",
            "Not yet: a nuisance complaint received at the City relating to the dogs kept on the "
            "property follows the license from the City Council (3-2-5.B.2).",
        ),
        (
            STRAIGHT,
            "withdrawn",
            D(2026, 12, 9),
            None,
            "licensed",
            "Not done: the license issued on December 8, 2026 (3-2-5.B.1).",
        ),
    ],
)
def test_b1_b2_a_step_not_in_order_is_blocked_with_its_finding(
    nowthen, events, step, on, facts, outcome, message
):
    first = kp.commercial_step(events, step, on, nowthen, facts)[0]
    assert (first.outcome, first.blocks, first.message) == (outcome, True, message)


def test_b2_the_notice_deadline_runs_until_the_day_before_the_hearing(nowthen):
    state = kp.commercial_application([APPLIED, HEARING, LISTED], D(2026, 11, 2), nowthen)
    [notice] = state.deadlines
    assert (notice.next_date, notice.blocks, notice.details["starts_on"]) == (
        D(2026, 11, 19),
        False,
        D(2026, 10, 5),
    )
    assert notice.message == (
        "The notice to all affected property owners must be mailed before the hearing of "
        "November 20, 2026: on November 19, 2026 at the latest (3-2-5.B.2)."
    )
    late = kp.commercial_application([APPLIED, HEARING, LISTED], D(2026, 11, 20), nowthen)
    assert late.deadlines[0].blocks
    assert late.deadlines[0].message.endswith("That day has passed: reschedule the hearing.")
    noticed = kp.commercial_application([APPLIED, HEARING, LISTED, MAILED], D(2026, 11, 2), nowthen)
    assert noticed.deadlines == ()


# ----------------------------------------------------------------------------- an owner missed

LISTED_WITH = Event("notice_list", D(2026, 10, 20), {"recipients": ["R01-0002", "R01-0003"]})
MISSED = Event("owner_omitted", D(2026, 11, 2), {"owner": "R01-0009"})
NOTIFIED = Event("owner_notified_late", D(2026, 11, 5), {"owner": "R01-0009"})
NOTICED = [APPLIED, HEARING, LISTED_WITH, MAILED]


@pytest.mark.parametrize(
    "events, on, state, held_counted, waits_on",
    [
        # found before the hearing and notified before it: the hearing is held on notice to all
        (
            [*NOTICED, MISSED, NOTIFIED, HELD],
            D(2026, 11, 20),
            "hearing_held",
            True,
            "recommendation",
        ),
        # found before the hearing, never notified: the hearing held is not the hearing B.2 needs
        ([*NOTICED, MISSED, HELD], D(2026, 11, 20), "hearing_noticed", False, "hearing_held"),
        # notified on the hearing day: too late, the same
        (
            [
                *NOTICED,
                MISSED,
                Event("owner_notified_late", D(2026, 11, 20), {"owner": "R01-0009"}),
                HELD,
            ],
            D(2026, 11, 20),
            "hearing_noticed",
            False,
            "hearing_held",
        ),
        # found after the hearing: the hearing and its recommendation are undone, noticed again
        (
            [
                *NOTICED,
                HELD,
                RECOMMENDED,
                Event("owner_omitted", D(2026, 11, 24), {"owner": "R01-0009"}),
            ],
            D(2026, 11, 25),
            "to_be_noticed_again",
            False,
            "hearing_held",
        ),
        # ... scheduled again, noticed to the missing owner and to all, held again
        (
            [
                *NOTICED,
                HELD,
                RECOMMENDED,
                Event("owner_omitted", D(2026, 11, 24), {"owner": "R01-0009"}),
                Event("hearing_scheduled", D(2026, 11, 25), {"hearing_on": D(2026, 12, 18)}),
                Event(
                    "notice_list",
                    D(2026, 11, 26),
                    {"recipients": ["R01-0002", "R01-0003", "R01-0009"]},
                ),
                Event("notice_mailed", D(2026, 11, 27)),
                Event("hearing_held", D(2026, 12, 18)),
            ],
            D(2026, 12, 18),
            "hearing_held",
            True,
            "recommendation",
        ),
    ],
)
def test_b2_an_owner_missing_from_the_list(nowthen, events, on, state, held_counted, waits_on):
    # given the notice list as drawn, and an owner within the distance found missing from it
    found = kp.commercial_application(events, on, nowthen)
    # then (reading readings.kennel_notice_omission) ...
    assert (found.state, kp.next_step(found)) == (state, waits_on)
    assert ("hearing_held" in found.completed) is held_counted
    if not held_counted and found.not_counted:
        [(_, (_, why, *_))] = found.not_counted
        assert why.rule == "kennel.notice_to_all_owners"
        assert why.readings[0].key.endswith("readings.kennel_notice_omission")
        assert "R01-0009 had no notice before November 20, 2026" in why.message


def test_b2_the_late_notice_is_a_clock_until_the_day_before_the_hearing(nowthen):
    found = kp.commercial_application([*NOTICED, MISSED], D(2026, 11, 3), nowthen)
    [late] = [d for d in found.deadlines if d.outcome == "late_notice_due"]
    assert (late.details["starts_on"], late.next_date, late.blocks) == (
        D(2026, 11, 2),
        D(2026, 11, 19),
        False,
    )
    assert late.message == (
        "R01-0009, found missing from the notice list on November 2, 2026, must have notice "
        "before the hearing of November 20, 2026: on November 19, 2026 at the latest, or the "
        "hearing is noticed again (3-2-5.B.2)."
    )
    # and the hearing may be scheduled again to notice it anew
    assert {"hearing_scheduled", "owner_notified_late"} <= set(found.allowed)


@pytest.mark.parametrize(
    "event, outcome",
    [
        (Event("owner_omitted", D(2026, 11, 2), {"owner": "R01-0002"}), "on_the_list"),
        (Event("owner_notified_late", D(2026, 11, 2), {"owner": "R01-0002"}), "nobody_missing"),
    ],
)
def test_b2_an_owner_on_the_list_is_not_missing(nowthen, event, outcome):
    [first, *_] = kp.commercial_step(NOTICED, event.kind, event.on, nowthen, event.facts)
    assert (first.rule, first.outcome, first.blocks) == (
        "kennel.notice_to_all_owners",
        outcome,
        True,
    )


def test_b2_under_the_bona_fide_attempt_reading_the_hearing_stands(city_reading):
    params = city_reading("readings.kennel_notice_omission", "bona_fide_attempt")
    found = kp.commercial_application([*NOTICED, MISSED, HELD], D(2026, 11, 20), params)
    assert found.state == "hearing_held" and found.not_counted == ()


# ----------------------------------------------------------------------------- B.9, terms, renewals


def test_b9_the_conditions_of_the_commission_and_the_council_are_kept(nowthen):
    events = [
        *NOTICED,
        HELD,
        Event(
            "recommendation",
            D(2026, 11, 20),
            {
                "recommendation": "approve_with_conditions",
                "conditions": ["Eight dogs outdoors at most"],
            },
        ),
        Event(
            "council_decision",
            D(2026, 12, 7),
            {"approved": True, "conditions": ["Quiet after 9 p.m."]},
        ),
        LICENSED,
    ]
    found = kp.commercial_application(events, D(2026, 12, 9), nowthen)
    assert found.dates.recommendation_conditions == ("Eight dogs outdoors at most",)
    assert found.dates.terms[0].conditions == ("Quiet after 9 p.m.",)
    # the license term is a clock: from the license day through the day before its anniversary
    [term] = found.deadlines
    assert (term.rule, term.details["starts_on"], term.next_date) == (
        "kennel.license_term",
        D(2026, 12, 8),
        D(2027, 12, 7),
    )


COMPLAINT = Event("nuisance_complaint", D(2027, 6, 1))


@pytest.mark.parametrize(
    "events, on, allowed, blocked, terms",
    [
        # no complaint in the twelve months: a subsequent license on the same terms
        (STRAIGHT, D(2027, 12, 1), {"renewal"}, {"council_renewal"}, 1),
        ([*STRAIGHT, Event("renewal", D(2027, 12, 1))], D(2027, 12, 2), {"renewal"}, set(), 2),
        # a complaint: the renewal goes to the City Council (reading §6.4)
        ([*STRAIGHT, COMPLAINT], D(2027, 12, 1), {"council_renewal"}, {"renewal"}, 1),
        (
            [
                *STRAIGHT,
                COMPLAINT,
                Event(
                    "council_renewal",
                    D(2027, 12, 1),
                    {"approved": True, "conditions": ["Bark collars at night"]},
                ),
            ],
            D(2027, 12, 2),
            set(),
            set(),
            2,
        ),
        (
            [*STRAIGHT, COMPLAINT, Event("council_renewal", D(2027, 12, 1), {"approved": False})],
            D(2027, 12, 2),
            set(),
            {"renewal", "council_renewal"},
            1,
        ),
        # the complaint counted by the renewal itself, from the City's paper file
        (
            [
                *STRAIGHT,
                Event(
                    "council_renewal",
                    D(2027, 12, 1),
                    {"approved": True, "complaints": ["2027-03-02"]},
                ),
            ],
            D(2027, 12, 2),
            set(),
            set(),
            2,
        ),
    ],
)
def test_b2_subsequent_licenses_after_complaints(nowthen, events, on, allowed, blocked, terms):
    found = kp.commercial_application(events, on, nowthen)
    assert allowed <= set(found.allowed)
    assert blocked <= set(found.blocked)
    assert len(found.dates.terms) == terms
    assert found.not_counted == ()


def test_b2_a_renewal_on_the_same_terms_after_a_complaint_is_not_counted(nowthen):
    found = kp.commercial_application(
        [*STRAIGHT, COMPLAINT, Event("renewal", D(2027, 12, 1))], D(2027, 12, 9), nowthen
    )
    assert found.state == "expired"
    [(event, (_, why))] = found.not_counted
    assert (event.kind, why.rule, why.outcome) == (
        "renewal",
        "kennel.commercial_renewal",
        "council_decides",
    )


def test_b2_the_new_application_reading_refuses_a_council_renewal(city_reading):
    params = city_reading("readings.commercial_kennel_renewal", "new_application")
    found = kp.commercial_application([*STRAIGHT, COMPLAINT], D(2027, 12, 1), params)
    assert found.blocked["council_renewal"][0].outcome == "new_application"


# ----------------------------------------------------------------------------- the question


def test_the_question_answers_where_an_application_stands(nowthen):
    # given "applied on Oct 1, hearing Nov 20, list drawn Oct 20, today Nov 2"
    answer = evaluate(
        "commercial-kennel-application",
        {
            "on": "2026-11-02",
            "applied_on": "2026-10-01",
            "hearing_on": "2026-11-20",
            "notice_list_drawn_on": "2026-10-20",
        },
        nowthen,
    )
    state, *rest = answer["findings"]
    assert state["outcome"] == "state"
    assert state["details"]["state"] == "received"
    assert state["details"]["next_steps"] == [
        "hearing_scheduled",
        "notice_list",
        "notice_mailed",
        "owner_omitted",
        "withdrawn",
    ]
    assert state["message"].startswith(
        "On 2026-11-02 the commercial kennel application is received; it waits on notice mailed."
    )
    assert [f["next_date"] for f in rest if f["outcome"] == "notice_due"] == ["2026-11-19"]


def test_the_question_takes_any_event_as_often_as_it_happened(nowthen):
    # given a hearing noticed twice, an owner missed and notified late, and the council's vote
    answer = evaluate(
        "commercial-kennel-application",
        {
            "on": "2026-12-20",
            "applied_on": "2026-10-01",
            "events": [
                {
                    "kind": "hearing_scheduled",
                    "on": "2026-10-05",
                    "facts": {"hearing_on": "2026-11-20"},
                },
                {"kind": "notice_list", "on": "2026-10-20", "facts": {"recipients": ["R01-0002"]}},
                {"kind": "notice_mailed", "on": "2026-10-22"},
                {"kind": "owner_omitted", "on": "2026-11-19", "facts": {"owner": "R01-0009"}},
                {
                    "kind": "hearing_scheduled",
                    "on": "2026-11-19",
                    "facts": {"hearing_on": "2026-12-04"},
                },
                {"kind": "owner_notified_late", "on": "2026-11-20", "facts": {"owner": "R01-0009"}},
                {"kind": "notice_mailed", "on": "2026-11-20"},
                {"kind": "hearing_held", "on": "2026-12-04"},
                {
                    "kind": "recommendation",
                    "on": "2026-12-04",
                    "facts": {"recommendation": "approve"},
                },
                {"kind": "council_decision", "on": "2026-12-14", "facts": {"approved": True}},
            ],
        },
        nowthen,
    )
    summary = answer["findings"][0]
    assert summary["details"]["state"] == "approved"
    assert summary["details"]["not_counted"] == []
    assert summary["details"]["next_steps"] == ["license", "withdrawn"]


def test_the_question_refuses_facts_that_do_not_go_together(nowthen):
    with pytest.raises(FactsError, match="council_decided_on and council_approved go together"):
        evaluate(
            "commercial-kennel-application",
            {"on": "2026-12-09", "applied_on": "2026-10-01", "council_decided_on": "2026-12-07"},
            nowthen,
        )
    with pytest.raises(FactsError, match="an owner_omitted event names the owner"):
        evaluate(
            "commercial-kennel-application",
            {
                "on": "2026-12-09",
                "applied_on": "2026-10-01",
                "events": [{"kind": "owner_omitted", "on": "2026-10-02"}],
            },
            nowthen,
        )


# ----------------------------------------------------------------------------- 3-2-5.A.2


@pytest.mark.parametrize(
    "approved, conditions, blocks",
    [(True, ["No outdoor runs after 9 p.m."], False), (False, ["x"], True), (False, ["  "], False)],
)
def test_b9_conditions_go_with_an_approval(approved, conditions, blocks):
    found = kp.council_conditions_with_approval(approved, conditions)
    assert (found is not None and found.blocks) == blocks


@pytest.mark.parametrize(
    "kind, previous_parcel, dogs, outcome",
    [
        ("relocation", "R1", 6, "not_a_relocation"),
        ("renewal", "R2", 6, "relocated"),
        ("add_dogs", "R1", 6, "adds_no_dogs"),
        ("add_dogs", "R1", 7, None),
        ("relocation", "R2", 6, None),
        ("renewal", "R1", 6, None),
    ],
)
def test_a2_the_kind_of_private_license_a_change_needs(kind, previous_parcel, dogs, outcome):
    found = kp.private_license_kind(
        kind,
        previous_number="PK1",
        previous_parcel=previous_parcel,
        parcel="R1",
        previous_dogs=6,
        dogs=dogs,
    )
    assert (found.outcome if found else None) == outcome
    assert found is None or (found.blocks and found.sections == ("3-2-5.A.2",))


# ----------------------------------------------------------------------------- 3-2-5.A

PRIVATE = Event("private_license", D(2026, 3, 2), {"dogs": 8})
PRIVATE_COMPLAINT = Event("private_complaint", D(2026, 11, 20))


@pytest.mark.parametrize(
    "events, on, state, allowed",
    [
        ([], D(2026, 3, 1), "no_license", ["private_license"]),
        ([PRIVATE], D(2026, 11, 1), "licensed", ["private_renewal", "private_complaint"]),
        # a complaint against the licensee authorizes an inspection (A.4)
        (
            [PRIVATE, PRIVATE_COMPLAINT],
            D(2026, 11, 21),
            "complaint_received",
            ["private_renewal", "private_complaint", "private_inspection"],
        ),
        # one inspection for each complaint received
        (
            [PRIVATE, PRIVATE_COMPLAINT, Event("private_inspection", D(2026, 11, 24))],
            D(2026, 11, 25),
            "licensed",
            ["private_renewal", "private_complaint"],
        ),
        # the term of one year has ended (A.3): no licensee to complain against
        ([PRIVATE], D(2027, 3, 2), "expired", ["private_license", "private_renewal"]),
    ],
)
def test_a3_a4_private_kennel_state(nowthen, events, on, state, allowed):
    found = kp.private_kennel(events, on, nowthen)
    assert (found.state, list(found.allowed)) == (state, allowed)
    assert found.not_counted == ()


def test_a4_no_inspection_without_a_complaint_and_the_dogs_counted_against_the_set_number(
    nowthen,
):
    # given an inspection with no complaint before it, and one after a complaint
    early = Event("private_inspection", D(2026, 6, 1))
    counted = Event("private_inspection", D(2026, 11, 24), {"dogs_counted": 9})
    found = kp.private_kennel(
        [PRIVATE, early, PRIVATE_COMPLAINT, counted], D(2026, 11, 29), nowthen
    )
    # then the first is not counted (A.4), and the second finds nine dogs on a license for eight
    [(event, (_, why))] = found.not_counted
    assert (event, why.rule, why.outcome) == (early, "kennel.inspection_grounds", "no_complaint")
    [result] = found.results
    assert (result.rule, result.outcome, result.blocks) == (
        "kennel.private_set_number",
        "new_license_required",
        True,
    )
    answer = evaluate(
        "private-kennel-license",
        {
            "on": "2026-11-29",
            "events": [e.to_json() for e in (PRIVATE, PRIVATE_COMPLAINT, counted)],
        },
        nowthen,
    )
    assert answer["findings"][0]["details"]["state"] == "licensed"
    assert "new_license_required" in [f["outcome"] for f in answer["findings"]]
