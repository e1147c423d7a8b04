"""3-2-7.A barking: noise repeated over at least 5 minutes with a lapse of 30 seconds or less."""

import datetime as dt
import itertools
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dogtag.law.nuisance import barking, duration_text, runs

CHICAGO = ZoneInfo("America/Chicago")
START = dt.datetime(2026, 7, 4, 22, 0, 0, tzinfo=CHICAGO)
ON = dt.date(2026, 11, 29)


def at(*seconds: float) -> list[dt.datetime]:
    return [START + dt.timedelta(seconds=s) for s in seconds]


def every(step: float, until: float, start: float = 0) -> list[float]:
    out, t = [], start
    while t <= until + 1e-9:
        out.append(round(t, 6))
        t += step
    return out


@pytest.mark.parametrize(
    "offsets, outcome, periods",
    [
        # exactly 5:00 with 30 s lapses: qualifies
        (every(30, 300), "nuisance", [(0, 300, 11, 30)]),
        # 4:59: one second short
        ([*every(30, 270), 299], "not_a_nuisance", []),
        # a lapse of exactly 30 s is allowed, 31 s breaks the run
        (every(10, 150) + every(10, 330, start=180), "nuisance", [(0, 330, 32, 30)]),
        (every(10, 150) + every(10, 331, start=181), "not_a_nuisance", []),
        # two qualifying periods split by a long quiet
        (
            every(20, 300) + every(15, 1200 + 360, start=1200),
            "nuisance",
            [(0, 300, 16, 20), (1200, 1560, 25, 15)],
        ),
        # one noise, or none
        ([0], "not_a_nuisance", []),
        ([], "not_a_nuisance", []),
    ],
)
def test_barking_periods(nowthen, offsets, outcome, periods):  # 3-2-7.A
    finding = barking(at(*offsets), ON, nowthen)
    assert finding.outcome == outcome
    assert finding.sections == ("3-2-7.A",)
    assert finding.blocks == (outcome == "nuisance")  # a violation, as every nuisance finding
    assert [
        (
            (dt.datetime.fromisoformat(p["start"]) - START).total_seconds(),
            (dt.datetime.fromisoformat(p["end"]) - START).total_seconds(),
            p["count"],
            p["longest_gap_seconds"],
        )
        for p in finding.details["periods"]
    ] == periods
    assert [p.key for p in finding.parameters] == [
        "nowthen.barking.minimum_period_seconds",
        "nowthen.barking.maximum_gap_seconds",
    ]


def test_unsorted_and_duplicate_timestamps_are_one_noise_each():
    offsets = every(30, 300)
    noises = at(*reversed(offsets)) + at(*offsets[:4])
    found = runs(noises, 30)
    assert [(r.count, r.seconds) for r in found] == [(11, 300.0)]


def test_a_non_qualifying_log_is_explained(nowthen):
    # Given barking every 20 s for 4 min 40 s, then a 45 s lapse, then 1 min more,
    noises = at(*every(20, 280), *every(20, 385, start=325))
    # when the rule is applied,
    finding = barking(noises, ON, nowthen)
    # then it says why not, with the longest run.
    assert finding.outcome == "not_a_nuisance"
    assert finding.message == (
        "Not a nuisance under 3-2-7.A: longest run 4 min 40 s (15 noises from 22:00:00 to "
        "22:04:40), short of 5 min; lapses over 30 s split the noises into 2 runs. The ordinance "
        "requires noise repeated over at least 5 min with a lapse of 30 s or less between each "
        "noise."
    )
    assert finding.details["longest_run"]["duration_seconds"] == 280.0


def test_a_qualifying_log_lists_each_period(nowthen):
    finding = barking(at(*every(30, 300)), ON, nowthen)
    assert finding.message == (
        "Public nuisance: 1 period(s) of noise repeated over at least 5 min with a lapse of 30 s "
        "or less between each noise (3-2-7.A): 22:00:00 to 22:05:00 (5 min, 11 noises, longest "
        "lapse 30 s)."
    )


def test_mixed_time_zones_are_refused(nowthen):
    with pytest.raises(ValueError, match="mix times with and without a time zone"):
        naive = dt.datetime(2026, 7, 4, 22, 1)  # noqa: DTZ001  (the mistake under test)
        barking([START, naive], ON, nowthen)


@pytest.mark.parametrize(
    "seconds, text",
    [
        (0, "0 s"),
        (45, "45 s"),
        (60, "1 min"),
        (280, "4 min 40 s"),
        (299.5, "4 min 59.5 s"),
        (119.96, "2 min"),
        (3600, "60 min"),
    ],
)
def test_duration_text(seconds, text):
    assert duration_text(seconds) == text


@given(
    st.lists(st.integers(min_value=0, max_value=3600), max_size=80),
    st.integers(min_value=1, max_value=120),
)
def test_runs_partition_the_noises(offsets, gap):
    # Every distinct noise is in exactly one run; inside a run no lapse exceeds the gap; between
    # runs every lapse does.
    found = runs(at(*offsets), gap)
    assert sum(r.count for r in found) == len(set(offsets))
    assert all(r.longest_gap_seconds <= gap for r in found)
    assert all((b.start - a.end).total_seconds() > gap for a, b in itertools.pairwise(found))


def test_a_single_noise_is_explained_in_the_singular(nowthen):
    finding = barking(at(0, 31), ON, nowthen)
    assert finding.message.startswith(
        "Not a nuisance under 3-2-7.A: longest run 0 s (1 noise from 22:00:00 to 22:00:00), "
        "short of 5 min; lapses over 30 s split the noises into 2 runs."
    )
