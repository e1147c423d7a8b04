"""Records know their city (issue 27, item 6): every stored decision names the jurisdiction whose
law decided it and the package version that did; number series and fee resolutions are each a
city's own, so one database can later hold a county's cities.

The day: Sunday 2026-11-29 (``frozen_today``, the licensing desk's fixtures).
"""

from __future__ import annotations

import datetime as dt
import shutil
from decimal import Decimal
from pathlib import Path

import pytest
from django.db import transaction

from dogtag.law import params
from dogtag.law.findings import Finding
from dogtag.records.errors import Refused
from dogtag.records.models import Decision, FeeResolution, NumberSequence
from dogtag.records.refusals import service
from dogtag.records.services import enter_fee_resolution, next_number, record_decision

pytestmark = pytest.mark.django_db
D = dt.date
FINDING = Finding(
    rule="license.required", outcome="required", sections=("3-2-2.A",), message="Required."
)


def test_a_decision_names_its_city_and_the_package_version_that_decided(clerk):
    decision = record_decision(
        action="test.act", findings=[FINDING], decided_on=D(2026, 11, 29), actor=clerk
    )
    decision.refresh_from_db()
    law = params.default()
    assert (decision.jurisdiction, decision.package_version) == ("nowthen", law.version)
    assert law.version.startswith("nowthen@") and len(law.version) == len("nowthen@") + 12


def test_a_refusal_stored_after_the_rollback_names_them_too(clerk):
    @service
    def refuse(*, actor, on):
        raise Refused([FINDING.__class__(**{**vars(FINDING), "blocks": True})])

    with pytest.raises(Refused):
        refuse(actor=clerk, on=D(2026, 11, 29))
    stored = Decision.objects.get(outcome="refused")
    assert (stored.jurisdiction, stored.package_version) == ("nowthen", params.default().version)


def test_the_package_version_changes_with_any_file_of_the_package(tmp_path: Path):
    root = tmp_path / "params"
    shutil.copytree(params.DEFAULT_ROOT, root)
    before = params.load(root, "nowthen").version
    # the same files: the same version, wherever they lie
    assert before == params.load(params.DEFAULT_ROOT, "nowthen").version
    # one word of the text changed: another version
    text = root / "nowthen" / "ordinance" / "sections.yaml"
    text.write_text(text.read_text() + "\n# amended\n")
    params._digest.cache_clear()
    assert params.load(root, "nowthen").version != before
    # the state's files are part of it
    assert params.load(root, "lino-lakes").version.startswith("lino-lakes@")


def test_each_city_draws_its_own_numbers(monkeypatch):
    with transaction.atomic():
        assert [next_number("license", 2026) for _ in range(3)] == [1, 2, 3]
    monkeypatch.setenv("DOGTAG_JURISDICTION", "lino-lakes")
    with transaction.atomic():
        assert next_number("license", 2026) == 1
    assert sorted(NumberSequence.objects.values_list("jurisdiction", "name", "year", "last")) == [
        ("lino-lakes", "license", 2026, 1),
        ("nowthen", "license", 2026, 3),
    ]


def test_a_resolution_number_is_a_city_s_own(clerk):
    enter_fee_resolution(
        number="2027-02",
        adopted_on=D(2026, 11, 16),
        effective_on=D(2027, 1, 1),
        title="Fees for 2027",
        amounts={"fees.duplicate_tag": Decimal("2.00")},
        actor=clerk,
    )
    assert list(FeeResolution.objects.values_list("jurisdiction", "number")) == [
        ("nowthen", "2027-02")
    ]
