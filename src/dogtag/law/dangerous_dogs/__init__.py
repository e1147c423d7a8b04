"""The dangerous-dog rules, with Minn. Stat. 347.50-347.565 incorporated by the city's code.

One module per stage of a case: ``designation`` (the criteria, the exemptions, the standard of
proof, destruction, the dog pending the hearing), ``notice`` (the notice's service, incidents and
contents), ``custody`` (releasing the dog on demand), ``registration`` (the certificate's
requirements with the microchip of 347.515, the seizure for sterilization, the release from
impound), ``revocation``, ``keeping`` (restraint, the rental disclosure, the warning symbols,
inspection), ``notices`` (the owner's notices of death, relocation or transfer) and ``review``
(of the designation and of the conditions). Each provision is a concept the jurisdiction package
maps to its section (``law.provisions``). The case deadlines are clocks in ``clocks.py``. Where
the state and the city set different values, ``incorporation.controlling_provision`` shows both
and names the one that controls, and the finding here carries that finding's explanation. Every
public name is importable from this package.
"""

from dogtag.law.dangerous_dogs.custody import ReleaseOnDemandFacts, release_on_demand
from dogtag.law.dangerous_dogs.designation import (
    CRITERIA,
    DESTRUCTION_CRITERIA,
    EXEMPTIONS,
    PROCEEDINGS,
    criteria,
    destruction,
    exemption,
    pending_hearing,
    standard_of_proof,
)
from dogtag.law.dangerous_dogs.keeping import (
    RENTAL_OCCASIONS,
    Restraint,
    inspection,
    inspection_seizure,
    rental_disclosure,
    restraint,
    warning_symbol_charge,
)
from dogtag.law.dangerous_dogs.notice import (
    NOTICE_CONTENTS,
    SERVICE_METHODS,
    NoticeContents,
    NoticeFacts,
    StatedIncident,
    notice_contents,
    notice_incidents,
    notice_service,
    notice_states,
)
from dogtag.law.dangerous_dogs.notices import OWNER_NOTICES, owner_notice
from dogtag.law.dangerous_dogs.registration import (
    MICROCHIP_FORMATS,
    RegistrationEvidence,
    microchip_format,
    registration,
    release,
    sterilization_seizure,
)
from dogtag.law.dangerous_dogs.review import (
    CONDITIONS,
    REVIEW_FACTORS,
    condition,
    relax_conditions,
    review_eligibility,
)
from dogtag.law.dangerous_dogs.revocation import RevocationFacts, revocation

__all__ = [
    "CONDITIONS",
    "CRITERIA",
    "DESTRUCTION_CRITERIA",
    "EXEMPTIONS",
    "MICROCHIP_FORMATS",
    "NOTICE_CONTENTS",
    "OWNER_NOTICES",
    "PROCEEDINGS",
    "RENTAL_OCCASIONS",
    "REVIEW_FACTORS",
    "SERVICE_METHODS",
    "NoticeContents",
    "NoticeFacts",
    "RegistrationEvidence",
    "ReleaseOnDemandFacts",
    "Restraint",
    "RevocationFacts",
    "StatedIncident",
    "condition",
    "criteria",
    "destruction",
    "exemption",
    "inspection",
    "inspection_seizure",
    "microchip_format",
    "notice_contents",
    "notice_incidents",
    "notice_service",
    "notice_states",
    "owner_notice",
    "pending_hearing",
    "registration",
    "relax_conditions",
    "release",
    "release_on_demand",
    "rental_disclosure",
    "restraint",
    "review_eligibility",
    "revocation",
    "standard_of_proof",
    "sterilization_seizure",
    "warning_symbol_charge",
]
