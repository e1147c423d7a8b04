"""Dated, cited parameter files: loading, choosing the value in force, and every load error."""

import datetime as dt
import re
import shutil
from decimal import Decimal
from pathlib import Path

import pytest
import yaml

from dogtag.law import params
from dogtag.law.params import ParameterFileError, ParameterNotInForce, UnknownParameter

D = dt.date


def cities() -> list[str]:
    """Every city package shipped (a state folder is loaded with each of its cities)."""
    return sorted(
        folder.name
        for folder in params.DEFAULT_ROOT.iterdir()
        if (folder / "jurisdiction.yaml").exists()
        and yaml.safe_load((folder / "jurisdiction.yaml").read_text())["kind"] == "city"
    )


def test_every_shipped_file_loads_and_every_value_cites_its_source():
    files = sorted(
        p
        for p in params.DEFAULT_ROOT.rglob("*.yaml")
        if p.name != "jurisdiction.yaml" and p.parent.name not in ("ordinance", "demo")
    )
    loaded = {city: params.load(params.DEFAULT_ROOT, city) for city in cities()}
    assert cities() == ["lino-lakes", "nowthen"]
    loaded_files = {d.file for city in loaded.values() for d in city}
    assert {f"params/{p.relative_to(params.DEFAULT_ROOT)}" for p in files} == loaded_files
    for definition in (d for city in loaded.values() for d in city):
        for dated in definition.values:
            assert dated.source.instrument, definition.key
            if dated.source.kind == "ordinance":
                assert dated.source.section, definition.key
                if definition.jurisdiction == "nowthen":
                    assert dated.source.adopted == D(2011, 7, 12), definition.key


# ------------------------------------------------------------------- a city states what it changes


@pytest.mark.parametrize(
    "key, qualified, value",
    [
        # Lino Lakes states its own (503.12(5), 503.19(1)(d))
        ("barking.minimum_period_seconds", "lino-lakes.barking.minimum_period_seconds", 180),
        (
            "dangerous_dog.restraint.handler_min_age_years",
            "lino-lakes.dangerous_dog.restraint.handler_min_age_years",
            16,
        ),
        # and inherits the state's where it says nothing (Minn. Stat. 347.52, 347.54)
        ("dangerous_dog.sterilization_days", "minnesota.dangerous_dog.sterilization_days", 30),
        (
            "dangerous_dog.registration_deadline_days",
            "minnesota.dangerous_dog.registration_deadline_days",
            14,
        ),
    ],
)
def test_a_city_inherits_what_it_does_not_state_from_its_state(key, qualified, value):
    lino_lakes = params.load(params.DEFAULT_ROOT, "lino-lakes")
    found = lino_lakes.get(key, D(2026, 12, 7))
    assert (found.key, found.value) == (qualified, value)


def test_nowthen_still_states_its_own_values_beside_the_state():
    nowthen = params.load(params.DEFAULT_ROOT, "nowthen")
    # City Code 3-2-9.B.3.g and the statute both set 30 days; the city's stands
    assert nowthen.get("dangerous_dog.sterilization_days", D(2026, 12, 7)).key == (
        "nowthen.dangerous_dog.sterilization_days"
    )


def test_a_parameter_that_does_not_apply_says_why_and_has_no_value():
    lino_lakes = params.load(params.DEFAULT_ROOT, "lino-lakes")
    with pytest.raises(params.ParameterDoesNotApply) as caught:
        lino_lakes.get("commercial_kennel.notice_radius_feet", D(2026, 12, 7))
    assert caught.value.key == "lino-lakes.commercial_kennel.notice_radius_feet"
    assert caught.value.reason.startswith("§ 503.10 names no notice radius")
    assert "lino-lakes.commercial_kennel.notice_radius_feet" not in {
        v.key for v in lino_lakes.in_force(D(2026, 12, 7))
    }


