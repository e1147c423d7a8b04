"""3-2-9 as a pure function of the case's events (``dangerous_dog.procedure``) and the rules on
each step's legal conditions (``law.dangerous_dog_steps``, ``law.dangerous_dog_registration``)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from dogtag.law import dangerous_dog_procedure as procedure
from dogtag.law import dangerous_dog_registration as registration
from dogtag.law import dangerous_dog_steps as steps
from dogtag.law.catalogue import RULES
from dogtag.law.clocks import deadline
from dogtag.law.params import Source, default

D = dt.date
E = procedure.Event
P = default()

#: Notice issued Mon 2026-10-26 and served Wed 10-28: the window runs to Thu 11-12 (Veterans Day
#: Wed 11-11 moves it), as in tests/dangerous_dogs.
SERVED = [
    E("designated", D(2026, 10, 26)),
    E("notice_issued", D(2026, 10, 26)),
    E("served", D(2026, 10, 28)),
]
HEARING = [
    *SERVED,
    E("hearing_requested", D(2026, 11, 2)),
    E("hearing_scheduled", D(2026, 11, 3)),
    E("hearing_held", D(2026, 11, 12)),
]


def upheld(disposition: str = "upheld") -> list[procedure.Event]:
    return [*HEARING, E("order_issued", D(2026, 11, 16), {"disposition": disposition})]


# ------------------------------------------------------------------------------- the state


@pytest.mark.parametrize(
    "events, state",
    [
        (SERVED[:1], "designated"),
        (SERVED[:2], "notice_issued"),
        (SERVED, "served"),
        (HEARING[:4], "hearing_requested"),
        (HEARING[:5], "hearing_scheduled"),
        (HEARING, "hearing_held"),
        (upheld(), "dangerous"),
        (upheld("upheld_custody"), "dangerous"),
        (upheld("rescinded"), "rescinded"),
        (upheld("destruction"), "destruction_ordered"),
        ([*SERVED, E("designation_stands", D(2026, 11, 13))], "dangerous"),
        ([*upheld(), E("cost", D(2026, 11, 20)), E("registered", D(2026, 11, 29))], "registered"),
        (
            [*upheld(), E("registered", D(2026, 11, 29)), E("revocation_notice", D(2027, 1, 4))],
            "revocation_noticed",
        ),
        (
            [
                *upheld(),
                E("registered", D(2026, 11, 29)),
                E("revocation_notice", D(2027, 1, 4)),
                E("revocation_hearing", D(2027, 1, 20)),
                E("revocation_order", D(2027, 1, 22), {"outcome": "dispose"}),
            ],
            "revoked",
        ),
        (
            [
                *upheld(),
                E("registered", D(2026, 11, 29)),
                E("revocation_notice", D(2027, 1, 4)),
                E("revocation_hearing", D(2027, 1, 20)),
                E("revocation_order", D(2027, 1, 22), {"outcome": "not_revoked"}),
            ],
            "registered",
        ),
        ([*upheld(), E("owner_notice", D(2027, 2, 1), {"closes_case": True})], "closed"),
        ([*upheld(), E("owner_notice", D(2027, 2, 1), {"closes_case": False})], "dangerous"),
        (
            [
                *upheld(),
                E("review_requested", D(2027, 12, 1)),
                E("review_decided", D(2027, 12, 9), {"outcome": "rescinded"}),
            ],
            "rescinded",
        ),
        (
            [
                *upheld(),
                E("review_requested", D(2027, 12, 1)),
                E("review_decided", D(2027, 12, 9), {"outcome": "stands"}),
            ],
            "dangerous",
        ),
    ],
)
def test_the_events_lead_to_the_state(events, state):
    assert procedure.state_after(events) == state


def test_a_case_begins_with_its_designation():
    with pytest.raises(ValueError, match="no designated event"):
        procedure.state_after([E("served", D(2026, 10, 28))])


# ------------------------------------------------------------------------- steps and clocks


@pytest.mark.parametrize(
    "events, on, allowed",
    [
        (SERVED[:1], D(2026, 10, 26), ["notice"]),
        (SERVED[:2], D(2026, 10, 27), ["service"]),
        # A.1.e: the designation stands only after the window's last day, Thu 11-12; a spoken
        # request may be recorded while the days run, and is not a request (A.1.c)
        (SERVED, D(2026, 11, 12), ["hearing_request", "oral_request"]),
        # issue 26 item 1.2: once the window closed a request is no longer offered; a late one is
        # kept for the Hearing Officer and does not reopen the designation
        (SERVED, D(2026, 11, 13), ["stands", "late_request"]),
        # from the request on, the dog may be demanded (A.2.b, A.2.h)
        (HEARING[:4], D(2026, 11, 3), ["schedule", "pending", "release_refused", "cost"]),
        (HEARING[:5], D(2026, 11, 5), ["hold", "schedule", "pending", "release_refused", "cost"]),
        (HEARING, D(2026, 11, 12), ["order", "release_refused", "cost"]),
        # the thirty days of B.3.g still run on 11-29 (to Wed 12-16): no sterilization seizure
        (
            upheld(),
            D(2026, 11, 29),
            [
                "register",
                "inspection",
                "owner_notice",
                "review_request",
                "rental_disclosure",
                "release_refused",
                # A.4: the upholding order may be reviewed by writ of certiorari; D: a sale
                "certiorari_filed",
                "sale_disclosure",
                "cost",
            ],
        ),
        (upheld("rescinded"), D(2026, 11, 29), []),
    ],
)
def test_the_steps_allowed_next(events, on, allowed):
    standing = procedure.standing(events, on, P, number="DD2026-001")
    assert list(standing.allowed) == allowed


@pytest.mark.parametrize(
    "events, on, clocks",
    [
        # issue 26 item 1.4: the state's seizure clock shows from the day the notice is served
        (
            SERVED,
            D(2026, 11, 1),
            [
                ("dangerous_dog.hearing_request", D(2026, 11, 12)),
                ("dangerous_dog.seizure_unregistered", D(2026, 11, 12)),
            ],
        ),
        (HEARING[:4], D(2026, 11, 3), [("dangerous_dog.hearing", D(2026, 11, 16))]),
        (HEARING, D(2026, 11, 12), [("dangerous_dog.order", D(2026, 11, 23))]),
        (
            upheld(),
            D(2026, 11, 29),
            [
                ("dangerous_dog.registration", D(2026, 12, 16)),
                # 3-2-8: the state's clock runs beside the city's; with a hearing held it counts
                # from the order of Mon 11-16 (reading readings.state_clock_pending_hearing)
                ("dangerous_dog.seizure_unregistered", D(2026, 11, 30)),
                ("dangerous_dog.sterilization", D(2026, 12, 16)),
                # A.1.d: fourteen days from the confirming decision to meet the other requirements
                ("dangerous_dog.comply_after_decision", D(2026, 11, 30)),
                # A.4: the owner's time to seek review by certiorari (Minn. Stat. 606.01)
                ("dangerous_dog.certiorari", D(2027, 1, 15)),
            ],
        ),
        (upheld("rescinded"), D(2026, 11, 29), []),
    ],
)
def test_the_clocks_running(events, on, clocks):
    standing = procedure.standing(events, on, P)
    assert [(f.rule, f.deadline.due) for f in standing.deadlines] == clocks
    assert all(f.deadline.explanation for f in standing.deadlines)


def test_a_step_out_of_order_is_blocked_with_the_next_step():
    standing = procedure.standing(SERVED[:1], D(2026, 10, 27), P, number="DD2026-001")
    [finding] = standing.findings_for("service")
    assert finding.blocks and finding.sections == ("3-2-9.A.1.a",)
    assert finding.message == (
        "Case DD2026-001 is designated; the Notice of Dangerous Dog is to be issued: cannot record "
        "the service of the notice now. The next step is to issue the Notice of Dangerous Dog."
    )


@pytest.mark.parametrize(
    "events, step, section, words",
    [
        (
            [*SERVED, E("designation_stands", D(2026, 11, 13))],
            "hearing_request",
            "3-2-9.A.1.e",
            "no hearing was requested within the fourteen days (the last was Thu 2026-11-12), "
            "and the designation stands (3-2-9.A.1.e); the dog is deemed dangerous from Mon "
            "2026-10-26",
        ),
        (HEARING[:4], "hold", "3-2-9.A.2.a", "the hearing has not been scheduled yet"),
        (HEARING[:5], "order", "3-2-9.A.2.g", "no hearing has been held yet"),
    ],
)
def test_the_ordinance_says_why_a_step_is_not_yet(events, step, section, words):
    [finding] = procedure.standing(events, D(2026, 11, 20), P, number="DD2026-001").findings_for(
        step
    )
    assert finding.blocks and finding.sections == (section,) and words in finding.message


# ------------------------------------------------------------------------------ the rules

WINDOW = procedure.request_window(D(2026, 10, 28), P)
LIMIT = deadline(P, D(2026, 11, 2), clock_id="dangerous_dog.hearing")
REVOCATION = deadline(P, D(2027, 1, 4), clock_id="dangerous_dog.revocation_hearing")
RECLAIM = deadline(P, D(2027, 1, 22), clock_id="dangerous_dog.revocation_reclaim")


@pytest.mark.parametrize(
    "section, finding, outcome, blocks",
    [
        (
            "3-2-9.A.1.c",
            lambda: steps.hearing_request(D(2026, 11, 2), in_writing=False),
            "not_in_writing",
            True,
        ),
        (
            "3-2-9.A.1.c",
            lambda: steps.hearing_request(D(2026, 11, 12), in_writing=True, window=WINDOW),
            "in_time",
            False,
        ),
        (
            "3-2-9.A.1.c",
            lambda: steps.hearing_request(D(2026, 11, 13), in_writing=True, window=WINDOW),
            "too_late",
            True,
        ),
        (
            "3-2-9.A.1.e",
            lambda: procedure.designation_stands(D(2026, 10, 28), D(2026, 11, 12), P),
            "window_open",
            True,
        ),
        (
            "3-2-9.A.1.e",
            lambda: procedure.designation_stands(D(2026, 10, 28), D(2026, 11, 13), P),
            "stands",
            False,
        ),
        (
            "3-2-9.A.2.a",
            lambda: steps.hearing_in_time(D(2026, 11, 16), LIMIT, good_cause=""),
            "in_time",
            False,
        ),
        (
            "3-2-9.A.2.a",
            lambda: steps.hearing_in_time(D(2026, 11, 17), LIMIT, good_cause=""),
            "late",
            True,
        ),
        (
            "3-2-9.A.2.a",
            lambda: steps.hearing_in_time(D(2026, 11, 17), LIMIT, good_cause="ill"),
            "extended",
            False,
        ),
        (
            "3-2-9.A.2.a",
            lambda: steps.hearing_in_time(D(2026, 11, 17), LIMIT, good_cause=" ", held=True),
            "late",
            True,
        ),
        (
            "3-2-9.B.6.b",
            lambda: steps.hearing_in_time(
                D(2027, 1, 26), REVOCATION, good_cause="", revocation=True
            ),
            "late",
            True,
        ),
        (
            "3-2-9.A.2.f",
            lambda: steps.order_disposition(
                "destruction", destruction_sought=False, in_custody=False
            ),
            "destruction_not_sought",
            True,
        ),
        (
            "3-2-9.A.2.g",
            lambda: steps.order_disposition(
                "destruction", destruction_sought=True, in_custody=False
            ),
            "may_order",
            False,
        ),
        (
            "3-2-9.A.2.g",
            lambda: steps.order_disposition(
                "upheld_custody", destruction_sought=False, in_custody=True, kept_at="Anoka"
            ),
            "already_in_custody",
            True,
        ),
        (
            "3-2-9.A.2.g",
            lambda: steps.order_disposition(
                "upheld_custody", destruction_sought=False, in_custody=False
            ),
            "may_order",
            False,
        ),
        (
            "3-2-9.B.6.c",
            lambda: steps.revocation_reclaim(
                D(2027, 1, 22), None, owner_in_compliance=False, most=RECLAIM
            ),
            "not_in_compliance",
            True,
        ),
        (
            "3-2-9.B.6.c",
            lambda: steps.revocation_reclaim(
                D(2027, 1, 22), D(2027, 2, 23), owner_in_compliance=True, most=RECLAIM
            ),
            "too_long",
            True,
        ),
        (
            "3-2-9.B.6.c",
            lambda: steps.revocation_reclaim(
                D(2027, 1, 22), D(2027, 2, 1), owner_in_compliance=True, most=RECLAIM
            ),
            "reclaim_allowed",
            False,
        ),
        ("3-2-9.A", lambda: steps.who_acts("designation", "mayor"), "not_an_authority", True),
        (
            "3-2-9.E.7",
            lambda: steps.who_acts("conditions_review", "hearing_officer"),
            "authority",
            False,
        ),
        ("3-2-9.B.1", lambda: registration.registration_term(D(2026, 11, 29)), "term", False),
        (
            "3-2-9.B.7",
            lambda: registration.registration_term(D(2027, 11, 1), D(2027, 11, 28)),
            "renewal",
            False,
        ),
        (
            "3-2-9.B.3.c",
            lambda: registration.insurance_shown(
                D(2026, 11, 29), insurer="NSM", policy_number="1", expires_on=D(2026, 11, 28)
            ),
            "not_shown",
            True,
        ),
        (
            "3-2-9.B.3.c",
            lambda: registration.insurance_shown(
                D(2026, 11, 29), insurer="NSM", policy_number="1", expires_on=D(2026, 11, 29)
            ),
            "shown",
            False,
        ),
        ("3-2-9.E.5", lambda: registration.dangerous_dog_tag(" "), "no_tag", True),
        ("3-2-9.E.5", lambda: registration.dangerous_dog_tag("DD-0042"), "tag_issued", False),
    ],
)
def test_each_condition_is_a_finding_citing_its_subsection(section, finding, outcome, blocks):
    result = finding()
    assert section in result.sections
    assert (result.outcome, result.blocks) == (outcome, blocks)
    assert result.rule in RULES


def test_too_late_a_request_says_the_last_day_and_that_the_designation_stands():
    finding = steps.hearing_request(D(2026, 11, 13), in_writing=True, window=WINDOW)
    assert finding.message.startswith(
        "Too late: the written request was received Fri 2026-11-13, after the last day to request "
        "a hearing, Thu 2026-11-12 (3-2-9.A.1.c). "
    )
    assert finding.message.endswith(" The designation stands (3-2-9.A.1.e).")


def test_a_renewal_follows_the_last_year_without_a_gap():  # 3-2-9.B.1, B.7
    term = registration.registration_term(D(2027, 11, 1), D(2027, 11, 28))
    assert (term.details["starts_on"], term.details["expires_on"]) == (
        D(2027, 11, 29),
        D(2028, 11, 28),
    )
    late = registration.registration_term(D(2027, 12, 5), D(2027, 11, 28))
    assert (late.details["starts_on"], late.details["expires_on"]) == (
        D(2027, 12, 5),
        D(2028, 12, 4),
    )


@pytest.mark.parametrize("paid, blocks", [(Decimal("500.00"), False), (Decimal("499.99"), True)])
def test_the_annual_fee(paid, blocks):  # 3-2-9.B.5
    symbols = steps_symbols()
    finding = registration.registration_fee(paid, D(2026, 11, 29), P, symbols=symbols)
    assert (finding.blocks, finding.sections) == (blocks, ("3-2-9.B.5",))
    assert finding.parameters[0].key == "nowthen.fees.dangerous_dog.registration"


def steps_symbols():
    from dogtag.law.dangerous_dogs import warning_symbol_charge

    return warning_symbol_charge(3, D(2026, 11, 29), P)


@pytest.mark.parametrize("requirement", sorted(steps.REQUIRED_STATEMENTS))
def test_what_a_record_must_state(requirement):
    section, message = steps.REQUIRED_STATEMENTS[requirement]
    missing = steps.record_states(requirement, stated=False)
    assert (missing.blocks, missing.sections, missing.message) == (True, (section,), message)
    assert not steps.record_states(requirement, stated=True).blocks


@pytest.mark.parametrize(
    "number, words",
    [
        (0, "zero"),
        (10, "ten"),
        (14, "fourteen"),
        (20, "twenty"),
        (21, "twenty-one"),
        (30, "thirty"),
        (100, "100"),
    ],
)
def test_day_counts_in_the_ordinances_words(number, words):
    assert steps.in_words(number) == words


def test_the_day_counts_follow_the_parameter_in_force():
    source = Source(
        instrument="Ordinance 2026-99 (a test)", kind="ordinance", section="3-2-9.A.2.g"
    )
    changed = P.with_values(
        [("nowthen.dangerous_dog.order_days", D(2026, 11, 1), 12, source)], file="test"
    )
    due = deadline(changed, D(2026, 11, 12), clock_id="dangerous_dog.order")
    assert steps.days_in_words(due) == "twelve days"
    assert (
        steps.days_in_words(deadline(P, D(2026, 11, 12), clock_id="dangerous_dog.order"))
        == "ten days"
    )


def test_the_states_are_the_models():
    from dogtag.dangerous_dogs.models import DangerousDogCase

    assert dict(DangerousDogCase.State.choices) == procedure.STATES


# ----------------------------------------------------------------------------- the question


def test_where_the_case_stands_given_its_events():
    from dogtag.law.questions import evaluate

    # given notice served on Tue 11-03 and no request: on Wed 11-18 the window has closed
    answer = evaluate(
        "dangerous-dog-case",
        {
            "designated_on": "2026-10-26",
            "notice_issued_on": "2026-10-26",
            "served_on": "2026-11-03",
            "on": "2026-11-18",
        },
        P,
    )
    summary, city, state, sterilization, controlling, late, stands = answer["findings"]
    assert summary["outcome"] == "served"
    # issue 26 item 1.2: no request is offered once the window closed; the designation stands
    assert summary["message"] == (
        "On Wed 2026-11-18 the case is notice served; no hearing was requested within the days to "
        "request one, so the designation stands (3-2-9.A.1.e): record it. Allowed next: record "
        "that the designation stands (3-2-9.A.1.e); record a written request for a hearing "
        "received after the days to request one, for the Hearing Officer (3-2-9.A.1.e)."
    )
    # issue 26 items 1.3 and 1.4: the city's days from the designation (the plain reading of
    # B.2), the state's from the notice, and 3-2-8 on which controls
    assert [(f["rule"], f["deadline"]["due"]) for f in (city, state, sterilization)] == [
        ("dangerous_dog.registration", "2026-11-25"),
        ("dangerous_dog.seizure_unregistered", "2026-11-17"),
        ("dangerous_dog.sterilization", "2026-11-25"),
    ]
    assert (controlling["rule"], controlling["outcome"]) == (
        "incorporation.controlling_provision",
        "state_controls",
    )
    assert (late["outcome"], late["blocks"], late["deadline"]["due"]) == (
        "too_late",
        True,
        "2026-11-17",
    )
    assert (stands["outcome"], stands["blocks"], stands["details"]["deemed_on"]) == (
        "stands",
        False,
        "2026-10-26",
    )


@pytest.mark.parametrize(
    "facts, problem",
    [
        (
            {"designated_on": "2026-10-26", "served_on": "2026-10-28", "on": "2026-11-29"},
            "served_on: given without notice_issued_on",
        ),
        (
            {"designated_on": "2026-10-26", "notice_issued_on": "2026-10-20", "on": "2026-11-29"},
            "notice_issued_on: is before designated_on",
        ),
        ({"designated_on": "2026-12-26", "on": "2026-11-29"}, "designated_on: is after on"),
    ],
)
def test_facts_that_do_not_fit_are_named(facts, problem):
    from dogtag.law.questions import FactsError, evaluate

    with pytest.raises(FactsError) as caught:
        evaluate("dangerous-dog-case", facts, P)
    assert problem in caught.value.problems


def test_the_question_reads_its_fields_from_the_facts_dataclass():
    from dogtag.law.questions import question

    schema = question("dangerous-dog-case").schema()
    assert schema["required"] == ["designated_on", "on"]
    assert (
        schema["properties"]["served_on"]["description"]
        == "The day the notice was served on the owner (3-2-9.A.1.a)"
    )
    assert schema["properties"]["order_disposition"]["enum"] == list(procedure.DISPOSITIONS)
