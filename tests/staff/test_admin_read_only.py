"""The Django admin never writes a record (issue 10, item 1: only services write).

Every dogtag model registered in the admin is read-only whatever the permission: a POST to its
change, add or delete page, to its history list or to any of its history pages (django-simple-
history's "revert" form) is refused with 403 or 405, and the row, its history and the table stay as
they were. The models are enumerated from ``admin.site._registry``, so a model registered later is
covered without touching this file. Auth users and groups stay editable by administrators: roles are
assigned in the admin.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from decimal import Decimal
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
import time_machine
from django.contrib import admin
from django.contrib.auth.models import Group, Permission, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import models, transaction
from django.db.models.fields.files import FieldFile
from django.forms.models import model_to_dict
from django.test import Client, override_settings
from django.urls import reverse
from PIL import Image

from dogtag.kennels.models import PrivateKennelLicense
from dogtag.kennels.services import Checked, checklist, record_inspection
from dogtag.licensing.models import License, Tag
from dogtag.licensing.services import record_tag_violation
from dogtag.parcels.importing import import_parcels
from dogtag.parcels.models import Enclosure
from dogtag.parcels.services import add_enclosure_photo, issue_compliance_notice, record_enclosure
from dogtag.records.admin import ReadOnlyAdmin, ReadOnlyHistoryAdmin
from dogtag.records.services import enter_fee_resolution
from dogtag.staff.demo import DEMO_USERNAME
from tests.town import build_town

TODAY = dt.date(2026, 11, 30)
#: The module's day: the town is built and every test runs at 10:00 in Nowthen on ``TODAY``.
NOW = dt.datetime(2026, 11, 30, 16, 0, tzinfo=dt.UTC)
#: Big enough that the demo town has at least one row of every registered model (asserted below).
HOUSEHOLDS = 20
REFUSED = {403, 405}
FIXTURES = Path(__file__).resolve().parent.parent / "parcels" / "fixtures"

DOGTAG_MODELS: list[type[models.Model]] = sorted(
    (m for m in admin.site._registry if m.__module__.startswith("dogtag.")),
    key=lambda m: m._meta.label,
)


def _complete_the_town() -> None:
    """One row, through its service, of each registered model the small demo town lacks."""
    admin_user = User.objects.get(username="admin")
    officer = User.objects.get(username="officer")
    enter_fee_resolution(
        number="2026-99",
        adopted_on=dt.date(2026, 11, 2),
        effective_on=dt.date(2027, 1, 1),
        title="Dog license fees",
        amounts={"fees.dog_license.one_year": Decimal("4.00")},
        actor=admin_user,
    )
    record_tag_violation(
        kind="removed_from_animal",
        observed_on=TODAY,
        tag=Tag.objects.filter(dog__isnull=False).order_by("pk").first(),
        actor=officer,
    )
    import_parcels(
        (FIXTURES / "county_wgs84.geojson").read_bytes(),
        filename="county_wgs84.geojson",
        actor=admin_user,
    )
    enclosure = Enclosure.objects.order_by("pk").first()
    assert enclosure is not None
    photo = BytesIO()
    Image.new("RGB", (4, 4), "white").save(photo, "PNG")
    add_enclosure_photo(
        enclosure=enclosure,
        image=SimpleUploadedFile("run.png", photo.getvalue(), content_type="image/png"),
        taken_on=TODAY,
        caption="West fence",
        actor=officer,
    )
    pre_existing, _ = record_enclosure(
        parcel=enclosure.parcel,
        location=enclosure.location,
        constructed_on=None,
        label="Old kennel run",
        actor=officer,
    )
    issue_compliance_notice(
        enclosure=pre_existing,
        complaint_received_on=dt.date(2026, 11, 20),
        complaint_summary="Odor and feces along the west fence.",
        issued_on=TODAY,
        actor=officer,
    )
    kennel = PrivateKennelLicense.objects.order_by("pk").first()
    assert kennel is not None
    record_inspection(
        license_=kennel,
        reason="complaint",
        complaint_summary="Neighbour reports more dogs than licensed.",
        inspected_on=TODAY,
        results=[Checked(s, r, True) for s, r, _ in checklist(kennel, TODAY)],
        actor=officer,
    )


@pytest.fixture(scope="module")
def town(
    django_db_setup: None, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, Any]]:
    """The demo town loaded once for the module, inside a transaction rolled back at the end.

    Each test's own transaction nests inside it (a savepoint), so the tests see the same rows."""
    media = tmp_path_factory.mktemp("media")
    with (
        time_machine.travel(NOW, tick=True),
        django_db_blocker.unblock(),
        override_settings(MEDIA_ROOT=media),
        transaction.atomic(),
    ):
        build_town(HOUSEHOLDS)
        _complete_the_town()
        superuser = User.objects.get(username=DEMO_USERNAME)
        viewer = User.objects.create_user("viewer", password="view-only-9-pass", is_staff=True)
        viewer.user_permissions.set(
            Permission.objects.filter(
                codename__startswith="view_",
                content_type__app_label__in={m._meta.app_label for m in DOGTAG_MODELS},
            )
        )
        yield {"superuser": superuser, "viewer": viewer}
        transaction.set_rollback(True)


