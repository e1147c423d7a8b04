from django.apps import AppConfig


class ResidentsConfig(AppConfig):
    name = "dogtag.residents"
    verbose_name = "Residents' site: sign-in by e-mail link and the household's records"
