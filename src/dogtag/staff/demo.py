"""Demo data for `make run`: loaded only into an empty database.

The demo users are one superuser (``demo``) and one user per role (``clerk``, ``officer``,
``hearing``, ``admin``), all with the password ``DEMO_PASSWORD``; ``dogtag serve --demo`` and
``dogtag manage load_demo`` print them. With them comes a synthetic Nowthen of about 550 households
and 900 dogs with their licensing history, made by ``dogtag.licensing.demo.generate_town`` (seeded,
deterministic; see its docstring for the mix and the seed), and the parcel map every household lives
on, made by ``dogtag.staff.parcels.demo.generate_parcels`` (about 1,500 parcels for 550 households).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import TextIO

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import AbstractUser
from django.db import transaction
from django.utils import timezone

from dogtag.complaints.demo import generate_complaints
from dogtag.dangerous_animals.demo import generate_animal_cases
from dogtag.dangerous_dogs.demo import generate_cases
from dogtag.documents.reminder_mail import send_renewal_reminders
from dogtag.kennels.demo import generate_kennels
from dogtag.kennels.demo_inspected import generate_inspected_kennels
from dogtag.kennels.shape import inspected_before_issue
from dogtag.law import params as law_params
from dogtag.law import questions
from dogtag.licensing import demo_town
from dogtag.licensing.demo import DEFAULT_HOUSEHOLDS, DEFAULT_SEED, generate_town
from dogtag.licensing.models import Dog, License, Owner
from dogtag.records import law_parts, roles
from dogtag.staff.parcels.demo import generate_parcels, parcels_for

DEMO_USERNAME = "demo"


def __getattr__(name: str) -> str:
    # ``DEMO_PASSWORD``: the demo town's published password (``demo/town.yaml`` of the package in
    # force, read when first asked: "nowthen-demo-2026" in Nowthen)
    if name == "DEMO_PASSWORD":
        return demo_town.town().password
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# The size of the demo town; tests of the site shrink it.
DEMO_HOUSEHOLDS = DEFAULT_HOUSEHOLDS
DEMO_SEED = DEFAULT_SEED


@dataclass(frozen=True)
class DemoUser:
    username: str
    first_name: str
    last_name: str
    role: str | None  # the auth group of dogtag.records.roles; None for the superuser
    description: str
    superuser: bool = False
    staff: bool = False  # may use the Django admin


DEMO_USERS: tuple[DemoUser, ...] = (
    DemoUser(
        DEMO_USERNAME,
        "Demo",
        "Clerk",
        None,
        "superuser: every permission and the Django admin",
        superuser=True,
        staff=True,
    ),
    DemoUser("clerk", "Karin", "Engstrom", roles.CLERK, roles.CLERK),
    DemoUser(
        "officer", "Dale", "Hoffman", roles.ANIMAL_CONTROL_OFFICER, roles.ANIMAL_CONTROL_OFFICER
    ),
    DemoUser("hearing", "Ruth", "Sandberg", roles.HEARING_OFFICER, roles.HEARING_OFFICER),
    DemoUser(
        "admin",
        "Gail",
        "Nordin",
        roles.ADMINISTRATOR,
        f"{roles.ADMINISTRATOR}, also the Django admin",
        staff=True,
    ),
)


def demo_logins() -> list[str]:
    """The lines that tell a visitor how to sign in."""
    width = max(len(u.username) for u in DEMO_USERS) + len(demo_town.town().password) + 3
    lines = ["Demo logins (username / password, role):"]
    for user in DEMO_USERS:
        login = f"{user.username} / {demo_town.town().password}"
        lines.append(f"  {login:<{width}}  {user.description}")
    return lines


def demo_resident_logins(limit: int = 4) -> list[str]:
    """Residents of the demo town to try the residents' site with (issue 12): households with an
    e-mail address and a license, the first with a license to renew. They sign in by the link
    the demo writes to its mail folder."""
    today = timezone.localdate()
    with_email = Owner.objects.exclude(email="").filter(licenses__isnull=False).distinct()
    expired = with_email.filter(licenses__expires_on__lt=today).order_by("pk")[:1]
    picked = list(expired) + [o for o in with_email.order_by("pk")[: limit + 1] if o not in expired]
    lines = [
        "Demo residents (residents' site at /residents/; sign in with the e-mail address, the "
        "link arrives in the demo's mail):"
    ]
    for owner in picked[:limit]:
        dogs = ", ".join(d.name for d in owner.dogs.order_by("name"))
        lines.append(f"  {owner.email:<34} {owner.name} ({dogs})")
    return lines if len(lines) > 1 else []


def in_law(*names: str) -> bool:
    """Every question named is law in the city in force (``questions.not_in_law``)."""
    params = law_params.default()
    return not any(questions.not_in_law(questions.question(name), params) for name in names)


def database_is_empty() -> bool:
    return not (
        get_user_model().objects.exists()
        or Owner.objects.exists()
        or Dog.objects.exists()
        or License.objects.exists()
    )


def create_demo_users() -> dict[str, AbstractUser]:
    """The demo superuser and one user per role, each in its role's group."""
    groups = roles.ensure_roles()
    model = get_user_model()
    hashed = make_password(demo_town.town().password)  # hashed once: the hasher is slow by design
    users: dict[str, AbstractUser] = {}
    for demo in DEMO_USERS:
        fields = {
            "email": f"{demo.username}@example.invalid",
            "first_name": demo.first_name,
            "last_name": demo.last_name,
        }
        if demo.superuser:
            user = model.objects.create_superuser(demo.username, password=None, **fields)
        else:
            user = model.objects.create_user(demo.username, is_staff=demo.staff, **fields)
        user.password = hashed
        user.save(update_fields=["password"])
        if demo.role is not None:
            user.groups.add(groups[demo.role])
        users[demo.username] = user
    return users


