"""The timeline picture of a barking recording: loudness over time, each detected bark, and the
qualifying period(s) of the barking rule (``nuisance.barking``) shaded. Plain SVG text, accessible
(role img, title, description)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

WIDTH, HEIGHT = 900, 220
LEFT, RIGHT, TOP, BOTTOM = 50, 20, 20, 40


def _clock(seconds: float) -> str:
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes}:{rest:02d}"


def timeline_svg(
    *,
    duration_seconds: float,
    barks: Sequence[float],
    periods: Sequence[tuple[float, float]],
    envelope: Sequence[tuple[float, float]] = (),
    sustained: Sequence[tuple[float, float]] = (),
    title: str = "Detected barks",
    svg_id: str = "bark-timeline",
) -> str:
    """``barks`` are onset seconds; ``periods`` and ``sustained`` (start, end) seconds, all from
    the start of the recording; ``envelope`` (seconds, dB) pairs."""
    span = max(duration_seconds, 1.0)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(seconds: float) -> float:
        return round(LEFT + plot_w * min(max(seconds, 0.0), span) / span, 1)

    parts: list[str] = []
    for start, end in periods:
        parts.append(
            f'<rect class="period" x="{x(start)}" y="{TOP}" width="{max(x(end) - x(start), 1)}" '
            f'height="{plot_h}" fill="#f2c6c4" stroke="#b50909" stroke-dasharray="4 2">'
            f"<title>Qualifying period {_clock(start)} to {_clock(end)}</title></rect>"
        )
    for start, end in sustained:
        parts.append(
            f'<rect class="sustained" x="{x(start)}" y="{TOP + plot_h - 12}" '
            f'width="{max(x(end) - x(start), 1)}" height="12" fill="#c9c9c9">'
            f"<title>Sustained sound {_clock(start)} to {_clock(end)}, not a bark</title></rect>"
        )
    if envelope:
        # the loudest level in each pixel: a 4-hour recording's 57,600 points drawn in at most
        # the plot's width, the line looking the same
        loudest: dict[int, tuple[float, float]] = {}
        for t, db in envelope:
            px = x(t)
            kept = loudest.setdefault(round(px), (px, db))
            if db > kept[1]:
                loudest[round(px)] = (kept[0], db)
        envelope = list(loudest.values())
        levels = [db for _, db in envelope]
        low, high = min(levels), max(levels)
        rng = max(high - low, 1.0)
        points = " ".join(
            f"{px},{round(TOP + plot_h - plot_h * 0.9 * (db - low) / rng, 1)}"
            for px, db in envelope
        )
        parts.append(
            f'<polyline class="envelope" points="{points}" fill="none" stroke="#71767a" '
            f'stroke-width="1"/>'
        )
    # one tick per pixel (a tick is two wide): ticks closer would be drawn over each other, so a
    # log of thousands of noises draws at most the plot's width in ticks
    first_in_pixel: dict[int, float] = {}
    for onset in barks:
        first_in_pixel.setdefault(round(x(onset)), x(onset))
    for px in sorted(first_in_pixel.values()):
        parts.append(
            f'<line class="bark" x1="{px}" x2="{px}" y1="{TOP}" y2="{TOP + 18}" '
            f'stroke="#162e51" stroke-width="2"/>'
        )
    ticks = 10 if span <= 600 else 60
    step = max(ticks, int(span / 10 // ticks * ticks) or ticks)
    axis = [
        f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{TOP + plot_h}" y2="{TOP + plot_h}" '
        f'stroke="#1b1b1b"/>'
    ]
    for tick in range(0, int(span) + 1, step):
        axis.append(
            f'<text x="{x(tick)}" y="{HEIGHT - 18}" font-size="11" text-anchor="middle">'
            f"{_clock(tick)}</text>"
        )
    axis.append(
        f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 3}" font-size="11" text-anchor="middle">'
        f"minutes:seconds from the start of the recording</text>"
    )
    description = f"{len(barks)} barks detected in a recording of {_clock(duration_seconds)}. " + (
        "Qualifying periods: " + "; ".join(f"{_clock(a)} to {_clock(b)}" for a, b in periods) + "."
        if periods
        else "No qualifying period."
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'role="img" aria-labelledby="{svg_id}-title {svg_id}-desc" id="{svg_id}" '
        f'class="dogtag-timeline" width="100%">'
        f'<title id="{svg_id}-title">{escape(title)}</title>'
        f'<desc id="{svg_id}-desc">{escape(description)}</desc>'
        + "".join(parts)
        + "".join(axis)
        + "</svg>"
    )
