from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "dogtag.accounts"
    verbose_name = "Staff accounts: sign-in protections and two-step verification"

    def ready(self) -> None:
        # What production must get right about sign-in (issue 25): `check --deploy`, `dogtag serve`.
        from django.core import checks

        from dogtag.accounts import checks as deployment

        checks.register(deployment.check_proxy_count, "dogtag", deploy=True)
        checks.register(deployment.check_two_step, "dogtag", deploy=True)
