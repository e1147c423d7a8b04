"""`dogtag rules --coverage`: each subsection with the rules that implement it and the tests that
exercise it, or why it needs no rule (dogtag.law.coverage)."""

import io
import json
from pathlib import Path

from dogtag import cli
from dogtag.law import catalogue, coverage, ordinance
from dogtag.law.catalogue import Rule

TESTS = Path(__file__).resolve().parents[1]


def run(*argv):
    out = io.StringIO()
    assert cli.main(list(argv), out=out) == 0
    return out.getvalue()


def paragraph(out, anchor):
    """The lines of one subsection's paragraph in the coverage listing."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{anchor}  ["))
    end = next(
        (i for i in range(start + 1, len(lines)) if not lines[i].startswith("    ")), len(lines)
    )
    return lines[start:end]


def test_coverage_lists_every_subsection_in_the_order_of_the_text():
    out = run("rules", "--coverage", "--tests", str(TESTS))
    assert out.startswith(
        "Coverage of Nowthen City Code ch. 3 §2 (Ord. #15, adopted 2011-07-12) by the rules "
        "core\n\n"
    )
    listed = [line.split("  [")[0] for line in out.splitlines() if "  [" in line]
    assert listed == [s.anchor for s in ordinance.subsections()]


def test_a_subsection_with_rules_names_them_and_the_tests_that_cite_it():
    out = run("rules", "--coverage", "--tests", str(TESTS))
    para = paragraph(out, "3-2-6.D")
    assert para[:2] == ["3-2-6.D  [rules]", "    rules: shelter.shade, shelter.size"]
    assert para[2].startswith("    tests: ")
    assert "tests/law/test_enclosures.py" in para[2].split(": ", 1)[1].split(", ")


def test_an_item_of_a_list_is_implemented_within_the_rule_citing_the_list():
    out = run("rules", "--coverage", "--tests", str(TESTS))
    assert paragraph(out, "3-2-9.B.3.d")[:2] == [
        "3-2-9.B.3.d  [within]",
        "    within 3-2-9.B.3: dangerous_dog.registration_requirements",
    ]
    assert paragraph(out, "3-2-7.D.2.b")[:2] == [
        "3-2-7.D.2.b  [within]",
        "    within 3-2-7.D.2: nuisance.at_large_exception",
    ]


def test_a_subsection_needing_no_rule_says_why_with_its_source():
    out = run("rules", "--coverage", "--tests", str(TESTS))
    para = paragraph(out, "3-2-5.B.10")
    assert para[0] == "3-2-5.B.10  [no rule needed]"
    assert para[1].startswith("    no rule needed: ")
    assert para[1].endswith("(City Code 3-2-5.B.10)")
    assert para[-1].startswith("    tests: ")


def test_review_by_certiorari_has_its_clock_the_owners_right_issue_26():
    # 3-2-9.A.4 was "a court's review, outside the city's procedure"; the owner's right to it and
    # its period (Minn. Stat. 606.01) are shown as a clock after the Hearing Officer's decision,
    # and the petition and the Court's decision are events of the case with a rule of their own
    out = run("rules", "--coverage", "--tests", str(TESTS))
    assert paragraph(out, "3-2-9.A.4")[:2] == [
        "3-2-9.A.4  [rules]",
        "    rules: dangerous_dog.certiorari, dangerous_dog.writ_of_certiorari",
    ]


def test_coverage_with_a_catalogue_and_tests_of_our_own(tmp_path):
    tests = tmp_path / "tests"
    (tests / "law").mkdir(parents=True)
    (tests / "law" / "test_tags.py").write_text('RULE = "tag.violation"\n')
    (tests / "test_other.py").write_text("# 3-2-2.C, and 3-2-2.A.1 only\n")
    rules = [
        Rule("tag.violation", ("3-2-3.B",), "t", "s", "q"),
        Rule("destruction", ("3-2-9.A.3",), "t", "s", "q"),
    ]
    rows = {row.anchor: row for row in coverage.coverage(rules, tests)}
    assert rows["3-2-3.B"].status == "rules"
    assert rows["3-2-3.B"].tests == ("tests/law/test_tags.py",)
    assert rows["3-2-2.C"].status == "no rule"
    assert rows["3-2-2.C"].tests == ("tests/test_other.py",)
    assert rows["3-2-2.A"].tests == ()
    assert rows["3-2-3"].status == "through subsections" and rows["3-2-3"].through == ("3-2-3.B",)
    assert rows["3-2-9.A.3.b"].inherited == (("destruction", "3-2-9.A.3"),)
    assert rows["3-2-9.A.2.c"].status == "no rule needed"
    assert rows["3-2-9.A.2.h"].status == "no rule"
    assert rows["3-2-9.A.2.h"].inherited == ()  # 3-2-9.A's words are no list of items
    text = coverage.render(list(rows.values()))
    assert "3-2-2.C  [no rule]\n    tests: tests/test_other.py\n" in text
    assert text.endswith(
        "no rule: 93; no rule needed: 5; rules: 2; through subsections: 3; within: 3\n"
    )


def test_coverage_as_json_without_a_test_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rows = json.loads(run("rules", "--coverage", "--json"))
    [row] = [r for r in rows if r["anchor"] == "3-2-5.B.10"]
    assert row["status"] == "no rule needed"
    assert row["rules"] == [] and row["tests"] is None
    assert row["no_rule_needed"]["source"] == "City Code 3-2-5.B.10"


def test_every_reason_for_no_rule_is_a_subsection_no_rule_cites():
    cited = {s for r in catalogue.catalogue() for s in r.sections}
    reasons = coverage.no_rule_needed()
    # issue 26: 3-2-9.A.1.b (item 1.7, the Notice cannot issue without it) and A.4 (review by
    # certiorari, now the owner's clock after an order) have rules of their own
    assert len(reasons) == 5
    assert "3-2-9.A.1.b" not in reasons and "3-2-9.A.4" not in reasons
    for anchor, why in reasons.items():
        assert ordinance.exists(anchor), anchor
        assert anchor not in cited, f"{anchor} has a rule: drop its reason"
        assert anchor in why.source and len(why.reason) > 40


def test_no_operative_subsection_is_left_without_a_rule_or_a_reason():
    # issue 11: 3-2-6.B, 3-2-9.A.1.a, A.1.e, A.2.h and B.6.a were the last without a rule of
    # their own; every subsection now has rules, is an item within one, or says why it needs none
    rows = coverage.coverage(catalogue.catalogue(), None)
    assert [row.anchor for row in rows if row.status == "no rule"] == []
    own = {row.anchor: row.rules for row in rows}
    assert own["3-2-6.B"] == ("enclosure.sanitation",)
    assert own["3-2-9.A.1.a"] == (
        "dangerous_dog.notice_contents",
        "dangerous_dog.notice_incidents",
        "dangerous_dog.notice_service",
        "dangerous_dog.record_states",
    )
    # issue 26 item 1.7: what the Notice must include, each content by its subsection
    for anchor in ("3-2-9.A.1.b", "3-2-9.A.1.c", "3-2-9.A.1.d", "3-2-9.A.1.e", "3-2-9.A.1.f"):
        assert "dangerous_dog.notice_contents" in own[anchor], anchor
    assert own["3-2-9.A.1.e"] == (
        "dangerous_dog.designation_stands",
        "dangerous_dog.hearing_request_in_time",
        "dangerous_dog.notice_contents",
    )
    assert own["3-2-9.A.2.h"] == ("dangerous_dog.release_on_demand",)
    assert own["3-2-9.B.6.a"] == ("dangerous_dog.revocation",)


def test_the_subsections_dogtag_rules_did_not_name_each_have_their_own_rule():
    # issue 11 legal error (d): `dogtag rules` named no rule for 3-2-6.B, 3-2-7.D.1 and D.2 (cited
    # only as "3-2-7.D"), 3-2-9.B.1, B.5, B.7 and E.5, though some were applied
    rows = coverage.coverage(catalogue.catalogue(), None)
    own = {row.anchor: row.rules for row in rows}
    assert {
        anchor: own[anchor]
        for anchor in (
            "3-2-6.B",
            "3-2-7.D.1",
            "3-2-7.D.2",
            "3-2-7.D.3",
            "3-2-9.B.1",
            "3-2-9.B.5",
            "3-2-9.B.7",
            "3-2-9.E.5",
        )
    } == {
        "3-2-6.B": ("enclosure.sanitation",),
        "3-2-7.D.1": ("nuisance.at_large",),
        "3-2-7.D.2": ("nuisance.at_large_exception",),
        "3-2-7.D.3": ("nuisance.at_large", "nuisance.excrement", "nuisance.park_leash"),
        "3-2-9.B.1": ("dangerous_dog.registration_term",),
        "3-2-9.B.5": ("dangerous_dog.registration_fee",),
        "3-2-9.B.7": ("dangerous_dog.registration_term",),
        "3-2-9.E.5": ("dangerous_dog.tag",),
    }


def test_coverage_per_package_reads_the_city_s_own_text(monkeypatch):
    # given Lino Lakes in force (issue 27): its text, its rules
    monkeypatch.setenv("DOGTAG_JURISDICTION", "lino-lakes")
    out = run("rules", "--coverage", "--tests", str(TESTS))
    assert out.startswith(
        "Coverage of Lino Lakes City Code ch. 503, Animal Control Regulations, and § 218.01, "
        "Fee schedule by the rules core\n\n"
    )
    listed = [line.split("  [")[0] for line in out.splitlines() if "  [" in line]
    assert listed == [s.anchor for s in ordinance.subsections()]
    assert listed[0] == "503.01" and "3-2-9" not in listed
    # a subsection its converted rules cite is covered by them
    assert paragraph(out, "503.09(1)")[:2] == [
        "503.09(1)  [rules]",
        "    rules: license.required",
    ]


def test_lino_lakes_says_why_a_section_not_found_or_only_drafted_has_no_rule(monkeypatch):
    # given Lino Lakes in force (issue 27), whose text lacks some sections and has others only as
    # drafts
    monkeypatch.setenv("DOGTAG_JURISDICTION", "lino-lakes")
    cited = {s for r in catalogue.catalogue() for s in r.sections}
    reasons = coverage.no_rule_needed()
    # then each reason is a subsection of its text that no rule cites
    assert len(reasons) == 72
    for anchor, why in reasons.items():
        assert ordinance.exists(anchor), anchor
        assert anchor not in cited, f"{anchor} has a rule: drop its reason"
        assert len(why.reason) > 40 and why.source, anchor
    # and coverage says so: the motor vehicle section's drafts are not applied, the statute is
    out = run("rules", "--coverage", "--tests", str(TESTS))
    assert paragraph(out, "503.13")[:2] == [
        "503.13  [no rule needed]",
        "    no rule needed: Confinement in motor vehicle: known only from drafts (2005; first "
        "reading of Ord. 03-08, February 2008). Not applied as the city's law; an animal left in a "
        "motor vehicle is decided by Minn. Stat. 346.57, which binds in every city (rule "
        "vehicle.animal_left; reading readings.vehicle_draft_only). (Lino Lakes readings "
        "register, readings.vehicle_draft_only)",
    ]
    assert paragraph(out, "503.23")[0] == "503.23  [no rule needed]"
