from django.apps import AppConfig


class DangerousAnimalsConfig(AppConfig):
    name = "dogtag.dangerous_animals"
    verbose_name = "Dangerous animals"
