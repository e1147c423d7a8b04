"""The catalogue on its own: importing ``dogtag.law.catalogue`` in a fresh interpreter (as
``dogtag rules`` does) registers every rule a question answers with, not only those a test file
happens to import."""

import json
import subprocess
import sys

SCRIPT = """
import json
from dogtag.law import catalogue
from dogtag.law.questions import QUESTIONS
listed = sorted({r for q in QUESTIONS.values() for r in q.rules})
print(json.dumps({"listed": listed, "registered": sorted(catalogue.RULES)}))
"""


def test_every_rule_a_question_lists_is_in_the_catalogue_of_a_fresh_interpreter():
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, check=True
    ).stdout
    found = json.loads(out)
    assert sorted(set(found["listed"]) - set(found["registered"])) == []
    # the rules on each step's conditions (3-2-9), once registered only by a module's import
    assert {"dangerous_dog.record_states", "dangerous_dog.hearing_in_time"} <= set(
        found["registered"]
    )
