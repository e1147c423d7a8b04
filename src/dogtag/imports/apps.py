from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _ensure_roles(sender: AppConfig, **kwargs: object) -> None:
    from dogtag.records.roles import ensure_roles

    ensure_roles()  # again, now that this app's permission exists


class ImportsConfig(AppConfig):
    name = "dogtag.imports"
    verbose_name = "Legacy import: owners, dogs, vaccinations and licenses from earlier records"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        post_migrate.connect(_ensure_roles, sender=self, dispatch_uid="dogtag-imports-roles")
