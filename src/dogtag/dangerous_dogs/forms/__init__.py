"""The forms of the dangerous-dog case: each parses one step's input for one service.

They hold no rules: whether a step may happen, and what the law finds, is the service's and the
rules core's. Labels use the ordinance's words and cite the subsection the field serves.

A field that asks a fact a question of ``dogtag evaluate`` takes (``dangerous-dog-case``,
``-designation``, ``-registration``...) takes its description, whether it is required, and its
choices from that question's facts (``records.facts.from_fact``, issue 11 item 6): the fact is
described once, in the rules core. A help text or label that says a day count or an amount words
the parameter in force when the form is made (``dangerous_dogs.prose``, issue 11 item 5), never a
number typed in.
"""

from dogtag.dangerous_dogs.forms.court import (
    CertiorariDecisionForm,
    CertiorariPetitionForm,
    ReleaseRefusedForm,
    SaleDisclosureForm,
)
from dogtag.dangerous_dogs.forms.designation import (
    DateForm,
    DesignationForm,
    HearingRequestForm,
    HoldForm,
    IncidentTimeForm,
    LateRequestForm,
    OralRequestForm,
    OrderForm,
    PendingForm,
    ScheduleForm,
    ServiceForm,
)
from dogtag.dangerous_dogs.forms.fields import local_datetime
from dogtag.dangerous_dogs.forms.keeping import (
    AffidavitForm,
    ConditionsReviewForm,
    CostForm,
    CostPaymentForm,
    InspectionSeizureForm,
    OwnerNoticeForm,
    ReleaseForm,
    RentalDisclosureForm,
    ReviewDecisionForm,
    ReviewRequestForm,
    SterilizationSeizureForm,
)
from dogtag.dangerous_dogs.forms.registration import (
    InspectionForm,
    RegistrationForm,
    RevocationHearingForm,
    RevocationNoticeForm,
    RevocationOrderForm,
)

__all__ = [
    "AffidavitForm",
    "CertiorariDecisionForm",
    "CertiorariPetitionForm",
    "ConditionsReviewForm",
    "CostForm",
    "CostPaymentForm",
    "DateForm",
    "DesignationForm",
    "HearingRequestForm",
    "HoldForm",
    "IncidentTimeForm",
    "InspectionForm",
    "InspectionSeizureForm",
    "LateRequestForm",
    "OralRequestForm",
    "OrderForm",
    "OwnerNoticeForm",
    "PendingForm",
    "RegistrationForm",
    "ReleaseForm",
    "ReleaseRefusedForm",
    "RentalDisclosureForm",
    "ReviewDecisionForm",
    "ReviewRequestForm",
    "RevocationHearingForm",
    "RevocationNoticeForm",
    "RevocationOrderForm",
    "SaleDisclosureForm",
    "ScheduleForm",
    "ServiceForm",
    "SterilizationSeizureForm",
    "local_datetime",
]
