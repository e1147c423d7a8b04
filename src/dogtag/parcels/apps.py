from django.apps import AppConfig


class ParcelsConfig(AppConfig):
    name = "dogtag.parcels"
    verbose_name = "Parcels and dog enclosures (3-2-5, 3-2-6)"

    def ready(self) -> None:
        """Add the enclosure notices of compliance (3-2-6.C) to the due list."""
        from dogtag.licensing.due import register_sections
        from dogtag.parcels.due import enclosure_sections

        register_sections(enclosure_sections)
