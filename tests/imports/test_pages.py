"""The administrator's legacy import page (issue 13 item 3): upload, dry run in the background with
its progress, the report kept for download, then the import of the file as checked."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
import time_machine
from django.contrib.auth.models import Group
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from dogtag.imports.models import LegacyImport
from dogtag.jobs import worker
from dogtag.jobs.models import Job
from dogtag.licensing.models import License
from dogtag.records import roles

EXAMPLE = Path(__file__).parents[2] / "docs" / "imports" / "legacy-licenses-example.csv"


@pytest.fixture(autouse=True)
def frozen_today():
    with time_machine.travel(dt.datetime(2026, 11, 29, 16, 0, tzinfo=dt.UTC), tick=False):
        yield


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def user(django_user_model, name, role):
    person = django_user_model.objects.create_user(name, password="x" * 12)
    person.groups.add(Group.objects.get(name=role))
    return person


def upload(data: bytes, name: str = "city.csv") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type="text/csv")


@pytest.mark.django_db(transaction=True)
def test_an_administrator_checks_a_file_then_imports_it_as_checked(client, django_user_model):
    client.force_login(user(django_user_model, "ada", roles.ADMINISTRATOR))
    # when the administrator uploads the example for a dry run
    answer = client.post(
        reverse("legacy_import"), {"legacy_file": upload(EXAMPLE.read_bytes()), "mode": "dry_run"}
    )
    job = Job.objects.get()
    assert answer.status_code == 302 and answer.url == reverse("job_detail", args=[job.pk])
    assert job.title == "Dry run of city.csv"
    page = client.get(answer.url).content.decode()
    assert "waiting to start" in page and 'hx-trigger="every 2s"' in page
    # and the worker runs it
    worker.run(once=True)
    job.refresh_from_db()
    assert (job.status, job.done, job.total) == ("done", 8, 8)
    run = LegacyImport.objects.get()
    assert job.result["url"] == reverse("legacy_import_report", args=[run.pk])
    # then the report shows what would be written and every row refused, and nothing was written
    assert not License.objects.exists()
    report = client.get(job.result["url"]).content.decode()
    assert '<td id="count-licenses">4</td>' in report and '<td id="count-refused">4</td>' in report
    assert (
        "no owner&#x27;s phone number: The application does not state: owner&#x27;s phone number "
        "(3-2-2.A)." in report
    )
    csv = client.get(reverse("legacy_import_report_csv", args=[run.pk]))
    assert csv["Content-Disposition"] == f'attachment; filename="import-{run.pk}-report.csv"'
    assert csv.content.decode().splitlines()[2].startswith("5,refused,rabies_vaccinated_on,,")
    # when the administrator imports the file as checked
    answer = client.post(reverse("legacy_import_checked", args=[run.pk]))
    assert answer.status_code == 302
    worker.run(once=True)
    # then the rows not refused are imported, and the run has its own report
    assert License.objects.filter(imported=True).count() == 4
    done = LegacyImport.objects.get(dry_run=False)
    assert (done.counts["licenses"], len(done.refused)) == (4, 4)


@pytest.mark.django_db
def test_a_file_that_cannot_be_read_is_the_forms_error_and_starts_nothing(
    client, django_user_model
):
    client.force_login(user(django_user_model, "ada", roles.ADMINISTRATOR))
    answer = client.post(
        reverse("legacy_import"), {"legacy_file": upload(b"name,dog\nA,B\n"), "mode": "import"}
    )
    assert answer.status_code == 400
    assert "city.csv: the header has no column owner_name, owner_street" in answer.content.decode()
    assert not Job.objects.exists() and not LegacyImport.objects.exists()


@pytest.mark.django_db
def test_only_an_administrator_may_import(client, django_user_model):
    client.force_login(user(django_user_model, "cora", roles.CLERK))
    assert client.get(reverse("legacy_import")).status_code == 403
    answer = client.post(
        reverse("legacy_import"), {"legacy_file": upload(EXAMPLE.read_bytes()), "mode": "import"}
    )
    assert answer.status_code == 403 and not Job.objects.exists()
