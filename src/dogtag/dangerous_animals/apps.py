from django.apps import AppConfig


class DangerousAnimalsConfig(AppConfig):
    name = "dogtag.dangerous_animals"
    verbose_name = "Dangerous animals"

    def ready(self) -> None:
        from dogtag.dangerous_animals.due import dangerous_animal_sections
        from dogtag.records.due import register_sections

        register_sections(dangerous_animal_sections)
