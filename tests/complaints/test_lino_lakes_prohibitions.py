"""Complaints of the prohibitions only Lino Lakes' law states (issue 27): abandoning an animal
(503.12(3)) and an animal on park, trail, public or another's property without a device and a
container for removing its feces (503.12(2)), through the complaint page: each decided both ways,
the duty quoting the complaint's own subdivision; a refused finding writes nothing; Nowthen takes
neither. "Today" is Sunday 2026-11-29 (tests/complaints/conftest.py)."""

from __future__ import annotations

import pytest

from dogtag.complaints.models import Complaint, ComplaintFinding, Outcome

from .test_lino_lakes import act, as_user, counts, errors, receive


@pytest.fixture(autouse=True)
def lino_lakes(monkeypatch):
    # given Lino Lakes' package in force
    monkeypatch.setenv("DOGTAG_JURISDICTION", "lino-lakes")


@pytest.mark.parametrize(
    "kind, facts, rule, outcome, closes",
    [
        ("abandonment", {"abandoned": "yes"}, "nuisance.abandonment", "violation", "warning"),
        ("abandonment", {"abandoned": "no"}, "nuisance.abandonment", "not_abandoned", "unfounded"),
        (
            "feces_device",
            {"on_covered_property": "yes", "had_device": "yes", "had_container": "no"},
            "nuisance.feces_removal",
            "violation",
            "warning",
        ),
        (
            "feces_device",
            {"on_covered_property": "yes", "had_device": "yes", "had_container": "yes"},
            "nuisance.feces_removal",
            "met",
            "unfounded",
        ),
        (
            "feces_device",
            {"on_covered_property": "no", "had_device": "no", "had_container": "no"},
            "nuisance.feces_removal",
            "not_covered",
            "unfounded",
        ),
    ],
)
def test_each_prohibition_is_decided_both_ways(
    clerk, officer, dog, kind, facts, rule, outcome, closes
):
    # given a complaint of the kind about Biscuit
    complaint = receive(clerk, kind=kind, dogs=[dog])
    client = as_user(officer)
    # when the officer records what was found, the duty on the owner of record
    response = act(
        client,
        complaint,
        "findings/prohibition",
        "prohibition",
        {**facts, "duty": "owner_of_record"},
    )
    assert response.status_code == 302, errors(response)
    # then the rule of its subdivision decides it, one way or the other
    [finding] = ComplaintFinding.objects.all()
    assert (finding.rule, finding.outcome) == (rule, outcome)
    # and the complaint closes with the outcome that rests on it
    closed = act(
        client, complaint, "close", "close", {"outcome": closes, "decided_on": "2026-11-29"}
    )
    assert closed.status_code == 302, errors(closed)
    assert Outcome.objects.get().kind == closes


@pytest.mark.parametrize(
    "kind, facts, quoted",
    [
        (
            "abandonment",
            {"abandoned": "yes"},
            '503.12(3): "A person must not abandon an animal within the city."',
        ),
        (
            "feces_device",
            {"on_covered_property": "yes", "had_device": "no", "had_container": "no"},
            '503.12(2): "An owner must not permit any animal to be on park property, city '
            "trails, public property or the property of another without having in the owner's "
            "immediate possession a device for the immediate removal of feces material deposited "
            'by the animal"',
        ),
    ],
)
def test_the_duty_quotes_the_complaint_s_subdivision(clerk, officer, dog, kind, facts, quoted):
    complaint = receive(clerk, kind=kind, dogs=[dog])
    client = as_user(officer)
    page = client.get(f"/complaints/{complaint.number}/").content.decode()
    # the form asks the subdivision's facts, cited
    section = quoted.split(":")[0]
    assert f"What the officer found ({section})" in page
    act(
        client,
        complaint,
        "findings/prohibition",
        "prohibition",
        {**facts, "duty": "owner_of_record"},
    )
    page = client.get(f"/complaints/{complaint.number}/").content.decode()
    page = page.replace("&quot;", '"').replace("&#x27;", "'")
    assert (
        "the duty falls on Pat Gustafson, the owner of record of the dog on the day of the "
        f"incident ({quoted})"
    ) in page


def test_a_finding_left_unanswered_is_refused_and_writes_nothing(clerk, officer, dog):
    complaint = receive(clerk, kind="feces_device", dogs=[dog])
    before = counts()
    response = act(
        as_user(officer),
        complaint,
        "findings/prohibition",
        "prohibition",
        {"on_covered_property": "yes", "had_device": "no"},
    )
    assert response.status_code == 200
    assert "nothing was written" in errors(response)
    assert counts() == before


def test_a_prohibition_finding_on_another_kind_is_refused(clerk, officer, dog):
    # given a barking complaint
    complaint = receive(clerk, kind="barking", dogs=[dog])
    before = counts()
    # when an abandonment finding is posted to it, then it is refused, writing nothing
    response = act(
        as_user(officer), complaint, "findings/prohibition", "prohibition", {"abandoned": "yes"}
    )
    assert response.status_code == 200
    assert "is about barking or other noise (503.12(5)), not" in errors(response)
    assert counts() == before


def test_nowthen_takes_neither(monkeypatch, clerk):
    monkeypatch.setenv("DOGTAG_JURISDICTION", "nowthen")
    page = as_user(clerk).get("/complaints/new/").content.decode()
    assert 'value="abandonment"' not in page and 'value="feces_device"' not in page
    assert Complaint.Kind.ABANDONMENT.label == "abandoning an animal"


@pytest.mark.parametrize(
    "kind, data",
    [
        ("abandonment", {"abandoned": "maybe" * 200, "dog": "99999999999", "person": "x" * 5000}),
        ("feces_device", {"on_covered_property": "", "had_device": "\x00", "duty": "nobody"}),
        ("abandonment", {"abandoned": "yes", "duty": "keeper", "person": ""}),
    ],
)
def test_extreme_values_are_refused_with_a_message_and_write_nothing(
    clerk, officer, dog, kind, data
):
    complaint = receive(clerk, kind=kind, dogs=[dog])
    before = counts()
    response = act(as_user(officer), complaint, "findings/prohibition", "prohibition", data)
    assert response.status_code == 200
    assert "nothing was written" in errors(response)
    assert counts() == before
