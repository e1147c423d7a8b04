"""Issue 11 item 5 in the rules core: a rule's title and summary, a question's summary, the readings
register and every finding's message name a value only as the parameter in force (law.wording),
never a number typed into the sentence. A scan of law/ and a changed parameter set prove it."""

from __future__ import annotations

import ast
import datetime as dt
import re
from pathlib import Path

import pytest

from dogtag.law import catalogue, enclosures, kennels, readings, wording
from dogtag.law.dangerous_dogs import condition
from dogtag.law.params import default
from dogtag.law.questions import QUESTIONS, not_in_law

LAW = Path(catalogue.__file__).resolve().parent
ON = dt.date(2026, 11, 29)

UNITS = (
    r"days?|weeks?|months?|years?|feet|foot|ft|miles?|minutes?|seconds?|dogs?|acres?|percent|"
    r"licenses?"
)
NUMBER = (
    r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
    r"fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|ninety|"
    r"\d[\d,.]*"
)
#: a number with its unit ("30 days", "six months", "40 feet"), an amount, a fraction, a percent
TYPED = re.compile(rf"\b({NUMBER})[ -]?({UNITS})\b|\$\s?\d|\b\d+/\d+\b|\d+\s?%", re.IGNORECASE)
#: a month named as a bound ("from May to October")
MONTH = re.compile(
    r"(?:(?<=from )|(?<=in )|(?<=to ))(January|February|March|April|May|June|July|August|September|October|"
    r"November|December)\b"
)


def typed_values(text: str) -> list[str]:
    """The values ``text`` types, once its parameters (``{key:style}``), its citations
    ("3-2-9.A.1.c", "Minn. Stat. 347.54 subd. 1", "§6.4") and its quotes of the ordinance are set
    aside."""
    text = wording.PLACEHOLDER.sub("", text)
    text = re.sub(r'"[^"]*"', "", text)  # the ordinance quoted in its own words
    text = re.sub(r"\b3-2-\d+(\.[A-Za-z0-9]+)*", "", text)
    text = re.sub(r"(Minn\. Stat\.|§|subd\.)\s*[\d.\-]+", "", text)
    found = [(m.start(), m.group(0)) for m in (*TYPED.finditer(text), *MONTH.finditer(text))]
    return [value for _, value in sorted(found)]


