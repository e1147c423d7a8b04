"""The steps of a commercial kennel application as its page offers them: each step's form, who
may take it and its heading (``commercial_kennel.council_license``, ``commercial_kennel.hearing``),
and the step's form handed to its one service."""

from __future__ import annotations

from typing import Any

from django import forms

from dogtag.kennels import forms as kforms
from dogtag.kennels import services
from dogtag.kennels.models import CommercialKennelApplication
from dogtag.kennels.views._common import HEARING, ISSUE
from dogtag.law import wording
from dogtag.records.services import in_force, today

#: step -> (form, permission, heading)
STEP_FORMS: dict[str, tuple[type[forms.Form], str, str]] = {
    "hearing_scheduled": (kforms.HearingForm, HEARING, "Schedule the Planning & Zoning hearing"),
    "notice_list": (kforms.DayForm, HEARING, "Draw the notice list"),
    "notice_mailed": (kforms.NoticeMailedForm, HEARING, "Record the notice mailed"),
    "hearing_held": (kforms.HeldForm, HEARING, "Record the Planning & Zoning hearing held"),
    "recommendation": (
        kforms.RecommendationForm,
        HEARING,
        "Record the Planning & Zoning Commission's recommendation",
    ),
    "council_decision": (kforms.CouncilDecisionForm, HEARING, "Record the City Council's decision"),
    "license": (kforms.DayForm, ISSUE, "Issue the commercial kennel license"),
}


#: the events beside the main steps (the commercial kennel license's), offered whenever the rules
#: core allows them
SIDE_FORMS: dict[str, tuple[type[forms.Form], str, str]] = {
    "hearing_scheduled": (
        kforms.HearingForm,
        HEARING,
        "Schedule the hearing again, to notice it again",
    ),
    "owner_omitted": (
        kforms.OwnerOmittedForm,
        HEARING,
        "Record an affected owner missing from the notice list",
    ),
    "owner_notified_late": (
        kforms.LateNoticeForm,
        HEARING,
        "Record the notice given late to a missing owner",
    ),
    "withdrawn": (kforms.WithdrawnForm, ISSUE, "Record the application withdrawn"),
}


def _step_form(step: str, data: Any = None) -> forms.Form:
    form_class = (STEP_FORMS.get(step) or SIDE_FORMS[step])[0]
    initial: dict[str, Any] = {"on": today(), "mailed_on": today()}
    return form_class(data, initial=initial, prefix=step)


def _run_step(
    step: str, application: CommercialKennelApplication, form: forms.Form, actor: Any
) -> str:
    data = form.cleaned_data
    if step == "hearing_scheduled":
        assert isinstance(form, kforms.HearingForm)
        services.schedule_hearing(
            application=application,
            hearing_at=form.hearing_at(),
            place=data["place"],
            actor=actor,
            on=data["on"],
        )
        return "Hearing scheduled."
    if step == "hearing_held":
        services.record_hearing_held(application=application, on=data["on"], actor=actor)
        return "Hearing recorded as held."
    if step == "owner_omitted":
        services.record_owner_omitted(
            application=application,
            pin=data["pin"],
            owner_names=data["owner_names"],
            on=data["on"],
            note=data["note"],
            actor=actor,
        )
        return "Owner missing from the notice list recorded."
    if step == "owner_notified_late":
        services.record_late_notice(
            application=application, pin=data["pin"], on=data["on"], actor=actor
        )
        return "Late notice recorded."
    if step == "withdrawn":
        services.withdraw_application(application=application, on=data["on"], actor=actor)
        return "Application recorded as withdrawn."
    if step == "notice_list":
        recipients = services.draw_notice_list(application=application, on=data["on"], actor=actor)
        radius = in_force("commercial_kennel.notice_radius_feet", data["on"])
        return (
            f"Notice list drawn: {len(recipients)} property owner(s) within "
            f"{wording.phrase(radius, 'distance')}."
        )
    if step == "notice_mailed":
        services.record_notice_mailed(
            application=application, mailed_on=data["mailed_on"], actor=actor
        )
        return "Notice recorded as mailed."
    if step == "recommendation":
        assert isinstance(form, kforms.RecommendationForm)
        services.record_recommendation(
            application=application,
            recommendation=data["recommendation"],
            on=data["on"],
            notes=data["notes"],
            conditions=form.recommended_conditions(),
            actor=actor,
        )
        return "Recommendation recorded."
    if step == "council_decision":
        assert isinstance(form, kforms.CouncilDecisionForm)
        services.record_council_decision(
            application=application,
            approved=data["decision"] == "approve",
            on=data["on"],
            resolution=data["resolution"],
            notes=data["notes"],
            council_conditions=form.council_conditions(),
            actor=actor,
        )
        return "Council decision recorded."
    issued = services.issue_commercial_kennel_license(
        application=application, on=data["on"], actor=actor
    )
    return f"Commercial kennel license {issued.license.number} issued."
