"""The services of a Lino Lakes dangerous-animal case (issue 27): opening a case on the officer's
designation, and recording each kind of event of the case and of a forfeiture where the rules
core allows it, with its Decision; an event it does not allow is refused, changing nothing."""

from __future__ import annotations

import pytest

from dogtag.dangerous_animals import services, standing
from dogtag.dangerous_animals.models import AnimalCase, AnimalCaseEvent
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.models import Decision
from dogtag.records.services import city_params

from .conftest import DESIGNATED, D

SEIZED = ("seized", D(2026, 11, 2), {})
CONDITIONS = ("officer_order", D(2026, 11, 3), {"disposition": "conditions"})
DESTRUCTION = ("officer_order", D(2026, 11, 3), {"disposition": "destruction"})
NOTIFIED = ("owner_notified", D(2026, 11, 4), {"method": "in_writing"})
REQUESTED = ("hearing_requested", D(2026, 11, 10), {})
SET = ("hearing_set", D(2026, 11, 12), {"hearing_on": D(2026, 11, 24)})
HELD = ("hearing_held", D(2026, 11, 24), {})
MUZZLE = (
    "hearing_order",
    D(2026, 11, 25),
    {"disposition": "conditions", "conditions": ["muzzle_and_leash"]},
)
TO_DESTROY = ("hearing_order", D(2026, 11, 25), {"disposition": "destruction"})
HEARD = [SEIZED, CONDITIONS, NOTIFIED, REQUESTED, SET, HELD]
NOTICED = (
    "forfeiture_noticed",
    D(2026, 11, 5),
    {"method": "personal", "grounds": ["public_nuisance"], "reasons": "Repeated attacks."},
)
F_REQUESTED = ("forfeiture_hearing_requested", D(2026, 11, 9), {})
F_SET = ("forfeiture_hearing_set", D(2026, 11, 10), {"hearing_on": D(2026, 11, 20)})
F_HELD = ("forfeiture_hearing_held", D(2026, 11, 20), {})
F_ORDER = ("forfeiture_order", D(2026, 11, 21), {"forfeited": True})
DAY = D(2026, 11, 26)

# events before, the event recorded, the state of the case (or the forfeiture) after it
ACCEPTED = [
    ([], ("seized", DESIGNATED, {}), "seized"),
    ([], ("seizure_refused", DESIGNATED, {}), "seizure_refused"),
    ([SEIZED], CONDITIONS, "ordered"),
    ([SEIZED, CONDITIONS], NOTIFIED, "appeal_open"),
    ([SEIZED, CONDITIONS, NOTIFIED], REQUESTED, "hearing_requested"),
    ([SEIZED, CONDITIONS, NOTIFIED, REQUESTED], SET, "hearing_set"),
    ([SEIZED, CONDITIONS, NOTIFIED, REQUESTED, SET], HELD, "heard"),
    (HEARD, MUZZLE, "conditions_ordered"),
    ([SEIZED, CONDITIONS], ("insurance_requested", DAY, {}), "ordered"),
    (
        [SEIZED, CONDITIONS, ("insurance_requested", DAY, {})],
        ("insurance_shown", DAY, {}),
        "ordered",
    ),
    ([*HEARD, MUZZLE], ("released", DAY, {"conditions_met": []}), "released"),
    ([SEIZED, DESTRUCTION, *HEARD[2:], TO_DESTROY], ("destroyed", DAY, {}), "destroyed"),
    ([], NOTICED, "forfeiture:appeal_open"),
    ([NOTICED], F_REQUESTED, "forfeiture:hearing_requested"),
    ([NOTICED, F_REQUESTED], F_SET, "forfeiture:hearing_set"),
    ([NOTICED, F_REQUESTED, F_SET], F_HELD, "forfeiture:heard"),
    ([NOTICED, F_REQUESTED, F_SET, F_HELD], F_ORDER, "forfeiture:forfeited"),
    (
        [NOTICED, F_REQUESTED, F_SET, F_HELD, F_ORDER],
        ("surrendered", DAY, {}),
        "forfeiture:surrendered",
    ),
    (
        [NOTICED, F_REQUESTED, F_SET, F_HELD, F_ORDER],
        ("surrender_refused", DAY, {}),
        "forfeiture:forfeited",
    ),
]


