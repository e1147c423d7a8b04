"""The kennel sections of the due list (the kennel license), registered in ``KennelsConfig.ready``.

Where a kennel license issues after an inspection (Lino Lakes'), one section: the licenses
expiring by the next day every kennel license expires (``kennel.license_expiry``) or lapsed in
the last year, with no renewed license issued, each linking to its renewal.

- Kennel licenses expiring in the next 60 days, private (``private_kennel.term``) and commercial
  (``commercial_kennel.term``), and those expired without renewal in force after them.
- Commercial kennel applications waiting on their next step (``commercial_kennel.council_license``,
  ``commercial_kennel.hearing``), with the hearing date.

A city whose law has no kennel licenses (``law_has``) has no kennel sections on its due list.

Each section is one query (holders, parcels and applications joined; "renewed since" is an
``Exists`` subquery), whatever the number of rows. The expiry dates were computed by the rules
core (``kennel.license_term``) when each license issued; the next step is the rules core's
(``kennel_procedure.commercial_application``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.db.models import Exists, OuterRef, Q
from django.urls import reverse

from dogtag.kennels import services
from dogtag.kennels.models import (
    CommercialKennelApplication,
    CommercialKennelLicense,
    KennelApplication,
    KennelLicense,
    PrivateKennelLicense,
)
from dogtag.kennels.shape import inspected_before_issue
from dogtag.law import kennel_procedure, wording
from dogtag.law.kennel_conditions import COMMERCIAL_STEPS
from dogtag.law.kennel_license_issue import INSPECTION_BEFORE_ISSUE
from dogtag.law.kennel_license_year import EXPIRY_MONTH_DAY, LICENSE_EXPIRY, next_expiry
from dogtag.law.params import ParameterSet
from dogtag.law.provisions import cite, cite_each, together
from dogtag.records.due import FAR_DAYS, DueRow, DueSection, owner_url
from dogtag.records.law_parts import law_has

# The provisions the kennel sections cite, in the ordinance's words (each package maps them)
PRIVATE_TERM = "private_kennel.term"
PRIVATE_KENNEL = "private_kennel.license"
PRIVATE_KENNEL_RANGE = "dog_limit.private_kennel_range"
COMMERCIAL_TERM = "commercial_kennel.term"
COMMERCIAL_RENEWAL = "commercial_kennel.renewal"
COUNCIL_LICENSE = "commercial_kennel.council_license"
HEARING = "commercial_kennel.hearing"

STEP_TEXT = {name: (section, what) for name, section, what in COMMERCIAL_STEPS}
#: Expired licenses older than this are no longer listed (a year of lapsed kennels is enough).
LAPSED_LOOKBACK_DAYS = 365


def _private(on: dt.date, until: dt.date) -> Iterable[PrivateKennelLicense]:
    newer = PrivateKennelLicense.objects.filter(
        previous=OuterRef("pk"), status=PrivateKennelLicense.Status.ACTIVE
    )
    return (
        PrivateKennelLicense.objects.filter(
            status=PrivateKennelLicense.Status.ACTIVE,
            expires_on__lte=until,
            expires_on__gte=on - dt.timedelta(days=LAPSED_LOOKBACK_DAYS),
        )
        .exclude(Exists(newer))
        .select_related("holder", "parcel")
        .order_by("expires_on", "number")
    )


def _commercial(on: dt.date, until: dt.date) -> Iterable[CommercialKennelLicense]:
    return (
        CommercialKennelLicense.objects.filter(
            status=CommercialKennelLicense.Status.ACTIVE,
            expires_on__lte=until,
            expires_on__gte=on - dt.timedelta(days=LAPSED_LOOKBACK_DAYS),
        )
        .select_related("holder", "parcel", "application")
        .order_by("expires_on", "number")
    )


def _words(params: ParameterSet, key: str, on: dt.date, style: str = "words_unit") -> str:
    return wording.phrase(params.get(key, on), style)


def _expiry_row(
    license_: PrivateKennelLicense | CommercialKennelLicense,
    on: dt.date,
    url: str,
    params: ParameterSet,
) -> DueRow:
    private = isinstance(license_, PrivateKennelLicense)
    kind_key = "private_kennel" if private else "commercial_kennel"
    term_key = f"{kind_key}.term_years"
    term = _words(params, term_key, license_.starts_on)
    years = wording.number_words(params.get(term_key, license_.starts_on).integer)
    section = cite(PRIVATE_TERM if private else COMMERCIAL_TERM)
    kind = "Private" if private else "Commercial"
    overdue = license_.expires_on < on
    if overdue:
        summary = (
            f"{kind} kennel license {license_.number} expired {license_.expires_on:%Y-%m-%d} "
            "without renewal."
        )
    else:
        summary = f"{kind} kennel license {license_.number} expires {license_.expires_on:%Y-%m-%d}."
    explanation = [
        f"{years.capitalize()}-year term from {license_.starts_on:%Y-%m-%d} through "
        f"{license_.expires_on:%Y-%m-%d} ({section}).",
    ]
    if private:
        explanation.append(
            f"{license_.dogs_licensed} dogs on parcel {license_.parcel.pin}; "
            f"{wording.number_words(params.get('dog_limits.large_parcel_dogs', on).integer + 1)} "
            f"to {_words(params, 'private_kennel.max_dogs', on, 'words')} dogs need a private "
            f"kennel license ({', '.join(cite_each(PRIVATE_KENNEL_RANGE, PRIVATE_KENNEL))})."
        )
    else:
        explanation.append(
            f"Renewed for {term} on the same terms if no nuisance complaint was received in the "
            f"previous {_words(params, 'commercial_kennel.complaint_lookback_months', on)} "
            f"({cite(COMMERCIAL_RENEWAL)})."
        )
    return DueRow(
        subject_id=license_.pk,
        subject_name=f"{license_.number} — {license_.parcel.address or license_.parcel.pin}",
        subject_url=url,
        owner_id=license_.holder_id,
        owner_name=license_.holder.name,
        owner_url=owner_url(license_.holder_id),
        date=license_.expires_on,
        overdue=overdue,
        sections=(section,),
        summary=summary,
        explanation=tuple(explanation),
        license_number=license_.number,
        license_url=url,
    )


def _waiting(on: dt.date) -> Iterable[CommercialKennelApplication]:
    return (
        CommercialKennelApplication.objects.filter(
            Q(status__in=services.OPEN_APPLICATION)
            | Q(status=CommercialKennelApplication.Status.APPROVED, licenses__isnull=True)
        )
        .select_related("applicant", "parcel")
        .order_by("hearing_at", "applied_on", "number")
        .prefetch_related("events")
        .distinct()
    )


def _application_row(
    application: CommercialKennelApplication, on: dt.date, params: ParameterSet
) -> DueRow:
    events = services.events_of(application)
    state = kennel_procedure.commercial_application(events, on, params)
    step = kennel_procedure.next_step(state)
    assert step is not None  # _waiting lists only applications with a step to take
    section, what = STEP_TEXT[step]
    hearing = services.hearing_day(application) if application.hearing_at else None
    # before the hearing, its day is the date that matters; after it, the date of the last step
    overdue = hearing is not None and hearing < on and step in ("notice_list", "notice_mailed")
    url = reverse("kennel_commercial_detail", args=[application.number])
    explanation = [f"Received {application.applied_on:%Y-%m-%d} ({cite(COUNCIL_LICENSE)})."]
    if hearing is not None:
        explanation.append(
            f"Planning & Zoning hearing {hearing:%Y-%m-%d}, {application.hearing_place} "
            f"({cite(HEARING)})."
        )
    if overdue:
        explanation.append("The hearing date has passed without notice: reschedule the hearing.")
    return DueRow(
        subject_id=application.pk,
        subject_name=(
            f"{application.number} — {application.business_name or application.applicant.name}"
        ),
        subject_url=url,
        owner_id=application.applicant_id,
        owner_name=application.applicant.name,
        owner_url=owner_url(application.applicant_id),
        date=hearing,
        overdue=overdue,
        sections=(section,),
        summary=f"Next: {what} ({section}).",
        explanation=tuple(explanation),
    )


def _radius(on: dt.date, params: ParameterSet) -> str:
    return wording.phrase(params.get("commercial_kennel.notice_radius_feet", on), "distance")


def _inspected(on: dt.date, until: dt.date) -> Iterable[KennelLicense]:
    """Kennel licenses inspected before they issue that expire by ``until`` or lapsed in the last
    year, and no license renewing them issued: one query (a renewal application not yet issued
    is joined)."""
    renewed = KennelLicense.objects.filter(application__renews=OuterRef("pk"))
    return (
        KennelLicense.objects.filter(
            expires_on__lte=until,
            expires_on__gte=on - dt.timedelta(days=LAPSED_LOOKBACK_DAYS),
        )
        .exclude(Exists(renewed))
        .select_related("holder", "parcel", "renewal")
        .order_by("expires_on", "number")
    )


def _inspected_row(license_: KennelLicense, on: dt.date) -> DueRow:
    kind = license_.get_kind_display().capitalize()
    section = cite(LICENSE_EXPIRY)
    overdue = license_.expires_on < on
    if overdue:
        summary = (
            f"{kind} license {license_.number} expired {license_.expires_on:%Y-%m-%d} "
            "without renewal."
        )
    else:
        summary = f"{kind} license {license_.number} expires {license_.expires_on:%Y-%m-%d}."
    try:
        pending: KennelApplication | None = license_.renewal
    except KennelApplication.DoesNotExist:
        pending = None
    if pending is not None:
        summary += (
            f" Renewal application {pending.number} of {pending.applied_on:%Y-%m-%d} waits for "
            "the inspection of the location."
        )
    url = reverse("kennel_license_detail", args=[license_.number])
    return DueRow(
        subject_id=license_.pk,
        subject_name=f"{license_.number} — {license_.parcel.address or license_.parcel.pin}",
        subject_url=url,
        owner_id=license_.holder_id,
        owner_name=license_.holder.name,
        owner_url=owner_url(license_.holder_id),
        date=license_.expires_on,
        overdue=overdue,
        sections=(section,),
        summary=summary,
        explanation=(
            f"Term from {license_.starts_on:%Y-%m-%d} through {license_.expires_on:%Y-%m-%d}, "
            f"the day every kennel license expires ({section}).",
            f"Renewed each year with the yearly fee of the fee schedule ({cite('fees.schedule')}), "
            "the renewed license issuing after an inspection of the location "
            f"({cite(INSPECTION_BEFORE_ISSUE)}).",
        ),
        license_number=license_.number,
        license_url=f"{url}#renewal" if pending is None else url,
    )


def inspected_sections(on: dt.date, params: ParameterSet) -> list[DueSection]:
    """The due list's section of a kennel license inspected before it issues (Lino Lakes'):
    the licenses expiring by the next day every kennel license expires (``kennel.license_expiry``)
    and those lapsed in the last year, each with its renewal link. One query."""
    expiry = params.get(EXPIRY_MONTH_DAY, on)
    until = next_expiry(on - dt.timedelta(days=1), expiry)
    day = wording.phrase(expiry, "month_day")
    rows = tuple(_inspected_row(license_, on) for license_ in _inspected(on, until))
    return [
        DueSection(
            key="kennel_licenses",
            title=f"Kennel licenses expiring by {day} or expired",
            sections=(cite(LICENSE_EXPIRY),),
            intro=(
                f"Every kennel license expires on {day} and is renewed each year "
                f"({cite(LICENSE_EXPIRY)}); the renewed license issues after an inspection of "
                f"the location ({cite(INSPECTION_BEFORE_ISSUE)}). Listed: the licenses expiring "
                f"by {until:%Y-%m-%d} and those expired in the last year, without a renewed "
                "license issued; the license number links to its renewal."
            ),
            date_heading="Expires",
            empty=(
                f"No kennel license expires by {until:%Y-%m-%d} or lapsed in the last year "
                "without a renewed license."
            ),
            rows=rows,
            flag="Expired",
            shows_license=True,
            subject_heading="Kennel license",
        )
    ]


def kennel_sections(on: dt.date, params: ParameterSet) -> list[DueSection]:
    """The kennel sections of the due list as of ``on``: two queries (three with applications);
    none in a city whose law has no kennel licenses; a kennel license inspected before it issues
    (Lino Lakes') has its own section (``inspected_sections``)."""
    if not law_has()["kennels"]:
        return []
    if inspected_before_issue():
        return inspected_sections(on, params)
    until = on + dt.timedelta(days=FAR_DAYS)
    rows = [
        _expiry_row(license_, on, reverse("kennel_private_detail", args=[license_.number]), params)
        for license_ in _private(on, until)
    ] + [
        _expiry_row(
            license_,
            on,
            reverse("kennel_commercial_detail", args=[license_.application.number]),
            params,
        )
        for license_ in _commercial(on, until)
    ]
    rows.sort(key=lambda r: (r.date or dt.date.max, r.subject_name))
    applications = [_application_row(a, on, params) for a in _waiting(on)]
    return [
        DueSection(
            key="kennel_licenses",
            title="Kennel licenses expiring in the next 60 days or expired",
            sections=cite_each(PRIVATE_TERM, COMMERCIAL_TERM),
            intro=(
                "A private kennel license is for "
                f"{_words(params, 'private_kennel.term_years', on)} ({cite(PRIVATE_TERM)}); a commercial "
                f"kennel license for {_words(params, 'commercial_kennel.term_years', on)}, renewed "
                "on the same terms if no nuisance complaint came in the previous "
                f"{_words(params, 'commercial_kennel.complaint_lookback_months', on)} "
                f"({cite(COMMERCIAL_RENEWAL)}). "
                "Licenses expired in the last year without a renewal are flagged."
            ),
            date_heading="Expires",
            empty="No kennel license expires in the next 60 days or lapsed in the last year.",
            rows=tuple(rows),
            flag="Expired",
            shows_license=True,
            subject_heading="Kennel license",
        ),
        DueSection(
            key="kennel_applications",
            title="Commercial kennel applications waiting",
            sections=cite_each(COUNCIL_LICENSE, HEARING),
            intro=(
                "Each application goes through a Planning & Zoning hearing noticed to the owners "
                f"within {_radius(on, params)}, the commission's recommendation and the City "
                "Council's decision before a license issues "
                f"({together(cite_each(COUNCIL_LICENSE, HEARING))}). The date is the hearing's."
            ),
            date_heading="Hearing",
            empty="No commercial kennel application is waiting.",
            rows=tuple(applications),
            flag="Hearing passed",
            subject_heading="Commercial kennel application",
        ),
    ]
