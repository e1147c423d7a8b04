"""What is due: the licensing work list of the city offices (City Code 3-2-2), and the office's
other read-only lists (fee schedule and council resolutions, tag stock, roles).

Each section of the due list is one query (a fixed number of queries however many rows: related
records are joined with ``select_related``, "is there a later license" is an ``Exists`` subquery)
and returns plain rows: the dog and owner with their links, the date that matters, the sections
that make it matter, and the lines that explain how the date was found.

Every date comes from the rules core, applied with the parameters in force
(``records.services.city_params``): a license's expiry was computed by ``law.licensing.license_term``
when it issued; new residents' and new owners' due dates by ``law.clocks.deadline`` (Minn. Stat.
645.15); six months of age by ``law.licensing.license_required`` (``age_reached`` with
``license.minimum_age_months`` and ``readings.six_months_of_age``). The only arithmetic here is the
width of the reporting windows (the next 30 and 60 days) and "the day after the expiry date", the
first day a license is no longer in force (``License.in_force_on``: in force through its expiry
date).

A dog appears in one section at most among new residents (3-2-2.E), new owners (3-2-2.F) and dogs
reaching six months (3-2-2.D): the latest of the owner's arrival and the change of ownership
governs; a dog that was under six months on that day and was never licensed is governed by its age
instead (it needed no license then, 3-2-2.D).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db.models import Count, Exists, F, OuterRef, Q, Subquery
from django.urls import NoReverseMatch, reverse

from dogtag.law import wording
from dogtag.law.clocks import deadline
from dogtag.law.computation_of_time import DeadlineError, day_label
from dogtag.law.findings import Finding
from dogtag.law.licensing import (
    NON_LICENSE_READING,
    RENEWAL_READING,
    SIX_MONTHS_READING,
    age_reached,
    license_required,
)
from dogtag.law.params import ParameterError, ParameterSet
from dogtag.licensing.models import Dog, License, OwnershipChange, RabiesVaccination, Tag
from dogtag.licensing.queries import money
from dogtag.records.models import FeeResolution, Role
from dogtag.records.roles import ROLE_PERMISSIONS
from dogtag.records.services import city_params, fee_parameters

#: The reporting windows of the due list, in calendar days after the "as of" date.
NEAR_DAYS = 30
FAR_DAYS = 60

EXPIRY_SECTIONS = ("3-2-2.B",)
LAPSED_SECTIONS = ("3-2-2.A", "3-2-2.B")
AGE_SECTIONS = ("3-2-2.D", "3-2-2.A")


# ------------------------------------------------------------------------------------- rows


@dataclass(frozen=True)
class DueRow:
    """One row of the due list: the record (a dog, a kennel license, an enclosure), its owner, the
    date that matters, why, and how it was found."""

    subject_id: int
    subject_name: str
    subject_url: str
    owner_id: int
    owner_name: str
    owner_url: str
    #: The computed date (None only when the rules core could not compute it: see ``summary``).
    date: dt.date | None
    #: True when the date has passed on the "as of" date (or the dog is unlicensed now).
    overdue: bool
    sections: tuple[str, ...]
    #: One sentence a clerk can read aloud.
    summary: str
    #: How the date was found, line by line (the deadline's explanation, the readings used).
    explanation: tuple[str, ...]
    license_number: str = ""
    license_url: str = ""
    #: A second date-bearing remark, e.g. the last day to renew without the penalty.
    note: str = ""


@dataclass(frozen=True)
class DueSection:
    key: str
    title: str
    sections: tuple[str, ...]
    intro: str
    date_heading: str
    empty: str
    rows: tuple[DueRow, ...]
    #: The word shown beside an overdue row ("Overdue", "Unlicensed", "Required now").
    flag: str = "Overdue"
    #: Whether the rows are licenses (a license column).
    shows_license: bool = False
    #: What the first column names: a dog, a kennel license, an enclosure.
    subject_heading: str = "Dog"

    @property
    def count(self) -> int:
        return len(self.rows)

    @property
    def overdue_count(self) -> int:
        return sum(1 for row in self.rows if row.overdue)


@dataclass(frozen=True)
class DueList:
    on: dt.date
    sections: tuple[DueSection, ...]
    #: The last day of the near and far reporting windows (calendar days, not a legal deadline).
    near_until: dt.date
    far_until: dt.date

    def section(self, key: str) -> DueSection:
        return next(s for s in self.sections if s.key == key)

    @property
    def count(self) -> int:
        return sum(s.count for s in self.sections)


# ------------------------------------------------------------------------------------ links


def _link(name: str, key: object, fallback: str) -> str:
    """The desk's page for a record, or the agreed plain path until the desk's URL exists."""
    try:
        return reverse(name, args=[key])
    except NoReverseMatch:
        return fallback


def dog_url(pk: int) -> str:
    return _link("dog_detail", pk, f"/dogs/{pk}/")


def owner_url(pk: int) -> str:
    return _link("owner_detail", pk, f"/owners/{pk}/")


def license_url(number: str) -> str:
    return _link("license_detail", number, "")


# ---------------------------------------------------------------------------- rules helpers


class _Clocks:
    """``law.clocks.deadline`` for the rows of one due list, each start date computed once."""

    def __init__(self, params: ParameterSet) -> None:
        self.params = params
        self._cache: dict[tuple[str, dt.date, str], Finding] = {}

    def due(self, clock_id: str, start: dt.date, event: str) -> Finding:
        key = (clock_id, start, event)
        if key not in self._cache:
            self._cache[key] = deadline(self.params, start, clock_id=clock_id, trigger_event=event)
        return self._cache[key]


def first_day_unlicensed(expires_on: dt.date) -> dt.date:
    """A license is in force through its expiry date (3-2-2.B, ``License.in_force_on``); from the
    next day the dog is unlicensed (3-2-2.A)."""
    return expires_on + dt.timedelta(days=1)


def _reading_line(params: ParameterSet, key: str, on: dt.date) -> str:
    reading = params.get(key, on)
    return f"Reading adopted — {reading.definition.description}: {reading.display().rstrip('.')}."


def _renewal_lines(
    clocks: _Clocks, on: dt.date, expires_on: dt.date, new_vaccination: dt.date | None
) -> tuple[str, list[str]]:
    """3-2-2.B: "must be renewed within thirty (30) days after the vaccination or a penalty ...
    will be assessed". Which vaccination (or the expiry) starts the 30 days is a reading."""
    params = clocks.params
    reading = params.get(RENEWAL_READING, on)
    penalty = params.get("fees.license_penalty", on)
    days = params.get("license.renewal_days", on)
    if reading.choice == "after_previous_expiry":
        start, event = expires_on, "the previous license expired"
    elif new_vaccination is not None:
        start, event = new_vaccination, "the new rabies vaccination"
    else:
        return "", [
            f"To renew without the penalty of {penalty.display()}: within {days.display()} after "
            f"the new rabies vaccination (3-2-2.B). No newer vaccination is recorded yet.",
            _reading_line(params, RENEWAL_READING, on),
        ]
    finding = clocks.due("license.renewal", start, event)
    assert finding.deadline is not None
    due = finding.deadline.due
    if on > due:
        note = f"Renewal period ended {day_label(due)}: penalty {penalty.display()}"
    else:
        note = f"Renew without penalty by {day_label(due)}"
    return note, [
        finding.message,
        *finding.deadline.explanation,
        f"Renewed after that day, the penalty of {penalty.display()} is assessed (3-2-2.B).",
        _reading_line(params, RENEWAL_READING, on),
    ]


