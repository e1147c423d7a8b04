"""Reading complaints for the staff pages: the queue with its repeat counts, the history of a dog,
an owner or a parcel, a complaint's dated timeline, its findings with their sections, and the
barking timeline pictures. Reads only; every write is in ``services.py``."""

from __future__ import annotations

import calendar
import datetime as dt
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, Permission
from django.core.paginator import Page, Paginator
from django.db.models import Case, Count, IntegerField, Q, QuerySet, Value, When
from django.utils import timezone

from dogtag.complaints.models import Complaint, Evidence
from dogtag.evidence.timeline import timeline_svg
from dogtag.law.nuisance import BARKING
from dogtag.law.provisions import cite
from dogtag.licensing.models import Dog, Owner
from dogtag.parcels.models import Parcel
from dogtag.records.private_data import PRIVATE_COMPLAINT
from dogtag.records.services import today

#: "Repeat" complaints are counted over the twelve months before today.
REPEAT_MONTHS = 12


def city_midnight(day: dt.date) -> dt.datetime:
    return dt.datetime.combine(day, dt.time.min, tzinfo=timezone.get_current_timezone())


def repeat_window(on: dt.date | None = None) -> tuple[dt.date, dt.datetime]:
    """The first day of the twelve months ending ``on`` (today) and its midnight in the city."""
    on = on or today()
    year, month = divmod(on.year * 12 + on.month - 1 - REPEAT_MONTHS, 12)
    last_day = calendar.monthrange(year, month + 1)[1]
    start = dt.date(year, month + 1, min(on.day, last_day))
    return start, city_midnight(start)


# ------------------------------------------------------------------------------------ queue


def investigators() -> QuerySet[Any]:
    """The users who may be assigned a complaint (``records.investigate_complaint``)."""
    permission = Permission.objects.get(
        content_type__app_label="records", codename="investigate_complaint"
    )
    return (
        get_user_model()
        .objects.filter(is_active=True)
        .filter(
            Q(groups__permissions=permission)
            | Q(user_permissions=permission)
            | Q(is_superuser=True)
        )
        .distinct()
        .order_by("username")
    )


@dataclass(frozen=True)
class QueueFilters:
    kind: str = ""
    status: str = ""
    assigned_to: int | None = None
    received_from: dt.date | None = None
    received_to: dt.date | None = None
    place: str = ""
    mine: bool = False
    order: str = "oldest_open"


def queue(filters: QueueFilters, user: AbstractBaseUser) -> QuerySet[Complaint]:
    """The complaints matching the filters, oldest open first (closed ones last) by default."""
    rows = Complaint.objects.select_related("parcel", "owner", "assigned_to").prefetch_related(
        "dogs"
    )
    if filters.kind:
        rows = rows.filter(kind=filters.kind)
    if filters.status == "open":
        rows = rows.exclude(status=Complaint.Status.CLOSED)
    elif filters.status:
        rows = rows.filter(status=filters.status)
    if filters.mine:
        rows = rows.filter(assigned_to=user)
    elif filters.assigned_to:
        rows = rows.filter(assigned_to_id=filters.assigned_to)
    if filters.received_from:
        rows = rows.filter(received_at__gte=city_midnight(filters.received_from))
    if filters.received_to:
        rows = rows.filter(
            received_at__lt=city_midnight(filters.received_to + dt.timedelta(days=1))
        )
    if filters.place.strip():
        text = filters.place.strip()
        rows = rows.filter(
            Q(address__icontains=text)
            | Q(parcel__pin__icontains=text)
            | Q(parcel__address__icontains=text)
        )
    if filters.order == "newest":
        return rows.order_by("-received_at", "-id")
    closed_last = Q(status=Complaint.Status.CLOSED)
    return rows.annotate(
        closed_rank=Case(
            When(closed_last, then=Value(1)), default=Value(0), output_field=IntegerField()
        )
    ).order_by("closed_rank", "received_at", "id")


def status_counts(rows: QuerySet[Complaint]) -> list[tuple[str, str, int]]:
    """(status, label, count) for every status, in the order a complaint moves through them."""
    found = dict(
        rows.order_by().values_list("status").annotate(n=Count("id")).values_list("status", "n")
    )
    return [(value, label, found.get(value, 0)) for value, label in Complaint.Status.choices]


