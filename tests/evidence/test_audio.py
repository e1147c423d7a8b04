"""The bark detector on generated recordings with known bark times and background noise, and the
3-2-7.A rule applied to what it finds."""

import datetime as dt
import hashlib
import io
from zoneinfo import ZoneInfo

import numpy as np
import pytest

from dogtag.evidence import audio, synthetic
from dogtag.evidence.timeline import timeline_svg
from dogtag.law.nuisance import barking

RATE = 8000
TOLERANCE = 0.03  # seconds: onsets are found to within a 10 ms hop plus the attack
START = dt.datetime(2026, 7, 4, 22, 0, tzinfo=ZoneInfo("America/Chicago"))
ON = dt.date(2026, 11, 29)


def detect(samples, rate=RATE):
    return audio.detect_file(io.BytesIO(synthetic.as_file(samples, rate=rate)))


def assert_onsets(found, expected):
    assert len(found) == len(expected), (found, expected)
    assert np.max(np.abs(np.array(found) - np.array(expected))) <= TOLERANCE


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("noise_level", [0.002, 0.02])
def test_barks_are_found_at_their_times_over_background_noise(seed, noise_level):
    rng = np.random.default_rng(seed)
    times = np.cumsum(rng.uniform(0.6, 25, 20)).round(2).tolist()
    samples = synthetic.recording(times, seconds=times[-1] + 5, seed=seed, noise_level=noise_level)
    assert_onsets(detect(samples).onsets, times)


def test_a_double_woof_counts_once_and_close_barks_apart_count_twice():
    # pulses 100 ms apart are one bark; barks 400 ms apart are two
    samples = synthetic.recording([1.0, 1.1, 3.0, 3.4], seconds=5)
    assert_onsets(detect(samples).onsets, [1.0, 3.0, 3.4])


def test_a_passing_car_is_a_sustained_sound_not_a_bark_and_masks_barks_under_it():
    # documented limit: a bark under a louder sustained sound is missed (counts can be low)
    samples = synthetic.recording([2.0, 12.0, 20.0], seconds=25, car_at=10.0)
    found = detect(samples)
    assert_onsets(found.onsets, [2.0, 20.0])
    assert len(found.sustained) == 1
    assert 9.5 < found.sustained[0].onset_seconds < 11.5
    assert found.sustained[0].duration_seconds > 3


def test_silence_and_hiss_alone_give_no_barks():
    assert detect(synthetic.recording([], seconds=20)).barks == ()


def test_stereo_flac_at_44_1_khz_is_read_too():
    samples = synthetic.recording([1.0, 2.5], seconds=4, rate=44100)
    stereo = np.column_stack([samples, samples * 0.8])
    data = synthetic.as_file(stereo, rate=44100, format="FLAC")
    found = audio.detect_file(io.BytesIO(data))
    assert (found.sample_rate, found.channels) == (44100, 2)
    assert_onsets(found.onsets, [1.0, 2.5])


def test_the_file_hash_is_kept_with_the_detection():
    data = synthetic.as_file(synthetic.recording([1.0], seconds=3))
    found = audio.detect_file(io.BytesIO(data))
    assert found.sha256 == hashlib.sha256(data).hexdigest()
    assert found.to_json()["sha256"] == found.sha256


@pytest.mark.parametrize(
    "data, message",
    [
        (b"not audio at all", "not a WAV or FLAC recording the detector can read"),
        (synthetic.as_file(np.zeros(10), rate=8000), "the recording is too short"),
        (synthetic.as_file(np.zeros(2000), rate=2000), "the sample rate 2000 Hz is too low"),
    ],
)
def test_unreadable_recordings_are_refused_with_the_reason(data, message):
    with pytest.raises(audio.RecordingError, match=message):
        audio.detect_file(io.BytesIO(data))


# ------------------------------------------------------------------ recording -> 3-2-7.A


def noises(found):
    return [START + dt.timedelta(seconds=s) for s in found.onsets]


