"""What the found-dog page and the API's public tag lookup (``/api/v1/public/tags/{serial}``)
share about the client asking: one limit of lookups per address, counted together, so that
neither door is a way around the other (issue 25 item 2.6), and the address as the lookup log
keeps it."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.core.validators import validate_ipv46_address
from django.http import HttpRequest

from dogtag.accounts.client_ip import client_address
from dogtag.residents.abuse import Limit, allow

#: Lookups from one address per hour, on the page and through the API together.
LOOKUP_LIMIT = Limit(count=30, window=dt.timedelta(hours=1))
LOOKUPS = "found-lookup"


def may_look_up(request: HttpRequest) -> bool:
    """Counts one lookup against the client's address; False once it has used up the hour's."""
    return allow(request, LOOKUPS, LOOKUP_LIMIT)


def logged_address(request: HttpRequest) -> str | None:
    """The client's address as the log keeps it; None if it is no IP address (a proxy set up
    wrongly may pass a name on), so the log's column never refuses the row."""
    address = client_address(request)
    try:
        validate_ipv46_address(address)
    except ValidationError:
        return None
    return address
