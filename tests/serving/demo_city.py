"""Run in a subprocess by the serving tests' ``demo_var`` fixture: a small demo town in the
database DOGTAG_VAR_DIR names, made in seconds where the full demo takes a minute.

It holds the demo's users with the published password (so `dogtag serve --demo` serves it as
the demo, and `dogtag serve` must refuse it), two dogs licensed long enough for the demo's two
dangerous-dog cases (one with its Notice of Dangerous Dog issued, printing the address of the
online hearing request), and a household that agreed to e-mail whose license expires within the
reminder window, with no reminder queued yet: the demo's worker queues it on its first sweep.
Every date is counted from today, so the town is the same on any day of the year."""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal

#: The household whose license comes due (imported by the tests, so Django is set up in main).
REMINDED = "pat.gustafson@example.org"


def licensed(clerk, owner, name: str, *, on: dt.date, vaccinated: dt.date, expires: dt.date):
    from dogtag.licensing import services
    from dogtag.licensing.receipts import Payment

    dog = services.register_dog(
        owner=owner,
        actor=clerk,
        name=name,
        breed="Labrador retriever",
        color="yellow",
        sex="female",
        born=on - dt.timedelta(days=3 * 365),
    )
    rabies = services.record_rabies_vaccination(
        dog=dog, actor=clerk, vaccinated_on=vaccinated, expires_on=expires, veterinarian="Dr. Lind"
    )
    due = services.evaluate_license(dog, rabies, "new", on)[-1].details["total"]
    issued = services.issue_license(
        dog=dog,
        rabies=rabies,
        kind="new",
        on=on,
        payment=Payment(method="cash", amount=Decimal(str(due))),
        actor=clerk,
    )
    return issued.license


def main() -> None:
    import django

    django.setup()
    from django.utils import timezone

    from dogtag.dangerous_dogs.demo import generate_cases
    from dogtag.licensing import services
    from dogtag.staff.demo import DEMO_SEED, create_demo_users

    users = create_demo_users()
    clerk = users["clerk"]
    today = timezone.localdate()
    long_ago = today - dt.timedelta(days=100)
    for year in sorted({long_ago.year, today.year}):
        services.add_tag_stock(prefix=f"{year}-", first=1, last=10, actor=clerk)
    for n, name in enumerate(("Ole Peterson", "Ingrid Sandvik")):
        owner = services.register_owner(
            actor=clerk, name=name, street=f"{19400 + n} Nowthen Blvd NW", phone="763-555-0110"
        )
        licensed(
            clerk,
            owner,
            ("Rex", "Bella")[n],
            on=long_ago,
            vaccinated=long_ago - dt.timedelta(days=1),
            expires=long_ago + dt.timedelta(days=700),
        )
    pat = services.register_owner(
        actor=clerk,
        name="Pat Gustafson",
        street="7120 Viking Blvd NW",
        phone="763-555-0142",
        email=REMINDED,
        email_consent=True,
    )
    coming_due = licensed(
        clerk,
        pat,
        "Scout",
        on=today,
        vaccinated=today - dt.timedelta(days=345),
        expires=today + dt.timedelta(days=20),
    )
    cases = generate_cases(
        on=today, officer=users["officer"], hearing_officer=users["hearing"], seed=DEMO_SEED
    )
    print(json.dumps({"cases": cases.cases, "coming_due": coming_due.number}))


if __name__ == "__main__":
    main()
