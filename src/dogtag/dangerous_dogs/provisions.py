"""The provisions the dangerous-dog pages, services and documents name, each by its concept in the
ordinance's words (issue 27: rules cite concepts, packages cite sections). The jurisdiction
package in force says where its law states each one (``law.provisions``); nothing here is a
section. Each is cited when a page, a message or a document is written, never at import.
"""

from __future__ import annotations

import re

from django.utils.functional import lazy

# the registration's requirements and the release, as the rules core names them (one place)
from dogtag.law.dangerous_dogs.registration import (  # noqa: F401  (used by the app's modules)
    ENCLOSURE,
    FEE,
    INSURANCE,
    LICENSE_AND_VACCINATIONS,
    MICROCHIP,
    RELEASE,
    REQUIREMENTS,
    STERILIZATION,
    WARNING_SIGNS,
)
from dogtag.law.params import ParameterSet
from dogtag.law.provisions import UnknownProvision, cite, cite_each, cited_in, together

#: "restrictions imposed upon a Dangerous Dog under this Section": the dangerous-dog section
SECTION = "dangerous_dog.restrictions"
#: the designation of a dog as Dangerous by the Animal Control Authority
DESIGNATION = "dangerous_dog.designation"
#: the state's sections on dangerous dogs, adopted and incorporated by the city's code
INCORPORATION = "incorporation.state_statutes"
#: "Notice.": the provisions on the Notice of Dangerous Dog, every content it must include
NOTICE_CONTENTS = "dangerous_dog.notice.contents"
#: the written Notice served on the Owner, stating the incidents
NOTICE = "dangerous_dog.notice"
#: "(1) Description of the dog deemed to be Dangerous"
DOG_DESCRIPTION = "dangerous_dog.notice.dog_description"
#: "(2) The factual basis for that determination"
FACTUAL_BASIS = "dangerous_dog.notice.factual_basis"
#: "(3) The identity of the official who made the determination and the authority"
OFFICIAL = "dangerous_dog.notice.official"
#: "(4) If the dog was seized, the address and telephone number of the contact person"
SEIZED_CONTACT = "dangerous_dog.notice.seized_contact"
#: "the registration requirements and other restrictions"
NOTICE_RESTRICTIONS = "dangerous_dog.notice.restrictions"
#: "fourteen (14) days to appeal the determination by requesting a Hearing"
HEARING_REQUEST = "dangerous_dog.notice.hearing_request"
#: "if the owner does request a hearing, the owner must immediately comply with Minn. Stat. 347.52"
INTERIM_COMPLIANCE = "dangerous_dog.notice.interim_compliance"
#: "if the Owner does not request a Hearing within the allotted fourteen (14) days, the
#: designation of Dangerous Dog ... will stand"
DESIGNATION_STANDS = "dangerous_dog.notice.designation_stands"
#: "all actual costs of care, keeping and disposition of the dog ... are the responsibility"
NOTICE_COSTS = "dangerous_dog.notice.costs"
#: "2. Hearing:": the hearing's requirements as a whole
HEARING_REQUIREMENTS = "dangerous_dog.hearing.requirements"
#: "the Hearing shall be held before a Hearing Officer within fourteen (14) days"
HEARING = "dangerous_dog.hearing"
#: "Any dog Owner who requests such a Hearing is liable to the City for all costs and expenses"
HEARING_COSTS = "dangerous_dog.hearing.costs"
#: "Pending the Hearing, the dog may be seized ... unless the Owner shows proof"
PENDING_HEARING = "dangerous_dog.hearing.pending"
#: "The records of the Animal Control Authority ... shall be admissible"
HEARING_RECORDS = "dangerous_dog.hearing.records"
#: "The Owner may be represented by private legal counsel"
REPRESENTATION = "dangerous_dog.hearing.representation"
#: "both the Owner and the Animal Control Authority may present the testimony of live witnesses"
HEARING_EVIDENCE = "dangerous_dog.hearing.evidence"
#: "The burden of proof shall be upon the Animal Control Authority"
STANDARD_OF_PROOF = "dangerous_dog.hearing.standard_of_proof"
#: "the Hearing Officer shall make such order as he/she deems proper"
ORDER = "dangerous_dog.hearing.order"
#: "fails or refuses to release a dog ... upon demand"
RELEASE_ON_DEMAND = "dangerous_dog.release_on_demand"
#: "Authority to order destruction"
DESTRUCTION = "dangerous_dog.destruction"
DESTRUCTION_BY_ATTACK = "dangerous_dog.destruction.dangerous_by_attack"
DESTRUCTION_NO_CONTROL = "dangerous_dog.destruction.owner_cannot_control"
DESTRUCTION_NO_INSURANCE = "dangerous_dog.destruction.no_proof_of_insurance"
#: "subject to review by writ of certiorari"
CERTIORARI = "dangerous_dog.certiorari"
#: "liable for all actual costs of care, keeping, and disposal of the dog"
COSTS = "dangerous_dog.costs"
#: "A dog may not be declared Dangerous if ..."
EXEMPTION = "dangerous_dog.exemption"
#: "Review of designation"
REVIEW = "dangerous_dog.review"
#: "Registration:": the provisions on the registration as a whole
REGISTRATION_PROVISIONS = "dangerous_dog.registration.provisions"
#: "the dog shall, at all times during the dog's life, be registered as a Dangerous Dog"
LIFETIME = "dangerous_dog.registration.lifetime"
#: "shall be registered as a Dangerous Dog ... within thirty (30) days after the date the dog was
#: so deemed"
REGISTRATION = "dangerous_dog.registration"
#: "an annual fee ... to obtain a Certificate of Registration"
REGISTRATION_FEE = "dangerous_dog.registration_fee"
#: "may be revoked, following Hearing"
REVOCATION = "dangerous_dog.revocation"
REVOCATION_GROUNDS = "dangerous_dog.revocation.grounds"
REVOCATION_HEARING = "dangerous_dog.revocation.hearing"
REVOCATION_DISPOSITION = "dangerous_dog.revocation.disposition"
#: "shall renew the registration of the dog annually"
RENEWAL = "dangerous_dog.registration_renewal"
#: "shall notify ... of the death of the dog, or if the dog relocates or transfers out of the City"
DEATH_OR_RELOCATION = "dangerous_dog.death_or_relocation"
#: "must notify any potential purchaser or transferee"
SALE_OR_TRANSFER = "dangerous_dog.sale_or_transfer"
#: "shall keep and maintain the dog pursuant to all requirements of this subsection"
KEEPING = "dangerous_dog.keeping"
#: "shall keep the dog, while on the Owner's property, in a Proper Enclosure"
PROPER_ENCLOSURE = "dangerous_dog.proper_enclosure"
#: "muzzled and restrained by a substantial chain or leash"
RESTRAINT = "dangerous_dog.restraint"
#: "shall disclose to the property owner"
RENTAL_DISCLOSURE = "dangerous_dog.rental_disclosure"
#: "the City must provide ... a warning symbol"
WARNING_SYMBOL = "dangerous_dog.warning_symbol"
#: "a standardized, easily identifiable tag"
TAG = "dangerous_dog.tag"
#: "shall permit the Animal Control Authority and/or Law Enforcement to enter ... to inspect"
INSPECTION = "dangerous_dog.inspection"
#: "no ordinance violations for a period of two (2) years"
CONDITIONS_REVIEW = "dangerous_dog.conditions_review"
#: the seizure of dogs
SEIZURE = "dangerous_dog.seizure"
#: "fees ... shall be as established by resolution of the City Council"
FEE_SCHEDULE = "fees.schedule"


