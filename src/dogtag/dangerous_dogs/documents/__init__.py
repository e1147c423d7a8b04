"""The dangerous-dog documents (the city's dangerous-dog section, Minn. Stat. 347.50-347.565
through its incorporation), one module each, each provision named by its concept
(``dangerous_dogs.provisions``) and cited as the city in force numbers it:

- ``notice``: the Notice of Dangerous Dog (dangerous_dog.notice.contents) with, as its own last
  page, the pre-printed hearing request form (dangerous_dog.notice.hearing_request);
- ``hearing_notice``: the notice of hearing (dangerous_dog.hearing);
- ``order``: the Hearing Officer's order (its standard of proof, the order, destruction, review by
  certiorari);
- ``certificate``: the Certificate of Registration (its requirements, the warning symbol, the tag);
- ``missing_requirements``: the letter listing the registration requirements not yet shown, with
  their sections;
- ``revocation_notice``: the notice of a revocation hearing (dangerous_dog.revocation.hearing);
- ``requirements`` (the registration requirements and other restrictions the notice and the
  letter list) and ``shared`` (the quoted provisions and what the documents read back from a
  Decision).

Generated from the case's records and the decisions stored when each step was taken: dates,
findings and deadlines are the ones found then (with their day-by-day explanation), never typed.
Each document quotes the sections that require it.
"""

from dogtag.dangerous_dogs.documents.certificate import certificate_pdf
from dogtag.dangerous_dogs.documents.hearing_notice import hearing_notice_pdf
from dogtag.dangerous_dogs.documents.missing_requirements import missing_requirements_pdf
from dogtag.dangerous_dogs.documents.notice import hearing_request_form, notice_pdf
from dogtag.dangerous_dogs.documents.order import order_pdf
from dogtag.dangerous_dogs.documents.requirements import (
    other_restrictions,
    pending_347_52,
    registration_requirements,
)
from dogtag.dangerous_dogs.documents.revocation_notice import (
    revocation_notice_pdf,
    revocation_quotes,
)
from dogtag.dangerous_dogs.documents.shared import (
    AUTHORITY,
    QUOTES,
    dog_description,
    quoted,
    state_registration_clock,
)

__all__ = [
    "AUTHORITY",
    "QUOTES",
    "certificate_pdf",
    "dog_description",
    "hearing_notice_pdf",
    "hearing_request_form",
    "missing_requirements_pdf",
    "notice_pdf",
    "order_pdf",
    "other_restrictions",
    "pending_347_52",
    "quoted",
    "registration_requirements",
    "revocation_notice_pdf",
    "revocation_quotes",
    "state_registration_clock",
]