def _literal(node: ast.AST) -> str:
    """The literal text of a string or f-string (its fields left out)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(_literal(v) for v in node.values if isinstance(v, ast.Constant))
    if isinstance(node, ast.BinOp):
        return _literal(node.left) + " " + _literal(node.right)
    return ""


HELPERS = ("found", "finding", "refused", "result")


def prose_of_law() -> list[tuple[str, int, str]]:
    """Every sentence of law/ a reader is shown: rule titles and summaries, question summaries,
    the readings register, finding messages (their literal words), as (file, line, text)."""
    found = []
    for path in sorted(LAW.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            for keyword in node.keywords:
                if keyword.arg in ("title", "summary", "message"):
                    found.append((path.name, node.lineno, _literal(keyword.value)))
            # the rules' local helpers: found(outcome, message), finding(step, outcome, message)
            for arg in node.args[:3] if name.strip("_") in HELPERS else ():
                found.append((path.name, node.lineno, _literal(arg)))
            if name == "Reading" and len(node.args) > 2:
                found.append((path.name, node.lineno, _literal(node.args[2])))
    return found


def test_the_scan_finds_the_prose_it_checks():
    prose = prose_of_law()
    assert len(prose) > 300
    # and it would catch a typed value, in the forms the ordinance's numbers take
    assert typed_values("Enclosure 40 feet from adjacent dwellings") == ["40 feet"]
    assert typed_values("within thirty days, at most 6 ft; $500,000; 1/4 mile; 25%") == [
        "thirty days",
        "6 ft",
        "$5",
        "1/4",
        "25%",
    ]
    assert typed_values("Shade from May to October") == ["May", "October"]
    # but not a parameter, a citation or the ordinance quoted
    assert typed_values("Enclosure {enclosure.dwelling_setback_feet} from dwellings") == []
    assert typed_values('Minn. Stat. 347.54 subd. 1, 3-2-9.B.6.b; "one quarter (1/4) mile"') == []


#: A number that is no value of the ordinance nor a parameter, with why: the search radius of the
#: reading readings.adjacent_dwelling is that reading itself, a constant of code
#: (parcels.services.NEIGHBOURHOOD_FEET, "any dwelling farther than this is farther than 40 ft").
NOT_PARAMETERS = {("readings.py", "500 ft")}


def test_no_title_summary_reading_or_message_of_the_rules_core_types_a_value():
    typed = [
        f"{file}:{line}: {value}"
        for file, line, text in prose_of_law()
        for value in typed_values(text)
        if (file, value) not in NOT_PARAMETERS
    ]
    assert typed == []


def test_every_parameter_named_in_the_catalogue_is_in_force():
    params = default()
    for rule in catalogue.catalogue(params, ON):
        assert "{" not in rule.title + rule.summary, rule.id
    for question in QUESTIONS.values():
        if not_in_law(question, params):  # another city's question (law.prohibitions)
            continue
        assert "{" not in question.worded(params, ON).summary, question.name
    for reading in readings.REGISTER:
        assert "{" not in reading.worded(params, ON).reading, reading.id


@pytest.mark.parametrize(
    "rule, title, summary",
    [
        (
            "enclosure.dwelling_setback",
            "Enclosure 40 feet from adjacent dwellings",
            "A dog enclosure may not be closer than 40 feet to an adjacent residential dwelling or "
            "principal structure; the nearest one is measured.",
        ),
        (
            "kennel.dog_limit",
            "Dogs allowed by parcel size",
            "Up to 3 dogs over six months on 2.5 acres or less, up to 5 on larger parcels; more, up "
            "to 10, need a private kennel license (on small parcels too, per reading); over 10 a "
            "conditional use permit.",
        ),
        (
            "kennel.feces_well_setback",
            "Feces at least 200 feet from any well",
            "Accumulations of feces at a commercial kennel are at least 200 ft from any well.",
        ),
        (
            "kennel.commercial_notice_list",
            "Who gets notice of a commercial kennel hearing",
            "Every property owner whose parcel lies within 1/4 mile (1,320 ft) of the outside "
            "dimensions of the parcel where the commercial kennel is contemplated is given notice "
            "of the Planning & Zoning hearing.",
        ),
        (
            "shelter.shade",
            "Shade from May to October",
            "A shaded area protecting the dog from direct sun is required in May to October.",
        ),
        (
            "dangerous_dog.hearing_request_in_time",
            "A hearing request in writing, within the fourteen days",
            "The owner's request for a hearing is made directly to the Animal Control Authority, in "
            "writing, within fourteen days after the notice; after that the designation stands.",
        ),
        (
            "nuisance.barking",
            "Barking or other noise as a public nuisance",
            "Barking, baying, crying, howling or other noise is a nuisance when repeated over at "
            "least five minutes with no lapse of more than thirty seconds between noises; finds "
            "every such period.",
        ),
    ],
)
def test_as_shipped_the_catalogue_says_the_ordinance_numbers(rule, title, summary):
    worded = catalogue.RULES[rule].worded(default(), ON)
    assert (worded.title, worded.summary) == (title, summary)
    # each value with its source, for the page's title and the JSON
    assert all(p.source.cite() for p in worded.parameters)


CHANGED = {
    "nowthen.enclosure.dwelling_setback_feet": 50,
    "nowthen.private_kennel.max_dogs": 8,
    "nowthen.commercial_kennel.feces_well_setback_feet": 250,
    "nowthen.commercial_kennel.notice_radius_feet": 2640,
    "nowthen.shelter.shade_first_month": 4,
    "nowthen.dangerous_dog.hearing_request_days": 21,
    "nowthen.barking.minimum_period_seconds": 600,
    "nowthen.dangerous_dog.restraint.leash_max_feet": 4,
}


def test_the_catalogue_and_the_messages_follow_a_changed_parameter_set(changed_params):
    params = changed_params(CHANGED)
    rules = {r.id: r for r in catalogue.catalogue(params, ON)}
    assert rules["enclosure.dwelling_setback"].title == "Enclosure 50 feet from adjacent dwellings"
    assert "up to 8, need a private kennel license" in rules["kennel.dog_limit"].summary
    assert "over 8 a conditional use permit" in rules["kennel.dog_limit"].summary
    assert rules["kennel.feces_well_setback"].title == "Feces at least 250 feet from any well"
    assert "within 1/2 mile (2,640 ft)" in rules["kennel.commercial_notice_list"].summary
    assert rules["shelter.shade"].title == "Shade from April to October"
    assert rules["dangerous_dog.hearing_request_in_time"].title == (
        "A hearing request in writing, within the twenty-one days"
    )
    assert "at least ten minutes with no lapse" in rules["nuisance.barking"].summary
    assert "leash of at most 4 ft" in rules["dangerous_dog.restraint"].summary
    [setback] = [p for p in rules["enclosure.dwelling_setback"].parameters]
    assert (setback.key, setback.value) == ("nowthen.enclosure.dwelling_setback_feet", 50)
    # the questions and the readings register follow too
    assert (
        "leash of 4 ft or less" in QUESTIONS["dangerous-dog-restraint"].worded(params, ON).summary
    )
    assert "within 1/2 mile of the kennel parcel" in (
        QUESTIONS["commercial-kennel-notice-list"].worded(params, ON).summary
    )
    barking = readings.reading("readings.barking_period").worded(params, ON)
    assert barking.reading.startswith("The ten minutes run from the first noise to the last")
    # and so do the findings' messages that say these values
    assert "the required 50 feet (3-2-6.A)" in (
        enclosures.dwelling_setback(
            enclosures.Point(0, 0).buffer(1), [enclosures.Point(0, 30).buffer(1)], ON, params
        ).message
    )
    section, words = condition("muzzle_and_leash", params, ON)
    assert section == "3-2-9.E.2" and "leash of at most 4 feet" in words
    assert kennels is not None


def test_without_a_date_a_parameter_is_named_by_its_key():
    rule = catalogue.RULES["enclosure.dwelling_setback"]
    assert (
        rule.to_json()["title"]
        == "Enclosure [enclosure.dwelling_setback_feet] from adjacent dwellings"
    )
    assert (
        QUESTIONS["barking"]
        .schema()["description"]
        .startswith(
            "Is this barking a public nuisance: noise repeated over at least "
            "[barking.minimum_period_seconds] with a lapse of [barking.maximum_gap_seconds] or less?"
        )
    )


def test_on_a_day_before_a_value_took_effect_the_catalogue_names_it_by_its_key():
    # Regression: the home page on 2011-03-01 was a 500 (ParameterNotInForce) once rule titles were
    # worded from the parameters; the first ordinance values took effect 2011-07-12.
    # Given a day before the dwelling setback was in force
    before = dt.date(2011, 3, 1)
    # When the catalogue is worded for that day
    rules = {r.id: r for r in catalogue.catalogue(default(), before)}
    # Then every rule is still listed, and the value not yet in force is named, never guessed
    # all but Lino Lakes' per-property limit, its four periods, its kennel license year, its
    # inspection before a kennel license issues, the period after which a modification of one
    # takes effect, its dangerous-animal procedure, conditions and forfeiture, its damage to
    # property only, abandonment and feces device
    assert len(rules) == len(catalogue.RULES) - 14
    setback = rules["enclosure.dwelling_setback"]
    assert setback.title == (
        "Enclosure [enclosure.dwelling_setback_feet: not in force] from adjacent dwellings"
    )
    assert setback.parameters == ()
