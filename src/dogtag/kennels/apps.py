from django.apps import AppConfig
from django.utils.functional import lazy

from dogtag.law.provisions import cite_mapped


def _name() -> str:
    """ "Kennel licenses" and the section stating them, where the city in force has one."""
    return " ".join(["Kennel licenses", *(f"({s})" for s in cite_mapped("kennel.section"))])


class KennelsConfig(AppConfig):
    name = "dogtag.kennels"
    verbose_name = lazy(_name, str)()

    def ready(self) -> None:
        from dogtag.kennels.due import kennel_sections
        from dogtag.records.due import register_sections

        register_sections(kennel_sections)
