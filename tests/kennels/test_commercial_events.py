"""The events of a commercial kennel application on the records side (issue 26): the license
only after the City Council's approval (item 1.5), the hearing held, an owner missing from the
notice list and the late notice, withdrawal, and the council's decision on a renewal after
complaints (3-2-5.B.1, B.2, B.9). Every refusal changes nothing."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from dogtag.kennels import services
from dogtag.kennels.models import ApplicationEvent, CommercialKennelLicense

from .conftest import D, cash, hearing_time, snapshot, take_to_council


def noticed(application, clerk):
    services.schedule_hearing(
        application=application,
        hearing_at=hearing_time(),
        place="City Hall",
        actor=clerk,
        on=D(2026, 10, 5),
    )
    services.draw_notice_list(application=application, on=D(2026, 10, 20), actor=clerk)
    services.record_notice_mailed(application=application, mailed_on=D(2026, 10, 22), actor=clerk)


def heard(application, clerk):
    noticed(application, clerk)
    services.record_hearing_held(application=application, on=D(2026, 11, 20), actor=clerk)


def recommended(application, clerk):
    heard(application, clerk)
    services.record_recommendation(
        application=application, recommendation="approve", on=D(2026, 11, 20), actor=clerk
    )


# ----------------------------------------------------------------------------- item 1.5


@pytest.mark.parametrize(
    "stage, message",
    [
        (lambda a, c: None, "before the scheduling of the hearing"),
        (noticed, "before the hearing before the Planning & Zoning Commission"),
        (heard, "before the Planning & Zoning Commission's recommendation"),
        (recommended, "before the City Council's decision"),
    ],
)
def test_b1_a_license_without_a_council_decision_is_refused(application, clerk, stage, message):
    # given an application at a stage before the City Council decided
    stage(application, clerk)
    before = snapshot()
    # when a clerk records the license, then it is refused and nothing changes
    with pytest.raises(services.Refused, match=message) as refused:
        services.issue_commercial_kennel_license(
            application=application, on=D(2026, 11, 29), actor=clerk
        )
    assert refused.value.findings[0].blocks
    assert snapshot() == before
    assert not CommercialKennelLicense.objects.exists()


@pytest.mark.parametrize(
    "stage, on, message",
    [
        # a vote before the hearing was held
        (noticed, D(2026, 11, 19), "before the hearing before the Planning & Zoning Commission"),
        # a vote dated before the recommendation
        (recommended, D(2026, 11, 19), "Steps are recorded in the order they happened"),
    ],
)
def test_b1_b2_a_council_vote_before_the_hearing_or_recommendation_is_refused(
    application, clerk, stage, on, message
):
    stage(application, clerk)
    before = snapshot()
    with pytest.raises(services.Refused, match=message):
        services.record_council_decision(application=application, approved=True, on=on, actor=clerk)
    assert snapshot() == before


# ----------------------------------------------------------------------------- 3-2-5.B.2


def test_b2_the_hearing_is_held_on_the_day_noticed(application, clerk):
    noticed(application, clerk)
    before = snapshot()
    with pytest.raises(services.Refused, match="The hearing noticed is the one on November 20"):
        services.record_hearing_held(application=application, on=D(2026, 11, 19), actor=clerk)
    assert snapshot() == before
    services.record_hearing_held(application=application, on=D(2026, 11, 20), actor=clerk)
    application.refresh_from_db()
    assert application.hearing_held_on == D(2026, 11, 20)
    assert services.next_step(application) == "recommendation"
    assert [e.kind for e in ApplicationEvent.objects.filter(application=application)] == [
        "application",
        "hearing_scheduled",
        "notice_list",
        "notice_mailed",
        "hearing_held",
    ]


def test_b2_the_list_as_drawn_is_the_event_s_facts(application, clerk):
    noticed(application, clerk)
    drawn = ApplicationEvent.objects.get(application=application, kind="notice_list")
    assert drawn.details == {
        "recipients": list(application.notice_recipients.values_list("pin", flat=True))
    }


def test_b2_an_owner_missing_before_the_hearing_is_notified_late(application, clerk):
    # given the hearing noticed, and an owner found missing from the list on November 2
    noticed(application, clerk)
    services.record_owner_omitted(
        application=application,
        pin="R09-0001",
        owner_names="Dana Lindqvist",
        on=D(2026, 11, 2),
        actor=clerk,
    )
    # then the hearing cannot be held until the owner has notice (reading renotice)
    before = snapshot()
    with pytest.raises(services.Refused, match="R09-0001 had no notice before November 20"):
        services.record_hearing_held(application=application, on=D(2026, 11, 20), actor=clerk)
    assert snapshot() == before
    state = services.procedure_state(application, D(2026, 11, 3))
    [late] = [d for d in state.deadlines if d.outcome == "late_notice_due"]
    assert late.next_date == D(2026, 11, 19)
    # when the owner is notified before the hearing day, then it is held on notice to all
    services.record_late_notice(
        application=application, pin="R09-0001", on=D(2026, 11, 5), actor=clerk
    )
    services.record_hearing_held(application=application, on=D(2026, 11, 20), actor=clerk)
    assert services.next_step(application) == "recommendation"


def test_b2_an_owner_missing_after_the_hearing_undoes_it(application, clerk):
    # given a hearing held and the commission's recommendation
    recommended(application, clerk)
    # when an owner within the distance is found missing from the list
    services.record_owner_omitted(
        application=application,
        pin="R09-0001",
        owner_names="Dana Lindqvist",
        on=D(2026, 11, 23),
        actor=clerk,
    )
    application.refresh_from_db()
    # then the hearing and its recommendation are undone: the council cannot decide on them
    assert (application.hearing_held_on, application.recommended_on) == (None, None)
    state = services.procedure_state(application, D(2026, 11, 24))
    assert state.state == "to_be_noticed_again"
    with pytest.raises(services.Refused):
        services.record_council_decision(
            application=application, approved=True, on=D(2026, 11, 24), actor=clerk
        )
    # and the hearing is scheduled again, noticed to every owner, held, recommended, decided
    services.schedule_hearing(
        application=application,
        hearing_at=hearing_time(D(2026, 12, 18)),
        place="City Hall",
        actor=clerk,
        on=D(2026, 11, 24),
    )
    services.record_late_notice(
        application=application, pin="R09-0001", on=D(2026, 11, 25), actor=clerk
    )
    services.record_notice_mailed(application=application, mailed_on=D(2026, 11, 25), actor=clerk)
    with time_machine.travel(dt.datetime(2026, 12, 21, 16, 0, tzinfo=dt.UTC), tick=False):
        services.record_hearing_held(application=application, on=D(2026, 12, 18), actor=clerk)
        services.record_recommendation(
            application=application,
            recommendation="approve_with_conditions",
            conditions=["No more than eight dogs outdoors"],
            on=D(2026, 12, 18),
            actor=clerk,
        )
        services.record_council_decision(
            application=application, approved=True, on=D(2026, 12, 21), actor=clerk
        )
        state = services.procedure_state(application)
    assert (state.state, state.not_counted) == ("approved", ())
    application.refresh_from_db()
    assert application.recommendation_conditions == ["No more than eight dogs outdoors"]


def test_b1_a_withdrawn_application_takes_no_further_step(application, clerk):
    heard(application, clerk)
    services.withdraw_application(application=application, on=D(2026, 11, 21), actor=clerk)
    application.refresh_from_db()
    assert (application.status, application.withdrawn_on) == ("withdrawn", D(2026, 11, 21))
    before = snapshot()
    with pytest.raises(services.Refused, match="withdrawn on November 21, 2026"):
        services.record_recommendation(
            application=application, recommendation="approve", on=D(2026, 11, 22), actor=clerk
        )
    assert snapshot() == before


# ----------------------------------------------------------------------------- renewals


@pytest.fixture
def licensed(application, clerk):
    take_to_council(application, clerk)
    return services.issue_commercial_kennel_license(
        application=application, on=D(2026, 11, 25), actor=clerk
    ).license


@pytest.mark.parametrize("approved", [True, False])
def test_b2_after_a_complaint_the_council_decides_the_subsequent_license(licensed, clerk, approved):
    with time_machine.travel(dt.datetime(2027, 11, 17, 16, 0, tzinfo=dt.UTC), tick=False):
        # given a nuisance complaint from the paper file in the previous twelve months
        with pytest.raises(services.Refused, match="Renewal goes to the City Council"):
            services.renew_commercial_kennel_license(
                license_=licensed,
                on=D(2027, 11, 17),
                nuisance_complaints=[D(2027, 3, 1)],
                payment=cash("5.00"),
                actor=clerk,
            )
        # when the City Council decides
        issued = services.record_council_renewal(
            license_=licensed,
            approved=approved,
            on=D(2027, 11, 17),
            nuisance_complaints=[D(2027, 3, 1)],
            council_conditions=["Dogs indoors by 8 p.m."] if approved else [],
            payment=cash("5.00") if approved else None,
            actor=clerk,
        )
        state = services.procedure_state(licensed.application)
    # then a grant is the subsequent license, for one year from the day after the old one ends
    if approved:
        assert issued is not None
        assert (issued.license.starts_on, issued.license.expires_on) == (
            D(2027, 11, 25),
            D(2028, 11, 24),
        )
        assert [c.text for c in licensed.application.conditions.filter(added_by_council=True)] == [
            "Dogs indoors by 8 p.m."
        ]
    else:
        assert issued is None and CommercialKennelLicense.objects.count() == 1
        assert "council_renewal" in state.blocked and "renewal" in state.blocked
    assert state.not_counted == ()
    event = ApplicationEvent.objects.get(kind="council_renewal")
    assert (event.details["approved"], event.details["complaints"]) == (approved, ["2027-03-01"])


def test_b2_no_council_decision_is_needed_without_a_complaint(licensed, clerk):
    with time_machine.travel(dt.datetime(2027, 11, 17, 16, 0, tzinfo=dt.UTC), tick=False):
        before = snapshot()
        with pytest.raises(services.Refused, match="Not needed"):
            services.record_council_renewal(
                license_=licensed,
                approved=True,
                on=D(2027, 11, 17),
                payment=cash("5.00"),
                actor=clerk,
            )
        assert snapshot() == before
