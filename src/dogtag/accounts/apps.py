from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "dogtag.accounts"
    verbose_name = "Staff accounts: sign-in protections and two-step verification"
