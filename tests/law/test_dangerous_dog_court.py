"""The steps beside the Authority's own path (issue 26 part 2): which owner asked for the hearing
(A.1.a, A.1.c), a refusal to release the dog (A.2.h), review by writ of certiorari (A.4), the
disclosure to a buyer before a sale (D), and the yearly renewal until the dog dies (B.7), each as
an event of the log with its rules, clocks and refusals.

Dates: designated Mon 2026-10-26, served Wed 10-28, request Mon 11-02, hearing Thu 11-12, order
Mon 11-16; the 60 days of Minn. Stat. 606.01 from the order end Fri 2027-01-15.
"""

from __future__ import annotations

import datetime as dt

import pytest

from dogtag.law import dangerous_dog_procedure as procedure
from dogtag.law.dangerous_dog_procedure import court
from dogtag.law.params import default
from dogtag.law.questions import evaluate

D = dt.date
E = procedure.Event
P = default()

SERVED = [
    E("designated", D(2026, 10, 26)),
    E("notice_issued", D(2026, 10, 26)),
    E("served", D(2026, 10, 28)),
]
HELD = [
    *SERVED,
    E("hearing_requested", D(2026, 11, 2)),
    E("hearing_scheduled", D(2026, 11, 3), {"hearing_on": D(2026, 11, 12)}),
    E("hearing_held", D(2026, 11, 12)),
]


def ordered(disposition: str = "upheld") -> list[procedure.Event]:
    return [*HELD, E("order_issued", D(2026, 11, 16), {"disposition": disposition})]


# an order of destruction with the written findings of each criterion of A.3
DESTRUCTION = [
    *HELD,
    E(
        "order_issued",
        D(2026, 11, 16),
        {
            "disposition": "destruction",
            "findings": ["dangerous_by_attack", "owner_cannot_control", "no_proof_of_insurance"],
        },
    ),
]
REVOKED = [
    *ordered(),
    E("registered", D(2026, 11, 29)),
    E("revocation_notice", D(2027, 1, 4)),
    E("revocation_hearing", D(2027, 1, 20)),
    E("revocation_order", D(2027, 1, 22), {"outcome": "dispose"}),
]


def clock_due(found: procedure.Standing, rule: str) -> dt.date | None:
    dues = [f.deadline.due for f in found.deadlines if f.rule == rule and f.deadline]
    return dues[0] if dues else None


# ------------------------------------------------------------------ A.1.a, A.1.c: who asked


@pytest.mark.parametrize(
    "requester, state, flags",
    [
        ("owner_of_record", "hearing_requested", []),
        # service on any owner is effective as to all; any owner's request opens the hearing
        ("other_owner", "hearing_requested", []),
        ("for_owner", "hearing_requested", []),
        # a neighbour's letter is no request: kept, flagged, and the days keep running
        ("not_owner", "served", ["not_by_owner"]),
    ],
)
def test_3_2_9_A_1_c_a_request_by_any_owner_opens_the_hearing_and_no_one_elses(
    requester, state, flags
):
    # given a written request on Mon 11-02 by the person named
    events = [
        *SERVED,
        E("hearing_requested", D(2026, 11, 2), {"requester": requester, "requested_by": "Lee"}),
    ]
    # when the case is read on Tue 11-03
    found = procedure.standing(events, D(2026, 11, 3), P)
    # then only an owner's request moves the case
    assert found.state == state
    assert [f.outcome for f in found.flags] == flags
    if flags:
        assert found.flags[0].message == (
            "The request received Mon 2026-11-02 was made by Lee, a person who is not an owner "
            "of the dog: only an owner, or a person acting for one, may request the hearing "
            "(3-2-9.A.1.c). It is kept in the log and is not a request; the days to request one "
            "keep running."
        )
        assert "hearing_request" in found.allowed


# ------------------------------------------------------------------------ A.4: certiorari


@pytest.mark.parametrize(
    "before, outcome, state",
    [
        (ordered(), "affirmed", "dangerous"),
        (ordered(), "reversed", "rescinded"),
        (ordered(), "remanded", "hearing_held"),
        (DESTRUCTION, "reversed", "rescinded"),
        (REVOKED, "affirmed", "revoked"),
        (REVOKED, "reversed", "registered"),
        (REVOKED, "remanded", "revocation_heard"),
    ],
)
def test_3_2_9_A_4_the_case_follows_the_court_of_appeals(before, outcome, state):
    filed = before[-1].on + dt.timedelta(days=20)
    events = [
        *before,
        E("certiorari_filed", filed),
        E("certiorari_decided", filed + dt.timedelta(days=90), {"outcome": outcome}),
    ]
    assert procedure.state_after(events) == state


