from django.apps import AppConfig


class PublicCasesConfig(AppConfig):
    name = "dogtag.public_cases"
    verbose_name = "Residents' site: complaints from residents"

    def ready(self) -> None:
        from dogtag.complaints.signals import status_changed
        from dogtag.public_cases import services

        status_changed.connect(services.status_changed, dispatch_uid="public_cases.status_mail")
