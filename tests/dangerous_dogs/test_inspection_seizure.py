"""3-2-9.E.6 on the staff site: the owner refuses an inspection; the Animal Control Authority
seizes the dog (through 3-2-12), serves a notice of revocation (B.6.b) and releases the dog only
under B.4. Refusals write nothing.

Rex is registered on Sun 2026-11-29 (``walk``), the suite's day; the inspection is refused that
day. B.4's thirty days from a seizure on 11-29 end Tue 2026-12-29.
"""

from __future__ import annotations

import pytest

from dogtag.dangerous_dogs import services
from dogtag.dangerous_dogs.models import (
    CaseEvent,
    DangerousDogCase,
    Impoundment,
    Inspection,
)
from dogtag.records.errors import Refused, ServiceError

from .conftest import D, counts, walk

Kind = CaseEvent.Kind


def all_counts():
    return (
        *counts(),
        Inspection.objects.count(),
        Impoundment.objects.count(),
        DangerousDogCase.objects.filter(seized=True).count(),
    )


def refused(call, message, exception=ServiceError):
    before = all_counts()
    with pytest.raises(exception) as caught:
        call()
    assert message in str(caught.value), str(caught.value)
    assert all_counts() == before
    return caught.value


@pytest.fixture
def registered(officer, hearing_officer, dog):
    return walk("registered", officer, hearing_officer, dog)


def inspect(case, officer, permitted=False):
    return services.record_inspection(
        case=case,
        on=D(2026, 11, 29),
        permitted=permitted,
        compliant=True if permitted else None,
        actor=officer,
        notes="Entry refused at the gate at 10:05." if not permitted else "All in order.",
    )


def seize(case, officer, **changes):
    fields = dict(
        case=case,
        seized_on=D(2026, 11, 29),
        kept_at="Anoka County Animal Shelter",
        contact_address="3101 Bunker Lake Blvd NW, Andover",
        contact_phone="763-555-0199",
        actor=officer,
    )
    fields.update(changes)
    return services.seize_after_refused_inspection(**fields)


def allowed(case):
    on = D(2026, 11, 29)
    return services.case_standing(case, on, services.case_circumstances(case, on)).allowed


def test_the_dog_is_seized_after_a_refused_inspection_and_released_under_b4(registered, officer):
    # given an inspection the owner refused
    inspect(registered, officer)
    assert "inspection_seizure" in allowed(registered)
    # when the Authority seizes the dog
    held = seize(registered, officer)
    # then the dog is held for that reason, the case says where, and the log says why
    registered.refresh_from_db()
    assert (held.reason, held.impounded_on, held.kept_at) == (
        Impoundment.Reason.INSPECTION,
        D(2026, 11, 29),
        "Anoka County Animal Shelter",
    )
    assert registered.seized and registered.contact_phone == "+17635550199"
    event = registered.events.last()
    assert event.kind == Kind.INSPECTION_SEIZURE
    assert event.summary == (
        "The owner refused the inspection of November 29, 2026: that is by itself a ground to "
        "seize the dog immediately (3-2-9.E.6, through 3-2-12). The seized dog is released only "
        "under 3-2-9.B.4, and the registration may be revoked after notice and hearing "
        "(3-2-9.B.6). Seized Sun 2026-11-29, kept at Anoka County Animal Shelter. Released only "
        "under 3-2-9.B.4: the owner has through Tue 2026-12-29 to comply. Serve a notice of "
        "revocation to revoke the registration (3-2-9.B.6.b)."
    )
    assert event.decision.findings[0]["rule"] == "dangerous_dog.inspection_seizure"
    assert event.details == {"impoundment": held.pk, "refused_on": "2026-11-29"}
    # and next: the release under B.4 and the notice of revocation, not a second seizure
    steps = allowed(registered)
    assert "release" in steps and "revocation_notice" in steps
    assert "inspection_seizure" not in steps
    # when the owner shows every requirement (the certificate is in force) and owes nothing
    services.release(case=registered, on=D(2026, 11, 29), actor=officer)
    registered.refresh_from_db()
    held.refresh_from_db()
    assert not registered.seized and held.released_on == D(2026, 11, 29)
    assert registered.events.last().kind == Kind.RELEASED


def test_no_seizure_without_a_refused_inspection(registered, officer):
    assert "inspection_seizure" not in allowed(registered)
    refused(
        lambda: seize(registered, officer),
        "No inspection has been refused: 3-2-9.E.6 gives no ground to seize the dog.",
        Refused,
    )


def test_an_inspection_permitted_after_the_refusal_ends_its_ground(registered, officer):
    # given a refusal, then an inspection the owner permitted later that day
    inspect(registered, officer)
    inspect(registered, officer, permitted=True)
    assert "inspection_seizure" not in allowed(registered)
    refused(
        lambda: seize(registered, officer),
        "that refusal no longer grounds a seizure (3-2-9.E.6)",
        Refused,
    )


def test_a_dog_already_held_is_not_seized_again(registered, officer):
    inspect(registered, officer)
    seize(registered, officer)
    refused(
        lambda: seize(registered, officer),
        "The dog is already held by the Animal Control Authority",
        Refused,
    )


@pytest.mark.parametrize(
    "changes", [{"kept_at": " "}, {"contact_address": ""}, {"contact_phone": ""}]
)
def test_the_seizure_states_where_the_dog_is_kept_and_whom_to_call(registered, officer, changes):
    inspect(registered, officer)
    refused(
        lambda: seize(registered, officer, **changes),
        "Give where the seized dog is kept and the contact person's address and telephone "
        "number (3-2-9.A.1.a(4)).",
        Refused,
    )


def test_only_the_animal_control_authority_seizes(registered, officer, clerk):
    inspect(registered, officer)
    refused(lambda: seize(registered, clerk), "Only the Animal Control Authority")


def test_a_seizure_on_a_future_day_is_refused(registered, officer):
    inspect(registered, officer)
    refused(lambda: seize(registered, officer, seized_on=D(2026, 11, 30)), "is in the future")


def test_the_case_page_offers_the_seizure_and_records_it(client, registered, officer):
    # given a refused inspection, the officer opens the case
    inspect(registered, officer)
    client.force_login(officer)
    page = client.get(f"/dangerous-dogs/{registered.number}/").content.decode()
    assert 'id="step-inspection_seizure"' in page
    # when the form is sent without where the dog is kept, nothing is written
    before = all_counts()
    response = client.post(
        f"/dangerous-dogs/{registered.number}/steps/inspection_seizure/",
        {"inspection_seizure-seized_on": "2026-11-29"},
    )
    assert response.status_code == 200 and all_counts() == before
    # when it is sent whole, the seizure is recorded and the release is offered
    response = client.post(
        f"/dangerous-dogs/{registered.number}/steps/inspection_seizure/",
        {
            "inspection_seizure-seized_on": "2026-11-29",
            "inspection_seizure-kept_at": "Anoka County Animal Shelter",
            "inspection_seizure-contact_address": "3101 Bunker Lake Blvd NW, Andover",
            "inspection_seizure-contact_phone": "763-555-0199",
        },
    )
    assert response.status_code == 302
    page = client.get(f"/dangerous-dogs/{registered.number}/").content.decode()
    assert 'id="step-release"' in page and 'id="step-revocation_notice"' in page
    assert 'id="step-inspection_seizure"' not in page
    assert "Seized after the owner refused an inspection (3-2-9.E.6, through 3-2-12)" in page
