"""Properties of the commercial kennel procedure (3-2-5.B) and the private kennel license (3-2-5.A)
over random event logs (issue 26 part 3): evaluating never crashes, a step offered never blocks on
the day it is offered, no clock ends before it starts, and recording allowed steps one by one
reaches the state that evaluating the whole log at once gives (replay)."""

from __future__ import annotations

import datetime as dt

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dogtag.law import kennel_procedure as kp
from dogtag.law.params import default
from dogtag.law.procedure import Event

P = default()
START = dt.date(2026, 1, 5)
SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
OWNERS = ("R01-0002", "R01-0003", "R09-0001", "R09-0002")
CONDITIONS = st.lists(st.sampled_from(["Quiet after 9 p.m.", "Eight dogs outdoors"]), max_size=2)


def event_facts(kind: str, on: dt.date) -> st.SearchStrategy[dict[str, object]]:
    """Facts of the right shape for an event of ``kind`` (right or wrong in law)."""
    if kind == "hearing_scheduled":
        return st.builds(lambda d: {"hearing_on": on + dt.timedelta(days=d)}, st.integers(-5, 60))
    if kind == "notice_list":
        return st.one_of(
            st.just({}), st.builds(lambda r: {"recipients": r}, st.lists(st.sampled_from(OWNERS)))
        )
    if kind in ("owner_omitted", "owner_notified_late"):
        return st.builds(lambda o: {"owner": o}, st.sampled_from(OWNERS))
    if kind == "recommendation":
        return st.builds(
            lambda r, c: {"recommendation": r, "conditions": c},
            st.sampled_from(kp.RECOMMENDATIONS),
            CONDITIONS,
        )
    if kind in ("council_decision", "council_renewal"):
        return st.builds(lambda a, c: {"approved": a, "conditions": c}, st.booleans(), CONDITIONS)
    return st.just({})


@st.composite
def logs(draw: st.DrawFn) -> list[Event]:
    """Any log: events of any kind on any day, with facts of their shape."""
    events = []
    for _ in range(draw(st.integers(0, 18))):
        kind = draw(st.sampled_from(kp.EVENT_KINDS))
        on = START + dt.timedelta(days=draw(st.integers(0, 900)))
        events.append(Event(kind, on, draw(event_facts(kind, on))))
    return events


def check_state(state: kp.ApplicationState, events: list[Event], on: dt.date) -> None:
    # every event kind is allowed or blocked, never both, each blocked one with its reason
    assert set(state.allowed).isdisjoint(state.blocked)
    assert set(state.allowed) | set(state.blocked) == set(kp.EVENT_KINDS)
    assert all(found and found[0].blocks for found in state.blocked.values())
    # a step offered on a day does not block on that day (the whole log before it)
    for step in state.allowed:
        assert not kp.commercial_step(events, step, on, P)[0].blocks, step
    # no clock ends before it starts
    for clock in state.deadlines:
        assert clock.next_date is not None
        assert clock.next_date >= clock.details["starts_on"], clock.message
    state.to_json()


@SETTINGS
@given(logs(), st.integers(0, 1200))
def test_any_log_is_evaluated_without_crashing_and_offers_only_what_it_allows(events, offset):
    on = max([START + dt.timedelta(days=offset), *(e.on for e in events)])
    state = kp.commercial_application(events, on, P)
    check_state(state, events, on)
    # the events not counted are each reported with a blocking finding
    assert all(found[0].outcome == "not_counted" for _, found in state.not_counted)
    assert len(state.not_counted) <= len(events)


