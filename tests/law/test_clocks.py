"""Every day count the ordinance fixes, with the subsection that fixes it."""

import datetime as dt
import re

import pytest

from dogtag.law import params
from dogtag.law.catalogue import RULES, catalogue
from dogtag.law.clocks import CLOCKS, UnknownClock, deadline, period
from dogtag.law.computation_of_time import DeadlineError

D = dt.date


@pytest.mark.parametrize(
    "clock_id, section, days",
    [
        ("license.renewal", "3-2-2.B", 30),
        ("license.new_resident", "3-2-2.E", 30),
        ("license.change_of_ownership", "3-2-2.F", 30),
        ("enclosure.compliance_notice", "3-2-6.C", 30),
        ("dangerous_dog.hearing_request", "3-2-9.A.1.c", 14),
        ("dangerous_dog.comply_after_decision", "3-2-9.A.1.d", 14),
        ("dangerous_dog.hearing", "3-2-9.A.2.a", 14),
        ("dangerous_dog.order", "3-2-9.A.2.g", 10),
        ("dangerous_dog.registration", "3-2-9.B.2", 30),
        ("dangerous_dog.sterilization", "3-2-9.B.3.g", 30),
        ("dangerous_dog.release_compliance", "3-2-9.B.4", 30),
        ("dangerous_dog.revocation_hearing", "3-2-9.B.6.b", 20),
        ("dangerous_dog.revocation_reclaim", "3-2-9.B.6.c", 30),
        ("dangerous_dog.death_or_relocation", "3-2-9.C", 30),
    ],
)
def test_each_clock_counts_the_days_its_section_fixes(nowthen, clock_id, section, days):
    # given a trigger on Monday 2026-03-02, when the clock's deadline is computed
    finding = deadline(nowthen, D(2026, 3, 2), clock_id=clock_id)
    # then it cites the section and Minn. Stat. 645.15, and counts the section's days
    assert finding.rule == clock_id
    assert finding.outcome == "due"
    assert finding.sections == (section, "Minn. Stat. 645.15")
    assert finding.deadline is not None
    assert finding.deadline.days == days
    assert finding.deadline.last_counted_day == D(2026, 3, 2) + dt.timedelta(days=days)
    assert finding.parameters[0].definition.values[0].source.section == section
    assert RULES[clock_id].section == section


def test_the_states_seizure_clock_counts_the_states_days_from_the_notice(nowthen):
    # Minn. Stat. 347.54 subd. 1 through 3-2-8: 14 days after notice, the state's own days even
    # though the city's 30 to register (3-2-9.B.2) share the key: they count from another event
    finding = deadline(nowthen, D(2026, 3, 2), clock_id="dangerous_dog.seizure_unregistered")
    assert finding.sections == ("Minn. Stat. 347.54 subd. 1", "Minn. Stat. 645.15")
    assert finding.deadline is not None and finding.deadline.days == 14
    assert finding.deadline.due == D(2026, 3, 16)
    assert finding.parameters[0].key == "minnesota.dangerous_dog.registration_deadline_days"
    assert finding.parameters[0].source.cite() == "Minn. Stat. 347.54 subd. 1"
    assert [r.key for r in finding.readings] == ["nowthen.readings.notice_date"]
    assert RULES["dangerous_dog.seizure_unregistered"].section == "Minn. Stat. 347.54 subd. 1"
    # and the city's clock keeps the city's own days
    city = deadline(nowthen, D(2026, 3, 2), clock_id="dangerous_dog.registration")
    assert city.parameters[0].key == "nowthen.dangerous_dog.registration_deadline_days"


def _in_law(city: str) -> list[tuple[str, str]]:
    """The clocks whose period ``city``'s law states, each with the city."""
    package = params.load(params.DEFAULT_ROOT, city)
    return [(city, c) for c in sorted(CLOCKS) if CLOCKS[c].in_law(package)]


@pytest.mark.parametrize("city, clock_id", _in_law("nowthen") + _in_law("lino-lakes"))
def test_a_clocks_period_is_the_parameter_its_deadline_counts(in_force, city, clock_id):
    # prose that says a clock's days ("within thirty days") words the very value the clock counts:
    # the city's own 30 days to register (3-2-9.B.2), the state's 14 to seizure (347.54 subd. 1)
    on = D(2026, 3, 2)
    package = in_force(city)
    counted = deadline(package, on, clock_id=clock_id).parameters[0]
    assert period(clock_id, on, package) == counted