def repeat_counts(complaints: Sequence[Complaint], *, on: dt.date | None = None) -> dict[int, int]:
    """For each complaint, how many OTHER complaints received in the twelve months before ``on``
    (today) are about the same dog(s), the same owner or the same parcel. Three queries, however
    many complaints."""
    if not complaints:
        return {}
    ids = [c.pk for c in complaints]
    through = Complaint.dogs.through
    dogs_of: dict[int, set[int]] = defaultdict(set)
    for complaint_id, dog_id in through.objects.filter(complaint_id__in=ids).values_list(
        "complaint_id", "dog_id"
    ):
        dogs_of[complaint_id].add(dog_id)
    dog_ids = set().union(*dogs_of.values()) if dogs_of else set()
    owner_ids = {c.owner_id for c in complaints if c.owner_id}
    parcel_ids = {c.parcel_id for c in complaints if c.parcel_id}
    if not (dog_ids or owner_ids or parcel_ids):
        return dict.fromkeys(ids, 0)
    _, since = repeat_window(on)
    until = city_midnight((on or today()) + dt.timedelta(days=1))
    candidates = list(
        Complaint.objects.filter(received_at__gte=since, received_at__lt=until)
        .filter(Q(dogs__in=dog_ids) | Q(owner_id__in=owner_ids) | Q(parcel_id__in=parcel_ids))
        .distinct()
        .values_list("id", "owner_id", "parcel_id")
    )
    candidate_dogs: dict[int, set[int]] = defaultdict(set)
    for complaint_id, dog_id in through.objects.filter(
        complaint_id__in=[c[0] for c in candidates]
    ).values_list("complaint_id", "dog_id"):
        candidate_dogs[complaint_id].add(dog_id)
    out = {}
    for complaint in complaints:
        mine = dogs_of.get(complaint.pk, set())
        out[complaint.pk] = sum(
            1
            for other, owner_id, parcel_id in candidates
            if other != complaint.pk
            and (
                (complaint.owner_id and owner_id == complaint.owner_id)
                or (complaint.parcel_id and parcel_id == complaint.parcel_id)
                or (mine & candidate_dogs.get(other, set()))
            )
        )
    return out


# ---------------------------------------------------------------------------------- history


@dataclass(frozen=True)
class History:
    """The complaints about a dog, an owner or a parcel, newest first."""

    complaints: list[Complaint]
    last_12_months: int
    since: dt.date

    @property
    def line(self) -> str:
        n = self.last_12_months
        return (
            f"{n} complaint{'' if n == 1 else 's'} in the last 12 months "
            f"(received since {self.since:%B} {self.since.day}, {self.since.year})."
        )


def history_for(
    *, dog: Dog | None = None, owner: Owner | None = None, parcel: Parcel | None = None
) -> History:
    """Complaints about a dog (naming it), an owner (naming them or one of their dogs) or a parcel
    (placed on it, or about its residents or their dogs), with each one's latest outcome."""
    given = [x for x in (dog, owner, parcel) if x is not None]
    if len(given) != 1:
        raise ValueError("history_for takes exactly one of dog=, owner=, parcel=")
    if dog is not None:
        where = Q(dogs=dog)
    elif owner is not None:
        where = Q(owner=owner) | Q(dogs__owner=owner)
    else:
        where = Q(parcel=parcel) | Q(owner__parcel=parcel) | Q(dogs__owner__parcel=parcel)
    ids = Complaint.objects.filter(where).values("id")
    rows = list(
        Complaint.objects.filter(id__in=ids)
        .prefetch_related("outcomes")
        .order_by("-received_at", "-id")
    )
    since, moment = repeat_window()
    return History(
        complaints=rows,
        last_12_months=sum(1 for c in rows if c.received_at >= moment),
        since=since,
    )


# --------------------------------------------------------------------------------- findings


