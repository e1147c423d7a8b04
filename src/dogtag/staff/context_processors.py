from django.http import HttpRequest

from dogtag.law import params


def jurisdiction(request: HttpRequest) -> dict[str, object]:
    """The city whose ordinance the site runs, for the header and the page titles."""
    return {"jurisdiction": params.default().city}
