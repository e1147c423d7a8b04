"""The city office and its fee instrument come from the package in force (issue 27): the
letterhead's lines, how fees are set, and a section named as the city writes one."""

from __future__ import annotations

import pytest
from django.template import Context, Template

from dogtag.records import pdf
from dogtag.records.services import fee_instrument


@pytest.mark.parametrize(
    "city, lines, instrument, schedule",
    [
        (
            "nowthen",
            ["City of Nowthen", "19800 Nowthen Blvd NW", "Nowthen, MN 55330", "(763) 441-1347"],
            "Resolution",
            "City Code 1-2-2",
        ),
        (
            "lino-lakes",
            [
                "City of Lino Lakes",
                "600 Town Center Parkway",
                "Lino Lakes, MN 55014",
                "(651) 982-2400",
            ],
            "Ordinance",
            "City Code § 218.01",
        ),
    ],
)
def test_the_office_is_the_packages(monkeypatch, city, lines, instrument, schedule):
    monkeypatch.setenv("DOGTAG_JURISDICTION", city)
    assert pdf.office_lines() == lines
    assert pdf.city_name() == lines[0]
    assert fee_instrument() == instrument
    shown = Template(
        '{% load law %}set by {% fee_instrument %} ({% city_code "fees.schedule" %}, '
        '{% cite "fees.schedule" %})'
    ).render(Context({}))
    assert shown == f"set by {instrument.lower()} ({schedule}, {schedule.split()[-1]})"


def test_an_ordinance_quote_takes_a_concept(monkeypatch):
    monkeypatch.setenv("DOGTAG_JURISDICTION", "nowthen")
    by_concept = Template('{% load law %}{% ordinance_quote "nuisance.barking" %}').render(
        Context({})
    )
    assert by_concept.startswith("Bark, bay, cry, howl")
