"""The complaint pages through Django's test client: the queue, intake, the complaint page with its
evidence, findings, follow-ups and outcome, downloads, and who may see and do what."""

from __future__ import annotations

import datetime as dt
import re

import pytest
import time_machine
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse

from dogtag.complaints import queries, services
from dogtag.complaints.models import Complaint, ComplaintFinding, Evidence, FollowUp, Outcome
from dogtag.evidence import synthetic
from dogtag.licensing import services as licensing
from dogtag.records import roles
from dogtag.records.models import Decision

from .background import analysed
from .conftest import CHICAGO

NIGHT = dt.datetime(2026, 11, 20, 22, 0, tzinfo=CHICAGO)
ON = dt.date(2026, 11, 29)


def receive(clerk, **changes):
    fields = dict(
        kind="barking",
        occurred_at=NIGHT,
        narrative="Barking from the kennel run for most of an hour.",
        address="7120 Viking Blvd NW",
        complainant_name="Lee Anders",
        complainant_phone="763-555-0199",
        actor=clerk,
    )
    fields.update(changes)
    return services.receive_complaint(**fields)


def counts():
    return (
        Complaint.objects.count(),
        Evidence.objects.count(),
        ComplaintFinding.objects.count(),
        FollowUp.objects.count(),
        Outcome.objects.count(),
        Decision.objects.filter(outcome="done").count(),
    )


