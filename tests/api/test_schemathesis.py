"""The API against its own OpenAPI document, as every role (issue 13, item 5): schemathesis
generates requests from the document and every response must be no server error and conform to
the document (status code, content type, body schema).

Bounded for CI: a small demo city built once for the module (rolled back after), positive
examples only, ``MAX_EXAMPLES`` an operation and role (one where every answer is a refusal),
derandomized (the same cases every run), no shrinking, the slow-data health checks suppressed.
On a shared two-core machine the module took 48 s on SQLite and 44 s on PostgreSQL under a load
average of 4, and up to 1 min 41 s under 6 to 10 (README, "The API").
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
import time_machine
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from dogtag.api import keys
from dogtag.api.api import api
from dogtag.records import roles

MAX_EXAMPLES = 3
#: A clinic's key and no key are refused everything these operations do (403, 401) whatever
#: the request, but for a clinic's own operations (``/clinics/``): one example an operation
#: shows it.
REFUSED_EVERYTHING = {"clinic": 1, "anonymous": 1}
#: A question's answer does not depend on who asks: its facts are generated in depth once, as
#: the Clerk, and once as each other role (that it answers them at all).
QUESTION_EXAMPLES = 6


def examples(role: str, operation: Any) -> int:
    if role == "clinic" and operation.path.startswith("/api/v1/clinics/"):
        return MAX_EXAMPLES  # the clinics' own operations (issue 13 item 2)
    if role in REFUSED_EVERYTHING:
        return REFUSED_EVERYTHING[role]
    if operation.path.startswith("/api/v1/questions/") and operation.method.upper() == "POST":
        return QUESTION_EXAMPLES if role == "clerk" else 1
    return MAX_EXAMPLES


ROLES = {
    "clerk": roles.CLERK,
    "officer": roles.ANIMAL_CONTROL_OFFICER,
    "hearing": roles.HEARING_OFFICER,
    "admin": roles.ADMINISTRATOR,
    "clinic": None,
    "anonymous": None,
}
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


@pytest.fixture(scope="module")
def city(django_db_setup: Any, django_db_blocker: Any) -> Iterator[dict[str, str]]:
    """A small demo city and one key a role (and a clinic's), made once for the module."""
    from dogtag.staff.demo import load_demo_data

    # the module's day: 10:00 in Nowthen on 2026-11-29, for the town and every test
    with (
        time_machine.travel(dt.datetime(2026, 11, 29, 16, 0, tzinfo=dt.UTC), tick=True),
        django_db_blocker.unblock(),
        transaction.atomic(),
    ):
        load_demo_data(households=4, seed=13)
        from django.contrib.auth import get_user_model

        admin = get_user_model().objects.get(username="admin")
        headers = {"anonymous": ""}
        for name, role in ROLES.items():
            if name == "anonymous":
                continue
            issued = (
                keys.issue_api_key(name=name, role=role, actor=admin)
                if role
                else keys.issue_api_key(name=name, clinic="Rum River", actor=admin)
            )
            headers[name] = f"Bearer {issued.secret}"
        yield headers
        transaction.set_rollback(True)


@pytest.fixture(scope="module")
def operations() -> list[Any]:
    document = api.get_openapi_schema(path_prefix="/api/v1/")
    schema = schemathesis.openapi.from_dict(document)
    schema.app = WSGIHandler()
    schema.config.generation.update(modes=["positive"], max_examples=MAX_EXAMPLES, no_shrink=True)
    return [result.ok() for result in schema.get_all_operations()]


def exercise(operation: Any, headers: dict[str, str], examples: int) -> int:
    """Call the operation with generated requests; the number of calls made."""
    calls = []

    @given(case=operation.as_strategy())
    @settings(
        max_examples=examples,
        derandomize=True,
        deadline=None,
        database=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    def check(case: Any) -> None:
        calls.append(case.call_and_validate(headers=headers, checks=CHECKS).status_code)

    check()
    return len(calls)


@pytest.fixture
def connection_kept() -> Iterator[None]:
    """Django closes the database connection at the end of each request it serves; the test
    runs in one transaction on that connection, so keep it open, as Django's test client does."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@pytest.mark.usefixtures("connection_kept")
@pytest.mark.parametrize("role", list(ROLES))
def test_every_operation_as_every_role(
    operations: list[Any], role: str, city: dict[str, str], db: Any
) -> None:
    # given a key of the role (or none), when schemathesis calls every operation with
    # generated requests, then no answer is a server error or strays from the document
    headers = {"Authorization": city[role]} if city[role] else {}
    failures, called = [], 0
    for operation in operations:
        try:
            called += exercise(operation, headers, examples(role, operation))
        except Exception as exc:  # every operation is tried; all failures are reported
            failures.append(f"{operation.label}: {exc}")
    assert not failures, "\n\n".join(failures)
    assert called >= len(operations)  # every operation was called