def load_demo_data(
    *,
    households: int | None = None,
    as_of: dt.date | None = None,
    seed: int | None = None,
    out: TextIO | None = None,
) -> bool:
    """Create the demo users and the synthetic town if the database is empty, in one
    transaction. True if anything was made; False (and nothing written) otherwise."""
    with transaction.atomic():
        if not database_is_empty():
            return False
        users = create_demo_users()
        size = DEMO_HOUSEHOLDS if households is None else households
        seed = DEMO_SEED if seed is None else seed
        generate_town(
            clerk=users["clerk"],
            admin=users["admin"],
            as_of=as_of,
            households=size,
            seed=seed,
            out=out,
        )
        parcel_map = generate_parcels(
            actor=users["admin"], households=None, parcels=parcels_for(size), seed=seed
        )
        on = as_of or timezone.localdate()
        made: list[str] = []
        # Each part of the town only where the city's law has it: Lino Lakes' package states no
        # kennel procedure, complaint procedure or dangerous-dog case of these shapes (issue 27).
        if in_law("private-kennel-license", "commercial-kennel-step"):
            made += generate_kennels(
                on=on, actor_clerk=users["clerk"], actor_admin=users["admin"], seed=seed
            ).lines()
        elif inspected_before_issue():  # Lino Lakes' kennel license, inspected before it issues
            made += generate_inspected_kennels(
                on=on, clerk=users["clerk"], officer=users["officer"], seed=seed
            ).lines()
        if in_law("complaint"):
            made += generate_complaints(
                on=on, clerk=users["clerk"], officer=users["officer"], seed=seed
            ).lines()
        if in_law(*law_parts.PARTS["dangerous_dogs"]):  # its pages are Nowthen's procedure
            made += generate_cases(
                on=on, officer=users["officer"], hearing_officer=users["hearing"], seed=seed
            ).lines()
        if law_parts.law_has()["dangerous_animals"]:  # a city designating any animal (issue 27)
            made += generate_animal_cases(
                on=on, officer=users["officer"], hearing_officer=users["hearing"], seed=seed
            ).lines()
        # the renewal reminders due, in the outbox (the demo's worker writes them to var/mail)
        reminders = send_renewal_reminders(as_of or timezone.localdate())
        if out is not None:
            out.write(f"Queued {reminders} renewal reminders by e-mail.\n")
            out.write(parcel_map.summary_line() + "\n")
            out.write("".join(f"{line}\n" for line in made))
            out.flush()
    return True
