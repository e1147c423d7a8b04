"""The four roles and what each may do. Each is an auth group holding the custom permissions of
``records.Role``; a user's role is their group. Ensured after every migrate."""

from __future__ import annotations

from django.contrib.auth.models import Group, Permission

CLERK = "Clerk"
ANIMAL_CONTROL_OFFICER = "Animal control officer"
HEARING_OFFICER = "Hearing officer"
ADMINISTRATOR = "Administrator"

ROLE_PERMISSIONS: dict[str, tuple[str, ...]] = {
    CLERK: (
        "view_records",
        "issue_license",
        "record_dog_status",
        "record_enclosure",
        "issue_kennel_license",
        "record_kennel_hearing",
        "receive_complaint",
    ),
    ANIMAL_CONTROL_OFFICER: (
        "view_records",
        "record_tag_violation",
        "record_dog_status",
        "record_enclosure",
        "issue_compliance_notice",
        "inspect_kennel",
        "receive_complaint",
        "investigate_complaint",
        "designate_dangerous_dog",
        "view_complaint_private",  # need-to-know: Minn. Stat. 13.44 subd. 1
    ),
    HEARING_OFFICER: ("view_records", "conduct_hearing"),
    ADMINISTRATOR: (
        "view_records",
        "issue_license",
        "record_dog_status",
        "void_receipt",
        "record_tag_violation",
        "enter_fee_resolution",
        "manage_tag_stock",
        "manage_parcels",
        "record_enclosure",
        "issue_compliance_notice",
        "issue_kennel_license",
        "record_kennel_hearing",
        "inspect_kennel",
        "receive_complaint",
        "investigate_complaint",
        "designate_dangerous_dog",
        "conduct_hearing",
        "view_complaint_private",  # need-to-know: Minn. Stat. 13.44 subd. 1
        "view_private_data_log",
        "unlock_sign_ins",
    ),
}


#: Permissions of an app above the kernel given to a role ("app_label.codename"), declared by
#: that app's model Meta and registered in its ``ready()`` (``grant``): the kernel cannot import
#: the app, and the app's permissions exist only once the app has migrated.
OTHER_APP_PERMISSIONS: dict[str, set[str]] = {}


def grant(role: str, permission: str) -> None:
    """Give ``role`` an app's own permission ("api.manage_api_keys") from now on."""
    if role not in ROLE_PERMISSIONS:
        raise ValueError(f"no role named {role!r}")
    OTHER_APP_PERMISSIONS.setdefault(role, set()).add(permission)


def _other_apps(role: str) -> list[Permission]:
    """The role's registered permissions of other apps that exist yet (each app's post-migrate
    ensures the roles again once its own permissions are created)."""
    found = []
    for permission in sorted(OTHER_APP_PERMISSIONS.get(role, ())):
        app_label, codename = permission.split(".", 1)
        found.extend(
            Permission.objects.filter(content_type__app_label=app_label, codename=codename)
        )
    return found


def ensure_roles() -> dict[str, Group]:
    """Create the role groups and give each exactly its permissions (idempotent)."""
    groups = {}
    for role, codenames in ROLE_PERMISSIONS.items():
        group, _ = Group.objects.get_or_create(name=role)
        permissions = Permission.objects.filter(
            content_type__app_label="records", codename__in=codenames
        )
        if permissions.count() != len(codenames):
            missing = set(codenames) - set(permissions.values_list("codename", flat=True))
            raise RuntimeError(f"permissions not yet created: {', '.join(sorted(missing))}")
        group.permissions.set([*permissions, *_other_apps(role)])
        groups[role] = group
    return groups
