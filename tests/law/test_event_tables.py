"""The procedures' coverage tables (issue 26 part 3): every event and step the text names, its
section, the rules that check it and the tests that prove it; ``docs/procedures/`` holds each
table as ``dogtag rules --events Q --markdown`` prints it."""

from __future__ import annotations

from pathlib import Path

import pytest

from dogtag.law import event_tables, ordinance
from dogtag.law.catalogue import catalogue

ROOT = Path(__file__).resolve().parents[2]
QUESTIONS = sorted(event_tables.PROCEDURE_MODULES)


@pytest.mark.parametrize("question", QUESTIONS)
def test_each_procedure_has_a_table_in_the_docs_equal_to_the_generated_one(question: str) -> None:
    # given the procedure's table
    table = event_tables.tables()[question]
    assert table, f"{question} has no coverage table"
    # when it is rendered for the docs
    rendered = event_tables.render_markdown(question, table)
    # then docs/procedures/<question>.md holds exactly that
    doc = ROOT / "docs" / "procedures" / f"{question}.md"
    assert doc.read_text(encoding="utf-8") == rendered


@pytest.mark.parametrize("question", QUESTIONS)
def test_every_row_cites_a_real_subsection_a_registered_rule_and_an_existing_test(
    question: str,
) -> None:
    table = event_tables.tables()[question]
    assert table, f"{question} has no coverage table"
    anchors = {s.anchor for s in ordinance.subsections()}
    rules = {r.id for r in catalogue()}
    kinds = [row.kind for row in table]
    assert len(kinds) == len(set(kinds)), "an event kind appears twice"
    for entry in event_tables.event_coverage(table, ROOT):
        row = entry.row
        # a section of the ordinance, or of a statute it incorporates (Minn. Stat.)
        assert row.section in anchors or row.section.startswith("Minn. Stat."), row
        assert row.rules and set(row.rules) <= rules, (row.kind, set(row.rules) - rules)
        assert entry.proved, (row.kind, entry.found)


def test_a_renamed_test_shows_as_not_proved(tmp_path: Path) -> None:
    # given a row naming a test that exists and one naming a test that does not
    test_file = tmp_path / "tests" / "test_x.py"
    test_file.parent.mkdir()
    test_file.write_text("def test_here() -> None:\n    pass\n", encoding="utf-8")
    row = event_tables.EventRow("e", "3-2-9.A", "x", ("r",), ("tests/test_x.py::test_here",))
    gone = event_tables.EventRow("f", "3-2-9.A", "y", ("r",), ("tests/test_x.py::test_gone",))
    # when their coverage is read
    found = event_tables.event_coverage((row, gone), tmp_path)
    # then only the first is proved
    assert [c.proved for c in found] == [True, False]
    assert "1 not proved" in event_tables.render_text("q", found)


def test_every_event_a_dangerous_dog_case_takes_has_its_row() -> None:
    # issue 26: every kind of event the procedure reads (EVENT_KINDS) is in its coverage table,
    # and the table names no event the procedure does not read
    from dogtag.law.dangerous_dog_procedure.events import EVENT_KINDS

    kinds = [row.kind for row in event_tables.tables()["dangerous-dog-case"]]
    assert sorted(kinds) == sorted(EVENT_KINDS)
