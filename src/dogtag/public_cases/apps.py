from django.apps import AppConfig

from dogtag.complaints.signals import status_changed


class PublicCasesConfig(AppConfig):
    name = "dogtag.public_cases"
    verbose_name = "Residents' site: complaints and hearing requests"

    def ready(self) -> None:
        # E-mails the online complainant at each change of the status they see (services.py).
        from dogtag.public_cases import services

        status_changed.connect(services.status_changed, dispatch_uid="public_cases.status_mail")
