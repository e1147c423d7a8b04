"""Find the individual barks in a recording (WAV or FLAC), for the barking rule
(``nuisance.barking``).

How it works (an energy/onset detector; no trained model, nothing hosted):
1. The recording is mixed to mono and band-pass filtered to the band where dog barks carry most of
   their energy (300-3,000 Hz by default), which takes out wind rumble, traffic hum and hiss.
   The header is read first: a recording sampled faster than the rate limit (48 kHz by default),
   over the length limit (4 hours by default) or with more than two channels is refused before
   anything is decoded, so the work is bounded from the header: at most the length limit at the
   highest rate (691.2 million frames by default) of at most two channels are decoded, and never
   more frames than the header declares. The file is then decoded in blocks (about 1.5 s each)
   and filtered forward only, the filter's state carried from block to block, so memory stays
   flat however long the recording is. (Until 2026-12 the whole signal was held
   and filtered forward and backward, zero phase. On the test recordings the onsets found are the
   same; the background level reads about 0.2 dB higher, since the single pass attenuates the
   band edges less.)
2. The short-time energy is measured in 20 ms frames every 10 ms, in dB. Only these frame levels
   are kept (100 numbers a second: about 12 MB for four hours), never the samples.
3. The background level is the median frame level (barks are brief, so most frames are
   background): the exact median over the whole recording, taken from the kept frame levels. A bark starts
   where the energy rises a set margin above it (12 dB by default) and ends where it falls back
   below a lower margin (6 dB): hysteresis, so one bark is not cut in two.
4. Bursts closer together than 120 ms are one bark (a "woof" often has two pulses); bursts shorter
   than 40 ms (clicks) are dropped; sounds longer than 3 s (a passing car, a mower, a long howl)
   are reported as sustained sounds, not barks.

Limits, said plainly (the officer's report should repeat them):
- It finds loud, short sounds in the bark band; it does not know a dog from a person shouting,
  a hammer or a second dog. The officer listens to the recording and confirms the timeline.
- Two barks less than 120 ms apart count as one; barks buried under continuous louder noise
  (a mower running) are missed, so a count can be low, not high.
- Each bark's time is its onset. The barking rule's lapse is measured onset to onset, which overstates
  the silence between barks by a bark's length (well under a second): an error that can only
  favour the owner.
- Levels are relative to the recording (dBFS), not sound pressure: the recorder's gain and distance
  are unknown.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

import numpy as np
import soundfile
from numpy.typing import NDArray
from scipy import signal

Samples = NDArray[np.float64]


class RecordingError(ValueError):
    """The file is not a recording the detector can read; says why.

    ``template`` and ``values`` keep the reason apart from its values, so the residents' site can
    say it in the resident's language (``complaints.reasons``); ``str()`` is the English."""

    def __init__(self, template: str, **values: object) -> None:
        self.template, self.values = template, values
        super().__init__(template % values if values else template)


# Every reason a recording is refused (``complaints.reasons`` translates each).
UNREADABLE = "not a WAV or FLAC recording the detector can read (%(detail)s)"
TOO_MANY_CHANNELS = (
    "the recording has %(channels)s channels; at most %(most)s (mono or stereo) are accepted"
)
LOW_RATE = "the sample rate %(rate)s Hz is too low: at least 4,000 Hz"
HIGH_RATE = "the recording is sampled at %(rate)s Hz; the limit is %(limit)s Hz"
TOO_LONG = "the recording is %(length)s long; the limit is %(limit)s"
SILENT = "the recording has no sound in it (0 samples)"
UNDECODABLE = "the recording cannot be decoded (%(detail)s)"
TOO_SHORT = "the recording is too short (%(seconds)s s)"


@dataclass(frozen=True)
class Settings:
    band_hz: tuple[float, float] = (300.0, 3000.0)
    frame_seconds: float = 0.020
    hop_seconds: float = 0.010
    start_above_background_db: float = 12.0
    end_above_background_db: float = 6.0
    merge_within_seconds: float = 0.120
    shortest_bark_seconds: float = 0.040
    longest_bark_seconds: float = 3.0

    def to_json(self) -> dict[str, object]:
        return {
            "band_hz": list(self.band_hz),
            "frame_seconds": self.frame_seconds,
            "hop_seconds": self.hop_seconds,
            "start_above_background_db": self.start_above_background_db,
            "end_above_background_db": self.end_above_background_db,
            "merge_within_seconds": self.merge_within_seconds,
            "shortest_bark_seconds": self.shortest_bark_seconds,
            "longest_bark_seconds": self.longest_bark_seconds,
        }