def _late_first_license_line(params: ParameterSet, on: dt.date) -> str:
    reading = params.get(NON_LICENSE_READING, on)
    penalty = params.get("fees.license_penalty", on)
    if reading.choice == "never":
        return f"A first license pays no penalty (reading adopted: {reading.value})."
    return (
        f"Licensed after the due date, the non-license penalty of {penalty.display()} is "
        f"assessed (reading adopted: {reading.value})."
    )


# ------------------------------------------------------------------------------- the queries


def _not_void(**lookups: object) -> Exists:
    return Exists(License.objects.filter(**lookups).exclude(status=License.Status.VOID))


def _licenses(on: dt.date, far_until: dt.date) -> Iterable[License]:
    """Active licenses of active dogs expiring by ``far_until`` (expired ones included) whose dog
    has no later license that was not voided. One query."""
    later = (
        License.objects.filter(dog=OuterRef("dog"))
        .exclude(status=License.Status.VOID)
        .exclude(pk=OuterRef("pk"))
        .filter(
            Q(issued_on__gt=OuterRef("issued_on"))
            | Q(expires_on__gt=OuterRef("expires_on"))
            | Q(
                issued_on=OuterRef("issued_on"),
                expires_on=OuterRef("expires_on"),
                pk__gt=OuterRef("pk"),
            )
        )
    )
    newer_vaccination = (
        RabiesVaccination.objects.filter(
            dog=OuterRef("dog"), vaccinated_on__gt=OuterRef("rabies__vaccinated_on")
        )
        .order_by("-vaccinated_on", "-id")
        .values("vaccinated_on")[:1]
    )
    return (
        License.objects.filter(
            status=License.Status.ACTIVE,
            dog__status=Dog.Status.ACTIVE,
            expires_on__lte=far_until,
        )
        .annotate(has_later=Exists(later), new_vaccination=Subquery(newer_vaccination))
        .filter(has_later=False)
        .select_related("dog__owner", "rabies")
        .order_by("expires_on", "dog__name", "id")
    )