def test_a_car_masking_one_bark_breaks_the_run_so_counts_err_for_the_owner(nowthen):
    # Given barks every 25 s from 0:10 to 5:10 (exactly 5 minutes), and a car passing 0:57-1:03
    # over the bark at 1:00,
    times = [10 + 25 * i for i in range(13)]
    samples = synthetic.recording(times, seconds=330, car_at=57.0)
    found = detect(samples)
    # then the detector misses that bark (documented limit) and reports the car as sustained,
    assert_onsets(found.onsets, [t for t in times if t != 60])
    assert len(found.sustained) == 1
    # so the lapse 0:35 -> 1:25 is 50 s and no 5-minute run remains: not a nuisance.
    finding = barking(noises(found), ON, nowthen)
    assert finding.outcome == "not_a_nuisance"
    assert finding.details["longest_run"]["count"] == 10


def test_an_unmasked_recording_of_five_minutes_qualifies_and_four_fifty_does_not(nowthen):
    five = [10 + 25 * i for i in range(13)]  # 0:10 .. 5:10
    finding = barking(noises(detect(synthetic.recording(five, seconds=320))), ON, nowthen)
    assert finding.outcome == "nuisance"
    period = finding.details["periods"][0]
    assert period["count"] == 13
    assert 299.9 <= period["duration_seconds"] <= 300.1
    short = [10 + 25 * i for i in range(12)] + [10 + 25 * 11 + 15]  # 0:10 .. 4:50
    finding = barking(noises(detect(synthetic.recording(short, seconds=320))), ON, nowthen)
    assert finding.outcome == "not_a_nuisance"


def test_the_timeline_picture_marks_barks_and_the_qualifying_period():
    svg = timeline_svg(
        duration_seconds=320,
        barks=[10, 35, 60],
        periods=[(10, 310)],
        envelope=[(0, -60.0), (10, -10.0), (20, -60.0)],
        sustained=[(100, 106)],
    )
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 900 220"')
    assert 'role="img" aria-labelledby="bark-timeline-title bark-timeline-desc"' in svg
    assert svg.count('class="bark"') == 3
    assert svg.count('class="period"') == 1
    assert "<title>Qualifying period 0:10 to 5:10</title>" in svg
    assert "<title>Sustained sound 1:40 to 1:46, not a bark</title>" in svg
    assert (
        '<desc id="bark-timeline-desc">3 barks detected in a recording of 5:20. Qualifying '
        "periods: 0:10 to 5:10.</desc>"
    ) in svg


# ------------------------------------------------------------------ bounded: header first, blocks


def test_decoding_in_blocks_finds_the_same_barks_whatever_the_block_size():
    # given a recording decoded in blocks of 8192 samples and of 1,000 samples (1/8 s: a bark
    # and many 20 ms frames straddle the blocks' edges)
    times = [1.0, 3.37, 7.5, 7.9, 12.25]
    data = synthetic.as_file(synthetic.recording(times, seconds=15))
    whole = audio.detect_file(io.BytesIO(data), block_frames=1 << 20)
    small = audio.detect_file(io.BytesIO(data), block_frames=1000)
    # then the carried filter state and frame remainder give the same frames, barks and background
    assert small.onsets == whole.onsets
    assert_onsets(small.onsets, times)
    assert small.background_db == pytest.approx(whole.background_db, abs=1e-9)
    assert small.envelope == whole.envelope


@pytest.fixture
def no_decoding(monkeypatch):
    """Fail the test if any sample is decoded: a refusal must come from the header alone."""

    def refuse(*args, **kwargs):
        raise AssertionError("samples were decoded")

    monkeypatch.setattr(audio.soundfile.SoundFile, "blocks", refuse)
    monkeypatch.setattr(audio.soundfile.SoundFile, "read", refuse)


def test_a_recording_over_the_length_limit_is_refused_from_its_header(no_decoding):
    # given a 2-minute FLAC and a limit of 1 minute
    data = synthetic.as_file(np.zeros(120 * RATE), format="FLAC")
    # when it is analysed, then it is refused with its length and the limit, nothing decoded
    with pytest.raises(
        audio.RecordingError, match="^the recording is 0 h 02 min long; the limit is 0 h 01 min$"
    ):
        audio.detect_file(io.BytesIO(data), limits=audio.Limits(max_seconds=60))


