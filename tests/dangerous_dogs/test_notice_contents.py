"""Issue 26 item 1.7 where the records apply it: the Notice of Dangerous Dog does not issue unless
the case's record and the document it prints state the date, time, place and facts of each
incident and every content of 3-2-9.A.1.a (1)-(4), b, c, d, e and f. The service asks the rules
the question ``dangerous-dog-notice`` asks (one answer); a refusal names each content missing by
its subsection and changes nothing; and what the service checked is what the PDF prints."""

from __future__ import annotations

import dataclasses
import re

import pytest

from dogtag.dangerous_dogs import documents, services
from dogtag.dangerous_dogs.documents import notice as notice_document
from dogtag.dangerous_dogs.models import CaseEvent, DangerousDogCase, Incident
from dogtag.law import dangerous_dogs as law
from dogtag.law.params import default
from dogtag.law.questions import evaluate
from dogtag.licensing.models import Dog
from dogtag.records.errors import Refused

from .conftest import D, counts, designate, walk
from .test_documents import read

ON = D(2026, 10, 26)
CANNOT = "The Notice of Dangerous Dog cannot issue without every content of 3-2-9.A.1. "


def snapshot(case: DangerousDogCase) -> tuple[object, ...]:
    case.refresh_from_db()
    return (
        counts(),
        case.state,
        case.notice_issued_on,
        case.notice_issued_by_id,
        case.hearing_request_code,
        list(case.events.values_list("kind", flat=True)),
    )


def refused_notice(case: DangerousDogCase, officer) -> Refused:
    """Issue the notice, expecting a refusal; assert that it changed nothing."""
    before = snapshot(case)
    with pytest.raises(Refused) as caught:
        services.issue_notice(case=case, on=ON, actor=officer)
    assert snapshot(case) == before
    return caught.value


# --------------------------------------------------------------------------- a complete Notice


def test_3_2_9_A_1_a_complete_notice_issues_with_what_it_states(officer, dog):
    # given a designation whose record states everything the Notice needs
    case = designate(officer, dog)
    # when the Notice is issued
    case = services.issue_notice(case=case, on=ON, actor=officer)
    # then its decision holds the findings on the incidents and on every content of A.1
    decision = case.events.get(kind=CaseEvent.Kind.NOTICE_ISSUED).decision
    found = {f["rule"]: f for f in decision.findings}
    incidents = found["dangerous_dog.notice_incidents"]
    assert (incidents["outcome"], incidents["blocks"]) == ("stated", False)
    assert incidents["message"] == (
        "The notice states the date, time, place and facts of each incident (3-2-9.A.1.a): "
        "Tue 2026-10-20 at 5:45 PM, Viking Blvd NW at Nowthen Blvd, on the road shoulder."
    )
    contents = found["dangerous_dog.notice_contents"]
    assert (contents["outcome"], contents["blocks"]) == ("complete", False)
    assert contents["sections"] == [f"3-2-9.A.1.{x}" for x in "abcdef"]
    assert contents["message"] == (
        "The Notice states every content of 3-2-9.A.1: (1) the description of the dog; (2) the "
        "factual basis for the determination; (3) the official who made it, Dana Reyes, and the "
        "authority, the Animal Control Authority of the City of Nowthen, under City Code 3-2-9.A "
        "and Minn. Stat. 347.50 subd. 2 (incorporated by City Code 3-2-8); (4) the dog was not "
        "seized, so there is no keeping contact to give; b. the registration requirements and "
        "the other restrictions; c. the fourteen (14) days to appeal by requesting a hearing "
        "before the Hearing Officer, the pre-printed request form, and that the request is made "
        "in writing directly to the Animal Control Authority; d. the duty to comply at once with "
        "Minn. Stat. 347.52 (a) to (c) pending the hearing, and the fourteen (14) days from "
        "receipt of a confirming decision to comply with all other requirements; e. that the "
        "designation stands if no hearing is requested in time; f. who bears the actual costs."
    )
    assert [p["key"] for p in contents["parameters"]] == [
        "nowthen.dangerous_dog.hearing_request_days",
        "nowthen.dangerous_dog.comply_after_decision_days",
    ]


def test_3_2_9_A_1_the_service_and_the_question_give_one_answer(officer, dog):
    # given the case, and the question's facts made of what its Notice prints
    case = designate(
        officer,
        dog,
        seized=True,
        kept_at="Anoka County Animal Shelter",
        contact_address="1 Shelter Rd, Anoka, MN",
        contact_phone="763-555-0100",
    )
    incidents, contents = notice_document.printed(case, ON)
    facts = {
        "method": "mail",
        "served_address": "7120 Viking Blvd NW",
        "issued_on": ON.isoformat(),
        "incident_dates": [i.date.isoformat() for i in incidents],
        "incident_times": [i.time.isoformat() for i in incidents],
        "incident_places": [i.place for i in incidents],
        "incident_facts": [i.facts for i in incidents],
        **{k: v for k, v in dataclasses.asdict(contents).items() if v not in ("", None)},
    }
    asked = evaluate("dangerous-dog-notice", facts, default())["findings"][1:]
    # when the Notice is issued; then its decision stores the very findings the question gives
    case = services.issue_notice(case=case, on=ON, actor=officer)
    stored = case.events.get(kind=CaseEvent.Kind.NOTICE_ISSUED).decision.findings
    assert [
        f
        for f in stored
        if f["rule"] in ("dangerous_dog.notice_incidents", "dangerous_dog.notice_contents")
    ] == asked
    assert "(4) the address, 1 Shelter Rd, Anoka, MN, and telephone number" in asked[1]["message"]