def _new_resident_dogs(on: dt.date) -> Iterable[Dog]:
    """Active dogs of owners who became residents by ``on``, with no license (not voided) issued
    on or after that day, unless the dog changed owner since (3-2-2.F governs then). One query."""
    return (
        Dog.objects.filter(
            status=Dog.Status.ACTIVE,
            owner__resident_since__isnull=False,
            owner__resident_since__lte=on,
        )
        .annotate(
            licensed_since=_not_void(
                dog=OuterRef("pk"), issued_on__gte=OuterRef("owner__resident_since")
            ),
            ever_licensed=_not_void(dog=OuterRef("pk")),
            changed_owner_since=Exists(
                OwnershipChange.objects.filter(
                    dog=OuterRef("pk"),
                    to_owner=OuterRef("owner"),
                    changed_on__gte=OuterRef("owner__resident_since"),
                )
            ),
        )
        .filter(licensed_since=False, changed_owner_since=False)
        .select_related("owner")
        .order_by("owner__resident_since", "name", "id")
    )


def _ownership_changes(on: dt.date) -> Iterable[OwnershipChange]:
    """The latest change of ownership of each active dog still owned by the new owner, with no
    license (not voided) in the new owner's name issued on or after the change, unless the new
    owner became a resident after the change (3-2-2.E governs then). One query."""
    newer = OwnershipChange.objects.filter(dog=OuterRef("dog")).filter(
        Q(changed_on__gt=OuterRef("changed_on"))
        | Q(changed_on=OuterRef("changed_on"), pk__gt=OuterRef("pk"))
    )
    return (
        OwnershipChange.objects.filter(
            changed_on__lte=on,
            dog__status=Dog.Status.ACTIVE,
            dog__owner=F("to_owner"),
        )
        .exclude(to_owner__resident_since__gt=F("changed_on"))
        .annotate(
            has_newer=Exists(newer),
            licensed_since=_not_void(
                dog=OuterRef("dog"),
                owner=OuterRef("to_owner"),
                issued_on__gte=OuterRef("changed_on"),
            ),
            ever_licensed=_not_void(dog=OuterRef("dog")),
        )
        .filter(has_newer=False, licensed_since=False)
        .select_related("dog", "to_owner", "from_owner")
        .order_by("changed_on", "dog__name", "id")
    )


def _never_licensed_dogs(on: dt.date) -> Iterable[Dog]:
    """Active dogs born by ``on`` that never had a license (other than a voided one), leaving out
    the dogs of owners who had not yet become residents on ``on``. One query."""
    return (
        Dog.objects.filter(status=Dog.Status.ACTIVE, born__isnull=False, born__lte=on)
        .exclude(owner__resident_since__gt=on)
        .annotate(ever_licensed=_not_void(dog=OuterRef("pk")))
        .filter(ever_licensed=False)
        .select_related("owner")
        .order_by("born", "name", "id")
    )


# ---------------------------------------------------------------------------------- sections


def _row(dog: Dog, **fields: object) -> DueRow:
    return DueRow(
        subject_id=dog.pk,
        subject_name=dog.name,
        subject_url=dog_url(dog.pk),
        owner_id=dog.owner.pk,
        owner_name=dog.owner.name,
        owner_url=owner_url(dog.owner.pk),
        **fields,  # type: ignore[arg-type]
    )


