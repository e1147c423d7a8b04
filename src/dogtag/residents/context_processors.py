from __future__ import annotations

from django.http import HttpRequest

from dogtag.residents.middleware import is_public_path
from dogtag.residents.session import current_account


def resident(request: HttpRequest) -> dict[str, object]:
    """The signed-in resident, on the residents' site's pages only."""
    if not is_public_path(request.path_info):
        return {}
    return {"resident": current_account(request)}
