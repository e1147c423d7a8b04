"""Read-only questions the licensing desk asks of the records: search, the pages of an owner, a
dog, a license and a receipt, and each record's change history. Nothing here writes.

Search is tolerant: every word of the query must match some field (case-insensitive, anywhere in
the field), and a query that looks like a phone number is compared by its digits, so "555-0142",
"5550142" and "(763) 555-0142" all find the stored "+17635550142". It runs the same on SQLite and
PostgreSQL (``icontains`` on both; phones are stored as digits after "+").
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.db.models import F, Q, QuerySet
from django.db.models.functions import Upper
from django.http import QueryDict

from dogtag.law import licensing as law
from dogtag.law.findings import Finding
from dogtag.licensing.data_practices import PRIVATE, classification
from dogtag.licensing.models import Dog, License, Owner, Receipt, Tag, TagViolation
from dogtag.licensing.phones import display as phone_display
from dogtag.licensing.search_index import match_expression, narrowed
from dogtag.records.law_parts import law_has
from dogtag.records.models import Decision
from dogtag.records.pagination import Listing, paginate
from dogtag.records.services import city_params

#: How many rows each group of search results shows at most.
SEARCH_LIMIT = 50
#: The search page counts each group's matches no further than this: a common name in a
#: state-size city matches tens of thousands of records, and an exact count reads every one
#: (issue 14: 44 of a 120 ms search for a dog named "Bear" among 1,000,000 dogs). The page then
#: says "more than", and its pages reach the first this many.
SEARCH_COUNT_CAP = 1000
#: The shortest query searched: one letter would match nearly every record.
SEARCH_MIN_LENGTH = 2
#: The fewest digits compared against phone numbers.
PHONE_MIN_DIGITS = 4
PHONE_LIKE = re.compile(r"^[\d\s().+\-/]+$")


def money(amount: Decimal | None) -> str:
    """$3.00; a negative amount (a void) as −$3.00."""
    if amount is None:
        return ""
    sign = "−" if amount < 0 else ""
    return f"{sign}${abs(amount):,.2f}"


def digits(text: str) -> str:
    return "".join(ch for ch in text if ch.isdigit())


# ------------------------------------------------------------------------------------ search


@dataclass
class Group:
    """One group of search results: the first rows, and how many match in all."""

    key: str
    title: str
    rows: list[Any]
    total: int
    #: The group's page of results and its links, when the search was asked with an address.
    listing: Listing[Any] | None = None
    #: More match than ``total``, where the count stopped (``SEARCH_COUNT_CAP``).
    exceeds: bool = False

    @property
    def more(self) -> int:
        """How many more match than the first page shows (0 on any later page)."""
        if self.listing is not None and self.listing.number > 1:
            return 0
        return self.total - len(self.rows)


@dataclass
class SearchResults:
    query: str
    groups: list[Group] = field(default_factory=list)
    too_short: bool = False
    #: Found by the exact tag, license or microchip number (``exact_number``), not by a search.
    exact: bool = False

    @property
    def total(self) -> int:
        return sum(g.total for g in self.groups)

    @property
    def exceeds(self) -> bool:
        """Some group counted only so far: more records match than ``total``."""
        return any(g.exceeds for g in self.groups)

    @property
    def missing_tags(self) -> list[Tag]:
        """Lost and stolen tags among the results: shown first, as a warning."""
        for group in self.groups:
            if group.key == "tags":
                return [t for t in group.rows if t.status in (Tag.Status.LOST, Tag.Status.STOLEN)]
        return []


def _phone_digits(term: str) -> list[str]:
    """A term's digits, when ``_terms_match`` also compares them with the phone."""
    term_digits = digits(term)
    return [term_digits] if len(term_digits) >= PHONE_MIN_DIGITS and PHONE_LIKE.match(term) else []


def _terms_match(terms: list[str], fields: Iterable[str], phone_field: str | None = None) -> Q:
    """Every term matches one of the fields; a term of digits may match the phone's digits."""
    condition = Q()
    for term in terms:
        alternatives = Q()
        for name in fields:
            alternatives |= Q(**{f"{name}__icontains": term})
        term_digits = digits(term)
        if phone_field and len(term_digits) >= PHONE_MIN_DIGITS and PHONE_LIKE.match(term):
            alternatives |= Q(**{f"{phone_field}__contains": term_digits})
        condition &= alternatives
    return condition


