from django.http import HttpRequest

from dogtag.kennels.shape import inspected_before_issue
from dogtag.law import params
from dogtag.records.law_parts import law_has


def jurisdiction(request: HttpRequest) -> dict[str, object]:
    """The city whose ordinance the site runs, for the header and the page titles, and which
    parts of the site its law has (``law_has``: the menus offer only those, issue 27), and the
    shape its kennel license takes (``kennels.shape``: inspected before it issues, or not)."""
    return {
        "jurisdiction": params.default().city,
        "law_has": law_has(),
        "kennels_inspected": inspected_before_issue(),
    }


def current_page(request: HttpRequest) -> dict[str, object]:
    """The page's URL name, for the navigation's "you are here" (a view may set its own)."""
    match = getattr(request, "resolver_match", None)
    return {"current": match.url_name if match is not None else ""}
