"""Property tests of the dangerous-dog procedure (issue 26 part 3): random logs of a case, made of
any of its steps on any days, never crash the procedure, never offer a step whose conditions fail
on the day asked (checked against the rules that state those conditions, not against the
procedure's own table), never show a clock that ends before it starts, and recording the steps
one by one, each only if allowed that day, leads to the state that reading the whole log gives."""

from __future__ import annotations

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from dogtag.law import dangerous_dog_procedure as procedure
from dogtag.law import dangerous_dog_steps
from dogtag.law.clocks import deadline
from dogtag.law.dangerous_dog_procedure import events as procedure_events
from dogtag.law.dangerous_dog_procedure.events import EVENT_KINDS, request_window
from dogtag.law.params import default

D = dt.date
E = procedure.Event
P = default()
START = D(2026, 10, 26)

#: What each step records in the log, with the facts a step may carry.
FACTS = {
    "hearing_requested": st.fixed_dictionaries({"in_writing": st.booleans()}),
    "hearing_scheduled": st.fixed_dictionaries(
        {
            "hearing_on": st.dates(D(2026, 10, 27), D(2027, 3, 1)),
            "good_cause": st.sampled_from(["", "counsel unavailable"]),
        }
    ),
    "order_issued": st.fixed_dictionaries(
        {
            "disposition": st.sampled_from(procedure.DISPOSITIONS),
            "findings": st.lists(
                st.sampled_from(
                    ["dangerous_by_attack", "owner_cannot_control", "no_proof_of_insurance"]
                ),
                unique=True,
            ),
        }
    ),
    "revocation_order": st.fixed_dictionaries(
        {"outcome": st.sampled_from(["not_revoked", "disposed", "reclaim"])}
    ),
    "review_decided": st.fixed_dictionaries({"outcome": st.sampled_from(["rescinded", "upheld"])}),
    "owner_notice": st.fixed_dictionaries({"closes_case": st.booleans()}),
}
KINDS = [k for k in EVENT_KINDS if k != "designated"]


@st.composite
def logs(draw: st.DrawFn) -> tuple[list[procedure.Event], dt.date]:
    """A designation, then up to 14 events of any kind, on days that do not go back."""
    day = START
    events = [E("designated", day)]
    for _ in range(draw(st.integers(0, 14))):
        day += dt.timedelta(days=draw(st.integers(0, 20)))
        kind = draw(st.sampled_from(KINDS))
        facts = draw(FACTS[kind]) if kind in FACTS else {}
        events.append(E(kind, day, facts))
    on = day + dt.timedelta(days=draw(st.integers(0, 60)))
    return events, on


@settings(max_examples=300, deadline=None)
@given(logs())
def test_any_log_is_read_without_crashing_and_no_clock_ends_before_it_starts(log):
    events, on = log
    found = procedure.standing(events, on, P)
    assert found.state in procedure.STATES
    for clock in found.deadlines:
        assert clock.deadline is not None
        assert clock.deadline.due >= clock.deadline.trigger_date
    # every step is either allowed or blocked with a finding that says why, never both
    assert not set(found.allowed) & set(found.blocked)
    for key, findings in found.blocked.items():
        assert any(f.blocks and f.message for f in findings), key


@settings(max_examples=300, deadline=None)
@given(logs())
def test_no_step_is_offered_whose_conditions_fail_on_the_day_asked(log):
    events, on = log
    found = procedure.standing(events, on, P)
    notice = found.notice_date
    if notice is not None:
        window = request_window(notice, P)
        assert window.deadline is not None
        last = window.deadline.due
        # A.1.c: a request only within the days; A.1.e: the designation stands only after them
        if "hearing_request" in found.allowed:
            assert (
                dangerous_dog_steps.hearing_request(on, in_writing=True, window=window).outcome
                == "in_time"
            )
        if "stands" in found.allowed or "late_request" in found.allowed:
            assert on > last
    # A.2.a: the hearing held on its day only within the days of the request, or extended
    if "hold" in found.allowed:
        requested = [
            e for e in events if e.kind == "hearing_requested" and e.facts.get("in_writing", True)
        ]
        scheduled = [e for e in events if e.kind == "hearing_scheduled"]
        if requested and scheduled and isinstance(scheduled[-1].facts.get("hearing_on"), dt.date):
            limit = deadline(P, requested[-1].on, clock_id="dangerous_dog.hearing")
            day = scheduled[-1].facts["hearing_on"]
            assert day <= limit.deadline.due or scheduled[-1].facts.get("good_cause")
    # A.3: no order of destruction without its three written findings
    if found.state == "destruction_ordered":
        orders = [e for e in events if e.kind == "order_issued"]
        assert orders and len(orders[-1].facts.get("findings", [])) == 3


#: step -> the event its recording adds to the log
RECORDS = {
    "notice": ("notice_issued", {}),
    "service": ("served", {}),
    "hearing_request": ("hearing_requested", {"in_writing": True}),
    "oral_request": ("hearing_requested", {"in_writing": False}),
    "late_request": ("hearing_requested", {"in_writing": True}),
    "stands": ("designation_stands", {}),
    "schedule": ("hearing_scheduled", {}),
    "pending": ("pending_conditions", {}),
    "hold": ("hearing_held", {}),
    "order": ("order_issued", {"disposition": "upheld"}),
    "register": ("registered", {}),
    "renew": ("renewed", {}),
    "inspection": ("inspected", {}),
    "revocation_notice": ("revocation_notice", {}),
    "revocation_hearing": ("revocation_hearing", {}),
    "revocation_order": ("revocation_order", {"outcome": "not_revoked"}),
    "owner_notice": ("owner_notice", {"closes_case": True}),
    "review_request": ("review_requested", {}),
    "review_decision": ("review_decided", {"outcome": "upheld"}),
    "rental_disclosure": ("rental_disclosure", {}),
    "conditions_review": ("conditions_reviewed", {}),
    "cost": ("cost", {}),
}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(sorted(RECORDS)), st.integers(0, 12)), max_size=25))
def test_recording_allowed_steps_one_by_one_reaches_the_state_of_the_whole_log(attempts):
    # given a clerk who tries steps on days that go forward, recording each only if allowed
    day = START
    log = [E("designated", day)]
    state = procedure.standing(log, day, P).state
    for step, gap in attempts:
        day += dt.timedelta(days=gap)
        if step not in procedure.standing(log, day, P).allowed:
            continue
        kind, facts = RECORDS[step]
        if kind == "hearing_scheduled":
            facts = {"hearing_on": day + dt.timedelta(days=3)}
        log.append(E(kind, day, facts))
        state = procedure.standing(log, day, P).state
    # then reading the whole log at once gives the state reached step by step, and no recorded
    # step was set aside as a stray (only allowed steps were recorded)
    whole = procedure.standing(log, day, P)
    assert whole.state == state
    strays = {"late_hearing_request", "oral_hearing_request", "order_not_authorized"}
    kept = procedure_events.classify(log, P).events
    assert [e.kind for e in kept if e.kind in strays] == [
        "late_hearing_request" if e.facts.get("in_writing") else "oral_hearing_request"
        for e in log
        if e.kind == "hearing_requested" and not _in_time(log, e)
    ]


def _in_time(log: list[procedure.Event], event: procedure.Event) -> bool:
    """A written request within the days of A.1.c after the first service before it."""
    if event.facts.get("in_writing") is False:
        return False
    served = [e for e in log if e.kind == "served" and e.on <= event.on]
    if not served:
        return True
    window = request_window(served[0].on, P)
    assert window.deadline is not None
    return event.on <= window.deadline.due
