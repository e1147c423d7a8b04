"""The compact form of stored findings is exact (issue 14, storage): store → expand gives back
the very list, for findings from the rules core and for any JSON a decision might hold."""

import datetime as dt
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dogtag.law import params
from dogtag.law.questions import QUESTIONS
from dogtag.records import findings_codec as codec
from tests.law_of import answer


class Table:
    """An in-memory table of cited values, as ``CitedValue`` is in the database."""

    def __init__(self):
        self.rows: dict[int, dict] = {}
        self.ids: dict[str, int] = {}

    def reference(self, cited):
        out = []
        for value in cited:
            digest = codec.digest(value)
            if digest not in self.ids:
                self.ids[digest] = len(self.rows) + 1
                self.rows[self.ids[digest]] = json.loads(json.dumps(value))
            out.append(self.ids[digest])
        return out

    def cited(self, ids):
        return {i: self.rows[i] for i in ids if i in self.rows}


def round_trip(findings, table=None):
    table = table or Table()
    stored = json.loads(json.dumps(codec.encode(findings, table.reference)))
    return stored, codec.decode(stored, table.cited)


NOWTHEN = params.load()
# each question asked of a city whose law has it (Nowthen, else Lino Lakes)
ANSWERS = [
    (name, [f.to_json() for f in answer(name, q.examples)]) for name, q in sorted(QUESTIONS.items())
]


@pytest.mark.parametrize(("question", "findings"), ANSWERS, ids=[a[0] for a in ANSWERS])
def test_every_question_s_findings_come_back_exactly(question, findings):
    # given the findings the rules core gives for the question's example facts, as JSON
    as_json = json.loads(json.dumps(findings))
    # when they are stored and expanded
    stored, expanded = round_trip(findings)
    # then the very list comes back, and the stored form copies no cited value
    assert expanded == as_json
    copies = []
    codec._collect(stored, copies)
    assert copies == []


def test_the_same_value_cited_twice_is_stored_once():
    # given two questions' findings citing some of the same parameters
    table = Table()
    first = round_trip(ANSWERS[0][1], table)[0]
    rows = len(table.rows)
    # when the first is stored again
    again = round_trip(ANSWERS[0][1], table)[0]
    # then no cited value is added, and the stored forms are the same
    assert len(table.rows) == rows
    assert again == first


@pytest.mark.parametrize(
    ("case", "findings"),
    [
        ("nothing", []),
        ("a list stored before the compact form, any shape", [{"message": "old"}, 3]),
        (
            "a finding with a key to_json no longer writes",
            [
                {
                    "rule": "r",
                    "outcome": "o",
                    "sections": ["3-2-2"],
                    "message": "m",
                    "extra": {"$p": 1},
                }
            ],
        ),
    ],
)
def test_findings_of_other_shapes_come_back_exactly(case, findings):
    assert round_trip(findings)[1] == findings


def test_a_deadline_keeps_its_dates_and_is_worded_again_as_it_was():
    # given the license findings, one with a 30-day deadline and a skipped Sunday
    findings = dict(ANSWERS)["license-issue"]
    [deadline] = [f["deadline"] for f in findings if f["deadline"]]
    # when stored
    stored, expanded = round_trip(findings)
    # then its explanation is not stored, yet comes back word for word
    assert "explanation" not in json.dumps(stored)
    assert [f["deadline"] for f in expanded if f["deadline"]] == [deadline]


def test_a_deadline_worded_otherwise_is_stored_whole():
    findings = json.loads(json.dumps(dict(ANSWERS)["license-issue"]))
    [deadline] = [f["deadline"] for f in findings if f["deadline"]]
    deadline["explanation"][0] = "Worded by a later version of the rules core."
    stored, expanded = round_trip(findings)
    assert "Worded by a later version" in json.dumps(stored)
    assert expanded == findings


