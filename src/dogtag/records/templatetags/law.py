"""Template tags that show the law from its one place (``{% load law %}``).

``{% param "private_kennel.max_dogs" "words" %}`` shows the parameter in force today in a wording
style of :mod:`dogtag.law.wording`, in a ``span.dogtag-parameter`` whose title gives its source
(no inline style or script: the site runs under a strict CSP); ``plain=True`` for attributes.
``{% ordinance_quote "nuisance.barking" %}`` quotes the ordinance's text (dogtag.law.ordinance)
where the city in force states that provision. A fee includes the resolutions entered, read once a
request. Sections are the package's (issue 27): ``{% cite "fees.schedule" %}`` gives the section
that states a provision, ``{% city_code "fees.schedule" %}`` names it as the city writes it in a
sentence ("City Code" and the section, in Nowthen); ``{% citation "license.required" as x %}``
does so in the language active, for a translated sentence (``{% citation_mapped %}`` where the
city may not state it); ``{% fee_instrument %}`` says how the city sets fees ("resolution",
"ordinance").
"""

from __future__ import annotations

import re
from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from dogtag.law import ordinance, provisions, wording
from dogtag.law import params as law_params
from dogtag.records import services as records_services
from dogtag.records.services import city_params, in_force, source_note

register = template.Library()

#: a concept id, not a section: lower-case words joined by dots
CONCEPT = re.compile(r"[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+")


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
    """The ordinance's words at ``anchor``: a concept (``nuisance.barking``), cited first, or,
    in a template not yet converted, a section of the city in force."""
    if CONCEPT.fullmatch(anchor):
        anchor = provisions.cite(anchor)
    return ordinance.quote(anchor, begin, end)


@register.simple_tag
def cite(concept: str) -> str:
    """The section of the city in force that states ``concept``."""
    return provisions.cite(concept)


@register.simple_tag
def cite_list(*concepts: str) -> str:
    """The sections stating ``concepts``, listed as the ordinance lists them (after the first,
    a letter alone where they share a section)."""
    return provisions.together(provisions.cite_each(*concepts))


@register.simple_tag
def city_code(*concepts: str) -> str:
    """``concepts``' sections as the city names them in a sentence ("City Code" and the sections,
    in Nowthen), listed as its ordinance lists them."""
    city = law_params.default().city
    cited = provisions.together(provisions.cite_each(*concepts))
    return provisions.sections_of(city).citation.format(section=cited)


@register.simple_tag
def city_code_mapped(concept: str) -> str:
    """``{% city_code %}`` where the city in force states ``concept``, else ""."""
    return city_code(concept) if provisions.maps(concept) else ""


@register.simple_tag
def citation(*concepts: str) -> str:
    """``concepts``' sections as the city names them in a sentence of the language active (its
    package's citation form, translated: ``records.services.cited_as``), listed as its ordinance
    lists them: a translated sentence's ``%(...)s``, so that each city's form is its own."""
    return records_services.cited_as(provisions.together(provisions.cite_each(*concepts)))


@register.simple_tag
def citation_mapped(*concepts: str) -> str:
    """``{% citation %}`` of those of ``concepts`` the city in force states; "" where it states
    none (a shared page, shown in every city)."""
    cited = provisions.together(provisions.cite_mapped(*concepts))
    return records_services.cited_as(cited) if cited else ""


@register.simple_tag
def fee_instrument() -> str:
    """How the city in force sets its fees, in lower case: "resolution" or "ordinance"."""
    return records_services.fee_instrument().lower()


def _fees(context: template.Context) -> law_params.ParameterSet:
    request = context.get("request")
    if request is None:
        return city_params()
    cached: law_params.ParameterSet | None = getattr(request, "_dogtag_city_params", None)
    if cached is None:
        cached = city_params()
        request._dogtag_city_params = cached
    return cached


@register.simple_tag
def cite_range(first: str, last: str, joint: str = " to ") -> str:
    """The sections from ``first``'s to ``last``'s, as the ordinance writes a range of them
    (``provisions.span``; ``joint`` between them)."""
    return provisions.span(first, last, joint)


@register.simple_tag
def cite_mapped(*concepts: str) -> str:
    """The sections of those of ``concepts`` the city in force states, listed as its ordinance
    lists them; "" where it states none (a shared page, shown in every city)."""
    return provisions.together(provisions.cite_mapped(*concepts))


@register.simple_tag
def states(concept: str) -> bool:
    """Whether the city in force (or its state) states ``concept``: ``{% states "x" as y %}``,
    for a sentence whose words, not only its citation, differ where the provision is not law
    (a limit by parcel size, or one per property)."""
    return provisions.maps(concept)
