"""``{% household_applications account %}``: the household page's block of online applications
(their status, and the way to apply or renew), rendered by this app into the residents' page."""

from __future__ import annotations

from typing import Any

from django import template

from dogtag.applications.models import OnlineApplication
from dogtag.clinics.services import renewal_certificate
from dogtag.licensing import models
from dogtag.records.services import today

register = template.Library()

#: The household page shows the latest few; the applications page lists them all.
SHOWN = 3


@register.inclusion_tag("applications/_household.html")
def household_applications(account: Any) -> dict[str, Any]:
    applications = (
        account.applications.exclude(status=OnlineApplication.Status.DRAFT)[:SHOWN]
        if account is not None
        else []
    )
    return {"applications": applications}


@register.inclusion_tag("applications/_clinic_renewal_link.html")
def clinic_renewal(dog: Any) -> dict[str, Any]:
    """The household page's "Renew with the certificate from <clinic>" for a dog whose license
    expired or expires soon and a clinic's certificate covers the new term (issue 13 item 2)."""
    certificate = renewal_certificate(dog, today()) if dog.status == "active" else None
    return {"dog": dog, "certificate": certificate}


@register.simple_tag
def city_in_force() -> str:
    """The city's own name (``licensing.models.city_in_force``), for a sentence naming the city the
    resident lives in: ``{% city_in_force as city %}``."""
    return models.city_in_force()