def test_the_default_limits_are_four_hours_two_channels_and_48_khz():
    limits = audio.Limits()
    assert limits == audio.Limits(max_seconds=4 * 3600, max_channels=2, max_sample_rate=48_000)
    # so the work is bounded: at most four hours at 48 kHz, 691.2 million frames a channel
    assert limits.max_frames == 691_200_000


def test_a_recording_sampled_above_the_limit_is_refused_from_its_header(no_decoding):
    # given one second of a mono FLAC at 655,350 Hz, FLAC's highest rate (30 minutes of it, 4.5
    # MB, took 67.8 s of CPU to decode and filter)
    data = synthetic.as_file(np.zeros(655_350), rate=655_350, format="FLAC")
    # when it is checked, then it is refused with its rate and the limit, nothing decoded
    with pytest.raises(
        audio.RecordingError,
        match="^the recording is sampled at 655,350 Hz; the limit is 48,000 Hz$",
    ):
        audio.detect_file(io.BytesIO(data))
    # and a city that allows 96 kHz refuses it with its own limit
    with pytest.raises(audio.RecordingError, match="; the limit is 96,000 Hz$"):
        audio.check(io.BytesIO(data), audio.Limits(max_sample_rate=96_000))


def test_a_recording_at_the_rate_limit_is_analysed():
    samples = synthetic.recording([1.0, 2.5], seconds=4, rate=48_000)
    found = audio.detect_file(io.BytesIO(synthetic.as_file(samples, rate=48_000, format="FLAC")))
    assert found.sample_rate == 48_000
    assert_onsets(found.onsets, [1.0, 2.5])


def test_the_header_check_reads_the_header_only(no_decoding):
    # given a 3-second stereo FLAC at 44.1 kHz
    stream = io.BytesIO(synthetic.as_file(np.zeros((3 * 44_100, 2)), rate=44_100, format="FLAC"))
    stream.seek(5)
    # when its header is checked, then its rate, channels and frames are known, nothing decoded,
    # and the stream is back at its start for the next reader
    header = audio.check(stream, audio.Limits())
    assert (header.sample_rate, header.channels, header.frames) == (44_100, 2, 3 * 44_100)
    assert header.seconds == 3.0
    assert stream.tell() == 0


@pytest.mark.parametrize(
    "data, message",
    [
        (synthetic.as_file(np.zeros(0), rate=8000), "^the recording has no sound in it"),
        (synthetic.as_file(np.zeros(10), rate=8000), r"^the recording is too short \(0.001 s\)$"),
    ],
)
def test_an_empty_or_too_short_recording_is_refused_from_its_header(no_decoding, data, message):
    with pytest.raises(audio.RecordingError, match=message):
        audio.check(io.BytesIO(data), audio.Limits())


def test_decoding_reports_its_progress_up_to_the_frames_the_header_declares():
    # given a 10-second recording at 8 kHz, decoded 16,000 frames (2 s) at a time
    data = synthetic.as_file(synthetic.recording([1.0, 6.0], seconds=10))
    reports = []
    # when it is analysed with a progress callback
    found = audio.detect_file(
        io.BytesIO(data), block_frames=16_000, progress=lambda *done: reports.append(done)
    )
    # then each block is reported as seconds done of the seconds in the header, to the last
    assert reports == [(2.0 * n, 10.0) for n in range(1, 6)]
    assert found.duration_seconds == 10.0


def test_more_than_two_channels_are_refused_from_the_header(no_decoding):
    data = synthetic.as_file(np.zeros((RATE, 3)))
    with pytest.raises(
        audio.RecordingError,
        match=r"^the recording has 3 channels; at most 2 \(mono or stereo\) are accepted$",
    ):
        audio.detect_file(io.BytesIO(data))


def test_a_path_is_analysed_like_a_stream(tmp_path):
    data = synthetic.as_file(synthetic.recording([1.0], seconds=3))
    path = tmp_path / "yard.wav"
    path.write_bytes(data)
    found = audio.detect_file(path)
    assert found.sha256 == hashlib.sha256(data).hexdigest()
    assert_onsets(found.onsets, [1.0])
