"""Issue 11 item 5 for the parcels, the enclosure due rows and every app: a page, form, message or
document says a value of the ordinance only as the parameter in force. A scan of every app's
sentences and templates finds no number typed in (the values that are no parameter are listed,
with why), and a changed parameter set is followed by the lot-line setbacks, the notice of
compliance's days and the kennel pages' maximum."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import dogtag
from dogtag.law.params import default
from dogtag.parcels import services
from dogtag.parcels.forms import LotLinesForm
from dogtag.records.roles import CLERK, ensure_roles
from dogtag.staff.parcels.due import enclosure_sections

from ..law.test_prose_from_parameters import typed_values
from .conftest import TODAY

SOURCE = Path(dogtag.__file__).parent

#: Numbers the apps' sentences type that are no value of the ordinance, with why. A value the
#: ordinance or a parameter file sets is never listed here: it is shown through the parameter.
NOT_PARAMETERS = {
    # the office's own look-ahead windows on its lists, not periods of the law
    ("kennels/due.py", "60 days"): "the kennel desk's look-ahead window",
    ("licensing/due.py", "30 days"): "the licensing desk's first look-ahead window",
    ("licensing/due.py", "60 days"): "the licensing desk's second look-ahead window",
    ("office/due_list.html", "30 days"): "the licensing desk's windows, named",
    ("office/due_list.html", "60 days"): "the licensing desk's windows, named",
    ("complaints/queries.py", "12 months"): "the complaint list's look-back column",
    ("complaints/list.html", "12 months"): "the complaint list's look-back column",
    # labels of the rabies vaccination's duration, a fact of the certificate (3-2-2.B)
    ("licensing/models.py", "1 year"): "a rabies vaccination's duration, as certified",
    ("licensing/models.py", "3 years"): "a rabies vaccination's duration, as certified",
    ("documents/reminders.py", "One year"): "a rabies vaccination's duration, as certified",
    ("documents/reminders.py", "Two years"): "a rabies vaccination's duration, as certified",
    ("documents/reminders.py", "Three years"): "a rabies vaccination's duration, as certified",
    # "one dog to another": the ordinance's own words (3-2-3.A), not a count
    ("documents/licenses.py", "one dog"): "3-2-3.A quoted",
    ("parcels/forms.py", "one dog"): "at least one dog's length: the form's own minimum",
    ("imports/services.py", "one license"): "3-2-3.A: a tag or a license number names one license",
    (
        "imports/services.py",
        "one dog",
    ): "3-2-3.A: a tag is not transferable from one dog to another",
    # technical constants: the TOTP period (RFC 6238), SVG and print sizes, a mapping tolerance
    ("accounts/services.py", "30 seconds"): "the TOTP period of RFC 6238",
    ("accounts/_code_field.html", "30 seconds"): "the TOTP period of RFC 6238",
    ("complaints/map.py", "100%"): "an SVG width",
    ("evidence/timeline.py", "100%"): "an SVG width",
    ("documents/tags.py", "100%"): "print at actual size",
    ("parcels/importing.py", "0.001 acre"): "the import's tolerance for a parcel with no area",
    ("settings.py", "6379/0"): "a Redis URL's port and database, in a configuration error",
    # the term of a kennel license in a model's help text (3-2-5.A.3, B.2): a migration's text,
    # shown on no page; the pages say private_kennel.term_years / commercial_kennel.term_years
    ("kennels/models.py", "one-year"): "a model field's help text, in the migrations",
    # the demonstration town's descriptions of its own records
    ("dangerous_dogs/demo.py", "12 ft"): "a demo enclosure's size",
    ("kennels/demo.py", "ten dogs"): "a demo council condition, the council's words",
    ("licensing/demo.py", "60 days"): "a demo dog's description",
    ("licensing/demo.py", "six months"): "a demo dog's description",
    ("licensing/demo.py", "30-day"): "a demo dog's description",
    # "for one year, through ...": the registration's term is stated with its end date
    ("dangerous_dogs/due.py", "one year"): "the registration term with its end date",
}


def _docstrings(tree: ast.AST) -> set[int]:
    bodies = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, bodies)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }


def apps_prose() -> list[tuple[str, int, str]]:
    """Every string an app can show (not its docstrings), and every template's text outside its
    tags, as (file, line, text); the rules core has its own scan."""
    found = []
    for path in sorted(SOURCE.rglob("*.py")):
        if {"law", "migrations"} & set(path.relative_to(SOURCE).parts):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        name = str(path.relative_to(SOURCE))
        found += [
            (name, node.lineno, node.value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            if id(node) not in docs
        ]
    for path in sorted(SOURCE.rglob("templates/**/*.html")):
        text = re.sub(r"\{%.*?%\}|\{\{.*?\}\}|\{#.*?#\}", "", path.read_text(), flags=re.S)
        name = "/".join(path.parts[-2:])
        found += [(name, i, line) for i, line in enumerate(text.splitlines(), start=1)]
    return found


def test_the_scan_reads_the_apps_forms_services_documents_and_templates():
    files = {file for file, _, _ in apps_prose()}
    assert {"parcels/forms.py", "parcels/services.py", "staff/parcels/due.py"} <= files
    assert {"kennels/private_form.html", "kennels/kennel_list.html"} <= files


def test_no_page_form_message_or_document_of_an_app_types_a_value():
    typed = [
        f"{file}:{line}: {value} in {text[:80]!r}"
        for file, line, text in apps_prose()
        for value in typed_values(text)
        if (file, value) not in NOT_PARAMETERS
    ]
    assert typed == []


CHANGED = {
    "nowthen.enclosure.side_lot_line_feet": 25,
    "nowthen.enclosure.rear_lot_line_feet": 40,
    "nowthen.enclosure.compliance_notice_days": 45,
}


def test_as_shipped_the_lot_lines_and_the_notice_say_the_ordinance_numbers(db):
    form = LotLinesForm([(0, "edge 0")])
    assert (form.fields["side"].label, form.fields["rear"].label) == (
        "Side lot lines (20 ft)",
        "Rear lot lines (35 ft)",
    )
    (section,) = enclosure_sections(TODAY, default())
    assert "must comply with 3-2-6 within thirty days of the notice" in section.intro


def test_the_lot_lines_and_the_notice_follow_a_changed_parameter_set(
    db, changed_params, make_parcel
):
    # given the side and rear setbacks and the notice's days changed by the council
    params = changed_params(CHANGED)
    # then the lot-line form labels its choices with them
    form = LotLinesForm([(0, "edge 0")])
    assert (form.fields["side"].label, form.fields["rear"].label) == (
        "Side lot lines (25 ft)",
        "Rear lot lines (40 ft)",
    )
    # and a parcel with no road centerline says which setbacks it cannot measure
    parcel = make_parcel("R01-0001", "2.0", road_centerline=None)
    finding = services.lot_line_set(parcel, TODAY).finding
    assert (finding.rule, finding.outcome) == ("enclosure.lot_lines", "not_checked")
    assert "so the 25 ft and 40 ft setbacks cannot be measured (3-2-6.A)" in finding.message
    assert "20 ft" not in finding.message
    assert [p.key for p in finding.parameters] == [
        "nowthen.enclosure.side_lot_line_feet",
        "nowthen.enclosure.rear_lot_line_feet",
    ]
    # and the due list's enclosure notices say the notice's days in force
    (section,) = enclosure_sections(TODAY, params)
    assert "must comply with 3-2-6 within forty-five days of the notice" in section.intro


@pytest.mark.parametrize("url", ["/kennels/"])
def test_the_kennel_list_says_the_private_kennel_maximum_in_force(
    changed_params, client, django_user_model, url
):
    user = django_user_model.objects.create_user("cora", password="x" * 12)
    user.groups.add(ensure_roles()[CLERK])
    client.force_login(user)
    assert ">ten</span> (City Code 3-2-5.A)" in client.get(url).content.decode()
    changed_params({"nowthen.private_kennel.max_dogs": 8})
    page = client.get(url).content.decode()
    assert ">eight</span> (City Code 3-2-5.A)" in page and "six to ten" not in page


def test_every_value_listed_as_no_parameter_is_still_typed_somewhere():
    # an exception the code no longer needs is removed from the list, so it cannot hide another
    typed = {(file, value) for file, _, text in apps_prose() for value in typed_values(text)}
    assert sorted(set(NOT_PARAMETERS) - typed) == []