def _expiry_row(clocks: _Clocks, on: dt.date, license_: License) -> DueRow:
    expires = license_.expires_on
    note, renewal = _renewal_lines(clocks, on, expires, license_.new_vaccination)  # type: ignore[attr-defined]
    lapsed = first_day_unlicensed(expires)
    if expires < on:
        summary = (
            f"License {license_.number} expired {day_label(expires)}: {license_.dog.name} has "
            f"been unlicensed since {day_label(lapsed)} (3-2-2.A)."
        )
    else:
        summary = f"License {license_.number} expires {day_label(expires)} (3-2-2.B)."
    lines = [
        f"License {license_.number}, issued {day_label(license_.issued_on)}, runs with the rabies "
        f"vaccination of {day_label(license_.rabies.vaccinated_on)} and expires "
        f"{day_label(expires)}: licenses are valid for the same length of time as the rabies "
        f"vaccination (3-2-2.B).",
        f"From {day_label(lapsed)} the dog is unlicensed until the license is renewed; no dog may "
        f"be kept in the city unless licensed (3-2-2.A).",
        *renewal,
    ]
    return _row(
        license_.dog,
        date=lapsed if expires < on else expires,
        overdue=expires < on,
        sections=LAPSED_SECTIONS if expires < on else EXPIRY_SECTIONS,
        summary=summary,
        explanation=tuple(lines),
        license_number=license_.number,
        license_url=license_url(license_.number),
        note=note,
    )


def _clock_row(
    clocks: _Clocks,
    on: dt.date,
    dog: Dog,
    clock_id: str,
    start: dt.date,
    event: str,
    fallback_sections: tuple[str, ...],
) -> DueRow:
    try:
        finding = clocks.due(clock_id, start, event)
    except (DeadlineError, ParameterError) as exc:
        return _row(
            dog,
            date=None,
            overdue=False,
            sections=fallback_sections,
            summary=f"No due date can be computed from {day_label(start)}: {exc}.",
            explanation=(str(exc),),
        )
    assert finding.deadline is not None
    due = finding.deadline.due
    overdue = on > due
    summary = f"Overdue. {finding.message}" if overdue else finding.message
    return _row(
        dog,
        date=due,
        overdue=overdue,
        sections=finding.sections,
        summary=summary,
        explanation=(
            *finding.deadline.explanation,
            _late_first_license_line(clocks.params, on),
        ),
    )


def _puppy_at(
    params: ParameterSet, on: dt.date, dog: Dog, trigger: dt.date, ever_licensed: bool
) -> bool:
    """Whether a never-licensed dog was under six months on ``trigger``: its age governs then."""
    if dog.born is None or ever_licensed:
        return False
    months = params.get("license.minimum_age_months", on).integer
    reading = params.get(SIX_MONTHS_READING, on).choice
    return age_reached(dog.born, months, reading) > trigger


def _age_row(clocks: _Clocks, on: dt.date, dog: Dog) -> DueRow | None:
    """A never-licensed dog whose six months of age fall within the near window, or passed."""
    assert dog.born is not None
    params = clocks.params
    finding = license_required(dog.born, on, params)
    needed_from = finding.next_date
    assert needed_from is not None
    if needed_from > on + dt.timedelta(days=NEAR_DAYS):
        return None
    minimum_age = params.get("license.minimum_age_months", on)
    born = f"Born {day_label(dog.born)}" + (
        " (estimated from the age given)." if dog.born_estimated else "."
    )
    lines = [born, finding.message, _reading_line(params, SIX_MONTHS_READING, on)]
    note = ""
    reading = params.get(NON_LICENSE_READING, on)
    penalty = params.get("fees.license_penalty", on)
    if reading.choice == "after_grace_period":
        try:
            grace = clocks.due("license.renewal", needed_from, "the dog reached six months of age")
        except (DeadlineError, ParameterError) as exc:
            lines.append(f"No penalty date can be computed: {exc}.")
        else:
            assert grace.deadline is not None
            lines += [
                *grace.deadline.explanation,
                f"Licensed after {day_label(grace.deadline.due)}, the non-license penalty of "
                f"{penalty.display()} is assessed (reading adopted: {reading.value}).",
            ]
            note = f"Penalty {penalty.display()} if licensed after {day_label(grace.deadline.due)}"
    else:
        lines.append(_late_first_license_line(params, on))
    required = needed_from <= on
    summary = (
        f"License required since {day_label(needed_from)}: {dog.name} is {minimum_age.display()} "
        f"old or older and has never been licensed (3-2-2.A)."
        if required
        else f"License required from {day_label(needed_from)}, when {dog.name} reaches "
        f"{minimum_age.display()} of age (3-2-2.D)."
    )
    return _row(
        dog,
        date=needed_from,
        overdue=required,
        sections=AGE_SECTIONS,
        summary=summary,
        explanation=tuple(lines),
        note=note,
    )


