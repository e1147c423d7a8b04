"""Complaints for the demo town (``vehicle.animal_left``, ``nuisance.owner_duty``), written through
the complaint services.

Given the demo's parcels, residents and dogs, ``generate_complaints`` takes about forty complaints
received over the last year, of every kind, on residents' parcels (a few at points on roads, a few
by address only), assigns most to the animal control officer and carries them as far as a real
officer would: barking complaints with typed noise times (some qualifying, some not) and one with a
synthetic WAV recording analysed for barks (in this process: see ``_investigate``); at-large,
damage, aggression (one bite referred for a dangerous-dog designation), chasing and one dog left in
a hot car; follow-ups; and outcomes for the older ones. The same seed and the same town give the
same complaints.
"""

from __future__ import annotations

import datetime as dt
import io
import random
from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from dogtag.complaints import services
from dogtag.complaints.models import Complaint, Evidence
from dogtag.evidence import synthetic
from dogtag.law import complaint_procedure, nuisance
from dogtag.law.nuisance import AtLargeFacts
from dogtag.law.provisions import maps
from dogtag.licensing.demo_town import town
from dogtag.licensing.models import Dog, Owner

COMPLAINTS = 40
NARRATIVES = {
    "barking": "Dog barking in the yard for a long time, night after night.",
    "damage": "Dog dug up the neighbour's garden and tore the screen door.",
    "aggression": "Dog snarled at and went after a person walking on the road.",
    "at_large": "Dog loose on the road again, not on a leash, nobody with it.",
    "chasing": "Dog chased cars and a cyclist along the county road.",
    "vehicle": "Dog left in a parked pickup with the windows up on a hot afternoon.",
    "abandonment": "A dog left tied to the fence of the empty house after the tenants moved out.",
    "feces_device": "Dog walked on the trail every morning; the owner carries nothing to pick up.",
}
KINDS = ["barking"] * 14 + ["at_large"] * 12 + ["damage"] * 4 + ["aggression"] * 4
KINDS += ["chasing"] * 4 + ["vehicle"] * 2
# prohibitions only another city's law states (Lino Lakes' abandonment and feces device): last, so that a
# city without them draws the same complaints as before
KINDS += ["abandonment"] * 2 + ["feces_device"] * 4


@dataclass
class ComplaintSummary:
    by_kind: dict[str, int] = field(default_factory=dict)
    closed: int = 0

    def lines(self) -> list[str]:
        kinds = ", ".join(f"{n} {kind.replace('_', ' ')}" for kind, n in self.by_kind.items())
        total = sum(self.by_kind.values())
        return [f"Complaints: {total} ({kinds}); {self.closed} closed with an outcome"]


def _at(day: dt.date, hour: int, minute: int = 0) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(hour, minute), tzinfo=timezone.get_current_timezone())


def _noises(start: dt.datetime, rng: random.Random, *, qualifying: bool) -> list[dt.datetime]:
    """Noise times as an officer would type them: every 10-28 s, for 6-9 minutes if qualifying,
    else broken by a lapse of 40-90 s before 5 minutes are up."""
    times, t = [], 0.0
    limit = rng.uniform(360, 540) if qualifying else rng.uniform(200, 280)
    while t <= limit:
        times.append(start + dt.timedelta(seconds=round(t)))
        t += rng.uniform(10, 28)
    if not qualifying:
        t += rng.uniform(40, 90)
        for _ in range(rng.randint(3, 8)):
            times.append(start + dt.timedelta(seconds=round(t)))
            t += rng.uniform(10, 25)
    return times


