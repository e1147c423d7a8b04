"""A desk form field that asks a fact of the rules core takes its definition from the facts class."""

import pytest

from dogtag.law.facts import fact, facts
from dogtag.law.licensing import LicenseApplicationFacts
from dogtag.licensing.forms import ApplicationForm
from dogtag.records.facts import fact_field, from_fact


@facts
class _Run:
    width: int = fact("Width of the run", unit="feet", minimum=4)
    kind: str | None = fact(
        "private or commercial", default=None, choices=("private", "commercial")
    )


def test_from_fact_gives_help_text_required_bounds_and_choices():
    assert from_fact(_Run, "width") == {
        "help_text": "Width of the run (feet)",
        "required": True,
        "min_value": 4,
    }
    assert from_fact(_Run, "kind") == {
        "help_text": "private or commercial",
        "required": False,
        "choices": [("private", "private"), ("commercial", "commercial")],
    }
    with pytest.raises(LookupError, match="_Run has no fact 'length'"):
        from_fact(_Run, "length")


def test_the_license_application_asks_licensed_elsewhere_as_the_question_defines_it():
    # 3-2-2.E: the desk form and `dogtag evaluate license-issue` describe the fact once, its
    # provision cited as the city in force numbers it
    field = ApplicationForm.base_fields["licensed_elsewhere"]
    (defined,) = [
        f
        for f in LicenseApplicationFacts.__dataclass_fields__.values()
        if f.name == "licensed_elsewhere"
    ]
    assert defined.metadata["dogtag.fact"].description == (
        "New resident: holds a license from another municipality ({§license.new_resident})"
    )
    assert field.help_text == fact_field(LicenseApplicationFacts, "licensed_elsewhere").description
    assert field.help_text == "New resident: holds a license from another municipality (3-2-2.E)"
    assert field.required is False
    assert field.label == "Has a license from another municipality"