def _sorted(rows: Iterable[DueRow]) -> tuple[DueRow, ...]:
    far_future = dt.date.max
    return tuple(sorted(rows, key=lambda r: (r.date or far_future, r.subject_name, r.subject_id)))


#: Other domains' sections of the due list (kennel licenses, enclosure notices, ...): each provider
#: takes the "as of" date and the parameters and returns its sections, in a fixed number of queries.
#: Apps register theirs in ``AppConfig.ready``.
SectionProvider = Callable[[dt.date, ParameterSet], Iterable[DueSection]]
SECTION_PROVIDERS: list[SectionProvider] = []


def register_sections(provider: SectionProvider) -> SectionProvider:
    if provider not in SECTION_PROVIDERS:
        SECTION_PROVIDERS.append(provider)
    return provider


def due_list(
    on: dt.date, params: ParameterSet | None = None, *, other_domains: bool = True
) -> DueList:
    """The due list as of ``on``: the licensing desk's six sections, then every registered
    provider's, each in a fixed number of queries whatever the rows."""
    params = params if params is not None else city_params()
    clocks = _Clocks(params)
    near_until = on + dt.timedelta(days=NEAR_DAYS)
    far_until = on + dt.timedelta(days=FAR_DAYS)

    near: list[DueRow] = []
    far: list[DueRow] = []
    lapsed: list[DueRow] = []
    for license_ in _licenses(on, far_until):
        row = _expiry_row(clocks, on, license_)
        if license_.expires_on < on:
            lapsed.append(row)
        elif license_.expires_on <= near_until:
            near.append(row)
        else:
            far.append(row)

    residents: list[DueRow] = []
    for dog in _new_resident_dogs(on):
        since = dog.owner.resident_since
        assert since is not None
        if _puppy_at(params, on, dog, since, dog.ever_licensed):  # type: ignore[attr-defined]
            continue
        residents.append(
            _clock_row(
                clocks,
                on,
                dog,
                "license.new_resident",
                since,
                "the owner became a resident of the city",
                ("3-2-2.E",),
            )
        )

    owners: list[DueRow] = []
    for change in _ownership_changes(on):
        dog = change.dog
        if _puppy_at(params, on, dog, change.changed_on, change.ever_licensed):  # type: ignore[attr-defined]
            continue
        dog.owner = change.to_owner  # the same owner (filtered): saves a join
        owners.append(
            _clock_row(
                clocks,
                on,
                dog,
                "license.change_of_ownership",
                change.changed_on,
                f"the change of ownership from {change.from_owner.name}",
                ("3-2-2.F",),
            )
        )

    listed = {r.subject_id for r in residents} | {r.subject_id for r in owners}
    ages = [
        row
        for dog in _never_licensed_dogs(on)
        if dog.pk not in listed and (row := _age_row(clocks, on, dog)) is not None
    ]

    def words(key: str) -> str:  # a day count or an age in force, worded (issue 11 item 5)
        return wording.phrase(params.get(key, on), "words_unit")

    sections = (
        DueSection(
            key="expiring_soon",
            title="Licenses expiring in the next 30 days",
            sections=EXPIRY_SECTIONS,
            intro=(
                "A license is valid for the same length of time as the rabies vaccination and must "
                f"be renewed within {words('license.renewal_days')} after the new vaccination, or "
                "the penalty is "
                "assessed (3-2-2.B)."
            ),
            date_heading="Expires",
            empty="No license expires in the next 30 days.",
            rows=tuple(near),
            shows_license=True,
        ),
        DueSection(
            key="expiring_later",
            title="Licenses expiring in 31 to 60 days",
            sections=EXPIRY_SECTIONS,
            intro="The same rule, for the month after (3-2-2.B).",
            date_heading="Expires",
            empty="No license expires in 31 to 60 days.",
            rows=tuple(far),
            shows_license=True,
        ),
        DueSection(
            key="overdue_renewals",
            title="Renewals overdue",
            sections=LAPSED_SECTIONS,
            intro=(
                "Licenses that expired without renewal: the dog is unlicensed from the day after "
                "the expiry date (3-2-2.A). Oldest first."
            ),
            date_heading="Unlicensed since",
            empty="No license has expired without renewal.",
            rows=tuple(lapsed),
            flag="Unlicensed",
            shows_license=True,
        ),
        DueSection(
            key="new_residents",
            title="New residents",
            sections=("3-2-2.E",),
            intro=(
                f"An owner who becomes a resident has {words('license.new_resident_days')} to "
                "obtain a city dog license, "
                "counted per Minn. Stat. 645.15 (3-2-2.E)."
            ),
            date_heading="License due",
            empty="No new resident's dog is waiting for a license.",
            rows=_sorted(residents),
        ),
        DueSection(
            key="ownership_changes",
            title="Ownership changes",
            sections=("3-2-2.F",),
            intro=(
                "A new owner must apply for a new license within "
                f"{words('license.change_of_ownership_days')} of the change of "
                "ownership, counted per Minn. Stat. 645.15 (3-2-2.F)."
            ),
            date_heading="License due",
            empty="No new owner is waiting for a license.",
            rows=_sorted(owners),
        ),
        DueSection(
            key="six_months",
            title="Dogs reaching six months of age",
            sections=AGE_SECTIONS,
            intro=(
                f"No license is required for a dog under {words('license.minimum_age_months')} of "
                "age (3-2-2.D); from then every dog kept in the city must be licensed (3-2-2.A). "
                f"Never-licensed dogs reaching {words('license.minimum_age_months')} in the next "
                "30 days, or already past it."
            ),
            date_heading="License required from",
            empty="No never-licensed dog reaches six months of age in the next 30 days.",
            rows=_sorted(ages),
            flag="Required now",
        ),
    )
    if other_domains:
        sections += tuple(s for provider in SECTION_PROVIDERS for s in provider(on, params))
    return DueList(on=on, sections=sections, near_until=near_until, far_until=far_until)


