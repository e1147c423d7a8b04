"""The timeline picture stays small whatever the evidence holds (issue 10: a 10^6-row log made its
complaint's page 101 MB)."""

from dogtag.evidence.timeline import timeline_svg


def test_a_long_log_draws_one_tick_per_position_and_a_bounded_loudness_line():
    # given 20,000 noises one second apart and a 4-hour loudness line at 4 points a second
    barks = [float(s) for s in range(20_000)]
    envelope = [(t / 4, -40.0 + (t % 7)) for t in range(4 * 4 * 3600)]
    # when the picture is drawn
    svg = timeline_svg(duration_seconds=4 * 3600, barks=barks, periods=[], envelope=envelope)
    # then it still counts every noise, but draws at most one tick per pixel of the 830-pixel
    # plot, and the loudness line likewise
    assert "20000 barks detected in a recording of 240:00." in svg
    assert 800 < svg.count('class="bark"') <= 831
    points = svg.split('points="')[1].split('"')[0].split(" ")
    assert 800 < len(points) <= 831
    assert len(svg) < 100_000


def test_close_ticks_are_one_and_distinct_ones_all_drawn():
    svg = timeline_svg(duration_seconds=600, barks=[10.0, 10.1, 60.0, 120.0], periods=[])
    assert svg.count('class="bark"') == 3
