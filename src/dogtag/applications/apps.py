from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _ensure_roles(sender: AppConfig, **kwargs: object) -> None:
    from dogtag.records.roles import ensure_roles

    ensure_roles()


class ApplicationsConfig(AppConfig):
    name = "dogtag.applications"
    verbose_name = "Online license applications and renewals"

    def ready(self) -> None:
        from dogtag.applications import links

        # The roles hold this app's permission, created after this app migrates.
        post_migrate.connect(_ensure_roles, sender=self, dispatch_uid="dogtag-applications-roles")
        # Renewal reminders link to the prefilled renewal of the license (issue 12 item 2).
        links.register()
