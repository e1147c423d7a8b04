from django.apps import AppConfig


class ComplaintsConfig(AppConfig):
    name = "dogtag.complaints"
    verbose_name = "Complaints and incidents (3-2-4, 3-2-7)"
