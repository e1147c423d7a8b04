"""Every ``dogtag evaluate`` question as ``POST /api/v1/questions/{name}`` with the same JSON
Schema for its facts and the same findings out; the OpenAPI 3.1 document at a fixed URL and the
reference page drawn from it (issue 13, item 1)."""

import pytest
from django.test import Client

from dogtag.law import params
from dogtag.law.questions import QUESTIONS, evaluate
from tests.law_of import in_nowthen

pytestmark = pytest.mark.django_db


@pytest.fixture
def client(key_for):
    return key_for("hearing")


def test_the_questions_are_listed_with_their_facts_schema(client):
    listed = client.get("/api/v1/questions").json()
    # the questions of Nowthen's law, in force here (not Lino Lakes' own prohibitions)
    assert [q["name"] for q in listed] == in_nowthen()
    for question in listed:
        assert question["facts_schema"] == QUESTIONS[question["name"]].schema()


@pytest.mark.parametrize("name", in_nowthen())
def test_each_question_answers_its_example_as_dogtag_evaluate_does(client, name):
    asked = QUESTIONS[name]
    response = client.post(
        f"/api/v1/questions/{name}", asked.examples, content_type="application/json"
    )
    assert response.status_code == 200, response.content[:500]
    assert response.json() == _jsonable(evaluate(name, asked.examples, params.default()))


def _jsonable(value):
    import json

    from django.core.serializers.json import DjangoJSONEncoder

    return json.loads(json.dumps(value, cls=DjangoJSONEncoder))


def test_a_city_lists_and_answers_only_the_questions_its_law_has(client, monkeypatch):
    # given Lino Lakes in force (issue 27): license-required is its law, enclosure-placement is not
    monkeypatch.setenv("DOGTAG_JURISDICTION", "lino-lakes")
    listed = [q["name"] for q in client.get("/api/v1/questions").json()]
    assert "license-required" in listed and "enclosure-placement" not in listed
    response = client.post(
        "/api/v1/questions/enclosure-placement", {}, content_type="application/json"
    )
    assert response.status_code == 404
    assert (
        "City of Lino Lakes cannot be asked 'enclosure-placement' yet" in response.json()["detail"]
    )
    answered = client.post(
        "/api/v1/questions/license-required",
        {"born": "2026-01-10", "on": "2026-12-07"},
        content_type="application/json",
    )
    assert answered.status_code == 200
    assert answered.json()["findings"][0]["sections"] == ["503.09(1)"]


def test_facts_that_do_not_fit_are_a_problem_naming_each_field(client):
    response = client.post(
        "/api/v1/questions/deadline",
        {"from": "not a date", "extra": 1},
        content_type="application/json",
    )
    assert (response.status_code, response["Content-Type"]) == (422, "application/problem+json")
    fields = [e["field"] for e in response.json()["errors"]]
    assert "extra" in fields and "from" in fields


def test_a_question_needs_a_key_or_a_session(db):
    assert Client().post("/api/v1/questions/deadline", {}, "application/json").status_code == 401


def test_the_document_is_openapi_3_1_at_a_fixed_url_with_each_question_s_schema(db):
    document = Client().get("/api/v1/openapi.json").json()
    assert document["openapi"] == "3.1.0"
    assert document["info"]["version"] == "1"
    for name, asked in QUESTIONS.items():
        operation = document["paths"][f"/api/v1/questions/{name}"]["post"]
        schema = operation["requestBody"]["content"]["application/json"]["schema"]
        expected = {k: v for k, v in asked.schema().items() if k != "$schema"}
        assert schema == expected
    # every error is a problem detail
    problem = document["paths"]["/api/v1/dogs/{dog_id}/licenses"]["post"]["responses"]["422"]
    assert list(problem["content"]) == ["application/problem+json"]
    # the public lookup needs no key; everything else does
    public = document["paths"]["/api/v1/public/tags/{serial}"]["get"]
    assert not public.get("security") and "401" not in public["responses"]
    assert document["paths"]["/api/v1/dogs"]["get"]["security"]


def test_the_reference_page_is_drawn_from_the_document(db):
    document = Client().get("/api/v1/openapi.json").json()
    page = Client().get("/api/v1/reference/")
    assert page.status_code == 200
    html = page.content.decode()
    for path, item in document["paths"].items():
        for method in item:
            assert f"{method.upper()} {path}" in html, (method, path)
    assert '<script src="http' not in html