def test_opening_a_case_numbers_it_in_its_city_and_stores_the_designation(case, officer):
    # then the case has Lino Lakes' number and city, and its Decision cites the designation
    assert (case.number, case.jurisdiction, case.opened_by) == ("DA2026-001", "lino-lakes", officer)
    decision = Decision.objects.get(pk=case.decision_id)
    assert (decision.action, decision.outcome, decision.subject_id) == (
        "dangerous_animals.open_case",
        "done",
        case.pk,
    )
    assert "503.16(1)" in decision.sections


@pytest.mark.parametrize(
    "before, event, state", ACCEPTED, ids=[f"{e[0]}-{s}" for _, e, s in ACCEPTED]
)
def test_each_kind_of_event_is_recorded_where_the_procedure_allows_it(
    case, walk, officer, hearing_officer, before, event, state
):
    # given a case whose events so far are ``before``
    walk(case, before)
    # when the event is recorded
    walk(case, [event])
    # then it is stored with who recorded it and a Decision on the case, and the case moved on
    kind, on, _ = event
    recorded = AnimalCaseEvent.objects.filter(case=case).last()
    assert (recorded.kind, recorded.on) == (kind, on)
    assert recorded.by in (officer, hearing_officer)
    assert recorded.decision.action == f"dangerous_animals.{kind}"
    assert recorded.decision.subject_id == case.pk
    now = standing.standing(case, on, city_params(), None)
    got = (
        f"forfeiture:{now.forfeiture.state}" if state.startswith("forfeiture:") else now.case.state
    )
    assert got == state


def _written(case):
    return (
        AnimalCaseEvent.objects.filter(case=case).count(),
        Decision.objects.filter(outcome="done").count(),
    )


REFUSED = [
    # the officer orders only after ordering the animal seized
    (
        [],
        ("officer_order", D(2026, 11, 3), {"disposition": "conditions"}),
        "Officer order: not in order: the officer orders destruction or conditions after "
        "ordering the animal seized.",
        ["503.16(2)(a)", "503.16(2)(b)"],
    ),
    # the days to appeal ran out (14 days after Wed 2026-11-04)
    (
        [SEIZED, CONDITIONS, NOTIFIED],
        ("hearing_requested", D(2026, 11, 19), {}),
        "Hearing requested: not in order: the days to appeal ended on Wed 2026-11-18; no appeal "
        "was filed, so the orders issued stand.",
        ["503.16(2)(c)", "503.16(2)(c)1"],
    ),
    # an order of conditions with no disposition the officer may give
    (
        [SEIZED],
        ("officer_order", D(2026, 11, 3), {"disposition": "rescinded"}),
        "Officer order: not in order: disposition is one of destruction, conditions.",
        ["503.16(2)(b)"],
    ),
]


@pytest.mark.parametrize("before, event, message, sections", REFUSED)
def test_an_event_out_of_order_is_refused_and_changes_nothing(
    case, walk, before, event, message, sections
):
    walk(case, before)
    written = _written(case)
    # when the event is recorded
    with pytest.raises(Refused) as refused:
        walk(case, [event])
    # then the refusal says why, citing Lino Lakes' sections, nothing was written, and the
    # refusal itself is kept
    assert str(refused.value) == message
    assert refused.value.sections == sections
    assert _written(case) == written
    kept = Decision.objects.filter(outcome="refused").get()
    assert (kept.action, kept.subject_id) == ("dangerous_animals.record_event", case.pk)


@pytest.mark.parametrize(
    "on, message",
    [
        (
            D(2026, 11, 1),
            "The day of the event (Sun 2026-11-01) is before the designation (Mon 2026-11-02).",
        ),
        (D(2026, 11, 30), "The day of the event (Mon 2026-11-30) is in the future."),
    ],
)
def test_a_day_outside_the_case_is_refused_and_changes_nothing(case, officer, on, message):
    written = _written(case)
    with pytest.raises(ServiceError) as refused:
        services.record_event(case=case, kind="seized", on=on, facts={}, actor=officer)
    assert str(refused.value) == message
    assert _written(case) == written


def test_a_clerk_may_not_open_a_case(owner, clerk):
    with pytest.raises(ServiceError):
        services.open_case(
            owner=owner,
            animal="cat",
            description="Tabby",
            basis="Scratched.",
            on=DESIGNATED,
            actor=clerk,
        )
    assert not AnimalCase.objects.exists()
