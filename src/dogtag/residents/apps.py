from django.apps import AppConfig

from dogtag.outbox import tokens


class ResidentsConfig(AppConfig):
    name = "dogtag.residents"
    verbose_name = "Residents' site: sign-in by e-mail link and the household's records"

    def ready(self) -> None:
        # The outbox makes a sign-in e-mail's token as it sends it, never storing it (services).
        from dogtag.residents import services

        tokens.register(services.SIGN_IN_TOKEN, services.sign_in_token)