@dataclass(frozen=True)
class Sound:
    """One detected sound: a bark, or a sustained sound too long to be one."""

    onset_seconds: float
    end_seconds: float
    peak_db: float

    @property
    def duration_seconds(self) -> float:
        return self.end_seconds - self.onset_seconds

    def to_json(self) -> dict[str, float]:
        return {
            "onset_seconds": round(self.onset_seconds, 3),
            "end_seconds": round(self.end_seconds, 3),
            "peak_db": round(self.peak_db, 1),
        }


@dataclass(frozen=True)
class Detection:
    sample_rate: int
    channels: int
    duration_seconds: float
    background_db: float
    barks: tuple[Sound, ...]
    sustained: tuple[Sound, ...]
    settings: Settings
    #: (seconds, dB) every ``envelope_step`` seconds (the loudest frame in each step), for a picture.
    envelope: tuple[tuple[float, float], ...] = field(default=(), repr=False)
    sha256: str = ""

    @property
    def onsets(self) -> list[float]:
        return [b.onset_seconds for b in self.barks]

    def to_json(self) -> dict[str, object]:
        return {
            "sha256": self.sha256,
            "sample_rate": self.sample_rate,
            "channels": self.channels,
            "duration_seconds": round(self.duration_seconds, 3),
            "background_db": round(self.background_db, 1),
            "barks": [b.to_json() for b in self.barks],
            "sustained": [s.to_json() for s in self.sustained],
            "settings": self.settings.to_json(),
        }


def sha256_of(stream: BinaryIO) -> str:
    """The SHA-256 of a file's bytes, read in blocks; the stream is left at its start."""
    digest = hashlib.sha256()
    stream.seek(0)
    for block in iter(lambda: stream.read(1 << 20), b""):
        digest.update(block)
    stream.seek(0)
    return digest.hexdigest()


#: Samples decoded at a time: about 1.5 s at 44.1 kHz, 1 MB of stereo float64.
BLOCK_FRAMES = 1 << 16


#: The lowest sample rate the detector takes: its band (300-3,000 Hz) needs about this much.
MIN_SAMPLE_RATE = 4000


@dataclass(frozen=True)
class Limits:
    """What the detector accepts, checked from the header before anything is decoded.

    The decoding and filtering cost grows with the frames decoded (the length times the rate)
    and the channels mixed: bounding the rate as well as the length bounds it. 48 kHz is the
    rate phones and most recorders write; barks carry at 300-3,000 Hz, so a faster rate adds
    work and bytes (under the upload limit, minutes where 16 kHz holds hours) and nothing the
    detector uses."""

    max_seconds: float = 4 * 3600.0
    max_channels: int = 2
    max_sample_rate: int = 48_000

    @property
    def max_frames(self) -> int:
        """The most frames (samples a channel) a recording within the limits holds."""
        return int(self.max_seconds * self.max_sample_rate)


@dataclass(frozen=True)
class Header:
    """What a recording's header says: read, and checked, before any sample is decoded."""

    sample_rate: int
    channels: int
    frames: int

    @property
    def seconds(self) -> float:
        return self.frames / self.sample_rate


def _open(source: str | Path | BinaryIO) -> soundfile.SoundFile:
    try:
        return soundfile.SoundFile(source)
    except (RuntimeError, soundfile.LibsndfileError, TypeError) as exc:
        raise RecordingError(UNREADABLE, detail=exc) from None


def _hours(seconds: float) -> str:
    hours, rest = divmod(round(seconds), 3600)
    return f"{hours} h {rest // 60:02d} min"


