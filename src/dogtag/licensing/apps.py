from django.apps import AppConfig


class LicensingConfig(AppConfig):
    name = "dogtag.licensing"
    verbose_name = "Dog licensing (3-2-2, 3-2-3)"
