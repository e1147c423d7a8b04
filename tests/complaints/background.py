"""A recording is never decoded inside a request beyond what its header check reads: a test of a
request checks that no sample was decoded while the request ran."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from dogtag.evidence import audio


@contextmanager
def no_samples_decoded(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Fail if any sample of a recording is decoded inside the block (a header may be read)."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("samples were decoded inside the request")

    with monkeypatch.context() as patched:
        patched.setattr(audio.soundfile.SoundFile, "blocks", refuse)
        patched.setattr(audio.soundfile.SoundFile, "read", refuse)
        yield
