from django.apps import AppConfig


class ParcelsConfig(AppConfig):
    name = "dogtag.parcels"
    verbose_name = "Parcels and dog enclosures (3-2-5, 3-2-6)"
