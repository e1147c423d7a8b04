from django.apps import AppConfig


class KennelsConfig(AppConfig):
    name = "dogtag.kennels"
    verbose_name = "Kennel licenses (3-2-5)"

    def ready(self) -> None:
        from dogtag.kennels.due import kennel_sections
        from dogtag.records.due import register_sections

        register_sections(kennel_sections)
