"""Dates at the edges of the complaint forms (issue 10 item 5): refused at the field, with nothing
written and no file kept, never a server error."""

from __future__ import annotations

import pytest

from dogtag.complaints.models import Evidence

from .test_views import act, as_user, counts, errors, receive, recording_upload


def stored_files(media):
    return sorted(p.name for p in media.rglob("*") if p.is_file()) if media.exists() else []


@pytest.mark.parametrize(
    ("started_on", "started_time"),
    [("9999-12-31", "23:59"), ("0001-01-01", "00:00")],
)
def test_a_recording_started_at_the_end_of_time_is_refused(
    clerk, officer, media, started_on, started_time
):
    # Given a nuisance complaint and an officer with a recording of its barking
    complaint = receive(clerk)
    client = as_user(officer)
    before, files = counts(), stored_files(media)
    # When the recording is said to have started on 9999-12-31 at 23:59 (past year 9999 in UTC:
    # making it aware overflowed, a 500) or on 0001-01-01
    response = act(
        client,
        complaint,
        "evidence/recording",
        {"file": recording_upload(), "started_on": started_on, "started_time": started_time},
    )
    # Then the form names the date's window, and no evidence row or file is kept
    assert response.status_code == 200
    assert (
        "Date the recording started must be between January 1, 1950 and November 28, 2076."
        in errors(response)
    )
    assert counts() == before
    assert Evidence.objects.count() == 0
    assert stored_files(media) == files
