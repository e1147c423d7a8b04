"""Pages of this domain (added with its screens)."""

urlpatterns: list = []
