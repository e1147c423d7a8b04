"""The registration requirements and restrictions of a Dangerous Dog (the requirements a-g of
dangerous_dog.registration_requirements, the renewal, the owner's notices, the keeping), and what
applies pending a hearing (Minn. Stat. 347.52 (a) to (c), dangerous_dog.notice.interim_compliance,
dangerous_dog.hearing.pending), as the Notice (dangerous_dog.notice.restrictions) and the letter of
missing requirements list them. Each is cited as the city in force numbers it when a document is
drawn."""

from __future__ import annotations

from dogtag.dangerous_dogs import prose
from dogtag.dangerous_dogs import provisions as P
from dogtag.law.provisions import cite
from dogtag.records import pdf

PER_PERSON = "dangerous_dog.insurance.per_person"
PER_INCIDENT = "dangerous_dog.insurance.per_incident"
FEE = "fees.dangerous_dog.registration"
LEASH = "dangerous_dog.restraint.leash_max_feet"
HANDLER_AGE = "dangerous_dog.restraint.handler_min_age_years"

#: The requirements a-g in the ordinance's words (shortened), by concept, each value worded when
#: the document is drawn, from the parameters in force then (``pdf.Later``).
_REGISTRATION_REQUIREMENTS = (
    (
        P.ENCLOSURE,
        "The Owner provides and maintains a Proper Enclosure for the Dangerous Dog.",
    ),
    (
        P.WARNING_SIGNS,
        "The Owner posts clearly visible warning signs, understandable to children, that there is "
        "a Dangerous Dog on the property, on the front and the rear of all buildings on the "
        "property and upon the Proper Enclosure (Minn. Stat. 347.51).",
    ),
    (
        P.INSURANCE,
        pdf.Later(
            lambda: (
                "The Owner provides, and annually shows proof of, public liability insurance "
                f"pre-paid in full of at least {prose.value(PER_PERSON, 'money')} per person and "
                f"{prose.value(PER_INCIDENT, 'money')} per incident (where the state sets a "
                f"minimum too, the more restrictive provision controls, {P.sec(P.INCORPORATION)})."
            )
        ),
    ),
    (
        P.FEE,
        pdf.Later(
            lambda: (
                f"The Owner pays the annual registration fee, {prose.value(FEE)} "
                f"({P.sec(P.REGISTRATION_FEE)}; {pdf.city_code(P.FEE_SCHEDULE)})."
            )
        ),
    ),
    (
        P.MICROCHIP,
        "An identification microchip is implanted in the dog (Minn. Stat. 347.515); its "
        "manufacturer and number are given to the Animal Control Authority.",
    ),
    (
        P.LICENSE_AND_VACCINATIONS,
        "The dog has a license, if required, and is up to date on all vaccinations including "
        "rabies.",
    ),
    (
        P.STERILIZATION,
        pdf.Later(
            lambda: (
                "The dog must be sterilized. If not done within "
                f"{prose.days('dangerous_dog.sterilization', 'ordinance')}, the Animal Control "
                "Authority shall seize the dog and have it sterilized at the owner's expense."
            )
        ),
    ),
)

#: The other restrictions, each by the provisions that state it.
_OTHER_RESTRICTIONS: tuple[tuple[tuple[str, ...], object], ...] = (
    (
        (P.RESTRAINT,),
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
        (P.RENEWAL,),
        "The registration is renewed every year until the dog is deceased.",
    ),
    (
        (P.DEATH_OR_RELOCATION,),
        pdf.Later(
            lambda: (
                "The Owner notifies the Animal Control Authority in writing within "
                f"{prose.days('dangerous_dog.death_or_relocation', 'ordinance')} of the dog's "
                "death, or of its relocation or transfer out of the City."
            )
        ),
    ),
    (
        (P.SALE_OR_TRANSFER,),
        "Before selling or transferring the dog, the Owner tells the buyer it was designated "
        "Dangerous, and tells the Authority in writing the new Owner's name, address and "
        "telephone number.",
    ),
    (
        (P.RENTAL_DISCLOSURE,),
        "An Owner who rents tells the property owner before the dog resides there, before the "
        "lease, and at each renewal.",
    ),
    (
        (P.WARNING_SYMBOL, P.TAG),
        "The City provides warning symbols for posting (at a fee) and the dog wears the uniform "
        "dangerous-dog tag at all times.",
    ),
    (
        (P.INSPECTION,),
        "The Owner permits the Animal Control Authority and Law Enforcement to inspect the "
        "premises at reasonable hours without a warrant; refusal is by itself a ground to seize "
        "the dog and revoke the registration.",
    ),
)


def registration_requirements() -> tuple[tuple[str, str], ...]:
    """(section, words) of each registration requirement, as the city in force numbers it."""
    return tuple((cite(c), str(words)) for c, words in _REGISTRATION_REQUIREMENTS)


def other_restrictions() -> tuple[tuple[str, str], ...]:
    """(section, words) of each other restriction; two provisions of one subsection stated
    together are cited as a run."""
    return tuple(
        (P.span(*concepts) if len(concepts) == 2 else cite(concepts[0]), str(words))
        for concepts, words in _OTHER_RESTRICTIONS
    )


def pending_347_52() -> str:
    """What applies pending the hearing, under Minn. Stat. 347.52 (a) to (c) and the city's proof
    that keeps the dog from being seized (dangerous_dog.hearing.pending)."""
    return (
        "Minn. Stat. 347.52 (a) to (c): keep the dog in a Proper Enclosure (and, off the property, "
        "muzzled and on a leash under a responsible person's physical restraint); and, as they "
        "apply pending the hearing, the statute's requirements on registration renewal and notice "
        "of the dog's death or transfer. Pending the hearing the dog may be seized unless the "
        f"proof of {P.sec(P.PENDING_HEARING)} is shown: a license if required, rabies "
        "vaccination, a Proper Enclosure or a leash and muzzle, and no unreasonable risk of harm."
    )
