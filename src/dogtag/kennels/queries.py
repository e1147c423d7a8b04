"""Read-only queries of the kennel pages (the kennel license); a fixed number of queries each."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import QuerySet

from dogtag.kennels import services
from dogtag.kennels.models import (
    CommercialKennelApplication,
    CommercialKennelLicense,
    PrivateKennelLicense,
)
from dogtag.law.kennel_conditions import COMMERCIAL_STEPS
from dogtag.records.models import Decision
from dogtag.records.services import decisions_for


def private_licenses() -> QuerySet[PrivateKennelLicense]:
    return PrivateKennelLicense.objects.select_related("holder", "parcel").order_by(
        "-issued_on", "-id"
    )


def applications() -> QuerySet[CommercialKennelApplication]:
    return CommercialKennelApplication.objects.select_related("applicant", "parcel").order_by(
        "-applied_on", "-id"
    )


def commercial_licenses() -> QuerySet[CommercialKennelLicense]:
    return CommercialKennelLicense.objects.select_related("holder", "parcel", "application")


def in_force(license_: PrivateKennelLicense | CommercialKennelLicense, on: dt.date) -> bool:
    active = license_.status in ("active", "renewed")
    return active and license_.starts_on <= on <= license_.expires_on


@dataclass(frozen=True)
class Step:
    """One step of the commercial kennel procedure on the detail page's timeline."""

    name: str
    section: str
    what: str
    done: bool
    current: bool
    summary: str


def timeline(application: CommercialKennelApplication) -> list[Step]:
    done = set(services.completed_steps(application))
    following = services.next_step(application)
    summaries = {
        "application": f"Received {application.applied_on:%Y-%m-%d}",
        "hearing_scheduled": (
            f"hearing set for {services.hearing_day(application):%Y-%m-%d}, {application.hearing_place}"
            if application.hearing_at
            else ""
        ),
        "notice_list": (
            f"Drawn {application.notice_list_drawn_on:%Y-%m-%d}"
            if application.notice_list_drawn_on
            else ""
        ),
        "notice_mailed": (
            f"Mailed {application.notice_mailed_on:%Y-%m-%d}"
            if application.notice_mailed_on
            else ""
        ),
        "hearing_held": (
            f"Held {application.hearing_held_on:%Y-%m-%d}" if application.hearing_held_on else ""
        ),
        "recommendation": (
            f"{application.get_recommendation_display().capitalize()}, "
            f"{application.recommended_on:%Y-%m-%d}"
            if application.recommendation and application.recommended_on
            else ""
        ),
        "council_decision": (
            f"{'Approved' if application.status != 'denied' else 'Denied'} "
            f"{application.council_decided_on:%Y-%m-%d}"
            + (
                f", resolution {application.council_resolution}"
                if application.council_resolution
                else ""
            )
            if application.council_decided_on
            else ""
        ),
        "license": "",
    }
    if "license" in done:
        first = application.licenses.order_by("issued_on", "id").first()
        if first is not None:
            summaries["license"] = f"{first.number}, issued {first.issued_on:%Y-%m-%d}"
    return [
        Step(
            name,
            section,
            what[0].upper() + what[1:],
            name in done,
            name == following,
            summaries[name],
        )
        for name, section, what in COMMERCIAL_STEPS
    ]


def application_decisions(application: CommercialKennelApplication) -> QuerySet[Decision]:
    return decisions_for(application).select_related("actor").order_by("at", "id")
