from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _ensure_roles(sender: AppConfig, **kwargs: object) -> None:
    from dogtag.records.roles import ensure_roles

    ensure_roles()


class RecordsConfig(AppConfig):
    name = "dogtag.records"
    verbose_name = "Records: decisions, numbering, council resolutions"

    def ready(self) -> None:
        from django.core import checks

        # What a connection knows of the cited values is dropped with the connection or a flush.
        from dogtag.records import links, stored_findings  # noqa: F401

        # The role groups need the permissions, which Django creates after migrating this app.
        post_migrate.connect(_ensure_roles, sender=self, dispatch_uid="dogtag-ensure-roles")
        # Production says where it is reached (issue 25): `check --deploy` and `dogtag serve`.
        checks.register(links.check_public_url, "dogtag", deploy=True)
