"""The jurisdiction a record belongs to (issue 27: records know their city).

Every principal record names the jurisdiction package whose law it was made under, so that one
database can later hold several cities (docs/ARCHITECTURE.md, "Several cities in one
deployment"). A record made by a service takes the city in force (``DOGTAG_JURISDICTION``); the
migration that added the field named every existing row after the deployment's city.

A record carries the city (``jurisdiction = field()``) when it is a record of the city's work
that is listed, numbered or looked up on its own:

- records: Decision, NumberSequence, FeeResolution;
- licensing: Owner, Dog, RabiesVaccination, License, Tag, Receipt;
- complaints: Complaint; kennels: PrivateKennelLicense, CommercialKennelApplication,
  CommercialKennelLicense, KennelApplication, KennelLicense; dangerous_dogs: DangerousDogCase,
  Registration (its own certificate numbers); dangerous_animals: AnimalCase; parcels: ParcelImport,
  Parcel, Enclosure,
  ComplianceNotice; clinics: Certificate, CertificateBatch; applications: OnlineApplication;
  found: Lookup, RelayMessage, LostReport; imports: LegacyImport.

A row that belongs to one parent carrying the city, and is only read through it, inherits the city
and does not repeat it: a receipt's lines, a dog's ownership changes and due clocks (and their
state, which says what they were computed with), a tag violation (its stored decision, which it
always has, names the city: its tag or dog may be unknown); a complaint's evidence, follow-ups,
findings, outcomes, events and vehicle incident, and its resident link
(public_cases.ResidentComplaint); a dangerous-dog case's incidents, events, hearings (the
residents' hearing requests among them), orders, inspections, revocations, notices, reviews, costs,
disclosures, impoundments and flagged hearing requests; a dangerous-animal case's events; a kennel
application's events, conditions and notice recipients, and a kennel license's inspections (before
it issues, its application's) and modifications; a parcel's structures and an enclosure's
photos; a fee resolution's items; a legacy import's keys.
The rest is the site's own machinery, not a record of any city's work (accounts and their keys,
the outbox, jobs, sign-in throttles, the private-data view log, the cited values every decision
shares). ``tests/records/test_every_model_knows_its_city.py`` holds the list and its reasons, so
that a new model cannot forget its city.

A number a city draws from its own series (``records.services.next_number``: license, receipt,
complaint, case, kennel license, certificate and notice numbers) is unique within its city
(``unique_per_city``): a second city's series starts again at one. So is a tag's serial, from the
tags the city bought.
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


def unique_per_city(number: str, name: str) -> models.UniqueConstraint:
    """``number`` unique within each city. The number comes first, so that the constraint's index
    also serves a look-up by number alone."""
    return models.UniqueConstraint(fields=[number, "jurisdiction"], name=name)
