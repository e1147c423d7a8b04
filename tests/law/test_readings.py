"""The readings register (dogtag.law.readings): every reading adopted, where it is applied."""

import datetime
import importlib
import io
import json
import re
from pathlib import Path

import pytest

from dogtag import cli
from dogtag.law import ordinance, params, readings

LAW = Path(readings.__file__).resolve().parent
READING_ID = re.compile(r"\breadings\.[a-z_]+[a-z]\b")
IDS = [r.id for r in readings.REGISTER]


def referenced_in_law():
    """Each reading id the rules core names, with the files naming it (the register aside)."""
    found: dict[str, set[str]] = {}
    for path in sorted(LAW.rglob("*.py")):
        if path == Path(readings.__file__).resolve():
            continue
        for id in READING_ID.findall(path.read_text(encoding="utf-8")):
            found.setdefault(id, set()).add(path.name)
    return found


def test_every_reading_the_rules_core_names_is_in_the_register():
    # in a package's register: Nowthen's, or Lino Lakes' for the variants only its law states
    named = referenced_in_law()
    assert "readings.notice_date" in named and "readings.kennel_term_end" in named
    lino = params.load(params.DEFAULT_ROOT, "lino-lakes")
    registers = set(IDS) | {r.id for r in readings.register(lino)}
    assert sorted(set(named) - registers) == []


def test_every_reading_in_the_register_is_applied_in_the_rules_core_or_said_to_be_pending():
    named = referenced_in_law()
    assert [r.id for r in readings.REGISTER if r.id not in named and not r.pending] == []
    assert {r.id for r in readings.REGISTER if r.id not in named} == {
        "readings.renewal_complaints_counted",
        "readings.adjacent_dwelling",
    }
    # the day deemed dangerous (A.1.e, B.2) moved into the procedure's events (issue 11)
    assert "readings.deemed_dangerous_day" in named


def test_the_register_holds_each_reading_once_with_sections_the_text_has():
    assert len(IDS) == len(set(IDS)) == 25
    for reading in readings.REGISTER:
        assert reading.sections and all(ordinance.exists(s) for s in reading.sections), reading.id
        assert reading.adopted.startswith(("LEGAL-NOTES §6.", "CHANGELOG, ")), reading.id


def test_the_readings_the_city_may_change_are_the_dated_reading_parameters(nowthen):
    in_files = {d.name for d in nowthen if d.type == "reading"}
    assert {r.id for r in readings.REGISTER if r.parameter} == in_files
    for reading in readings.REGISTER:
        if reading.parameter and reading.adopted.startswith("LEGAL-NOTES"):
            source = nowthen.get(reading.id, nowthen.definition(reading.id).first_effective).source
            assert reading.adopted == f"LEGAL-NOTES §{source.section}"


@pytest.mark.parametrize("reading", readings.REGISTER, ids=IDS)
def test_each_place_a_reading_is_applied_exists(reading):
    for place in reading.applied_in:
        module, name = place.split(":")
        assert callable(getattr(importlib.import_module(module), name)), place


def test_an_unknown_reading_is_refused():
    assert readings.reading("readings.kennel_term_end").sections == ("3-2-5.A.3", "3-2-5.B.2")
    with pytest.raises(KeyError, match="readings.nowhere is not in the readings register"):
        readings.reading("readings.nowhere")


def test_dogtag_readings_prints_the_register():
    out = io.StringIO()
    assert cli.main(["readings"], out=out) == 0
    listed = json.loads(out.getvalue())
    assert [r["id"] for r in listed] == IDS
    [adjacent] = [r for r in listed if r["id"] == "readings.adjacent_dwelling"]
    assert adjacent == {
        "id": "readings.adjacent_dwelling",
        "sections": ["3-2-6.A"],
        "reading": '"Adjacent residential dwelling or principal structure": the dwellings and '
        "principal structures on other parcels within 500 ft of the enclosure's parcel.",
        "adopted": "CHANGELOG, issue 4 (kennels and enclosures)",
        "parameter": False,
        "applied_in": ["dogtag.parcels.services:adjacent_dwellings"],
        "pending": "applied in a Django app; moves into the rules core (issue 11 item 4)",
    }


# ------------------------------------------------------------------ each package's own register


@pytest.mark.parametrize("city", ["nowthen", "lino-lakes"])
def test_each_package_s_register_reads_its_own_text_and_matches_its_reading_parameters(
    monkeypatch, city
):
    # given the city's package in force (issue 27: a reading is of one city's words)
    monkeypatch.setenv("DOGTAG_JURISDICTION", city)
    found = params.default()
    register = readings.register(found)
    ids = [r.id for r in register]
    assert len(ids) == len(set(ids)) and ids
    for reading in register:
        # every section it reads is in the city's own text
        assert all(ordinance.exists(s) for s in reading.sections), (city, reading.id)
        for place in reading.applied_in:
            module, name = place.split(":")
            assert callable(getattr(importlib.import_module(module), name)), place
        # worded from the city's own values
        assert "{" not in reading.worded(found, datetime.date(2026, 12, 7)).reading
    # the readings it may change are exactly its dated reading parameters
    in_files = {d.name for d in found if d.type == "reading" and d.jurisdiction == city}
    assert {r.id for r in register if r.parameter} == in_files


def test_lino_lakes_register_is_its_own():
    import os

    before = os.environ.get("DOGTAG_JURISDICTION")
    lino = params.load(params.DEFAULT_ROOT, "lino-lakes")
    assert [r.id for r in readings.register(lino)] == [
        "readings.six_months_of_age",
        "readings.license_term",
        "readings.renewal_window",
        "readings.non_license_penalty",
        "readings.application_form",
        "readings.barking_period",
        "readings.notice_date",
        "readings.relocation_notice_text",
        "readings.kennel_license_expiry",
        "readings.kennel_inspection_before_issue",
        "readings.kennel_modification_effective",
        "readings.kennel_renewal",
        "readings.dangerous_animal_definition",
        "readings.dangerous_animal_conditions",
        "readings.dangerous_animal_procedure",
        "readings.dangerous_animal_late_hearing",
        "readings.vehicle_draft_only",
        "readings.nuisance_duty_owner",
        "readings.complaint_withdrawal",
        "readings.complaint_reopening",
    ]
    assert readings.reading("readings.application_form", lino).sections == ("503.09(5)(a)",)
    with pytest.raises(KeyError, match="readings.kennel_term_end is not in the readings register"):
        readings.reading("readings.kennel_term_end", lino)
    assert os.environ.get("DOGTAG_JURISDICTION") == before
