from django.apps import AppConfig


class StaffConfig(AppConfig):
    name = "dogtag.staff"
    verbose_name = "Dogtag staff site"

    def ready(self) -> None:
        """Add the enclosure notices of compliance (``enclosure.compliance_notice``) to the due
        list, before the other domains' sections (the order the list has always shown). Registered
        here, not in ``ParcelsConfig``, because the section names the parcel's residents (licensing
        owners) and ``parcels`` sits below ``licensing``."""
        from dogtag.records.due import register_sections
        from dogtag.staff.parcels.due import enclosure_sections

        register_sections(enclosure_sections, first=True)
