"""records 0005 and 0006 convert the decisions already stored, and back (issue 14, storage)."""

import json

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from dogtag.law import params
from dogtag.law.questions import QUESTIONS

BEFORE = [("records", "0004_role_unlock_sign_ins")]
AFTER = [("records", "0006_deflate_decision_findings")]

NOWTHEN = params.load()


def _findings(name):
    q = QUESTIONS[name]
    return json.loads(json.dumps([f.to_json() for f in q.evaluate(q.examples, NOWTHEN)]))


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_decisions_stored_before_are_converted_and_read_back_whole():
    # given decisions stored in full before the compact form, and one with any other shape
    old = _migrate(BEFORE)
    Decision = old.get_model("records", "Decision")
    stored = {
        "license": _findings("license-issue"),
        "kennel": _findings("kennel-license-term"),
        "odd": [{"message": "kept as it was", "$p": 1}],
        "none": [],
    }
    ids = {
        name: Decision.objects.create(
            action=name, outcome="done", decided_on="2026-11-29", findings=findings
        ).pk
        for name, findings in stored.items()
    }
    try:
        # when the migration runs (and those after it, which the models of today need)
        _migrate(AFTER)
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
        from dogtag.records.models import CitedValue
        from dogtag.records.models import Decision as Now
        from dogtag.records.stored_findings import forget

        forget()
        # then each decision is stored compactly, deflated, and reads back exactly as it was
        for name, findings in stored.items():
            decision = Now.objects.get(pk=ids[name])
            assert decision.stored_findings["v"] == 1
            assert decision.findings == findings
        assert CitedValue.objects.exists()
        # and when the migration is undone, each holds its full list again
        old = _migrate(BEFORE)
        Decision = old.get_model("records", "Decision")
        for name, findings in stored.items():
            assert Decision.objects.get(pk=ids[name]).findings == findings
    finally:
        executor = MigrationExecutor(connection)
        _migrate(executor.loader.graph.leaf_nodes())
