"""One way every office list is cut into pages (issue 14, item 3): a page number and a page size
read from the address and bounded, one page of rows read with ``LIMIT``/``OFFSET`` (or a slice of
a list already in memory), the count of all rows, and the links the shared template include
``records/_pagination.html`` draws as a USWDS pagination nav.

A page number that is not a number, or is past the last page, is never an error: the list shows
the nearest page it can (the first, or the last) and says so in ``notice``. A page size asked for
in the address is clamped to ``MIN_PAGE_SIZE``..``MAX_PAGE_SIZE``, so no address makes a page's
work grow with the size of the city.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, Generic, TypeVar

from django.core.paginator import Page, Paginator
from django.db.models import Q, QuerySet
from django.http import HttpRequest, QueryDict

T = TypeVar("T")

#: The rows a page shows unless the list says otherwise.
PAGE_SIZE = 50
#: The bounds of a page size asked for in the address (``?per_page=``).
MIN_PAGE_SIZE = 10
MAX_PAGE_SIZE = 200
#: The longest page number read: more digits are past any last page anyway.
MAX_PAGE_DIGITS = 9
#: How many page numbers either side of the current page the nav shows.
NEIGHBOURS = 2


@dataclass(frozen=True)
class PageLink:
    """One item of the nav: a page number with its address, or a gap (``number`` 0)."""

    number: int
    url: str
    current: bool = False

    @property
    def gap(self) -> bool:
        return self.number == 0


@dataclass(frozen=True)
class Listing(Generic[T]):
    """One page of a list: its rows, where it stands, and the links to the others."""

    page: Page[T]
    #: The query-string name of the page number (several lists on one page each have their own).
    param: str
    #: The address's other parameters, so a link changes only this list's page.
    query: QueryDict
    #: What the page says when the asked-for page could not be shown as asked.
    notice: str = ""
    #: The fragment a link jumps to (the list's own heading), without "#".
    anchor: str = ""

    @property
    def rows(self) -> list[T]:
        return list(self.page.object_list)

    def __iter__(self) -> Any:
        return iter(self.page.object_list)

    def __len__(self) -> int:
        return len(self.page.object_list)

    def with_rows(self, rows: Sequence[Any]) -> Listing[Any]:
        """The same page (number, count, links) holding ``rows`` made from the records read."""
        return replace(self, page=Page(rows, self.number, self.page.paginator))

    @property
    def count(self) -> int:
        return self.page.paginator.count

    @property
    def count_exceeds(self) -> bool:
        """More rows match than ``count``, which stopped at the list's ceiling (``count_cap``)."""
        paginator = self.page.paginator
        return isinstance(paginator, _CountedToCeiling) and paginator.exceeds

    @property
    def number(self) -> int:
        return self.page.number

    @property
    def num_pages(self) -> int:
        return self.page.paginator.num_pages

    @property
    def per_page(self) -> int:
        return self.page.paginator.per_page

    @property
    def start_index(self) -> int:
        return self.page.start_index() if self.count else 0

    @property
    def end_index(self) -> int:
        return self.page.end_index() if self.count else 0

    @property
    def has_other_pages(self) -> bool:
        return self.num_pages > 1

    def url(self, number: int) -> str:
        query = self.query.copy()
        query[self.param] = str(number)
        return f"?{query.urlencode()}" + (f"#{self.anchor}" if self.anchor else "")

    @property
    def previous_url(self) -> str:
        return self.url(self.number - 1) if self.page.has_previous() else ""

    @property
    def next_url(self) -> str:
        return self.url(self.number + 1) if self.page.has_next() else ""

    #: How many page numbers either side of the current one the nav links.
    neighbours: int = NEIGHBOURS

    @property
    def links(self) -> list[PageLink]:
        """The first page, the last, and the current page's neighbours, with gaps between."""
        last = self.num_pages
        near = self.neighbours
        wanted = {1, last, *range(self.number - near, self.number + near + 1)}
        numbers = sorted(n for n in wanted if 1 <= n <= last)
        links: list[PageLink] = []
        for number in numbers:
            if links and number - links[-1].number > 1:
                links.append(PageLink(0, ""))
            links.append(PageLink(number, self.url(number), current=number == self.number))
        return links


def _digits(text: str) -> bool:
    """ASCII digits only: ``str.isdigit`` also accepts "²", which ``int`` refuses."""
    return text.isascii() and text.isdigit()


def _size(raw: str | None, default: int) -> int:
    if raw is None or not _digits(raw.strip()) or len(raw.strip()) > MAX_PAGE_DIGITS:
        return default
    return max(MIN_PAGE_SIZE, min(MAX_PAGE_SIZE, int(raw)))


def _deferred_join(rows: QuerySet[Any], start: int, stop: int) -> QuerySet[Any]:
    """Rows ``start`` to ``stop`` of ``rows``, the page found by sorting the matches' ids alone
    and the page's rows (and their joins) read by id: a page of a search that matches tens of
    thousands sorts narrow rows, not whole ones joined to others (issue 14)."""
    return rows.filter(pk__in=rows.values("pk")[start:stop])