def stored_findings(complaint: Complaint) -> list[dict[str, Any]]:
    """Each finding of the complaint as its Decision stored it (with ``blocks``, ``details``),
    plus the row's date and officer: what ``licensing/_finding.html`` shows."""
    out = []
    position: Counter[int] = Counter()
    for row in complaint.findings.select_related("decision", "by").order_by("id"):
        index = position[row.decision_id]
        position[row.decision_id] += 1
        stored = row.decision.findings
        data = stored[index] if index < len(stored) else {}
        out.append(
            {
                "row": row,
                "rule": row.rule,
                "outcome": row.outcome,
                "sections": row.sections,
                "message": row.message,
                "blocks": bool(data.get("blocks")),
                "details": data.get("details") or {},
                "found_on": row.found_on,
                "by": row.by,
                "decision_id": row.decision_id,
            }
        )
    return out


# ----------------------------------------------------------------------------- the timeline


@dataclass(frozen=True)
class Event:
    """One thing that happened: ``on`` its (city) date, ``at`` its time when the record has one
    (a follow-up or an outcome is dated, not timed); ``recorded`` orders events of one day."""

    on: dt.date
    what: str
    recorded: dt.datetime
    at: dt.datetime | None = None
    who: str = ""
    detail: str = ""
    sections: tuple[str, ...] = ()


def _timed(moment: dt.datetime, what: str, **rest: Any) -> Event:
    return Event(timezone.localdate(moment), what, moment, at=moment, **rest)


def timeline(
    complaint: Complaint, findings: Sequence[dict[str, Any]], *, show_private: bool = True
) -> list[Event]:
    """Everything that happened to the complaint, from its records, oldest first. Without
    ``show_private`` an evidence file's name and description (which may name the complainant)
    give way to the need-to-know notice (Minn. Stat. 13.44 subd. 1)."""
    events = [
        _timed(
            complaint.received_at,
            "Received",
            who=str(complaint.received_by),
            detail=complaint.get_kind_display(),
        )
    ]
    previous: int | None = None
    for version in complaint.history.order_by("history_date", "history_id").select_related(
        "assigned_to"
    ):
        if version.assigned_to_id and version.assigned_to_id != previous:
            on = version.assigned_on or timezone.localdate(version.history_date)
            events.append(
                Event(
                    on,
                    f"Assigned to {version.assigned_to}",
                    version.history_date,
                    who=str(version.history_user or ""),
                )
            )
        previous = version.assigned_to_id
    for item in complaint.evidence.select_related("uploaded_by"):
        events.append(
            _timed(
                item.uploaded_at,
                f"Evidence: {item.get_kind_display()}",
                who=str(item.uploaded_by),
                detail=(item.original_name or item.description)
                if show_private
                else PRIVATE_COMPLAINT,
            )
        )
    for finding in findings:
        row = finding["row"]
        events.append(
            Event(
                row.found_on,
                "Finding",
                row.decision.at,
                who=str(row.by),
                detail=row.message,
                sections=tuple(row.sections),
            )
        )
    for follow_up in complaint.follow_ups.select_related("by"):
        events.append(
            Event(
                follow_up.on,
                "Follow-up",
                follow_up.recorded_at,
                who=str(follow_up.by),
                detail=follow_up.note,
            )
        )
    for outcome in complaint.outcomes.select_related("by", "decision"):
        events.append(
            Event(
                outcome.decided_on,
                f"Closed: {outcome.get_kind_display()}",
                outcome.decision.at,
                who=str(outcome.by),
                detail=outcome.note,
                sections=tuple(outcome.decision.sections),
            )
        )
    return sorted(events, key=lambda e: (e.on, e.recorded))


# ------------------------------------------------------------------------ barking pictures


@dataclass
class BarkingPicture:
    evidence: Evidence
    svg: str
    periods: list[dict[str, Any]] = field(default_factory=list)
    finding: dict[str, Any] | None = None
    relative_to: str = ""
    #: How many noises, the first and the last (local time), and one page of the noise list.
    summary: dict[str, Any] = field(default_factory=dict)
    noises: Page[str] | None = None
    #: The query parameter that turns the noise list's pages (one per piece of evidence).
    page_parameter: str = ""


#: Noise times listed per page on the complaint page (a log may hold DOGTAG_MAX_LOG_ROWS).
NOISES_PER_PAGE = 100