@transaction.atomic
def generate_complaints(
    *,
    on: dt.date,
    clerk: AbstractBaseUser,
    officer: AbstractBaseUser,
    seed: int,
    count: int = COMPLAINTS,
) -> ComplaintSummary:
    rng = random.Random(seed)
    summary = ComplaintSummary()
    owners = list(
        Owner.objects.filter(parcel__isnull=False, dogs__status=Dog.Status.ACTIVE)
        .select_related("parcel")
        .distinct()
        .order_by("id")
    )
    if not owners:
        return summary
    dogs_of: dict[int, list[Dog]] = {}
    for dog in Dog.objects.filter(status=Dog.Status.ACTIVE, owner__in=owners).order_by("id"):
        dogs_of.setdefault(dog.owner_id, []).append(dog)
    # a few households draw repeat complaints, as in any town
    repeaters = rng.sample(owners, min(3, len(owners)))
    # the kinds the city's law takes (Lino Lakes: no running at large, no vicious acts, no chasing)
    offered = complaint_procedure.offered_kinds()
    city_kinds = [k for k in KINDS if k in offered]
    kinds = (
        city_kinds[:count]
        if count <= len(city_kinds)
        else city_kinds * (count // len(city_kinds) + 1)
    )
    recording_done = False
    for index, kind in enumerate(kinds[:count]):
        owner = repeaters[index % 3] if index % 5 == 0 and repeaters else rng.choice(owners)
        dog = rng.choice(dogs_of[owner.pk])
        received_day = on - dt.timedelta(days=rng.randint(0, 360))
        occurred = _at(received_day, rng.choice((7, 12, 17, 21, 22)), rng.randint(0, 59))
        occurred = min(occurred - dt.timedelta(hours=1), timezone.now() - dt.timedelta(hours=2))
        received = min(occurred + dt.timedelta(hours=rng.randint(1, 14)), timezone.now())
        where: dict[str, object] = {"parcel": owner.parcel}
        if kind in ("at_large", "chasing") and rng.random() < 0.5:
            assert owner.parcel is not None
            centre = owner.parcel.boundary_shape.centroid
            where = {
                "point": {
                    "type": "Point",
                    "coordinates": [
                        round(centre.x + rng.uniform(-900, 900)),
                        round(centre.y + rng.uniform(-900, 900)),
                    ],
                },
                "address": "On the road near " + owner.street,
            }
        if kind == "vehicle":
            where = {"address": rng.choice(town().parking_lots)}
        complaint = services.receive_complaint(
            kind=kind,
            occurred_at=occurred,
            received_at=received,
            narrative=NARRATIVES[kind],
            complainant_name=rng.choice(("A neighbour", "Lee Anders", "Jo Lindquist", "")),
            complainant_phone=rng.choice(("763-555-0101", "763-555-0144", "")),
            dogs=[dog] if kind != "vehicle" else [],
            owner=owner if kind != "vehicle" else None,
            actor=clerk,
            **where,  # type: ignore[arg-type]
        )
        summary.by_kind[kind] = summary.by_kind.get(kind, 0) + 1
        day = timezone.localdate(received)
        if index % 7 == 6:
            continue  # still waiting for assignment
        services.assign(complaint, officer=officer, on=day, actor=clerk)
        violation = _investigate(complaint, kind, occurred, day, officer, rng, recording_done)
        recording_done = recording_done or (kind == "barking" and violation is not None)
        # the outcome rests on what the rules found, whatever the demo meant to stage
        found = [f for f in services.subsections(complaint, day) if f.outcome == "violation_found"]
        if not found:
            violation = None
        elif violation is None:
            violation = str(found[0].facts["rule"])
        if (on - day).days > 30 and rng.random() < 0.8:
            outcome = "warning" if violation else "unfounded"
            if violation and kind == "aggression" and "bit" in violation:
                outcome = "dangerous_dog_referral"
            elif violation and kind == "vehicle":
                outcome = "citation"
            services.close(
                complaint,
                outcome=outcome,
                decided_on=min(day + dt.timedelta(days=rng.randint(3, 20)), on),
                note="",
                actor=officer,
            )
            summary.closed += 1
    return summary


#: ``nuisance.owner_duty``: "The owner of any animal shall prevent it ...": the demo names the owner
#: of record.
OWNER = services.Named(duty="owner_of_record")


def _investigate(
    complaint: Complaint,
    kind: str,
    occurred: dt.datetime,
    day: dt.date,
    officer: AbstractBaseUser,
    rng: random.Random,
    recording_done: bool,
) -> str | None:
    """Record evidence and findings; return the violation's act if one was found."""
    if kind == "barking":
        qualifying = rng.random() < 0.6
        if qualifying and not recording_done:
            times = [10 + 22 * i for i in range(16)]
            data = synthetic.as_file(
                synthetic.recording(times, seconds=380, seed=rng.randint(1, 99))
            )
            evidence = services.add_recording(
                complaint,
                upload=io.BytesIO(data),
                filename="neighbour-yard-recording.wav",
                started_at=occurred,
                on=day,
                actor=officer,
                description="Recorded by the complainant on a phone from the property line.",
            )
            # The demo writes its year in one transaction, which no worker sees before it
            # commits: the recording is analysed here, as its job does (the job, when a worker
            # runs it, finds it analysed and changes nothing), so the complaint can be closed.
            evidence = services.analyse_recording(evidence, on=day)
            # the recording's finding names no one: the officer names the owner of record
            services.name_duty(
                complaint, named=services.Named(duty="owner_of_record"), on=day, actor=officer
            )
            # the demo is written today about past days: date the upload on the day it came in
            Evidence.objects.filter(pk=evidence.pk).update(
                uploaded_at=min(complaint.received_at + dt.timedelta(hours=2), timezone.now())
            )
        else:
            evidence = services.add_noise_times(
                complaint,
                noises=_noises(occurred, rng, qualifying=qualifying),
                description="Heard by the officer from the road.",
                on=day,
                actor=officer,
                named=OWNER,
            )
            Evidence.objects.filter(pk=evidence.pk).update(uploaded_at=complaint.received_at)
        return "barking" if qualifying else None
    if kind == "at_large":
        off = rng.random() < 0.8
        excrement = rng.random() < 0.2
        services.record_at_large(
            complaint,
            facts=AtLargeFacts(off_owner_premises=off, excrement_left=excrement),
            on=day,
            actor=officer,
            named=OWNER,
        )
        return "at_large" if off else "excrement" if excrement else None
    if kind == "damage":
        defence = rng.choice(("none", "none", "property"))
        if maps(nuisance.PROPERTY_DAMAGE):  # no defense: the damage was to the owner's own
            services.record_damage(
                complaint,
                damaged_owner_own=defence != "none",
                in_defense_of="none",
                on=day,
                actor=officer,
                named=OWNER,
            )
            return "damage" if defence == "none" else None
        services.record_damage(
            complaint,
            damaged_owner_own=False,
            in_defense_of=defence,
            on=day,
            actor=officer,
            named=OWNER,
        )
        return "damage" if defence == "none" else None
    if kind == "aggression":
        acts = rng.choice((["snarled_at_persons"], ["bit_person"], ["bit_animal"]))
        services.record_acts(complaint, acts=acts, on=day, actor=officer, named=OWNER)
        return acts[0]
    if kind in ("abandonment", "feces_device"):
        found = rng.random() < 0.7
        facts = (
            {"abandoned": found}
            if kind == "abandonment"
            else {"on_covered_property": True, "had_device": not found, "had_container": not found}
        )
        services.record_prohibition(complaint, facts=facts, on=day, actor=officer, named=OWNER)
        return kind if found else None
    if kind == "chasing":
        services.record_acts(
            complaint,
            acts=["chased_vehicle"],
            on_public_grounds_streets_or_highways=True,
            on=day,
            actor=officer,
            named=OWNER,
        )
        return "chasing"
    services.record_vehicle_incident(
        complaint,
        on=day,
        actor=officer,
        named=services.Named(duty="person_who_left", person="The driver of the silver pickup"),
        animal="dog",
        vehicle="Silver pickup",
        left_unattended=True,
        vehicle_standing_or_parked=True,
        health_or_safety_endangered=True,
        conditions="87 °F outside, windows up, dog panting heavily",
        forced_entry=True,
        owner_contact_attempts=[
            {"at": occurred.isoformat(), "how": "store announcement", "result": "no answer"}
        ],
        taken_to_shelter=True,
        taken_to="Anoka County animal shelter",
    )
    return "vehicle"