def sec(*concepts: str, params: ParameterSet | None = None) -> str:
    """The sections stating ``concepts`` as the city in force numbers them, listed as its
    ordinance lists them: the first in full, the next by what tells it from the one before."""
    return together(cite_each(*concepts, params=params))


def span(first: str, last: str) -> str:
    """Two provisions of one subsection cited as a run, the second by what tells it apart
    (the tag after the warning symbol); in full where they are not so written."""
    one, two = cite(first), cite(last)
    head, _, tail = two.rpartition(".")
    if head and one.rpartition(".")[0] == head:
        return f"{one}-{tail}"
    return f"{one} to {two}"


def within(concept: str, params: ParameterSet | None = None) -> str:
    """The provision as cited within its own section, without the section's number ("B.6.b" in
    Nowthen), as a list continues after a first citation of that section; in full where the
    citation has no part within a section."""
    cited = cite(concept, params)
    number = re.match(r"\d+(?:[-.]\d+)*", cited)
    rest = cited[number.end() :].removeprefix(".") if number else ""
    return rest or cited


def last(concept: str, params: ParameterSet | None = None) -> str:
    """The provision by its last part alone (the letter of a paragraph, after another of it), as a list
    continues within the same paragraph; in full where the citation has no such part."""
    cited = cite(concept, params)
    head, _, tail = cited.rpartition(".")
    return tail if head and tail else cited


#: ``{§concept|within}`` and ``{§concept|last}`` in a text written once: the provision as
#: :func:`within` and :func:`last` cite it, where a list goes on after a first citation
_PART = re.compile(r"\{§([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+)\|(within|last)\}")


def worded(text: str) -> str:
    """``text`` with its citations (``{§concept}``, ``{§concept|within}``, ``{§concept|last}``)
    written as the city in force numbers them; a concept the city does not map named by its id,
    marked so (a label read where the city's law lacks it still shows)."""

    def part(match: re.Match[str]) -> str:
        try:
            return (within if match[2] == "within" else last)(match[1])
        except UnknownProvision:
            return f"[{match[1]}: no section]"

    return cited_in(_PART.sub(part, text), lenient=True)


#: A label or help text read when a form or a model is defined, cited each time it is shown
#: (:func:`worded`), never at import: ``cites("Insurer ({§dangerous_dog...insurance})")``.
cites = lazy(worded, str)
