"""The Certificate of Registration of a Dangerous Dog (dangerous_dog.registration_requirements,
the warning symbol and the tag)."""

from __future__ import annotations

from reportlab.platypus import Flowable, Spacer

from dogtag.dangerous_dogs import provisions as P
from dogtag.dangerous_dogs.documents.shared import (
    AUTHORITY,
    dog_description,
    findings_of,
    quoted,
    signature_block,
)
from dogtag.dangerous_dogs.models import Registration
from dogtag.law.provisions import cite
from dogtag.records import pdf


def certificate_pdf(registration: Registration) -> bytes:
    """The Certificate of Registration of a Dangerous Dog, with the evidence shown
    for each requirement a-g and the findings stored when it issued."""
    case = registration.case
    dog = case.dog
    findings = [
        f
        for f in findings_of(registration.decision)
        if f["rule"] == "dangerous_dog.registration_requirements" and len(f["sections"]) == 1
    ]
    evidence = {
        cite(P.ENCLOSURE): registration.proper_enclosure,
        cite(
            P.WARNING_SIGNS
        ): "Warning signs on the front and rear of all buildings and on the enclosure",
        cite(P.INSURANCE): (
            f"{registration.insurer}, policy {registration.policy_number}: "
            f"{pdf.money(registration.insurance_per_person)} per person, "
            f"{pdf.money(registration.insurance_per_incident)} per incident, prepaid, to "
            f"{pdf.long_date(registration.insurance_expires_on)}"
        ),
        cite(P.FEE): f"{pdf.money(registration.fee)}, receipt {registration.receipt.number}",
        cite(P.MICROCHIP): (
            f"{registration.microchip_manufacturer} microchip {registration.microchip_number}"
        ),
        cite(P.LICENSE_AND_VACCINATIONS): (
            f"License {registration.license.number} to "
            f"{pdf.long_date(registration.license.expires_on)}; rabies to "
            f"{pdf.long_date(registration.rabies.expires_on)}; other vaccinations current"
        ),
        cite(P.STERILIZATION): (
            f"Sterilized {pdf.long_date(registration.sterilized_on)}"
            if registration.sterilized_on
            else "Sterilized (dog record)"
        ),
    }
    rows = [
        [
            pdf.text(f["sections"][0]),
            "Met" if f["outcome"] == "met" else "<b>Missing</b>",
            pdf.text(evidence.get(f["sections"][0], "")),
        ]
        for f in findings
    ]
    story: list[Flowable] = [
        *pdf.title_block(
            "Certificate of Registration — Dangerous Dog",
            f"{pdf.city_code(P.REGISTRATION_PROVISIONS)} · Minn. Stat. 347.51 · Certificate "
            f"{pdf.text(registration.certificate_number)}",
        ),
        pdf.notice_box(
            [
                f"Certificate {pdf.text(registration.certificate_number)}",
                f"Valid {pdf.long_date(registration.issued_on)} through "
                f"{pdf.long_date(registration.expires_on)}",
            ],
            color=pdf.NAVY,
        ),
        Spacer(1, 6),
        pdf.two_field_tables(
            [*dog_description(case), ("Dangerous-dog tag", pdf.text(registration.tag_number))],
            [
                ("Owner", pdf.text(case.owner.name)),
                ("Address", pdf.text(case.owner.address)),
                ("Telephone", pdf.text(case.owner.phone_display)),
                ("Case", pdf.text(case.number)),
                ("Deemed dangerous", pdf.long_date(case.deemed_on)),
                ("Warning symbols", str(registration.warning_symbols_issued)),
            ],
            label_width=1.15 * 72,
        ),
        pdf.heading(f"Requirements shown ({P.sec(P.REQUIREMENTS)} a–g)"),
        pdf.data_table(["Section", "Result", "Evidence"], rows, [1.0, 0.7, 5.3]),
        Spacer(1, 6),
        pdf.para(
            "The owner must keep every requirement met while the dog lives, renew this "
            f"registration every year with fresh proof of insurance "
            f"({P.sec(P.INSURANCE, P.RENEWAL)}), keep the dog in its Proper Enclosure or muzzled "
            f"and leashed ({P.sec(P.RESTRAINT)}), and permit inspection ({P.sec(P.INSPECTION)}). "
            "A certificate may be revoked, after a hearing, if compliance is not maintained "
            f"({P.sec(P.REVOCATION)}).",
            "small",
        ),
        pdf.citation_box(quoted(P.REQUIREMENTS, P.RENEWAL, P.TAG)),
        *signature_block(f"{pdf.user_name(registration.issued_by)}, for the {AUTHORITY}"),
    ]
    return pdf.build(
        story,
        pdf.Page(label=f"Certificate of Registration {registration.certificate_number}"),
        title=f"Certificate of Registration {registration.certificate_number}",
        subject=f"Dangerous dog {dog.name}, {pdf.city_code(P.REQUIREMENTS)}",
    )