def _form_data(obj: models.Model) -> dict[str, Any]:
    """The row's own values as a form would post them: a POST that would save if accepted."""
    data: dict[str, Any] = {}
    for name, value in model_to_dict(obj).items():
        if isinstance(value, list):
            data[name] = [getattr(v, "pk", v) for v in value]
        elif value is None or isinstance(value, FieldFile):
            data[name] = ""
        else:
            data[name] = value
    data["_save"] = "Save"
    return data


def _state(model: type[models.Model], pk: Any) -> tuple[Any, ...]:
    row = list(model._default_manager.filter(pk=pk).values())
    history = list(model.history.filter(pk=pk).values()) if hasattr(model, "history") else []
    return row, history, model._default_manager.count()


def _urls(model: type[models.Model], obj: models.Model) -> list[str]:
    info = f"admin:{model._meta.app_label}_{model._meta.model_name}"
    urls = [
        reverse(f"{info}_change", args=[obj.pk]),
        reverse(f"{info}_delete", args=[obj.pk]),
        reverse(f"{info}_history", args=[obj.pk]),
        reverse(f"{info}_add"),
        reverse(f"{info}_changelist"),
    ]
    if hasattr(model, "history"):
        urls += [
            reverse(f"{info}_simple_history", args=[obj.pk, h.history_id])
            for h in model.history.filter(pk=obj.pk).order_by("history_id")
        ]
    return urls


def test_the_demo_town_has_a_row_of_every_registered_model(town: dict[str, Any], db: None) -> None:
    # given the demo town, then every registered dogtag model has a row to post against
    empty = [m._meta.label for m in DOGTAG_MODELS if not m._default_manager.exists()]
    assert empty == []
    assert len(DOGTAG_MODELS) >= 30


@pytest.mark.parametrize("model", DOGTAG_MODELS, ids=lambda m: m._meta.label)
def test_every_record_admin_is_read_only(model: type[models.Model]) -> None:
    # given a registered dogtag model, then its admin is the one read-only base, and the history
    # variant exactly when the model keeps a history
    model_admin = admin.site._registry[model]
    assert isinstance(model_admin, ReadOnlyAdmin)
    assert isinstance(model_admin, ReadOnlyHistoryAdmin) is hasattr(model, "history")


@pytest.mark.parametrize("who", ["superuser", "viewer"])
@pytest.mark.parametrize("model", DOGTAG_MODELS, ids=lambda m: m._meta.label)
def test_a_post_to_the_admin_changes_no_record(
    town: dict[str, Any], db: None, model: type[models.Model], who: str
) -> None:
    # given a row of the model, a superuser or a user with only view permissions, and the row's
    # change, delete, add, changelist and history pages (each version's "revert" form too)
    obj = model._default_manager.order_by("pk").first()
    assert obj is not None
    client = Client()
    client.force_login(town[who])
    urls = _urls(model, obj)
    before = _state(model, obj.pk)
    data = _form_data(obj)
    # when each is posted what would save the row as it is (a re-save is a write all the same)
    answers = {url: client.post(url, data).status_code for url in urls}
    # then every POST is refused and nothing changed: the row, its history, the table
    assert {url: status for url, status in answers.items() if status not in REFUSED} == {}
    assert _state(model, obj.pk) == before
    # and the pages can still be read
    assert client.get(urls[0]).status_code == 200


@pytest.mark.parametrize("who", ["superuser", "viewer"])
def test_the_history_pages_offer_no_revert(town: dict[str, Any], db: None, who: str) -> None:
    # given a license with its history
    lic = License.objects.order_by("pk").first()
    assert lic is not None
    version = lic.history.order_by("history_id").first()
    client = Client()
    client.force_login(town[who])
    # when a version of it is opened in the admin
    page = client.get(
        reverse("admin:licensing_license_simple_history", args=[lic.pk, version.history_id])
    )
    # then it is shown, with no Revert button and no form to submit
    html = page.content.decode()
    assert page.status_code == 200
    assert 'value="Revert"' not in html and 'name="_save"' not in html


def test_users_and_groups_stay_editable_by_a_superuser(town: dict[str, Any], db: None) -> None:
    # given the superuser, the auth admins are not read-only: roles are assigned in the admin
    client = Client()
    client.force_login(town["superuser"])
    clerk = User.objects.get(username="clerk")
    assert not isinstance(admin.site._registry[User], ReadOnlyAdmin)
    assert not isinstance(admin.site._registry[Group], ReadOnlyAdmin)
    # when the clerk's name is changed in the admin
    data = {
        "username": "clerk",
        "first_name": "Karin",
        "last_name": "Engstrom-Lund",
        "email": clerk.email,
        "is_active": "on",
        "groups": [g.pk for g in clerk.groups.all()],
        "date_joined_0": clerk.date_joined.strftime("%Y-%m-%d"),
        "date_joined_1": clerk.date_joined.strftime("%H:%M:%S"),
        "_save": "Save",
    }
    answer = client.post(reverse("admin:auth_user_change", args=[clerk.pk]), data)
    # then it is saved
    assert answer.status_code == 302, answer.content.decode()[:2000]
    clerk.refresh_from_db()
    assert clerk.last_name == "Engstrom-Lund"
