from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.functional import lazy

from dogtag.law.provisions import cite_mapped, together


def _name(words: str, *concepts: str) -> str:
    """``words`` and the sections stating ``concepts``, where the city in force has them."""
    cited = together(cite_mapped(*concepts))
    return words + (f" ({cited})" if cited else "")


class LicensingConfig(AppConfig):
    name = "dogtag.licensing"
    verbose_name = lazy(_name, str)("Dog licensing", "license.section", "tag.section")

    def ready(self) -> None:
        from dogtag.licensing import due_clocks
        from dogtag.licensing.search_index import on_post_migrate

        # The search indexes outlive a later migration that rebuilds a table (search_index.py).
        post_migrate.connect(on_post_migrate, sender=self, dispatch_uid="licensing-search-index")
        # A new database keeps the due list's clocks from its first dog (due_clocks.py).
        post_migrate.connect(
            due_clocks.on_post_migrate, sender=self, dispatch_uid="licensing-due-clocks"
        )
