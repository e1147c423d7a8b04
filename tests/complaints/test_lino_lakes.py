"""Complaints in Lino Lakes (issue 27): the complaint procedure over the prohibitions of § 503.12.

Lino Lakes takes complaints of the prohibitions its text states in the rules' shapes: habitual
disturbance (503.12(5), three minutes with less than a minute of interruption), damage to another
person's property (503.12(6), the variant with no defense), an animal left in a motor vehicle
(Minn. Stat. 346.57, as 503.13 is known only from drafts), and abandonment (503.12(3)) and a
device and a container for removing feces (503.12(2)), tested in
test_lino_lakes_prohibitions.py. Running at large (503.12(1)) is not taken: "at large" is
defined in 503.01, which was not found. Each prohibition states on whom its duty falls; a
violation's duty sentence quotes the complaint's own subdivision. No complaint finding grounds a
referral there: the officer opens a dangerous-animal case on the evidence.

"Today" is Sunday 2026-11-29 (tests/complaints/conftest.py).
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client

from dogtag.complaints import services
from dogtag.complaints.models import Complaint, ComplaintFinding, Evidence, Outcome
from dogtag.law import complaint_procedure
from dogtag.records import law_parts
from dogtag.records.models import Decision

from .conftest import CHICAGO

NIGHT = dt.datetime(2026, 11, 20, 22, 0, tzinfo=CHICAGO)
ON = dt.date(2026, 11, 29)


@pytest.fixture(autouse=True)
def lino_lakes(monkeypatch):
    # given Lino Lakes' package in force
    monkeypatch.setenv("DOGTAG_JURISDICTION", "lino-lakes")


def counts():
    return (
        Complaint.objects.count(),
        Evidence.objects.count(),
        ComplaintFinding.objects.count(),
        Outcome.objects.count(),
        Decision.objects.filter(outcome="done").count(),
    )


def as_user(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def receive(clerk, **changes):
    fields = dict(
        kind="barking",
        occurred_at=NIGHT,
        narrative="Barking from the yard for most of an hour.",
        address="600 Town Center Pkwy",
        complainant_name="Lee Anders",
        complainant_phone="651-555-0199",
        actor=clerk,
    )
    fields.update(changes)
    return services.receive_complaint(**fields)


def act(client, complaint, action, prefix, data):
    sent = {f"{prefix}-{k}": v for k, v in data.items()}
    return client.post(f"/complaints/{complaint.number}/{action}/", sent)


def errors(response) -> str:
    html = response.content.decode()
    match = re.search(r'class="[^"]*dogtag-error-summary[^"]*".*?</div>\s*</div>', html, re.S)
    return match.group(0) if match else ""


def radio_values(page: str, name: str) -> list[str]:
    return re.findall(rf'name="{name}" value="([^"]+)"', page)


@pytest.mark.parametrize(
    "city, kinds",
    [
        ("nowthen", ("barking", "damage", "aggression", "at_large", "chasing", "vehicle")),
        ("lino-lakes", ("barking", "damage", "vehicle", "abandonment", "feces_device")),
    ],
)
def test_each_city_takes_the_kinds_its_law_states(monkeypatch, city, kinds):
    monkeypatch.setenv("DOGTAG_JURISDICTION", city)
    assert complaint_procedure.offered_kinds() == kinds
    assert law_parts.law_has()["complaints"] is True


def test_the_intake_offers_only_lino_lakes_kinds_and_refuses_another(clerk):
    # when the clerk opens the intake form
    client = as_user(clerk)
    page = client.get("/complaints/new/").content.decode()
    # then it offers the prohibitions of Lino Lakes' law, with its sections
    assert radio_values(page, "kind") == [
        "barking",
        "damage",
        "vehicle",
        "abandonment",
        "feces_device",
    ]
    assert "barking or other noise (503.12(5))" in page
    assert "damage to person or property (503.12(6))" in page
    assert "3-2-" not in page
    # and a complaint of running at large, posted anyway, is refused, writing nothing
    before = counts()
    response = client.post(
        "/complaints/new/",
        {
            "kind": "at_large",
            "occurred_on": "2026-11-28",
            "occurred_time": "07:45",
            "address": "Lake Dr",
            "narrative": "A dog loose on Lake Dr.",
        },
    )
    assert response.status_code == 200
    assert "Select a valid choice. at_large is not one of the available choices." in errors(
        response
    )
    assert counts() == before


def test_a_habitual_disturbance_is_found_and_warned_under_503_12_5(clerk, officer, dog):
    # given a barking complaint about Biscuit, assigned
    complaint = receive(clerk, dogs=[dog])
    client = as_user(officer)
    assert act(client, complaint, "assign", "assign", {"officer": officer.pk, "on": "2026-11-29"})
    # when the officer types noises every 50 s for three minutes (gaps under one minute)
    times = "\n".join(f"22:{s // 60:02d}:{s % 60:02d}" for s in (0, 50, 100, 150, 180))
    response = act(
        client,
        complaint,
        "evidence/times",
        "times",
        {"day": "2026-11-20", "times": times, "description": "Heard from the road"},
    )
    assert response.status_code == 302
    # then the rules find a habitual disturbance under 503.12(5)
    [finding] = ComplaintFinding.objects.all()
    assert (finding.rule, finding.outcome) == ("nuisance.barking", "nuisance")
    # and, once the officer names the owner of record, the duty sentence quotes (5) itself
    named = act(client, complaint, "findings/duty", "duty", {"duty": "owner_of_record"})
    assert named.status_code == 302
    page = client.get(f"/complaints/{complaint.number}/").content.decode()
    assert (
        "the duty falls on Pat Gustafson, the owner of record of the dog on the day of the "
        'incident (503.12(5): "A person must not allow an animal to create a habitual '
        'disturbance.")'
    ) in page.replace("&quot;", '"')
    assert "3-2-7" not in page
    # and a warning rests on it
    closed = act(
        client, complaint, "close", "close", {"outcome": "warning", "decided_on": "2026-11-29"}
    )
    assert closed.status_code == 302
    assert Outcome.objects.get().kind == "warning"


def test_noise_short_of_three_minutes_closes_unfounded(clerk, officer, dog):
    # given a barking complaint and noises over 2 min 59 s only
    complaint = receive(clerk, dogs=[dog])
    services.add_noise_times(
        complaint,
        noises=[NIGHT + dt.timedelta(seconds=s) for s in (0, 59, 118, 177, 179)],
        description="Heard from the road",
        on=ON,
        actor=officer,
    )
    # then 503.12(5) is decided the other way, and the complaint may close as unfounded
    [finding] = ComplaintFinding.objects.all()
    assert finding.outcome == "not_a_nuisance"
    closed = act(
        as_user(officer),
        complaint,
        "close",
        "close",
        {"outcome": "unfounded", "decided_on": "2026-11-29"},
    )
    assert closed.status_code == 302
    assert Outcome.objects.get().kind == "unfounded"


def test_damage_is_to_another_person_s_property_with_no_defense_to_ask(clerk, officer, dog):
    # given a damage complaint about Biscuit
    complaint = receive(clerk, kind="damage", dogs=[dog])
    client = as_user(officer)
    # when the officer opens it, the form asks of 503.12(6)'s words and no defense
    page = client.get(f"/complaints/{complaint.number}/").content.decode()
    assert "Did the animal damage another person&#x27;s lawn, garden or other property?" in page
    assert 'name="damage-in_defense_of"' not in page
    # and finds the garden of a neighbour dug up, the duty on the owner of record
    response = act(
        client,
        complaint,
        "findings/damage",
        "damage",
        {"damage_done": "yes", "damaged_owner_own": "no", "duty": "owner_of_record"},
    )
    assert response.status_code == 302
    # then the variant's finding stands, its duty quoting (6)
    [finding] = ComplaintFinding.objects.all()
    assert (finding.rule, finding.outcome, finding.duty, finding.person) == (
        "nuisance.property_damage",
        "nuisance",
        "owner_of_record",
        "Pat Gustafson",
    )
    page = client.get(f"/complaints/{complaint.number}/").content.decode().replace("&#x27;", "'")
    assert (
        f"503.12(6) (Biscuit (dog {dog.pk})): violation found on 2026-11-29; the duty falls on "
        "Pat Gustafson, the owner of record of the dog on the day of the incident (503.12(6): "
        '"A person must not permit an '
        "animal under his or her care, custody or control to damage another person's lawn, "
        'garden or other property.")'
    ) in page.replace("&quot;", '"')


def test_a_defense_posted_in_lino_lakes_is_refused_and_writes_nothing(clerk, officer, dog):
    complaint = receive(clerk, kind="damage", dogs=[dog])
    before = counts()
    with pytest.raises(services.ServiceError, match=r"503\.12\(6\) states no defense"):
        services.record_damage(
            complaint,
            damaged_owner_own=False,
            in_defense_of="owner",
            on=ON,
            actor=officer,
        )
    assert counts() == before


def test_no_complaint_closes_as_a_referral_in_lino_lakes(clerk, officer, dog):
    # given a damage violation found
    complaint = receive(clerk, kind="damage", dogs=[dog])
    services.record_damage(
        complaint,
        damaged_owner_own=False,
        in_defense_of="none",
        on=ON,
        actor=officer,
        named=services.Named(duty="owner_of_record"),
    )
    client = as_user(officer)
    # then the outcomes offered hold no referral
    page = client.get(f"/complaints/{complaint.number}/").content.decode()
    assert "dangerous_dog_referral" not in radio_values(page, "close-outcome")
    assert "warning" in radio_values(page, "close-outcome")
    # and one asked of the rules is refused, saying where a designation comes from
    [grounds] = [
        f
        for f in complaint_procedure.step_findings(
            services.events_of(complaint), "close.dangerous_dog_referral", ON
        )
        if f.rule == "complaint.outcome_grounds"
    ]
    assert (grounds.outcome, grounds.blocks, grounds.sections) == (
        "no_referral_ground",
        True,
        ("503.16(1)",),
    )
    assert grounds.message == (
        "No finding of a complaint grounds a referral in this city's law (none of the "
        "prohibitions it is about is a bite, vicious tendencies or damage to a person): the "
        "officer opens the case on the evidence (503.16(1))."
    )
    # and a referral posted anyway writes nothing
    before = counts()
    refused = act(
        client,
        complaint,
        "close",
        "close",
        {"outcome": "dangerous_dog_referral", "decided_on": "2026-11-29"},
    )
    assert refused.status_code == 200
    assert counts() == before


def test_an_animal_left_in_a_vehicle_is_a_petty_misdemeanor_by_the_statute(clerk, officer):
    # given a complaint of a dog left in a parked car at the Town Center
    complaint = receive(clerk, kind="vehicle", address="Town Center Pkwy parking lot")
    # when the officer records the incident, the duty on the person who left it
    services.record_vehicle_incident(
        complaint,
        on=ON,
        actor=officer,
        named=services.Named(duty="person_who_left", person="The driver of the red sedan"),
        animal="dog",
        vehicle="Red sedan",
        left_unattended=True,
        vehicle_standing_or_parked=True,
        health_or_safety_endangered=True,
        conditions="88 F outside, windows closed, dog panting",
        forced_entry=False,
        owner_contact_attempts=[],
        taken_to_shelter=False,
        taken_to="",
    )
    # then Minn. Stat. 346.57 is applied: a petty misdemeanor, a violation naming its person
    finding = ComplaintFinding.objects.get(rule="vehicle.animal_left")
    assert finding.outcome == "petty_misdemeanor"
    assert (finding.duty, finding.person) == ("person_who_left", "The driver of the red sedan")
    # and a citation rests on it
    services.close(complaint, outcome="citation", decided_on=ON, note="", actor=officer)
    assert Outcome.objects.get().kind == "citation"


def test_the_residents_form_offers_lino_lakes_kinds_in_both_languages(db):
    client = Client()
    page = client.get("/residents/complaints/new/").content.decode().replace("&#x27;", "'")
    kinds = page[page.index('name="kind"') :].split("</select>")[0]
    assert re.findall(r'<option value="([a-z_]+)"', kinds) == [
        "barking",
        "damage",
        "vehicle",
        "abandonment",
        "feces_device",
    ]
    assert "Damage to another person's lawn, garden or other property (City Code § 503.12(6))" in (
        page
    )
    spanish = client.get(
        "/residents/complaints/new/", headers={"accept-language": "es"}
    ).content.decode()
    assert "Daños al césped, al jardín u otra propiedad de otra persona" in spanish