class _Sliced(Paginator):  # type: ignore[type-arg]
    """Django's paginator, whose page of a QuerySet may be read by a deferred join."""

    def __init__(self, rows: Any, per_page: int, *, deferred: bool = False) -> None:
        super().__init__(rows, per_page)
        self.deferred = deferred

    def _get_page(self, rows: Any, number: int, paginator: Paginator[Any]) -> Page[Any]:
        if self.deferred and isinstance(rows, QuerySet) and rows.query.is_sliced:
            rows = _deferred_join(self.object_list, rows.query.low_mark, rows.query.high_mark)
        return super()._get_page(rows, number, paginator)


class _CountedToCeiling(_Sliced):
    """A paginator whose COUNT reads no more than ``ceiling`` rows and one (to know whether more
    match): the pages reach the first ``ceiling`` rows."""

    def __init__(self, rows: QuerySet[Any], per_page: int, ceiling: int, deferred: bool) -> None:
        super().__init__(rows, per_page, deferred=deferred)
        self.ceiling = ceiling

    @cached_property
    def _counted(self) -> int:
        # Unordered: any ceiling + 1 rows tell whether more match, without sorting them all.
        return int(self.object_list.order_by()[: self.ceiling + 1].count())

    @cached_property
    def count(self) -> int:
        return min(self._counted, self.ceiling)

    @property
    def exceeds(self) -> bool:
        return self._counted > self.ceiling


def paginate(
    request: HttpRequest | QueryDict,
    rows: Sequence[T] | Any,
    *,
    param: str = "page",
    per_page: int = PAGE_SIZE,
    anchor: str = "",
    noun: str = "page",
    count_cap: int | None = None,
    deferred_join: bool = False,
) -> Listing[T]:
    """The page of ``rows`` (a QuerySet, read with one COUNT and one LIMIT/OFFSET query, or a
    sequence) that the address asks for in ``param``; the size from ``per_page`` in the code,
    or from ``<param without "page">per_page`` in the address, bounded. ``request`` may be the
    address's parameters alone (``request.GET``), for a query function that takes no request.
    The first page of a QuerySet that fits on one page is one query: its rows are its count.

    ``count_cap``: a QuerySet's COUNT stops at that many rows (``Listing.count_exceeds`` says
    whether more match), for a search whose matches in a state-size city can be tens of
    thousands, all of which an exact count would read (issue 14). ``deferred_join``: a
    QuerySet's page is found by its rows' ids alone, then read (``_deferred_join``)."""
    get = request if isinstance(request, QueryDict) else request.GET
    size_param = param.removesuffix("page") + "per_page"
    size = _size(get.get(size_param), max(1, min(per_page, MAX_PAGE_SIZE)))
    raw = (get.get(param) or "").strip()
    head: list[Any] | None = None
    if isinstance(rows, QuerySet) and not (_digits(raw) and raw.lstrip("0") not in ("", "1")):
        # the first page, and whether there is a second
        head = list(_deferred_join(rows, 0, size + 1) if deferred_join else rows[: size + 1])
        if len(head) <= size:
            rows = head
    paginator: Paginator[T] = (
        _CountedToCeiling(rows, size, max(count_cap, size), deferred_join)
        if count_cap is not None and isinstance(rows, QuerySet)
        else _Sliced(rows, size, deferred=deferred_join)
    )
    notice = ""
    number = 1
    if raw:
        if not _digits(raw) or int(raw[: MAX_PAGE_DIGITS + 1]) < 1:
            notice = f"“{raw[:20]}” is not a {noun} number; this is the first {noun}."
        else:
            asked = int(raw) if len(raw) <= MAX_PAGE_DIGITS else paginator.num_pages + 1
            number = asked
            if asked > paginator.num_pages:
                number = paginator.num_pages
                notice = (
                    f"There is no {noun} {raw[:20]}; this is the last, {noun} {number}."
                    if number > 1
                    else f"There is no {noun} {raw[:20]}; everything is on one {noun}."
                )
                if isinstance(paginator, _CountedToCeiling) and paginator.exceeds:
                    notice += (
                        f" Only the first {paginator.ceiling:,} are counted and shown:"
                        " narrow the search to see the others."
                    )
    query = get.copy()
    query.pop(param, None)
    page = Page(head[:size], 1, paginator) if head is not None and number == 1 else None
    return Listing(page or paginator.page(number), param, query, notice, anchor)


# ---------------------------------------------------------------------- a record's own lists

#: Rows of a record's own lists (its decisions, its timeline, its events) a page shows: a record
#: that lives long (a kennel renewed for decades, a case with hundreds of events) keeps one page
#: as cheap as the first year's.
RECORD_PAGE_SIZE = 25


def record_page(request: HttpRequest | QueryDict, rows: Sequence[T] | Any, what: str) -> Listing[T]:
    """One page of a record's ``what`` list (``decisions``, ``events``...): the address's
    ``<what>_page``, the page's links jumping to the list's heading (``id="<what>"``)."""
    return paginate(request, rows, param=f"{what}_page", per_page=RECORD_PAGE_SIZE, anchor=what)


