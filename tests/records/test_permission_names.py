"""The permissions' names say what a role may do in any city, with no section of any package
(issue 27): records 0008 renames them, in the code and in the rows a database already holds."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.contrib.auth.models import Permission

from dogtag.law import params
from dogtag.law.provisions import sections_of
from dogtag.records.models import Role

MIGRATION = importlib.import_module(
    "dogtag.records.migrations.0008_permission_names_cite_no_section"
)


def test_no_permission_name_cites_a_section_of_any_package():
    packages = [params.load(params.DEFAULT_ROOT, city).city for city in ("nowthen", "lino-lakes")]
    cited = {
        name: found
        for _code, name in Role._meta.permissions
        for found in [[c for j in packages for c in sections_of(j).cited(name)]]
        if found
    }
    assert cited == {}
    assert dict(Role._meta.permissions)["record_tag_violation"] == "Record a tag violation"


@pytest.mark.django_db
def test_the_migration_renames_the_permissions_a_database_already_holds():
    # given the names a database migrated before 0008 holds
    old = {
        "record_tag_violation": "Record a 3-2-3.B tag violation",
        "record_enclosure": "Record dog enclosures and their photos (3-2-6)",
        "issue_compliance_notice": "Issue a 3-2-6.C notice of compliance",
        "inspect_kennel": "Record kennel inspections (3-2-5.A.4, B.7)",
        "receive_complaint": "Take complaints (3-2-4, 3-2-7)",
    }
    for codename, name in old.items():
        Permission.objects.filter(content_type__app_label="records", codename=codename).update(
            name=name
        )
    # when the migration's step runs
    MIGRATION.rename(apps, None)
    # then each row has the name the model gives it, and no other permission changed
    names = dict(
        Permission.objects.filter(
            content_type__app_label="records", content_type__model="role"
        ).values_list("codename", "name")
    )
    assert names == dict(Role._meta.permissions)
    assert names["receive_complaint"] == "Take complaints: nuisances, animals left in vehicles"