def test_the_period_of_each_registration_clock_is_its_jurisdictions_own(nowthen):
    on = D(2026, 3, 2)
    city = period("dangerous_dog.registration", on, nowthen)
    state = period("dangerous_dog.seizure_unregistered", on, nowthen)
    assert (city.key, city.integer) == ("nowthen.dangerous_dog.registration_deadline_days", 30)
    assert (state.key, state.integer) == ("minnesota.dangerous_dog.registration_deadline_days", 14)
    with pytest.raises(UnknownClock, match=re.escape("no deadline rule named 'license.whenever'")):
        period("license.whenever", on, nowthen)


def test_the_owners_time_to_seek_review_counts_the_states_days_from_the_order(nowthen):
    # 3-2-9.A.4: review by writ of certiorari, within the 60 days of Minn. Stat. 606.01
    finding = deadline(nowthen, D(2026, 11, 16), clock_id="dangerous_dog.certiorari")
    assert finding.sections == ("3-2-9.A.4", "Minn. Stat. 645.15")
    assert finding.deadline is not None and finding.deadline.days == 60
    assert finding.deadline.due == D(2027, 1, 15)
    assert finding.parameters[0].key == "minnesota.dangerous_dog.certiorari_days"
    assert finding.parameters[0].source.cite() == "Minn. Stat. 606.01"


def test_the_table_above_covers_every_clock():
    # the fourteen of the table, the state's seizure clock and the time to seek review (A.4)
    # tested on their own; Lino Lakes' four in tests/law/test_lino_lakes_deadlines.py, and its
    # kennel license modification in tests/law/test_kennel_inspection_before_issue.py
    assert len(CLOCKS) == 16 + 4 + 1


def test_notice_clocks_show_the_notice_date_reading(nowthen):
    finding = deadline(nowthen, D(2025, 12, 11), clock_id="dangerous_dog.hearing_request")
    assert [r.key for r in finding.readings] == ["nowthen.readings.notice_date"]
    assert finding.to_json()["readings"][0]["value"] == "date_of_service"
    assert finding.message == (
        "Due Fri 2025-12-26: request a hearing in writing within 14 days after the Notice of "
        "Dangerous Dog on Thu 2025-12-11 (3-2-9.A.1.c). Thu 2025-12-25 is skipped: legal "
        "holiday: Christmas Day (Minn. Stat. 645.44 subd. 5)."
    )


def test_a_clock_refuses_a_different_number_of_days(nowthen):
    with pytest.raises(
        DeadlineError, match=re.escape("3-2-9.A.1.c fixes 14 days for this deadline, not 10 days")
    ):
        deadline(nowthen, D(2025, 12, 11), clock_id="dangerous_dog.hearing_request", days=10)
    # the same number is accepted
    assert deadline(
        nowthen, D(2025, 12, 11), clock_id="dangerous_dog.hearing_request", days=14
    ).deadline.due == D(2025, 12, 26)


def test_unknown_clock(nowthen):
    with pytest.raises(UnknownClock, match=re.escape("no deadline rule named 'license.whenever'")):
        deadline(nowthen, D(2026, 1, 5), clock_id="license.whenever")


def test_a_plain_count_cites_the_statute_only(nowthen):
    finding = deadline(nowthen, D(2027, 12, 17), days=14, trigger_event="letter mailed")
    assert finding.rule == "computation_of_time"
    assert finding.sections == ("Minn. Stat. 645.15",)
    assert finding.deadline.due == D(2028, 1, 3)
    assert finding.message.startswith(
        "Due Mon 2028-01-03: 14 days after letter mailed on Fri 2027-12-17."
    )


def test_neither_clock_nor_days(nowthen):
    with pytest.raises(DeadlineError, match="give the number of days"):
        deadline(nowthen, D(2026, 1, 5))


