"""Rules cite concepts; each jurisdiction package cites its own sections (issue 27,
``law.provisions``). ``license.required`` is Nowthen's 3-2-2.A and Lino Lakes' 503.09(1); the
question ``license-required`` answers with the section of the city in force. A provision a
city's law does not state in the same shape is not mapped, and its question is refused there,
unless the state's statute states it: ``vehicle.animal_left`` is Nowthen's 3-2-4, and in Lino
Lakes, whose 503.13 is known only from drafts, Minn. Stat. 346.57."""

from __future__ import annotations

import datetime as dt
import re
import shutil
from pathlib import Path

import pytest

from dogtag.law import params, provisions
from dogtag.law.catalogue import not_in_law
from dogtag.law.questions import QUESTIONS, QuestionNotInLaw, evaluate
from dogtag.law.questions import not_in_law as question_not_in_law
from dogtag.law.registry import RULES

INCIDENT = {
    "animal": "dog",
    "left_unattended": True,
    "vehicle_standing_or_parked": True,
    "health_or_safety_endangered": True,
}


@pytest.mark.parametrize(
    "city, section, citation",
    [
        ("nowthen", "3-2-2.A", "City Code {section}"),
        ("lino-lakes", "503.09(1)", "City Code § {section}"),
    ],
)
def test_a_concept_is_cited_as_the_city_in_force_numbers_it(in_force, city, section, citation):
    found = in_force(city)
    assert provisions.cite("license.required") == section
    assert provisions.cite("license.required", found) == section
    assert provisions.sections_of(found.city).citation == citation


def test_the_vehicle_question_answers_by_nowthen_s_code_and_in_lino_lakes_by_the_statute(
    in_force,
):
    # given a dog left endangered in a parked car on Mon 2026-12-07
    asked = {**INCIDENT, "on": "2026-12-07"}
    # when asked in Nowthen, then its code's misdemeanor (3-2-4)
    found = evaluate("animal-in-vehicle", asked, in_force("nowthen"))["findings"]
    assert [(f["outcome"], f["sections"]) for f in found] == [("misdemeanor", ["3-2-4"])]
    assert RULES["vehicle.animal_left"].sections == ("3-2-4",)
    # when asked in Lino Lakes, whose 503.13 is a draft only, then the state's petty misdemeanor
    lino = in_force("lino-lakes")
    (violation,) = evaluate("animal-in-vehicle", asked, lino)["findings"]
    assert (violation["outcome"], violation["sections"]) == (
        "petty_misdemeanor",
        ["Minn. Stat. 346.57"],
    )
    assert violation["message"] == (
        "Violation, a petty misdemeanor, a fine of $25.00: the dog was left unattended in a "
        "standing or parked motor vehicle in a manner that endangered its health or safety "
        "(Minn. Stat. 346.57)."
    )
    assert [(p["key"], p["value"]) for p in violation["parameters"]] == [
        ("minnesota.vehicle.penalty", "petty misdemeanor"),
        ("minnesota.vehicle.fine", "25.00"),
        (
            "minnesota.vehicle.removed_by",
            "a peace officer, a humane agent, a dog warden, or a volunteer or professional "
            "member of a fire or rescue department",
        ),
        (
            "minnesota.vehicle.entry_by",
            "a peace officer, a humane agent, a dog warden, or a volunteer or professional "
            "member of a fire or rescue department",
        ),
    ]


def test_a_concept_no_package_maps_is_an_error_naming_the_packages(in_force):
    in_force("lino-lakes")
    with pytest.raises(provisions.UnknownProvision) as caught:
        provisions.cite("no.such_provision")
    assert str(caught.value) == (
        "no section for 'no.such_provision' in the packages of lino-lakes, minnesota"
    )


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "params"
    shutil.copytree(params.DEFAULT_ROOT, root)
    provisions._read.cache_clear()
    yield root
    provisions._read.cache_clear()


@pytest.mark.parametrize(
    "text, message",
    [
        ("provisions: []\n", "must be a mapping with 'provisions'"),
        ("provisions: {a.b: ''}\n", "a.b: must name a section"),
        ("colour: red\nprovisions: {}\n", "unknown field(s) colour"),
        (
            "pattern: '\\b3-2-\\d+'\nprovisions: {vehicle.animal_left: '503.13'}\n",
            "vehicle.animal_left: '503.13' is not a citation of this package",
        ),
        (
            "citation_translations: {es: Código}\nprovisions: {}\n",
            "citation_translations: must map each language to a form with {section}",
        ),
    ],
)
def test_a_malformed_sections_file_names_the_file_and_the_problem(tree, text, message):
    (tree / "nowthen" / "ordinance" / "sections.yaml").write_text(text)
    nowthen = params.load(tree, "nowthen")
    with pytest.raises(provisions.SectionsFileError, match=re.escape(message)):
        provisions.cite("vehicle.animal_left", nowthen)


