"""Lino Lakes' deadlines (issue 27): the periods of its dangerous-animal procedure (§ 503.16),
requirements (§§ 503.18, 503.19) and forfeiture (§ 503.20), counted by the clocks every city
shares, in its own sections, values and words (``ordinance/clocks.yaml``). Table-driven; each
case is counted from a stated day, on Lino Lakes' calendar."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

from dogtag.law import package_wording, params, provisions
from dogtag.law.clocks import CLOCKS, deadline
from dogtag.law.computation_of_time import DeadlineError
from dogtag.law.questions import evaluate

D = dt.date

# clock, from, due, section, counting, the message's words after the due date
CASES = [
    (
        "dangerous_dog.hearing_request", D(2026, 12, 7), D(2026, 12, 21), "503.16(2)(c)", "after",
        "appeal the determination by requesting a hearing before the hearing officer within 14 "
        "days after the notice that the animal has been determined to be dangerous on Mon "
        "2026-12-07 (503.16(2)(c)).",
    ),
    # three weeks after the demand; the 21st day a Sunday moves to the Monday (645.15)
    (
        "dangerous_dog.hearing", D(2026, 12, 6), D(2026, 12, 28), "503.16(2)(c)2", "after",
        "hold the hearing on a date the hearing officer sets within 21 days after the demand for "
        "the hearing on Sun 2026-12-06 (503.16(2)(c)2). Sun 2026-12-27 is skipped: Sunday.",
    ),
    # fifteen business days: weekends and Christmas Day are not counted
    (
        "dangerous_dog.insurance_proof", D(2026, 12, 7), D(2026, 12, 29), "503.19(1)(c)",
        "business_days",
        "show proof of public liability insurance (before the animal's release, if it is "
        "impounded) within 15 business days after the request for proof of insurance on Mon "
        "2026-12-07 (503.19(1)(c)).",
    ),
    # fourteen days before a move on Mon 2026-12-21: Mon 2026-12-07
    (
        "dangerous_dog.relocation_notice", D(2026, 12, 21), D(2026, 12, 7), "503.18", "before",
        "notify the animal control officer in writing at least 14 days before the relocation or "
        "transfer of ownership on Mon 2026-12-21 (503.18).",
    ),
    # fourteen days before Sat 2027-01-16 is Sat 2027-01-02: the notice is due the Thursday
    # before, as New Year's Day is closed (the whole period kept)
    (
        "dangerous_dog.relocation_notice", D(2027, 1, 16), D(2026, 12, 31), "503.18",
        "before",
        "notify the animal control officer in writing at least 14 days before the relocation or "
        "transfer of ownership on Sat 2027-01-16 (503.18). Sat 2027-01-02 is skipped: Saturday. "
        "Fri 2027-01-01 is skipped: legal holiday: New Year's Day (Minn. Stat. 645.44 subd. 5).",
    ),
    (
        "forfeiture.hearing_request", D(2026, 12, 7), D(2026, 12, 21), "503.20(3)", "after",
        "appeal the forfeiture decision by requesting a hearing within 14 days after the notice "
        "that the city intends to forfeit the ownership rights on Mon 2026-12-07 (503.20(3)).",
    ),
    (
        "forfeiture.hearing", D(2026, 12, 7), D(2026, 12, 28), "503.20(3)(b)", "after",
        "hold the hearing on a date the hearing officer sets within 21 days after the demand for "
        "the hearing on Mon 2026-12-07 (503.20(3)(b)).",
    ),
    # the state's seizure clock (Minn. Stat. 347.54 subd. 1), in Lino Lakes' words
    (
        "dangerous_dog.seizure_unregistered", D(2026, 12, 7), D(2026, 12, 21),
        "Minn. Stat. 347.54 subd. 1", "after",
        "have the dog registered and insured (the Authority seizes a dog that is not) within 14 "
        "days after the notice that the dog has been determined to be dangerous on Mon 2026-12-07 "
        "(Minn. Stat. 347.54 subd. 1).",
    ),
]  # fmt: skip


@pytest.mark.parametrize("clock_id, start, due, section, counting, words", CASES)
def test_lino_lakes_counts_its_periods_in_its_sections_and_words(
    in_force, clock_id, start, due, section, counting, words
):
    # given Lino Lakes in force, when a period of its law is counted from a day
    found = deadline(in_force("lino-lakes"), start, clock_id=clock_id)
    # then the due date, the section and the words are Lino Lakes'
    assert found.deadline is not None
    assert (found.deadline.due, found.deadline.counting) == (due, counting)
    assert found.sections[0] == section
    assert found.message == f"Due {'by ' if counting == 'before' else ''}{_label(due)}: {words}"


def _label(day: dt.date) -> str:
    return f"{day:%a %Y-%m-%d}"


def test_the_appeal_counts_from_the_day_the_owner_was_notified_by_lino_lakes_reading(in_force):
    # given Lino Lakes' reading of "the date of the notice" (LEGAL-NOTES §6.5 adopted)
    found = deadline(in_force("lino-lakes"), D(2026, 12, 7), clock_id="forfeiture.hearing_request")
    used = {p.key: p for p in found.parameters}
    # then the finding lists the reading in force, with its source, beside the days
    reading = used["lino-lakes.readings.notice_date"]
    assert (reading.choice, reading.source.section) == ("date_of_service", "6.5")
    assert used["lino-lakes.forfeiture.hearing_request_days"].integer == 14


@pytest.mark.parametrize(
    "clock_id",
    [
        "dangerous_dog.insurance_proof",
        "dangerous_dog.relocation_notice",
        "forfeiture.hearing_request",
        "forfeiture.hearing",
    ],
)
def test_nowthen_is_not_given_a_period_its_law_does_not_state(in_force, clock_id):
    with pytest.raises(DeadlineError) as refused:
        deadline(in_force("nowthen"), D(2026, 12, 7), clock_id=clock_id)
    assert str(refused.value) == (
        f"{clock_id} is not a deadline of City of Nowthen's law: it states no "
        f"{CLOCKS[clock_id].provision}"
    )


@pytest.mark.parametrize(
    "clock_id, message",
    [
        (
            "dangerous_dog.hearing_request",
            "Due Mon 2026-12-21: request a hearing in writing within 14 days after the Notice of "
            "Dangerous Dog on Mon 2026-12-07 (3-2-9.A.1.c).",
        ),
        (
            "dangerous_dog.hearing",
            "Due Mon 2026-12-21: hold the hearing (extendable for good cause) within 14 days after "
            "the Authority was notified of the request for a hearing on Mon 2026-12-07 "
            "(3-2-9.A.2.a).",
        ),
    ],
)
def test_nowthen_keeps_its_own_words_for_the_same_clocks(in_force, clock_id, message):
    assert deadline(in_force("nowthen"), D(2026, 12, 7), clock_id=clock_id).message == message


def test_lino_lakes_answers_the_deadline_question_with_its_sections(in_force):
    answer = evaluate(
        "deadline", {"from": "2026-12-07", "rule": "forfeiture.hearing"}, in_force("lino-lakes")
    )
    assert answer["jurisdiction"] == "lino-lakes"
    [finding] = answer["findings"]
    assert (finding["rule"], finding["sections"]) == (
        "forfeiture.hearing",
        ["503.20(3)(b)", "Minn. Stat. 645.15"],
    )


def test_the_staff_calculator_offers_lino_lakes_its_own_clocks_by_their_titles(in_force):
    params = in_force("lino-lakes")
    offered = {c.id: c.worded(params).title for c in CLOCKS.values() if c.in_law(params)}
    assert offered == {
        "license.renewal": "License renewal without penalty",
        "license.new_resident": "New resident's dog license",
        "license.change_of_ownership": "New owner's license",
        "dangerous_dog.hearing_request": "Appeal of a dangerous-animal determination",
        "dangerous_dog.hearing": "Hearing on a dangerous-animal determination",
        "dangerous_dog.seizure_unregistered": (
            "Seizure of a dangerous dog not registered or insured (state)"
        ),
        "dangerous_dog.insurance_proof": "Proof of liability insurance",
        "dangerous_dog.relocation_notice": "Notice before relocation or transfer",
        "forfeiture.hearing_request": "Appeal of a forfeiture",
        "forfeiture.hearing": "Hearing on a forfeiture",
        "kennel.license_modification": "A modification of a kennel license takes effect",
    }


# ----------------------------------------------------------------------------- the wording file


@pytest.mark.parametrize(
    "text, problem",
    [
        ("clocks: []\n", "must be a mapping with 'clocks'"),
        ("clocks: {}\nwords: 1\n", "unknown field(s) words"),
        ("clocks: {forfeiture.hearing: {}}\n", "forfeiture.hearing: must give title"),
        ("clocks: {forfeiture.hearing: {verb: x}}\n", "forfeiture.hearing: unknown field(s) verb"),
        ("clocks: {forfeiture.hearing: {title: ''}}\n", "forfeiture.hearing.title: must be text"),
    ],
)
def test_a_malformed_wording_file_is_an_error_naming_it(tmp_path: Path, text, problem):
    (tmp_path / "ordinance").mkdir()
    (tmp_path / "ordinance" / "clocks.yaml").write_text(text)
    with pytest.raises(package_wording.WordingFileError) as caught:
        package_wording._read(tmp_path, "thirdtown", "clocks.yaml")
    assert str(caught.value).startswith("params/thirdtown/ordinance/clocks.yaml: ")
    assert problem in str(caught.value)


def test_a_period_before_an_event_in_business_days_is_refused_not_guessed(
    tmp_path: Path, monkeypatch
):
    # given a copy of Lino Lakes' package whose relocation notice is stated in business days
    root = tmp_path / "params"
    for package in ("minnesota", "lino-lakes"):
        shutil.copytree(params.DEFAULT_ROOT / package, root / package)
    rules = root / "lino-lakes" / "dangerous_dogs.yaml"
    text = rules.read_text(encoding="utf-8")
    marker = "  dangerous_dog.relocation_notice_days:\n"
    head, tail = text.split(marker)
    rules.write_text(head + marker + tail.replace("unit: days", "unit: business days", 1))
    provisions._read.cache_clear()
    monkeypatch.setenv("DOGTAG_PARAMS_DIR", str(root))
    monkeypatch.setenv("DOGTAG_JURISDICTION", "lino-lakes")
    try:
        with pytest.raises(DeadlineError) as refused:
            deadline(params.default(), D(2026, 12, 21), clock_id="dangerous_dog.relocation_notice")
    finally:
        provisions._read.cache_clear()
    # then the count is refused, saying why, rather than counted some way the law does not say
    assert str(refused.value) == (
        "dangerous_dog.relocation_notice counts business days before an event: not a count we know"
    )
