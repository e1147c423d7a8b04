"""The dangerous-dog documents (City Code 3-2-9, Minn. Stat. 347.50-347.565 through 3-2-8), one
module each:

- ``notice``: the Notice of Dangerous Dog (A.1) with, as its own last page, the pre-printed hearing
  request form (A.1.c);
- ``hearing_notice``: the notice of hearing (A.2.a);
- ``order``: the Hearing Officer's order (A.2.f, A.2.g, A.3, A.4);
- ``certificate``: the Certificate of Registration (B.3, E.4, E.5);
- ``missing_requirements``: the letter listing the registration requirements not yet shown, with
  their sections (B.3);
- ``revocation_notice``: the notice of a revocation hearing (B.6.b);
- ``requirements`` (the B.3 requirements and other restrictions the notice and the letter list)
  and ``shared`` (the quoted sections and what the documents read back from a Decision).

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
    OTHER_RESTRICTIONS,
    PENDING_347_52,
    REGISTRATION_REQUIREMENTS,
)
from dogtag.dangerous_dogs.documents.revocation_notice import (
    revocation_notice_pdf,
    revocation_quotes,
)
from dogtag.dangerous_dogs.documents.shared import (
    AUTHORITY,
    QUOTES,
    dog_description,
    state_registration_clock,
)

__all__ = [
    "AUTHORITY",
    "OTHER_RESTRICTIONS",
    "PENDING_347_52",
    "QUOTES",
    "REGISTRATION_REQUIREMENTS",
    "certificate_pdf",
    "dog_description",
    "hearing_notice_pdf",
    "hearing_request_form",
    "missing_requirements_pdf",
    "notice_pdf",
    "order_pdf",
    "revocation_notice_pdf",
    "revocation_quotes",
    "state_registration_clock",
]