def test_a_package_without_a_sections_file_falls_back_to_its_state(tree):
    # a third city that has not mapped a provision: the state's package is asked, then an error
    (tree / "thirdtown").mkdir()
    (tree / "thirdtown" / "jurisdiction.yaml").write_text(
        "id: thirdtown\nname: City of Thirdtown\nkind: city\nstate: minnesota\n"
    )
    thirdtown = params.load(tree, "thirdtown")
    assert provisions.cite("vehicle.animal_left", thirdtown) == "Minn. Stat. 346.57"
    assert provisions.maps("vehicle.animal_left", thirdtown)
    with pytest.raises(provisions.UnknownProvision, match="thirdtown, minnesota"):
        provisions.cite("license.required", thirdtown)
    assert not provisions.maps("license.required", thirdtown)


@pytest.mark.parametrize(
    "city, born, outcome, section",
    [
        ("nowthen", "2026-01-10", "required", "3-2-2.A"),
        ("nowthen", "2026-09-10", "exempt", "3-2-2.D"),
        ("lino-lakes", "2026-01-10", "required", "503.09(1)"),
        ("lino-lakes", "2026-09-10", "exempt", "503.09(1)(a)"),
    ],
)
def test_license_required_cites_the_city_s_own_sections(in_force, city, born, outcome, section):
    # given a dog born on `born`, asked about on 2026-12-07 in the city in force
    found = evaluate("license-required", {"born": born, "on": "2026-12-07"}, in_force(city))
    (finding,) = found["findings"]
    assert (finding["outcome"], finding["sections"]) == (outcome, [section])
    assert finding["message"].endswith(f"({section}).")


@pytest.mark.parametrize(
    "city, summary, sections",
    [
        (
            "nowthen",
            "Every dog kept in the city must be licensed (3-2-2.A), except dogs under six months "
            "of age (3-2-2.D); says from which day a younger dog will need one.",
            ("3-2-2.A", "3-2-2.D"),
        ),
        (
            "lino-lakes",
            "Every dog kept in the city must be licensed (503.09(1)), except dogs under six "
            "months of age (503.09(1)(a)); says from which day a younger dog will need one.",
            ("503.09(1)", "503.09(1)(a)"),
        ),
    ],
)
def test_a_rule_s_summary_names_the_city_s_sections(in_force, city, summary, sections):
    rule = RULES["license.required"].worded(in_force(city), dt.date(2026, 12, 7))
    assert (rule.summary, rule.sections) == (summary, sections)


@pytest.mark.parametrize(
    "city, kept_for, outcome, section, message_end",
    [
        # Nowthen exempts no use: a show dog of eight months needs its license
        (
            "nowthen",
            "show_or_trial",
            "required",
            "3-2-2.A",
            "(3-2-2.A). Being brought into the city for an animal show or trial does not exempt "
            "a dog here.",
        ),
        # Lino Lakes exempts show dogs and police dogs (503.09(1)(b), (c))
        (
            "lino-lakes",
            "show_or_trial",
            "exempt",
            "503.09(1)(b)",
            "a dog brought into the city for an animal show or trial is exempt (503.09(1)(b)).",
        ),
        (
            "lino-lakes",
            "law_enforcement",
            "exempt",
            "503.09(1)(c)",
            "a dog used by law enforcement officers is exempt (503.09(1)(c)).",
        ),
    ],
)
def test_the_exemptions_by_use_are_a_variant_each_package_states(
    in_force, city, kept_for, outcome, section, message_end
):
    asked = {"born": "2026-01-10", "on": "2026-12-07", "kept_for": kept_for}
    (finding,) = evaluate("license-required", asked, in_force(city))["findings"]
    assert (finding["outcome"], finding["sections"]) == (outcome, [section])
    assert finding["message"].endswith(message_end)


def test_every_package_that_exempts_a_use_cites_where(in_force):
    for city in ("nowthen", "lino-lakes"):
        found = in_force(city)
        for use in ("show_or_trial", "law_enforcement"):
            if found.get(f"license.exempt.{use}", dt.date(2026, 12, 7)).boolean:
                assert provisions.maps(f"license.exempt.{use}", found), (city, use)


