"""WSGI entry point: ``dogtag serve`` runs it under Waitress or gunicorn; any WSGI server can.

The application is Django's behind ``dogtag.serving.edge``: the client's address from the city's
proxies and the request body limit, the same whatever the server (issue 25). A server run by
hand must pass the X-Forwarded-* headers on untouched (Waitress: clear_untrusted_proxy_headers
off), as ``dogtag serve`` does.
"""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dogtag.settings")
django_application = get_wsgi_application()

from dogtag.serving import edge  # noqa: E402  (reads the settings Django has just loaded)

application = edge(django_application)