def test_catalogue_lists_every_rule_once_with_section_title_and_summary():
    rules = catalogue()
    assert len({r.id for r in rules}) == len(rules)
    assert {
        "license.required",
        "license.application_contents",
        "license.rabies_current",
        "license.term",
        "license.penalty",
        "license.amount_due",
        "license.paid_in_full",
        "license.no_refund",
        "tag.duplicate",
        "tag.not_transferable",
        "tag.violation",
        "incorporation.controlling_provision",
        "computation_of_time",
        "kennel.dogs_counted",
        "kennel.dog_limit",
        "kennel.private_set_number",
        "kennel.private_not_assignable",
        "kennel.private_one_per_party",
        "kennel.commercial_renewal",
        "kennel.commercial_notice_list",
        "nuisance.barking",
        "nuisance.at_large",
        "nuisance.at_large_exception",
        "nuisance.park_leash",
        "nuisance.excrement",
        "nuisance.damage",
        "nuisance.aggression",
        "nuisance.chasing",
        "vehicle.animal_left",
        "dangerous_dog.exemption",
        "dangerous_dog.criteria",
        "dangerous_dog.standard_of_proof",
        "dangerous_dog.destruction",
        "dangerous_dog.registration_requirements",
        "dangerous_dog.restraint",
        "dangerous_dog.review_eligibility",
        "dangerous_dog.relax_conditions",
        "dangerous_dog.pending_hearing",
        "dangerous_dog.while_hearing_pending",
        "dangerous_dog.writ_of_certiorari",
        "dangerous_dog.sale_disclosure",
        "dangerous_dog.inspection",
        "dangerous_dog.inspection_seizure",
        "dangerous_dog.owner_notice",
        "dangerous_dog.warning_symbol_charge",
        "dangerous_dog.rental_disclosure",
        "dangerous_dog.sterilization_seizure",
        "dangerous_dog.release",
        "dangerous_dog.procedure",
        "dangerous_dog.designation_stands",
        "dangerous_dog.hearing_request_in_time",
        "dangerous_dog.hearing_in_time",
        "dangerous_dog.order_disposition",
        "dangerous_dog.time_to_obtain",
        "dangerous_dog.record_states",
        "dangerous_dog.who_acts",
        "dangerous_dog.costs_owed",
        "dangerous_dog.registration_term",
        "dangerous_dog.registration_fee",
        "dangerous_dog.insurance_shown",
        "dangerous_dog.tag",
        "kennel.license_term",
        "kennel.fee",
        "kennel.condition",
        "kennel.feces_well_setback",
        "kennel.inspection",
        "kennel.commercial_procedure",
        "kennel.license_conditions",
        "kennel.commercial_step_timing",
        "kennel.notice_to_all_owners",
        "kennel.recommendation",
        "kennel.commercial_lifecycle",
        "kennel.private_procedure",
        "kennel.council_conditions_with_approval",
        "kennel.one_open_application",
        "kennel.fee_paid",
        "kennel.private_license_kind",
        "kennel.inspection_grounds",
        "enclosure.compliance_notice_grounds",
        "complaint.step",
        "complaint.outcome_grounds",
        "complaint.finding",
        "complaint.reopening",
        "complaint.subsection",
        "shelter.size",
        "shelter.shade",
        "enclosure.applicability",
        "enclosure.lot_lines",
        "enclosure.dwelling_setback",
        "enclosure.side_lot_line_setback",
        "enclosure.rear_lot_line_setback",
        "enclosure.road_setback",
        # issue 11 remains: the subsections that had no rule of their own
        "dangerous_dog.notice_service",
        "dangerous_dog.notice_incidents",
        # issue 26 item 1.7: every content of the Notice (3-2-9.A.1.a (1)-(4), b-f)
        "dangerous_dog.notice_contents",
        "dangerous_dog.release_on_demand",
        "dangerous_dog.revocation",
        "enclosure.sanitation",
        # issue 11: what 3-2-9 provides for (a cost, a reviewer, a notice, a disclosure)
        "dangerous_dog.provided_for",
        # the clocks Nowthen's law states (Lino Lakes' own periods are not law here)
        *(c for c, clock in CLOCKS.items() if clock.in_law()),
    } == {r.id for r in rules}
    from dogtag.law.questions import QUESTIONS

    for r in rules:
        assert r.section and r.title and r.summary and r.question
        # every rule is answered by a question of `dogtag evaluate`, which lists it
        assert r.id in QUESTIONS[r.question].rules, (r.id, r.question)
    # ordered by section: 3-2-2 before 3-2-9, and 3-2-9.A.1.c before 3-2-9.A.2.a
    sections = [r.section for r in rules]
    assert (
        sections.index("3-2-9.A.1.c") < sections.index("3-2-9.A.2.a") < sections.index("3-2-9.B.2")
    )
    assert sections.index("3-2-2.A") == 0