def _group(
    key: str, title: str, queryset: QuerySet[Any], limit: int, address: QueryDict | None
) -> Group:
    if address is not None:  # one page of the group: ?owners_page=2 (records.pagination)
        listing = paginate(
            address,
            queryset,
            param=f"{key}_page",
            per_page=limit,
            anchor=f"group-{key}",
            count_cap=SEARCH_COUNT_CAP,
            deferred_join=True,
        )
        return Group(key, title, listing.rows, listing.count, listing, listing.count_exceeds)
    rows = list(queryset[: limit + 1])
    total = len(rows) if len(rows) <= limit else queryset.count()
    return Group(key, title, rows[:limit], total)


#: One word of letters, digits and dashes holding a digit: what a tag, license or microchip
#: number looks like (microchips are 9 to 15 digits, or 10 hex characters; tags and licenses
#: 2026-0001 and the like).
NUMBER_LIKE = re.compile(r"(?=[^ ]*\d)[A-Za-z0-9][A-Za-z0-9-]{2,19}")


def exact_number(query: str, on: dt.date) -> SearchResults | None:
    """The dog a tag, license or microchip number typed at the desk names: three lookups on
    unique or indexed columns, so the answer takes the same time in a town or a state. None when
    the text is not such a number or no record has it (the search then runs as usual)."""
    if not NUMBER_LIKE.fullmatch(query):
        return None
    spellings = list(dict.fromkeys([query, query.upper()]))
    licenses = list(License.objects.filter(number__in=spellings).select_related("dog", "owner"))
    tags = list(
        Tag.objects.filter(serial__in=spellings).select_related("dog", "license", "dog__owner")
    )
    dogs = list(Dog.objects.filter(microchip__in=spellings).select_related("owner"))
    if not (licenses or tags or dogs):
        return None
    return SearchResults(
        query=query,
        exact=True,
        groups=[
            Group("owners", "Owners", [], 0),
            Group("dogs", "Dogs", dogs, len(dogs)),
            Group(
                "licenses", "Licenses", [(lic, lic.state_on(on)) for lic in licenses], len(licenses)
            ),
            Group("tags", "Tags", tags, len(tags)),
        ],
    )


def search(
    text: str,
    on: dt.date,
    *,
    limit: int = SEARCH_LIMIT,
    address: QueryDict | None = None,
    anywhere: bool = False,
) -> SearchResults:
    """Owners, dogs, licenses and tags matching ``text``, each group capped at ``limit``, or,
    given the page's ``address`` (its query parameters), on the page of each group it names.
    Licenses come with their state on ``on``. A tag, license or microchip number is looked up
    exactly first (``exact_number``); ``anywhere`` searches every field for it instead."""
    query = " ".join(text.split())
    if len(query) < SEARCH_MIN_LENGTH:
        return SearchResults(query=query, too_short=bool(query))
    if not anywhere and (exact := exact_number(query, on)) is not None:
        return exact
    terms = query.split(" ")

    # Each query is narrowed by the search index (``search_index``: FTS5 on SQLite; on
    # PostgreSQL the trigram indexes serve the conditions themselves); the conditions decide.
    owner_match = _terms_match(terms, ("name", "street", "email"), phone_field="phone")
    owner_index = match_expression([[t, *_phone_digits(t)] for t in terms])
    whole_digits = digits(query)
    if PHONE_LIKE.match(query) and len(whole_digits) >= PHONE_MIN_DIGITS:
        owner_match |= Q(phone__contains=whole_digits)
        if owner_index:  # with no indexed word the conditions decide alone
            owner_index = f"({owner_index}) OR {match_expression([[whole_digits]])}"
    owners = narrowed(Owner.objects.filter(owner_match), owner_index).order_by("name", "id")

    dogs = (
        narrowed(
            Dog.objects.filter(_terms_match(terms, ("name", "breed", "microchip", "color"))),
            match_expression([[t] for t in terms]),
        )
        .select_related("owner")
        # Ordered by the name as the search compares it (UPPER, as ``icontains``), which no
        # B-tree index gives: PostgreSQL then reads the matches from the trigram indexes and
        # keeps the first page (a top-N sort). Ordered by the indexed name, it walked that index
        # from the first name on, 800 ms for a common dog's name at 1,000,000 dogs (issue 14).
        .order_by(Upper("name"), "id")
    )
    whole = match_expression([[query]])
    licenses = (
        narrowed(License.objects.filter(number__icontains=query), whole)
        .select_related("dog", "owner")
        .order_by("-issued_on", "-id")
    )
    # Tags in stock belong to nobody: only the exact serial finds one.
    tags = (
        narrowed(
            Tag.objects.filter(
                (Q(serial__icontains=query) & ~Q(status=Tag.Status.IN_STOCK))
                | Q(serial__iexact=query)
            ),
            whole,
        )
        .select_related("dog", "license", "dog__owner")
        .order_by("serial")
    )
    license_group = _group("licenses", "Licenses", licenses, limit, address)
    license_group.rows = [(license_, license_.state_on(on)) for license_ in license_group.rows]
    return SearchResults(
        query=query,
        groups=[
            _group("owners", "Owners", owners, limit, address),
            _group("dogs", "Dogs", dogs, limit, address),
            license_group,
            _group("tags", "Tags", tags, limit, address),
        ],
    )