@pytest.mark.parametrize(
    "filed_on, outcome",
    [
        # the 60 days of Minn. Stat. 606.01 from Mon 11-16 end Fri 2027-01-15
        (D(2027, 1, 15), "filed"),
        (D(2027, 1, 19), "filed_late"),
    ],
)
def test_3_2_9_A_4_a_petition_after_the_days_is_recorded_and_marked_late(filed_on, outcome):
    found = procedure.standing(ordered(), filed_on, P)
    findings = found.allowed["certiorari_filed"]
    [filing] = [f for f in findings if f.rule == court.CERTIORARI]
    assert filing.outcome == outcome
    assert filing.deadline is not None and filing.deadline.due == D(2027, 1, 15)
    assert not filing.blocks


def test_3_2_9_A_4_the_owners_clock_stops_once_the_petition_is_filed():
    # given the upheld order: the time to seek review runs to Fri 2027-01-15
    before = procedure.standing(ordered(), D(2026, 12, 1), P)
    assert clock_due(before, "dangerous_dog.certiorari") == D(2027, 1, 15)
    # when the owner files on Tue 12-01
    events = [*ordered(), E("certiorari_filed", D(2026, 12, 1))]
    after = procedure.standing(events, D(2026, 12, 2), P)
    # then the clock is gone, the writ is shown pending, the other clocks keep running
    assert clock_due(after, "dangerous_dog.certiorari") is None
    assert clock_due(after, "dangerous_dog.registration") == clock_due(
        before, "dangerous_dog.registration"
    )
    [pending] = [f for f in after.conduct if f.rule == court.CERTIORARI]
    assert pending.message == (
        "Review by writ of certiorari pending since Tue 2026-12-01: the Hearing Officer's "
        "decision stands meanwhile and the case's clocks keep running (reading "
        "readings.certiorari_no_automatic_stay); record the Court's decision when it comes."
    )
    assert "certiorari_decided" in after.allowed and "certiorari_filed" not in after.allowed


def test_3_2_9_A_4_a_revocation_order_may_be_reviewed_too():
    found = procedure.standing(REVOKED, D(2027, 1, 25), P)
    # 60 days from Fri 2027-01-22: Tue 03-23
    assert clock_due(found, "dangerous_dog.certiorari") == D(2027, 3, 23)
    assert "certiorari_filed" in found.allowed


def test_3_2_9_A_4_on_remand_the_order_is_due_from_the_courts_decision():
    events = [
        *ordered(),
        E("certiorari_filed", D(2026, 12, 1)),
        E("certiorari_decided", D(2027, 3, 1), {"outcome": "remanded"}),
    ]
    found = procedure.standing(events, D(2027, 3, 2), P)
    assert found.state == "hearing_held"
    # ten days from Mon 2027-03-01: Thu 03-11 (readings.order_days_on_remand)
    assert clock_due(found, "dangerous_dog.order") == D(2027, 3, 11)
    assert next(iter(found.allowed)) == "order"


@pytest.mark.parametrize(
    "events, why",
    [
        # the designation stood without a hearing: no decision of the Hearing Officer
        (
            [
                *SERVED,
                E("designation_stands", D(2026, 11, 13)),
                E("certiorari_filed", D(2026, 12, 1)),
            ],
            "there is no decision of the Hearing Officer to review",
        ),
        ([*ordered("rescinded"), E("certiorari_filed", D(2026, 12, 1))], "no decision"),
        (
            [
                *ordered(),
                E("certiorari_filed", D(2026, 12, 1)),
                E("certiorari_filed", D(2026, 12, 2)),
            ],
            "already pending",
        ),
        (
            [*ordered(), E("certiorari_decided", D(2026, 12, 1), {"outcome": "reversed"})],
            "no petition for a writ of certiorari is pending",
        ),
    ],
)
def test_3_2_9_A_4_a_court_event_without_its_ground_is_set_aside(events, why):
    found = procedure.standing(events, D(2026, 12, 3), P)
    [flag] = found.flags
    assert (flag.rule, flag.outcome, flag.blocks) == (court.CERTIORARI, "set_aside", True)
    assert why in flag.message
    # and the case stands where it stood without it
    assert found.state == procedure.state_after(events[:-1])


def test_3_2_9_A_4_the_step_is_refused_where_there_is_nothing_to_review():
    events = [*SERVED, E("designation_stands", D(2026, 11, 13))]
    found = procedure.standing(events, D(2026, 12, 1), P)
    assert "certiorari_filed" not in found.allowed
    assert [f.outcome for f in found.blocked["certiorari_filed"]] == ["in_order", "no_decision"]
    assert [f.outcome for f in found.blocked["certiorari_decided"]] == ["in_order", "no_writ"]


# ---------------------------------------------------------------- A.2.h: refusal to release


