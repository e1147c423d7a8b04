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
        "outbox.view_outbox",
        "issue_license",
        "record_dog_status",
        "record_enclosure",
        "issue_kennel_license",
        "record_kennel_hearing",
        "receive_complaint",
        "clinics.resolve_certificate",  # issue 13 item 2: the clinics' certificates queue
        "applications.review_online_application",
        "found.view_found_reports",
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
        "found.view_found_reports",
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
        "outbox.view_outbox",
        "outbox.retry_outbox_message",
        "api.manage_api_keys",
        "imports.import_licenses",
        "clinics.resolve_certificate",
        "applications.review_online_application",
        "found.view_found_reports",
    ),
}


def _split(codename: str) -> tuple[str, str]:
    """``"outbox.view_outbox"`` names another app's permission; a bare codename is records'."""
    app, _, name = codename.rpartition(".")
    return app or "records", name


def ensure_roles() -> dict[str, Group]:
    """Create the role groups and give each exactly its permissions (idempotent).

    An app above the kernel keeps its permissions in its own models' Meta ("outbox.view_outbox");
    those exist only once that app has migrated, so until then they are left out, and the app's
    own post_migrate calls this again (``outbox.apps``)."""
    groups = {}
    for role, codenames in ROLE_PERMISSIONS.items():
        group, _ = Group.objects.get_or_create(name=role)
        wanted = {_split(c) for c in codenames}
        found = {
            (app, name): pk
            for pk, app, name in Permission.objects.filter(
                content_type__app_label__in={app for app, _ in wanted},
                codename__in={name for _, name in wanted},
            ).values_list("pk", "content_type__app_label", "codename")
            if (app, name) in wanted
        }
        missing = {name for app, name in wanted - found.keys() if app == "records"}
        if missing:
            raise RuntimeError(f"permissions not yet created: {', '.join(sorted(missing))}")
        group.permissions.set(found.values())
        groups[role] = group
    return groups
