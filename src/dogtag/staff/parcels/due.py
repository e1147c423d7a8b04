"""The due list's section on enclosures: open notices of compliance (``enclosure.compliance_notice``);
none where the city's law has no enclosure rules (``law_has``).

Registered with ``dogtag.records.due.register_sections`` in ``StaffConfig.ready``. Two queries
however many notices: the open notices with their enclosure and parcel, and the parcels' residents.
The date shown is the comply-by date stored on the notice; the explanation is the 30-day count of
Minn. Stat. 645.15 from ``law.clocks.deadline`` (clock ``enclosure.compliance_notice``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.db.models import Prefetch
from django.urls import reverse

from dogtag.law import wording
from dogtag.law.clocks import deadline
from dogtag.law.computation_of_time import DeadlineError, day_label
from dogtag.law.params import ParameterError, ParameterSet
from dogtag.law.provisions import cite
from dogtag.licensing.models import Owner
from dogtag.parcels.models import ComplianceNotice
from dogtag.records.due import DueRow, DueSection, owner_url
from dogtag.records.law_parts import law_has

# The provisions cited here, in the ordinance's words (each package maps them)
#: "shall be required to comply with this Section by notice of compliance being given ..."
COMPLIANCE_NOTICE = "enclosure.compliance_notice"
PURPOSE = (
    "enclosure.purpose"  # "this Section", whose purpose is to prevent nuisances from enclosures
)


def _open_notices() -> Iterable[ComplianceNotice]:
    return (
        ComplianceNotice.objects.filter(complied_on__isnull=True)
        .select_related("enclosure__parcel")
        .prefetch_related(
            Prefetch(
                "enclosure__parcel__residents",
                queryset=Owner.objects.order_by("name", "id"),
                to_attr="resident_list",
            )
        )
        .order_by("comply_by", "number")
    )


def _days(params: ParameterSet, on: dt.date) -> str:
    """ "thirty days": the days a notice of compliance gives (``enclosure.compliance_notice``), from
    the parameter in force on ``on``, or its key before it took effect."""
    try:
        return wording.phrase(params.get("enclosure.compliance_notice_days", on), "words_unit")
    except ParameterError:
        return "[enclosure.compliance_notice_days]"


def _row(notice: ComplianceNotice, on: dt.date, params: ParameterSet) -> DueRow:
    enclosure = notice.enclosure
    parcel = enclosure.parcel
    residents = parcel.resident_list  # type: ignore[attr-defined]
    overdue = notice.overdue_on(on)
    try:
        clock = deadline(params, notice.issued_on, clock_id="enclosure.compliance_notice")
        assert clock.deadline is not None
        explanation = (clock.message, *clock.deadline.explanation)
    except (DeadlineError, ParameterError) as exc:
        explanation = (f"The count could not be repeated: {exc}.",)
    summary = (
        f"Notice of compliance {notice.number} issued {day_label(notice.issued_on)}: the "
        f"enclosure on parcel {parcel.pin} must comply with {cite(PURPOSE)} by "
        f"{day_label(notice.comply_by)} ({cite(COMPLIANCE_NOTICE)})."
    )
    if overdue:
        summary = (
            f"Overdue. {summary} Not complying within the {_days(params, notice.issued_on)} is a "
            f"violation of {cite(PURPOSE)} from "
            f"{day_label(notice.comply_by + dt.timedelta(days=1))}."
        )
    if residents:
        owner_id, owner_name, link = residents[0].pk, residents[0].name, owner_url(residents[0].pk)
    else:
        owner_id, owner_name, link = 0, f"{parcel.owner_names} (owner of record)", ""
    return DueRow(
        subject_id=enclosure.pk,
        subject_name=f"{enclosure.label}, {parcel.address or parcel.pin}",
        subject_url=reverse("enclosure_detail", args=[enclosure.pk]),
        owner_id=owner_id,
        owner_name=owner_name,
        owner_url=link,
        date=notice.comply_by,
        overdue=overdue,
        sections=(cite(COMPLIANCE_NOTICE),),
        summary=summary,
        explanation=tuple(explanation),
        note=f"Notice {notice.number}",
    )


def enclosure_sections(on: dt.date, params: ParameterSet) -> tuple[DueSection, ...]:
    """One section: every notice of compliance issued by ``on`` not yet complied with; none where
    the city's law has no enclosure rules."""
    if not law_has()["enclosures"]:
        return ()
    rows = tuple(_row(n, on, params) for n in _open_notices() if n.issued_on <= on)
    return (
        DueSection(
            key="enclosure_notices",
            title="Enclosure notices of compliance",
            sections=(cite(COMPLIANCE_NOTICE),),
            intro=(
                "A pre-existing dog enclosure given notice of compliance after a complaint must "
                f"comply with {cite(PURPOSE)} within {_days(params, on)} of the notice, counted per "
                f"Minn. Stat. 645.15; failing that is a violation ({cite(COMPLIANCE_NOTICE)}). "
                "Earliest comply-by date "
                "first."
            ),
            date_heading="Comply by",
            empty="No notice of compliance is open.",
            rows=rows,
            subject_heading="Enclosure",
        ),
    )
