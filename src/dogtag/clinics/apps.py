from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.functional import lazy

from dogtag.law.provisions import cite_mapped, together


def _name(words: str, *concepts: str) -> str:
    """``words`` and the sections stating ``concepts``, where the city in force has them."""
    cited = together(cite_mapped(*concepts))
    return words + (f" ({cited})" if cited else "")


def _ensure_roles(sender: AppConfig, **kwargs: object) -> None:
    from dogtag.records.roles import ensure_roles

    ensure_roles()  # again, now that this app's permissions exist


class ClinicsConfig(AppConfig):
    name = "dogtag.clinics"
    verbose_name = lazy(_name, str)(
        "Rabies certificates from clinics", "license.rabies_certificate"
    )

    def ready(self) -> None:
        post_migrate.connect(_ensure_roles, sender=self, dispatch_uid="dogtag-clinics-roles")
        from dogtag.clinics.unlicensed import unlicensed_sections
        from dogtag.records.due import register_sections

        # issue 13 item 2: "vaccinated in the city, never licensed"
        register_sections(unlicensed_sections)
