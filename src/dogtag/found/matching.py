"""Which dog a number typed on the found-dog page belongs to: a tag (``tag.furnished``), a license
number (``license.application``) or a microchip, compared the way people copy them off a tag:
spaces, dashes, dots and case ignored (``2026-0001``, ``2026 0001`` and ``20260001`` are the same
tag)."""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

from django.db.models import F, Func, QuerySet, Value
from django.db.models.functions import Replace, Upper

from dogtag.licensing.models import Dog, License, Tag

#: The longest number the page takes as typed, and as compared: a tag serial, a license number
#: (20 characters each) or a microchip (15 digits), with room for spaces and dashes.
MAX_TYPED = 40
MAX_NORMALISED = 20
IGNORED = re.compile(r"[\s\-‐‑‒–—._/]")
NORMALISED = re.compile(r"^[A-Z0-9]+$")


def normalise(typed: str) -> str:
    """Trimmed, upper case, without the separators people type (spaces, dashes, dots, slashes)."""
    return IGNORED.sub("", typed.strip()).upper()


def is_well_formed(normalised: str) -> bool:
    return 0 < len(normalised) <= MAX_NORMALISED and NORMALISED.match(normalised) is not None


def _compared(field: str) -> Func:
    """The column as ``normalise`` would write it (the separators stored numbers hold)."""
    expression: Func = Upper(field)
    for separator in ("-", " ", ".", "/"):
        expression = Replace(expression, Value(separator), Value(""))
    return expression


def _matching(rows: QuerySet, field: str, normalised: str) -> QuerySet:
    return rows.annotate(compared=_compared(field)).filter(compared=normalised)


@dataclass(frozen=True)
class Match:
    """What a number matched: ``by`` is "tag", "license" or "microchip"."""

    by: str
    dog: Dog
    tag: Tag | None = None
    license: License | None = None


#: What a number may be, in the order it is tried.
EVERY_KIND = ("tag", "license", "microchip")


def find(normalised: str, kinds: Collection[str] = EVERY_KIND) -> Match | None:
    """The dog whose tag, license or microchip this is, in that order; None if none is.
    ``kinds`` limits what the number may be (the API's public lookup asks for tags only).

    A tag still in stock was never issued to a dog, so it matches nothing (as in the API's
    public lookup)."""
    if not is_well_formed(normalised):
        return None
    if "tag" in kinds:
        tags = Tag.objects.exclude(status=Tag.Status.IN_STOCK).select_related("dog", "license")
        tag = _matching(tags, "serial", normalised).order_by("-issued_on", "-pk").first()
        if tag is not None and tag.dog is not None:
            return Match("tag", tag.dog, tag=tag, license=tag.license)
    if "license" in kinds:
        licenses = License.objects.select_related("dog")
        # a license for the dog's lifetime (no expiry) first, on PostgreSQL and SQLite alike
        latest = (F("expires_on").desc(nulls_first=True), "-pk")
        license_ = _matching(licenses, "number", normalised).order_by(*latest).first()
        if license_ is not None:
            return Match("license", license_.dog, license=license_)
    if "microchip" in kinds:
        dogs = Dog.objects.exclude(microchip="")
        dog = _matching(dogs, "microchip", normalised).order_by("-pk").first()
        if dog is not None:
            return Match("microchip", dog)
    return None