def check_header(
    sound: soundfile.SoundFile, limits: Limits, settings: Settings | None = None
) -> Header:
    """Refuse, from the header alone, a recording with too many channels, sampled too slowly or
    too fast, too long, empty or shorter than one frame of the detector; else its header."""
    header = Header(int(sound.samplerate), int(sound.channels), int(sound.frames))
    if header.channels > limits.max_channels:
        raise RecordingError(TOO_MANY_CHANNELS, channels=header.channels, most=limits.max_channels)
    if header.sample_rate < MIN_SAMPLE_RATE:
        raise RecordingError(LOW_RATE, rate=header.sample_rate)
    if header.sample_rate > limits.max_sample_rate:
        raise RecordingError(
            HIGH_RATE, rate=f"{header.sample_rate:,}", limit=f"{limits.max_sample_rate:,}"
        )
    if header.seconds > limits.max_seconds:
        raise RecordingError(
            TOO_LONG, length=_hours(header.seconds), limit=_hours(limits.max_seconds)
        )
    if header.frames == 0:
        raise RecordingError(SILENT)
    frame = max(1, round((settings or Settings()).frame_seconds * header.sample_rate))
    if header.frames < frame:
        raise RecordingError(TOO_SHORT, seconds=f"{header.seconds:.3f}")
    return header


def check(source: BinaryIO, limits: Limits) -> Header:
    """The recording's header, checked against ``limits``; no sample is decoded. The stream is
    left at its start."""
    source.seek(0)
    try:
        with _open(source) as sound:
            return check_header(sound, limits)
    finally:
        source.seek(0)


def read(source: str | Path | BinaryIO) -> tuple[Samples, int, int]:
    """Mono samples (float64, -1..1), the sample rate and the channel count of a WAV or FLAC, read
    whole: for tests and short files only (``detect_file`` streams)."""
    with _open(source) as sound:
        data = sound.read(dtype="float64", always_2d=True)
        rate = sound.samplerate
    if data.shape[0] == 0:
        raise RecordingError(SILENT)
    return data.mean(axis=1), int(rate), int(data.shape[1])


#: Told after each block the seconds of sound decoded so far and the seconds the header declares.
Progress = Callable[[float, float], None]


def detect_file(
    source: BinaryIO | str | Path,
    settings: Settings | None = None,
    *,
    limits: Limits | None = None,
    block_frames: int = BLOCK_FRAMES,
    progress: Progress | None = None,
) -> Detection:
    """Detect barks in a file (a path or binary stream), with the file's SHA-256. The header is
    checked against ``limits`` first; then the file is decoded ``block_frames`` at a time, never
    past the frames its header declares, and ``progress`` is told after each block."""
    limits = limits or Limits()
    if isinstance(source, (str, Path)):
        with open(source, "rb") as stream:
            return detect_file(
                stream, settings, limits=limits, block_frames=block_frames, progress=progress
            )
    digest = sha256_of(source)
    with _open(source) as sound:
        header = check_header(sound, limits, settings)
        rate, channels = header.sample_rate, header.channels

        def mono_blocks() -> Iterator[Samples]:
            # At most the frames the header declares (checked above, so the work is bounded); a
            # file cut short simply ends early.
            done = 0
            try:
                for block in sound.blocks(
                    block_frames, frames=header.frames, dtype="float64", always_2d=True
                ):
                    done += len(block)
                    yield block.mean(axis=1)
                    if progress is not None:
                        progress(done / rate, header.seconds)
            except (RuntimeError, soundfile.LibsndfileError) as exc:
                raise RecordingError(UNDECODABLE, detail=exc) from None

        found = _detect_blocks(mono_blocks(), rate, settings)
    source.seek(0)
    return Detection(**{**found.__dict__, "channels": channels, "sha256": digest})


def _regions(mask: NDArray[np.bool_]) -> list[tuple[int, int]]:
    """[start, end) index pairs of the runs of True in ``mask``."""
    padded = np.concatenate(([False], mask, [False]))
    edges = np.flatnonzero(padded[1:] != padded[:-1])
    return list(zip(edges[0::2].tolist(), edges[1::2].tolist(), strict=True))


def detect(samples: Samples, sample_rate: int, settings: Settings | None = None) -> Detection:
    """Detect barks in mono samples held in memory (the same method as ``detect_file``)."""
    blocks = (samples[i : i + BLOCK_FRAMES] for i in range(0, len(samples), BLOCK_FRAMES))
    return _detect_blocks(blocks, sample_rate, settings)


