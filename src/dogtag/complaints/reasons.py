"""Why an evidence file cannot be used, in the language of the page that shows it.

``dogtag.evidence`` says each reason in English with its values apart (``RecordingError.template``,
``LogError.parts``); the residents' complaint form shows the same reason in the resident's
language (Spanish or English), so each template is given here to gettext. The staff site speaks
English: there, each translation is the template itself.
"""

from __future__ import annotations

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from dogtag.evidence import audio, logs

TRANSLATED = {
    audio.UNREADABLE: _("not a WAV or FLAC recording the detector can read (%(detail)s)"),
    audio.TOO_MANY_CHANNELS: _(
        "the recording has %(channels)s channels; at most %(most)s (mono or stereo) are accepted"
    ),
    audio.LOW_RATE: _("the sample rate %(rate)s Hz is too low: at least 4,000 Hz"),
    audio.HIGH_RATE: _("the recording is sampled at %(rate)s Hz; the limit is %(limit)s Hz"),
    audio.TOO_LONG: _("the recording is %(length)s long; the limit is %(limit)s"),
    audio.SILENT: _("the recording has no sound in it (0 samples)"),
    audio.UNDECODABLE: _("the recording cannot be decoded (%(detail)s)"),
    audio.TOO_SHORT: _("the recording is too short (%(seconds)s s)"),
    logs.TOO_MANY_ROWS: _("the log has more than %(rows)s rows; the limit is %(rows)s"),
    logs.NOT_CSV: _("row %(row)s: not CSV (%(detail)s)"),
    logs.EMPTY: _("the log is empty"),
    logs.NO_TIME: _("row %(row)s: no time"),
    logs.NOT_A_TIME: _("row %(row)s: %(cell)s is not a time"),
    logs.CLOCK_TIME: _("row %(row)s: %(cell)s is a clock time; give the log's date"),
    logs.NO_NOISES: _("the log has no noise times"),
}


def said(template: str, values: dict[str, object]) -> str:
    """One reason in the active language (the English template if it has no translation)."""
    text = str(TRANSLATED.get(template, template))
    return text % values if values else text


def recording(error: audio.RecordingError) -> str:
    return gettext("The recording cannot be used: %(reason)s") % {
        "reason": said(error.template, error.values)
    }


def log(error: logs.LogError) -> str:
    reasons = "; ".join(said(template, values) for template, values in error.parts)
    return gettext("The log cannot be used: %(reason)s") % {"reason": reasons}
