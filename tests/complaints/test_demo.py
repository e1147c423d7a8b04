"""The demo's complaints are written through the complaint services, from any town's records."""

import datetime as dt
from collections import Counter

from dogtag.complaints.demo import generate_complaints
from dogtag.complaints.models import Complaint, ComplaintFinding, Evidence, Outcome
from dogtag.licensing import services as desk
from dogtag.parcels.models import Parcel

ON = dt.date(2026, 11, 29)


def small_town(clerk):
    for i in range(8):
        parcel = Parcel.objects.create(
            pin=f"R40-{i:04d}",
            address=f"{19000 + 100 * i} Nowthen Blvd NW",
            acres="5.000",
            owner_names=f"Household {i}",
            boundary={
                "type": "Polygon",
                "coordinates": [
                    [
                        [i * 500, 0],
                        [i * 500 + 400, 0],
                        [i * 500 + 400, 500],
                        [i * 500, 500],
                        [i * 500, 0],
                    ]
                ],
            },
        )
        owner = desk.register_owner(
            actor=clerk, name=f"Household {i}", street=parcel.address, phone="763-555-0123"
        )
        owner.parcel = parcel
        owner.save()
        desk.register_dog(
            owner=owner,
            actor=clerk,
            name=f"Dog {i}",
            breed="Mixed",
            color="Black",
            sex="female",
            born=dt.date(2021, 3, 1),
        )


def test_the_demo_complaints_cover_every_kind_and_are_deterministic(clerk, officer, media):
    small_town(clerk)
    summary = generate_complaints(on=ON, clerk=clerk, officer=officer, seed=3)
    kinds = Counter(Complaint.objects.values_list("kind", flat=True))
    assert kinds == {
        "barking": 14,
        "at_large": 12,
        "damage": 4,
        "aggression": 4,
        "chasing": 4,
        "vehicle": 2,
    }
    assert summary.lines()[0].startswith("Complaints: 40 (14 barking, 12 at large")
    assert Evidence.objects.filter(kind="recording").count() == 1
    assert ComplaintFinding.objects.filter(rule="nuisance.barking").exists()
    assert Outcome.objects.count() == summary.closed > 0
    # every complaint was received before now, after it happened
    assert all(c.occurred_at <= c.received_at for c in Complaint.objects.all())


def signature():
    return list(
        Complaint.objects.order_by("number").values_list(
            "number", "kind", "status", "parcel__pin", "owner__name", "received_at"
        )
    )


def test_the_same_seed_gives_the_same_complaints(clerk, officer, media):
    from django.db import transaction

    small_town(clerk)
    runs = []
    for _ in range(2):
        with transaction.atomic():
            generate_complaints(on=ON, clerk=clerk, officer=officer, seed=5, count=12)
            runs.append(signature())
            transaction.set_rollback(True)
    assert runs[0] == runs[1]
    assert len(runs[0]) == 12
