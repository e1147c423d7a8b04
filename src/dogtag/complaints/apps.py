from django.apps import AppConfig
from django.utils.functional import lazy

from dogtag.law.provisions import cite_mapped, together


def _name() -> str:
    """ "Complaints and incidents" and the sections stating them, where the city in force has them."""
    cited = together(cite_mapped("vehicle.animal_left", "nuisance.owner_duty"))
    return "Complaints and incidents" + (f" ({cited})" if cited else "")


class ComplaintsConfig(AppConfig):
    name = "dogtag.complaints"
    verbose_name = lazy(_name, str)()
