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
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.core.paginator import Page, Paginator
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
        page = Page(rows, self.number, self.page.paginator)
        return Listing(page, self.param, self.query, self.notice, self.anchor)

    @property
    def count(self) -> int:
        return self.page.paginator.count

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

    @property
    def links(self) -> list[PageLink]:
        """The first page, the last, and the current page's neighbours, with gaps between."""
        last = self.num_pages
        wanted = {1, last, *range(self.number - NEIGHBOURS, self.number + NEIGHBOURS + 1)}
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


def paginate(
    request: HttpRequest | QueryDict,
    rows: Sequence[T] | Any,
    *,
    param: str = "page",
    per_page: int = PAGE_SIZE,
    anchor: str = "",
    noun: str = "page",
) -> Listing[T]:
    """The page of ``rows`` (a QuerySet, read with one COUNT and one LIMIT/OFFSET query, or a
    sequence) that the address asks for in ``param``; the size from ``per_page`` in the code,
    or from ``<param without "page">per_page`` in the address, bounded. ``request`` may be the
    address's parameters alone (``request.GET``), for a query function that takes no request."""
    get = request if isinstance(request, QueryDict) else request.GET
    size_param = param.removesuffix("page") + "per_page"
    size = _size(get.get(size_param), max(1, min(per_page, MAX_PAGE_SIZE)))
    paginator: Paginator[T] = Paginator(rows, size)
    raw = (get.get(param) or "").strip()
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
    query = get.copy()
    query.pop(param, None)
    return Listing(paginator.page(number), param, query, notice, anchor)