def test_an_unknown_key_is_unknown_in_the_city_and_its_state():
    lino_lakes = params.load(params.DEFAULT_ROOT, "lino-lakes")
    with pytest.raises(UnknownParameter, match="lino-lakes.no_such_thing"):
        lino_lakes.get("no_such_thing", D(2026, 12, 7))


def test_a_third_city_needs_only_its_folder(tree):
    # given a small third package: its name, and the one value it changes
    (tree / "thirdtown").mkdir()
    (tree / "thirdtown" / "jurisdiction.yaml").write_text(
        "id: thirdtown\nname: City of Thirdtown\nkind: city\nstate: minnesota\n"
    )
    (tree / "thirdtown" / "dangerous_dogs.yaml").write_text(
        yaml.safe_dump(
            {
                "parameters": {
                    "dangerous_dog.sterilization_days": {
                        "description": "Days to sterilize a dangerous dog",
                        "type": "integer",
                        "unit": "days",
                        "values": {
                            D(2020, 1, 1): {
                                "value": 21,
                                "source": {
                                    "instrument": "Thirdtown City Code",
                                    "kind": "ordinance",
                                    "section": "6.40(3)",
                                    "adopted": D(2019, 12, 10),
                                },
                            }
                        },
                    },
                    "license.renewal_days": {
                        "description": "Days to renew a license",
                        "type": "integer",
                        "does_not_apply": "Thirdtown licenses no dogs (repealed 2019).",
                    },
                }
            }
        )
    )
    # when it is loaded, then it answers with its value, the state's, and what does not apply
    thirdtown = params.load(tree, "thirdtown")
    assert thirdtown.get("dangerous_dog.sterilization_days", D(2026, 1, 1)).value == 21
    assert thirdtown.get("dangerous_dog.certiorari_days", D(2026, 1, 1)).key == (
        "minnesota.dangerous_dog.certiorari_days"
    )
    with pytest.raises(params.ParameterDoesNotApply, match="licenses no dogs"):
        thirdtown.get("license.renewal_days", D(2026, 1, 1))


@pytest.mark.parametrize(
    "body, message",
    [
        (
            {"description": "x", "type": "integer", "does_not_apply": "no", "values": {}},
            "a parameter that does not apply has no values and awaits nothing",
        ),
        (
            {"description": "x", "type": "integer", "does_not_apply": " "},
            "does_not_apply: must be a non-empty text",
        ),
    ],
)
def test_does_not_apply_is_checked_when_loaded(tree, body, message):
    edit(tree, "lino-lakes/kennels.yaml", lambda d: d["parameters"].update({"a.b": body}))
    with pytest.raises(ParameterFileError, match=re.escape(message)):
        params.load(tree, "lino-lakes")


def test_only_a_city_says_a_parameter_does_not_apply(tree):
    edit(
        tree,
        "minnesota/dangerous_dogs.yaml",
        lambda d: d["parameters"].update(
            {"a.b": {"description": "x", "type": "integer", "does_not_apply": "no"}}
        ),
    )
    with pytest.raises(ParameterFileError, match="only a city says a parameter does not apply"):
        params.load(tree, "nowthen")


