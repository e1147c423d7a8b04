"""The jurisdiction a record belongs to (issue 27: records know their city).

Every principal record (owner, dog, vaccination, license, tag, receipt; the number series, fee
resolutions and stored decisions) names the jurisdiction package whose law it was made under, so
that one database can later hold several cities (docs/ARCHITECTURE.md, "Several cities in one
deployment"). A record made by a service takes the city in force (``DOGTAG_JURISDICTION``); the
migration that added the field named every existing row after the deployment's city.
"""

from __future__ import annotations

from django.db import models

from dogtag.law import params

#: the longest jurisdiction id a record holds ("lino-lakes", "minneapolis")
MAX_LENGTH = 40


def in_force() -> str:
    """The id of the city in force: a new record's jurisdiction."""
    return params.default().city.id


def field() -> models.CharField:  # type: ignore[type-arg]
    """The ``jurisdiction`` field every principal record carries."""
    return models.CharField(
        max_length=MAX_LENGTH,
        default=in_force,
        editable=False,
        help_text="The jurisdiction package whose law the record was made under.",
    )
