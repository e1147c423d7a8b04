"""Data practices (Minn. Stat. ch. 13, LEGAL-NOTES §5): which fields of the licensing records are
public and which are private.

Government data is public unless a statute says otherwise; no statute classifies dog license data,
and cities differ on owners' names, addresses and phone numbers (Duluth withholds them as security
information). Dogtag's default is the cautious one: everything identifying or locating the owner is
private; the dog's description and the license's dates are public. A city changes a field with the
``DOGTAG_PUBLIC_FIELDS`` / ``DOGTAG_PRIVATE_FIELDS`` settings (comma-separated ``model.field``).

``public_record`` is the only way a record leaves Dogtag for the public: it drops every private field.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.conf import settings
from django.db import models

from dogtag.law.provisions import cited_in, maps
from dogtag.records.roles import ROLE_PERMISSIONS

PUBLIC, PRIVATE = "public", "private"

DEFAULT_CLASSIFICATION: dict[str, str] = {
    "owner.name": PRIVATE,
    "owner.street": PRIVATE,
    # which city's record it is (issue 27): public, as the city itself is
    "owner.jurisdiction": PUBLIC,
    "dog.jurisdiction": PUBLIC,
    "rabiesvaccination.jurisdiction": PUBLIC,
    "license.jurisdiction": PUBLIC,
    "tag.jurisdiction": PUBLIC,
    "owner.city": PUBLIC,
    "owner.state": PUBLIC,
    "owner.postal_code": PRIVATE,
    "owner.phone": PRIVATE,
    "owner.email": PRIVATE,
    "owner.email_consent": PRIVATE,
    "owner.resident_since": PRIVATE,
    "dog.name": PUBLIC,
    "dog.breed": PUBLIC,
    "dog.color": PUBLIC,
    "dog.sex": PUBLIC,
    "dog.sterilized": PUBLIC,
    "dog.born": PUBLIC,
    "dog.born_estimated": PUBLIC,
    "dog.microchip": PRIVATE,
    "dog.photo": PUBLIC,
    "dog.status": PUBLIC,
    "dog.status_changed_on": PUBLIC,
    "rabiesvaccination.vaccinated_on": PUBLIC,
    "rabiesvaccination.expires_on": PUBLIC,
    "rabiesvaccination.duration_years": PUBLIC,
    "rabiesvaccination.veterinarian": PUBLIC,
    "rabiesvaccination.clinic": PUBLIC,
    "rabiesvaccination.certificate_number": PRIVATE,
    "rabiesvaccination.rabies_tag_number": PRIVATE,
    "rabiesvaccination.certificate_file": PRIVATE,
    "license.number": PUBLIC,
    "license.kind": PUBLIC,
    "license.issued_on": PUBLIC,
    "license.expires_on": PUBLIC,
    "license.tier_years": PUBLIC,
    "license.fee": PUBLIC,
    "license.penalty": PUBLIC,
    "license.status": PUBLIC,
    "tag.serial": PUBLIC,
    "tag.status": PUBLIC,
    "receipt.payer": PRIVATE,
    "receipt.reference": PRIVATE,
    # Complaints (vehicle.animal_left, nuisance.owner_duty). A complainant's identity is withheld,
    # as Minn. Stat. 13.44 subd. 1 does for complaints about the use of real property; the
    # narrative and evidence may name people and are investigative. For the city attorney to
    # confirm.
    "complaint.number": PUBLIC,
    "complaint.kind": PUBLIC,
    "complaint.received_at": PUBLIC,
    "complaint.occurred_at": PUBLIC,
    "complaint.status": PUBLIC,
    "complaint.complainant_name": PRIVATE,
    "complaint.complainant_phone": PRIVATE,
    "complaint.complainant_address": PRIVATE,
    "complaint.complainant_email": PRIVATE,
    "complaint.narrative": PRIVATE,
    "evidence.file": PRIVATE,
}


class ClassificationError(ValueError):
    pass


@dataclass(frozen=True)
class FieldClass:
    key: str
    classification: str
    changed_by_city: bool


def _setting(name: str) -> set[str]:
    value = getattr(settings, name, "") or ""
    return {item.strip().lower() for item in value.split(",") if item.strip()}


def classification() -> dict[str, FieldClass]:
    """Every classified field, with the city's overrides applied."""
    public, private = _setting("DOGTAG_PUBLIC_FIELDS"), _setting("DOGTAG_PRIVATE_FIELDS")
    both = public & private
    if both:
        raise ClassificationError(f"classified both public and private: {', '.join(sorted(both))}")
    unknown = (public | private) - set(DEFAULT_CLASSIFICATION)
    if unknown:
        raise ClassificationError(f"not a classified field: {', '.join(sorted(unknown))}")
    result = {}
    for key, default in DEFAULT_CLASSIFICATION.items():
        value = PUBLIC if key in public else PRIVATE if key in private else default
        result[key] = FieldClass(key, value, value != default)
    return result