# ------------------------------------------------------------------------------------ keyset


@dataclass(frozen=True)
class KeysetListing(Listing[T]):
    """A page read by keyset (``WHERE key > last key ORDER BY key LIMIT n``): the first, the next
    and the previous page cost the same however far into the list, unlike ``OFFSET``. Its links
    go to the first and last pages and one page either way."""

    first_pk: Any = None
    last_pk: Any = None
    neighbours: int = 1

    def url(self, number: int) -> str:
        """The links the nav draws: the first and last pages, this one, and one either way."""
        query = self.query.copy()
        if number == self.number and number > 1:
            query[f"{self.param}_from"] = str(self.first_pk)
        elif number == 1:
            pass
        elif number == self.number + 1:
            query[f"{self.param}_after"] = str(self.last_pk)
        elif number == self.number - 1:
            query[f"{self.param}_before"] = str(self.first_pk)
        elif number == self.num_pages:
            query[f"{self.param}_last"] = "1"
        return f"?{query.urlencode()}" + (f"#{self.anchor}" if self.anchor else "")


def _after(order: Sequence[str], values: dict[str, Any], way: str) -> Q:
    """Rows after (``gt``) or before (``lt``) ``values`` in the ascending ``order``."""
    condition = Q()
    for i, name in enumerate(order):
        step = Q(**{f"{name}__{way}": values[name]})
        for earlier in order[:i]:
            step &= Q(**{earlier: values[earlier]})
        condition |= step
    return condition


def keyset(
    request: HttpRequest | QueryDict,
    queryset: QuerySet[Any],
    order: Sequence[str],
    *,
    param: str = "page",
    per_page: int = PAGE_SIZE,
    anchor: str = "",
    noun: str = "page",
) -> KeysetListing[Any]:
    """One page of ``queryset`` in the ascending, non-null ``order`` (ending with a unique field),
    by keyset: ``<param>_after=<pk>`` (the page after that row), ``<param>_before=<pk>`` (the
    page before it), ``<param>_from=<pk>`` (the page starting at it) or ``<param>_last``; none is
    the first page. A row that no longer exists, or a key that is no key, shows the first page
    with a notice. Counted with one COUNT (none when the first page holds everything); a page
    after the first costs one more COUNT, for its number."""
    get = request if isinstance(request, QueryDict) else request.GET
    size = _size(get.get(param.removesuffix("page") + "per_page"), min(per_page, MAX_PAGE_SIZE))
    ordered = queryset.order_by(*order)
    backwards = queryset.order_by(*(f"-{name}" for name in order))
    notice = ""
    rows: list[Any] = []
    way, raw = next(
        ((w, get[f"{param}_{w}"]) for w in ("after", "before", "from") if get.get(f"{param}_{w}")),
        ("", ""),
    )
    head: list[Any] | None = None
    if not way and not get.get(f"{param}_last"):  # the first page: it may be all there is
        head = list(ordered[: size + 1])
    count = len(head) if head is not None and len(head) <= size else queryset.count()
    paginator: Paginator[Any] = Paginator(range(count), size)
    values = None
    if way:
        found = (
            queryset.model._base_manager.filter(pk=raw).values(*order).first()
            if _digits(raw) and len(raw) <= 18
            else None
        )
        if found is None:
            notice = f"The {noun} asked for has changed; this is the first {noun}."
        values = found
    if values is not None and way == "after":
        rows = list(ordered.filter(_after(order, values, "gt"))[:size])
    elif values is not None and way == "from":
        rows = list(ordered.filter(_after(order, values, "gt") | Q(pk=raw))[:size])
    elif values is not None and way == "before":
        rows = list(reversed(backwards.filter(_after(order, values, "lt"))[:size]))
    elif get.get(f"{param}_last") and count:
        rows = list(reversed(backwards[: count - (paginator.num_pages - 1) * size]))
    if not rows:  # the first page: asked for, or nothing where the key pointed
        if way and values is not None and not notice:
            notice = f"There is nothing more on that {noun}; this is the first {noun}."
        rows = head[:size] if head is not None else list(ordered[:size])
    first = rows[0] if rows else None
    position = 0
    if first is not None and (way or get.get(f"{param}_last")):
        key = {name: _value(first, name) for name in order}
        position = ordered.filter(_after(order, key, "lt")).count()
    number = min(position // size + 1, paginator.num_pages)
    query = get.copy()
    for name in (param, f"{param}_after", f"{param}_before", f"{param}_from", f"{param}_last"):
        query.pop(name, None)
    return KeysetListing(
        page=Page(rows, number, paginator),
        param=param,
        query=query,
        notice=notice,
        anchor=anchor,
        first_pk=first.pk if first is not None else None,
        last_pk=rows[-1].pk if rows else None,
    )


def _value(row: Any, name: str) -> Any:
    for part in name.split("__"):
        row = getattr(row, part)
    return row
