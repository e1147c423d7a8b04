from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _ensure_roles(sender: AppConfig, **kwargs: object) -> None:
    from dogtag.records.roles import ensure_roles

    ensure_roles()


class OutboxConfig(AppConfig):
    name = "dogtag.outbox"
    verbose_name = "Outbox: e-mail notices and their delivery"

    def ready(self) -> None:
        # The roles hold this app's permissions, created after this app migrates.
        post_migrate.connect(_ensure_roles, sender=self, dispatch_uid="dogtag-outbox-roles")
