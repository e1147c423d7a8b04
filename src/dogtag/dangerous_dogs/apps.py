from django.apps import AppConfig


class DangerousDogsConfig(AppConfig):
    name = "dogtag.dangerous_dogs"
    verbose_name = "Dangerous dogs (3-2-9)"
