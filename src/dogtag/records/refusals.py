"""A refusal is kept (issue 11 item 2): every write service runs as ``@service``.

``@service`` is ``transaction.atomic`` plus one thing. When the rules core refuses the action
(``Refused``), the service's transaction rolls back, so nothing of the action is written. Then,
outside that transaction, the refusal itself is stored as a ``Decision`` with outcome "refused":
the findings (the blocking ones cite their subsections), who asked, the legal date and the record
it was about. The office's record then shows what was asked and why the law refused it, as it
shows what was done and why.

Only the outermost service stores the refusal: a service that calls another is one action. A
plain ``ServiceError`` (not law: a record not found, a stale form, a file too large) stores
nothing.
"""

from __future__ import annotations

import datetime as dt
import functools
import logging
import threading
from collections.abc import Callable, Mapping
from typing import Any, ParamSpec, TypeVar

from django.contrib.auth.models import AbstractBaseUser
from django.contrib.contenttypes.models import ContentType
from django.db import DatabaseError, models, transaction
from django.utils import timezone

from dogtag.law import params as law_params
from dogtag.records.errors import Refused
from dogtag.records.models import Decision
from dogtag.records.services import findings_to_store, today

P = ParamSpec("P")
R = TypeVar("R")

logger = logging.getLogger(__name__)

#: The keyword arguments that name the acting user, in the order they are looked for.
ACTOR_KEYWORDS = ("actor", "acting_user", "user", "officer", "clerk")
#: The keyword arguments that carry the legal date of the action, in the order they are looked for.
DATE_KEYWORDS = ("on", "decided_on", "observed_on", "received_on", "issued_on", "served_on")

_state = threading.local()


def service(function: Callable[P, R]) -> Callable[P, R]:
    """Run ``function`` in one transaction; if the rules core refuses, store the refusal."""
    atomic = transaction.atomic(function)

    @functools.wraps(function)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        depth = getattr(_state, "depth", 0)
        _state.depth = depth + 1
        try:
            return atomic(*args, **kwargs)
        except Refused as refused:
            if depth == 0:
                record_refusal(action=action_name(function), refused=refused, arguments=kwargs)
            raise
        finally:
            _state.depth = depth

    return run


def action_name(function: Callable[..., Any]) -> str:
    """``licensing.issue_license`` for ``dogtag.licensing.services.issue_license``."""
    app = function.__module__.removeprefix("dogtag.").split(".")[0]
    return f"{app}.{function.__name__}"[:80]


def record_refusal(
    *, action: str, refused: Refused, arguments: Mapping[str, Any]
) -> Decision | None:
    """Store the refusal as a Decision (outcome "refused"), after the action's rollback.

    A failure to store it is logged, never raised: the clerk must still see the refusal."""
    subject = _subject(arguments)
    findings = refused.all_findings or refused.findings
    try:
        law = law_params.default()
        with transaction.atomic():
            return Decision.objects.create(
                jurisdiction=law.city.id,
                package_version=law.version,
                action=action,
                outcome="refused",
                decided_on=_decided_on(arguments),
                actor=_actor(arguments),
                subject_type=(
                    ContentType.objects.get_for_model(subject) if subject is not None else None
                ),
                subject_id=subject.pk if subject is not None else None,
                sections=sorted({s for f in findings for s in f.sections}),
                stored_findings=findings_to_store(findings),
            )
    except DatabaseError:
        logger.exception("could not store the refusal of %s", action)
        return None


def _actor(arguments: Mapping[str, Any]) -> AbstractBaseUser | None:
    for key in ACTOR_KEYWORDS:
        value = arguments.get(key)
        if isinstance(value, AbstractBaseUser) and value.pk is not None:
            return value
    return None


def _decided_on(arguments: Mapping[str, Any]) -> dt.date:
    for key in DATE_KEYWORDS:
        value = arguments.get(key)
        if isinstance(value, dt.datetime):
            return timezone.localdate(value) if timezone.is_aware(value) else value.date()
        if isinstance(value, dt.date):
            return value
    return today()


def _subject(arguments: Mapping[str, Any]) -> models.Model | None:
    """The first saved record among the arguments that is not the acting user."""
    for value in arguments.values():
        if (
            isinstance(value, models.Model)
            and not isinstance(value, AbstractBaseUser)
            and value.pk is not None
        ):
            return value
    return None
