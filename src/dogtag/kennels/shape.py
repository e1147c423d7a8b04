"""Which shape the kennel license takes in the city in force (issue 27).

Nowthen's (``private_kennel.license``, ``commercial_kennel.council_license``): a private kennel
license issued at the City offices for a set number of dogs, a commercial kennel license from the
City Council after a Planning & Zoning hearing. Lino Lakes' (``kennel.inspection_before_issue``):
a private or commercial kennel license applied for with its fee, inspected before it issues and
expiring on one day each year (``dogtag.kennels.services.inspected``).

The kennel part is law in either (``records.law_parts``); each page belongs to one shape and, in a
city of the other, answers 404 saying its provision is not law there
(``records.middleware.NotLawHereMiddleware``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from dogtag.law.kennel_license_issue import INSPECTION_BEFORE_ISSUE
from dogtag.law.params import ParameterSet
from dogtag.law.provisions import cite, maps

#: the provisions each shape's pages apply
PRIVATE = "private_kennel.license"
COMMERCIAL = "commercial_kennel.council_license"
INSPECTED = INSPECTION_BEFORE_ISSUE


def inspected_before_issue(params: ParameterSet | None = None) -> bool:
    """Whether the city in force issues its kennel licenses after an inspection (Lino Lakes')."""
    return maps(INSPECTED, params)


def needs(concept: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A page of the shape whose law states ``concept``: elsewhere it is not run, and the page says
    the city's law states no such provision (``UnknownProvision``, from ``cite``)."""

    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(view)
        def run(*args: Any, **kwargs: Any) -> Any:
            cite(concept)
            return view(*args, **kwargs)

        return run

    return decorate