@pytest.mark.parametrize(
    "key, on, value, display, section",
    [
        ("fees.dog_license.one_year", D(2026, 11, 29), Decimal("3.00"), "$3.00", "1-2-2"),
        ("fees.dog_license.two_years", D(2026, 11, 29), Decimal("5.00"), "$5.00", "1-2-2"),
        ("fees.dog_license.three_years", D(2026, 11, 29), Decimal("8.00"), "$8.00", "1-2-2"),
        ("fees.duplicate_tag", D(2026, 11, 29), Decimal("1.00"), "$1.00", "1-2-2"),
        ("fees.license_penalty", D(2026, 11, 29), Decimal("6.00"), "$6.00", "1-2-2"),
        ("fees.private_kennel.application", D(2026, 11, 29), Decimal("25.00"), "$25.00", "1-2-2"),
        (
            "fees.commercial_kennel.public_hearing",
            D(2026, 11, 29),
            Decimal("250.00"),
            "$250.00",
            "1-2-2",
        ),
        ("fees.dangerous_dog.registration", D(2026, 11, 29), Decimal("500.00"), "$500.00", "1-2-2"),
        ("license.minimum_age_months", D(2026, 11, 29), 6, "6 months", "3-2-2.D"),
        (
            "dog_limits.small_parcel_max_acres",
            D(2026, 11, 29),
            Decimal("2.5"),
            "2.5 acres",
            "3-2-5",
        ),
        ("commercial_kennel.notice_radius_feet", D(2026, 11, 29), 1320, "1,320 feet", "3-2-5.B.2"),
        ("enclosure.rear_lot_line_feet", D(2026, 11, 29), 35, "35 feet", "3-2-6.A"),
        ("enclosure.section_effective", D(2026, 11, 29), D(2004, 1, 1), "2004-01-01", "3-2-6.C"),
        ("barking.maximum_gap_seconds", D(2026, 11, 29), 30, "30 seconds", "3-2-7.A"),
        (
            "dangerous_dog.insurance.per_incident",
            D(2026, 11, 29),
            Decimal("1000000.00"),
            "$1,000,000.00",
            "3-2-9.B.3.c",
        ),
        (
            "dangerous_dog.restraint.handler_min_age_years",
            D(2026, 11, 29),
            18,
            "18 years",
            "3-2-9.E.2",
        ),
        ("private_kennel.term_years", D(2026, 11, 29), 1, "1 year", "3-2-5.A.3"),
    ],
)
def test_value_in_force(nowthen, key, on, value, display, section):
    found = nowthen.get(key, on)
    assert found.value == value
    assert found.display() == display
    assert found.source.section == section


def test_money_is_decimal_never_float(nowthen):
    for definition in nowthen:
        if definition.type == "money":
            assert all(isinstance(v.value, Decimal) for v in definition.values), definition.key


def test_fee_source_is_the_resolution_with_its_adoption_date_marked_unknown(nowthen):
    fee = nowthen.get("fees.dog_license.one_year", D(2026, 1, 1))
    assert fee.effective == D(2011, 1, 1)
    assert fee.source.cite() == "Nowthen Resolution 2011-04, § 1-2-2, adoption date not recorded"


def test_state_value_is_reached_by_its_jurisdiction(nowthen):
    cap = nowthen.get("minnesota.dangerous_dog.registration_fee_max", D(2026, 1, 1))
    assert cap.value == Decimal("500.00")
    assert cap.source.cite() == "Minn. Stat. 347.51 subd. 2"


def test_a_date_before_the_first_value_is_an_error(nowthen):
    with pytest.raises(ParameterNotInForce) as error:
        nowthen.get("license.minimum_age_months", D(2011, 7, 11))
    assert str(error.value) == (
        "params/nowthen/licensing.yaml: nowthen.license.minimum_age_months: no value in force on "
        "2011-07-11; the first value takes effect 2011-07-12"
    )


def test_unknown_parameter(nowthen):
    with pytest.raises(
        UnknownParameter, match=re.escape("no parameter named 'nowthen.fees.no_such_fee'")
    ):
        nowthen.get("fees.no_such_fee", D(2026, 1, 1))


