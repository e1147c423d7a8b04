from django.apps import AppConfig


class StaffConfig(AppConfig):
    name = "dogtag.staff"
    verbose_name = "Dogtag staff site"