def _key(instance: models.Model, field: str) -> str:
    return f"{instance._meta.model_name}.{field}"


def is_public(instance: models.Model, field: str) -> bool:
    """Unclassified fields are private: a new field is never published by accident."""
    entry = classification().get(_key(instance, field))
    return entry is not None and entry.classification == PUBLIC


def public_record(instance: models.Model, fields: Iterable[str]) -> dict[str, object]:
    """The public fields among ``fields`` of a record; private ones are left out entirely."""
    return {field: getattr(instance, field) for field in fields if is_public(instance, field)}


#: What a tag lookup shows of a found dog and its license, the API's (``/public/tags/``) and the
#: residents' site's (``found``) alike; each passes through ``public_record`` first, so a field
#: the city classifies private is left out of both.
LOOKUP_LICENSE_FIELDS = ("number", "kind", "issued_on", "expires_on", "status")
LOOKUP_DOG_FIELDS = ("name", "breed", "color", "sex", "sterilized", "status")


# ----------------------------------------------------------------- who sees what (need-to-know)


@dataclass(frozen=True)
class Access:
    """Which staff see a kind of private data, why, and whether each view is logged."""

    data: str
    roles: tuple[str, ...]
    basis: str
    others: str
    logged: bool


def need_to_know() -> list[Access]:
    """Who sees what among staff (Minn. Stat. 13.05 subd. 5; 13.44 subd. 1), read from the roles
    themselves (``records.roles``) so that this page cannot drift from what the site enforces."""
    every_role = tuple(r for r, codes in ROLE_PERMISSIONS.items() if "view_records" in codes)
    investigators = tuple(
        r for r, codes in ROLE_PERMISSIONS.items() if "view_complaint_private" in codes
    )
    outbox_readers = tuple(r for r in investigators if "outbox.view_outbox" in ROLE_PERMISSIONS[r])
    return [
        Access(
            "An owner's contact: street address, phone and email",
            every_role,
            cited_in(
                "Licensing, renewal notices and enforcement need to reach the owner "
                "({§license.application}).",
            )
            if maps("license.application")
            # a city that licenses no dogs (issue 27) still reaches owners to enforce
            else "Enforcing the city's dog ordinance (complaints, cases, hearings, kennels) "
            "needs to reach the owner.",
            "",
            True,
        ),
        Access(
            "A complainant's identity (name, phone, address) and what they said happened",
            investigators,
            "Minn. Stat. 13.44 subd. 1: the identity of a person who complains about the use of "
            "real property is private; only those investigating need it.",
            "Others see “Private (Minn. Stat. 13.44 subd. 1)” instead. A clerk taking a "
            "complaint types it in, but does not see it afterwards.",
            True,
        ),
        Access(
            "Complaint evidence: the files, their names and descriptions, and the timelines "
            "drawn from them",
            investigators,
            "Evidence is investigative data and its files and names can identify the "
            "complainant (a recording made from their yard, a file named after them).",
            "Others see the kind of evidence, who kept it and when, and its SHA-256; a download "
            "is refused (403).",
            True,
        ),
        Access(
            "E-mail to a complainant in the outbox: its address, subject, text and attachments",
            outbox_readers,
            "Minn. Stat. 13.44 subd. 1, as for the complaint: the mail names the complainant and "
            "what they complained of.",
            "Others who see the outbox see that the message exists, its status and attempts, and "
            "“Private (Minn. Stat. 13.44 subd. 1)” instead.",
            True,
        ),
    ]
