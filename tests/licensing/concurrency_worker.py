"""A separate process for the concurrency test: `setup N` creates N licensable dogs and tag stock;
`issue START_AT DOG_ID...` waits until START_AT (epoch seconds) and issues a license for each dog.
Prints JSON. Run with DJANGO_SETTINGS_MODULE=dogtag.settings and DATABASE_URL / DOGTAG_VAR_DIR set."""

from __future__ import annotations

import datetime as dt
import json
import sys
import time
from decimal import Decimal

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import transaction  # noqa: E402
from django.utils import timezone  # noqa: E402

from dogtag.licensing import services  # noqa: E402
from dogtag.licensing.models import Dog  # noqa: E402
from dogtag.licensing.receipts import Payment  # noqa: E402
from dogtag.records.errors import ServiceError  # noqa: E402


def setup(count: int) -> dict[str, object]:
    today = timezone.localdate()
    with transaction.atomic():
        clerk = get_user_model().objects.create_user("concurrency-clerk", password="x" * 16)
        services.add_tag_stock(prefix="C-", first=1, last=count + 10, actor=clerk)
        ids = []
        for n in range(count):
            # one household per dog, as when several clerks serve different residents
            owner = services.register_owner(
                actor=clerk, name=f"Owner {n}", street=f"{n + 1} Test St NW", phone="763-555-0100"
            )
            # six and a half months old: licensable, inside the 30 days, no penalty
            dog = services.register_dog(
                owner=owner,
                actor=clerk,
                name=f"Dog {n}",
                breed="Mixed",
                color="Brown",
                sex="male",
                born=today - dt.timedelta(days=200),
            )
            services.record_rabies_vaccination(
                dog=dog,
                actor=clerk,
                vaccinated_on=today - dt.timedelta(days=10),
                expires_on=today + dt.timedelta(days=355),
                veterinarian="Dr. Test",
            )
            ids.append(dog.pk)
    return {"dogs": ids}


def issue(start_at: float, dog_ids: list[int]) -> dict[str, object]:
    clerk = get_user_model().objects.get(username="concurrency-clerk")
    today = timezone.localdate()
    while time.time() < start_at:
        time.sleep(0.005)
    issued, refused = [], []
    for dog_id in dog_ids:
        dog = Dog.objects.get(pk=dog_id)
        rabies = dog.rabies_vaccinations.first()
        due = services.evaluate_license(dog, rabies, "new", today)[-1].details["total"]
        try:
            result = services.issue_license(
                dog=dog,
                rabies=rabies,
                kind="new",
                on=today,
                payment=Payment(method="cash", amount=Decimal(str(due))),
                actor=clerk,
            )
        except ServiceError as exc:
            refused.append({"dog": dog_id, "error": str(exc)})
        else:
            issued.append(
                {
                    "dog": dog_id,
                    "license": result.license.number,
                    "tag": result.tag.serial,
                    "receipt": result.receipt.number,
                }
            )
    return {"issued": issued, "refused": refused}


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "setup":
        print(json.dumps(setup(int(sys.argv[2]))))
    else:
        print(json.dumps(issue(float(sys.argv[2]), [int(a) for a in sys.argv[3:]])))
