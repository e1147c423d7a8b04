"""What the found-dog page shows of a dog, its license and its tag: only the fields
``licensing.data_practices`` classifies public (the city's overrides applied), through its
``public_record``, the very fields the API's public tag lookup shows. Never the owner."""

from __future__ import annotations

import datetime as dt

from django.db import models
from django.utils import formats
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from dogtag.licensing.data_practices import (
    LOOKUP_DOG_FIELDS,
    LOOKUP_LICENSE_FIELDS,
    public_record,
)

TAG_FIELDS = ("serial", "status")
FIELDS = {"dog": LOOKUP_DOG_FIELDS, "license": LOOKUP_LICENSE_FIELDS, "tag": TAG_FIELDS}

LABELS: dict[str, Promise] = {
    "dog.name": _("Name"),
    "dog.breed": _("Breed"),
    "dog.color": _("Color"),
    "dog.sex": _("Sex"),
    "dog.sterilized": _("Spayed or neutered"),
    "dog.status": _("Status"),
    "license.number": _("License number"),
    "license.kind": _("Kind of license"),
    "license.issued_on": _("Issued"),
    "license.expires_on": _("Expires"),
    "license.status": _("Status"),
    "tag.serial": _("Tag"),
    "tag.status": _("Status"),
}

#: The stored choices, in the reader's language.
CHOICES: dict[str, dict[str, Promise]] = {
    "dog.sex": {"male": _("male"), "female": _("female")},
    "dog.status": {
        "active": _("living in the city"),
        "deceased": _("deceased"),
        "moved_away": _("moved away"),
        "transferred": _("transferred to an owner outside the city"),
    },
    "license.kind": {
        "new": _("new"),
        "renewal": _("renewal"),
        "new_resident": _("new resident"),
        "change_of_ownership": _("change of ownership"),
    },
    "license.status": {
        "active": _("active"),
        "superseded": _("renewed"),
        "ended": _("ended"),
        "void": _("void"),
    },
    "tag.status": {
        "issued": _("issued"),
        "lost": _("reported lost"),
        "stolen": _("reported stolen"),
        "replaced": _("replaced (license renewed)"),
        "void": _("void"),
    },
}


def _shown(key: str, instance: models.Model, field: str, value: object) -> object:
    if key == "license.expires_on" and value is None:  # license.term_basis lifetime
        return _("for the dog’s lifetime")
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, dt.date):
        return formats.date_format(value, "DATE_FORMAT")
    if key in CHOICES and value in CHOICES[key]:
        return CHOICES[key][str(value)]
    display = getattr(instance, f"get_{field}_display", None)
    return display() if display is not None else value


def public_facts(instance: models.Model, kind: str) -> list[tuple[object, object]]:
    """(label, value) of each public field of the record, in the page's language."""
    rows = []
    for field, value in public_record(instance, FIELDS[kind]).items():
        key = f"{kind}.{field}"
        rows.append((LABELS.get(key, field), _shown(key, instance, field, value)))
    return rows