# --------------------------------------------------- what the record lacks: (1)-(4), incidents


def _dog(change):
    return lambda case: Dog.objects.filter(pk=case.dog_id).update(**change)


def _case(change):
    return lambda case: DangerousDogCase.objects.filter(pk=case.pk).update(**change)


def _incidents(change):
    return lambda case: Incident.objects.filter(case=case).update(**change)


@pytest.mark.parametrize(
    "spoil, rule, sections, message",
    [
        (
            _incidents({"place": " "}),
            "dangerous_dog.notice_incidents",
            ["3-2-9.A.1.a"],
            "Incident 1: give its place (3-2-9.A.1.a).",
        ),
        (
            _incidents({"facts": ""}),
            "dangerous_dog.notice_incidents",
            ["3-2-9.A.1.a"],
            "Incident 1: give its facts (3-2-9.A.1.a).",
        ),
        (
            lambda case: Incident.objects.filter(case=case).delete(),
            "dangerous_dog.notice_incidents",
            ["3-2-9.A.1.a"],
            "Record at least one incident with its date, time, place and facts (3-2-9.A.1.a).",
        ),
        (
            _dog({"breed": ""}),
            "dangerous_dog.notice_contents",
            ["3-2-9.A.1.a"],
            CANNOT + "3-2-9.A.1.a(1): describe the dog deemed Dangerous.",
        ),
        (
            _case({"factual_basis": "  "}),
            "dangerous_dog.notice_contents",
            ["3-2-9.A.1.a"],
            CANNOT + "3-2-9.A.1.a(2): state the factual basis for the determination.",
        ),
        (
            _case({"authority": ""}),
            "dangerous_dog.notice_contents",
            ["3-2-9.A.1.a"],
            CANNOT + "3-2-9.A.1.a(3): state the authority by which the determination was made.",
        ),
        (
            _case({"seized": True, "kept_at": "Anoka County Animal Shelter"}),
            "dangerous_dog.notice_contents",
            ["3-2-9.A.1.a"],
            CANNOT + "3-2-9.A.1.a(4): the dog was seized: give the address and telephone number "
            "of the contact person where it is kept.",
        ),
        (
            _case({"seized": True, "contact_address": "1 Shelter Rd, Anoka, MN"}),
            "dangerous_dog.notice_contents",
            ["3-2-9.A.1.a"],
            CANNOT + "3-2-9.A.1.a(4): the dog was seized: give the telephone number of the contact "
            "person where it is kept.",
        ),
    ],
    ids=[
        "incident-place",
        "incident-facts",
        "no-incident",
        "a1-description",
        "a2-factual-basis",
        "a3-authority",
        "a4-contact",
        "a4-telephone",
    ],
)
def test_3_2_9_A_1_a_the_notice_does_not_issue_without_what_the_record_must_state(
    officer, dog, spoil, rule, sections, message
):
    # given a designation whose record lacks one thing the Notice must state
    case = designate(officer, dog)
    spoil(case)
    # when the Notice is issued; then it is refused with that content's subsection, nothing done
    error = refused_notice(case, officer)
    [finding] = error.findings
    assert (finding.rule, list(finding.sections), finding.message) == (rule, sections, message)


# ---------------------------------------------- what the document must print: b, c, d, e, f


