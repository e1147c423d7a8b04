"""Vaccinated in the city, never licensed (issue 13 item 2): the clinics' certificates for dogs
that hold no license, as a section of the due list, with the clocks of
``license.required`` and ``license.minimum_age``.

A certificate counts when a clerk found no record of its dog in the city (``not_here``), or when
it was recorded on a dog that never held a license (other than a voided one). The day a license
is required is the rules core's: with a birth date, ``law.licensing.license_required``
(``license.minimum_age``, six months of age with the reading adopted; from then
``license.required``); without one, the vaccination day, when the dog was kept in the city at the
latest (``license.required``). The late-first-license penalty's date
is ``law.licensing_clocks.first_license_penalty``, counted by ``law.clocks`` (Minn. Stat. 645.15).
No day is counted here.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Q

from dogtag.clinics.models import Certificate
from dogtag.law import wording
from dogtag.law.computation_of_time import day_label
from dogtag.law.licensing import SIX_MONTHS_READING, license_required
from dogtag.law.licensing_clocks import first_license_penalty, reading_line
from dogtag.law.params import ParameterSet
from dogtag.law.provisions import cite, cite_each
from dogtag.licensing.models import Dog, License
from dogtag.records.due import Clocks, DueRow, DueSection, link, owner_url, sorted_rows
from dogtag.records.law_parts import law_has

#: "No dog ... shall be kept ... unless ... licensed", from the age "no license shall be required
#: for a dog under six months of age" sets; a new resident's period (the package's sections.yaml)
REQUIRED = "license.required"
MINIMUM_AGE = "license.minimum_age"
NEW_RESIDENT = "license.new_resident"
CONCEPTS = (REQUIRED, MINIMUM_AGE)
KEY = "vaccinated_unlicensed"


def certificates(on: dt.date) -> Iterable[Certificate]:
    """The certificates of dogs holding no license, vaccinated by ``on``. One query."""
    licensed = Exists(
        License.objects.filter(dog=OuterRef("dog")).exclude(status=License.Status.VOID)
    )
    return (
        Certificate.objects.filter(vaccinated_on__lte=on)
        .annotate(licensed=licensed)
        .filter(
            Q(status=Certificate.Status.NOT_HERE)
            | Q(
                status=Certificate.Status.RECORDED,
                licensed=False,
                dog__status=Dog.Status.ACTIVE,
            )
        )
        .select_related("dog__owner")
        .order_by("vaccinated_on", "id")
    )


@dataclass(frozen=True)
class Reached:
    """Who to reach about one certificate, and since when a license is required."""

    certificate: Certificate
    dog_name: str
    owner_name: str
    address: tuple[str, ...]
    email: str
    required_from: dt.date
    lines: tuple[str, ...]
    note: str


def reached(certificate: Certificate, on: dt.date, clocks: Clocks) -> Reached:
    params = clocks.params
    dog = certificate.dog
    born = dog.born if dog is not None and dog.born else certificate.born
    lines = [
        f"Vaccinated against rabies on {day_label(certificate.vaccinated_on)} by "
        f"{certificate.veterinarian} of {certificate.clinic} (certificate "
        f"{certificate.certificate_number}): the dog is kept in the city, and no license is on "
        f"record for it."
    ]
    if born is not None and born <= on:
        finding = license_required(born, on, params)
        required_from = finding.next_date or born
        lines += [
            f"Born {day_label(born)}.",
            finding.message,
            reading_line(params, SIX_MONTHS_READING, on),
        ]
    else:
        required_from = certificate.vaccinated_on
        lines.append(
            "No birth date is known: a license is required from the vaccination day at the "
            "latest, unless the dog was then under "
            f"{wording.phrase(params.get('license.minimum_age_months', on), 'words_unit')} of "
            f"age ({', '.join(cite_each(*CONCEPTS, params=params))})."
        )
    penalty = first_license_penalty(params, on, required_from, clocks.due)
    lines += [
        *penalty.lines,
        "An owner who has just become a resident of the city has "
        f"{wording.phrase(params.get('license.new_resident_days', on), 'words_unit')} from that "
        f"day to obtain the license ({cite(NEW_RESIDENT, params)}).",
    ]
    if dog is not None:
        owner = dog.owner
        address = (owner.name, owner.street, f"{owner.city}, {owner.state} {owner.postal_code}")
        email = owner.email if owner.email_consent else ""
        name, owner_name = dog.name, owner.name
    else:
        address = tuple(
            line
            for line in (
                certificate.owner_name,
                certificate.owner_street,
                " ".join(p for p in (certificate.owner_city, certificate.owner_postal_code) if p),
            )
            if line
        )
        email = certificate.owner_email
        name, owner_name = certificate.dog_name or "(no name given)", certificate.owner_name
    return Reached(
        certificate=certificate,
        dog_name=name,
        owner_name=owner_name,
        address=address,
        email=email,
        required_from=required_from,
        lines=tuple(lines),
        note=penalty.note,
    )


def unlicensed_sections(on: dt.date, params: ParameterSet) -> list[DueSection]:
    """The due list's section (registered in ``ClinicsConfig.ready``); none in a city whose law
    states no dog license (``law_has``)."""
    if not law_has()["licensing"]:
        return []
    clocks = Clocks(params)
    rows = []
    for certificate in certificates(on):
        found = reached(certificate, on, clocks)
        dog = certificate.dog
        rows.append(
            DueRow(
                subject_id=certificate.pk,
                subject_name=found.dog_name,
                subject_url=link("certificate_detail", certificate.pk, ""),
                owner_id=dog.owner.pk if dog is not None else 0,
                owner_name=found.owner_name or "(no owner named)",
                owner_url=owner_url(dog.owner.pk) if dog is not None else "",
                date=found.required_from,
                overdue=found.required_from <= on,
                sections=cite_each(*CONCEPTS, params=params),
                summary=(
                    f"Vaccinated {day_label(certificate.vaccinated_on)} at {certificate.clinic}; "
                    f"a license is required {'since' if found.required_from <= on else 'from'} "
                    f"{day_label(found.required_from)} and none is on record "
                    f"({cite(REQUIRED, params)})."
                ),
                explanation=found.lines,
                note=found.note,
            )
        )
    return [
        DueSection(
            key=KEY,
            title="Vaccinated in the city, never licensed",
            sections=cite_each(*CONCEPTS, params=params),
            intro=(
                "Dogs a veterinary clinic vaccinated against rabies whose certificate names no "
                "licensed dog: no dog may be kept in the city unless licensed "
                f"({cite(REQUIRED, params)}), from the age the ordinance sets "
                f"({cite(MINIMUM_AGE, params)}). Send the owners the reminder letters."
            ),
            date_heading="License required from",
            empty="Every certificate from the clinics is for a licensed dog.",
            rows=sorted_rows(rows),
            flag="Required now",
            subject_heading="Dog (certificate)",
        )
    ]
