"""The coverage table of the kennel procedures (``private_kennel.license``,
``commercial_kennel.license``): every event and step the text names, its provision (cited when the
table is shown), the rules that check it and the tests that prove it (``law.event_tables``;
``docs/procedures/commercial-kennel-application.md``)."""

from __future__ import annotations

from dogtag.law.event_tables import EventRow, provision
from dogtag.law.kennel_conditions import (
    COMMERCIAL_INSPECTION,
    COMMERCIAL_TERM,
    COUNCIL_CONDITIONS,
    COUNCIL_LICENSE,
    HEARING,
    HEARING_NOTICE,
    PRIVATE_INSPECTION,
    PRIVATE_TERM,
    RECOMMENDATION,
    RELOCATION,
    SET_NUMBER,
)
from dogtag.law.kennel_procedure.steps import PRIVATE_REQUIRED, RENEWAL

_LAW = "tests/law/test_kennel_procedure.py"
_PROPS = "tests/law/test_kennel_procedure_properties.py"
_EVENTS = "tests/kennels/test_commercial_events.py"
_SERVICES = "tests/kennels/test_services.py"

#: Every event and step the private and the commercial kennel license name: its provision, the
#: text's words, the rules that check it and the tests that prove it
#: (``dogtag rules --events commercial-kennel-application``).
EVENT_TABLE: tuple[EventRow, ...] = (
    EventRow(
        "application",
        provision(COUNCIL_LICENSE),
        "No person shall maintain a commercial kennel in the City without first securing a "
        "license from the City Council; the fee for the license as established by "
        "{§fees.schedule}",
        ("kennel.commercial_procedure", "kennel.fee_paid", "kennel.one_open_application"),
        (
            f"{_SERVICES}::test_b1_application_takes_both_fees_with_one_receipt",
            f"{_LAW}::test_b1_b2_application_state",
            f"{_PROPS}::test_any_log_is_evaluated_without_crashing_and_offers_only_what_it_allows",
            f"{_PROPS}::test_recording_allowed_steps_one_by_one_is_the_state_of_the_whole_log",
        ),
    ),
    EventRow(
        "hearing_scheduled",
        provision(HEARING),
        "a hearing before the Planning & Zoning Commission, scheduled (and scheduled again to "
        "be noticed again)",
        (
            "kennel.commercial_procedure",
            "kennel.commercial_step_timing",
            "kennel.notice_to_all_owners",
        ),
        (
            f"{_LAW}::test_b1_b2_a_step_not_in_order_is_blocked_with_its_finding",
            f"{_EVENTS}::test_b2_an_owner_missing_after_the_hearing_undoes_it",
        ),
    ),
    EventRow(
        "notice_list",
        provision(HEARING_NOTICE),
        "all affected property owners within one quarter (1/4) mile of the outside dimensions "
        "of the parcel where the kennel is contemplated: the list as drawn",
        ("kennel.commercial_notice_list", "kennel.commercial_procedure"),
        (
            f"{_SERVICES}::test_b2_notice_list_from_geometry_includes_1319_ft_and_excludes_1321_ft",
            f"{_EVENTS}::test_b2_the_list_as_drawn_is_the_event_s_facts",
        ),
    ),
    EventRow(
        "notice_mailed",
        provision(HEARING_NOTICE),
        "Notice must be given to all affected property owners, before the hearing",
        ("kennel.commercial_step_timing", "kennel.commercial_procedure"),
        (f"{_LAW}::test_b2_the_notice_deadline_runs_until_the_day_before_the_hearing",),
    ),
    EventRow(
        "owner_omitted",
        provision(HEARING_NOTICE),
        "an affected property owner found missing from the notice list (reading "
        "readings.kennel_notice_omission)",
        ("kennel.notice_to_all_owners",),
        (
            f"{_LAW}::test_b2_an_owner_missing_from_the_list",
            f"{_LAW}::test_b2_an_owner_on_the_list_is_not_missing",
            f"{_EVENTS}::test_b2_an_owner_missing_after_the_hearing_undoes_it",
        ),
    ),
    EventRow(
        "owner_notified_late",
        provision(HEARING_NOTICE),
        "the notice given late to an owner missing from the list: notice before the hearing day",
        ("kennel.notice_to_all_owners",),
        (
            f"{_LAW}::test_b2_the_late_notice_is_a_clock_until_the_day_before_the_hearing",
            f"{_EVENTS}::test_b2_an_owner_missing_before_the_hearing_is_notified_late",
        ),
    ),
    EventRow(
        "hearing_held",
        provision(HEARING),
        "Prior to the issuance of a commercial kennel license from the City Council, a hearing "
        "before the Planning & Zoning Commission must be held",
        (
            "kennel.commercial_procedure",
            "kennel.commercial_step_timing",
            "kennel.notice_to_all_owners",
        ),
        (
            f"{_EVENTS}::test_b2_the_hearing_is_held_on_the_day_noticed",
            f"{_LAW}::test_b2_under_the_bona_fide_attempt_reading_the_hearing_stands",
        ),
    ),
    EventRow(
        "recommendation",
        provision(RECOMMENDATION),
        "The Planning & Zoning Commission will make a recommendation to the City Council on the "
        "request (approve, approve with conditions, deny)",
        ("kennel.recommendation", "kennel.commercial_procedure", "kennel.commercial_step_timing"),
        (
            f"{_LAW}::test_b1_b2_a_step_not_in_order_is_blocked_with_its_finding",
            f"{_LAW}::test_b9_the_conditions_of_the_commission_and_the_council_are_kept",
        ),
    ),
    EventRow(
        "council_decision",
        provision(COUNCIL_LICENSE),
        "a license from the City Council, after the hearing and the recommendation; the "
        "additional conditions it issues case by case (B.9)",
        (
            "kennel.commercial_procedure",
            "kennel.commercial_step_timing",
            "kennel.council_conditions_with_approval",
            "kennel.license_conditions",
        ),
        (
            f"{_LAW}::test_b1_b2_only_a_council_decision_after_the_hearing_and_recommendation_approves",
            f"{_LAW}::test_b1_a_vote_before_the_hearing_is_named_as_no_approval",
            f"{_LAW}::test_the_question_does_not_license_on_a_vote_before_the_hearing",
            f"{_EVENTS}::test_b1_b2_a_council_vote_before_the_hearing_or_recommendation_is_refused",
            f"{_LAW}::test_b9_conditions_go_with_an_approval",
        ),
    ),
    EventRow(
        "license",
        provision(COMMERCIAL_TERM),
        "The initial term for the kennel license shall be one (1) year: the license the City "
        "Council granted",
        ("kennel.commercial_procedure", "kennel.commercial_step_timing", "kennel.license_term"),
        (
            f"{_EVENTS}::test_b1_a_license_without_a_council_decision_is_refused",
            f"{_SERVICES}::test_b2_to_b9_approval_adds_the_conditions_and_the_license_issues",
        ),
    ),
    EventRow(
        "withdrawn",
        provision(COUNCIL_LICENSE),
        "the request withdrawn before the license issues",
        ("kennel.commercial_lifecycle",),
        (f"{_EVENTS}::test_b1_a_withdrawn_application_takes_no_further_step",),
    ),
    EventRow(
        "nuisance_complaint",
        provision(RENEWAL),
        "nuisance complaints received at the City within the previous twelve (12) months "
        "relating to the dogs being kept on the property",
        ("kennel.commercial_lifecycle", "kennel.commercial_renewal"),
        (
            f"{_LAW}::test_b2_subsequent_licenses_after_complaints",
            f"{_SERVICES}::test_b2_renewal_counts_the_complaints_recorded_in_dogtag",
        ),
    ),
    EventRow(
        "renewal",
        provision(RENEWAL),
        "subsequent licenses, if so granted, will also be for a term of one (1) year if no "
        "nuisance complaints have been received",
        ("kennel.commercial_renewal", "kennel.license_term"),
        (
            f"{_SERVICES}::test_b2_renewal_depends_on_nuisance_complaints",
            f"{_LAW}::test_b2_a_renewal_on_the_same_terms_after_a_complaint_is_not_counted",
        ),
    ),
    EventRow(
        "council_renewal",
        provision(COUNCIL_CONDITIONS),
        "after nuisance complaints, the City Council decides whether a subsequent license is "
        "granted (reading §6.4), with any additional conditions",
        (
            "kennel.commercial_lifecycle",
            "kennel.commercial_renewal",
            "kennel.council_conditions_with_approval",
        ),
        (
            f"{_EVENTS}::test_b2_after_a_complaint_the_council_decides_the_subsequent_license",
            f"{_EVENTS}::test_b2_no_council_decision_is_needed_without_a_complaint",
            f"{_LAW}::test_b2_the_new_application_reading_refuses_a_council_renewal",
        ),
    ),
    EventRow(
        "commercial_inspection",
        provision(COMMERCIAL_INSPECTION),
        "Licensees authorize City staff to perform periodic inspections of the kennel for the "
        "purpose of determining compliance with the conditions of their license (B.3-B.8)",
        ("kennel.inspection", "kennel.condition", "kennel.feces_well_setback"),
        (f"{_SERVICES}::test_b7_periodic_inspection_finds_each_condition",),
    ),
    EventRow(
        "private_license",
        provision(PRIVATE_REQUIRED),
        "No person shall maintain a private kennel in the City without securing a license "
        "therefore from the City offices; no more than one (1) per party (A.5)",
        ("kennel.private_procedure", "kennel.private_set_number", "kennel.private_one_per_party"),
        (
            f"{_SERVICES}::test_a1_a3_private_license_issues_for_one_year_with_the_resolution_fee",
            f"{_SERVICES}::test_a5_one_license_per_party_person_or_dwelling",
            f"{_LAW}::test_a3_a4_private_kennel_state",
        ),
    ),
    EventRow(
        "private_add_dogs",
        provision(SET_NUMBER),
        "Licensees who wish to add a dog/dogs shall need to obtain a new private kennel license",
        ("kennel.private_license_kind", "kennel.private_set_number"),
        (
            f"{_SERVICES}::test_a2_adding_dogs_needs_a_new_license_which_supersedes_the_old",
            f"{_LAW}::test_a2_the_kind_of_private_license_a_change_needs",
        ),
    ),
    EventRow(
        "private_relocation",
        provision(RELOCATION),
        "A licensee who relocates to another area of the City shall also need to obtain a "
        "corrected private kennel license",
        ("kennel.private_license_kind", "kennel.private_not_assignable"),
        (
            f"{_SERVICES}::test_a2_relocation_needs_a_corrected_license",
            f"{_SERVICES}::test_a2_licenses_are_not_assignable",
        ),
    ),
    EventRow(
        "private_renewal",
        provision(PRIVATE_TERM),
        "The term for a private kennel license shall be one (1) year",
        ("kennel.private_procedure", "kennel.license_term"),
        (
            f"{_SERVICES}::test_a3_renewal_runs_from_the_day_after_expiry_at_the_renewal_fee",
            f"{_LAW}::test_a3_a4_private_kennel_state",
        ),
    ),
    EventRow(
        "private_complaint",
        provision(PRIVATE_INSPECTION),
        "receipt of a complaint against the kennel licensee",
        ("kennel.private_procedure",),
        (f"{_LAW}::test_a3_a4_private_kennel_state",),
    ),
    EventRow(
        "private_inspection",
        provision(PRIVATE_INSPECTION),
        "the licensee authorizes City staff to perform an inspection of the kennel for the "
        "purpose of determining compliance with the conditions of their license",
        ("kennel.private_procedure", "kennel.inspection_grounds", "kennel.inspection"),
        (
            f"{_SERVICES}::test_a4_inspection_upon_a_complaint",
            f"{_LAW}::test_a4_no_inspection_without_a_complaint_and_the_dogs_counted_against_the_set_number",
            f"{_PROPS}::test_a_private_kennel_log_is_evaluated_and_offers_only_what_it_allows",
        ),
    ),
)