# -------------------------------------- the office's other lists: fees, tag stock, roles


@dataclass(frozen=True)
class ScheduledValue:
    effective: dt.date
    amount: str
    source: str


@dataclass(frozen=True)
class FeeRow:
    """A fee parameter (City Code 1-2-2) and the amount in force on a day."""

    name: str  # the key a resolution sets, e.g. "fees.dog_license.one_year"
    key: str  # qualified, e.g. "nowthen.fees.dog_license.one_year"
    description: str
    amount: str  # "$3.00", or "" when no amount is in force yet
    effective: dt.date | None
    source: str
    note: str
    unverified: bool
    cap: str  # e.g. "at most $500.00 (Minn. Stat. 347.51 subd. 2)"
    scheduled: tuple[ScheduledValue, ...] = ()
    #: For a fee the council has not set yet: who must set it.
    awaiting: str = ""


def fee_rows(params: ParameterSet, on: dt.date) -> list[FeeRow]:
    """Every fee a resolution may set, with its amount in force on ``on`` and later changes."""
    rows = []
    for base in fee_parameters():
        definition = params.definition(base.key)
        current = definition.value_on(on) if definition.first_effective <= on else None
        cap = ""
        if definition.cap:
            try:
                limit = params.get(definition.cap, on)
            except ParameterError:
                cap = ""
            else:
                cap = f"at most {limit.display()} ({limit.source.cite()})"
        rows.append(
            FeeRow(
                name=definition.name,
                key=definition.key,
                description=definition.description,
                amount=current.display() if current else "",
                effective=current.effective if current else None,
                source=current.source.cite() if current else "",
                note=(current.source.note or "") if current else "",
                unverified=bool(current and current.source.confidence not in (None, "V")),
                cap=cap,
                scheduled=tuple(
                    ScheduledValue(v.effective, money(v.value), v.source.cite())
                    for v in definition.values
                    if v.effective > on
                ),
                awaiting=definition.awaiting or "" if not definition.values else "",
            )
        )
    return rows


