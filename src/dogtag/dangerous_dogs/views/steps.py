"""The steps a case page offers: each step's form, who may take it, its button, and the steps
the rules core allows next (``services.standing``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms as django_forms

from dogtag.dangerous_dogs import forms, services
from dogtag.dangerous_dogs.models import DangerousDogCase, OwnerNotice
from dogtag.records.services import today

DESIGNATE = services.DESIGNATE
CONDUCT = services.CONDUCT
State = DangerousDogCase.State


# ------------------------------------------------------------------------------ the steps


@dataclass(frozen=True)
class Step:
    """One step of the case as the page offers it: its form and who may take it."""

    key: str
    title: str
    sections: str
    form: type[django_forms.Form]
    permissions: tuple[str, ...]  # any one of them
    button: str

    def allowed(self, user: Any) -> bool:
        return any(user.has_perm(p) for p in self.permissions)


STEPS = {
    step.key: step
    for step in (
        Step(
            "notice",
            "Issue the Notice of Dangerous Dog",
            "3-2-9.A.1",
            forms.DateForm,
            (DESIGNATE,),
            "Issue the notice",
        ),
        Step(
            "service",
            "Record the service of the notice",
            "3-2-9.A.1.a, A.1.c",
            forms.ServiceForm,
            (DESIGNATE,),
            "Record service",
        ),
        Step(
            "hearing_request",
            "Receive a written request for a hearing",
            "3-2-9.A.1.c",
            forms.HearingRequestForm,
            (DESIGNATE,),
            "Record the request",
        ),
        Step(
            "oral_request",
            "Record a request for a hearing that was not in writing",
            "3-2-9.A.1.c",
            forms.OralRequestForm,
            (DESIGNATE,),
            "Record it (not a request)",
        ),
        Step(
            "late_request",
            "Record a written request received on an earlier day (one received too late is kept "
            "for the Hearing Officer)",
            "3-2-9.A.1.c, A.1.e",
            forms.LateRequestForm,
            (DESIGNATE,),
            "Record the written request",
        ),
        Step(
            "stands",
            "No hearing requested: the designation stands",
            "3-2-9.A.1.e",
            forms.DateForm,
            (DESIGNATE,),
            "Record that the designation stands",
        ),
        Step(
            "schedule",
            "Schedule the hearing",
            "3-2-9.A.2.a",
            forms.ScheduleForm,
            (DESIGNATE, CONDUCT),
            "Schedule the hearing",
        ),
        Step(
            "pending",
            "Pending the hearing: proof shown or dog seized",
            "3-2-9.A.2.b",
            forms.PendingForm,
            (DESIGNATE,),
            "Record",
        ),
        Step(
            "hold",
            "Record the hearing",
            "3-2-9.A.2.c-f",
            forms.HoldForm,
            (CONDUCT,),
            "Record the hearing",
        ),
        Step(
            "order",
            "Issue the Hearing Officer's order",
            "3-2-9.A.2.g, A.3",
            forms.OrderForm,
            (CONDUCT,),
            "Issue the order",
        ),
        Step(
            "register",
            "Certificate of Registration",
            "3-2-9.B.3, E.4, E.5",
            forms.RegistrationForm,
            (DESIGNATE,),
            "Issue the certificate",
        ),
        Step(
            "inspection",
            "Record an inspection of the premises",
            "3-2-9.E.6",
            forms.InspectionForm,
            (DESIGNATE,),
            "Record the inspection",
        ),
        Step(
            "revocation_notice",
            "Serve a notice of revocation",
            "3-2-9.B.6.a-b",
            forms.RevocationNoticeForm,
            (DESIGNATE,),
            "Record the notice of revocation",
        ),
        Step(
            "revocation_hearing",
            "Record the revocation hearing",
            "3-2-9.B.6.b, A.2",
            forms.RevocationHearingForm,
            (CONDUCT,),
            "Record the revocation hearing",
        ),
        Step(
            "revocation_order",
            "Issue the order on the revocation",
            "3-2-9.B.6.c",
            forms.RevocationOrderForm,
            (CONDUCT,),
            "Issue the revocation order",
        ),
        Step(
            "owner_notice",
            "Owner's notice of death, relocation or transfer",
            "3-2-9.C, D",
            forms.OwnerNoticeForm,
            (DESIGNATE,),
            "Record the owner's notice",
        ),
        Step(
            "review_request",
            "Receive a request to review the designation",
            "3-2-9.A.7",
            forms.ReviewRequestForm,
            (DESIGNATE,),
            "Record the request for review",
        ),
        Step(
            "review_decision",
            "Decide the review of the designation",
            "3-2-9.A.7",
            forms.ReviewDecisionForm,
            (DESIGNATE, CONDUCT),
            "Record the decision",
        ),
        Step(
            "cost",
            "Record a cost",
            "3-2-9.A.1.f, A.2.a, A.5, A.7",
            forms.CostForm,
            (DESIGNATE,),
            "Record the cost",
        ),
        Step(
            "payment",
            "Record a payment toward the costs",
            "3-2-9.A.5",
            forms.CostPaymentForm,
            (DESIGNATE,),
            "Record the payment",
        ),
        Step(
            "rental_disclosure",
            "Record a disclosure to the property owner",
            "3-2-9.E.3",
            forms.RentalDisclosureForm,
            (DESIGNATE,),
            "Record the disclosure",
        ),
        Step(
            "conditions_review",
            "Review the conditions for keeping the dog",
            "3-2-9.E.7",
            forms.ConditionsReviewForm,
            (DESIGNATE, CONDUCT),
            "Record the review",
        ),
        Step(
            "sterilization_seizure",
            "Seize the dog and have it sterilized at the owner's expense",
            "3-2-9.B.3.g",
            forms.SterilizationSeizureForm,
            (DESIGNATE,),
            "Record the seizure and sterilization",
        ),
        Step(
            "inspection_seizure",
            "Seize the dog after a refused inspection",
            "3-2-9.E.6, 3-2-12",
            forms.InspectionSeizureForm,
            (DESIGNATE,),
            "Record the seizure",
        ),
        Step(
            "release",
            "Release the dog from impoundment",
            "3-2-9.B.4, A.5",
            forms.ReleaseForm,
            (DESIGNATE,),
            "Release the dog",
        ),
        Step(
            "affidavit",
            "Record the owner's affidavit",
            "3-2-9.C",
            forms.AffidavitForm,
            (DESIGNATE,),
            "Record the affidavit",
        ),
        Step(
            "release_refused",
            "Record a refusal to release the dog on demand",
            "3-2-9.A.2.h",
            forms.ReleaseRefusedForm,
            (DESIGNATE,),
            "Record the refusal",
        ),
        Step(
            "certiorari_filed",
            "Record a petition for review by writ of certiorari",
            "3-2-9.A.4",
            forms.CertiorariPetitionForm,
            (DESIGNATE, CONDUCT),
            "Record the petition",
        ),
        Step(
            "certiorari_decided",
            "Record the Court of Appeals' decision on the writ",
            "3-2-9.A.4",
            forms.CertiorariDecisionForm,
            (DESIGNATE, CONDUCT),
            "Record the Court's decision",
        ),
        Step(
            "sale_disclosure",
            "Record the owner's disclosure to a potential buyer",
            "3-2-9.D",
            forms.SaleDisclosureForm,
            (DESIGNATE,),
            "Record the disclosure",
        ),
        Step(
            "renew",
            "Renew the registration",
            "3-2-9.B.7, B.3.c",
            forms.RegistrationForm,
            (DESIGNATE,),
            "Renew the registration",
        ),
    )
}


def _pending_affidavit(case: DangerousDogCase) -> OwnerNotice | None:
    """The notice whose affidavit the Authority requested and has not received (3-2-9.C)."""
    waiting = [
        n
        for n in case.owner_notices.all()
        if n.affidavit_requested_on is not None and n.affidavit_received_on is None
    ]
    return waiting[-1] if waiting else None


def next_steps(case: DangerousDogCase, user: Any) -> list[Step]:
    """The steps the rules core allows next (``dangerous_dog.procedure``), those ``user`` may
    take."""
    on = today()
    standing = services.case_standing(case, on, services.case_circumstances(case, on))
    return [STEPS[k] for k in standing.allowed if STEPS[k].allowed(user)]


def _initial(step: str, case: DangerousDogCase) -> dict[str, Any]:
    on = today()
    initial: dict[str, Any] = {"on": on}
    if step == "service":
        initial.update(served_on=on, served_address=case.owner.address)
    elif step in ("hearing_request", "oral_request", "late_request"):
        initial.update(received_on=on, requested_by=case.owner.name)
    elif step == "hold":
        initial.update(held_on=on)
    elif step == "order":
        initial.update(issued_on=on)
    elif step == "revocation_notice":
        initial.update(served_on=on)
    elif step == "revocation_hearing":
        initial.update(held_on=on)
    elif step == "revocation_order":
        initial.update(decided_on=on)
    elif step == "owner_notice":
        initial.update(received_on=on)
    elif step == "review_request":
        initial.update(requested_on=on)
    elif step == "review_decision":
        initial.update(decided_on=on)
    elif step == "cost":
        initial.update(incurred_on=on)
    elif step == "rental_disclosure":
        initial.update(disclosed_on=on)
    elif step == "conditions_review":
        initial.update(reviewed_on=on)
    elif step == "sterilization_seizure":
        initial.update(seized_on=on, sterilized_on=on)
    elif step == "inspection_seizure":
        initial.update(seized_on=on)
    elif step == "affidavit":
        initial.update(received_on=on)
    elif step == "release_refused":
        initial.update(person=case.owner.name, basis="demand")
    elif step == "certiorari_filed":
        initial.update(filed_on=on, petitioner=case.owner.name)
    elif step == "certiorari_decided":
        initial.update(decided_on=on)
    elif step == "sale_disclosure":
        initial.update(disclosed_on=on)
    elif step in ("register", "renew"):
        initial.update(microchip_number=case.dog.microchip, warning_symbols=0)
    return initial
