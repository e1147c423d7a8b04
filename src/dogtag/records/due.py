"""The due list's framework: the rows and sections every domain's work list is made of, the
registry of the domains' sections, the links to the desk's pages, and a cache of the clocks.

Each domain computes its own rows through the rules core (``licensing.due``: licenses;
``kennels.due``: kennels; ``dangerous_dogs.due``: dangerous dogs; ``dangerous_animals.due``:
dangerous-animal cases; ``staff.parcels.due``: notices of compliance to dog enclosures) and
registers a section provider in its ``AppConfig.ready``; ``licensing.due.due_list`` shows the
licensing desk's sections first, then every provider's.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import TypeVar

from django.http import QueryDict
from django.urls import NoReverseMatch, reverse
from django.utils.functional import lazy

from dogtag.law.clocks import deadline
from dogtag.law.computation_of_time import day_label
from dogtag.law.findings import Finding
from dogtag.law.params import ParameterSet
from dogtag.records.pagination import Listing, paginate

T = TypeVar("T")

#: The reporting windows of the due list, in calendar days after the "as of" date.
NEAR_DAYS = 30
FAR_DAYS = 60
#: Rows a section of the due list shows on a page.
DUE_PAGE_SIZE = 25


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
    #: When ``rows`` is one page (``paged``): the section's whole count, its overdue count, and
    #: the page's place and links (``records.pagination``).
    total: int | None = None
    overdue_total: int | None = None
    listing: Listing[DueRow] | None = None

    @property
    def count(self) -> int:
        return len(self.rows) if self.total is None else self.total

    @property
    def overdue_count(self) -> int:
        if self.overdue_total is not None:
            return self.overdue_total
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


def link(name: str, key: object, fallback: str) -> str:
    """The desk's page for a record, or the agreed plain path until the desk's URL exists."""
    try:
        return reverse(name, args=[key])
    except NoReverseMatch:
        return fallback


#: ``link`` resolved when the address is first read: a page shows 25 rows of a list whose rows
#: are all computed (a digest, a count), and reversing costs more than the rest of a row.
lazy_link = lazy(link, str)


def dog_url(pk: int) -> str:
    return lazy_link("dog_detail", pk, f"/dogs/{pk}/")  # type: ignore[no-any-return]


def owner_url(pk: int) -> str:
    return lazy_link("owner_detail", pk, f"/owners/{pk}/")  # type: ignore[no-any-return]


def license_url(number: str) -> str:
    return lazy_link("license_detail", number, "")  # type: ignore[no-any-return]


# ----------------------------------------------------------------------------------- clocks


class Clocks:
    """``law.clocks.deadline`` for the rows of one due list, each start date computed once.

    The whole list (a nightly digest reads every clock of every dog) shares more than start dates:
    ``memo`` keeps any other answer of the rules core by the facts it was asked about (a renewal
    clock by expiry and vaccination dates, six months of age by date of birth), and ``day_label``
    each day's label, so that the work per row is reading it and writing its sentences."""

    def __init__(self, params: ParameterSet) -> None:
        self.params = params
        self._cache: dict[tuple[str, dt.date, str], Finding] = {}
        self.memo: dict[tuple[object, ...], object] = {}
        self._labels: dict[dt.date, str] = {}

    def remember(self, key: tuple[object, ...], compute: Callable[[], T]) -> T:
        """The rules core's answer kept under ``key`` (the facts it was asked about)."""
        if key not in self.memo:
            self.memo[key] = compute()
        return self.memo[key]  # type: ignore[return-value]

    def day_label(self, day: dt.date) -> str:
        if (label := self._labels.get(day)) is None:
            label = self._labels[day] = day_label(day)
        return label

    def due(self, clock_id: str, start: dt.date, event: str) -> Finding:
        key = (clock_id, start, event)
        if key not in self._cache:
            self._cache[key] = deadline(self.params, start, clock_id=clock_id, trigger_event=event)
        return self._cache[key]


# ------------------------------------------------------------------------------- sections


def paged(section: DueSection, address: QueryDict, per_page: int = DUE_PAGE_SIZE) -> DueSection:
    """A section computed whole, cut to the page the address asks for (``?<key>_page=``), with
    its whole count and overdue count."""
    if section.listing is not None:
        return section
    listing = paginate(
        address, section.rows, param=f"{section.key}_page", per_page=per_page, anchor=section.key
    )
    return replace(
        section,
        rows=tuple(listing.rows),
        total=section.count,
        overdue_total=section.overdue_count,
        listing=listing,
    )


def sorted_rows(rows: Iterable[DueRow]) -> tuple[DueRow, ...]:
    far_future = dt.date.max
    return tuple(sorted(rows, key=lambda r: (r.date or far_future, r.subject_name, r.subject_id)))


#: Other domains' sections of the due list (kennel licenses, enclosure notices, ...): each provider
#: takes the "as of" date and the parameters and returns its sections, in a fixed number of queries.
#: Apps register theirs in ``AppConfig.ready``.
SectionProvider = Callable[[dt.date, ParameterSet], Iterable[DueSection]]
SECTION_PROVIDERS: list[SectionProvider] = []


def register_sections(provider: SectionProvider, *, first: bool = False) -> SectionProvider:
    """Add a domain's sections to the due list: after those registered so far, or before them
    (``first``) for a domain whose app is ready later than its place on the list."""
    if provider not in SECTION_PROVIDERS:
        if first:
            SECTION_PROVIDERS.insert(0, provider)
        else:
            SECTION_PROVIDERS.append(provider)
    return provider