@dataclass(frozen=True)
class ResolutionRow:
    number: str
    adopted_on: dt.date
    effective_on: dt.date
    title: str
    entered_by: str
    entered_at: dt.datetime
    items: tuple[tuple[str, str], ...]  # (fee description, amount)


def resolution_rows(descriptions: dict[str, str]) -> list[ResolutionRow]:
    """The council resolutions entered in Dogtag, latest effective first, with their amounts
    (``descriptions``: fee name -> description). Two queries."""
    resolutions = FeeResolution.objects.select_related("entered_by").prefetch_related("items")
    return [
        ResolutionRow(
            number=r.number,
            adopted_on=r.adopted_on,
            effective_on=r.effective_on,
            title=r.title,
            entered_by=r.entered_by.get_username(),
            entered_at=r.entered_at,
            items=tuple(
                (descriptions.get(item.parameter, item.parameter), money(item.amount))
                for item in sorted(r.items.all(), key=lambda i: i.parameter)
            ),
        )
        for r in resolutions
    ]


@dataclass(frozen=True)
class TagCount:
    status: str
    label: str
    count: int


@dataclass(frozen=True)
class MissingTag:
    serial: str
    status: str
    reported_on: dt.date | None
    dog_name: str
    dog_url: str
    owner_name: str
    owner_url: str
    license_number: str
    license_url: str


@dataclass(frozen=True)
class TagStock:
    counts: tuple[TagCount, ...]
    total: int
    next_serial: str | None
    missing: tuple[MissingTag, ...]


def tag_stock() -> TagStock:
    """Tags by status, the next to be issued (the lowest serial in stock, as the desk issues
    them), and the tags reported lost or stolen (3-2-2.C). Three queries."""
    by_status = {
        row["status"]: row["n"]
        for row in Tag.objects.order_by().values("status").annotate(n=Count("id"))
    }
    counts = tuple(TagCount(s.value, s.label, by_status.get(s.value, 0)) for s in Tag.Status)
    next_serial = (
        Tag.objects.filter(status=Tag.Status.IN_STOCK)
        .order_by("serial")
        .values_list("serial", flat=True)
        .first()
    )
    missing = tuple(
        MissingTag(
            serial=tag.serial,
            status=tag.get_status_display(),
            reported_on=tag.status_changed_on,
            dog_name=tag.dog.name if tag.dog else "",
            dog_url=dog_url(tag.dog.pk) if tag.dog else "",
            owner_name=tag.dog.owner.name if tag.dog else "",
            owner_url=owner_url(tag.dog.owner.pk) if tag.dog else "",
            license_number=tag.license.number if tag.license else "",
            license_url=license_url(tag.license.number) if tag.license else "",
        )
        for tag in Tag.objects.filter(status__in=(Tag.Status.LOST, Tag.Status.STOLEN))
        .select_related("dog__owner", "license")
        .order_by("-status_changed_on", "serial")
    )
    return TagStock(counts, sum(c.count for c in counts), next_serial, missing)


@dataclass(frozen=True)
class Member:
    username: str
    full_name: str
    active: bool


@dataclass(frozen=True)
class RoleRow:
    name: str
    slug: str
    permissions: tuple[tuple[str, str], ...]  # (codename, what it allows)
    members: tuple[Member, ...] = field(default=())


def _member(user: Any) -> Member:
    return Member(user.get_username(), user.get_full_name(), user.is_active)


def role_rows() -> tuple[list[RoleRow], list[Member]]:
    """The four roles (auth groups) with what each may do and who holds it; the superusers."""
    words = dict(Role._meta.permissions)
    groups = {
        g.name: g
        for g in Group.objects.filter(name__in=ROLE_PERMISSIONS).prefetch_related("user_set")
    }
    rows = []
    for name, codenames in ROLE_PERMISSIONS.items():
        group = groups.get(name)
        users = sorted(group.user_set.all(), key=lambda u: u.get_username()) if group else []
        rows.append(
            RoleRow(
                name=name,
                slug="role-" + name.lower().replace(" ", "-"),
                permissions=tuple((c, words[c]) for c in codenames),
                members=tuple(_member(u) for u in users),
            )
        )
    superusers = get_user_model().objects.filter(is_superuser=True).order_by("username")
    return rows, [_member(u) for u in superusers]
