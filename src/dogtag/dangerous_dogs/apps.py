from django.apps import AppConfig
from django.utils.functional import lazy

from dogtag.dangerous_dogs.provisions import SECTION, sec
from dogtag.law.provisions import maps


def _named() -> str:
    """The app's name with the city's dangerous-dog section, where its law has one."""
    return f"Dangerous dogs ({sec(SECTION)})" if maps(SECTION) else "Dangerous dogs"


class DangerousDogsConfig(AppConfig):
    name = "dogtag.dangerous_dogs"
    verbose_name = lazy(_named, str)()

    def ready(self) -> None:
        from dogtag.dangerous_dogs.due import dangerous_dog_sections
        from dogtag.records.due import register_sections

        register_sections(dangerous_dog_sections)
