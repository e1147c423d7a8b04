from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _ensure_roles(sender: AppConfig, **kwargs: object) -> None:
    from dogtag.records.roles import ensure_roles

    ensure_roles()


class FoundConfig(AppConfig):
    name = "dogtag.found"
    verbose_name = "Found dogs: the public tag lookup, messages relayed to owners, lost dogs"

    def ready(self) -> None:
        # The roles hold this app's permission, created after this app migrates.
        post_migrate.connect(_ensure_roles, sender=self, dispatch_uid="dogtag-found-roles")
