"""Which parts of the site the law of the city in force has (issue 27).

A part (complaints, dangerous dogs, kennels, the dog limit, enclosures) applies the rules of its
questions; where one of them is not law in the city (``questions.not_in_law``: a provision its
package does not state, a value it does not set), the part is not offered: its menu entries are
hidden and its pages answer 404, saying why (``records.middleware.NotLawHereMiddleware``).
Lino Lakes' package states the licensing and tag provisions, not those parts in the shapes the
rules take.

Licensing is a part too: a city that licenses no dogs (Ramsey since 2021, Elk River since 2019)
has a package that states no ``license.required``. There the counter's license screens, tags,
receipts, reminders, the due list's licenses, the clinics' certificates, the online applications
and the found-dog tag lookup are not offered, and the rest of the site works as before. The
API's licensing operations answer a 404 problem detail (``api.api.urls``).
"""

from __future__ import annotations

import functools

from dogtag.law import params, provisions, questions

#: The parts of the site, each with the questions whose law it applies.
PARTS: dict[str, tuple[str, ...]] = {
    "complaints": ("complaint",),
    # the case's pages serve the Notice of Dangerous Dog too: a city whose dangerous-dog-case is
    # another variant (Lino Lakes' dangerous animal, issue 27) has no pages for it yet
    "dangerous_dogs": ("dangerous-dog-case", "dangerous-dog-notice"),
    # Nowthen's kennel licenses; or those of OTHER_SHAPES["kennels"]
    "kennels": ("private-kennel-license", "commercial-kennel-step"),
    "dog_limits": ("kennel-dog-limit",),
    "enclosures": ("enclosure-placement",),
}

#: A part whose law may take another shape: it is law where PARTS' questions are, or where the
#: provision that marks the other shape is mapped and that shape's questions are law (Lino Lakes'
#: kennel license, inspected before it issues and expiring on one day each year; the kennel pages
#: offer each city the pages of its own shape).
OTHER_SHAPES: dict[str, tuple[str, tuple[str, ...]]] = {
    "kennels": ("kennel.inspection_before_issue", ("kennel-inspection", "kennel-license-term")),
}

#: The parts of the site that are law where the city's package states one provision.
PROVISIONS: dict[str, str] = {"licensing": "license.required"}

#: The parts of the site that are law where a question is, in the variant the city's package
#: chooses by stating a provision: a dangerous-animal case (Lino Lakes, issue 27) where the city's
#: ``dangerous-dog-case`` designates any animal (``dangerous_animal.designation``), not Nowthen's
#: dangerous dog.
VARIANTS: dict[str, tuple[str, str]] = {
    "dangerous_animals": ("dangerous-dog-case", "dangerous_animal.designation"),
}

#: What each part is, for the page that says it is not law.
NAMES = {
    "licensing": "dog licenses",
    "complaints": "the complaint procedure",
    "dangerous_dogs": "the dangerous-dog procedure",
    "dangerous_animals": "the dangerous-animal procedure",
    "kennels": "kennel licenses",
    "dog_limits": "the dog limit by parcel",
    "enclosures": "dog enclosures",
}

#: Views by module: each app's pages belong to its part.
MODULES = {
    "dogtag.kennels.": "kennels",
    "dogtag.complaints.": "complaints",
    "dogtag.dangerous_dogs.": "dangerous_dogs",
    "dogtag.dangerous_animals.": "dangerous_animals",
    # licensing: the online applications (residents' and the clerk's queue), the clinics'
    # certificates and the letters to unlicensed dogs, the license and receipt PDFs, the
    # found-dog lookup (by the city's tag or license number, answering whether it is licensed)
    # and the legacy import (of a license register)
    "dogtag.applications.": "licensing",
    "dogtag.clinics.": "licensing",
    "dogtag.documents.": "licensing",
    "dogtag.found.": "licensing",
    "dogtag.imports.": "licensing",
}

#: Views elsewhere, by URL name (or its prefix, ending in "_").
URL_NAMES = {
    "enclosure_": "enclosures",
    "compliance_notice_": "enclosures",
    "parcel_over_limit": "dog_limits",
    "parcel_lot_lines": "enclosures",  # side and rear lot lines, for the enclosure setbacks
    "complaint_new": "complaints",
    "my_complaints": "complaints",
    "complaint_track": "complaints",
    "hearing_request": "dangerous_dogs",
    "household_case_document": "dangerous_dogs",
    # the counter's license screens, tags and receipts; the residents' license and receipt PDFs
    "license_": "licensing",
    "duplicate_tag": "licensing",
    "tag_violation_new": "licensing",
    "tag_stock": "licensing",
    "receipt_": "licensing",
    "household_license_pdf": "licensing",
    "household_receipt_pdf": "licensing",
}


def why_not(part: str) -> list[str]:
    """Why ``part`` is not law in the city in force (each question's reasons); [] if it is."""
    return list(_why_not(params.default().version, part))


def law_has() -> dict[str, bool]:
    """Each part, and whether the city in force has its law."""
    return {part: not why_not(part) for part in (*PARTS, *PROVISIONS, *VARIANTS)}


def missing(part: str) -> str:
    """What the law of the city in force lacks for ``part``, as the page that says so words it
    ("the city's ordinance ... {missing}"); "" if it has the part."""
    reasons = why_not(part)
    if not reasons:
        return ""
    if part in PROVISIONS:
        return f"states no dog license ({reasons[0]}): it licenses no dogs"
    return f"does not state {NAMES[part]} in the shape Dogtag's rules take ({reasons[0]})"


def part_of(module: str, url_name: str | None) -> str | None:
    """The part a view belongs to, from its module or its URL name; None for the rest."""
    for prefix, part in MODULES.items():
        if module.startswith(prefix):
            return part
    name = url_name or ""
    for key, part in URL_NAMES.items():
        if name.startswith(key):
            return part
    return None


@functools.cache
def _why_not(version: str, part: str) -> tuple[str, ...]:
    city = params.default()
    if part in PROVISIONS:
        concept = PROVISIONS[part]
        return () if provisions.maps(concept, city) else (f"no provision for {concept}",)
    if part in VARIANTS:
        name, concept = VARIANTS[part]
        reasons = questions.not_in_law(questions.question(name), city)
        if not provisions.maps(concept, city):
            reasons.append(f"{name}: its variant here is not the one of {concept}")
        return tuple(reasons)
    reasons: list[str] = []
    for name in PARTS[part]:
        reasons += questions.not_in_law(questions.question(name), city)
    if reasons and part in OTHER_SHAPES:
        concept, names = OTHER_SHAPES[part]
        other = [] if provisions.maps(concept, city) else [f"no provision for {concept}"]
        for name in names:
            other += questions.not_in_law(questions.question(name), city)
        if not other:
            return ()
    return tuple(reasons)