def valid_facts(
    draw: st.DrawFn, state: kp.ApplicationState, kind: str, on: dt.date
) -> dict[str, object]:
    """Facts a clerk would give for an allowed step on ``on``."""
    dates = state.dates
    if kind == "hearing_scheduled":
        return {"hearing_on": on + dt.timedelta(days=draw(st.integers(1, 60)))}
    if kind == "notice_list":
        return {"recipients": draw(st.lists(st.sampled_from(OWNERS[:2]), unique=True))}
    if kind == "owner_omitted":
        listed = set(dates.recipients or ())
        waiting = {o for o, _ in dates.outstanding(dt.date.max)}
        free = [o for o in OWNERS if o not in listed and o not in waiting]
        return (
            {"owner": draw(st.sampled_from(free))}
            if free
            else {"owner": f"R77-{on.toordinal()}-{len(dates.omitted)}"}
        )
    if kind == "owner_notified_late":
        return {
            "owner": draw(st.sampled_from(sorted(o for o, _ in dates.outstanding(dt.date.max))))
        }
    if kind == "recommendation":
        choice = draw(st.sampled_from(kp.RECOMMENDATIONS))
        conditions = ["Quiet after 9 p.m."] if choice == "approve_with_conditions" else []
        return {"recommendation": choice, "conditions": conditions}
    if kind in ("council_decision", "council_renewal"):
        approved = draw(st.booleans())
        return {"approved": approved, "conditions": ["Quiet after 9 p.m."] if approved else []}
    return {}


@SETTINGS
@given(st.data())
def test_recording_allowed_steps_one_by_one_is_the_state_of_the_whole_log(data):
    log: list[Event] = []
    dates = kp.Dates()
    day = START
    for _ in range(data.draw(st.integers(1, 25))):
        # the next day: a few days on, or the hearing's day when one is set ahead
        hearing = dates.hearing_on
        choices = [day + dt.timedelta(days=data.draw(st.sampled_from([0, 1, 3, 10, 45])))]
        if hearing is not None and hearing >= day:
            choices.append(hearing)
        if dates.terms:
            choices.append(dates.terms[-1].ends_on - dt.timedelta(days=7))
        day = max(day, data.draw(st.sampled_from(choices)))
        state = kp.commercial_application(log, day, P)
        check_state(state, log, day)
        if not state.allowed:
            break
        # any step allowed, the next main step and the renewals oftener, withdrawal seldom
        offered = sorted(k for k in state.allowed if k != "withdrawn") or sorted(state.allowed)
        ahead = (kp.next_step(state), "renewal", "council_renewal", "nuisance_complaint")
        kind = data.draw(st.sampled_from(offered + [k for k in offered if k in ahead] * 6))
        facts = valid_facts(data.draw, state, kind, day)
        # a step offered, recorded with the facts a clerk gives, is in order ...
        found = kp.commercial_step(log, kind, day, P, facts)
        assert not found[0].blocks, (kind, facts, found[0].message)
        event = Event(kind, day, facts)
        log.append(event)
        dates = kp.apply(dates, event, P)
    # ... and the whole log evaluated at once counts every event and reaches the same state
    folded = kp.fold(log, day, P)
    assert folded.not_counted == ()
    assert folded.dates == dates


@st.composite
def private_logs(draw: st.DrawFn) -> list[Event]:
    events = []
    for _ in range(draw(st.integers(0, 12))):
        kind = draw(st.sampled_from(kp.PRIVATE_KINDS))
        on = START + dt.timedelta(days=draw(st.integers(0, 900)))
        facts: dict[str, object] = {}
        if kind == "private_license":
            facts = {"dogs": draw(st.integers(1, 12))}
        if kind == "private_inspection":
            facts = {"dogs_counted": draw(st.integers(0, 12))}
        events.append(Event(kind, on, facts))
    return events


@SETTINGS
@given(private_logs(), st.integers(0, 1200))
def test_a_private_kennel_log_is_evaluated_and_offers_only_what_it_allows(events, offset):
    on = max([START + dt.timedelta(days=offset), *(e.on for e in events)])
    state = kp.private_kennel(events, on, P)
    assert set(state.allowed) | set(state.blocked) == set(kp.PRIVATE_KINDS)
    skipped = {id(event) for event, _ in state.not_counted}
    counted = [e for e in events if id(e) not in skipped]
    for step in state.allowed:
        # recorded on that day after the events counted, the step is counted too
        assert kp.private_kennel([*counted, Event(step, on, {})], on, P).not_counted == (), step
    for clock in state.deadlines:
        assert clock.next_date is not None and clock.next_date >= clock.details["starts_on"]
