"""WSGI entry point: ``dogtag serve`` runs it under Waitress; any WSGI server can."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dogtag.settings")
application = get_wsgi_application()
