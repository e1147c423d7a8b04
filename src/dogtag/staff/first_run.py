"""A real city's first run (issue 10, production mode): `dogtag setup` and the check that
`dogtag serve` makes before it serves.

`dogtag setup` migrates, ensures the role groups (``records.roles``) and creates the first
administrator: a superuser in the Administrator group, with a password the person chose, checked by
Django's password validators (AUTH_PASSWORD_VALIDATORS). The demo's published password is refused,
and no password is ever invented. Run again, it changes nothing.
"""

from __future__ import annotations

from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractUser
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import DEFAULT_DB_ALIAS, connections, models, transaction
from django.db.migrations.executor import MigrationExecutor
from simple_history.models import HistoricalChanges

from dogtag.law import params as law_params
from dogtag.records import roles
from dogtag.staff.demo import DEMO_PASSWORD, DEMO_USERNAME


class SetupRefused(Exception):
    """The administrator's details cannot be used; each problem is a sentence for the person."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(" ".join(problems))
        self.problems = problems


def pending_migrations() -> int:
    """How many migrations the database still needs (all of them for an empty database)."""
    connection = connections[DEFAULT_DB_ALIAS]
    executor = MigrationExecutor(connection)
    return len(executor.migration_plan(executor.loader.graph.leaf_nodes()))


def administrator() -> AbstractUser | None:
    """The first superuser, if there is one."""
    return get_user_model().objects.filter(is_superuser=True).order_by("pk").first()


def holds_the_demo() -> bool:
    """True if the demo superuser with the published password is in this database."""
    demo = get_user_model().objects.filter(username=DEMO_USERNAME, is_superuser=True).first()
    return demo is not None and demo.check_password(DEMO_PASSWORD)


def not_ready() -> str | None:
    """Why `dogtag serve` (without --demo) must not serve this database yet, or None."""
    if pending_migrations():
        return (
            "The database is not set up, or this version needs to upgrade it: "
            "run `dogtag setup` first."
        )
    if administrator() is None:
        return "The database has no administrator yet: run `dogtag setup` first."
    return None


def another_city() -> str | None:
    """Why this database must not be served with the city in force: its records were made under
    another city's law (any record that names its city says so, issue 27), or None. One deployment
    serves one city; a second city gets its own database."""
    city = law_params.default().city.id
    others = sorted({name for model in city_records() for name in _other_cities(model, city)})
    if not others:
        return None
    return (
        f"This database holds the records of {', '.join(others)}, not of {city} (the city in "
        f"force, DOGTAG_JURISDICTION): serve it with DOGTAG_JURISDICTION={others[0]}, or give "
        f"{city} its own database (DATABASE_URL, or DOGTAG_VAR_DIR for a new SQLite file)."
    )


def city_records() -> list[type[models.Model]]:
    """Every model whose records name their city (``records.jurisdiction``); a history table is
    left out, as it repeats its record's city."""
    return [
        model
        for model in apps.get_models()
        if not issubclass(model, HistoricalChanges)
        and any(f.name == "jurisdiction" for f in model._meta.concrete_fields)
    ]


def _other_cities(model: type[models.Model], city: str) -> set[str]:
    rows = model._base_manager.exclude(jurisdiction__in=("", city))
    return set(rows.order_by().values_list("jurisdiction", flat=True).distinct())


def check_administrator(username: str, email: str, password: str) -> list[str]:
    """Every problem with the first administrator's details; empty if they can be used."""
    problems = []
    model = get_user_model()
    try:
        model._meta.get_field("username").run_validators(username)
    except ValidationError as exc:
        problems += exc.messages
    if not username:
        problems.append("Give the administrator a username.")
    if email:
        try:
            validate_email(email)
        except ValidationError:
            problems.append(f"{email!r} is not an email address.")
    if password == DEMO_PASSWORD:
        problems.append("That is the demo's published password; choose another.")
    try:
        validate_password(password, model(username=username, email=email))
    except ValidationError as exc:
        problems += exc.messages
    return problems


@transaction.atomic
def create_first_administrator(*, username: str, email: str, password: str) -> AbstractUser:
    """A superuser in the Administrator group, with the password given: refused (SetupRefused,
    nothing written) if the details fail the checks or if an administrator exists already."""
    if administrator() is not None:
        raise SetupRefused(["The database already has an administrator."])
    problems = check_administrator(username, email, password)
    if problems:
        raise SetupRefused(problems)
    groups = roles.ensure_roles()
    user = get_user_model().objects.create_superuser(username, email=email, password=password)
    user.groups.add(groups[roles.ADMINISTRATOR])
    return user
