"""Template tags that show the law from its one place (``{% load law %}``).

``{% param "private_kennel.max_dogs" "words" %}`` shows the parameter in force today in a wording
style of :mod:`dogtag.law.wording`, in a ``span.dogtag-parameter`` whose title gives its source
(no inline style or script: the site runs under a strict CSP); ``plain=True`` for attributes.
``{% ordinance_quote "3-2-7.A" %}`` quotes the ordinance's text (dogtag.law.ordinance). A fee
includes the resolutions entered, read once a request.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from dogtag.law import ordinance, wording
from dogtag.law import params as law_params
from dogtag.records.services import city_params, in_force, source_note

register = template.Library()


@register.simple_tag(takes_context=True)
def param(
    context: template.Context, key: str, style: str = "display", on: Any = None, plain: bool = False
) -> SafeString | str:
    """The value in force; ``plain=True`` gives the words alone, for an attribute or a heading
    whose page shows the same value with its source elsewhere."""
    value = in_force(key, on, _fees(context) if key.startswith("fees.") else None)
    if plain:
        return wording.phrase(value, style)
    return format_html(
        '<span class="dogtag-parameter" title="{}">{}</span>',
        source_note(value),
        wording.phrase(value, style),
    )


@register.simple_tag
def ordinance_quote(anchor: str, begin: str | None = None, end: str | None = None) -> str:
    return ordinance.quote(anchor, begin, end)


def _fees(context: template.Context) -> law_params.ParameterSet:
    request = context.get("request")
    if request is None:
        return city_params()
    cached: law_params.ParameterSet | None = getattr(request, "_dogtag_city_params", None)
    if cached is None:
        cached = city_params()
        request._dogtag_city_params = cached
    return cached