# ------------------------------------------------------------------------ license state


@dataclass(frozen=True)
class LicenseState:
    """Where a dog stands on a day: its license in force, or why it has none."""

    label: str
    in_force: License | None = None
    latest: License | None = None
    finding: Finding | None = None

    @property
    def tone(self) -> str:
        if self.in_force is not None:
            return "success"
        if self.finding is not None and self.finding.outcome == "exempt":
            return "info"
        return "warning"


#: A dog's latest license first: the one expiring last, one for the dog's lifetime (no expiry)
#: before any dated one on PostgreSQL and SQLite alike, then the newest.
LATEST_FIRST = (F("expires_on").desc(nulls_first=True), "-id")


def license_state(dog: Dog, on: dt.date) -> LicenseState:
    latest = dog.licenses.exclude(status=License.Status.VOID).order_by(*LATEST_FIRST).first()
    if dog.status != Dog.Status.ACTIVE:
        when = f" on {dog.status_changed_on.isoformat()}" if dog.status_changed_on else ""
        return LicenseState(f"Recorded as {dog.get_status_display()}{when}", latest=latest)
    in_force = dog.current_license(on)
    if in_force is not None:
        return LicenseState(
            f"Licensed: {in_force.number}, in force "
            + (
                "for the dog's lifetime"
                if in_force.expires_on is None
                else f"until {in_force.expires_on.isoformat()}"
            ),
            in_force=in_force,
            latest=latest,
        )
    if not law_has()["licensing"]:  # a city whose law states no dog license (issue 27)
        return LicenseState("No license: the city licenses no dogs", latest=latest)
    finding = law.license_required(dog.born, on, city_params()) if dog.born else None
    if finding is not None and finding.outcome == "exempt":
        label = "No license needed yet"
    elif latest is not None:
        label = f"Unlicensed: license {latest.number} {latest.state_on(on)}"
    else:
        label = "Unlicensed: never licensed"
    return LicenseState(label, latest=latest, finding=finding)


def default_license_kind(dog: Dog) -> str:
    """The kind of license the screen opens on: a renewal when the dog's owner had one."""
    previous = (
        dog.licenses.exclude(status=License.Status.VOID)
        .order_by(F("expires_on").desc(nulls_first=True))
        .first()
    )
    if previous is None:
        return "new"
    if previous.owner_id != dog.owner_id:
        return "change_of_ownership"
    return "renewal"


def duplicate_tag_license(dog: Dog) -> License | None:
    """The license whose tag a duplicate replaces: the dog's latest that was not voided."""
    return dog.licenses.exclude(status=License.Status.VOID).order_by(*LATEST_FIRST).first()