@pytest.mark.parametrize(
    "change, label, sentence",
    [
        (
            {"registration_requirements": ()},
            "3-2-9.A.1.b",
            "3-2-9.A.1.b: set forth the registration requirements imposed on a Dangerous Dog by "
            "3-2-9 or Minnesota Statutes chapter 347.",
        ),
        (
            {"other_restrictions": ()},
            "3-2-9.A.1.b",
            "3-2-9.A.1.b: set forth the other restrictions imposed on a Dangerous Dog by 3-2-9 or "
            "Minnesota Statutes chapter 347.",
        ),
        (
            {"hearing_request_days": ""},
            "3-2-9.A.1.c",
            "3-2-9.A.1.c: advise the owner of the fourteen (14) days to appeal the determination "
            "by requesting a hearing before the Hearing Officer.",
        ),
        (
            {"hearing_request_days": "You have ten (10) days to appeal."},
            "3-2-9.A.1.c",
            "3-2-9.A.1.c: the notice gives 10 days to request a hearing; the owner has fourteen "
            "(14) days to appeal the determination by requesting a hearing before the Hearing "
            "Officer.",
        ),
        (
            {"request_form": ""},
            "3-2-9.A.1.c",
            "3-2-9.A.1.c: include the pre-printed form the owner can use to request a hearing.",
        ),
        (
            {"request_in_writing": ""},
            "3-2-9.A.1.c",
            "3-2-9.A.1.c: say that the request for a hearing is made directly to the Animal "
            "Control Authority, in writing.",
        ),
        (
            {"interim_compliance": ""},
            "3-2-9.A.1.d",
            "3-2-9.A.1.d: state that an owner who requests a hearing must immediately comply with "
            "Minn. Stat. 347.52 (a) to (c) until the Hearing Officer issues an opinion.",
        ),
        (
            {"comply_after_decision": "You will have some days to comply."},
            "3-2-9.A.1.d",
            "3-2-9.A.1.d: state that if the Hearing Officer confirms the declaration, the owner "
            "has fourteen (14) days from receipt of the decision to comply with all other "
            "requirements.",
        ),
        (
            {"designation_stands": ""},
            "3-2-9.A.1.e",
            "3-2-9.A.1.e: state that if no hearing is requested within the fourteen (14) days, "
            "the designation stands and the owner is subject to all the restrictions and "
            "requirements the Notice sets forth.",
        ),
        (
            {"costs": ""},
            "3-2-9.A.1.f",
            "3-2-9.A.1.f: state that all actual costs of care, keeping and disposition of the "
            "dog, and of any requested review or hearing, are the responsibility of the person "
            "claiming an interest in the dog, except as far as the seizure or impoundment is "
            "found not substantially justified by law.",
        ),
    ],
    ids=[
        "b-registration",
        "b-restrictions",
        "c-days",
        "c-wrong-days",
        "c-form",
        "c-in-writing",
        "d-interim",
        "d-days",
        "e-stands",
        "f-costs",
    ],
)
def test_3_2_9_A_1_b_to_f_the_notice_does_not_issue_unless_its_document_prints_each(
    officer, dog, monkeypatch, change, label, sentence
):
    # given a document that would not print one content of b-f (or print the wrong days)
    case = designate(officer, dog)
    drawn = notice_document.statements
    monkeypatch.setattr(
        notice_document,
        "statements",
        lambda *args: dataclasses.replace(drawn(*args), **change),
    )
    # when the Notice is issued; then it is refused, naming that content, and nothing changes
    error = refused_notice(case, officer)
    [finding] = error.findings
    assert finding.rule == "dangerous_dog.notice_contents"
    assert finding.facts["missing"] == [label]
    assert finding.message == CANNOT + sentence


# -------------------------------------------------- what was checked is what the PDF prints


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_3_2_9_A_1_every_content_checked_is_printed_in_the_pdf(officer, hearing_officer, dog):
    # given a served case; when its Notice is drawn as a PDF and read back
    case = walk("served", officer, hearing_officer, dog)
    text, _ = read(documents.notice_pdf(case))
    incidents, contents = notice_document.printed(case, case.notice_issued_on)
    said = notice_document.statements(case, case.notice_issued_on, None)
    # then each incident's date, time, place and facts are printed
    for incident in incidents:
        assert "October 20, 2026" in text and "5:45 PM" in text
        assert _plain(incident.place) in text and _plain(incident.facts) in text
    # (1)-(4) as read from the record
    for value in ("Rex", "German shepherd", "Black and tan"):
        assert value in contents.dog_description and value in text
    assert _plain(contents.factual_basis) in text
    assert f"by {contents.official}, for {contents.authority}." in text
    assert "The dog has not been seized." in text and contents.seized is False
    # b-f: every statement the service checked, word for word (c's box gives the date once served)
    for section, requirement in (*said.registration_requirements, *said.other_restrictions):
        assert section in text and _plain(requirement) in text
    for printed in (
        said.registration_intro,
        said.hearing_request_days,
        said.request_form,
        said.interim_compliance,
        said.comply_after_decision,
        said.designation_stands,
        said.costs,
    ):
        assert _plain(printed) in text, printed
    assert (
        "To appeal, request a hearing IN WRITING, directly to the Animal Control Authority, no "
        "later than November 12, 2026." in text
    )
    # and the day counts read back are the parameters in force
    assert (contents.hearing_request_days, contents.comply_after_decision_days) == (14, 14)
    assert not law.notice_contents(contents, default(), case.notice_issued_on).blocks


def test_3_2_9_A_1_c_the_pre_printed_form_the_notice_names_is_its_last_page(
    officer, hearing_officer, dog
):
    case = walk("notice_issued", officer, hearing_officer, dog)
    _, pages = read(documents.notice_pdf(case))
    said = notice_document.statements(case, case.notice_issued_on, None)
    assert "pre-printed hearing request form on the last page" in said.request_form
    assert _plain(pages[-1]).count("Request for a Hearing — Dangerous Dog") == 1
