"""The `dogtag` command: rules, params, deadline, evaluate (documented in the README)."""

import datetime as dt
import io
import json
import subprocess
import sys

import pytest
import time_machine

from dogtag import cli
from dogtag.law.catalogue import catalogue
from dogtag.law.questions import QUESTIONS
from tests.law_of import in_nowthen


def run(*argv: str, stdin: str | None = None, monkeypatch=None) -> tuple[int, str]:
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    out = io.StringIO()
    code = cli.main(list(argv), out=out)
    return code, out.getvalue()


def test_rules_prints_the_catalogue_as_json():
    code, out = run("rules")
    assert code == 0
    rules = json.loads(out)
    assert [r["id"] for r in rules] == [r.id for r in catalogue()]
    first = rules[0]
    assert set(first) == {"id", "section", "sections", "title", "summary", "question", "parameters"}
    assert first["section"] == "3-2-2.A"
    assert [r["section"] for r in rules][-1] == "Minn. Stat. 645.15"


def test_params_on_a_date_lists_values_with_sources():
    code, out = run("params", "--on", "2026-11-29")
    assert code == 0
    assert out.startswith("Parameters in force on 2026-11-29 for City of Nowthen\n")
    assert "  nowthen.fees.dog_license.one_year = $3.00\n" in out
    assert (
        "      since 2011-01-01; Nowthen Resolution 2011-04, § 1-2-2, adoption date not recorded\n"
    ) in out
    assert "  nowthen.dangerous_dog.insurance.per_person = $500,000.00\n" in out
    assert "Minn. Stat. 347.51 subd. 2 [confidence C]" in out


