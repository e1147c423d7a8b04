"""What is due: the licensing work list of the city offices (``license.section``), and the office's
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

A dog appears in one section at most among new residents (``license.new_resident``), new owners
(``license.new_owner``) and dogs reaching six months (``license.minimum_age``): the latest of the
owner's arrival and the change of ownership governs; a dog that was under six months on that day
and was never licensed is governed by its age instead (it needed no license then,
``license.minimum_age``).

A city whose law states no dog license (``law_has``) has no licensing sections: its due list is
the other domains' alone.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Iterable
from dataclasses import replace
from typing import NamedTuple

from django.db.models import Exists, F, OuterRef, Q, QuerySet, Subquery
from django.http import QueryDict

from dogtag.law import wording
from dogtag.law.clocks import NOTICE_READING
from dogtag.law.computation_of_time import DeadlineError, day_label
from dogtag.law.licensing import (
    SIX_MONTHS_READING,
    age_reached,
    license_required,
)
from dogtag.law.licensing_clocks import (
    ClockLines,
    first_license_penalty,
    late_first_license_line,
    reading_line,
    renewal_clock,
)
from dogtag.law.params import ParameterError, ParameterSet
from dogtag.law.provisions import cite, cite_each
from dogtag.licensing.models import (
    Dog,
    DueClock,
    DueClockState,
    License,
    OwnershipChange,
    RabiesVaccination,
)
from dogtag.records.due import (
    DUE_PAGE_SIZE,
    FAR_DAYS,
    NEAR_DAYS,
    SECTION_PROVIDERS,
    Clocks,
    DueList,
    DueRow,
    DueSection,
    dog_url,
    license_url,
    owner_url,
    paged,
    sorted_rows,
)
from dogtag.records.law_parts import law_has
from dogtag.records.pagination import Listing, keyset
from dogtag.records.services import city_params

#: The provisions each section of the desk's list applies, as concepts (the package's sections.yaml):
#: "no dog shall be kept ... unless ... licensed", a license "valid for the same length of time as
#: the rabies vaccination", renewed within a period after the new one, no license "for a dog under
#: six months of age", and the periods of new residents and new owners.
REQUIRED = "license.required"
TERM = "license.term"
RENEWAL = "license.renewal"
MINIMUM_AGE = "license.minimum_age"
NEW_RESIDENT = "license.new_resident"
NEW_OWNER = "license.new_owner"
EXPIRY_CONCEPTS = (TERM,)
LAPSED_CONCEPTS = (REQUIRED, TERM)
AGE_CONCEPTS = (MINIMUM_AGE, REQUIRED)
#: The order of the license sections, and their keyset (``_expiry_pages``).
LICENSE_ORDER = ("expires_on", "dog__name", "id")
#: Some dogs: their ids, or a range of ids (``dogs_in``).
DogSet = range | Iterable[int]


class LicenseFacts(NamedTuple):
    """What a license row of the due list is computed from, read as plain columns (no model
    instances: the whole sweep reads every license due in the city)."""

    number: str
    issued_on: dt.date
    expires_on: dt.date
    vaccinated_on: dt.date
    #: The dog's newest rabies vaccination after the license's, if any (the renewal clock,
    #: ``license.renewal``).
    new_vaccination: dt.date | None
    dog_id: int
    dog_name: str
    owner_id: int
    owner_name: str


#: ``LicenseFacts``'s columns, in its order, as ``values_list`` names them.
LICENSE_COLUMNS = (
    "number",
    "issued_on",
    "expires_on",
    "rabies__vaccinated_on",
    "new_vaccination",
    "dog_id",
    "dog__name",
    "dog__owner_id",
    "dog__owner__name",
)


class DogFacts(NamedTuple):
    """What a dog row of the due list (``license.minimum_age``, ``.new_resident``, ``.new_owner``)
    is computed from."""

    dog_id: int
    dog_name: str
    born: dt.date | None
    born_estimated: bool
    owner_id: int
    owner_name: str


#: ``DogFacts``'s columns read from a dog.
DOG_COLUMNS = ("id", "name", "born", "born_estimated", "owner_id", "owner__name")


def license_facts(license_: License) -> LicenseFacts:
    """The facts of a license read as a model instance (a page of the list: ``_expiry_pages``)."""
    dog = license_.dog
    return LicenseFacts(
        license_.number,
        license_.issued_on,
        license_.expires_on,
        license_.rabies.vaccinated_on,
        license_.new_vaccination,  # type: ignore[attr-defined]
        dog.pk,
        dog.name,
        dog.owner.pk,
        dog.owner.name,
    )


# ---------------------------------------------------------------------------- rules helpers


def first_day_unlicensed(expires_on: dt.date) -> dt.date:
    """A license is in force through its expiry date (``license.term``, ``License.in_force_on``); from the
    next day the dog is unlicensed (``license.required``)."""
    return expires_on + dt.timedelta(days=1)


# ------------------------------------------------------------------------------- the queries


def _not_void(**lookups: object) -> Exists:
    return Exists(License.objects.filter(**lookups).exclude(status=License.Status.VOID))


def dogs_in(path: str, dogs: DogSet | None) -> Q:
    """The rows of the dogs ``dogs`` (ids, or a range of ids), found by ``path``; all if None."""
    if dogs is None:
        return Q()
    if isinstance(dogs, range):
        return Q(**{f"{path}__gte": dogs.start, f"{path}__lt": dogs.stop})
    return Q(**{f"{path}__in": list(dogs)})


def _licenses(far_until: dt.date | None, dogs: DogSet | None = None) -> QuerySet[License]:
    """Active licenses of active dogs expiring by ``far_until`` (expired ones included; all when
    None; never one for the dog's lifetime) whose dog has no later license that was not voided,
    nor one in force for its lifetime. One query."""
    later = (
        License.objects.filter(dog=OuterRef("dog"))
        .exclude(status=License.Status.VOID)
        .exclude(pk=OuterRef("pk"))
        .filter(
            Q(issued_on__gt=OuterRef("issued_on"))
            | Q(expires_on__gt=OuterRef("expires_on"))
            # a license in force for the dog's lifetime outlasts it
            | Q(expires_on__isnull=True, status=License.Status.ACTIVE)
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
    # A license for the dog's lifetime (no expiry) is never due: it is not listed.
    window = Q(expires_on__isnull=False) if far_until is None else Q(expires_on__lte=far_until)
    return (
        License.objects.filter(
            window,
            dogs_in("dog_id", dogs),
            status=License.Status.ACTIVE,
            dog__status=Dog.Status.ACTIVE,
        )
        .annotate(has_later=Exists(later), new_vaccination=Subquery(newer_vaccination))
        .filter(has_later=False)
        .select_related("dog__owner", "rabies")
        .order_by("expires_on", "dog__name", "id")
    )


class ResidentDog(NamedTuple):
    dog: DogFacts
    resident_since: dt.date
    ever_licensed: bool


def _new_resident_dogs(on: dt.date | None, dogs: DogSet | None = None) -> Iterable[ResidentDog]:
    """Active dogs of owners who became residents by ``on`` (whenever, if None), with no license
    (not voided) issued on or after that day, unless the dog changed owner since (``license.new_owner``
    governs then). One query."""
    arrived = Q() if on is None else Q(owner__resident_since__lte=on)
    rows = (
        Dog.objects.filter(
            arrived,
            dogs_in("id", dogs),
            status=Dog.Status.ACTIVE,
            owner__resident_since__isnull=False,
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
        .order_by("owner__resident_since", "name", "id")
        .values_list(*DOG_COLUMNS, "owner__resident_since", "ever_licensed")
    )
    return (ResidentDog(DogFacts._make(row[:6]), row[6], row[7]) for row in rows)


class NewOwnerDog(NamedTuple):
    dog: DogFacts
    changed_on: dt.date
    from_owner_name: str
    ever_licensed: bool


def _ownership_changes(on: dt.date | None, dogs: DogSet | None = None) -> Iterable[NewOwnerDog]:
    """The latest change of ownership of each active dog still owned by the new owner (made by
    ``on``; whenever, if None), with no license (not voided) in the new owner's name issued on or
    after the change, unless the new owner became a resident after the change (``license.new_resident``
    governs then). One query."""
    newer = OwnershipChange.objects.filter(dog=OuterRef("dog")).filter(
        Q(changed_on__gt=OuterRef("changed_on"))
        | Q(changed_on=OuterRef("changed_on"), pk__gt=OuterRef("pk"))
    )
    rows = (
        OwnershipChange.objects.filter(
            Q() if on is None else Q(changed_on__lte=on),
            dogs_in("dog_id", dogs),
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
        .order_by("changed_on", "dog__name", "id")
        # The new owner is the dog's owner (filtered above).
        .values_list(
            "dog_id",
            "dog__name",
            "dog__born",
            "dog__born_estimated",
            "to_owner_id",
            "to_owner__name",
            "changed_on",
            "from_owner__name",
            "ever_licensed",
        )
    )
    return (NewOwnerDog(DogFacts._make(row[:6]), *row[6:]) for row in rows)


def _never_licensed(dogs: DogSet | None = None) -> QuerySet[Dog]:
    """Active dogs with a date of birth that never had a license (other than a voided one)."""
    return (
        Dog.objects.filter(dogs_in("id", dogs), status=Dog.Status.ACTIVE, born__isnull=False)
        .annotate(ever_licensed=_not_void(dog=OuterRef("pk")))
        .filter(ever_licensed=False)
    )


def _never_licensed_dogs(on: dt.date) -> Iterable[DogFacts]:
    """Active dogs born by ``on`` that never had a license (other than a voided one), leaving out
    the dogs of owners who had not yet become residents on ``on``. One query."""
    rows = (
        _never_licensed()
        .filter(born__lte=on)
        .exclude(owner__resident_since__gt=on)
        .order_by("born", "name", "id")
        .values_list(*DOG_COLUMNS)
    )
    return map(DogFacts._make, rows)


# ---------------------------------------------------------------------------------- sections


def _row(dog: DogFacts | LicenseFacts, **fields: object) -> DueRow:
    return DueRow(
        subject_id=dog.dog_id,
        subject_name=dog.dog_name,
        subject_url=dog_url(dog.dog_id),
        owner_id=dog.owner_id,
        owner_name=dog.owner_name,
        owner_url=owner_url(dog.owner_id),
        **fields,  # type: ignore[arg-type]
    )


def _renewal(clocks: Clocks, on: dt.date, expires: dt.date, new: dt.date | None) -> ClockLines:
    """``renewal_clock`` (``license.renewal``), asked once per expiry date and new vaccination date: licenses
    sharing both share the answer, which names neither the license nor the dog."""
    return clocks.remember(
        ("renewal", on, expires, new),
        lambda: renewal_clock(clocks.params, on, expires, new, clocks.due),
    )


def _expiry_row(clocks: Clocks, on: dt.date, license_: LicenseFacts) -> DueRow:
    expires = license_.expires_on
    renewal = _renewal(clocks, on, expires, license_.new_vaccination)
    lapsed = first_day_unlicensed(expires)
    label = clocks.day_label
    params = clocks.params
    required, term = cite(REQUIRED, params), cite(TERM, params)
    if expires < on:
        summary = (
            f"License {license_.number} expired {label(expires)}: {license_.dog_name} has "
            f"been unlicensed since {label(lapsed)} ({required})."
        )
    else:
        summary = f"License {license_.number} expires {label(expires)} ({term})."
    lines = (
        f"License {license_.number}, issued {label(license_.issued_on)}, runs with the rabies "
        f"vaccination of {label(license_.vaccinated_on)} and expires "
        f"{label(expires)}: licenses are valid for the same length of time as the rabies "
        f"vaccination ({term}).",
        f"From {label(lapsed)} the dog is unlicensed until the license is renewed; no dog may "
        f"be kept in the city unless licensed ({required}).",
        *renewal.lines,
    )
    return _row(
        license_,
        date=lapsed if expires < on else expires,
        overdue=expires < on,
        sections=cite_each(*(LAPSED_CONCEPTS if expires < on else EXPIRY_CONCEPTS), params=params),
        summary=summary,
        explanation=lines,
        license_number=license_.number,
        license_url=license_url(license_.number),
        note=renewal.note,
    )


def _clock_row(
    clocks: Clocks,
    on: dt.date,
    dog: DogFacts,
    clock_id: str,
    start: dt.date,
    event: str,
    fallback: str,
) -> DueRow:
    try:
        finding = clocks.due(clock_id, start, event)
    except (DeadlineError, ParameterError) as exc:
        return _row(
            dog,
            date=None,
            overdue=False,
            sections=(cite(fallback, clocks.params),),
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
        explanation=(*finding.deadline.explanation, _late_first_license_line(clocks, on)),
    )


def _late_first_license_line(clocks: Clocks, on: dt.date) -> str:
    return clocks.remember(
        ("late first license", on), lambda: late_first_license_line(clocks.params, on)
    )


def _puppy_at(
    clocks: Clocks, on: dt.date, born: dt.date | None, trigger: dt.date, ever_licensed: bool
) -> bool:
    """Whether a never-licensed dog was under six months on ``trigger``: its age governs then."""
    if born is None or ever_licensed:
        return False
    params = clocks.params
    reached = clocks.remember(
        ("age reached", on, born),
        lambda: age_reached(
            born,
            params.get("license.minimum_age_months", on).integer,
            params.get(SIX_MONTHS_READING, on).choice,
        ),
    )
    return reached > trigger


#: What the six-months clock says for one date of birth: the day a license is needed from, the
#: rules core's lines, and the penalty's (``_age_clock``).
AgeClock = tuple[dt.date, tuple[str, ...], ClockLines]


def _age_clock(clocks: Clocks, on: dt.date, born: dt.date) -> AgeClock | None:
    """``license.minimum_age`` for a dog born on ``born``, asked once per date of birth (the
    answer names no dog); None when six months of age fall after the near window."""
    return clocks.remember(("age", on, born), lambda: _ask_age_clock(clocks, on, born))


def _ask_age_clock(clocks: Clocks, on: dt.date, born: dt.date) -> AgeClock | None:
    params = clocks.params
    finding = license_required(born, on, params)
    needed_from = finding.next_date
    assert needed_from is not None
    if needed_from > on + dt.timedelta(days=NEAR_DAYS):
        return None
    return (
        needed_from,
        (finding.message, reading_line(params, SIX_MONTHS_READING, on)),
        first_license_penalty(params, on, needed_from, clocks.due),
    )


def _age_row(clocks: Clocks, on: dt.date, dog: DogFacts) -> DueRow | None:
    """A never-licensed dog whose six months of age fall within the near window, or passed."""
    assert dog.born is not None
    clock = _age_clock(clocks, on, dog.born)
    if clock is None:
        return None
    needed_from, rules_lines, penalty = clock
    minimum_age = clocks.params.get("license.minimum_age_months", on)
    born = f"Born {clocks.day_label(dog.born)}" + (
        " (estimated from the age given)." if dog.born_estimated else "."
    )
    required = needed_from <= on
    summary = (
        f"License required since {clocks.day_label(needed_from)}: {dog.dog_name} is "
        f"{minimum_age.display()} old or older and has never been licensed ({cite(REQUIRED, clocks.params)})."
        if required
        else f"License required from {clocks.day_label(needed_from)}, when {dog.dog_name} "
        f"reaches {minimum_age.display()} of age ({cite(MINIMUM_AGE, clocks.params)})."
    )
    return _row(
        dog,
        date=needed_from,
        overdue=required,
        sections=cite_each(*AGE_CONCEPTS, params=clocks.params),
        summary=summary,
        explanation=(born, *rules_lines, *penalty.lines),
        note=penalty.note,
    )


def _expiry_pages(
    clocks: Clocks, on: dt.date, far_until: dt.date, address: QueryDict, per_page: int
) -> dict[str, Listing[DueRow]]:
    """The three license sections, one page each by keyset (``?overdue_renewals_page_after=``,
    ``records.pagination.keyset``): per section one COUNT and one bounded read, and the rules
    core applied to the page's rows only, so the first page costs the same in a town or a state."""
    near_until = on + dt.timedelta(days=NEAR_DAYS)
    licenses = _licenses(far_until)
    windows = {
        "expiring_soon": Q(expires_on__gte=on, expires_on__lte=near_until),
        "expiring_later": Q(expires_on__gt=near_until),
        "overdue_renewals": Q(expires_on__lt=on),
    }
    pages: dict[str, Listing[DueRow]] = {}
    for key, window in windows.items():
        listing = keyset(
            address,
            licenses.filter(window),
            LICENSE_ORDER,
            param=f"{key}_page",
            per_page=per_page,
            anchor=key,
        )
        pages[key] = listing.with_rows(
            [_expiry_row(clocks, on, license_facts(lic)) for lic in listing.rows]
        )
    return pages


# ------------------------------------------------------------------------- the stored clocks

#: The parameters the stored clocks (``DueClock``) depend on, beyond a deadline's own (read on the
#: trigger date, so the same whatever the "as of" date): six months of age, read as of the list's
#: date for a dog that was a puppy when its owner arrived or changed (``_puppy_at``).
CLOCK_PARAMETERS = (
    "license.minimum_age_months",
    SIX_MONTHS_READING,
    "license.new_resident_days",
    "license.change_of_ownership_days",
    NOTICE_READING,
)


def clock_fingerprint(params: ParameterSet, on: dt.date) -> str:
    """What the stored clocks were computed with, as of ``on``: each parameter's value, the day
    it took effect and its source. Stored clocks are read only while it is unchanged."""
    parts = []
    for key in CLOCK_PARAMETERS:
        try:
            value = params.get(key, on)
        except ParameterError as exc:
            parts.append(f"{key}: {exc}")
            continue
        parts.append(f"{key}={value.value!r}@{value.effective.isoformat()}:{value.source!r}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def stored_clocks_fresh(params: ParameterSet, on: dt.date) -> bool:
    """Whether the stored clocks answer for ``on``: built, with the parameters in force then."""
    state = DueClockState.objects.filter(pk=1).values_list("fingerprint", flat=True).first()
    return state is not None and state == clock_fingerprint(params, on)


#: The stored clocks' order, and their keyset.
CLOCK_ORDER = ("date", "dog_name", "tiebreak", "id")


def _listed(kind: str, on: dt.date) -> QuerySet[DueClock]:
    return DueClock.objects.filter(
        Q(enters_on__isnull=True) | Q(enters_on__lte=on),
        Q(leaves_on__isnull=True) | Q(leaves_on__gt=on),
        kind=kind,
    )


def _stored_pages(
    clocks: Clocks, on: dt.date, address: QueryDict, per_page: int
) -> tuple[dict[str, Listing[DueRow]], dict[str, int]]:
    """The six licensing sections, one page each, from the stored clocks: per section a COUNT of
    an indexed range (and one of its overdue rows), one bounded read of the page, and the facts
    of the page's 25 dogs read and put to the rules core as in the whole list."""
    near_until = on + dt.timedelta(days=NEAR_DAYS)
    far_until = on + dt.timedelta(days=FAR_DAYS)
    Kind = DueClock.Kind
    licenses = DueClock.objects.filter(kind=Kind.LICENSE)  # listed whatever the date
    sections = {
        "expiring_soon": licenses.filter(date__gte=on, date__lte=near_until),
        "expiring_later": licenses.filter(date__gt=near_until, date__lte=far_until),
        "overdue_renewals": licenses.filter(date__lt=on),
        "new_residents": _listed(Kind.NEW_RESIDENT, on),
        "ownership_changes": _listed(Kind.OWNERSHIP_CHANGE, on),
        "six_months": _listed(Kind.SIX_MONTHS, on),
    }
    pages: dict[str, Listing[DueRow]] = {}
    overdue: dict[str, int] = {}
    for key, stored in sections.items():
        listing = keyset(
            address, stored, CLOCK_ORDER, param=f"{key}_page", per_page=per_page, anchor=key
        )
        entries: list[DueClock] = list(listing.rows)
        pages[key] = listing.with_rows(_stored_rows(clocks, on, key, entries))
        if key == "overdue_renewals":
            overdue[key] = listing.count
        elif key in ("new_residents", "ownership_changes", "six_months"):
            overdue[key] = stored.filter(overdue_from__lte=on).count() if listing.count else 0
    return pages, overdue


def _stored_rows(clocks: Clocks, on: dt.date, key: str, entries: list[DueClock]) -> list[DueRow]:
    """The rows of one page of stored clocks, computed from the records as in the whole list."""
    if not entries:
        return []
    dogs = [entry.dog_id for entry in entries]
    rows: dict[int, DueRow | None] = {}
    if key in ("expiring_soon", "expiring_later", "overdue_renewals"):
        numbers = [entry.license_id for entry in entries]
        for columns in _licenses(None).filter(pk__in=numbers).values_list(*LICENSE_COLUMNS):
            facts = LicenseFacts._make(columns)
            rows[facts.dog_id] = _expiry_row(clocks, on, facts)
    elif key == "new_residents":
        for dog, since, _ever in _new_resident_dogs(on, dogs):
            rows[dog.dog_id] = _resident_row(clocks, on, dog, since)
    elif key == "ownership_changes":
        for dog, changed_on, from_owner_name, _ever in _ownership_changes(on, dogs):
            rows[dog.dog_id] = _new_owner_row(clocks, on, dog, changed_on, from_owner_name)
    else:
        for columns in _never_licensed(dogs).values_list(*DOG_COLUMNS):
            rows[columns[0]] = _age_row(clocks, on, DogFacts._make(columns))
    # A clock whose records changed since it was stored is left out rather than shown wrong.
    return [row for entry in entries if (row := rows.get(entry.dog_id)) is not None]


def _resident_row(clocks: Clocks, on: dt.date, dog: DogFacts, since: dt.date) -> DueRow:
    return _clock_row(
        clocks,
        on,
        dog,
        "license.new_resident",
        since,
        "the owner became a resident of the city",
        NEW_RESIDENT,
    )


def _new_owner_row(
    clocks: Clocks, on: dt.date, dog: DogFacts, changed_on: dt.date, from_owner_name: str
) -> DueRow:
    return _clock_row(
        clocks,
        on,
        dog,
        "license.change_of_ownership",
        changed_on,
        f"the change of ownership from {from_owner_name}",
        NEW_OWNER,
    )


def _page_of(
    section: DueSection,
    pages: dict[str, Listing[DueRow]],
    address: QueryDict,
    per_page: int,
    overdue_counts: dict[str, int],
) -> DueSection:
    listing = pages.get(section.key)
    if listing is None:  # computed whole (its rules are not all in SQL yet): cut to the page
        return paged(section, address, per_page)
    overdue = overdue_counts.get(section.key, 0)
    return replace(
        section,
        rows=tuple(listing.rows),
        total=listing.count,
        overdue_total=overdue,
        listing=listing,
    )


def due_list(
    on: dt.date,
    params: ParameterSet | None = None,
    *,
    other_domains: bool = True,
    address: QueryDict | None = None,
    per_page: int = DUE_PAGE_SIZE,
) -> DueList:
    """The due list as of ``on``: the licensing desk's six sections, then every registered
    provider's, each in a fixed number of queries whatever the rows. Given the page's
    ``address`` (its query parameters), each section is one page, counted in full: the license
    sections read by keyset, the others cut from their rows (``records.due.paged``)."""
    params = params if params is not None else city_params()
    clocks = Clocks(params)
    near_until = on + dt.timedelta(days=NEAR_DAYS)
    far_until = on + dt.timedelta(days=FAR_DAYS)
    if not law_has()["licensing"]:  # a city that licenses no dogs: the other domains' lists
        others = tuple(s for p in SECTION_PROVIDERS for s in p(on, params)) if other_domains else ()
        if address is not None:
            others = tuple(paged(s, address, per_page) for s in others)
        return DueList(on=on, sections=others, near_until=near_until, far_until=far_until)

    near: list[DueRow] = []
    far: list[DueRow] = []
    lapsed: list[DueRow] = []
    pages: dict[str, Listing[DueRow]] = {}
    overdue_counts: dict[str, int] = {}
    stored = address is not None and stored_clocks_fresh(params, on)
    if address is not None and stored:
        pages, overdue_counts = _stored_pages(clocks, on, address, per_page)
    elif address is not None:
        pages = _expiry_pages(clocks, on, far_until, address, per_page)
        overdue_counts = {"overdue_renewals": pages["overdue_renewals"].count}
    else:
        for columns in _licenses(far_until).values_list(*LICENSE_COLUMNS):
            license_ = LicenseFacts._make(columns)
            row = _expiry_row(clocks, on, license_)
            if license_.expires_on < on:
                lapsed.append(row)
            elif license_.expires_on <= near_until:
                near.append(row)
            else:
                far.append(row)

    residents: list[DueRow] = []
    owners: list[DueRow] = []
    ages: list[DueRow] = []
    if not stored:  # else the stored clocks gave these sections' pages
        for dog, since, ever_licensed in _new_resident_dogs(on):
            if not _puppy_at(clocks, on, dog.born, since, ever_licensed):
                residents.append(_resident_row(clocks, on, dog, since))
        for dog, changed_on, from_owner_name, ever_licensed in _ownership_changes(on):
            if not _puppy_at(clocks, on, dog.born, changed_on, ever_licensed):
                owners.append(_new_owner_row(clocks, on, dog, changed_on, from_owner_name))
        listed = {r.subject_id for r in residents} | {r.subject_id for r in owners}
        ages = [
            row
            for dog in _never_licensed_dogs(on)
            if dog.dog_id not in listed and (row := _age_row(clocks, on, dog)) is not None
        ]

    def words(key: str) -> str:  # a day count or an age in force, worded (issue 11 item 5)
        return wording.phrase(params.get(key, on), "words_unit")

    sections = (
        DueSection(
            key="expiring_soon",
            title="Licenses expiring in the next 30 days",
            sections=cite_each(*EXPIRY_CONCEPTS, params=params),
            intro=(
                "A license is valid for the same length of time as the rabies vaccination and must "
                f"be renewed within {words('license.renewal_days')} after the new vaccination, or "
                "the penalty is "
                f"assessed ({cite(RENEWAL, params)})."
            ),
            date_heading="Expires",
            empty="No license expires in the next 30 days.",
            rows=tuple(near),
            shows_license=True,
        ),
        DueSection(
            key="expiring_later",
            title="Licenses expiring in 31 to 60 days",
            sections=cite_each(*EXPIRY_CONCEPTS, params=params),
            intro=f"The same rule, for the month after ({cite(TERM, params)}).",
            date_heading="Expires",
            empty="No license expires in 31 to 60 days.",
            rows=tuple(far),
            shows_license=True,
        ),
        DueSection(
            key="overdue_renewals",
            title="Renewals overdue",
            sections=cite_each(*LAPSED_CONCEPTS, params=params),
            intro=(
                "Licenses that expired without renewal: the dog is unlicensed from the day after "
                f"the expiry date ({cite(REQUIRED, params)}). Oldest first."
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
            sections=(cite(NEW_RESIDENT, params),),
            intro=(
                f"An owner who becomes a resident has {words('license.new_resident_days')} to "
                "obtain a city dog license, "
                f"counted per Minn. Stat. 645.15 ({cite(NEW_RESIDENT, params)})."
            ),
            date_heading="License due",
            empty="No new resident's dog is waiting for a license.",
            rows=sorted_rows(residents),
        ),
        DueSection(
            key="ownership_changes",
            title="Ownership changes",
            sections=(cite(NEW_OWNER, params),),
            intro=(
                "A new owner must apply for a new license within "
                f"{words('license.change_of_ownership_days')} of the change of "
                f"ownership, counted per Minn. Stat. 645.15 ({cite(NEW_OWNER, params)})."
            ),
            date_heading="License due",
            empty="No new owner is waiting for a license.",
            rows=sorted_rows(owners),
        ),
        DueSection(
            key="six_months",
            title=f"Dogs reaching {words('license.minimum_age_months')} of age",
            sections=cite_each(*AGE_CONCEPTS, params=params),
            intro=(
                f"No license is required for a dog under {words('license.minimum_age_months')} of "
                f"age ({cite(MINIMUM_AGE, params)}); from then every dog kept in the city must be "
                f"licensed ({cite(REQUIRED, params)}). "
                f"Never-licensed dogs reaching {words('license.minimum_age_months')} in the next "
                "30 days, or already past it."
            ),
            date_heading="License required from",
            empty=(
                f"No never-licensed dog reaches {words('license.minimum_age_months')} of age in "
                "the next 30 days."
            ),
            rows=sorted_rows(ages),
            flag="Required now",
        ),
    )
    if other_domains:
        sections += tuple(s for provider in SECTION_PROVIDERS for s in provider(on, params))
    if address is not None:
        sections = tuple(_page_of(s, pages, address, per_page, overdue_counts) for s in sections)
    return DueList(on=on, sections=sections, near_until=near_until, far_until=far_until)