def test_a_fact_s_label_names_a_provision_the_city_does_not_state_by_its_concept(in_force):
    text = "Licensed ({§license.required}); cleaned up ({§no.such_provision})"
    nowthen = in_force("nowthen")
    # a label read when a form or a schema is built still shows, saying what the city lacks
    assert provisions.cited_in(text, lenient=True) == (
        "Licensed (3-2-2.A); cleaned up ([no.such_provision: no section])"
    )
    assert provisions.cited_in(text, in_force("lino-lakes"), lenient=True) == (
        "Licensed (503.09(1)); cleaned up ([no.such_provision: no section])"
    )
    # an answer never does: strict, it is the error naming the provision
    with pytest.raises(provisions.UnknownProvision, match="'no.such_provision'"):
        provisions.cited_in(text, nowthen)


def test_every_concept_the_rules_and_the_facts_name_is_mapped_in_nowthen(in_force):
    # a misspelt {§concept} would show as "no section" in Nowthen's labels, or refuse a rule
    nowthen = in_force("nowthen")
    # every rule is law in Nowthen but the variants its package does not state (another city's)
    # (Lino Lakes' periods: insurance, relocation notice, forfeiture, a kennel license modified;
    # its dangerous-animal procedure and forfeiture; its damage to property only, abandonment and
    # feces device)
    assert [r.id for r, _ in not_in_law(nowthen, dt.date(2026, 11, 29))] == [
        "dangerous_animal.procedure",
        "dangerous_animal.requirements",
        "dangerous_dog.insurance_proof",
        "dangerous_dog.relocation_notice",
        "forfeiture.hearing",
        "forfeiture.hearing_request",
        "forfeiture.procedure",
        "kennel.dog_limit_per_property",
        "kennel.inspection_before_issue",
        "kennel.license_modification",
        "kennel.license_term_fixed_date",
        "nuisance.abandonment",
        "nuisance.feces_removal",
        "nuisance.property_damage",
    ]
    # (the facts of Nowthen's questions: not another city's prohibitions, law.prohibitions)
    labels = [
        f.description
        for q in QUESTIONS.values()
        if not question_not_in_law(q, nowthen)
        for f in q.fields
    ]
    assert [t for t in labels if "{§" in t or ": no section]" in t] == []


def test_the_text_quoted_is_the_city_in_force_s(in_force):
    from dogtag.law import ordinance

    in_force("nowthen")
    assert ordinance.exists("3-2-2.D") and not ordinance.exists("503.09(1)(a)")
    in_force("lino-lakes")
    assert ordinance.exists("503.09(1)(a)") and not ordinance.exists("3-2-2.D")
    assert ordinance.quote("503.09(1)(a)") == "Dogs less than six months of age;"
    assert ordinance.subsection("503.02").status == "not_available"


@pytest.mark.parametrize(
    "block, message",
    [
        ("ordinance: {text: ordinance/none.txt, numbering: chapter}", "no file none.txt"),
        (
            "ordinance: {text: ordinance/nowthen-city-code-ch3-sec2.txt, numbering: roman}",
            "ordinance.numbering: must be one of chapter, decimal",
        ),
        ("ordinance: {text: ../lino-lakes/jurisdiction.yaml, numbering: chapter}", "no file"),
    ],
)
def test_a_package_names_its_text_and_how_it_is_numbered(tree, block, message):
    path = tree / "nowthen" / "jurisdiction.yaml"
    kept = path.read_text().split("# The ordinance's text")[0]
    path.write_text(kept + block + "\n")
    with pytest.raises(params.ParameterFileError, match=re.escape(message)):
        params.load(tree, "nowthen")


