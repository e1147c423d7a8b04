from django.apps import AppConfig


class KennelsConfig(AppConfig):
    name = "dogtag.kennels"
    verbose_name = "Kennel licenses (3-2-5)"
