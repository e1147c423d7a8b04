"""The registration requirements and restrictions of a Dangerous Dog (3-2-9.B.3 a-g, B.7, C, D,
E.2-E.6), and what applies pending a hearing (Minn. Stat. 347.52 (a) to (c), 3-2-9.A.1.d, A.2.b),
as the Notice (A.1.b) and the letter of missing requirements list them."""

from __future__ import annotations

from dogtag.dangerous_dogs import prose
from dogtag.records import pdf

PER_PERSON = "dangerous_dog.insurance.per_person"
PER_INCIDENT = "dangerous_dog.insurance.per_incident"
FEE = "fees.dangerous_dog.registration"
LEASH = "dangerous_dog.restraint.leash_max_feet"
HANDLER_AGE = "dangerous_dog.restraint.handler_min_age_years"

#: 3-2-9.B.3 a-g in the ordinance's words (shortened), each value worded when the document is
#: drawn, from the parameters in force then (``pdf.Later``).
REGISTRATION_REQUIREMENTS = (
    (
        "3-2-9.B.3.a",
        "The Owner provides and maintains a Proper Enclosure for the Dangerous Dog.",
    ),
    (
        "3-2-9.B.3.b",
        "The Owner posts clearly visible warning signs, understandable to children, that there is "
        "a Dangerous Dog on the property, on the front and the rear of all buildings on the "
        "property and upon the Proper Enclosure (Minn. Stat. 347.51).",
    ),
    (
        "3-2-9.B.3.c",
        pdf.Later(
            lambda: (
                "The Owner provides, and annually shows proof of, public liability insurance "
                f"pre-paid in full of at least {prose.value(PER_PERSON, 'money')} per person and "
                f"{prose.value(PER_INCIDENT, 'money')} per incident (where the state sets a "
                "minimum too, the more restrictive provision controls, 3-2-8)."
            )
        ),
    ),
    (
        "3-2-9.B.3.d",
        pdf.Later(
            lambda: (
                f"The Owner pays the annual registration fee, {prose.value(FEE)} (3-2-9.B.5; "
                "City Code 1-2-2)."
            )
        ),
    ),
    (
        "3-2-9.B.3.e",
        "An identification microchip is implanted in the dog (Minn. Stat. 347.515); its "
        "manufacturer and number are given to the Animal Control Authority.",
    ),
    (
        "3-2-9.B.3.f",
        "The dog has a license, if required, and is up to date on all vaccinations including "
        "rabies.",
    ),
    (
        "3-2-9.B.3.g",
        pdf.Later(
            lambda: (
                "The dog must be sterilized. If not done within "
                f"{prose.days('dangerous_dog.sterilization', 'ordinance')}, the Animal Control "
                "Authority shall seize the dog and have it sterilized at the owner's expense."
            )
        ),
    ),
)

OTHER_RESTRICTIONS = (
    (
        "3-2-9.E.2",
        pdf.Later(
            lambda: (
                "On the Owner's property the dog is kept in a Proper Enclosure; outside it, at all "
                "times muzzled and restrained by a substantial chain or leash of at most "
                f"{prose.value(LEASH, 'words_unit')}, under the physical restraint of a "
                f"responsible person {prose.value(HANDLER_AGE, 'number')} years of age or older."
            )
        ),
    ),
    (
        "3-2-9.B.7",
        "The registration is renewed every year until the dog is deceased.",
    ),
    (
        "3-2-9.C",
        pdf.Later(
            lambda: (
                "The Owner notifies the Animal Control Authority in writing within "
                f"{prose.days('dangerous_dog.death_or_relocation', 'ordinance')} of the dog's "
                "death, or of its relocation or transfer out of the City."
            )
        ),
    ),
    (
        "3-2-9.D",
        "Before selling or transferring the dog, the Owner tells the buyer it was designated "
        "Dangerous, and tells the Authority in writing the new Owner's name, address and "
        "telephone number.",
    ),
    (
        "3-2-9.E.3",
        "An Owner who rents tells the property owner before the dog resides there, before the "
        "lease, and at each renewal.",
    ),
    (
        "3-2-9.E.4-5",
        "The City provides warning symbols for posting (at a fee) and the dog wears the uniform "
        "dangerous-dog tag at all times.",
    ),
    (
        "3-2-9.E.6",
        "The Owner permits the Animal Control Authority and Law Enforcement to inspect the "
        "premises at reasonable hours without a warrant; refusal is by itself a ground to seize "
        "the dog and revoke the registration.",
    ),
)

PENDING_347_52 = (
    "Minn. Stat. 347.52 (a) to (c): keep the dog in a Proper Enclosure (and, off the property, "
    "muzzled and on a leash under a responsible person's physical restraint); and, as they apply "
    "pending the hearing, the statute's requirements on registration renewal and notice of the "
    "dog's death or transfer. Pending the hearing the dog may be seized unless the proof of "
    "3-2-9.A.2.b is shown: a license if required, rabies vaccination, a Proper Enclosure or a "
    "leash and muzzle, and no unreasonable risk of harm."
)