@time_machine.travel(dt.datetime(2011, 3, 1, 12, tzinfo=dt.UTC))
def test_params_defaults_to_today_in_nowthen():
    code, out = run("params", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["on"] == "2011-03-01"
    keys = {p["key"] for p in data["parameters"]}
    # fees took effect 2011-01-01, the ordinance's numbers only on 2011-07-12
    assert "nowthen.fees.dog_license.one_year" in keys
    assert "nowthen.license.minimum_age_months" not in keys


@time_machine.travel(dt.datetime(2026, 12, 1, 3, 0, tzinfo=dt.UTC))
def test_today_is_the_city_date_not_utc():
    # 03:00 UTC on Dec 1 is still Nov 30 in Nowthen (America/Chicago)
    assert cli.city_today() == dt.date(2026, 11, 30)


def test_params_before_anything_is_in_force(capsys):
    # (Minn. Stat. 346.57's values, the state's earliest, took effect on 1988-08-01)
    code, _ = run("params", "--on", "1988-07-31")
    assert code == 2
    assert capsys.readouterr().err == (
        "dogtag: error: no parameter is in force on 1988-07-31: the earliest takes effect "
        "1988-08-01\n"
    )


def test_deadline_text_output():
    code, out = run("deadline", "--from", "2025-12-11", "--rule", "dangerous_dog.hearing_request")
    assert code == 0
    assert out.splitlines()[:2] == [
        "Due: Friday 2025-12-26",
        "Sections: 3-2-9.A.1.c, Minn. Stat. 645.15",
    ]
    assert (
        "  Thu 2025-12-25 is skipped: legal holiday: Christmas Day (Minn. Stat. 645.44 subd. 5).\n"
        in out
    )


def test_deadline_json_output():
    code, out = run("deadline", "--from", "2027-12-17", "--days", "14", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["deadline"]["due"] == "2028-01-03"
    assert [s["date"] for s in data["deadline"]["skipped"]] == [
        "2027-12-31",
        "2028-01-01",
        "2028-01-02",
    ]


@pytest.mark.parametrize(
    "argv, error",
    [
        (
            ["deadline", "--from", "2026-01-05"],
            "dogtag: error: give --days N, or --rule ID for a deadline the ordinance fixes\n",
        ),
        (
            ["deadline", "--from", "2026-01-05", "--days", "0"],
            "dogtag: error: the number of days must be 1 or more, not 0\n",
        ),
        (
            [
                "deadline",
                "--from",
                "2025-12-11",
                "--rule",
                "dangerous_dog.hearing_request",
                "--days",
                "10",
            ],
            "dogtag: error: 3-2-9.A.1.c fixes 14 days for this deadline, not 10 days\n",
        ),
        (
            ["deadline", "--from", "2010-01-04", "--days", "3"],
            "dogtag: error: 2010-01-04 is outside the calendar Dogtag knows for City of Nowthen: "
            "2011-07-12 to 2100-12-31\n",
        ),
        (
            ["evaluate", "no-such-question", "--schema"],
            "dogtag: error: no question named 'no-such-question'; questions: "
            + ", ".join(sorted(QUESTIONS))
            + "\n",
        ),
        (
            ["evaluate", "deadline"],
            "dogtag: error: give the facts: dogtag evaluate deadline --facts FILE (or - for "
            "standard input); see --schema\n",
        ),
        (
            ["evaluate", "deadline", "--facts", "/no/such/file.json"],
            "dogtag: error: cannot read facts from /no/such/file.json: No such file or directory\n",
        ),
    ],
)
def test_bad_input_is_a_clear_error_with_status_2(capsys, argv, error):
    code, out = run(*argv)
    assert (code, out) == (2, "")
    assert capsys.readouterr().err == error


def test_bad_argument_types_are_reported_by_the_parser(capsys):
    with pytest.raises(SystemExit) as exit_:
        run("deadline", "--from", "11/12/2025", "--days", "14")
    assert exit_.value.code == 2
    assert (
        "dogtag: error: argument --from: '11/12/2025' is not a date (YYYY-MM-DD)"
        in capsys.readouterr().err
    )


def test_evaluate_reads_facts_from_stdin(monkeypatch):
    code, out = run(
        "evaluate",
        "license-required",
        "--facts",
        "-",
        stdin='{"born": "2026-06-15", "on": "2026-11-29"}',
        monkeypatch=monkeypatch,
    )
    assert code == 0
    data = json.loads(out)
    assert data["question"] == "license-required"
    assert data["findings"][0]["outcome"] == "exempt"
    assert data["findings"][0]["next_date"] == "2026-12-15"


def test_evaluate_reads_facts_from_a_file(tmp_path):
    facts = tmp_path / "facts.json"
    facts.write_text(
        json.dumps({"topic": "dangerous_dog.insurance.per_person", "on": "2026-11-29"})
    )
    code, out = run("evaluate", "controlling-provision", "--facts", str(facts))
    assert code == 0
    assert json.loads(out)["findings"][0]["outcome"] == "city_controls"


def test_evaluate_invalid_json_and_bad_facts(monkeypatch, capsys):
    code, _ = run(
        "evaluate", "deadline", "--facts", "-", stdin="{from: 1}", monkeypatch=monkeypatch
    )
    assert code == 2
    assert capsys.readouterr().err == (
        "dogtag: error: the facts in standard input are not valid JSON: Expecting property name "
        "enclosed in double quotes at line 1, column 2\n"
    )
    code, _ = run(
        "evaluate",
        "license-required",
        "--facts",
        "-",
        stdin='{"born": "x"}',
        monkeypatch=monkeypatch,
    )
    assert code == 2
    assert capsys.readouterr().err == (
        "dogtag: error: the facts for 'license-required' have 2 problems:\n"
        "  - born: 'x' is not a date (YYYY-MM-DD)\n"
        "  - on: missing (The day asked about)\n"
    )


def test_evaluate_schema_and_list():
    code, out = run("evaluate", "deadline", "--schema")
    schema = json.loads(out)
    assert schema["required"] == ["from"]
    assert schema["properties"]["from"] == {
        "description": "The day of the triggering event (not itself counted)",
        "type": "string",
        "format": "date",
    }
    code, out = run("evaluate", "--list")
    assert code == 0
    # the questions of the city in force (Nowthen): not Lino Lakes' own prohibitions
    assert [q["question"] for q in json.loads(out)] == in_nowthen()
    assert {"deadline", "license-issue", "kennel-dog-limit", "enclosure-placement"} <= set(
        QUESTIONS
    )


def test_the_installed_console_script_runs():
    # The entry point in pyproject.toml is what users type.
    done = subprocess.run(
        [sys.executable, "-m", "dogtag.cli", "deadline", "--from", "2025-12-11", "--days", "14"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Due: Friday 2025-12-26\n")


# ----------------------------------------------------------------- barking from logs and recordings


def test_barking_from_a_csv_log(tmp_path):
    log = tmp_path / "log.csv"
    log.write_text(
        "time\n" + "".join(f"22:{s // 60:02d}:{s % 60:02d}\n" for s in range(0, 301, 30))
    )
    code, out = run("evaluate", "barking", "--log", str(log), "--date", "2026-07-04")
    assert code == 0
    result = json.loads(out)
    assert result["findings"][0]["outcome"] == "nuisance"
    assert result["facts"]["noises"][0] == "2026-07-04T22:00:00-05:00"
    assert result["evidence"] == {"log": str(log), "noises": 11}


def test_barking_from_a_recording_keeps_its_hash(tmp_path):
    from dogtag.evidence import synthetic

    data = synthetic.as_file(synthetic.recording([10 + 25 * i for i in range(13)], seconds=320))
    wav = tmp_path / "yard.wav"
    wav.write_bytes(data)
    with time_machine.travel(dt.datetime(2026, 11, 29, 16, tzinfo=dt.UTC), tick=False):
        code, out = run(
            "evaluate", "barking", "--recording", str(wav), "--started", "2026-07-04T22:00:00"
        )
    assert code == 0
    result = json.loads(out)
    assert result["facts"]["on"] == "2026-11-29"
    assert result["findings"][0]["outcome"] == "nuisance"
    assert len(result["evidence"]["barks"]) == 13
    import hashlib

    assert result["evidence"]["sha256"] == hashlib.sha256(data).hexdigest()
    assert result["evidence"]["started"] == "2026-07-04T22:00:00-05:00"


@pytest.mark.parametrize(
    "argv, message",
    [
        (
            ["evaluate", "refund", "--log", "x.csv"],
            "--log and --recording go with the barking question",
        ),
        (["evaluate", "barking", "--recording", "x.wav"], "give --started"),
        (
            ["evaluate", "barking", "--log", "/nonexistent.csv"],
            "cannot read the log /nonexistent.csv",
        ),
    ],
)
def test_barking_evidence_errors(argv, message, capsys):
    code, _ = run(*argv)
    assert code == 2
    assert message in capsys.readouterr().err


def test_a_bad_log_row_is_named(tmp_path, capsys):
    log = tmp_path / "log.csv"
    log.write_text("time\n22:00:00\nsoon\n")
    code, _ = run("evaluate", "barking", "--log", str(log), "--date", "2026-07-04")
    assert code == 2
    assert "row 3: 'soon' is not a time" in capsys.readouterr().err


def test_deadline_for_registration_shows_the_states_clock_beside_it_issue_26():
    # given the city's 30 days from the day deemed, and the date of the Notice beside them
    code, out = run(
        "deadline",
        "--from",
        "2026-10-26",
        "--rule",
        "dangerous_dog.registration",
        "--other",
        "2026-10-28",
    )
    assert code == 0
    assert out.splitlines()[0] == "Due: Wednesday 2026-11-25"
    # then the state's clock from the notice, and which controls (3-2-8)
    assert (
        "Beside it: Due Thu 2026-11-12: have the dog registered and insured (the Authority "
        "seizes a dog that is not) within 14 days after the Notice of Dangerous Dog on Wed "
        "2026-10-28 (Minn. Stat. 347.54 subd. 1)." in out
    )
    assert "the state's, which ends first, is the more restrictive and controls" in out
    # and without the notice's date, the output says the state's clock runs and what it needs
    code, out = run("deadline", "--from", "2026-10-26", "--rule", "dangerous_dog.registration")
    assert "beside it runs the state's clock (Minn. Stat. 347.54 subd. 1)" in out
