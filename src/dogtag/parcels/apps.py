from django.apps import AppConfig
from django.utils.functional import lazy

from dogtag.law.provisions import cite_mapped, together


def _name() -> str:
    """ "Parcels and dog enclosures" and the sections of the dog limit and the enclosures, where
    the city in force states them."""
    cited = together(cite_mapped("kennel.section", "enclosure.purpose"))
    return "Parcels and dog enclosures" + (f" ({cited})" if cited else "")


class ParcelsConfig(AppConfig):
    name = "dogtag.parcels"
    verbose_name = lazy(_name, str)()
