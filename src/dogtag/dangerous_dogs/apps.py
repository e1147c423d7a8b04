from django.apps import AppConfig


class DangerousDogsConfig(AppConfig):
    name = "dogtag.dangerous_dogs"
    verbose_name = "Dangerous dogs (3-2-9)"

    def ready(self) -> None:
        from dogtag.dangerous_dogs.due import dangerous_dog_sections
        from dogtag.records.due import register_sections

        register_sections(dangerous_dog_sections)