def duplicate_tag_quote(license_: License, reason: str, on: dt.date) -> Finding:
    """What the rules core says a duplicate tag for this license costs (or why none issues)."""
    return law.duplicate_tag(
        reason,
        license_.expires_on,
        on,
        city_params(),
        license_active=license_.status == License.Status.ACTIVE,
    )


# -------------------------------------------------------------------------- data practices

#: fields of the owner's record the owner is not asked for (the notice is about what they are asked)
NOT_ASKED = {"jurisdiction"}  # the city whose records they are (issue 27)

OWNER_FIELD_WORDS = {
    "resident_since": "date of becoming a resident",
    "email_consent": "consent to notices by email",
}


def _listed(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


@dataclass(frozen=True)
class OwnerDataPractices:
    """What the notice on the owner form says is private and public (LEGAL-NOTES §5)."""

    private: str
    public: str
    public_many: bool


def owner_data_practices() -> OwnerDataPractices:
    private: list[str] = []
    public: list[str] = []
    for key, entry in classification().items():
        model, _, name = key.partition(".")
        if model != "owner" or name in NOT_ASKED:
            continue
        word = OWNER_FIELD_WORDS.get(name) or str(Owner._meta.get_field(name).verbose_name)
        (private if entry.classification == PRIVATE else public).append(word)
    return OwnerDataPractices(
        private=_listed(private) if private else "",
        public=_listed(public) if public else "",
        public_many=len(public) > 1,
    )


# ------------------------------------------------------------------------------ decisions


def _dog_decisions(dog: Dog) -> QuerySet[Decision]:
    """The same queries however many licenses and tags the dog has had (issue 14 item 3).

    The ids of the dog's licenses, tags and violations' decisions are read first (a dog's own,
    a handful in its life), so that every branch of the condition is an index lookup: with
    subqueries in an OR, PostgreSQL read every decision of the state (370 ms a page at
    1,000,000 dogs)."""
    kind = ContentType.objects.get_for_model
    where = (
        Q(subject_type=kind(Dog), subject_id=dog.pk)
        | Q(
            subject_type=kind(License),
            subject_id__in=list(dog.licenses.values_list("pk", flat=True)),
        )
        | Q(subject_type=kind(Tag), subject_id__in=list(dog.tags.values_list("pk", flat=True)))
        | Q(pk__in=list(TagViolation.objects.filter(dog=dog).values_list("decision_id", flat=True)))
    )
    return (
        Decision.objects.filter(where).select_related("actor").order_by("-decided_on", "-at", "-id")
    )


def dog_decisions(dog: Dog) -> list[Decision]:
    """The stored decisions about a dog: its own, its licenses', its tags', its violations'."""
    return list(_dog_decisions(dog))


def dog_decisions_page(dog: Dog, address: QueryDict) -> Listing[Decision]:
    """One page of ``dog_decisions`` (``?decisions_page=``), newest first."""
    return paginate(
        address,
        _dog_decisions(dog),
        param="decisions_page",
        per_page=HISTORY_PER_PAGE,
        anchor="decisions",
    )


def license_decisions(license_: License) -> QuerySet[Decision]:
    # An imported license has no decision of its own (``decision_id`` is None). Both branches
    # are index lookups (not a subquery in an OR: PostgreSQL then read every decision).
    about = Q(subject_type=ContentType.objects.get_for_model(License), subject_id=license_.pk)
    where = about | Q(pk=license_.decision_id) if license_.decision_id else about
    return Decision.objects.filter(where).select_related("actor").order_by("decided_on", "at", "id")


# ------------------------------------------------------------------------------- receipts


@dataclass(frozen=True)
class ReceiptView:
    receipt: Receipt
    lines: list[tuple[Any, str]]
    total: str
    voided_by: Receipt | None


def receipt_view(receipt: Receipt) -> ReceiptView:
    voided_by = Receipt.objects.filter(voids=receipt).first()
    return ReceiptView(
        receipt=receipt,
        lines=[(line, money(line.amount)) for line in receipt.lines.all()],
        total=money(receipt.total),
        voided_by=voided_by,
    )


def receipts_of(queryset: QuerySet[Receipt]) -> list[tuple[Receipt, str, bool]]:
    """Receipts with their total and whether a later receipt voids them."""
    return _with_voids(
        list(queryset.select_related("license", "voids").order_by("-issued_at", "-id"))
    )


def _with_voids(rows: list[Receipt]) -> list[tuple[Receipt, str, bool]]:
    voided = set(Receipt.objects.filter(voids__in=rows).values_list("voids_id", flat=True))
    return [(r, money(r.total), r.pk in voided) for r in rows]


def receipts_page(
    queryset: QuerySet[Receipt], address: QueryDict
) -> Listing[tuple[Receipt, str, bool]]:
    """One page of ``receipts_of`` (``?receipts_page=``), newest first."""
    listing: Listing[Receipt] = paginate(
        address,
        queryset.select_related("license", "voids").order_by("-issued_at", "-id"),
        param="receipts_page",
        per_page=HISTORY_PER_PAGE,
        anchor="receipts",
    )
    return listing.with_rows(_with_voids(listing.rows))


# -------------------------------------------------------------------------------- history


@dataclass(frozen=True)
class Change:
    field: str
    before: str
    after: str


@dataclass(frozen=True)
class HistoryRow:
    when: dt.datetime
    who: str
    what: str
    changes: list[Change]


def _shown(model: type[models.Model], name: str, value: object) -> str:
    if value is None or value == "":
        return "—"
    try:
        model_field = model._meta.get_field(name)
    except Exception:  # a field the model no longer has
        return str(value)
    if getattr(model_field, "choices", None):
        return str(dict(model_field.choices).get(value, value))  # type: ignore[arg-type]
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dt.date):
        return value.isoformat()
    if name == "phone":
        return phone_display(str(value))
    return str(value)


