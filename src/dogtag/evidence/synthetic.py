"""Synthetic recordings with barks at known times, for the detector's tests and the demo.

A bark here is a short harmonic burst (fundamental 350-700 Hz with overtones, a 5 ms attack and an
exponential decay, some breath noise), over a background of hiss, low wind rumble and mains hum,
optionally with a passing car (a slow swell of broadband noise lasting several seconds).
"""

from __future__ import annotations

import io
from collections.abc import Sequence

import numpy as np
import soundfile
from numpy.typing import NDArray

Samples = NDArray[np.float64]


def bark(rate: int, rng: np.random.Generator, *, seconds: float = 0.18) -> Samples:
    t = np.arange(int(seconds * rate)) / rate
    f0 = rng.uniform(350, 700)
    glide = 1 + 0.15 * np.exp(-t / 0.05)  # pitch falls at the start, as barks do
    phase = 2 * np.pi * f0 * np.cumsum(glide) / rate
    tone = sum(np.sin(k * phase) / k for k in range(1, 6))
    breath = rng.normal(0, 0.3, len(t))
    envelope = np.minimum(t / 0.005, 1) * np.exp(-t / (seconds / 3))
    return np.asarray((tone + breath) * envelope, dtype=np.float64)


def background(rate: int, seconds: float, rng: np.random.Generator, *, level: float) -> Samples:
    n = int(seconds * rate)
    hiss = rng.normal(0, 1, n)
    rumble = np.cumsum(rng.normal(0, 1, n))
    rumble -= np.convolve(rumble, np.ones(rate // 10) / (rate // 10), mode="same")  # drift out
    rumble /= max(float(np.abs(rumble).max()), 1e-9)
    hum = np.sin(2 * np.pi * 60 * np.arange(n) / rate)
    return np.asarray(level * (0.5 * hiss + 2.0 * rumble + 0.5 * hum), dtype=np.float64)


def recording(
    bark_times: Sequence[float],
    *,
    seconds: float,
    rate: int = 8000,
    seed: int = 1,
    bark_level: float = 0.5,
    noise_level: float = 0.01,
    car_at: float | None = None,
) -> Samples:
    """Mono samples with a bark starting at each of ``bark_times`` (seconds)."""
    rng = np.random.default_rng(seed)
    out = background(rate, seconds, rng, level=noise_level)
    for start in bark_times:
        burst = bark_level * bark(rate, rng)
        i = int(start * rate)
        j = min(len(out), i + len(burst))
        out[i:j] += burst[: j - i]
    if car_at is not None:
        i, n = int(car_at * rate), int(6 * rate)
        swell = np.hanning(n) * rng.normal(0, 4 * bark_level, n)
        j = min(len(out), i + n)
        out[i:j] += swell[: j - i]
    peak = float(np.abs(out).max())
    return out / peak * 0.9 if peak > 0.9 else out


def as_file(samples: Samples, *, rate: int = 8000, format: str = "WAV") -> bytes:
    buffer = io.BytesIO()
    soundfile.write(buffer, samples, rate, format=format, subtype="PCM_16")
    return buffer.getvalue()