def as_user(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def hearing_officer(db, django_user_model):
    user = django_user_model.objects.create_user("hearing1", password="x" * 12)
    roles.ensure_roles()
    user.groups.add(Group.objects.get(name=roles.HEARING_OFFICER))
    return django_user_model.objects.get(pk=user.pk)


PREFIXES = {
    "assign": "assign",
    "evidence/times": "times",
    "evidence/log": "log",
    "evidence/recording": "recording",
    "evidence/file": "file",
    "findings/at-large": "atlarge",
    "findings/damage": "damage",
    "findings/acts": "acts",
    "findings/vehicle": "vehicle",
    "follow-ups": "followup",
    "close": "close",
    "findings/duty": "duty",
    "withdraw": "withdraw",
    "reopen": "reopen",
}


def act(client, complaint, action, data):
    """POST one of the complaint page's forms (each has its own prefix: ids stay unique)."""
    prefix = PREFIXES[action]
    sent = {k if k.startswith("attempt-") else f"{prefix}-{k}": v for k, v in data.items()}
    return client.post(f"/complaints/{complaint.number}/{action}/", sent)


def errors(response) -> str:
    html = response.content.decode()
    match = re.search(r'class="[^"]*dogtag-error-summary[^"]*".*?</div>\s*</div>', html, re.S)
    return match.group(0) if match else ""


# ---------------------------------------------------------------------------- permissions


@pytest.mark.parametrize(
    "url", ["/complaints/", "/complaints/new/", "/complaints/map/", "/complaints/C2026-0001/"]
)
def test_anonymous_visitors_go_to_sign_in(client, clerk, url):
    receive(clerk)
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_a_user_without_view_records_gets_403(db, django_user_model):
    nobody = django_user_model.objects.create_user("nobody")
    assert as_user(nobody).get("/complaints/").status_code == 403


def test_intake_needs_receive_complaint(hearing_officer):
    client = as_user(hearing_officer)
    assert client.get("/complaints/").status_code == 200
    assert client.get("/complaints/new/").status_code == 403


@pytest.mark.parametrize(
    "action",
    [
        "assign",
        "evidence/times",
        "evidence/log",
        "evidence/recording",
        "evidence/file",
        "findings/at-large",
        "findings/damage",
        "findings/acts",
        "findings/vehicle",
        "follow-ups",
        "close",
    ],
)
def test_investigation_needs_investigate_complaint(clerk, action):
    complaint = receive(clerk)
    before = counts()
    response = as_user(clerk).post(f"/complaints/{complaint.number}/{action}/", {})
    assert response.status_code == 403
    assert counts() == before


def test_the_page_shows_only_the_forms_the_user_may_use(clerk, officer):
    complaint = receive(clerk)
    page = as_user(clerk).get(f"/complaints/{complaint.number}/").content.decode()
    assert "Complaint C2026-0001" in page
    assert "evidence/times/" not in page and "/close/" not in page
    page = as_user(officer).get(f"/complaints/{complaint.number}/").content.decode()
    assert "evidence/times/" in page and "/close/" in page and "/assign/" in page


# --------------------------------------------------------------------------------- intake


def intake(**changes):
    data = {
        "kind": "at_large",
        "occurred_on": "2026-11-28",
        "occurred_time": "07:45",
        "pin": "",
        "address": "",
        "complainant_name": "Lee Anders",
        "complainant_phone": "763-555-0199",
        "narrative": "A yellow lab loose on Viking Blvd, chasing the school bus.",
    }
    data.update(changes)
    return data


def test_intake_receives_the_complaint_on_a_parcel(clerk, dog, parcel):
    client = as_user(clerk)
    page = client.get("/complaints/new/").content.decode()
    assert "Data practices notice" in page
    assert "identity is not public" in page
    response = client.post("/complaints/new/", intake(pin=parcel.pin, dogs=[dog.pk]))
    complaint = Complaint.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/complaints/{complaint.number}/"
    assert complaint.parcel == parcel
    assert complaint.owner == dog.owner  # from the dog
    assert complaint.occurred_at == dt.datetime(2026, 11, 28, 7, 45, tzinfo=CHICAGO)
    assert complaint.complainant_phone == "+17635550199"
    assert complaint.received_by == clerk


def test_intake_takes_a_point_in_feet(clerk):
    as_user(clerk).post("/complaints/new/", intake(x="1200.5", y="800"))
    assert Complaint.objects.get().point == {"type": "Point", "coordinates": [1200.5, 800.0]}


@pytest.mark.parametrize(
    "changes, message",
    [
        ({}, "Say where it happened: a parcel, an address or a point on the map."),
        ({"occurred_on": "2026-12-02", "address": "Viking Blvd"}, "after the complaint was"),
        ({"pin": "R99-NOPE"}, "No parcel has the PIN R99-NOPE."),
        ({"x": "100", "address": "Viking Blvd"}, "Give both x and y, or neither."),
        ({"narrative": "", "address": "Viking Blvd"}, "This field is required."),
    ],
)
def test_refused_intake_shows_why_and_writes_nothing(clerk, changes, message):
    before = counts()
    response = as_user(clerk).post("/complaints/new/", intake(**changes))
    assert response.status_code == 200
    summary = errors(response)
    assert message in summary
    assert "nothing was written" in summary
    assert counts() == before


# ---------------------------------------------------------------------------------- queue


def earlier(clerk, when, **changes):
    return receive(clerk, occurred_at=when - dt.timedelta(hours=12), received_at=when, **changes)


def test_queue_filters_counts_and_repeats(clerk, officer, dog, parcel):
    old = earlier(clerk, dt.datetime(2026, 3, 1, 9, tzinfo=CHICAGO), dogs=[dog])
    earlier(clerk, dt.datetime(2025, 10, 1, 9, tzinfo=CHICAGO), dogs=[dog])  # over 12 months ago
    on_parcel = receive(clerk, kind="at_large", parcel=parcel, address="")
    unrelated = receive(clerk, kind="vehicle", address="Cenex lot, Viking Blvd")
    services.assign(on_parcel, officer=officer, on=ON, actor=clerk)
    services.withdraw(unrelated, on=ON, note="Called to withdraw it.", actor=officer)
    services.close(unrelated, outcome="withdrawn", decided_on=ON, note="", actor=officer)
    client = as_user(officer)

    page = client.get("/complaints/").content.decode()
    numbers = re.findall(r'data-number="([^"]+)"', page)
    # oldest open first, closed last
    assert numbers == ["C2025-0001", "C2026-0001", "C2026-0002", "C2026-0003"]
    assert re.search(r'data-status="received"><strong>2</strong>', page)
    assert re.search(r'data-status="assigned"><strong>1</strong>', page)
    assert re.search(r'data-status="closed"><strong>1</strong>', page)

    # only complaints received in the last 12 months count: the 2025 one about Biscuit does not
    # count for March's, but March's counts for the 2025 one
    repeats = queries.repeat_counts(list(Complaint.objects.all()))
    assert {c.number: repeats[c.pk] for c in Complaint.objects.all()} == {
        "C2025-0001": 1,
        "C2026-0001": 0,
        "C2026-0002": 0,
        "C2026-0003": 0,
    }
    again = receive(clerk, dogs=[dog])  # Biscuit again, this month
    assert queries.repeat_counts([old, again]) == {old.pk: 1, again.pk: 1}
    page = client.get("/complaints/").content.decode()
    assert page.count('class="dogtag-repeat">1 other</span>') == 2
    assert page.count('class="dogtag-repeat">2 others</span>') == 1

    def shown(**query):
        return re.findall(
            r'data-number="([^"]+)"', client.get("/complaints/", query).content.decode()
        )

    assert shown(kind="vehicle") == ["C2026-0003"]
    assert shown(status="open") == ["C2025-0001", "C2026-0001", "C2026-0002", "C2026-0004"]
    assert shown(status="closed") == ["C2026-0003"]
    assert shown(mine="on") == ["C2026-0002"]
    assert shown(assigned_to=str(officer.pk)) == ["C2026-0002"]
    assert shown(place="R30-32") == ["C2026-0002"]
    assert shown(place="cenex") == ["C2026-0003"]
    assert shown(received_from="2026-11-01", received_to="2026-11-29") == [
        "C2026-0002",
        "C2026-0004",
        "C2026-0003",
    ]
    assert shown(received_to="2026-03-31", order="newest") == ["C2026-0001", "C2025-0001"]
    bad = client.get("/complaints/", {"received_from": "2026-11-29", "received_to": "2026-11-01"})
    assert "The end of the range is before its start." in bad.content.decode()


def test_repeat_counts_take_a_fixed_number_of_queries(
    clerk, dog, parcel, django_assert_num_queries
):
    for _ in range(6):
        receive(clerk, dogs=[dog], parcel=parcel)
    rows = list(Complaint.objects.all())
    with django_assert_num_queries(3):
        repeats = queries.repeat_counts(rows)
    assert set(repeats.values()) == {5}


def test_queue_is_paginated(clerk, officer):
    for _ in range(27):
        receive(clerk)
    client = as_user(officer)
    first = client.get("/complaints/", {"kind": "barking"}).content.decode()
    assert len(re.findall(r'data-number="', first)) == 25
    assert "Page 1 of 2" in first and "kind=barking&amp;page=2" in first
    second = client.get("/complaints/", {"kind": "barking", "page": 2}).content.decode()
    assert len(re.findall(r'data-number="', second)) == 2


# ------------------------------------------------------------------------- complaint page


def test_the_complaint_page_links_the_parcel_dog_and_owner(clerk, dog, parcel):
    complaint = receive(clerk, dogs=[dog], parcel=parcel)
    page = as_user(clerk).get(f"/complaints/{complaint.number}/").content.decode()
    assert f'href="/parcels/{parcel.pin}/"' in page
    assert f'href="{reverse("dog_detail", args=[dog.pk])}"' in page
    assert f'href="{reverse("owner_detail", args=[dog.owner.pk])}"' in page
    # the clerk took the complaint but does not see who made it (need-to-know, 13.44 subd. 1)
    assert "Lee Anders" not in page and "private data: not public" in page


def test_assignment(clerk, officer):
    complaint = receive(clerk)
    client = as_user(officer)
    before = counts()
    refused = act(client, complaint, "assign", {"officer": clerk.pk, "on": "2026-11-29"})
    assert "Select a valid choice" in errors(refused)  # a clerk is not an investigator
    assert counts() == before
    response = act(client, complaint, "assign", {"officer": officer.pk, "on": "2026-11-29"})
    assert response.status_code == 302
    complaint.refresh_from_db()
    assert (complaint.assigned_to, complaint.status) == (officer, Complaint.Status.ASSIGNED)
    page = client.get(f"/complaints/{complaint.number}/").content.decode()
    assert "Assigned to officer1" in page


def test_typed_noise_times_give_the_finding_and_the_picture(clerk, officer):
    complaint = receive(clerk)
    client = as_user(officer)
    times = "\n".join(f"22:{s // 60:02d}:{s % 60:02d}" for s in range(0, 331, 30))
    response = act(
        client,
        complaint,
        "evidence/times",
        {"day": "2026-11-20", "times": times, "description": "Heard from the road"},
    )
    assert response.status_code == 302
    evidence = Evidence.objects.get()
    assert evidence.kind == Evidence.Kind.TYPED_TIMES
    assert evidence.noise_times[0] == "2026-11-20T22:00:00-06:00"
    page = client.get(f"/complaints/{complaint.number}/").content.decode()
    assert "Public nuisance" in page and '<span class="dogtag-citation">3-2-7.A</span>' in page
    assert f'id="bark-timeline-{evidence.pk}"' in page
    assert 'class="period"' in page
    assert "from the first noise" in page
    assert "2026-11-20 22:00:00" in page and "22:05:30" in page  # the period table


def test_bad_noise_times_are_refused(clerk, officer):
    complaint = receive(clerk)
    before = counts()
    response = act(
        as_user(officer),
        complaint,
        "evidence/times",
        {"day": "", "times": "22:00:00\nlate\n"},
    )
    summary = errors(response)
    assert "line 1: &#x27;22:00:00&#x27; is a clock time; give the log&#x27;s date" in summary
    assert "line 2: &#x27;late&#x27; is not a time" in summary
    assert counts() == before


def test_a_noise_log_upload(clerk, officer, media):
    complaint = receive(clerk)
    from django.core.files.uploadedfile import SimpleUploadedFile

    data = "time\n" + "".join(f"22:{s // 60:02d}:{s % 60:02d}\n" for s in range(0, 200, 20))
    upload = SimpleUploadedFile("log.csv", data.encode(), content_type="text/csv")
    client = as_user(officer)
    response = act(client, complaint, "evidence/log", {"file": upload, "log_date": "2026-11-20"})
    assert response.status_code == 302
    page = client.get(f"/complaints/{complaint.number}/").content.decode()
    assert "Not a nuisance under 3-2-7.A" in page
    assert "No qualifying period." in page
    before = counts()
    empty = SimpleUploadedFile("log.csv", b"time\n22:00:00\n", content_type="text/csv")
    refused = act(client, complaint, "evidence/log", {"file": empty})
    assert "give the log&#x27;s date" in errors(refused)
    assert counts() == before


def recording_upload(name="yard.wav"):
    from django.core.files.uploadedfile import SimpleUploadedFile

    samples = synthetic.recording([5 + 25 * i for i in range(13)], seconds=310)
    return SimpleUploadedFile(name, synthetic.as_file(samples), content_type="audio/wav")


@pytest.mark.django_db(transaction=True)
def test_a_recording_gives_the_finding_the_picture_and_the_limits(clerk, officer, media):
    complaint = receive(clerk)
    client = as_user(officer)
    response = act(
        client,
        complaint,
        "evidence/recording",
        {"file": recording_upload(), "started_on": "2026-11-20", "started_time": "22:00:00"},
    )
    assert response.status_code == 302
    evidence = analysed(Evidence.objects.get())
    assert len(evidence.detection["barks"]) == 13
    page = client.get(f"/complaints/{complaint.number}/").content.decode()
    assert "Public nuisance" in page
    assert 'class="envelope"' in page and page.count('class="bark"') == 13
    assert "What the bark detector can and cannot tell" in page
    assert "does not know a dog from a person shouting" in page
    assert "2026-11-20 22:00:05" in page  # the qualifying period starts at the first bark
    # the download, for staff only
    url = reverse("complaint_evidence_download", args=[complaint.number, evidence.pk])
    assert url in page
    download = client.get(url)
    assert download.status_code == 200
    assert download["X-Content-SHA256"] == evidence.sha256
    assert 'attachment; filename="yard.wav"' in download["Content-Disposition"]
    assert Client().get(url).status_code == 302
    before = counts()
    from django.core.files.uploadedfile import SimpleUploadedFile

    junk = SimpleUploadedFile("noise.wav", b"not a wav at all", content_type="audio/wav")
    refused = act(
        client,
        complaint,
        "evidence/recording",
        {"file": junk, "started_on": "2026-11-20", "started_time": "22:00:00"},
    )
    assert "The recording cannot be used: not a WAV or FLAC recording" in errors(refused)
    assert (
        refused.context["refused_form"]
        .errors["file"][0]
        .startswith("The recording cannot be used: not a WAV or FLAC recording")
    )
    assert counts() == before


def test_barking_evidence_is_refused_for_another_kind(clerk, officer):
    complaint = receive(clerk, kind="at_large")
    before = counts()
    response = act(
        as_user(officer),
        complaint,
        "evidence/times",
        {"day": "2026-11-20", "times": "22:00:00"},
    )
    assert "is about running at large (3-2-7.D), not barking" in errors(response)
    assert counts() == before


def test_a_photo(clerk, officer, media):
    from django.core.files.uploadedfile import SimpleUploadedFile

    complaint = receive(clerk, kind="damage")
    client = as_user(officer)
    from tests.images import jpeg

    photo = SimpleUploadedFile("fence.jpg", jpeg(), content_type="image/jpeg")
    response = act(
        client,
        complaint,
        "evidence/file",
        {"kind": "photo", "file": photo, "description": "Torn fence"},
    )
    assert response.status_code == 302
    assert Evidence.objects.get().original_name == "fence.jpg"


def test_at_large_facts(clerk, officer):
    complaint = receive(clerk, kind="at_large")
    client = as_user(officer)
    page = client.get(f"/complaints/{complaint.number}/").content.decode()
    assert '<legend class="usa-legend usa-legend--large">Facts of running at large' in page
    response = act(
        client,
        complaint,
        "findings/at-large",
        {"off_owner_premises": "on", "excrement_left": "on"},
    )
    assert response.status_code == 302
    page = client.get(f"/complaints/{complaint.number}/").content.decode()
    assert "At large: off the owner&#x27;s premises" in page
    assert '<span class="dogtag-citation">3-2-7.D.1</span>' in page
    assert '<span class="dogtag-citation">3-2-7.D.3</span>' in page
    assert page.count('data-blocks="true"') == 2


def test_damage_and_its_refusal(clerk, officer):
    complaint = receive(clerk, kind="damage")
    client = as_user(officer)
    before = counts()
    refused = act(client, complaint, "findings/damage", {})
    assert "This field is required." in errors(refused)
    assert counts() == before
    response = act(
        client,
        complaint,
        "findings/damage",
        {"damage_done": "yes", "damaged_owner_own": "no", "in_defense_of": "family"},
    )
    assert response.status_code == 302
    assert ComplaintFinding.objects.get().outcome == "defense"


def test_acts_for_chasing(clerk, officer):
    complaint = receive(clerk, kind="chasing")
    client = as_user(officer)
    before = counts()
    refused = act(
        client,
        complaint,
        "findings/acts",
        {"on_public_grounds_streets_or_highways": "yes"},
    )
    assert "Choose at least one act, or that none was found." in errors(refused)
    assert counts() == before
    act(
        client,
        complaint,
        "findings/acts",
        {"acts": ["chased_vehicle"], "on_public_grounds_streets_or_highways": "yes"},
    )
    finding = ComplaintFinding.objects.get()
    assert (finding.outcome, finding.sections) == ("nuisance", ["3-2-7.E"])


def vehicle_post(**changes):
    data = {
        "animal": "dog",
        "vehicle": "Blue Ford Focus, MN ABC123",
        "left_unattended": "on",
        "vehicle_standing_or_parked": "on",
        "health_or_safety_endangered": "on",
        "conditions": "88 °F, windows closed, dog panting heavily",
        "forced_entry": "on",
        "entered_by_animal_control": "on",
        "taken_to_shelter": "on",
        "taken_to": "Anoka County shelter",
        "attempt-TOTAL_FORMS": "3",
        "attempt-INITIAL_FORMS": "0",
        "attempt-MIN_NUM_FORMS": "0",
        "attempt-MAX_NUM_FORMS": "12",
        "attempt-0-on": "2026-11-28",
        "attempt-0-time": "14:05",
        "attempt-0-how": "phone from the plate",
        "attempt-0-result": "no answer",
    }
    data.update(changes)
    return data


def test_vehicle_incident(clerk, officer):
    complaint = receive(clerk, kind="vehicle", address="Cenex lot")
    client = as_user(officer)
    before = counts()
    refused = act(
        client,
        complaint,
        "findings/vehicle",
        vehicle_post(**{"attempt-1-how": "knocked at the store"}),
    )
    assert "row 2: Give the date, the time and how for each attempt." in errors(refused)
    assert counts() == before
    response = act(client, complaint, "findings/vehicle", vehicle_post())
    assert response.status_code == 302
    incident = complaint.vehicle_incident.__class__.objects.get()
    assert incident.owner_contact_attempts == [
        {"at": "2026-11-28T14:05:00-06:00", "how": "phone from the plate", "result": "no answer"}
    ]
    page = client.get(f"/complaints/{complaint.number}/").content.decode()
    assert "Violation, a misdemeanor" in page
    assert "Removal as 3-2-4 allows" in page
    assert "phone from the plate" in page


def test_follow_up_and_close(clerk, officer):
    complaint = receive(clerk, kind="at_large")
    client = as_user(officer)
    before = counts()
    refused = act(client, complaint, "follow-ups", {"on": "2026-11-01", "note": "Visited"})
    assert "cannot be dated before the complaint was received" in errors(refused)
    assert counts() == before
    with time_machine.travel(dt.datetime(2026, 11, 29, 17, 0, tzinfo=dt.UTC), tick=False):
        client.force_login(officer)  # hours later: the 30-minute idle session has ended
        act(client, complaint, "follow-ups", {"on": "2026-11-29", "note": "Visited"})
    assert FollowUp.objects.count() == 1

    before = counts()
    refused = act(client, complaint, "close", {"outcome": "warning", "decided_on": "2026-11-29"})
    assert "A warning needs a finding of a violation first" in errors(refused)
    assert counts() == before

    with time_machine.travel(dt.datetime(2026, 11, 29, 18, 0, tzinfo=dt.UTC), tick=False):
        client.force_login(officer)  # hours later: the 30-minute idle session has ended
        act(
            client,
            complaint,
            "findings/at-large",
            {"off_owner_premises": "on", "duty": "keeper", "person": "Sam Keeper"},
        )
    with time_machine.travel(dt.datetime(2026, 11, 29, 19, 0, tzinfo=dt.UTC), tick=False):
        client.force_login(officer)  # hours later: the 30-minute idle session has ended
        response = act(
            client,
            complaint,
            "close",
            {"outcome": "warning", "decided_on": "2026-11-29", "note": "Spoke to the owner."},
        )
    assert response.status_code == 302
    complaint.refresh_from_db()
    assert complaint.status == Complaint.Status.CLOSED
    page = client.get(f"/complaints/{complaint.number}/").content.decode()
    assert "Complaint closed: warning. Spoke to the owner." in page
    assert "/close/" not in page  # no more forms
    timeline = page.split('id="complaint-timeline"')[1].split("</table>")[0]
    whats = re.findall(r'data-label="What">([^<]+)<', timeline)
    assert whats == ["Received", "Follow-up", "Finding", "Finding", "Closed: warning"]


# -------------------------------------------------------------------------------- history


def test_history_for_a_dog_owner_and_parcel(clerk, dog, parcel, owner):
    earlier(clerk, dt.datetime(2025, 6, 1, 9, tzinfo=CHICAGO), dogs=[dog])
    receive(clerk, dogs=[dog])
    receive(clerk, kind="at_large", parcel=parcel, address="")
    other = licensing.register_owner(
        actor=clerk, name="Sam Other", street="1 Elm St", postal_code="55303", phone="763-555-0100"
    )
    receive(clerk, owner=other)
    assert [c.number for c in queries.history_for(dog=dog).complaints] == [
        "C2026-0001",
        "C2025-0001",
    ]
    history = queries.history_for(dog=dog)
    assert history.last_12_months == 1
    assert history.line.startswith("1 complaint in the last 12 months (received since November 29")
    assert len(queries.history_for(owner=owner).complaints) == 2
    assert queries.history_for(parcel=parcel).last_12_months == 2
    assert len(queries.history_for(owner=other).complaints) == 1
    with pytest.raises(ValueError):
        queries.history_for()

    from django.template.loader import render_to_string

    html = render_to_string(
        "complaints/_history.html",
        {"history": history, "caption": "Complaints about Biscuit", "perms": {}},
    )
    assert "Complaints about Biscuit, newest first" in html
    assert "1 complaint in the last 12 months" in html


def test_parcel_fallback_url():
    from dogtag.complaints.views import parcel_url

    assert parcel_url("R30-32-25-0001") == "/parcels/R30-32-25-0001/"


def test_intake_opened_from_a_dog_page_starts_with_the_dog_owner_and_parcel(
    client, clerk, dog, parcel
):
    client.force_login(clerk)
    page = client.get(f"/complaints/new/?dog={dog.pk}").content.decode()
    assert f'value="{parcel.pin}"' in page
    assert f'<option value="{dog.pk}" selected>' in page
    assert f'<option value="{dog.owner.pk}" selected>' in page
    # the dog list is the household's only
    form = client.get(f"/complaints/new/?owner={dog.owner.pk}").context["form"]
    assert list(form.fields["dogs"].queryset) == [dog]
    # a number that names nothing is ignored
    form = client.get("/complaints/new/?dog=999999&owner=x").context["form"]
    assert form.initial == {}
    # and the dog's page links to it
    page = client.get(f"/dogs/{dog.pk}/").content.decode()
    assert f'href="/complaints/new/?dog={dog.pk}"' in page


# --------------------------------------------------------- findings both ways, whom the duty falls on


def test_no_damage_is_recorded_as_a_finding_and_closes_unfounded(clerk, officer, dog):
    # given a damage complaint about Biscuit
    complaint = receive(clerk, kind="damage", dogs=[dog])
    client = as_user(officer)
    # when the officer finds no damage was done (3-2-7.B decided the other way)
    response = act(
        client,
        complaint,
        "findings/damage",
        {"damage_done": "no", "damaged_owner_own": "no", "in_defense_of": "none"},
    )
    assert response.status_code == 302
    # then the finding is stored about the dog, naming no one, and read aloud on the page
    finding = ComplaintFinding.objects.get()
    assert (finding.outcome, finding.dog, finding.duty, finding.person) == (
        "no_damage",
        dog,
        "",
        "",
    )
    page = client.get(f"/complaints/{complaint.number}/").content.decode()
    assert (
        f'<li data-outcome="no_violation_found">3-2-7.B (Biscuit (dog {dog.pk})): no violation '
        "found on 2026-11-29: Not a nuisance under 3-2-7.B: the dog did no damage to the person "
        "or property of anyone.</li>"
    ) in page
    # and unfounded rests on it
    closed = act(client, complaint, "close", {"outcome": "unfounded", "decided_on": "2026-11-29"})
    assert closed.status_code == 302
    assert Outcome.objects.get().kind == "unfounded"


def test_a_violation_stores_whom_the_duty_falls_on_and_the_owner_of_record(clerk, officer, dog):
    # given an at-large complaint about Biscuit, whose owner of record is Pat Gustafson
    complaint = receive(clerk, kind="at_large", dogs=[dog])
    client = as_user(officer)
    # when the officer finds it at large, the duty on the owner of record
    response = act(
        client,
        complaint,
        "findings/at-large",
        {"off_owner_premises": "on", "dog": str(dog.pk), "duty": "owner_of_record"},
    )
    assert response.status_code == 302
    # then the finding names the owner of record, and the record keeps who that is
    at_large = ComplaintFinding.objects.get(rule="nuisance.at_large")
    assert (at_large.outcome, at_large.duty, at_large.person, at_large.owner_of_record) == (
        "at_large",
        "owner_of_record",
        "Pat Gustafson",
        dog.owner,
    )
    # and the not-found excrement finding names no one
    excrement = ComplaintFinding.objects.get(rule="nuisance.excrement")
    assert (excrement.outcome, excrement.duty, excrement.person) == ("no_violation", "", "")
    # and a warning is addressed to that person
    closed = act(client, complaint, "close", {"outcome": "warning", "decided_on": "2026-11-29"})
    assert closed.status_code == 302
    assert "addressed to Pat Gustafson" in str(Outcome.objects.get().decision.findings)


def test_a_keeper_needs_a_name_and_a_vehicle_duty_falls_on_the_person_who_left(clerk, officer):
    complaint = receive(clerk, kind="at_large")
    client = as_user(officer)
    before = counts()
    refused = act(
        client, complaint, "findings/at-large", {"off_owner_premises": "on", "duty": "keeper"}
    )
    assert "Name the person the duty falls on." in errors(refused)
    assert counts() == before
    # the vehicle form offers the person who left the animal, not the owner
    vehicle = receive(clerk, kind="vehicle", address="Cenex lot, Viking Blvd")
    page = client.get(f"/complaints/{vehicle.number}/").content.decode()
    assert 'name="vehicle-duty" value="person_who_left"' in page
    assert 'name="vehicle-duty" value="owner_of_record"' not in page


def test_withdrawal_and_reopening_are_events_of_their_own(clerk, officer):
    complaint = receive(clerk, kind="at_large")
    client = as_user(officer)
    # a reopening of an open complaint is refused and writes nothing
    before = counts()
    refused = act(client, complaint, "reopen", {"on": "2026-11-29", "new_evidence": "A video"})
    assert "is open: there is nothing to reopen." in errors(refused)
    assert counts() == before
    # the complainant withdraws; the complaint closes as withdrawn
    act(client, complaint, "withdraw", {"on": "2026-11-29", "note": "By phone."})
    closed = act(client, complaint, "close", {"outcome": "withdrawn", "decided_on": "2026-11-29"})
    assert closed.status_code == 302
    # reopened on new evidence: the earlier outcome stays on the record
    reopened = act(
        client, complaint, "reopen", {"on": "2026-11-29", "new_evidence": "A neighbour's video"}
    )
    assert reopened.status_code == 302
    complaint.refresh_from_db()
    assert complaint.status == Complaint.Status.INVESTIGATING
    assert [o.kind for o in Outcome.objects.all()] == ["withdrawn"]
    assert [e.kind for e in complaint.log.all()] == ["withdrawn", "reopened"]
    # and the stored state is the rules core's replay of the log
    assert services.procedure_state(complaint, ON).state == "investigating"


def test_a_violation_found_naming_no_one_gets_its_person_by_a_new_finding(clerk, officer, dog):
    # given a barking nuisance found from typed times that named no one
    complaint = receive(clerk, kind="barking", dogs=[dog])
    night = dt.datetime(2026, 11, 20, 22, 0, tzinfo=CHICAGO)
    services.add_noise_times(
        complaint,
        noises=[night + dt.timedelta(seconds=s) for s in range(0, 301, 30)],
        description="Heard from the road",
        on=ON,
        actor=officer,
    )
    client = as_user(officer)
    refused = act(client, complaint, "close", {"outcome": "warning", "decided_on": "2026-11-29"})
    assert "is addressed to the person the duty falls on" in errors(refused)
    # when the officer names the owner of record
    response = act(client, complaint, "findings/duty", {"duty": "owner_of_record"})
    assert response.status_code == 302
    # then a new finding names them (the first stays on the record) and a warning may follow
    assert [(f.duty, f.person) for f in ComplaintFinding.objects.order_by("pk")] == [
        ("", ""),
        ("owner_of_record", "Pat Gustafson"),
    ]
    before = counts()
    again = act(client, complaint, "findings/duty", {"duty": "owner_of_record"})
    assert "No violation found on this complaint is waiting for its person." in errors(again)
    assert counts() == before
    closed = act(client, complaint, "close", {"outcome": "warning", "decided_on": "2026-11-29"})
    assert closed.status_code == 302
