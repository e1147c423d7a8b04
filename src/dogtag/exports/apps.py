from django.apps import AppConfig


class ExportsConfig(AppConfig):
    name = "dogtag.exports"
    verbose_name = "Exports and calendars"
    default_auto_field = "django.db.models.BigAutoField"