def _noise_page(item: Evidence, pages: Mapping[str, Any]) -> tuple[dict[str, Any], Page[str], str]:
    """The noises' summary and the page of them asked for (``?noises-<pk>=N``); a page number
    that is not one (text, 0, past the end) gives the first or the last page, never an error."""
    times = sorted(_parse(t) for t in item.noise_times)
    parameter = f"noises-{item.pk}"
    summary = {"count": len(times)}
    if times:
        summary |= {"first": clock_text(times[0]), "last": clock_text(times[-1])}
    page = Paginator(times, NOISES_PER_PAGE).get_page(pages.get(parameter))
    page.object_list = [clock_text(t) for t in page.object_list]  # only this page's are written
    return summary, page, parameter


def _parse(moment: str) -> dt.datetime:
    return dt.datetime.fromisoformat(moment)


def clock_text(moment: dt.datetime, *, with_date: bool = True) -> str:
    """A local time to the tenth of a second, the tenth left off when it is zero:
    "2026-11-20 22:00:05", "22:00:04.5"."""
    local = timezone.localtime(moment)
    tenths = round(local.microsecond / 100_000)
    local = local.replace(microsecond=0) + dt.timedelta(seconds=tenths / 10)
    text = f"{local:%Y-%m-%d %H:%M:%S}" if with_date else f"{local:%H:%M:%S}"
    fraction = round(local.microsecond / 100_000)
    return text + (f".{fraction}" if fraction else "")


def barking_pictures(
    evidence: Iterable[Evidence],
    findings: Sequence[dict[str, Any]],
    pages: Mapping[str, Any] | None = None,
) -> list[BarkingPicture]:
    """The timeline picture of each piece of barking evidence, with the qualifying periods of the
    finding stored with it: a recording drawn from its detection (barks, loudness, sustained
    sounds), typed times and logs drawn relative to the first noise."""
    by_decision = {f["decision_id"]: f for f in findings if f["rule"] == "nuisance.barking"}
    pictures = []
    for item in evidence:
        if item.kind not in (Evidence.Kind.RECORDING, Evidence.Kind.LOG, Evidence.Kind.TYPED_TIMES):
            continue
        finding = by_decision.get(item.decision_id)
        periods = list((finding or {}).get("details", {}).get("periods") or [])
        if item.kind == Evidence.Kind.RECORDING and item.detection and item.started_at:
            origin = item.started_at
            detection = item.detection
            duration = float(detection.get("duration_seconds") or 0)
            barks = [float(b["onset_seconds"]) for b in detection.get("barks", [])]
            envelope = [(float(t), float(db)) for t, db in detection.get("envelope", [])]
            sustained = [
                (float(s["onset_seconds"]), float(s["end_seconds"]))
                for s in detection.get("sustained", [])
            ]
            relative_to = "the start of the recording"
        else:
            times = sorted(_parse(t) for t in item.noise_times)
            if not times:
                continue
            origin = times[0]
            barks = [(t - origin).total_seconds() for t in times]
            duration = max(barks[-1] + 10, 60.0)
            envelope, sustained = [], []
            relative_to = "the first noise"
        spans = [
            (
                (_parse(p["start"]) - origin).total_seconds(),
                (_parse(p["end"]) - origin).total_seconds(),
            )
            for p in periods
        ]
        local = timezone.localtime(origin)
        svg = timeline_svg(
            duration_seconds=duration,
            barks=barks,
            periods=spans,
            envelope=envelope,
            sustained=sustained,
            title=(
                f"{item.get_kind_display().capitalize()}: noises from "
                f"{local:%Y-%m-%d %H:%M:%S}, qualifying {cite(BARKING)} periods shaded"
            ),
            svg_id=f"bark-timeline-{item.pk}",
        )
        if item.kind != Evidence.Kind.RECORDING:
            svg = svg.replace("from the start of the recording", "from the first noise").replace(
                "barks detected in a recording", "noises recorded over"
            )
        summary, noises, parameter = _noise_page(item, pages or {})
        pictures.append(
            BarkingPicture(
                evidence=item,
                svg=svg,
                summary=summary,
                noises=noises,
                page_parameter=parameter,
                periods=[
                    {
                        "start": clock_text(_parse(p["start"])),
                        "end": clock_text(_parse(p["end"]), with_date=False),
                        "count": p["count"],
                        "duration_seconds": p["duration_seconds"],
                        "longest_gap_seconds": p["longest_gap_seconds"],
                    }
                    for p in periods
                ],
                finding=finding,
                relative_to=relative_to,
            )
        )
    return pictures