def test_a_third_city_is_data_only_for_what_a_variant_covers(tree, monkeypatch):
    """Issue 27, "done means": adding a third city's package needs no Python change for any
    provision a variant covers. Thirdtown states its license age (four months), exempts police
    dogs, numbers its code "6.40 subd. 2", and is otherwise Minnesota's."""
    town = tree / "thirdtown"
    (town / "ordinance").mkdir(parents=True)
    (town / "jurisdiction.yaml").write_text(
        "id: thirdtown\nname: City of Thirdtown\nkind: city\nstate: minnesota\n"
        "code: Thirdtown City Code ch. 6\n"
    )
    source = (
        "{instrument: Thirdtown City Code, kind: ordinance, section: '6.40', adopted: 2019-12-10}"
    )
    (town / "licensing.yaml").write_text(
        "parameters:\n"
        "  license.minimum_age_months:\n"
        "    description: Age from which a dog must be licensed\n"
        "    type: integer\n    unit: months\n"
        f"    values: {{2020-01-01: {{value: 4, source: {source}}}}}\n"
        "  license.exempt.show_or_trial:\n"
        "    description: Show dogs exempt\n    type: boolean\n"
        f"    values: {{2020-01-01: {{value: false, source: {source}}}}}\n"
        "  license.exempt.law_enforcement:\n"
        "    description: Police dogs exempt\n    type: boolean\n"
        f"    values: {{2020-01-01: {{value: true, source: {source}}}}}\n"
        "  readings.six_months_of_age:\n"
        "    description: The day a dog reaches an age in months\n    type: reading\n"
        "    choices: {same_calendar_day: same day, day_after_anniversary: the day after}\n"
        f"    values: {{2020-01-01: {{value: same_calendar_day, source: {source}}}}}\n"
    )
    (town / "ordinance" / "sections.yaml").write_text(
        "citation: 'City Code § {section}'\n"
        "pattern: '\\b6\\.\\d{2} subd\\. \\d+(?:\\([a-z]\\))?'\n"
        "provisions:\n"
        "  license.required: '6.40 subd. 1'\n"
        "  license.minimum_age: '6.40 subd. 2'\n"
        "  license.exempt.law_enforcement: '6.40 subd. 2(b)'\n"
    )
    monkeypatch.setenv("DOGTAG_PARAMS_DIR", str(tree))
    monkeypatch.setenv("DOGTAG_JURISDICTION", "thirdtown")
    thirdtown = params.default()
    # when asked about a dog of five months, a police dog, a dog in a car, and barking
    asked = {"born": "2026-07-01", "on": "2026-12-07"}
    (required,) = evaluate("license-required", asked, thirdtown)["findings"]
    (police,) = evaluate("license-required", {**asked, "kept_for": "law_enforcement"}, thirdtown)[
        "findings"
    ]
    # then it answers with its own values and sections, and refuses what its law does not state
    assert (required["outcome"], required["sections"]) == ("required", ["6.40 subd. 1"])
    assert required["message"] == (
        "License required: the dog has been 4 months of age or older since November 1, 2026, "
        "and every such dog kept in the city must be licensed (6.40 subd. 1)."
    )
    assert (police["outcome"], police["sections"]) == ("exempt", ["6.40 subd. 2(b)"])
    # and the dog in a car by the state's statute, which binds in every city
    (car,) = evaluate("animal-in-vehicle", INCIDENT, thirdtown)["findings"]
    assert (car["outcome"], car["sections"]) == ("petty_misdemeanor", ["Minn. Stat. 346.57"])
    with pytest.raises(QuestionNotInLaw, match="City of Thirdtown cannot be asked 'barking'"):
        evaluate("barking", {}, thirdtown)


@pytest.mark.parametrize(
    "summary, why",
    [
        (
            "Notice within {commercial_kennel.notice_radius_feet:distance}.",
            "lino-lakes.commercial_kennel.notice_radius_feet does not apply in City of Lino "
            "Lakes: § 503.10 names no notice radius for a kennel license; a commercial kennel is "
            "a matter of the zoning chapter (1007), not found.",
        ),
        (
            "At most {no.such_value} dogs.",
            "City of Lino Lakes's law sets no lino-lakes.no.such_value",
        ),
        (
            "Licensed ({§private_kennel.set_number}).",
            "City of Lino Lakes's law states no private_kennel.set_number",
        ),
    ],
)
def test_a_rule_is_not_law_where_its_wording_needs_what_the_city_lacks(in_force, summary, why):
    from dogtag.law.registry import Rule, unavailable

    rule = Rule("test.rule", ("503.09(1)",), "A rule", summary, "license-required")
    assert unavailable(rule, in_force("lino-lakes"), dt.date(2026, 12, 7)) == why


@pytest.mark.parametrize(
    "city, language, form",
    [
        ("nowthen", "en", "City Code {section}"),
        ("nowthen", "es", "Código de la Ciudad {section}"),
        ("lino-lakes", "en", "City Code § {section}"),
        ("lino-lakes", "es", "Código de la Ciudad § {section}"),
        ("lino-lakes", "es-mx", "Código de la Ciudad § {section}"),
        # a language the package does not translate to: its own form
        ("lino-lakes", "fr", "City Code § {section}"),
        ("lino-lakes", None, "City Code § {section}"),
    ],
)
def test_a_package_names_its_sections_in_each_language_it_translates_its_form_to(
    city, language, form
):
    package = params.load(params.DEFAULT_ROOT, city).city
    assert provisions.sections_of(package).citation_in(language) == form