# ----------------------------------------------------------------- dated values on a private copy


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A private copy of the shipped parameter folders, for a test to change."""
    root = tmp_path / "params"
    shutil.copytree(params.DEFAULT_ROOT, root)
    return root


def edit(root: Path, relative: str, change) -> None:
    path = root / relative
    data = yaml.safe_load(path.read_text())
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False))


RESOLUTION_2027 = {
    "instrument": "Nowthen Resolution 2027-02",
    "kind": "resolution",
    "section": "1-2-2",
    "adopted": D(2026, 12, 14),
}


def test_a_new_resolution_applies_from_its_effective_date_only(tree):
    # given a fee raised by a resolution effective 2027-01-01
    edit(
        tree,
        "nowthen/fees.yaml",
        lambda d: d["parameters"]["fees.dog_license.one_year"]["values"].update(
            {D(2027, 1, 1): {"value": "4.00", "source": RESOLUTION_2027}}
        ),
    )
    city = params.load(tree, "nowthen")
    # then the old fee holds through 2026-12-31 and the new one from 2027-01-01
    assert city.get("fees.dog_license.one_year", D(2026, 12, 31)).value == Decimal("3.00")
    new = city.get("fees.dog_license.one_year", D(2027, 1, 1))
    assert new.value == Decimal("4.00")
    assert new.effective == D(2027, 1, 1)
    assert new.source.cite() == "Nowthen Resolution 2027-02, § 1-2-2, adopted 2026-12-14"


def _param(data, key):
    return data["parameters"][key]


@pytest.mark.parametrize(
    "relative, change, message",
    [
        # a value above a statutory cap (Minn. Stat. 347.51 subd. 2: at most $500)
        (
            "nowthen/fees.yaml",
            lambda d: _param(d, "fees.dangerous_dog.registration")["values"][D(2011, 1, 1)].update(
                value="500.01"
            ),
            "params/nowthen/fees.yaml: fees.dangerous_dog.registration.values.2011-01-01: 500.01 "
            "is above the statutory cap of 500.00 (minnesota.dangerous_dog.registration_fee_max, "
            "Minn. Stat. 347.51 subd. 2)",
        ),
        # a later raise above the cap is caught at its own date
        (
            "nowthen/fees.yaml",
            lambda d: _param(d, "fees.dangerous_dog.registration")["values"].update(
                {D(2027, 1, 1): {"value": "750.00", "source": RESOLUTION_2027}}
            ),
            "params/nowthen/fees.yaml: fees.dangerous_dog.registration.values.2027-01-01: 750.00 "
            "is above the statutory cap of 500.00",
        ),
        # money written as a float
        (
            "nowthen/fees.yaml",
            lambda d: _param(d, "fees.duplicate_tag")["values"][D(2011, 1, 1)].update(value=1.5),
            "params/nowthen/fees.yaml: fees.duplicate_tag.values.2011-01-01.value: 1.5 is a "
            'float; write amounts as quoted strings, e.g. "3.00"',
        ),
        (
            "nowthen/fees.yaml",
            lambda d: _param(d, "fees.duplicate_tag")["values"][D(2011, 1, 1)].update(
                value="1.005"
            ),
            "params/nowthen/fees.yaml: fees.duplicate_tag.values.2011-01-01.value: '1.005' has "
            "fractions of a cent",
        ),
        (
            "nowthen/licensing.yaml",
            lambda d: _param(d, "license.renewal_days")["values"][D(2011, 7, 12)].update(
                value="thirty"
            ),
            "params/nowthen/licensing.yaml: license.renewal_days.values.2011-07-12.value: "
            "'thirty' is not a whole number",
        ),
        (
            "nowthen/licensing.yaml",
            lambda d: _param(d, "license.renewal_days")["values"][D(2011, 7, 12)].update(value=-30),
            "params/nowthen/licensing.yaml: license.renewal_days.values.2011-07-12.value: -30 is "
            "negative",
        ),
        (
            "nowthen/licensing.yaml",
            lambda d: _param(d, "license.renewal_days").update(type="duration"),
            "params/nowthen/licensing.yaml: license.renewal_days: type 'duration' is not one of "
            "money, integer, decimal, boolean, date, text, reading",
        ),
        (
            "nowthen/licensing.yaml",
            lambda d: _param(d, "license.renewal_days")["values"][D(2011, 7, 12)].pop("source"),
            "params/nowthen/licensing.yaml: license.renewal_days.values.2011-07-12.source: every "
            "value must cite its source (instrument, kind)",
        ),
        (
            "nowthen/licensing.yaml",
            lambda d: _param(d, "license.renewal_days")["values"][D(2011, 7, 12)]["source"].pop(
                "adopted"
            ),
            "params/nowthen/licensing.yaml: license.renewal_days.values.2011-07-12.source.adopted: "
            "a ordinance source needs its adoption date (or 'not recorded' with a note)",
        ),
        (
            "nowthen/licensing.yaml",
            lambda d: _param(d, "license.renewal_days")["values"].update(
                {"someday": _param(d, "license.renewal_days")["values"][D(2011, 7, 12)]}
            ),
            "params/nowthen/licensing.yaml: license.renewal_days.values.someday: 'someday' is not "
            "a date (YYYY-MM-DD)",
        ),
        (
            "nowthen/licensing.yaml",
            lambda d: _param(d, "license.renewal_days").update(colour="blue"),
            "params/nowthen/licensing.yaml: license.renewal_days: unknown field(s) colour",
        ),
        (
            "nowthen/licensing.yaml",
            lambda d: _param(d, "license.renewal_days").update(values={}),
            "params/nowthen/licensing.yaml: license.renewal_days.values: must map at least one "
            "effective date to a value",
        ),
        (
            "nowthen/readings.yaml",
            lambda d: _param(d, "readings.renewal_window")["values"][D(2011, 7, 12)].update(
                value="whenever"
            ),
            "params/nowthen/readings.yaml: readings.renewal_window.values.2011-07-12.value: "
            "'whenever' is not one of the reading's choices: after_new_vaccination, "
            "after_previous_expiry",
        ),
        (
            "nowthen/fees.yaml",
            lambda d: _param(d, "fees.dangerous_dog.registration").update(
                cap="minnesota.no_such_cap"
            ),
            "params/nowthen/fees.yaml: fees.dangerous_dog.registration.cap: names "
            "'minnesota.no_such_cap', which is not defined",
        ),
        (
            "nowthen/kennels.yaml",
            lambda d: d["parameters"].update(
                {"license.renewal_days": _param(d, "private_kennel.term_years")}
            ),
            "params/nowthen/licensing.yaml: license.renewal_days: defined twice: also in "
            "params/nowthen/kennels.yaml",
        ),
        (
            "nowthen/kennels.yaml",
            lambda d: d.update(extra=1),
            "params/nowthen/kennels.yaml: (file): unknown field(s) extra",
        ),
        # no value, and not a fee awaiting the council
        (
            "nowthen/fees.yaml",
            lambda d: _param(d, "fees.duplicate_tag").update(values={}),
            "params/nowthen/fees.yaml: fees.duplicate_tag.values: must map at least one effective "
            "date to a value (or, for a fee the council has not set yet, be {} with 'awaiting')",
        ),
        (
            "nowthen/kennels.yaml",
            lambda d: _param(d, "private_kennel.max_dogs").update(
                values={}, awaiting="the council"
            ),
            "params/nowthen/kennels.yaml: private_kennel.max_dogs.awaiting: only a fee may wait "
            "for a council resolution",
        ),
        (
            "nowthen/fees.yaml",
            lambda d: _param(d, "fees.dangerous_dog.warning_symbol").update(awaiting=" "),
            "params/nowthen/fees.yaml: fees.dangerous_dog.warning_symbol.awaiting: must say who "
            "sets the value",
        ),
    ],
)
def test_load_errors_name_file_key_and_problem(tree, relative, change, message):
    # given a parameter file with one mistake
    edit(tree, relative, change)
    # when the parameters are loaded, then the error names the file, the key and the problem
    with pytest.raises(ParameterFileError) as error:
        params.load(tree, "nowthen")
    assert str(error.value).startswith(message), str(error.value)


def test_malformed_yaml_names_file_and_line(tree):
    (tree / "nowthen" / "nuisance.yaml").write_text("parameters:\n  barking: [unclosed\n")
    with pytest.raises(ParameterFileError) as error:
        params.load(tree, "nowthen")
    assert str(error.value).startswith(
        "params/nowthen/nuisance.yaml: line 3, column 1: not valid YAML"
    )


def test_an_empty_file_is_an_error(tree):
    (tree / "nowthen" / "nuisance.yaml").write_text("")
    with pytest.raises(
        ParameterFileError, match=r"^params/nowthen/nuisance.yaml: \(file\): the file is empty$"
    ):
        params.load(tree, "nowthen")


def test_a_city_must_name_its_state(tree):
    edit(tree, "nowthen/jurisdiction.yaml", lambda d: d.pop("state"))
    with pytest.raises(
        ParameterFileError,
        match=re.escape("params/nowthen/jurisdiction.yaml: state: a city must name"),
    ):
        params.load(tree, "nowthen")


def test_another_city_adds_its_own_folder_without_code(tree):
    # given a second city with its own fee, beside Nowthen, in the same state
    (tree / "ramsey").mkdir()
    (tree / "ramsey" / "jurisdiction.yaml").write_text(
        "id: ramsey\nname: City of Ramsey\nkind: city\nstate: minnesota\n"
    )
    shutil.copy(tree / "nowthen" / "calendar.yaml", tree / "ramsey" / "calendar.yaml")
    (tree / "ramsey" / "fees.yaml").write_text(
        yaml.safe_dump(
            {
                "parameters": {
                    "fees.dangerous_dog.registration": {
                        "description": "Dangerous dog registration",
                        "type": "money",
                        "unit": "USD",
                        "cap": "minnesota.dangerous_dog.registration_fee_max",
                        "values": {
                            D(2020, 1, 1): {
                                "value": "250.00",
                                "source": {
                                    "instrument": "Ramsey Resolution 19-12-300",
                                    "kind": "resolution",
                                    "adopted": D(2019, 12, 10),
                                },
                            }
                        },
                    }
                }
            }
        )
    )
    ramsey = params.load(tree, "ramsey")
    assert ramsey.get("fees.dangerous_dog.registration", D(2026, 1, 1)).value == Decimal("250.00")
    assert ramsey.get(
        "minnesota.dangerous_dog.registration_fee_max", D(2026, 1, 1)
    ).value == Decimal("500.00")
    # and Nowthen is untouched
    assert params.load(tree, "nowthen").get(
        "fees.dangerous_dog.registration", D(2026, 1, 1)
    ).value == Decimal("500.00")


def test_readings_register_covers_every_ambiguity_of_legal_notes_6(nowthen):
    readings = {d.name: d for d in nowthen if d.type == "reading"}
    from_legal_notes = [
        d.values[0].source.section
        for d in readings.values()
        if d.values[0].source.instrument == "Dogtag LEGAL-NOTES"
    ]
    assert sorted(from_legal_notes) == ["6.1", "6.2", "6.3", "6.4", "6.5", "6.6"]
    # readings Dogtag adds where the ordinance is silent are marked for the city attorney
    for d in readings.values():
        if d.values[0].source.instrument != "Dogtag LEGAL-NOTES":
            assert d.values[0].source.confidence == "?", d.key
    for definition in readings.values():
        assert definition.choices is not None and len(definition.choices) >= 2
        value = definition.value_on(D(2026, 1, 1))
        data = value.to_json()
        assert data["default"] == value.value
        assert value.value not in data["alternatives"]
        assert data["chosen_meaning"] == definition.choices[value.value]


# ------------------------------------------------ values entered in Dogtag (council resolutions)

ENTERED = "council resolutions entered in Dogtag"


def test_a_resolution_entered_in_dogtag_takes_effect_on_its_date(nowthen):
    # given the council raised the one-year fee from 2027-01-01, entered by an administrator
    source = params.Source("Nowthen Resolution 2027-02", "resolution", "1-2-2", D(2026, 12, 14))
    city = nowthen.with_values(
        [("fees.dog_license.one_year", D(2027, 1, 1), "4.00", source)], file=ENTERED
    )
    # then the new fee applies from its date, the old one before, and the files are untouched
    assert city.get("fees.dog_license.one_year", D(2026, 12, 31)).value == Decimal("3.00")
    assert city.get("fees.dog_license.one_year", D(2027, 1, 1)).value == Decimal("4.00")
    assert nowthen.get("fees.dog_license.one_year", D(2027, 1, 1)).value == Decimal("3.00")


def test_a_fee_awaiting_the_council_has_no_value_until_a_resolution_sets_it(nowthen):
    # Given the warning-symbol fee of 3-2-9.E.4, which no resolution has set,
    with pytest.raises(params.ParameterNotSet) as error:
        nowthen.get("fees.dangerous_dog.warning_symbol", D(2026, 11, 29))
    assert "no value set yet: the City Council, by resolution (1-2-2)" in str(error.value)
    # when the council sets it and an administrator enters the resolution,
    source = params.Source("Nowthen Resolution 2027-03", "resolution", "1-2-2", D(2027, 1, 11))
    city = nowthen.with_values(
        [("fees.dangerous_dog.warning_symbol", D(2027, 2, 1), "15.00", source)], file=ENTERED
    )
    # then it applies from its effective date, and not before.
    assert city.get("fees.dangerous_dog.warning_symbol", D(2027, 2, 1)).value == Decimal("15.00")
    with pytest.raises(params.ParameterNotInForce):
        city.get("fees.dangerous_dog.warning_symbol", D(2027, 1, 31))


@pytest.mark.parametrize(
    "key, effective, amount, message",
    [
        (
            "fees.dangerous_dog.registration",
            D(2027, 1, 1),
            "600.00",
            f"{ENTERED}: fees.dangerous_dog.registration.values.2027-01-01: 600.00 is above the "
            "statutory cap of 500.00 (minnesota.dangerous_dog.registration_fee_max, "
            "Minn. Stat. 347.51 subd. 2)",
        ),
        (
            "fees.duplicate_tag",
            D(2011, 1, 1),
            "2.00",
            f"{ENTERED}: fees.duplicate_tag.values.2011-01-01: nowthen.fees.duplicate_tag already "
            "has a value effective 2011-01-01",
        ),
        (
            "fees.duplicate_tag",
            D(2027, 1, 1),
            "2.001",
            f"{ENTERED}: fees.duplicate_tag.values.2027-01-01: '2.001' has fractions of a cent",
        ),
    ],
)
def test_an_entered_value_is_checked_like_a_file(nowthen, key, effective, amount, message):
    source = params.Source("Nowthen Resolution 2027-02", "resolution", "1-2-2", D(2026, 12, 14))
    with pytest.raises(ParameterFileError) as error:
        nowthen.with_values([(key, effective, amount, source)], file=ENTERED)
    assert str(error.value) == message


def test_jurisdiction_code_keeps_its_ordinance_number(nowthen):
    # regression: an unquoted "#15" was read as a YAML comment, cutting the code's name short
    assert nowthen.city.code == "Nowthen City Code ch. 3 §2 (Ord. #15, adopted 2011-07-12)"


@pytest.mark.parametrize(
    "office, problem",
    [
        ("office: 3", "office: must be a mapping"),
        (
            "office: {street: a, city_line: b, phone: c, fee_instrument: Decree, source: s}",
            "office.fee_instrument: must be one of Resolution, Ordinance",
        ),
        (
            "office: {street: a, city_line: b, phone: c, fee_instrument: Resolution}",
            "office.source",
        ),
        (
            "office: {street: a, city_line: b, phone: c, fee_instrument: Resolution, source: s, "
            "fax: d}",
            "fax",
        ),
    ],
)
def test_a_malformed_office_is_refused_naming_the_field(tmp_path, office, problem):
    import shutil

    root = tmp_path / "params"
    shutil.copytree(params.DEFAULT_ROOT, root)
    path = root / "lino-lakes" / "jurisdiction.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.index("office:")] + office + "\n", encoding="utf-8")
    with pytest.raises(params.ParameterFileError, match=re.escape(problem)):
        params.load(root, "lino-lakes")