def test_a_list_stored_before_the_compact_form_is_read_as_it_is():
    old = [{"rule": "license.required", "message": "License required."}]
    assert codec.decode(old, Table().cited) == old


def test_a_missing_cited_value_is_an_error_not_a_silent_gap():
    findings = dict(ANSWERS)["license-issue"]
    table = Table()
    stored = codec.encode(findings, table.reference)
    assert codec.referenced(stored), "the example cites values"
    with pytest.raises(LookupError, match="not in the table of cited values"):
        codec.decode(stored, Table().cited)


# ------------------------------------------------------------------- any JSON a finding may hold

keys = st.sampled_from(["$p", "$d", "$dl", "raw", "v", "key", "facts", "rule", "a", "b"])
scalars = st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=4)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=3),
    max_leaves=12,
)
cited_values = st.fixed_dictionaries(
    {
        "key": st.sampled_from(["nowthen.a", "nowthen.b", "minnesota.c"]),
        "description": st.text(max_size=5),
        "value": scalars,
        "display": st.text(max_size=5),
        "unit": st.none() | st.just("days"),
        "effective": st.dates().map(dt.date.isoformat),
        "source": st.dictionaries(keys, scalars, max_size=2),
        "file": st.just("params/nowthen/x.yaml"),
    },
    optional={"default": scalars, "alternatives": st.dictionaries(keys, st.text(max_size=3))},
)


@st.composite
def deadlines(draw):
    """A ``Deadline.to_json`` as the rules core words it, or one worded otherwise."""
    trigger = draw(st.dates(dt.date(2000, 1, 1), dt.date(2100, 1, 1)))
    days = draw(st.integers(1, 90))
    skipped = draw(st.lists(st.dates(dt.date(2000, 1, 1), dt.date(2100, 1, 1)), max_size=2))
    deadline = codec._worded_deadline(
        {
            "trigger_event": draw(st.text(max_size=6)),
            "trigger_date": trigger.isoformat(),
            "days": days,
            "due": (trigger + dt.timedelta(days=days + len(skipped))).isoformat(),
            "skipped": [{"date": d.isoformat(), "reasons": ["Sunday"]} for d in skipped],
            "citations": ["Minn. Stat. 645.15"],
            "parameters": draw(st.lists(cited_values, max_size=2)),
        }
    )
    change = draw(st.sampled_from(["none", "explanation", "last day", "citations"]))
    if change == "explanation":
        deadline["explanation"] = [*deadline["explanation"][:-1], "Due: another day."]
    elif change == "last day":
        deadline["last_counted_day"] = trigger.isoformat()
    elif change == "citations":
        deadline["citations"] = draw(st.sampled_from([[], ["Minn. Stat. 645.15"]]))
    return deadline


anything = st.recursive(
    scalars | cited_values | deadlines(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=3),
    max_leaves=10,
)
findings = st.fixed_dictionaries(
    {
        "rule": st.sampled_from(["license.required", "kennel.count"]),
        "outcome": st.sampled_from(["required", "due"]),
        "blocks": st.booleans(),
        "sections": st.lists(st.sampled_from(["3-2-2.A", "3-2-5"]), min_size=1, max_size=2),
        "message": st.text(min_size=1, max_size=8),
        "facts": st.sampled_from([{}, {"on": "2026-11-29"}, {"$p": 2, "born": None}])
        | st.dictionaries(keys, anything, max_size=3),
        "parameters": st.lists(cited_values, max_size=3),
        "readings": st.lists(cited_values, max_size=2),
        "deadline": st.none() | deadlines() | st.dictionaries(keys, anything, max_size=3),
        "next_date": st.none() | st.dates().map(dt.date.isoformat),
        "details": st.dictionaries(keys, anything, max_size=3),
    }
)


@settings(max_examples=300, deadline=None)
@given(st.lists(findings | json_values, max_size=5))
def test_any_findings_come_back_exactly(stored_findings):
    assert round_trip(stored_findings)[1] == stored_findings
