"""Decisions store their findings compactly and give them back whole (issue 14, storage)."""

import json
import zlib

import pytest
from django.core import serializers
from django.db import connection, transaction

from dogtag.law import params
from dogtag.law.questions import QUESTIONS
from dogtag.licensing import services
from dogtag.records.errors import Refused
from dogtag.records.models import CitedValue, CompactJSONEncoder, Decision
from dogtag.records.services import findings_to_store, record_decision
from dogtag.records.stored_findings import forget
from tests.law_of import answer
from tests.licensing.conftest import TODAY, cash

pytestmark = pytest.mark.django_db

#: The most a license-issue decision's stored findings may take in its row (about 17.9 KB on
#: SQLite before the compact form, issue 14; 1,754 bytes in the compact form: the application
#: facts once, the six messages and details verbatim; cited values and headings by reference, the
#: deadline by its dates; about 850 bytes now that the column holds that form deflated).
MAX_BYTES_PER_LICENSE_DECISION = 1000

NOWTHEN = params.load()
# each question asked of a city whose law has it (Nowthen, else Lino Lakes)
ANSWERS = [(name, answer(name, q.examples)) for name, q in sorted(QUESTIONS.items())]


def stored_bytes(decision: Decision) -> int:
    """The bytes the decision's findings take in its row, as the database measures them."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT pg_column_size(stored_findings) FROM records_decision WHERE id = %s",
                [decision.pk],
            )
        else:
            cursor.execute(
                "SELECT length(CAST(stored_findings AS BLOB)) FROM records_decision WHERE id = %s",
                [decision.pk],
            )
        return cursor.fetchone()[0]


@pytest.mark.parametrize(("question", "findings"), ANSWERS, ids=[a[0] for a in ANSWERS])
def test_every_question_s_findings_are_read_back_as_the_rules_core_gave_them(
    question, findings, clerk
):
    # given the findings the rules core gives for a question's example facts
    # when a service records them as its decision
    stored = record_decision(
        action=question, findings=findings, decided_on=TODAY, actor=clerk, subject=None
    )
    # then the decision read back from the database holds exactly their to_json list
    decision = Decision.objects.get(pk=stored.pk)
    assert decision.findings == json.loads(json.dumps([f.to_json() for f in findings]))
    assert decision.messages == [f.message for f in findings]


def test_a_license_decision_takes_under_its_bound_and_explains_it_all(clerk, stock, dog, rabies):
    # when the clerk issues a new license
    services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
    )
    # then its decision's findings take less than the bound in the row ...
    decision = Decision.objects.get(outcome="done", action="license.issue.new")
    assert stored_bytes(decision) < MAX_BYTES_PER_LICENSE_DECISION, stored_bytes(decision)
    # ... and still give every fee, reading and source as cited that day
    term = next(f for f in decision.findings if f["rule"] == "license.term")
    [fee] = term["parameters"]
    assert (fee["key"], fee["display"], fee["source"]["citation"]) == (
        "nowthen.fees.dog_license.one_year",
        "$3.00",
        "Nowthen Resolution 2011-04, § 1-2-2, adoption date not recorded",
    )
    [reading] = term["readings"]
    assert reading["key"] == "nowthen.readings.license_term"
    assert reading["chosen_meaning"].startswith("The license expires on the rabies vaccination")
    assert term["facts"]["owner_name"] == "Pat Gustafson"


def test_the_next_license_adds_no_cited_value(clerk, stock, dog, rabies, owner):
    # given one license issued
    services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
    )
    cited = list(CitedValue.objects.values_list("id", "digest", "cited"))
    # when another dog of the same owner is licensed on the same terms
    other = services.register_dog(
        owner=owner,
        actor=clerk,
        name="Juno",
        breed="Beagle",
        color="Tan",
        sex="male",
        sterilized=True,
        born=dog.born,
    )
    vaccination = services.record_rabies_vaccination(
        dog=other,
        actor=clerk,
        vaccinated_on=rabies.vaccinated_on,
        expires_on=rabies.expires_on,
        duration_years=1,
        veterinarian="Dr. Ana Lindqvist, DVM",
        clinic="Rum River Animal Hospital",
        certificate_number="RR-2026-0416",
    )
    services.issue_license(
        dog=other, rabies=vaccination, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
    )
    # then its decision refers to the same cited values, and adds none
    assert list(CitedValue.objects.values_list("id", "digest", "cited")) == cited
    assert Decision.objects.filter(action="license.issue.new").count() == 2


def test_a_refusal_is_stored_compactly_too(clerk, stock, dog, rabies):
    # when a license is refused for a short payment
    with pytest.raises(Refused) as refused:
        services.issue_license(
            dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("2.00"), actor=clerk
        )
    # then the refusal's stored form refers to the cited values, and expands to its findings
    decision = Decision.objects.get(outcome="refused")
    assert decision.stored_findings["v"] == 1
    assert decision.findings == json.loads(
        json.dumps([f.to_json() for f in refused.value.all_findings])
    )


def test_a_decision_given_a_list_stores_it_compactly(clerk):
    findings = dict(ANSWERS)["license-issue"]
    decision = Decision.objects.create(
        action="x", outcome="done", decided_on=TODAY, findings=[f.to_json() for f in findings]
    )
    assert decision.stored_findings["v"] == 1
    assert Decision.objects.get(pk=decision.pk).findings == json.loads(
        json.dumps([f.to_json() for f in findings])
    )


def test_a_cited_value_that_is_gone_is_an_error(clerk):
    decision = record_decision(
        action="x", findings=dict(ANSWERS)["license-issue"], decided_on=TODAY, actor=clerk
    )
    CitedValue.objects.all().delete()
    forget()
    with pytest.raises(LookupError, match="not in the table of cited values"):
        _ = Decision.objects.get(pk=decision.pk).findings


def test_the_column_holds_the_compact_form_deflated(clerk, stock, dog, rabies):
    # given a license issued
    services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
    )
    decision = Decision.objects.get(action="license.issue.new")
    # when the column is read outside Django, as a report or a migration script would
    with connection.cursor() as cursor:
        cursor.execute("SELECT stored_findings FROM records_decision WHERE id = %s", [decision.pk])
        raw = bytes(cursor.fetchone()[0])
    # then zlib and a JSON parser give back the compact form, in fewer bytes than its JSON text
    assert json.loads(zlib.decompress(raw)) == decision.stored_findings
    assert decision.stored_findings["v"] == 1
    assert len(raw) < len(json.dumps(decision.stored_findings, separators=(",", ":"))) * 6 // 10


def test_a_dumped_decision_loads_back_whole(clerk):
    # given a decision, serialised as dumpdata and the backups would
    decision = record_decision(
        action="x", findings=dict(ANSWERS)["license-issue"], decided_on=TODAY, actor=clerk
    )
    [dumped] = json.loads(serializers.serialize("json", [decision]))
    # when it is deserialised
    [loaded] = serializers.deserialize("json", json.dumps([dumped]))
    # then it carries the same stored form, readable JSON in the dump
    assert dumped["fields"]["stored_findings"] == json.dumps(
        decision.stored_findings, ensure_ascii=False
    )
    assert loaded.object.stored_findings == decision.stored_findings


def test_the_compact_encoder_writes_no_spaces():
    assert json.dumps({"a": [1, "é"]}, cls=CompactJSONEncoder) == '{"a":[1,"é"]}'


# ------------------------------------------------------------ what a connection keeps, and when


@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_value_is_never_referred_to(django_user_model):
    forget()
    findings = dict(ANSWERS)["license-issue"]
    # given values first stored by a transaction that rolls back
    with pytest.raises(RuntimeError), transaction.atomic():
        findings_to_store(findings)
        assert CitedValue.objects.exists()
        raise RuntimeError("rolled back")
    assert not CitedValue.objects.exists()
    # when other values take the ids given back (SQLite reuses them), then the same findings
    # are stored again
    record_decision(
        action="y", findings=dict(ANSWERS)["kennel-license-term"], decided_on=TODAY, actor=None
    )
    decision = record_decision(action="x", findings=findings, decided_on=TODAY, actor=None)
    # then they are stored anew and read back whole
    assert CitedValue.objects.exists()
    assert Decision.objects.get(pk=decision.pk).findings == json.loads(
        json.dumps([f.to_json() for f in findings])
    )


@pytest.mark.django_db(transaction=True)
def test_once_committed_storing_the_same_values_takes_no_query(django_assert_num_queries):
    forget()
    findings = dict(ANSWERS)["license-issue"]
    findings_to_store(findings)  # autocommit: the values are stored and known at once
    with django_assert_num_queries(0):
        findings_to_store(findings)


def test_a_value_seen_in_a_savepoint_rolled_back_is_stored_again():
    findings = dict(ANSWERS)["license-issue"]
    # given values first stored inside a savepoint that rolls back, the transaction going on
    with pytest.raises(RuntimeError), transaction.atomic():
        findings_to_store(findings)
        raise RuntimeError("rolled back to the savepoint")
    assert not CitedValue.objects.exists()
    # when other values take the ids given back (SQLite reuses them), then the same findings
    # are recorded in the same transaction
    record_decision(
        action="y", findings=dict(ANSWERS)["kennel-license-term"], decided_on=TODAY, actor=None
    )
    decision = record_decision(action="x", findings=findings, decided_on=TODAY, actor=None)
    # then they are stored anew and read back whole
    assert CitedValue.objects.exists()
    forget()
    assert Decision.objects.get(pk=decision.pk).findings == json.loads(
        json.dumps([f.to_json() for f in findings])
    )


def test_within_one_transaction_a_value_met_is_not_asked_for_again(django_assert_num_queries):
    findings = dict(ANSWERS)["license-issue"]
    decision = record_decision(action="x", findings=findings, decided_on=TODAY, actor=None)
    with django_assert_num_queries(0):
        findings_to_store(findings)
    with django_assert_num_queries(1):
        read = Decision.objects.get(pk=decision.pk)
        assert read.findings[0]["rule"] == findings[0].rule
