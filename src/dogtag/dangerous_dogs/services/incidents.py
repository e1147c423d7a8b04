"""The time of an incident recorded by its date alone (dangerous_dog.notice, issue 26).

The designation may record an incident whose time is not known yet ("sometime on 3 May", a
neighbour's report); the Notice of Dangerous Dog must state "the dates, times, places and facts of
the incidents" and does not issue without it (``dangerous_dog.notice_incidents``). This gives the
time once it is known. A time recorded is never replaced here: it may already be the time a Notice
states. The incident's history names who gave it.
"""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from dogtag.dangerous_dogs.models import Incident
from dogtag.dangerous_dogs.services._common import DESIGNATE, _require
from dogtag.law.computation_of_time import day_label
from dogtag.law.dangerous_dogs.notice import clock_time
from dogtag.records.errors import ServiceError
from dogtag.records.history import acting_as
from dogtag.records.refusals import service


@service
def give_incident_time(
    *, incident: Incident, occurred_time: dt.time, actor: AbstractBaseUser
) -> Incident:
    """Record the time of an incident known until now by its date alone (dangerous_dog.notice), on
    Nowthen's clock. Refused if it already has one, or if that time is still to come."""
    _require(actor, DESIGNATE, "give the time of an incident")
    incident = Incident.objects.select_for_update().get(pk=incident.pk)
    # numbered as the Notice and its refusal number them: in the case's order
    order = list(Incident.objects.filter(case_id=incident.case_id).values_list("pk", flat=True))
    label = f"Incident {order.index(incident.pk) + 1}"
    if incident.occurred_time is not None:
        raise ServiceError(
            f"{label} already has its time, {clock_time(incident.occurred_time)}: the Notice "
            "states the time recorded."
        )
    at = timezone.make_aware(dt.datetime.combine(incident.occurred_on, occurred_time))
    if at > timezone.now():
        raise ServiceError(
            f"{label} cannot have happened at {clock_time(occurred_time)} on "
            f"{day_label(incident.occurred_on)}: that time is still to come."
        )
    incident.occurred_time = occurred_time
    acting_as(actor, incident)
    incident.save(update_fields=["occurred_time"])
    return incident