def _label(model: type[models.Model], name: str) -> str:
    try:
        return str(model._meta.get_field(name).verbose_name)
    except Exception:
        return name


def _history_rows(records: list[Any], previous: Any, model: type[models.Model]) -> list[HistoryRow]:
    """``records`` oldest first, each compared with the one before (``previous`` for the first:
    the record just older than this page, or None when the first is the record's creation)."""
    rows: list[HistoryRow] = []
    for record in records:
        who = record.history_user.get_username() if record.history_user else "(system)"
        if record.history_type == "+" or previous is None:
            rows.append(HistoryRow(record.history_date, who, "created", []))
        else:
            delta = record.diff_against(previous, foreign_keys_are_objs=True)
            changes = [
                Change(
                    _label(model, change.field),
                    _shown(model, change.field, change.old),
                    _shown(model, change.field, change.new),
                )
                for change in delta.changes
            ]
            what = "deleted" if record.history_type == "-" else "changed"
            rows.append(HistoryRow(record.history_date, who, what, changes))
        previous = record
    return list(reversed(rows))


def history(instance: models.Model) -> list[HistoryRow]:
    """Who changed the record, when, and each field before → after; newest first."""
    records = list(
        instance.history.select_related("history_user").order_by(  # type: ignore[attr-defined]
            "history_date", "history_id"
        )
    )
    return _history_rows(records, None, type(instance))


#: Rows of a record's change history, decisions and receipts a page shows.
HISTORY_PER_PAGE = 25


def history_page(instance: models.Model, address: QueryDict) -> Listing[HistoryRow]:
    """One page of ``history`` (``?history_page=``), newest first: the page's history rows and the
    one just older, to say what the oldest row of the page changed. Three queries."""
    newest_first = instance.history.select_related("history_user").order_by(  # type: ignore[attr-defined]
        "-history_date", "-history_id"
    )
    listing: Listing[Any] = paginate(
        address, newest_first, param="history_page", per_page=HISTORY_PER_PAGE, anchor="history"
    )
    records = listing.rows
    older = list(newest_first[listing.end_index : listing.end_index + 1]) if records else []
    rows = _history_rows(list(reversed(records)), older[0] if older else None, type(instance))
    return listing.with_rows(rows)