@pytest.mark.parametrize(
    "disposition, basis, reason",
    [
        ("upheld_custody", "custody_order", "after the Hearing Officer found the dog dangerous"),
        ("upheld", "demand", "upon the demand of the Animal Control Authority"),
        # no custody order: the refusal is one on a demand
        ("upheld", "custody_order", "upon the demand of the Animal Control Authority"),
    ],
)
def test_3_2_9_A_2_h_a_refusal_to_release_is_a_misdemeanor_in_the_log(disposition, basis, reason):
    events = [
        *ordered(disposition),
        E("release_refused", D(2026, 11, 18), {"basis": basis, "person": "Pat Gustafson"}),
    ]
    found = procedure.standing(events, D(2026, 11, 20), P)
    [refusal] = [f for f in found.conduct if f.rule == "dangerous_dog.release_on_demand"]
    assert refusal.outcome == "misdemeanor" and refusal.blocks
    assert refusal.message.startswith("On Wed 2026-11-18, Pat Gustafson: Misdemeanor: ")
    assert reason in refusal.message
    # the refusal does not move the case
    assert found.state == "dangerous"


def test_3_2_9_A_2_h_not_offered_before_a_hearing_is_requested_nor_while_the_dog_is_held():
    assert "release_refused" not in procedure.standing(SERVED, D(2026, 11, 1), P).allowed
    held = procedure.Circumstances(impounded=True)
    found = procedure.standing(ordered("upheld_custody"), D(2026, 11, 20), P, held)
    assert [f.outcome for f in found.blocked["release_refused"]] == ["in_order", "held"]


# ------------------------------------------------------------------------ D: sale disclosure


@pytest.mark.parametrize(
    "disclosed_on, outcome",
    [
        (D(2026, 12, 1), "told_before"),
        # the same day is before: dates carry no hour
        (D(2026, 12, 5), "told_before"),
        (D(2026, 12, 7), "not_told_before"),
        (None, "not_told_before"),
    ],
)
def test_3_2_9_D_the_buyer_is_told_before_the_sale(disclosed_on, outcome):
    events = [*ordered()]
    if disclosed_on is not None:
        events.append(E("sale_disclosure", disclosed_on, {"buyer": "Lee Buyer"}))
    events.append(
        E(
            "owner_notice",
            D(2026, 12, 10),
            {"kind": "transfer", "occurred_on": "2026-12-05", "new_owner_name": "Lee Buyer"},
        )
    )
    events.sort(key=lambda e: e.on)
    found = procedure.standing(events, D(2026, 12, 11), P)
    [sale] = [f for f in found.conduct if f.rule == court.SALE]
    assert sale.outcome == outcome
    assert sale.blocks is (outcome == "not_told_before")


def test_3_2_9_D_the_rule_words_each_answer():
    assert court.sale_disclosure(D(2026, 12, 7), D(2026, 12, 5), "Lee").message == (
        "The buyer to Lee was told only on Mon 2026-12-07, after the sale or transfer of Sat "
        "2026-12-05 that the dog was designated Dangerous: a violation of 3-2-9.D."
    )


# --------------------------------------------------------------------------- B.7: renewal


@pytest.mark.parametrize(
    "renewals, on, outcome, expires",
    [
        ([], D(2027, 11, 28), "renewal_due", D(2027, 11, 28)),
        ([], D(2027, 11, 29), "lapsed", D(2027, 11, 28)),
        # a renewal before the year ends follows it without a gap
        ([D(2027, 11, 20)], D(2028, 6, 1), "renewal_due", D(2028, 11, 28)),
    ],
)
def test_3_2_9_B_7_the_registration_is_renewed_every_year(renewals, on, outcome, expires):
    events = [*ordered(), E("registered", D(2026, 11, 29))]
    events += [E("renewed", day) for day in renewals]
    found = procedure.standing(events, on, P)
    [term] = [f for f in found.controlling if f.rule == "dangerous_dog.registration_term"]
    assert term.outcome == outcome
    assert term.details["expires_on"] == expires
    assert term.blocks is (outcome == "lapsed")


# ------------------------------------------------------------------------ dogtag evaluate


def test_the_question_takes_these_events_in_its_log():
    findings = evaluate(
        "dangerous-dog-case",
        {
            "designated_on": "2026-10-26",
            "notice_issued_on": "2026-10-26",
            "served_on": "2026-10-28",
            "hearing_requested_on": "2026-11-02",
            "hearing_scheduled_on": "2026-11-03",
            "hearing_held_on": "2026-11-12",
            "order_issued_on": "2026-11-16",
            "order_disposition": "upheld_custody",
            "on": "2026-12-02",
            "events": [
                {
                    "kind": "release_refused",
                    "on": "2026-11-18",
                    "facts": {"basis": "custody_order"},
                },
                {"kind": "certiorari_filed", "on": "2026-12-01", "facts": {}},
            ],
        },
        P,
    )["findings"]
    outcomes = [(f["rule"], f["outcome"]) for f in findings]
    assert ("dangerous_dog.release_on_demand", "misdemeanor") in outcomes
    assert (court.CERTIORARI, "pending") in outcomes
    assert ("dangerous_dog.certiorari", "due") not in outcomes
