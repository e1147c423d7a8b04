"""The coverage table of the dangerous-dog case (``dangerous_dog.restrictions``, with Minn. Stat.
347.50-.565 through ``incorporation.state_statutes``): every event the text names, its section,
the rules that check it and the tests that prove it (``law.event_tables``;
``docs/procedures/dangerous-dog-case.md``).

Each row names its provision by a concept, and what the text names may name provisions too
(``{§concept}``); ``EVENT_TABLE`` cites them as the city in force numbers them when it is read,
never at import (a city whose package maps none still imports this module)."""

from __future__ import annotations

import dataclasses

from dogtag.law.event_tables import EventRow
from dogtag.law.provisions import cited_in

_PATHS = "tests/law/test_dangerous_dog_paths.py"
_PROCEDURE = "tests/law/test_dangerous_dog_procedure.py"
_PROPERTIES = "tests/law/test_dangerous_dog_properties.py"
_SERVICES = "tests/dangerous_dogs/test_services.py"
_REQUESTS = "tests/dangerous_dogs/test_requests_not_taken.py"
_KEEPING = "tests/dangerous_dogs/test_keeping_and_impoundment.py"
_REVOCATION = "tests/dangerous_dogs/test_revocation_and_notices.py"
_REVIEW = "tests/dangerous_dogs/test_review_and_costs.py"
_PROCEDURE_RULE = "dangerous_dog.procedure"
_COURT = "tests/law/test_dangerous_dog_court.py"
_CONDUCT = "tests/dangerous_dogs/test_court_and_conduct.py"
_INSPECTION = "tests/law/test_dangerous_dog_inspection_seizure.py"
_SEIZURE = "tests/dangerous_dogs/test_inspection_seizure.py"

