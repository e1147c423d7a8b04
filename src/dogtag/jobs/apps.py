from django.apps import AppConfig


class JobsConfig(AppConfig):
    name = "dogtag.jobs"
    verbose_name = "Jobs: long work in the background, with progress"
