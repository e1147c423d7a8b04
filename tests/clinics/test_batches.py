"""A clinic's certificates as a CSV file uploaded on the staff site (issue 13 item 2): each row
through the same service as a posted certificate, a report of each row's outcome with reasons; a
file that cannot be read is refused whole and writes nothing; a large one runs as a job."""

import csv
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from dogtag.clinics import batches
from dogtag.clinics.models import Certificate, CertificateBatch
from dogtag.clinics.tasks import process_batch
from dogtag.jobs.models import Job
from dogtag.licensing.models import RabiesVaccination

pytestmark = pytest.mark.django_db

HEADER = [
    "certificate_number",
    "veterinarian",
    "vaccinated_on",
    "duration_years",
    "expires_on",
    "microchip",
    "owner_name",
    "owner_street",
    "dog_name",
    "breed",
    "sex",
]
GOOD = ["RR-1", "Dr. Ana Lindqvist, DVM", "2026-11-20", "1", "2027-11-20"]


def csv_file(rows, header=HEADER):
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows(rows)
    return SimpleUploadedFile("rum-river.csv", out.getvalue().encode(), content_type="text/csv")


def upload(client, file, clinic="Rum River"):
    return client.post(reverse("certificate_batch_new"), {"clinic": clinic, "file": file})


def test_each_row_has_its_outcome_and_reasons(signed_in, clerk, chipped):
    # given a file of five rows: chipped Biscuit, a dog no one has, a bad date, a second copy,
    # another clinic's row is impossible without the column, so a refused expiry instead
    rows = [
        [*GOOD, "985112003456789", "", "", "", "", ""],
        ["RR-2", *GOOD[1:], "", "Sam Lund", "1 Main St", "Rex", "Boxer", "male"],
        ["RR-3", GOOD[1], "2026-13-01", "1", "2027-11-20", "985112003456789", "", "", "", "", ""],
        [*GOOD, "985112003456789", "", "", "", "", ""],
        ["RR-4", GOOD[1], "2026-11-20", "1", "2026-11-19", "985112003456789", "", "", "", "", ""],
    ]
    # when the clerk uploads it
    response = upload(signed_in(clerk), csv_file(rows))
    # then the report says what became of each row, and why
    batch = CertificateBatch.objects.get()
    assert response.status_code == 302 and response.url == reverse(
        "certificate_batch", args=[batch.pk]
    )
    assert [(r["row"], r["certificate_number"], r["outcome"]) for r in batch.report] == [
        (2, "RR-1", "recorded"),
        (3, "RR-2", "queued"),
        (4, "RR-3", "refused"),
        (5, "RR-1", "already sent"),
        (6, "RR-4", "refused"),
    ]
    assert batch.report[2]["reasons"] == ["vaccinated_on: '2026-13-01' is not a date (YYYY-MM-DD)."]
    assert batch.report[4]["reasons"] == [
        "expires_on: The vaccination must expire after the day it was given."
    ]
    assert batch.counts() == {"recorded": 1, "queued": 1, "refused": 2, "already sent": 1}
    assert RabiesVaccination.objects.get().dog == chipped
    assert set(Certificate.objects.values_list("source", flat=True)) == {"csv"}
    page = signed_in(clerk).get(response.url)
    assert page.status_code == 200 and "is not a date" in page.text


@pytest.mark.parametrize(
    "file, message",
    [
        (csv_file([GOOD], header=HEADER[:3]), "Missing columns: expires_on, duration_years."),
        (csv_file([[*GOOD, "x"]], header=[*HEADER[:5], "owner"]), "Unknown columns: owner."),
        (csv_file([]), "The file has a header and no rows."),
        (SimpleUploadedFile("x.csv", b"\xff\xfe\x00bad"), "The file is not UTF-8 text."),
        (
            csv_file([[*GOOD]] * (batches.MAX_ROWS + 1), header=HEADER[:5]),
            f"The file has more than {batches.MAX_ROWS:,} rows.",
        ),
    ],
)
def test_a_file_that_cannot_be_read_is_refused_whole(signed_in, clerk, file, message):
    response = upload(signed_in(clerk), file)
    assert response.status_code == 422
    assert response.context["form"].errors["file"] == [message]
    assert not CertificateBatch.objects.exists() and not Certificate.objects.exists()


def test_a_role_without_the_permission_may_not_upload(signed_in, officer):
    response = upload(signed_in(officer), csv_file([GOOD], header=HEADER[:5]))
    assert response.status_code == 403
    assert not CertificateBatch.objects.exists()


def test_a_large_file_runs_as_a_job_with_progress(
    signed_in, clerk, dog, django_capture_on_commit_callbacks
):
    rows = [
        [f"RR-{n}", *GOOD[1:], "", "Pat Gustafson", "7120 Viking Blvd NW", "Biscuit", "", ""]
        for n in range(batches.INLINE_ROWS + 1)
    ]
    # when the clerk uploads more rows than are done at once
    with django_capture_on_commit_callbacks(execute=False):
        response = upload(signed_in(clerk), csv_file(rows))
    # then a job is started and the clerk follows it
    batch = CertificateBatch.objects.get()
    assert response.url == reverse("job_detail", args=[batch.job.pk])
    assert batch.report == [] and not Certificate.objects.exists()
    # when the worker runs it, then every row is done and the job links to the report
    process_batch.call(batch.job.pk, batch.pk)
    job = Job.objects.get()
    assert (job.status, job.done, job.total) == ("done", len(rows), len(rows))
    assert job.result["url"] == reverse("certificate_batch", args=[batch.pk])
    batch.refresh_from_db()
    assert batch.counts() == {"queued": len(rows)}
