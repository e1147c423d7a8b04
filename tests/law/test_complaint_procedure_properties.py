"""Property tests of the complaint procedure (issue 26 part 3): random event sequences never
crash, never offer a step whose own findings block on that day, never show a deadline that ends
before it starts, and recording allowed events one by one gives the same state as evaluating the
whole log (replay)."""

from __future__ import annotations

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from dogtag.law import complaint_procedure as cp
from dogtag.law.procedure import Event

RECEIVED = dt.date(2026, 11, 2)
DOGS = ("Rex", "Bella")
PERSONS = ("Jane Doe", "Sam Driver", "")

kinds = st.sampled_from(tuple(cp.KINDS))
dog_lists = st.sampled_from(((), ("Rex",), DOGS))
days = st.integers(min_value=-1, max_value=20).map(lambda n: RECEIVED + dt.timedelta(days=n))


@st.composite
def events(draw: st.DrawFn, complaint_kind: str | None = None) -> Event:
    """Any event a complaint's log could be asked to take, well-formed or not (a finding mostly
    of a rule of ``complaint_kind``, so that findings get recorded too)."""
    kind = draw(
        st.sampled_from(
            tuple(k for k in cp.EVENT_KINDS if k != "received")
            + ("finding",) * 3
            + ("closed",) * 3
            + ("reopened",)
        )
    )
    on = draw(days)
    facts: dict[str, object] = {}
    if kind == "finding":
        own = [cp.DUTY_BY_GROUP[g] for g in cp.KIND_DUTIES.get(complaint_kind or "", ())]
        duty = draw(st.sampled_from(own * 4 + list(cp.DUTIES)))
        facts["rule"] = draw(st.sampled_from(duty.rules))
        facts["outcome"] = draw(st.sampled_from((*duty.found, *duty.not_found, *duty.other)))
        if dog := draw(st.sampled_from(("", "", *DOGS, "Max"))):
            facts["dog"] = dog
        if basis := draw(st.sampled_from(("", "owner_of_record", "person_who_left", *cp.BASES))):
            facts["duty"] = basis
        if person := draw(st.sampled_from(PERSONS)):
            facts["person"] = person
        facts["dangerous_dog_referral"] = draw(st.booleans())
    elif kind == "closed":
        facts["outcome"] = draw(st.sampled_from(tuple(cp.OUTCOMES)))
        if dog := draw(st.sampled_from(("", *DOGS))):
            facts["dog"] = dog
    elif kind == "reopened":
        facts["new_evidence"] = draw(st.sampled_from(("", "a neighbour's video")))
    return Event(kind, on, facts)  # type: ignore[arg-type]


@st.composite
def cases(draw: st.DrawFn) -> tuple[str, tuple[str, ...], list[Event]]:
    """A complaint's kind, its dogs and the events it may be asked to take."""
    kind = draw(kinds)
    return kind, draw(dog_lists), draw(st.lists(events(kind), max_size=12))


def receipt(kind: str, dogs: tuple[str, ...]) -> Event:
    return Event("received", RECEIVED, {"kind": kind, "number": "C2026-0001", "dogs": list(dogs)})


def recorded(start: Event, tries: list[Event]) -> list[Event]:
    """The log made by recording, in the order of their days, each event the procedure allows."""
    log = [start]
    for event in sorted(tries, key=lambda e: e.on):
        if not cp.record(log, event)[0].blocks:
            log.append(event)
    return log


SETTINGS = settings(max_examples=200, deadline=None)


@SETTINGS
@given(cases(), days)
def test_any_log_is_answered_without_crashing(case, on):
    kind, dogs, tries = case
    # given any events at all, recorded or not
    log = [receipt(kind, dogs), *tries]
    # when the state is asked on a day on or after the receipt
    if on < RECEIVED:
        return
    state = cp.complaint(log, on)
    # then every step is either allowed or blocked, and the findings read aloud
    assert set(state.allowed) | set(state.blocked) == set(cp.STEPS)
    assert not set(state.allowed) & set(state.blocked)
    assert all(f.message and f.sections for f in state.findings())
    assert all(f.message for f in cp.decisions(log, on))


@SETTINGS
@given(cases(), days)
def test_no_step_offered_is_blocked_that_day_and_no_deadline_ends_before_it_starts(case, on):
    kind, dogs, tries = case
    log = recorded(receipt(kind, dogs), tries)
    if on < RECEIVED:
        return
    state = cp.complaint(log, on)
    for step, allowed in state.allowed.items():
        # the step's own findings that day allow it
        assert not allowed.blocks
        assert not any(f.blocks for f in cp.step_findings(log, step, on)), step
    for deadline in state.deadlines:
        # (the ordinance sets no deadline on a complaint: none is shown; any would end after it
        # starts)
        assert deadline.deadline is None or deadline.deadline.due >= deadline.deadline.trigger_date


@SETTINGS
@given(cases(), days)
def test_recording_one_by_one_gives_the_state_of_the_whole_log(case, on):
    kind, dogs, tries = case
    # given the log the procedure let be recorded, event by event
    log = recorded(receipt(kind, dogs), tries)
    if on < RECEIVED:
        return
    # when it is replayed whole, and folded one event at a time
    whole = cp.complaint(log, on)
    one_by_one = cp.recorded_one_by_one(log, on)
    # then the two states are the same
    assert whole.to_json() == one_by_one.to_json()
    # and every event recorded was allowed on its day by the log before it
    for index, event in enumerate(log[1:], start=1):
        assert not cp.record(log[:index], event)[0].blocks


@SETTINGS
@given(cases())
def test_a_closed_outcome_always_rests_on_its_grounds(case):
    kind, dogs, tries = case
    # every closing the procedure let be recorded rests on the findings standing that day
    log = recorded(receipt(kind, dogs), tries)
    for index, event in enumerate(log):
        if event.kind != "closed":
            continue
        outcome = str(event.facts["outcome"])
        dog = str(event.facts.get("dog") or "")
        grounds = cp.outcome_grounds(log[:index], outcome, event.on, dog)
        assert not grounds.blocks, grounds.message
