"""Run in a subprocess by test_two_servers.py: a clerk with an API key, tag stock and households
ready for a license today, in the database DATABASE_URL names. Prints them as JSON."""

from __future__ import annotations

import datetime as dt
import json
import sys

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.contrib.auth.models import Group  # noqa: E402
from django.utils import timezone  # noqa: E402

from dogtag.api.keys import issue_api_key  # noqa: E402
from dogtag.licensing import services  # noqa: E402
from dogtag.records import roles  # noqa: E402


def main(count: int) -> None:
    roles.ensure_roles()
    user_model = get_user_model()
    admin = user_model.objects.create_superuser("admin2", password="two-servers-admin-2026")
    clerk = user_model.objects.create_user("clerk2", password="two-servers-clerk-2026")
    clerk.groups.add(Group.objects.get(name=roles.CLERK))
    key = issue_api_key(name="two servers", role=roles.CLERK, actor=admin)
    on = timezone.localdate()
    services.add_tag_stock(prefix=f"{on.year}-", first=1, last=count + 10, actor=clerk)
    dogs = []
    for n in range(count):
        owner = services.register_owner(
            actor=clerk, name=f"Owner {n}", street=f"{n + 1} Main St NW", phone="763-555-0100"
        )
        dog = services.register_dog(
            owner=owner,
            actor=clerk,
            name=f"Dog {n}",
            breed="Mixed",
            color="brown",
            sex="male",
            born=on - dt.timedelta(days=200),
        )
        rabies = services.record_rabies_vaccination(
            dog=dog,
            actor=clerk,
            vaccinated_on=on - dt.timedelta(days=3),
            expires_on=on + dt.timedelta(days=362),
            veterinarian="Dr. Two",
        )
        due = services.evaluate_license(dog, rabies, "new", on)[-1].details["total"]
        dogs.append({"dog": dog.pk, "rabies": rabies.pk, "amount": str(due)})
    print(json.dumps({"key": key.secret, "on": on.isoformat(), "dogs": dogs}))


if __name__ == "__main__":
    main(int(sys.argv[1]))