class _FrameLevels:
    """Frame levels (dB) of a band-passed signal fed block by block: the filter state and the
    samples of a frame not yet complete are carried over, so the levels are those of the whole
    signal filtered at once."""

    def __init__(self, sample_rate: int, settings: Settings) -> None:
        low, high = settings.band_hz
        high = min(high, 0.45 * sample_rate)
        self.sos = signal.butter(4, [low, high], btype="bandpass", fs=sample_rate, output="sos")
        self.state: NDArray[np.float64] | None = None
        self.frame = max(1, round(settings.frame_seconds * sample_rate))
        self.hop = max(1, round(settings.hop_seconds * sample_rate))
        self.pending = np.zeros(0)  # filtered samples from the next frame's start on
        self.levels: list[NDArray[np.float64]] = []
        self.samples = 0

    def feed(self, block: Samples) -> None:
        if len(block) == 0:
            return
        if self.state is None:  # start in the steady state for the first sample: no click
            self.state = signal.sosfilt_zi(self.sos) * block[0]
        filtered, self.state = signal.sosfilt(self.sos, block, zi=self.state)
        self.samples += len(block)
        buffer = np.concatenate((self.pending, filtered))
        count = (len(buffer) - self.frame) // self.hop + 1 if len(buffer) >= self.frame else 0
        if count > 0:
            # frame energy from a running sum of squares over this buffer only
            squares = np.concatenate(([0.0], np.cumsum(buffer * buffer)))
            starts = np.arange(count) * self.hop
            energy = (squares[starts + self.frame] - squares[starts]) / self.frame
            self.levels.append(10.0 * np.log10(energy + 1e-12))
        self.pending = buffer[count * self.hop :]

    def result(self) -> NDArray[np.float64]:
        return np.concatenate(self.levels) if self.levels else np.zeros(0)


def _detect_blocks(
    blocks: Iterable[Samples], sample_rate: int, settings: Settings | None = None
) -> Detection:
    settings = settings or Settings()
    if sample_rate < 4000:
        raise RecordingError(LOW_RATE, rate=sample_rate)
    frames = _FrameLevels(sample_rate, settings)
    for block in blocks:
        frames.feed(np.asarray(block, dtype=np.float64))
    if frames.samples == 0:
        raise RecordingError(SILENT)
    duration = frames.samples / sample_rate
    frame, hop = frames.frame, frames.hop
    level = frames.result()
    if len(level) == 0:
        raise RecordingError(TOO_SHORT, seconds=f"{duration:.3f}")
    starts = np.arange(len(level)) * hop
    background = float(np.median(level))
    loud = level > background + settings.start_above_background_db
    above = level > background + settings.end_above_background_db
    # hysteresis: keep each "above" region that contains a "loud" frame
    bursts = [(a, b) for a, b in _regions(above) if loud[a:b].any()]
    merged: list[list[int]] = []
    merge_frames = settings.merge_within_seconds / settings.hop_seconds
    for a, b in bursts:
        if merged and a - merged[-1][1] <= merge_frames:
            merged[-1][1] = b
        else:
            merged.append([a, b])
    barks: list[Sound] = []
    sustained: list[Sound] = []
    for a, b in merged:
        onset = float(starts[a]) / sample_rate
        end = float(starts[b - 1] + frame) / sample_rate
        sound = Sound(onset, end, float(level[a:b].max()))
        if sound.duration_seconds < settings.shortest_bark_seconds:
            continue
        (sustained if sound.duration_seconds > settings.longest_bark_seconds else barks).append(
            sound
        )
    return Detection(
        sample_rate=sample_rate,
        channels=1,
        duration_seconds=duration,
        background_db=background,
        barks=tuple(barks),
        sustained=tuple(sustained),
        settings=settings,
        envelope=tuple(_envelope(level, starts / sample_rate, step_seconds=0.25)),
    )


def _envelope(
    level: NDArray[np.float64], times: NDArray[np.float64], *, step_seconds: float
) -> Iterable[tuple[float, float]]:
    if len(level) == 0:
        return []
    buckets = (times // step_seconds).astype(int)
    edges = np.flatnonzero(np.diff(buckets)) + 1
    out = []
    for chunk_levels, chunk_times in zip(
        np.split(level, edges), np.split(times, edges), strict=True
    ):
        out.append((round(float(chunk_times[0]), 2), round(float(chunk_levels.max()), 1)))
    return out