#: The rows as written: each one's section is the concept of its provision (cited when read).
_ROWS: tuple[EventRow, ...] = (
    EventRow(
        "designated",
        "dangerous_dog.designation",
        "The Animal Control Authority or Hearing Officer shall designate any dog as a Dangerous "
        "Dog upon receiving evidence that the dog meets any of the criteria",
        ("dangerous_dog.exemption", "dangerous_dog.criteria"),
        (
            f"{_PROCEDURE}::test_a_case_begins_with_its_designation",
            f"{_SERVICES}::test_designation_is_refused_when_an_exemption_applies",
        ),
    ),
    EventRow(
        "notice_issued",
        "dangerous_dog.notice",
        "a written Notice of Dangerous Dog to the Owner of record, stating the dates, times, "
        "places and facts of the incidents and every content of A.1.a (1)-(4), b, c, d, e, f",
        (_PROCEDURE_RULE, "dangerous_dog.notice_incidents", "dangerous_dog.notice_contents"),
        (
            f"{_SERVICES}::test_the_notice_is_issued_once",
            "tests/dangerous_dogs/test_notice_contents.py::"
            "test_3_2_9_A_1_the_service_and_the_question_give_one_answer",
            "tests/law/test_dangerous_dog_notice.py::"
            "test_3_2_9_A_1_each_content_left_out_is_named_with_its_subsection",
        ),
    ),
    EventRow(
        "served",
        "dangerous_dog.notice",
        "by personally serving the Owner or a person of suitable age and discretion at the "
        "residence ... or by mailing; service upon any Owner shall be effective as to all Owners",
        (_PROCEDURE_RULE, "dangerous_dog.notice_service"),
        (
            f"{_SERVICES}::test_service_starts_the_fourteen_days_from_the_date_of_service",
            f"{_PATHS}::test_service_on_a_second_owner_does_not_restart_the_days",
        ),
    ),
    EventRow(
        "hearing_requested",
        "dangerous_dog.notice.hearing_request",
        "requesting a Hearing before the Hearing Officer ... made directly to the Animal Control "
        "Authority, and must be submitted in writing, within fourteen (14) days",
        (_PROCEDURE_RULE, "dangerous_dog.hearing_request_in_time"),
        (
            f"{_SERVICES}::test_a_written_request_within_the_window_opens_the_hearing",
            f"{_PATHS}::test_no_step_is_offered_whose_window_closed",
        ),
    ),
    EventRow(
        "oral_hearing_request",
        "dangerous_dog.notice.hearing_request",
        "a request not in writing: the request for a Hearing ... must be submitted in writing",
        ("dangerous_dog.hearing_request_in_time",),
        (
            f"{_PATHS}::test_a_spoken_request_is_recorded_and_is_not_a_request",
            f"{_REQUESTS}::test_a_spoken_request_is_recorded_and_the_days_keep_running",
        ),
    ),
    EventRow(
        "late_hearing_request",
        "dangerous_dog.notice.designation_stands",
        "a written request after the allotted fourteen (14) days: the designation ... will stand",
        ("dangerous_dog.hearing_request_in_time", "dangerous_dog.designation_stands"),
        (
            f"{_PATHS}::test_a_late_written_request_is_kept_flagged_and_does_not_reopen_the_designation",
            f"{_REQUESTS}::test_a_late_request_is_kept_in_the_log_and_flagged",
        ),
    ),
    EventRow(
        "request_not_by_owner",
        "dangerous_dog.notice.hearing_request",
        "advise the Owner(s) that they have fourteen (14) days to appeal ... by requesting a "
        "Hearing: a request by a person who is neither an owner nor acting for one",
        ("dangerous_dog.hearing_request_in_time",),
        (
            f"{_COURT}::test_3_2_9_A_1_c_a_request_by_any_owner_opens_the_hearing_and_no_one_elses",
            f"{_CONDUCT}::test_the_request_records_which_owner_asked",
            f"{_CONDUCT}::test_a_request_by_someone_not_an_owner_is_refused_and_changes_nothing",
        ),
    ),
    EventRow(
        "designation_stands",
        "dangerous_dog.notice.designation_stands",
        "if the Owner does not request a Hearing within the allotted fourteen (14) days, the "
        "designation ... will stand",
        ("dangerous_dog.designation_stands", _PROCEDURE_RULE),
        (
            f"{_SERVICES}::test_the_designation_stands_only_after_the_window",
            f"{_PATHS}::test_the_day_deemed_dangerous_follows_the_reading_in_force",
        ),
    ),
    EventRow(
        "hearing_scheduled",
        "dangerous_dog.hearing",
        "held before a Hearing Officer within fourteen (14) days after the Animal Control "
        "Authority is notified of the Owner's request ... extended ... for good cause",
        ("dangerous_dog.hearing_in_time",),
        (
            f"{_SERVICES}::test_a_hearing_after_fourteen_days_needs_good_cause_from_the_hearing_officer",
            f"{_PATHS}::test_a_hearing_after_its_days_is_held_only_when_extended_for_good_cause",
        ),
    ),
    EventRow(
        "pending_conditions",
        "dangerous_dog.hearing.pending",
        "Pending the Hearing, the dog may be seized and kept at animal control unless the Owner "
        "shows proof",
        ("dangerous_dog.pending_hearing", "dangerous_dog.while_hearing_pending"),
        (
            f"{_SERVICES}::test_pending_the_hearing_the_owner_shows_proof_or_the_dog_is_seized",
            f"{_PATHS}::test_the_states_seizure_clock_by_the_reading_in_force",
        ),
    ),
    EventRow(
        "seized",
        "dangerous_dog.hearing.pending",
        "the dog may be seized and kept at animal control (pending the Hearing)",
        ("dangerous_dog.pending_hearing",),
        (f"{_SERVICES}::test_a_rescinding_order_returns_a_dog_held_pending_the_hearing",),
    ),
    EventRow(
        "release_refused",
        "dangerous_dog.release_on_demand",
        "Any person who fails or refuses to release a dog to the Animal Control Authority or law "
        "enforcement agent upon demand, or after it has been ... ordered into custody, shall be "
        "guilty of a misdemeanor",
        ("dangerous_dog.release_on_demand",),
        (
            f"{_COURT}::test_3_2_9_A_2_h_a_refusal_to_release_is_a_misdemeanor_in_the_log",
            f"{_CONDUCT}::test_a_refusal_to_release_is_recorded_for_the_prosecutor",
            f"{_CONDUCT}::test_a_refusal_on_a_custody_order_needs_the_order",
        ),
    ),
    EventRow(
        "hearing_held",
        "dangerous_dog.hearing.records",
        "the Hearing: records admissible, representation, witnesses, burden and standard of "
        "proof (A.2.c-f)",
        ("dangerous_dog.hearing_in_time", "dangerous_dog.standard_of_proof"),
        (
            f"{_SERVICES}::test_holding_an_unscheduled_hearing_is_refused",
            f"{_SERVICES}::test_the_hearing_records_the_burden_and_standard",
        ),
    ),
    EventRow(
        "order_issued",
        "dangerous_dog.hearing.order",
        "the Hearing Officer shall make such order as he/she deems proper, including ... custody "
        "... within ten (10) days after the hearing",
        ("dangerous_dog.order_disposition", "dangerous_dog.certiorari"),
        (
            f"{_SERVICES}::test_an_upheld_order_deems_the_dog_dangerous",
            f"{_PATHS}::test_after_a_confirming_order_the_owner_has_fourteen_days_and_may_seek_review",
        ),
    ),
    EventRow(
        "order_not_authorized",
        "dangerous_dog.destruction",
        "destroyed based on a written order containing findings of fact establishing that each "
        "of the following criteria are present",
        ("dangerous_dog.destruction",),
        (
            f"{_PATHS}::test_a_destruction_order_without_the_written_findings_of_a3_is_not_an_order",
            f"{_PATHS}::test_the_question_gives_one_answer_on_destruction_with_the_hearing_question",
        ),
    ),
    EventRow(
        "requirements_missing",
        "dangerous_dog.registration_requirements",
        "a Certificate of Registration ... only if the Owner presents sufficient evidence that "
        "all of the following are met",
        ("dangerous_dog.registration_requirements",),
        (f"{_SERVICES}::test_missing_requirements_are_recorded_for_the_letter",),
    ),
    EventRow(
        "registered",
        "dangerous_dog.registration",
        "registered as a Dangerous Dog with the Animal Control Authority within thirty (30) days "
        "after the date the dog was so deemed",
        ("dangerous_dog.registration_requirements", "dangerous_dog.registration"),
        (f"{_SERVICES}::test_registration_issues_the_certificate_with_a_receipt",),
    ),
    EventRow(
        "renewed",
        "dangerous_dog.registration_renewal",
        "renew the registration of the dog annually until the dog is deceased",
        ("dangerous_dog.registration_requirements", "dangerous_dog.registration_term"),
        (
            f"{_SERVICES}::test_renewal_follows_the_year_with_fresh_insurance",
            f"{_COURT}::test_3_2_9_B_7_the_registration_is_renewed_every_year",
        ),
    ),
    EventRow(
        "inspected",
        "dangerous_dog.inspection",
        "permit the Animal Control Authority and/or Law Enforcement to enter the property ... "
        "to inspect the premises",
        ("dangerous_dog.inspection",),
        (f"{_REVOCATION}::test_a_refused_inspection_is_grounds_for_seizure_and_revocation",),
    ),
    EventRow(
        "inspection_refused",
        "dangerous_dog.inspection",
        "the failure of an Owner to permit such inspection is, by itself, a ground to "
        "immediately seize the dog ... and revoke the Dangerous Dog registration",
        ("dangerous_dog.inspection", "dangerous_dog.revocation"),
        (f"{_REVOCATION}::test_a_refused_inspection_is_grounds_for_seizure_and_revocation",),
    ),
    EventRow(
        "inspection_seizure",
        "dangerous_dog.inspection",
        "a ground to immediately seize the dog pursuant to Section {§dangerous_dog.seizure}",
        ("dangerous_dog.inspection_seizure",),
        (
            f"{_INSPECTION}::test_3_2_9_E_6_a_refused_inspection_grounds_a_seizure",
            f"{_SEIZURE}::test_the_dog_is_seized_after_a_refused_inspection_and_released_under_b4",
        ),
    ),
    EventRow(
        "revocation_notice",
        "dangerous_dog.revocation.hearing",
        "a written Notice setting forth the alleged reasons ... Hearing ... within twenty (20) "
        "days of the date of the Notice",
        (_PROCEDURE_RULE, "dangerous_dog.revocation_hearing"),
        (f"{_REVOCATION}::test_the_revocation_notice_sets_the_hearing_within_twenty_days",),
    ),
    EventRow(
        "revocation_hearing",
        "dangerous_dog.revocation.hearing",
        "Any Hearing to revoke a Certificate of Registration ... may be extended beyond the "
        "twenty (20) day period for good cause",
        ("dangerous_dog.hearing_in_time",),
        (f"{_REVOCATION}::test_a_revocation_hearing_after_twenty_days_needs_good_cause",),
    ),
    EventRow(
        "revocation_order",
        "dangerous_dog.revocation.disposition",
        "order the dog disposed of immediately or ... a reasonable time period, not to exceed "
        "thirty (30) days, to obtain the dog",
        ("dangerous_dog.revocation", "dangerous_dog.time_to_obtain"),
        (
            f"{_REVOCATION}::test_revocation_outcomes",
            f"{_REVOCATION}::test_not_revoked_returns_to_registered",
        ),
    ),
    EventRow(
        "certiorari_filed",
        "dangerous_dog.certiorari",
        "The decision of the Hearing Officer is a quasi-judicial determination that is subject "
        "to review by writ of certiorari to the Minnesota Court of Appeals (Minn. Stat. 606.01)",
        ("dangerous_dog.writ_of_certiorari", "dangerous_dog.certiorari"),
        (
            f"{_COURT}::test_3_2_9_A_4_a_petition_after_the_days_is_recorded_and_marked_late",
            f"{_COURT}::test_3_2_9_A_4_the_owners_clock_stops_once_the_petition_is_filed",
            f"{_CONDUCT}::test_no_petition_where_the_designation_stood_without_a_hearing",
        ),
    ),
    EventRow(
        "certiorari_decided",
        "dangerous_dog.certiorari",
        "review by writ of certiorari: the Court of Appeals affirms, reverses or remands the "
        "Hearing Officer's decision",
        ("dangerous_dog.writ_of_certiorari", "dangerous_dog.order"),
        (
            f"{_COURT}::test_3_2_9_A_4_the_case_follows_the_court_of_appeals",
            f"{_COURT}::test_3_2_9_A_4_on_remand_the_order_is_due_from_the_courts_decision",
            f"{_CONDUCT}::test_a_petition_and_a_reversal_undo_the_designation",
            f"{_CONDUCT}::test_a_remand_returns_the_matter_to_the_hearing_officer",
            f"{_CONDUCT}::test_a_reversed_revocation_restores_the_registration",
        ),
    ),
    EventRow(
        "sale_disclosure",
        "dangerous_dog.sale_or_transfer",
        "A person who sells or otherwise transfers ownership or control of a Dangerous Dog must "
        "notify any potential purchaser or transferee, prior to the consummation of the "
        "transaction, that the dog was previously designated as Dangerous",
        ("dangerous_dog.sale_disclosure",),
        (
            f"{_COURT}::test_3_2_9_D_the_buyer_is_told_before_the_sale",
            f"{_CONDUCT}::test_a_disclosure_before_the_sale_answers_the_notice_of_the_sale",
        ),
    ),
    EventRow(
        "owner_notice",
        "dangerous_dog.death_or_relocation",
        "notify the Animal Control Authority, in writing, of the death of the dog, or if the dog "
        "relocates or transfers out of the City ... within thirty (30) days; D: the sale or "
        "transfer, with the new Owner's name, address and telephone number",
        ("dangerous_dog.owner_notice",),
        (
            f"{_REVOCATION}::test_death_notice_closes_the_case_and_is_marked_late",
            f"{_REVOCATION}::test_transfer_needs_the_new_owner_and_says_if_the_buyer_was_told",
        ),
    ),
    EventRow(
        "affidavit",
        "dangerous_dog.death_or_relocation",
        "execute an affidavit, under oath and penalty of perjury, setting forth ... the "
        "circumstances of the dog's death ... or the person to whom the dog was transferred",
        ("dangerous_dog.owner_notice",),
        (f"{_KEEPING}::test_the_affidavit_of_a_transfer_names_the_transferee",),
    ),
    EventRow(
        "review_requested",
        "dangerous_dog.review",
        "Beginning one (1) year after a dog is declared a Dangerous Dog; an Owner may request "
        "annually in writing that ... [they] review the designation",
        ("dangerous_dog.review_eligibility",),
        (f"{_REVIEW}::test_no_review_before_one_year",),
    ),
    EventRow(
        "review_decided",
        "dangerous_dog.review",
        "If the Animal Control Authority or Hearing Officer finds sufficient evidence that the "
        "dog's behavior has changed, the Authority may rescind the ... designation",
        ("dangerous_dog.review_eligibility", "dangerous_dog.standard_of_proof"),
        (f"{_REVIEW}::test_a_review_by_the_hearing_officer_may_rescind",),
    ),
    EventRow(
        "rental_disclosure",
        "dangerous_dog.rental_disclosure",
        "disclose to the property owner prior to when the dog begins to reside on the property "
        "... and at the time of any lease renewal",
        ("dangerous_dog.rental_disclosure",),
        (f"{_KEEPING}::test_rental_disclosure_is_recorded_with_whether_it_came_in_time",),
    ),
    EventRow(
        "conditions_reviewed",
        "dangerous_dog.conditions_review",
        "no ordinance violations for a period of two (2) years ... discretion in determining "
        "whether the conditions ... are still required",
        ("dangerous_dog.relax_conditions",),
        (f"{_KEEPING}::test_conditions_may_be_relaxed_after_two_years",),
    ),
    EventRow(
        "sterilization_seizure",
        "dangerous_dog.registration_requirements.sterilization",
        "If not done within thirty (30) days, Animal Control Authority shall seize the dog and "
        "have it sterilized at the owner's expense",
        ("dangerous_dog.sterilization_seizure", "dangerous_dog.sterilization"),
        (f"{_KEEPING}::test_seizure_and_sterilization_at_the_owners_expense",),
    ),
    EventRow(
        "released",
        "dangerous_dog.release",
        "the dog shall not be released until the Owner demonstrates ... compliance ... a maximum "
        "of thirty (30) days ... pay the City for all costs",
        ("dangerous_dog.release", "dangerous_dog.costs_owed"),
        (f"{_KEEPING}::test_release_only_with_every_requirement_and_the_costs",),
    ),
    EventRow(
        "cost",
        "dangerous_dog.costs",
        "all actual costs of care, keeping, and disposal of the dog as well as all actual costs "
        "related to any review or hearing",
        ("dangerous_dog.costs_owed",),
        (
            f"{_REVIEW}::test_costs_and_payments",
            f"{_REVIEW}::test_no_care_costs_when_the_seizure_was_not_justified",
        ),
    ),
    EventRow(
        "payment",
        "dangerous_dog.costs",
        "The costs must be paid in full, or a mutually satisfactory arrangement for payment "
        "must be made ... before the dog is returned",
        ("dangerous_dog.costs_owed",),
        (f"{_REVIEW}::test_costs_and_payments",),
    ),
)


def _cited(row: EventRow) -> EventRow:
    section = cited_in(f"{{§{row.section}}}", lenient=True)
    return dataclasses.replace(row, section=section, what=cited_in(row.what, lenient=True))


def __getattr__(name: str) -> tuple[EventRow, ...]:
    """``EVENT_TABLE``: the rows with their sections as the city in force numbers them (marked so
    where its package maps none: the coverage of every procedure is listed in any city, never
    with another city's section)."""
    if name == "EVENT_TABLE":
        return tuple(_cited(row) for row in _ROWS)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
