"""Peak memory and CPU time of the bark detector on a 2-hour FLAC (`make bench-evidence`; not part
of `make test`).

Issue 10: a 10-minute FLAC of silence took the server from 0.49 to 1.21 GB, since the whole signal
was decoded and filtered at once. This benchmark synthesises a long recording (background noise,
mains hum and a bark every 20 s) straight to a FLAC file, block by block, then analyses it in a
child process exactly as an upload is analysed (``dogtag.evidence.audio.detect_file``) and reads
that child's peak resident memory (``ru_maxrss``, the kernel's high-water mark, from ``wait4``:
the same figure ``getrusage(RUSAGE_CHILDREN)`` gives, but for that one child).

The baseline is measured in the same run: a first child imports the same modules and analyses a
1-minute recording. The parent imports only the standard library (synthesis happens in a child
too). Exit status 1 if the long recording's peak
is over the limit (300 MB), else 0.

CPU time (issue 25): the analysing child measures its own process CPU time (``time.process_time``:
user and system time of that process, whatever else the machine runs) around the analysis alone,
imports excluded, and the benchmark prints it divided by the recording's hours: the CPU seconds a
background job spends per hour of audio at that rate and channel count. The work grows with the
frames decoded times the channels, so the worst case a city admits is its rate limit in stereo
(``--rate 48000 --channels 2``).

    python tools/bench/evidence_memory.py [--hours 2] [--rate 16000] [--channels 1] [--limit-mb 300]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BARK_EVERY_SECONDS = 20


def synthesise(path: Path, seconds: float, rate: int, channels: int = 1) -> None:
    """Write ``seconds`` of synthetic yard sound to a FLAC, a minute at a time (the same sound on
    each channel, the second a little quieter)."""
    import numpy as np
    import soundfile

    from dogtag.evidence import synthetic

    rng = np.random.default_rng(7)
    minute = 60 * rate
    with soundfile.SoundFile(
        path, "w", samplerate=rate, channels=channels, format="FLAC", subtype="PCM_16"
    ) as out:
        written = 0
        total = int(seconds * rate)
        while written < total:
            n = min(minute, total - written)
            t = (written + np.arange(n)) / rate
            block = 0.004 * rng.normal(0, 1, n) + 0.003 * np.sin(2 * np.pi * 60 * t)
            for offset in range(0, n, BARK_EVERY_SECONDS * rate):
                burst = 0.5 * synthetic.bark(rate, rng)[: n - offset]
                block[offset : offset + len(burst)] += burst
            block = np.clip(block, -0.95, 0.95)
            out.write(
                block
                if channels == 1
                else np.column_stack([block] + [0.8 * block] * (channels - 1))
            )
            written += n


def analyse(path: Path) -> dict[str, object]:
    from dogtag.evidence import audio

    limits = audio.Limits(max_seconds=24 * 3600, max_sample_rate=192_000)
    with open(path, "rb") as stream:
        started = time.process_time()
        found = audio.detect_file(stream, limits=limits)
        cpu = time.process_time() - started
    return {
        "duration_seconds": found.duration_seconds,
        "barks": len(found.barks),
        "sample_rate": found.sample_rate,
        "channels": found.channels,
        "cpu_seconds": cpu,
    }


def _child(*args: str) -> tuple[dict[str, object], int]:
    """Run this script as a child with ``args``; its JSON answer and its peak RSS (KiB)."""
    child = subprocess.Popen([sys.executable, __file__, *args], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    output = child.stdout.read()
    child.stdout.close()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"the benchmark's child {args[0]} failed ({child.returncode})")
    return (json.loads(output) if output.strip() else {}), usage.ru_maxrss


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hours", type=float, default=2.0)
    parser.add_argument("--rate", type=int, default=16000, help="sample rate, Hz")
    parser.add_argument("--channels", type=int, default=1, choices=(1, 2))
    parser.add_argument("--limit-mb", type=float, default=300.0)
    parser.add_argument("--synthesise", nargs=4, metavar=("PATH", "SECONDS", "RATE", "CHANNELS"))
    parser.add_argument("--analyse", metavar="PATH")
    args = parser.parse_args()
    if args.synthesise:
        path, seconds, rate, channels = args.synthesise
        synthesise(Path(path), float(seconds), int(rate), int(channels))
        return 0
    if args.analyse:
        print(json.dumps(analyse(Path(args.analyse))))
        return 0

    with tempfile.TemporaryDirectory(prefix="dogtag-bench-") as folder:
        short, long = Path(folder) / "one-minute.flac", Path(folder) / "long.flac"
        started = time.monotonic()
        channels = str(args.channels)
        _child("--synthesise", str(short), "60", str(args.rate), channels)
        _child("--synthesise", str(long), str(args.hours * 3600), str(args.rate), channels)
        print(
            f"Synthesised {args.hours:g} h at {args.rate} Hz "
            f"{'mono' if args.channels == 1 else 'stereo'}: "
            f"{long.stat().st_size / 1e6:.1f} MB of FLAC in {time.monotonic() - started:.0f} s"
        )
        _, baseline = _child("--analyse", str(short))
        started_long = time.monotonic()
        result, peak = _child("--analyse", str(long))
        elapsed = time.monotonic() - started_long
    baseline_mb, peak_mb = baseline / 1024, peak / 1024
    print(f"Baseline (1-minute recording, same modules): peak RSS {baseline_mb:.0f} MB")
    print(
        f"{args.hours:g}-hour recording: peak RSS {peak_mb:.0f} MB "
        f"(+{peak_mb - baseline_mb:.0f} MB over the baseline), analysed in {elapsed:.0f} s, "
        f"{result.get('barks')} barks found ({int(args.hours * 3600 / BARK_EVERY_SECONDS)} made)"
    )
    cpu = float(result["cpu_seconds"])  # type: ignore[arg-type]
    hours = float(result["duration_seconds"]) / 3600  # type: ignore[arg-type]
    print(
        f"CPU time of the analysis (the child's own process time): {cpu:.1f} s for "
        f"{hours:g} h of audio, {cpu / hours:.1f} CPU seconds per hour of audio "
        f"(load average {os.getloadavg()[0]:.1f} at the end)"
    )
    if peak_mb > args.limit_mb:
        print(f"FAIL: over the limit of {args.limit_mb:g} MB")
        return 1
    print(f"OK: under the limit of {args.limit_mb:g} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
